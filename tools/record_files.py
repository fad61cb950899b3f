"""Record the files a group's table holds as kept test data (run by hand:
`.venv/bin/python tools/record_files.py`).

A table in use holds journals (MUSH's `journal.sqlite3`, the Canoe game's
`journal-canoe.sqlite3` beside it), the pads' settings (`table-settings.json`), a
config file and the backups made of them. Every later companion must open those files,
resume the games in progress and export them exactly as the companion that wrote them
did. This tool writes such a table into `tests/known/files/`, with what this companion
answers about it (`state --json`, each game's exports); `tests/known/test_kept_files.py`
asks a later companion the same questions and compares.

- `mush/`: a finished four-player game (seed 41), then a second game left in its second
  round (seed 42), the pads' settings (French on screen, a chart entered) and a config
  file; `mush-backup.tar.gz` is a backup of that folder.
- `canoe/`: a three-player Canoe trip left half-way (seed 43), with a config file that
  names the game (`[game] name = "canoe"`).

Record again only on purpose: the files stand for what groups already have on their
cards, so a change that breaks them breaks those groups' tables. `--answers` writes only
the answers again, over the same files, after a deliberate change of what `state` or
`export` says of them.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILES = ROOT / "tests" / "known" / "files"
ANSWERS = FILES / "answers"

MUSH_CONFIG = """\
[game]
players = ["Anna", "Ben", "Clara", "David"]
arrangement = "intro"

[voice]
language = "en"
"""

CANOE_CONFIG = """\
[game]
name = "canoe"
players = ["Anna", "Ben", "Clara"]
"""


def _cli(*args: str) -> str:
    """What `mush-companion ARGS` prints (run in this process)."""
    from companion.app.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(args))
    if code != 0:
        raise SystemExit(f"mush-companion {' '.join(args)} failed ({code})")
    return out.getvalue()


def _answers(folder: Path, name: str, games: list[str]) -> None:
    """The state and the exports of each game, as this companion gives them."""
    journal = folder / "journal.sqlite3"
    config = folder / "config.toml"
    for game in games:
        key = f"{name}-{game.replace(':', '-')}"
        state = json.loads(_cli("state", "--json", "--journal", str(journal), "--config",
                                str(config), "--game", game))
        state.pop("companion")  # the companion's version: what is being compared changes it
        (ANSWERS / f"{key}-state.json").write_text(
            json.dumps(state, ensure_ascii=False, indent=2, sort_keys=True) + "\n",
            encoding="utf-8")
        with tempfile.TemporaryDirectory() as out:
            _cli("export", "--journal", str(journal), "--config", str(config), "--game",
                 game, "--out", out)
            for path in sorted(Path(out).iterdir()):
                shutil.copyfile(path, ANSWERS / f"{key}-{path.name}")


def _demo(folder: Path, game: str, players: int, seed: int, turns: int | None) -> None:
    """Bots play a game into `folder`: whole, or stopped after `turns` turns of the loop."""
    from companion.app.demo import run_demo
    from companion.config.file import load_config

    config = load_config(folder / "config.toml")
    # stopped after `turns`, the game stays in progress in the journal, as a pulled plug
    # leaves it
    with contextlib.suppress(TimeoutError):
        run_demo(folder, config, players=players, seed=seed, screenshots=False, voice=False,
                 game=game, out=io.StringIO(),
                 **({} if turns is None else {"max_turns": turns}))
    (folder / "journal.sqlite3.lock").unlink(missing_ok=True)
    for leftover in ("events.jsonl", "chips.csv", "points.csv"):
        (folder / leftover).unlink(missing_ok=True)


def record_answers() -> None:
    """What this companion answers about the kept files, written again over the old
    answers (after a deliberate change of what `state` or `export` says); the files
    themselves stay as groups have them."""
    shutil.rmtree(ANSWERS)
    ANSWERS.mkdir()
    _answers(FILES / "mush", "mush", ["mush:1", "mush:2"])
    _answers(FILES / "canoe", "canoe", ["canoe:1"])


def main(args: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    from companion.config.prefs import Prefs, PrefsStore
    from companion.games.mush.config import ChartPref, with_chart
    from companion.store import backup

    if args == ["--answers"]:
        record_answers()
        return 0
    if FILES.exists():
        shutil.rmtree(FILES)
    ANSWERS.mkdir(parents=True)
    mush = FILES / "mush"
    mush.mkdir()
    (mush / "config.toml").write_text(MUSH_CONFIG, encoding="utf-8")
    _demo(mush, "mush", 4, 41, None)
    _demo(mush, "mush", 4, 42, 260)
    PrefsStore.beside(mush / "journal.sqlite3").save(with_chart(Prefs(
        screen_language="fr", reduce_seconds=3.0, names=("Zoé",)), "pressing",
        ChartPref(("tired", "nothing", "nothing", "plus_one", "plus_one", "plus_two"), True)))
    snapshot = backup.take(mush / "journal.sqlite3", mush / "config.toml",
                           clock=lambda: backup.datetime(2000, 1, 2, tzinfo=backup.UTC))
    backup.write(snapshot, FILES / "mush-backup.tar.gz")
    canoe = FILES / "canoe"
    canoe.mkdir()
    (canoe / "config.toml").write_text(CANOE_CONFIG, encoding="utf-8")
    _demo(canoe, "canoe", 3, 43, 200)
    _answers(mush, "mush", ["mush:1", "mush:2"])
    _answers(canoe, "canoe", ["canoe:1"])
    for path in sorted(FILES.rglob("*")):
        if path.is_file():
            print(f"{path.relative_to(ROOT)}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
