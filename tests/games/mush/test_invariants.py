"""Invariants I1–I6, checked after every step of many games, random and sensible,
and by a hypothesis state machine that also throws illegal commands at the engine."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from companion.core.values import replace as fast_replace
from companion.exc import RulesError
from companion.games.mush import MUSH
from companion.games.mush import commands as c
from companion.games.mush import events as ev
from companion.games.mush.bots import POLICIES, play_game
from companion.games.mush.codec import CODEC
from companion.games.mush.dice import SeededDice
from companion.games.mush.engine import apply, is_legal, legal_commands, start_game
from companion.games.mush.evolve import replay
from companion.games.mush.model import (
    DOGS,
    TOTAL_CHIPS,
    Arrangement,
    Climate,
    Phase,
    RestPlace,
    StickAction,
)
from companion.games.mush.phases import actors
from companion.games.mush.settings import Settings, Variants
from companion.games.mush.state import GameState
from companion.games.mush.views import public_view


def check_invariants(state: GameState) -> None:
    """I1–I4 on one state: the rules' own list of checks, the one the journal uses."""
    assert MUSH.broken(state) == [], [f"{i.rule}: {i.text}" for i in MUSH.broken(state)]


def test_the_invariants_are_i1_to_i4_as_the_rules_state_them() -> None:
    # I1, I2, I3, I4 (and X4's four sticks), each catching the state that breaks it.
    assert [i.rule for i in MUSH.invariants] == ["I1", "I2", "I3", "I4", "X4"]
    state, _ = start_game(Settings.make(["a", "b", "c"]), SeededDice(1))
    assert MUSH.broken(state) == []
    assert state.bank + sum(p.chips for p in state.players) == TOTAL_CHIPS + state.coins
    broken = {
        "I1": replace(state, bank=state.bank + 1),
        "I2": state.with_player(0, covered=DOGS + 1),
        "I3": replace(state, order=(0, 0, 1)),
        "I4": replace(state.with_player(0, chips=-1), bank=state.bank + state.players[0].chips + 1),
        "X4": replace(state, sticks=5),
    }
    for number, wrong in broken.items():
        assert [i.rule for i in MUSH.broken(wrong)] == [number], number


@pytest.mark.slow
@pytest.mark.parametrize("policy", ["random", "sensible"])
@pytest.mark.parametrize("players", range(2, 7))
def test_i1_to_i4_hold_after_every_step_and_i6_replay(policy: str, players: int) -> None:
    # I1, I2, I3, I4, I6
    for seed in range(4):
        rng = random.Random(seed)
        variants = Variants(free_training=rng.random() < 0.3,
                            avalanches_at_start=rng.random() < 0.5,
                            short_north=rng.random() < 0.2, skip_central=rng.random() < 0.2)
        arrangement = rng.choice([Arrangement.INTRO, Arrangement.STANDARD])
        settings_ = Settings.make([f"P{i}" for i in range(players)], arrangement, variants)
        steps = 0

        def each(state: GameState, command: c.Command, events: list[ev.Event]) -> None:
            nonlocal steps
            steps += 1
            check_invariants(state)

        state, events = play_game(settings_, [POLICIES[policy]] * players, SeededDice(seed),
                                  rng, table_closes=0.1 if policy == "random" else 0.0,
                                  on_step=each)
        assert state.phase is Phase.GAME_OVER and state.winner is not None
        assert steps > 10
        assert replay(events) == state  # I6


def test_i5_nothing_public_leaves_the_engine_before_the_reveal() -> None:
    # I5, R1: locking a bid yields only private events until the reveal.
    state, _ = start_game(Settings.make(["a", "b", "c"]), SeededDice(3))
    dice = SeededDice(4)
    while state.phase is not Phase.BIDDING:
        seat = actors(state)[0]
        state, _ = apply(state, legal_commands(state, seat)[0], dice)
    for seat, amount in ((0, 13), (1, 17)):
        state, events = apply(state, c.LockBid(seat, amount), dice)
        assert events and all(e.private for e in events)
        text = str(public_view(state))
        assert "13" not in text and "17" not in text
    state, events = apply(state, c.LockBid(2, 0), dice)
    assert isinstance(events[0], ev.BidLocked) and events[0].private
    assert isinstance(events[1], ev.BidsRevealed)
    assert not any(e.private for e in events[1:])


@pytest.mark.slow
def test_i6_public_events_alone_rebuild_the_state_after_a_reveal() -> None:
    # I6: the journal never holds private events; the reveal carries every bid.
    rng = random.Random(9)
    checked = 0

    def each(state: GameState, command: c.Command, events: list[ev.Event]) -> None:
        nonlocal checked
        if state.phase is not Phase.BIDDING:
            public = [e for e in journal if not e.private]
            assert replay(public) == state
            checked += 1

    journal: list[ev.Event] = []

    def collect(state: GameState, command: c.Command, events: list[ev.Event]) -> None:
        journal.extend(events)
        each(state, command, events)

    settings_ = Settings.make(["a", "b", "c", "d"])
    first, opening = start_game(settings_, SeededDice(5))
    journal.extend(opening)
    state = first
    dice = SeededDice(6)
    policy = POLICIES["sensible"]
    while state.phase is not Phase.GAME_OVER and checked < 400:
        seats = [s for s in state.seats if legal_commands(state, s)]
        rng.shuffle(seats)
        command = next((cmd for s in seats if (cmd := policy(state, s, rng)) is not None),
                       c.CloseWindow(c.TABLE))
        state, events = apply(state, command, dice)
        collect(state, command, events)
    assert checked >= 100


