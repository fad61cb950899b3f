"""Mush-Ring's voice: whose turn it is (G9), with the table's own shipped clips in every
language; nothing else is spoken, so no card of a hand is ever said aloud (U1)."""

from __future__ import annotations

import random

from companion.core.dice import SeededDice
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.box import BOX
from companion.voice.clips import load_manifest
from companion.voice.phrases import Clip, Seat
from companion.voice.texts import LANGUAGES

from .tables import NAMES, play_out, started


def test_g9_u1_the_voice_says_whose_turn_and_nothing_of_a_hand() -> None:
    state, events, _ = play_out(started(3), SeededDice(2), random.Random(2))
    assert state.over
    names = list(NAMES[:3])
    said = [(e, BOX.announce(e, names, state)) for e in events]
    turns = [(e, a) for e, a in said if a is not None]
    assert turns and all(isinstance(e, c.TurnBegan) for e, _ in turns)
    assert len(turns) == sum(isinstance(e, c.TurnBegan) for e in events)
    manifest = {language: load_manifest()[language] for language in LANGUAGES}
    for event, announcement in turns[:8]:
        assert isinstance(event, c.TurnBegan)
        for language in LANGUAGES:
            tokens = announcement.tokens(language)
            seats = [x for x in tokens if isinstance(x, Seat)]
            assert [s.name for s in seats] == [NAMES[event.seat]]
            clips = [x.key for x in tokens if isinstance(x, Clip)]
            assert clips and all(key in manifest[language] for key in clips), clips
    # names given by seat, as the app's voice keeps them
    by_seat = BOX.announce(c.TurnBegan(1), {1: "Bo"}, state)
    assert by_seat is not None and any(isinstance(x, Seat) and x.name == "Bo"
                                       for x in by_seat.tokens("fr"))
