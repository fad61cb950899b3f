"""Attacks on the phones' server, each refused with nothing changed: a made-up token,
another seat's token, last game's token, replayed and malformed messages, a flood of
presses from 50 connections, a cross-origin WebSocket, a foreign Host, a request from a
public address; and the room code's guess limit. "Nothing changed" is checked on the
game itself (the state and the journal) and on the main loop's queue."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games.mush.model import Phase
from companion.web.server import MAX_MESSAGE
from web.harness import Phone, WebTable

PEER = "X-Test-Peer"


def peer(request: Any) -> str | None:
    """Tests only: the peer address a request claims in a test header (the server under
    test is given this in place of the socket's own address)."""
    return request.headers.get(PEER, request.remote)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[WebTable]:
    table = WebTable(tmp_path, remote=peer)
    table.step()
    yield table
    table.close()


def get(table: WebTable, path: str, headers: dict[str, str] | None = None,
        method: str = "GET", body: object = None) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", table.web.port, timeout=5)
    try:
        data = json.dumps(body).encode() if body is not None else None
        sent = {"Content-Type": "application/json"} if data else {}
        if method == "POST":  # as the page's own script sends it
            sent["Origin"] = table.url
        connection.request(method, path, body=data, headers={**sent, **(headers or {})})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def fingerprint(table: WebTable) -> tuple[object, ...]:
    """The game as the table keeps it: the state, the journal's events, the queue."""
    companion = table.companion
    events = companion.journal.load(companion.game_id) if companion.game_id else []
    return (companion.controller.state, len(events), table.events.qsize(),
            tuple(h.device for h in table.web.room.seats))


def start_game(table: WebTable) -> Phone:
    """Seat 0's phone starts the game from the setup menu; returns it."""
    phone = Phone(table, token=table.token(0))
    table.step()
    phone.wait(lambda: bool(phone.messages("seat")))
    phone.tap(phone.last()["menu"]["focus"])  # "Start the game" is where setup opens
    table.wait_events(2)
    table.step(0.3)
    assert table.companion.controller.state.phase is Phase.TRAINING
    phone.wait(lambda: phone.last()["phase"] == "training")
    return phone


def test_a_made_up_token_or_another_seats_token_opens_nothing(table: WebTable) -> None:
    owner = start_game(table)
    before = fingerprint(table)
    made_up = Phone(table, token="A" * 24)
    made_up.wait(made_up.closed.is_set)
    assert made_up.messages("refused") == [{"t": "refused", "why": "unknown"}]
    assert not made_up.messages("seat")
    # seat 0's link in another device's hands while its phone holds the seat
    thief = Phone(table, token=table.token(0))
    thief.wait(thief.closed.is_set)
    assert thief.messages("refused") == [{"t": "refused", "why": "held"}]
    # a message naming another seat acts for nobody but its own connection's seat
    owner.send({"t": "press", "b": "select", "hold": False, "n": 1, "c": owner.nonce,
                "v": owner.version(), "seat": 2})
    owner.wait(lambda: bool(owner.messages("nack")))
    assert owner.messages("nack")[-1]["why"] == "nothing" or table.events.qsize() == 0
    table.step()
    assert fingerprint(table) == before
    assert table.web.counts["refused_token"] == 1 and table.web.counts["refused_held"] == 1
    for phone in (owner, made_up, thief):
        phone.close()


def test_last_games_token_is_refused_and_a_connected_phone_keeps_its_seat(
        table: WebTable) -> None:
    phone = start_game(table)
    old = table.token(0), table.token(1), table.web.room.code
    table.companion.new_table()  # the game is left: back to setup for another one
    table.step()
    phone.wait(lambda: bool(phone.messages("token")))
    assert phone.last("token")["token"] == table.token(0) != old[0]
    assert table.web.room.code != old[2] and table.token(1) != old[1]
    assert len(table.token(0)) * 6 >= 128  # base64url: 6 bits a character
    before = fingerprint(table)
    stale = Phone(table, token=old[1])
    stale.wait(stale.closed.is_set)
    assert stale.messages("refused") == [{"t": "refused", "why": "unknown"}]
    table.step()
    assert fingerprint(table) == before and 0 in table.web.connected
    phone.close()
    stale.close()


def test_replayed_and_malformed_messages_change_nothing(table: WebTable) -> None:
    phone = start_game(table)
    table.step()
    assert phone.last()["menu"] is None  # seat 0 waits while another chooses training
    chooser = Phone(table, token=table.token(table.companion.controller.state
                                             .training_next or 0))
    table.step()
    chooser.wait(lambda: bool(chooser.messages("seat")) and chooser.last()["menu"])
    pressed = chooser.press("right")  # the focus moves: a real, harmless press
    table.wait_events(2)
    table.step(0.3)
    before = fingerprint(table)
    chooser.send(pressed)  # the very same message again
    old_nonce = chooser.nonce
    for text in ("not json", "[1, 2]", '{"t": 5}', '{"t": "press", "b": "up"}',
                 json.dumps({"t": "press", "b": "left", "n": 99, "c": old_nonce,
                             "v": chooser.version(), "hold": "yes"}),
                 json.dumps({"t": "tap", "i": 99, "n": 100, "c": old_nonce,
                             "v": chooser.version()}),
                 json.dumps({"t": "dance"})):
        chooser.send(text)
    chooser.wait(lambda: len(chooser.messages("nack")) >= 8)
    # a message from that connection, replayed on a new one, is refused too
    again = Phone(table, token=chooser_token(table, chooser), device=chooser.device)
    again.wait(lambda: bool(again.messages("welcome")))
    again.send(pressed)
    again.wait(lambda: bool(again.messages("nack")))
    table.step()
    assert fingerprint(table) == before
    whys = [m["why"] for m in chooser.messages("nack") + again.messages("nack")]
    assert whys.count("replayed") == 2 and whys.count("malformed") >= 6, whys
    # a message over the size limit ends the connection; still nothing changed
    again.send("x" * (MAX_MESSAGE + 10))
    again.wait(again.closed.is_set)
    table.step()
    assert fingerprint(table) == before
    for p in (phone, chooser, again):
        p.close()


def chooser_token(table: WebTable, phone: Phone) -> str:
    seat = phone.messages("welcome")[0]["seat"]
    return table.token(seat)


def test_a_flood_from_fifty_connections_reaches_the_queue_as_a_few_presses(
        table: WebTable) -> None:
    start_game(table)
    table.step()
    before = fingerprint(table)
    seat = table.companion.controller.state.training_next
    assert seat is not None
    owner = Phone(table, token=table.token(seat))
    table.step()
    owner.wait(lambda: bool(owner.messages("seat")) and owner.last()["menu"])
    crowd = []
    for i in range(49):  # watchers, stolen links and made-up ones, from 49 addresses
        kind = i % 3
        first = {"t": "watch"} if kind == 0 else {
            "t": "hello", "token": table.token(seat) if kind == 1 else f"{i:024d}",
            "device": None, "lang": "en"}
        crowd.append(Phone(table, hello=first, source=f"127.0.1.{10 + i}"))
    assert not any(phone.error for phone in crowd)  # all 50 connections are open
    for sent in range(30):  # every connection presses as fast as it can
        for phone in crowd:
            phone.send({"t": "press", "b": "right", "hold": False, "n": sent + 1,
                        "c": phone.nonce, "v": ""})
        owner.press("right")
    owner.wait(lambda: len(owner.messages("nack")) >= 30 - 6)
    # the fake clock stood still: the seat's own phone got its burst through, no more
    assert table.events.qsize() == 2 * table.web.config.presses_per_second
    assert table.web.counts["refused_too_fast"] >= 30 - 6
    while not table.events.empty():  # only focus moves of that seat's training menu
        event = table.events.get_nowait()
        assert event.seat == seat and event.button.value == "right"
    table.step()
    state = table.companion.controller.state
    assert (state, table.web.room.seats) == (before[0], table.web.room.seats)
    for phone in [owner, *crowd]:
        phone.close()


def test_a_cross_origin_websocket_and_a_foreign_host_are_refused(table: WebTable) -> None:
    before = fingerprint(table)
    for origin in ("http://evil.example", None, f"http://localhost:{table.web.port + 1}"):
        phone = Phone(table, token=table.token(0), origin=origin)
        assert phone.error is not None and "403" in str(phone.error)
        phone.close()
    assert table.web.counts["refused_origin"] == 3
    status, _ = get(table, "/", {"Host": f"evil.example:{table.web.port}"})  # rebinding
    assert status == 421
    assert get(table, "/", {"Host": f"localhost:{table.web.port}"})[0] == 200
    assert fingerprint(table) == before and table.web.room.holder(0) is None


@pytest.mark.parametrize("address", ["203.0.113.9", "8.8.8.8", "2001:db8::1", "100.64.0.1",
                                     "::ffff:8.8.8.8"])
def test_a_request_from_a_public_address_is_refused(table: WebTable, address: str) -> None:
    before = fingerprint(table)
    for path in ("/", "/seat", "/api/seats", "/static/seat.js"):
        status, body = get(table, path, {PEER: address})
        assert (status, body) == (403, b"local network only")
    status, _ = get(table, "/api/join", {PEER: address}, "POST",
                    {"code": table.web.room.code, "seat": 1})
    assert status == 403
    assert fingerprint(table) == before and table.web.room.holder(1) is None
    for local in ("192.168.1.20", "10.1.2.3", "172.20.0.5", "169.254.3.3", "fe80::1",
                  "fd00::5"):
        assert get(table, "/", {PEER: local})[0] == 200


def test_the_room_code_takes_a_free_seat_and_guesses_are_limited(table: WebTable) -> None:
    code = table.web.room.code
    status, body = get(table, "/api/join", {}, "POST", {"code": code.lower(), "seat": 2})
    answer = json.loads(body)
    assert status == 200 and answer["token"] == table.token(2) and answer["device"]
    assert get(table, "/api/join", {}, "POST", {"code": code, "seat": 2})[0] == 409  # held
    wrong = "".join("B" if c != "B" else "C" for c in code)
    statuses = [get(table, "/api/join", {PEER: "192.168.7.7"}, "POST",
                    {"code": wrong, "seat": 3})[0] for _ in range(7)]
    assert statuses[:4] == [403] * 4 and statuses[-1] == 429
    assert table.web.room.holder(3) is None
    # the phone that joined comes in with its link and device secret
    phone = Phone(table, token=answer["token"], device=answer["device"])
    phone.wait(lambda: bool(phone.messages("welcome")))
    assert phone.messages("welcome")[0]["seat"] == 2
    phone.close()


def test_pages_are_served_with_a_strict_policy(table: WebTable) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", table.web.port, timeout=5)
    connection.request("GET", "/seat")
    response = connection.getresponse()
    response.read()
    policy = response.getheader("Content-Security-Policy") or ""
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert response.getheader("Referrer-Policy") == "no-referrer"
    connection.close()
    assert get(table, "/export/events.jsonl")[0] == 404  # only once the game is over
    assert get(table, "/static/../room.py")[0] == 404
