"""A whole table for a game whose every act is a seat's choice among its rules' options,
written against the kernel only: a new game of that kind brings its rules and a few
words, and this gives it setup, menus, undo, its screen's frame, the lights and bots.

Setup is the one shared menu every game's setup starts with: the game to play, how many
play, "Start the game" (the game's own start command for the players' names). Then
each seat that may act (the rules' flow says which) has a list menu of its options, one
item per command, worded by the game (`SimpleRules.label`), a blocked option greyed with
the rules' reason; ● applies the command through the rules with the table's dice, and
holding ● at the top takes the seat's last command back when the rules' undo policy
allows it. The frame is the game's title, its lines of the public view
(`SimpleRules.lines`: "Ann 7 · Bo 4"), the menus and the notices: what
`companion.display.simple` draws and `companion.web.simple` sends to the phones.
MUSH and the Canoe game have tables of their own (windows, bids, cards); this one is for
the games that need none of that.
"""

from __future__ import annotations

import enum
import logging
import random
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from companion.config.names import colour_name
from companion.config.table import TableConfig
from companion.core.acts import Command, Event
from companion.core.dice import DiceSource
from companion.core.game import AnyGame
from companion.exc import RulesError, UnreachableCommand
from companion.i18n import LANGUAGES, speaking, t
from companion.pads.events import Button, PadEvent
from companion.table.base import SETUP_UI, TableBase, Target, aims_at, in_screen_language
from companion.table.frame import (
    Animation,
    Countdown,
    JoinCard,
    Menu,
    Names,
    Notice,
    SeatName,
    UndoOffer,
)
from companion.table.gestures import Gesture
from companion.table.lights import LightState, steady
from companion.table.outcome import Outcome
from companion.table.setup_items import game_node, start_node
from companion.table.tree import Node, Tree
from companion.table.virtual import VirtualPads, pad_events

log = logging.getLogger("companion.table.simple")


@dataclass(frozen=True)
class SimpleRules:
    """What a game tells this table besides its kernel `Game`; each callable is called
    in the screen's language (`companion.i18n.t` speaks it)."""

    game: AnyGame
    start: Callable[[tuple[str, ...]], Command]
    """The rules' start command for these players (by name, in seat order)."""
    label: Callable[[Command], str]
    """A command as its menu item says it ("Roll the die")."""
    lines: Callable[[Any], tuple[str, ...]]
    """What the screen shows of a game (its state): "Ann 7", "Bo 4"."""
    reason: Callable[[Any], str] = lambda reason: str(reason.code)
    """A blocked option's reason (a kernel `Reason`) in words."""
    arrange: Callable[[Any, int, list[Node]], list[Node]] | None = None
    """A seat's items, one a command, arranged into sub-menus (a card, then where it
    goes: two presses of ● or two taps); None: one flat list."""
    secret: Callable[[Any], bool] = lambda state: False
    """Whether the seats' menus show what only their own seat may see (a hand of cards):
    the shared screen then says who is choosing and never draws the items; each seat's
    phone shows its own."""
    private: Callable[[Any, int], tuple[str, ...]] = lambda state, seat: ()
    """A seat's own lines (its hand), for that seat's phone alone: never drawn on the
    shared screen nor sent to the table page or another seat."""
    recent: Callable[[Any, tuple[Event, ...]], tuple[str, ...]] = lambda state, events: ()
    """What the last command did, in words everyone may read (`events` are its events)."""
    configured: Callable[[tuple[str, ...], Any], Command] | None = None
    """The start command from the players and the game's part of the config (its
    `[game.<name>]` section); None: `start` from the players alone."""
    frame: type[SimpleFrame] | None = None
    """The type of frame its table builds (a `SimpleFrame` of its own, so its box is
    found by its frame); None: `SimpleFrame`."""


class SimpleScreen(enum.StrEnum):
    """`SimpleFrame.screen`."""

    SETUP = "simple_setup"
    PLAY = "simple_play"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class SimpleFrame:
    """Everything the screen and the phones show of a simple game at one moment."""

    screen: SimpleScreen
    title: str  # the game's name, in the screen's words
    lines: tuple[str, ...]  # the game's own lines (`SimpleRules.lines`); none in setup
    names: Names
    menus: tuple[Menu, ...] = ()
    notices: tuple[Notice, ...] = ()
    undo: UndoOffer | None = None
    winner: int | None = None
    serial: int = 0
    about: tuple[str, ...] = ()
    secret: bool = False  # the menus hold a hand: the screen names who chooses, no item
    private: tuple[tuple[str, ...], ...] = ()  # each seat's own lines, for its phone only
    # the title and lines in every other language, for the phones and table pages that
    # read another (`worded_in`): (language, title, lines)
    worded: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    # the display's loop reads these of every frame
    animation: Animation | None = None
    animation_progress: float = 1.0
    countdown: Countdown | None = None
    join: JoinCard | None = None


