"""The table controller: pad events in, rules commands out, a `TableFrame` to draw.

It owns no rules. The game is the engine's `GameState`; the controller keeps only UI
bookkeeping, each idea in a module of its own:

  gestures    PRESS/HOLD/RELEASE -> clicks and holds; stale presses are dropped
  navigation  each seat's place in its list menus
  reactions   the menus of reaction windows: claim, choose, confirm (nothing spends on
              one press), and the confirmation in front of every other payment
  windows     a window's countdown: it starts when the roll has landed, holds while a
              seat chooses, and closes the window by itself (silence means "no")
  payments    the trace of who paid what during the turn
  menus       the trees of choices, built from the rules' `legal()`

and here: applying commands, undo, transient screens, the frame and the lights.

Secrecy (R1, I5): the bid being chosen lives in `_bids` and leaves the controller only
through `private_bid(seat)` and that seat's own light. During bidding nothing is logged
about ◀ ▶ presses, a lock is logged without its amount, private events are never
returned, and the frame carries only the public view's locked/not-locked.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Concatenate, ParamSpec, TypeVar

from companion.pads.events import Blink, Button, Light, PadEvent
from companion.rules import commands as cmd
from companion.rules import events as ev
from companion.rules.dice import DiceSource, ScriptedDice, SystemDice
from companion.rules.engine import apply, is_legal
from companion.rules.errors import (
    GameOverError,
    NotEnoughChipsError,
    NotYourTurnError,
    RulesError,
)
from companion.rules.evolve import replay
from companion.rules.model import Phase, RollKind, WindowKind
from companion.rules.phases import ActKind, act_of, seats_to_act
from companion.rules.physical import RollRequest, roll_request
from companion.rules.queries import reduce_cap, waiting_seats
from companion.rules.state import EMPTY, GameState
from companion.table.config import TableConfig
from companion.table.entry import Entry, entered_value, make_entry, roll_words
from companion.table.frame import Menu, Notice, TableFrame, UndoOffer, chart_faces
from companion.table.gestures import STALE_BLINK, Act, Gesture, Gestures
from companion.table.lights import LIMIT_BLINK, WINNER_BLINK, LightState, bid_blink, blink_seconds
from companion.table.menus import (
    CLIMATE_LABEL,
    KEYS,
    PLACE_LABEL,
    STICK_LABEL,
    Node,
    Tree,
    gain_text,
    name,
    seat_tree,
    walk,
)
from companion.table.navigation import Navigator, offered, presses_to, signature
from companion.table.payments import payments
from companion.table.reactions import (
    CLAIM_KEY,
    OFFER,
    guard_payments,
    heads_up_tree,
    offer_in_place_of_stick,
    roll_of,
    window_tree,
)
from companion.table.setup import MOST_SEATS as MAX_PLAYERS
from companion.table.setup import SetupDraft, setup_tree
from companion.table.stats import game_stats
from companion.table.view import stats_view, table_view
from companion.table.windows import WindowClock
from companion.words import speaking, t

log = logging.getLogger("companion.table")

ROLLS_AND_REVEALS: tuple[type[ev.Event], ...] = tuple(
    t for t in ev.EVENT_TYPES if not ev.UNDOABLE[t] and not t.private)
"""A command whose events include one of these can never be taken back (`events.UNDOABLE`)."""

SETUP_UI = cmd.TABLE
"""Setup has one shared menu, kept under the table's seat number."""

_ANIMATIONS: dict[type[ev.Event], str] = {
    ev.TrainingOrderDrawn: "draw", ev.InitiativeDrawn: "draw", ev.BidsRevealed: "reveal",
    ev.WeatherRolled: "weather", ev.DogDiceRolled: "dice", ev.TerrainRolled: "die",
    ev.AvalancheRolled: "die", ev.PressRolled: "die", ev.GameWon: "win",
}
_ROLLING = ("weather", "dice", "die")
"""Animations of dice landing: until they have, no menu takes a press."""
_ROLL_SCREENS = {RollKind.WEATHER: "weather", RollKind.DOGS: "dogs", RollKind.TERRAIN: "terrain",
                 RollKind.AVALANCHE: "avalanche", RollKind.PRESS: "pressing"}
_PHASE_SCREENS = {
    Phase.TRAINING: "training", Phase.BIDDING: "bidding", Phase.EARLY_RISER: "early_riser",
    Phase.WEATHER: "weather", Phase.TURN: "turn", Phase.REDUCE: "reduce",
    Phase.MOVING: "moving", Phase.PRESS_MOVE: "moving", Phase.PRESSING: "pressing",
    Phase.GAME_OVER: "game_over",
}

_WAIT_TEXTS = {
    ActKind.TRAIN: "c.training",
    ActKind.WEATHER: "c.weather",
}
"""Waiting texts for the acts of one named seat outside a turn; in a turn it is its turn."""

Target = cmd.Command | Callable[[cmd.Command], bool]
"""What `next_press` steers towards: a command, or a test on the commands of menu items."""


@dataclass(frozen=True)
class Outcome:
    """What one pad event or tick did, for the journal and the voice.

    `events` are the new engine events to append, in order; private ones (a bid's lock)
    are never among them. `retracted` is non-empty only for an undo.

    How the append-only journal follows (I6):
      - `events`: append each one, in order, committed before the frame is shown;
      - `retract` = n > 0: append one undo marker carrying n (and, to check, the
        retracted events); delete nothing. On replay, keep a list of events and, at a
        marker, drop its last n entries before folding on.
    The n events are always the journal's newest n events (one command's, with no roll or
    reveal among them), and a marker never reaches back past an earlier marker: undo goes
    back one command only, and any command applied after it ends the chance to undo.
    """

    events: tuple[ev.Event, ...] = ()
    retracted: tuple[ev.Event, ...] = ()
    applied: bool = False  # a rules command was applied, an undo made, or chips promised
    # `events` command by command: the journal stores each command's events as one batch
    # (undo takes back the last batch), so a window closing and the choice made ahead
    # that acts then stay two batches. Empty: `events` is one batch.
    batches: tuple[tuple[ev.Event, ...], ...] = ()

    @property
    def retract(self) -> int:
        """How many events at the end of the journal this undo withdraws."""
        return len(self.retracted)

    @property
    def undone(self) -> bool:
        """Whether this was an undo."""
        return bool(self.retracted)

    def then(self, other: Outcome) -> Outcome:
        """This outcome followed by `other` (an undo is never followed by more)."""
        if not other.applied and not other.events:
            return self
        if not self.applied and not self.events:
            return other
        return Outcome(self.events + other.events, self.retracted or other.retracted, True,
                       self.command_batches() + other.command_batches())

    def command_batches(self) -> tuple[tuple[ev.Event, ...], ...]:
        """`events`, one tuple per command, for the journal."""
        if self.batches:
            return self.batches
        return (self.events,) if self.events else ()


