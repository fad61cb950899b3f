"""The table on the local network: phones as seats' pads, and a read-only table page.

The server runs in a thread of its own with its own asyncio loop (aiohttp), so nothing it
does can block the main loop. The two meet at exactly two points:

  presses   a phone's press becomes the `PadEvent`s a pad would send, put on the main
            loop's queue: the same controller, guards, legality and journal apply
  snapshot  after every change the main loop builds a `Snapshot` (companion.web.snapshot)
            and hands it over with `call_soon_threadsafe`; each page is sent its own text
            when, and only when, that text changed

A phone's tap on a whole-word item is the press of the button the item shows (in a list
menu: the presses that move the focus to it, then ●); + / − / lock of the bid are ▶ ◀ ●;
"Back" is a hold of ●, "Clear" a hold of ◀, as on the pads. A press carries the version
of the menu it was aimed at and is refused when the seat's menu has become another, and
the controller's own guard drops one that lands just after a change: a press never acts
on a menu its player had not seen.

Security (companion.web.guard, companion.web.room): local addresses only, the Host and
the Origin of every WebSocket checked, a seat's token or the room code to take a seat,
one device per seat, presses per second per phone limited, a message never replayed
within a connection nor carried to another, and no bid value in any text but its seat's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from companion.games import box_of
from companion.i18n import LANGUAGES
from companion.pads.events import Kind, PadEvent
from companion.seats import MAX_SEATS
from companion.web.config import WebConfig
from companion.web.guard import Bucket, Hosts, lan_address, same_origin, url_host
from companion.web.join import JoinCards
from companion.web.room import Room
from companion.web.routes import Routes
from companion.web.snapshot import Export, Snapshot, dumps, export_game, presses_for
from companion.web.words import page_words

log = logging.getLogger("companion.web")

AWAY_SECONDS = 60.0
"""A seat whose phone has been gone this long may be freed by another seated phone."""

MAX_MESSAGE = 1024  # bytes of one message from a page: a press is about 80
MAX_CLIENTS = 64
MAX_PER_ADDRESS = 12
HELLO_SECONDS = 10.0  # a WebSocket must say who it is within this
MESSAGES_PER_SECOND = 10.0  # any message from one connection, presses included
COOLDOWN = 10.0  # seconds an address whose table page spoke waits before it may reconnect
TARPIT = 2.0  # and each attempt meanwhile is answered this late (a loop of retries idles)

STATIC = ("table.html", "seat.html", "app.css", "table.js", "seat.js", "common.js")



@dataclass(eq=False)
class Client:
    """One open WebSocket: a seat's phone, or a page watching the table."""

    ws: web.WebSocketResponse
    address: str
    messages: Bucket
    transport: asyncio.Transport | None = None
    nonce: str = field(default_factory=lambda: secrets.token_urlsafe(9))
    seat: int | None = None
    device: str = ""  # the device hash of a seat's phone
    lang: str = "en"
    watching: bool = False
    last_n: int = 0
    sent: bytes = b""
    outbox: list[bytes] = field(default_factory=list)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    closing: str = ""


