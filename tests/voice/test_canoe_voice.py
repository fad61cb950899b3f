"""The Canoe game spoken: the weather with what it does, whose turn, the throw, each card
read aloud, in English, French and German, from the shipped clips (the cards' own words
through espeak-ng in English when it is installed; the pile and points are clips)."""

from __future__ import annotations

import ast
import io
import random
from pathlib import Path
from typing import Any

import pytest

from companion.app.demo import run_demo
from companion.games.canoe import events as cev
from companion.games.canoe import sayings as canoe_says
from companion.games.canoe.bots import SensibleBot, play_game
from companion.games.canoe.cards import CARDS, CardKind
from companion.games.canoe.model import Phase, Pile, Weather
from companion.games.canoe.settings import Settings
from companion.games.canoe.voice import CANOE_MAPPING
from companion.games.canoe.voice import canoe_announcement_for as announcement_for
from companion.games.mush.dice import SeededDice
from companion.voice import Announcer, VoiceConfig
from companion.voice.clips import ClipBank, load_manifest
from companion.voice.phrases import Announcement, Clip, Seat, Text, turn
from companion.voice.texts import LANGUAGES

from .test_names import install_fake_espeak, wait_for_calls

NAMES = {0: "Ann", 1: "Bo"}

EFFECTS = {  # E3 as the table hears it in English
    "calm": ["Calm", "Move as the die shows."],
    "tailwind": ["Tailwind", "Plus two on lakes."],
    "headwind": ["Headwind", "Minus three on lakes."],
    "windbound": ["Windbound", "Minus four out on a lake.", "Nobody leaves an island."],
    "heavy_rain": ["Heavy rain", "Minus two on portages."],
}


def spoken_texts(said: Announcement, language: str) -> list[str]:
    """What each clip of an announcement says, in order (seats and card words left out)."""
    manifest = load_manifest()[language]
    return [manifest[t.key].text for t in said.tokens(language) if isinstance(t, Clip)]


def test_canoe_events_the_voice_speaks_are_real_and_public() -> None:
    assert set(CANOE_MAPPING) <= set(cev.EVENT_TYPES)
    assert not any(t.private for t in CANOE_MAPPING)


@pytest.mark.parametrize("weather", list(Weather))
def test_e3_each_new_weather_is_said_with_what_it_does_and_poling(weather: Weather) -> None:
    said = announcement_for(cev.WeatherAdvanced(3, weather, "six"), NAMES)
    assert said == canoe_says.weather(weather.value)
    assert spoken_texts(said, "en") == ["The weather changes", *EFFECTS[weather.value],
                                        "Poling, one less."]
    for language in LANGUAGES:  # every word a shipped clip of that language
        texts = spoken_texts(said, language)
        assert len(texts) == len(EFFECTS[weather.value]) + 2
    # the islands rule (E6) moves the weather too, and is said the same way
    assert announcement_for(cev.WeatherAdvanced(4, weather, "islands")) == said


def test_the_weather_effects_are_translated_not_copied() -> None:
    fr = spoken_texts(canoe_says.weather("headwind"), "fr")
    de = spoken_texts(canoe_says.weather("heavy_rain"), "de")
    assert fr == ["Le temps change", "Vent de face", "Moins trois sur les lacs.",
                  "À la perche, un de moins."]
    assert de == ["Das Wetter ändert sich", "Starkregen", "Minus zwei auf Tragestrecken.",
                  "Staken, eins weniger."]
    assert set(canoe_says.WEATHERS) == {w.value for w in Weather}


def test_whose_turn_and_the_throw() -> None:
    assert announcement_for(cev.TurnStarted(1, 7), NAMES) == turn(Seat(1, "Bo"))
    throw = announcement_for(cev.DieRolled(0, 6), NAMES)
    assert throw == canoe_says.throw(Seat(0, "Ann"), 6)
    tokens = throw.tokens("de")
    assert tokens[0] == Seat(0, "Ann") and tokens[1:] == (Clip("canoe.throws"), Clip("num.6"))
    assert spoken_texts(throw, "fr") == ["obtient", "6"]
    assert announcement_for(cev.TurnSkipped(1), NAMES) == canoe_says.skip(
        Seat(1, "Bo"))
    assert announcement_for(cev.Windbound(0)) == canoe_says.windbound(0)
    won = announcement_for(cev.GameWon(1, 85, 3), NAMES)
    assert won == canoe_says.winner(Seat(1, "Bo"))
    assert spoken_texts(won, "en") == ["wins the trip!"]
    assert spoken_texts(won, "fr") == ["gagne l'excursion !"]


