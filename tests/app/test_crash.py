"""The whole program survives a pulled plug: SIGKILL mid-game, restart, and nothing shown is lost.

A bot game runs as a real `mush-companion demo` process and is killed with SIGKILL in
every phase of the game and during start-up; each restart resumes the journal the kill
left behind, and one last run finishes the game. The promise being checked is the one
the table makes to its players (DESIGN.md): an event is on screen only once it is
committed, so whatever a player saw survives, and a restart carries on from exactly what
the journal holds.

The second test is the end-to-end side of the store's recovery: a journal whose last page
was torn is opened by the program itself, which resumes at the last complete command and
plays the game to its end.

Helpers live in this file rather than in a module beside it: `tests/app` is shared, and a
module-level import of a sibling works differently depending on whether the folder is a
package, which this file should not have to care about.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.app.loop import Companion
from companion.app.runner import MUSHERS, SteppedClock
from companion.config.file import Config
from companion.games.mush import events as ev
from companion.games.mush.bots import SensibleBot
from companion.games.mush.dice import SeededDice
from companion.games.mush.evolve import evolve
from companion.games.mush.model import DOGS, TOTAL_CHIPS, Phase
from companion.games.mush.state import EMPTY, GameState
from companion.games.mush.table.bots import BotDriver
from companion.store import Journal, StoredEvent

START_UP = None
KILLS: tuple[Phase | None, ...] = (
    Phase.TRAINING, Phase.BIDDING, Phase.MOVING, START_UP, Phase.EARLY_RISER, Phase.WEATHER,
    START_UP, Phase.REROLL, Phase.REDUCE, Phase.TURN, Phase.PRESSING, START_UP)
"""One kill in each phase a game shows on screen, and three during start-up (imports,
window, journal open and replay). What a kill can break differs by phase: the journal
holds a different kind of batch in each (bids never written before the reveal, a window's
offers and promises, dice rolled but a move not yet made), and a restart must resume
each of them. The order does not matter; MOVING comes early because a game shows it
only a few times (a player deciding in the middle of a move), and PRESS_MOVE, which a
game may never show, is not waited for. A kill in a phase waits for a frame of that
phase; a start-up kill lands at a random moment before the first frame, as timed in the
runs so far. This is the smallest set that kills every phase once: more kills repeat a
phase at another moment, and cost a whole program start each."""

PLAYED = [phase for phase in KILLS if phase is not START_UP]

SPREAD = 600
"""The kills in play are spread over the game's first SPREAD events: the j-th of them
waits until the screen has shown j/len(PLAYED) of them, and then for its phase. The
shortest 4-bot demo games have about 900 events, and every phase but MOVING comes back
every round (about 50 events), so the game is still running at the last kill, on a fast
machine or a slow one, and the final run has a good part of the race left to finish."""

PLAY_DELAY = (0.0, 0.03)
"""A random extra moment after that, so a kill may land anywhere in a press: between
the controller and the commit, inside the commit, between the commit and the draw."""

RUN_LIMIT = 300.0  # a bound for a stuck program, not a timing: a loaded machine is slow
PAGE = 4096  # SQLite's page size, which the journal keeps


# --- running the program -------------------------------------------------------------


def demo_command(folder: Path, seed: int, trace: Path) -> list[str]:
    """The demo as the table's owner would start it, with a trace of what was shown."""
    return [sys.executable, "-m", "companion.app.cli", "demo", "--out", str(folder),
            "--seed", str(seed), "--mute", "--no-screenshots", "--size", "800x480",
            "--trace", str(trace)]


def demo_env(home: Path) -> dict[str, str]:
    """No screen, no sound card, and no developer's own config file in the way."""
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"))
    env.pop("STATE_DIRECTORY", None)
    env.pop("NOTIFY_SOCKET", None)
    return env


