"""Setup's pad-made settings: the board charts, the settings screen and spelling a name.

Everything here is a list menu of the kind every other setup item uses (◀ ▶ move, ● picks,
hold ● steps back), so the pads need no new gesture and the screen no new widget:

* A chart is copied from the boards die face by die face: the menu offers the values for
  one face with the current value focused, ◀/▶ reach any other in one press (they wrap),
  and ● takes it and moves on to the next face; after face 6 one ● confirms. A chart
  therefore takes 7 to 13 presses from its first face (≤ 17 from setup's top), well
  under a minute. On the Central chart a 5 can only be Cold (W3): the other values are
  shown greyed with the reason. A chart stays a stand-in until confirmed.
* A name is spelled letter by letter in two steps: a group of letters, then the letter
  (about five presses a letter; "Marie" takes 29 presses from the speller's first item).

Every change goes through `PrefsEditor.update`, which hands the new `Prefs` to the
table's `keep` callback (it writes the settings file and applies them); a save that
fails is said on the menu, and the change still holds for this session.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from companion.config.names import MAX_NAME_LENGTH, name_problem
from companion.config.prefs import LANGUAGES, Prefs
from companion.exc import SettingsError
from companion.games.mush.config import CHART_NAMES, ChartPref, with_chart
from companion.games.mush.model import Climate, PressResult
from companion.games.mush.settings import Charts, PressingChart, WeatherChart
from companion.i18n import count, language, t
from companion.table.tree import Node, Tree

# A language is named in itself, so a group that cannot read the current one finds its own.
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "de": "Deutsch"}
VOLUMES = tuple(range(0, 101, 10))
WINDOW_CHOICES = (1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)
CLAIM_CHOICES = (5.0, 8.0, 10.0, 15.0, 20.0, 30.0)
LETTER_GROUPS = ("ABCDE", "FGHIJ", "KLMNO", "PQRST", "UVWXYZ", "ÄÖÜßÉÈÇ-' ")


def _values(chart: str) -> tuple[str, ...]:
    if chart == "pressing":
        return tuple(r.value for r in (PressResult.PLUS_TWO, PressResult.PLUS_ONE,
                                       PressResult.NOTHING, PressResult.TIRED))
    return tuple(c.value for c in (Climate.WARM, Climate.MODERATE, Climate.COLD))


def value_label(value: str) -> str:
    """A chart value as offered on a face: "Warm (sun)", "+2 spaces"."""
    if value in {c.value for c in Climate}:
        return t(f"m.climate.{value}")
    return t(f"s.press.{value}")


def chart_faces(charts: Charts, name: str) -> tuple[str, ...]:
    """A chart's six faces as their values ("warm", "plus_one", ...)."""
    chart: WeatherChart | PressingChart = getattr(charts, name)
    return tuple(f.value for f in chart.faces)


def chart_row(faces: list[str] | tuple[str, ...], at: int | None = None) -> str:
    """'1 W · 2 W · 3 ? · …': a chart on one short line, the face being entered as '?'."""
    return " · ".join(f"{i + 1} {'?' if i == at else t(f's.letter.{f}')}"
                      for i, f in enumerate(faces))


def seconds(value: float) -> str:
    """'2.5 s', '20 s'; '2,5 s' in French and German."""
    number = f"{value:g}"
    return t("s.seconds", seconds=number if language() == "en" else number.replace(".", ","))


def percent(n: int) -> str:
    """'30%'; '30 %' in French and German."""
    return t("s.percent", n=n)


