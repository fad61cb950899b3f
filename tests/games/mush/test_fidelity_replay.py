"""A replay check of rules fidelity: bot games of 2–6 players in every arrangement and
every combination of variants, watched step by step for the faults an independent
replay against the rulebook once found:

- R3: an opponent offered, or paying for, a reroll of the Early Riser's terrain or
  avalanche roll ("Opponents may not play Action Chips to prevent this movement"), or a
  reroll offered after a successful one;
- S9: a sled left in the Central Zone in Short game B, the Central chart rolled, or a
  sled sent back from the Northern Zone past the Central Zone into the Southern Zone;
- Z1: a rest offered where the sled cannot be (Nikolai or Unal-Akleet in the Central
  Zone, Nikolai in Short game B, Anchorage off its board), or a rest menu showing other
  places than the engine offers;
- M4/M5 with P1: a pressing roll offered after a failed rough-terrain or avalanche roll.

Random bots wander (they cross back, roll terrain on the Early Riser's space, rest
anywhere); sensible bots play whole races. The counters at the end make sure each
fault had its chance to appear, so a quiet run means something.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest

from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.bots import Policy, SensibleBot, play_game, random_policy
from companion.games.mush.dice import SeededDice
from companion.games.mush.engine import legal
from companion.games.mush.evolve import replay
from companion.games.mush.model import Arrangement, MoveContext, Phase, RestPlace, RollKind, Zone
from companion.games.mush.settings import Board, Settings, Variants
from companion.games.mush.state import GameState
from companion.games.mush.table.menus import turn_tree
from companion.table.tree import Tree

S, CE, N = Zone.SOUTHERN, Zone.CENTRAL, Zone.NORTHERN
CUSTOM_BOARDS: tuple[tuple[Zone, ...], ...] = ((S, CE, N, CE, N), (S, S, CE, N, N), (S, N, CE, N))
CROSSINGS = (RollKind.TERRAIN, RollKind.AVALANCHE)
ALL_VARIANTS = [Variants(*flags) for flags in itertools.product((False, True), repeat=4)]


def arrangements(index: int) -> list[tuple[Arrangement, tuple[Board, ...] | None]]:
    """Intro, Standard and one Custom arrangement (a different one as `index` varies)."""
    zones = CUSTOM_BOARDS[index % len(CUSTOM_BOARDS)]
    custom = tuple(Board(f"board {i}", zone) for i, zone in enumerate(zones))
    return [(Arrangement.INTRO, None), (Arrangement.STANDARD, None),
            (Arrangement.CUSTOM, custom)]


class FidelityWatch:
    """Checks every step of one game for the faults; counts the chances each one had."""

    def __init__(self, settings: Settings, seen: Counter[str]) -> None:
        self.settings = settings
        self.seen = seen
        self.lost_movement = False  # a failed crossing ended this turn's movement
        self.early = False  # the Early Riser's space is being moved
        # Short game B where the weather follows zones (W2); Custom follows the leader
        self.short_game_b_by_zones = (settings.variants.skip_central
                                      and settings.arrangement is not Arrangement.CUSTOM)

    def _northern_ahead(self, board: int) -> bool:
        return any(b.zone is N for b in self.settings.boards[board + 1:])

    def step(self, before: GameState, command: c.Command, after: GameState,
             events: Sequence[ev.Event]) -> None:
        """One applied command: its events, then the state it led to."""
        self._events(before, command, events)
        self._early_riser_window(after)
        if self.settings.variants.skip_central:
            self._no_sled_in_the_central_zone(after)
            self._moving_in_the_northern_zone(after)
        if after.phase is Phase.TURN:
            self._rest_places(after)

    def _events(self, before: GameState, command: c.Command,
                events: Sequence[ev.Event]) -> None:
        if isinstance(command, c.CrossZone) and not command.forward:
            self.seen["crossed back"] += 1
            if self.settings.variants.skip_central:
                self.seen["crossed back in Short game B"] += 1
        for event in events:
            if isinstance(event, ev.MovementStarted):
                self.early = event.context is MoveContext.EARLY
            elif isinstance(event, ev.MovementEnded):
                if event.context is MoveContext.NORMAL and event.stopped:
                    self.lost_movement = True
                    player = before.players[event.seat]
                    if player.training is before.weather:
                        self.seen["failed crossing by a seat trained for the weather"] += 1
            elif isinstance(event, ev.TurnStarted | ev.TurnEnded):
                self.lost_movement = False
            elif isinstance(event, ev.PressOffered):
                # M4, M5, P1
                assert not self.lost_movement, "pressing offered after a failed crossing"
            elif isinstance(event, ev.RerollForced) and self.early and event.roll in CROSSINGS:
                # R3
                assert event.seat == event.roller, "an opponent rerolled the Early Riser"
                self.seen["Early Riser rerolled its own roll"] += 1
            elif (isinstance(event, ev.ZoneChanged) and self.settings.variants.skip_central
                  and before.zone_of(event.seat) is N and event.zone is S):
                # S9: only between Custom boards that meet, never past the Central Zone
                between = self.settings.boards[event.board + 1:before.players[event.seat].board]
                assert all(b.zone is not CE for b in between), "Northern straight to Southern"
            elif isinstance(event, ev.WeatherRolled) and self.short_game_b_by_zones:
                # S9, W2
                assert event.zone is not CE, "Central chart rolled in Short game B"
                self.seen["weather in Short game B"] += 1

    def _early_riser_window(self, state: GameState) -> None:
        window, turn = state.window, state.turn
        if (state.phase is Phase.REROLL and window is not None and turn is not None
                and turn.context is MoveContext.EARLY and window.roll in CROSSINGS):
            # R3: nobody but the Early Riser may pay after its terrain or avalanche roll,
            # and only after a failed one (X1: a success is rerolled by nobody).
            assert set(window.eligible) <= {window.roller}, window
            assert state.last_roll is not None and not state.last_roll.success, window
            for seat in state.seats:
                if seat != window.roller:
                    assert not legal(state, seat), f"seat {seat} may act on the Early Riser"
            self.seen["Early Riser crossing roll"] += 1

    def _no_sled_in_the_central_zone(self, state: GameState) -> None:
        for seat in state.seats:
            board = state.players[seat].board
            if state.zone_of(seat) is CE:
                # S9: only where no Unal-Akleet lies ahead (a Custom arrangement's end)
                assert not self._northern_ahead(board), f"seat {seat} stays in the Central Zone"

    def _moving_in_the_northern_zone(self, state: GameState) -> None:
        seat = state.active
        if state.phase in (Phase.MOVING, Phase.PRESS_MOVE) and seat is not None \
                and state.zone_of(seat) is N:
            self.seen["moving in the Northern Zone in Short game B"] += 1

    def _rest_places(self, state: GameState) -> None:
        seat = state.active
        assert seat is not None
        offered = {o.params["place"][0] for o in legal(state, seat) if o.command is c.Rest}
        board = state.players[seat].board
        zone = state.zone_of(seat)
        # Z1: where the sled cannot be, its rest is not offered.
        assert (RestPlace.ANCHORAGE in offered) == (board == 0)
        assert {RestPlace.TOWN, RestPlace.WILDERNESS} <= offered
        if zone is CE:
            assert RestPlace.SMALL_TOWN not in offered, "Nikolai/Unal-Akleet in Central"
            self.seen["turn in the Central Zone"] += 1
        elif zone is N:
            assert RestPlace.SMALL_TOWN in offered, "Unal-Akleet missing"
        elif self.settings.variants.skip_central and self._northern_ahead(board):
            assert RestPlace.SMALL_TOWN not in offered, "Nikolai rest in Short game B"
            self.seen["turn before Nikolai in Short game B"] += 1
        else:
            assert RestPlace.SMALL_TOWN in offered, "Nikolai missing"
        # The turn menu offers rests at exactly the places the engine offers.
        assert _rest_places_in(turn_tree(state, seat)) == offered


def _rest_places_in(tree: Tree) -> set[RestPlace]:
    """The places of every rest a menu and its sub-menus offer."""
    places = set()
    for node in tree.items:
        if isinstance(node.command, c.Rest):
            places.add(node.command.place)
        if node.children is not None:
            places |= _rest_places_in(node.children)
    return places


def play_watched(settings: Settings, policies: Sequence[Policy], seed: int,
                 seen: Counter[str], table_closes: float) -> None:
    """One bot game under the watch; it must end with a winner and replay exactly (I6)."""
    watch = FidelityWatch(settings, seen)
    previous: list[GameState] = []

    def each(state: GameState, command: c.Command, events: list[ev.Event]) -> None:
        before = previous[0] if previous else state  # the first step chooses a training
        watch.step(before, command, state, events)
        previous[:] = [state]

    final, journal = play_game(settings, policies, SeededDice(seed), random.Random(seed),
                               table_closes=table_closes, on_step=each)
    assert final.phase is Phase.GAME_OVER and final.winner is not None
    assert replay(journal) == final
    seen["games"] += 1


@pytest.mark.slow
def test_random_bots_2_to_6_players_every_arrangement_and_variant() -> None:
    # R3, S9, Z1, M4, M5, P1: 2-6 players x 16 variant combinations x 3 arrangements
    seen: Counter[str] = Counter()
    for players in range(2, 7):
        names = [f"P{i}" for i in range(players)]
        for index, variants in enumerate(ALL_VARIANTS):
            for arrangement, boards in arrangements(index + players):
                settings = Settings.make(names, arrangement, variants, boards=boards)
                seed = 1000 * players + 10 * index + list(Arrangement).index(arrangement)
                play_watched(settings, [random_policy] * players, seed, seen, 0.1)
    assert seen["games"] == 5 * 16 * 3
    # The watch is not vacuous: every situation it checks came up.
    for situation in ("Early Riser crossing roll", "Early Riser rerolled its own roll",
                      "failed crossing by a seat trained for the weather",
                      "crossed back in Short game B", "weather in Short game B",
                      "moving in the Northern Zone in Short game B",
                      "turn in the Central Zone", "turn before Nikolai in Short game B"):
        assert seen[situation] > 0, (situation, seen)


@pytest.mark.slow
def test_sensible_bots_2_to_6_players_every_arrangement() -> None:
    # R3, S9, Z1, M4, M5, P1: whole races, with and without Short game B
    seen: Counter[str] = Counter()
    rng = random.Random(15)
    for players in range(2, 7):
        names = [f"P{i}" for i in range(players)]
        for arrangement, boards in arrangements(players):
            variants = replace(rng.choice(ALL_VARIANTS), skip_central=players % 2 == 0)
            settings = Settings.make(names, arrangement, variants, boards=boards)
            play_watched(settings, [SensibleBot()] * players, 7 * players, seen, 0.0)
    assert seen["games"] == 5 * 3
    for situation in ("Early Riser crossing roll", "weather in Short game B",
                      "failed crossing by a seat trained for the weather",
                      "turn in the Central Zone", "turn before Nikolai in Short game B"):
        assert seen[situation] > 0, (situation, seen)
