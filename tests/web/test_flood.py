"""A flood on the phones' port costs the table nothing: what a connection sends over its
budget is never parsed (its connection is let go at the gate, before aiohttp reads a
byte of it), its address cools down (its next connections are held unread a while, then
let go, their requests never parsed), and every other address is served meanwhile. The
gate runs on the test's fake clock: the budget never refills and the cooldown ends only
when the test moves the clock."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.web.limits import BUDGET, COOLDOWN
from web.harness import Phone, WebTable

FLOODER = "127.0.40.1"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[WebTable]:
    table = WebTable(tmp_path)
    table.web.gate.clock = table.clock  # the budget and the cooldown on the fake clock
    table.web.gate.tarpit = 0.2
    table.step()
    yield table
    table.close()


def connect(table: WebTable, source: str) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", table.web.port), timeout=10,
                                 source_address=(source, 0))
    return s


def answer(s: socket.socket) -> bytes:
    """Everything the server sends before it closes the connection."""
    out = b""
    try:
        while chunk := s.recv(4096):
            out += chunk
    except ConnectionResetError:
        pass
    return out


def get(table: WebTable, source: str) -> bytes:
    with connect(table, source) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return answer(s)


def test_a_connection_over_its_budget_is_let_go_unparsed_and_its_address_cools(
        table: WebTable) -> None:
    gate = table.web.gate
    # A burst of one read under a KB: the socket may hand the server the flood in reads
    # of any size, and with the whole burst a first read of 64 KB would be under it and
    # parsed (a 400) before the next one was over. Here any read of a KB or more is over
    # at once, and one shorter is held by aiohttp unanswered (no line ends in it).
    gate.budget = (BUDGET[0], 1.0)
    # more than the budget allows at once (a KB costs one more): bytes that are not even
    # HTTP, which aiohttp would answer with a 400 had it parsed them
    flood = b"x" * (1024 * (int(BUDGET[1]) + 64))
    with connect(table, FLOODER) as s:
        with contextlib.suppress(ConnectionResetError, BrokenPipeError):
            s.sendall(flood)  # (let go while it still sends)
        assert answer(s) == b""  # no answer at all: nothing was parsed
    table.wait(lambda: gate.flooded == 1, "the flood let go")
    # meanwhile its address is held unread, then let go: its request never parsed
    assert get(table, FLOODER) == b""
    assert gate.tarpitted == 1
    # any other address is served as ever
    assert get(table, "127.0.40.2").startswith(b"HTTP/1.1 200")
    # and once the cooldown is over, so is the flooder's
    table.clock.advance(COOLDOWN + 0.1)
    assert get(table, FLOODER).startswith(b"HTTP/1.1 200")
    assert gate.flooded == 1 and gate.tarpitted == 1


def test_a_seated_phone_that_floods_is_let_go_and_comes_back_after_the_cooldown(
        table: WebTable) -> None:
    gate = table.web.gate
    phone = Phone(table, token=table.token(0), source=FLOODER)
    table.step()
    phone.wait(lambda: bool(phone.messages("seat")))
    for _ in range(int(BUDGET[1]) + 40):  # each message a read of its own, or more
        phone.send_bytes(b"[" + b"0," * 500 + b"0]")
        if phone.closed.is_set():
            break
    phone.wait(phone.closed.is_set)
    table.wait(lambda: gate.flooded == 1, "the flood let go")
    refused = sum(v for k, v in table.web.counts.items() if k.startswith("refused_"))
    assert refused < BUDGET[1]  # its excess never reached the server's reader
    assert table.events.empty()
    assert get(table, FLOODER) == b""  # its address cools down: held unread, let go
    assert gate.tarpitted == 1
    table.clock.advance(COOLDOWN + 0.1)
    back = Phone(table, token=table.token(0), device=phone.device, source=FLOODER)
    back.wait(lambda: bool(back.messages("welcome")))
    assert back.messages("welcome")[0]["seat"] == 0
    for p in (phone, back):
        p.close()
