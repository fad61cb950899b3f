"""The group's board entered once in the config file, `[game.canoe]` (N2's campsites, E1's
ring, N1/A3/L1's printed points, the route) with its usual trip (C2, V1-V3, K12): read
from a real file, set up by the real companion over a real journal, played on the pads;
every broken value named with its key and the file; and where setup starts from when
the file and the last trip disagree (the file's board wins, the last trip gives what the
file leaves out, the pads win for their trip)."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pygame
import pytest
from canoe_harness import BUTTONS, SetupPads, in_order, path_to_key

from companion.app.cli import main
from companion.app.journals import journal_beside
from companion.app.loop import Companion
from companion.app.runner import SteppedClock
from companion.config.file import load_config
from companion.config.table import TableConfig
from companion.core.dice import SeededDice
from companion.display.render import render
from companion.exc import ConfigError
from companion.games import game as installed_game
from companion.games.canoe.bots import SensibleBot, play_game
from companion.games.canoe.config import CanoeSetup
from companion.games.canoe.model import Attraction, CardMode, DestinationRule, Weather
from companion.games.canoe.settings import DEFAULT_CAMPSITES, Campsites, Ring, Settings
from companion.games.canoe.table.controller import CanoeTable
from companion.pads.events import Button, Kind, PadEvent
from companion.store import Journal

SITES = ("Solitude Point", "Moose Bay", "Sugar Island", "Indian Pond East",
         "Indian Pond West", "Lily Bay")
BOARD = f"""
[game]
name = "canoe"
players = ["Ann", "Bo", "Cy"]
[game.canoe]
campsites = {list(SITES)!r}
ring = ["calm", "tailwind", "none", "headwind", "calm", "heavy_rain"]
route = ["Moose Bay", "moose", "Sugar Island", "raven_rock", "Solitude Point"]
nights = 3
variant = "short_one"
[game.canoe.site_points]
"Moose Bay" = 15
"Lily Bay" = -5
[game.canoe.attraction_points]
moose = 20
raven_rock = 25
""".replace("'", '"')


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def press(app: Companion, seat: int, button: Button, held: bool = False) -> None:
    app.events.put(PadEvent(seat, button, Kind.PRESS))
    if held:
        app.events.put(PadEvent(seat, button, Kind.HOLD))
    app.events.put(PadEvent(seat, button, Kind.RELEASE))
    app.step(wait=0)
    assert isinstance(app.clock, SteppedClock)
    app.clock.tick()


def focus(app: Companion, seat: int, label: str) -> None:
    """▶ along the seat's menu until `label` has the focus (once round it at most)."""
    for _ in range(40):
        menus = app.controller.frame().menus  # in setup, the one menu any pad drives
        menu = next((m for m in menus if m.seat == seat), menus[0])
        if menu.items[menu.focus].label == label:
            return
        press(app, seat, Button.RIGHT)
    raise AssertionError(f"{label!r} not in {[i.label for i in menu.items]}")


def lines(table: CanoeTable) -> dict[str, tuple[str, bool]]:
    """The setup screen's summary: each setting's value and whether it is a stand-in."""
    return {line.label: (line.value, line.warn) for line in table.frame().setup}


def pads(table: CanoeTable) -> SetupPads:
    """Setup on one pad of the companion's own table, its stepped clock ticking."""
    clock = table.clock
    assert isinstance(clock, SteppedClock)
    return SetupPads(table, lambda held: clock.tick())


# --- a trip on the group's board -------------------------------------------------------


