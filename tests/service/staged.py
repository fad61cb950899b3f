"""One real venv install, staged into a DESTDIR, made once a run and copied by each test
that starts from it.

`make install` with the venv (offline: `--no-deps --no-build-isolation --no-index`
against the system's setuptools) builds a venv with ensurepip and the package from a
copy of the tree: several seconds, and the slowest part of the installer's tests. The
test of what the install leaves (tests/service/test_install.py) and the test of a venv
that an OS upgrade broke (tests/service/test_install_system.py) both start from such an
install: the first of them to ask makes it (tests/run_shared.py), under a 077 umask on a
faked Debian Trixie arm64 (both tests' conditions at once), and each works on a copy
(`shutil.copytree` keeps the modes and the links), so neither sees the other's changes.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from run_shared import once_a_run, run_folder

ROOT = Path(__file__).resolve().parents[2]
OFFLINE = "--no-deps --no-build-isolation --no-index"
TRIXIE = 'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nID=debian\nVERSION_CODENAME=trixie\n'


def fake_system(folder: Path, os_release: str, arch: str) -> dict[str, str]:
    """An environment whose os-release and `dpkg --print-architecture` are the given ones."""
    bin_dir = folder / "fakebin"
    bin_dir.mkdir()
    dpkg = bin_dir / "dpkg"
    dpkg.write_text(f'#!/bin/sh\n[ "$1" = --print-architecture ] && echo {arch}\n')
    dpkg.chmod(0o755)
    release = folder / "os-release"
    release.write_text(os_release)
    return {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(folder),
            "OS_RELEASE": str(release)}


def system_python() -> str | None:
    """The Debian python3 with venv and setuptools, as on the Pi; None when absent."""
    python = "/usr/bin/python3"
    if not Path(python).exists():
        return None
    probe = subprocess.run([python, "-c", "import setuptools, venv, ensurepip"],
                           capture_output=True, check=False)
    return python if probe.returncode == 0 else None


@dataclass(frozen=True)
class StagedVenv:
    """Where the install was staged (never changed after: tests copy it), what `make
    install` said, and whether the source tree had a build/ folder before and after."""

    root: Path
    output: str
    build_before: bool
    build_after: bool

    def copy(self, dest: Path) -> Path:
        """A copy of the staged tree at `dest`, modes and symlinks kept; `dest`."""
        shutil.copytree(self.root, dest, symlinks=True)
        return dest


def _install(folder: Path) -> StagedVenv:
    folder.mkdir(parents=True, exist_ok=True)
    env = fake_system(folder, TRIXIE, "arm64")
    root = folder / "root"
    before = (ROOT / "build").exists()
    result = subprocess.run(
        ["sh", "-c", 'umask 077; exec make --no-print-directory -C "$0" install "$@"',
         str(ROOT), f"DESTDIR={root}", "BACKOFF=0", f"PYTHON={system_python()}",
         f"PIP_ARGS={OFFLINE}"],
        env=env, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return StagedVenv(root, result.stdout, before, (ROOT / "build").exists())


def staged_venv(factory: pytest.TempPathFactory) -> StagedVenv:
    """`make install` with the real venv, staged, made once a run (see the module)."""
    folder = run_folder(factory) / "staged-venv"
    return once_a_run(run_folder(factory), "staged-venv", lambda: _install(folder))
