"""The phones' WebSockets: who a page is, what it may send, and what it is sent.

The part of `WebServer` (companion.web.server) that keeps a connection. A page's first
message says who it is: a seat's phone (its seat's token and its device secret) or a page
watching the table. Each kind has its own places, so that no crowd of one kind keeps the
other out:

  saying hello  a few per address, a few in all, for `HELLO_SECONDS`; the oldest of the
                address holding the most makes room for a newcomer
  watching      a few per address, a few dozen in all; the same making of room
  seated        one per seat: a seat's own phone always gets in (its reopened page
                replaces the old one)

Every message is parsed by `limits.parse` (small, shallow, an object) and anything else is
refused with a "nack" and one line of log at most; nothing a page sends can raise.

A tap that arrives while its seat's menu is still waiting (the reveal's first seconds,
dice landing) is refused at once ("wait"); a tap on the menu the phone shows that comes
within the table's guard after that menu changed is held until the guard has passed and
then given to the table, so the first tap on a new menu acts (the page's version of the
menu proves its player saw it). A tap on a step of a level listed step by step is the
presses that walk to it, numbered as one tap (`PadEvent.tap`): the levels its first
presses open were on the page, so its next presses are not "too soon" after them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from companion.i18n import LANGUAGES
from companion.pads.events import Button, Kind, PadEvent
from companion.seats import MAX_SEATS
from companion.web.guard import Bucket, same_origin
from companion.web.join import JoinCards
from companion.web.limits import Gate, Guesses, parse
from companion.web.listen import Gated
from companion.web.room import Room
from companion.web.snapshot import Snapshot, dumps, presses_for
from companion.web.sound import Sounds
from companion.web.words import page_words

log = logging.getLogger("companion.web")

AWAY_SECONDS = 60.0
"""A seat whose phone has been gone this long (counted from when the server could have
seen it: its going, or the server's start) may be freed by another seated phone."""

MAX_MESSAGE = 1024  # bytes of one message from a page: a press is about 80
HELLO_SECONDS = 5.0  # a WebSocket must say who it is within this
MESSAGES_PER_SECOND = 10.0  # any message from one connection, presses included
CLOSE_SECONDS = 1.0
"""How long a page the server lets go has to answer its goodbye (nothing it sends is read
meanwhile: `Gated.mute`) before its connection is closed anyway."""
PLACES = {"hello": (4, 32), "watch": (4, 32)}
"""Per kind of page: (per address, in all) WebSockets at once."""


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
    since: float = field(default_factory=time.monotonic)

    @property
    def kind(self) -> str:
        """"seat", "watch" or "hello" (not said yet)."""
        return "seat" if self.seat is not None else "watch" if self.watching else "hello"


class Sockets:
    """The WebSocket side of the phones' server (a base of `WebServer`, which sets every
    attribute below)."""

    room: Room
    clock: Callable[[], float]
    config: Any
    events: Any
    snapshot: Snapshot | None
    clients: set[Client]
    counts: dict[str, int]
    gate: Gate
    guesses: Guesses
    places: dict[str, tuple[int, int]]  # PLACES
    screen_language: str
    connected: frozenset[int]
    wanted: frozenset[str]
    joins: JoinCards
    sounds: Sounds
    _remote: Callable[[web.BaseRequest], str | None]
    _away: dict[int, float]
    _started: float
    _buckets: dict[str, Bucket]
    _held: dict[int, list[PadEvent]]
    _taps: int  # the taps of several presses numbered so far (`PadEvent.tap`)

    def _count(self, what: str) -> None:
        """Count an event (the routes do)."""
        raise NotImplementedError

    def _presence_changed(self) -> None:
        """Tell every page who sits where (the server does)."""
        raise NotImplementedError

    def _wanted(self) -> None:
        """The languages the pages read (the server keeps them)."""
        raise NotImplementedError

    def pick(self) -> list[dict[str, object]]:
        """The seats a phone may pick (the routes say)."""
        raise NotImplementedError

    # --- opening ---------------------------------------------------------------------

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if not same_origin(request.headers.get("Origin"), request.host):
            self._count("refused_origin")
            return web.Response(status=403, text="cross-origin WebSocket refused")
        address = self._remote(request) or "?"
        if not self._make_room("hello", address):
            self._count("refused_busy")
            return web.Response(status=503, text="too many connections")
        ws = web.WebSocketResponse(heartbeat=20.0, max_msg_size=MAX_MESSAGE,
                                   timeout=CLOSE_SECONDS)
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
            self._keep(client, False)
            client.closing = client.closing or "gone"
            client.wake.set()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 2.0)
            if client.seat is not None:
                self._away[client.seat] = self.clock()
            self._presence_changed()
        return ws

    def _make_room(self, kind: str, address: str) -> bool:
        """Whether a page of `kind` from `address` may have a place: under its address's
        share, and, when all are taken, once the oldest page of that kind from the
        address holding the most is let go. False: this one is refused."""
        per_address, total = self.places[kind]
        same = [c for c in self.clients if c.kind == kind and not c.closing]
        if sum(c.address == address for c in same) >= per_address:
            return False
        if len(same) < total:
            return True
        counts: dict[str, int] = {}
        for c in same:
            counts[c.address] = counts.get(c.address, 0) + 1
        crowd = max(counts, key=lambda a: counts[a])
        oldest = min((c for c in same if c.address == crowd), key=lambda c: c.since)
        self._count(f"evicted_{kind}")
        self._end(oldest, "busy")
        return True

    def _end(self, client: Client, why: str, cool: bool = False) -> None:
        """Close a page at once (no goodbye is waited for); `cool`: its address cools
        down too (`Gate.cool`)."""
        client.closing = why
        gated = self._gated(client)
        if gated is not None:
            if cool:
                gated.gate.cool(gated.address)
            gated.mute()
        if client.transport is not None:
            client.transport.abort()
        client.wake.set()

    @staticmethod
    def _gated(client: Client) -> Gated | None:
        """The gate's side of a page's connection (None when it came another way)."""
        transport = client.transport
        protocol = transport.get_protocol() if transport is not None else None
        return protocol if isinstance(protocol, Gated) else None

    def _keep(self, client: Client, kept: bool) -> None:
        """A seated phone's connection is never let go to make room (the gate's)."""
        gated = self._gated(client)
        connection = gated.gate_connection if gated is not None else None
        if connection is not None:
            connection.kept = kept

    # --- reading ----------------------------------------------------------------------

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
                # let go unparsed, and its address cools down (the gate holds its next
                # connections unread a while): its flood is never parsed.
                self._count("refused_not_seated")
                self._end(client, "not_seated", cool=True)
                return
            else:
                try:
                    self._message(client, message.data)
                except Exception as error:  # a bug must not end the server: one line
                    log.warning("phones: a message from %s failed: %s: %s", client.address,
                                type(error).__name__, error)
                    self._refuse(client, "malformed")
            if client.closing:
                return
            if not client.messages.take():
                # More than any page sends: this connection is read no faster than the
                # rate. Its sender then waits on its own full buffers, and the server
                # (and the main loop sharing the interpreter with it) does no work for it.
                self._count("throttled")
                await asyncio.sleep(1 / MESSAGES_PER_SECOND)

    def _parse(self, client: Client, text: object) -> dict[str, Any] | None:
        data = parse(text, MAX_MESSAGE)
        if data is None or not isinstance(data.get("t"), str):
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
        client.lang = lang if isinstance(lang, str) and lang in LANGUAGES \
            else self.screen_language
        if data["t"] == "watch":
            if not self._make_room("watch", client.address):
                self._count("refused_busy")
                self._close(client, "busy")
                return False
            client.watching = True
            sounds = self.sounds
            self._send(client, {"t": "welcome", "watch": True, "said": sounds.mark(),
                                "words": page_words(client.lang)})
            # what it missed while away (its `heard`), as it would have been sent
            client.outbox.extend(sounds.message(said, client.lang)
                                 for said in sounds.since(data.get("heard")))
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
        self._keep(client, True)
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
        the menu the seat has now, within the seat's rate; then the pad events (held
        until the table's guard has passed when the menu changed just now)."""
        seat = client.seat
        assert seat is not None
        n, nonce = data.get("n"), data.get("c")
        if not isinstance(n, int) or isinstance(n, bool) or not isinstance(nonce, str):
            self._refuse(client, "malformed")
            return
        if nonce != client.nonce or n <= client.last_n:
            self._refuse(client, "replayed", n)
            return
        client.last_n = n
        snapshot = self.snapshot
        if snapshot is None or seat >= snapshot.players:
            self._refuse(client, "not_playing", n)
            return
        presses = presses_for(snapshot, seat, data)
        if presses is None:
            self._refuse(client, "malformed", n)
            return
        if data.get("v") != snapshot.versions.get(seat, ""):
            self._refuse(client, "changed", n)
            return
        if seat in snapshot.waiting:
            self._refuse(client, "wait", n)
            return
        if not presses:
            self._refuse(client, "nothing", n)
            return
        bucket = self._buckets.get(client.device)
        if bucket is None:  # per device: a new connection does not refill it
            if len(self._buckets) > 4 * MAX_SEATS:
                self._buckets.clear()
            rate = self.config.presses_per_second
            bucket = self._buckets[client.device] = Bucket(rate, rate, self.clock)
        if not bucket.take():
            self._refuse(client, "too_fast", n)
            return
        self._count("presses")
        self._send(client, {"t": "ack", "n": n})
        shape = snapshot.shapes.get(seat)
        # the levels it opens or leaves on the way were on the page: a step listed step
        # by step, or Back to that list (not a list's moves, which open nothing)
        walks = len(presses) > 1 and shape is not None and \
            (data["t"] == "press" or bool(shape.steps))
        events = self._events(seat, presses, walks)
        held = self._held.get(seat)
        if held is not None:  # behind a press still held: after it, in order
            held.extend(events)
            return
        wait = snapshot.ready.get(seat, float("-inf")) - self.clock()
        if wait <= 0:
            self._put(events)
            return
        self._count("held")
        self._held[seat] = events
        loop = asyncio.get_running_loop()
        loop.call_later(min(wait, 2.0), self._release, seat)

    def _release(self, seat: int) -> None:
        """A held press's guard has passed: to the table."""
        events = self._held.pop(seat, None)
        if events:
            self._put(events)

    def _events(self, seat: int, presses: list[tuple[Button, bool]], walks: bool
                ) -> list[PadEvent]:
        """The pad events of one message's presses; `walks`: they walk levels the page
        showed, numbered as one tap."""
        tap = 0
        if walks:
            self._taps += 1
            tap = self._taps
        events = []
        for step, (button, held) in enumerate(presses):
            kinds = (Kind.PRESS, Kind.HOLD, Kind.RELEASE) if held else \
                (Kind.PRESS, Kind.RELEASE)
            events += [PadEvent(seat, button, kind, tap, step if tap else 0)
                       for kind in kinds]
        return events

    def _put(self, events: list[PadEvent]) -> None:
        for event in events:
            self.events.put(event)

    def _free_other(self, client: Client, seat: object) -> None:
        """A seated phone frees a seat whose phone has been away a while."""
        if not isinstance(seat, int) or isinstance(seat, bool) or seat == client.seat \
                or not 0 <= seat < MAX_SEATS:
            self._refuse(client, "malformed")
            return
        if self.room.holder(seat) is None or seat in self.connected or \
                self.clock() - self._away_since(seat) < AWAY_SECONDS:
            self._refuse(client, "not_away")
            return
        self.room.free(seat)
        self._away.pop(seat, None)
        self._presence_changed()

    def _away_since(self, seat: int) -> float:
        """When the server last could have seen `seat`'s phone: its going, else the
        server's own start (a restart frees nobody's seat at once)."""
        return max(self._away.get(seat, self._started), self._started)

    # --- writing -----------------------------------------------------------------------

    def _refuse(self, client: Client, why: str, n: int | None = None) -> None:
        self._count(f"refused_{why}")
        self._send(client, {"t": "nack", "why": why} if n is None else
                   {"t": "nack", "why": why, "n": n})

    def _send(self, client: Client, data: dict[str, Any]) -> None:
        client.outbox.append(dumps(data))
        client.wake.set()

    def _close(self, client: Client, why: str) -> None:
        """Refuse a page for good: it is told why (it has its words: `/api/words`)."""
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
                        # its goodbye said, nothing more it sends is read (a page that
                        # floods is not parsed to the end of its flood)
                        gated = self._gated(client)
                        if gated is not None:
                            gated.mute()
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
        else:  # a table page: also the seats to pick, live, and whether the room is locked
            body = snapshot.table.get(client.lang) or next(iter(snapshot.table.values()))
            return dumps({"locked": self.guesses.locked, "phones": phones,
                          "pick": self.pick()})[:-1] + b"," + body[1:]
        return b'{"phones":' + dumps(phones) + b"," + body[1:]

    def _presence(self, snapshot: Snapshot) -> list[str]:
        """Per seat: "here" (its phone is connected), "free", "away" (its phone went
        less than `AWAY_SECONDS` ago) or "gone" (longer: another phone may free it)."""
        connected, now = self.connected, self.clock()
        return ["here" if s in connected else
                "free" if self.room.holder(s) is None else
                "away" if now - self._away_since(s) < AWAY_SECONDS else "gone"
                for s in range(snapshot.players)]
