"""Rules events -> announcements: the real events, one by one and in whole bot games."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from companion.games.mush import events as ev
from companion.games.mush import model as m
from companion.games.mush import sayings as mush_says
from companion.games.mush.state import GameState
from companion.games.mush.voice import MAPPING, PRESS_CLIPS, announcement_for
from companion.voice.clips import load_manifest
from companion.voice.phrases import Clip, Seat, new_round, turn
from companion.voice.texts import LANGUAGES

NAMES = {0: "Peter", 2: "Regina"}


def test_every_event_the_voice_speaks_is_a_real_event_type() -> None:
    assert set(MAPPING) <= set(ev.EVENT_TYPES)
    assert not any(t.private for t in MAPPING)


def test_real_events_map_to_their_announcements() -> None:
    cases = [
        (ev.RoundStarted(round=3, ice_bear=1), new_round(3)),
        (ev.BidsRevealed(bids=(2, 0, 5), order=(2, 0, 1)),
         mush_says.order([Seat(2, "Regina"), Seat(0, "Peter"), Seat(1)])),
        (ev.MovementStarted(2, m.MoveContext.EARLY, 1), mush_says.early_riser(
            Seat(2, "Regina"))),
        (ev.WeatherRolled(0, m.Zone.CENTRAL, 5, m.Climate.COLD),
         mush_says.weather(None, "central", "cold")),
        (ev.TurnStarted(1), turn(1)),
        (ev.DogDiceRolled(0, m.DiceColour.RED, (1, 2, 6), 2), mush_says.dice(
            Seat(0, "Peter"), "red", 2)),
        (ev.TerrainRolled(0, 2, 1, False), mush_says.terrain(False)),
        (ev.AvalancheRolled(0, 6, 0, True), mush_says.avalanche(True)),
        (ev.RerollForced(1, 0, m.RollKind.DOGS), mush_says.reroll(1, Seat(0, "Peter"))),
        (ev.RerollForced(0, 0, m.RollKind.PRESS), mush_says.reroll(
            Seat(0, "Peter"), Seat(0, "Peter"))),
        (ev.PressRolled(0, 6, m.PressResult.PLUS_TWO), mush_says.press("plus2")),
        (ev.PressRolled(0, 4, m.PressResult.PLUS_ONE), mush_says.press("plus1")),
        (ev.PressRolled(0, 2, m.PressResult.NOTHING), mush_says.press("nothing")),
        (ev.PressRolled(0, 1, m.PressResult.TIRED), mush_says.press("tired")),
        (ev.GameWon(2), mush_says.winner(Seat(2, "Regina"))),
    ]
    for event, expected in cases:
        assert announcement_for(event, NAMES) == expected, type(event).__name__
    assert announcement_for(ev.RerollForced(1, 0, m.RollKind.DOGS), ["Ann", "Bo"]) == \
        mush_says.reroll(Seat(1, "Bo"), Seat(0, "Ann"))
    assert announcement_for(ev.MovementStarted(2, m.MoveContext.NORMAL, 4)) is None
    assert announcement_for(ev.PassingPaid(0)) is None  # bookkeeping is silent


def test_every_pressing_result_has_its_clip() -> None:
    assert set(PRESS_CLIPS) == set(m.PressResult)
    manifest = load_manifest()
    for result in m.PressResult:
        said = announcement_for(ev.PressRolled(0, 1, result))
        assert said is not None
        for language in LANGUAGES:
            assert all(t.key in manifest[language] for t in said.tokens(language)
                       if isinstance(t, Clip))


def test_a_turn_of_a_seat_with_every_dog_covered_says_it_must_rest() -> None:
    said = announcement_for(ev.TurnStarted(3), all_covered={3})
    assert said is not None and said.kinds == ("turn", "rest")
    plain = announcement_for(ev.TurnStarted(3), all_covered={1})
    assert plain is not None and plain.kinds == ("turn",)


def test_a_private_event_is_never_spoken() -> None:
    assert announcement_for(ev.BidLocked(0, 7)) is None
    assert announcement_for(ev.BidUnlocked(0)) is None


def test_the_reveal_says_the_order_and_never_the_bids() -> None:
    # R1/I5: change every bid and nothing said changes
    first = announcement_for(ev.BidsRevealed((9, 0, 4), (0, 2, 1)))
    second = announcement_for(ev.BidsRevealed((1, 0, 0), (0, 2, 1)))
    assert first == second
    assert first is not None
    keys = {t.key for lang in LANGUAGES for t in first.tokens(lang) if isinstance(t, Clip)}
    assert not any(k.startswith("num.") for k in keys)


def _bot_games(count: int) -> Iterator[tuple[ev.Event, frozenset[int]]]:
    """Every event of some bot games, with the seats whose dogs were all covered then."""
    from companion.games.mush.bots import play_game, sensible_policy
    from companion.games.mush.dice import SeededDice
    from companion.games.mush.settings import Settings

    for seed in range(count):
        players = 2 + seed % 5
        collected: list[tuple[ev.Event, frozenset[int]]] = []

        def on_step(state: GameState, command: object, events: list[ev.Event],
                    sink: list[tuple[ev.Event, frozenset[int]]] = collected) -> None:
            covered = frozenset(i for i, p in enumerate(state.players) if p.uncovered == 0)
            sink.extend((e, covered) for e in events)

        play_game(Settings.make([f"P{i}" for i in range(players)]),
                  [sensible_policy] * players, SeededDice(seed), random.Random(seed),
                  table_closes=0.3, on_step=on_step)
        yield from collected


@pytest.mark.slow
def test_whole_bot_games_are_spoken_with_shipped_clips_and_no_secrets() -> None:
    manifest = load_manifest()
    kinds: set[str] = set()
    spoken = 0
    for event, covered in _bot_games(12):
        said = announcement_for(event, NAMES, all_covered=covered)
        if event.private:
            assert said is None
        if isinstance(event, ev.BidsRevealed):
            assert said == announcement_for(
                dataclasses.replace(event, bids=tuple(0 for _ in event.bids)), NAMES)
        if said is None:
            continue
        spoken += 1
        kinds.update(said.kinds)
        for language in LANGUAGES:
            for token in said.tokens(language):
                if isinstance(token, Clip):
                    assert token.key in manifest[language]
    assert spoken > 100
    assert {"round", "order", "early_riser", "weather", "turn", "dice", "press", "terrain",
            "winner"} <= kinds
