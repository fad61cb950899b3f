"""Setup's charts, settings and name speller, driven by pad presses through the real
controller; the presses each takes are counted (a chart, a name: well under a minute)."""

from __future__ import annotations

from companion.config.prefs import Prefs
from companion.config.table import TableConfig
from companion.games.mush.config import ChartPref, chart, with_chart
from companion.games.mush.model import Climate, PressResult
from companion.games.mush.table.controller import Outcome, TableController
from companion.pads.events import Button
from companion.table.frame import Menu

from .helpers import Dice, FakeClock, check_frame, long_press, press

L, S, R = Button.LEFT, Button.SELECT, Button.RIGHT
SOUTHERN = ("warm", "moderate", "moderate", "cold", "warm", "cold")  # not the stand-in's


class Kept:
    """The app's side of `Outcome.prefs`: records each change as the Companion would save
    it, and says back `problem` (what went wrong in saving it, if anything)."""

    def __init__(self, problem: str | None = None) -> None:
        self.saved: list[Prefs] = []
        self.problem = problem

    def __call__(self, prefs: Prefs) -> str | None:
        self.saved.append(prefs)
        return self.problem


class Pads:
    """Presses on pad 0 in setup, counted; `go` walks to an item by label the short way."""

    def __init__(self, ctl: TableController, kept: Kept | None = None) -> None:
        self.ctl = ctl
        self.kept = kept
        self.presses = 0

    def keep(self, out: Outcome) -> None:
        """Settings changed by a press leave the controller in its outcome: kept here."""
        if out.prefs is not None and self.kept is not None:
            self.ctl.prefs_kept(self.kept(out.prefs))

    def menu(self) -> Menu:
        return next(m for m in check_frame(self.ctl).menus if m.seat == -1)

    def focused(self) -> str:
        menu = self.menu()
        return menu.items[menu.focus].label

    def press(self, button: Button, times: int = 1) -> None:
        for _ in range(times):
            self.keep(press(self.ctl, 0, button))
        self.presses += times

    def go(self, label: str, select: bool = True) -> None:
        menu = self.menu()
        labels = [i.label for i in menu.items if i.enabled]
        assert label in labels, (label, labels, menu.title)
        ahead = (labels.index(label) - labels.index(self.focused())) % len(labels)
        if ahead <= len(labels) - ahead:
            self.press(R, ahead)
        else:
            self.press(L, len(labels) - ahead)
        assert self.focused() == label
        if select:
            self.press(S)

    def back(self) -> None:
        self.keep(long_press(self.ctl, 0, S))
        self.presses += 1


def table(prefs: Prefs | None = None) -> tuple[TableController, Pads, Kept]:
    kept = Kept()
    ctl = TableController(dice=Dice(2), clock=FakeClock(),
                          config=TableConfig(prefs=prefs or Prefs()))
    return ctl, Pads(ctl, kept), kept


def label(value: str) -> str:
    from companion.games.mush.table.prefs_menus import value_label

    return value_label(value)


def test_a_chart_is_copied_face_by_face_and_stays_a_stand_in_until_confirmed() -> None:
    # W3: entered on the pads, confirmed, and the game started with it
    ctl, pads, kept = table()
    assert pads.focused() == "Start the game"
    pads.go("Board charts")
    assert pads.menu().title == "Board charts (W3, P2)"
    assert pads.focused() == "Southern weather"  # the first stand-in
    pads.press(S)
    start = pads.presses
    for face, value in enumerate(SOUTHERN, start=1):
        assert pads.menu().title == f"Southern weather: die face {face} of 6"
        pads.go(label(value))
    assert pads.menu().title == "Southern weather: as on your board?"
    assert kept.saved == []  # nothing kept before the confirmation
    pads.go("Confirm this chart")
    per_chart = pads.presses - start
    assert per_chart <= 13  # 6 faces × (at most one move + ●) + ●: well under a minute
    assert chart(kept.saved[-1], "southern") == ChartPref(SOUTHERN, confirmed=True)
    details = {i.label: i.detail for i in pads.menu().items}
    assert details["Southern weather"] == "confirmed"
    assert details["Central weather"] == "stand-in"
    pads.back()
    assert {i.label: i.detail for i in pads.menu().items}["Board charts"] == "3 stand-ins"
    pads.go("Start the game")
    settings = ctl.state.settings
    assert settings is not None
    assert settings.charts.southern.faces == tuple(Climate(v) for v in SOUTHERN)
    assert settings.charts.placeholders == ("central", "northern", "pressing")