def test_n2_e1_n1_a3_the_file_s_board_is_the_trip_s_from_setup_to_the_camp_menu(
        tmp_path: Path) -> None:
    config = load_config(write(tmp_path, BOARD))
    base = tmp_path / "journal.sqlite3"
    app = Companion(config, Journal(base), dice=SeededDice(5), clock=SteppedClock(0.3))
    try:
        assert app.game == "canoe" and app.controller.in_setup
        table = app.controller
        assert isinstance(table, CanoeTable)
        shown = lines(table)
        # N2: the sites as the file lists them, no longer a placeholder
        assert shown["Campsites"] == ("6: " + ", ".join(SITES), False)
        assert shown["Weather ring"] == ("entered: 6 spaces", False)  # E1
        assert shown["Trip length"][0] == "3 nights"  # C2
        assert shown["Variant"][0] == "Short: one Destination card"  # V1
        assert shown["Board points"][0] == "entered: 4 of 13"  # N1, A3: 6 sites, 7 lines
        texts = render(table.frame(), pygame.Surface((1280, 720))).texts()
        assert not any("placeholder" in text for text in texts)
        press(app, 0, Button.SELECT)  # "Start the game", focused
        assert not table.in_setup
        settings = table.state.require_settings()
        assert settings.names == ("Ann", "Bo", "Cy")
        assert settings.campsites.names == SITES and not settings.campsites.placeholder
        assert settings.campsites.printed("Moose Bay") == 15
        assert settings.campsites.printed("Lily Bay") == -5
        assert settings.campsites.printed("Sugar Island") is None
        assert settings.printed(Attraction.MOOSE) == 20
        assert settings.printed(Attraction.RAVEN_ROCK) == 25
        assert settings.ring == Ring((Weather.CALM, Weather.TAILWIND, None, Weather.HEADWIND,
                                      Weather.CALM, Weather.HEAVY_RAIN), placeholder=False)
        assert settings.route[0] == "Moose Bay"
        assert settings.nights == 3 and settings.variants.destinations is DestinationRule.ONE
        # the header: the board is the group's, nothing of it a placeholder (E1, N2)
        frame = table.frame()
        texts = render(frame, pygame.Surface((1280, 720))).texts()
        assert "Ring 1/6" in texts and not any("placeholder" in text for text in texts)
        # the Camp menu lists the file's sites in the board's order (N1, N3)
        view = frame.view
        assert view is not None and view.active is not None
        seat = view.active
        focus(app, seat, "Throw the die")
        press(app, seat, Button.SELECT)
        tree = table._tree(seat)  # the rest behind ●, in levels of three
        path = path_to_key(tree, "camp") if tree is not None else None
        assert path is not None
        for node in path:
            press(app, seat, BUTTONS[node.button])
        sites = path[-1].children
        assert sites is not None
        labels = [n.label for n in in_order(sites)]
        assert sorted(labels) == sorted(["Solitude Point", "Moose Bay · +15", "Sugar Island",
                                         "Indian Pond East", "Indian Pond West",
                                         "Lily Bay · -5"])
        assert not {label.split(" · ")[0] for label in labels} & set(DEFAULT_CAMPSITES[4:])
        # on the pads, the first of them, two a level read in the board's order
        menu = next(m for m in table.frame().menus if m.seat == seat)
        pair = [next(i.label for i in menu.items if i.button == b) for b in ("left", "right")]
        assert [SITES.index(label.split(" · ")[0]) for label in pair] == sorted(
            SITES.index(label.split(" · ")[0]) for label in pair)
        # a phone lists them all at once, in the board's order
        assert [step.item.label.split(" · ")[0] for step in menu.steps] == list(SITES)
    finally:
        app.close()
    # the journal keeps the trip's board: its settings are the file's
    with Journal(journal_beside(base, "canoe"), game=installed_game("canoe")) as journal:
        record = journal.latest_game()
        assert record is not None
        assert record.settings.campsites.names == SITES


def test_n2_the_header_names_stand_in_sites_under_an_entered_ring(tmp_path: Path) -> None:
    """A ring from the file but no campsites: the header still says the sites are the
    companion's stand-ins; with them given it says nothing (the test above)."""
    config = load_config(write(tmp_path, '[game]\nname = "canoe"\n[game.canoe]\n'
                                         'ring = ["calm", "headwind"]\n'))
    table = CanoeTable(clock=SteppedClock(0.3), config=TableConfig(
        players=2, game=config.part("canoe")))
    assert lines(table)["Campsites"] == ("placeholder", True)
    pads(table).press(Button.SELECT)  # "Start the game"
    assert not table.in_setup
    texts = render(table.frame(), pygame.Surface((1280, 720))).texts()
    assert "Ring 1/2 · sites: placeholder" in texts


# --- precedence: the file, the last trip, the pads -------------------------------------


def last_trip(sites: Campsites, ring: Ring | None = None, nights: int = 2,
              points: tuple[tuple[Attraction, int], ...] = ()) -> Settings:
    return Settings.make(["Ann", "Bo"], nights, ring=ring, campsites=sites,
                         attraction_points=points)


def setup_of(part: CanoeSetup, last: Settings | None) -> CanoeTable:
    return CanoeTable(clock=SteppedClock(0.3), config=TableConfig(players=2, game=part),
                      last=last)


def part_of(tmp_path: Path, text: str) -> CanoeSetup:
    part = load_config(write(tmp_path, text)).part("canoe")
    assert isinstance(part, CanoeSetup)
    return part


