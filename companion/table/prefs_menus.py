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

from companion.rules.model import Climate, PressResult
from companion.rules.settings import Charts, PressingChart, SettingsError, WeatherChart
from companion.table.menus import Node, Tree
from companion.table.prefs import CHART_NAMES, LANGUAGES, MAX_NAME_LENGTH, ChartPref, Prefs
from companion.words import t

# The words of these screens, in one place (the screen's translation table takes them).
WORDS: dict[str, str] = {
    "charts": "Board charts",
    "charts.title": "Board charts (W3, P2)",
    "charts.note": "Copy them from your boards",
    "charts.stand_ins": "{n} stand-in(s)",
    "charts.entered": "all entered",
    "chart.southern": "Southern weather",
    "chart.central": "Central weather",
    "chart.northern": "Northern weather",
    "chart.pressing": "Pressing (sled board)",
    "chart.stand_in": "stand-in",
    "chart.confirmed": "confirmed",
    "chart.face": "{chart}: die face {face} of 6",
    "chart.check": "{chart}: as on your board?",
    "chart.as_now": "as now",
    "chart.central_cold": "a 5 is Cold (W3)",
    "chart.confirm": "Confirm this chart",
    "chart.again": "Start again at face 1",
    "chart.hint": "◀ ▶ value · ● next face · hold ● back",
    "value.warm": "Warm (sun)",
    "value.moderate": "Moderate (sun/cloud)",
    "value.cold": "Cold (cloud)",
    "value.plus_two": "+2 spaces",
    "value.plus_one": "+1 space",
    "value.nothing": "No effect",
    "value.tired": "Cover one more dog",
    "settings": "Settings",
    "settings.title": "Settings",
    "settings.screen_language": "Screen language",
    "settings.voice_language": "Voice language",
    "settings.volume": "Volume",
    "settings.sound": "Sound",
    "settings.sound_on": "on",
    "settings.muted": "muted",
    "settings.reduce": "Take-dice window (X2)",
    "settings.reroll": "Reroll window (X1)",
    "settings.claim": "Time to choose in a window",
    "settings.reset": "Reset to the config file",
    "settings.not_saved": "Not saved: {problem}",
    "spell": "Spell a new name",
    "spell.title": "Seat {letter}: {text}_",
    "spell.delete": "Delete the last letter",
    "spell.done": "Done",
    "spell.empty": "no letter yet",
    "spell.taken": "another seat's name",
    "spell.full": "at most {n} letters",
    "spell.hint": "◀ ▶ letters · ● pick · hold ● back",
    "hint.pick": "◀ ▶ · ● pick · hold ● back",
}
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "de": "Deutsch"}
CHART_LETTERS = {"warm": "W", "moderate": "M", "cold": "C", "plus_two": "+2", "plus_one": "+1",
                 "nothing": "0", "tired": "T"}
VOLUMES = tuple(range(0, 101, 10))
WINDOW_CHOICES = (1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)
CLAIM_CHOICES = (10.0, 15.0, 20.0, 30.0, 45.0, 60.0)
LETTER_GROUPS = ("ABCDE", "FGHIJ", "KLMNO", "PQRST", "UVWXYZ", "ÄÖÜßÉÈÇ-' ")


def _values(chart: str) -> tuple[str, ...]:
    if chart == "pressing":
        return tuple(r.value for r in (PressResult.PLUS_TWO, PressResult.PLUS_ONE,
                                       PressResult.NOTHING, PressResult.TIRED))
    return tuple(c.value for c in (Climate.WARM, Climate.MODERATE, Climate.COLD))


def chart_faces(charts: Charts, name: str) -> tuple[str, ...]:
    """A chart's six faces as their values ("warm", "plus_one", ...)."""
    chart: WeatherChart | PressingChart = getattr(charts, name)
    return tuple(f.value for f in chart.faces)


def chart_row(faces: list[str] | tuple[str, ...], at: int | None = None) -> str:
    """'1 W · 2 W · 3 ? · …': a chart on one short line, the face being entered as '?'."""
    return " · ".join(f"{i + 1} {'?' if i == at else CHART_LETTERS[f]}"
                      for i, f in enumerate(faces))


def seconds(value: float) -> str:
    """'2.5 s', '20 s'."""
    return f"{value:g} s"


