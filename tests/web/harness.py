"""A real table with its phones' server, for the web tests: the real `Companion` (journal,
controller, main loop's `step`) on a fake clock and seeded dice, the real `WebServer` on
a loopback port in its own thread, and WebSocket clients that talk to it like phones.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import random
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pygame
from table.helpers import NAMES, FakeClock

from companion.app.loop import Companion
from companion.config.file import Config, StoreConfig
from companion.core.dice import DiceSource
from companion.games.mush.config import MushSetup, setup
from companion.games.mush.dice import SeededDice
from companion.games.mush.model import Arrangement
from companion.games.mush.settings import Settings
from companion.pads.events import PadEvent
from companion.store import Journal
from companion.web.config import WebConfig
from companion.web.room import Room
from companion.web.server import WebServer


def read_qr(surface: pygame.Surface, qr: tuple[str, ...], area: pygame.Rect
            ) -> tuple[str, ...]:
    """The QR code drawn in `area` of `surface`, read back module by module as `qr`'s
    rows: its first black pixel is the corner of the top-left finder pattern (seven
    modules wide, after the quiet zone of four); each module's middle pixel is sampled."""
    black = [(x, y) for y in range(area.top, area.bottom) for x in range(area.left, area.right)
             if surface.get_at((x, y))[:3] == (0, 0, 0)]
    assert black, "no QR code drawn there"
    left, top = min(x for x, _ in black), min(y for _, y in black)
    unit = next(u for u in range(1, 200)
                if surface.get_at((left + u, top))[:3] != (0, 0, 0)) / 7
    ox, oy = left - 4 * unit, top - 4 * unit
    return tuple("".join(
        "1" if surface.get_at((int(ox + (x + 0.5) * unit),
                               int(oy + (y + 0.5) * unit)))[:3] == (0, 0, 0) else "0"
        for x in range(len(row))) for y, row in enumerate(qr))


def seeded_bytes(seed: int) -> Callable[[int], bytes]:
    """Deterministic "random" bytes, so two tables get the same links and room code."""
    rng = random.Random(seed)
    return lambda n: bytes(rng.randrange(256) for _ in range(n))


