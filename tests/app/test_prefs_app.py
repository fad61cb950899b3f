"""Settings made on the pads through the whole companion: in force at once (voice, window
lengths, charts), kept across a restart, and a damaged settings file never costs a game."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from companion.app.loop import Companion
from companion.app.runner import SteppedClock
from companion.config.file import Config, parse_config
from companion.config.prefs import FILE_NAME, Prefs, PrefsStore
from companion.display import Display
from companion.games.mush.config import ChartPref, setup_of, with_chart
from companion.games.mush.dice import SeededDice
from companion.games.mush.model import Phase
from companion.i18n import WORDS
from companion.pads.events import Button, Kind, PadEvent
from companion.store import Journal
from companion.voice.config import VoiceConfig

L, S, R = Button.LEFT, Button.SELECT, Button.RIGHT


class Voice:
    """The voice's settings as the companion hands them over (Announcer.configure)."""

    def __init__(self) -> None:
        self.configured: list[VoiceConfig] = []
        self.names: dict[int, str | None] = {}

    def configure(self, config: VoiceConfig) -> None:
        self.configured.append(config)

    def event(self, event: object, all_covered: object = ()) -> bool:
        return True

    def set_names(self, names: dict[int, str | None]) -> None:
        self.names = names

    def repeat(self) -> bool:
        return False

    def close(self, timeout: float = 2.0) -> None:
        return None


def config_for(tmp_path: Path) -> Config:
    return parse_config({"store": {"path": str(tmp_path / "journal.sqlite3")},
                         "voice": {"volume": 0.7}})


def start(tmp_path: Path, voice: Voice | None = None) -> Companion:
    config = config_for(tmp_path)
    return Companion(config, Journal(config.store.path), dice=SeededDice(5),
                     clock=SteppedClock(0.3), voice=voice)


def press(app: Companion, button: Button, times: int = 1) -> None:
    for _ in range(times):
        app.events.put(PadEvent(0, button, Kind.PRESS))
        app.events.put(PadEvent(0, button, Kind.RELEASE))
        app.step(wait=0)
        assert isinstance(app.clock, SteppedClock)
        app.clock.tick()


def go(app: Companion, label: str) -> None:
    """◀ ▶ to the item the short way, then ●."""
    menu = app.controller.frame().menus[0]
    labels = [i.label for i in menu.items if i.enabled]
    ahead = (labels.index(label) - labels.index(menu.items[menu.focus].label)) % len(labels)
    if ahead <= len(labels) - ahead:
        press(app, R, ahead)
    else:
        press(app, L, len(labels) - ahead)
    press(app, S)


def test_settings_on_the_pads_are_in_force_and_kept_across_a_restart(tmp_path: Path) -> None:
    voice = Voice()
    app = start(tmp_path, voice)
    assert voice.configured[-1].volume == 0.7  # the config file's, nothing set yet
    go(app, "Settings")
    go(app, "Voice language")
    go(app, "Français")
    go(app, "Volume")
    go(app, "30%")
    go(app, "Reroll window (X1)")
    go(app, "5 s")
    assert (voice.configured[-1].language, voice.configured[-1].volume) == ("fr", 0.3)
    assert app.controller.config.reroll_seconds == 5.0  # in force for the coming game
    for kind in (Kind.PRESS, Kind.HOLD, Kind.RELEASE):  # hold ●: back to setup's top
        app.events.put(PadEvent(0, S, kind))
    app.step(wait=0)
    go(app, "Board charts")
    go(app, "Central weather")
    for _ in range(6):
        press(app, S)  # each face as printed on the stand-in
    press(app, S)  # confirm
    app.close()

    voice = Voice()
    again = start(tmp_path, voice)  # the plug pulled and put back
    assert (voice.configured[-1].language, voice.configured[-1].volume) == ("fr", 0.3)
    assert again.controller.config.reroll_seconds == 5.0
    charts = setup_of(again.controller.config).charts
    assert charts.placeholders == ("southern", "northern", "pressing")
    menu = again.controller.frame().menus[0]
    details = {i.label: i.detail for i in menu.items}
    assert details["Board charts"] == "3 stand-ins"
    go(again, "Start the game")
    assert again.controller.state.settings is not None
    assert not again.controller.state.settings.charts.central.placeholder
    again.close()


def test_a_damaged_settings_file_is_said_and_the_game_goes_on(tmp_path: Path) -> None:
    app = start(tmp_path)
    go(app, "Start the game")
    assert app.controller.state.phase is Phase.TRAINING
    game = app.game_id
    app.close()
    (tmp_path / FILE_NAME).write_text('{"volume": "loud", "muted": true}', encoding="utf-8")
    voice = Voice()
    again = start(tmp_path, voice)
    assert again.game_id == game and again.controller.state.phase is Phase.TRAINING
    assert voice.configured[-1].muted is True  # the readable value is used
    assert voice.configured[-1].volume == 0.7  # the bad one falls back to the config's
    texts = [n.text for n in again.journal_notices()]
    assert texts == ["Settings file damaged, bad values ignored: "
                     "volume: must be a number (got 'loud')"]
    again.close()


