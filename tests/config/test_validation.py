"""One validation path: whatever `check-config` accepts, `run` can build; every problem in
a file is listed; odd files are refused at once."""

from __future__ import annotations

import os
import queue
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.app.cli import main
from companion.config.file import ConfigProblems, load_config, parse_config
from companion.exc import ConfigError
from companion.pads import make_source
from companion.pads.events import PadEvent


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def problem_keys(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        load_config(write(tmp_path, text))
    error = caught.value
    problems = error.problems if isinstance(error, ConfigProblems) else [error]
    assert all(p.file == str(tmp_path / "config.toml") for p in problems)
    return [p.key for p in problems]


@pytest.mark.parametrize(("text", "key"), [
    ("[table]\nreduce_seconds = nan\n", "table.reduce_seconds"),
    ("[table]\nreroll_seconds = inf\n", "table.reroll_seconds"),
    ("[table]\nhold_seconds = -inf\n", "table.hold_seconds"),
    ("[pads]\nhold_s = nan\n", "pads.hold_s"),
    ("[pads]\ndebounce_s = 1e9\n", "pads.debounce_s"),
    ("[pads]\ndebounce_s = nan\n", "pads.debounce_s"),
    ("[pads.serial]\nheartbeat_s = nan\n", "pads.serial.heartbeat_s"),
    ("[pads.serial]\nheartbeat_s = inf\n", "pads.serial.heartbeat_s"),
    ("[pads.serial]\nbaudrate = 0\n", "pads.serial.baudrate"),
    ("[pads.serial]\nbackoff_max_s = inf\n", "pads.serial.backoff_max_s"),
    ("[pads.gpio]\nbounce_s = nan\n", "pads.gpio.bounce_s"),
    ("[voice]\nvolume = nan\n", "voice.volume"),
    ('[pads.keyboard]\nseats.0 = { left = "q", select = "w", right = "no such key" }\n',
     "pads.keyboard.seats.0.right"),
    ('[pads.keyboard.seats]\n"1" = { left = "q", select = "w", right = "e" }\n'
     '"01" = { left = "a", select = "s", right = "d" }\n', "pads.keyboard.seats.01"),
    ('[pads.gpio.seats]\n"+2" = { left = 4, select = 5, right = 6 }\n', "pads.gpio.seats.+2"),
    ('[store]\npath = "a\\u0000b.sqlite3"\n', "store.path"),
    ('[voice]\nespeak_command = "espeak\\u0000"\n', "voice.espeak_command"),
])
def test_what_run_would_trip_on_is_caught_by_validation(
        tmp_path: Path, text: str, key: str) -> None:
    assert key in problem_keys(tmp_path, text)


def test_a_journal_folder_that_cannot_be_made_is_refused(tmp_path: Path) -> None:
    (tmp_path / "plain-file").write_text("not a folder")
    keys = problem_keys(tmp_path, '[store]\npath = "plain-file/games/journal.sqlite3"\n')
    assert keys == ["store.path"]


def test_every_problem_in_a_file_is_listed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ('[table]\nreduce_seconds = nan\n[pads]\ndebounce_s = 1e9\n'
            '[pads.serial]\nbaudrate = 0\n[display]\nfps = 0\n[log]\nlevel = "loud"\n'
            '[game]\narrangement = "medium"\n')
    path = write(tmp_path, text)
    assert main(["check-config", str(path)]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert {line.split(": ")[1] for line in lines} == {
        "table.reduce_seconds", "pads.debounce_s", "pads.serial.baudrate", "display.fps",
        "log.level", "game.arrangement"}
    assert all(line.startswith(f"{path}: ") for line in lines)
    # run reads the same file through the same load_config (then waits on its problem
    # screen for the fix), and finds the same problems
    with pytest.raises(ConfigProblems) as caught:
        load_config(path)
    assert [str(p) for p in caught.value.problems] == lines


def test_several_problems_in_one_section_are_all_listed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = ('[table]\nreduce_seconds = nan\nreroll_seconds = -1\n'
            '[display]\nfps = 0\nfullscreen = "yes"\n'
            '[pads.serial]\nbaud = 9600\nheartbeat_s = nan\n')
    path = write(tmp_path, text)
    assert main(["check-config", str(path)]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert [line.split(": ")[1] for line in lines] == [
        "table.reduce_seconds", "table.reroll_seconds", "pads.serial.baud",
        "pads.serial.heartbeat_s", "display.fullscreen", "display.fps"]


@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_a_file_that_is_not_regular_is_refused_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    path = tmp_path / "config.toml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path = Path("/dev/zero")
    result: list[int] = []
    worker = threading.Thread(target=lambda: result.append(main(["check-config", str(path)])),
                              daemon=True)
    worker.start()
    worker.join(timeout=10)
    assert result == [2], "check-config hung or accepted it"
    assert "not a regular file" in capsys.readouterr().err


# ------------------------------------------------------------------ the property


finite = st.floats(allow_nan=False, allow_infinity=False, min_value=-1e3, max_value=1e3)
numbers = st.one_of(finite, st.integers(-10, 10**7), st.just(float("nan")),
                    st.just(float("inf")), st.just(0), st.just(0.0))
key_names = st.one_of(st.sampled_from(["q", "w", "e", "left shift", "space", "[1]", "f5",
                                       "return", "nonsense", "", "Q"]),
                      st.text(max_size=6))
seat_names = st.sampled_from(["0", "1", "5", "01", "+1", "6", " 1"])


@st.composite
def pads_tables(draw: st.DrawFn) -> dict[str, object]:
    table: dict[str, object] = {"source": draw(st.sampled_from(["keyboard", "mock", "serial"]))}
    for key in ("hold_s", "debounce_s"):
        if draw(st.booleans()):
            table[key] = draw(numbers)
    serial = {key: draw(numbers) for key in
              draw(st.sets(st.sampled_from(["baudrate", "heartbeat_s", "link_timeout_s",
                                            "backoff_initial_s", "backoff_max_s"])))}
    serial = {k: (int(v) if k == "baudrate" and v == v and abs(v) != float("inf") else v)
              for k, v in serial.items()}
    table["serial"] = serial
    if draw(st.booleans()):
        seats = draw(st.dictionaries(seat_names, st.fixed_dictionaries(
            {"left": key_names, "select": key_names, "right": key_names}), max_size=3))
        table["keyboard"] = {"seats": seats}
    return table


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pads=pads_tables(), reduce=numbers)
def test_any_config_check_config_accepts_builds_the_pads_run_would_use(
        pads: dict[str, object], reduce: object) -> None:
    try:
        config = parse_config({"pads": pads, "table": {"reduce_seconds": reduce}})
    except ConfigError as error:
        assert str(error)  # refused in words, never a traceback
        return
    events: queue.Queue[PadEvent] = queue.Queue()
    source = make_source(config.pads, events)  # what run builds next, for each source kind
    try:
        assert set(source.seats) <= set(range(6))
    finally:
        source.close()
    keyboard = make_source(
        type(config.pads)(**{**config.pads.__dict__, "source": "keyboard"}), events)
    assert keyboard.seats  # `run --pads keyboard` overrides the source: that must work too