class WebTable:
    """A table (setup, then a game) served to phones on 127.0.0.1."""

    def __init__(self, folder: Path, *, players: int = 4, seed: int = 7,
                 random_bytes: Callable[[int], bytes] | None = None,
                 rate: float = 6.0, remote: Callable[[Any], str | None] | None = None,
                 settings: Settings | None = None, port: int = 0,
                 game_name: str = "mush", lan: Callable[[], str] = lambda: "127.0.0.1",
                 one_address: bool = False, dice: DiceSource | None = None) -> None:
        self.folder = folder
        self.clock = FakeClock()
        self.events: queue.Queue[PadEvent] = queue.Queue()
        path = folder / "journal.sqlite3"
        game = settings or Settings.make(NAMES[:players], Arrangement.INTRO)
        self.config = Config(players=game.names, game_name=game_name,
                             games={"mush": setup(MushSetup(), game)}, store=StoreConfig(path),
                             web=WebConfig(port=port, bind="127.0.0.1",
                                           presses_per_second=rate))
        self.journal = Journal(path)
        room = Room.beside(path, random_bytes or seeded_bytes(seed))
        self.web = WebServer(self.config.web, self.events, path, room=room, remote=remote,
                             clock=self.clock, lan=lan)
        if one_address:  # several browsers, all from 127.0.0.1: not one crowded phone
            self.web.gate.per_address = self.web.gate.total
            self.web.places = {kind: (total, total) for kind, (_, total)
                               in self.web.places.items()}
        self.web.start()
        self.companion = Companion(self.config, self.journal,
                                   dice=SeededDice(seed) if dice is None else dice,
                                   clock=self.clock, events=self.events, web=self.web)
        self.seed = seed

    @property
    def url(self) -> str:
        """The server's address."""
        return f"http://127.0.0.1:{self.web.port}"

    def token(self, seat: int) -> str:
        """Seat `seat`'s link token now."""
        return self.web.room.token(seat)

    def step(self, advance: float = 0.0) -> None:
        """One turn of the main loop (presses waiting on the queue are handled), then
        wait until the server holds the snapshot it was handed."""
        self.companion.step(wait=0)
        self.companion.draw()  # as the loop's own cadence would, at once
        if advance:
            self.clock.advance(advance)
        self.sync()

    def sync(self, timeout: float = 60.0) -> None:
        """Wait until the server's thread has taken every snapshot handed to it."""
        done = threading.Event()
        loop = self.web._loop
        assert loop is not None
        loop.call_soon_threadsafe(done.set)
        assert done.wait(timeout), "the web server's loop does not answer"

    def wait_events(self, count: int, timeout: float = 60.0) -> None:
        """Wait until `count` pad events are on the main loop's queue."""
        deadline = time.monotonic() + timeout
        while self.events.qsize() < count:
            assert time.monotonic() < deadline, f"{self.events.qsize()} of {count} events"
            time.sleep(0.002)

    def wait(self, test: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
        """Wait until `test()` holds: the server's thread acts in its own time (a phone's
        goodbye is handled some turns of its loop after the phone has closed)."""
        deadline = time.monotonic() + timeout
        while not test():
            assert time.monotonic() < deadline, f"timed out waiting for {what}"
            time.sleep(0.005)

    def close(self) -> None:
        """Stop the server and close the journal."""
        self.companion.close()


class Phone:
    """A WebSocket client that speaks the pages' protocol, on its own event loop thread."""

    def __init__(self, table: WebTable, *, token: str | None = None, device: str | None = None,
                 lang: str = "en", watch: bool = False, origin: str | None = "same",
                 hello: dict[str, Any] | None = None,
                 headers: dict[str, str] | None = None, source: str | None = None) -> None:
        self.table = table
        self.source = source  # a loopback address of its own (127.x.y.z), as a phone has
        self.received: list[str] = []
        self.closed = threading.Event()
        self.nonce = ""
        self.device = device
        self.n = 0
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        headers = dict(headers or {})
        if origin == "same":
            headers["Origin"] = table.url
        elif origin is not None:
            headers["Origin"] = origin
        first = hello or ({"t": "watch", "lang": lang} if watch else
                          {"t": "hello", "token": token, "device": device, "lang": lang})
        self.error: Exception | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._session: aiohttp.ClientSession | None = None
        self._run(self._open(headers, first))

    def _run(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(10)

    async def _open(self, headers: dict[str, str], first: dict[str, Any]) -> None:
        connector = aiohttp.TCPConnector(local_addr=(self.source, 0)) if self.source else None
        self._session = aiohttp.ClientSession(connector=connector)
        try:
            self._ws = await self._session.ws_connect(f"{self.table.url}/ws", headers=headers)
        except aiohttp.WSServerHandshakeError as exc:
            self.error = exc
            self.closed.set()
            return
        await self._ws.send_str(json.dumps(first))
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        assert self._ws is not None
        async for message in self._ws:
            if message.type is aiohttp.WSMsgType.TEXT:
                data = json.loads(message.data)
                if data.get("t") == "welcome":
                    self.nonce = data.get("c", "")
                    self.device = data.get("device") or self.device
                self.received.append(message.data)
        self.closed.set()

    def send(self, data: dict[str, Any] | str) -> None:
        """Send a message as it is (a dict as JSON)."""
        text = data if isinstance(data, str) else json.dumps(data)
        if self._ws is None or self._ws.closed:
            return
        # the server may have closed it: that is what a refused client sees
        with contextlib.suppress(aiohttp.ClientConnectionResetError):
            self._run(self._ws.send_str(text))

    def send_bytes(self, data: bytes) -> None:
        """Send a binary message (no page sends one)."""
        if self._ws is not None and not self._ws.closed:
            with contextlib.suppress(aiohttp.ClientConnectionResetError):
                self._run(self._ws.send_bytes(data))

    def press(self, button: str, hold: bool = False, version: str | None = None) -> dict[str, Any]:
        """A press as the page sends it (aimed at the menu last received)."""
        self.n += 1
        message = {"t": "press", "b": button, "hold": hold, "n": self.n, "c": self.nonce,
                   "v": self.version() if version is None else version}
        self.send(message)
        return message

    def tap(self, index: int) -> dict[str, Any]:
        """A tap on item `index` of the menu last received."""
        self.n += 1
        message = {"t": "tap", "i": index, "n": self.n, "c": self.nonce, "v": self.version()}
        self.send(message)
        return message

    def messages(self, kind: str | None = None) -> list[dict[str, Any]]:
        """Every message received (of one kind)."""
        out = [json.loads(text) for text in self.received]
        return [m for m in out if kind is None or m.get("t") == kind]

    def last(self, kind: str = "seat") -> dict[str, Any]:
        """The newest message of a kind."""
        found = self.messages(kind)
        assert found, f"no {kind!r} message among {self.received[-3:]}"
        return found[-1]

    def version(self) -> str:
        """The menu version of the newest seat text."""
        seats = self.messages("seat")
        return str(seats[-1].get("mv", "")) if seats else ""

    def wait(self, test: Callable[[], bool], timeout: float = 60.0) -> None:
        """Wait until `test()` holds."""
        deadline = time.monotonic() + timeout
        while not test():
            assert time.monotonic() < deadline, f"timed out; last: {self.received[-12:]}"
            time.sleep(0.005)

    def close(self) -> None:
        """Close the socket and the loop."""
        async def shut() -> None:
            if self._ws is not None:
                await self._ws.close()
            if self._session is not None:
                await self._session.close()
        try:
            self._run(shut())
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(5)
            self._loop.close()


def with_web(config: Config, **changes: Any) -> Config:
    """A config with other `[web]` values."""
    return replace(config, web=replace(config.web, **changes))


def settle(table: WebTable, phone: Phone, seat: int) -> dict[str, Any]:
    """Wait until `phone` has the newest text the server holds for `seat`; that text."""
    table.sync()
    client = next(c for c in table.web.clients if c.seat == seat)

    def current() -> bool:
        text = table.web._text_for(client)
        seats = [r for r in phone.received if r.startswith('{"phones"')]
        return text is not None and bool(seats) and seats[-1] == text.decode()
    phone.wait(current)
    return phone.last()


def bot_press(table: WebTable, phones: dict[int, Phone], driver: Any,
              events: list[PadEvent] | None = None) -> bool:
    """One bot decision (`events`, else the driver's next), pressed on its seat's phone
    as the page would send it (a tap on the item the bot's button stands for, else the
    pad button); False when every bot waits (the caller lets a countdown run out)."""
    events = driver.presses() if events is None else events
    if not events:
        return False
    seat, button = events[0].seat, events[0].button.value
    held = any(e.kind.value == "hold" for e in events)
    phone = phones[seat]
    menu = settle(table, phone, seat).get("menu") or {}
    style = menu.get("style")
    # a level listed step by step (`flat`) names no button beside its rows: the bot's
    # button is pressed as the page's pad would
    if held or style == "bid" or menu.get("flat") or (style == "list" and button != "select"):
        phone.press(button, held)
    elif style == "list":
        phone.tap(menu["focus"])
    elif any(item["button"] for item in menu.get("items", ())):
        phone.tap(next(i for i, item in enumerate(menu["items"]) if item["button"] == button))
    else:
        phone.tap(0)
    table.wait_events(len(events))
    return True
