"""The notify protocol against real AF_UNIX datagram sockets, as systemd would receive it.

Each test binds its own socket (a file in tmp_path, or an abstract name), points
`$NOTIFY_SOCKET` at it and reads back what the code sent, so what is checked is the
bytes on the wire, not a mock's call list.
"""

from __future__ import annotations

import itertools
import os
import queue
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
import types
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.app import service
from companion.app.service import Notifier, StopFlag, Watchdog
from companion.config.file import parse_config
from companion.games.mush.dice import SeededDice
from companion.pads.events import PadEvent
from companion.store import Journal

ROOT = Path(__file__).resolve().parents[2]


class Receiver:
    """The service manager's end: a bound datagram socket that collects messages."""

    def __init__(self, sock: socket.socket, name: str) -> None:
        self.sock = sock
        self.name = name  # the value for $NOTIFY_SOCKET

    def receive(self, timeout: float = 2.0) -> str:
        self.sock.settimeout(timeout)
        data = self.sock.recv(4096)
        return data.decode("utf-8")

    def collect(self, duration: float) -> list[tuple[float, str]]:
        """Every message that arrives within `duration`, with its arrival time."""
        end = time.monotonic() + duration
        got: list[tuple[float, str]] = []
        while (left := end - time.monotonic()) > 0:
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(4096)
            except TimeoutError:
                break
            got.append((time.monotonic(), data.decode("utf-8")))
        return got


@pytest.fixture
def path_receiver(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Receiver]:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    path = tmp_path / "notify.sock"
    sock.bind(str(path))
    monkeypatch.setenv("NOTIFY_SOCKET", str(path))
    yield Receiver(sock, str(path))
    sock.close()


@pytest.fixture
def abstract_receiver(monkeypatch: pytest.MonkeyPatch) -> Iterator[Receiver]:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    name = f"mush-companion-test/{uuid.uuid4().hex}"
    sock.bind("\0" + name)
    monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
    yield Receiver(sock, "@" + name)
    sock.close()


def test_ready_status_and_stopping_reach_a_socket_file(path_receiver: Receiver) -> None:
    assert service.ready(status="Table ready") is True
    assert path_receiver.receive() == "READY=1\nSTATUS=Table ready"
    assert service.status("Round 3: bidding") is True
    assert path_receiver.receive() == "STATUS=Round 3: bidding"
    assert service.stopping() is True
    assert path_receiver.receive() == "STOPPING=1"


def test_abstract_socket_name_with_at_sign(abstract_receiver: Receiver) -> None:
    assert service.notify(ready=True, status="via abstract socket") is True
    assert abstract_receiver.receive() == "READY=1\nSTATUS=via abstract socket"
    assert service.watchdog_ping() is True
    assert abstract_receiver.receive() == "WATCHDOG=1"


def test_field_names_are_upper_cased_and_newlines_cannot_inject_fields(
    path_receiver: Receiver,
) -> None:
    assert service.notify(status="two\nlines\rhere", extend_timeout_usec=5) is True
    message = path_receiver.receive()
    assert message == "STATUS=two lines here\nEXTEND_TIMEOUT_USEC=5"
    with pytest.raises(ValueError):
        service.notify(**{"bad key": "x"})


def test_extend_timeout_is_sent_in_microseconds(path_receiver: Receiver) -> None:
    assert service.extend_timeout(2.5) is True
    assert path_receiver.receive() == "EXTEND_TIMEOUT_USEC=2500000"


