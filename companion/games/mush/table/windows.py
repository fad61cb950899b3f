"""Reaction windows: short quiet times, claims, promises, the take-dice offer ahead,
choosing ahead.

A window waits only where someone can act, and only as long as they need (a paper
table's "anyone?"):

- It opens only to the seats the rules let act in it (chips, dice, the rules' options),
  and closes the moment every one of them has answered.
- Silence says no: a short quiet time (`reroll_seconds`, about a second once the dice have
  landed) stands for "no" from everyone who said nothing (`CloseWindow(TABLE)`).
- A seat that opens a payment *claims* the window: the quiet time holds while any claim is
  live. A slip costs the table seconds, not more: a claim lapses `idle` seconds after its
  seat's last press, and `cap` seconds after it began whatever its seat does. A claim that
  ends by its seat's choice leaves at least `resume` seconds, so the others can still join.
- A window that waits only for the roller (or the seat playing next) has no countdown at
  all (`timed` is False): that seat's next choice answers it (the pressing roll, the Early
  Riser's failed crossing, a table whose other seats cannot pay).
- The take-dice window (X2) and the roller's decision to move are asked at once: while the
  roller decides, the others' menus already hold the take-dice offer (a promise made then
  is paid only if the roller moves). When the roller moves, the window closes as soon as
  the offer has stood `reduce_seconds` since it was first shown, or at once when a roller
  took that long, unless someone chooses or has a button down.

`Windows` is the table's part that owns all of it: the open window's `WindowClock`, the
chips promised (X2, paid when the window closes), the seats that asked not to be asked
until their turn or said no ahead, and the next step a seat chose while a reroll window
runs (it acts when the window closes, if the roll still stands).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from companion.config.table import TableConfig
from companion.core.acts import Command
from companion.exc import RulesError
from companion.games.mush import commands as cmd
from companion.games.mush import events as ev
from companion.games.mush.engine import apply, is_legal
from companion.games.mush.model import WindowKind
from companion.games.mush.phases import ActKind, act_of, seats_to_act
from companion.games.mush.queries import reduce_cap, waiting_seats
from companion.games.mush.state import GameState
from companion.games.mush.table.describe import describe
from companion.games.mush.table.menus import name, seat_tree
from companion.games.mush.table.presentation import Show
from companion.games.mush.table.reactions import (
    guard_payments,
    offer_in_place_of_stick,
    roll_of,
    window_tree,
)
from companion.games.mush.table.roots import Kind, Root, SeatMenus
from companion.i18n import t
from companion.table.actions import CancelPromise, Quiet
from companion.table.frame import Countdown, CountdownKind, MenuStyle
from companion.table.outcome import Outcome
from companion.table.tree import KEYS, Node, Tree, route

_WAIT_TEXTS = {ActKind.TRAIN: "c.training", ActKind.WEATHER: "c.weather"}
"""Waiting texts for the acts of one named seat outside a turn; in a turn it is its turn."""


@dataclass
class _Claim:
    since: float  # when the seat claimed the window
    last: float  # the seat's last press since


@dataclass
class WindowClock:
    """One window's countdown on the controller's clock."""

    kind: CountdownKind
    total: float
    running_since: float  # when counting (re)started; may lie in the future (a landing roll)
    cap: float
    resume: float
    idle: float = 3.0
    counted: float = 0.0  # seconds counted before `running_since`
    claims: dict[int, _Claim] = field(default_factory=dict)
    timed: bool = True

    @classmethod
    def open(cls, kind: CountdownKind, total: float, now: float, *, delay: float = 0.0,
             cap: float = 8.0, resume: float = 1.0, idle: float = 3.0,
             counted: float = 0.0) -> WindowClock:
        """A countdown of `total` seconds that starts in `delay` seconds, `counted` of them
        already gone (an offer that stood before its window opened)."""
        return cls(kind, total, now + delay, cap, resume, idle, min(counted, total))

    def elapsed(self, now: float) -> float:
        """Seconds counted so far."""
        if self.claims:
            return self.counted
        return self.counted + max(0.0, now - self.running_since)

    def remaining(self, now: float) -> float:
        """Seconds left on the countdown."""
        return max(0.0, self.total - self.elapsed(now))

    def claim(self, seat: int, now: float) -> None:
        """`seat` is choosing: the countdown holds."""
        if seat in self.claims:
            return
        if not self.claims:
            self.counted = self.elapsed(now)
        self.claims[seat] = _Claim(now, now)

    def touch(self, seat: int, now: float) -> None:
        """`seat` pressed while claiming: its claim lives `idle` seconds more (within
        its cap)."""
        claim = self.claims.get(seat)
        if claim is not None:
            claim.last = now

    def release(self, seat: int, now: float, lapsed: bool = False) -> None:
        """`seat` is done choosing; the last release restarts the countdown, with at
        least `resume` seconds left unless the claim lapsed."""
        if self.claims.pop(seat, None) is None or self.claims:
            return
        if not lapsed:
            self.counted = min(self.counted, max(0.0, self.total - self.resume))
        self.running_since = max(now, self.running_since)

    def ends(self, seat: int) -> float:
        """When `seat`'s claim lapses if it presses nothing more."""
        claim = self.claims[seat]
        return min(claim.last + self.idle, claim.since + self.cap)

    def expired_claims(self, now: float) -> list[int]:
        """Seats whose claim has lapsed: no press for `idle` seconds, or held `cap`."""
        return [seat for seat in self.claims if now >= self.ends(seat)]

    def due(self, now: float) -> bool:
        """The countdown has run out and nobody is choosing."""
        return self.timed and not self.claims and self.remaining(now) <= 0

    def countdown(self, now: float) -> Countdown | None:
        """The bar the display draws (none for an untimed window, nor for one whose quiet
        time was spent before it opened)."""
        if not self.timed or (not self.claims and self.remaining(now) <= 0):
            return None
        hold = max((self.ends(s) - now for s in self.claims), default=0.0)
        return Countdown(self.kind, self.total, round(self.remaining(now), 1),
                         tuple(sorted(self.claims)), bool(self.claims),
                         round(max(0.0, hold), 1))


