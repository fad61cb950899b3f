"""Secret bidding (R1, I5): the bid each seat is choosing, known to that seat's pad alone.

Why a part of its own: the amount being chosen is the one secret the table keeps, so it
lives here and leaves only through `private` (that seat's own light and digits). ◀ ▶ are
never logged or shown; a lock goes to the rules as `LockBid`, whose event is private and
never journalled; the frame carries only the public view's locked / not locked.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.games.mush import commands as cmd
from companion.games.mush import events as ev
from companion.games.mush.state import GameState
from companion.i18n import t
from companion.pads.events import Blink, Button
from companion.table.base import Target
from companion.table.lights import LIMIT_BLINK, bid_blink


class SecretBids:
    """The bids being chosen, seat by seat (a locked bid is the rules' own)."""

    def __init__(self, blink: Callable[[int, Blink], None],
                 notice: Callable[[int, str], None]) -> None:
        self._bids: dict[int, int] = {}
        self._blink = blink  # the seat's own light: a limit, or its own bid
        self._notice = notice

    def private(self, state: GameState, seat: int) -> int:
        """The bid `seat` has locked, or is choosing (0 until it presses)."""
        locked = state.bids[seat]
        return locked if locked is not None else self._bids.get(seat, 0)

    def click(self, state: GameState, seat: int, button: Button) -> cmd.Command | None:
        """▶ +1, ◀ −1, ● locks in; when locked, ● unlocks (the command to send, if any)."""
        if state.bids[seat] is not None:
            if button is Button.SELECT:
                return cmd.UnlockBid(seat)
            self._notice(seat, t("c.locked"))
            return None
        bid = self._bids.get(seat, 0)
        if button is Button.RIGHT:
            if bid < state.players[seat].chips:
                self._bids[seat] = bid + 1
            else:
                self._blink(seat, LIMIT_BLINK)  # past what the player holds: no change
        elif button is Button.LEFT:
            self._bids[seat] = max(0, bid - 1)
        else:
            return cmd.LockBid(seat, bid)
        return None

    def hold(self, state: GameState, seat: int, button: Button) -> None:
        """Hold ◀: back to 0; hold ▶: the seat's own light blinks its bid."""
        if button is Button.LEFT and state.bids[seat] is None:
            self._bids[seat] = 0
        elif button is Button.RIGHT:
            self._blink(seat, bid_blink(self.private(state, seat)))

    def next_press(self, state: GameState, seat: int, target: Target
                   ) -> tuple[Button, bool] | None:
        """A virtual pad's next press towards locking (or unlocking) a bid."""
        locked = state.bids[seat] is not None
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

    def on_event(self, event: ev.Event) -> None:
        """A reveal or a new round: every bid is chosen afresh."""
        if isinstance(event, ev.BidsRevealed | ev.RoundStarted):
            self._bids.clear()