class _NoDice:
    """Dice for looking ahead: closing a reroll window never rolls."""

    def roll(self, sides: int) -> int:
        raise LookupError("looking ahead must not roll a die")


_NO_DICE = _NoDice()


@dataclass(frozen=True)
class _UndoPoint:
    """The last command, while it may still be taken back: who sent it, its events."""

    seat: int
    events: tuple[ev.Event, ...]
    text: str


P = ParamSpec("P")
R = TypeVar("R")


def _in_screen_language(method: Callable[Concatenate[TableController, P], R]
                        ) -> Callable[Concatenate[TableController, P], R]:
    """Run a public method in the screen's language, so every menu, waiting text and
    notice it builds is worded for the table (`TableConfig.screen_language`)."""
    def wrapper(self: TableController, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with speaking(self.config.screen_language):
            return method(self, *args, **kwargs)
    functools.update_wrapper(wrapper, method)
    return wrapper


class TableController:
    """Turns `PadEvent`s into rules commands through menus built from `legal()`."""

    def __init__(
        self,
        state: GameState = EMPTY,
        dice: DiceSource | None = None,
        clock: Callable[[], float] = time.monotonic,
        config: TableConfig | None = None,
        history: Iterable[ev.Event] = (),
    ) -> None:
        self.config = config or TableConfig()
        self._state = state
        self._dice: DiceSource = dice if dice is not None else SystemDice()
        self._clock = clock
        self._draft = SetupDraft.from_config(self.config)
        self._history: list[ev.Event] = [e for e in history if not e.private]
        # Undo replays the kept events from here: the game's start when the history is
        # the whole game (a resumed journal), else the state the controller began with.
        self._origin = EMPTY if self._history else state
        self._nav = Navigator()
        self._gestures = Gestures(self.config.guard_seconds)
        self._bids: dict[int, int] = {}
        self._undo: _UndoPoint | None = None
        self._undo_refusal = "c.nothing_back"  # a key of companion.words
        now = clock()
        self._window: WindowClock | None = None
        self._promised: dict[int, int] = {}  # X2: chips promised, paid when the window closes
        self._quiet: set[int] = set()  # "not until my turn": windows do not wait for them
        self._asked: set[int] = set()  # asked to be asked before the roller's dice roll
        self._waited_for: set[int] = set()  # asked first: the open reduce window waits
        # the next step chosen during a reroll window: (seat, command, the state it was
        # chosen against); it acts when the window closes, if the roll still stands
        self._intent: tuple[int, cmd.Command, GameState] | None = None
        self._preview_of: tuple[GameState, GameState | None] | None = None
        self._entry: Entry | None = None  # physical dice: a command waiting for its roll
        self._won_at: float | None = now if act_of(state) is ActKind.NONE else None
        if state.window is not None:
            self._window = self._open_clock(state, now, 0.0)
        self._notices: list[tuple[Notice, float]] = []
        self._transient: tuple[str, float, float] | None = None  # screen, start, seconds
        self._animation: tuple[str, float] | None = None
        self._blinks: dict[int, tuple[LightState, float]] = {}
        self._requests = 0
        self._last_frame: TableFrame | None = None
        self._serial = 0
        self._signatures: dict[int, object] = {}
        self._shown_screen = ""
        self._last_press: dict[int, float] = {}  # each seat's last press that acted
        self._too_soon: dict[int, float] = {}  # seat -> until when its menu says "too soon"
        self._moved = False  # a roll, a reveal or a window opening or closing since last time
        self._mark_changes(now)

    # --- what the app reads ------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The engine state (the game); the controller never changes it but through apply."""
        return self._state

    @property
    def clock(self) -> Callable[[], float]:
        """The clock the controller's countdowns and guards run on."""
        return self._clock

    @property
    def in_setup(self) -> bool:
        """True until "Start the game" has been chosen."""
        return self._state.settings is None

    @property
    def history(self) -> tuple[ev.Event, ...]:
        """The public events of this game as the controller has seen them."""
        return tuple(self._history)

    def private_bid(self, seat: int) -> int | None:
        """The bid `seat` is choosing (or has locked), for its own pad only; None outside
        bidding. Never log, show or speak this (R1, I5)."""
        state = self._state
        if self.in_setup or act_of(state) is not ActKind.BID:
            return None
        if not 0 <= seat < len(state.players):
            return None
        locked = state.bids[seat]
        return locked if locked is not None else self._bids.get(seat, 0)

    def ready(self, seat: int, now: float | None = None) -> bool:
        """Whether a press of `seat` made now would act (not dropped as stale)."""
        when = self._clock() if now is None else now
        return when >= self._gestures.ready_at(seat)

    @property
    def entry(self) -> RollRequest | None:
        """Physical dice: the roll the table is asked to enter now, or None."""
        return self._entry.request if self._entry is not None else None

    def promised(self, seat: int) -> int:
        """Chips `seat` promised in the open reduce window (paid when it closes)."""
        return self._promised.get(seat, 0)

    def offers_heads_up(self, seat: int) -> bool:
        """Whether `seat` is offered, now, to be asked before another seat's dice roll."""
        tree = self._tree(seat)
        return tree is not None and tree.key == "heads_up" and seat not in self._asked

    @_in_screen_language
    def may_leave(self, seat: int, now: float | None = None) -> bool:
        """Game over: whether the results may be left now (not in their first seconds,
        so one hold meant for something else cannot sweep them away). Tells the seat."""
        when = self._clock() if now is None else now
        if self._won_at is not None and when - self._won_at < self.config.results_seconds:
            left = self.config.results_seconds - (when - self._won_at)
            self._notice(seat, t("c.results_stay", s=f"{left:.0f}"))
            return False
        return True

    # --- pad events ------------------------------------------------------------------------

    @_in_screen_language
    def handle(self, event: PadEvent) -> Outcome:
        """One pad event. Never raises for a refused press: the seat gets a `Notice`."""
        seat, button = event.seat, event.button
        if not self._may_press(seat):
            return Outcome()
        now = self._clock()
        if not self._bidding():  # ◀ ▶ during bidding are never logged: a count is a secret
            log.debug("pad: seat %d %s %s", seat, button.value, event.kind.value)
        act = self._gestures.feed(event, now) if not self.in_setup else self._setup_act(event)
        if act is None:
            return Outcome()
        if not act.fresh:
            log.debug("pad: seat %d %s dropped (the menu had just changed)", seat, button.value)
            self._blink(seat, STALE_BLINK)
            if not self._bidding():  # a bidder's presses are never shown (I5)
                self._too_soon[seat] = now + self.config.notice_seconds / 2
            return Outcome()
        self._too_soon.pop(seat, None)
        self._last_press[seat] = now
        hold = act.gesture is Gesture.HOLD
        out = self._hold(seat, button) if hold else self._click(seat, button)
        out = out.then(self._settle(now))
        if self._window is not None:
            self._window.touch(seat, now)  # a claim in use lives on (within its cap)
        return out

    @_in_screen_language
    def tick(self, now: float | None = None) -> Outcome:
        """Time passes: a claim past its cap lapses; a window whose countdown has run out
        with nobody choosing closes (`CloseWindow(TABLE)`)."""
        when = self._clock() if now is None else now
        if self._entry is not None:
            return Outcome()  # the game waits for the roll by hand; no countdown runs
        clock = self._window
        out, lapsed = Outcome(), self._close_idle_menus(when)
        if clock is not None:
            for seat in clock.expired_claims(when):
                self._nav.clear(seat)
                self._gestures.changed((seat,), when)
                self._waited_for.discard(seat)
                clock.release(seat, when, lapsed=True)
                self._notice(seat, t("c.claim_lapsed"))
                lapsed = True
            if clock.due(when) and not self._ahead_busy(when):
                log.debug("%s window: time is up", clock.kind)
                out = self._close_window(when)
        if out.applied or lapsed:
            return out.then(self._settle(when))
        return out

    def _close_idle_menus(self, now: float) -> bool:
        """A seat inside a sub-menu that can pay, with no press for `menu_idle_seconds`,
        is sent back to its top menu: a path left open is never walked by a press meant
        for something else later. (Inside a window's choices, the claim's own lapse does
        this sooner.)"""
        if self.in_setup:
            return False
        closed = False
        for seat in range(len(self._state.players)):
            path = self._nav.path(seat)
            if not path or _claiming(path):
                continue
            if now - self._last_press.get(seat, now) < self.config.menu_idle_seconds:
                continue
            tree = self._tree(seat)
            if tree is None or not _can_pay(walk(tree, path)[0]):
                continue
            self._nav.clear(seat)
            self._gestures.changed((seat,), now)
            self._notice(seat, t("c.back_to_top"))
            closed = True
        return closed

    def _setup_act(self, event: PadEvent) -> Act | None:
        """Setup has no guard: one shared menu that one pad drives."""
        return self._gestures.feed(event, float("inf"))

    # --- presses -----------------------------------------------------------------------------

    def _may_press(self, seat: int) -> bool:
        if self.in_setup:
            if self.config.setup_pad is None:
                return 0 <= seat < MAX_PLAYERS
            return seat == self.config.setup_pad
        return 0 <= seat < len(self._state.players)

    def _bidding(self) -> bool:
        return not self.in_setup and act_of(self._state) is ActKind.BID

    def _tree(self, seat: int) -> Tree | None:
        """The root of a seat's menus now: the rules' choices with every payment behind a
        confirmation; in a window, claim-then-choose; while another seat decides to move,
        the offer to be asked before its dice roll."""
        state = self._state
        if self._entry is not None:  # physical dice: only the roller acts, entering it
            return self._entry.tree if seat == self._entry.request.seat else None
        act = act_of(state)
        if act is ActKind.REACT:
            tree = None
            if seat not in self._quiet or seat in self._promised:
                tree = window_tree(state, seat, self._promised)
            ahead = self._ahead_tree(seat, tree)
            return ahead if ahead is not None else tree
        elif act is ActKind.TURN and seat not in seats_to_act(state):
            tree = None if seat in self._quiet else heads_up_tree(state, seat,
                                                                  seat in self._asked)
        else:
            tree = seat_tree(state, seat)
        if tree is not None and tree.style in ("list", KEYS):
            guard_payments(tree)
        return tree

    def preview(self) -> GameState | None:
        """The game as it will be when the open reroll window closes with nobody paying,
        or None (no reroll window, or closing it would roll a die)."""
        state = self._state
        if state.window is None or state.window.kind is not WindowKind.REROLL:
            return None
        if self._preview_of is None or self._preview_of[0] is not state:
            try:
                after: GameState | None = apply(state, cmd.CloseWindow(cmd.TABLE),
                                                _NO_DICE)[0]
            except (RulesError, LookupError):
                after = None
            self._preview_of = (state, after)
        return self._preview_of[1]

    def _ahead_tree(self, seat: int, window: Tree | None) -> Tree | None:
        """During a reroll window, the seat that acts next already sees its next menu (and
        its own reroll in it): it may choose while the others decide, and its choice acts
        when the window closes. So the countdown runs while the table plays on.

        In a menu of buttons the reroll takes the stick's place (▶ ▶: a stick is bought
        once the window has closed); in a list it sits one ◀ from the item the menu opens
        on for the roller's own roll, last for another's."""
        after = self.preview()
        if after is None:
            return None
        tree = seat_tree(after, seat)
        if tree is None or tree.style not in ("list", KEYS):
            return None
        guard_payments(tree)
        own = window.find(f"{CLAIM_KEY}.reroll") if window is not None else None
        if own is not None:  # the reroll: straight to its confirmation
            # among the next move's choices the reroll says whose roll it is (the window's
            # offer calls it "Reroll" under a question that does)
            own.label = t("r.reroll", roll=roll_of(self._state, seat))
            window_state = self._state.window
            if tree.style == KEYS:
                offer_in_place_of_stick(tree, own)
            else:
                keys = [n.key for n in tree.items]
                if window_state is not None and window_state.roller == seat \
                        and tree.default in keys:
                    tree.items.insert(keys.index(tree.default), own)
                else:
                    tree.items.append(own)
        tree.key = "ahead"
        intent = self._intent
        if intent is not None and intent[0] == seat:
            tree.note = t("c.intent", what=describe(intent[1], after))
        else:
            tree.note = t("c.acts_later")
        return tree

    def intent(self, seat: int) -> cmd.Command | None:
        """What `seat` chose to do once the open window closes, if anything."""
        return self._intent[1] if self._intent is not None and self._intent[0] == seat \
            else None

    def _click(self, seat: int, button: Button) -> Outcome:
        """A click; a click that opens or leaves a sub-menu changes what the seat's buttons
        do, so its next press waits for the guard: a double press never walks two levels
        (nor reaches a payment) at once."""
        before = self._nav.path(seat)
        out = self._click_menu(seat, button)
        if self._nav.path(seat) != before and not self.in_setup:
            self._gestures.changed((seat,), self._clock())
        return out

    def _click_menu(self, seat: int, button: Button) -> Outcome:
        if self.in_setup:
            return self._list_click(SETUP_UI, button, self._setup_tree())
        state = self._state
        if act_of(state) is ActKind.NONE:
            self._notice(seat, t("c.game_over"))
            return Outcome()
        self._waited_for.discard(seat)  # its first press: it is choosing now, or not
        tree = self._tree(seat)
        if tree is None:
            self._notice(seat, self._wait_text(seat))
            return Outcome()
        if tree.style == "bid":
            return self._bid_click(seat, button)
        if tree.style == OFFER and not self._nav.path(seat):  # a press takes an offer
            node = offered(tree, button)
            if node is None:
                self._notice(seat, _why_not(self._nav.greyed(seat, button, tree)))
                return Outcome()
            if node.children is not None:
                self._nav.enter(seat, node.key)  # claims the window
                return Outcome()
            return self._choose(seat, node.key, node.command, node.pledge)
        return self._list_click(seat, button, tree)

    def _hold(self, seat: int, button: Button) -> Outcome:
        if self.in_setup:
            if button is Button.SELECT:
                self._nav.back(SETUP_UI, self._setup_tree())
            return Outcome()
        state = self._state
        if self._bidding() and button is not Button.SELECT:
            if button is Button.LEFT and state.bids[seat] is None:
                self._bids[seat] = 0  # hold ◀: clear to 0
            elif button is Button.RIGHT:
                bid = self.private_bid(seat) or 0
                self._blink(seat, bid_blink(bid))  # the own light blinks the own bid
            return Outcome()
        if button is not Button.SELECT:
            tree = self._tree(seat) if self._entry is None else None
            node = self._nav.hold(seat, button, tree) if tree is not None else None
            if node is None:
                return Outcome()
            self._gestures.changed((seat,), self._clock())
            return self._choose(seat, node.key, node.command, node.pledge)
        if self._entry is not None:
            return self._leave_entry(seat)
        tree = self._tree(seat)
        if tree is not None and tree.style in ("list", KEYS, OFFER) \
                and self._nav.back(seat, tree):
            self._gestures.changed((seat,), self._clock())
            return Outcome()
        return self._take_back(seat)

    def _list_click(self, ui_key: int, button: Button, root: Tree) -> Outcome:
        level = walk(root, list(self._nav.path(ui_key)))[0]
        node = self._nav.press(ui_key, button, root)
        if node is None:
            greyed = self._nav.greyed(ui_key, button, root)
            if level.confirm and greyed is None and ui_key >= 0:
                self._nav.clear(ui_key)  # in a "Pay?" question, a button that pays nothing
                return Outcome()  # says no, like ●
            if greyed is not None or button is Button.SELECT:
                self._notice(None if ui_key < 0 else ui_key, _why_not(greyed))
            return Outcome()
        if node.children is not None:
            return Outcome()
        if node.back:  # "No" in a "Pay?" question: back to the seat's top menu
            if ui_key >= 0:
                self._nav.clear(ui_key)
            else:
                self._nav.back(ui_key, root)
                self._nav.back(ui_key, root)
            return Outcome()
        if node.action is not None:
            node.action()
            if node.pop:
                self._nav.back(ui_key, root)
            return Outcome()
        return self._choose(ui_key, node.key, node.command, node.pledge)

    def _choose(self, seat: int, key: str, command: cmd.Command | None,
                pledge: bool) -> Outcome:
        """An item without a sub-menu: a rules command, or one of the table's own items."""
        now = self._clock()
        done = Outcome(applied=True)  # the table's own choice: no rules command
        value = entered_value(key)
        if value is not None and self._entry is not None:
            return self._enter(value, now)
        if key == "ask":  # the heads-up before another seat's dice roll
            self._asked ^= {seat}
            return done
        if key == "cancel" and seat in self._promised:
            del self._promised[seat]
            self._notice(None, t("c.cancelled", name=name(self._state, seat)))
            return done
        if key == "quiet":
            self._quiet.add(seat)
            command = cmd.Pass(seat)
        assert command is not None
        if pledge and isinstance(command, cmd.Reduce):
            self._promised[seat] = command.chips
            self._nav.clear(seat)
            return done
        after = self.preview()
        if after is not None and not isinstance(command, cmd.Reroll | cmd.Pass):
            self._intent = (seat, command, after)  # acts when the window closes
            self._nav.clear(seat)
            return done
        return self._apply(command, now)

    def _bid_click(self, seat: int, button: Button) -> Outcome:
        """R1: ▶ +1, ◀ −1, ● lock in; when locked, ● unlocks."""
        state = self._state
        if state.bids[seat] is not None:
            if button is Button.SELECT:
                return self._apply(cmd.UnlockBid(seat), self._clock())
            self._notice(seat, t("c.locked"))
            return Outcome()
        bid = self._bids.get(seat, 0)
        if button is Button.RIGHT:
            if bid < state.players[seat].chips:
                self._bids[seat] = bid + 1
            else:
                self._blink(seat, LIMIT_BLINK)  # past what the player holds: no change
        elif button is Button.LEFT:
            self._bids[seat] = max(0, bid - 1)
        else:
            return self._apply(cmd.LockBid(seat, bid), self._clock())
        return Outcome()

    # --- windows ------------------------------------------------------------------------------

    def _open_clock(self, state: GameState, now: float, delay: float) -> WindowClock:
        window = state.require_window()
        if window.kind is WindowKind.REDUCE:
            total = self.config.reduce_seconds  # from the roller's "Move", its full length
        else:
            total = self.config.reroll_seconds
        return WindowClock.open(window.kind.value, total, now, delay=delay,
                                cap=self.config.claim_seconds,
                                resume=self.config.resume_seconds,
                                idle=self.config.claim_idle_seconds)

    def _settle(self, now: float) -> Outcome:
        """After a press or a tick: the window's claims follow the seats' menus; a window
        nobody waits for any more closes; the seats whose menus changed are told to the
        guard."""
        self._mark_changes(now)  # menus that changed under their seats start again
        out = Outcome()
        clock, state = self._window, self._state
        if clock is not None and state.window is not None and self._entry is None:
            choosing = {s for s in range(len(state.players))
                        if (_claiming(self._nav.path(s)) or s in self._waited_for)
                        and s not in self._promised}
            for seat in choosing - set(clock.claims):
                clock.claim(seat, now)
            for seat in set(clock.claims) - choosing:
                clock.release(seat, now)
            decided = {*self._promised, *self._quiet}
            if self._intent is not None:
                decided.add(self._intent[0])  # choosing the next step says no to a reroll
            undecided = [s for s in waiting_seats(state) if s not in decided]
            # a window waiting only for the seat that plays next needs no countdown: its
            # next choice answers it (the pressing roll, the Early Riser's rolls)
            clock.timed = not (len(undecided) == 1 and self._has_next_step(undecided[0]))
            if not clock.claims and not self._ahead_busy(now) \
                    and (not undecided or clock.due(now)):
                out = self._close_window(now)
                self._mark_changes(now)
        return out

    def _has_next_step(self, seat: int) -> bool:
        """Whether `seat` sees its next menu during the open reroll window (it plays
        next, and may choose ahead)."""
        after = self.preview()
        tree = seat_tree(after, seat) if after is not None else None
        if tree is None or tree.style not in ("list", KEYS):  # as `_ahead_tree` offers
            return False
        # and every choice of that menu is there: the reroll takes the stick's place in
        # a menu of buttons, so while a stick can be bought the window keeps a countdown
        right = next((n for n in tree.items if n.button == "right"), None)
        level = right.children if right is not None else None
        return tree.style != KEYS or level is None or not any(
            n.enabled and n.button == "right" for n in level.items)

    def _ahead_busy(self, now: float) -> bool:
        """A seat inside the menus of its next move keeps the window from closing under
        its presses (for the claim's cap at most), but holds no countdown: the others'
        time runs on."""
        clock = self._window
        return clock is not None and \
            clock.elapsed(now) < clock.total + self.config.claim_seconds and \
            any(self._ahead_step(s) for s in range(len(self._state.players)))

    def _ahead_step(self, seat: int) -> bool:
        """Whether `seat` stands inside a sub-menu of its next move, chosen ahead during a
        reroll window (the window closing would send it back to the top mid-choice)."""
        if not self._nav.path(seat) or _claiming(self._nav.path(seat)):
            return False
        tree = self._tree(seat)
        return tree is not None and tree.key == "ahead" and self._nav.depth(seat, tree) > 0

    def _close_window(self, now: float) -> Outcome:
        """Pay what was promised (X2), then close the window if paying did not."""
        out = Outcome()
        promised, self._promised = dict(self._promised), {}
        for seat, chips in promised.items():
            if self._state.window is None:
                break
            due = min(chips, reduce_cap(self._state), self._state.players[seat].chips)
            paid = cmd.Reduce(seat, due)
            if due > 0 and is_legal(self._state, paid):
                out = out.then(self._apply(paid, now))
        if self._state.window is not None:
            out = out.then(self._apply(cmd.CloseWindow(cmd.TABLE), now))
        intent, self._intent = self._intent, None
        if intent is not None:
            seat, chosen, expected = intent
            if self._state == expected:
                out = out.then(self._apply(chosen, now))
            else:
                self._notice(seat, t("c.roll_changed"))
        return out

    # --- applying commands, undo -------------------------------------------------------------

    def _apply(self, command: cmd.Command, now: float,
               dice: DiceSource | None = None) -> Outcome:
        before = self._state
        if dice is None and self.config.physical_dice:
            request = roll_request(before, command)
            if request is not None:
                return self._ask_entry(command, request)
        try:
            after, events = apply(before, command, dice if dice is not None else self._dice)
        except RulesError as error:
            log.debug("refused: seat %d %s (%s)", command.seat, _log_words(command, before),
                      type(error).__name__)
            self._notice(command.seat if command.seat >= 0 else None, refusal_text(error))
            return Outcome()
        public = tuple(e for e in events if not e.private)
        if self._intent is not None and after.window is None \
                and not isinstance(command, cmd.CloseWindow):
            # the window its next step was chosen in ended another way (a last reroll
            # opened none): the roll it was chosen against is gone
            self._notice(self._intent[0], t("c.roll_changed"))
            self._intent = None
        rolled = any(isinstance(e, ROLLS_AND_REVEALS) for e in events)
        if command.seat >= 0 and ev.undoable(events):
            self._undo = _UndoPoint(command.seat, public, describe(command, before))
        else:
            self._undo = None
            self._undo_refusal = "c.roll_not_back" if rolled else "c.nothing_back"
        self._state = after
        self._history.extend(public)
        self._transient = None
        self._after(public, now)
        log.debug("seat %d: %s", command.seat, _log_words(command, before))
        for event in public:
            log.debug("event: %s", event)
        return Outcome(public, (), True, (public,) if public else ())

    def _ask_entry(self, command: cmd.Command, request: RollRequest) -> Outcome:
        """Physical dice: hold the command back and ask its roller for the result. The
        game does not change until then, so nothing is journaled and the loop never waits."""
        self._entry = make_entry(self._state, command, request)
        self._window = None  # a window that was closing has had its say
        self._nav.clear(request.seat)
        log.debug("seat %d rolls %s by hand", request.seat, roll_words(request))
        return Outcome(applied=True)

    def _enter(self, value: int, now: float) -> Outcome:
        """The roller entered the result: the held-back command acts with those faces."""
        entry = self._entry
        assert entry is not None
        self._entry = None
        if self._state is not entry.state:  # cannot happen: nothing acts while it waits
            self._notice(entry.request.seat, t("c.roll_changed"))
            return Outcome()
        dice = ScriptedDice(entry.request.faces(value))
        return self._apply(entry.command, now, dice)

    def _leave_entry(self, seat: int) -> Outcome:
        """Holding ● while a roll by hand is awaited: its roller steps back out of a roll
        it chose itself; anything else would leave the table without the result."""
        entry = self._entry
        assert entry is not None
        if seat == entry.request.seat and entry.may_cancel:
            self._entry = None
            self._nav.clear(seat)
            if self._state.window is not None:
                self._window = self._open_clock(self._state, self._clock(), 0.0)
            return Outcome(applied=True)
        self._notice(seat, self._wait_text(seat))
        return Outcome()

    def _after(self, events: Sequence[ev.Event], now: float) -> None:
        for event in events:
            kind = _ANIMATIONS.get(type(event))
            if kind is not None:
                self._animation = (kind, now)
            if isinstance(event, (*ROLLS_AND_REVEALS, ev.WindowOpened, ev.WindowClosed)):
                self._moved = True  # every seat's menu starts again from its top
            if isinstance(event, ev.WindowOpened):
                landing = self._landing(now)
                self._window = self._open_clock(self._state, now, landing)
                self._promised.clear()
                if event.kind is WindowKind.REDUCE:
                    for seat in self._asked & set(waiting_seats(self._state)):
                        self._waited_for.add(seat)  # asked first: the window waits
                        self._window.claim(seat, now)
                self._asked.clear()
            elif isinstance(event, ev.WindowClosed):
                self._window = None
                self._promised.clear()
                self._waited_for.clear()
            elif isinstance(event, ev.TurnStarted):
                self._quiet.discard(event.seat)
                self._asked.clear()
            elif isinstance(event, ev.BidsRevealed):
                self._bids.clear()
                self._transient = ("reveal", now, self.config.reveal_seconds)
                self._gestures.lock(now + self.config.reveal_lock_seconds)
            elif isinstance(event, ev.RoundEnded):
                self._transient = ("round_end", now, self.config.round_end_seconds)
            elif isinstance(event, ev.RoundStarted):
                self._bids.clear()
            elif isinstance(event, ev.GameWon):
                self._won_at = now
            elif isinstance(event, ev.ZoneChanged) and event.reason != "crossed":
                who, key = name(self._state, event.seat), _ZONE_REASONS.get(event.reason)
                self._notice(None, t(key, name=who) if key else f"{who}: {event.reason}")
        if self._state.window is None:
            self._window = None
        if act_of(self._state) is not ActKind.TURN:
            self._asked.clear()
        landing = self._landing(now) if self._animation is not None and \
            self._animation[0] in _ROLLING else 0.0
        if landing > 0:  # no menu counts as seen while the dice still tumble
            self._gestures.wait(range(len(self._state.players)), now + landing)

    def _landing(self, now: float) -> float:
        """Seconds until the roll just made has landed on screen (0 if none is tumbling)."""
        if self._animation is None or self._animation[1] != now:
            return 0.0
        return self.config.animation_length(self._animation[0])

    def _take_back(self, seat: int) -> Outcome:
        """Hold ● at the top: undo the seat's own last choice, if nothing was rolled since."""
        point = self._undo
        if self._entry is not None:
            self._notice(seat, self._wait_text(seat))
            return Outcome()
        if point is None:
            self._notice(seat, t(self._undo_refusal))
            return Outcome()
        if point.seat != seat:
            self._notice(seat, t("c.only_taker", name=name(self._state, point.seat)))
            return Outcome()
        now = self._clock()
        if point.events:
            del self._history[-len(point.events):]
        # Undo is a replay of the events kept, through the rules' own `evolve`, exactly
        # as the journal is read back after a restart: no snapshot to drift from it.
        self._state = replay(self._history, self._origin)
        self._undo = None
        self._undo_refusal = "c.only_last"
        self._nav.clear()
        self._transient = None
        self._animation = None
        self._promised.clear()
        self._intent = None
        self._window = self._open_clock(self._state, now, 0.0) if self._state.window else None
        self._notice(None, t("c.took_back", name=name(self._state, seat), what=point.text))
        log.info("%s took back: %s (%d events withdrawn)", name(self._state, seat), point.text,
                 len(point.events))
        return Outcome((), point.events, True)

    # --- what changed, for the guard ------------------------------------------------------

    def _mark_changes(self, now: float) -> None:
        """Seats whose menus changed under them (or every seat, after a roll, a reveal or
        a window opening or closing) go back to their top menu, and the guard drops their
        presses aimed at what was there before.

        A seat's own walk into its sub-menus is no change (the signature of its menus does
        not depend on where it stands), nor is a transient screen giving way (the reveal,
        the round's end): the menus under it were already on screen. During bidding a
        seat's menu is only "choosing" or "locked in", so another seat locking in never
        drops a bidder's press.
        """
        if self.in_setup:
            return
        self._shown_screen = self._screen(now)
        bidding = self._bidding()
        moved, self._moved = self._moved, False
        changed = []
        for seat in range(len(self._state.players)):
            sig = (self._state.bids[seat] is None) if bidding else signature(self._tree(seat))
            if moved or self._signatures.get(seat, ()) != sig:
                changed.append(seat)
                self._nav.clear(seat)
            self._signatures[seat] = sig
        self._gestures.changed(changed, now)

    # --- the frame ---------------------------------------------------------------------------

    @_in_screen_language
    def frame(self) -> TableFrame:
        """What the display draws now; `serial` changes exactly when something else did."""
        now = self._clock()
        self._notices = [(n, until) for n, until in self._notices if until > now]
        state = self._state
        countdown = self._window.countdown(now) if self._window is not None else None
        animation, progress = None, 1.0
        if self._animation is not None:
            kind, start = self._animation
            length = self.config.animation_length(kind)
            elapsed = (now - start) / length if length > 0 else 1.0
            if elapsed < 1:  # in 50 steps, so a frame changes at most 50 times an animation
                animation, progress = kind, round(max(0.0, elapsed) * 50) / 50
        undo = (UndoOffer(self._undo.seat, self._undo.text)
                if self._undo is not None and self._entry is None else None)
        names = [p.name for p in state.players]
        roller = state.window.roller if state.window is not None else None
        frame = TableFrame(
            screen=self._screen(now),
            view=table_view(state, None if self._entry is None else self._entry.request.seat),
            menus=self._menus(),
            countdown=countdown,
            notices=tuple(n for n, _ in self._notices),
            animation=animation,
            animation_progress=progress,
            stats=(stats_view(game_stats(self._history)) if act_of(state) is ActKind.NONE
                   else None),
            undo=undo,
            charts=chart_faces(state.settings.charts) if state.settings is not None else {},
            payments=payments(self._history, names, self._promised, roller)
            if not self.in_setup else (),
            about=self.config.about() if self.in_setup and self.config.about else (),
        )
        if self._last_frame is None or replace(self._last_frame, serial=0) != frame:
            self._serial += 1
        self._last_frame = replace(frame, serial=self._serial)
        return self._last_frame

    def menus_in(self, language: str) -> tuple[Menu, ...]:
        """Every seat's menu as `frame()` gives it, worded in `language` instead of the
        screen's: a phone shows its own player the same choices in the phone's language."""
        with speaking(language):
            return self._menus()

    def _screen(self, now: float) -> str:
        state = self._state
        if self.in_setup:
            return "setup"
        if self._transient is not None:
            screen, start, seconds = self._transient
            if now - start < seconds:
                return screen
            self._transient = None
        if state.window is not None and state.window.kind is WindowKind.REROLL:
            assert state.window.roll is not None
            return _ROLL_SCREENS[state.window.roll]
        path = self._nav.path(state.active) if state.active is not None else ()
        if act_of(state) is ActKind.TURN and path[:1] in (("towns",), ("elsewhere",)) \
                and "stick" not in path:  # choosing where and how to rest
            return "rest"
        return _PHASE_SCREENS[state.phase]

    def _menus(self) -> tuple[Menu, ...]:
        if self.in_setup:
            return (self._nav.menu(SETUP_UI, self._setup_tree()),)
        now = self._clock()
        menus = []
        for seat in range(len(self._state.players)):
            tree = self._tree(seat)
            if tree is None:
                continue
            menu = self._nav.menu(seat, tree)
            if self._gestures.waiting(seat, now):
                menu = replace(menu, waiting=True, note=t("m.wait"))
            elif self._too_soon.get(seat, float("-inf")) > now:
                menu = replace(menu, note=t("c.too_soon"))
            menus.append(menu)
        return tuple(menus)

    def _setup_tree(self) -> Tree:
        return setup_tree(self._draft, self.config)

    # --- lights ------------------------------------------------------------------------------

    def lights(self, now: float | None = None) -> dict[int, LightState]:
        """Every pad's light: the seats that must act are on (during bidding: the locked-in
        ones), a one-shot blink overrides while it runs, the winner blinks at the end."""
        when = self._clock() if now is None else now
        lights = {seat: LightState(Light.OFF) for seat in range(MAX_PLAYERS)}
        if not self.in_setup:
            for seat in self._lit_seats():
                lights[seat] = LightState(Light.ON)
            if self._state.winner is not None:
                lights[self._state.winner] = LightState(WINNER_BLINK)
        for seat, (light, until) in list(self._blinks.items()):
            if when < until:
                lights[seat] = light
            else:
                del self._blinks[seat]
        return lights

    def _lit_seats(self) -> tuple[int, ...]:
        """The seats the phase table lets act; while bidding, the ones that have locked
        in instead (every seat may bid, so a light says who is done); in a window, not
        the seats that asked to be left alone."""
        state = self._state
        if self._entry is not None:
            return (self._entry.request.seat,)
        act = act_of(state)
        if act is ActKind.BID:
            return tuple(s for s in state.seats if state.bids[s] is not None)
        quiet = self._quiet if act is ActKind.REACT else ()
        return tuple(s for s in seats_to_act(state) if s not in quiet)

    def _blink(self, seat: int, blink: Blink) -> None:
        self._requests += 1
        self._blinks[seat] = (LightState(blink, self._requests),
                              self._clock() + blink_seconds(blink))

    # --- helpers -----------------------------------------------------------------------------

    def _notice(self, seat: int | None, text: str) -> None:
        notice = Notice(text, seat)
        until = self._clock() + self.config.notice_seconds
        self._notices = [(n, u) for n, u in self._notices if n.seat != seat] + [(notice, until)]

    def _wait_text(self, seat: int) -> str:
        """What a seat with nothing to do is told: who the phase table is waiting for."""
        state = self._state
        if self._entry is not None:
            request = self._entry.request
            return t("e.waiting", name=name(state, request.seat), what=roll_words(request))
        act = act_of(state)
        waited = seats_to_act(state)
        if act in _WAIT_TEXTS and waited:
            return t(_WAIT_TEXTS[act], name=name(state, waited[0]))
        if seat in self._quiet:
            return t("c.quiet")
        if act is ActKind.REACT and state.window is not None:
            window = state.window
            if seat in window.passed:
                return t("c.passed")
            if seat in window.eligible:
                return t("c.no_chips")
            if seat == window.roller and window.kind is WindowKind.REDUCE:
                return t("c.others_first")
            return t("c.waiting")
        if state.active is not None:
            return t("c.turn_of", name=name(state, state.active))
        return t("c.not_now")

    # --- virtual pads ------------------------------------------------------------------------

    @_in_screen_language
    def next_press(self, seat: int, target: Target) -> tuple[Button, bool] | None:
        """The next press (button, held?) that brings `seat` closer to choosing `target`
        through its menus, or None when no menu of the seat leads there now.

        Used by the bots' virtual pads, so a bot goes through exactly the menus a player
        sees; it reads the bid in progress, so only the seat's own driver may ask.
        """
        def matches(command: cmd.Command) -> bool:
            return target(command) if callable(target) else command == target

        if self.in_setup:
            return self._nav.next_press(SETUP_UI, self._setup_tree(), matches)
        tree = self._tree(seat)
        if tree is None:
            return None
        if tree.style == "bid":
            return self._next_bid_press(seat, target)
        return self._nav.next_press(seat, tree, matches)

    def presses_to(self, seat: int, target: cmd.Command) -> int | None:
        """How many presses `seat` needs from the top of its menus now to choose `target`
        (None: no menu of the seat leads there). Bids are counted by their chips, not
        here. The table's pace promises three at most for any choice (`make bench`)."""
        tree = self._tree(seat)
        if tree is None or tree.style == "bid":
            return None
        return presses_to(tree, lambda command: command == target)

    def next_entry_press(self, seat: int, value: int) -> tuple[Button, bool] | None:
        """Physical dice: the next press that brings `seat`, the roller asked for a roll
        by hand, closer to entering `value` (the bots' wooden dice); None when no roll
        of that seat is awaited or `value` cannot be entered."""
        entry = self._entry
        if entry is None or seat != entry.request.seat or value not in entry.request.values:
            return None
        values = list(entry.request.values)  # the entry menu lists them in this order
        ahead = (values.index(value) - self._nav.menu(seat, entry.tree).focus) % len(values)
        if ahead == 0:
            return Button.SELECT, False
        return (Button.RIGHT if ahead <= len(values) - ahead else Button.LEFT), False

    def _next_bid_press(self, seat: int, target: Target) -> tuple[Button, bool] | None:
        locked = self._state.bids[seat] is not None
        if isinstance(target, cmd.UnlockBid):
            return (Button.SELECT, False) if locked else None
        if not isinstance(target, cmd.LockBid) or locked:
            return None
        bid = self._bids.get(seat, 0)
        if bid < target.amount:
            return Button.RIGHT, False
        if bid > target.amount:
            return Button.LEFT, target.amount == 0 and bid > 1
        return Button.SELECT, False


# --- words ---------------------------------------------------------------------------------


def describe(command: cmd.Command, state: GameState) -> str:
    """A short account of a command for logs and the undo offer; never a bid's value."""
    if isinstance(command, cmd.LockBid):
        return t("d.locked")  # the amount is a secret until the reveal (I5)
    if isinstance(command, cmd.UnlockBid):
        return t("d.unlocked")
    if isinstance(command, cmd.StartGame):
        return t("d.started", n=command.settings.players)
    if isinstance(command, cmd.ChooseTraining):
        return t("d.training", training=CLIMATE_LABEL[command.training])
    if isinstance(command, cmd.Rest):
        n_dogs, n_chips = command.gain
        return t("d.rested", place=PLACE_LABEL[command.place], gain=gain_text(n_dogs, n_chips))
    if isinstance(command, cmd.Reduce):
        return t("d.reduced", n=command.chips)
    if isinstance(command, cmd.MoveStick):
        return t("d.stick", what=STICK_LABEL[command.action].lower())
    if isinstance(command, cmd.CrossZone):
        return t("d.crossed") if command.forward else t("d.back")
    if isinstance(command, cmd.RollTerrain | cmd.RollAvalanche):
        kind = "d.terrain" if isinstance(command, cmd.RollTerrain) else "d.avalanche"
        return t(kind, n=command.modifier)
    words = {
        cmd.RollWeather: "d.weather", cmd.Move: "d.move",
        cmd.Reroll: "d.reroll", cmd.Pass: "d.pass", cmd.CloseWindow: "d.close",
        cmd.PayPassing: "d.passing", cmd.ReachNikolai: "d.nikolai",
        cmd.ReachNome: "d.nome", cmd.EndMove: "d.end_move",
        cmd.Press: "d.press", cmd.SkipPress: "d.skip_press",
    }
    key = words.get(type(command))
    return t(key) if key else type(command).__name__


_ZONE_REASONS = {"placed at Unal-Akleet": "c.zone.unal_akleet"}
"""The rules' reasons for a sled's change of board other than crossing (S9), as words."""


def _log_words(command: cmd.Command, state: GameState) -> str:
    """`describe` in English, whatever the screen speaks: the log is for whoever keeps
    the companion running."""
    with speaking("en"):
        return describe(command, state)


def refusal_text(error: RulesError) -> str:
    """What a seat is told when the rules refuse its press."""
    if isinstance(error, NotEnoughChipsError):
        return t("c.no_chips")
    if isinstance(error, NotYourTurnError):
        return t("c.not_your_turn")
    if isinstance(error, GameOverError):
        return t("c.game_over")
    return str(error)


def _claiming(path: tuple[str, ...]) -> bool:
    """Whether a seat's place in its menus is inside a window's choices (it claimed it)."""
    return any(key.split(".")[0] == CLAIM_KEY for key in path)


def _can_pay(level: Tree) -> bool:
    """Whether a menu level holds (at any depth) an item that spends or promises chips."""
    return any(n.enabled and ((n.command is not None and (n.command.cost > 0 or n.pledge))
                              or (n.children is not None and _can_pay(n.children)))
               for n in level.items)


def _why_not(greyed: Node | None) -> str:
    """What a press on a greyed item says: the item and why it cannot be chosen now."""
    if greyed is None or not greyed.detail:
        return t("c.nothing_here")
    return f"{greyed.label}: {greyed.detail}"


__all__ = ["ROLLS_AND_REVEALS", "Outcome", "TableController", "describe", "refusal_text"]

