"""What every shipped clip says, per language: the single source for `sounds/render.py`.

The clips are rendered once from these texts and committed, so the Pi needs no speech
engine. Keeping the texts in the package (not in the render script) lets the tests check
that the shipped manifest still matches them, and lets the templates and the clips be
reviewed side by side. Keys are the same across languages wherever the meaning is the
same; a language only has the keys its own templates use (French needs no "your turn"
clip because it says "À Anna de jouer"). Here are the table's own clips (numbers, seats,
a round, whose turn); each game's are in its folder (its box's `sayings`, a `Sayings`),
merged by `clip_texts`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from companion.games import boxed, installed
from companion.seats import SEATS

LANGUAGES: Final = ("en", "fr", "de")
"""The languages the table speaks (MUSH's own editions); the order is the order shown
in settings menus."""

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

_PHRASES: Final[dict[str, dict[str, str]]] = {
    # the table's own sentences (`companion.voice.phrases`): a round's number, whose turn
    "en": {
        "round": "Round",
        "your_turn": "your turn",
    },
    "fr": {
        "round": "Manche",
        "turn_to": "À",
        "to_play": "de jouer",
    },
    "de": {
        "round": "Runde",
        "is_up": "ist dran",
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
    counts: Mapping[str, Mapping[str, Mapping[int | None, str]]] = field(
        default_factory=dict)
    """Per language, how a count is said (a template's `%slot`), by the slot's name: a
    template per number that has its own form, None for any other ("#n dogs")."""


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
