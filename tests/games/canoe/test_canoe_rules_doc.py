"""docs/canoe-rules.md numbers the Canoe rules; every id the Canoe code and tests cite
is in it, every rule is cited by a test, and its table of card points is the cards'."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from rules_doc import RulesDoc

from companion.games.canoe.cards import HERO_CARD, OWN_CARDS, chosen_numbers
from companion.games.canoe.model import Pile

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT / "docs" / "canoe-rules.md"
TESTS = ROOT / "tests" / "games" / "canoe"

DOC = RulesDoc(RULES, "[CEKNAFVQL]", TESTS)


def defined() -> set[str]:
    return DOC.defined()


def _sources() -> list[Path]:
    files = sorted((ROOT / "companion" / "games" / "canoe").glob("*.py"))
    files += sorted(TESTS.glob("*.py"))
    files += [ROOT / "tests" / "canoe_harness.py", ROOT / "tools" / "record_known.py"]
    return [f for f in files if f.is_file()]


def test_the_rules_define_every_section() -> None:
    ids = defined()
    for rule in ("C1", "C8", "E1", "E7", "K1", "K13", "N1", "N5", "A1", "A4", "F1", "F5",
                 "V1", "V3", "Q1", "Q7", "L1", "L9"):
        assert rule in ids
    assert len(ids) == 61


def test_every_cited_id_resolves() -> None:
    assert DOC.unresolved(_sources()) == {}


def test_every_rule_is_cited_by_a_test() -> None:
    assert DOC.uncited() == set()


def _table() -> dict[Pile, list[tuple[int, bool]]]:
    rows: dict[Pile, list[tuple[int, bool]]] = {p: [] for p in Pile}
    for line in RULES.read_text(encoding="utf-8").splitlines():
        found = re.match(r"\| (Canoe|Camp|Portage): .* \| ([+−][0-9]+) \| (.*) \|$", line)
        if found:
            points = int(found.group(2).replace("−", "-"))
            rows[Pile(found.group(1).lower())].append((points, "**choice**" in found.group(3)))
    return rows


def test_the_card_points_table_is_the_cards_and_marks_each_choice() -> None:
    table = _table()
    for pile, cards in OWN_CARDS.items():
        assert [points for points, _ in table[pile]] == [c.points for c in cards], pile
        marked = {c.id for c, (_, choice) in zip(cards, table[pile], strict=True) if choice}
        assert marked == {c.id for c in chosen_numbers() if c.pile is pile
                          and c.id != HERO_CARD}
    assert len(chosen_numbers()) == 7  # six numbers chosen, and how the camp Hero scores


def test_the_canoe_rules_core_imports_the_standard_library_only() -> None:
    script = (
        "import sys, json\n"
        "before = set(sys.modules)\n"
        "import companion.games.canoe, companion.games.canoe.bots\n"
        "print(json.dumps(sorted(set(sys.modules) - before)))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True,
                         text=True).stdout
    loaded = json.loads(out)
    assert "companion.games.canoe.engine" in loaded
    outside = [n for n in loaded if n.split(".")[0] not in sys.stdlib_module_names
               and n.split(".")[0] != "companion"]
    assert outside == []
    forbidden = ("pygame", "gpiozero", "serial", "sqlite3", "threading", "socket")
    assert not [n for n in loaded if n.split(".")[0] in forbidden]
    assert not [n for n in loaded if n.startswith(("companion.table", "companion.display",
                                                    "companion.voice", "companion.store"))]