def test_c4_a_turn_ended_by_the_next_player_s_throw_is_said_as_the_throw_alone() -> None:
    # C4: one press of Bob's ends Ann's turn and throws: the table hears "Bob throws 5",
    # not "Bob, your turn" first (said of a throw already made); a go started by "End of
    # turn" is still announced, and a skipped go (C7) keeps its "your turn" too
    from canoe_harness import Trip
    from games.canoe.test_canoe_presses import Table

    from companion.games.canoe import commands as c
    from companion.games.canoe.box import BOX

    names = {0: "Ann", 1: "Bob", 2: "Cy"}

    def heard(events: list[Any], state: Any) -> list[Announcement]:
        return [said for e in events if (said := BOX.announce(e, names, state)) is not None]

    table = Table(Trip(3, nights=1))
    table.presses(c.Roll(0), 3)
    before = len(table.table.history)
    assert table.presses(c.Roll(1), 5) == 1
    events = list(table.table.history[before:])
    assert events[:2] == [cev.TurnEnded(0), cev.TurnStarted(1, 2)]
    assert heard(events, table.table.state) == [canoe_says.throw(Seat(1, "Bob"), 5)]
    # Bob camps where he stands as his first choice: his go is over in the same press,
    # and the table hears whose turn it is now, Cy's
    table = Table(Trip(3, nights=1))
    table.presses(c.Roll(0), 3)
    before = len(table.table.history)
    table.presses(c.Camp(1, "Solitude Point", 10))
    events = list(table.table.history[before:])
    said = heard(events, table.table.state)
    assert turn(Seat(1, "Bob")) not in said and said[-1] == turn(Seat(2, "Cy"))
    # "End of turn" pressed: whose turn it is, then the skipped go (Bob camped: N1)
    trip = Trip(2, nights=1)
    trip.turn(2)
    trip.roll(2)
    trip.do(c.Camp(1, "Sugar Island", 10))
    trip.roll(3)
    events = trip.end()
    assert heard(events, trip.state) == [turn(Seat(1, "Bob")), canoe_says.skip(Seat(1, "Bob")),
                                         turn(Seat(0, "Ann"))]


