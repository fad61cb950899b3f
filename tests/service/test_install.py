"""`make install` / `make uninstall` staged into a DESTDIR, run as a real make.

A staged install must lay out every file and touch nothing of this machine (no user,
no systemctl, no udevadm), and uninstall must take it all away again except a config
someone edited. The venv is built once for real (offline: `--no-deps --no-index`
against the system's setuptools).
"""

from __future__ import annotations

import re
import shutil
import stat
import subprocess
import tomllib
from pathlib import Path

import pytest

from .staged import staged_venv, system_python

ROOT = Path(__file__).resolve().parents[2]
PREFIX = "/opt/mush-companion"

needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def make(target: str, destdir: Path, *extra: str) -> str:
    """Run `make TARGET DESTDIR=...` and return its output; fail the test on error.

    The restart back-off drop-in is left out unless asked for, so the staged tree does
    not depend on this machine's systemd version."""
    if not any(arg.startswith("BACKOFF=") for arg in extra):
        extra = (*extra, "BACKOFF=0")
    result = subprocess.run(
        ["make", "--no-print-directory", "-C", str(ROOT), target, f"DESTDIR={destdir}", *extra],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def tree(root: Path) -> set[str]:
    """Every file and symlink under root, as paths relative to it."""
    return {
        str(p.relative_to(root))
        for p in root.rglob("*")
        if p.is_file() or p.is_symlink()
    }


def expected_config_source() -> Path:
    example = ROOT / "docs" / "config.example.toml"
    return example if example.exists() else ROOT / "systemd" / "config.minimal.toml"


STAGED_FILES = {
    "etc/systemd/system/mush-companion.service",
    "etc/udev/rules.d/99-mush-pad-hub.rules",
    "etc/modules-load.d/mush-companion.conf",
    "etc/mush-companion/config.toml",
    "opt/mush-companion/share/mush-companion/config.default.toml",
    "opt/mush-companion/share/doc/mush-companion/setup-pi.md",
    "usr/local/bin/mush-companion",
}


@needs_make
def test_install_lays_out_every_file_and_uninstall_removes_them(tmp_path: Path) -> None:
    dest = tmp_path / "root"
    out = make("install", dest, "INSTALL_VENV=0", "BACKOFF=0")
    assert "not created: DESTDIR is set" in out
    assert tree(dest) == STAGED_FILES

    unit = (dest / "etc/systemd/system/mush-companion.service").read_text()
    assert unit == (ROOT / "systemd/mush-companion.service").read_text()
    assert f"ExecStart={PREFIX}/venv/bin/mush-companion run" in unit
    assert (dest / "etc/udev/rules.d/99-mush-pad-hub.rules").read_bytes() == (
        ROOT / "systemd/99-mush-pad-hub.rules").read_bytes()
    config = (dest / "etc/mush-companion/config.toml").read_bytes()
    assert config == expected_config_source().read_bytes()
    link = dest / "usr/local/bin/mush-companion"
    assert link.readlink() == Path(f"{PREFIX}/venv/bin/mush-companion")
    for name in STAGED_FILES - {"usr/local/bin/mush-companion"}:
        mode = stat.S_IMODE((dest / name).stat().st_mode)
        assert mode == 0o644, f"{name} has mode {mode:o}"

    make("uninstall", dest)
    assert list(dest.rglob("*")) == [], "uninstall must leave the staged tree empty"


@needs_make
def test_the_restart_backoff_drop_in_is_installed_and_removed(tmp_path: Path) -> None:
    # systemd 254+ (Trixie): the delay after a crash grows to 5 min, never given up on
    dest = tmp_path / "root"
    drop_in = "etc/systemd/system/mush-companion.service.d/backoff.conf"
    make("install", dest, "INSTALL_VENV=0", "BACKOFF=1")
    assert tree(dest) == STAGED_FILES | {drop_in}
    text = (dest / drop_in).read_text()
    assert "RestartSteps=6" in text and "RestartMaxDelaySec=5min" in text
    assert stat.S_IMODE((dest / drop_in).stat().st_mode) == 0o644
    make("uninstall", dest)
    assert list(dest.rglob("*")) == []


@needs_make
def test_an_existing_config_is_never_overwritten_nor_removed(tmp_path: Path) -> None:
    dest = tmp_path / "root"
    config = dest / "etc/mush-companion/config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('[voice]\nlanguage = "fr"\n')

    out = make("install", dest, "INSTALL_VENV=0")
    assert "config.toml kept" in out
    assert config.read_text() == '[voice]\nlanguage = "fr"\n'

    out = make("uninstall", dest)
    assert "kept /etc/mush-companion/config.toml (edited since install)" in out
    assert tree(dest) == {"etc/mush-companion/config.toml"}


@needs_make
def test_prefix_moves_the_venv_and_the_unit_follows(tmp_path: Path) -> None:
    dest = tmp_path / "root"
    make("install", dest, "INSTALL_VENV=0", "PREFIX=/srv/mush-companion")
    unit = (dest / "etc/systemd/system/mush-companion.service").read_text()
    assert "ExecStart=/srv/mush-companion/venv/bin/mush-companion run" in unit
    assert "/opt/mush-companion" not in unit
    assert (dest / "srv/mush-companion/share/doc/mush-companion/setup-pi.md").is_file()
    make("uninstall", dest, "PREFIX=/srv/mush-companion")
    assert list(dest.rglob("*")) == []


@needs_make
def test_relative_prefix_is_refused(tmp_path: Path) -> None:
    result = subprocess.run(
        ["make", "-C", str(ROOT), "install", f"DESTDIR={tmp_path}", "INSTALL_VENV=0",
         "PREFIX=opt/x"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert result.returncode != 0
    assert "PREFIX must be an absolute path" in result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
@pytest.mark.shares("staged-venv")  # tests/service/staged.py
@needs_make
@pytest.mark.skipif(system_python() is None, reason="no /usr/bin/python3 with venv+setuptools")
def test_venv_is_built_with_system_site_packages_and_relocated(
        tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    # `make install` with the venv, under a 077 umask on a faked Trixie arm64: made once a
    # run, shared with the broken-venv test (tests/service/staged.py); this test reads and
    # uninstalls a copy of it, and checks the paths against where it was staged.
    staged = staged_venv(tmp_path_factory)
    # The package is built from a scratch copy: nothing left behind in the source tree.
    assert staged.build_after == staged.build_before
    dest = staged.copy(tmp_path / "root")

    venv = dest / "opt/mush-companion/venv"
    cfg = (venv / "pyvenv.cfg").read_text()
    assert "include-system-site-packages = true" in cfg
    assert str(staged.root) not in cfg
    script = venv / "bin/mush-companion"
    # The console script must name the final path, not the staging directory.
    assert script.read_text().splitlines()[0] == f"#!{PREFIX}/venv/bin/python"
    for name in ("activate", "pip"):
        assert str(staged.root) not in (venv / "bin" / name).read_text()

    # The staged interpreter finds the installed package (not the source tree). Only the
    # standard-library module is imported: --no-deps left pygame out of this venv.
    run = subprocess.run(
        [str(venv / "bin/python"), "-c",
         "import importlib.metadata as m, companion.app.service as s; "
         "print(s.__file__); print(m.version('mush-companion'))"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False,
    )
    assert run.returncode == 0, run.stderr
    location, version = run.stdout.split()
    assert location.startswith(str(venv))
    assert version == tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    # The venv has no .git: the installer wrote the commit it installed, and the checkout
    # it came from (for `mush-companion update`), beside the package.
    if (ROOT / ".git").exists():
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=7", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
        said = subprocess.run(
            [str(venv / "bin/python"), "-c",
             "from companion.version import build, describe; b = build(); "
             "print(describe()); print(b.source)"],
            cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False)
        assert said.returncode == 0, said.stderr
        described, source = said.stdout.split()
        assert described.startswith(f"{version}+g{head}")
        assert source == str(ROOT)
    assert not (ROOT / "companion" / "build.json").exists()  # written in the copy only

    make("uninstall", dest)
    assert list(dest.rglob("*")) == []


WIFI_FILES = {
    "etc/NetworkManager/dispatcher.d/90-mush-companion-address",
    "etc/NetworkManager/system-connections/mush-companion-wifi.nmconnection",
    "etc/polkit-1/rules.d/50-mush-companion-wifi.rules",
    "var/lib/mush-companion/web-wifi.json",
}


@needs_make
def test_the_address_hook_and_the_tables_own_wifi_are_installed_for_networkmanager(
        tmp_path: Path) -> None:
    import configparser
    import json

    from companion.web.wifi import PROFILE, Credentials

    dest = tmp_path / "root"
    hook = "etc/NetworkManager/dispatcher.d/90-mush-companion-address"
    make("install", dest, "INSTALL_VENV=0")
    assert tree(dest) == STAGED_FILES  # no NetworkManager here: no hook, no Wi-Fi
    (dest / "etc/NetworkManager").mkdir()
    make("install", dest, "INSTALL_VENV=0")
    assert tree(dest) == STAGED_FILES | WIFI_FILES
    assert stat.S_IMODE((dest / hook).stat().st_mode) == 0o755  # NetworkManager's rule
    # the access point's profile (root's only, as NetworkManager requires) and the same
    # name and password where the companion reads them (the service's only)
    profile_file = dest / "etc/NetworkManager/system-connections/mush-companion-wifi.nmconnection"
    kept = dest / "var/lib/mush-companion/web-wifi.json"
    assert stat.S_IMODE(profile_file.stat().st_mode) == 0o600
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    profile = configparser.ConfigParser(interpolation=None)
    profile.read_string(profile_file.read_text())
    assert profile["connection"]["id"] == PROFILE and profile["wifi"]["mode"] == "ap"
    assert profile["ipv4"]["method"] == "shared"
    assert profile["wifi-security"]["key-mgmt"] == "wpa-psk"
    credentials = Credentials.kept(kept.parent)
    assert json.loads(kept.read_text()) == {"name": credentials.name,
                                            "password": credentials.password}
    assert profile["wifi"]["ssid"] == credentials.name and credentials.name.startswith("MUSH-")
    assert profile["wifi-security"]["psk"] == credentials.password
    assert len(credentials.password) == 12
    # the polkit rule: the service user, bringing connections up and sharing, nothing more
    rule = (dest / "etc/polkit-1/rules.d/50-mush-companion-wifi.rules").read_text()
    actions = set(re.findall(r'"(org\.freedesktop\.NetworkManager\.[a-z.-]+)"', rule))
    assert actions == {"org.freedesktop.NetworkManager.network-control",
                       "org.freedesktop.NetworkManager.wifi.share.protected"}
    assert 'subject.user === "mush"' in rule
    # installed again: the same network (the phones that joined it join again)
    make("install", dest, "INSTALL_VENV=0")
    assert Credentials.kept(kept.parent) == credentials
    make("uninstall", dest)
    assert list(dest.rglob("*")) == []


def test_the_address_hook_writes_what_the_companion_reads(tmp_path: Path) -> None:
    """NetworkManager runs the hook as root with the interface and the action; it writes
    `hostname -I`, and the sandboxed service (no network of its own) reads that."""
    from companion.version import addresses

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "hostname"
    fake.write_text("#!/bin/sh\n[ \"$1\" = -I ] && echo '192.168.1.23 fd00::7 fe80::1 '\n")
    fake.chmod(0o755)
    out = tmp_path / "address"
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "MUSH_ADDRESS_FILE": str(out)}
    done = subprocess.run([str(ROOT / "systemd/network-address"), "wlan0", "up"], env=env,
                          capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 0, done.stderr
    assert addresses(out) == ["192.168.1.23", "fd00::7"]
    assert stat.S_IMODE(out.stat().st_mode) == 0o644
    assert list(tmp_path.glob("address.tmp*")) == []


def test_minimal_config_parses_as_is_and_with_every_example_uncommented(tmp_path: Path) -> None:
    """The fallback config must load untouched, and each commented example must be a
    real setting: a hobbyist who removes a `#` should not meet an unknown-key error."""
    config = pytest.importorskip("companion.config.file")
    source = ROOT / "systemd" / "config.minimal.toml"
    untouched = config.load_config(source)
    assert untouched.file is not None

    uncommented = tmp_path / "config.toml"
    lines = []
    for line in source.read_text().splitlines():
        body = line[2:] if line.startswith("# ") else None
        if body is not None and (body.startswith("[") or " = " in body.split("#")[0]):
            lines.append(body)
    assert len(lines) >= 6, "the examples were not found"
    uncommented.write_text("\n".join(lines) + "\n")
    loaded = config.load_config(uncommented)
    assert loaded.pads.serial.port == "/dev/mush-pad-hub"
    assert loaded.voice.language == "en"


STUBBED_TOOLS = ("id", "getent", "groupadd", "useradd", "usermod", "udevadm", "modprobe",
                 "systemctl", "chown")


def stub_tools(bin_dir: Path, log: Path, *, user_exists: bool) -> dict[str, str]:
    """System tools that only write their arguments to `log` (id -u says root), first on
    PATH, so the real-install path runs without touching this machine's users or units."""
    bin_dir.mkdir()
    for tool in STUBBED_TOOLS:
        body = f'echo "{tool} $*" >> "{log}"\n'
        if tool == "id":
            body += 'echo 0\n'
        elif tool == "getent":
            status = 0 if user_exists else 2
            body += f'case "$1" in passwd) exit {status} ;; esac\n'
        script = bin_dir / tool
        script.write_text("#!/bin/sh\n" + body)
        script.chmod(0o755)
    return {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(bin_dir)}


@needs_make
@pytest.mark.parametrize("user_exists", [False, True], ids=["new-user", "existing-user"])
def test_real_install_puts_the_service_user_in_the_device_groups(
    tmp_path: Path, user_exists: bool
) -> None:
    """Without DESTDIR the installer creates the user in the unit's groups (or adds an
    existing one to them), reloads udev and systemd, and uninstall keeps user and journal.
    Paths go to tmp_path through SYSCONFDIR and PREFIX; the system tools are stubs."""
    log = tmp_path / "calls.log"
    env = stub_tools(tmp_path / "bin", log, user_exists=user_exists)
    etc, prefix = tmp_path / "etc", tmp_path / "opt" / "mush-companion"
    args = ["make", "--no-print-directory", "-C", str(ROOT), "DESTDIR=", f"PREFIX={prefix}",
            "INSTALL_VENV=0"]
    state = tmp_path / "var/lib/mush-companion"
    env = {**env, "SYSCONFDIR": str(etc), "STATE_DIR": str(state),
           "BINDIR": str(tmp_path / "bin-link")}
    result = subprocess.run([*args, "install"], env=env, capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    calls = log.read_text().splitlines()
    groups = "gpio,video,render,input,audio,dialout"
    if user_exists:
        assert f"usermod --append --groups {groups} mush" in calls
        assert not any(c.startswith("useradd") for c in calls)
    else:
        useradd = [c for c in calls if c.startswith("useradd")]
        assert len(useradd) == 1 and f"--groups {groups}" in useradd[0]
        assert useradd[0].endswith(" mush") and "--system" in useradd[0]
    assert "udevadm control --reload" in calls
    # The journal's folder exists before the first start, the service user's alone.
    assert stat.S_IMODE(state.stat().st_mode) == 0o700
    assert f"chown mush:mush {state}" in calls
    assert (tmp_path / "bin-link/mush-companion").readlink() == (
        prefix / "venv/bin/mush-companion")
    assert (etc / "systemd/system/mush-companion.service").is_file()
    assert (etc / "udev/rules.d/99-mush-pad-hub.rules").is_file()
    assert (etc / "mush-companion/config.toml").is_file()
    unit = (etc / "systemd/system/mush-companion.service").read_text()
    assert f"ExecStart={prefix}/venv/bin/mush-companion run" in unit

    log.write_text("")
    result = subprocess.run([*args, "uninstall"], env=env, capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Kept: the journal in /var/lib/mush-companion" in result.stdout
    calls = log.read_text().splitlines()
    assert not any(c.startswith(("userdel", "groupdel")) for c in calls)
    assert not (etc / "systemd/system/mush-companion.service").exists()
    assert not (etc / "udev/rules.d/99-mush-pad-hub.rules").exists()
    assert not (etc / "mush-companion").exists()
    assert not (tmp_path / "bin-link/mush-companion").is_symlink()
