"""Mush-Ring's voice: whose turn it is (G9), a ring scored (O3-O8), the last hand (Y1,
Y2) and the winner (Y5-Y7), in its own sentences and shipped clips in every language;
nothing of a hand is ever said aloud (U1)."""

from __future__ import annotations

import random

import pytest

from companion.core.dice import SeededDice
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.box import BOX
from companion.games.mush_ring.cards import PALETTE, WILD, coloured
from companion.games.mush_ring.sayings import CLIPS, SAYINGS
from companion.voice.clips import load_manifest
from companion.voice.phrases import Announcement, Clip, Pause, Seat
from companion.voice.texts import LANGUAGES, all_clip_texts

from .tables import NAMES, play_out, started

HEARD = (c.TurnBegan, c.Scored, c.LastPlayer, c.GameWon)


def _clips(said: Announcement, language: str) -> list[str]:
    return [x.key for x in said.tokens(language) if isinstance(x, Clip)]


def _seats(said: Announcement, language: str) -> list[str | None]:
    return [x.name for x in said.tokens(language) if isinstance(x, Seat)]


def test_g9_y1_y5_a_whole_game_is_heard_in_shipped_clips_and_nothing_of_a_hand() -> None:
    state, events, _ = play_out(started(3), SeededDice(2), random.Random(2))
    assert state.over
    names = list(NAMES[:3])
    said = [(e, BOX.announce(e, names, state)) for e in events]
    heard = [(e, a) for e, a in said if a is not None]
    assert all(isinstance(e, HEARD) for e, _ in heard)
    assert len(heard) == sum(isinstance(e, HEARD) for e in events)
    assert {type(e) for e, _ in heard} == set(HEARD)  # a turn, a ring, the last hand, won
    manifest = load_manifest()
    for event, announcement in heard:
        for language in LANGUAGES:
            clips = _clips(announcement, language)
            assert clips and all(key in manifest[language] for key in clips), clips
            secret = getattr(event, "secret", ())
            assert not secret  # nothing heard carries a card of a hand
    # names given by seat, as the app's voice keeps them
    by_seat = BOX.announce(c.TurnBegan(1), {1: "Bo"}, state)
    assert by_seat is not None and "Bo" in _seats(by_seat, "fr")


def test_every_sentence_and_clip_of_the_game_is_shipped_in_every_language() -> None:
    manifest = load_manifest()
    texts = all_clip_texts()
    for language in LANGUAGES:
        for key, text in CLIPS[language].items():
            assert texts[language][key] == text
            assert key in manifest[language], (language, key)
        assert set(SAYINGS.templates[language]) == {
            "ring_scored", "ring_scored_wild", "ring_scored_none", "ring_last",
            "ring_winner", "ring_shared"}


RED3, RED2, YEL1 = coloured("red", 3), coloured("red", 2), coloured("yellow", 1)


@pytest.mark.parametrize(("language", "expected"), [
    ("en", ["ring.scores", "num.3", "ring.cards", "ring.colour.red"]),
    ("fr", ["ring.scores", "num.3", "ring.cards", "ring.colour.red"]),
    ("de", ["ring.scores", "num.3", "ring.cards", "ring.colour.red"]),
])
def test_o3_a_ring_scored_says_whose_how_many_cards_and_the_colour(
        language: str, expected: list[str]) -> None:
    event = c.Scored(0, "red", (RED3, RED2, WILD), (YEL1,))
    said = BOX.announce(event, ["Ann", "Bo"], None)
    assert said is not None and said.kinds == ("ring_scored",)
    assert _seats(said, language) == ["Ann"]
    assert _clips(said, language) == expected
    assert any(isinstance(x, Pause) for x in said.tokens(language))  # "…cards, red"


@pytest.mark.parametrize(("language", "one"), [
    ("en", ["num.1", "ring.card"]), ("fr", ["num.f.1", "ring.card"]),
    ("de", ["ring.one_card"])])
def test_o8_one_card_agrees_and_wilds_alone_are_said_so(language: str,
                                                       one: list[str]) -> None:
    said = BOX.announce(c.Scored(1, "", (WILD,), (YEL1,)), ["Ann", "Bo"], None)
    assert said is not None and said.kinds == ("ring_scored_wild",)
    assert _clips(said, language) == ["ring.scores", *one, "ring.wilds"]
    nothing = BOX.announce(c.Scored(1, "", (), (YEL1,)), ["Ann", "Bo"], None)
    assert nothing is not None and _clips(nothing, language) == ["ring.scores_nothing"]
    assert _seats(nothing, language) == ["Bo"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_colour_a_deck_may_have_is_said(language: str) -> None:
    manifest = load_manifest()[language]
    for colour in PALETTE:
        said = BOX.announce(c.Scored(0, colour, (coloured(colour, 2),), ()), ["Ann"], None)
        assert said is not None and f"ring.colour.{colour}" in _clips(said, language)
        assert all(key in manifest for key in _clips(said, language))


@pytest.mark.parametrize("language", LANGUAGES)
def test_y1_y2_the_last_hand_says_who_passed_ten_cards(language: str) -> None:
    state, events, _ = play_out(started(3), SeededDice(2), random.Random(2))
    last = next(e for e in events if isinstance(e, c.LastPlayer))
    said = BOX.announce(last, list(NAMES[:3]), state)
    assert said is not None and said.kinds == ("ring_last",)
    assert _seats(said, language) == [NAMES[last.seat]]
    cards = len(state.players[last.seat].pile)
    assert cards >= 10
    assert _clips(said, language) == ["ring.has", f"num.{cards}", "ring.cards",
                                      "ring.last_hand"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_y5_y7_the_winner_and_winners_sharing_the_game(language: str) -> None:
    won = BOX.announce(c.GameWon((2,)), ["Ann", "Bo", "Cy"], None)
    assert won is not None and won.kinds == ("ring_winner",)
    assert _seats(won, language) == ["Cy"] and _clips(won, language) == ["ring.wins"]
    assert "wins" not in _clips(won, language)  # not MUSH's "wins the race!"
    shared = BOX.announce(c.GameWon((0, 2)), ["Ann", "Bo", "Cy"], None)
    assert shared is not None and shared.kinds == ("ring_shared",)
    assert _seats(shared, language) == ["Ann", "Cy"]
    assert _clips(shared, language) == ["ring.share"]
