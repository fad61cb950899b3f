"""The settings in force: the config file's values with what the pads set on top.

The config file gives the defaults and the pads override (companion.table.prefs keeps
what they set). This is the one place that combines the two, so the table, the voice and
`mush-companion state` can never disagree about which value is in force.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.config import Config
from companion.rules.settings import Charts, PressingChart, WeatherChart
from companion.table.prefs import CHART_NAMES, Prefs


def charts_in_force(charts: Charts, prefs: Prefs) -> Charts:
    """The config's charts with each chart entered on the pads in its place."""
    for name in CHART_NAMES:
        entered = prefs.chart(name)
        if entered is not None:
            charts = charts.with_faces(name, entered.faces, confirmed=entered.confirmed)
    return charts


def screen_language(config: Config, prefs: Prefs) -> str:
    """The screen's language: set on the pads, else [display] language, else the voice's."""
    return prefs.screen_language or config.display.language or config.voice.language


def apply_prefs(config: Config, prefs: Prefs) -> Config:
    """The config with the pads' settings in force (voice, window lengths, charts, names)."""
    voice = replace(
        config.voice,
        language=prefs.voice_language or config.voice.language,
        volume=config.voice.volume if prefs.volume is None else prefs.volume,
        muted=config.voice.muted if prefs.muted is None else prefs.muted)
    table = replace(config.table, **{
        name: getattr(prefs, name) for name in ("reduce_seconds", "reroll_seconds",
                                                "claim_seconds")
        if getattr(prefs, name) is not None})
    game = replace(config.game, charts=charts_in_force(config.game.charts, prefs))
    return replace(config, voice=voice, table=table, game=game)


def _chart_text(chart: WeatherChart | PressingChart) -> str:
    faces = " ".join(f.value for f in chart.faces)
    return f"{faces} ({'stand-in' if chart.placeholder else 'confirmed'})"


def settings_rows(config: Config, prefs: Prefs) -> list[dict[str, Any]]:
    """Each setting the pads can change: the config file's value, the pads' value (None
    when not set on the pads) and the one in force, for `mush-companion state`."""
    force = apply_prefs(config, prefs)
    rows: list[dict[str, Any]] = [
        {"setting": "screen language", "config": config.voice.language,
         "pads": prefs.screen_language, "in_force": screen_language(config, prefs)},
        {"setting": "voice.language", "config": config.voice.language,
         "pads": prefs.voice_language, "in_force": force.voice.language},
        {"setting": "voice.volume", "config": config.voice.volume, "pads": prefs.volume,
         "in_force": force.voice.volume},
        {"setting": "voice.muted", "config": config.voice.muted, "pads": prefs.muted,
         "in_force": force.voice.muted},
    ]
    for name in ("reduce_seconds", "reroll_seconds", "claim_seconds"):
        rows.append({"setting": f"table.{name}", "config": getattr(config.table, name),
                     "pads": getattr(prefs, name), "in_force": getattr(force.table, name)})
    rows.append({"setting": "game.players", "config": list(config.game.names),
                 "pads": list(prefs.seat_names) if prefs.seat_names else None,
                 "in_force": list(prefs.seat_names or config.game.names)})
    for name in CHART_NAMES:
        entered = prefs.chart(name)
        rows.append({
            "setting": f"game.charts.{name}",
            "config": _chart_text(getattr(config.game.charts, name)),
            "pads": None if entered is None else _chart_text(
                getattr(force.game.charts, name)),
            "in_force": _chart_text(getattr(force.game.charts, name))})
    return rows


def format_rows(rows: list[dict[str, Any]]) -> str:
    """The rows as a small table for a terminal ('-' where the pads set nothing)."""
    def cell(value: object) -> str:
        if value is None:
            return "-"
        if isinstance(value, list):
            return ", ".join(map(str, value))
        if isinstance(value, bool):
            return "yes" if value else "no"
        return f"{value:g}" if isinstance(value, float) else str(value)

    table = [("setting", "config file", "pads", "in force")]
    table += [(r["setting"], cell(r["config"]), cell(r["pads"]), cell(r["in_force"]))
              for r in rows]
    widths = [max(len(r[i]) for r in table) for i in range(4)]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
                     for r in table)
