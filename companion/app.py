"""The companion as one program: the main loop that owns the game.

One thread owns all game state (DESIGN.md, "The flow of one button press"): pad sources
only put `PadEvent`s on a queue; this loop hands them to the table controller, commits
the events the rules produce to the journal *before* anything is shown or spoken, then
draws the frame, queues the voice and sets the pad lights. Nothing here rolls a die or
decides a rule: the controller and the engine do that.
"""

from __future__ import annotations

import enum
import gc
import logging
import os
import queue
import sys
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from companion import service
from companion.config import Config
from companion.exc import GameClosedError, JournalError
from companion.games import game as installed_game
from companion.games import installed as installed_games
from companion.i18n import speaking, t
from companion.pads.events import Button, Kind, LightPattern, PadEvent, PadSource
from companion.prefs import apply_prefs, charts_in_force, screen_language
from companion.rules import events as ev
from companion.rules.dice import DiceSource, SystemDice
from companion.rules.evolve import replay
from companion.rules.state import EMPTY, GameState
from companion.store import Journal
from companion.store.card import TROUBLE_WORDS
from companion.store.control import take_new_game_request
from companion.table import Notice, Outcome, TableConfig, TableController, TableFrame
from companion.table.canoe import CanoeTable
from companion.table.canoe.frame import CanoeFrame
from companion.table.names import names_for
from companion.table.prefs import Prefs, PrefsStore
from companion.version import About


def new_game_notice() -> Notice:
    """The game-over notice, in the language the screen is drawn in now (`speaking`)."""
    return Notice(t("n.new_game"))

Controller = TableController | CanoeTable
"""The table of the game being played: MUSH's, or the Canoe game's."""


def journal_beside(path: Path, game: str) -> Path:
    """Where a game's journal lives: the configured file for MUSH, a file beside it
    named after any other game (`journal-canoe.sqlite3`): a journal holds one game's
    events, so MUSH's file and format stay exactly as they were."""
    if game == "mush":
        return path
    return path.with_name(f"{path.stem}-{game}{path.suffix}")


def journal_beside_base(journal: Journal) -> Path:
    """The configured journal's path, from any game's journal beside it."""
    name = journal.rules.name
    path = journal.path
    tail = f"-{name}"
    if name == "mush" or not path.stem.endswith(tail):
        return path
    return path.with_name(f"{path.stem[:-len(tail)]}{path.suffix}")

RECOVERY_NOTICE_SECONDS = 120.0
"""How long the screen says that a damaged journal was recovered (it is logged too)."""

REQUEST_POLL = 1.0
"""How often the loop looks for a `mush-companion new-game` request (one stat call)."""

log = logging.getLogger("companion")

_SYSLOG_PRIORITY = {logging.DEBUG: 7, logging.INFO: 6, logging.WARNING: 4, logging.ERROR: 3,
                    logging.CRITICAL: 2}


class _JournaldFormatter(logging.Formatter):
    """`<priority>logger: message`: journald turns the prefix into the entry's level."""

    def format(self, record: logging.LogRecord) -> str:
        priority = _SYSLOG_PRIORITY.get(record.levelno, 6)
        return f"<{priority}>{record.name}: {super().format(record)}"


def setup_logging(level: int = logging.INFO, stream: Any = None) -> None:
    """Logs to stderr, in the form journald shows well when run by systemd.

    Under systemd ($JOURNAL_STREAM is set) journald adds the time and unit itself, so a
    line is only the level prefix, the logger and the message; in a terminal the time is
    added. Nothing logged anywhere carries a bid before the reveal (R1, I5).
    """
    handler = logging.StreamHandler(stream or sys.stderr)
    if os.environ.get("JOURNAL_STREAM"):
        handler.setFormatter(_JournaldFormatter("%(message)s"))
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s",
                                               "%H:%M:%S"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)


class DisplayLike(Protocol):
    """What the loop needs of the display (companion.display.Display)."""

    language: str  # the screen's words; the settings screen switches it at once

    def wait(self, timeout: float | None = None) -> list[Any]: ...
    def draw(self, frame: Any) -> bool: ...
    def timeout(self) -> float: ...
    def close(self) -> None: ...