def test_n2_an_edited_file_wins_over_the_last_trip_s_board(tmp_path: Path) -> None:
    old = Campsites(SITES, placeholder=False).with_points(
        {"Moose Bay": 15, "Sugar Island": 10, "Lily Bay": 5})
    ring = Ring((Weather.CALM, Weather.HEADWIND), placeholder=False)
    last = last_trip(old, ring, nights=4, points=((Attraction.MOOSE, 20),))
    renamed = ("Solitude Point", "Moose Cove", "Sugar Island", "Indian Pond 1")
    part = part_of(tmp_path, f"""
[game.canoe]
campsites = {list(renamed)!r}
nights = 2
[game.canoe.site_points]
"Sugar Island" = 20
""".replace("'", '"'))
    draft = setup_of(part, last).draft
    settings = draft.settings()
    assert settings.campsites.names == renamed and not settings.campsites.placeholder
    # a renamed site is another site: its old points go; the file's value wins over the
    # last trip's; the last trip gives what the file leaves out (E1's ring, A3's moose)
    assert settings.campsites.printed("Moose Cove") is None
    assert settings.campsites.printed("Sugar Island") == 20
    assert settings.ring == ring
    assert settings.printed(Attraction.MOOSE) == 20
    assert settings.nights == 4  # the trip's choices: the last trip's, as every game's


def test_e1_the_file_s_ring_wins_over_the_one_entered_last_trip(tmp_path: Path) -> None:
    entered = Ring((Weather.CALM, Weather.HEADWIND), placeholder=False)
    part = part_of(tmp_path, '[game.canoe]\nring = ["tailwind", "calm", "none"]\n')
    settings = setup_of(part, last_trip(Campsites(), entered)).draft.settings()
    assert settings.ring == Ring((Weather.TAILWIND, Weather.CALM, None), placeholder=False)
    # a file without a ring: the last trip's entered ring, else the stand-in
    plain = part_of(tmp_path, "")
    assert setup_of(plain, last_trip(Campsites(), entered)).draft.settings().ring == entered
    assert setup_of(plain, None).draft.settings().ring == Ring()


def test_n2_without_campsites_in_the_file_the_stand_ins_are_played(tmp_path: Path) -> None:
    """Setup has no entry for the sites: they come from the file only, so a file that no
    longer lists them plays the stand-ins again, marked placeholder."""
    last = last_trip(Campsites(SITES, placeholder=False))
    settings = setup_of(part_of(tmp_path, ""), last).draft.settings()
    assert settings.campsites == Campsites()


def test_c2_v1_k12_the_file_s_trip_is_a_first_trip_s_then_the_last_trip_s(
        tmp_path: Path) -> None:
    part = part_of(tmp_path, '[game.canoe]\nnights = 5\nvariant = "long"\n'
                             'cards = "paper"\n')
    first = setup_of(part, None).draft.settings()
    assert (first.nights, first.variants.every_campsite, first.cards) == (5, True,
                                                                          CardMode.PAPER)
    later = setup_of(part, last_trip(Campsites(), nights=1)).draft.settings()
    assert (later.nights, later.variants.every_campsite, later.cards) == (
        1, False, CardMode.ELECTRONIC)


def test_n1_a3_a_value_set_on_the_pads_wins_for_its_trip_then_the_file_s_again(
        tmp_path: Path) -> None:
    part = part_of(tmp_path, f"""
[game.canoe]
campsites = {list(SITES)!r}
[game.canoe.site_points]
"Moose Bay" = 15
[game.canoe.attraction_points]
moose = 20
""".replace("'", '"'))
    table = setup_of(part, None)
    pad = pads(table)
    pad.walk("Board points")
    pad.walk("Moose Bay")
    assert table.frame().menus[0].items[table.frame().menus[0].focus].label == "+15"
    pad.walk("+30")
    pad.walk("See a moose")
    pad.walk("Not entered")
    pad.press(Button.SELECT, held=True)  # back to the setup menu
    pad.walk("Start the game")
    played = table.state.require_settings()
    assert played.campsites.printed("Moose Bay") == 30  # the pads' value, this trip
    assert played.printed(Attraction.MOOSE) is None
    # the next trip starts from the file's board again: the host's description of it
    again = setup_of(part, played).draft.settings()
    assert again.campsites.printed("Moose Bay") == 15
    assert again.printed(Attraction.MOOSE) == 20


