"""The phones' server over HTTP: its routes, the guard every request passes (local
addresses, a Host naming this server, the security headers), the pages and their files,
the seats a phone may pick, joining with the room code, and the game's exports.

The part of `WebServer` (companion.web.server) that answers requests and keeps no
connection; the WebSocket side, the thread and the main loop's side are in the server.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from companion.seats import MAX_SEATS
from companion.web.guard import Bucket, Hosts, local_address
from companion.web.room import Room
from companion.web.snapshot import Snapshot

TYPES = {"html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
         "js": "text/javascript; charset=utf-8"}
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "style-src 'self'; script-src 'self'; connect-src 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}


class Routes:
    """The HTTP side of the phones' server (a base of `WebServer`, which sets every
    attribute below)."""

    room: Room
    hosts: Hosts
    snapshot: Snapshot | None
    clock: Callable[[], float]
    counts: dict[str, int]
    _static: dict[str, bytes]
    _joins: dict[str, Bucket]
    _wrong_codes: Bucket
    _remote: Callable[[web.BaseRequest], str | None]

    def _presence_changed(self) -> None:
        """Tell every page who sits where (the server does)."""
        raise NotImplementedError

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        """A page's WebSocket (the server answers it)."""
        raise NotImplementedError

    def app(self) -> web.Application:
        """The aiohttp application (tests drive it with aiohttp's own test client)."""
        app = web.Application(middlewares=[self._guard], client_max_size=4096)
        app.router.add_get("/", self._page("table.html"))
        app.router.add_get("/seat", self._page("seat.html"))
        app.router.add_get("/static/{name}", self._file)
        app.router.add_get("/api/seats", self._seats)
        app.router.add_post("/api/join", self._join)
        app.router.add_get("/export/{name}", self._download)
        app.router.add_get("/ws", self._socket)
        return app

    @web.middleware
    async def _guard(self, request: web.Request,
                     handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                     ) -> web.StreamResponse:
        """Local addresses only, and a Host that names this server."""
        if not local_address(self._remote(request)):
            self._count("refused_address")
            return web.Response(status=403, text="local network only")
        if not self.hosts.allowed(request.host):
            self._count("refused_host")
            return web.Response(status=421, text="unknown host")
        response = await handler(request)
        if not isinstance(response, web.WebSocketResponse):
            for name, value in HEADERS.items():
                response.headers.setdefault(name, value)
        return response

    def _count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1

    def _page(self, name: str) -> Callable[[web.Request], Awaitable[web.Response]]:
        async def page(request: web.Request) -> web.Response:
            return web.Response(body=self._static[name], content_type="text/html",
                                charset="utf-8")
        return page

    async def _file(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in self._static or name.endswith(".html"):
            raise web.HTTPNotFound()
        kind = TYPES[name.rsplit(".", 1)[1]]
        return web.Response(body=self._static[name], headers={"Content-Type": kind})

    async def _download(self, request: web.Request) -> web.Response:
        """A finished game's file (either game's: its events, its ledger, MUSH's luck
        chart), saved under the game's name and number; a picture is shown in place."""
        export = self.snapshot.export if self.snapshot is not None else None
        if export is None:
            raise web.HTTPNotFound(text="only once the game is over")
        found = export.download(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound(text="no such file for this game")
        body, kind, saved = found
        headers = {"Content-Type": kind}
        if not kind.startswith("image/"):
            headers["Content-Disposition"] = f'attachment; filename="{saved}"'
        return web.Response(body=body, headers=headers)

    async def _seats(self, request: web.Request) -> web.Response:
        """The seats a phone may pick (names and colours; whether each is free)."""
        snapshot = self.snapshot
        if snapshot is None:
            return web.json_response([])
        free = set(self.room.free_seats())
        rows = [{"seat": s, "name": snapshot.names[s], "free": s in free}
                for s in range(snapshot.players)]
        return web.json_response(rows)

    async def _join(self, request: web.Request) -> web.Response:
        """The room code and a free seat give that seat's link and a device secret."""
        address = self._remote(request) or "?"
        bucket = self._joins.setdefault(address, Bucket(5 / 60, 5.0, self.clock))
        if len(self._joins) > 256:
            self._joins = {address: bucket}
        if not bucket.take():
            return web.json_response({"ok": False, "why": "slow_down"}, status=429)
        try:
            data = await request.json()
            code, seat, device = data["code"], data["seat"], data.get("device")
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise TypeError
        except (ValueError, KeyError, TypeError):
            return web.json_response({"ok": False, "why": "malformed"}, status=400)
        if not self.room.code_matches(code):
            self._count("wrong_code")
            if not self._wrong_codes.take():
                return web.json_response({"ok": False, "why": "slow_down"}, status=429)
            return web.json_response({"ok": False, "why": "wrong_code"}, status=403)
        players = self.snapshot.players if self.snapshot is not None else MAX_SEATS
        if not 0 <= seat < players:
            return web.json_response({"ok": False, "why": "malformed"}, status=400)
        claim = self.room.claim(seat, device)
        if not claim.ok:
            return web.json_response({"ok": False, "why": "seat_held"}, status=409)
        self._presence_changed()
        return web.json_response({"ok": True, "seat": seat, "token": self.room.token(seat),
                                  "device": claim.device})
