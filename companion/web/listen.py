"""The phones' listening socket: every connection through the gate, small requests only,
an idle connection closed, and enough files for the process.

aiohttp's own site would accept connections without number; here each accepted
connection first asks the `Gate` (companion.web.limits) and is closed at once when
refused. The runner is made with `REQUEST_LIMITS`: a request line, a header and the
number of headers are bounded (a 9 KB address is refused with 400 before anything is
routed), and a connection that sends no request for `IDLE_SECONDS` is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
import socket
from typing import Any

from aiohttp import web

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
    handler sees a byte, and refused ones are closed at once. Everything else is passed
    through as it comes."""

    def __init__(self, inner: asyncio.Protocol, gate: Gate) -> None:
        self.inner = inner
        self.gate = gate
        self.gate_connection: Connection | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        address = address.removeprefix("::ffff:")
        abort = getattr(transport, "abort", transport.close)
        connection = Connection(address, abort)
        self.inner.connection_made(transport)
        if self.gate.admit(connection):
            self.gate_connection = connection
        else:
            abort()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.gate_connection is not None:
            self.gate.release(self.gate_connection)
            self.gate_connection = None
        self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()


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
                                          backlog=128)
    except OSError:
        if bind != "::":
            raise
        server = await loop.create_server(handler, "0.0.0.0", port, reuse_address=True,
                                          backlog=128)
    sockets = server.sockets or ()
    bound = next((s.getsockname()[1] for s in sockets
                  if s.family in (socket.AF_INET, socket.AF_INET6)), port)
    return server, int(bound)