def test_names_chosen_in_setup_come_back_after_a_restart(tmp_path: Path) -> None:
    PrefsStore.beside(tmp_path / "journal.sqlite3").save(with_chart(Prefs(
        seat_names=("Jörg", "Léa", "Green", "Yellow", "Blue", "Pink"), names=("Jörg",),
        screen_language="de"), "southern", ChartPref(("warm",) * 6, False)))
    app = start(tmp_path)
    assert app.controller.config.screen_language == "de"  # the screen speaks German at once
    go(app, WORDS["s.start"]["de"])
    settings = app.controller.state.settings
    # seats still named by their colour are named in the screen's language
    assert settings is not None and settings.names == ("Jörg", "Léa", "Grün", "Gelb")
    assert settings.charts.southern.placeholder  # entered but never confirmed
    assert app.controller.config.language == "de"
    assert "Lukas" in app.controller.config.names  # the German list of names
    app.close()


def test_the_config_file_still_gives_what_the_pads_never_set(tmp_path: Path) -> None:
    config = replace(config_for(tmp_path), table=replace(config_for(tmp_path).table,
                                                         reduce_seconds=3.0))
    app = Companion(config, Journal(config.store.path), dice=SeededDice(5),
                    clock=SteppedClock(0.3))
    assert app.controller.config.reduce_seconds == 3.0
    assert app.controller.config.language == "en"
    app.close()


def test_choosing_the_screen_language_switches_the_menus_and_the_screen_at_once(
        tmp_path: Path) -> None:
    display = Display(size=(800, 480))
    config = config_for(tmp_path)
    app = Companion(config, Journal(config.store.path), dice=SeededDice(5),
                    clock=SteppedClock(0.3), display=display)
    try:
        app.step(wait=0)
        assert display.last_log is not None and "Start the game" in display.last_log.texts()
        go(app, "Settings")
        go(app, "Screen language")
        go(app, "Français")
        assert app.controller.config.screen_language == "fr" and display.language == "fr"
        menu = app.controller.frame().menus[0]  # the settings, now in French, still open
        assert menu.title == "Réglages"
        assert menu.items[menu.focus].label == "Langue de l'écran"
        app.step(wait=0)
        drawn = " | ".join(display.last_log.texts())
        assert "Réglages" in drawn and "Settings" not in drawn
        assert "Aucun joueur assis" in drawn  # the display's own words follow as well
        go(app, "Langue de l'écran")
        go(app, "Deutsch")
        app.step(wait=0)
        drawn = " | ".join(display.last_log.texts())
        assert "Einstellungen" in drawn and "Réglages" not in drawn
        assert (app.controller.config.screen_language, display.language) == ("de", "de")
        # the names offered and the seats' colour names follow the screen's language
        go(app, "Namen")
        menu = app.controller.frame().menus[0]
        assert [i.detail for i in menu.items[1:]] == ["Orange", "Himmelblau", "Grün", "Gelb"]
        go(app, "Platz B")
        labels = [i.label for i in app.controller.frame().menus[0].items]
        assert labels[:2] == ["Himmelblau", "Neuen Namen buchstabieren"]
        assert "Lukas" in labels and "Chloe" not in labels  # the German list, not the English
    finally:
        app.close()
        display.close()


def test_the_program_s_notices_are_in_the_screen_s_language(tmp_path: Path) -> None:
    """The settings file's, the journal's and the game-over notices follow the screen's
    language like every word the controller writes (they were English at a French table)."""
    from companion.app.loop import new_game_notice
    from companion.i18n import speaking
    from companion.store import card

    app = start(tmp_path)
    go(app, "Start the game")
    app.close()
    (tmp_path / FILE_NAME).write_text('{"volume": "loud", "language": "fr"}', encoding="utf-8")
    config = parse_config({"store": {"path": str(tmp_path / "journal.sqlite3")},
                           "display": {"language": "fr"}})
    again = Companion(config, Journal(config.store.path), dice=SeededDice(5),
                      clock=SteppedClock(0.3))
    texts = [n.text for n in again.journal_notices()]
    assert texts == ["Fichier de réglages abîmé, valeurs erronées ignorées : "
                     "volume: must be a number (got 'loud')"]
    again.journal.degraded = card.FULL
    assert again.journal_notices()[-1].text == ("Pas enregistré : la carte est pleine. "
                                                "La partie continue")
    again.journal.degraded = None
    again.close()
    with speaking("de"):
        assert new_game_notice().text == WORDS["n.new_game"]["de"]
    # every reason the card can give has its words
    reasons = {*card._WRITE_TROUBLE.values(), *card._ERRNO_TROUBLE.values(), card.FULL}
    assert reasons <= card.TROUBLE_WORDS.keys()
