"""What the voice says for Push&Move: whose turn it is (the table's own sentence), a die
lost over the edge or on a death hex (whose it was, and the pusher's count when it counts
for an opponent, HW1), and the winner (HW2-HW4), in every language the table speaks.

The sentences and their clips are declared here for `companion.voice` (the box's
`sayings`); their kinds and clip keys start with "pm", so no other game's can be the
same. A seat is said by its player's name, or its colour before names are set.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from companion.voice.phrases import Announcement, Seat, SeatLike, count_of, seat_of, turn
from companion.voice.texts import Sayings

from . import acts as a
from .model import Loss
from .state import Phase, State

TEMPLATES: Final[dict[str, dict[str, str]]] = {
    "en": {"pm_lost_edge": "@seat pm.loses_edge", "pm_lost_death": "@seat pm.loses_death",
           "pm_count": "@seat pm.has_off #count", "pm_winner": "@seat pm.wins",
           "pm_no_winner": "pm.no_winner"},
    "fr": {"pm_lost_edge": "@seat pm.loses_edge", "pm_lost_death": "@seat pm.loses_death",
           "pm_count": "@seat pm.has_off #count", "pm_winner": "@seat pm.wins",
           "pm_no_winner": "pm.no_winner"},
    "de": {"pm_lost_edge": "@seat pm.loses_edge", "pm_lost_death": "@seat pm.loses_death",
           "pm_count": "@seat pm.has #count pm.off", "pm_winner": "@seat pm.wins",
           "pm_no_winner": "pm.no_winner"},
}
"""Each sentence per language (German puts the participle after the number)."""

CLIPS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "pm.loses_edge": "loses a die over the edge.",
        "pm.loses_death": "loses a die on a death hex.",
        "pm.has_off": "has pushed off",
        "pm.wins": "wins the game!",
        "pm.no_winner": "The game ends without a winner.",
    },
    "fr": {
        "pm.loses_edge": "perd un dé, poussé hors du plateau.",
        "pm.loses_death": "perd un dé sur une case mortelle.",
        "pm.has_off": "en a sorti",
        "pm.wins": "gagne la partie !",
        "pm.no_winner": "La partie se termine sans gagnant.",
    },
    "de": {
        "pm.loses_edge": "verliert einen Würfel über den Rand.",
        "pm.loses_death": "verliert einen Würfel auf einem Todesfeld.",
        "pm.has": "hat",
        "pm.off": "hinausgeschoben",
        "pm.wins": "gewinnt das Spiel!",
        "pm.no_winner": "Das Spiel endet ohne Sieger.",
    },
}
"""What each of the game's clips says, per language (`sounds/render.py` renders them)."""

SAYINGS: Final = Sayings(templates=TEMPLATES, clips=CLIPS)
"""The game's voice, as its box declares it."""


def lost(owner: SeatLike, how: Loss | str) -> Announcement:
    """HP5, HX5: a die of `owner` left the board, over the edge or on a death hex."""
    kind = "pm_lost_death" if Loss(how) is Loss.DEATH else "pm_lost_edge"
    return Announcement.say(kind, seat=seat_of(owner))


def count(seat: SeatLike, taken: int) -> Announcement:
    """HW1: the dice of opponents `seat` has removed so far."""
    return Announcement.say("pm_count", seat=seat_of(seat), count=count_of(taken, "count"))


def winner(seat: SeatLike | None) -> Announcement:
    """HW2-HW4: the winner, or a game that ends with none."""
    if seat is None:
        return Announcement.say("pm_no_winner")
    return Announcement.say("pm_winner", seat=seat_of(seat))


def _name(names: Any, seat: int) -> str | None:
    if isinstance(names, Mapping):
        found = names.get(seat)
        return found if isinstance(found, str) else None
    if isinstance(names, Sequence) and 0 <= seat < len(names):
        found = names[seat]
        return found if isinstance(found, str) else None
    return None


def announce(event: object, names: Any, state: object) -> Announcement | None:
    """HT1: a turn begins; HP5, HX5, HW1: a die lost (whose, and the pusher's count unless
    the game is over, when the winner's sentence follows); HW2-HW4: the winner."""
    if isinstance(event, a.TurnBegan):
        return turn(Seat(event.seat, _name(names, event.seat)))
    if isinstance(event, a.Lost) and isinstance(state, State) and \
            0 <= event.die < len(state.dice):
        owner = state.dice[event.die].seat
        said = lost(Seat(owner, _name(names, owner)), event.how)
        by = event.by
        if by is not None and state.phase is not Phase.OVER and 0 <= by < len(state.players):
            said += count(Seat(by, _name(names, by)), state.players[by].count)
        return said
    if isinstance(event, a.GameOver):
        return winner(None if event.winner is None else
                      Seat(event.winner, _name(names, event.winner)))
    return None


__all__ = ["CLIPS", "SAYINGS", "TEMPLATES", "announce", "count", "lost", "winner"]
