"""The web package's parts on their own: the room (links, code, devices, its file), the
guard (addresses, hosts, origins, the bucket), the `[web]` table, what a tap stands for,
the snapshot's texts, and the join card the screen draws."""

from __future__ import annotations

import itertools
import json
import os
import stat
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from display.frames import all_frames
from table.helpers import FakeClock

from companion.config.file import parse_config
from companion.display import render
from companion.exc import ConfigError
from companion.games.mush.model import Phase
from companion.i18n import LANGUAGES
from companion.pads.events import Button, Kind, PadEvent
from companion.table.frame import JoinCard, Menu, MenuItem
from companion.web import room as room_module
from companion.web.config import WebConfig, parse_web
from companion.web.guard import Bucket, Hosts, local_address, same_origin
from companion.web.join import ADDRESS_SECONDS
from companion.web.qr import qr_rows
from companion.web.room import FILE_NAME, Room, device_hash
from companion.web.snapshot import (
    MenuShape,
    Snapshot,
    menu_shape,
    menu_version,
    presses_for,
)
from web.harness import Phone, WebTable, read_qr, seeded_bytes

# --- the room ----------------------------------------------------------------------------


def test_links_are_long_random_and_new_for_each_game(tmp_path: Path) -> None:
    room = Room.beside(tmp_path / "journal.sqlite3")
    tokens = [room.token(s) for s in range(6)]
    assert len(set(tokens)) == 6 and all(len(t) * 6 >= 128 for t in tokens)
    assert len(room.code) == 4 and room.code.isalpha() and not set(room.code) & {"I", "O"}
    assert room.follow(1) is False and room.game == 1  # setup's room goes into its game
    assert room.follow(None) is True  # the game is left: new links, new code
    assert not set(tokens) & {room.token(s) for s in range(6)}


def test_one_device_per_seat_and_the_room_kept_for_a_restart(tmp_path: Path) -> None:
    journal = tmp_path / "journal.sqlite3"
    room = Room.beside(journal)
    first = room.claim(2, None)
    assert first.ok and first.device and room.holder(2) == device_hash(first.device)
    assert room.claim(2, None).why == "held" and room.claim(2, "x" * 30).why == "held"
    assert room.claim(2, first.device).ok  # the same phone again
    moved = room.claim(3, first.device)  # a phone holds one seat: it moves
    assert moved.ok and room.holder(2) is None and room.seat_of(room.token(3)) == 3
    room.flush()  # (what the server does at its close; else within the second)
    again = Room.beside(journal, seeded_bytes(1))
    assert (again.code, again.token(3), again.holder(3)) == (room.code, room.token(3),
                                                             room.holder(3))
    text = (tmp_path / FILE_NAME).read_text()
    assert first.device not in text  # only its hash is kept
    assert stat.S_IMODE(os.stat(tmp_path / FILE_NAME).st_mode) == 0o600
    assert again.free(3) and not again.free(3) and again.free_seats() == tuple(range(6))
    assert again.seat_of("nope") is None and again.seat_of(None) is None
    assert again.code_matches(again.code.lower()) and not again.code_matches("ZZZZZ")


