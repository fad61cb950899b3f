"""The service unit as systemd itself reads it: verify, security score, and W^X.

`systemd-analyze verify` also checks that ExecStart's binary exists, and the real one
(/opt/mush-companion/venv/bin/mush-companion) is only there on an installed Pi, so the
unit is checked as a copy whose ExecStart points at this test venv's console script.
Everything else in the copy is byte for byte the shipped unit.
"""

from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.web.guard import LOCAL_NETWORKS, SYSTEMD_ALLOW
from companion.web.limits import MAX_CONNECTIONS
from companion.web.listen import FILES_WANTED

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "mush-companion.service"
INSTALLED_EXEC = "/opt/mush-companion/venv/bin/mush-companion run"
MAX_EXPOSURE = 2.0

needs_analyze = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed"
)


def unit_copy(tmp_path: Path) -> Path:
    """The shipped unit with ExecStart pointed at an executable that exists here."""
    text = UNIT.read_text(encoding="utf-8")
    exec_line = f"ExecStart={INSTALLED_EXEC}"
    assert text.count(exec_line) == 1, "the unit must start the installed console script"
    script = Path(sys.executable).with_name("mush-companion")
    target = script if script.exists() else Path(sys.executable)
    copy = tmp_path / UNIT.name
    copy.write_text(text.replace(exec_line, f"ExecStart={target} run"), encoding="utf-8")
    return copy


def directives(section: str) -> dict[str, list[str]]:
    """Every `Key=value` of a unit section, repeated keys kept in order."""
    values: dict[str, list[str]] = {}
    current = None
    for raw in UNIT.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            current = line.strip("[]")
            continue
        if current == section:
            key, _, value = line.partition("=")
            values.setdefault(key, []).append(value)
    return values


@needs_analyze
def test_systemd_analyze_verify_is_clean(tmp_path: Path) -> None:
    result = subprocess.run(
        ["systemd-analyze", "verify", str(unit_copy(tmp_path))],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


@needs_analyze
def test_security_exposure_is_two_or_better(tmp_path: Path) -> None:
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", "--no-pager", str(unit_copy(tmp_path))],
        capture_output=True, text=True, timeout=60, check=False,
    )
    output = result.stdout + result.stderr
    match = re.search(r"Overall exposure level for \S+: (\d+(?:\.\d+)?)", output)
    assert match, output
    exposure = float(match.group(1))
    print(f"\nsystemd-analyze security exposure: {exposure} (must be <= {MAX_EXPOSURE})")
    assert exposure <= MAX_EXPOSURE, output


def test_unit_promises_what_the_app_relies_on() -> None:
    service = directives("Service")
    assert service["Type"] == ["notify"]
    assert service["NotifyAccess"] == ["main"]
    assert service["Restart"] == ["on-failure"]
    assert service["User"] == ["mush"]
    assert service["StateDirectory"] == ["mush-companion"]
    assert service["ConfigurationDirectory"] == ["mush-companion"]
    # The watchdog interval must leave the loop time to ping at half of it.
    watchdog = service["WatchdogSec"][0]
    assert watchdog.endswith("s") and float(watchdog[:-1]) >= 2
    env = dict(v.split("=", 1) for v in service["Environment"])
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert env["PYTHONUNBUFFERED"] == "1"
    groups = set(service["SupplementaryGroups"][0].split())
    assert {"gpio", "video", "render", "input", "audio", "dialout"} <= groups
    # lgpio creates FIFOs in the working directory; it must be a writable one.
    assert service["WorkingDirectory"] == ["/run/mush-companion"]
    assert service["RuntimeDirectory"] == ["mush-companion"]
    # SDL's evdev input (keyboard pads under kmsdrm) needs a udev netlink socket; the
    # phones' web server needs IPv4 and IPv6, limited to the ranges it answers itself.
    assert set(service["RestrictAddressFamilies"][0].split()) == {
        "AF_UNIX", "AF_NETLINK", "AF_INET", "AF_INET6"}
    assert service["IPAddressDeny"] == ["any"]
    assert service["IPAddressAllow"] == [SYSTEMD_ALLOW]
    assert "PrivateNetwork" not in service
    allowed = {entry.split()[0] for entry in service["DeviceAllow"]}
    assert {"char-drm", "char-alsa", "char-gpiochip", "char-input", "char-ttyACM"} <= allowed
    # every connection the phones' server may hold, and more, fit in the file limit (the
    # filter refuses setrlimit, so the unit raises it)
    assert int(service["LimitNOFILE"][0]) >= FILES_WANTED >= 4 * MAX_CONNECTIONS


