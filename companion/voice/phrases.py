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
    %slot       a count of dogs, using the language's own singular/plural forms
    @slot       one seat: the player's name, or the seat colour clip
    @@slot      a list of seats, with a short pause between them
    $slot       free text, spoken at run time with espeak-ng in CARD_TEXT_LANGUAGE (a
                card's own English words); left out where espeak-ng cannot speak it
    ,  .        a short pause, a sentence pause
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from companion.seats import MAX_SEATS
from companion.voice.texts import (
    CARD_TEXT_LANGUAGE,
    DICE_COLOURS,
    FEMININE_NUMBERS,
    LANGUAGES,
    MAX_NUMBER,
    OUTCOMES,
    PRESS_RESULTS,
    WEATHERS,
    ZONES,
    game_sayings,
)

COMMA_MS: Final = 120
SENTENCE_MS: Final = 300

TEMPLATES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "round": "round #round",
        "weather": "zone.{zone} . weather_is weather.{weather}",
        "order": "order_of_play , @@order",
        "early_riser": "@seat early_riser",
        "turn": "@seat , your_turn",
        "dice": "@seat , dice.{colour} , %dogs",
        "terrain": "rough_terrain , terrain.{outcome}",
        "avalanche": "avalanche , avalanche.{outcome}",
        "reroll": "@payer pays_reroll . @roller rolls_again",
        "reroll_own": "@roller pays_own_reroll",
        "press": "pressing , press.{result}",
        "rest": "@seat must_rest",
        "winner": "@seat wins",
    },
    "fr": {
        "round": "round &round",  # la manche: "Manche une", not "Manche un"
        "weather": "zone.{zone} . weather.{weather}",
        "order": "order_of_play , @@order",
        "early_riser": "early_riser @seat",
        "turn": "turn_to @seat to_play",
        "dice": "@seat , dice.{colour} , %dogs",
        "terrain": "rough_terrain , terrain.{outcome}",
        "avalanche": "avalanche , avalanche.{outcome}",
        "reroll": "@payer pays_reroll . @roller rolls_again",
        "reroll_own": "@roller pays_own_reroll",
        "press": "pressing , press.{result}",
        "rest": "@seat must_rest",
        "winner": "@seat wins",
    },
    "de": {
        "round": "round #round",
        "weather": "zone.{zone} . weather_is weather.{weather}",
        "order": "order_of_play , @@order",
        "early_riser": "early_riser @seat",
        "turn": "@seat is_up",
        "dice": "@seat , dice.{colour} , %dogs",
        "terrain": "rough_terrain , terrain.{outcome}",
        "avalanche": "avalanche , avalanche.{outcome}",
        "reroll": "@payer pays_reroll . @roller rolls_again",
        "reroll_own": "@roller pays_own_reroll",
        "press": "pressing , press.{result}",
        "rest": "@seat must_rest",
        "winner": "@seat wins",
    },
}



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


COUNT_FORMS: Final[dict[str, dict[int | None, str]]] = {
    # None is "any other count". French says "zéro chien" (singular); German "ein Hund"
    # needs its own clip because the number clip says "eins".
    "en": {1: "#n dog", None: "#n dogs"},
    "fr": {0: "#n dog", 1: "#n dog", None: "#n dogs"},
    "de": {1: "one_dog", None: "#n dogs"},
}


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

    # -- constructors, one per thing the table hears ------------------------------------

    @classmethod
    def say(cls, kind: str, **slots: SlotValue) -> Announcement:
        """One sentence of the template `kind` (the table's own, or a game's `Sayings`)."""
        return cls((Phrase(kind, tuple(slots.items())),))

    @classmethod
    def weather(cls, round: int | None, zone: object, weather: object) -> Announcement:
        """The weather (W4): "Round 3. Central zone. The weather is cold." Round may be None."""
        said = cls.say("weather", zone=choice(zone, ZONES, "zone"),
                        weather=choice(weather, WEATHERS, "weather"))
        if round is None:
            return said
        return cls.new_round(round) + said

    @classmethod
    def new_round(cls, number: int) -> Announcement:
        """A round begins: "Round 3." (the weather that follows then leaves it out)."""
        return cls.say("round", round=_count(number, "round"))

    @classmethod
    def order(cls, seats: Iterable[SeatLike]) -> Announcement:
        """The order of play after the reveal; takes the order only, never the bids."""
        order = tuple(seat_of(s) for s in seats)
        if not order:
            raise ValueError("the order of play needs at least one seat")
        return cls.say("order", order=order)

    @classmethod
    def early_riser(cls, seat: SeatLike) -> Announcement:
        """Who takes the Early Riser move (R3)."""
        return cls.say("early_riser", seat=seat_of(seat))

    @classmethod
    def turn(cls, seat: SeatLike) -> Announcement:
        """Whose turn it is."""
        return cls.say("turn", seat=seat_of(seat))

    @classmethod
    def dice(cls, seat: SeatLike, colour: object, dogs: int) -> Announcement:
        """A dog-dice result: the colour rolled and how many dogs came up."""
        return cls.say("dice", seat=seat_of(seat), colour=choice(colour, DICE_COLOURS, "colour"),
                        dogs=_count(dogs, "dogs"))

    @classmethod
    def terrain(cls, success: bool) -> Announcement:
        """A rough-terrain roll's outcome (M4)."""
        return cls.say("terrain", outcome=OUTCOMES[0] if success else OUTCOMES[1])

    @classmethod
    def avalanche(cls, success: bool) -> Announcement:
        """An avalanche roll's outcome (M5)."""
        return cls.say("avalanche", outcome=OUTCOMES[0] if success else OUTCOMES[1])

    @classmethod
    def reroll(cls, payer: SeatLike, roller: SeatLike) -> Announcement:
        """A paid reroll (X1): who paid and who rolls again (one sentence if the same seat)."""
        payer_seat, roller_seat = seat_of(payer), seat_of(roller)
        if payer_seat.index == roller_seat.index:
            return cls.say("reroll_own", roller=roller_seat)
        return cls.say("reroll", payer=payer_seat, roller=roller_seat)

    @classmethod
    def press(cls, result: object) -> Announcement:
        """The pressing roll's result (P1): plus2, plus1, nothing or tired."""
        return cls.say("press", result=choice(result, PRESS_RESULTS, "pressing result"))

    @classmethod
    def rest(cls, seat: SeatLike) -> Announcement:
        """A forced rest (T2): every dog of the seat is covered."""
        return cls.say("rest", seat=seat_of(seat))

    @classmethod
    def winner(cls, seat: SeatLike) -> Announcement:
        """The winner (T3)."""
        return cls.say("winner", seat=seat_of(seat))

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


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be a whole number 0 or more, not {value!r}")
    return value


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
            forms = COUNT_FORMS[language]
            out += expand(forms.get(count, forms[None]), {"n": count}, language)
        else:
            out.append(Clip(word.format(**{k: v for k, v in slots.items()
                                            if isinstance(v, str | int)})))
    if out and isinstance(out[-1], Pause):  # a "$text" left out at the end
        out.pop()
    return out
