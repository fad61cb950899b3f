"""Folding the journal's newest commits into its main file at the table's quiet moments.

Why: in WAL mode every commit goes to the `-wal` beside the journal, and SQLite copies
them into the main file (a checkpoint) only when the WAL reaches 1,000 pages, some 4 MB,
or when the last connection closes. A whole evening of play is far less than that, so
until the table stopped, the game lived only in the `-wal`: a card that drops the newest
file after a power cut (a failing card, a copy made while it ran) lost the whole game.
Deleting the `-wal` of a killed journal lost everything in 40 trials of 40.

So the journal checkpoints when the table rests: after a turn or a round is over (the
events each game names as its `pauses`), when a game begins or ends, and after
`QUIET_SECONDS` without a write. The main file then holds all but the last moments of
play, and a lost or cut `-wal` loses at most the current round. The checkpoint is
SQLite's passive one: it never waits for a reader (a `backup` running beside the table).
It is asked for after the frame is shown and runs on a thread of its own, beside the
writer (SQLite allows it), so an fsync of the main file on a slow card (tens of
milliseconds) never holds a press back; `make bench` measures both.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from typing import Any

log = logging.getLogger("companion.store")

QUIET_SECONDS = 3.0
"""Seconds without a write after which the table is resting: the journal checkpoints."""


class Checkpoints:
    """The journal's checkpoints at quiet moments (a part of `DurableFile`).

    `rest()` asks for one; it runs on a thread of its own with a connection of its own
    (SQLite lets a checkpoint run beside the writer), so the main loop never waits for
    the card's fsync. `checkpoint()` runs one at once, for a caller that must know.
    """

    _conn: sqlite3.Connection
    _clock: Callable[[], datetime]
    file: Path
    degraded: str | None
    pause_due = False  # a turn, a round or a game ended since the last checkpoint
    _wrote_at: datetime | None = None
    _writes = 0  # writes that reached the card
    _folded = 0  # of those, how many the main file holds (a checkpoint took them)
    _folder: _Folder | None = None

    @property
    def unfolded(self) -> bool:
        """Whether commits are in the -wal that the main file does not hold yet."""
        return self.degraded is None and self._writes > self._folded

    def _wrote(self, events: Iterable[Any] = (), pause: bool = False) -> None:
        """A write reached the card: note when, and whether it ended a turn or a round."""
        if self.degraded is None:
            self._writes += 1
        self._wrote_at = self._clock()
        rules = getattr(self, "rules", None)
        if pause or (rules is not None and any(
                isinstance(e, rules.pauses) or rules.ending(e) is not None for e in events)):
            self.pause_due = True

    def idle(self) -> float:
        """Seconds since the last write (0 when there was none)."""
        if self._wrote_at is None:
            return 0.0
        return max(0.0, (self._clock() - self._wrote_at).total_seconds())

    def rest(self) -> bool:
        """At a moment the table can spare (after a frame is shown): when a turn, a
        round or a game ended, or after `QUIET_SECONDS` without a write, ask for a
        checkpoint (run beside the loop). True when one was asked for."""
        if not self.unfolded or not (self.pause_due or self.idle() >= QUIET_SECONDS):
            return False
        self.pause_due = False
        if self._folder is None:
            self._folder = _Folder(self)
        self._folder.ask(self._writes)
        return True

    def settle(self, timeout: float = 30.0) -> bool:
        """Wait until the checkpoint asked for has run; True when none is left."""
        return self._folder is None or self._folder.wait(timeout)

    def checkpoint(self) -> bool:
        """Copy every commit in the `-wal` into the main file now (passive: it never waits
        for a reader). True when the main file holds them all."""
        self.pause_due = False
        if self.degraded is not None:
            return False
        writes = self._writes
        try:
            busy, frames, done = self._conn.execute(
                "PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except sqlite3.Error as exc:  # the card refused: the next quiet moment tries again
            log.debug("checkpoint failed: %s", exc)
            return False
        if not busy and done >= frames:
            self._folded = max(self._folded, writes)
        return not self.unfolded

    def _stop_folding(self) -> None:
        """Before the journal closes: let a running checkpoint end, stop the thread."""
        if self._folder is not None:
            self._folder.stop()
            self._folder = None


class _Folder:
    """The thread that runs a journal's checkpoints, one at a time, each on a connection
    opened for it (the file at the journal's path now: after a recovery, the new one)."""

    def __init__(self, owner: Checkpoints) -> None:
        self._owner = owner
        self._wanted = 0
        self._done = 0
        self._stopping = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="journal-checkpoint",
                                        daemon=True)
        self._thread.start()

    def ask(self, writes: int) -> None:
        with self._changed:
            self._wanted = max(self._wanted, writes)
            self._changed.notify_all()

    def wait(self, timeout: float) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: self._done >= self._wanted, timeout)

    def stop(self) -> None:
        with self._changed:
            self._stopping = True
            self._changed.notify_all()
        self._thread.join(timeout=30)

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._stopping or self._wanted > self._done)
                if self._stopping:
                    return
                wanted = self._wanted
            folded = self._fold()
            with self._changed:
                if folded:
                    self._owner._folded = max(self._owner._folded, wanted)
                self._done = max(self._done, wanted)
                self._changed.notify_all()

    def _fold(self) -> bool:
        path = self._owner.file
        try:
            conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode=rw", uri=True,
                                   isolation_level=None, timeout=5)
            try:
                busy, frames, done = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            finally:
                conn.close()
        except sqlite3.Error as exc:  # the card refused: the next quiet moment tries again
            log.debug("checkpoint of %s failed: %s", path, exc)
            return False
        return not busy and done >= frames >= 0


__all__ = ["QUIET_SECONDS", "Checkpoints"]
