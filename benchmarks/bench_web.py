"""Phones as pads: press to frame over loopback, the server's idle CPU and memory, and the
main loop's pace under a flood of presses from 50 connections.

- Phone press to phone frame: a game is resumed in training and the main loop runs as at
  the table (real clock, no screen); the phone of the seat choosing its training, on a
  loopback WebSocket, presses ▶ (the focus of its list moves), and the time runs from
  the send to the arrival of the seat's next text whose menu changed (through the
  server's queue hand-over, the controller, the snapshot and back).
- Idle CPU: the whole program's CPU share at that menu, with and without the web
  server (four phones and a table page connected), over the same seconds; the
  difference is the server's.
- Memory: the resident size of a separate program at that menu with the server (and
  the same connections) and without it; the difference is what the server adds.
- Under a flood: the main loop's pad press to frame p99, without and then with 50
  connections sending presses as fast as they can (49 pages that hold no seat, and the
  seat's own phone, whose presses the server limits), 250 presses each, in blocks of 10
  taken in turn so both meet the same load from the rest of the machine. The flood
  stands for other devices: its program runs at nice 19. Beside the wall-clock figures,
  the same presses without the time the main loop spent runnable but waiting for a
  core (the kernel's schedstat for its thread): what the table's own program did, apart
  from what other programs on a shared machine took, and the main loop's own CPU per
  press.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import aiohttp

from benchmarks.bench_app import (
    _base_dir,
    _config,
    _load,
    _percentile,
    _verdict,
    asleep_waited,
    prepared_journal,
    waited,
)
from companion.app.loop import Companion
from companion.app.parts import Hooks
from companion.pads.events import Button, Kind, PadEvent
from companion.store import Journal
from companion.web.config import WebConfig
from companion.web.server import WebServer

PRESS_GOAL_MS = 50.0
IDLE_GOAL = 0.5  # % of a core
RSS_GOAL_MB = 25.0
FLOOD_GOAL = 1.20  # p99 with the flood at most 20 % over the p99 without it
PRESSES = 100
FLOOD_PRESSES = 250
"""Presses without the flood and as many with it (p99: the third slowest of each)."""
GUARD_S = 0.27
IDLE_SECONDS = 8.0


class Table:
    """The resumed game with its main loop in a thread; the web server beside it."""

    def __init__(self, journal: Path, web: bool = True,
                 on_frame: Callable[[Any, bool], None] | None = None) -> None:
        self.events: queue.Queue[PadEvent] = queue.Queue()
        self.web = WebServer(WebConfig(port=0, bind="127.0.0.1"), self.events, journal) \
            if web else None
        if self.web is not None:
            self.web.start()
        self.companion = Companion(_config(), Journal(journal), events=self.events,
                                   web=self.web, hooks=Hooks(on_frame=on_frame))
        self.stop = threading.Event()
        self.thread = threading.Thread(target=lambda: self.companion.run(until=self.stop.is_set),
                                       name="bench-main-loop", daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        assert self.web is not None
        return f"http://127.0.0.1:{self.web.port}"

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        self.companion.close()


class Phones:
    """WebSocket clients on a loop of their own (not the server's, not the main loop's)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.sessions: dict[str, aiohttp.ClientSession] = {}

    def run(self, coro: Any, timeout: float = 60.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def connect(self, url: str, hello: dict[str, Any],
                      source: str = "127.0.0.1") -> aiohttp.ClientWebSocketResponse:
        """A page's WebSocket from `source`, an address of the loopback range (each
        its own peer, as 50 phones would be)."""
        session = self.sessions.get(source)
        if session is None:
            connector = aiohttp.TCPConnector(local_addr=(source, 0))
            session = self.sessions[source] = aiohttp.ClientSession(connector=connector)
        ws = await session.ws_connect(f"{url}/ws", headers={"Origin": url})
        await ws.send_str(json.dumps(hello))
        return ws

    def close(self) -> None:
        async def shut() -> None:
            for session in self.sessions.values():
                await session.close()
        self.run(shut())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


async def _seat_texts(ws: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    """The next seat text (skipping other messages)."""
    while True:
        message = await ws.receive(timeout=5)
        if message.type is not aiohttp.WSMsgType.TEXT:
            raise RuntimeError(f"the phone's socket ended: {message.type}")
        data = json.loads(message.data)
        if data.get("t") == "seat":
            return data


def phone_press_to_frame(journal: Path, seat: int) -> list[float]:
    """Seconds from a phone's tap to its next seat text with a changed menu."""
    table = Table(journal)
    phones = Phones()
    assert table.web is not None
    try:
        async def measure() -> list[float]:
            assert table.web is not None
            ws = await phones.connect(table.url, {"t": "hello", "token": table.web.room.token(
                seat), "device": None, "lang": "en"})
            welcome = json.loads((await ws.receive(timeout=5)).data)
            current = await _seat_texts(ws)
            samples = []
            await asyncio.sleep(GUARD_S)
            for n in range(1, PRESSES + 1):
                shown = current["menu"]
                sent = time.perf_counter()
                await ws.send_str(json.dumps({"t": "press", "b": "right", "n": n,
                                              "c": welcome["c"], "v": current["mv"]}))
                while True:
                    current = await _seat_texts(ws)
                    if current["menu"] != shown:
                        break
                samples.append(time.perf_counter() - sent)
                await asyncio.sleep(GUARD_S)
            await ws.close()
            return samples
        result: list[float] = phones.run(measure(), timeout=120)
        return result
    finally:
        phones.close()
        table.close()


def _connect_idle(phones: Phones, table: Table) -> list[Any]:
    assert table.web is not None
    room = table.web.room

    async def open_all() -> list[Any]:
        sockets = [await phones.connect(table.url, {"t": "hello", "token": room.token(s),
                                                    "device": None, "lang": "en"})
                   for s in range(4)]
        sockets.append(await phones.connect(table.url, {"t": "watch", "lang": "fr"}))
        return sockets
    result: list[Any] = phones.run(open_all())
    return result


def idle_cpu(journal: Path, web: bool) -> float:
    """The process's CPU share while the table waits at a turn menu."""
    table = Table(journal, web=web)
    phones = Phones() if web else None
    try:
        if phones is not None:
            _connect_idle(phones, table)
        time.sleep(2.0)
        cpu, wall = time.process_time(), time.monotonic()
        time.sleep(IDLE_SECONDS)
        return (time.process_time() - cpu) / (time.monotonic() - wall)
    finally:
        if phones is not None:
            phones.close()
        table.close()


_RSS_CHILD = textwrap.dedent("""
    import sys, time, threading, queue, os
    from pathlib import Path
    from companion.app.loop import Companion
    from companion.store import Journal
    from benchmarks.bench_app import _config
    journal, web = Path(sys.argv[1]), sys.argv[2] == "web"
    events = queue.Queue()
    server = None
    if web:
        from companion.web.config import WebConfig
        from companion.web.server import WebServer
        server = WebServer(WebConfig(port=0, bind="127.0.0.1"), events, journal)
        server.start()
        print(server.port, server.room.token(0), server.room.token(1), server.room.token(2),
              server.room.token(3), flush=True)
    else:
        print("0", flush=True)
    app = Companion(_config(), Journal(journal), events=events, web=server)
    stop = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.readline(), stop.set()), daemon=True).start()
    app.run(until=stop.is_set)
    app.close()
""")


def rss_mb(journal: Path, web: bool) -> float:
    """The resident size of a program resumed at the turn menu (with the server and its
    connections, or without)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    child = subprocess.Popen([sys.executable, "-c", _RSS_CHILD, str(journal),
                              "web" if web else "none"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env=env,
                             cwd=Path(__file__).resolve().parents[1])
    phones = Phones() if web else None
    try:
        assert child.stdout is not None and child.stdin is not None
        words = child.stdout.readline().split()
        if phones is not None:
            url = f"http://127.0.0.1:{words[0]}"

            async def open_all() -> None:
                for seat in range(4):
                    await phones.connect(url, {"t": "hello", "token": words[1 + seat],
                                               "device": None, "lang": "en"})
                await phones.connect(url, {"t": "watch", "lang": "de"})
            phones.run(open_all())
        time.sleep(3.0)
        status = Path(f"/proc/{child.pid}/status").read_text()
        rss_kb = int(next(line.split()[1] for line in status.splitlines()
                          if line.startswith("VmRSS:")))
        child.stdin.write("\n")
        child.stdin.flush()
        child.wait(10)
        return rss_kb / 1024
    finally:
        if phones is not None:
            phones.close()
        if child.poll() is None:
            child.kill()
            child.wait()


@dataclasses.dataclass
class Presses:
    """One half of the flood benchmark: per press, seconds from the release to its frame,
    those seconds less the main loop's waits for a core, and the main loop's CPU."""

    wall: list[float] = dataclasses.field(default_factory=list)
    own: list[float] = dataclasses.field(default_factory=list)
    cpu: list[float] = dataclasses.field(default_factory=list)


def loop_press_to_frame(journal: Path, seat: int, blocks: int = FLOOD_PRESSES // 10
                        ) -> tuple[Presses, Presses, int, tuple[float, float]]:
    """The main loop's pad press to frame (presses put on its queue as a pad thread
    does), in blocks taken in turn without and with 50 connections flooding the server
    with presses (so both halves meet the same load from the rest of the machine).
    Returns the presses without, with, how many messages the flood sent, and the
    table's own CPU share (all its threads) without and with the flood."""
    changed = threading.Event()
    shown: list[str | None] = [None]
    at = [0.0, 0.0, 0.0]  # the frame's moment, the main loop's waits and CPU by then
    taken = [0.0]  # the main loop's CPU clock when it took the press

    def on_frame(frame: Any, redrawn: bool) -> None:
        menu = next((m for m in frame.menus if m.seat == seat), None)
        text = f"{menu.title}|{menu.items[0].label}|{menu.focus}" if menu and menu.items \
            else None
        if shown[0] is not None and text != shown[0]:
            at[0] = time.perf_counter()
            at[1] = waited(threading.get_native_id())
            at[2] = time.thread_time() - taken[0]
            changed.set()
        shown[0] = text

    table = Table(journal, on_frame=on_frame)
    assert table.web is not None
    handle = table.companion.handle

    def handled(pad_event: PadEvent) -> None:
        if pad_event.kind is Kind.RELEASE:
            taken[0] = time.thread_time()
        handle(pad_event)

    table.companion.handle = handled  # type: ignore[method-assign]
    main_loop = table.thread.native_id
    assert main_loop is not None
    # the flood comes from another program, as from other devices
    storm = subprocess.Popen([sys.executable, "-c", _STORM, table.url,
                              table.web.room.token(seat)], stdout=subprocess.PIPE,
                             stdin=subprocess.PIPE, text=True,
                             cwd=Path(__file__).resolve().parents[1])
    assert storm.stdout is not None and storm.stdin is not None
    halves = {False: Presses(), True: Presses()}
    cpu = {False: 0.0, True: 0.0}
    wall = {False: 0.0, True: 0.0}
    try:
        if storm.stdout.readline().strip() != "connected":
            raise RuntimeError("the flood's pages did not connect")
        time.sleep(GUARD_S)
        for block in range(2 * blocks):
            flood = block % 2 == 1
            storm.stdin.write("on\n" if flood else "off\n")
            storm.stdin.flush()
            time.sleep(0.5)
            started_cpu, started = time.process_time(), time.monotonic()
            for _ in range(10):
                changed.clear()
                before = asleep_waited(main_loop)  # (it sleeps between presses)
                table.events.put(PadEvent(seat, Button.RIGHT, Kind.PRESS))
                released = time.perf_counter()
                table.events.put(PadEvent(seat, Button.RIGHT, Kind.RELEASE))
                if not changed.wait(2.0):
                    raise RuntimeError("a press showed no menu change within 2 s")
                half = halves[flood]
                half.wall.append(at[0] - released)
                half.own.append(at[0] - released - (0.0 if before is None
                                                     else at[1] - before))
                half.cpu.append(at[2])
                time.sleep(GUARD_S)
            cpu[flood] += time.process_time() - started_cpu
            wall[flood] += time.monotonic() - started
        storm.stdin.write("stop\n")
        storm.stdin.flush()
        sent = storm.stdout.readline().strip()
        storm.wait(10)
        shares = (cpu[False] / wall[False], cpu[True] / wall[True])
        return halves[False], halves[True], int(sent) if sent.isdigit() else 0, shares
    finally:
        if storm.poll() is None:
            storm.kill()
            storm.wait()
        table.close()


_STORM = textwrap.dedent("""
    import asyncio, json, os, sys, threading
    import aiohttp
    url, token = sys.argv[1], sys.argv[2]
    os.nice(19)  # the flood stands for other devices: its own CPU is not the table's
    flooding, stop = threading.Event(), threading.Event()

    def commands():
        for line in sys.stdin:
            word = line.strip()
            if word == "on":
                flooding.set()
            elif word == "off":
                flooding.clear()
            else:
                break
        stop.set()
        flooding.set()

    threading.Thread(target=commands, daemon=True).start()
    sent = 0
    ready = []

    async def page(i, hello, press):
        global sent
        connector = aiohttp.TCPConnector(local_addr=(f"127.0.0.{10 + i}", 0))
        async with aiohttp.ClientSession(connector=connector) as session:
            while not stop.is_set():  # a page the server closes comes straight back
                try:
                    ws = await session.ws_connect(f"{url}/ws", headers={"Origin": url})
                    await ws.send_str(json.dumps(hello))
                    ready.append(i)
                    n = 0
                    while not stop.is_set() and not ws.closed:
                        if not flooding.is_set():
                            await asyncio.sleep(0.05)
                            continue
                        n += 1
                        await ws.send_str(json.dumps({**press, "n": n}))
                        sent += 1
                        await asyncio.sleep(0)
                except (aiohttp.ClientError, ConnectionError):
                    await asyncio.sleep(0.01)

    async def main():
        pages = [page(i, {"t": "watch", "lang": "en"},
                      {"t": "press", "b": "right", "c": "x", "v": ""}) for i in range(49)]
        pages.append(page(49, {"t": "hello", "token": token, "device": None, "lang": "en"},
                          {"t": "press", "b": "left", "c": "x", "v": "x"}))
        tasks = [asyncio.ensure_future(p) for p in pages]
        while len(set(ready)) < 50:
            await asyncio.sleep(0.05)
        print("connected", flush=True)
        await asyncio.gather(*tasks)
        print(sent, flush=True)

    asyncio.run(main())
""")


def run() -> None:
    """Print the phones' press to frame, the server's idle CPU and memory, and the main
    loop's pace under a flood."""
    with tempfile.TemporaryDirectory(dir=_base_dir()) as tmp:
        home = Path(tmp)
        prepared = home / "prepared.sqlite3"
        seat = prepared_journal(prepared)

        def copy(name: str) -> Path:
            folder = home / name
            folder.mkdir()
            shutil.copyfile(prepared, folder / "journal.sqlite3")
            return folder / "journal.sqlite3"

        ms = [s * 1000 for s in phone_press_to_frame(copy("press"), seat)]
        p99 = _percentile(ms, 0.99)
        print(f"   phone press to phone frame (loopback WebSocket): p50 "
              f"{statistics.median(ms):.1f} ms, p99 {p99:.1f} ms, max {max(ms):.1f} ms "
              f"({len(ms)} taps; goal p99 <= {PRESS_GOAL_MS:.0f} ms: "
              f"{_verdict(p99 <= PRESS_GOAL_MS)})")

        without = idle_cpu(copy("idle-off"), web=False)
        with_web = idle_cpu(copy("idle-on"), web=True)
        share = max(0.0, 100 * (with_web - without))
        print(f"   idle CPU at a menu, no screen: {100 * without:.2f}% of a core without "
              f"the web server, {100 * with_web:.2f}% with it and 5 pages connected: the "
              f"server adds {share:.2f}% (goal < {IDLE_GOAL}%: {_verdict(share < IDLE_GOAL)})")

        base = rss_mb(copy("rss-off"), web=False)
        served = rss_mb(copy("rss-on"), web=True)
        added = served - base
        print(f"   resident memory at a turn menu: {base:.1f} MB without the web server, "
              f"{served:.1f} MB with it and 5 pages connected: it adds {added:.1f} MB "
              f"(goal <= {RSS_GOAL_MB:.0f} MB: {_verdict(added <= RSS_GOAL_MB)})")

        calm, storm, sent, shares = loop_press_to_frame(copy("flood"), seat)
        print(f"   load average {_load()} (the machine is shared: figures are for a quiet "
              f"one)")

        def ms99(values: list[float]) -> float:
            return 1000 * _percentile(values, 0.99)

        def ms50(values: list[float]) -> float:
            return 1000 * statistics.median(values)

        ratio = ms99(storm.wall) / ms99(calm.wall) if calm.wall else float("inf")
        print(f"   main loop pad press to frame, in blocks taken in turn: p99 "
              f"{ms99(calm.wall):.2f} ms (p50 {ms50(calm.wall):.2f}) alone, "
              f"{ms99(storm.wall):.2f} ms (p50 {ms50(storm.wall):.2f}) while 50 connections "
              f"flood the server ({len(calm.wall)} presses each; {sent} messages sent; "
              f"x{ratio:.2f}; goal within 20 %: {_verdict(ratio <= FLOOD_GOAL)}); the "
              f"table's own CPU: {100 * shares[0]:.1f}% of a core alone, "
              f"{100 * shares[1]:.1f}% flooded")
        own = ms99(storm.own) / ms99(calm.own) if calm.own else float("inf")
        print(f"      less the main loop's waits for a core (other programs'): p99 "
              f"{ms99(calm.own):.2f} ms alone, {ms99(storm.own):.2f} ms flooded (x{own:.2f}); "
              f"the main loop's own CPU per press: p99 {ms99(calm.cpu):.2f} ms alone, "
              f"{ms99(storm.cpu):.2f} ms flooded")