def test_the_room_file_is_written_at_most_once_a_second(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One phone claiming and leaving its seat 19 times a second wrote the file 38 times
    a second, each with an fsync: now once a second, with the last change in it."""
    now = [100.0]
    due: list[tuple[float, Callable[[], None]]] = []
    writes: list[float] = []
    real = room_module.write_atomic

    def counted(path: Path, data: bytes, mode: int = 0o644) -> None:
        writes.append(now[0])
        real(path, data, mode)

    monkeypatch.setattr(room_module, "write_atomic", counted)
    room = Room(tmp_path / FILE_NAME, clock=lambda: now[0],
                later=lambda seconds, call: due.append((now[0] + seconds, call)))
    room.save()
    for second in range(3):
        for step in range(19):  # claim and leave, 19 times a second, for 3 seconds
            now[0] = 101.0 + second + step / 19
            while due and due[0][0] <= now[0]:
                due.pop(0)[1]()
            assert room.claim(1, None).ok and room.free(1)
    while due:
        now[0] = max(now[0], due[0][0])
        due.pop(0)[1]()
    assert len(writes) <= 1 + 3 + 1  # the first, one a second, and the last change
    assert all(b - a >= 1.0 for a, b in itertools.pairwise(writes))
    kept = json.loads((tmp_path / FILE_NAME).read_text())
    assert [s["device"] for s in kept["seats"]] == [None] * 6  # the last change is kept
    room.claim(4, None)
    room.flush()
    assert json.loads((tmp_path / FILE_NAME).read_text())["seats"][4]["device"] is not None


def test_a_damaged_room_file_frees_every_seat(tmp_path: Path,
                                              caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / FILE_NAME).write_text("{not json")
    room = Room.beside(tmp_path / "journal.sqlite3")
    assert room.free_seats() == tuple(range(6)) and "damaged" in caplog.text


# --- the guard ---------------------------------------------------------------------------


@pytest.mark.parametrize(("address", "local"), [
    ("127.0.0.1", True), ("10.0.0.7", True), ("172.31.255.1", True), ("192.168.4.1", True),
    ("169.254.10.10", True), ("::1", True), ("fd12::3", True), ("fe80::1%wlan0", True),
    ("::ffff:192.168.1.9", True), ("172.32.0.1", False), ("8.8.8.8", False),
    ("100.64.0.1", False), ("2001:db8::1", False), ("::ffff:1.1.1.1", False), ("", False),
    (None, False), ("not an address", False),
])
def test_only_local_addresses_are_answered(address: str | None, local: bool) -> None:
    assert local_address(address) is local


def test_hosts_and_origins() -> None:
    hosts = Hosts(["mush.example"])
    assert hosts.allowed("192.168.1.23:8080") and hosts.allowed("[fe80::1]:8080")
    assert hosts.allowed("localhost:8080") and hosts.allowed("mush.example:8080")
    assert not hosts.allowed("evil.example:8080") and not hosts.allowed(None)
    assert same_origin("http://192.168.1.23:8080", "192.168.1.23:8080")
    assert not same_origin("http://192.168.1.23:8081", "192.168.1.23:8080")
    assert not same_origin("http://evil.example", "192.168.1.23:8080")
    assert not same_origin(None, "192.168.1.23:8080") and not same_origin("null", "x")


def test_the_bucket_allows_a_burst_then_the_rate() -> None:
    clock = FakeClock()
    bucket = Bucket(2.0, 3.0, clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.advance(0.5)
    assert bucket.take() and not bucket.take() and bucket.dropped == 2


# --- the config ---------------------------------------------------------------------------


def test_the_web_table_of_the_config_file() -> None:
    assert parse_config({}).web == WebConfig()
    config = parse_config({"web": {"enabled": False, "port": 9000, "url": "http://mush.local:9000",
                                   "presses_per_second": 4}})
    assert config.web == WebConfig(False, 9000, "::", "http://mush.local:9000", 4.0)
    for bad, key in (({"port": 80}, "web.port"), ({"enabled": "yes"}, "web.enabled"),
                     ({"bind": "everywhere"}, "web.bind"), ({"url": "ftp://x"}, "web.url"),
                     ({"pots": 1}, "web.pots"), ({"presses_per_second": 0},
                                                 "web.presses_per_second")):
        with pytest.raises(ConfigError) as caught:
            parse_web(bad)
        assert caught.value.key == key
    with pytest.raises(ConfigError, match=r"pads\.source"):
        parse_config({"pads": {"source": "web"}, "web": {"enabled": False}})
    assert parse_config({"pads": {"source": "web"}}).pads.source == "web"


# --- taps and texts -----------------------------------------------------------------------


def menu(style: str, items: list[tuple[str, bool, str]], focus: int = 0) -> Menu:
    return Menu(0, "T", tuple(MenuItem(label, "", enabled, None, button)
                              for label, enabled, button in items), focus, "", style)


def presses(shape: MenuShape | None, index: int) -> list[tuple[Button, bool]] | None:
    snapshot = Snapshot(None, 6, {}, {}, {}, {0: shape} if shape else {})
    return presses_for(snapshot, 0, {"t": "tap", "i": index})


def test_a_tap_is_the_press_its_item_shows() -> None:
    keys = menu_shape(menu("keys", [("a", True, "select"), ("b", False, "left"),
                                    ("c", True, "right")], -1))
    assert presses(keys, 2) == [(Button.RIGHT, False)]
    assert presses(keys, 1) == [(Button.LEFT, False)]  # greyed: the table says why
    offer = menu_shape(menu("buttons", [("Reroll", True, "")], -1))
    assert presses(offer, 0) == [(Button.SELECT, False)]
    listed = menu_shape(menu("list", [("a", True, ""), ("b", False, ""), ("c", True, ""),
                                      ("d", True, ""), ("e", True, "")], focus=4))
    assert presses(listed, 4) == [(Button.SELECT, False)]
    assert presses(listed, 0) == [(Button.RIGHT, False), (Button.SELECT, False)]  # wraps
    assert presses(listed, 3) == [(Button.LEFT, False), (Button.SELECT, False)]
    assert presses(listed, 2) == [(Button.RIGHT, False)] * 2 + [(Button.SELECT, False)]
    assert presses(listed, 1) == []  # a greyed item of a list cannot be focused
    assert presses(listed, 9) is None
    assert presses(menu_shape(menu("bid", [("less", True, "left")], -1)), 0) is None


def test_a_menu_version_ignores_the_focus_only() -> None:
    items = [("a", True, ""), ("b", True, "")]
    assert menu_version(menu("list", items, 0)) == menu_version(menu("list", items, 1))
    assert menu_version(menu("list", items, 0)) != menu_version(menu("keys", items, 0))
    assert menu_version(None) == ""


def test_holding_left_on_a_pad_outside_the_bidding_frees_its_seats_phone(
        tmp_path: Path) -> None:
    table = WebTable(tmp_path)
    table.step()
    phone = Phone(table, token=table.token(1))
    table.step()
    phone.wait(lambda: bool(phone.messages("seat")))
    assert table.web.room.holder(1) is not None
    for kind in (Kind.PRESS, Kind.HOLD, Kind.RELEASE):  # a physical pad's hold of ◀
        table.companion.handle(PadEvent(1, Button.LEFT, kind))
    table.step()
    phone.wait(phone.closed.is_set)
    assert phone.messages("refused")[-1]["why"] == "freed"
    assert table.web.room.holder(1) is None
    frame = table.web.publish(table.companion.controller.frame(), table.companion)
    assert frame.join is not None and frame.join.seat == 1  # the seat's own code shows
    phone.close()
    table.close()


def test_the_join_card_on_the_screen_is_the_qr_code_of_the_room(tmp_path: Path) -> None:
    table = WebTable(tmp_path)
    table.step()
    frame = table.web.publish(table.companion.controller.frame(), table.companion)
    card = frame.join
    assert card is not None and card.code == table.web.room.code
    assert card.address == table.url and table.companion.controller.state.phase is Phase.SETUP
    surface = pygame.Surface((1280, 720))
    log = render(frame, surface)
    assert any(card.code in d.text and d.fit in ("full", "shrunk") for d in log.draws)
    assert not [d for d in log.draws if d.fit in ("ellipsized", "dropped")]
    dark = [(x, y) for y, row in enumerate(card.qr) for x, c in enumerate(row) if c == "1"]
    assert read_qr(surface, card.qr, pygame.Rect(0, 200, 400, 520)) == card.qr
    assert len(dark) > 100
    table.close()


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_setup_with_its_join_card_is_whole_at_every_size(language: str,
                                                             players: int) -> None:
    """On setup the card is part of the screen, above the version and address lines (not
    drawn over them), and the choices' lines stop above it."""
    address = "http://192.168.178.123:8080"
    card = JoinCard(address, "WXYZ", qr_rows(f"{address}/#room=WXYZ"))
    frame = replace(all_frames(players)["setup"], join=card,
                    about=("MUSH companion 9.9.9", address))
    for size in ((800, 480), (1280, 720), (1920, 1080)):
        surface = pygame.Surface(size)
        log = render(frame, surface, language=language)
        assert log.problems() == [], (size, language, players)
        whole = log.whole()
        assert "MUSH companion 9.9.9" in whole and address in whole
        assert any("WXYZ" in text for text in whole)
        # the address on one line beside the code, the version lines below the card
        assert any(d.text == "192.168.178.123:8080" and d.fit == "full" for d in log.draws)
        version = next(pygame.Rect(d.rect) for d in log.draws if d.text == "MUSH companion 9.9.9")
        code = next(pygame.Rect(d.rect) for d in log.draws if "WXYZ" in d.text)
        assert code.bottom <= version.top
        # read above the version (the seats' badges below hold black too)
        assert read_qr(surface, card.qr, pygame.Rect(0, 0, size[0] // 2, version.top)) \
            == card.qr


def test_the_join_card_follows_an_address_the_network_gives_after_start(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A Pi's service may start before its Wi-Fi is up: the card offers the address the
    network gives later, within `ADDRESS_SECONDS`, and the log says so once."""
    lan = ["127.0.0.1"]
    table = WebTable(tmp_path, lan=lambda: lan[0])
    try:
        table.step()
        port = table.web.port
        card = table.web.publish(table.companion.controller.frame(), table.companion).join
        assert card is not None and card.address == f"http://127.0.0.1:{port}"
        lan[0] = "192.168.1.50"  # the Wi-Fi comes up
        table.clock.advance(ADDRESS_SECONDS - 1)
        card = table.web.publish(table.companion.controller.frame(), table.companion).join
        assert card is not None and card.address == f"http://127.0.0.1:{port}"  # not yet
        with caplog.at_level("INFO", logger="companion.web"):
            table.clock.advance(1)
            card = table.web.publish(table.companion.controller.frame(),
                                     table.companion).join
            table.clock.advance(ADDRESS_SECONDS)
            again = table.web.publish(table.companion.controller.frame(),
                                      table.companion).join
        assert card is not None and card.address == f"http://192.168.1.50:{port}"
        assert card.qr == qr_rows(f"http://192.168.1.50:{port}/#room={card.code}")
        assert again == card
        said = [r.getMessage() for r in caplog.records if "address is now" in r.getMessage()]
        assert said == [f"phones: the address is now http://192.168.1.50:{port}"]
    finally:
        table.close()