@dataclass
class PrefsEditor:
    """Setup's draft of the pad-made settings, and the charts they put in force.

    `defaults` are the settings in force without the pads (the config file's), so a
    value can be shown and reset. A change waits in `pending` until the controller hands
    it on (`Outcome.prefs`); the app saves it and puts it in force, and says back what
    went wrong in saving it (`kept`), for the menu to show.
    """

    prefs: Prefs
    charts: Charts
    defaults: dict[str, object] = field(default_factory=dict)
    pending: Prefs | None = None  # changed since the controller last handed it on
    problem: str = ""  # why the last change was not saved (as the system said it), or ""
    refused: str = ""  # why the last chart was not taken (W3), or ""
    drafts: dict[str, list[str]] = field(default_factory=dict)  # chart -> faces being entered
    cursor: dict[str, int] = field(default_factory=dict)  # chart -> face being entered (0..6)
    spelling: dict[int, str] = field(default_factory=dict)  # seat -> letters so far

    def update(self, prefs: Prefs) -> None:
        """Take a change, to be kept (file and table) by the app."""
        self.prefs = self.pending = prefs
        self.problem = ""

    def kept(self, problem: str | None) -> None:
        """What went wrong in keeping the last change (None: nothing)."""
        self.problem = problem or ""

    def note(self) -> str:
        """What went wrong last, worded when drawn: a change of screen language is the
        change most likely to fail saving, and its note must speak the new language."""
        if self.refused:
            return t("s.chart.not_kept", problem=self.refused)
        return t("s.settings.not_saved", problem=self.problem) if self.problem else ""

    def value(self, name: str) -> object:
        """A setting in force: the pads' value, else the config file's."""
        mine = getattr(self.prefs, name)
        return self.defaults.get(name) if mine is None else mine

    # --- charts -------------------------------------------------------------------------

    def charts_node(self) -> Node:
        """Setup's item that opens the list of charts."""
        left = len(self.charts.placeholders)
        detail = count(left, "stand_in") if left else t("s.charts.entered")
        items = [self._chart_node(name) for name in CHART_NAMES]
        first = next((n for n in CHART_NAMES if n in self.charts.placeholders), None)
        tree = Tree("charts", t("s.charts.title"), items, t("m.hint.sub"), default=first,
                    note=self.note() or t("s.charts.note"))
        return Node("charts", t("s.charts"), detail, children=tree)

    def _chart_node(self, name: str) -> Node:
        chart: WeatherChart | PressingChart = getattr(self.charts, name)
        state = t("s.chart.stand_in") if chart.placeholder else t("s.chart.confirmed")
        detail = state
        return Node(name, t(f"s.chart.{name}"), detail, children=self._chart_tree(name))

    def _chart_tree(self, name: str) -> Tree:
        faces = self.drafts.setdefault(name, list(chart_faces(self.charts, name)))
        at = self.cursor.get(name, 0)
        label = t(f"s.chart.{name}")
        if at >= 6:
            items = [Node("confirm", t("s.chart.confirm"),  # the chart is the note above
                          action=lambda: self._confirm(name), pop=True),
                     Node("again", t("s.chart.again"),
                          action=lambda: self.cursor.__setitem__(name, 0))]
            return Tree(f"chart.{name}", t("s.chart.check", chart=label), items,
                        t("m.hint.sub"), default="confirm", note=chart_row(faces))
        items = []
        for value in _values(name):
            blocked = name == "central" and at == 4 and value != Climate.COLD.value
            detail = t("s.chart.central_cold") if blocked else (
                t("s.chart.as_now") if value == faces[at] else "")

            def pick(value: str = value) -> None:
                faces[at] = value
                self.cursor[name] = at + 1

            items.append(Node(f"{at}.{value}", value_label(value), detail, not blocked,
                              action=pick))
        current = faces[at] if not (name == "central" and at == 4) else Climate.COLD.value
        return Tree(f"chart.{name}", t("s.chart.face", chart=label, face=at + 1), items,
                    t("s.chart.hint"), default=f"{at}.{current}", note=chart_row(faces, at))

    def _confirm(self, name: str) -> None:
        faces = tuple(self.drafts[name])
        prefs = with_chart(self.prefs, name, ChartPref(faces, confirmed=True))
        try:
            charts = self.charts.with_faces(name, faces, confirmed=True)
            charts.check()  # W3, again: the file and the config could not get past it either
        except SettingsError as exc:
            self.refused = str(exc)
            return
        self.refused = ""
        self.charts = charts
        self.cursor[name] = 0
        del self.drafts[name]
        self.update(prefs)

    # --- the settings screen ------------------------------------------------------------

    def settings_node(self, names: Node | None = None) -> Node:
        """Setup's item that opens the settings screen (`names`: setup's names item)."""
        items = [
            self._language_node("screen_language"),
            self._language_node("voice_language"),
            self._volume_node(),
            self._sound_node(),
            self._seconds_node("reduce_seconds", "s.settings.reduce", WINDOW_CHOICES),
            self._seconds_node("reroll_seconds", "s.settings.reroll", WINDOW_CHOICES),
            self._seconds_node("claim_seconds", "s.settings.claim", CLAIM_CHOICES),
        ]
        if names is not None:
            items.append(names)
        items.append(Node("reset", t("s.settings.reset"), action=self._reset))
        screen = LANGUAGE_NAMES.get(str(self.value("screen_language")), "")
        volume = self._volume_text()
        tree = Tree("settings", t("s.settings"), items, t("s.hint.pick"), note=self.note())
        return Node("settings", t("s.settings"), f"{screen} · {volume}", children=tree)

    def _set(self, name: str, value: object) -> None:
        changes: dict[str, Any] = {name: value}
        self.update(replace(self.prefs, **changes))

    def number(self, name: str) -> float:
        """A numeric setting in force (volume, a window's seconds)."""
        value = self.value(name)
        return float(value) if isinstance(value, int | float) else 0.0

    def _language_node(self, name: str) -> Node:
        values = []
        for lang in LANGUAGES:
            values.append(Node(lang, LANGUAGE_NAMES[lang],
                               action=partial(self._set, name, lang), pop=True))
        current = str(self.value(name))
        tree = Tree(name, t(f"s.settings.{name}"), values, t("s.hint.pick"), default=current)
        return Node(name, t(f"s.settings.{name}"), LANGUAGE_NAMES.get(current, current),
                    children=tree)

    def _volume_text(self) -> str:
        if self.value("muted"):
            return t("s.settings.muted")
        return percent(round(self.number("volume") * 100))

    def _volume_node(self) -> Node:
        values = [Node(str(v), percent(v), action=partial(self._set, "volume", v / 100),
                       pop=True) for v in VOLUMES]
        current = round(self.number("volume") * 10) * 10
        tree = Tree("volume", t("s.settings.volume"), values, t("s.hint.pick"),
                    default=str(current))
        return Node("volume", t("s.settings.volume"),
                    percent(round(self.number("volume") * 100)), children=tree)

    def _sound_node(self) -> Node:
        muted = bool(self.value("muted"))
        return Node("sound", t("s.settings.sound"),
                    t("s.settings.muted") if muted else t("s.settings.sound_on"),
                    action=lambda: self._set("muted", not muted))

    def _seconds_node(self, name: str, word: str, choices: tuple[float, ...]) -> Node:
        current = self.number(name)
        offered = sorted({*choices, current})
        values = [Node(f"{v:g}", seconds(v), action=partial(self._set, name, v), pop=True)
                  for v in offered]
        tree = Tree(name, t(word), values, t("s.hint.pick"), default=f"{current:g}")
        return Node(name, t(word), seconds(current), children=tree)

    def _reset(self) -> None:
        self.update(Prefs(seat_names=self.prefs.seat_names, names=self.prefs.names,
                          parts=self.prefs.parts))

    # --- spelling a name ----------------------------------------------------------------

    def speller_node(self, seat: int, letter: str, taken: set[str],
                     done: Callable[[str], None]) -> Node:
        """The item that opens the speller for `seat`; `done(name)` takes the name."""
        text = self.spelling.get(seat, "")
        items = []
        for index, group in enumerate(LETTER_GROUPS):
            shown = [_case(text, c) for c in group]
            label = " ".join("␣" if c == " " else c for c in shown)
            letters = []
            for char in dict.fromkeys(shown):
                letters.append(Node(f"{index}.{char}", "␣" if char == " " else char,
                                    action=partial(self._type, seat, char), pop=True))
            tree = Tree(f"group{index}", t("s.spell.title", letter=letter, text=text),
                        letters, t("s.spell.hint"), default=letters[0].key)
            full = len(text) >= MAX_NAME_LENGTH
            items.append(Node(f"group{index}", label,
                              t("s.spell.full", n=MAX_NAME_LENGTH) if full else "",
                              not full, children=tree))
        items.append(Node("delete", t("s.spell.delete"), enabled=bool(text),
                          action=lambda: self._delete(seat)))
        name = " ".join(text.split())
        why = (t("s.spell.empty") if not name or name_problem(name) else
               t("s.spell.taken") if name.casefold() in {n.casefold() for n in taken} else "")

        def finish() -> None:
            self.spelling.pop(seat, None)
            self.update(self.prefs.with_name(name))
            done(name)

        items.append(Node("done", t("s.spell.done"), why or name, not why, action=finish,
                          pop=True))
        tree = Tree(f"spell.{seat}", t("s.spell.title", letter=letter, text=text),
                    items, t("s.spell.hint"), default="group0")
        return Node("spell", t("s.spell"), text, children=tree)

    def _type(self, seat: int, char: str) -> None:
        text = self.spelling.get(seat, "")
        if len(text) < MAX_NAME_LENGTH:
            self.spelling[seat] = text + char

    def _delete(self, seat: int) -> None:
        self.spelling[seat] = self.spelling.get(seat, "")[:-1]


def _case(text: str, char: str) -> str:
    """Capitals start a name and each of its words; the rest is lower case."""
    if char == "ß":  # never starts a word, and its capital is two letters
        return char
    start = not text or text[-1] in " -'"
    return char.upper() if start else char.lower()