# --- the hypothesis state machine ---------------------------------------------------

SEATS = st.integers(min_value=-2, max_value=7)
SMALL = st.integers(min_value=-3, max_value=40)
ANY_COMMAND = st.one_of(
    st.builds(c.ChooseTraining, SEATS, st.sampled_from(Climate)),
    st.builds(c.LockBid, SEATS, SMALL),
    st.builds(c.UnlockBid, SEATS),
    st.builds(c.RollWeather, SEATS),
    st.builds(c.Move, SEATS),
    st.builds(c.Rest, SEATS, st.sampled_from(RestPlace), st.integers(-1, 5)),
    st.builds(c.Reduce, SEATS, SMALL),
    st.builds(c.Reroll, SEATS),
    st.builds(c.Pass, SEATS),
    st.builds(c.CloseWindow, SEATS),
    st.builds(c.RollTerrain, SEATS, st.integers(-2, 5)),
    st.builds(c.RollAvalanche, SEATS, st.integers(-2, 7)),
    st.builds(c.PayPassing, SEATS),
    st.builds(c.MoveStick, SEATS, st.sampled_from(StickAction)),
    st.builds(c.CrossZone, SEATS, st.booleans()),
    st.builds(c.ReachNikolai, SEATS),
    st.builds(c.ReachNome, SEATS),
    st.builds(c.EndMove, SEATS),
    st.builds(c.Press, SEATS),
    st.builds(c.SkipPress, SEATS),
)


class RandomLegalPlay(RuleBasedStateMachine):
    """Random legal commands for 2–6 seats; random illegal ones must change nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState = GameState()
        self.events: list[ev.Event] = []
        self.dice = SeededDice(0)

    @initialize(players=st.integers(2, 6), seed=st.integers(0, 2**32),
                variants=st.builds(Variants, st.booleans(), st.booleans(), st.booleans(),
                                   st.booleans()),
                arrangement=st.sampled_from([Arrangement.INTRO, Arrangement.STANDARD]))
    def start(self, players: int, seed: int, variants: Variants,
              arrangement: Arrangement) -> None:
        self.dice = SeededDice(seed)
        settings_ = Settings.make([f"P{i}" for i in range(players)], arrangement, variants)
        self.state, events = start_game(settings_, self.dice)
        self.events = list(events)

    @precondition(lambda self: self.state.phase is not Phase.GAME_OVER)
    @rule(data=st.data())
    def play_a_legal_command(self, data: st.DataObject) -> None:
        choices = [cmd for seat in actors(self.state) for cmd in legal_commands(self.state, seat)]
        assert choices, f"nobody can act in {self.state.phase}"
        command = data.draw(st.sampled_from(choices))
        self.state, events = apply(self.state, command, self.dice)
        self.events.extend(events)

    @rule(command=ANY_COMMAND)
    def illegal_commands_change_nothing(self, command: c.Command) -> None:
        if is_legal(self.state, command):
            return
        before = self.state
        snapshot = CODEC.state_to_json(before)
        with pytest.raises(RulesError):
            apply(self.state, command, self.dice)
        assert self.state is before and CODEC.state_to_json(self.state) == snapshot

    @invariant()
    def invariants_hold(self) -> None:
        check_invariants(self.state)  # I1, I2, I3, I4

    def teardown(self) -> None:
        if self.events:
            assert replay(self.events) == self.state  # I6
            assert CODEC.state_from_json(CODEC.state_to_json(self.state)) == self.state


RandomLegalPlay.TestCase.settings = settings(
    max_examples=40, stateful_step_count=150, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_random_legal_play = RandomLegalPlay.TestCase
test_random_legal_play.pytestmark = [pytest.mark.slow]  # type: ignore[attr-defined]


def test_state_values_cannot_be_mutated() -> None:
    # I6 rests on states being values: a refused command cannot leave half a change.
    state, _ = start_game(Settings.make(["a", "b"]), SeededDice(1))
    with pytest.raises(AttributeError):
        state.bank = 0  # type: ignore[misc]
    assert replace(state, bank=1).bank == 1 and state.bank == 85
    with pytest.raises(TypeError, match="bnak"):
        fast_replace(state, bnak=1)
    copy = fast_replace(state, bank=3)
    assert copy == replace(state, bank=3) and copy is not state and state.bank == 85
    with pytest.raises(AttributeError):
        copy.bank = 4  # type: ignore[misc]
