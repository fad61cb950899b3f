"""The installer's checks before it writes anything, and what it leaves whatever the umask.

`sudo make install` must refuse at once, with the reason and the fix, a system it cannot
work on (32-bit, an OS whose Python is too old); leave files the service user can read
under a 077 umask; and rebuild a venv that an OS upgrade broke. The OS and architecture
are faked with an os-release file and a `dpkg` first on PATH; nothing here touches this
machine's users, packages or services (everything is staged into DESTDIR).
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import tomllib
from pathlib import Path

import pytest

from .staged import OFFLINE, TRIXIE, fake_system, staged_venv, system_python

ROOT = Path(__file__).resolve().parents[2]
INSTALL = ROOT / "systemd" / "install.sh"

needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")

BOOKWORM = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_CODENAME=bookworm\n'
BULLSEYE = ('PRETTY_NAME="Raspbian GNU/Linux 11 (bullseye)"\nID=raspbian\n'
            'VERSION_CODENAME=bullseye\n')


def run_install(env: dict[str, str], dest: Path, *, umask: str = "022",
                **settings: str) -> subprocess.CompletedProcess[str]:
    """`sh systemd/install.sh install` staged into dest, under the given umask."""
    full = {**env, "DESTDIR": str(dest), "INSTALL_VENV": "0", **settings}
    return subprocess.run(["sh", "-c", f'umask {umask}; exec sh "$0" install', str(INSTALL)],
                          env=full, capture_output=True, text=True, timeout=300, check=False)


@pytest.mark.parametrize("arch", ["armhf", "armel"])
def test_32_bit_is_refused_at_once_with_the_reason_and_the_fix(tmp_path: Path, arch: str) -> None:
    dest = tmp_path / "root"
    result = run_install(fake_system(tmp_path, BOOKWORM, arch), dest)
    assert result.returncode != 0
    assert f"32-bit systems ({arch}) are not supported" in result.stderr
    assert "pygame-ce publishes no 32-bit ARM" in result.stderr
    assert "Raspberry Pi OS (64-bit)" in result.stderr
    assert not dest.exists(), "a refused install must write nothing"


def test_an_os_with_too_old_a_python_is_refused(tmp_path: Path) -> None:
    dest = tmp_path / "root"
    result = run_install(fake_system(tmp_path, BULLSEYE, "arm64"), dest)
    assert result.returncode != 0
    assert "Raspbian GNU/Linux 11 (bullseye) is too old" in result.stderr
    assert "Bookworm or Trixie" in result.stderr
    assert not dest.exists()


def test_a_python_older_than_3_11_is_refused(tmp_path: Path) -> None:
    env = fake_system(tmp_path, TRIXIE, "arm64")
    old = tmp_path / "fakebin" / "python3.9"
    old.write_text('#!/bin/sh\necho 3.9\n')  # answers the version probe as a 3.9 would
    old.chmod(0o755)
    dest = tmp_path / "root"
    result = run_install(env, dest, INSTALL_VENV="1", PYTHON=str(old))
    assert result.returncode != 0
    assert "is Python 3.9; the companion needs 3.11 or newer" in result.stderr
    assert not dest.exists()


@pytest.mark.parametrize(("release", "arch", "shown"), [
    (BOOKWORM, "arm64", "Debian GNU/Linux 12 (bookworm), arm64"),
    (TRIXIE, "arm64", "Debian GNU/Linux 13 (trixie), arm64"),
    (TRIXIE, "amd64", "Debian GNU/Linux 13 (trixie), amd64"),
])
def test_bookworm_and_trixie_64_bit_pass_the_check(
    tmp_path: Path, release: str, arch: str, shown: str
) -> None:
    result = run_install(fake_system(tmp_path, release, arch), tmp_path / "root")
    assert result.returncode == 0, result.stderr
    assert f"system: {shown}" in result.stdout
    assert (tmp_path / "root/etc/mush-companion/config.toml").is_file()


def test_an_untested_os_is_named_and_the_check_can_be_skipped(tmp_path: Path) -> None:
    env = fake_system(tmp_path, 'PRETTY_NAME="Ubuntu 24.04 LTS"\nVERSION_CODENAME=noble\n',
                      "arm64")
    result = run_install(env, tmp_path / "a")
    assert result.returncode == 0, result.stderr
    assert "note: Ubuntu 24.04 LTS is not one we test" in result.stdout
    other = tmp_path / "b"
    other.mkdir()
    skipped = run_install(fake_system(other, BOOKWORM, "armhf"), other / "root",
                          CHECK_SYSTEM="0")
    assert skipped.returncode == 0, skipped.stderr
    assert "system check skipped: CHECK_SYSTEM=0" in skipped.stdout


def readable_by_others(root: Path) -> list[str]:
    """Paths under root that a user other than the owner cannot read (or enter)."""
    bad = []
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        mode = stat.S_IMODE(path.stat().st_mode)
        need = 0o005 if path.is_dir() else 0o004
        if mode & need != need:
            bad.append(f"{path.relative_to(root)} {mode:o}")
    return bad


def test_umask_077_staged_install_is_readable_by_the_service_user(tmp_path: Path) -> None:
    dest = tmp_path / "root"
    result = run_install(fake_system(tmp_path, TRIXIE, "arm64"), dest, umask="077")
    assert result.returncode == 0, result.stderr
    assert (dest / "etc/mush-companion/config.toml").is_file()
    assert readable_by_others(dest) == []


needs_python = pytest.mark.skipif(system_python() is None,
                                  reason="no /usr/bin/python3 with venv+setuptools")


@pytest.mark.slow
@pytest.mark.shares("staged-venv")  # tests/service/staged.py
@needs_python
def test_umask_077_with_the_venv_and_a_broken_venv_is_rebuilt(
        tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The real venv, built under umask 077, is readable by others; then an OS upgrade is
    played twice (the Python minor changed; the interpreter link died) and the next
    install says why it rebuilds and leaves a venv that works. The first install is `make
    install` with the venv on a faked Trixie arm64 under umask 077, made once a run and
    shared with the relocation test (tests/service/staged.py): checked where it was
    staged, then played upon in a copy."""
    env = fake_system(tmp_path, TRIXIE, "arm64")
    staged = staged_venv(tmp_path_factory)
    assert readable_by_others(staged.root) == []
    dest = staged.copy(tmp_path / "root")
    venv = dest / "opt/mush-companion/venv"
    settings = {"INSTALL_VENV": "1", "PYTHON": str(system_python()), "PIP_ARGS": OFFLINE}

    def works() -> bool:
        run = subprocess.run([str(venv / "bin/python"), "-c", "import companion.app.service"],
                             cwd=tmp_path, capture_output=True, check=False)
        return run.returncode == 0

    assert works()
    cfg = venv / "pyvenv.cfg"
    cfg.write_text(re.sub(r"(?m)^(version(?:_info)? *= *)3\.\d+", r"\g<1>3.9",
                          cfg.read_text()))
    again = run_install(env, dest, **settings)
    assert again.returncode == 0, again.stderr
    assert "rebuilding /opt/mush-companion/venv: it was made for Python 3.9" in again.stdout
    assert works()

    python = venv / "bin/python"
    target = os.readlink(python)
    python.unlink()
    python.symlink_to(tmp_path / "gone/python3.11")
    third = run_install(env, dest, **settings)
    assert third.returncode == 0, third.stderr
    assert "its interpreter" in third.stdout and "no longer runs" in third.stdout
    assert works()
    assert os.readlink(python) == target

    quiet = run_install(env, dest, **settings)
    assert "rebuilding" not in quiet.stdout, "a sound venv is kept"


