"""The config file: defaults, the example that documents them, and errors that name the key."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from companion.config.file import (
    Config,
    accepted_keys,
    default_config_path,
    default_journal_path,
    load_config,
    parse_config,
)
from companion.config.game import default_players
from companion.exc import ConfigError
from companion.games.mush.model import Arrangement, Climate, PressResult, Zone
from companion.games.mush.settings import Board, Charts

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "config.example.toml"
ENV = {"HOME": "/home/tester"}


def write(tmp_path: Path, text: str, name: str = "config.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- defaults and the example -------------------------------------------------------


def test_the_example_loads_and_equals_the_defaults() -> None:
    example = load_config(EXAMPLE, env=ENV)
    defaults = parse_config({}, env=ENV)
    assert dataclasses.replace(example, file=None) == defaults
    assert example.file == EXAMPLE


def _sections(text: str) -> dict[str, str]:
    """Each [section]'s text, keyed by its dotted name ("" for the text before any)."""
    chunks: dict[str, str] = {}
    name = ""
    for line in text.splitlines():
        header = re.match(r"^\[([a-z_.]+)\]\s*$", line)
        if header:
            name = header.group(1)
            continue
        chunks[name] = chunks.get(name, "") + line + "\n"
    return chunks


def test_the_example_documents_every_key() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    sections = _sections(text)
    missing = []
    for table, keys in accepted_keys().items():
        parent = table.removesuffix(".N").rsplit(".", 1)[0] if table.endswith(".N") else table
        chunk = sections.get(parent, "")
        for key in keys:
            # `key = ...`, `# key = ...`, `seats.0 = {...}` or `{ name = ..., zone = ... }`
            assigned = re.search(rf"(^|[\s{{,#]){key}(\.\d+)?\s*=", chunk, re.M)
            has_table = any(name == f"{table}.{key}" or name.startswith(f"{table}.{key}.")
                            for name in sections)
            if not (assigned or has_table):
                missing.append(f"{table}.{key}")
    assert not missing, f"docs/config.example.toml does not document {missing}"


def test_no_file_means_every_default(tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "nothing")}
    config = load_config(env=env)
    assert config.file is None
    assert config.players == default_players("en")
    assert config.part("mush").arrangement is Arrangement.INTRO
    assert config.part("mush").charts == Charts()
    assert config.table.reduce_seconds == 1.0 and config.pads.hold_s == 2.0
    assert config.store.path == tmp_path / ".local/share/mush-companion/journal.sqlite3"
    assert config.log.level == "info"


def test_config_path_prefers_the_system_file(tmp_path: Path) -> None:
    system = tmp_path / "etc" / "config.toml"
    env = {"HOME": "/home/pi"}
    assert default_config_path(env, system) == Path("/home/pi/.config/mush-companion/config.toml")
    env["XDG_CONFIG_HOME"] = "/xdg"
    assert default_config_path(env, system) == Path("/xdg/mush-companion/config.toml")
    system.parent.mkdir()
    system.write_text("", encoding="utf-8")
    assert default_config_path(env, system) == system


def test_journal_path_uses_the_state_directory_under_systemd() -> None:
    assert default_journal_path({"STATE_DIRECTORY": "/var/lib/mush-companion",
                                 "HOME": "/root"}) == Path(
        "/var/lib/mush-companion/journal.sqlite3")
    assert default_journal_path({"HOME": "/home/pi", "XDG_DATA_HOME": "/data"}) == Path(
        "/data/mush-companion/journal.sqlite3")
    assert default_journal_path({"HOME": "/home/pi"}) == Path(
        "/home/pi/.local/share/mush-companion/journal.sqlite3")


def test_a_full_custom_game(tmp_path: Path) -> None:
    path = write(tmp_path, """
[game]
players = ["Ann", "  Bea  ", "Cid"]
arrangement = "custom"
boards = [
  { name = "Anchorage", zone = "southern" },
  { name = "Ophir", zone = "central" },
  { name = "Nome", zone = "northern" },
]
[game.variants]
short_north = true
free_training = true
[game.charts.central]
faces = ["moderate", "moderate", "moderate", "cold", "cold", "cold"]
confirmed = true
[game.charts.pressing]
faces = ["tired", "tired", "nothing", "plus_one", "plus_two", "plus_two"]
confirmed = true
""")
    config = load_config(path, env=ENV)
    game = config.part("mush").settings(config.players)
    assert game.names == ("Ann", "Bea", "Cid")
    assert game.arrangement is Arrangement.CUSTOM
    assert game.boards == (Board("Anchorage", Zone.SOUTHERN), Board("Ophir", Zone.CENTRAL),
                           Board("Nome", Zone.NORTHERN))
    assert game.variants.short_north and game.variants.free_training
    assert not game.variants.skip_central
    assert game.charts.central.faces[4] is Climate.COLD and not game.charts.central.placeholder
    assert game.charts.pressing.result(5) is PressResult.PLUS_TWO
    assert game.charts.placeholders == ("southern", "northern")


