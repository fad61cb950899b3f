"""What no one on the network can exhaust: connections, the room code's guesses, parsing,
and the log.

A neighbour's script must not stop the table nor keep the players' phones out. So:

  Gate      every TCP connection is counted per address and in all. An address over its
            share is refused at once; when the whole is full, the newest connection of
            the address holding the most is let go first (never a seated phone's), so a
            phone from a new address always gets in and the process never holds more
            files than it was given. Each connection may send so much a second (`Budget`:
            far more than any page sends); one that sends more is let go before a byte
            of the excess is parsed, and its address cools down: for `COOLDOWN` seconds
            its connections are held unread for `TARPIT` seconds, then let go, so a
            script's loop of retries idles and costs the table nothing.
  Guesses   the room code's guesses: a few per address, and one budget of wrong guesses
            for the whole room that no number of addresses refills. Once it is spent the
            room is locked (the table's screen says so) until a pad is pressed or a long
            while has passed; while locked, a right code gets the very answer a wrong one
            gets, so the limit tells nothing.
  parse     a message from a page as JSON: small, shallow, an object; anything else is
            None, never an exception.
  OneLine   the server's own log (aiohttp's, asyncio's) reduced to one line per problem,
            no traceback, and a bounded number of lines a minute.
"""

from __future__ import annotations

import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.web.guard import Bucket

log = logging.getLogger("companion.web")

MAX_CONNECTIONS = 256
"""TCP connections held at once, in all (a table of six phones uses about twenty)."""

MAX_PER_ADDRESS = 16
"""TCP connections held at once by one address (a browser opens at most six to a host)."""

MAX_DEPTH = 4
"""Brackets a page's message may nest: a press is one object with no nesting at all."""

ADDRESS_GUESSES = (5.0, 5 / 60)
"""Room code tries per address: a burst of 5, then one every 12 s."""

ROOM_GUESSES = 20
"""Wrong room codes the whole room takes before it locks (a typo or two per phone)."""

ROOM_REFILL = 60.0
"""Seconds for one wrong guess to be forgiven (the budget refills this slowly)."""

LOCK_SECONDS = 600.0
"""A locked room opens by itself after this long when no pad is pressed (a table of
phones only, none seated yet, would otherwise be locked out by a neighbour for good)."""

MAX_ADDRESSES = 4096
"""Addresses whose tries are remembered one by one; beyond, new ones share one budget."""

BUDGET = (32.0, 128.0)
"""What one connection may send: reads of the socket a second, and at once (each read
costs 1, and 1 more per KB it brought). A page loads in about ten requests and then sends
a few presses a second; a script sending as fast as it can is over it within a second."""

COOLDOWN = 10.0
"""Seconds an address that flooded (or whose table page spoke) waits before the server
reads from it again."""

TARPIT = 2.0
"""Seconds a connection from a cooling address is held, unread, before it is let go: a
script that retries at once then waits that long each time, and no request is parsed."""

MAX_COOLING = 1024
"""Addresses remembered as cooling down (beyond, the list starts again)."""


def parse(text: object, max_bytes: int) -> dict[str, Any] | None:
    """A page's message as a JSON object, or None: not text, too long, nested deeper than
    `MAX_DEPTH`, not JSON, or not an object. Never raises (a 2,000-deep array would make
    the decoder raise RecursionError)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            return None
    if not isinstance(text, str) or len(text) > max_bytes:
        return None
    depth = deepest = 0
    for char in text:  # brackets inside strings are counted too: a page sends none
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                return None
        elif char in "]}":
            depth -= 1
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


# --- connections ----------------------------------------------------------------------


@dataclass(eq=False)
class Connection:
    """One TCP connection as the gate sees it: who, and how to let it go."""

    address: str
    abort: Callable[[], None]
    kept: bool = False  # a seated phone's WebSocket: never let go to make room


class Gate:
    """Counts connections per address and in all (see the module docstring)."""

    def __init__(self, total: int = MAX_CONNECTIONS, per_address: int = MAX_PER_ADDRESS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total = total
        self.per_address = per_address
        self.clock = clock
        self.budget = BUDGET
        self.tarpit = TARPIT  # seconds a cooling address's connection is held unread
        self._by_address: dict[str, list[Connection]] = {}
        self._cooling: dict[str, float] = {}  # address -> until (`clock`)
        self.count = 0
        self.refused = 0
        self.evicted = 0
        self.flooded = 0  # connections let go for sending more than their budget
        self.tarpitted = 0  # connections from a cooling address, held unread

    def cool(self, address: str, seconds: float = COOLDOWN) -> None:
        """`address` sent what no page sends: nothing from it is read for `seconds`."""
        if len(self._cooling) >= MAX_COOLING:
            self._cooling.clear()
        self._cooling[address] = self.clock() + seconds

    def cooling(self, address: str) -> bool:
        """Whether `address` is cooling down now (`cool`)."""
        until = self._cooling.get(address)
        if until is None:
            return False
        if self.clock() < until:
            return True
        del self._cooling[address]
        return False

    def allowance(self) -> Bucket:
        """A new connection's budget (`BUDGET`), on the gate's clock."""
        rate, burst = self.budget
        return Bucket(rate, burst, self.clock)

    def admit(self, connection: Connection) -> bool:
        """Whether `connection` may stay; False: the caller closes it. Room is made by
        letting go another address's newest connection when the whole is full."""
        mine = self._by_address.setdefault(connection.address, [])
        if len(mine) >= self.per_address:
            self.refused += 1
            if not mine:
                del self._by_address[connection.address]
            return False
        if self.count >= self.total and not self._evict(connection.address):
            self.refused += 1
            if not mine:
                del self._by_address[connection.address]
            return False
        mine.append(connection)
        self.count += 1
        return True

    def _evict(self, newcomer: str) -> bool:
        """Let go the newest connection not kept, of the address holding the most (not
        the newcomer's own unless it holds the most)."""
        ranked = sorted(self._by_address.items(), key=lambda kv: len(kv[1]), reverse=True)
        for address, held in ranked:
            if address == newcomer and len(ranked) > 1 and len(held) < len(ranked[0][1]):
                continue
            for victim in reversed(held):
                if not victim.kept:
                    self.release(victim)
                    self.evicted += 1
                    victim.abort()
                    return True
        return False

    def release(self, connection: Connection) -> None:
        """A connection ended (or was let go): its place is free. Safe to call twice."""
        held = self._by_address.get(connection.address)
        if held is None or connection not in held:
            return
        held.remove(connection)
        self.count -= 1
        if not held:
            del self._by_address[connection.address]

    def held_by(self, address: str) -> int:
        """Connections `address` holds now."""
        return len(self._by_address.get(address, ()))