def worded_in(frame: SimpleFrame, language: str) -> tuple[str, tuple[str, ...]]:
    """The frame's title and lines in `language`: a phone set to German reads the game's
    lines in German while the screen speaks French. The frame's own when it carries no
    other wording of them (setup, or the screen's language itself)."""
    for code, title, lines in frame.worded:
        if code == language:
            return title, lines
    return frame.title, frame.lines


@dataclass(frozen=True)
class SimpleDraft:
    """Setup's choices so far, as the phones' join page names the seats from them."""

    names: tuple[str, ...]
    players: int


@dataclass(frozen=True)
class _Point:
    """The last command, while it can be taken back: whose, in words, its events."""

    seat: int
    text: str
    events: tuple[Event, ...]


class SimpleTable(TableBase[Any, Event]):
    """Presses in, the rules' commands out, for a `SimpleRules` game (see the module)."""

    def __init__(self, rules: SimpleRules, state: Any = None, dice: DiceSource | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 config: TableConfig | None = None, history: Iterable[Event] = ()) -> None:
        game = rules.game
        super().__init__(game.initial if state is None else state, dice, clock, config,
                         history)
        self.rules, self.game = rules, game
        seats = game.seats
        self._players = min(max(self._config.players, seats.start), seats[-1])
        names = list(self._config.prefs.seat_names or self._config.seat_names)
        self._names = [names[s] if s < len(names) else colour_name(s, self._config.language)
                       for s in range(seats[-1])]
        self._point: _Point | None = None
        self._notices: list[tuple[Notice, float]] = []
        self._switch: str | None = None
        self._serial = 0
        self._over_at: float | None = clock() if self.over else None
        self._saved: tuple[Any, list[Event], _Point | None, float | None] | None = None
        self._last: tuple[Event, ...] = ()
        self._frame = rules.frame or SimpleFrame
        # each language's title and lines, with the state and last events they were worded
        # from (`_wording`)
        self._worded: dict[str, tuple[Any, tuple[Event, ...], str, tuple[str, ...]]] = {}

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.game.outcome(self._state) is not None

    @property
    def draft(self) -> SimpleDraft:
        """Setup's choices so far: every seat's name and how many play."""
        return SimpleDraft(tuple(self._names), self._players)

    def secrets_waiting(self) -> tuple[int, ...]:
        """No choice waits on every seat in secret at a simple game's table (a hand is
        secret, but its seat plays in turn like any other)."""
        return ()

    def private_bid(self, seat: int) -> int | None:
        """Nothing is secret at a simple game's table."""
        return None

    def may_leave(self, seat: int, now: float | None = None) -> bool:
        """Game over: whether the results may be left now."""
        return self.leavable(now)

    def leavable(self, now: float | None = None) -> bool:
        """Game over, and the results have been shown long enough to be left."""
        when = self._clock() if now is None else now
        return self._over_at is not None and \
            when - self._over_at >= self._config.results_seconds

    def prefs_kept(self, problem: str | None) -> None:
        """The app kept settings the pads changed (this setup changes none)."""

    def notice(self, seat: int | None, text: str) -> None:
        """A short message for one seat (or everyone), for `notice_seconds`."""
        self._notices.append((Notice(text, seat), self._clock() + self._config.notice_seconds))
        self._serial += 1

    # --- presses ---------------------------------------------------------------------

    @in_screen_language
    def handle(self, event: PadEvent) -> Outcome:
        """One pad event; a refused press gets a notice, never an exception."""
        self._saved = None
        seat, setup, now = event.seat, self.in_setup, self._clock()
        if not self.may_press(seat):
            return Outcome()
        act = self._gestures.feed(event, float("inf") if setup else now)
        if act is None or not act.fresh:
            return Outcome()
        held = act.gesture is Gesture.HOLD
        key = SETUP_UI if setup else seat
        tree = self._setup_tree() if setup else self._tree(seat)
        self._serial += 1
        if tree is None:
            self.notice(seat, t("c.game_over") if self.over else t("c.nothing_here"))
            return Outcome()
        if held:
            if event.button is Button.SELECT and not self._nav.back(key, tree) and not setup:
                return self._take_back(seat)
            return Outcome()
        chosen = self._nav.click(key, event.button, tree)
        if isinstance(chosen, str):
            self.notice(None if setup else seat, chosen)
        elif chosen is not None and chosen.command is not None:
            return self._apply(chosen.command, chosen.label)
        elif chosen is not None and chosen.action is not None:
            chosen.action()
            if chosen.pop:
                self._nav.back(key, tree)
            if self._switch is not None:
                switch, self._switch = self._switch, None
                self._nav.clear()
                return Outcome(game=switch)
        return Outcome()

    def tick(self, now: float | None = None) -> Outcome:
        """Time passes: notices run out (nothing here waits on a clock)."""
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
            self._state, self._history, self._point, self._over_at = self._saved
            self._saved = None
            self._nav.clear()
        self.notice(None, t("c.not_saved"))

    def _apply(self, command: Command, text: str) -> Outcome:
        try:
            after, events = self.game.apply(self._state, command, self._dice)
        except (RulesError, ValueError) as error:
            self.notice(command.seat if command.seat >= 0 else None, str(error))
            return Outcome()
        before = self._state
        self._saved = (before, list(self._history), self._point, self._over_at)
        done = tuple(events)
        self._state = after
        self._history.extend(e for e in done if not e.private)
        self._point = _Point(command.seat, text, done) \
            if command.seat >= 0 and self.game.undo.undoable(done) else None
        self._last = done
        if self.over:
            self._over_at = self._clock()
        self._changed()
        return Outcome(done, (), True, (done,), before=before)

    def _take_back(self, seat: int) -> Outcome:
        point = self._point
        if point is None or point.seat != seat:
            return Outcome()
        self._saved = (self._state, list(self._history), self._point, self._over_at)
        del self._history[len(self._history) - len(point.events):]
        self._state = self.game.replay(self._history)
        self._point, self._over_at, self._last = None, None, ()
        self._changed()
        return Outcome((), point.events, True)

    def _changed(self) -> None:
        self._nav.clear()
        self._gestures.changed(range(self.game.seats[-1]), self._clock())
        self._serial += 1

    # --- menus -----------------------------------------------------------------------

    def _setup_tree(self) -> Tree:
        def switch(name: str) -> None:
            self._switch = name

        def players(n: int) -> None:
            self._players = n

        counts = [Node(str(n), str(n), action=partial(players, n), pop=True)
                  for n in self.game.seats]
        items = [*game_node(self.game.name, self._config.games, switch),
                 Node("players", t("s.players"), str(self._players), children=Tree(
                     "players", t("s.players_title"), counts, t("m.hint.sub"),
                     default=str(self._players))),
                 start_node(self.game, self._players, self.start_command)]
        return Tree("setup", t(f"game.{self.game.name}"), items, t("s.hint"), default="start")

    def start_command(self) -> Command:
        """The rules' start command for the players chosen so far."""
        names = tuple(self._names[:self._players])
        if self.rules.configured is not None:
            return self.rules.configured(names, self._config.game)
        return self.rules.start(names)

    def _tree(self, seat: int) -> Tree | None:
        if self.over or seat not in self.game.seats_to_act(self._state):
            return None
        items: list[Node] = []
        for option in self.game.options(self._state, seat):
            for command in option.commands():
                blocked = option.blocked
                items.append(Node(str(len(items)), self.rules.label(command),
                                  self.rules.reason(blocked) if blocked else "",
                                  blocked is None, command=command))
        if not items:
            return None
        if self.rules.arrange is not None:
            items = self.rules.arrange(self._state, seat, items)
        return Tree(f"seat{seat}", self._names_of()[seat], items, t("m.hint.sub"))

    def _names_of(self) -> list[str]:
        return [p.name for p in self._state.players]

    def menus_in(self, language: str) -> tuple[Menu, ...]:
        """Every menu as `frame()` gives it, worded in `language` (a phone's)."""
        with speaking(language):
            if self.in_setup:
                return (self._nav.menu(SETUP_UI, self._setup_tree()),)
            return tuple(self._nav.menu(seat, tree) for seat in range(len(self._state.players))
                         if (tree := self._tree(seat)) is not None)

    # --- what is shown -----------------------------------------------------------------

    @in_screen_language
    def frame(self) -> SimpleFrame:
        """What the screen draws now."""
        now = self._clock()
        notices = tuple(n for n, until in self._notices if until > now)
        title = t(f"game.{self.game.name}")
        if self.in_setup:
            names = Names(seats=tuple(SeatName(s, n) for s, n in
                                      enumerate(self._names[:self._players])))
            about = self._config.about() if self._config.about is not None else ()
            return self._frame(SimpleScreen.SETUP, title, (), names,
                               (self._nav.menu(SETUP_UI, self._setup_tree()),), notices,
                               serial=self._serial, about=about)
        acting = self.game.seats_to_act(self._state)
        names = Names(acting[0] if len(acting) == 1 else None,
                      tuple(SeatName(s, n) for s, n in enumerate(self._names_of())))
        outcome = self.game.outcome(self._state)
        point = self._point
        state = self._state
        screen = self._config.screen_language
        title, lines = self._wording(screen)
        worded = []
        for language in LANGUAGES:
            if language != screen:
                with speaking(language):
                    worded.append((language, *self._wording(language)))
        return self._frame(
            SimpleScreen.GAME_OVER if outcome is not None else SimpleScreen.PLAY, title,
            lines, names,
            self.menus_in(self._config.screen_language),
            notices, UndoOffer(point.seat, point.text) if point else None,
            outcome.winner if outcome is not None else None, self._serial,
            secret=outcome is None and self.rules.secret(state),
            private=tuple(self.rules.private(state, seat)
                          for seat in range(len(state.players))), worded=tuple(worded))

    def _wording(self, language: str) -> tuple[str, tuple[str, ...]]:
        """The game's title and lines in `language` (the one being spoken), worded once a
        state: the loop builds a frame many times over one state (each of its turns, each
        press that only moves a menu's focus), and the lines of a state and the command
        that led to it are the same every time."""
        kept = self._worded.get(language)
        if kept is not None and kept[0] is self._state and kept[1] is self._last:
            return kept[2], kept[3]
        title, lines = t(f"game.{self.game.name}"), self._lines()
        self._worded[language] = (self._state, self._last, title, lines)
        return title, lines

    def _lines(self) -> tuple[str, ...]:
        """The game's public lines and what just happened, in the language being spoken."""
        return (*self.rules.lines(self._state), *self.rules.recent(self._state, self._last))

    def lights(self, now: float | None = None) -> dict[int, LightState]:
        """The seats that may act lit; the winner's light blinking."""
        if self.in_setup:
            return steady((), None)
        outcome = self.game.outcome(self._state)
        return steady(() if outcome else self.game.seats_to_act(self._state),
                      outcome.winner if outcome else None)

    def status(self) -> str:
        """One line for systemd's status."""
        return f"{self.game.title}: {'setup' if self.in_setup else 'playing'}"

    @in_screen_language
    def next_press(self, seat: int, target: Target) -> tuple[Button, bool] | None:
        """The next press bringing `seat` closer to choosing `target` (the bots' pads)."""
        if self.in_setup:
            return self._nav.next_press(SETUP_UI, self._setup_tree(), aims_at(target))
        tree = self._tree(seat)
        return self._nav.next_press(seat, tree, aims_at(target)) if tree is not None else None


Policy = Callable[[Any, int, random.Random], Command | None]


class SimpleBots(VirtualPads[SimpleTable]):
    """Bots on virtual pads: in setup one walks to "Start the game", then each seat that
    may act presses its way to what its policy chose."""

    def __init__(self, table: SimpleTable, policies: Mapping[int, Policy],
                 rng: random.Random | None = None) -> None:
        super().__init__(table, rng)
        self._policies = dict(policies)

    def presses(self) -> list[PadEvent]:
        """The events of the next bot press, or [] when no bot has anything to do."""
        table = self._controller
        if table.in_setup:
            return pad_events(0, table.next_press(0, table.start_command()))
        for seat in table.game.seats_to_act(table.state):
            if seat in self._policies and table.ready(seat):
                target = self._policies[seat](table.state, seat, self._rng)
                if target is None:
                    continue
                step = table.next_press(seat, target)
                if step is None:
                    raise UnreachableCommand(f"seat {seat}: no menu leads to {target!r}")
                return pad_events(seat, step)
        return []


__all__ = ["Policy", "SimpleBots", "SimpleDraft", "SimpleFrame", "SimpleRules", "SimpleScreen",
           "SimpleTable"]
