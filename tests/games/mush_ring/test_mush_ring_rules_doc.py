"""docs/mush-ring-rules.md numbers Mush-Ring's rules; every id the game's code and tests
cite is in it, every rule is cited by a test, its deck table is the default deck, and
the rules core imports the standard library only."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from rules_doc import RulesDoc

from companion.games.mush_ring.cards import DEFAULT_DECK, Kind

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT / "docs" / "mush-ring-rules.md"
TESTS = ROOT / "tests" / "games" / "mush_ring"

DOC = RulesDoc(RULES, "[GHJOYBU]", TESTS)


def defined() -> set[str]:
    return DOC.defined()


def test_the_rules_define_every_section() -> None:
    ids = defined()
    counts = {letter: sum(1 for i in ids if i[0] == letter) for letter in "GHJOYBU"}
    assert counts == {"G": 9, "H": 8, "J": 7, "O": 9, "Y": 7, "B": 4, "U": 7}


def test_every_cited_id_resolves() -> None:
    assert DOC.unresolved(DOC.sources(ROOT / "companion" / "games" / "mush_ring")) == {}


def test_every_rule_is_cited_by_a_test() -> None:
    assert DOC.uncited() == set()


def test_the_deck_table_is_the_default_deck() -> None:
    text = RULES.read_text(encoding="utf-8")
    rows = {key: int(n) for n, key in re.findall(
        r"^ *\| [^|]+ \| [^|]+ \| ([0-9]+) \| `(\w+)` \|$", text, re.MULTILINE)}
    assert rows == {k.value: DEFAULT_DECK.count(k) for k in Kind if k is not Kind.COLOUR}
    colours = ", ".join(c.capitalize() for c in DEFAULT_DECK.colours)
    values = ", ".join(map(str, DEFAULT_DECK.values))
    assert f"| {colours} Shroom cards |" in text and f"valued {values} |" in text
    assert len(DEFAULT_DECK.cards()) == 50


def test_the_rules_core_imports_the_standard_library_only() -> None:
    script = ("import sys, json\nbefore = set(sys.modules)\n"
              "import companion.games.mush_ring, companion.games.mush_ring.bots\n"
              "print(json.dumps(sorted(set(sys.modules) - before)))\n")
    loaded = json.loads(subprocess.run([sys.executable, "-c", script], check=True,
                                       capture_output=True, text=True).stdout)
    assert "companion.games.mush_ring.handlers" in loaded
    outside = [n for n in loaded if n.split(".")[0] not in sys.stdlib_module_names
               and n.split(".")[0] != "companion"]
    assert outside == []
    assert not [n for n in loaded if n.startswith((
        "companion.table", "companion.display", "companion.voice", "companion.store",
        "companion.web", "companion.app"))]