def test_a_game_s_own_section_reads_as_the_older_game_table(tmp_path: Path) -> None:
    """`[game.mush]` and a file written before it (MUSH's keys in `[game]`) mean the same."""
    older = write(tmp_path, """
[game]
players = ["Ann", "Bea", "Cid"]
arrangement = "standard"
[game.variants]
skip_central = true
[game.charts.pressing]
faces = ["tired", "tired", "nothing", "plus_one", "plus_two", "plus_two"]
confirmed = true
""", "older.toml")
    newer = write(tmp_path, """
[game]
players = ["Ann", "Bea", "Cid"]
[game.mush]
arrangement = "standard"
[game.mush.variants]
skip_central = true
[game.mush.charts.pressing]
faces = ["tired", "tired", "nothing", "plus_one", "plus_two", "plus_two"]
confirmed = true
""", "newer.toml")
    old, new = load_config(older, env=ENV), load_config(newer, env=ENV)
    assert dataclasses.replace(old, file=None) == dataclasses.replace(new, file=None)
    part = new.part("mush")
    assert part.arrangement is Arrangement.STANDARD and part.variants.skip_central
    assert part.charts.placeholders == ("southern", "central", "northern")
    assert part.settings(new.players).charts.pressing.result(1) is PressResult.TIRED


def test_every_problem_of_a_game_s_section_is_listed_at_once(tmp_path: Path) -> None:
    path = write(tmp_path, """
[game]
players = ["Ann"]
[game.mush]
arrangement = "medium"
[game.mush.variants]
skip_centrl = true
[game.mush.charts.southern]
faces = ["hot"]
""")
    with pytest.raises(ConfigError) as caught:
        load_config(path, env=ENV)
    keys = {line.split(": ")[1] for line in str(caught.value).splitlines()}
    assert keys == {"game.players", "game.mush.arrangement", "game.mush.variants.skip_centrl",
                    "game.mush.charts.southern.faces"}


def test_players_default_to_seat_colours_in_the_voice_language(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, '[voice]\nlanguage = "fr"\n'), env=ENV)
    assert config.players[:2] == ("Orange", "Bleu ciel")
    assert config.voice.language == "fr"


def test_store_path_relative_to_the_config_file(tmp_path: Path) -> None:
    path = write(tmp_path, '[store]\npath = "data/j.sqlite3"\n')
    assert load_config(path, env=ENV).store.path == tmp_path / "data/j.sqlite3"
    home = write(tmp_path, '[store]\npath = "~/j.sqlite3"\n', "home.toml")
    assert load_config(home, env=ENV).store.path == Path("~/j.sqlite3").expanduser()


def test_hold_is_one_setting_for_table_and_pads(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, "[table]\nhold_seconds = 1.5\n"), env=ENV)
    assert config.table.hold_seconds == config.pads.hold_s == 1.5
    config = load_config(write(tmp_path, "[pads]\nhold_s = 2.5\n", "b.toml"), env=ENV)
    assert config.table.hold_seconds == config.pads.hold_s == 2.5


def test_display_and_log(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, """
[display]
fullscreen = false
size = [1280, 720]
fps = 60
[log]
level = "DEBUG"
"""), env=ENV)
    assert config.display.size == (1280, 720) and config.display.fps == 60
    assert not config.display.fullscreen
    assert config.log.level == "debug" and config.log.logging_level == 10


def test_pads_and_voice_go_through_their_own_parsers(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, """
[pads]
source = "keyboard"
[pads.keyboard]
seats.0 = { left = "z", select = "x", right = "c" }
[voice]
language = "de"
volume = 1
"""), env=ENV)
    assert config.pads.source == "keyboard"
    assert config.pads.keyboard.seats[0].left == "z"
    assert config.voice.language == "de" and config.voice.volume == 1.0
    assert isinstance(config, Config)


# --- errors: each names the file and the dotted key ------------------------------------