def test_n2_a_trip_journalled_on_the_old_board_gives_way_to_the_edited_file(
        tmp_path: Path) -> None:
    """The real path: a finished trip in the Canoe journal on the stand-in sites with a
    printed point entered, then a config file that lists the board's own sites: the
    companion's setup starts from the file's sites, keeping the point of the site the
    two boards share (Sugar Island) and the last trip's entered ring."""
    base = tmp_path / "journal.sqlite3"
    ring = Ring((Weather.CALM, Weather.TAILWIND, Weather.HEADWIND), placeholder=False)
    old = Settings.make(["Ann", "Bo"], 1, ring=ring,
                        campsites=Campsites().with_points({"Sugar Island": 10,
                                                           "Campsite 5": 5}))
    _, events = play_game(old, [SensibleBot(), SensibleBot()], SeededDice(6), random.Random(6))
    when = datetime(2026, 1, 2, tzinfo=UTC)
    with Journal(journal_beside(base, "canoe"), game=installed_game("canoe"),
                 clock=lambda: when) as journal:
        journal.append(journal.new_game(old), events)
    config = load_config(write(tmp_path, BOARD.replace("[game.canoe.site_points]",
                                                       "[game.canoe.site_points]\n"
                                                       "\"Sugar Island\" = 20")
                               .replace('ring = [', '# ring = [')))
    app = Companion(config, Journal(base), dice=SeededDice(5), clock=SteppedClock(0.3))
    try:
        table = app.controller
        assert isinstance(table, CanoeTable) and table.in_setup
        settings = table.draft.settings()
        assert settings.campsites.names == SITES and not settings.campsites.placeholder
        assert settings.campsites.printed("Sugar Island") == 20  # the file's, not 10
        assert settings.ring == ring  # not in the file: the last trip's entered ring
        assert settings.nights == 1  # the trip's choices: the last trip's
    finally:
        app.close()


# --- broken values ------------------------------------------------------------------------

BAD = [
    ('campsites = ["Solitude Point"]', "game.canoe.campsites", "2 to 24 campsites"),
    ("campsites = [" + ", ".join(f'"Indian Pond {n}"' for n in range(25)) + "]",
     "game.canoe.campsites", "2 to 24 campsites"),
    ('campsites = "Sugar Island"', "game.canoe.campsites", "must be a list"),
    ('campsites = ["Solitude Point", "Sugar Island", "sugar island", "Indian Pond"]',
     "game.canoe.campsites.2", "already a campsite's name"),
    ('campsites = ["Solitude Point", "Sugar Island", "Indian Pond", 7]',
     "game.canoe.campsites.3", "a campsite's name is text"),
    ('campsites = ["Solitude Point", "Sugar Island", "Indian Pond", "\u200b"]',
     "game.canoe.campsites.3", "is empty"),
    ('campsites = ["Solitude Point", "Sugar Island", "Indian Pond of the far north shore"]',
     "game.canoe.campsites.2", "at most 24 characters"),
    ('campsites = ["Solitude Point", "Sugar Islnd", "Indian Pond 1"]',
     "game.canoe.campsites", "'Sugar Island'"),
    ('ring = ["calm"]', "game.canoe.ring", "2 to 24"),
    ('ring = ["none", "calm"]', "game.canoe.ring", "first space"),
    ('ring = ["windbound", "none", "windbound"]', "game.canoe.ring", "wind must drop"),
    ('ring = ["calm", "sunny"]', "game.canoe.ring.1", "must be one of calm, tailwind"),
    ('route = ["moose", "Nowhere"]', "game.canoe.route.1", "must be one of"),
    ("route = [" + ", ".join(['"moose"'] * 65) + "]", "game.canoe.route", "64 at most"),
    ('[game.canoe.site_points]\n"Sugar Islnd" = 10', "game.canoe.site_points.Sugar Islnd",
     "did you mean 'Sugar Island'?"),
    ('campsites = ["Solitude Point", "Sugar Island", "Indian Pond"]\n'
     '[game.canoe.site_points]\n"Campsite 5" = 10', "game.canoe.site_points.Campsite 5",
     "unknown key"),
    ('[game.canoe.site_points]\n"Sugar Island" = 12', "game.canoe.site_points.Sugar Island",
     "a multiple of 5 from -200 to 200"),
    ('[game.canoe.site_points]\n"Sugar Island" = 205',
     "game.canoe.site_points.Sugar Island", "a multiple of 5"),
    ('[game.canoe.site_points]\n"Sugar Island" = "ten"',
     "game.canoe.site_points.Sugar Island", "must be a whole number"),
    ("[game.canoe.attraction_points]\nsolitude_point = 10",
     "game.canoe.attraction_points.solitude_point", "unknown key"),
    ("[game.canoe.attraction_points]\nmoose = 7", "game.canoe.attraction_points.moose",
     "a multiple of 5"),
    ("nights = 0", "game.canoe.nights", "must be from 1 to 9"),
    ("nights = true", "game.canoe.nights", "must be a whole number"),
    ('variant = "medium"', "game.canoe.variant", "must be one of full, short_one"),
    ('cards = "plastic"', "game.canoe.cards", "must be one of electronic, paper"),
    ("colour = 1", "game.canoe.colour", "unknown key"),
]