def parse_frame(line: str) -> tuple[int, Phase]:
    """A `shown N PHASE` line: events on screen, and the phase the screen shows."""
    word, number, phase = [*line.split(" "), "", ""][:3]
    assert word == "shown" and number.isdigit() and phase in {p.value for p in Phase}, \
        f"unexpected trace line {line!r}"
    return int(number), Phase(phase)


def shown_counts(trace: Path) -> list[int]:
    """The N of every complete `shown N PHASE` line (a kill may cut the last one short)."""
    if not trace.exists():
        return []
    text = trace.read_text(encoding="utf-8")
    lines = text.split("\n")[:-1]  # the part after the last newline may be half written
    return [parse_frame(line)[0] for line in lines]


class Trace:
    """The frames a running program has shown so far, read as its trace file grows."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.frames: list[tuple[int, Phase]] = []
        self._read = 0  # bytes of whole lines read
        self._seen = 0  # frames already looked at by `wait`

    def _more(self) -> None:
        if not self.path.exists():
            return
        with self.path.open("rb") as stream:
            stream.seek(self._read)
            data = stream.read()
        whole = data[:data.rfind(b"\n") + 1]  # the last line may be half written
        self._read += len(whole)
        self.frames += [parse_frame(line) for line in whole.decode().splitlines()]

    def wait(self, process: subprocess.Popen[bytes], target: int,
             phase: Phase | None = None) -> bool:
        """Wait until the program has drawn a frame showing at least `target` events (at
        least one frame in any case), in `phase` when one is given; False if it ended
        first. Every frame drawn since the last look counts, so a phase that is on
        screen for a moment only is not missed."""
        deadline = time.monotonic() + RUN_LIMIT
        while time.monotonic() < deadline:
            self._more()
            new, self._seen = self.frames[self._seen:], len(self.frames)
            if any(count >= target and phase in (None, shown) for count, shown in new):
                return True
            if process.poll() is not None:
                return False
            time.sleep(0.002)
        pytest.fail(f"no frame showing {target} events in {phase or 'any phase'} "
                    f"in {RUN_LIMIT:.0f} s")


# --- reading the journal ---------------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """The journal as a kill left it: every game's stored rows, and the live events."""

    games: int
    game_id: int | None
    finished: bool
    records: tuple[StoredEvent, ...]
    events: tuple[ev.Event, ...]  # what a restart replays (retracted batches left out)


def snapshot(path: Path, into: Path) -> Snapshot:
    """Read a copy of the files, so this process never checkpoints the program's WAL.

    `recover=False`: a kill must never leave a file that needs recovering; if it did,
    opening raises here instead of quietly repairing it.
    """
    into.mkdir(parents=True)
    for suffix in ("", "-wal"):
        source = path.with_name(path.name + suffix)
        if source.exists():
            shutil.copyfile(source, into / (path.name + suffix))
    copy = into / path.name
    if not copy.exists():
        return Snapshot(0, None, False, (), ())
    with Journal(copy, recover=False) as journal:
        games = journal.games()
        if not games:
            return Snapshot(0, None, False, (), ())
        game = games[-1]
        records = tuple(journal.records(game.id))
        events = tuple(journal.load(game.id))
        return Snapshot(len(games), game.id, not game.in_progress, records, events)


def row(record: StoredEvent) -> tuple[object, ...]:
    """A stored event as written; `retracted` may change later (an undo), the rest never."""
    return record.seq, record.batch, record.time, record.event


def check_invariants(state: GameState) -> None:
    """I1–I4 of RULES.md on one state (the same checks as the rules' own property tests)."""
    if not state.players:
        return
    # I1: bank + all players' chips = 125 + coins in use.
    assert state.bank + sum(p.chips for p in state.players) == TOTAL_CHIPS + state.coins
    # I2: covered dogs between 0 and 8.
    assert all(0 <= p.covered <= DOGS for p in state.players)
    # I3: the order of play is a permutation of the seats (once revealed).
    if state.order:
        assert sorted(state.order) == list(range(len(state.players)))
    # I4: no negative chips.
    assert all(p.chips >= 0 for p in state.players)


