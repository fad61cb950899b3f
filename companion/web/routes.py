"""The phones' server over HTTP: its routes, the guard every request passes (local
addresses, a Host naming this server, the security headers), the pages and their files,
the seats a phone may pick, joining with the room code, and the game's exports.

The part of `WebServer` (companion.web.server) that answers requests and keeps no
connection; the WebSocket side is companion.web.sockets, the thread and the main loop's
side are in the server.

Joining with the room code: a POST from a page of this very server (its Origin, and a
JSON body no other site's page can send without asking first), a few tries per address
and one budget of wrong codes for the whole room (`Guesses`). While the room or the
address is limited, every code gets the same answer, the right one included.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from aiohttp import web

from companion.i18n import LANGUAGES
from companion.seats import MAX_SEATS
from companion.web.finished import Finished
from companion.web.guard import Hosts, local_address, same_origin
from companion.web.limits import Guesses, parse
from companion.web.room import Room
from companion.web.snapshot import Snapshot
from companion.web.sound import Sounds
from companion.web.words import page_words

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
    guesses: Guesses
    sounds: Sounds
    finished: Finished
    screen_language: str
    _static: dict[str, bytes]
    _remote: Callable[[web.BaseRequest], str | None]

    def _presence_changed(self) -> None:
        """Tell every page who sits where (the server does)."""
        raise NotImplementedError

    def app(self) -> web.Application:
        """The aiohttp application of the requests (the server adds its WebSocket)."""
        app = web.Application(middlewares=[self._guard], client_max_size=4096)
        app.router.add_get("/", self._page("table.html"))
        app.router.add_get("/seat", self._page("seat.html"))
        app.router.add_get("/static/{name}", self._file)
        app.router.add_get("/api/seats", self._seats)
        app.router.add_get("/api/words", self._words)
        app.router.add_post("/api/join", self._join)
        app.router.add_get("/export/{name}", self._download)
        app.router.add_get("/api/games", self._games)
        app.router.add_get("/export/{box}/{game}/{name}", self._finished_file)
        app.router.add_get("/sounds/{lang}/{name}", self._clip)
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

    async def _games(self, request: web.Request) -> web.Response:
        """The finished games of every box, newest first, worded in the language asked
        for (read off the server's loop: a journal is read as a copy)."""
        lang = request.query.get("lang", "")
        games = await asyncio.get_running_loop().run_in_executor(
            None, self.finished.json, lang if lang in LANGUAGES else self.screen_language)
        return web.json_response(games)

    async def _finished_file(self, request: web.Request) -> web.Response:
        """A file of any finished game: its events, its ledger, its chart."""
        match = request.match_info
        found = await asyncio.get_running_loop().run_in_executor(
            None, self.finished.download, match["box"], match["game"], match["name"])
        if found is None:
            raise web.HTTPNotFound(text="no such file of a finished game")
        body, kind, saved = found
        headers = {"Content-Type": kind}
        if not kind.startswith("image/"):
            headers["Content-Disposition"] = f'attachment; filename="{saved}"'
        return web.Response(body=body, headers=headers)

    async def _clip(self, request: web.Request) -> web.Response:
        """A shipped clip of the voice (only those its manifest lists), for the table
        page's sound; the same for every game and every start, so a phone keeps it."""
        body = self.sounds.file(request.match_info["lang"], request.match_info["name"])
        if body is None:
            raise web.HTTPNotFound(text="no such clip")
        return web.Response(body=body, headers={"Content-Type": "audio/ogg",
                                                "Cache-Control": "max-age=86400"})

    async def _words(self, request: web.Request) -> web.Response:
        """The pages' words in the language asked for (else the screen's): a page says
        what happened in its phone's language even before it is let in."""
        lang = request.query.get("lang", "")
        return web.json_response(page_words(lang if lang in LANGUAGES
                                            else self.screen_language))

    async def _seats(self, request: web.Request) -> web.Response:
        """The seats a phone may pick: by the players' names (during setup, the players
        being set up), and whether each is free."""
        return web.json_response(self.pick())

    def pick(self) -> list[dict[str, object]]:
        """The join page's seats (also sent live to every table page)."""
        snapshot = self.snapshot
        if snapshot is None:
            return []
        free = set(self.room.free_seats())
        names = snapshot.joinable or snapshot.names[:snapshot.players]
        return [{"seat": s, "name": name, "free": s in free} for s, name in enumerate(names)]

    async def _join(self, request: web.Request) -> web.Response:
        """The room code and a free seat give that seat's link and a device secret."""
        if not same_origin(request.headers.get("Origin"), request.host) or \
                request.content_type != "application/json":
            self._count("refused_origin")
            return _answer(403, "origin")
        address = self._remote(request) or "?"
        limited = self.guesses.may_try(address)  # before the code is looked at
        if limited:
            self._count(f"refused_{limited}")
            return _answer(429, limited)
        data = parse(await request.text(), 1024)
        code, seat = (data.get("code"), data.get("seat")) if data is not None else (None, None)
        if not isinstance(code, str) or not isinstance(seat, int) or isinstance(seat, bool):
            self._count("refused_malformed")
            return _answer(400, "malformed")
        if not self.room.code_matches(code):
            self._count("wrong_code")
            self.guesses.missed()
            if self.guesses.locked:
                self._presence_changed()  # the pages say so at once
            return _answer(403, "wrong_code")
        players = len(self.pick()) or MAX_SEATS
        if not 0 <= seat < players:
            return _answer(400, "malformed")
        claim = self.room.claim(seat, data.get("device") if data is not None else None)
        if not claim.ok:
            return _answer(409, "seat_held")
        self._presence_changed()
        return web.json_response({"ok": True, "seat": seat, "token": self.room.token(seat),
                                  "device": claim.device})


def _answer(status: int, why: str) -> web.Response:
    """A refusal: the same body for the same reason, whatever was asked."""
    return web.json_response({"ok": False, "why": why}, status=status)
