"""Bots that play a whole Canoe game sensibly (for the headless demo and statistics)."""

from __future__ import annotations

import functools
import itertools
import random
import statistics
import weakref
from dataclasses import dataclass

from companion.games.canoe import bots
from companion.games.canoe import commands as cmd
from companion.games.canoe import events as ev
from companion.games.canoe.bots import PretendTrip, SensibleBot, play_game
from companion.games.canoe.model import (
    ENTERED_ATTRACTIONS,
    Attraction,
    CardMode,
    Phase,
    Pile,
    Place,
    Weather,
    moves,
)
from companion.games.canoe.settings import Settings
from companion.games.canoe.state import GameState
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


class HeadingBot(SensibleBot):
    """A sensible bot that notes which way each go paddled (out or back)."""

    def __init__(self) -> None:
        super().__init__()
        self.ways: dict[tuple[int, int], int] = {}
        self.stretch: dict[tuple[int, int], tuple[int, int]] = {}

    def _plan(self, state: GameState, seat: int, trip: PretendTrip,
              rng: random.Random) -> list[cmd.Command]:
        go = (seat, state.require_turn().number)
        self.ways[go] = self.heading(seat)
        start = self._start(state, seat, trip)
        plan = super()._plan(state, seat, trip, rng)
        self.stretch[go] = (start, self.where(seat))
        return plan


@dataclass(frozen=True)
class Followed:
    """A bot trip followed go by go: its pretend board, the space of each attraction's
    line, its events, and which way each go (seat, turn number) paddled and over what."""

    trip: PretendTrip
    line: dict[Attraction, int]
    events: list[ev.Event]
    ways: dict[tuple[int, int], int]
    stretch: dict[tuple[int, int], tuple[int, int]]


@functools.cache
def followed_trips(count: int = 10) -> tuple[Followed, ...]:
    """The first `count` bot trips of every length and variant, followed (played once)."""
    out = []
    for seed in range(count):
        settings = bots.trip_settings(seed)
        trip = PretendTrip.for_game(settings)
        players = [HeadingBot() for _ in range(settings.players)]
        _, events = play_game(settings, players, SeededDice(seed), random.Random(seed))
        out.append(Followed(trip, {a: space for space, a in trip.lines.items()}, events,
                            {k: v for bot in players for k, v in bot.ways.items()},
                            {k: v for bot in players for k, v in bot.stretch.items()}))
    return tuple(out)


def test_a_go_that_stops_short_tells_no_line_beyond_where_the_canoe_stopped() -> None:
    """A2, N1, L1-L6: a bot that camps at a site it passes, or stops at the rock, the
    Unmapped Region or Dangerous Point, tells only the attractions whose lines lie on the
    way there (as a player whose canoe stopped at the site would), never one further on
    the way it paddles (out, or back from the dock)."""
    stops = backwards = 0
    for seed, followed in enumerate(followed_trips()):
        trip, line, ways = followed.trip, followed.line, followed.ways
        site = {name: space for space, name in trip.sites.items()}
        place = {Place.ROCK_BASE: trip.rock, Place.SUMMIT: trip.rock,
                 Place.UNMAPPED_EDGE: trip.edge, Place.DANGEROUS_POINT: trip.point}
        seen: list[Attraction] = []
        go = (-1, -1)
        for event in followed.events:
            if isinstance(event, ev.TurnStarted):
                seen, go = [], (event.seat, event.number)
            elif isinstance(event, ev.AttractionSeen) and event.attraction in line:
                seen.append(event.attraction)
            elif isinstance(event, ev.Camped | ev.Stopped):
                end = site[event.site] if isinstance(event, ev.Camped) else \
                    place.get(event.place)
                if end is None:
                    continue
                stops += 1
                way = ways.get(go, 1)
                backwards += way < 0
                assert all((line[a] - end) * way <= 0 for a in seen), (seed, event, seen)
    assert stops > 50  # the trips stop short often enough to say so
    assert backwards  # canoes paddling back from the dock stop short too


def test_a_canoe_that_turns_round_at_the_dock_paddles_back_over_the_lines() -> None:
    """F1, F2: a bot that reaches the dock without the lead (or with something still to
    do) turns round and paddles back, crossing the lines it passed on the way out in the
    board's order backwards, as a canoe on the board does (it does not jump elsewhere)."""
    back_goes = 0
    for seed, followed in enumerate(followed_trips()):
        line, ways, events = followed.line, followed.ways, followed.events
        told: dict[tuple[int, int], list[int]] = {}
        go = (-1, -1)
        for event in events:
            if isinstance(event, ev.TurnStarted):
                go = (event.seat, event.number)
            elif isinstance(event, ev.AttractionSeen) and event.attraction in line:
                told.setdefault(go, []).append(line[event.attraction])
        for key, spaces in told.items():
            if ways.get(key, 1) < 0:
                back_goes += 1
                assert spaces == sorted(spaces, reverse=True), (seed, key, spaces)
    assert back_goes > 10


