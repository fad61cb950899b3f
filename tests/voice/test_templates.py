"""Templates: every one resolves to shipped clips, every clip is used, word order per language."""

from __future__ import annotations

import inspect

import pytest

from companion.games.canoe import sayings as canoe_says
from companion.games.mush import sayings as mush_says
from companion.voice import phrases
from companion.voice.clips import load_manifest
from companion.voice.phrases import (
    TEMPLATES,
    Announcement,
    Clip,
    Pause,
    Seat,
    count_forms,
    new_round,
    templates,
    turn,
)
from companion.voice.texts import LANGUAGES

from .helpers import every_announcement


def _clip_keys(announcement: Announcement, language: str) -> list[str]:
    return [t.key for t in announcement.tokens(language) if isinstance(t, Clip)]


def test_every_language_has_the_same_kinds_and_count_forms() -> None:
    assert set(TEMPLATES) == set(LANGUAGES)
    kinds = {language: set(templates(language)) for language in LANGUAGES}
    assert kinds["fr"] == kinds["en"] == kinds["de"]
    assert {"round", "turn", "weather", "dice", "canoe_throw"} <= kinds["en"]
    counts = {language: count_forms(language) for language in LANGUAGES}
    assert set(counts["fr"]) == set(counts["en"]) == set(counts["de"]) == {"dogs", "ring_cards"}
    for language in LANGUAGES:
        assert all(None in forms for forms in counts[language].values())


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_template_resolves_to_clips_that_exist(language: str) -> None:
    shipped = load_manifest()[language]
    for announcement in every_announcement():
        for key in _clip_keys(announcement, language):
            assert key in shipped, (language, announcement.kinds, key)
            assert shipped[key].path.is_file()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_shipped_clip_is_used_by_some_template(language: str) -> None:
    used: set[str] = set()
    for announcement in every_announcement():
        used.update(_clip_keys(announcement, language))
        used.update(f"seat.{_seat_key(t)}" for t in announcement.tokens(language)
                    if isinstance(t, Seat))
    assert set(load_manifest()[language]) - used == set()


def _seat_key(seat: Seat) -> str:
    from companion.seats import SEATS
    return SEATS[seat.index].key


def test_weather_follows_each_languages_word_order() -> None:
    said = mush_says.weather(3, "Central", "Cold")
    assert _clip_keys(said, "en") == ["round", "num.3", "zone.central", "weather_is",
                                      "weather.cold"]
    assert _clip_keys(said, "fr") == ["round", "num.3", "zone.central", "weather.cold"]
    assert _clip_keys(said, "de") == ["round", "num.3", "zone.central", "weather_is",
                                      "weather.cold"]
    texts = {lang: [load_manifest()[lang][k].text for k in _clip_keys(said, lang)]
             for lang in LANGUAGES}
    assert texts["en"] == ["Round", "3", "Central zone", "The weather is", "cold"]
    assert texts["fr"] == ["Manche", "3", "Zone centrale", "Il fait froid"]
    assert texts["de"] == ["Runde", "3", "Zentrale Zone", "Das Wetter ist", "kalt"]


def test_whose_turn_puts_the_seat_where_each_language_does() -> None:
    tokens = {lang: [t for t in turn(Seat(2, "Zoé")).tokens(lang)
                     if not isinstance(t, Pause)] for lang in LANGUAGES}
    assert tokens["en"] == [Seat(2, "Zoé"), Clip("your_turn")]
    assert tokens["fr"] == [Clip("turn_to"), Seat(2, "Zoé"), Clip("to_play")]
    assert tokens["de"] == [Seat(2, "Zoé"), Clip("is_up")]


def test_dog_counts_use_each_languages_own_forms() -> None:
    def said(language: str, dogs: int) -> list[str]:
        return _clip_keys(mush_says.dice(0, "green", dogs), language)[1:]

    assert said("en", 1) == ["num.1", "dog"]
    assert said("en", 5) == ["num.5", "dogs"]
    assert said("fr", 0) == ["num.0", "dog"]  # "zéro chien"
    assert said("fr", 5) == ["num.5", "dogs"]
    assert said("de", 1) == ["one_dog"]  # "ein Hund", not "eins Hund"
    assert said("de", 0) == ["num.0", "dogs"]


def test_a_french_round_agrees_with_manche_which_is_feminine() -> None:
    def said(language: str, number: int) -> list[str]:
        keys = _clip_keys(new_round(number), language)
        return [load_manifest()[language][k].text for k in keys]

    assert said("fr", 1) == ["Manche", "une"]
    assert said("fr", 21) == ["Manche", "vingt et une"]
    assert said("fr", 31) == ["Manche", "trente et une"]
    assert said("fr", 2) == ["Manche", "2"]
    assert said("en", 1) == ["Round", "1"]
    assert said("de", 1) == ["Runde", "1"]  # "Runde eins" is right in German


def test_rounds_past_forty_are_said_digit_by_digit() -> None:
    assert _clip_keys(mush_says.weather(41, "northern", "warm"), "en")[:3] == [
        "round", "num.4", "num.1"]


def test_a_reroll_by_the_roller_is_one_sentence() -> None:
    assert mush_says.reroll(2, 2).kinds == ("reroll_own",)
    assert mush_says.reroll(1, 2).kinds == ("reroll",)


def test_order_of_play_lists_every_seat_in_order_with_pauses_between() -> None:
    tokens = mush_says.order([4, 0, 2]).tokens("en")
    assert [t.index for t in tokens if isinstance(t, Seat)] == [4, 0, 2]
    assert sum(isinstance(t, Pause) for t in tokens) == 3


def test_values_may_be_enums_or_any_case() -> None:
    import enum

    class Weather(enum.Enum):
        COLD = 3

    assert mush_says.weather(1, "CENTRAL", Weather.COLD) == \
        mush_says.weather(1, "central", "cold")
    assert mush_says.press("Plus2") == mush_says.press("plus2")


@pytest.mark.parametrize("make", [
    lambda: mush_says.weather(1, "arctic", "cold"),
    lambda: mush_says.weather(1, "central", "stormy"),
    lambda: mush_says.weather(-1, "central", "cold"),
    lambda: mush_says.dice(0, "purple", 3),
    lambda: mush_says.dice(0, "green", -1),
    lambda: turn(6),
    lambda: mush_says.order([]),
    lambda: mush_says.press("plus3"),
])
def test_bad_values_fail_where_they_are_given(make: object) -> None:
    with pytest.raises(ValueError):
        make()  # type: ignore[operator]


def test_no_announcement_takes_a_bid() -> None:
    # RULES R1/I5: nothing spoken may reveal a bid before the reveal, so no constructor
    # (the table's own, each game's sayings) even accepts one.
    constructors = [Announcement.say, *(
        f for module in (phrases, mush_says, canoe_says)
        for name, f in inspect.getmembers(module, inspect.isfunction)
        if not name.startswith("_") and f.__module__ == module.__name__
        and inspect.signature(f).return_annotation in ("Announcement", Announcement))]
    assert len(constructors) >= 20
    for method in constructors:
        for parameter in inspect.signature(method).parameters:
            assert "bid" not in parameter.lower(), method.__name__


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="language"):
        turn(0).tokens("es")
