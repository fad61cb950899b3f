"""The trace of payments: who paid what, for what, during the current turn.

Chips change hands fast at the table (a reroll, dice taken away, a modifier, a stick,
passing opponents); the screen keeps every payment of the current turn (or of the weather
roll) in view until the turn ends, beside the roll it changed, so nobody has to ask
"who paid for that?".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.games.mush import events as ev
from companion.games.mush.model import RollKind, dice_taken
from companion.games.mush.table.frame import Payment
from companion.games.mush.table.menus import ROLL_WORDS, chips
from companion.i18n import count, t

_BOUNDARIES = (ev.TurnStarted, ev.BidsRevealed, ev.RoundStarted, ev.GameStarted)
"""A payment trace starts again after each of these."""

_MODIFIERS = {"terrain modifier": RollKind.TERRAIN, "avalanche modifier": RollKind.AVALANCHE}


def _dice(n: int) -> str:
    return count(n, "die")


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
            roll = ROLL_WORDS[after.roll]
            text = (t("p.reroll_own", who=who, n=n, roll=roll) if after.roller == event.seat
                    else t("p.reroll", who=who, n=n, name=names[after.roller], roll=roll))
            out.append(Payment(event.seat, event.amount, "reroll", after.roller,
                               after.roll.value, text))
        elif isinstance(after, ev.ReducePaid):
            out.append(Payment(event.seat, event.amount, "reduce", after.roller, "dogs",
                               t("p.reduce", who=who, n=n, name=names[after.roller])))
        elif event.reason in _MODIFIERS:
            kind = _MODIFIERS[event.reason]
            out.append(Payment(event.seat, event.amount, event.reason, event.seat, kind.value,
                               t("p.modifier", who=who, n=n, plus=event.amount,
                                 roll=ROLL_WORDS[kind])))
        elif event.reason == "passing":
            out.append(Payment(event.seat, event.amount, "passing", event.seat, None,
                               t("p.passing", who=who, n=n)))
        else:
            what = "stick" if "stick" in event.reason else event.reason
            text = (t("p.stick", who=who, n=n) if what == "stick"
                    else t("p.other", who=who, n=n, what=event.reason))
            out.append(Payment(event.seat, event.amount, what, event.seat, None, text))
    if promised and roller is not None:
        for seat, paid in promised.items():
            dice = dice_taken(paid)
            what = _dice(dice) if dice else t("p.chip_towards")
            out.append(Payment(seat, paid, "reduce", roller, "dogs",
                               t("p.promised", who=names[seat], what=what, name=names[roller],
                                 n=chips(paid))))
    return tuple(out)