def test_a_5_on_the_central_chart_can_only_be_cold() -> None:
    # W3: the other values are greyed with the reason, and ◀ ▶ cannot reach them
    _ctl, pads, kept = table()
    pads.go("Board charts")
    pads.go("Central weather")
    for _ in range(4):
        pads.go(label("warm"))
    menu = pads.menu()
    assert menu.title == "Central weather: die face 5 of 6"
    assert [(i.label, i.enabled, i.detail) for i in menu.items] == [
        ("Warm (sun)", False, "a 5 is Cold (W3)"),
        ("Moderate (sun/cloud)", False, "a 5 is Cold (W3)"),
        ("Cold (cloud)", True, "as now")]
    pads.press(R)
    pads.press(L)
    assert pads.focused() == "Cold (cloud)"
    pads.press(S)
    pads.go(label("moderate"))
    pads.go("Confirm this chart")
    assert chart(kept.saved[-1], "central") == ChartPref(
        ("warm", "warm", "warm", "warm", "cold", "moderate"), True)


def test_the_pressing_chart_and_starting_again() -> None:
    ctl, pads, kept = table()
    pads.go("Board charts")
    pads.go("Pressing (sled board)")
    for value in ("tired", "tired", "nothing", "plus_one"):
        pads.go(label(value))
    pads.back()  # out half-way: nothing is kept ...
    assert kept.saved == []
    pads.go("Pressing (sled board)")  # ... and the chart goes on where it was left
    assert pads.menu().title == "Pressing (sled board): die face 5 of 6"
    pads.go(label("plus_two"))
    pads.go(label("plus_two"))
    pads.go("Start again at face 1")
    assert pads.menu().title == "Pressing (sled board): die face 1 of 6"
    for value in ("tired", "nothing", "nothing", "plus_one", "plus_one", "plus_two"):
        pads.go(label(value))
    pads.go("Confirm this chart")
    assert chart(kept.saved[-1], "pressing") == ChartPref(
        ("tired", "nothing", "nothing", "plus_one", "plus_one", "plus_two"), True)
    pads.back()
    pads.go("Start the game")
    assert ctl.state.settings is not None
    assert ctl.state.settings.charts.pressing.result(6) is PressResult.PLUS_TWO
    assert not ctl.state.settings.charts.pressing.placeholder


def test_charts_entered_before_come_back_confirmed() -> None:
    prefs = with_chart(Prefs(), "northern", ChartPref(("cold",) * 6, True))
    from companion.games.mush.config import MushSetup, charts_in_force
    from companion.games.mush.settings import Charts

    ctl = TableController(dice=Dice(2), clock=FakeClock(), config=TableConfig(
        prefs=prefs, game=MushSetup(charts=charts_in_force(Charts(), prefs))))
    pads = Pads(ctl)
    pads.go("Board charts")
    details = {i.label: i.detail for i in pads.menu().items}
    assert details["Northern weather"] == "confirmed"
    pads.go("Northern weather")
    assert pads.menu().note == "1 ? · 2 C · 3 C · 4 C · 5 C · 6 C"


def test_a_name_is_spelled_letter_by_letter() -> None:
    ctl, pads, kept = table()
    pads.go("Names")
    pads.go("Seat A")
    pads.go("Spell a new name")
    start = pads.presses
    for group, letter in (("K L M N O", "M"), ("A B C D E", "a"), ("P Q R S T", "r"),
                          ("F G H I J", "i"), ("A B C D E", "e")):
        shown = group if letter.isupper() else group.lower()
        pads.go(shown)
        pads.go(letter)
    assert pads.menu().title == "Seat A: Marie_"
    pads.go("Delete the last letter")
    assert pads.menu().title == "Seat A: Mari_"
    pads.go("a b c d e")
    pads.go("e")
    pads.go("Done")
    assert pads.presses - start <= 40  # "Marie" with one slip mended: well under a minute
    assert kept.saved[-1].names == ("Marie",)
    assert kept.saved[-1].seat_names is not None and kept.saved[-1].seat_names[0] == "Marie"
    # the name is seen taken up: in the title, and marked in the list under the speller
    menu = pads.menu()
    assert menu.title == "Name for seat A: Marie"
    assert [(i.label, i.detail) for i in menu.items if i.detail == "✓ seat A"] == [
        ("Marie", "✓ seat A")]
    pads.back()
    pads.back()
    pads.go("Start the game")
    assert ctl.state.settings is not None and ctl.state.settings.names[0] == "Marie"


