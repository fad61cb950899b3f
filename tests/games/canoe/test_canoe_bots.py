"""Bots that play a whole Canoe game sensibly (for the headless demo and statistics)."""

from __future__ import annotations

import random
import statistics
import weakref

from companion.games.canoe import bots
from companion.games.canoe import events as ev
from companion.games.canoe.bots import PretendTrip, SensibleBot, play_game
from companion.games.canoe.model import ENTERED_ATTRACTIONS, CardMode, Phase, Pile
from companion.games.canoe.settings import Settings
from companion.games.mush.dice import SeededDice


def test_the_pretend_trip_has_every_campsite_and_attraction_on_it() -> None:
    settings = Settings.make(["Ann", "Bob"])
    trip = PretendTrip.for_game(settings)
    assert sorted(trip.sites.values()) == sorted(settings.campsites.names)
    assert set(trip.lines.values()) == set(ENTERED_ATTRACTIONS)
    assert {Pile.CANOE, Pile.PORTAGE} <= set(trip.marks) and trip.islands


def test_sensible_bots_finish_a_trip_in_a_sensible_number_of_turns() -> None:
    turns = []
    for seed in range(12):
        players = 2 + seed % 5
        settings = Settings.make([f"P{i}" for i in range(players)],
                                 cards=CardMode.PAPER if seed % 3 == 0 else CardMode.ELECTRONIC)
        bots = [SensibleBot() for _ in range(players)]
        state, events = play_game(settings, bots, SeededDice(seed), random.Random(seed))
        assert state.phase is Phase.GAME_OVER and state.winner is not None
        winner = state.players[state.winner]
        assert winner.nights >= settings.nights and winner.destination is None  # F1
        assert any(isinstance(e, ev.Camped) for e in events)
        assert any(isinstance(e, ev.AttractionSeen) for e in events)
        turns.append(state.turns / players)
    assert 5 < statistics.mean(turns) < 60  # turns each: a trip, not a sprint or a siege


def test_a_new_game_never_finds_an_old_games_canoes_on_its_pretend_board() -> None:
    # L9: the bots of one game share a board, filed by the identity of the game's
    # settings. A game left half way (its canoes out on the water) and gone, the next
    # game's settings may take that identity, and must still start every canoe at the dock.
    def trip(settings: Settings) -> list[ev.Event]:
        return play_game(settings, [SensibleBot() for _ in range(3)], SeededDice(6),
                         random.Random(6))[1]

    whole = trip(Settings.make(["Ann", "Bo", "Cy"]))
    settings, gone = Settings.make(["Ann", "Bo", "Cy"]), Settings.make(["Dee", "Ed"])
    # What a reused identity looks like: the entry under this identity is another game's.
    bots._BOARDS[id(settings)] = (weakref.ref(gone), {0: 30, 1: 41, 2: 17})
    assert trip(settings) == whole
