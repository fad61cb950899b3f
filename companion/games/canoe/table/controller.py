"""The table for the Canoe game: pad events in, Canoe rules commands out, a frame to draw.

The same shape as MUSH's controller, much smaller: the Canoe game has one player acting
at a time and nothing secret, so there are no reaction windows and no bids. A press
becomes a gesture (the same guard against stale presses), walks the seat's menu (built
once per change from the rules' options), and an item chosen applies its command; the
events leave in an `Outcome` for the journal, the voice and the screen. Holding ● steps
back out of a sub-menu, or at the top takes back the seat's last bookkeeping (never a
throw or a card drawn: the rules' undo policy says which). With the wooden die a throw
waits for its face to be entered on the thrower's pad.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from companion.config.table import TableConfig
from companion.core.dice import DiceSource, ScriptedDice
from companion.exc import DiceExhausted, RulesError
from companion.games.canoe import GAME
from companion.games.canoe import commands as cmd
from companion.games.canoe import events as ev
from companion.games.canoe.engine import apply, is_legal
from companion.games.canoe.model import MAX_PLAYERS, Place
from companion.games.canoe.physical import RollRequest, apply_entered, roll_request
from companion.games.canoe.settings import Settings
from companion.games.canoe.state import EMPTY, GameState
from companion.games.canoe.table.entries import face_tree
from companion.games.canoe.table.frame import CanoeFrame, CanoeScreen, place_notice
from companion.games.canoe.table.memory import Kept, Memory
from companion.games.canoe.table.menus import seat_tree
from companion.games.canoe.table.route import known_board
from companion.games.canoe.table.setup import CanoeDraft, setup_tree
from companion.games.canoe.views import public_view
from companion.i18n import speaking, t
from companion.pads.events import Button, PadEvent
from companion.table.actions import Enter
from companion.table.base import SETUP_UI, TableBase, Target, aims_at, in_screen_language
from companion.table.frame import Menu, Names, Notice, SeatName, UndoOffer
from companion.table.gestures import Gesture
from companion.table.lights import LightState, steady
from companion.table.navigation import nearest
from companion.table.outcome import Outcome
from companion.table.tree import Node, Tree

log = logging.getLogger("companion.games.canoe.table")


@dataclass(frozen=True)
class _Point:
    """The last command, while it can be taken back: whose, in words, its events."""

    seat: int
    text: str
    events: tuple[ev.Event, ...]


@dataclass
class _Entry:
    """A throw of the wooden die waiting for its face."""

    command: cmd.Command
    request: RollRequest
    text: str


class CanoeTable(TableBase[GameState, ev.Event]):
    """Turns `PadEvent`s into Canoe commands through menus built from its options; the
    config, the game, the clock, the history, the dice, the navigator and the guard
    against stale presses are every table's (`TableBase`)."""

    game = GAME

    def __init__(self, state: GameState = EMPTY, dice: DiceSource | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 config: TableConfig | None = None, history: Iterable[ev.Event] = (),
                 last: Settings | None = None,
                 earlier: Iterable[Iterable[ev.Event]] = ()) -> None:
        super().__init__(state, dice, clock, config, history)
        names = self._config.prefs.seat_names or self._config.seat_names
        self._draft = CanoeDraft.start(self._config.players, tuple(names),
                                       self._config.language, last, self._config.game)
        self._trees: dict[int, Tree | None] = {}
        self._memory = Kept()  # what the trip told, for the menus' guesses
        # earlier trips' events, for what they told of the board (`route.known_board`)
        self._earlier = tuple(tuple(trip) for trip in earlier)
        self._board: tuple[Settings, Memory | None] | None = None
        self._entry: _Entry | None = None
        self._point: _Point | None = None
        self._notices: list[tuple[Notice, float]] = []
        self._card = False  # a card was drawn by the last command: the card screen
        self._serial = 0
        self._over_at: float | None = clock() if GAME.outcome(state) else None
        self._saved: dict[str, object] | None = None
        # the state the next player's first choice would start from, for one state (C4)
        self._ahead: tuple[GameState, tuple[int, GameState] | None] | None = None
        # whose go the next player's choice ended, and the number of the go it started
        self._handed_from: tuple[int, int] | None = None
        # the presses each seat made in its own go, its throw included (`seat_tree`'s
        # `pressed`): counted after each press, set to nothing as the seat's turn starts
        self._pressed: Counter[int] = Counter()

    # --- what the app reads --------------------------------------------------------------

    def _config_changed(self) -> None:
        self._trees.clear()
        self._serial += 1

    @property
    def over(self) -> bool:
        """Whether the trip is over."""
        return GAME.outcome(self._state) is not None

    @property
    def entry(self) -> RollRequest | None:
        """The wooden die's throw whose face the table is asked for, or None."""
        return self._entry.request if self._entry is not None else None

    @property
    def draft(self) -> CanoeDraft:
        """Setup's choices so far."""
        return self._draft

    def status(self) -> str:
        """One line for systemd's status."""
        if self.in_setup:
            return "Setting up a canoe trip"
        return f"Canoe trip, turn {self._state.turns}: {self._state.phase.value}"

    def may_leave(self, seat: int, now: float | None = None) -> bool:
        """Game over: whether the results may be left now (not in their first seconds)."""
        return self.leavable(now)

    def leavable(self, now: float | None = None) -> bool:
        """Game over: whether the results may be left now (the screen offers a new game
        only from then)."""
        when = self._clock() if now is None else now
        return self._over_at is not None and \
            when - self._over_at >= self._config.results_seconds

    def prefs_kept(self, problem: str | None) -> None:
        """The app kept settings the pads changed (the Canoe setup changes none)."""

    # --- pad events, time, the journal's answer --------------------------------------------

    @in_screen_language
    def handle(self, event: PadEvent) -> Outcome:
        """One pad event. Never raises for a refused press: the seat gets a notice."""
        self._saved = None
        seat, setup, now = event.seat, self.in_setup, self._clock()
        if not self.may_press(seat):
            return Outcome()
        act = self._gestures.feed(event, float("inf") if setup else now)
        if act is None:
            return Outcome()
        if not act.fresh:
            return Outcome()
        held = act.gesture is Gesture.HOLD
        before = self._nav.path(SETUP_UI if setup else seat)
        if setup:
            out = self._setup_press(event.button, held)
        elif held:
            out = self._hold(seat, event.button)
        else:
            out = self._click(seat, event.button)
            self._pressed[seat] += seat == self._state.active  # the throw that began it too
        if not setup and self._nav.path(seat) != before:
            self._gestures.changed((seat,), now, own=True)
        self._serial += 1
        return out

    def tick(self, now: float | None = None) -> Outcome:
        """Time passes: notices run out (nothing in the Canoe game waits on a clock)."""
        when = self._clock() if now is None else now
        kept = [(n, until) for n, until in self._notices if until > when]
        if len(kept) != len(self._notices):
            self._notices = kept
            self._serial += 1
        return Outcome()

    @in_screen_language
    def rollback(self) -> None:
        """The journal refused the last outcome: back to how the file has it."""
        if self._saved is not None:
            for name, value in self._saved.items():
                setattr(self, name, value)
            self._saved = None
            self._trees.clear()
            self._memory = Kept()
            self._nav.clear()
        self.notice(None, t("c.not_saved"))

    def notice(self, seat: int | None, text: str) -> None:
        """A short message for one seat (or everyone), for `notice_seconds`."""
        self._notices.append((Notice(text, seat), self._clock() + self._config.notice_seconds))
        self._serial += 1

    # --- presses -------------------------------------------------------------------------

    def _setup_tree(self) -> Tree:
        return setup_tree(self._draft, self._config.games)

    def _setup_press(self, button: Button, held: bool) -> Outcome:
        root = self._setup_tree()
        if held:
            if button is Button.SELECT:
                self._nav.back(SETUP_UI, root)
            return Outcome()
        chosen = self._nav.click(SETUP_UI, button, root)
        if isinstance(chosen, str):
            self.notice(None, chosen)
            return Outcome()
        if chosen is not None and chosen.command is not None:
            return self._apply(chosen.command, chosen.label)
        if chosen is not None and chosen.action is not None:
            chosen.action()
            if chosen.pop:
                self._nav.back(SETUP_UI, root)
            if self._draft.switch is not None:
                switch, self._draft.switch = self._draft.switch, None
                self._nav.clear()
                return Outcome(game=switch)
        return Outcome()

    def _tree(self, seat: int) -> Tree | None:
        if seat not in self._trees:
            self._trees[seat] = self._tree_in(seat, self._config.screen_language)
        return self._trees[seat]

    def _tree_in(self, seat: int, language: str) -> Tree | None:
        """The seat's menu tree worded in `language` (the same keys in every language)."""
        with speaking(language):
            if self._entry is not None:
                request = self._entry.request
                return face_tree(self._state, seat, request.values) \
                    if seat == request.seat else None
            memory = self._remembered()
            tree = seat_tree(self._state, seat, memory,
                             handed=self.handed_to() is not None,
                             pressed=self._pressed[seat])
            if tree is not None:
                return tree
            handover = self._handover(seat)
            if handover is None:
                return None
            ending, after = handover
            tree = seat_tree(after, seat, memory)
            if tree is not None:
                tree.title = t("cm.handover_title", name=after.players[seat].name,
                               other=after.players[ending].name)
            return tree

    def learnt(self) -> Memory | None:
        """What the table knows of this trip's board before it starts (`route.known_board`:
        the route the group copied, the earlier trips on it), read once a trip."""
        settings = self._state.settings
        if settings is None:
            return None
        if self._board is None or self._board[0] is not settings:
            self._board = (settings, known_board(settings, self._earlier))
        return self._board[1]

    def _handover(self, seat: int | None) -> tuple[int, GameState] | None:
        """C4: the active seat and the state once its turn ends, when `seat` is the
        player whose first choice ends it (`handed_to`); else None."""
        ahead, active = self.handed_to(), self._state.active
        if ahead is None or active is None or ahead[0] != seat:
            return None
        return active, ahead[1]

    def handed_to(self) -> tuple[int, GameState] | None:
        """C4: the next player's first choice ends the turn before it. When the active
        player may end their turn now and another player acts once it ends, that player's
        seat and the state after the end; else None. So a turn with nothing more to tell
        costs no press of "End of turn": the next player just throws, as at the table."""
        state = self._state
        if self._entry is not None:  # a throw waits for its face
            return None
        if self._ahead is not None and self._ahead[0] is state:
            return self._ahead[1]
        found: tuple[int, GameState] | None = None
        active = state.active
        ending = cmd.EndTurn(active) if active is not None else None
        if ending is not None and is_legal(state, ending):
            try:
                after, _ = apply(state, ending, ScriptedDice(()))  # an end throws no die
            except (RulesError, ValueError, DiceExhausted):
                after = None
            if after is not None and after.active is not None and after.active != active:
                found = (after.active, after)
        self._ahead = (state, found)
        return found

    def _wait_text(self, seat: int | None = None) -> str:
        active = self._entry.request.seat if self._entry is not None else self._state.active
        if active is None:
            return t("c.game_over")
        if seat is not None and self._handed_from == (seat, self._state.turns):
            # C4: a press of the player whose go the next one's choice just ended: what
            # was not told is not lost, points go in at the next go
            return t("cn.handed_over", name=self._state.players[active].name)
        return t("cn.wait", name=self._state.players[active].name)

    def _click(self, seat: int, button: Button) -> Outcome:
        tree = self._tree(seat)
        if self.over:
            self.notice(seat, t("c.game_over"))
            return Outcome()
        if tree is None:
            self.notice(seat, self._wait_text(seat))
            return Outcome()
        chosen = self._nav.click(seat, button, tree)
        if isinstance(chosen, str):
            self.notice(seat, chosen)
            return Outcome()
        if chosen is None:
            return Outcome()
        if isinstance(chosen.act, Enter):
            return self._enter(chosen.act.value)
        if chosen.command is not None:
            out, words = Outcome(), self._words(seat, tree, chosen)
            telling = self._still_telling(seat)
            if telling is not None:
                self.notice(seat, t("cn.still_telling", name=self._state.players[telling].name))
                return Outcome()
            handover = self._handover(seat)
            if handover is not None:
                # C4: the next player's first choice ends the turn before it
                out = self._apply(cmd.EndTurn(handover[0]), t("cm.end"))
                if not out.applied:
                    return out
                self._handed_from = (handover[0], self._state.turns)
            out = out.then(self._apply(chosen.command, words))
            if isinstance(chosen.command, cmd.TurnBack) and out.applied:
                # L5, L6: "Turn back and throw" is one choice: the throw follows at once
                out = out.then(self._apply(cmd.Roll(seat), t("cm.throw")))
            return out
        return Outcome()

    def _words(self, seat: int, tree: Tree, chosen: Node) -> str:
        """What the item chosen did, as "Camp here · Sugar Island · +10" (for undo)."""
        labels, level = [], tree
        for key in self._nav.path(seat):
            node = level.find(key)
            if node is None or node.children is None:
                break
            labels.append(node.label)
            level = node.children
        return " · ".join([*labels, chosen.label])

    def _hold(self, seat: int, button: Button) -> Outcome:
        if button is not Button.SELECT:
            return Outcome()
        tree = self._tree(seat)
        if tree is not None and self._nav.back(seat, tree):
            return Outcome()
        return self._take_back(seat)

    # --- applying ------------------------------------------------------------------------

    def _checkpoint(self) -> None:
        if self._saved is None:
            self._saved = {"_state": self._state, "_history": list(self._history),
                           "_point": self._point, "_entry": self._entry, "_card": self._card,
                           "_over_at": self._over_at, "_handed_from": self._handed_from,
                           "_pressed": Counter(self._pressed)}

    def _apply(self, command: cmd.Command, text: str, face: int | None = None) -> Outcome:
        now = self._clock()
        before = self._state
        if face is None and self._config.physical_dice:
            request = roll_request(before, command)
            if request is not None:
                self._checkpoint()
                self._entry = _Entry(command, request, text)
                self._changed()
                return Outcome(applied=True)
        try:
            if face is not None and self._entry is not None:
                after, events = apply_entered(before, command, self._entry.request, face)
            else:
                after, events = apply(before, command, self._dice)
        except (RulesError, ValueError) as error:
            log.debug("refused: seat %d %s (%s)", command.seat, type(command).__name__, error)
            self.notice(command.seat if command.seat >= 0 else None, str(error))
            return Outcome()
        self._checkpoint()
        self._state, self._entry = after, None
        self._history.extend(events)
        done = tuple(events)
        self._point = _Point(command.seat, text, done) \
            if command.seat >= 0 and GAME.undo.undoable(done) else None
        self._card = any(isinstance(e, ev.CardDrawn | ev.CardEntered) for e in done)
        for event in done:
            self._on_event(event, now)
        self._waits_on(done)
        self._changed()
        log.debug("seat %d: %s; events: %s", command.seat, type(command).__name__,
                  [type(e).__name__ for e in done])
        return Outcome(done, (), True, (done,))

    def _enter(self, face: int) -> Outcome:
        entry = self._entry
        assert entry is not None
        return self._apply(entry.command, entry.text, face)

    def _on_event(self, event: ev.Event, now: float) -> None:
        names = [p.name for p in self._state.players]
        if isinstance(event, ev.TurnStarted):
            self._pressed[event.seat] = 0
        if isinstance(event, ev.WeatherAdvanced):
            self.notice(None, t("cn.weather", weather=t(f"cw.{event.weather.value}")))
        elif isinstance(event, ev.TurnSkipped):
            self.notice(None, t("cn.skipped", name=names[event.seat]))
        elif isinstance(event, ev.GameWon):
            self._over_at = now
        else:
            text = place_notice(event, names, self._state)
            if text is not None:
                self.notice(None, text)

    def _waits_on(self, events: tuple[ev.Event, ...]) -> None:
        """L6: a throw by Dangerous Point that was not a 5: the canoe waits on."""
        for event in events:
            if isinstance(event, ev.DieRolled) and \
                    self._state.players[event.seat].place is Place.DANGEROUS_POINT:
                self.notice(None, t("cn.no_five", name=self._state.players[event.seat].name))

    def _remembered(self) -> Memory:
        """What the trip told, for the menus' guesses (`memory.Kept`)."""
        return self._memory.of(self._history, self.learnt)

    def _changed(self) -> None:
        """The game moved: every menu starts again from its top, and is built anew."""
        self._trees.clear()
        self._nav.clear()
        self._gestures.changed(range(MAX_PLAYERS), self._clock())
        self._serial += 1

    def _take_back(self, seat: int) -> Outcome:
        """Hold ● at the top: undo the seat's own last bookkeeping (Q7)."""
        point = self._point
        if self._entry is not None and self._entry.request.seat == seat:
            self._checkpoint()
            self._entry = None  # the thrower steps back out of the throw by hand
            self._changed()
            return Outcome(applied=True)
        if point is None or point.seat != seat:
            self.notice(seat, t("cn.no_undo"))
            return Outcome()
        self._checkpoint()
        del self._history[len(self._history) - len(point.events):]
        self._state = GAME.replay(self._history)
        self._point, self._card, self._over_at = None, False, None
        self._changed()
        self.notice(None, t("cn.took_back", name=self._state.players[seat].name,
                            what=point.text))
        return Outcome((), point.events, True)

    # --- the frame, the lights, the virtual pads -------------------------------------------

    def _names(self) -> Names:
        if self.in_setup:
            names = self._draft.names[:self._draft.players]
            return Names(seats=tuple(SeatName(s, n) for s, n in enumerate(names)))
        return Names(self._state.active, tuple(
            SeatName(s, p.name) for s, p in enumerate(self._state.players)))

    def _menus(self) -> tuple[Menu, ...]:
        menus = []
        for seat in range(len(self._state.players)):
            tree = self._tree(seat)
            if tree is not None:
                menus.append(self._seat_menu(seat, tree))
        return tuple(menus)

    def _seat_menu(self, seat: int, tree: Tree) -> Menu:
        """The seat's menu as drawn; the next player's drawn waiting, with why under its
        title, while the player before is still telling (`_still_telling`, C4): the
        screen and the phones show the refusal `_click` would give."""
        menu = self._nav.menu(seat, tree)
        telling = self._still_telling(seat)
        if telling is None:
            return menu
        return replace(menu, waiting=True, note=t(
            "cn.still_telling", name=self._state.players[telling].name))

    def _still_telling(self, seat: int) -> int | None:
        """C4: the active seat, when `seat` is the next player and the active player is
        inside a menu, telling something: that turn is not over, and the next player's
        choice would end it and lose what was about to be told. Else None."""
        handover = self._handover(seat)
        if handover is None or not self._nav.path(handover[0]):
            return None
        return handover[0]

    def menus_in(self, language: str) -> tuple[Menu, ...]:
        """Every seat's menu as `frame()` gives it, worded in `language` instead of the
        screen's: a phone shows its player the same choices in the phone's language."""
        with speaking(language):
            if self.in_setup:
                return (self._nav.menu(SETUP_UI, self._setup_tree()),)
            return tuple(self._seat_menu(seat, tree) for seat in range(len(self._state.players))
                         if (tree := self._tree_in(seat, language)) is not None)

    @in_screen_language
    def frame(self) -> CanoeFrame:
        """What the display draws now."""
        now = self._clock()
        notices = tuple(n for n, until in self._notices if until > now)
        if self.in_setup:
            draft = self._draft
            about = self._config.about() if self._config.about is not None else ()
            return CanoeFrame(
                CanoeScreen.SETUP, None, self._names(),
                (self._nav.menu(SETUP_UI, self._setup_tree()),), notices, draft.lines(),
                tuple(s.value if s else None for s in draft.ring),
                not draft.ring_entered, serial=self._serial, about=about)
        view = public_view(self._state)
        if self.over:
            screen = CanoeScreen.GAME_OVER
        elif self._card and view.shown is not None:
            screen = CanoeScreen.CARD
        else:
            screen = CanoeScreen.TURN
        point = self._point
        undo = UndoOffer(point.seat, point.text) if point and self._entry is None else None
        won = next((e for e in reversed(self._history) if isinstance(e, ev.GameWon)), None)
        return CanoeFrame(screen, view, self._names(), self._menus(), notices,
                          undo=undo, entering=self.entry.seat if self.entry else None,
                          dock_face=won.face if won is not None else None,
                          serial=self._serial)

    def lights(self, now: float | None = None) -> dict[int, LightState]:
        """Every pad's light: the seat that acts on, the winner's blinking."""
        if self.in_setup:
            return steady((), None)
        acting = self.entry.seat if self.entry is not None else \
            None if self.over else self._state.active
        return steady(() if acting is None else (acting,), self._state.winner)

    @in_screen_language
    def next_press(self, seat: int, target: Target) -> tuple[Button, bool] | None:
        """The next press (button, held?) bringing `seat` closer to choosing `target`
        through its menus, or None: the bots' virtual pads."""
        if self.in_setup:
            return self._nav.next_press(SETUP_UI, self._setup_tree(), aims_at(target))
        tree = self._tree(seat)
        if tree is None:
            return None
        goal = nearest(self._nav, seat, tree, aims_at(target))
        return self._nav.steer(seat, tree, lambda node: node is goal) \
            if goal is not None else None

    def next_entry_press(self, seat: int, face: int) -> tuple[Button, bool] | None:
        """The wooden die: the next press bringing its thrower closer to entering `face`."""
        tree = self._tree(seat)
        if tree is None:
            return None
        return self._nav.steer(seat, tree, lambda node: node.act == Enter(face))


__all__ = ["CanoeTable", "Target"]
