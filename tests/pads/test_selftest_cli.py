"""`mush-companion pads test` through `companion.app.cli.main`, driven from another thread."""

from __future__ import annotations

import _thread
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPin

from companion.app.cli import main
from companion.pads import cli as pads_cli
from companion.pads import factory as factory_module
from companion.pads.config import load_default_pins
from pads.helpers import wait_for

PINS = load_default_pins()


@pytest.fixture(autouse=True)
def no_machine_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The self-test reads the default config file; never this machine's own one."""
    import companion.config.file

    monkeypatch.setattr(companion.config.file, "default_config_path",
                        lambda env=None: tmp_path / "no-such-config.toml")


def use_factory(monkeypatch: pytest.MonkeyPatch, factory: MockFactory) -> threading.Event:
    """The seam: the self-test asks for a "mock" backend and gets the test's factory.

    Returns an event set once the self-test has looked for stuck buttons, so the test's
    presses are not mistaken for buttons held down at start.
    """
    monkeypatch.setattr(factory_module, "make_pin_factory", lambda name="auto": factory)
    ready = threading.Event()
    original = pads_cli._stuck_at_start

    def checked(source: object, config: object) -> object:
        result = original(source, config)  # type: ignore[arg-type]
        ready.set()
        return result

    monkeypatch.setattr(pads_cli, "_stuck_at_start", checked)
    return ready


def in_thread(body: Callable[[], None]) -> tuple[threading.Thread, list[BaseException]]:
    errors: list[BaseException] = []

    def run() -> None:
        try:
            body()
        except BaseException as exc:  # reported by the test, not lost in the thread
            errors.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, errors


def claimed(factory: MockFactory, pin: int) -> bool:
    return factory.pin(pin).when_changed is not None


class RunClock:
    """The self-test's clock (its `time`): a `--seconds` run ends when the test moves it on,
    once every press the test made has been printed, however slow the machine is."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = 0.0
        self.lines: list[str] = []
        monkeypatch.setattr(pads_cli, "time", self)
        real_print = print

        def printed(*args: object, **kwargs: Any) -> None:
            self.lines.append(" ".join(str(a) for a in args))
            real_print(*args, **kwargs)

        monkeypatch.setattr(pads_cli, "print", printed, raising=False)

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds

    def end_after(self, presses: int) -> None:
        """Once `presses` press/release lines are printed, let the run's time run out."""
        assert wait_for(lambda: sum(" s  seat " in ln for ln in self.lines) >= presses,
                        timeout_s=60)
        self.now += 1000.0