class _NoDice:
    """Dice for looking ahead: closing a reroll window or choosing to move never rolls."""

    def roll(self, sides: int) -> int:
        raise LookupError("looking ahead must not roll a die")


def _is_reroll(command: Command) -> bool:
    return isinstance(command, cmd.Reroll)


def _looked_ahead(state: GameState, command: cmd.Command) -> GameState | None:
    """The game once `command` acts, or None (refused, or it would roll a die)."""
    try:
        return apply(state, command, _NoDice())[0]
    except (RulesError, LookupError):
        return None


class Windows:
    """The open window's countdown and everything seats said about windows."""

    def __init__(self, config: Callable[[], TableConfig], show: Show, menus: SeatMenus
                 ) -> None:
        self._config = config
        self._show = show
        self._menus = menus  # each seat's menus now, and where it stands in them
        self._nav = menus.nav
        self.clock: WindowClock | None = None
        self._promised: dict[int, int] = {}  # X2: chips promised, paid when it closes
        self._quiet: set[int] = set()  # "not until my turn": windows do not wait for them
        self._declined: set[int] = set()  # said no to the take-dice offer before the window
        self._offered_at: float | None = None  # when this turn's take-dice offer was shown
        # the next step chosen during a reroll window: (seat, command, the state it was
        # chosen against); it acts when the window closes, if the roll still stands
        self._intent: tuple[int, cmd.Command, GameState] | None = None
        self._preview_of: tuple[GameState, GameState | None] | None = None
        self._moving_of: tuple[GameState, GameState | None] | None = None
        self.version = 0  # changes whenever what the seats' menus show here does

    # --- what the others read ------------------------------------------------------------

    def promised(self, seat: int) -> int:
        """Chips `seat` promised in the open reduce window (or ahead of it)."""
        return self._promised.get(seat, 0)

    def promises(self) -> dict[int, int]:
        """Every promise in the open window (or ahead of it), seat by seat."""
        return dict(self._promised)

    def intent(self, seat: int) -> cmd.Command | None:
        """What `seat` chose to do once the open window closes, if anything."""
        intent = self._intent
        return intent[1] if intent is not None and intent[0] == seat else None

    def offers_ahead(self, seat: int) -> bool:
        """Whether `seat` is offered, now, to take dice away before the roller moves."""
        return self._menus.root(seat).kind is Kind.HEADS_UP

    def countdown(self, now: float) -> Countdown | None:
        """The bar the display draws, if a window's countdown runs."""
        return self.clock.countdown(now) if self.clock is not None else None

    def lit(self, state: GameState) -> tuple[int, ...]:
        """The seats the phase table lets act, but in a window not the quiet ones."""
        quiet = self._quiet | self._declined if act_of(state) is ActKind.REACT else ()
        return tuple(s for s in seats_to_act(state) if s not in quiet)

    def preview(self, state: GameState) -> GameState | None:
        """The game as it will be when the open reroll window closes with nobody paying,
        or None (no reroll window, or closing it would roll a die)."""
        if state.window is None or state.window.kind is not WindowKind.REROLL:
            return None
        if self._preview_of is None or self._preview_of[0] is not state:
            self._preview_of = (state, _looked_ahead(state, cmd.CloseWindow(cmd.TABLE)))
        return self._preview_of[1]

    def moving(self, state: GameState) -> GameState | None:
        """While the roller decides to move or rest: the game once it moves, when that
        opens a take-dice window (X2), else None."""
        if act_of(state) is not ActKind.TURN or state.active is None:
            return None
        if self._moving_of is None or self._moving_of[0] is not state:
            after = _looked_ahead(state, cmd.Move(state.active))
            window = after.window if after is not None else None
            self._moving_of = (state, after if window is not None
                               and window.kind is WindowKind.REDUCE else None)
        return self._moving_of[1]

    def wait_text(self, state: GameState, seat: int) -> str:
        """What a seat with nothing to do is told: who the phase table is waiting for."""
        act = act_of(state)
        waited = seats_to_act(state)
        if act in _WAIT_TEXTS and waited:
            return t(_WAIT_TEXTS[act], name=name(state, waited[0]))
        if seat in self._quiet:
            return t("c.quiet")
        if seat in self._declined:
            return t("c.passed")
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

    # --- menus ---------------------------------------------------------------------------

    def root(self, state: GameState, seat: int) -> Root | None:
        """A seat's root menu when windows decide it (None: they do not): in a window,
        its offer or its next step ahead; while the roller decides to move, the take-dice
        offer ahead of the window."""
        act = act_of(state)
        if act is ActKind.REACT:
            tree = None
            if (seat not in self._quiet and seat not in self._declined) \
                    or seat in self._promised:
                tree = window_tree(state, seat, self._promised)
            ahead = self._ahead(state, seat, tree)
            if ahead is not None:
                return ahead
            return Root(tree, Kind.WINDOW if tree is not None else Kind.NONE)
        if act is ActKind.TURN and seat not in seats_to_act(state):
            moving = self.moving(state)
            tree = None
            if moving is not None and (seat in self._promised or (
                    seat not in self._quiet and seat not in self._declined)):
                tree = window_tree(moving, seat, self._promised)
            if tree is not None and seat not in self._promised and state.active is not None:
                tree.hint = t("r.hint.take_ahead", name=name(state, state.active))
            return Root(tree, Kind.HEADS_UP if tree is not None else Kind.NONE)
        return None

    def _ahead(self, state: GameState, seat: int, window: Tree | None) -> Root | None:
        """During a reroll window, the seat that acts next already sees its next menu (and
        its own reroll in it): it may choose while the others decide, and its choice acts
        when the window closes. So the countdown runs while the table plays on.

        In a menu of buttons the reroll takes the stick's place (▶ ▶: a stick is bought
        once the window has closed); in a list it sits one ◀ from the item the menu opens
        on for the roller's own roll, last for another's. A roller the window waits for
        alone, whose next menu would hide a stick, keeps the window's own offer (● go on,
        ▶ reroll): its ● answers it, and the whole next menu follows."""
        after = self.preview(state)
        if after is None:
            return None
        tree = seat_tree(after, seat)
        if tree is None or tree.style not in (MenuStyle.LIST, KEYS):
            return None
        guard_payments(tree)
        # every choice of that menu is there: the reroll takes the stick's place in a menu
        # of buttons, so while a stick can be bought the others' silence must close it
        right = next((n for n in tree.items if n.button == "right"), None)
        level = right.children if right is not None else None
        next_step = tree.style != KEYS or level is None or not any(
            n.enabled and n.button == "right" for n in level.items)
        if not next_step and window is not None and self._undecided(state) == [seat]:
            return Root(window, Kind.WINDOW, next_step=True)  # its ● answers: go on
        own = None if window is None else next(
            (n for n in window.items if n.claims and n.children is not None
             and route(n.children, _is_reroll) is not None), None)
        if own is not None:  # the reroll: straight to its confirmation
            # among the next move's choices the reroll says whose roll it is (the window's
            # offer calls it "Reroll" under a question that does)
            own.label = t("r.reroll", roll=roll_of(state, seat))
            if tree.style == KEYS:
                offer_in_place_of_stick(tree, own)
            else:
                keys = [n.key for n in tree.items]
                window_state = state.window
                if window_state is not None and window_state.roller == seat \
                        and tree.default in keys:
                    tree.items.insert(keys.index(tree.default), own)
                else:
                    tree.items.append(own)
        intent = self._intent
        if intent is not None and intent[0] == seat:
            tree.note = t("c.intent", what=describe(intent[1], after))
        else:
            tree.note = t("c.acts_later")
        return Root(tree, Kind.AHEAD, next_step)

    def _ahead_busy(self, state: GameState, now: float) -> bool:
        """A seat inside the menus of its next move keeps the window from closing under
        its presses (for the claim's cap at most), but holds no countdown: the others'
        time runs on."""
        clock = self.clock
        return clock is not None and \
            clock.elapsed(now) < clock.total + self._config().claim_seconds and \
            any(self._menus.deep_ahead(s) for s in range(len(state.players)))

    # --- presses -------------------------------------------------------------------------

    def choose(self, state: GameState, seat: int, node: Node) -> cmd.Command | None:
        """An item chosen: the command to apply now, or None when the choice is the
        table's own (a promise made or cancelled, a no said ahead, a step chosen ahead)."""
        command = node.command
        assert command is None or isinstance(command, cmd.Command)  # MUSH's menus
        in_window = act_of(state) is ActKind.REACT
        # what changes here shows in the chooser's own menus only (a step chosen ahead also
        # in those of the seat whose step it replaces): the other seats' stand
        match node.act:
            case CancelPromise() if seat in self._promised:
                del self._promised[seat]
                self._menus.changed(seat)
                self._show.notice(None, t("c.cancelled", name=name(state, seat)))
                return None
            case Quiet():
                self._quiet.add(seat)
                self.version += 1
                if not in_window:  # ahead of the window: the rules have nothing to hear
                    return None
                command = cmd.Pass(seat)
        assert command is not None
        if node.pledge and isinstance(command, cmd.Reduce):
            self._promised[seat] = command.chips
            self._declined.discard(seat)
            self._menus.changed(seat)
            self._nav.clear(seat)
            return None
        if isinstance(command, cmd.Pass) and not in_window:  # ● no, ahead of the window
            self._declined.add(seat)
            self.version += 1
            return None
        after = self.preview(state)
        if after is not None and not isinstance(command, cmd.Reroll | cmd.Pass):
            if self._intent is not None:
                self._menus.changed(self._intent[0])
            self._intent = (seat, command, after)  # acts when the window closes
            self._menus.changed(seat)
            self._nav.clear(seat)
            return None
        return command

    def touch(self, seat: int, now: float) -> None:
        """`seat` pressed: a claim in use lives on (within its cap)."""
        if self.clock is not None:
            self.clock.touch(seat, now)

    # --- time ----------------------------------------------------------------------------

    def lapse(self, now: float) -> list[int]:
        """Claims past their time let go; the seats whose claim lapsed."""
        clock = self.clock
        if clock is None:
            return []
        lapsed = clock.expired_claims(now)
        for seat in lapsed:
            self._menus.close(seat)
            clock.release(seat, now, lapsed=True)
            self._show.notice(seat, t("c.claim_lapsed"))
        return lapsed

    def due(self, state: GameState, now: float, pressing: Iterable[int] = ()) -> bool:
        """The countdown has run out with nobody choosing, nor inside its next step, nor
        with a button down that may yet answer."""
        clock = self.clock
        return clock is not None and clock.due(now) and not self._ahead_busy(state, now) \
            and not self._pressing(state, pressing)

    def _pressing(self, state: GameState, pressing: Iterable[int]) -> bool:
        """Whether a seat the open window waits for has a button down (it acts when it
        comes up: the window was standing when it went down)."""
        if state.window is None:
            return False
        return bool(set(pressing) & set(waiting_seats(state)))

    def settle(self, state: GameState, now: float, pressing: Iterable[int] = ()) -> bool:
        """The claims follow the seats' menus; True when the window should close now
        (nobody it waits for is undecided, or its countdown ran out, and nobody chooses)."""
        clock = self.clock
        if clock is None or state.window is None:
            return False
        choosing = {s for s in range(len(state.players))
                    if self._menus.claiming(s) and s not in self._promised}
        for seat in choosing - set(clock.claims):
            clock.claim(seat, now)
        for seat in set(clock.claims) - choosing:
            clock.release(seat, now)
        undecided = self._undecided(state)
        # a window waiting only for the seat that plays next needs no countdown: its next
        # choice answers it (the pressing roll, the Early Riser's failed crossing, a table
        # whose other seats cannot pay)
        clock.timed = not (len(undecided) == 1 and self._menus.root(undecided[0]).next_step)
        if clock.claims or self._ahead_busy(state, now):
            return False
        return not undecided or (clock.due(now) and not self._pressing(state, pressing))

    def awaits(self, state: GameState, seat: int) -> bool:
        """Whether the open window has no countdown and waits for `seat`'s answer alone
        (its silence closes nothing)."""
        clock = self.clock
        return clock is not None and not clock.timed and state.window is not None \
            and self._undecided(state) == [seat]

    def _undecided(self, state: GameState) -> list[int]:
        """The seats the open window still waits for: the rules' (able to pay, not passed)
        less those that answered at the table (promised, quiet, said no ahead, chose their
        next step)."""
        decided = {*self._promised, *self._quiet, *self._declined}
        if self._intent is not None:
            decided.add(self._intent[0])  # choosing the next step says no to a reroll
        return [s for s in waiting_seats(state) if s not in decided]

    def close(self, state: Callable[[], GameState],
              apply_now: Callable[[cmd.Command], Outcome]) -> Outcome:
        """Pay what was promised (X2), close the window if paying did not, then the step
        chosen ahead acts if the roll it was chosen against still stands."""
        out = Outcome()
        promised, self._promised = dict(self._promised), {}
        self.version += 1
        for seat, chips in promised.items():
            game = state()
            if game.window is None:
                break
            due = min(chips, reduce_cap(game), game.players[seat].chips)
            paid = cmd.Reduce(seat, due)
            if due > 0 and is_legal(game, paid):
                out = out.then(apply_now(paid))
        if state().window is not None:
            out = out.then(apply_now(cmd.CloseWindow(cmd.TABLE)))
        intent, self._intent = self._intent, None
        if intent is not None:
            seat, chosen, expected = intent
            if state() == expected:
                out = out.then(apply_now(chosen))
            else:
                self._show.notice(seat, t("c.roll_changed"))
        return out

    # --- what happened -------------------------------------------------------------------

    def resumed(self, state: GameState, now: float) -> None:
        """The table starts over a game as it stands (a resume, a scene): its window's
        countdown runs from now, and a take-dice offer is shown from now."""
        if act_of(state) is ActKind.TURN:
            self._offered_at = now
        self.open_clock(state, now)

    def open_clock(self, state: GameState, now: float, delay: float = 0.0) -> None:
        """The open window's countdown, starting in `delay` seconds (None: no window). The
        take-dice window counts the time its offer stood while the roller decided."""
        window = state.window
        if window is None:
            self.clock = None
            return
        config = self._config()
        counted = 0.0
        if window.kind is WindowKind.REDUCE:
            total = config.reduce_seconds
            if self._offered_at is not None:
                counted = max(0.0, now - self._offered_at)
        else:
            total = config.reroll_seconds
        self.clock = WindowClock.open(CountdownKind(window.kind.value), total, now,
                                      delay=delay, cap=config.claim_seconds,
                                      resume=config.resume_seconds,
                                      idle=config.claim_idle_seconds, counted=counted)

    def applied(self, command: cmd.Command, after: GameState) -> None:
        """A command acted: a step chosen ahead is dropped when the window it was chosen
        in ended another way (a last reroll opened none): its roll is gone."""
        if self._intent is not None and after.window is None \
                and not isinstance(command, cmd.CloseWindow):
            self._show.notice(self._intent[0], t("c.roll_changed"))
            self._intent = None
            self.version += 1

    def on_event(self, event: ev.Event, state: GameState, now: float, landing: float) -> None:
        """A window opens (its countdown once the roll has landed) or closes; a turn
        starts (its player is asked again, the take-dice offer is shown); a roller who
        rests pays nobody's promise."""
        if isinstance(event, ev.WindowOpened):
            self.open_clock(state, now, landing)
            if event.kind is not WindowKind.REDUCE:  # promised ahead: paid when it closes
                self._promised.clear()
        elif isinstance(event, ev.WindowClosed):
            self.clock = None
            self._promised.clear()
            self._declined.clear()
        elif isinstance(event, ev.TurnStarted):
            self._quiet.discard(event.seat)
            self._promised.clear()
            self._declined.clear()
            self._offered_at = now + landing
        elif isinstance(event, ev.Rested) and self._promised:
            self._promised.clear()
            self._show.notice(None, t("c.rested_unpaid", name=name(state, event.seat)))
        self.version += 1

    def after(self, state: GameState) -> None:
        """After a command's events: no window, no countdown."""
        if state.window is None:
            self.clock = None
        self.version += 1

    def undone(self, state: GameState, now: float) -> None:
        """A choice was taken back: promises and steps chosen ahead go with it; the window
        there is now (if any) counts again."""
        self._promised.clear()
        self._declined.clear()
        self._intent = None
        self.version += 1
        self.open_clock(state, now)