BAD = [
    ('[game]\narrangement = "medium"\n', "game.arrangement",
     "must be one of intro, standard, custom (got 'medium')"),
    ('[game]\narrangment = "intro"\n', "game.arrangment", "did you mean 'arrangement'?"),
    ('[dispaly]\nfps = 30\n', "dispaly", "did you mean 'display'?"),
    ('[table]\nreduce_seconds = "ten"\n', "table.reduce_seconds", "number of seconds"),
    ('[table]\nreroll_seconds = 0\n', "table.reroll_seconds", "more than 0"),
    ('[table]\nhold_secs = 2\n', "table.hold_secs", "did you mean 'hold_seconds'?"),
    ('[display]\nfps = 0\n', "display.fps", "from 1 to 240"),
    ('[display]\nsize = [1920]\n', "display.size", "[width, height]"),
    ('[display]\nfullscreen = "yes"\n', "display.fullscreen", "true or false"),
    ('[pads.gpio.seats.0]\nleft = 4\nselect = 5\nright = 6\n'
     '[pads.gpio.seats.1]\nleft = 4\nselect = 7\nright = 8\n',
     "pads.gpio.seats.1.left", "already used"),
    ('[pads]\nsorce = "gpio"\n', "pads.sorce", "did you mean 'source'?"),
    ('[pads.serial]\nheartbeat = 1\n', "pads.serial.heartbeat", "did you mean 'heartbeat_s'?"),
    ('[pads]\nsource = "bluetooth"\n', "pads.source", "must be one of"),
    ('[table]\nhold_seconds = 1.0\n[pads]\nhold_s = 2.0\n', "pads.hold_s", "one setting"),
    ('[voice]\nlanguage = "es"\n', "voice.language", "unknown language 'es'"),
    ('[voice]\nlangauge = "en"\n', "voice.langauge", "did you mean 'language'?"),
    ('[game.charts.central]\nfaces = ["warm","moderate","moderate","moderate","moderate",'
     '"cold"]\n', "game.charts.central.faces", "a 5 on the Central chart must be Cold (W3)"),
    ('[game.charts.southern]\nfaces = ["warm","warm","hot","moderate","moderate","cold"]\n',
     "game.charts.southern.faces.2", "must be one of warm, moderate, cold (got 'hot')"),
    ('[game.charts.northern]\nfaces = ["cold"]\n', "game.charts.northern.faces", "six results"),
    ('[game.charts.pressing]\nconfirmed = "yes"\n', "game.charts.pressing.confirmed",
     "true or false"),
    ('[game.charts]\neastern = {}\n', "game.charts.eastern", "unknown key"),
    ('[game]\nplayers = ["Solo"]\n', "game.players", "2 to 6 players"),
    ('[game]\nplayers = ["Ann", "ann"]\n', "game.players.1", "already a player's name"),
    ('[game]\nplayers = ["Ann", 7]\n', "game.players.1", "text"),
    ('[game]\nplayers = ["Ann", "' + "x" * 30 + '"]\n', "game.players.1", "at most 24"),
    ('[game]\narrangement = "custom"\n', "game.boards", "needs its boards"),
    ('[game]\nboards = [{ name = "Nome", zone = "northern" }]\n', "game.boards",
     "only with arrangement"),
    ('[game]\narrangement = "custom"\nboards = [{ name = "A", zone = "southern" },'
     ' { name = "B", zone = "arctic" }]\n', "game.boards.1.zone", "must be one of"),
    ('[game.variants]\nshort_north = "yes"\n', "game.variants.short_north", "true or false"),
    ('[game.variants]\nskip_centrl = true\n', "game.variants.skip_centrl",
     "did you mean 'skip_central'?"),
    ('[log]\nlevel = "verbose"\n', "log.level", "must be one of debug"),
    ('[store]\npath = ""\n', "store.path", "file path"),
    ('game = 3\n', "game", "must be a table"),
    # each game's own section, [game.<name>], names its keys the same way
    ('[game.mush]\narrangement = "medium"\n', "game.mush.arrangement", "must be one of"),
    ('[game.mush.charts.central]\nfaces = ["warm","moderate","moderate","moderate",'
     '"moderate","cold"]\n', "game.mush.charts.central.faces", "must be Cold (W3)"),
    ('[game.mush.variants]\nskip_centrl = true\n', "game.mush.variants.skip_centrl",
     "did you mean 'skip_central'?"),
    ('[game]\narrangement = "standard"\n[game.mush]\narrangement = "intro"\n', "game.mush",
     "given twice"),
    ('[game.canoe]\nnights = 12\n', "game.canoe.nights", "must be from 1 to 9"),
    ('[game.chess]\nclock = 5\n', "game.chess", "unknown key"),
    ('[game]\nname = "canoe"\nplayers = ["Solo"]\n', "game.players", "2 to 6 players"),
    ('[game\n', "syntax", "line 1"),
]


@pytest.mark.parametrize(("text", "key", "problem"), BAD, ids=[b[1] for b in BAD])
def test_a_wrong_key_or_value_names_the_file_and_the_key(
        tmp_path: Path, text: str, key: str, problem: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_config(path, env=ENV)
    error = caught.value
    assert error.key == key
    assert error.file == str(path)
    assert str(error).startswith(f"{path}: {key}: ")
    assert problem in str(error)


def test_the_message_reads_as_documented(tmp_path: Path) -> None:
    path = write(tmp_path, '[game]\narrangement = "medium"\n')
    with pytest.raises(ConfigError) as caught:
        load_config(path, env=ENV)
    assert str(caught.value) == (f"{path}: game.arrangement: must be one of intro, standard, "
                                 "custom (got 'medium')")


def test_a_missing_file_that_was_asked_for_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such file") as caught:
        load_config(tmp_path / "absent.toml", env=ENV)
    assert caught.value.file == str(tmp_path / "absent.toml")
