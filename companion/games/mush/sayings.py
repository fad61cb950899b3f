"""What the voice says for MUSH: its sentences and the clips they are made of, in every
language the table speaks, declared here for `companion.voice` (its box's `sayings`), and
one function per thing the table hears.

An announcement holds plain values only (seat numbers, a zone name, a count), never a
rules object, and no function here takes a bid: nothing spoken can reveal a bid before
the reveal (RULES R1, I5). A round's number and whose turn it is are the table's own
sentences (`companion.voice.phrases.new_round`, `turn`), as in every game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from companion.voice.phrases import Announcement, SeatLike, choice, count_of, new_round, seat_of
from companion.voice.texts import Sayings

ZONES: Final = ("southern", "central", "northern")
WEATHERS: Final = ("warm", "moderate", "cold")
DICE_COLOURS: Final = ("green", "red", "blue")
OUTCOMES: Final = ("success", "fail")
PRESS_RESULTS: Final = ("plus2", "plus1", "nothing", "tired")
"""The values a sentence's slots take, as the clips' keys spell them."""

_EVERY_LANGUAGE: Final[dict[str, str]] = {
    "order": "order_of_play , @@order",
    "dice": "@seat , dice.{colour} , %dogs",
    "terrain": "rough_terrain , terrain.{outcome}",
    "avalanche": "avalanche , avalanche.{outcome}",
    "reroll": "@payer pays_reroll . @roller rolls_again",
    "reroll_own": "@roller pays_own_reroll",
    "press": "pressing , press.{result}",
    "rest": "@seat must_rest",
    "winner": "@seat wins",
}

SENTENCES: Final[dict[str, dict[str, str]]] = {
    "en": {**_EVERY_LANGUAGE, "weather": "zone.{zone} . weather_is weather.{weather}",
           "early_riser": "@seat early_riser"},
    # French weather clips are whole sentences ("Il fait froid")
    "fr": {**_EVERY_LANGUAGE, "weather": "zone.{zone} . weather.{weather}",
           "early_riser": "early_riser @seat"},
    "de": {**_EVERY_LANGUAGE, "weather": "zone.{zone} . weather_is weather.{weather}",
           "early_riser": "early_riser @seat"},
}
"""MUSH's sentences, per language (`companion.voice.phrases`' grammar): most in the same
words' order in every language, the weather and the Early Riser in each one's own."""

COUNTS: Final[dict[str, dict[str, dict[int | None, str]]]] = {
    # None is "any other count". French says "zéro chien" (singular); German "ein Hund"
    # needs its own clip because the number clip says "eins".
    "en": {"dogs": {1: "#n dog", None: "#n dogs"}},
    "fr": {"dogs": {0: "#n dog", 1: "#n dog", None: "#n dogs"}},
    "de": {"dogs": {1: "one_dog", None: "#n dogs"}},
}
"""How a count of dogs is said (`%dogs`), per language."""

CLIPS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "weather_is": "The weather is",
        "weather.warm": "warm",
        "weather.moderate": "moderate",
        "weather.cold": "cold",
        "zone.southern": "Southern zone",
        "zone.central": "Central zone",
        "zone.northern": "Northern zone",
        "dice.green": "green dice",
        "dice.red": "red dice",
        "dice.blue": "blue dice",
        "dog": "dog",
        "dogs": "dogs",
        "order_of_play": "Order of play",
        "early_riser": "is the early riser",
        "rough_terrain": "Rough terrain",
        "terrain.success": "The sled gets through",
        "terrain.fail": "Stuck. The move ends here.",
        "avalanche": "Avalanche",
        "avalanche.success": "The sled gets past",
        "avalanche.fail": "Blocked. The move ends here.",
        "pays_reroll": "pays for a reroll",
        "rolls_again": "rolls again",
        "pays_own_reroll": "pays to roll again",
        "pressing": "Pressing bonus",
        "press.plus2": "two more spaces",
        "press.plus1": "one more space",
        "press.nothing": "no effect",
        "press.tired": "one more tired dog",
        "must_rest": "must rest",
        "wins": "wins the race!",
    },
    "fr": {
        "weather.warm": "Il fait chaud",
        "weather.moderate": "Temps mitigé",
        "weather.cold": "Il fait froid",
        "zone.southern": "Zone sud",
        "zone.central": "Zone centrale",
        "zone.northern": "Zone nord",
        "dice.green": "dés verts",
        "dice.red": "dés rouges",
        "dice.blue": "dés bleus",
        "dog": "chien",
        "dogs": "chiens",
        "order_of_play": "Ordre de jeu",
        "early_riser": "Bonus du lève-tôt pour",
        "rough_terrain": "Terrain difficile",
        "terrain.success": "Passage réussi",
        "terrain.fail": "Raté. Le déplacement s'arrête ici.",
        "avalanche": "Avalanche",
        "avalanche.success": "Avalanche contournée",
        "avalanche.fail": "Bloqué. Le déplacement s'arrête ici.",
        "pays_reroll": "paie une relance",
        "rolls_again": "relance",
        "pays_own_reroll": "paie pour relancer",
        "pressing": "Bonus de poussée",
        "press.plus2": "deux cases de plus",
        "press.plus1": "une case de plus",
        "press.nothing": "sans effet",
        "press.tired": "un chien de plus se fatigue",
        "must_rest": "doit se reposer",
        "wins": "remporte la course !",
    },
    "de": {
        "weather_is": "Das Wetter ist",
        "weather.warm": "warm",
        "weather.moderate": "gemäßigt",
        "weather.cold": "kalt",
        "zone.southern": "Südliche Zone",
        "zone.central": "Zentrale Zone",
        "zone.northern": "Nördliche Zone",
        "dice.green": "grüne Würfel",
        "dice.red": "rote Würfel",
        "dice.blue": "blaue Würfel",
        "one_dog": "ein Hund",
        "dogs": "Hunde",
        "order_of_play": "Reihenfolge",
        "early_riser": "Frühaufsteher-Bonus für",
        "rough_terrain": "Schwieriges Gelände",
        "terrain.success": "Geschafft",
        "terrain.fail": "Gescheitert. Die Fahrt endet hier.",
        "avalanche": "Lawine",
        "avalanche.success": "Umfahren",
        "avalanche.fail": "Blockiert. Die Fahrt endet hier.",
        "pays_reroll": "zahlt einen Neuwurf",
        "rolls_again": "würfelt noch einmal",
        "pays_own_reroll": "zahlt und würfelt noch einmal",
        "pressing": "Antreiben",
        "press.plus2": "zwei Felder mehr",
        "press.plus1": "ein Feld mehr",
        "press.nothing": "keine Wirkung",
        "press.tired": "ein Hund mehr ermüdet",
        "must_rest": "muss rasten",
        "wins": "gewinnt das Rennen!",
    },
}
"""What each of MUSH's clips says, per language (`sounds/render.py` renders them)."""

