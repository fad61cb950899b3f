"""`mush-companion state/new-game/export/check-config` find the service's files on the Pi.

The installed service's config and journal stand in a temporary tree (the module's
SERVICE_CONFIG and SERVICE_STATE_DIR point there); the journal is a real SQLite file.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.app.cli import main
from companion.config import paths
from companion.store import Journal


@pytest.fixture()
def service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An installed service: /etc/mush-companion/config.toml and /var/lib/mush-companion,
    under tmp_path; a caller whose home has no files of its own."""
    config = tmp_path / "etc/mush-companion/config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('[voice]\nlanguage = "fr"\n')
    state = tmp_path / "var/lib/mush-companion"
    state.mkdir(parents=True)
    monkeypatch.setattr(paths, "SERVICE_CONFIG", config)
    monkeypatch.setattr(paths, "SERVICE_STATE_DIR", state)
    monkeypatch.setattr(paths, "SERVICE_USER", "no-such-user-here")
    home = tmp_path / "home"
    home.mkdir()
    for name in ("MUSH_CONFIG", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "STATE_DIRECTORY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(home))
    yield tmp_path


def test_config_order_flag_then_env_then_service_then_user(tmp_path: Path) -> None:
    service = tmp_path / "etc/config.toml"
    service.parent.mkdir()
    service.write_text("")
    user = tmp_path / "home/.config/mush-companion/config.toml"
    env = {"HOME": str(tmp_path / "home")}

    assert paths.find_config(None, env, service) == (service, "the installed service's")
    user.parent.mkdir(parents=True)
    user.write_text("")
    assert paths.find_config(None, env, service)[0] == service, "the service's comes first"
    assert paths.find_config(None, {**env, "MUSH_CONFIG": "/x.toml"}, service) == (
        Path("/x.toml"), "$MUSH_CONFIG")
    assert paths.find_config(Path("/y.toml"), {**env, "MUSH_CONFIG": "/x.toml"},
                             service) == (Path("/y.toml"), "--config")
    service.unlink()
    assert paths.find_config(None, env, service) == (user, "your own")
    user.unlink()
    assert paths.find_config(None, env, service) == (None, "none found: every default")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_an_unreadable_service_config_is_passed_over(tmp_path: Path) -> None:
    service = tmp_path / "config.toml"
    service.write_text("")
    service.chmod(0)
    assert paths.find_config(None, {"HOME": str(tmp_path)}, service)[0] is None


def test_journal_is_the_services_when_the_config_is(service: Path) -> None:
    state = service / "var/lib/mush-companion"
    config = paths.SERVICE_CONFIG
    journal, why = paths.find_journal(None, config, {"HOME": str(service / "home")})
    assert (journal, why) == (state / "journal.sqlite3", "the service's")
    # a [store] path in the service's config wins over the state folder
    config.write_text(f'[store]\npath = "{service}/elsewhere.sqlite3"\n')
    assert paths.find_journal(None, config, {})[0] == service / "elsewhere.sqlite3"
    # the explicit flag wins over both
    assert paths.find_journal(Path("/j.sqlite3"), config, {}) == (Path("/j.sqlite3"),
                                                                  "--journal")


def test_journal_of_a_user_config_is_the_users(service: Path) -> None:
    own = service / "own.toml"
    own.write_text("")
    journal, _ = paths.find_journal(None, own, {"HOME": str(service / "home")})
    assert journal == service / "home/.local/share/mush-companion/journal.sqlite3"


def test_a_config_error_leaves_the_journal_to_the_command(service: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    paths.SERVICE_CONFIG.write_text('[voice]\nlanguage = "xx"\n')
    assert main(["state"]) == 2
    err = capsys.readouterr().err
    assert "voice.language" in err and str(paths.SERVICE_CONFIG) in err


def test_new_game_then_state_use_the_services_journal_and_say_so(
    service: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = service / "var/lib/mush-companion/journal.sqlite3"
    assert main(["new-game"]) == 0
    out = capsys.readouterr()
    assert f"using config {paths.SERVICE_CONFIG} (the installed service's)" in out.err
    assert f"using journal {journal} (the service's)" in out.err
    assert str(journal) in out.out
    with Journal(journal) as opened:
        game = opened.current_game()
    assert game is not None
    assert not (service / "home/.local").exists(), "nothing in the caller's home"

    assert main(["state", "--json"]) == 0
    out = capsys.readouterr()
    assert f'"game": {game.id}' in out.out
    assert f"using journal {journal}" in out.err

    assert main(["export", "--out", str(service / "out")]) == 0
    assert (service / f"out/game-{game.id}.jsonl").is_file()

    assert main(["check-config"]) == 0
    out = capsys.readouterr()
    assert f"{paths.SERVICE_CONFIG}: OK" in out.out
    assert "using config" in out.err


def test_mush_config_points_elsewhere(service: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    mine = service / "mine.toml"
    mine.write_text(f'[store]\npath = "{service}/mine.sqlite3"\n')
    monkeypatch.setenv("MUSH_CONFIG", str(mine))
    assert main(["new-game"]) == 0
    err = capsys.readouterr().err
    assert f"using config {mine} ($MUSH_CONFIG)" in err
    assert (service / "mine.sqlite3").is_file()
    assert not (service / "var/lib/mush-companion/journal.sqlite3").exists()


def test_a_journal_folder_out_of_reach_names_the_command_that_can(
    service: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(paths.os, "access", lambda path, mode: Path(path).is_file())
    monkeypatch.setattr(sys, "argv", ["mush-companion", "state"])
    assert main(["state"]) == 1
    err = capsys.readouterr().err
    assert "belongs to the service user 'no-such-user-here'" in err
    assert "sudo -u no-such-user-here mush-companion state" in err


@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() != 0, reason="switching user needs root")
def test_root_acts_as_the_service_user_so_the_journal_stays_its_own() -> None:
    """As root, `new-game` on the service's journal makes files owned by the service user
    (here `nobody`), which the service can then open; run in a child process, since the
    switch cannot be undone."""
    nobody = pwd.getpwnam("nobody")
    top = Path(tempfile.mkdtemp())
    try:
        top.chmod(0o755)
        (top / "etc").mkdir(mode=0o755)
        (top / "etc/config.toml").write_text("")
        state = top / "state"
        state.mkdir(mode=0o700)
        os.chown(state, nobody.pw_uid, nobody.pw_gid)
        code = (
            "import sys; from pathlib import Path; import companion.config.paths as p\n"
            f"p.SERVICE_CONFIG = Path({str(top / 'etc/config.toml')!r})\n"
            f"p.SERVICE_STATE_DIR = Path({str(state)!r}); p.SERVICE_USER = 'nobody'\n"
            "from companion.app.cli import main; sys.exit(main(['new-game']))\n"
        )
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             timeout=60, check=False, env={**os.environ, "HOME": str(top)})
        assert run.returncode == 0, run.stderr
        assert "acting as the service user 'nobody'" in run.stderr
        journal = state / "journal.sqlite3"
        assert journal.stat().st_uid == nobody.pw_uid
        assert all(p.stat().st_uid == nobody.pw_uid for p in state.iterdir())
    finally:
        shutil.rmtree(top)
