"""The table controller: pad events in, rules commands out, a `TableFrame` to draw.

It owns no rules. The game is the engine's `GameState`; the controller keeps only UI
bookkeeping: the setup draft, each seat's place in its menus, the secret bid a seat is
still choosing, countdown start times, transient screens, notices, and one undo point.

Pads send PRESS on the way down, HOLD about 2 s later, RELEASE on the way up. A short
press acts on its RELEASE, so that holding a button never first acts as a press (holding
● steps back; holding ▶ while bidding blinks the bid instead of adding a chip).

Secrecy (R1, I5): the bid being chosen lives in `_bids` and leaves the controller only
through `private_bid(seat)` and that seat's own light. During bidding nothing is logged
about ◀ ▶ presses, a lock is logged without its amount, private events are never
returned, and the frame carries only the public view's locked/not-locked.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from companion.pads.events import Blink, Button, Kind, Light, PadEvent
from companion.rules import commands as cmd
from companion.rules import events as ev
from companion.rules.dice import DiceSource, SystemDice
from companion.rules.engine import apply, waiting_seats
from companion.rules.errors import (
    GameOverError,
    NotEnoughChipsError,
    NotYourTurnError,
    RulesError,
)
from companion.rules.model import MAX_PLAYERS, REST_CHOICES, Phase, RollKind, WindowKind
from companion.rules.state import EMPTY, GameState
from companion.rules.views import public_view
from companion.table.config import TableConfig
from companion.table.frame import (
    Countdown,
    Menu,
    MenuItem,
    Notice,
    TableFrame,
    UndoOffer,
    chart_faces,
)
from companion.table.lights import LIMIT_BLINK, WINNER_BLINK, LightState, bid_blink, blink_seconds
from companion.table.menus import (
    CLIMATE_LABEL,
    PLACE_LABEL,
    STICK_LABEL,
    Node,
    Tree,
    gain_text,
    name,
    route,
    seat_tree,
    walk,
)
from companion.table.setup import SetupDraft, setup_tree
from companion.table.stats import game_stats

log = logging.getLogger("companion.table")

ROLLS_AND_REVEALS: tuple[type[ev.Event], ...] = (
    ev.DogDiceRolled, ev.WeatherRolled, ev.TerrainRolled, ev.AvalancheRolled, ev.PressRolled,
    ev.BidsRevealed, ev.TrainingOrderDrawn, ev.InitiativeDrawn,
)
"""A command whose events include one of these can never be taken back."""

SETUP_UI = cmd.TABLE
"""Setup has one shared menu, kept under the table's seat number."""

_ANIMATIONS: dict[type[ev.Event], str] = {
    ev.TrainingOrderDrawn: "draw", ev.InitiativeDrawn: "draw", ev.BidsRevealed: "reveal",
    ev.WeatherRolled: "weather", ev.DogDiceRolled: "dice", ev.TerrainRolled: "die",
    ev.AvalancheRolled: "die", ev.PressRolled: "die", ev.GameWon: "win",
}
_ROLL_SCREENS = {RollKind.WEATHER: "weather", RollKind.DOGS: "dogs", RollKind.TERRAIN: "terrain",
                 RollKind.AVALANCHE: "avalanche", RollKind.PRESS: "pressing"}
_PHASE_SCREENS = {
    Phase.TRAINING: "training", Phase.BIDDING: "bidding", Phase.EARLY_RISER: "early_riser",
    Phase.WEATHER: "weather", Phase.TURN: "turn", Phase.REDUCE: "reduce",
    Phase.MOVING: "moving", Phase.PRESS_MOVE: "moving", Phase.PRESSING: "pressing",
    Phase.GAME_OVER: "game_over",
}
_BUTTONS = {"left": Button.LEFT, "right": Button.RIGHT, "select": Button.SELECT}

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
    applied: bool = False  # a rules command was applied (or an undo made)

    @property
    def retract(self) -> int:
        """How many events at the end of the journal this undo withdraws."""
        return len(self.retracted)

    @property
    def undone(self) -> bool:
        """Whether this was an undo."""
        return bool(self.retracted)


