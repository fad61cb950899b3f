"""The trace of payments: who paid what, for what, during the current turn.

Chips change hands fast at the table (a reroll, dice taken away, a modifier, a stick,
passing opponents); the screen keeps every payment of the current turn (or of the weather
roll) in view until the turn ends, beside the roll it changed, so nobody has to ask
"who paid for that?".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.rules import events as ev
from companion.rules.model import RollKind, dice_taken
from companion.table.frame import Payment
from companion.table.menus import ROLL_WORDS, chips

_BOUNDARIES = (ev.TurnStarted, ev.BidsRevealed, ev.RoundStarted, ev.GameStarted)
"""A payment trace starts again after each of these."""

_MODIFIERS = {"terrain modifier": RollKind.TERRAIN, "avalanche modifier": RollKind.AVALANCHE}


def _dice(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


def payments(history: Sequence[ev.Event], names: Sequence[str],
             promised: Mapping[int, int] | None = None, roller: int | None = None
             ) -> tuple[Payment, ...]:
    """Every payment since the last turn began (bids excluded: the reveal shows them),
    then the chips promised in an open reduce window (`promised`, for `roller`)."""
    start = 0
    for index in range(len(history) - 1, -1, -1):
        if isinstance(history[index], _BOUNDARIES):
            start = index + 1
            break
    out: list[Payment] = []
    events = history[start:]
    for index, event in enumerate(events):
        if not isinstance(event, ev.ChipsPaid) or event.reason == "bid":
            continue
        after = events[index + 1] if index + 1 < len(events) else None
        who, n = names[event.seat], chips(event.amount)
        if isinstance(after, ev.RerollForced):
            whose = "their own" if after.roller == event.seat else f"{names[after.roller]}'s"
            out.append(Payment(event.seat, event.amount, "reroll", after.roller,
                               after.roll.value,
                               f"{who} paid {n} to reroll {whose} {ROLL_WORDS[after.roll]}"))
        elif isinstance(after, ev.ReducePaid):
            out.append(Payment(event.seat, event.amount, "reduce", after.roller, "dogs",
                               f"{who} paid {n} to take dice from {names[after.roller]}"))
        elif event.reason in _MODIFIERS:
            kind = _MODIFIERS[event.reason]
            out.append(Payment(event.seat, event.amount, event.reason, event.seat, kind.value,
                               f"{who} paid {n}: +{event.amount} on the {ROLL_WORDS[kind]}"))
        elif event.reason == "passing":
            out.append(Payment(event.seat, event.amount, "passing", event.seat, None,
                               f"{who} paid {n} to pass opponents"))
        else:
            what = "stick" if "stick" in event.reason else event.reason
            words = "an avalanche stick" if what == "stick" else event.reason
            out.append(Payment(event.seat, event.amount, what, event.seat, None,
                               f"{who} paid {n} for {words}"))
    if promised and roller is not None:
        for seat, paid in promised.items():
            dice = dice_taken(paid)
            what = _dice(dice) if dice else "a chip towards a die"
            out.append(Payment(seat, paid, "reduce", roller, "dogs",
                               f"{names[seat]} takes {what} from {names[roller]} "
                               f"({chips(paid)}, when the countdown ends)"))
    return tuple(out)