# --- the room code ----------------------------------------------------------------------


@dataclass
class Guesses:
    """The room code's guess limits (see the module docstring). `clock` is the server's."""

    clock: Callable[[], float] = time.monotonic
    budget: int = ROOM_GUESSES
    refill: float = ROOM_REFILL
    lock_seconds: float = LOCK_SECONDS
    wrong: int = 0  # wrong guesses counted since the table started (for the log and tests)
    locks: int = 0
    _left: float = field(init=False)
    _at: float = field(init=False)
    _locked_at: float | None = field(init=False, default=None)
    _addresses: OrderedDict[str, Bucket] = field(init=False, default_factory=OrderedDict)
    _shared: Bucket | None = field(init=False, default=None)
    changes: int = 0  # bumped when the lock closes or opens (the screen follows)

    def __post_init__(self) -> None:
        self._left = float(self.budget)
        self._at = self.clock()

    @property
    def locked(self) -> bool:
        """Whether the room takes no code now (read from either thread: changes nothing)."""
        return self._locked_at is not None and \
            self.clock() - self._locked_at < self.lock_seconds

    def unlock(self) -> bool:
        """A pad was pressed (someone at the table): the room opens, the budget is
        whole again. True when it was locked."""
        was = self._locked_at is not None
        self._locked_at = None
        self._left, self._at = float(self.budget), self.clock()
        if was:
            self.changes += 1
            log.info("phones: joining with the room code is open again")
        return was

    def may_try(self, address: str) -> str:
        """"" when `address` may try a code now; else why not ("locked", "slow_down").
        Asked before the code is looked at: the answer is the same for any code."""
        if self._locked_at is not None and not self.locked:  # its time is over
            self.unlock()
        if self.locked:
            return "locked"
        return "" if self._bucket(address).take() else "slow_down"

    def missed(self) -> None:
        """A wrong code was given: one less in the room's budget; the last one locks."""
        now = self.clock()
        self._left = min(float(self.budget), self._left + (now - self._at) / self.refill)
        self._at = now
        self._left -= 1
        self.wrong += 1
        if self._left < 1 and self._locked_at is None:
            self._locked_at = now
            self.locks += 1
            self.changes += 1
            log.warning("phones: %d wrong room codes: joining with the code is locked until "
                        "a pad is pressed", self.budget)

    def _bucket(self, address: str) -> Bucket:
        bucket = self._addresses.get(address)
        if bucket is not None:
            self._addresses.move_to_end(address)
            return bucket
        if len(self._addresses) >= MAX_ADDRESSES:  # no more one by one: one for the rest
            if self._shared is None:
                self._shared = Bucket(ADDRESS_GUESSES[1], ADDRESS_GUESSES[0], self.clock)
            return self._shared
        bucket = self._addresses[address] = Bucket(ADDRESS_GUESSES[1], ADDRESS_GUESSES[0],
                                                   self.clock)
        return bucket


# --- the log ----------------------------------------------------------------------------


class OneLine(logging.Filter):
    """The web server's thread logs one line per problem, never a traceback, and at most
    `per_minute` lines a minute (the rest are counted and said once the minute is over):
    a flood of bad requests must not fill the card with its log."""

    def __init__(self, thread: str = "web", per_minute: int = 20,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.thread = thread
        self.per_minute = per_minute
        self.clock = clock
        self._minute = float("-inf")
        self._lines = 0
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if record.threadName != self.thread:
            return True
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            record.msg = f"{record.getMessage()}: {type(error).__name__}: {error}"[:300]
            record.args = None
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        now = self.clock()
        if now - self._minute >= 60.0:
            if self.dropped:
                record.msg = f"{record.getMessage()} ({self.dropped} more not logged)"
                record.args = None
            self._minute, self._lines, self.dropped = now, 0, 0
        self._lines += 1
        if self._lines > self.per_minute:
            self.dropped += 1
            return False
        return True


NOISY_LOGGERS = ("aiohttp.server", "aiohttp.web", "aiohttp.websocket", "aiohttp.access",
                 "aiohttp.internal", "asyncio", "companion.web")
"""The loggers the server's thread writes to, each given a `OneLine` filter."""


def quiet_logs(filter_: OneLine) -> Callable[[], None]:
    """Put `filter_` on every logger the server's thread writes to; returns its undo."""
    for name in NOISY_LOGGERS:
        logging.getLogger(name).addFilter(filter_)

    def undo() -> None:
        for name in NOISY_LOGGERS:
            logging.getLogger(name).removeFilter(filter_)
    return undo