@dataclass(frozen=True)
class _UndoPoint:
    seat: int
    state: GameState
    events: tuple[ev.Event, ...]
    text: str


@dataclass
class _SeatUi:
    path: list[str] = field(default_factory=list)
    focus: dict[tuple[str, ...], str] = field(default_factory=dict)


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
        self._ui: dict[int, _SeatUi] = {}
        self._bids: dict[int, int] = {}
        self._down: dict[tuple[int, Button], bool] = {}  # -> whether a HOLD came
        self._undo: _UndoPoint | None = None
        self._undo_refusal = "Nothing to take back"
        now = clock()
        self._window_start: float | None = now if state.window is not None else None
        self._notices: list[tuple[Notice, float]] = []
        self._transient: tuple[str, float, float] | None = None  # screen, start, seconds
        self._animation: tuple[str, float] | None = None
        self._blinks: dict[int, tuple[LightState, float]] = {}
        self._requests = 0
        self._last_frame: TableFrame | None = None
        self._serial = 0

    # --- what the app reads ------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The engine state (the game); the controller never changes it but through apply."""
        return self._state

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
        if self.in_setup or state.phase is not Phase.BIDDING:
            return None
        if not 0 <= seat < len(state.players):
            return None
        locked = state.bids[seat]
        return locked if locked is not None else self._bids.get(seat, 0)

    # --- pad events ------------------------------------------------------------------------

    def handle(self, event: PadEvent) -> Outcome:
        """One pad event. Never raises for a refused press: the seat gets a `Notice`."""
        seat, button = event.seat, event.button
        if not self._may_press(seat):
            return Outcome()
        if not self._bidding():  # ◀ ▶ during bidding are never logged: a count is a secret
            log.debug("pad: seat %d %s %s", seat, button.value, event.kind.value)
        key = (seat, button)
        if event.kind is Kind.PRESS:
            self._down[key] = False
            return Outcome()
        if event.kind is Kind.HOLD:
            self._down[key] = True
            return self._hold(seat, button)
        held = self._down.pop(key, None)
        if held is None or held:  # a release without its press, or the end of a hold
            return Outcome()
        return self._click(seat, button)

    def tick(self, now: float | None = None) -> Outcome:
        """Close a reaction window whose countdown has run out (`CloseWindow(TABLE)`)."""
        when = self._clock() if now is None else now
        window = self._state.window
        if window is None or self._window_start is None:
            return Outcome()
        if when - self._window_start < self._window_seconds(window.kind):
            return Outcome()
        log.debug("%s window: time is up", window.kind.value)
        return self._apply(cmd.CloseWindow(cmd.TABLE), when)

    # --- presses -----------------------------------------------------------------------------

    def _may_press(self, seat: int) -> bool:
        if self.in_setup:
            if self.config.setup_pad is None:
                return 0 <= seat < MAX_PLAYERS
            return seat == self.config.setup_pad
        return 0 <= seat < len(self._state.players)

    def _bidding(self) -> bool:
        return not self.in_setup and self._state.phase is Phase.BIDDING

    def _click(self, seat: int, button: Button) -> Outcome:
        if self.in_setup:
            return self._list_click(SETUP_UI, button, self._setup_tree())
        state = self._state
        if state.phase is Phase.GAME_OVER:
            self._notice(seat, "The game is over")
            return Outcome()
        tree = seat_tree(state, seat)
        if tree is None:
            self._notice(seat, self._wait_text(seat))
            return Outcome()
        if tree.style == "bid":
            return self._bid_click(seat, button)
        if tree.style == "buttons":
            return self._button_click(seat, button, tree)
        return self._list_click(seat, button, tree)

    def _hold(self, seat: int, button: Button) -> Outcome:
        if self.in_setup:
            if button is Button.SELECT:
                self._back(SETUP_UI, self._setup_tree())
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
            return Outcome()
        tree = seat_tree(state, seat)
        if tree is not None and tree.style == "list" and self._back(seat, tree):
            return Outcome()
        return self._take_back(seat)

    def _list_click(self, ui_key: int, button: Button, root: Tree) -> Outcome:
        ui = self._ui.setdefault(ui_key, _SeatUi())
        level, depth = walk(root, ui.path)
        del ui.path[depth:]
        keys = level.enabled_keys()
        if not keys:
            self._notice(None if ui_key < 0 else ui_key, "Nothing can be chosen here")
            return Outcome()
        current = self._focus(ui, level)
        if button is not Button.SELECT:
            index = keys.index(current)
            step = 1 if button is Button.RIGHT else -1
            ui.focus[tuple(ui.path)] = keys[(index + step) % len(keys)]
            return Outcome()
        node = level.find(current)
        assert node is not None
        if node.children is not None:
            ui.path.append(node.key)
            ui.focus.pop(tuple(ui.path), None)  # a sub-menu opens on its default
            return Outcome()
        if node.action is not None:
            node.action()
            if node.pop and ui.path:
                ui.path.pop()
            return Outcome()
        assert node.command is not None
        return self._apply(node.command, self._clock())

    def _back(self, ui_key: int, root: Tree) -> bool:
        """Hold ●: step back out of a sub-menu; False when already at the top."""
        ui = self._ui.get(ui_key)
        if ui is None:
            return False
        _, depth = walk(root, ui.path)
        del ui.path[depth:]
        if not ui.path:
            return False
        ui.path.pop()
        return True

    def _bid_click(self, seat: int, button: Button) -> Outcome:
        """R1: ▶ +1, ◀ −1, ● lock in; when locked, ● unlocks."""
        state = self._state
        if state.bids[seat] is not None:
            if button is Button.SELECT:
                return self._apply(cmd.UnlockBid(seat), self._clock())
            self._notice(seat, "Locked in: ● unlocks")
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

    def _button_click(self, seat: int, button: Button, tree: Tree) -> Outcome:
        """A reaction window: each button chooses its own item at once."""
        node = next((n for n in tree.items if n.button == button.value), None)
        if node is None:
            self._notice(seat, tree.hint)
            return Outcome()
        if not node.enabled or node.command is None:
            self._notice(seat, f"{node.label}: {node.detail}" if node.detail else "Not now")
            return Outcome()
        return self._apply(node.command, self._clock())

    # --- applying commands, undo -------------------------------------------------------------

    def _apply(self, command: cmd.Command, now: float) -> Outcome:
        before = self._state
        try:
            after, events = apply(before, command, self._dice)
        except RulesError as error:
            log.debug("refused: seat %d %s (%s)", command.seat, describe(command, before),
                      type(error).__name__)
            self._notice(command.seat if command.seat >= 0 else None, refusal_text(error))
            return Outcome()
        public = tuple(e for e in events if not e.private)
        rolled = any(isinstance(e, ROLLS_AND_REVEALS) for e in events)
        if command.seat >= 0 and not rolled and len(public) == len(events):
            self._undo = _UndoPoint(command.seat, before, public, describe(command, before))
        else:
            self._undo = None
            self._undo_refusal = ("A roll or a reveal cannot be taken back" if rolled
                                  else "Nothing to take back")
        self._state = after
        self._history.extend(public)
        self._ui.clear()  # every menu starts again from its top after a change
        self._transient = None
        self._after(public, now)
        log.debug("seat %d: %s", command.seat, describe(command, before))
        for event in public:
            log.debug("event: %s", event)
        return Outcome(public, (), True)

    def _after(self, events: Sequence[ev.Event], now: float) -> None:
        for event in events:
            if isinstance(event, ev.WindowOpened):
                self._window_start = now
            elif isinstance(event, ev.BidsRevealed):
                self._bids.clear()
                self._transient = ("reveal", now, self.config.reveal_seconds)
            elif isinstance(event, ev.RoundEnded):
                self._transient = ("round_end", now, self.config.round_end_seconds)
            elif isinstance(event, ev.RoundStarted):
                self._bids.clear()
            elif isinstance(event, ev.ZoneChanged) and event.reason != "crossed":
                self._notice(None, f"{name(self._state, event.seat)}: {event.reason}")
            kind = _ANIMATIONS.get(type(event))
            if kind is not None:
                self._animation = (kind, now)
        if self._state.window is None:
            self._window_start = None

    def _take_back(self, seat: int) -> Outcome:
        """Hold ● at the top: undo the seat's own last choice, if nothing was rolled since."""
        point = self._undo
        if point is None:
            self._notice(seat, self._undo_refusal)
            return Outcome()
        if point.seat != seat:
            self._notice(seat, f"Only {name(self._state, point.seat)} can take that back")
            return Outcome()
        self._state = point.state
        if point.events:
            del self._history[-len(point.events):]
        self._undo = None
        self._undo_refusal = "Only the last choice can be taken back"
        self._ui.clear()
        self._transient = None
        self._animation = None
        self._window_start = self._clock() if self._state.window is not None else None
        self._notice(None, f"{name(self._state, seat)} took back: {point.text}")
        log.info("%s took back: %s (%d events withdrawn)", name(self._state, seat), point.text,
                 len(point.events))
        return Outcome((), point.events, True)

    # --- the frame ---------------------------------------------------------------------------

    def frame(self) -> TableFrame:
        """What the display draws now; `serial` changes exactly when something else did."""
        now = self._clock()
        self._notices = [(n, until) for n, until in self._notices if until > now]
        state = self._state
        countdown = None
        if state.window is not None and self._window_start is not None:
            total = self._window_seconds(state.window.kind)
            remaining = max(0.0, total - (now - self._window_start))
            countdown = Countdown(state.window.kind.value, total, round(remaining, 1))
        animation, progress = None, 1.0
        if self._animation is not None:
            kind, start = self._animation
            length = self.config.animation_length(kind)
            elapsed = (now - start) / length if length > 0 else 1.0
            if elapsed < 1:  # in 50 steps, so a frame changes at most 50 times an animation
                animation, progress = kind, round(max(0.0, elapsed) * 50) / 50
        undo = UndoOffer(self._undo.seat, self._undo.text) if self._undo is not None else None
        frame = TableFrame(
            screen=self._screen(now),
            view=public_view(state),
            menus=self._menus(),
            countdown=countdown,
            notices=tuple(n for n, _ in self._notices),
            animation=animation,
            animation_progress=progress,
            stats=game_stats(self._history) if state.phase is Phase.GAME_OVER else {},
            undo=undo,
            charts=chart_faces(state.settings.charts) if state.settings is not None else {},
        )
        if self._last_frame is None or replace(self._last_frame, serial=0) != frame:
            self._serial += 1
        self._last_frame = replace(frame, serial=self._serial)
        return self._last_frame

    def _screen(self, now: float) -> str:
        state = self._state
        if self.in_setup:
            return "setup"
        if self._transient is not None:
            screen, start, seconds = self._transient
            if now - start < seconds:
                return screen
            self._transient = None
        if state.phase is Phase.REROLL:
            assert state.window is not None and state.window.roll is not None
            return _ROLL_SCREENS[state.window.roll]
        if state.phase is Phase.TURN and state.active is not None:
            ui = self._ui.get(state.active)
            if ui is not None and ui.path[:1] == ["rest"]:
                return "rest"
        return _PHASE_SCREENS[state.phase]

    def _menus(self) -> tuple[Menu, ...]:
        if self.in_setup:
            return (self._menu(SETUP_UI, self._setup_tree()),)
        menus = []
        for seat in range(len(self._state.players)):
            tree = seat_tree(self._state, seat)
            if tree is not None:
                menus.append(self._menu(seat, tree))
        return tuple(menus)

    def _menu(self, ui_key: int, root: Tree) -> Menu:
        ui = self._ui.get(ui_key, _SeatUi())
        level, depth = walk(root, ui.path)
        items = tuple(MenuItem(n.label, n.detail, n.enabled, n.command if n.enabled else None,
                               n.button, n.children is not None) for n in level.items)
        focus = -1
        if level.style == "list" and level.enabled_keys():
            current = self._focus(_SeatUi(ui.path[:depth], ui.focus), level)
            focus = [n.key for n in level.items].index(current)
        return Menu(ui_key, level.title, items, focus, level.hint, level.style, depth)

    def _focus(self, ui: _SeatUi, level: Tree) -> str:
        keys = level.enabled_keys()
        stored = ui.focus.get(tuple(ui.path))
        if stored in keys:
            assert stored is not None
            return stored
        if level.default in keys:
            assert level.default is not None
            return level.default
        return keys[0]

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
        state = self._state
        phase = state.phase
        if phase is Phase.BIDDING:
            return tuple(s for s in state.seats if state.bids[s] is not None)
        if phase is Phase.TRAINING:
            return () if state.training_next is None else (state.training_next,)
        if phase is Phase.WEATHER:
            return () if state.ice_bear is None else (state.ice_bear,)
        if phase in (Phase.REDUCE, Phase.REROLL):
            return waiting_seats(state)
        return () if state.active is None else (state.active,)

    def _blink(self, seat: int, blink: Blink) -> None:
        self._requests += 1
        self._blinks[seat] = (LightState(blink, self._requests),
                              self._clock() + blink_seconds(blink))

    # --- helpers -----------------------------------------------------------------------------

    def _window_seconds(self, kind: WindowKind) -> float:
        if kind is WindowKind.REDUCE:
            return self.config.reduce_seconds
        return self.config.reroll_seconds

    def _notice(self, seat: int | None, text: str) -> None:
        notice = Notice(text, seat)
        until = self._clock() + self.config.notice_seconds
        self._notices = [(n, u) for n, u in self._notices if n.seat != seat] + [(notice, until)]

    def _wait_text(self, seat: int) -> str:
        state = self._state
        phase = state.phase
        if phase is Phase.TRAINING and state.training_next is not None:
            return f"{name(state, state.training_next)} is choosing a training"
        if phase is Phase.WEATHER and state.ice_bear is not None:
            return f"{name(state, state.ice_bear)} rolls the weather"
        if phase in (Phase.REDUCE, Phase.REROLL) and state.window is not None:
            window = state.window
            if seat in window.passed:
                return "You have passed"
            if seat in window.eligible:
                return "Not enough chips"
            if seat == window.roller and window.kind is WindowKind.REDUCE:
                return "The others may take dice away first"
            return "Waiting for the others"
        if state.active is not None:
            return f"It is {name(state, state.active)}'s turn"
        return "Not now"

    # --- virtual pads ------------------------------------------------------------------------

    def next_press(self, seat: int, target: Target) -> tuple[Button, bool] | None:
        """The next press (button, held?) that brings `seat` closer to choosing `target`
        through its menus, or None when no menu of the seat leads there now.

        Used by the bots' virtual pads, so a bot goes through exactly the menus a player
        sees; it reads the bid in progress, so only the seat's own driver may ask.
        """
        def matches(command: cmd.Command) -> bool:
            return target(command) if callable(target) else command == target

        if self.in_setup:
            return self._next_list_press(SETUP_UI, self._setup_tree(), matches)
        state = self._state
        tree = seat_tree(state, seat)
        if tree is None:
            return None
        if tree.style == "bid":
            return self._next_bid_press(seat, target)
        if tree.style == "buttons":
            return _next_button_press(tree, target, matches)
        return self._next_list_press(seat, tree, matches)

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

    def _next_list_press(self, ui_key: int, root: Tree,
                         matches: Callable[[cmd.Command], bool]) -> tuple[Button, bool] | None:
        keys = route(root, matches)
        if keys is None:
            return None
        ui = self._ui.get(ui_key, _SeatUi())
        level, depth = walk(root, ui.path)
        path = ui.path[:depth]
        if path != keys[:len(path)]:
            return Button.SELECT, True  # step back out towards the route
        want = keys[len(path)]
        current = self._focus(_SeatUi(path, ui.focus), level)
        if current == want:
            return Button.SELECT, False
        enabled = level.enabled_keys()
        ahead = (enabled.index(want) - enabled.index(current)) % len(enabled)
        return (Button.RIGHT if ahead <= len(enabled) - ahead else Button.LEFT), False


