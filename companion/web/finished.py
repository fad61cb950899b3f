"""The finished games of every box, for the table page: each with its results, its chart
and its files.

Each game keeps its own journal (`companion.app.journals.journal_beside`). They are read
here as the `state` and `export` commands read them beside the running table: a copy in
memory (`Journal(recover=False)`), never written, so the main loop's own journal is never
touched from the server's side. Reading is done off the server's loop (its executor) and
kept: a finished game never changes, so each is replayed once; the list is read again only
when a journal file changed.

What a game shows is worked out from its ledger (the rows of its CSV export), so it can
never disagree with the file a player downloads: the winner first, then the others by how
far they got (MUSH: their board; the Canoe game: their points); a chart of each player's
chips (MUSH) or points (the Canoe game) at the end of each round.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from io import StringIO
from pathlib import Path
from typing import Any, Final

from companion.core.box import Standings
from companion.exc import JournalError
from companion.games import box as installed_box
from companion.games import installed as installed_names
from companion.i18n import LANGUAGES, speaking, t
from companion.seats import MAX_SEATS, SEATS
from companion.store import Journal
from companion.web.snapshot import EXPORT_TYPES, colour, downloads, series_svg
from companion.web.words import page_words

log = logging.getLogger("companion.web")

SHOWN: Final = 40
"""Finished games the table page lists, newest first, of all boxes together: a table's
year of evenings stays one page, and each game is replayed once, so a journal of hundreds
of games costs the first look the newest few only (older games are in every backup, and
`export` writes any of them)."""

KEPT_FILES: Final = 12
"""Downloads kept in memory (a game's files are made again when asked after that)."""


def _standings(box: str) -> Standings | None:
    """How the box named `box` reads its finished games (None: not an installed box, or
    one whose games are not listed)."""
    return installed_box(box).standings if box in installed_names() else None


@dataclass(frozen=True)
class Summary:
    """One finished game as its ledger has it (no words: those are the page's language)."""

    box: str
    game: int
    finished: str
    winner: int
    names: tuple[str, ...]
    final: tuple[Mapping[str, Any], ...]  # each seat's last ledger row, by seat
    series: tuple[tuple[float, ...], ...]  # per seat, its charted value after each round

    def order(self) -> list[int]:
        """The seats: the winner first, then by how far each got, then by seat."""
        standings = _standings(self.box)
        assert standings is not None
        rank = standings.rank
        return sorted(range(len(self.final)), key=lambda s: (
            s != self.winner, -float(self.final[s][rank] or 0), s))


def summarise(box: str, game: int, finished: str, winner: int,
              columns: Sequence[str], rows: Sequence[Sequence[object]]) -> Summary | None:
    """A game's summary from its ledger rows; None when they hold no player."""
    shape = _standings(box)
    assert shape is not None
    named: list[dict[str, Any]] = [dict(zip(columns, row, strict=True)) for row in rows]
    players = 1 + max((int(r["seat"]) for r in named), default=-1)
    if players == 0:
        return None
    final: list[Mapping[str, Any]] = [{} for _ in range(players)]
    by_round: list[dict[int, float]] = [{} for _ in range(players)]
    for row in named:
        seat = int(row["seat"])
        final[seat] = row
        by_round[seat][shape.rounds(row, players)] = float(row[shape.chart] or 0)
    series = tuple(tuple(v for _, v in sorted(points.items())) for points in by_round)
    names = tuple(str(f.get("name", "")) for f in final)
    return Summary(box, game, finished, winner, names, tuple(final), series)


class Finished:
    """The finished games of every box beside `base` (the configured journal's path)."""

    def __init__(self, base: Path, paths: Callable[[Path, str], Path] | None = None) -> None:
        if paths is None:
            from companion.app.journals import journal_beside
            paths = journal_beside
        self.base = base
        self._paths = paths
        # one reading at a time, whoever asks: a page hammering the addresses costs the
        # table (sharing the interpreter with the main loop) one journal copy at a time
        self._lock = threading.RLock()
        self._seen: tuple[object, ...] | None = None
        self._list: list[Summary] = []
        self._kept: dict[tuple[str, int], Summary] = {}
        self._files: dict[tuple[str, int, str], bytes] = {}

    def _journals(self) -> list[tuple[str, Path]]:
        return [(box, self._paths(self.base, box)) for box in installed_names()
                if _standings(box) is not None]

    def games(self) -> list[Summary]:
        """Every finished game of every box (won, not abandoned), newest first. Blocks:
        called off the server's loop."""
        with self._lock:
            seen = tuple(_stamp(path) for _, path in self._journals())
            if seen != self._seen:
                found: list[Summary] = []
                for box, path in self._journals():
                    found += self._read(box, path)
                self._list = sorted(found, key=lambda s: s.finished, reverse=True)[:SHOWN]
                self._seen = seen
                shown = {(s.box, s.game) for s in self._list}
                self._kept = {key: s for key, s in self._kept.items() if key in shown}
            return list(self._list)

    def _read(self, box: str, path: Path) -> list[Summary]:
        if not path.exists():
            return []
        from companion.games import game as installed_game
        out: list[Summary] = []
        try:
            journal = Journal(path, recover=False, game=installed_game(box))
        except JournalError as error:
            log.warning("phones: the finished games of %s are not shown: %s", box, error)
            return []
        try:
            for record in reversed(journal.readable_games()):  # newest first
                if len(out) == SHOWN:
                    break  # older than any the page lists
                if record.finished is None or record.winner is None:
                    continue  # in progress, or abandoned: nothing to show as finished
                kept = self._kept.get((box, record.id))
                if kept is None or kept.finished != record.finished:
                    try:
                        rows = list(journal.rules.ledger.rows(record.id,
                                                              journal.load(record.id)))
                    except JournalError as error:
                        log.warning("phones: %s game %d is not shown: %s", box, record.id,
                                    error)
                        continue
                    kept = summarise(box, record.id, record.finished, record.winner,
                                     journal.rules.ledger.columns, rows)
                    if kept is None:
                        continue
                    self._kept[(box, record.id)] = kept
                out.append(kept)
        finally:
            journal.close()
        return out

    def json(self, language: str) -> list[dict[str, Any]]:
        """The table page's list, worded in `language`."""
        return [summary_json(s, language) for s in self.games()]

    def download(self, box: str, game: str, name: str) -> tuple[bytes, str, str] | None:
        """A finished game's file (its events, its ledger, its chart): its bytes, its
        type and the name it is saved under; None when there is none. Blocks."""
        if _standings(box) is None or not game.isdigit() or len(game) > 9:
            return None
        number = int(game)
        summary = next((s for s in self.games() if s.box == box and s.game == number), None)
        if summary is None or name not in dict(files_of(box)):
            return None
        key = (box, number, name)
        with self._lock:
            body = self._files.get(key)
            if body is None:
                body = self._make(summary, name)
                if body is None:
                    return None
                if len(self._files) >= KEPT_FILES:
                    self._files.pop(next(iter(self._files)))
                self._files[key] = body
        return body, EXPORT_TYPES[name.rsplit(".", 1)[1]], f"{box}-game-{number}-{name}"

    def _make(self, summary: Summary, name: str) -> bytes | None:
        if name == "chart.svg":
            return chart_svg(summary)
        from companion.games import game as installed_game
        try:
            journal = Journal(self._paths(self.base, summary.box), recover=False,
                              game=installed_game(summary.box))
        except JournalError as error:
            log.warning("phones: cannot export %s game %d: %s", summary.box, summary.game,
                        error)
            return None
        out = StringIO()
        try:
            if name.endswith(".jsonl"):
                journal.export_jsonl(summary.game, out)
            else:
                journal.export_csv(summary.game, out)
        except JournalError as error:
            log.warning("phones: cannot export %s game %d: %s", summary.box, summary.game,
                        error)
            return None
        finally:
            journal.close()
        return out.getvalue().encode()


def _stamp(path: Path) -> object:
    """What tells that a journal changed: its file's and its -wal's size and time."""
    found: list[object] = []
    for one in (path, path.with_name(path.name + "-wal")):
        with contextlib.suppress(OSError):
            stat = one.stat()
            found.append((stat.st_size, stat.st_mtime_ns))
            continue
        found.append(None)
    return tuple(found)


def files_of(box: str) -> tuple[tuple[str, str], ...]:
    """A finished game's files (its name in the address, the page word naming it)."""
    return (*downloads(installed_box(box)), ("chart.svg", "export_chart"))


def chart_svg(summary: Summary) -> bytes:
    """The game's chart: each player's chips (points) at the end of each round."""
    return series_svg(summary.series, summary.names,
                    page_words("en")[_shape(summary).chart_word], counts=True)


def _shape(summary: Summary) -> Standings:
    """How the summary's box reads its games."""
    shape = _standings(summary.box)
    assert shape is not None
    return shape


def summary_json(summary: Summary, language: str) -> dict[str, Any]:
    """One finished game for the table page, in `language`: its title, the winner, the
    standings as rows of words, the chart's address and the files."""
    lang = language if language in LANGUAGES else "en"
    words = page_words(lang)
    base = f"/export/{summary.box}/{summary.game}/"
    with speaking(lang):
        winner = summary.names[summary.winner] if summary.winner < len(summary.names) \
            else SEATS[summary.winner % MAX_SEATS].letter
        shape = _shape(summary)
        rows = []
        for seat in summary.order():
            final = summary.final[seat]
            won = seat == summary.winner
            cells = shape.cells(final, won)
            place: int | None = 1
            if not won and not shape.places:
                place = None  # only the winner's place is known
            elif not won:  # by rank, equal ranks sharing a place
                place = 2 + sum(1 for other in range(len(summary.final))
                                if other not in (seat, summary.winner)
                                and float(final[shape.rank] or 0)
                                < float(summary.final[other][shape.rank] or 0))
            rows.append({"seat": seat, "name": summary.names[seat], "colour": colour(seat),
                         "letter": SEATS[seat % MAX_SEATS].letter, "place": place,
                         "cells": cells})
        return {
            "box": summary.box, "game": summary.game, "finished": summary.finished,
            "id": f"{summary.box}-{summary.game}",
            "title": t(f"game.{summary.box}"),
            "wins": t("over.wins", name=winner),
            "columns": [words[key] for key in shape.columns],
            "rows": rows, "rounds": max((len(s) for s in summary.series), default=0),
            "chart": base + "chart.svg", "chart_label": words[shape.chart_word],
            "downloads": [{"href": base + name, "word": key,
                           "id": f"{summary.box}-{summary.game}-{name.split('.')[0]}"}
                          for name, key in files_of(summary.box)],
        }