@pytest.mark.parametrize(("text", "key", "problem"), BAD, ids=[b[1] + ":" + b[0][:20]
                                                                for b in BAD])
def test_n2_e1_n1_a3_a_broken_value_names_its_key_and_the_file(
        tmp_path: Path, text: str, key: str, problem: str) -> None:
    path = write(tmp_path, f'[game]\nname = "canoe"\n[game.canoe]\n{text}\n')
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    error = caught.value
    assert error.key == key and error.file == str(path)
    assert str(error).startswith(f"{path}: {key}: ")
    assert problem in str(error)


def test_every_problem_of_the_section_at_once_and_check_config_says_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, '[game.canoe]\nnights = 0\nvariant = "medium"\n'
                           'ring = ["none", "calm"]\n')
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    said = str(caught.value).splitlines()
    assert {line.split(": ")[1] for line in said} == {
        "game.canoe.nights", "game.canoe.variant", "game.canoe.ring"}
    assert all(line.startswith(f"{path}: ") for line in said)
    assert main(["check-config", str(path)]) == 2  # a clear message, never a traceback
    err = capsys.readouterr().err
    assert "game.canoe.nights" in err and "Traceback" not in err
    assert main(["check-config", str(write(tmp_path, BOARD))]) == 0


def test_n2_the_board_docs_playing_md_shows_is_a_file_the_companion_takes(
        tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parents[3] / "docs" / "playing.md").read_text(
        encoding="utf-8")
    block = text.split("```toml\n[game.canoe]", 1)[1].split("```", 1)[0]
    part = part_of(tmp_path, "[game.canoe]" + block)
    assert part.campsites is not None and len(part.campsites) == 8
    settings = setup_of(part, None).draft.settings()
    assert not settings.campsites.placeholder and not settings.ring.placeholder
    assert settings.campsites.printed("Sugar Island") == 15
    # the route the guide asks the host to copy: every campsite and landmark, in order
    assert len(settings.route) == 17 and settings.route[0] == "Solitude Point"


def test_n2_a_table_set_to_mush_that_switches_to_canoe_finds_the_file_s_board(
        tmp_path: Path) -> None:
    config = load_config(write(tmp_path, BOARD.replace('name = "canoe"', 'name = "mush"')))
    app = Companion(config, Journal(tmp_path / "journal.sqlite3"), dice=SeededDice(5),
                    clock=SteppedClock(0.3))
    try:
        assert app.game == "mush"
        focus(app, 0, "Game")
        press(app, 0, Button.SELECT)
        focus(app, 0, "Canoe (Moosehead Lake)")
        press(app, 0, Button.SELECT)
        table = app.controller
        assert app.game == "canoe" and isinstance(table, CanoeTable) and table.in_setup
        assert lines(table)["Campsites"] == ("6: " + ", ".join(SITES), False)
        assert table.draft.settings().campsites.printed("Moose Bay") == 15
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_n2_e1_the_stand_in_sites_mark_is_whole_on_the_smallest_screen(language: str) -> None:
    ring = tuple([Weather.CALM, Weather.HEADWIND] * 12)  # 24 spaces: the longest count
    table = CanoeTable(clock=SteppedClock(0.3), config=TableConfig(
        players=6, language=language, screen_language=language, game=CanoeSetup(ring=ring)))
    pads(table).press(Button.SELECT)  # "Start the game"
    frame = table.frame()
    assert frame.view is not None  # the indicator on its last space: the widest header
    frame = replace(frame, view=replace(frame.view, ring_position=23))
    for size in ((800, 480), (1280, 720)):
        log = render(frame, pygame.Surface(size), language=language)
        assert log.problems() == [], (size, language)
        assert any(text.startswith(("Ring 24/24 · ", "Anneau 24/24 · ")) and
                   text.endswith(("placeholder", "provisoires", "vorläufig"))
                   for text in log.texts())