SAYINGS: Final = Sayings(templates=SENTENCES, clips=CLIPS, counts=COUNTS)
"""MUSH's voice, as its box declares it."""


def weather(round: int | None, zone: object, weather: object) -> Announcement:
    """The weather (W4): "Round 3. Central zone. The weather is cold." Round may be None."""
    said = Announcement.say("weather", zone=choice(zone, ZONES, "zone"),
                            weather=choice(weather, WEATHERS, "weather"))
    if round is None:
        return said
    return new_round(round) + said


def order(seats: Iterable[SeatLike]) -> Announcement:
    """The order of play after the reveal; takes the order only, never the bids."""
    played = tuple(seat_of(s) for s in seats)
    if not played:
        raise ValueError("the order of play needs at least one seat")
    return Announcement.say("order", order=played)


def early_riser(seat: SeatLike) -> Announcement:
    """Who takes the Early Riser move (R3)."""
    return Announcement.say("early_riser", seat=seat_of(seat))


def dice(seat: SeatLike, colour: object, dogs: int) -> Announcement:
    """A dog-dice result: the colour rolled and how many dogs came up."""
    return Announcement.say("dice", seat=seat_of(seat),
                            colour=choice(colour, DICE_COLOURS, "colour"),
                            dogs=count_of(dogs, "dogs"))


def terrain(success: bool) -> Announcement:
    """A rough-terrain roll's outcome (M4)."""
    return Announcement.say("terrain", outcome=OUTCOMES[0] if success else OUTCOMES[1])


def avalanche(success: bool) -> Announcement:
    """An avalanche roll's outcome (M5)."""
    return Announcement.say("avalanche", outcome=OUTCOMES[0] if success else OUTCOMES[1])


def reroll(payer: SeatLike, roller: SeatLike) -> Announcement:
    """A paid reroll (X1): who paid and who rolls again (one sentence if the same seat)."""
    payer_seat, roller_seat = seat_of(payer), seat_of(roller)
    if payer_seat.index == roller_seat.index:
        return Announcement.say("reroll_own", roller=roller_seat)
    return Announcement.say("reroll", payer=payer_seat, roller=roller_seat)


def press(result: object) -> Announcement:
    """The pressing roll's result (P1): plus2, plus1, nothing or tired."""
    return Announcement.say("press", result=choice(result, PRESS_RESULTS, "pressing result"))


def rest(seat: SeatLike) -> Announcement:
    """A forced rest (T2): every dog of the seat is covered."""
    return Announcement.say("rest", seat=seat_of(seat))


def winner(seat: SeatLike) -> Announcement:
    """The winner (T3)."""
    return Announcement.say("winner", seat=seat_of(seat))
