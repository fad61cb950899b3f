"""docs/rules.md is the rules by number; every id the code, tests and docs cite must be in it.

A fresh clone has only the repository, so a cited id (`# R2`, "S9", an id on screen)
that docs/rules.md does not define points nowhere. Where the team's shared copy of the
rules sits beside the repository, the two must not drift apart.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT / "docs" / "rules.md"
SHARED = ROOT.parent / "shared" / "RULES.md"

# A rule id: a section letter and a number, with an optional sub-number (R4.2).
_CITED = re.compile(r"(?<![\w.-])([SRWTDMPXZI])([1-9][0-9]?)(?:\.[0-9]+)?(?![\w-])")
_DEFINED = re.compile(r"^- \*\*([SRWTDMPXZI][1-9][0-9]?)\*\*", re.MULTILINE)
_SUFFIXES = {".py", ".md", ".toml", ".txt", ".json", ".sh", ".service", ".rules"}


def defined_ids(text: str) -> set[str]:
    """The ids docs/rules.md defines: each rule is a list item starting with its bold id."""
    return set(_DEFINED.findall(text))


def cited_ids(text: str) -> set[str]:
    """Every token in `text` shaped like a rule id (sub-numbers cite their rule)."""
    return {letter + number for letter, number in _CITED.findall(text)}


def _sources() -> list[Path]:
    files: list[Path] = []
    for folder in ("companion", "tests", "docs"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in _SUFFIXES and path != RULES \
                    and "__pycache__" not in path.parts:
                files.append(path)
    return files


def test_rules_define_every_section_from_setup_to_invariants() -> None:
    ids = defined_ids(RULES.read_text(encoding="utf-8"))
    for rule in ("S1", "S9", "R1", "R4", "W4", "T3", "D3", "M5", "P3", "X7", "Z3", "I6"):
        assert rule in ids
    assert len(ids) == 47


def test_every_cited_rule_id_resolves_in_docs_rules() -> None:
    defined = defined_ids(RULES.read_text(encoding="utf-8"))
    unresolved: dict[str, list[str]] = {}
    files = _sources()
    assert len(files) > 100  # the scan really reads the code, the tests and the docs
    cited: set[str] = set()
    for path in files:
        ids = cited_ids(path.read_text(encoding="utf-8", errors="replace"))
        cited |= ids
        for rule in sorted(ids - defined):
            unresolved.setdefault(rule, []).append(str(path.relative_to(ROOT)))
    assert not unresolved, f"rule ids cited but not in docs/rules.md: {unresolved}"
    assert {"R1", "I5", "S9", "X2"} <= cited


def test_the_citation_pattern_reads_ids_and_leaves_other_words() -> None:
    assert cited_ids("# R2, S9 and R4.2; R1–R3 (X6)") == {"R2", "S9", "R4", "R1", "R3", "X6"}
    assert cited_ids("GP15 F5 B017 sha256 P0 a-R2 v1.R3") == set()


@pytest.mark.skipif(not SHARED.is_file(), reason="no shared RULES.md beside this clone")
def test_docs_rules_is_the_shared_rules_word_for_word() -> None:
    assert RULES.read_text(encoding="utf-8") == SHARED.read_text(encoding="utf-8"), (
        "docs/rules.md differs from ../shared/RULES.md: copy the shared one over it")
