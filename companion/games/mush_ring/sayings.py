"""What the voice says for Mush-Ring: its sentences and the clips they are made of, in
every language the table speaks, declared here for `companion.voice` (its box's
`sayings`), and one function per thing the table hears.

Besides whose turn it is (the table's own sentence, G9), the table hears a ring scored
(whose, how many cards, and the colour kept: O3-O8), the last hand (a player's score
pile reached the end: the others play one more hand, Y1-Y2) and the winner, or the
winners sharing the game (Y5-Y7). Everything said is public: a ring is face-up on the
table, a score pile's size is on the screen, so no card of a hand is ever said (U1).
Kinds and clip keys start with "ring", so no other game's can be the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from companion.voice.phrases import Announcement, SeatLike, count_of, seat_of
from companion.voice.texts import LANGUAGES, Sayings

from .cards import PALETTE

SENTENCES: Final[dict[str, str]] = {
    "ring_scored": "@seat ring.scores %ring_cards , ring.colour.{colour}",
    "ring_scored_wild": "@seat ring.scores %ring_cards , ring.wilds",
    "ring_scored_none": "@seat ring.scores_nothing",
    "ring_last": "@seat ring.has %ring_cards . ring.last_hand",
    "ring_winner": "@seat ring.wins",
    "ring_shared": "@@seats ring.share",
}
"""The game's sentences, the same in every language (each clip holds its words in its
language's order)."""

COUNTS: Final[dict[str, dict[str, dict[int | None, str]]]] = {
    # None is "any other count". French cards are feminine ("une carte", "vingt et une
    # cartes") and one is singular as zero is; German "eine Karte" has its own clip.
    "en": {"ring_cards": {1: "#n ring.card", None: "#n ring.cards"}},
    "fr": {"ring_cards": {0: "&n ring.card", 1: "&n ring.card", None: "&n ring.cards"}},
    "de": {"ring_cards": {1: "ring.one_card", None: "#n ring.cards"}},
}
"""How a count of cards is said (`%ring_cards`), per language."""

CLIPS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "ring.scores": "scores", "ring.scores_nothing": "scores nothing from the ring",
        "ring.card": "card", "ring.cards": "cards", "ring.wilds": "Wilds only",
        "ring.has": "has", "ring.last_hand": "Everyone else plays one last hand.",
        "ring.wins": "wins Mush-Ring!", "ring.share": "share the win!",
        "ring.colour.red": "red", "ring.colour.yellow": "yellow",
        "ring.colour.green": "green", "ring.colour.blue": "blue",
        "ring.colour.purple": "purple", "ring.colour.orange": "orange",
    },
    "fr": {
        "ring.scores": "marque", "ring.scores_nothing": "ne marque rien de son cercle",
        "ring.card": "carte", "ring.cards": "cartes", "ring.wilds": "des jokers seulement",
        "ring.has": "a", "ring.last_hand": "Les autres jouent une dernière main.",
        "ring.wins": "gagne la partie !", "ring.share": "se partagent la victoire !",
        "ring.colour.red": "en rouge", "ring.colour.yellow": "en jaune",
        "ring.colour.green": "en vert", "ring.colour.blue": "en bleu",
        "ring.colour.purple": "en violet", "ring.colour.orange": "en orange",
    },
    "de": {
        "ring.scores": "wertet", "ring.scores_nothing": "wertet nichts aus dem Ring",
        "ring.one_card": "eine Karte", "ring.cards": "Karten", "ring.wilds": "nur Joker",
        "ring.has": "hat", "ring.last_hand": "Alle anderen spielen eine letzte Hand.",
        "ring.wins": "gewinnt das Spiel!", "ring.share": "teilen sich den Sieg!",
        "ring.colour.red": "in Rot", "ring.colour.yellow": "in Gelb",
        "ring.colour.green": "in Grün", "ring.colour.blue": "in Blau",
        "ring.colour.purple": "in Lila", "ring.colour.orange": "in Orange",
    },
}
"""What each of the game's clips says, per language (`sounds/render.py` renders them)."""

SAYINGS: Final = Sayings(templates=dict.fromkeys(LANGUAGES, SENTENCES), clips=CLIPS, counts=COUNTS)
"""The game's voice, as its box declares it."""


def scored(seat: SeatLike, cards: int, colour: str) -> Announcement:
    """O3-O8: a full ring scored: how many cards went to its owner's score pile and the
    colour kept ("" when only Wilds, or nothing, were collected)."""
    n = count_of(cards, "cards")
    if n == 0:
        return Announcement.say("ring_scored_none", seat=seat_of(seat))
    if not colour:
        return Announcement.say("ring_scored_wild", seat=seat_of(seat), ring_cards=n)
    if colour not in PALETTE:
        raise ValueError(f"a card colour is one of {', '.join(PALETTE)}, not {colour!r}")
    return Announcement.say("ring_scored", seat=seat_of(seat), ring_cards=n, colour=colour)


def last_hand(seat: SeatLike, cards: int) -> Announcement:
    """Y1, Y2: the player's score pile holds `cards` (at least ten): the others play
    one last hand."""
    return Announcement.say("ring_last", seat=seat_of(seat), ring_cards=count_of(cards, "cards"))


def winners(seats: Sequence[SeatLike]) -> Announcement:
    """Y5-Y7: the winner, or the winners still tied after both tie breaks."""
    if not seats:
        raise ValueError("a game is won by one seat at least")
    if len(seats) == 1:
        return Announcement.say("ring_winner", seat=seat_of(seats[0]))
    return Announcement.say("ring_shared", seats=tuple(seat_of(s) for s in seats))


__all__ = ["CLIPS", "COUNTS", "SAYINGS", "SENTENCES", "last_hand", "scored", "winners"]
