"""What recovering a damaged journal kept and lost, in the same words for every game.

Why it is its own part: the salvage (`companion/store/salvage.py`) finds rows; the card's
side (`companion/store/durable.py`) moves files; the table says what happened on its
screen. All three must tell the same story, and the number that matters most to the
people at the table, how many events are gone, must never be smaller than the truth.

The events a game lost are counted from the highest sequence number any surviving part
of the file names: a row read from a page or a WAL frame, or an entry of the events'
index (which keeps every event's number on pages of its own, so a cut that took the
last rows often leaves their numbers). When the file may have held more than any
surviving part names (its end was cut off, a page no longer leads anywhere, the WAL's
tail is torn), the count is a floor and says "at least".
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.store.salvage import Salvage

log = logging.getLogger("companion.store")


@dataclass(frozen=True)
class Recovery:
    """What opening a damaged journal did, for the log, the screen and tests."""

    damaged: Path  # where the damaged file now is
    reason: str
    games: int
    events: int
    cut: tuple[int, ...]  # games whose events stopped early at an unreadable row
    lost: int = 0  # events the file once held that were not kept (a floor unless `exact`)
    repaired: int = 0  # rows with one flipped bit, put right by their checksum
    exact: bool = True  # False: more may be lost than any surviving page names

    @classmethod
    def of(cls, damaged: Path, reason: str, kept: Salvage) -> Recovery:
        """The summary of a salvage of the file now at `damaged`."""
        return cls(damaged=damaged, reason=" ".join(reason.split()),
                   games=len(kept.games), events=len(kept.events),
                   cut=tuple(sorted(kept.cut)), lost=kept.lost, repaired=kept.repaired,
                   exact=kept.complete)

    def lost_words(self) -> str:
        """How many events are gone: "3 event(s) lost", "at least 3 event(s) lost", or,
        when nothing names a lost event but the file's end is gone, that later ones may be."""
        if self.exact:
            return f"{self.lost} event(s) lost"
        if self.lost:
            return f"at least {self.lost} event(s) lost"
        return "events after the last one kept may be lost"

    @property
    def notice(self) -> tuple[str, dict[str, int]]:
        """The screen's words for it: a key of companion.i18n and its values."""
        if not self.lost:
            return ("n.repaired", {}) if self.exact else ("n.repaired_unknown", {})
        return ("n.repaired_lost_exact" if self.exact else "n.repaired_lost",
                {"lost": self.lost})


def report(path: Path, file: Path, damaged: Path, reason: str, kept: Salvage) -> Recovery:
    """Log what a recovery did, in one line, and return its summary."""
    recovery = Recovery.of(damaged, reason, kept)
    notes = "; ".join(kept.notes[:3]) + ("; …" if len(kept.notes) > 3 else "")
    cut = (f", game(s) {', '.join(map(str, recovery.cut))} cut at their last complete "
           f"command ({notes})" if recovery.cut else "")
    fixed = (f", {recovery.repaired} row(s) with one flipped bit put right by their "
             "checksum" if recovery.repaired else "")
    where = (f"kept it as {damaged.name}" if damaged != file
             else "left it in place (it cannot be moved)")
    log.warning("journal %s was damaged (%s): %s and recovered %d game(s), %d event(s), "
                "%s%s%s", path, recovery.reason, where, recovery.games, recovery.events,
                recovery.lost_words(), fixed, cut)
    return recovery


__all__ = ["Recovery", "report"]