def requirement_name(spec: str) -> str:
    """The normalised project name of a requirement or constraint line."""
    name = re.split(r"[<>=!~;\[ ]", spec.strip(), maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def test_constraints_cover_every_dependency_and_pin_the_lint_tools() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        wanted += extra
    lines = [line.split("#")[0].strip()
             for line in (ROOT / "constraints.txt").read_text().splitlines()]
    constraints = {requirement_name(line): line for line in lines if line}
    missing = [spec for spec in wanted if requirement_name(spec) not in constraints]
    assert missing == []
    exact = {name for name, line in constraints.items() if "==" in line}
    # Everything but lgpio is one tested version; lgpio is a range so the OS's build fits.
    assert set(constraints) - exact == {"lgpio"}
    for tool in ("ruff", "mypy"):
        spec = next(s for s in wanted if requirement_name(s) == tool)
        assert spec == constraints[tool], f"{tool} is pinned alike in both files"
    assert "gpiozero>=2.0.1.post3,<3" in project["dependencies"]
    assert not any(requirement_name(s) in {"rpi-lgpio", "fake-rpi"} for s in wanted)


def test_the_constraints_are_what_this_venv_runs() -> None:
    """`make venv` installs with the constraints, so each pinned package present here has
    the pinned version (a stale venv is rebuilt by `make`, which depends on the file)."""
    from importlib import metadata

    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if "==" not in line:
            continue
        name, version = line.split("==")
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue  # mpremote lives in .venv-flash, not here
        assert installed == version, f"{name} {installed} != {version}"


def venv_is_current() -> bool:
    """`make run` would not rebuild the dev venv first (its stamp is newer than its inputs)."""
    stamp = ROOT / ".venv/.installed"
    return stamp.exists() and all(
        stamp.stat().st_mtime >= (ROOT / name).stat().st_mtime
        for name in ("pyproject.toml", "constraints.txt"))


@needs_make
@pytest.mark.skipif(not venv_is_current(), reason="the dev venv is not built or is stale")
def test_make_run_on_a_pi_without_lgpio_names_the_fix(tmp_path: Path) -> None:
    """On a Pi (a model file saying so) a dev venv without lgpio stops `make run` with the
    fix, instead of a traceback from the GPIO pads."""
    probe = subprocess.run([str(ROOT / ".venv/bin/python"), "-c", "import lgpio"],
                           capture_output=True, check=False)
    if probe.returncode == 0:
        pytest.skip("this venv has lgpio: make run would start the companion")
    model = tmp_path / "model"
    model.write_text("Raspberry Pi 5 Model B Rev 1.0\x00")
    run = subprocess.run(["make", "--no-print-directory", "-C", str(ROOT), "run",
                          f"PI_MODEL_FILE={model}"], capture_output=True, text=True,
                         timeout=60, check=False)
    assert run.returncode != 0
    assert "this venv has no lgpio" in run.stdout
    assert "sudo apt install python3-lgpio && make clean venv" in run.stdout
    dry = subprocess.run(["make", "-n", "-C", str(ROOT), "venv", f"PI_MODEL_FILE={model}",
                          f"VENV={tmp_path / 'venv'}"], capture_output=True, text=True,
                         timeout=60, check=False)
    assert f"-m venv --system-site-packages {tmp_path / 'venv'}" in dry.stdout
    assert "--constraint constraints.txt" in dry.stdout
