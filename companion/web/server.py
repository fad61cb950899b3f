"""The table on the local network: phones as seats' pads, and a read-only table page.

The server runs in a thread of its own with its own asyncio loop (aiohttp), so nothing it
does can block the main loop. The two meet at exactly two points:

  presses   a phone's press becomes the `PadEvent`s a pad would send, put on the main
            loop's queue: the same controller, guards, legality and journal apply
  snapshot  after every change the main loop hands over what the pages show (`Parts`,
            values taken from its controller) with `call_soon_threadsafe`; the server's
            thread makes the `Snapshot` (companion.web.snapshot) from them once, for
            every page, after the frame is drawn; each page is sent its own text when,
            and only when, that text changed

A phone's tap on a whole-word item is the press of the button the item shows (in a list
menu: the presses that move the focus to it, then ●); + / − / lock of the bid are ▶ ◀ ●;
"Back" is a hold of ●, "Clear" a hold of ◀, as on the pads. A press carries the version
of the menu it was aimed at and is refused when the seat's menu has become another; one
that comes within the table's guard after a change is held until the guard has passed
(companion.web.sockets): a press never acts on a menu its player had not seen, and the
first tap on the menu a phone shows acts.

Security (companion.web.guard, .limits, .listen, .room): local addresses only, the Host
and the Origin of every WebSocket and POST checked, a seat's token or the room code to
take a seat (its guesses limited for the whole room, which locks until a pad is pressed),
one device per seat, connections and WebSockets bounded per address and in all, requests
small, presses per second per phone limited, a message never replayed within a
connection nor carried to another, and no bid value in any text but its seat's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import web

from companion.core.box import Pages
from companion.games import box_of
from companion.i18n import speaking, t
from companion.pads.events import PadEvent
from companion.seats import MAX_SEATS
from companion.table.frame import Frame, Names, Notice, SeatName, WifiCard
from companion.voice.phrases import Announcement
from companion.web.config import WebConfig
from companion.web.finished import Finished
from companion.web.guard import Bucket, Hosts, lan_address, url_host
from companion.web.join import JoinCards
from companion.web.limits import Gate, Guesses, OneLine, quiet_logs
from companion.web.listen import REQUEST_LIMITS, listen, raise_file_limit
from companion.web.pads import PhonePads
from companion.web.room import Room
from companion.web.routes import Routes
from companion.web.snapshot import Export, Snapshot, build, export_game, seat_label
from companion.web.sockets import AWAY_SECONDS, MAX_MESSAGE, PLACES, Client, Sockets
from companion.web.sound import Sounds

log = logging.getLogger("companion.web")

BID_AWAY_SECONDS = 5.0
"""A seat's phone away this long while the bids wait for it is named on the screen (a
phone that only blinked away is not)."""

STATIC = ("table.html", "seat.html", "app.css", "table.js", "seat.js", "common.js",
          "sound.js", "hexes.js")

__all__ = ["MAX_MESSAGE", "WebServer"]


class WebServer(Routes, Sockets):
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
        self.gate = Gate()
        self.places = dict(PLACES)
        self.guesses = Guesses(clock)
        self.sounds = Sounds(clock)  # the announcements, for table pages that play them
        self.finished = Finished(journal)  # every box's finished games, for the table page
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._stopped: asyncio.Event | None = None
        self._static: dict[str, bytes] = {}
        self._quiet = OneLine()
        # the table's own Wi-Fi, once up (companion.web.wifi.OwnWifi.card)
        self.wifi: Callable[[], WifiCard | None] = lambda: None
        self._unquiet: Callable[[], None] = lambda: None
        # shared with the main loop: plain values replaced whole (atomic in CPython)
        self.wanted: frozenset[str] = frozenset()
        self.screen_language = "en"
        self.connected: frozenset[int] = frozenset()
        self.files = 0  # the open-file limit in force once started
        self._gone_at = float("inf")  # the next moment an away seat may be freed
        self._locked = False  # whether the pages were last told the room is locked
        # the main loop's side
        self._last_key: object = None
        self._export_game: tuple[str, int] | None = None
        self._export: Export | None = None
        self._changes = 0  # changes handed over (only the main loop counts them)
        # the server's side
        self.snapshot: Snapshot | None = None
        self.clients: set[Client] = set()
        self._started = clock()
        self._away: dict[int, float] = {}
        self._held: dict[int, list[PadEvent]] = {}
        self._taps = 0
        self._buckets: dict[str, Bucket] = {}  # presses, per device
        self.counts: dict[str, int] = {}

    # --- the main loop's side ----------------------------------------------------------

    def start(self) -> None:
        """Open the port in the server's own thread; raises what stopped it (a port in
        use, an address the machine does not have). Everything it reads from files is
        read first, and the process's file limit raised: a crowd of connections can
        then never leave the main loop without a file to open."""
        self.files = raise_file_limit()
        self._static = {name: resources.files("companion.web").joinpath("static", name)
                        .read_bytes() for name in STATIC}
        self._started = self.clock()
        self._gone_at = self._started + AWAY_SECONDS
        self._unquiet = quiet_logs(self._quiet)
        self._thread = threading.Thread(target=self._run, name="web", daemon=True)
        self._thread.start()
        self._ready.wait(15.0)
        if self._error is not None:
            error, self._error = self._error, None
            self._thread.join(2.0)
            self._unquiet()
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
        self.room.flush()  # a change still waiting for its second is kept
        self._unquiet()

    def app(self) -> web.Application:
        """The aiohttp application: the routes, and the pages' WebSocket."""
        app = super().app()
        app.router.add_get("/ws", self._socket)
        return app

    def pad_pressed(self, seat: int) -> None:
        """Someone at the table pressed a pad (or a seated phone a button): a room locked
        after too many wrong codes opens again."""
        if self.guesses.locked:
            self._call(self._unlock)

    def publish(self, frame: Any, companion: Any) -> Any:
        """The main loop's frame, handed on to the phones when anything they show
        changed; returns the frame with the join card the screen shows (during setup,
        and for a while after a pad or a phone asks for it). Any game's frame: its pages
        are its box's (`pages`), with the same presses, and any game once over offers
        its files for download on the table page."""
        controller = companion.controller
        game = companion.game_id
        if self.room.follow(game, self.connected):
            self._call(self._rolled)
        setup = controller.in_setup
        players = MAX_SEATS if setup else len(controller.state.players)
        now = controller.clock()
        lights = controller.lights(now)
        views = tuple(controller.seat_view(seat) for seat in range(players))
        screen = controller.config.screen_language
        self.screen_language = screen
        wanted = self.wanted | {screen}
        countdown = frame.countdown
        timing: object = None
        if countdown is not None:
            timing = (countdown.kind, countdown.total, countdown.held, countdown.holders,
                      round(countdown.remaining if countdown.held else
                            now + countdown.remaining, 1))
        frame = self._secrets_waiting(frame, controller, companion.pads, screen)
        ready = {} if setup else {seat: controller.ready_at(seat) for seat in range(players)}
        joinable = joinable_names(controller, setup)
        key = (replace(frame, countdown=None, animation=None, animation_progress=1.0,
                       serial=0, join=None), timing, views,
               tuple(sorted(lights.items(), key=lambda kv: kv[0])), wanted, game, players,
               self.room.changes, tuple(sorted(ready.items())), joinable)
        if key != self._last_key:
            self._last_key = key
            menus = {language: frame.menus if language == screen else
                     controller.menus_in(language) for language in wanted}
            waiting = frozenset(m.seat for m in frame.menus if m.waiting and m.seat >= 0)
            parts = Parts(box_of(frame).pages, frame, menus, game, players, views, lights,
                          screen, ready, waiting, joinable)
            if companion.over() and game is not None:
                # once a game: its files come from the journal, which is the main loop's
                snapshot = parts.build()
                snapshot = replace(snapshot, export=self._exports(companion, game, snapshot))
                self._changes += 1
                self._call(self._update, snapshot)
            else:  # the texts are made on the server's thread, after the frame is drawn
                self._changes += 1
                self._call(self._build, parts, self._changes)
        elif self.clock() >= self._gone_at or self.guesses.locked != self._locked:
            # an away seat may now be freed, or the room's lock closed or opened: say so
            self._gone_at = float("inf")
            self._locked = self.guesses.locked
            self._call(self._presence_changed)
        names = joinable
        card = self.joins.card(setup, self.port, locked=self.guesses.locked,
                               phones=tuple(names[s] for s in sorted(self.connected)
                                            if s < len(names)), wifi=self.wifi())
        return replace(frame, join=card) if card is not None else frame

    def _secrets_waiting(self, frame: Frame, controller: Any, pads: object,
                         language: str) -> Frame:
        """A secret choice waits for every seat (MUSH's bids): one whose phone has been
        away a few seconds without its choice locked in is named on the screen (and
        every page), with what unblocks the table: that seat's pad where it has one, else
        its phone back. Only whether a choice is locked is said, which everyone sees."""
        waiting = controller.secrets_waiting()
        if not waiting:
            return frame
        padded = () if pads is None or isinstance(pads, PhonePads) else \
            tuple(getattr(pads, "seats", ()))
        names = Names(seats=tuple(SeatName(seat, str(player.name)) for seat, player in
                                  enumerate(controller.state.players)))
        now, notices = self.clock(), []
        with speaking(language):
            for s in waiting:
                if s in self.connected or self.room.holder(s) is None or \
                        now - self._away_since(s) < BID_AWAY_SECONDS:
                    continue
                notices.append(Notice(t("join.bid_away_pad" if s in padded else
                                        "join.bid_away", name=seat_label(names, s, language))))
        if not notices:
            return frame
        changed: Frame = replace(frame, notices=(*frame.notices,  # type: ignore[type-var]
                                                 *notices))
        return changed

    def announce(self, announcements: Sequence[Announcement]) -> None:
        """The announcements the Pi's voice was just given, in its order: pushed to
        every table page (`companion.web.sound`); never waits."""
        if announcements:
            self._call(self._said, tuple(announcements))

    def repeat(self) -> None:
        """Say the last announcement again on every table page (the table's F5, as the
        Pi's voice repeats it): it comes as a new announcement, so a page plays it once
        more; nothing when nothing was said yet. Never waits."""
        self._call(self._repeated)

    def _repeated(self) -> None:
        last = self.sounds.last()
        if last is not None:
            self._said((last,))

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
        opened: tuple[web.AppRunner, asyncio.Server] | None = None
        try:
            self._stopped = asyncio.Event()
            opened = loop.run_until_complete(self._open())
        except BaseException as exc:  # handed to start(), which raises it
            self._error = exc
            self._ready.set()
            loop.close()
            return
        self._ready.set()
        runner, server = opened
        try:
            loop.run_until_complete(self._stopped.wait())
        finally:
            server.close()
            for client in list(self.clients):
                with contextlib.suppress(Exception):
                    loop.run_until_complete(client.ws.close(code=1001, message=b"closing"))
            loop.run_until_complete(runner.cleanup())
            loop.close()

    def _stop(self) -> None:
        if self._stopped is not None:
            self._stopped.set()

    async def _open(self) -> tuple[web.AppRunner, asyncio.Server]:
        runner = web.AppRunner(self.app(), access_log=None, handle_signals=False,
                               shutdown_timeout=1.0, **REQUEST_LIMITS)
        await runner.setup()
        try:
            server, self.port = await listen(runner, self.gate, self.config.bind,
                                             self.config.port)
        except OSError:
            await runner.cleanup()
            raise
        return runner, server

    # --- changes on the server's side ----------------------------------------------------

    def _build(self, parts: Parts, change: int) -> None:
        """A change's texts, made once for every page; a change that a newer one overtook
        before this thread came to it is never made (the newer one's call follows)."""
        if change != self._changes:
            self._count("texts_overtaken")
            return
        try:
            snapshot = parts.build()
            self._count("texts_made")
        except Exception as error:  # a bug must not end the server: one line
            log.warning("phones: the pages' texts failed: %s: %s", type(error).__name__,
                        error)
            return
        self._update(snapshot)

    def _update(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        for client in self.clients:
            client.wake.set()

    def _said(self, announcements: tuple[Announcement, ...]) -> None:
        for said in self.sounds.add(announcements):
            for client in self.clients:
                if client.watching and not client.closing:
                    client.outbox.append(self.sounds.message(said, client.lang))
                    client.wake.set()

    def _presence_changed(self) -> None:
        self.connected = frozenset(c.seat for c in self.clients if c.seat is not None
                                   and not c.closing)
        away = [self._away_since(s) for s in range(MAX_SEATS)
                if s not in self.connected and self.room.holder(s) is not None]
        now = self.clock()
        self._gone_at = min((a + AWAY_SECONDS for a in away if now - a < AWAY_SECONDS),
                            default=float("inf"))
        for client in self.clients:
            client.wake.set()

    def _unlock(self) -> None:
        if self.guesses.unlock():
            self._presence_changed()

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


@dataclass(frozen=True)
class Parts:
    """What the pages' texts of one change are made of, taken from the main loop's
    controller (which only the main loop may read): the server's thread makes the texts
    (`build`) once the frame is on the screen, so a press is drawn without waiting for
    every phone's text. Every part is a value that nothing changes afterwards."""

    pages: Pages  # the box's
    frame: Frame
    menus: dict[str, Sequence[Any]]  # language -> the menus worded in it
    game: int | None
    players: int
    views: tuple[object, ...]  # each seat's own view (`seat_view`), taken on the main loop
    lights: dict[int, Any]
    screen: str
    ready: dict[int, float]
    waiting: frozenset[int]
    joinable: tuple[str, ...]

    def build(self) -> Snapshot:
        """The snapshot: a text per seat and language, and per language the table's."""
        snapshot = build(self.pages, self.frame, self.menus, game=self.game,
                         players=self.players, views=self.views, lights=self.lights,
                         screen_language=self.screen)
        return replace(snapshot, ready=self.ready, waiting=self.waiting,
                       joinable=self.joinable)


def joinable_names(controller: Any, setup: bool) -> tuple[str, ...]:
    """The names of the seats a phone may take: during setup the players being set up
    (their names as chosen so far), then the game's players."""
    if setup:
        draft = controller.draft
        return tuple(draft.names[:draft.players])
    return tuple(player.name for player in controller.state.players)
