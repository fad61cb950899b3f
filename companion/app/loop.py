"""The companion as one program: the main loop that owns the game.

One thread owns all game state (DESIGN.md, "The flow of one button press"): pad sources
only put `PadEvent`s on a queue; this loop hands them to the table controller, commits
the events the rules produce to the journal *before* anything is shown or spoken, then
draws the frame, queues the voice and sets the pad lights. Nothing here rolls a die or
decides a rule: the controller and the engine do that. The journal's side of it (which
journal, resuming, committing, the notices about the card) is `JournalSide`.
"""

from __future__ import annotations

import gc
import logging
import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion.app import service
from companion.app.journals import JournalSide, journal_beside_base
from companion.app.parts import DisplayLike, Hooks, VoiceLike, WebLike
from companion.config.file import Config, apply_prefs, screen_language
from companion.config.names import names_for
from companion.config.prefs import Prefs, PrefsStore
from companion.config.section import section_of
from companion.config.table import TableConfig
from companion.core.dice import DiceSource, SystemDice
from companion.games import installed as installed_games
from companion.i18n import speaking, t
from companion.pads.events import Button, Kind, LightPattern, PadEvent, PadSource
from companion.store import Journal
from companion.table.frame import Notice
from companion.version import About


def new_game_notice() -> Notice:
    """The game-over notice, in the language the screen is drawn in now (`speaking`)."""
    return Notice(t("n.new_game"))


REQUEST_POLL = 1.0
"""How often the loop looks for a `mush-companion new-game` request (one stat call)."""

log = logging.getLogger("companion")


@dataclass
class Companion(JournalSide):
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
        self.game_id = None
        self._journals = {self.journal.rules.name: self.journal}
        self._base = journal_beside_base(self.journal)
        self.about = About()  # setup's line: version and address
        self.prefs_store = PrefsStore.beside(self.journal.path)
        self.prefs = self.prefs_store.load()
        self.prefs_problem = self.prefs_store.problems[0].split(": ", 1)[-1] \
            if self.prefs_store.problems else ""
        self._apply_voice()
        self._apply_screen_language()
        self.controller = self._start()
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
        [game] and the game's own section (or from the settings of the game being
        continued or last played: every game's settings hold its players' `names`)."""
        cfg = apply_prefs(self.config, self.prefs)  # the pads' settings over the file's
        section = section_of(self.game)
        part = section.in_force(section.setup(self.config.part(self.game), settings),
                                self.prefs)
        names = tuple(settings.names) if settings is not None else cfg.players
        language = screen_language(self.config, self.prefs)
        return TableConfig.for_setup(names, part,
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
        """The voice's settings follow the pads' at once (language, volume, muted)."""
        if self.voice is not None:
            self.voice.configure(apply_prefs(self.config, self.prefs).voice)

    def handle(self, pad_event: PadEvent) -> None:
        """One pad event through the controller (and the journal)."""
        if (self.over() and pad_event.kind is Kind.HOLD
                and pad_event.button is Button.RIGHT):
            self.controller.handle(pad_event)  # a hold: its release is then no click
            if self.controller.may_leave(pad_event.seat):
                self.new_table()
            return
        if self.web is not None and pad_event.kind is Kind.PRESS:
            self.web.pad_pressed(pad_event.seat)  # someone at the table: a locked room opens
        if self.web is not None and pad_event.kind is Kind.HOLD and \
                pad_event.button is Button.LEFT and \
                self.controller.private_bid(pad_event.seat) is None:
            self.web.free_seat(pad_event.seat)  # hold ◀ outside the bidding: a new phone
        self.commit(self.controller.handle(pad_event))

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
        # the frame is shown: a turn or a round just ended, or the table rests, so the
        # journal folds its newest commits into its main file (companion/store/quiet.py)
        self.journal.rest()
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
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F5:
                self.repeat()
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and \
                    not self.config.display.fullscreen:
                self.stopped = True
        return bool(events)

    def repeat(self) -> None:
        """Say the last announcement again: on the Pi's speaker, and on the table pages
        that play the voice for a table without one."""
        if self.voice is not None:
            self.voice.repeat()
        if self.web is not None:
            self.web.repeat()

    def draw(self) -> None:
        """Build the controller's frame and draw it (the display skips unchanged frames)."""
        self._drawn_at = time.monotonic()
        frame: Any = self.controller.frame()
        if self.over() and self.controller.leavable():  # offered once it may be taken
            with speaking(screen_language(self.config, self.prefs)):
                frame = replace(frame, notices=(*frame.notices, new_game_notice()))
        warnings = self.journal_notices()
        if warnings:
            frame = replace(frame, notices=(*frame.notices, *warnings))
        if self.web is not None:  # phones
            frame = self.web.publish(frame, self)
        redrawn = False
        if self.display is not None:
            redrawn = self.display.draw(frame)
            self.frames += int(redrawn)
        if self.hooks.on_frame is not None:
            self.hooks.on_frame(frame, redrawn)
        if self.hooks.on_shown is not None and self.game_id is not None:
            self.hooks.on_shown(len(self.controller.history))

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
        where = self.box.where(self.controller.state)
        text = "Setting up" if self.controller.in_setup else where[:1].upper() + where[1:]
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
            log.info("stopping: game %d is kept at %s; the next start resumes it",
                     self.game_id, self.box.where(state))
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