class WebServer(Routes):
    """The phones' server: start it, hand it each frame (`publish`), close it."""

    def __init__(self, config: WebConfig, events: queue.Queue[PadEvent], journal: Path, *,
                 room: Room | None = None, clock: Callable[[], float] = time.monotonic,
                 remote: Callable[[web.BaseRequest], str | None] | None = None,
                 lan: Callable[[], str] = lan_address) -> None:
        self.config = config
        self.events = events
        self.room = room if room is not None else Room.beside(journal)
        self.clock = clock
        self._remote = remote or (lambda request: request.remote)
        self.hosts = Hosts([url_host(config.url)] if config.url else [])
        self.port = config.port
        self.joins = JoinCards(self.room, config.url, lan, clock)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._stopped: asyncio.Event | None = None
        self._static: dict[str, bytes] = {}
        # shared with the main loop: plain values replaced whole (atomic in CPython)
        self.wanted: frozenset[str] = frozenset()
        self.screen_language = "en"
        self.connected: frozenset[int] = frozenset()
        # the main loop's side
        self._last_key: object = None
        self._last_wanted: frozenset[str] = frozenset()
        self._export_game: tuple[str, int] | None = None
        self._export: Export | None = None
        # the server's side
        self.snapshot: Snapshot | None = None
        self.clients: set[Client] = set()
        self._away: dict[int, float] = {}
        self._joins: dict[str, Bucket] = {}
        self._buckets: dict[str, Bucket] = {}  # presses, per device
        self._cooldown: dict[str, float] = {}  # address -> until (time.monotonic)
        self._wrong_codes = Bucket(0.5, 30.0, clock)
        self.counts: dict[str, int] = {}

    # --- the main loop's side ----------------------------------------------------------

    def start(self) -> None:
        """Open the port in the server's own thread; raises what stopped it (a port in
        use, an address the machine does not have)."""
        self._static = {name: resources.files("companion.web").joinpath("static", name)
                        .read_bytes() for name in STATIC}
        self._thread = threading.Thread(target=self._run, name="web", daemon=True)
        self._thread.start()
        self._ready.wait(15.0)
        if self._error is not None:
            error, self._error = self._error, None
            self._thread.join(2.0)
            raise error
        log.info("phones: open %s (room code %s)", self.address, self.room.code)

    @property
    def address(self) -> str:
        """The address phones open (`JoinCards.current`)."""
        return self.joins.current(self.port)

    def close(self) -> None:
        """Stop serving and end the thread; safe to call twice."""
        loop, thread = self._loop, self._thread
        if loop is not None and thread is not None and thread.is_alive():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._stop)
            thread.join(5.0)
        self._thread = None

    def publish(self, frame: Any, companion: Any) -> Any:
        """The main loop's frame, handed on to the phones when anything they show
        changed; returns the frame with the join card the screen shows (during setup,
        and for a while after a pad or a phone asks for it). Any game's frame: its pages
        are its box's (`phones`), with the same presses, and any game once over offers
        its files for download on the table page."""
        controller = companion.controller
        game = companion.game_id
        if self.room.follow(game, self.connected):
            self._call(self._rolled)
        setup = controller.in_setup
        players = MAX_SEATS if setup else len(controller.state.players)
        now = controller.clock()
        lights = controller.lights(now)
        bids = {seat: controller.private_bid(seat) for seat in range(players)}
        screen = controller.config.screen_language
        self.screen_language = screen
        wanted = self.wanted | {screen}
        countdown = frame.countdown
        timing: object = None
        if countdown is not None:
            timing = (countdown.kind, countdown.total, countdown.held, countdown.holders,
                      round(countdown.remaining if countdown.held else
                            now + countdown.remaining, 1))
        key = (replace(frame, countdown=None, animation=None, animation_progress=1.0,
                       serial=0, join=None), timing, tuple(sorted(bids.items())),
               tuple(sorted(lights.items(), key=lambda kv: kv[0])), wanted, game, players,
               self.room.changes)
        if key != self._last_key:
            self._last_key = key
            menus = {language: frame.menus if language == screen else
                     controller.menus_in(language) for language in wanted}
            snapshot: Snapshot = box_of(frame).phones(
                frame, menus, game=game, players=players, bids=bids, lights=lights,
                screen_language=screen)
            if companion.over() and game is not None:
                snapshot = replace(snapshot, export=self._exports(companion, game, snapshot))
            self._call(self._update, snapshot)
        card = self.joins.card(setup, self.port)
        return replace(frame, join=card) if card is not None else frame

    def free_seat(self, seat: int) -> None:
        """A pad asked (holding ◀ outside the bidding): its seat's phone is let go, and
        the screen shows that seat's own QR code for a new phone."""
        self.room.free(seat)
        self.joins.ask(seat)
        self._call(self._freed, seat)

    def _exports(self, companion: Any, game: int, snapshot: Snapshot) -> Export | None:
        made = (companion.game, game)  # each game's journal numbers its own games
        if self._export_game != made:  # made once a game, when it is over
            self._export_game = made
            self._export = export_game(companion, game, snapshot.names)
        return self._export

    def _call(self, function: Callable[..., Any], *args: Any) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # closing
                loop.call_soon_threadsafe(function, *args)

    # --- the server's thread -------------------------------------------------------------

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self._loop = loop
        runner: web.AppRunner | None = None
        try:
            self._stopped = asyncio.Event()
            runner = loop.run_until_complete(self._open())
        except BaseException as exc:  # handed to start(), which raises it
            self._error = exc
            self._ready.set()
            loop.close()
            return
        self._ready.set()
        try:
            loop.run_until_complete(self._stopped.wait())
        finally:
            for client in list(self.clients):
                with contextlib.suppress(Exception):
                    loop.run_until_complete(client.ws.close(code=1001, message=b"closing"))
            loop.run_until_complete(runner.cleanup())
            loop.close()

    def _stop(self) -> None:
        if self._stopped is not None:
            self._stopped.set()

    async def _open(self) -> web.AppRunner:
        app = self.app()
        runner = web.AppRunner(app, access_log=None, handle_signals=False,
                               shutdown_timeout=1.0)
        await runner.setup()
        hosts = [self.config.bind]
        try:
            site = web.TCPSite(runner, hosts[0], self.config.port, reuse_address=True)
            await site.start()
        except OSError:
            if self.config.bind != "::":
                await runner.cleanup()
                raise
            site = web.TCPSite(runner, "0.0.0.0", self.config.port, reuse_address=True)
            await site.start()
        server = getattr(site, "_server", None)
        if server is not None and server.sockets:
            self.port = server.sockets[0].getsockname()[1]
        return runner

    # --- WebSockets -----------------------------------------------------------------------

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if not same_origin(request.headers.get("Origin"), request.host):
            self._count("refused_origin")
            return web.Response(status=403, text="cross-origin WebSocket refused")
        address = self._remote(request) or "?"
        until = self._cooldown.get(address, 0.0)
        if time.monotonic() < until:
            self._count("refused_cooldown")
            await asyncio.sleep(min(TARPIT, until - time.monotonic()))
            return web.Response(status=429, text="slow down")
        if len(self.clients) >= MAX_CLIENTS or \
                sum(c.address == address for c in self.clients) >= MAX_PER_ADDRESS:
            self._count("refused_busy")
            return web.Response(status=503, text="too many connections")
        ws = web.WebSocketResponse(heartbeat=20.0, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        client = Client(ws, address, Bucket(MESSAGES_PER_SECOND, 2 * MESSAGES_PER_SECOND,
                                            self.clock),
                        request.transport if isinstance(request.transport, asyncio.Transport)
                        else None)
        self.clients.add(client)
        writer = asyncio.ensure_future(self._writer(client))
        try:
            await self._reader(client)
        finally:
            self.clients.discard(client)
            client.closing = client.closing or "gone"
            client.wake.set()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 2.0)
            if client.seat is not None:
                self._away[client.seat] = self.clock()
            self._presence_changed()
        return ws

    async def _reader(self, client: Client) -> None:
        ws = client.ws
        try:
            first = await ws.receive(timeout=HELLO_SECONDS)
        except TimeoutError:
            return
        if not self._hello(client, first):
            return
        async for message in ws:
            if message.type is not WSMsgType.TEXT:
                self._refuse(client, "malformed")
            elif client.watching:
                # A table page only listens: one that speaks is no page of ours. It is
                # closed, and its address waits a while (aiohttp would otherwise parse
                # its flood ahead of us: work the main loop would share the GIL with).
                self._count("refused_not_seated")
                if len(self._cooldown) > 1024:
                    self._cooldown.clear()
                self._cooldown[client.address] = time.monotonic() + COOLDOWN
                if client.transport is not None:  # no closing handshake: nothing more read
                    client.transport.abort()
                client.closing = "not_seated"
                return
            else:
                self._message(client, message.data)
            if client.closing:
                return
            if not client.messages.take():
                # More than any page sends: this connection is read no faster than the
                # rate. Its sender then waits on its own full buffers, and the server
                # (and the main loop sharing the interpreter with it) does no work for it.
                self._count("throttled")
                await asyncio.sleep(1 / MESSAGES_PER_SECOND)

    def _parse(self, client: Client, text: object) -> dict[str, Any] | None:
        if not isinstance(text, str) or len(text) > MAX_MESSAGE:
            self._refuse(client, "malformed")
            return None
        try:
            data = json.loads(text)
        except ValueError:
            self._refuse(client, "malformed")
            return None
        if not isinstance(data, dict) or not isinstance(data.get("t"), str):
            self._refuse(client, "malformed")
            return None
        return data

    def _hello(self, client: Client, message: Any) -> bool:
        """The first message says who the page is: a seat's phone (token, device) or a
        page watching the table."""
        if message.type is not WSMsgType.TEXT:
            return False
        data = self._parse(client, message.data)
        if data is None:
            return False
        lang = data.get("lang")
        client.lang = lang if lang in LANGUAGES else self.screen_language
        if data["t"] == "watch":
            client.watching = True
            self._send(client, {"t": "welcome", "watch": True,
                                "words": page_words(client.lang)})
            self._wanted()
            return True
        if data["t"] != "hello":
            self._refuse(client, "malformed")
            return False
        seat = self.room.seat_of(data.get("token"))
        if seat is None:
            self._count("refused_token")
            self._close(client, "unknown")
            return False
        claim = self.room.claim(seat, data.get("device"))
        if not claim.ok:
            self._count("refused_held")
            self._close(client, "held")
            return False
        for other in list(self.clients):
            if other is not client and other.seat == seat:  # the same phone, reopened
                self._close(other, "elsewhere")
        client.seat = seat
        client.device = self.room.holder(seat) or ""
        self._away.pop(seat, None)
        self._send(client, {"t": "welcome", "seat": seat, "device": claim.device,
                            "c": client.nonce, "words": page_words(client.lang)})
        self._wanted()
        self._presence_changed()
        return True

    def _message(self, client: Client, text: object) -> None:
        data = self._parse(client, text)
        if data is None:
            return
        kind = data["t"]
        if client.seat is None:
            self._refuse(client, "not_seated")
            return
        if client.device != self.room.holder(client.seat):  # freed meanwhile
            self._close(client, "freed")
            return
        if kind in ("press", "tap"):
            self._press(client, data)
        elif kind == "leave":
            self.room.free(client.seat)
            self._close(client, "freed")
            self._presence_changed()
        elif kind == "show_code":
            self.joins.ask(None)
        elif kind == "free":
            self._free_other(client, data.get("seat"))
        else:
            self._refuse(client, "malformed")

    def _press(self, client: Client, data: dict[str, Any]) -> None:
        """A press or a tap, checked in order: its connection, never replayed, aimed at
        the menu the seat has now, within the seat's rate; then the pad events."""
        seat = client.seat
        assert seat is not None
        n, nonce = data.get("n"), data.get("c")
        if not isinstance(n, int) or isinstance(n, bool) or not isinstance(nonce, str):
            self._refuse(client, "malformed")
            return
        if nonce != client.nonce or n <= client.last_n:
            self._refuse(client, "replayed")
            return
        client.last_n = n
        snapshot = self.snapshot
        if snapshot is None or seat >= snapshot.players:
            self._refuse(client, "not_playing")
            return
        presses = presses_for(snapshot, seat, data)
        if presses is None:
            self._refuse(client, "malformed")
            return
        if data.get("v") != snapshot.versions.get(seat, ""):
            self._refuse(client, "changed")
            return
        if not presses:
            self._refuse(client, "nothing")
            return
        bucket = self._buckets.get(client.device)
        if bucket is None:  # per device: a new connection does not refill it
            if len(self._buckets) > 4 * MAX_SEATS:
                self._buckets.clear()
            rate = self.config.presses_per_second
            bucket = self._buckets[client.device] = Bucket(rate, rate, self.clock)
        if not bucket.take():
            self._refuse(client, "too_fast")
            return
        for button, held in presses:
            self.events.put(PadEvent(seat, button, Kind.PRESS))
            if held:
                self.events.put(PadEvent(seat, button, Kind.HOLD))
            self.events.put(PadEvent(seat, button, Kind.RELEASE))
        self._count("presses")

    def _free_other(self, client: Client, seat: object) -> None:
        """A seated phone frees a seat whose phone has been away a while."""
        if not isinstance(seat, int) or isinstance(seat, bool) or seat == client.seat \
                or not 0 <= seat < MAX_SEATS:
            self._refuse(client, "malformed")
            return
        gone = self._away.get(seat)
        if self.room.holder(seat) is None or seat in self.connected or \
                (gone is not None and self.clock() - gone < AWAY_SECONDS):
            self._refuse(client, "not_away")
            return
        self.room.free(seat)
        self._presence_changed()

    def _refuse(self, client: Client, why: str) -> None:
        self._count(f"refused_{why}")
        self._send(client, {"t": "nack", "why": why})

    def _send(self, client: Client, data: dict[str, Any]) -> None:
        client.outbox.append(dumps(data))
        client.wake.set()

    def _close(self, client: Client, why: str) -> None:
        self._send(client, {"t": "refused", "why": why})
        client.closing = why
        client.wake.set()

    async def _writer(self, client: Client) -> None:
        """Sends a page its messages, then its text whenever that changed; a slow page
        simply skips to the newest text."""
        ws = client.ws
        try:
            while True:
                await client.wake.wait()
                client.wake.clear()
                while client.outbox:
                    await ws.send_str(client.outbox.pop(0).decode())
                if client.closing:
                    if not ws.closed:
                        await ws.close(code=4000, message=client.closing.encode())
                    return
                text = self._text_for(client)
                if text is not None and text != client.sent:
                    client.sent = text
                    await ws.send_str(text.decode())
        except (ConnectionResetError, RuntimeError, asyncio.CancelledError):
            return

    def _text_for(self, client: Client) -> bytes | None:
        snapshot = self.snapshot
        if snapshot is None or not (client.watching or client.seat is not None):
            return None
        phones = self._presence(snapshot)
        if client.seat is not None:
            body = snapshot.seats.get((client.seat, client.lang))
            if body is None:  # its language is on its way: the screen's meanwhile
                body = next((b for (s, _), b in snapshot.seats.items() if s == client.seat),
                            None)
            if body is None:
                return dumps({"t": "seat", "seat": client.seat, "playing": False,
                              "phones": phones})
        else:
            body = snapshot.table.get(client.lang) or next(iter(snapshot.table.values()))
        return b'{"phones":' + dumps(phones) + b"," + body[1:]

    def _presence(self, snapshot: Snapshot) -> list[str]:
        connected = self.connected
        return ["here" if s in connected else
                "free" if self.room.holder(s) is None else "away"
                for s in range(snapshot.players)]

    # --- changes on the server's side ----------------------------------------------------

    def _update(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        for client in self.clients:
            client.wake.set()

    def _presence_changed(self) -> None:
        self.connected = frozenset(c.seat for c in self.clients if c.seat is not None
                                   and not c.closing)
        for client in self.clients:
            client.wake.set()

    def _wanted(self) -> None:
        self.wanted = frozenset(c.lang for c in self.clients if not c.closing)

    def _rolled(self) -> None:
        """New links for a new game: each phone still connected is sent its seat's new
        token (it keeps the seat); the others are let go."""
        for client in list(self.clients):
            if client.seat is None:
                continue
            if self.room.holder(client.seat) == client.device and client.device:
                self._send(client, {"t": "token", "token": self.room.token(client.seat)})
            else:
                self._close(client, "unknown")

    def _freed(self, seat: int) -> None:
        for client in list(self.clients):
            if client.seat == seat:
                self._close(client, "freed")
        self._presence_changed()
