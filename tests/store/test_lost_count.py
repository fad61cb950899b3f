"""Recovery counts what it lost: from the highest number any surviving page names, and
"at least" when the file's end is gone; the same words for every game.

Real journals of a whole MUSH game and a whole Canoe trip, cut short on the card as a
failing card or a copy interrupted cuts them.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from config.test_canoe_cli import canoe_trip

from companion.games import game as installed_game
from companion.i18n import t
from companion.store import Journal
from companion.store.beside import journal_of
from store.helpers import record_game


def mush_game(path: Path) -> int:
    game = record_game(7)
    with Journal(path) as journal:
        game_id = journal.new_game(game.settings)
        for step in game.steps:
            journal.append(game_id, step.events)
        return len(journal.load(game_id))


def canoe_game(path: Path) -> int:
    canoe_trip(path)
    with Journal(journal_of(path, "canoe"), game=installed_game("canoe")) as journal:
        record = journal.latest_game()
        assert record is not None
        return len(journal.load(record.id))


@pytest.mark.parametrize("game", ["mush", "canoe"])
@pytest.mark.parametrize("kept", [0.6, 0.85])
def test_a_cut_journal_says_at_least_nearly_all_it_lost(tmp_path: Path, game: str,
                                                        kept: float) -> None:
    base = tmp_path / "journal.sqlite3"
    total = mush_game(base) if game == "mush" else canoe_game(base)
    path = journal_of(base, game)
    os.truncate(path, int(path.stat().st_size * kept))
    with Journal(path, game=installed_game(game)) as journal:
        recovery = journal.recovery
        assert recovery is not None
        record = journal.current_game() or journal.latest_game()
        left = len(journal.load(record.id)) if record is not None else 0
    truly = total - left
    # Never more than the truth, and (the index and the b-tree's own pages keep the
    # numbers of rows that are gone) close to it: the adversary's journals said 0 and 1.
    assert truly * 0.9 <= recovery.lost <= truly
    assert not recovery.exact
    assert recovery.lost_words() == f"at least {recovery.lost} event(s) lost"
    assert recovery.notice == ("n.repaired_lost", {"lost": recovery.lost})
    assert str(recovery.lost) in t("n.repaired_lost", lost=recovery.lost)


def test_a_damaged_row_in_a_whole_file_is_counted_exactly(tmp_path: Path) -> None:
    """Every page is there: the count is the truth, said without "at least"."""
    path = tmp_path / "journal.sqlite3"
    total = mush_game(path)
    conn = sqlite3.connect(path)  # a row changed behind its checksum, beyond repair
    conn.execute("UPDATE events SET event = 'not an event' WHERE seq = ?", (total // 2,))
    conn.commit()
    conn.close()
    with Journal(path) as journal:
        record = journal.latest_game()  # (a finished game is read when it is asked for)
        assert record is not None
        left = len(journal.load(record.id))
        recovery = journal.recovery
        assert recovery is not None
    assert recovery.exact and recovery.lost == total - left > 0
    assert recovery.lost_words() == f"{recovery.lost} event(s) lost"
    assert recovery.notice == ("n.repaired_lost_exact", {"lost": recovery.lost})