def fold_checked(events: tuple[ev.Event, ...]) -> GameState:
    """Fold the stored events one by one, checking I1–I4 after every one."""
    state = EMPTY
    for index, event in enumerate(events):
        state = evolve(state, event)
        try:
            check_invariants(state)
        except AssertionError:
            pytest.fail(f"invariant broken after event {index}: {event!r}")
    return state


def assert_finished_game(final: Snapshot, path: Path) -> GameState:
    """The game ended with a winner in the journal and in its events, I1–I4 held all along,
    and no secret bid was ever written."""
    assert final.games == 1, "the restarts carried on one game, never began another"
    assert final.finished
    assert isinstance(final.events[-1], ev.GameWon)
    with Journal(path, recover=False) as journal:
        record = journal.game(final.game_id or 0)
    assert record.winner == final.events[-1].seat
    private = [r for r in final.records if type(r.event).private
               or isinstance(r.event, ev.BidLocked | ev.BidUnlocked)]
    assert private == [], "a bid was written before its reveal"
    state = fold_checked(final.events)
    assert state.phase is Phase.GAME_OVER and state.winner == record.winner
    return state


# --- kill -9 in every phase -------------------------------------------------------------


@pytest.mark.slow
def test_kills_in_every_phase_lose_nothing_that_was_shown(tmp_path: Path) -> None:
    """Seeds: the kill moments come from a seeded generator, and each restart gets its own
    `--seed` (base + restart number). A resumed demo starts its dice and bots afresh from
    its seed, so with one fixed seed every restart would replay the same opening rolls;
    a new seed per restart makes each continuation a different game from the same journal,
    which is what a table sees after a power cut (the journal, not the dice, is the truth).
    """
    rng = random.Random(20240611)
    folder = tmp_path / "demo"
    journal_path = folder / "journal.sqlite3"
    env = demo_env(tmp_path)
    base_seed = 300
    previous = Snapshot(0, None, False, (), ())
    played_kills = 0
    start_ups: list[float] = []  # seconds from spawn to the first frame
    killed_in: list[Phase] = []  # the phase of the journal each kill left

    for kill, phase in enumerate(KILLS):
        trace = tmp_path / f"trace-{kill:02d}.txt"
        frames = Trace(trace)
        spawned = time.monotonic()
        process = subprocess.Popen(demo_command(folder, base_seed + kill, trace), env=env,
                                   cwd=tmp_path, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE)
        try:
            if phase is START_UP:
                time.sleep(rng.uniform(0.0, statistics.median(start_ups)))
            else:
                assert frames.wait(process, 0), "the program ended before a frame"
                start_ups.append(time.monotonic() - spawned)
                target = max(SPREAD * played_kills // len(PLAYED), len(previous.events) + 1)
                drawn = frames.wait(process, target, phase)
                assert drawn, f"the program ended before showing {target} events in {phase}"
                time.sleep(rng.uniform(*PLAY_DELAY))
                played_kills += 1
            process.send_signal(signal.SIGKILL)
            _, stderr = process.communicate(timeout=RUN_LIMIT)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        assert process.returncode == -signal.SIGKILL, (
            f"run {kill} ended by itself ({process.returncode}) before the kill:\n"
            f"{stderr.decode(errors='replace')}")

        now = snapshot(journal_path, tmp_path / f"snap-{kill:02d}")
        assert now.games <= 1, "a restart began a new game instead of resuming"
        assert not now.finished, (
            f"the game ended before kill {kill}: PLAY_DELAY is too long for this machine")
        # Committed rows are never changed or lost by a kill: the journal only grows.
        assert [row(r) for r in now.records[: len(previous.records)]] == \
            [row(r) for r in previous.records], f"run {kill} changed what was committed"
        shown = shown_counts(trace)
        if shown:
            # Everything on screen was committed before it was drawn.
            assert max(shown) <= len(now.events), (
                f"run {kill} showed {max(shown)} events, the journal kept {len(now.events)}")
            # A restart resumes exactly where the journal stood: its first frame shows it all.
            if previous.game_id is not None:
                assert shown[0] == len(previous.events), (
                    f"run {kill} resumed at {shown[0]} events of {len(previous.events)}")
        if now.events:
            killed_in.append(fold_checked(now.events).phase)
        previous = now

    assert played_kills == len(PLAYED)
    assert previous.events, "some of the game was played between the kills"
    print(f"\nkills left the journal in: {', '.join(killed_in)}")

    trace = tmp_path / "trace-final.txt"
    finished = subprocess.run(demo_command(folder, base_seed + len(KILLS), trace), env=env,
                              cwd=tmp_path, capture_output=True, timeout=RUN_LIMIT, check=False)
    assert finished.returncode == 0, finished.stderr.decode(errors="replace")
    assert b"resuming the game" in finished.stdout
    assert shown_counts(trace)[0] == len(previous.events)

    final = snapshot(journal_path, tmp_path / "snap-final")
    assert [row(r) for r in final.records[: len(previous.records)]] == \
        [row(r) for r in previous.records]
    assert_finished_game(final, journal_path)
    every_shown = [n for t in sorted(tmp_path.glob("trace-*.txt")) for n in shown_counts(t)]
    assert len(every_shown) > len(KILLS), "frames of the game were drawn between the kills"
    assert max(every_shown) <= len(final.events)


# --- a torn last page, through the program ---------------------------------------------


def play_until_round(path: Path, rounds: int, seed: int) -> list[StoredEvent]:
    """A demo game played in-process to `rounds`, the journal closed (checkpointed) so the
    newest events sit at the end of the main file; returns the stored rows."""
    config = Config(players=MUSHERS[:4])
    clock = SteppedClock(0.25)
    companion = Companion(config, Journal(path), dice=SeededDice(seed), clock=clock)
    driver = BotDriver(companion.controller, dict.fromkeys(range(4), SensibleBot()),
                       random.Random(seed), setup_seat=0)
    try:
        while companion.controller.state.round < rounds:
            assert companion.controller.state.phase is not Phase.GAME_OVER
            for pad_event in driver.presses():
                companion.events.put(pad_event)
            companion.step(wait=0)
            clock.tick()
        assert companion.game_id is not None
        return companion.journal.records(companion.game_id)
    finally:
        companion.close()


@pytest.mark.slow
def test_torn_last_page_resumes_at_the_last_complete_command(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    path = folder / "journal.sqlite3"
    before = play_until_round(path, rounds=6, seed=11)
    assert not path.with_name(path.name + "-wal").exists() or \
        path.with_name(path.name + "-wal").stat().st_size == 0
    data = bytearray(path.read_bytes())
    data[len(data) - PAGE:] = bytes(PAGE)  # the last page never reached the card
    path.write_bytes(bytes(data))

    trace = tmp_path / "trace.txt"
    result = subprocess.run(demo_command(folder, 12, trace), env=demo_env(tmp_path),
                            cwd=tmp_path, capture_output=True, timeout=RUN_LIMIT, check=False)
    stderr = result.stderr.decode(errors="replace")
    assert result.returncode == 0, stderr
    assert b"resuming the game" in result.stdout
    assert "damaged" in stderr, "the program says the journal was repaired"
    assert list(folder.glob("journal.sqlite3.damaged-*")), "the damaged file is kept"

    resumed_at = shown_counts(trace)[0]
    boundaries = {i + 1 for i in range(len(before) - 1) if before[i].batch != before[i + 1].batch}
    assert 0 < resumed_at < len(before), "the tear cost some events, not all"
    assert resumed_at in boundaries, "the game resumed between two commands, not inside one"

    final = snapshot(path, tmp_path / "snap")
    assert [r.event for r in final.records[:resumed_at]] == [r.event for r in before[:resumed_at]]
    assert_finished_game(final, path)