@pytest.mark.slow
def test_presses_are_shown_lights_follow_and_a_summary_ends_it(
    monkeypatch: pytest.MonkeyPatch, mock_factory: MockFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:
    ready = use_factory(monkeypatch, mock_factory)
    clock = RunClock(monkeypatch)
    lit_while_down: list[bool] = []

    def press() -> None:
        assert ready.wait(60)
        left, led = mock_factory.pin(PINS[0].left), mock_factory.pin(PINS[0].led)
        left.drive_low()
        assert wait_for(lambda: led.state is True, timeout_s=60)
        lit_while_down.append(led.state)
        left.drive_high()
        assert wait_for(lambda: led.state is False, timeout_s=60)
        for seat in (3, 5):
            pin = mock_factory.pin(PINS[seat].select)
            pin.drive_low()
            time.sleep(0.05)
            pin.drive_high()
            time.sleep(0.05)
        clock.end_after(6)

    thread, errors = in_thread(press)
    status = main(["pads", "test", "--source", "mock", "--seconds", "1.5"])
    thread.join(5)
    assert errors == []
    assert status == 0
    assert lit_while_down == [True]
    out = capsys.readouterr().out
    lines = [ln for ln in out.splitlines() if " s  seat " in ln]
    assert len(lines) == 6
    assert "seat 0 (A Orange)" in lines[0] and "left" in lines[0] and "press" in lines[0]
    assert "release" in lines[1]
    assert "seat 5 (F Pink)" in lines[-1] and "select" in lines[-1]
    summary = {ln.split(")")[0] + ")": ln for ln in out.splitlines() if ln.startswith("seat ")
               and " s  " not in ln}
    cells = {name: row[24:].split() for name, row in summary.items()}  # ◀ ● ▶ columns
    assert cells["seat 0 (A Orange)"] == ["1/1/0", "-", "-"]
    assert cells["seat 3 (D Yellow)"] == ["-", "1/1/0", "-"]
    assert cells["seat 1 (B Sky blue)"] == ["-", "-", "-"]


@pytest.mark.slow
def test_ctrl_c_stops_cleanly(monkeypatch: pytest.MonkeyPatch, mock_factory: MockFactory,
                              capsys: pytest.CaptureFixture[str]) -> None:
    ready = use_factory(monkeypatch, mock_factory)
    clock = RunClock(monkeypatch)  # the run's 30 s never pass unless the test says so

    def interrupt() -> None:
        assert ready.wait(60)
        assert claimed(mock_factory, PINS[5].right)
        _thread.interrupt_main()  # what Ctrl-C does
        if not wait_for(lambda: "stopped" in clock.lines, timeout_s=60):
            clock.now += 1000.0  # the interrupt was lost: end the run, and the test fails

    thread, errors = in_thread(interrupt)
    # A shell starts a background job with SIGINT ignored, and interrupt_main() then does
    # nothing: the test gets Python's own Ctrl-C handler, as an interactive run has, and a
    # bound on the run, so a lost interrupt fails the test instead of hanging the suite.
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        status = main(["pads", "test", "--source", "mock", "--seconds", "30"])
    finally:
        signal.signal(signal.SIGINT, handler)
    thread.join(60)
    assert errors == []
    assert status == 0
    assert "stopped" in clock.lines, "the run ended by its time, not by Ctrl-C"
    out = capsys.readouterr().out
    assert "(press/release/hold counts)" in out
    # pins released: a second run can claim them (its time is up at once)
    assert main(["pads", "test", "--source", "mock", "--seconds", "0"]) == 0


class StuckPin(MockPin):
    """A pin whose button is shorted to ground: pulling it up does not lift it."""

    def _set_pull(self, value: str) -> None:
        super()._set_pull(value)
        if self.info.name == f"GPIO{PINS[2].right}":
            self._change_state(False)


def test_a_button_down_at_start_is_flagged(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    stuck_factory = MockFactory(pin_class=StuckPin)
    try:
        use_factory(monkeypatch, stuck_factory)
        status = main(["pads", "test", "--source", "mock", "--seconds", "0.2"])
    finally:
        stuck_factory.reset()
        stuck_factory.close()
    out = capsys.readouterr().out
    assert status == 1
    assert "WARNING: seat 2 (C Green)" in out and "right is down at start" in out
    assert "STUCK" in out


def test_keyboard_source_reads_keys_from_its_window(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    import pygame

    clock = RunClock(monkeypatch)

    def type_keys() -> None:
        assert wait_for(lambda: pygame.display.get_surface() is not None, timeout_s=60)
        time.sleep(0.05)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_w))
        clock.end_after(2)

    thread, errors = in_thread(type_keys)
    status = main(["pads", "test", "--source", "keyboard", "--seconds", "0.6"])
    thread.join(5)
    assert errors == []
    assert status == 0
    out = capsys.readouterr().out
    lines = [ln for ln in out.splitlines() if " s  seat " in ln]
    assert [ln.split()[-1] for ln in lines] == ["press", "release"]
    assert "seat 0 (A Orange)" in lines[0] and "select" in lines[0]


def test_pads_without_a_subcommand_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pads"]) == 2
    assert "test" in capsys.readouterr().out


def test_source_and_pin_map_come_from_the_config_file(
    monkeypatch: pytest.MonkeyPatch, mock_factory: MockFactory, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without --source the test reads the pads the config names, on the config's pins."""
    config = tmp_path / "config.toml"
    config.write_text('[pads]\nsource = "mock"\n[pads.gpio.seats]\n'
                      '1 = { left = 20, select = 21, right = 22, led = 23 }\n')
    ready = use_factory(monkeypatch, mock_factory)
    clock = RunClock(monkeypatch)

    def press() -> None:
        assert ready.wait(60)
        pin = mock_factory.pin(21)
        pin.drive_low()
        assert wait_for(lambda: mock_factory.pin(23).state is True, timeout_s=60)
        pin.drive_high()
        clock.end_after(2)

    thread, errors = in_thread(press)
    status = main(["pads", "test", "--config", str(config), "--seconds", "0.8"])
    thread.join(5)
    assert errors == []
    assert status == 0
    out = capsys.readouterr().out
    assert "source mock, seats 1." in out
    lines = [ln for ln in out.splitlines() if " s  seat " in ln]
    assert [ln.split()[-1] for ln in lines] == ["press", "release"]
    assert all("seat 1 (B Sky blue)" in ln and "select" in ln for ln in lines)


def test_a_bad_config_stops_the_test_with_the_key_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[pads]\nsource = "gpoi"\n')
    assert main(["pads", "test", "--config", str(config), "--seconds", "0.1"]) == 2
    assert "pads.source" in capsys.readouterr().err
