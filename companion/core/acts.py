"""What every game's commands and events share: who sends a command, what it costs.

A command says who asks (a seat, or the table itself) and with which parameters; an
event says what happened. Each game declares its own as frozen dataclasses on these
bases, so the kernel's option engine, codec and journal can handle any game's moves the
same way (as boardgame.io's reducer handles any game's moves).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

TABLE = -1
"""The seat number of the table itself: setting up, and closing a window when its time is
up. Phase rows list it among the actors where the table may act."""


@dataclass(frozen=True)
class Command:
    """Base of every game's commands; `seat` is who sends it (TABLE for the table).

    A command that costs something in the game's currency (MUSH's Action Chips) says so
    with `fixed_cost` and, when a parameter adds to it, `cost_param`: the option engine
    then reports the cost of every option without knowing the game.
    """

    seat: int
    fixed_cost: ClassVar[int] = 0
    cost_param: ClassVar[str | None] = None

    @property
    def cost(self) -> int:
        """What this command costs its sender (0 for a command that pays nothing)."""
        extra = int(getattr(self, self.cost_param)) if self.cost_param else 0
        return self.fixed_cost + extra


@dataclass(frozen=True)
class Event:
    """Base of every game's events. A `private` event carries a secret (a locked bid):
    the journal drops it and no output shows it; a later public event reveals it.

    A `secret` event is journalled (a game taken up again needs it: a card drawn) but
    some of its fields are for one seat's eyes only (the card): `secret` names them. No
    output but the journal shows them: a log line, a sound or a page says what the rest
    of the event says (who drew a card), never those fields."""

    private: ClassVar[bool] = False
    secret: ClassVar[tuple[str, ...]] = ()


__all__ = ["TABLE", "Command", "Event"]