class VoiceLike(Protocol):
    """What the loop needs of the voice (companion.voice.Announcer)."""

    def event(self, event: object, all_covered: Collection[int] = ()) -> bool: ...
    def set_names(self, names: dict[int, str | None]) -> None: ...
    def repeat(self) -> bool: ...
    def close(self, timeout: float = 2.0) -> None: ...


class WebLike(Protocol):
    """What the loop needs of the phones' server (companion.web.server.WebServer)."""

    def publish(self, frame: Any, companion: Any) -> Any: ...
    def free_seat(self, seat: int) -> None: ...
    def close(self) -> None: ...


@dataclass
class Hooks:
    """Optional observers of the loop, for the demo's summary and for tests."""

    on_events: Callable[[Any, tuple[Any, ...]], None] | None = None  # (state, events)
    on_frame: Callable[[Any, bool], None] | None = None  # (frame, redrawn), after drawing
    on_shown: Callable[[int], None] | None = None  # journalled events now on screen


@dataclass
class Companion:
    """The main loop's owner: controller, journal, display, voice, pads and lights.

    Every part but the journal and the controller is optional, so the same loop runs the
    table (all parts), the demo (virtual pads) and the tests (no screen, no sound).
    """

    config: Config
    journal: Journal
    dice: DiceSource = field(default_factory=SystemDice)
    clock: Callable[[], float] = time.monotonic
    display: DisplayLike | None = None
    voice: VoiceLike | None = None
    pads: PadSource | None = None
    events: queue.Queue[PadEvent] = field(default_factory=queue.Queue)
    hooks: Hooks = field(default_factory=Hooks)
    watchdog: service.Watchdog | None = None
    web: WebLike | None = None  # phones as pads: handed every frame, never blocks
    # opens another game's journal beside this one (the demo's keeps its clock)
    open_journal: Callable[[Path, str], Journal] | None = None

    def __post_init__(self) -> None:
        self.game_id: int | None = None
        self._journals: dict[str, Journal] = {self.journal.rules.name: self.journal}
        self._base = journal_beside_base(self.journal)
        self.about = About()  # setup's line: version and address
        self.prefs_store = PrefsStore.beside(self.journal.path)
        self.prefs = self.prefs_store.load()
        self.prefs_problem = self.prefs_store.problems[0].split(": ", 1)[-1] \
            if self.prefs_store.problems else ""
        self._apply_voice()
        self._apply_screen_language()
        self.controller: Controller = self._start()
        self._lights: dict[int, Any] = {}
        self._digits: dict[int, str] = {}
        self._status = ""
        self._drawn_at = 0.0
        self._asked_at = 0.0
        self._started_at = time.monotonic()
        self.stopped = False
        self.frames = 0
        # how soon the pads want the loop's next turn (keyboard pads: pygame's queue)
        self._poll_seconds = self.pads.poll() if self.pads is not None else None

    # --- start --------------------------------------------------------------------

    def table_config(self, settings: Any = None) -> TableConfig:
        """The controller's settings: window lengths from [table], setup defaults from
        [game] (or from the settings of the game being continued)."""
        cfg = apply_prefs(self.config, self.prefs)  # the pads' settings over the file's
        game = settings or cfg.game
        game = replace(game, charts=charts_in_force(game.charts, self.prefs))
        language = screen_language(self.config, self.prefs)
        return TableConfig.from_game(game,
                                     reduce_seconds=cfg.table.reduce_seconds,
                                     reroll_seconds=cfg.table.reroll_seconds,
                                     claim_seconds=cfg.table.claim_seconds,
                                     hold_seconds=cfg.table.hold_seconds,
                                     language=language, screen_language=language,
                                     physical_dice=cfg.table.physical_dice,
                                     names=(*self.prefs.names, *names_for(language)),
                                     prefs=self.prefs, games=installed_games(),
                                     prefs_defaults=self._prefs_defaults(), about=self.about)

    def _prefs_defaults(self) -> tuple[tuple[str, object], ...]:
        """The config file's values of the settings the pads can change."""
        cfg = self.config
        return (("screen_language", cfg.display.language or cfg.voice.language),
                ("voice_language", cfg.voice.language),
                ("volume", cfg.voice.volume), ("muted", cfg.voice.muted),
                ("reduce_seconds", cfg.table.reduce_seconds),
                ("reroll_seconds", cfg.table.reroll_seconds),
                ("claim_seconds", cfg.table.claim_seconds))

    def keep_prefs(self, prefs: Prefs) -> str | None:
        """Settings changed on the pads: in force at once (voice, window lengths) and
        written to the settings file; returns what went wrong in saving, for the menu."""
        self.prefs = prefs
        self._apply_voice()
        cfg = apply_prefs(self.config, prefs)
        language = screen_language(self.config, prefs)  # names offered follow it too
        self.controller.config = replace(
            self.controller.config, reduce_seconds=cfg.table.reduce_seconds,
            reroll_seconds=cfg.table.reroll_seconds, claim_seconds=cfg.table.claim_seconds,
            language=language, screen_language=language,
            names=(*prefs.names, *names_for(language)), prefs=prefs)
        self._apply_screen_language()
        try:
            self.prefs_store.save(prefs)
        except OSError as exc:
            log.error("table settings not saved to %s: %s", self.prefs_store.path, exc)
            return exc.strerror or str(exc)
        self.prefs_problem = ""
        log.info("table settings saved to %s", self.prefs_store.path)
        return None

    def _apply_screen_language(self) -> None:
        """The screen's words follow the setting at once (the display redraws)."""
        if self.display is not None:
            self.display.language = screen_language(self.config, self.prefs)

    def _apply_voice(self) -> None:
        configure = getattr(self.voice, "configure", None)
        if configure is not None:
            configure(apply_prefs(self.config, self.prefs).voice)

    @property
    def game(self) -> str:
        """The name of the game the table plays now (its journal's)."""
        return self.journal.rules.name

    def _journal_for(self, name: str, create: bool) -> Journal | None:
        """The journal of game `name` (opened the first time; None when it does not
        exist yet and `create` is False)."""
        if name in self._journals:
            return self._journals[name]
        path = journal_beside(self._base, name)
        if not create and not path.exists():
            return None
        if self.open_journal is not None:
            journal = self.open_journal(path, name)
        else:
            journal = Journal(path, game=installed_game(name))
        self._journals[name] = journal
        return journal

    def _start(self) -> Controller:
        """At start: a game in progress in any game's journal is resumed (the configured
        game's first); else setup of the configured game."""
        wanted = self.config.game_name
        if wanted != self.game and self.journal.current_game() is None:
            journal = self._journal_for(wanted, create=True)
            assert journal is not None
            self.journal = journal
        if self.journal.current_game() is None:
            for name in self._other_games():
                other = self._journal_for(name, create=False)
                if other is not None and other.current_game() is not None:
                    self.journal = other
                    break
        return self._resume()

    def _other_games(self) -> list[str]:
        return [name for name in installed_games() if name != self.game]

    def switch_game(self, name: str) -> None:
        """Setup: the group chose another game; its journal and its setup take over."""
        journal = self._journal_for(name, create=True)
        assert journal is not None
        log.info("setup: the table plays %s", journal.rules.title)
        self.journal, self.game_id = journal, None
        latest = journal.latest_game()
        self.controller = self._setup(latest.settings if latest else None)

    def _setup(self, settings: Any = None) -> Controller:
        """A new game's setup, from the settings of the game last played."""
        if self.game == "canoe":
            return CanoeTable(dice=self.dice, clock=self.clock, config=self.table_config(),
                              last=settings)
        return TableController(EMPTY, self.dice, self.clock, self.table_config(settings))

    def _resume(self) -> Controller:
        """The game in progress from the journal, in the same phase; else setup (I6).

        Unrevealed bids were never written, so a game cut during bidding comes back in
        bidding with nobody locked in, and the players bid again (R1).
        """
        if self.game == "canoe":
            return self._resume_canoe()
        current = self.journal.current_game()
        if current is not None:
            events = self.journal.load(current.id)
            if events:
                self.game_id = current.id
                state = replay(events)
                log.info("resuming game %d: round %d, %s", current.id, state.round,
                         state.phase.value)
                self._names(state)
                return TableController(state, self.dice, self.clock,
                                       self.table_config(current.settings), history=events)
            return TableController(EMPTY, self.dice, self.clock,
                                   self.table_config(current.settings))
        latest = self.journal.latest_game()
        return TableController(EMPTY, self.dice, self.clock,
                               self.table_config(latest.settings if latest else None))

    def _resume_canoe(self) -> Controller:
        current = self.journal.current_game()
        if current is not None:
            events = self.journal.load(current.id)
            if events:
                self.game_id = current.id
                state = self.journal.rules.replay(events)
                log.info("resuming canoe trip %d: turn %d, %s", current.id, state.turns,
                         state.phase.value)
                self._names(state)
                return CanoeTable(state, self.dice, self.clock, self.table_config(),
                                  history=events)
            return self._setup(current.settings)
        latest = self.journal.latest_game()
        return self._setup(latest.settings if latest else None)

    def _names(self, state: Any) -> None:
        if self.voice is not None and state.players:
            self.voice.set_names({seat: p.name for seat, p in enumerate(state.players)})

    # --- one press, one commit ------------------------------------------------------

    def commit(self, outcome: Outcome) -> None:
        """Journal what the controller proposed, then let the voice and the hooks know.

        The journal's `append` returns only after the commit: an event is never shown
        or spoken before it is safe on disk. A commit the journal refuses is undone in
        memory too, so the game in memory is never ahead of the file. Settings changed on
        the pads are kept and put in force here.
        """
        if outcome.prefs is not None:
            self.controller.prefs_kept(self.keep_prefs(outcome.prefs))
        if outcome.game is not None and outcome.game != self.game:
            self.switch_game(outcome.game)
            return
        written: list[int] = []
        try:
            if not self._journal(outcome, written):
                return
        except GameClosedError as exc:
            # The game was closed behind the loop's back (an old tool, a hand edit):
            # never a crash; the table goes back to setup for a new game.
            log.error("the journal refused the table's events (%s): back to setup", exc)
            self.new_table()
            return
        except JournalError as exc:
            log.error("the journal refused the table's events: %s", exc)
            self._refused(partly=bool(written))
            return
        state = self.controller.state
        if any(self.journal.rules.opening(e) is not None for e in outcome.events):
            self._names(state)
        tired = tuple(s for s, p in enumerate(state.players) if p.uncovered == 0) \
            if isinstance(state, GameState) else ()
        for event in outcome.events:
            _log_event(event, state)
            if self.voice is not None:
                self.voice.event(event, all_covered=tired)
        if self.hooks.on_events is not None:
            self.hooks.on_events(state, outcome.events)

    def _journal(self, outcome: Outcome, written: list[int]) -> bool:
        """Write what the outcome changed (each batch written is noted in `written`);
        False when there are no events to pass on."""
        if outcome.retract and self.game_id is not None:
            withdrawn = self.journal.undo(self.game_id)
            if len(withdrawn) != outcome.retract:
                log.error("undo: journal withdrew %d events, the table %d",
                          len(withdrawn), outcome.retract)
        if not outcome.events:
            return False
        for event in outcome.events:
            settings = self.journal.rules.opening(event)
            if settings is not None:
                self.game_id = self.journal.new_game(settings)
                log.info("new %s game %d: %s", self.game, self.game_id,
                         ", ".join(getattr(settings, "names", ())))
        if self.game_id is None:
            log.error("events without a game: %s", [type(e).__name__ for e in outcome.events])
            return False
        # one batch a command (undo takes the last), all in one commit: the frame waits
        # for the card once
        batches = outcome.command_batches()
        self.journal.append_batches(self.game_id, batches)
        written.extend(len(batch) for batch in batches)
        return True

    def _refused(self, partly: bool) -> None:
        """The journal refused a commit: the game in memory goes back to the file's, and
        the table is told. When none of it was written the controller undoes the outcome;
        when part of it was (a window's payments, not its closing), the game is read back
        from the file."""
        if partly:
            try:
                self.controller = self._resume()
            except JournalError as exc:
                log.error("the journal cannot be read back either: %s", exc)
        self.controller.rollback()
        if self.controller.in_setup:
            self.game_id = None  # the game the journal refused to begin

    def take_requests(self) -> bool:
        """Act on a `mush-companion new-game` left beside the journal; True if one was.

        The game in progress is abandoned (it stays in the journal) and the table goes
        back to setup with the request's players, exactly as after a win.
        """
        request = take_new_game_request(self.journal.path)
        if request is None:
            return False
        log.info("new-game request from %s: abandoning game %s, back to setup",
                 f"process {request.pid}" if request.pid else "the command line",
                 self.game_id if self.game_id is not None else "-")
        if self.game_id is not None:
            try:
                self.journal.abandon(self.game_id)
            except JournalError as exc:
                log.error("could not abandon game %d: %s", self.game_id, exc)
        self.game_id = None
        self.controller = self._setup(request.settings if self.game == "mush" else None)
        return True

    def handle(self, pad_event: PadEvent) -> None:
        """One pad event through the controller (and the journal)."""
        if (self.over() and pad_event.kind is Kind.HOLD
                and pad_event.button is Button.RIGHT):
            self.controller.handle(pad_event)  # a hold: its release is then no click
            if self.controller.may_leave(pad_event.seat):
                self.new_table()
            return
        if self.web is not None and pad_event.kind is Kind.HOLD and \
                pad_event.button is Button.LEFT and \
                self.controller.private_bid(pad_event.seat) is None:
            self.web.free_seat(pad_event.seat)  # hold ◀ outside the bidding: a new phone
        self.commit(self.controller.handle(pad_event))

    def new_table(self) -> None:
        """After a win, holding ▶ on any pad goes back to setup for another game.

        (Holding ● stays the undo: a "reached Nome" pressed by mistake can be taken back.)

        The finished game stays in the journal; setup starts from its players.
        """
        settings = self.controller.state.settings
        log.info("game over: back to setup for a new game")
        self.game_id = None
        self.controller = self._setup(settings)

    def over(self) -> bool:
        """Whether the game on the table is over."""
        return self.journal.rules.outcome(self.controller.state) is not None

    # --- the loop -----------------------------------------------------------------

    def step(self, wait: float | None = None) -> None:
        """One turn of the main loop: wait for a press (or time), act, draw, light."""
        now = self.clock()
        if self.watchdog is not None:
            self.watchdog.tick(time.monotonic())
        timeout = self._timeout() if wait is None else wait
        try:
            first: PadEvent | None = self.events.get(timeout=timeout) if timeout > 0 else \
                self.events.get_nowait()
        except queue.Empty:
            first = None
        acted = self._pump_screen()
        if self.pads is not None:
            self._poll_seconds = self.pads.poll()
        if first is not None:
            self.handle(first)
            acted = True
        for _ in range(64):  # drain, but keep drawing under a flood of presses
            try:
                self.handle(self.events.get_nowait())
            except queue.Empty:
                break
            acted = True
        if time.monotonic() - self._asked_at >= REQUEST_POLL:
            self._asked_at = time.monotonic()
            acted = self.take_requests() or acted
        outcome = self.controller.tick()
        self.commit(outcome)
        acted = acted or outcome.applied or bool(outcome.events)
        # An idle table builds no frame: only a press, a tick that changed the game, or
        # the display's own cadence (30 fps while something moves, 2 Hz otherwise, for
        # countdowns and notices that expire) does. This keeps idle CPU near zero.
        if acted or time.monotonic() - self._drawn_at >= self._cadence():
            self.draw()
            self._sync_lights(now)
            self._report_status()
        self._collect()

    def _collect(self) -> None:
        """While `run` keeps Python's automatic garbage collector off, collect here, once
        the frame is shown: as often as the collector would have, but never between a
        press and its frame (a collection of the older objects takes milliseconds)."""
        if gc.isenabled():
            return
        counts, thresholds = gc.get_count(), gc.get_threshold()
        if counts[0] < thresholds[0]:
            return
        generation = 0
        while generation < 2 and counts[generation + 1] + 1 >= thresholds[generation + 1]:
            generation += 1
        gc.collect(generation)

    def _cadence(self) -> float:
        return self.display.timeout() if self.display is not None else 0.5

    def _timeout(self) -> float:
        """How long the loop may sleep: short while something moves or keys must be
        polled, long when the table is idle (the idle CPU stays near zero)."""
        limit = 0.5
        if self.display is not None:
            limit = min(limit, self.display.timeout())
        if self._poll_seconds is not None:
            limit = min(limit, self._poll_seconds)
        if self.watchdog is not None:
            due = self.watchdog.wait_timeout(time.monotonic(), longest=limit)
            limit = limit if due is None else due
        return limit

    def _pump_screen(self) -> bool:
        """pygame's events: keys for keyboard pads, window close, F5 repeats the voice.

        Returns whether any arrived (a resized or exposed window needs drawing too).
        """
        if self.display is None:
            return False
        import pygame

        events = self.display.wait(0)
        for event in events:
            if event.type == pygame.QUIT:
                self.stopped = True
            elif self.pads is not None and self.pads.handle_ui_event(event):
                continue
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F5 and self.voice:
                self.voice.repeat()
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                    not self.config.display.fullscreen:
                self.stopped = True
        return bool(events)

    def draw(self) -> None:
        """Build the controller's frame and draw it (the display skips unchanged frames)."""
        self._drawn_at = time.monotonic()
        frame: Any = self.controller.frame()
        if self.over():
            with speaking(screen_language(self.config, self.prefs)):
                frame = replace(frame, notices=(*frame.notices, new_game_notice()))
        warnings = self.journal_notices()
        if warnings:
            frame = replace(frame, notices=(*frame.notices, *warnings))
        if self.web is not None and isinstance(frame, TableFrame | CanoeFrame):  # phones
            frame = self.web.publish(frame, self)
        redrawn = False
        if self.display is not None:
            redrawn = self.display.draw(frame)
            self.frames += int(redrawn)
        if self.hooks.on_frame is not None:
            self.hooks.on_frame(frame, redrawn)
        if self.hooks.on_shown is not None and self.game_id is not None:
            self.hooks.on_shown(len(self.controller.history))

    def journal_notices(self) -> tuple[Notice, ...]:
        """What the table must know about its journal: a card that refuses writes (for as
        long as it does) and a damaged journal that was recovered (for two minutes), in
        the screen's language."""
        found: list[Notice] = []
        with speaking(screen_language(self.config, self.prefs)):
            if self.prefs_problem:
                found.append(Notice(t("n.prefs_damaged", problem=self.prefs_problem)))
            degraded = self.journal.degraded
            if degraded is not None:
                reason = t(TROUBLE_WORDS[degraded]) if degraded in TROUBLE_WORDS else degraded
                found.append(Notice(t("n.not_saved", reason=reason)))
            recovery = self.journal.recovery
            if recovery is not None and \
                    time.monotonic() - self._started_at < RECOVERY_NOTICE_SECONDS:
                # `lost` counts rows found but not kept; rows on pages that are gone are
                # not known, so the screen says "at least".
                found.append(Notice(t("n.repaired_lost", lost=recovery.lost) if recovery.lost
                                    else t("n.repaired")))
        return tuple(found)

    def _sync_lights(self, now: float) -> None:
        """Forward the lights and private digit displays that changed to the pads."""
        if self.pads is None:
            return
        for seat, light in self.controller.lights(now).items():
            if self._lights.get(seat) != light and seat in self.pads.seats:
                self._lights[seat] = light
                pattern: LightPattern = light.pattern
                self.pads.set_light(seat, pattern)
        for seat in self.pads.seats:
            bid = self.controller.private_bid(seat)
            text = "" if bid is None else str(bid)
            if self._digits.get(seat, "") != text:
                self._digits[seat] = text
                self.pads.show_digits(seat, text)  # that player's own display only

    def _report_status(self) -> None:
        if isinstance(self.controller, CanoeTable):
            text = self.controller.status()
        else:
            text = "Setting up" if self.controller.state.settings is None else \
                f"Round {self.controller.state.round}: " \
                f"{self.controller.state.phase.value.replace('_', ' ')}"
        if self.journal.degraded is not None:
            text += f" (not saved: {self.journal.degraded})"
        if text != self._status:
            self._status = text
            service.status(text)

    def run(self, stop: service.StopFlag | None = None, until: Callable[[], bool] | None = None,
            ) -> int:
        """Loop until asked to stop (SIGTERM, window closed, or `until()`)."""
        self.draw()
        service.ready(status="Table ready")
        # what start-up made lives as long as the program: the collector need not look at
        # it again; from now on the loop collects between frames (`_collect`)
        gc.collect()
        gc.freeze()
        collecting = gc.isenabled()
        gc.disable()
        try:
            while not self.stopped and not (stop is not None and stop.is_set()):
                if until is not None and until():
                    break
                self.step()
        finally:
            if collecting:
                gc.enable()
            gc.unfreeze()
            service.stopping()
            self._log_leaving()
        return 0

    def _log_leaving(self) -> None:
        state = self.controller.state
        if self.game_id is not None and not self.over():
            where = f"turn {state.turns}" if not isinstance(state, GameState) else \
                f"round {state.round}"
            log.info("stopping: game %d is kept at %s, %s; the next start resumes it",
                     self.game_id, where, state.phase.value.replace("_", " "))
        else:
            log.info("stopping")

    def close(self) -> None:
        """Close every part; each close is safe to call twice."""
        for part in (self.web, self.pads, self.voice, self.display):
            if part is not None:
                try:
                    part.close()
                except Exception:  # closing must never hide the real error
                    log.exception("closing %s", type(part).__name__)
        for journal in {id(j): j for j in (self.journal, *self._journals.values())}.values():
            journal.close()


