"""Push&Move's files and voice from a whole bot game: the ledger (a row a player after
each turn, HW1's count and the dice left), the printable board (every hex numbered, HS3,
HS5), and the turns spoken (HT1) with the table's own sentence in every language."""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET

import pytest

from companion import games
from companion.games.push_and_move import acts as a
from companion.games.push_and_move.bots import SensibleBot, play_game
from companion.games.push_and_move.game import GAME, LEDGER_COLUMNS
from companion.games.push_and_move.model import Kind, Settings, Tunnels
from companion.games.push_and_move.picture import NAMES as KIND_NAMES
from companion.voice.phrases import Announcement

pytestmark = pytest.mark.slow  # one whole game of bots, shared by the module's tests

NAMES = ("Ann", "Bo")


@functools.cache
def _game() -> tuple[object, list[a.Event]]:
    """One whole game of two sensible bots (played once for the module's tests)."""
    settings = Settings(NAMES, tunnels=Tunnels.DRAWN)
    return play_game(settings, [SensibleBot() for _ in NAMES], seed=12)


def test_hw1_the_ledger_has_a_row_a_player_after_each_turn_and_ends_on_the_counts() -> None:
    state, events = _game()
    rows = list(GAME.ledger.rows(1, events))
    turns = sum(isinstance(e, a.TurnEnded | a.GameOver) for e in events)
    assert len(rows) == turns * len(NAMES)
    assert GAME.ledger.columns == LEDGER_COLUMNS
    last = {row[1]: row for row in rows[-len(NAMES):]}
    for seat, player in enumerate(state.players):  # type: ignore[attr-defined]
        assert last[seat][2] == player.name and last[seat][3] == player.count
        assert last[seat][4] == len(state.on_board(seat))  # type: ignore[attr-defined]
    assert max(p.count for p in state.players) >= 3  # type: ignore[attr-defined]


def test_hs3_hs5_the_printable_board_numbers_every_hex_and_names_its_kinds() -> None:
    state, events = _game()
    files = games.box("push_and_move").extras(events, NAMES)
    svg = files["board.svg"].decode("utf-8")
    root = ET.fromstring(svg)  # well-formed
    ns = "{http://www.w3.org/2000/svg}"
    texts = [t.text or "" for t in root.iter(f"{ns}text")]
    hexes = [p for p in root.iter(f"{ns}polygon")]
    assert len(hexes) >= 120
    assert {str(n) for n in range(1, 121)} <= set(texts)
    kinds = {k for k in state.board if k is not Kind.PLAIN}  # type: ignore[attr-defined]
    assert kinds and all(any(KIND_NAMES[k] in t for t in texts) for k in kinds)
    assert games.box("push_and_move").extras([], NAMES) == {}  # no board drawn yet


def test_ht1_each_turn_is_spoken_with_the_players_name_in_every_language() -> None:
    state, events = _game()
    announce = games.box("push_and_move").announce
    said = [announce(e, list(NAMES), state) for e in events]
    turns = [s for s, e in zip(said, events, strict=True) if isinstance(e, a.TurnBegan)]
    assert turns and all(isinstance(s, Announcement) and s.kinds == ("turn",)
                         for s in turns)
    # besides the turns, only a die lost (HW1) and the winner (HW2) are spoken
    assert all(s is None for s, e in zip(said, events, strict=True)
               if not isinstance(e, a.TurnBegan | a.Lost | a.GameOver))
    lost = [s for s, e in zip(said, events, strict=True) if isinstance(e, a.Lost)]
    assert lost and all(s is not None and s.kinds[0] in ("pm_lost_edge", "pm_lost_death")
                        for s in lost)
    assert said[-1] is not None and said[-1].kinds == ("pm_winner",)
    for language in ("en", "fr", "de"):
        tokens = turns[0].tokens(language)
        assert tokens and any("Ann" in str(t) or "Bo" in str(t)
                              for t in tokens), (language, tokens)