def test_without_notify_socket_everything_is_a_no_op(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert service.ready() is False
    assert service.status("x") is False
    assert service.watchdog_ping() is False
    assert Notifier().enabled is False
    dog = Watchdog.from_env(env={})
    assert dog.enabled is False
    assert dog.tick(0.0) is False
    assert dog.wait_timeout(0.0) is None
    assert dog.wait_timeout(0.0, longest=0.25) == 0.25


def test_a_missing_socket_is_reported_not_raised(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    notifier = Notifier(str(tmp_path / "gone.sock"))
    with caplog.at_level("DEBUG", logger="companion.app.service"):
        assert notifier.notify(WATCHDOG=1) is False
        assert notifier.notify(WATCHDOG=1) is False
    warnings = [r for r in caplog.records if r.levelname == "WARNING"]
    assert len(warnings) == 1, "one warning, then quiet, so a broken socket cannot flood"


def test_unsupported_socket_forms_are_ignored() -> None:
    assert service.socket_address("@name") == "\0name"
    assert service.socket_address("/run/systemd/notify") == "/run/systemd/notify"
    assert service.socket_address("vsock:2:1234") is None
    assert service.socket_address("@") is None
    assert Notifier("vsock:2:1234").notify(READY=1) is False


# --- the watchdog's timing decisions, on a clock we hand in ---


def test_watchdog_reads_usec_and_pings_every_half_interval() -> None:
    sent: list[str] = []

    class Recorder(Notifier):
        def notify(self, **fields: service.FieldValue) -> bool:
            sent.extend(f"{k}={v}" for k, v in fields.items())
            return True

    dog = Watchdog.from_env(env={"WATCHDOG_USEC": "10000000"}, notifier=Recorder())
    assert dog.interval == 10.0 and dog.ping_every == 5.0
    assert dog.tick(100.0) is True  # the first tick pings at once
    assert dog.wait_timeout(100.0) == 5.0
    assert dog.tick(104.9) is False
    assert dog.wait_timeout(104.0, longest=0.25) == 0.25
    assert dog.wait_timeout(104.9) == pytest.approx(0.1)
    assert dog.tick(105.0) is True
    assert dog.wait_timeout(111.0) == 0.0  # overdue: do not block at all
    assert sent == ["WATCHDOG=1", "WATCHDOG=1"]


@pytest.mark.parametrize(
    ("env", "enabled"),
    [
        ({"WATCHDOG_USEC": "200000", "WATCHDOG_PID": "4242"}, True),
        ({"WATCHDOG_USEC": "200000", "WATCHDOG_PID": "1"}, False),  # meant for another pid
        ({"WATCHDOG_USEC": "200000", "WATCHDOG_PID": "x"}, False),
        ({"WATCHDOG_USEC": "0"}, False),
        ({"WATCHDOG_USEC": "-5"}, False),
        ({"WATCHDOG_USEC": "soon"}, False),
        ({"WATCHDOG_PID": "4242"}, False),
    ],
)
def test_watchdog_env_rules(env: dict[str, str], enabled: bool) -> None:
    assert Watchdog.from_env(env=env, pid=4242).enabled is enabled


# --- the whole loop: readiness and pings from a running main loop, on a fake clock ---


class LoopClock:
    """The main loop's clock: time moves only while the loop waits, or while it hangs."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def drain(receiver: Receiver) -> list[str]:
    """Every message already on the socket (a datagram is there once `send` returns)."""
    got: list[str] = []
    receiver.sock.setblocking(False)
    try:
        while True:
            got.append(receiver.sock.recv(4096).decode("utf-8"))
    except BlockingIOError:
        return got
    finally:
        receiver.sock.setblocking(True)


def run_loop(dog: Watchdog, clock: LoopClock, receiver: Receiver,
             seconds: float) -> list[tuple[float, str]]:
    """A main loop shaped like the app's, for `seconds` of its clock: tick, then wait at
    most until the next ping. Returns what reached the socket, each message with the
    loop's time when it was sent."""
    end = clock.now + seconds
    got: list[tuple[float, str]] = []
    while clock.now < end:
        now = clock()
        dog.tick(now)
        got += [(now, m) for m in drain(receiver)]
        clock.now = min(end, now + dog.wait_timeout(now, longest=0.02))  # the wait
    return got


def intervals(times: list[float]) -> list[float]:
    return [b - a for a, b in itertools.pairwise(times)]


@pytest.mark.parametrize("kind", ["path", "abstract"])
def test_watchdog_pings_from_the_loop_and_stop_when_it_hangs(
    kind: str, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    receiver: Receiver = request.getfixturevalue(f"{kind}_receiver")
    monkeypatch.setenv("WATCHDOG_USEC", "200000")  # 0.2 s: ping every 0.1 s
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()))
    threads = threading.active_count()
    dog = Watchdog.from_env()
    assert dog.ping_every == pytest.approx(0.1)
    clock = LoopClock()

    service.ready(status="loop running")
    assert receiver.receive() == "READY=1\nSTATUS=loop running"
    running = run_loop(dog, clock, receiver, 0.65)
    pings = [t for t, m in running if m == "WATCHDOG=1"]
    assert [m for _, m in running if m != "WATCHDOG=1"] == []
    # One ping at once, then one every 0.1 s: each well inside the 0.2 s limit.
    assert pings[0] == 1000.0
    assert intervals(pings) == pytest.approx([0.1] * 6)

    hung_at = clock.now
    clock.now += 0.5  # the loop is stuck for more than 2 watchdog intervals
    assert drain(receiver) == [], "a blocked main loop must not ping"
    # nor does anything behind its back: no thread, so nothing comes in real time either
    assert threading.active_count() == threads
    with pytest.raises(TimeoutError):
        receiver.receive(timeout=0.3)

    resumed = run_loop(dog, clock, receiver, 0.35)
    again = [t for t, m in resumed if m == "WATCHDOG=1"]
    assert again[0] == hung_at + 0.5, "the first turn after the hang pings at once"
    assert intervals(again) == pytest.approx([0.1] * 3)
    assert dog.pings == len(pings) + len(again)


class IdleQueue(queue.Queue[PadEvent]):
    """The pads' queue at a table where nobody presses: every wait for a press runs out,
    and takes the time it was given on the loop's clock."""

    def __init__(self, clock: LoopClock) -> None:
        super().__init__()
        self.clock = clock
        self.waits: list[float] = []

    def get(self, block: bool = True, timeout: float | None = None) -> PadEvent:
        if block:
            assert timeout is not None, "the main loop must never wait for a press for ever"
            self.waits.append(timeout)
            self.clock.now += timeout
        raise queue.Empty


def test_the_app_loop_never_waits_past_a_ping_and_pings_at_once_after_a_hang(
    tmp_path: Path, path_receiver: Receiver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The companion's own main loop (`Companion.step`, no screen) with its clock faked:
    it waits for presses at most until the next ping is due, so it pings every half
    interval while idle, and at once when it comes round after being stuck."""
    from companion.app import loop as app

    clock = LoopClock()
    monkeypatch.setattr(app, "time", types.SimpleNamespace(monotonic=clock))
    config = parse_config({"store": {"path": str(tmp_path / "journal.sqlite3")}})
    idle = IdleQueue(clock)
    dog = Watchdog(0.5)  # ping every 0.25 s; the socket is $NOTIFY_SOCKET, as under systemd
    companion = app.Companion(config, Journal(config.store.path), dice=SeededDice(1),
                              clock=clock, events=idle, watchdog=dog)

    def turns(count: int) -> list[float]:
        """When each WATCHDOG=1 of the next `count` turns of the loop was sent."""
        pings: list[float] = []
        for _ in range(count):
            started = clock.now
            companion.step()
            pings += [started for m in drain(path_receiver) if "WATCHDOG=1" in m.split("\n")]
        return pings

    try:
        idle_pings = turns(40)
        assert max(idle.waits) <= 0.25, "a wait past the next ping"
        assert len(idle_pings) >= 10
        assert intervals(idle_pings) == [0.25] * (len(idle_pings) - 1)
        clock.now += 1.0  # stuck (a wedged device, a slow card): no turn, no ping
        assert drain(path_receiver) == []
        stuck_until = clock.now
        assert turns(1) == [stuck_until]
    finally:
        companion.close()


# --- signals, in a real child process ---

CHILD = textwrap.dedent(
    """
    import sys, time
    from companion.app import service
    stop = service.install_stop_handlers()
    dog = service.Watchdog.from_env()
    service.ready()
    while not stop.is_set():
        now = time.monotonic()
        dog.tick(now)
        stop.wait(dog.wait_timeout(now, longest=0.05))
    service.stopping(status="clean exit")
    sys.exit(0 if stop.signal is not None else 3)
    """
)


@pytest.mark.slow
def test_sigterm_sets_the_stop_flag_and_says_stopping(path_receiver: Receiver) -> None:
    env = dict(os.environ, NOTIFY_SOCKET=path_receiver.name, WATCHDOG_USEC="200000")
    env.pop("WATCHDOG_PID", None)
    child = subprocess.Popen([sys.executable, "-c", CHILD], cwd=ROOT, env=env)
    try:
        assert path_receiver.receive(timeout=30) == "READY=1"
        assert path_receiver.receive(timeout=30) == "WATCHDOG=1"
        child.send_signal(signal.SIGTERM)
        assert child.wait(timeout=30) == 0
        messages = drain(path_receiver)  # all it sent is on the socket once it has ended
    finally:
        if child.poll() is None:
            child.kill()
    assert "STOPPING=1\nSTATUS=Stopping (SIGTERM)" in messages
    assert messages[-1] == "STOPPING=1\nSTATUS=clean exit"


def test_stop_flag_remembers_the_first_signal() -> None:
    flag = StopFlag()
    assert not flag.is_set() and flag.wait(0) is False
    flag.set(signal.SIGINT)
    flag.set(signal.SIGTERM)
    assert flag.is_set() and flag.wait(0) is True
    assert flag.signal == signal.SIGINT


# --- the real program's main loop, hung from inside ---

HANGING_RUN = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from companion.app import loop as app, cli

    hang = Path(sys.argv[1])
    stuck = hang.with_name("stuck")
    draw = app.Companion.draw

    def draw_or_hang(self):
        # Companion.step() draws on every turn of the main loop; while the file exists
        # the loop is stuck here, as on a wedged device, and every other thread runs on.
        # "stuck" says the loop is in here, past its last ping.
        if hang.exists():
            stuck.touch()
            while hang.exists():
                time.sleep(0.01)
            stuck.unlink()
        draw(self)

    app.Companion.draw = draw_or_hang
    sys.exit(cli.main(sys.argv[2:]))
    """
)


@pytest.mark.slow
def test_the_real_main_loop_pings_and_stops_pinging_when_it_hangs(
    path_receiver: Receiver, tmp_path: Path
) -> None:
    """`mush-companion run` (mock pads, dummy screen) under a real NOTIFY_SOCKET: READY=1,
    WATCHDOG=1 from the loop, none while the loop is stuck, pings again once it comes
    round, and a clean exit on SIGTERM."""
    config = tmp_path / "config.toml"
    config.write_text(f'[store]\npath = "{tmp_path / "journal.sqlite3"}"\n'
                      '[display]\nfullscreen = false\n')
    hang = tmp_path / "hang"
    env = dict(os.environ, NOTIFY_SOCKET=path_receiver.name, WATCHDOG_USEC="400000",
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("WATCHDOG_PID", None)
    child = subprocess.Popen(
        [sys.executable, "-c", HANGING_RUN, str(hang), "run", "--config", str(config),
         "--pads", "mock"], cwd=tmp_path, env=env, stderr=subprocess.PIPE, text=True)

    def is_ping(message: str) -> bool:
        return "WATCHDOG=1" in message.split("\n")

    def until_pings(count: int) -> list[str]:
        """Every message up to the `count`th ping from now; the wait for each is long, as
        a busy machine may keep the program from its loop for a while."""
        got: list[str] = []
        while sum(map(is_ping, got)) < count:
            got.append(path_receiver.receive(timeout=30))
        return got

    try:
        first: list[str] = []
        while not any("READY=1" in m for m in first):
            first.append(path_receiver.receive(timeout=30))
        running = until_pings(5)
        assert all(is_ping(m) or m.startswith("STATUS=") for m in running), running
        # How often the loop pings is checked on a fake clock (the app loop test above);
        # here, that the real program pings from its loop, and stops while it is stuck.

        hang.touch()
        deadline = time.monotonic() + 30
        while not (tmp_path / "stuck").exists():
            assert child.poll() is None and time.monotonic() < deadline, "never got stuck"
            time.sleep(0.01)
        drain(path_receiver)  # what the turns before the hang sent
        hung = [m for _, m in path_receiver.collect(1.2) if is_ping(m)]  # 3 intervals
        assert hung == [], "a main loop stuck in a draw must not ping"
        assert (tmp_path / "stuck").exists()

        hang.unlink()
        resumed = until_pings(2)
        assert all(is_ping(m) or m.startswith("STATUS=") for m in resumed), resumed

        child.send_signal(signal.SIGTERM)
        assert child.wait(timeout=20) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.stderr is not None
    assert "table ready" in child.stderr.read()
