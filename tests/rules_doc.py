"""A game's numbered rules doc, as its tests check it: the ids it defines (`- **X1**`),
the ids its code and tests cite that it does not define, and the rules no test cites
(in its text, or in a test's name: `test_l1_l2_...`). Each game's test names its doc,
its ids' letters and its folders; the checks are the same for every game."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class RulesDoc:
    """One game's rules doc: `path`, its ids' `prefix` (a regex, e.g. "[CEKN]" or
    "H[STP]", then a number from 1 to 99), and the game's `tests` folder."""

    path: Path
    prefix: str
    tests: Path

    def _id(self, upper: bool = True) -> str:
        return f"{self.prefix if upper else self.prefix.lower()}[1-9][0-9]?"

    def sources(self, package: Path) -> list[Path]:
        """The game's code (its package, `package`) and its tests: where ids are cited."""
        return [*sorted(package.rglob("*.py")), *sorted(self.tests.glob("*.py"))]

    def defined(self) -> set[str]:
        """Every id the doc defines."""
        found = re.findall(rf"^- \*\*({self._id()})\*\*", self.path.read_text(encoding="utf-8"),
                           re.MULTILINE)
        return set(found)

    def cited_in(self, text: str) -> set[str]:
        """The ids a text names."""
        return set(re.findall(rf"(?<![\w.-])({self._id()})(?![\w-])", text))

    def unresolved(self, sources: Iterable[Path]) -> dict[str, list[str]]:
        """Ids cited in `sources` that the doc does not define: id -> the files."""
        ids = self.defined()
        out: dict[str, list[str]] = {}
        for path in sources:
            for rule in sorted(self.cited_in(path.read_text(encoding="utf-8")) - ids):
                out.setdefault(rule, []).append(path.name)
        return out

    def uncited(self) -> set[str]:
        """Rules no test of the game's folder cites, in its text or in a test's name."""
        cited: set[str] = set()
        named = re.compile(rf"def test_((?:{self._id(upper=False)}_)+)")
        for path in self.tests.glob("test_*.py"):
            text = path.read_text(encoding="utf-8")
            cited |= self.cited_in(text)
            for found in named.findall(text):
                cited |= {n.upper() for n in found.strip("_").split("_")}
        return self.defined() - cited