@dataclass
class PrefsEditor:
    """Setup's draft of the pad-made settings, and the charts they put in force.

    `defaults` are the settings in force without the pads (the config file's), so a
    value can be shown and reset; `keep` saves and applies a change and returns a problem
    to show, or None.
    """

    prefs: Prefs
    charts: Charts
    defaults: dict[str, object] = field(default_factory=dict)
    keep: Callable[[Prefs], str | None] | None = None
    problem: str = ""
    drafts: dict[str, list[str]] = field(default_factory=dict)  # chart -> faces being entered
    cursor: dict[str, int] = field(default_factory=dict)  # chart -> face being entered (0..6)
    spelling: dict[int, str] = field(default_factory=dict)  # seat -> letters so far

    def update(self, prefs: Prefs) -> None:
        """Take a change: keep it (file and table) and note a problem in saving it."""
        self.prefs = prefs
        problem = self.keep(prefs) if self.keep is not None else None
        self.problem = WORDS["settings.not_saved"].format(problem=problem) if problem else ""

    def value(self, name: str) -> object:
        """A setting in force: the pads' value, else the config file's."""
        mine = getattr(self.prefs, name)
        return self.defaults.get(name) if mine is None else mine

    # --- charts -------------------------------------------------------------------------

    def charts_node(self) -> Node:
        """Setup's item that opens the list of charts."""
        left = len(self.charts.placeholders)
        detail = (WORDS["charts.stand_ins"].format(n=left) if left else WORDS["charts.entered"])
        items = [self._chart_node(name) for name in CHART_NAMES]
        first = next((n for n in CHART_NAMES if n in self.charts.placeholders), None)
        tree = Tree("charts", WORDS["charts.title"], items, t("m.hint.sub"), default=first,
                    note=self.problem or WORDS["charts.note"])
        return Node("charts", WORDS["charts"], detail, children=tree)

    def _chart_node(self, name: str) -> Node:
        chart: WeatherChart | PressingChart = getattr(self.charts, name)
        state = WORDS["chart.stand_in"] if chart.placeholder else WORDS["chart.confirmed"]
        detail = state
        return Node(name, WORDS[f"chart.{name}"], detail, children=self._chart_tree(name))

    def _chart_tree(self, name: str) -> Tree:
        faces = self.drafts.setdefault(name, list(chart_faces(self.charts, name)))
        at = self.cursor.get(name, 0)
        label = WORDS[f"chart.{name}"]
        if at >= 6:
            items = [Node("confirm", WORDS["chart.confirm"],  # the chart is the note above
                          action=lambda: self._confirm(name), pop=True),
                     Node("again", WORDS["chart.again"],
                          action=lambda: self.cursor.__setitem__(name, 0))]
            return Tree(f"chart.{name}", WORDS["chart.check"].format(chart=label), items,
                        t("m.hint.sub"), default="confirm", note=chart_row(faces))
        items = []
        for value in _values(name):
            blocked = name == "central" and at == 4 and value != Climate.COLD.value
            detail = WORDS["chart.central_cold"] if blocked else (
                WORDS["chart.as_now"] if value == faces[at] else "")

            def pick(value: str = value) -> None:
                faces[at] = value
                self.cursor[name] = at + 1

            items.append(Node(f"{at}.{value}", WORDS[f"value.{value}"], detail, not blocked,
                              action=pick))
        current = faces[at] if not (name == "central" and at == 4) else Climate.COLD.value
        return Tree(f"chart.{name}", WORDS["chart.face"].format(chart=label, face=at + 1), items,
                    WORDS["chart.hint"], default=f"{at}.{current}", note=chart_row(faces, at))

    def _confirm(self, name: str) -> None:
        faces = tuple(self.drafts[name])
        prefs = self.prefs.with_chart(name, ChartPref(faces, confirmed=True))
        if name == "pressing":
            chart: WeatherChart | PressingChart = PressingChart(
                tuple(PressResult(f) for f in faces), placeholder=False)  # type: ignore[arg-type]
        else:
            chart = WeatherChart(tuple(Climate(f) for f in faces),  # type: ignore[arg-type]
                                 placeholder=False)
        charts = replace(self.charts, **{name: chart})  # type: ignore[arg-type]
        try:
            charts.check()  # W3, again: the file and the config could not get past it either
        except SettingsError as exc:
            self.problem = str(exc)
            return
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
            self._seconds_node("reduce_seconds", "settings.reduce", WINDOW_CHOICES),
            self._seconds_node("reroll_seconds", "settings.reroll", WINDOW_CHOICES),
            self._seconds_node("claim_seconds", "settings.claim", CLAIM_CHOICES),
        ]
        if names is not None:
            items.append(names)
        items.append(Node("reset", WORDS["settings.reset"], action=self._reset))
        language = LANGUAGE_NAMES.get(str(self.value("screen_language")), "")
        volume = self._volume_text()
        tree = Tree("settings", WORDS["settings.title"], items, WORDS["hint.pick"],
                    note=self.problem)
        return Node("settings", WORDS["settings"], f"{language} · {volume}", children=tree)

    def _set(self, name: str, value: object) -> None:
        changes: dict[str, Any] = {name: value}
        self.update(replace(self.prefs, **changes))

    def number(self, name: str) -> float:
        """A numeric setting in force (volume, a window's seconds)."""
        value = self.value(name)
        return float(value) if isinstance(value, int | float) else 0.0

    def _language_node(self, name: str) -> Node:
        values = []
        for language in LANGUAGES:
            values.append(Node(language, LANGUAGE_NAMES[language],
                               action=partial(self._set, name, language), pop=True))
        current = str(self.value(name))
        tree = Tree(name, WORDS[f"settings.{name}"], values, WORDS["hint.pick"], default=current)
        return Node(name, WORDS[f"settings.{name}"], LANGUAGE_NAMES.get(current, current),
                    children=tree)

    def _volume_text(self) -> str:
        if self.value("muted"):
            return WORDS["settings.muted"]
        return f"{round(self.number('volume') * 100)}%"

    def _volume_node(self) -> Node:
        values = [Node(str(v), f"{v}%", action=partial(self._set, "volume", v / 100),
                       pop=True) for v in VOLUMES]
        current = round(self.number("volume") * 10) * 10
        tree = Tree("volume", WORDS["settings.volume"], values, WORDS["hint.pick"],
                    default=str(current))
        return Node("volume", WORDS["settings.volume"],
                    f"{round(self.number('volume') * 100)}%", children=tree)

    def _sound_node(self) -> Node:
        muted = bool(self.value("muted"))
        return Node("sound", WORDS["settings.sound"],
                    WORDS["settings.muted"] if muted else WORDS["settings.sound_on"],
                    action=lambda: self._set("muted", not muted))

    def _seconds_node(self, name: str, word: str, choices: tuple[float, ...]) -> Node:
        current = self.number(name)
        offered = sorted({*choices, current})
        values = [Node(f"{v:g}", seconds(v), action=partial(self._set, name, v), pop=True)
                  for v in offered]
        tree = Tree(name, WORDS[word], values, WORDS["hint.pick"], default=f"{current:g}")
        return Node(name, WORDS[word], seconds(current), children=tree)

    def _reset(self) -> None:
        self.update(Prefs(seat_names=self.prefs.seat_names, names=self.prefs.names,
                          charts=self.prefs.charts))

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
            tree = Tree(f"group{index}", WORDS["spell.title"].format(letter=letter, text=text),
                        letters, WORDS["spell.hint"], default=letters[0].key)
            full = len(text) >= MAX_NAME_LENGTH
            items.append(Node(f"group{index}", label,
                              WORDS["spell.full"].format(n=MAX_NAME_LENGTH) if full else "",
                              not full, children=tree))
        items.append(Node("delete", WORDS["spell.delete"], enabled=bool(text),
                          action=lambda: self._delete(seat)))
        name = " ".join(text.split())
        why = (WORDS["spell.empty"] if not name else
               WORDS["spell.taken"] if name.casefold() in {t.casefold() for t in taken} else "")

        def finish() -> None:
            self.spelling.pop(seat, None)
            self.update(self.prefs.with_name(name))
            done(name)

        items.append(Node("done", WORDS["spell.done"], why or name, not why, action=finish,
                          pop=True))
        tree = Tree(f"spell.{seat}", WORDS["spell.title"].format(letter=letter, text=text),
                    items, WORDS["spell.hint"], default="group0")
        return Node("spell", WORDS["spell"], text, children=tree)

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
