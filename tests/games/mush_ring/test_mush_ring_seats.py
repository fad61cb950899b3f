"""What each seat sees (U1, U2), the invariants (U4–U7) over whole games, the journal's
form of every event and the log's."""

from __future__ import annotations

import json
import random

from companion.app.logs import event_line
from companion.core.codec import to_data
from companion.core.dice import SeededDice
from companion.games.mush_ring import GAME, Deck
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.cards import HAND
from companion.games.mush_ring.invariants import INVARIANTS
from companion.games.mush_ring.model import Space

from .tables import DETH_KAPP, PICK, RED1, RED3, YEL1, YEL2, play_out, ring, started, table


def test_u1_the_public_view_holds_hand_sizes_and_no_card_of_any_hand() -> None:
    one = table([[RED1, RED3, YEL1], [YEL2]], rings=[ring(DETH_KAPP, (RED3, False))])
    other = table([[RED1, RED1, YEL1], [YEL2]], rings=[ring(DETH_KAPP, (RED3, False))])
    assert GAME.view_data(one) == GAME.view_data(other)  # a hand differs, nothing shows
    view = GAME.public_view(one)
    assert [p.hand for p in view.players] == [3, 1]
    assert [s.show for s in view.players[0].ring[:3]] == ["kapp", "down", "open"]
    assert view.players[0].ring[1].card is None  # a face-down card shows no face
    assert GAME.seat_view(one, 0).hand == (RED1, RED3, YEL1)  # the seat's own view has it


def test_u1_a_shown_hand_is_in_the_askers_view_only_until_the_turn_ends() -> None:
    state = table([[PICK, RED1, RED1, RED1, RED3, RED3], [YEL1, YEL2]])
    after, events = GAME.apply(state, c.PickColour(0, 1, "blue"), SeededDice(1))
    shown = next(e for e in events if isinstance(e, c.Shown))
    assert shown.cards == (YEL1, YEL2)
    assert GAME.seat_view(after, 0).shown == ()  # the turn has ended
    mid = GAME.evolve(GAME.evolve(GAME.evolve(state, events[0]), events[1]), shown)
    assert GAME.seat_view(mid, 0).shown == (YEL1, YEL2) and GAME.seat_view(mid, 1).shown == ()
    assert GAME.view_data(mid) == GAME.view_data(GAME.evolve(
        GAME.evolve(state, events[0]), events[1]))


def test_u1_a_log_line_says_who_drew_never_the_card() -> None:
    state = started(2)
    line = event_line(c.Drew(1, RED3), state)
    assert line == "Drew seat=Bo card=hidden"
    assert "red" not in event_line(c.Given(0, 1, RED3), state)
    assert "yellow" not in event_line(c.Shown(0, 1, (YEL1,)), state)


def test_u2_the_screen_view_has_rings_piles_scores_turn_and_the_last_player() -> None:
    state = started(3, seed=4)
    view = json.loads(json.dumps(GAME.view_data(state)))
    assert view["draw"] == 50 - 3 * HAND and view["discard"] == 0 and view["top"] is None
    assert view["turn"] == state.dealer and view["acting"] == [state.dealer]
    assert {"cards", "value", "wilds", "last", "hand", "ring"} <= set(view["players"][0])
    assert len(view["players"][0]["ring"]) == 6


def test_u3_a_paper_deck_needs_no_phone_a_dealt_deck_keeps_hands() -> None:
    assert started(2, Deck.PAPER).piles.sizes() == (0, 0)
    assert started(2).piles.sizes() == (HAND, HAND)


def test_u4_u5_u6_u7_hold_after_every_command_of_whole_games() -> None:
    assert [i.rule for i in INVARIANTS] == ["U4", "U5", "U7"]
    for seed in range(3):
        state = started(2 + seed, seed=seed)
        rng, dice = random.Random(seed), SeededDice(seed)
        from companion.games.mush_ring.bots import player
        while not state.over:
            seat = GAME.seats_to_act(state)[0]
            command = player(state, seat, rng)
            assert command is not None
            before = state.turn.seat if state.turn else None
            state, events = GAME.apply(state, command, dice)
            assert GAME.broken(state) == []  # U4, U5, U7
            waiting = {state.tie.owner if state.tie else -1,
                       state.kapp.owner if state.kapp else -1}
            assert all(not p.full or s in waiting for s, p in enumerate(state.players))  # U5
            if isinstance(events[-1], c.TurnBegan) and not state.last_hand and \
                    (state.piles.draw or state.piles.discard) and before is not None:
                assert len(state.piles.hand(before)) >= HAND  # U6


def test_u4_an_event_that_does_not_fit_is_refused_when_read_back() -> None:
    state = started(2)
    import pytest

    with pytest.raises(ValueError):
        GAME.fold(state, c.Drew(0, RED3) if RED3 not in state.piles.draw else
                  c.Discarded(1, DETH_KAPP) if DETH_KAPP not in state.piles.hand(1) else
                  c.Played(0, RED1, 5, 0))
    with pytest.raises(ValueError, match="seat 7"):
        GAME.fold(state, c.Played(7, RED1, 0, 0))
    broken = state.with_player(0, ring=(Space(RED1),) * 5 + (Space(PICK),))
    assert [i.rule for i in GAME.broken(broken)] == ["U4", "U5"]
    assert to_data(c.Drew(0, RED3))["card"]["colour"] == "red"  # the journal keeps it


def test_the_ledger_is_each_score_pile_after_every_ring() -> None:
    state = started(2, seed=3)
    start, first = GAME.apply(GAME.initial, c.Start(-1, state.settings), SeededDice(3))
    final, events, _ = play_out(start, SeededDice(3), random.Random(3))
    rows = list(GAME.ledger.rows(5, [*first, *events]))
    assert GAME.ledger.columns == ("game", "turn", "seat", "name", "cards", "value", "wilds")
    assert rows[-2:] == [(5, final.turns, s, p.name, len(p.pile), p.value, p.wilds)
                         for s, p in enumerate(final.players)]
