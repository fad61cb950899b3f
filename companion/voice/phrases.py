"""Announcements as data, and the per-language templates that turn them into clip keys.

An `Announcement` holds plain values only (seat numbers, a zone name, a count), never an
engine object, so the voice cannot depend on how the rules engine is written, and it has
no constructor that takes a bid: nothing spoken can reveal a bid before the reveal
(RULES R1, I5). The words are chosen at play time from the current language's templates,
so "repeat last announcement" after a language change repeats it in the new language.

Template grammar (one string per phrase kind and language, tokens split on spaces):

    word        a clip key; `{slot}` inside it is replaced by the slot's value
    #slot       a number (clips num.0..num.40; larger numbers digit by digit)
    &slot       a number agreeing with a feminine noun: `num.f.<n>` where the language
                has its own feminine form (French "une"), else as #slot
    %slot       a count, in the language's own singular/plural forms, as the sayings
                give them for the slot's name (MUSH's "%dogs": "one dog", "two dogs")
    @slot       one seat: the player's name, or the seat colour clip
    @@slot      a list of seats, with a short pause between them
    $slot       free text, spoken at run time with espeak-ng in CARD_TEXT_LANGUAGE (a
                card's own English words); left out where espeak-ng cannot speak it
    ,  .        a short pause, a sentence pause
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from companion.seats import MAX_SEATS
from companion.voice.texts import (
    CARD_TEXT_LANGUAGE,
    FEMININE_NUMBERS,
    LANGUAGES,
    MAX_NUMBER,
    game_sayings,
)

COMMA_MS: Final = 120
SENTENCE_MS: Final = 300

TEMPLATES: Final[dict[str, dict[str, str]]] = {
    # the table's own sentences, for every game: a round begins, whose turn it is
    "en": {
        "round": "round #round",
        "turn": "@seat , your_turn",
    },
    "fr": {
        "round": "round &round",  # la manche: "Manche une", not "Manche un"
        "turn": "turn_to @seat to_play",
    },
    "de": {
        "round": "round #round",
        "turn": "@seat is_up",
    },
}
"""The table's own sentences per language; each game's are its `Sayings`."""


def templates(language: str) -> dict[str, str]:
    """Every sentence's template in `language`: the table's own and each installed game's
    (a kind two of them give is a ValueError: one would silently replace the other)."""
    found = dict(TEMPLATES[language])
    for sayings in game_sayings():
        for kind, template in sayings.templates.get(language, {}).items():
            if kind in found:
                raise ValueError(f"the sentence {kind!r} is given twice")
            found[kind] = template
    return found


def count_forms(language: str) -> dict[str, Mapping[int | None, str]]:
    """How each count is said in `language` (`%slot`, by the slot's name), from every
    installed game's sayings (a count two of them give is a ValueError)."""
    found: dict[str, Mapping[int | None, str]] = {}
    for sayings in game_sayings():
        for slot, forms in sayings.counts.get(language, {}).items():
            if slot in found:
                raise ValueError(f"the count {slot!r} is given twice")
            found[slot] = forms
    return found


@dataclass(frozen=True)
class Seat:
    """A seat to speak: its index in `companion.seats.SEATS`, and the player's name if set."""

    index: int
    name: str | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.index < MAX_SEATS:
            raise ValueError(f"seat must be 0..{MAX_SEATS - 1}, not {self.index}")


@dataclass(frozen=True)
class Clip:
    """A shipped clip, by key."""

    key: str


@dataclass(frozen=True)
class Pause:
    """Silence between words, so joined clips do not run together."""

    ms: int


@dataclass(frozen=True)
class Text:
    """Words with no shipped clip (a card's printed text), spoken at run time in `language`."""

    text: str
    language: str


Token = Clip | Pause | Seat | Text
SlotValue = int | str | Seat | tuple[Seat, ...]


@dataclass(frozen=True)
class Phrase:
    """One sentence: a template kind and its slot values."""

    kind: str
    slots: tuple[tuple[str, SlotValue], ...] = ()

    def values(self) -> dict[str, SlotValue]:
        """The slots as a dict, for filling a template."""
        return dict(self.slots)


SeatLike = int | Seat


def seat_of(value: SeatLike) -> Seat:
    return value if isinstance(value, Seat) else Seat(int(value))


def choice(value: object, choices: Sequence[str], what: str) -> str:
    """Normalise a plain value (str, enum, or anything with a telling name) to one of choices.

    The rules engine may use enums or strings ("Cold", Weather.COLD, "cold"); accepting
    each here keeps the voice independent of that choice, and an unknown value fails at
    the call, where the mistake is, rather than as a missing clip later.
    """
    candidates: list[object] = [value]
    if isinstance(value, enum.Enum):
        candidates = [value.name, value.value]
    for candidate in candidates:
        raw = str(candidate).strip().lower()
        text = raw.replace(" ", "_").replace("-", "_")
        for form in (raw, text):
            if form in choices:
                return form
    raise ValueError(f"{what} must be one of {', '.join(choices)}, not {value!r}")


@dataclass(frozen=True)
class Announcement:
    """Something to say: one or more phrases, each a template kind with plain values."""

    phrases: tuple[Phrase, ...]

    def __add__(self, other: Announcement) -> Announcement:
        return Announcement(self.phrases + other.phrases)

    @property
    def kinds(self) -> tuple[str, ...]:
        """The phrase kinds, e.g. ("round", "weather"); handy for logs and tests."""
        return tuple(p.kind for p in self.phrases)

    @classmethod
    def say(cls, kind: str, **slots: SlotValue) -> Announcement:
        """One sentence of the template `kind` (the table's own, or a game's `Sayings`:
        each game says what its table hears with its own functions, in its folder)."""
        return cls((Phrase(kind, tuple(slots.items())),))

    # -- rendering to tokens ------------------------------------------------------------

    def tokens(self, language: str) -> tuple[Token, ...]:
        """The clips, seats and pauses to play, in the language's own word order."""
        if language not in TEMPLATES:
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")
        out: list[Token] = []
        said = templates(language)
        for i, phrase in enumerate(self.phrases):
            if i:
                out.append(Pause(SENTENCE_MS))
            out += expand(said[phrase.kind], phrase.values(), language)
        return tuple(out)


def count_of(value: object, what: str) -> int:
    """A count to say: a whole number 0 or more (a ValueError names `what` otherwise)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be a whole number 0 or more, not {value!r}")
    return value


def new_round(number: int) -> Announcement:
    """A round begins: "Round 3." (the table's own sentence)."""
    return Announcement.say("round", round=count_of(number, "round"))


def turn(seat: SeatLike) -> Announcement:
    """Whose turn it is (the table's own sentence, in every game)."""
    return Announcement.say("turn", seat=seat_of(seat))


def number_clips(n: int, language: str = "en", feminine: bool = False) -> list[Token]:
    """The clips for a number: one clip up to MAX_NUMBER, else one per digit.

    Rounds past 40 are rare enough in MUSH that "four one" is an acceptable way to say 41,
    and it keeps the shipped set small. `feminine` picks the language's feminine form
    where it has one (French 1, 21, 31).
    """
    if feminine and n in FEMININE_NUMBERS.get(language, {}):
        return [Clip(f"num.f.{n}")]
    if n <= MAX_NUMBER:
        return [Clip(f"num.{n}")]
    return [Clip(f"num.{digit}") for digit in str(n)]


def expand(template: str, slots: Mapping[str, SlotValue], language: str) -> list[Token]:
    """Fill one template; see the module docstring for the grammar."""
    out: list[Token] = []
    for word in template.split():
        if word == ".":
            out.append(Pause(SENTENCE_MS))
        elif word == ",":
            out.append(Pause(COMMA_MS))
        elif word.startswith("@@"):
            seats = slots[word[2:]]
            assert isinstance(seats, tuple)
            for j, listed in enumerate(seats):
                if j:
                    out.append(Pause(COMMA_MS))
                out.append(listed)
        elif word.startswith("$"):
            text = slots[word[1:]]
            assert isinstance(text, str)
            if text.strip():
                out.append(Text(text, CARD_TEXT_LANGUAGE))
        elif word.startswith("@"):
            seat = slots[word[1:]]
            assert isinstance(seat, Seat)
            out.append(seat)
        elif word.startswith(("#", "&")):
            number = slots[word[1:]]
            assert isinstance(number, int)
            out += number_clips(number, language, feminine=word.startswith("&"))
        elif word.startswith("%"):
            count = slots[word[1:]]
            assert isinstance(count, int)
            forms = count_forms(language)[word[1:]]
            out += expand(forms.get(count, forms[None]), {"n": count}, language)
        else:
            out.append(Clip(word.format(**{k: v for k, v in slots.items()
                                            if isinstance(v, str | int)})))
    if out and isinstance(out[-1], Pause):  # a "$text" left out at the end
        out.pop()
    return out