def test_the_units_address_list_is_the_web_servers() -> None:
    """IPAddressAllow= names the ranges companion.web.guard answers, no more, no less."""
    named = {"localhost": {"127.0.0.0/8", "::1/128"},
             "link-local": {"169.254.0.0/16", "fe80::/10"}}
    ranges: set[str] = set()
    for entry in SYSTEMD_ALLOW.split():
        ranges |= named.get(entry, {entry})
    assert ranges == {str(network) for network in LOCAL_NETWORKS}


def test_modules_for_allowed_device_groups_load_at_boot() -> None:
    """DeviceAllow=char-X only matches groups registered when the service starts."""
    modules = {
        line.strip()
        for line in (ROOT / "systemd" / "modules-load.conf").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    assert modules == {"drm", "snd", "cdc_acm"}


def test_udev_rule_names_the_pico_hub() -> None:
    rule_lines = [
        line for line in (ROOT / "systemd" / "99-mush-pad-hub.rules").read_text().replace(
            "\\\n", " ").splitlines()
        if "idVendor" in line
    ]
    assert len(rule_lines) == 1
    rule = rule_lines[0]
    for part in ('ATTRS{idVendor}=="2e8a"', 'ATTRS{idProduct}=="0005"',
                 'SYMLINK+="mush-pad-hub"', 'GROUP="dialout"', 'MODE="0660"',
                 'TAG+="systemd"'):
        assert part in rule


def test_unit_parses_as_ini_without_duplicated_sections() -> None:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(UNIT.read_text(encoding="utf-8"))
    assert parser.sections() == ["Unit", "Service", "Install"]
    assert parser["Install"]["WantedBy"] == "multi-user.target"


MDWE_CHILD = textwrap.dedent(
    """
    import ctypes, os, sys
    libc = ctypes.CDLL(None, use_errno=True)
    PR_SET_MDWE, PR_GET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN = 65, 66, 1
    if libc.prctl(PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN, 0, 0, 0) != 0:
        sys.exit(77)  # kernel older than 6.3: cannot check here
    assert libc.prctl(PR_GET_MDWE, 0, 0, 0, 0) == PR_MDWE_REFUSE_EXEC_GAIN
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    # a ctypes callback needs an executable trampoline from libffi
    CMP = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_int),
                           ctypes.POINTER(ctypes.c_int))
    values = (ctypes.c_int * 4)(3, 1, 4, 2)
    libc.qsort(values, 4, ctypes.sizeof(ctypes.c_int), CMP(lambda a, b: a[0] - b[0]))
    assert list(values) == [1, 2, 3, 4]
    import sqlite3
    db = sqlite3.connect(":memory:")
    db.execute("create table t (x)")
    import pygame
    pygame.display.init()
    pygame.display.set_mode((320, 200))
    pygame.font.init()
    pygame.mixer.init()
    import companion.app.service, companion.games.mush, companion.pads, companion.voice
    print("survived")
    """
)


def test_runtime_survives_memory_deny_write_execute() -> None:
    """The unit sets MemoryDenyWriteExecute=yes; the kernel's MDWE prctl is the same rule.

    Run Python, ctypes callbacks, SQLite, pygame (dummy drivers) and the companion's
    packages with writable+executable memory refused, so a dependency that needs a JIT
    shows up here instead of as a crash on the Pi.
    """
    result = subprocess.run(
        [sys.executable, "-c", MDWE_CHILD], cwd=ROOT, capture_output=True, text=True,
        timeout=60, check=False,
    )
    if result.returncode == 77:
        pytest.skip("this kernel has no PR_SET_MDWE (Linux 6.3+)")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("survived")


GLES_CHILD = textwrap.dedent(
    """
    import ctypes, os, sys
    if sys.argv[1] == "mdwe":
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(65, 1, 0, 0, 0) != 0:  # PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN
            sys.exit(77)
    os.environ["SDL_VIDEODRIVER"] = "offscreen"
    os.environ["SDL_RENDER_DRIVER"] = "opengles2"
    import pygame
    from pygame._sdl2 import video
    pygame.display.init()
    try:
        window = video.Window("mdwe", size=(32, 32))
        renderer = video.Renderer(window, accelerated=1)
    except pygame.error as error:
        print(error)
        sys.exit(78)
    renderer.draw_color = (0, 0, 0, 255)
    renderer.clear()
    # Real draws, not only a clear: shaders run (a JIT would compile them here).
    renderer.draw_color = (200, 30, 40, 255)
    renderer.fill_rect(pygame.Rect(0, 0, 16, 16))
    tile = pygame.Surface((8, 8))
    tile.fill((10, 220, 30))
    video.Texture.from_surface(renderer, tile).draw(dstrect=pygame.Rect(16, 16, 8, 8))
    renderer.present()
    shot = renderer.to_surface()
    print(tuple(shot.get_at((5, 5))), tuple(shot.get_at((20, 20))), tuple(shot.get_at((28, 4))))
    """
)


@pytest.mark.slow
def test_gles_rendering_survives_memory_deny_write_execute() -> None:
    """SDL -> EGL -> libglvnd -> Mesa, from EGL set-up to drawing, with W^X refused.

    On the Pi the GPU driver (v3d or vc4) draws; here Mesa's softpipe, which like the
    GPU drivers compiles nothing to CPU code. (Mesa's llvmpipe does compile, and
    crashes under this rule: that is the one case the unit's docs tell to switch
    MemoryDenyWriteExecute= off.) A first run without the rule finds out whether this
    machine has GLES libraries at all; the test is skipped if not.
    """
    env = dict(os.environ, GALLIUM_DRIVER="softpipe", LIBGL_ALWAYS_SOFTWARE="1")

    def run(mode: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", GLES_CHILD, mode], cwd=ROOT, env=env,
            capture_output=True, text=True, timeout=60, check=False,
        )

    probe = run("probe")
    if probe.returncode == 78:
        pytest.skip(f"no GLES renderer on this machine: {probe.stdout.strip()}")
    assert probe.returncode == 0, probe.stderr
    result = run("mdwe")
    if result.returncode == 77:
        pytest.skip("this kernel has no PR_SET_MDWE (Linux 6.3+)")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1] == (
        "(200, 30, 40, 255) (10, 220, 30, 255) (0, 0, 0, 255)")


