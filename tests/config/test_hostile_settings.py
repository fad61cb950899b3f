"""The pads' settings file beside the journal, made hostile: each is named (file and what
is wrong), set aside, and the config's values used; nothing hangs, raises or fills the
memory. A temporary file left by a kill mid-save is gone at the next start."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.config.prefs import FILE_NAME, LIMITS, Prefs, PrefsStore

HOSTILE: dict[str, tuple[Callable[[Path], None], str]] = {
    "5,000-digit number": (lambda p: p.write_text('{"volume": ' + "9" * 5000 + "}"),
                           "damaged: line 1: a number of more than 20 digits"),
    "30,000 nested brackets": (lambda p: p.write_text("[" * 30_000 + "]" * 30_000),
                               "damaged: line 1: brackets nested more than 8 deep"),
    "100,000 nested brackets": (lambda p: p.write_text("[" * 100_000 + "]" * 100_000),
                                "is 200,000 bytes; at most 65,536 are read"),
    "a FIFO": (lambda p: os.mkfifo(p), "is a FIFO (named pipe), not a regular file"),
    "a link to /dev/zero": (lambda p: p.symlink_to("/dev/zero"),
                            "is a device, not a regular file"),
    "a folder": (lambda p: p.mkdir(), "is a folder, not a regular file"),
    "a looping link": (lambda p: p.symlink_to(p), "is a symbolic link that loops"),
    "NaN": (lambda p: p.write_text('{"volume": NaN}'), "damaged: holds NaN"),
    "not UTF-8": (lambda p: p.write_bytes(b'{"volume": "\xff"}'), "is not UTF-8 text"),
    "a list": (lambda p: p.write_text("[1, 2]"), "the file is not a table of settings"),
}


def load_within(store: PrefsStore, seconds: float = 5) -> Prefs:
    got: list[Prefs] = []
    thread = threading.Thread(target=lambda: got.append(store.load()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "loading the settings blocked"
    return got[0]


@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
def test_a_hostile_settings_file_is_named_and_set_aside(tmp_path: Path, case: str) -> None:
    make, problem = HOSTILE[case]
    path = tmp_path / FILE_NAME
    make(path)
    store = PrefsStore(path)
    assert load_within(store) == Prefs()
    assert len(store.problems) == 1 and store.problems[0].startswith(f"{path}: {problem}")
    if case != "a list":  # readable JSON: kept until the next save, as before
        assert store.problems[0].endswith("; set aside as table-settings.json.damaged")
        assert not os.path.lexists(path) and os.path.lexists(f"{path}.damaged")
    store.save(Prefs(volume=0.4))  # the pads' next change is kept as usual
    assert PrefsStore(path).load() == Prefs(volume=0.4)


@pytest.mark.parametrize("case", ["a FIFO", "5,000-digit number"])
def test_state_reads_without_moving_anything(tmp_path: Path, case: str) -> None:
    make, problem = HOSTILE[case]
    path = tmp_path / FILE_NAME
    make(path)
    store = PrefsStore.beside(tmp_path / "journal.sqlite3", read_only=True)
    assert load_within(store) == Prefs()
    assert problem in store.problems[0] and "set aside" not in store.problems[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME]
    with pytest.raises(PermissionError):
        store.save(Prefs(volume=0.1))


def test_the_bounds_are_far_above_the_largest_file_the_pads_write(tmp_path: Path) -> None:
    from companion.config.prefs import MAX_KEPT_NAMES
    from companion.games.mush.config import CHART_NAMES, ChartPref, with_chart

    prefs = Prefs(screen_language="fr", voice_language="de", volume=0.35, muted=False,
                  reduce_seconds=2.5, reroll_seconds=3.0, claim_seconds=45.0,
                  seat_names=tuple(f"Ääääää Bbbbbbb {i:02d}"[:24] for i in range(6)),
                  names=tuple(f"Ééééééé Çççççç {i:02d}"[:24] for i in range(MAX_KEPT_NAMES)))
    for name in CHART_NAMES:
        faces = ("tired",) * 6 if name == "pressing" else ("cold",) * 6
        prefs = with_chart(prefs, name, ChartPref(faces, True))
    store = PrefsStore(tmp_path / FILE_NAME)
    store.save(prefs)
    assert store.path.stat().st_size * 8 < LIMITS.size
    assert PrefsStore(store.path).load() == prefs


def test_a_temporary_file_left_by_a_kill_mid_save_is_removed_at_the_next_start(
        tmp_path: Path) -> None:
    """A real process is killed while its save is between writing and renaming."""
    script = textwrap.dedent(f"""
        import os, sys, time
        from pathlib import Path
        from companion.config.prefs import Prefs, PrefsStore
        def stuck(*args):
            print("written", flush=True)
            time.sleep(600)
        os.replace = stuck
        PrefsStore(Path({str(tmp_path / FILE_NAME)!r})).save(Prefs(volume=0.9))
    """)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "written"
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(timeout=30)
    left = [p.name for p in tmp_path.iterdir()]
    assert left == [f".{FILE_NAME}.tmp"], "the kill left the temporary file"
    (tmp_path / f".{FILE_NAME}.x7k2p9q1").write_text("{}")  # an older release's mkstemp name
    store = PrefsStore.beside(tmp_path / "journal.sqlite3")
    assert store.load() == Prefs() and store.problems == []
    assert list(tmp_path.iterdir()) == []


def test_a_link_planted_at_the_temporary_name_is_not_written_through(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    store = PrefsStore(tmp_path / "state" / FILE_NAME)
    store.path.parent.mkdir()
    store.temporary.symlink_to(victim)
    store.save(Prefs(volume=0.3))
    assert victim.read_text() == "keep me"
    assert PrefsStore(store.path).load() == Prefs(volume=0.3)