def _next_button_press(tree: Tree, target: Target,
                       matches: Callable[[cmd.Command], bool]) -> tuple[Button, bool] | None:
    enabled = [n for n in tree.items if n.enabled and n.command is not None]
    for node in enabled:
        assert node.command is not None
        if matches(node.command):
            return _BUTTONS[node.button], False
    if isinstance(target, cmd.Reduce):  # more than 2 chips: pay 2 now, more on the next press
        best: Node | None = None
        for node in enabled:
            paid = node.command
            if isinstance(paid, cmd.Reduce) and paid.chips <= target.chips and (
                    best is None or paid.chips > getattr(best.command, "chips", 0)):
                best = node
        if best is not None:
            return _BUTTONS[best.button], False
    return None


# --- words ---------------------------------------------------------------------------------


def describe(command: cmd.Command, state: GameState) -> str:
    """A short account of a command for logs and the undo offer; never a bid's value."""
    if isinstance(command, cmd.LockBid):
        return "locked in a bid"  # the amount is a secret until the reveal (I5)
    if isinstance(command, cmd.UnlockBid):
        return "unlocked a bid"
    if isinstance(command, cmd.StartGame):
        return f"started a game for {command.settings.players} players"
    if isinstance(command, cmd.ChooseTraining):
        return f"chose {CLIMATE_LABEL[command.training]} training"
    if isinstance(command, cmd.Rest):
        n_dogs, n_chips = REST_CHOICES[command.place][command.choice]
        return f"rested ({PLACE_LABEL[command.place]}: {gain_text(n_dogs, n_chips)})"
    if isinstance(command, cmd.Reduce):
        return f"paid {command.chips} to take dice away"
    if isinstance(command, cmd.MoveStick):
        return f"{STICK_LABEL[command.action].lower()}"
    if isinstance(command, cmd.CrossZone):
        return "crossed into the next zone" if command.forward else "went back a zone"
    if isinstance(command, cmd.RollTerrain | cmd.RollAvalanche):
        kind = "rough-terrain" if isinstance(command, cmd.RollTerrain) else "avalanche"
        return f"rolled for {kind} at +{command.modifier}"
    words = {
        cmd.RollWeather: "rolled the weather", cmd.Move: "chose to move",
        cmd.Reroll: "paid for a reroll", cmd.Pass: "passed", cmd.CloseWindow: "time ran out",
        cmd.PayPassing: "paid to pass opponents", cmd.ReachNikolai: "reached Nikolai",
        cmd.ReachNome: "reached Nome", cmd.EndMove: "finished moving",
        cmd.Press: "rolled for the pressing bonus", cmd.SkipPress: "skipped the pressing bonus",
    }
    return words.get(type(command), type(command).__name__)


def refusal_text(error: RulesError) -> str:
    """What a seat is told when the rules refuse its press."""
    if isinstance(error, NotEnoughChipsError):
        return "Not enough chips"
    if isinstance(error, NotYourTurnError):
        return "Not your turn"
    if isinstance(error, GameOverError):
        return "The game is over"
    return str(error)


__all__ = ["ROLLS_AND_REVEALS", "Outcome", "TableController", "describe", "refusal_text"]
