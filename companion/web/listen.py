"""The phones' listening socket: every connection through the gate, small requests only,
an idle connection closed, and enough files for the process.

aiohttp's own site would accept connections without number; here each accepted
connection first asks the `Gate` (companion.web.limits) and is closed at once when
refused. What a connection sends is counted against its budget before aiohttp parses a
byte of it: one over its budget is let go there (its excess never parsed, never queued)
and its address cools down; a connection from a cooling address is held unread for a
while and let go, its request never parsed. A connection the server is closing is not
read any more either (`Gated.mute`): a page that floods while it is being let go is not
parsed to the end of its flood.

The runner is made with `REQUEST_LIMITS`: a request line, a header and the number of
headers are bounded (a 9 KB address is refused with 400 before anything is routed), and
a connection that sends no request for `IDLE_SECONDS` is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
import socket
from typing import Any

from aiohttp import web

from companion.web.guard import Bucket
from companion.web.limits import Connection, Gate

log = logging.getLogger("companion.web")

IDLE_SECONDS = 15.0
"""A connection with no request this long is closed (a phone's page keeps its WebSocket
busy with pings; a browser's spare connection comes back when needed)."""

REQUEST_LIMITS: dict[str, Any] = {
    "max_line_size": 2048,  # the request line: "GET /seat HTTP/1.1" and a short query
    "max_field_size": 4096,  # one header
    "max_headers": 40,
    "keepalive_timeout": IDLE_SECONDS,
}

FILES_WANTED = 8192
"""Open files the process asks for (the unit's LimitNOFILE= gives as many): the gate's
connections, the journal, the fonts and the sound leave plenty spare."""


def raise_file_limit(wanted: int = FILES_WANTED) -> int:
    """Raise this process's soft limit on open files towards `wanted` (within the hard
    limit); returns the limit now in force. A sandbox that forbids it (the unit's
    system call filter does; LimitNOFILE= has raised it already) changes nothing."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(OSError, ValueError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class Gated(asyncio.Protocol):
    """aiohttp's request handler behind the gate: the connection is admitted before the
    handler sees a byte, refused ones are closed at once, and what it sends is counted
    against its budget before the handler parses it (module docstring)."""

    def __init__(self, inner: asyncio.Protocol, gate: Gate) -> None:
        self.inner = inner
        self.gate = gate
        self.gate_connection: Connection | None = None
        self.address = "?"
        self.muted = False  # nothing more it sends is read
        self._transport: asyncio.BaseTransport | None = None
        self._budget: Bucket | None = None
        self._inner_made = False  # whether the handler was given the connection

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        self.address = address = address.removeprefix("::ffff:")
        self._transport = transport
        abort = getattr(transport, "abort", transport.close)
        connection = Connection(address, abort)
        if self.gate.cooling(address):  # held unread a while, then let go
            self.gate.tarpitted += 1
            self.mute()
            if self.gate.admit(connection):
                self.gate_connection = connection
                asyncio.get_running_loop().call_later(self.gate.tarpit, abort)
            else:
                abort()
            return
        self._budget = self.gate.allowance()
        self.inner.connection_made(transport)
        self._inner_made = True
        if self.gate.admit(connection):
            self.gate_connection = connection
        else:
            abort()

    def mute(self) -> None:
        """Read nothing more from this connection (what arrives is dropped unparsed)."""
        self.muted = True
        transport = self._transport
        if isinstance(transport, asyncio.ReadTransport):
            with contextlib.suppress(Exception):
                transport.pause_reading()

    def flood(self) -> None:
        """It sent what no page sends: let go, its address cooling down."""
        self.gate.flooded += 1
        self.gate.cool(self.address)
        self.mute()
        if self.gate_connection is not None:
            self.gate_connection.abort()
        elif self._transport is not None:
            self._transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.gate_connection is not None:
            self.gate.release(self.gate_connection)
            self.gate_connection = None
        if self._inner_made:
            self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.muted:
            # (aiohttp may resume reading as its queue drains: paused again, unparsed)
            self.mute()
            return
        if self._budget is not None and not self._budget.take(1 + len(data) // 1024):
            self.flood()
            return
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        if not self._inner_made:
            return None
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        if self._inner_made:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self._inner_made:
            self.inner.resume_writing()


BACKLOG = 1024
"""Connections the kernel queues before the server accepts them. A crowd (a flood from
the LAN, or many phones at once) then waits in the kernel's queue, costing the process
nothing, and the gate takes each in turn; with a short queue the kernel drops their
openings and the clients try again seconds later, so a busy server meets them in slow
waves and a real phone's own opening may be among those dropped."""


async def listen(runner: web.AppRunner, gate: Gate, bind: str, port: int
                 ) -> tuple[asyncio.Server, int]:
    """Serve `runner`'s application on `bind`:`port` through `gate` (on "::", IPv4 too;
    where the machine has no IPv6, on "0.0.0.0"); returns the server and its port."""
    loop = asyncio.get_running_loop()
    manager = runner.server
    assert manager is not None, "runner.setup() first"

    def handler() -> Gated:
        return Gated(manager(), gate)

    try:
        server = await loop.create_server(handler, bind, port, reuse_address=True,
                                          backlog=BACKLOG)
    except OSError:
        if bind != "::":
            raise
        server = await loop.create_server(handler, "0.0.0.0", port, reuse_address=True,
                                          backlog=BACKLOG)
    sockets = server.sockets or ()
    bound = next((s.getsockname()[1] for s in sockets
                  if s.family in (socket.AF_INET, socket.AF_INET6)), port)
    return server, int(bound)
