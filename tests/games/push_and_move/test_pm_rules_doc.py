"""docs/push-and-move-rules.md numbers Push&Move's rules; every id the game's code and
tests cite is in it, every rule is cited by a test, its bag table is the default bag,
and the rules core imports the standard library only."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from rules_doc import RulesDoc

from companion.games.push_and_move.model import DEFAULT_BAG

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT / "docs" / "push-and-move-rules.md"
TESTS = ROOT / "tests" / "games" / "push_and_move"

DOC = RulesDoc(RULES, "H[STPXWVI]", TESTS)


def defined() -> set[str]:
    return DOC.defined()


def test_the_rules_define_every_section() -> None:
    ids = defined()
    for rule in ("HS1", "HS7", "HT1", "HT5", "HP1", "HP7", "HX1", "HX15", "HW1", "HW4",
                 "HV1", "HV4", "HI1", "HI6"):
        assert rule in ids
    assert len(ids) == 7 + 5 + 7 + 15 + 4 + 4 + 6


def test_every_cited_id_resolves() -> None:
    assert DOC.unresolved(DOC.sources(ROOT / "companion" / "games" / "push_and_move")) == {}


def test_every_rule_is_cited_by_a_test() -> None:
    assert DOC.uncited() == set()


def test_the_bag_table_is_the_default_bag() -> None:
    # HS4
    text = RULES.read_text(encoding="utf-8")
    table = text[text.index("| kind | hexes |"):text.index("| **all** | **120** |")]
    counts = [int(n) for n in re.findall(r"\| [^|*]+? \| ([0-9]+) ", table)]
    assert sorted(counts) == sorted(c.hexes for c in DEFAULT_BAG)
    assert "| **all** | **120** |" in text


def test_the_rules_core_imports_the_standard_library_only() -> None:
    script = (
        "import sys, json\n"
        "before = set(sys.modules)\n"
        "import companion.games.push_and_move, companion.games.push_and_move.bots\n"
        "print(json.dumps(sorted(set(sys.modules) - before)))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True,
                         text=True).stdout
    loaded = json.loads(out)
    assert "companion.games.push_and_move.rules" in loaded
    outside = [n for n in loaded if n.split(".")[0] not in sys.stdlib_module_names
               and n.split(".")[0] != "companion"]
    assert outside == []
    assert not [n for n in loaded if n.startswith(("companion.table", "companion.display",
                                                    "companion.voice", "companion.store",
                                                    "companion.web"))]
