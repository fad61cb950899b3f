"""The companion's version (package metadata plus the git commit) and its address.

Real git repositories in temporary folders; the address file as NetworkManager's
dispatcher script writes it; the refresh of the address on a fake clock.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from table.helpers import controller, started

from companion.config.table import TableConfig
from companion.games.mush.table.controller import TableController
from companion.version import (
    About,
    Build,
    addresses,
    build,
    describe,
    from_git,
    read_build_file,
    release,
)

ROOT = Path(__file__).resolve().parents[2]


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          check=True, env={**os.environ, "GIT_AUTHOR_NAME": "t",
                                           "GIT_AUTHOR_EMAIL": "t@example.org",
                                           "GIT_COMMITTER_NAME": "t",
                                           "GIT_COMMITTER_EMAIL": "t@example.org"})
    return done.stdout.strip()


def test_the_release_is_the_package_metadata_which_is_pyproject_s() -> None:
    import tomllib

    wanted = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert release() == wanted
    import companion

    assert companion.__version__ == wanted  # one place says it


def test_a_build_reads_as_a_pep440_local_version() -> None:
    assert Build("0.1.0").describe() == "0.1.0"
    assert Build("0.1.0", "1a2b3c4").describe() == "0.1.0+g1a2b3c4"
    assert Build("0.1.0", "1a2b3c4", dirty=True).describe() == "0.1.0+g1a2b3c4.dirty"


def test_from_git_names_head_and_sees_local_changes(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "a.txt").write_text("one\n")
    git(repo, "add", "a.txt")
    git(repo, "commit", "-q", "-m", "one")
    head = git(repo, "rev-parse", "--short=7", "HEAD")
    assert from_git(repo, "1.2.3") == Build("1.2.3", head, False, repo)
    (repo / "a.txt").write_text("two\n")
    found = from_git(repo, "1.2.3")
    assert found is not None and found.dirty and found.describe() == f"1.2.3+g{head}.dirty"
    (repo / "untracked.txt").write_text("not ours\n")
    git(repo, "checkout", "--", "a.txt")
    assert from_git(repo, "1.2.3") == Build("1.2.3", head, False, repo)  # untracked: clean
    assert from_git(tmp_path / "nothing", "1.2.3") is None


def test_the_installer_s_build_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "build.json"
    path.write_text(json.dumps({"commit": "abcdef1", "dirty": False,
                                "source": "/home/pi/mush-companion"}))
    assert read_build_file(path, "0.1.0") == Build("0.1.0", "abcdef1", False,
                                                   Path("/home/pi/mush-companion"))
    path.write_text(json.dumps({"commit": "", "dirty": False}))  # installed from a tarball
    assert read_build_file(path, "0.1.0") == Build("0.1.0")
    path.write_text("{not json")
    assert read_build_file(path, "0.1.0") is None
    assert read_build_file(tmp_path / "missing.json", "0.1.0") is None


def named_a_head_seen(short: str | None, before: str, after: str) -> bool:
    """Whether `short` names HEAD as it was at `before`, at `after` or at a commit that
    landed between the two."""
    landed = git(ROOT, "rev-list", f"{before}..{after}").split()
    return short is not None and len(short) >= 7 \
        and any(c.startswith(short) for c in (before, after, *landed))


def test_this_checkout_s_version_names_its_commit() -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    # Work goes on in a checkout while its tests run: a commit may land at any moment. The
    # version must name HEAD as it stood at some moment between the two looks at it.
    before = git(ROOT, "rev-parse", "HEAD")
    build.cache_clear()  # worked out once per process: perhaps before `before`
    try:
        found = build()
        assert describe() == found.describe()
        done = subprocess.run([sys.executable, "-m", "companion.app.cli", "--version"],
                              capture_output=True, text=True, check=True, cwd=ROOT)
    finally:
        build.cache_clear()
    after = git(ROOT, "rev-parse", "HEAD")
    assert named_a_head_seen(found.commit, before, after) and found.source == ROOT
    assert found.describe().startswith(f"{release()}+g{found.commit}")
    printed = re.fullmatch(rf"mush-companion {re.escape(release())}\+g([0-9a-f]{{7,}})"
                           r"(\.dirty)?", done.stdout.strip())
    assert printed is not None, done.stdout
    assert named_a_head_seen(printed[1], before, after)


def test_addresses_come_from_the_dispatcher_s_file_ipv4_first(tmp_path: Path) -> None:
    path = tmp_path / "address"
    path.write_text("fe80::1 2001:db8::5 127.0.0.1 192.168.1.23 10.0.0.7 192.168.1.23\n")
    assert addresses(path) == ["192.168.1.23", "10.0.0.7", "2001:db8::5"]
    path.write_text("\n")  # NetworkManager says the Pi has no address now
    assert addresses(path) == []


def test_without_the_file_the_own_network_is_asked(tmp_path: Path) -> None:
    found = addresses(tmp_path / "missing")
    # Whatever this machine has, never loopback or link-local.
    assert all(not a.startswith(("127.", "fe80")) and a != "::1" for a in found)


def test_the_address_is_looked_up_again_after_the_refresh(tmp_path: Path) -> None:
    path = tmp_path / "address"
    now = [0.0]
    about = About(refresh=10.0, clock=lambda: now[0], address_file=path,
                  version=lambda: "0.1.0+g1a2b3c4")
    path.write_text("\n")  # NetworkManager: no connection yet
    assert about() == ("mush-companion 0.1.0+g1a2b3c4",)
    path.write_text("192.168.1.23\n")  # the Wi-Fi comes up after the companion
    now[0] = 9.9
    assert about() == ("mush-companion 0.1.0+g1a2b3c4",)
    now[0] = 10.0
    assert about() == ("mush-companion 0.1.0+g1a2b3c4", "192.168.1.23")
    assert about.line() == "mush-companion 0.1.0+g1a2b3c4 · 192.168.1.23"


def test_setup_frames_carry_the_about_lines_and_the_game_s_do_not() -> None:
    lines = ("mush-companion 0.1.0+g1a2b3c4", "192.168.1.23")
    in_setup = TableController(config=TableConfig(about=lambda: lines))
    assert in_setup.frame().screen == "setup"
    assert in_setup.frame().about == lines
    assert TableController().frame().about == ()
    state, dice = started()
    playing, _ = controller(state, dice, config=TableConfig(about=lambda: lines))
    assert playing.frame().screen != "setup" and playing.frame().about == ()