def test_every_line_a_bot_tells_lies_on_the_stretch_its_canoe_paddled() -> None:
    """A2, L9: the lines a go tells lie between where the canoe set off and where it
    ended, in the board's order the way it paddled: a canoe that ends behind another on a
    shared space (L9) has not crossed a line on the space it did not reach."""
    checked = 0
    for seed, followed in enumerate(followed_trips()):
        line, stretch, events = followed.line, followed.stretch, followed.events
        go = (-1, -1)
        for event in events:
            if isinstance(event, ev.TurnStarted):
                go = (event.seat, event.number)
            elif isinstance(event, ev.AttractionSeen) and event.attraction in line \
                    and go in stretch:
                start, end = stretch[go]
                at = line[event.attraction]
                assert (start < at <= end) if start <= end else (end <= at < start), \
                    (seed, go, event, start, end)
                checked += 1
    assert checked > 200


def test_a3_a_bot_scores_an_attraction_again_only_after_crossing_another_lake() -> None:
    """A3: "You cannot collect scores from the same attraction again until you have
    crossed a lake different to last lake you crossed before sampling the attraction":
    followed go by go over the spaces each canoe paddled on the pretend board."""
    again = 0
    for seed, followed in enumerate(followed_trips()):
        trip, line, stretch = followed.trip, followed.line, followed.stretch
        goes: list[tuple[tuple[int, int], list[Attraction]]] = []
        for event in followed.events:
            if isinstance(event, ev.TurnStarted):
                goes.append(((event.seat, event.number), []))
            elif isinstance(event, ev.AttractionSeen) and event.attraction in line:
                goes[-1][1].append(event.attraction)
        lakes: dict[int, list[int]] = {}
        sampled: dict[tuple[int, Attraction], tuple[int, int]] = {}
        for go, told in goes:
            if go not in stretch:
                continue
            start, end = stretch[go]
            crossed = lakes.setdefault(go[0], [])
            path = range(start + 1, min(end, trip.length - 1) + 1) if end >= start \
                else range(start - 1, end - 1, -1)
            for space in path:
                lake = trip.lake(space)
                if lake is not None and (not crossed or crossed[-1] != lake):
                    crossed.append(lake)
                for attraction in (a for a in told if line[a] == space):
                    before = sampled.get((go[0], attraction))
                    if before is not None:
                        assert any(x != before[0] for x in crossed[before[1]:]), \
                            (seed, go, attraction)
                        again += 1
                    sampled[(go[0], attraction)] = (crossed[-1] if crossed else -1,
                                                    len(crossed))
    assert again > 10  # canoes do come round to an attraction again


def test_a_canoe_paddling_back_turns_out_again_only_where_the_rules_let_it() -> None:
    """"You cannot reverse your direction of travel until you reach portage points on
    rivers and lakes (grey canoes), islands, or the end of portages (bootprints)": a bot
    paddling back from the dock goes out again from an island or a portage's end only."""
    turned = 0
    for seed, followed in enumerate(followed_trips()):
        trip = followed.trip
        goes = sorted(followed.ways)  # (seat, turn number)
        for go, following in itertools.pairwise(goes):
            if go[0] != following[0] or go not in followed.stretch:
                continue
            if followed.ways[go] < 0 < followed.ways[following]:
                turned += 1
                end = followed.stretch[go][1]
                assert trip.turns(end), (seed, go, end, trip.water[end])
    assert turned > 5
    trip = followed_trips()[0].trip
    lake = trip.water.index("lake")
    assert trip.turns(min(trip.islands - {0}))  # an island
    portage = trip.water.index("portage")
    assert trip.turns(portage) and trip.turns(portage - 1)  # a portage's end, beside it
    assert not trip.turns(portage + 1) and not trip.turns(lake + 1)  # mid-portage, open lake


def test_l7_a_bot_stays_on_an_island_after_a_throw_only_when_the_wind_blew_it_back() -> None:
    """L7: "If you are blown back onto an island, you must stay there": a bot says so
    after its throw only in a Windbound go whose throw takes it back on a lake, not when
    it paddled forwards onto an island."""
    stayed = 0
    for seed, followed in enumerate(followed_trips()):
        weather = face = None
        for event in followed.events:
            if isinstance(event, ev.GameStarted):
                weather = event.settings.ring.spaces[0]
            elif isinstance(event, ev.WeatherAdvanced):
                weather = event.weather
            elif isinstance(event, ev.TurnStarted):
                face = None
            elif isinstance(event, ev.DieRolled):
                face = event.face
            elif isinstance(event, ev.Windbound) and face is not None:
                stayed += 1
                assert weather is Weather.WINDBOUND and moves(face, weather).lake < 0, \
                    (seed, event, face, weather)
    assert stayed > 3