_INFO_EVENTS = (ev.GameStarted, ev.TrainingOrderDrawn, ev.TrainingChosen, ev.InitiativeDrawn,
                ev.SticksPlaced, ev.RoundStarted, ev.BidsRevealed, ev.WeatherRolled,
                ev.GameWon)
_SEAT_FIELDS = frozenset({"seat", "roller", "ice_bear"})
_SEATS_FIELDS = frozenset({"order", "eligible"})


def _log_event(event: Any, state: Any) -> None:
    """One line per public event: round-level ones at INFO, the rest at DEBUG."""
    if event.private:  # never: the controller does not pass them on; belt and braces
        return
    level = logging.INFO if isinstance(event, _INFO_EVENTS) else logging.DEBUG
    if log.isEnabledFor(level):
        log.log(level, "%s", event_line(event, state))


def event_line(event: Any, state: Any) -> str:
    """An event as a log reads it: `WeatherRolled seat=Green zone=southern face=3 …`, seats
    by the players' names, enums by their values (the journal keeps the exact form)."""
    names: list[str] = [str(p.name) for p in state.players]

    def seat(value: object) -> str:
        if isinstance(value, int) and 0 <= value < len(names):
            return names[value]
        return str(value)

    parts = [type(event).__name__]
    for key, value in vars(event).items():
        if key == "settings":
            continue
        if key in _SEAT_FIELDS:
            text = seat(value)
        elif key in _SEATS_FIELDS and isinstance(value, tuple):
            text = ",".join(seat(v) for v in value) or "-"
        elif key == "bids" and isinstance(value, tuple):
            text = ",".join(f"{seat(i)}:{b}" for i, b in enumerate(value))
        elif isinstance(value, enum.Enum):
            text = str(value.value)
        elif isinstance(value, bool):
            text = "yes" if value else "no"
        elif isinstance(value, tuple):
            text = ",".join(str(v) for v in value) or "-"
        elif value is None:
            text = "-"
        else:
            text = str(value)
        parts.append(f'{key}="{text}"' if " " in text else f"{key}={text}")
    return " ".join(parts)


def headless_environment() -> None:
    """Use SDL's dummy drivers where there is no screen or no sound card.

    A Pi runs kmsdrm (the systemd unit sets it); a desktop has DISPLAY or WAYLAND_DISPLAY;
    anything else (a server, CI) gets the dummy video driver so the companion still runs.
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if "SDL_VIDEODRIVER" not in os.environ and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
            or Path("/dev/dri/card0").exists() or Path("/dev/dri/card1").exists()):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    if "SDL_AUDIODRIVER" not in os.environ and not Path("/dev/snd").exists():
        os.environ["SDL_AUDIODRIVER"] = "dummy"
