"""What every shipped clip says, per language: the single source for `sounds/render.py`.

The clips are rendered once from these texts and committed, so the Pi needs no speech
engine. Keeping the texts in the package (not in the render script) lets the tests check
that the shipped manifest still matches them, and lets the templates and the clips be
reviewed side by side. Keys are the same across languages wherever the meaning is the
same; a language only has the keys its own templates use (French needs no "the weather
is" clip because its weather clips are whole sentences, "Il fait froid").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from companion.games import boxed, installed
from companion.seats import SEATS

LANGUAGES: Final = ("en", "fr", "de")
"""MUSH's own editions; the order is the order shown in settings menus."""

ESPEAK_VOICES: Final[dict[str, str]] = {"en": "en-gb", "fr": "fr-fr", "de": "de"}
"""espeak-ng voice per language, shared by the render script and the run-time names,
so a player's name sounds like the clips around it."""

LOUDNESS_DBFS: Final = -19.0
"""Every clip and every run-time name is brought to this RMS level (dBFS), so words
joined into one announcement sound equally loud..."""

PEAK_CEILING_DBFS: Final = -1.0
"""...unless that would push its peak past this: the gain is then only what the peak
allows (a few quiet, spiky clips stay up to about 3 dB softer)."""

ESPEAK_SPEED: Final = 160
"""Words per minute: a little slower than espeak-ng's 175, to carry across a table."""

MAX_NUMBER: Final = 40
"""Numbers 0..MAX_NUMBER ship as clips; larger ones are spoken digit by digit."""

FEMININE_NUMBERS: Final[dict[str, dict[int, str]]] = {
    "fr": {1: "une", 21: "vingt et une", 31: "trente et une"},
}
"""Numbers whose feminine form differs, per language, shipped as `num.f.<n>` clips: a
French round is "manche une", manche being feminine ("manche un" is wrong)."""

MAX_DOGS: Final = 8
"""The most dogs a team has (RULES S2): numbers above it are only ever said as round
numbers, so where such a number has a feminine form its masculine clip is not shipped."""

ZONES: Final = ("southern", "central", "northern")
WEATHERS: Final = ("warm", "moderate", "cold")
DICE_COLOURS: Final = ("green", "red", "blue")
OUTCOMES: Final = ("success", "fail")
PRESS_RESULTS: Final = ("plus2", "plus1", "nothing", "tired")

_PHRASES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "round": "Round",
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
        "your_turn": "your turn",
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
        "round": "Manche",
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
        "turn_to": "À",
        "to_play": "de jouer",
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
        "round": "Runde",
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
        "is_up": "ist dran",
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


@dataclass(frozen=True)
class Sayings:
    """What a game's voice says besides the table's own sentences: its sentences'
    templates (`companion.voice.phrases`' grammar) and the clips they are made of, with
    what each clip says, per language. A game declares them in its folder (its box's
    `sayings`); its kinds and clip keys are its own (the Canoe game's start "canoe")."""

    templates: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Per language, each sentence's kind and its template."""
    clips: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Per language, each clip's key and the words it says."""


def game_sayings() -> tuple[Sayings, ...]:
    """Every installed game's sayings, in the registry's order."""
    found = tuple(box.sayings for box in map(boxed, installed())
                  if box is not None and box.sayings is not None)
    assert all(isinstance(s, Sayings) for s in found), "a Box.sayings is not a Sayings"
    return found


CARD_TEXT_LANGUAGE: Final = "en"
"""The cards' own words are the box's English (K13): they are spoken in this language's
voice, at run time with espeak-ng, whatever the voice's language."""


def clip_texts(language: str) -> dict[str, str]:
    """Every clip key of one language and the text it says, numbers and seats included.

    Numbers are written as digits: espeak-ng reads them in the voice's own language
    ("3" is "three", "trois", "drei").
    """
    feminine = FEMININE_NUMBERS.get(language, {})
    texts = {f"num.{n}": str(n) for n in range(MAX_NUMBER + 1)
             if n <= MAX_DOGS or n not in feminine}
    texts.update({f"num.f.{n}": word for n, word in feminine.items()})
    texts.update({f"seat.{seat.key}": seat.names[language] for seat in SEATS})
    texts.update(_PHRASES[language])
    for sayings in game_sayings():
        texts.update(sayings.clips.get(language, {}))
    return texts


def all_clip_texts() -> dict[str, dict[str, str]]:
    """`clip_texts` for every language, in `LANGUAGES` order."""
    return {language: clip_texts(language) for language in LANGUAGES}
