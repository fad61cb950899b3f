"""The invariants Q1–Q6 after every step: whole bot games of every size and variant, and
a hypothesis state machine that also throws commands the rules must refuse."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from companion.exc import RulesError
from companion.games.canoe import commands as c
from companion.games.canoe import events as ev
from companion.games.canoe.bots import POLICIES, SensibleBot, play_game, random_policy, sample
from companion.games.canoe.cards import HERO_CARD, shuffle_card
from companion.games.canoe.engine import apply, legal, start_game
from companion.games.canoe.evolve import replay
from companion.games.canoe.invariants import INVARIANTS, journal_violations, violations
from companion.games.canoe.kernel import replace
from companion.games.canoe.model import (
    ATTRACTIONS,
    CardMode,
    DestinationRule,
    PaperEffect,
    Phase,
    Pile,
)
from companion.games.canoe.settings import Settings, Variants
from companion.games.canoe.state import GameState
from companion.games.mush.dice import SeededDice

VARIANTS = [Variants(), Variants(DestinationRule.ONE), Variants(DestinationRule.NONE),
            Variants(every_campsite=True), Variants(every_attraction=True),
            Variants(DestinationRule.ONE, True, True)]


@pytest.mark.slow
@pytest.mark.parametrize("cards", list(CardMode))
@pytest.mark.parametrize("players", range(2, 7))
def test_q1_to_q6_hold_after_every_step_of_sensible_games(players: int, cards: CardMode
                                                          ) -> None:
    # Q1, Q2, Q3, Q4, Q5, Q6
    for seed, variants in enumerate(VARIANTS):
        game = Settings.make([f"P{i}" for i in range(players)], 1 + seed % 3, variants,
                             cards=cards)
        steps = 0

        def each(state: GameState, command: c.Command, events: list[ev.Event]) -> None:
            nonlocal steps
            steps += 1
            assert violations(state) == [], steps
            assert state.in_hand is None  # every card's fate is told within its command

        state, events = play_game(game, [SensibleBot() for _ in range(players)], SeededDice(seed),
                                  random.Random(seed), on_step=each)
        assert state.phase is Phase.GAME_OVER and state.winner is not None, (seed, variants)
        assert steps > 20
        assert journal_violations(events) == []
        assert replay(events) == state


@pytest.mark.slow
def test_q1_to_q6_hold_for_random_players() -> None:
    for seed in range(12):
        players = 2 + seed % 5
        game = Settings.make([f"P{i}" for i in range(players)],
                             variants=VARIANTS[seed % len(VARIANTS)],
                             cards=list(CardMode)[seed % 2])
        state, events = play_game(game, [random_policy] * players, SeededDice(seed),
                                  random.Random(seed), max_steps=1500,
                                  on_step=lambda s, _c, _e: _sound(s))
        assert journal_violations(events) == []
        assert replay(events) == state


def _sound(state: GameState) -> None:
    assert violations(state) == []


def test_each_invariant_catches_what_it_guards() -> None:
    state, _ = start_game(Settings.make(["Ann", "Bob"]), SeededDice(1))
    assert violations(state) == []
    canoe = state.pile(Pile.CANOE).cards
    lost = state.with_pile(Pile.CANOE, canoe[1:])
    doubled = state.with_pile(Pile.CANOE, (*canoe, canoe[0]))
    no_shuffle = state.with_pile(Pile.CANOE, (
        *(x for x in canoe if x != shuffle_card(Pile.CANOE)), canoe[0]))
    two_heroes = state.with_player(0, hero=True).with_player(1, hero=True)
    not_a_destination = state.with_player(0, destination="canoe-01")
    owes = state.with_player(1, misses=-1)
    nowhere = state.with_player(0, camps=("The Moon",))
    broken = {
        "Q1": [lost, doubled, no_shuffle, two_heroes], "Q2": [not_a_destination],
        "Q4": [owes], "Q6": [nowhere],
    }
    for which, states in broken.items():
        for bad in states:
            assert which in [i.rule for i in INVARIANTS if not i.holds(bad)]
    assert HERO_CARD in state.pile(Pile.CAMP).cards


def test_q3_q4_the_journal_checks_catch_a_score_or_a_skip_out_of_step() -> None:
    _, events = play_game(Settings.make(["Ann", "Bob"]), [SensibleBot(), SensibleBot()],
                          SeededDice(2), random.Random(2))
    assert journal_violations(events) == []
    first_draw = next(i for i, e in enumerate(events) if isinstance(e, ev.CardDrawn)
                      and e.points)
    wrong = list(events)
    drawn = wrong[first_draw]
    assert isinstance(drawn, ev.CardDrawn)
    wrong[first_draw] = replace(drawn, points=drawn.points + 5)
    assert any(v.startswith("Q3") for v in journal_violations(wrong))
    skip = next(i for i, e in enumerate(events) if isinstance(e, ev.TurnSkipped))
    unskipped = events[:skip] + events[skip + 1:]
    assert any(v.startswith("Q4") for v in journal_violations(unskipped))


class CanoeMachine(RuleBasedStateMachine):
    """Any command, legal or not, from any seat: refused ones change nothing, and the
    invariants hold after every step."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState | None = None
        self.events: list[ev.Event] = []
        self.dice = SeededDice(0)

    @initialize(players=st.integers(2, 6), seed=st.integers(0, 10_000),
                variant=st.sampled_from(VARIANTS), paper=st.booleans())
    def start(self, players: int, seed: int, variant: Variants, paper: bool) -> None:
        self.dice = SeededDice(seed)
        game = Settings.make([f"P{i}" for i in range(players)], 1, variant,
                             cards=CardMode.PAPER if paper else CardMode.ELECTRONIC)
        self.state, self.events = start_game(game, self.dice)

    def _do(self, command: c.Command) -> None:
        assert self.state is not None
        before = self.state
        try:
            self.state, events = apply(self.state, command, self.dice)
        except RulesError:
            assert self.state is before
            return
        self.events += events

    @rule(data=st.data())
    def legal_move(self, data: st.DataObject) -> None:
        assert self.state is not None
        if self.state.phase is Phase.GAME_OVER:
            return
        seat = self.state.require_turn().seat
        options = legal(self.state, seat)
        option = data.draw(st.sampled_from(options))
        self._do(sample(option, random.Random(data.draw(st.integers(0, 99)))))

    @rule(seat=st.integers(-1, 6), points=st.integers(-250, 250),
          kind=st.sampled_from(["roll", "land", "camp", "see", "adjust", "obey", "return",
                                "enter", "finish", "end", "windbound", "late"]),
          site=st.sampled_from(["Sugar Island", "Nowhere", "Indian Pond 1"]))
    def any_command(self, seat: int, points: int, kind: str, site: str) -> None:
        command = {
            "roll": c.Roll(seat), "land": c.Land(seat, Pile.CAMP), "camp": c.Camp(seat, site,
                                                                                  points),
            "see": c.SeeAttraction(seat, ATTRACTIONS[points % 8], points),
            "adjust": c.Adjust(seat, points), "obey": c.ObeyDestination(seat),
            "return": c.ReturnDestination(seat),
            "enter": c.EnterCard(seat, points, PaperEffect.DESTINATION),
            "finish": c.Finish(seat), "end": c.EndTurn(seat), "windbound": c.StayWindbound(seat),
            "late": c.LandLate(seat, (Pile.CANOE, Pile.CAMP, Pile.PORTAGE)[points % 3]),  # C6
        }[kind]
        self._do(command)

    @invariant()
    def sound(self) -> None:
        if self.state is not None:
            assert violations(self.state) == []

    def teardown(self) -> None:
        if self.state is not None:
            assert journal_violations(self.events) == []
            assert replay(self.events) == self.state


CanoeMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=60, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
test_the_canoe_state_machine = pytest.mark.slow(CanoeMachine.TestCase)


def test_bots_are_named() -> None:
    assert set(POLICIES) == {"random", "sensible"}
    assert isinstance(POLICIES["sensible"], SensibleBot)
