"""The one bounded reader (companion.files): every hostile file is refused in words, at
once, without a traceback, a hang or a memory blow-up."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.files import (
    FileProblem,
    Limits,
    load_json,
    load_toml,
    parse_json,
    parse_toml,
    read_bytes,
    read_text,
)

LIMITS = Limits(size=64 << 10, depth=8, key_parts=8, digits=20)


def within(seconds: float, call: Callable[[], object]) -> object:
    """`call()` in a thread; fails the test (instead of hanging it) if it blocks."""
    result: list[object] = []

    def run() -> None:
        try:
            result.append(call())
        except BaseException as exc:  # handed back to the test
            result.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still reading after {seconds} s: it blocked"
    return result[0]


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)  # no writer will ever come: a plain open() would wait for ever
    outcome = within(5, lambda: load_json(fifo, LIMITS))
    assert isinstance(outcome, FileProblem)
    assert outcome.problem == "is a FIFO (named pipe), not a regular file"
    assert str(fifo) in str(outcome)


def test_a_link_to_dev_zero_is_refused_without_reading(tmp_path: Path) -> None:
    link = tmp_path / "settings.json"
    link.symlink_to("/dev/zero")
    outcome = within(5, lambda: read_bytes(link, LIMITS.size))
    assert isinstance(outcome, FileProblem) and outcome.problem == "is a device, not a regular file"


@pytest.mark.parametrize(("make", "problem"), [
    (lambda p: p.mkdir(), "is a folder, not a regular file"),
    (lambda p: p.symlink_to(p), "is a symbolic link that loops"),
    (lambda p: p.symlink_to(p.parent / "nowhere"), "which does not exist"),
    (lambda p: p.write_bytes(b"x" * (LIMITS.size + 1)), "at most 65,536 are read"),
    (lambda p: p.write_bytes(b'{"a": "\xff"}'), "is not UTF-8 text (byte 0xff on line 1)"),
])
def test_what_is_not_a_small_regular_text_file_is_named(
        tmp_path: Path, make: Callable[[Path], None], problem: str) -> None:
    path = tmp_path / "file"
    make(path)
    with pytest.raises(FileProblem) as caught:
        read_text(path, LIMITS.size)
    assert problem in caught.value.problem


def test_a_missing_file_is_left_to_the_caller(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_bytes(tmp_path / "absent", 10)


@pytest.mark.parametrize(("text", "problem"), [
    ('{"volume": ' + "9" * 5000 + "}", "line 1: a number of more than 20 digits"),
    ("[" * 100_000 + "]" * 100_000, "line 1: brackets nested more than 8 deep"),
    ('{"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": {"i": 1}}}}}}}}}', "nested more than"),
    ('{"volume": NaN}', "holds NaN"),
    ('{"volume": -Infinity}', "holds -Infinity"),
    ('{"volume": 1e999}', "too large"),
    ('{"volume": 0.5,', "is not valid JSON"),
])
def test_hostile_json_is_refused_in_words(text: str, problem: str) -> None:
    with pytest.raises(FileProblem) as caught:
        parse_json(text, Limits(size=1 << 20, depth=8, digits=20), "settings.json")
    assert problem in caught.value.problem


def test_json_strings_may_hold_anything_the_scan_skips() -> None:
    text = '{"name": "[[[[[[[[[[ 123456789012345678901234567890 \\" ]"}'
    assert parse_json(text, LIMITS, "x") == {
        "name": "[[[[[[[[[[ 123456789012345678901234567890 \" ]"}


@pytest.mark.parametrize(("text", "problem"), [
    ("x = " + "9" * 5000, "line 1: a number of more than 20 digits"),
    ("x = " + "[" * 100_000 + "]" * 100_000, "brackets nested more than 8 deep"),
    ("a" + ".a" * 200_000 + " = 1", "a key of more than 8 dotted parts"),
    ("[" + "a." * 200_000 + "a]", "a key of more than 8 dotted parts"),
    ("x = {a = {b = {c = {d = {e = {f = {g = {h = {i = 1}}}}}}}}}", "nested more than 8 deep"),
    ('x = "unterminated', "TOML syntax"),
])
def test_hostile_toml_is_refused_in_words(text: str, problem: str) -> None:
    with pytest.raises(FileProblem) as caught:
        parse_toml(text, Limits(size=4 << 20, depth=8, key_parts=8, digits=20), "config.toml")
    assert problem in caught.value.problem


def test_toml_strings_and_comments_are_skipped_by_the_scan(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text('# [[[[[[[[[[ a.b.c.d.e.f.g.h.i.j 1234567890123456789012345\n'
                    'a = "[[[[[[[[[[[ 123456789012345678901234567 a.b.c.d.e.f.g.h.i"\n'
                    "b = '''\n[[[[[[[[[[[[ ''' \n"
                    'c = """ \\""" [[[[[[[[[[[[ """\n'
                    "d = 1_000_000\ne = 1979-05-27T07:32:00.999\nf = [1.5, 2.5, 3.5]\n"
                    '"quoted.key".x.y = 1\n', encoding="utf-8")
    data = load_toml(path, LIMITS)
    assert data["d"] == 1_000_000 and data["f"] == [1.5, 2.5, 3.5]
    assert data["quoted.key"] == {"x": {"y": 1}}
    assert data["c"].endswith("[[[[[[[[[[[[ ")


# --- the clips manifest ---------------------------------------------------------------------


def test_the_shipped_manifest_reads_within_its_bounds() -> None:
    from companion.voice.clips import DEFAULT_SOUNDS_DIR, MANIFEST_LIMITS, load_manifest

    assert (DEFAULT_SOUNDS_DIR / "manifest.json").stat().st_size * 16 < MANIFEST_LIMITS.size
    assert {"en", "fr", "de"} <= set(load_manifest())


@pytest.mark.parametrize(("make", "problem"), [
    (lambda p: os.mkfifo(p), "is a FIFO (named pipe), not a regular file"),
    (lambda p: p.symlink_to("/dev/zero"), "is a device, not a regular file"),
    (lambda p: p.write_text('{"clips": ' + "[" * 10_000 + "]" * 10_000 + "}"),
     "brackets nested more than 8 deep"),
    (lambda p: p.write_text('{"clips": [{"language": "en"}]}'), "clip 0 is not {language, key"),
    (lambda p: p.write_text('{"clips": 5}'), 'has no list of "clips"'),
    (lambda p: None, "no such file"),
])
def test_a_hostile_manifest_is_named_with_the_fix(
        tmp_path: Path, make: Callable[[Path], None], problem: str) -> None:
    from companion.voice.clips import ManifestError, load_manifest

    make(tmp_path / "manifest.json")
    outcome = within(5, lambda: load_manifest(tmp_path))
    assert isinstance(outcome, ManifestError)
    assert str(outcome).startswith(f"{tmp_path / 'manifest.json'}: ")
    assert problem in outcome.problem
    assert outcome.problem.endswith("render the clips again (sounds/render.py) or remove "
                                    "[voice] sounds_dir")
