"""The table's own Wi-Fi, against a stand-in `nmcli` on the PATH (a script that answers
as NetworkManager's would, from a state file, and records every call): no known network
-> the access point is brought up and the setup screen shows its QR code beside the
page's; a network up -> nothing; "always" -> up anyway; NetworkManager missing, not
running or refusing -> said once in the log, the table plays on."""

from __future__ import annotations

import json
import logging
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.display.render import render
from companion.web.wifi import FILE_NAME, PROFILE, OwnWifi, wifi_qr_text
from web.harness import WebTable, read_qr

STAND_IN = '''#!{python}
"""A stand-in for nmcli: answers from state.json, records its arguments in calls.log."""
import json, pathlib, sys
here = pathlib.Path(__file__).parent
state = json.loads((here / "state.json").read_text())
args = sys.argv[1:]
with open(here / "calls.log", "a") as log:
    log.write(json.dumps(args) + "\\n")
def out(text, status=0):
    sys.stdout.write(text)
    sys.exit(status)
if args[:4] == ["-t", "-f", "RUNNING", "general"]:
    out("running\\n" if state["running"] else "", 0 if state["running"] else 8)
if args[:4] == ["-t", "-f", "DEVICE,TYPE,STATE,CONNECTION", "device"]:
    out("".join(":".join(d) + "\\n" for d in state["devices"]))
if args[:5] == ["-t", "-f", "NAME", "connection", "show"]:
    out("".join(name + "\\n" for name in state["profiles"]))
if args[:2] == ["connection", "add"]:
    if state.get("refuse"):
        sys.stderr.write("Error: Failed to add: Insufficient privileges.\\n")
        sys.exit(4)
    state["profiles"].append(args[args.index("con-name") + 1])
    (here / "state.json").write_text(json.dumps(state))
    out("Connection added.\\n")
if args[:2] == ["connection", "up"]:
    for d in state["devices"]:
        if d[0] == args[args.index("ifname") + 1]:
            d[2], d[3] = "connected", args[2]
    (here / "state.json").write_text(json.dumps(state))
    out("Connection successfully activated.\\n")
sys.stderr.write("stand-in nmcli: not understood: %r\\n" % args)
sys.exit(2)
'''

OFFLINE = [["wlan0", "wifi", "disconnected", ""], ["eth0", "ethernet", "unavailable", ""],
           ["lo", "loopback", "connected (externally)", "lo"]]
ONLINE = [["wlan0", "wifi", "connected", "Home"], ["lo", "loopback", "connected", "lo"]]


class NetworkManager:
    """The stand-in's folder: its state and the calls it received."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir()
        script = folder / "nmcli"
        script.write_text(STAND_IN.replace("{python}", sys.executable))
        script.chmod(script.stat().st_mode | stat.S_IEXEC)
        self.set(running=True, devices=OFFLINE, profiles=["Wired connection 1"])

    def set(self, **state: object) -> None:
        (self.folder / "state.json").write_text(json.dumps(state))

    def state(self) -> dict[str, object]:
        return dict(json.loads((self.folder / "state.json").read_text()))

    def calls(self) -> list[list[str]]:
        log = self.folder / "calls.log"
        return [json.loads(line) for line in log.read_text().splitlines()] \
            if log.exists() else []


@pytest.fixture
def nm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[NetworkManager]:
    manager = NetworkManager(tmp_path / "bin")
    monkeypatch.setenv("PATH", f"{manager.folder}{os.pathsep}{os.environ['PATH']}")
    yield manager


def own(tmp_path: Path, mode: str = "auto") -> tuple[OwnWifi, list[float]]:
    waited: list[float] = []
    wifi = OwnWifi(mode, 30.0, tmp_path, sleep=waited.append)
    wifi.start()
    wifi.join(30)
    return wifi, waited


def test_no_known_network_brings_the_access_point_up_and_keeps_its_name(
        tmp_path: Path, nm: NetworkManager) -> None:
    wifi, waited = own(tmp_path)
    assert waited == [30.0] and wifi.state == "up"
    card = wifi.card()
    assert card is not None and card.name.startswith("MUSH-") and len(card.password) >= 8
    calls = nm.calls()
    add = next(c for c in calls if c[:2] == ["connection", "add"])
    assert {"ap", "shared", "wpa-psk", card.name, card.password, PROFILE} <= set(add)
    assert ["connection", "up", PROFILE, "ifname", "wlan0"] in calls
    kept = tmp_path / FILE_NAME
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert json.loads(kept.read_text()) == {"name": card.name, "password": card.password}
    # the next start: the same name and password, the profile kept as it is
    nm.set(**{**nm.state(), "devices": OFFLINE})
    again, _ = own(tmp_path)
    assert again.card() == card
    assert sum(c[:2] == ["connection", "add"] for c in nm.calls()) == 1


def test_a_known_network_up_needs_no_access_point_unless_always(
        tmp_path: Path, nm: NetworkManager) -> None:
    nm.set(running=True, devices=ONLINE, profiles=["Home"])
    wifi, _ = own(tmp_path)
    assert wifi.state == "not needed" and wifi.card() is None
    assert not any(c[:1] == ["connection"] and c[1] in ("add", "up") for c in nm.calls())
    always, waited = own(tmp_path, "always")
    assert waited == [] and always.state == "up" and always.card() is not None


@pytest.mark.parametrize("trouble", ["missing", "not running", "refused"])
def test_without_network_manager_the_table_plays_on_and_says_why(
        tmp_path: Path, nm: NetworkManager, trouble: str, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "companion.web")
    if trouble == "missing":
        monkeypatch.setenv("PATH", "/nonexistent")
    elif trouble == "not running":
        nm.set(running=False, devices=[], profiles=[])
    else:
        nm.set(running=True, devices=OFFLINE, profiles=[], refuse=True)
    wifi, _ = own(tmp_path)
    assert wifi.state == "failed" and wifi.card() is None
    said = [r.getMessage() for r in caplog.records if r.getMessage().startswith("wifi:")]
    assert len(said) == 1, said
    assert {"missing": "no nmcli", "not running": "not running",
            "refused": "Insufficient privileges"}[trouble] in said[0]
    assert not any(r.exc_info for r in caplog.records)


def test_off_asks_nothing(tmp_path: Path, nm: NetworkManager) -> None:
    wifi, waited = own(tmp_path, "off")
    assert wifi.state == "off" and waited == [] and nm.calls() == []


def test_the_setup_screen_shows_the_wifi_code_beside_the_pages(
        tmp_path: Path, nm: NetworkManager) -> None:
    for folder in ("wifi", "table"):
        (tmp_path / folder).mkdir()
    wifi, _ = own(tmp_path / "wifi")
    card = wifi.card()
    assert card is not None
    assert wifi_qr_text("MUSH;1", 'a"b\\c') == 'WIFI:T:WPA;S:MUSH\\;1;P:a\\"b\\\\c;;'
    table = WebTable(tmp_path / "table")
    try:
        table.web.wifi = wifi.card
        table.step()
        frame = table.web.publish(table.companion.controller.frame(), table.companion)
        join = frame.join
        assert join is not None and join.wifi == card and join.code
        for size in ((1920, 1080), (1280, 720), (800, 480)):
            surface = pygame.Surface(size)
            log = render(frame, surface)
            assert log.problems() == [], size
            texts = " ".join(log.texts())
            assert card.name in texts and card.password in texts, size
            # the Wi-Fi's code comes first (leftmost) and reads back whole
            area = pygame.Rect(0, 0, size[0] // 2, size[1])
            assert read_qr(surface, card.qr, area) == card.qr, size
    finally:
        table.close()