@pytest.mark.parametrize("language", LANGUAGES)
def test_k4_a_card_drawn_is_read_with_its_pile_words_and_points(language: str) -> None:
    card = CARDS["canoe-10"]  # the leak: -15 and miss the next go
    said = announcement_for(cev.CardDrawn(0, Pile.CANOE, card.id, card.points), NAMES)
    assert said == canoe_says.card("canoe", card.text, -15)
    tokens = said.tokens(language)
    # the card's words are the box's English, in the English voice, in every language
    assert Text(card.text, "en") in tokens
    expected = {"en": ["Canoe card", "minus", "15", "points"],
                "fr": ["Carte Canoë", "moins", "15", "points"],
                "de": ["Kanukarte", "minus", "15", "Punkte"]}[language]
    assert spoken_texts(said, language) == expected
    good = CARDS["portage-08"]
    assert spoken_texts(announcement_for(
        cev.CardDrawn(1, Pile.PORTAGE, good.id, good.points)), "en") == [
        "Portage card", "plus", "20", "points"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_c6_a_landing_told_late_is_said_before_its_card(language: str) -> None:
    # C6: "Ann tells last go's landing", then the card as any landing's (K4, K5)
    card = CARDS["canoe-05"]
    events = [cev.LandedLate(0, Pile.CANOE), cev.CardDrawn(0, Pile.CANOE, card.id, 15)]
    said = [announcement_for(e, NAMES) for e in events]
    assert said == [canoe_says.late(Seat(0, "Ann")), canoe_says.card("canoe", card.text, 15)]
    assert said[0] is not None and Seat(0, "Ann") in said[0].tokens(language)
    assert spoken_texts(said[0], language) == [{
        "en": "tells last go's landing", "fr": "dit l'arrivée du tour d'avant",
        "de": "meldet die Landung vom letzten Zug"}[language]]


def test_k3_k7_shuffle_and_kept_cards() -> None:
    shuffle = next(c for c in CARDS.values() if c.kind is CardKind.SHUFFLE)
    assert announcement_for(cev.CardDrawn(0, Pile.CAMP, shuffle.id, 0)) is None
    assert spoken_texts(announcement_for(cev.PileShuffled(Pile.CAMP, ())), "en") == [
        "Shuffle card. The pile is shuffled."]
    dest = CARDS["dest-moose"]
    drawn = announcement_for(cev.CardDrawn(0, Pile.CAMP, dest.id, 0))
    assert drawn is not None and Text(dest.text, "en") in drawn.tokens("fr")
    assert spoken_texts(drawn, "en") == ["Camp card"]  # no points said for a 0
    assert announcement_for(cev.DestinationKept(0, dest.id)) == canoe_says.kept()
    assert announcement_for(cev.HeroKept(1)) == canoe_says.kept()
    assert spoken_texts(announcement_for(cev.HeroUsed(1, 40)), "de") == [
        "plus", "40", "Punkte"]
    # bookkeeping is shown, not spoken
    assert announcement_for(cev.PointsAdjusted(0, 10)) is None
    assert announcement_for(cev.Camped(0, "Sugar Island", 10)) is None


def test_whole_bot_trips_are_spoken_with_shipped_clips_in_every_language() -> None:
    manifest = load_manifest()
    heard: dict[type[cev.Event], int] = {}
    cards_read = 0
    for seed in range(3):
        settings = Settings.make([f"P{i}" for i in range(3)])
        state, events = play_game(settings, [SensibleBot() for _ in range(3)],
                                  SeededDice(seed), random.Random(seed))
        assert state.phase is Phase.GAME_OVER
        for event in events:
            said = announcement_for(event, NAMES)
            if isinstance(event, cev.WeatherAdvanced | cev.DieRolled | cev.TurnStarted):
                assert said is not None, event
            if said is None:
                continue
            heard[type(event)] = heard.get(type(event), 0) + 1
            if isinstance(event, cev.CardDrawn):
                cards_read += 1
                assert Text(CARDS[event.card].text, "en") in said.tokens("en")
            for language in LANGUAGES:
                for token in said.tokens(language):
                    if isinstance(token, Clip):
                        assert token.key in manifest[language], (language, token.key)
    assert {cev.TurnStarted, cev.DieRolled, cev.WeatherAdvanced, cev.CardDrawn,
            cev.GameWon} <= set(heard)
    assert cards_read > 5


def test_without_espeak_a_card_is_heard_by_its_pile_and_points(
        mixer: tuple[int, int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no espeak-ng anywhere
    voice = Announcer(VoiceConfig(language="fr"))
    card = CARDS["portage-09"]
    pcm = voice.render_pcm(canoe_says.card("portage", card.text, 15))
    bank = ClipBank()
    for key in ("canoe.pile.portage", "canoe.plus", "num.15", "canoe.points"):
        assert bank.raw("fr", key) in pcm
    assert len(pcm) < len(bank.raw("fr", "canoe.pile.portage")) * 6  # no words added
    voice.close()


def test_with_espeak_the_cards_words_are_spoken_in_english_at_run_time(
        mixer: tuple[int, int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = install_fake_espeak(tmp_path / "bin")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    voice = Announcer(VoiceConfig(language="de", speak_names=False))
    card = CARDS["camp-09"]  # the longest card of the box, well past a name's length
    said = canoe_says.card("camp", card.text, 0, keep=True)
    voice.announce(said)  # the words start rendering at once, off the caller's thread
    assert wait_for_calls(calls, 1)
    args, text = ast.literal_eval(calls.read_text().splitlines()[0])
    assert text == " ".join(card.text.split()) and args[args.index("-v") + 1] == "en-gb"
    pcm = voice.render_pcm(said)
    bank = ClipBank()
    clips = len(bank.raw("de", "canoe.pile.camp")) + len(bank.raw("de", "canoe.keep"))
    assert len(pcm) > clips + 22050 * 2 * 0.25  # the fake engine's 0.3 s tone is in it
    voice.close()


def test_a_canoe_announcement_plays_on_the_dummy_driver(mixer: tuple[int, int, int]) -> None:
    played: list[Announcement] = []

    def on_play(announcement: Announcement, requested: float, started: float) -> None:
        played.append(announcement)

    with Announcer(VoiceConfig(speak_names=False), on_play=on_play) as voice:
        assert not voice.event(cev.TurnEnded(1))
        assert voice.event(cev.WeatherAdvanced(2, Weather.WINDBOUND, "six"))
        assert voice.wait_idle(60)  # handed to the mixer (one at a time: played in real time)
        assert voice.last == canoe_says.weather("windbound")
    assert played == [canoe_says.weather("windbound")]


@pytest.mark.slow
def test_a_whole_trip_through_the_app_is_spoken(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    heard: list[Announcement] = []
    real_announce = Announcer.announce

    def announce(self: Announcer, announcement: Announcement, **kwargs: Any) -> None:
        heard.append(announcement)
        real_announce(self, announcement)

    monkeypatch.setattr(Announcer, "announce", announce)
    result = run_demo(tmp_path / "demo", players=3, seed=2, screenshots=False, voice=True,
                      size=(800, 480), out=io.StringIO(), game="canoe")
    assert result.state.phase is Phase.GAME_OVER
    kinds = {kind for said in heard for kind in said.kinds}
    assert {"turn", "canoe_throw", "canoe_card", "canoe_winner"} <= kinds
    journal = (tmp_path / "demo" / "events.jsonl").read_text().splitlines()
    rolled = sum(1 for line in journal if '"DieRolled"' in line)
    assert rolled > 10
    assert sum(1 for said in heard if "canoe_throw" in said.kinds) == rolled
