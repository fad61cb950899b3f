"""The table controller: pad events in, rules commands out, a `TableFrame` to draw.

A dispatcher: pad event -> gesture -> the seat's menu -> the item chosen -> a rules
command applied -> its events fanned out to the parts, each owning its own state:

  gestures      PRESS/HOLD/RELEASE -> clicks and holds; stale presses are dropped
  navigation    each seat's place in its menus, and what a click chooses there
  roots         each seat's menus of the moment, built once per change (`menus`)
  setup         the setup menu and its draft
  bidding       the bids being chosen, secret (R1, I5)
  windows       reaction windows: countdowns, claims, promises, heads-up, choosing ahead
  entry         rolls made with the wooden dice, entered on the pads
  undo          the one choice that can still be taken back
  presentation  notices, transient screens, animations, blinks, the frame and the lights

Everything leaves through an `Outcome`: events for the journal, an undo, the settings
changed on the pads. The app commits it; a commit the journal refuses is undone here
(`rollback`), so the game in memory is never ahead of the file.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace

from companion.exc import RulesError
from companion.games.mush import commands as cmd
from companion.games.mush import events as ev
from companion.games.mush.dice import DiceSource, ScriptedDice
from companion.games.mush.engine import apply
from companion.games.mush.model import WindowKind
from companion.games.mush.phases import ActKind, act_of
from companion.games.mush.physical import roll_request
from companion.games.mush.table.describe import describe, log_words, refusal_text
from companion.games.mush.table.menus import name
from companion.games.mush.table.parts import TableParts
from companion.games.mush.table.undo import ROLLS_AND_REVEALS
from companion.i18n import t
from companion.pads.events import Button, PadEvent
from companion.table.actions import Enter
from companion.table.base import in_screen_language
from companion.table.frame import MenuStyle
from companion.table.gestures import STALE_BLINK, Gesture
from companion.table.navigation import pays
from companion.table.outcome import Outcome
from companion.table.saving import restore, saved
from companion.table.tree import Node

log = logging.getLogger("companion.table")
_MOVES = (*ROLLS_AND_REVEALS, ev.WindowOpened, ev.WindowClosed)
"""After these every seat's menu starts again from its top, but for the take-dice window
opening: its offer was on the others' menus already, and a seat choosing in it carries
on (a menu that did change starts again from its top all the same)."""


class TableController(TableParts):
    """Turns `PadEvent`s into rules commands through menus built from `legal()`."""

    @in_screen_language
    def may_leave(self, seat: int, now: float | None = None) -> bool:
        """Game over: whether the results may be left now (not in their first seconds, so
        a hold meant for something else cannot sweep them away). Tells the seat."""
        return self._show.may_leave(seat, self._clock() if now is None else now)

    def leavable(self, now: float | None = None) -> bool:
        """Game over: whether the results may be left now; nobody is told anything (the
        screen offers a new game only from then)."""
        return self._show.leavable(self._clock() if now is None else now)

    # --- pad events, time, the journal's answer ----------------------------------------

    @in_screen_language
    def handle(self, event: PadEvent) -> Outcome:
        """One pad event. Never raises for a refused press: the seat gets a `Notice`."""
        self._saved, seat, button, setup = None, event.seat, event.button, self.in_setup
        if not self.may_press(seat):
            return Outcome()
        now, secret = self._clock(), self._bidding()
        if not secret:  # ◀ ▶ during bidding are never logged: a count is a secret
            log.debug("pad: seat %d %s %s", seat, button.value, event.kind.value)
        act = self._gestures.feed(event, float("inf") if setup else now)  # setup: no guard
        if act is None:
            return Outcome()
        if not act.fresh:
            log.debug("pad: seat %d %s dropped (the menu had just changed)", seat, button.value)
            self._show.stale(seat, now, secret)
            return Outcome()
        self._show.fresh(seat)
        self._menus.pressed(seat, now)
        held = act.gesture is Gesture.HOLD
        if setup:
            out = self._setup_press(button, held)
        else:
            out = self._hold(seat, button) if held else self._click(seat, button,
                                                                      act.pressed_at)
        out = out.then(self._settle(now))
        self._windows.touch(seat, now)  # a claim in use lives on (within its cap)
        if not setup:
            self._menus.looked(seat)  # what its buttons do now, as the seat sees it
        return out

    @in_screen_language
    def tick(self, now: float | None = None) -> Outcome:
        """Time passes: an idle sub-menu that could pay closes, a claim past its time
        lapses, a window whose countdown ran out with nobody choosing closes."""
        self._saved, when = None, self._clock() if now is None else now
        if self._hand.entry is not None:
            return Outcome()  # the game waits for the roll by hand; no countdown runs
        closed = self._menus.close_idle(0 if self.in_setup else len(self._state.players), when)
        lapsed = self._windows.lapse(when)
        self._gestures.changed(lapsed, when)
        out = Outcome()
        if self._windows.due(self._state, when, self._gestures.pressing()):
            out = self._windows.close(lambda: self._state, lambda c: self._apply(c, when))
        return out.then(self._settle(when)) if out.applied or closed or lapsed else out

    @in_screen_language
    def rollback(self) -> None:
        """The journal refused the last outcome: every part goes back to how it was before
        the outcome's first change (as the file has it), and the table is told."""
        if self._saved is not None:
            config = self._config  # settings kept meanwhile stay
            restore(self._saved)
            self._config, self._saved = config, None
            self._menus.forget()
        self._show.notice(None, t("c.not_saved"))

    def prefs_kept(self, problem: str | None) -> None:
        """The app kept the settings an outcome handed on; `problem`: why not in the file."""
        self._setup.kept(problem)

    # --- presses -----------------------------------------------------------------------

    def _setup_press(self, button: Button, held: bool) -> Outcome:
        if held:
            self._setup.hold(button)
        command = None if held else self._setup.click(button)
        switch = self._setup.take_switch()
        if switch is not None:
            return Outcome(game=switch)
        out = self._apply(command, self._clock()) if command is not None else Outcome()
        prefs = self._setup.changed_prefs()
        return out if prefs is None else replace(out, prefs=prefs)

    def _click(self, seat: int, button: Button, pressed_at: float) -> Outcome:
        """A click that opens or leaves a sub-menu changes what the seat's buttons do, so
        its next press waits for the guard: a double press never walks two levels.

        A press never acts on a menu its player has not seen: after its menu changed under
        it (not by its own press) while it stood inside it, a press whose button now does
        something else only shows the new menu; and a Pay line pays only once it has been
        on screen `pay_guard_seconds` (two quick taps never spend chips)."""
        before = self._nav.path(seat)
        chosen: Node | cmd.Command | None = None
        tree = self._root(seat).tree
        if act_of(self._state) is ActKind.NONE:
            self._show.notice(seat, t("c.game_over"))
        elif tree is None:
            self._show.notice(seat, self._wait_text(seat))
        elif tree.style == MenuStyle.BID:
            chosen = self._bids.click(self._state, seat, button)
        elif not self._menus.as_seen(seat, button, tree):
            self._show.notice(seat, t("c.menu_changed"))
            self._show.blink(seat, STALE_BLINK)
        elif isinstance(clicked := self._nav.click(seat, button, tree), str):
            self._show.notice(seat, clicked)
        elif isinstance(clicked, Node) and pays(clicked) and self._gestures.shown_for(
                seat, pressed_at) < self._config.pay_guard_seconds:
            self._show.stale(seat, self._clock(), secret=False)
        else:
            chosen = clicked
        out = self._choose(seat, chosen)
        if self._nav.path(seat) != before:
            self._gestures.changed((seat,), self._clock())
        return out

    def _hold(self, seat: int, button: Button) -> Outcome:
        if self._bidding() and button is not Button.SELECT:
            self._bids.hold(self._state, seat, button)
            return Outcome()
        tree = self._root(seat).tree if self._hand.entry is None else None
        if button is not Button.SELECT:  # the stick's move is chosen by holding ▶
            node = self._nav.hold(seat, button, tree) if tree is not None else None
            if node is not None:
                self._gestures.changed((seat,), self._clock())
            return self._choose(seat, node)
        if self._hand.entry is not None:  # its roller steps back out of a roll it chose
            if not self._hand.leave(seat):
                self._show.notice(seat, self._wait_text(seat))
                return Outcome()
            self._nav.clear(seat)
            self._windows.open_clock(self._state, self._clock())
            return Outcome(applied=True)
        if tree is not None and tree.style != MenuStyle.BID and self._nav.back(seat, tree):
            self._gestures.changed((seat,), self._clock())
            return Outcome()
        return self._take_back(seat)

    def _choose(self, seat: int, chosen: Node | cmd.Command | None) -> Outcome:
        """A roll entered by hand, the table's own choice, or a rules command."""
        if isinstance(chosen, Node) and isinstance(chosen.act, Enter):
            entry = self._hand.take()
            dice = ScriptedDice(entry.request.faces(chosen.act.value))
            return self._apply(entry.command, self._clock(), dice)
        if isinstance(chosen, Node):
            chosen = self._windows.choose(self._state, seat, chosen)
            if chosen is None:
                return Outcome(applied=True)
        return self._apply(chosen, self._clock()) if chosen is not None else Outcome()

    # --- applying ----------------------------------------------------------------------

    def _apply(self, command: cmd.Command, now: float, dice: DiceSource | None = None
               ) -> Outcome:
        before = self._state
        request = roll_request(before, command) if dice is None and \
            self._config.physical_dice else None
        if request is not None:  # held back until its roller enters the roll
            self._hand.ask(before, command, request)
            self._windows.clock = None  # a window that was closing has had its say
            self._nav.clear(request.seat)
            log.debug("seat %d rolls %s by hand", request.seat, request.kind.value)
            return Outcome(applied=True)
        try:
            after, events = apply(before, command, dice if dice is not None else self._dice)
        except RulesError as error:
            log.debug("refused: seat %d %s (%s)", command.seat, log_words(command, before),
                      type(error).__name__)
            self._show.notice(command.seat if command.seat >= 0 else None, refusal_text(error))
            return Outcome()
        self._checkpoint()
        public = tuple(e for e in events if not e.private)
        self._windows.applied(command, after)
        self._undo.applied(command, events, public, describe(command, before))
        self._state = after
        self._history.extend(public)
        self._show.moved_on()
        self._after(public, now)
        log.debug("seat %d: %s; events: %s", command.seat, log_words(command, before), public)
        return Outcome(public, (), True, (public,) if public else ())

    def _after(self, events: Sequence[ev.Event], now: float) -> None:
        """A command's events, fanned out to the parts."""
        state = self._state
        for event in events:
            self._show.on_event(event, state, now)
            self._moved |= isinstance(event, _MOVES) and not (
                isinstance(event, ev.WindowOpened) and event.kind is WindowKind.REDUCE)
            self._windows.on_event(event, state, now, self._show.landing(now))
            self._bids.on_event(event)
        self._windows.after(state)
        landing = self._show.landing(now, rolling=True)
        if landing > 0:  # no menu counts as seen while the dice still tumble
            self._gestures.wait(range(len(state.players)), now + landing)

    def _take_back(self, seat: int) -> Outcome:
        """Hold ● at the top: undo the seat's own last choice, if nothing was rolled since."""
        refusal = self._wait_text(seat) if self._hand.entry is not None else \
            self._undo.refusal(seat, [p.name for p in self._state.players])
        if refusal is not None:
            self._show.notice(seat, refusal)
            return Outcome()
        self._checkpoint()
        point, self._state = self._undo.take(self._history)
        self._nav.clear()
        self._show.moved_on(undone=True)
        self._windows.undone(self._state, self._clock())
        self._show.notice(None, t("c.took_back", name=name(self._state, seat), what=point.text))
        log.info("%s took back: %s (%d events withdrawn)", name(self._state, seat), point.text,
                 len(point.events))
        return Outcome((), point.events, True)

    def _checkpoint(self) -> None:
        """Before the first change the journal must confirm: how to come back here."""
        if self._saved is None:
            parts = (self._show, self._bids, self._hand, self._undo, self._menus)
            self._saved = [(self, saved(self)), (self._nav, saved(self._nav, ("_ui",))),
                           (self._gestures, saved(self._gestures, ("_down",))),
                           (self._windows, saved(self._windows, ("clock",)))] + [
                (part, saved(part)) for part in parts]

    # --- what changed ------------------------------------------------------------------

    def _settle(self, now: float) -> Outcome:
        """After a press or a tick: menus that changed start again from their top; the
        window's claims follow the seats' menus; a window nobody waits for closes."""
        self._mark_changes(now)
        if self._hand.entry is not None or \
                not self._windows.settle(self._state, now, self._gestures.pressing()):
            return Outcome()
        out = self._windows.close(lambda: self._state, lambda c: self._apply(c, now))
        self._mark_changes(now)
        return out


__all__ = ["ROLLS_AND_REVEALS", "Outcome", "TableController"]
