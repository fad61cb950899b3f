"""The table's parts, built together, and all that can be read of them.

`TableController` (`companion.games.mush.table.controller`) is the dispatcher that changes them, one
pad event or tick at a time; this base holds the parts and answers every question that
changes nothing: the game, the frame the display draws, the pads' lights, each seat's
menus of the moment, and the routes the bots' virtual pads press along.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence

from companion.config.table import TableConfig
from companion.games.mush import commands as cmd
from companion.games.mush import events as ev
from companion.games.mush.dice import DiceSource
from companion.games.mush.game import MUSH
from companion.games.mush.phases import ActKind, act_of
from companion.games.mush.physical import RollRequest
from companion.games.mush.state import EMPTY, GameState
from companion.games.mush.table.bidding import SecretBids
from companion.games.mush.table.entry import HandDice
from companion.games.mush.table.frame import TableFrame
from companion.games.mush.table.menus import seat_tree
from companion.games.mush.table.presentation import Show
from companion.games.mush.table.reactions import guard_payments
from companion.games.mush.table.roots import NOTHING, Kind, Root, SeatMenus
from companion.games.mush.table.setup import Setup, SetupDraft, setup_tree
from companion.games.mush.table.undo import Undo
from companion.games.mush.table.view import OwnView
from companion.games.mush.table.windows import Windows
from companion.games.mush.views import PlayerView
from companion.i18n import speaking
from companion.pads.events import Button
from companion.table.base import SETUP_UI, TableBase, Target, aims_at, in_screen_language
from companion.table.frame import Menu, MenuStyle, UndoOffer
from companion.table.lights import LightState
from companion.table.navigation import pays, presses_to
from companion.table.tree import KEYS


class TableParts(TableBase[GameState, ev.Event]):
    """The parts of MUSH's table and the questions they answer (see the module
    docstring); what every game's table shares is `TableBase`'s."""

    game = MUSH

    def __init__(self, state: GameState = EMPTY, dice: DiceSource | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 config: TableConfig | None = None, history: Iterable[ev.Event] = (),
                 last: Sequence[ev.Event] = ()) -> None:
        super().__init__(state, dice, clock, config, history)
        now, settings = clock(), lambda: self._config  # the parts read the config in force
        self._show = Show(settings, clock, self._gestures,
                          now if act_of(state) is ActKind.NONE else None)
        self._menus = SeatMenus(self._nav, self._gestures, self._show, settings, self._build,
                                lambda: (self._state, self._hand.entry, self._windows.version,
                                         self._config))
        self._windows = Windows(settings, self._show, self._menus)
        self._bids = SecretBids(self._show.blink, self._show.notice)
        self._hand, self._undo = HandDice(), Undo.over(state, self._history, last)
        self._setup = Setup(settings, self._nav, self._show.notice)
        self._moved = False  # a roll, a reveal, a window opening or closing since last time
        self._saved: list[tuple[object, dict[str, object]]] | None = None  # `rollback`
        self._windows.resumed(state, now)
        self._mark_changes(now)

    # --- what the app and the virtual pads read ----------------------------------------

    def _config_changed(self) -> None:
        self._setup.forget()

    @property
    def draft(self) -> SetupDraft:
        """Setup's choices so far (the phones' join page names the seats from it)."""
        return self._setup.draft

    @property
    def entry(self) -> RollRequest | None:
        """Physical dice: the roll the table is asked to enter now, or None."""
        return self._hand.request

    def private_bid(self, seat: int) -> int | None:
        """The bid `seat` is choosing (or has locked), for its own pad only; None outside
        bidding. Never log, show or speak this (R1, I5)."""
        seated = 0 <= seat < len(self._state.players)
        return self._bids.private(self._state, seat) if seated and self._bidding() else None

    def seat_view(self, seat: int) -> OwnView | None:
        """What `seat` alone may see, for its phone: the rules' view of the seat
        (`TableBase.seat_view`) and the bid on its pad (`private_bid`)."""
        rules = super().seat_view(seat)
        if not isinstance(rules, PlayerView):
            return None
        return OwnView(rules, self.private_bid(seat))

    def secrets_waiting(self) -> tuple[int, ...]:
        """The seats whose secret bid the table waits for (not locked in yet): whether a
        bid is locked is public, its value never (R1, I5)."""
        if not self._bidding():
            return ()
        return tuple(s for s in self._state.seats if self._state.bids[s] is None)

    def promised(self, seat: int) -> int:
        """Chips `seat` promised in the open reduce window (paid when it closes)."""
        return self._windows.promised(seat)

    def intent(self, seat: int) -> cmd.Command | None:
        """What `seat` chose to do once the open window closes, if anything."""
        return self._windows.intent(seat)

    def preview(self) -> GameState | None:
        """The game once the open reroll window closes with nobody paying, or None."""
        return self._windows.preview(self._state)

    def offers_ahead(self, seat: int) -> bool:
        """Whether `seat` is offered, now, to take dice away before the roller moves."""
        return self._windows.offers_ahead(seat)

    def answer_awaited(self, seat: int) -> bool:
        """Whether the open window has no countdown and waits for `seat` alone: its
        silence closes nothing, its next choice answers."""
        return self._windows.awaits(self._state, seat)

    def moving(self) -> GameState | None:
        """While the roller decides: the game once it moves, if that opens a take-dice
        window (what the take-dice offer ahead of it is built from)."""
        return self._windows.moving(self._state)

    # --- the menus of the moment -------------------------------------------------------

    def _mark_changes(self, now: float) -> None:
        moved, self._moved = self._moved, False
        if not self.in_setup:
            self._menus.mark_changes(self._state, now, moved)

    def _root(self, seat: int) -> Root:
        return self._menus.root(seat) if not self.in_setup else NOTHING

    def _build(self, seat: int, language: str | None = None) -> Root:
        """A seat's root menu: the roll to enter, a window's, or the rules' choices with
        every payment behind a confirmation (worded in `language`, else the screen's)."""
        with speaking(language or self._config.screen_language):
            if self._hand.entry is not None:
                tree = self._hand.tree(seat)
                return Root(tree, Kind.ENTRY) if tree is not None else NOTHING
            root = self._windows.root(self._state, seat)
            tree = seat_tree(self._state, seat) if root is None else None
            if tree is not None and tree.style in (MenuStyle.LIST, KEYS):
                guard_payments(tree)
            return root or (Root(tree) if tree is not None else NOTHING)

    def _bidding(self) -> bool:
        return not self.in_setup and act_of(self._state) is ActKind.BID

    def _wait_text(self, seat: int) -> str:
        """What a seat with nothing to do is told: who the table is waiting for."""
        return self._hand.waiting_text(self._state) or \
            self._windows.wait_text(self._state, seat)

    # --- the frame, the lights, the virtual pads ---------------------------------------

    @in_screen_language
    def frame(self) -> TableFrame:
        """What the display draws now; `serial` changes exactly when something else did."""
        now, state, point, setup = self._clock(), self._state, self._undo.point, self.in_setup
        menus = [self._setup.menu()] if setup else self._menus.menus(len(state.players), now)
        level = None if setup else self._menus.level(state.active)
        offer = UndoOffer(point.seat, point.text) if point and self.entry is None else None
        return self._show.frame(state, self._history, self._show.screen(state, now, level),
                                tuple(menus), self._windows.countdown(now), offer,
                                self.entry.seat if self.entry else None,
                                self._windows.promises())

    def menus_in(self, language: str) -> tuple[Menu, ...]:
        """Every seat's menu as `frame()` gives it, worded in `language` instead of the
        screen's: a phone shows its own player the same choices in the phone's language.
        Built apart: the menus of the moment stay the screen's."""
        with speaking(language):
            if self.in_setup:
                return (self._nav.menu(SETUP_UI, setup_tree(self._setup.draft, self._config)),)
            now = self._clock()
            return tuple(self._show.menu(self._nav.menu(seat, root.tree), now)
                         for seat in range(len(self._state.players))
                         if (root := self._build(seat, language)).tree is not None)

    def lights(self, now: float | None = None) -> dict[int, LightState]:
        """Every pad's light: the seats that must act are on (while bidding: the locked-in
        ones; a roll by hand: its roller), a blink over it while it runs, the winner's."""
        state = self._state
        lit: tuple[int, ...] = ()
        if self.entry is not None:
            lit = (self.entry.seat,)
        elif self._bidding():
            lit = tuple(s for s in state.seats if state.bids[s] is not None)
        elif not self.in_setup:
            lit = self._windows.lit(state)
        return self._show.lights(lit, state.winner, self._clock() if now is None else now)

    @in_screen_language
    def next_press(self, seat: int, target: Target) -> tuple[Button, bool] | None:
        """The next press (button, held?) bringing `seat` closer to choosing `target`
        through its menus, or None (no menu leads there now): the bots' virtual pads.
        It reads the bid in progress, so only the seat's own driver may ask."""
        matches = aims_at(target)
        if self.in_setup:
            return self._nav.next_press(SETUP_UI, self._setup.tree(), matches)
        tree = self._root(seat).tree
        if tree is not None and tree.style == MenuStyle.BID:
            return self._bids.next_press(self._state, seat, target)
        return self._nav.next_press(seat, tree, matches) if tree is not None else None

    def pays_on(self, seat: int, button: Button) -> bool:
        """Whether a click of `button` would pay now (a Pay line of `seat`'s menus)."""
        tree = self._root(seat).tree
        node = self._nav.node_under(seat, button, tree) if tree is not None else None
        return node is not None and pays(node)

    def ready_to_pay(self, seat: int, now: float | None = None) -> bool:
        """Whether `seat`'s menu has stood long enough for a Pay line to pay."""
        at = self._clock() if now is None else now
        return self._gestures.shown_for(seat, at) >= self._config.pay_guard_seconds

    def presses_to(self, seat: int, target: cmd.Command) -> int | None:
        """Presses `seat` needs from the top of its menus to choose `target` (None: no menu
        leads there; bids are counted by their chips, not here)."""
        tree = self._root(seat).tree
        if tree is None or tree.style == MenuStyle.BID:
            return None
        return presses_to(tree, lambda command: command == target)

    def next_entry_press(self, seat: int, value: int) -> tuple[Button, bool] | None:
        """Physical dice: the next press bringing the roller closer to entering `value`."""
        tree = self._hand.tree(seat)
        button = self._hand.next_press(seat, value, self._nav.menu(seat, tree).focus) \
            if tree is not None else None
        return (button, False) if button is not None else None