def test_the_speller_counts_its_presses_for_a_five_letter_name() -> None:
    _ctl, pads, _kept = table()
    pads.go("Names")
    pads.go("Seat B")
    pads.go("Spell a new name")
    start = pads.presses
    for group, letter in (("K L M N O", "M"), ("A B C D E", "a"), ("P Q R S T", "r"),
                          ("F G H I J", "i"), ("A B C D E", "e")):
        pads.go(group if letter.isupper() else group.lower())
        pads.go(letter)
    pads.go("Done")
    assert pads.presses - start == 29  # the figure in companion/games/mush/table/prefs_menus.py


def test_a_name_taken_by_another_seat_cannot_be_done() -> None:
    _ctl, pads, _kept = table()
    pads.go("Names")
    pads.go("Seat A")
    pads.go("Spell a new name")
    for group, letter in (("K L M N O", "O"), ("P Q R S T", "r")):
        pads.go(group if letter.isupper() else group.lower())
        pads.go(letter)
    done = {i.label: i for i in pads.menu().items}["Done"]
    assert done.enabled and done.detail == "Or"
    pads.go("Delete the last letter")
    pads.go("Delete the last letter")
    done = {i.label: i for i in pads.menu().items}["Done"]
    assert not done.enabled and done.detail == "no letter yet"
    for group, letter in (("U V W X Y Z", "Y"), ("A B C D E", "e"), ("K L M N O", "l"),
                          ("K L M N O", "l"), ("K L M N O", "o"), ("U V W X Y Z", "w")):
        pads.go(group if letter.isupper() else group.lower())
        pads.go(letter)
    done = {i.label: i for i in pads.menu().items}["Done"]
    assert not done.enabled and done.detail == "another seat's name"


def test_settings_screen_changes_and_keeps_each_setting() -> None:
    _ctl, pads, kept = table()
    pads.go("Settings")
    assert [i.label for i in pads.menu().items] == [
        "Screen language", "Voice language", "Volume", "Sound", "Take-dice window (X2)",
        "Reroll window (X1)", "Time to choose in a window", "Names",
        "Reset to the config file"]
    pads.go("Screen language")
    pads.go("Français")
    assert kept.saved[-1].screen_language == "fr"
    pads.go("Voice language")
    pads.go("Deutsch")
    pads.go("Volume")
    assert pads.focused() == "80%"
    pads.go("50%")
    pads.go("Sound")
    pads.go("Take-dice window (X2)")
    pads.go("4 s")
    pads.go("Time to choose in a window")
    pads.go("30 s")
    assert kept.saved[-1] == Prefs(screen_language="fr", voice_language="de", volume=0.5,
                                   muted=True, reduce_seconds=4.0, claim_seconds=30.0)
    details = {i.label: i.detail for i in pads.menu().items}
    assert details["Sound"] == "muted" and details["Volume"] == "50%"
    assert details["Screen language"] == "Français"
    pads.go("Reset to the config file")
    assert kept.saved[-1] == Prefs()
    assert {i.label: i.detail for i in pads.menu().items}["Reroll window (X1)"] == "1 s"


def test_a_save_that_fails_is_said_on_the_menu() -> None:
    ctl = TableController(dice=Dice(2), clock=FakeClock(), config=TableConfig())
    pads = Pads(ctl, Kept("Read-only file system"))
    pads.go("Settings")
    pads.go("Sound")
    assert pads.menu().note == "Not saved: Read-only file system"


def test_accents_and_a_second_word_get_their_capitals() -> None:
    _ctl, pads, _kept = table()
    pads.go("Names")
    pads.go("Seat C")
    pads.go("Spell a new name")
    for group, letter in (("A B C D E", "E"), ("ä ö ü ß é è ç - ' ␣", "-"),
                          ("Ä Ö Ü ß É È Ç - ' ␣", "Ü"), ("ä ö ü ß é è ç - ' ␣", "ß")):
        pads.go(group)
        pads.go(letter)
    assert pads.menu().title == "Seat C: E-Üß_"