def test_restart_backs_off_and_spares_errors_a_restart_cannot_fix() -> None:
    from companion.app.runner import EXIT_NO_RESTART

    unit = directives("Unit")
    service = directives("Service")
    assert service["RestartSec"] == ["10s"]
    assert service["RestartPreventExitStatus"] == [str(EXIT_NO_RESTART)]
    interval = unit["StartLimitIntervalSec"][0]
    assert interval.endswith("min") and int(interval[:-3]) >= 5
    burst = int(unit["StartLimitBurst"][0])
    # A crash loop at the unit's own pace (10 s apart) takes several minutes to hit it.
    assert burst * 10 >= 5 * 60


def _systemd_version() -> int:
    result = subprocess.run(["systemctl", "--version"], capture_output=True, text=True,
                            check=False)
    match = re.match(r"systemd (\d+)", result.stdout)
    return int(match.group(1)) if match else 0


def test_backoff_drop_in_lengthens_the_delay(tmp_path: Path) -> None:
    drop_in = UNIT.with_name("backoff.conf")
    text = drop_in.read_text(encoding="utf-8")
    assert "[Service]" in text and "RestartSteps=6" in text and "RestartMaxDelaySec=5min" in text
    if shutil.which("systemd-analyze") is None or _systemd_version() < 254:
        pytest.skip("systemd 254 or later verifies RestartSteps (here: "
                    f"{_systemd_version() or 'none'})")
    folder = tmp_path / (UNIT.name + ".d")
    folder.mkdir()
    (folder / "backoff.conf").write_text(text, encoding="utf-8")
    result = subprocess.run(["systemd-analyze", "verify", str(unit_copy(tmp_path))],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0 and result.stderr == "", result.stderr
