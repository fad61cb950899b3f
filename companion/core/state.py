"""What every game's state answers the same way: its seats, whose turn it is, the game's
settings and turn once there are some, and a copy with one player changed.

A game's state is a frozen dataclass of its own; it takes these answers by deriving from
`SeatedState`, naming its player, turn and settings types. The base holds no field, so
the state's fields, its JSON and its equality stay the game's own.
"""

from __future__ import annotations

from typing import Generic, Protocol, Self, TypeVar

from companion.core.values import replace


class Turn(Protocol):
    """A turn in progress: it belongs to one seat."""

    @property
    def seat(self) -> int:
        """The seat whose turn it is."""
        ...


P = TypeVar("P")
T = TypeVar("T", bound=Turn)
St = TypeVar("St")


class SeatedState(Generic[P, T, St]):
    """A state with `players` (one per seat, clockwise), the `turn` in progress if any,
    and the `settings` of the game once it has started."""

    __slots__ = ()
    players: tuple[P, ...]
    turn: T | None
    settings: St | None

    @property
    def seats(self) -> range:
        """All seat numbers, clockwise."""
        return range(len(self.players))

    @property
    def active(self) -> int | None:
        """The seat whose turn it is, if any."""
        return self.turn.seat if self.turn is not None else None

    def require_settings(self) -> St:
        """The game's settings; only called where a game has started."""
        assert self.settings is not None, "no game in progress"
        return self.settings

    def require_turn(self) -> T:
        """The turn in progress; only called where the phase has one."""
        assert self.turn is not None, "no turn in progress"
        return self.turn

    def with_player(self, seat: int, **changes: object) -> Self:
        """A copy with one player's fields changed."""
        players = list(self.players)
        players[seat] = replace(players[seat], **changes)
        return replace(self, players=tuple(players))


__all__ = ["SeatedState", "Turn"]
