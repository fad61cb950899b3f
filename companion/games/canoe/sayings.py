"""What the voice says for the Moosehead Lake Canoe Game: its sentences and the clips they
are made of, in every language the table speaks, declared here for `companion.voice`
(its box's `sayings`), and one function per thing the table hears.

Its sentences are the same in every language: each clip holds its words in its
language's order (a language that needs another order gives its own template). Its
sentence kinds and clip keys start with "canoe", so no other game's can be the same.
Whose turn it is is the table's own sentence ("turn"), as in every game.
"""

from __future__ import annotations

from typing import Final

from companion.voice.phrases import Announcement, SeatLike, choice, seat_of
from companion.voice.texts import LANGUAGES, Sayings

WEATHERS: Final = ("calm", "tailwind", "headwind", "windbound", "heavy_rain")
PILES: Final = ("canoe", "camp", "portage")
"""The weathers and card piles, as `companion.games.canoe.model` spells them (a test
checks they are the same)."""

SENTENCES: Final[dict[str, str]] = {
    "canoe_weather": "canoe.weather_changes . canoe.weather.{weather} . "
                     "canoe.effect.{weather}",
    "canoe_island": "canoe.island",
    "canoe_poling": "canoe.poling",
    "canoe_throw": "@seat canoe.throws #face",
    "canoe_card": "canoe.pile.{pile} . $text",
    "canoe_points": "canoe.{sign} #points canoe.points",
    "canoe_keep": "canoe.keep",
    "canoe_shuffle": "canoe.shuffle",
    "canoe_skip": "@seat canoe.misses_go",
    "canoe_windbound": "@seat canoe.windbound_island",
    "canoe_late": "@seat canoe.late_landing",
    "canoe_winner": "@seat canoe.wins",
}
"""The game's sentences, the same in every language."""

CLIPS: Final[dict[str, dict[str, str]]] = {
    # The Moosehead Lake Canoe Game (docs/canoe-rules.md E3, K4-K10, F3): each weather is
    # spoken with what it does, so nobody needs the rules card to read the throw.
    "en": {
        "canoe.weather_changes": "The weather changes",
        "canoe.weather.calm": "Calm",
        "canoe.weather.tailwind": "Tailwind",
        "canoe.weather.headwind": "Headwind",
        "canoe.weather.windbound": "Windbound",
        "canoe.weather.heavy_rain": "Heavy rain",
        "canoe.effect.calm": "Move as the die shows.",
        "canoe.effect.tailwind": "Plus two on lakes.",
        "canoe.effect.headwind": "Minus three on lakes.",
        "canoe.effect.windbound": "Minus four out on a lake.",
        "canoe.effect.heavy_rain": "Minus two on portages.",
        "canoe.island": "Nobody leaves an island.",
        "canoe.poling": "Poling, one less.",
        "canoe.throws": "throws",
        "canoe.pile.canoe": "Canoe card",
        "canoe.pile.camp": "Camp card",
        "canoe.pile.portage": "Portage card",
        "canoe.plus": "plus",
        "canoe.minus": "minus",
        "canoe.points": "points",
        "canoe.keep": "Keep this card",
        "canoe.shuffle": "Shuffle card. The pile is shuffled.",
        "canoe.misses_go": "misses this go",
        "canoe.windbound_island": "is windbound on an island",
        "canoe.wins": "wins the trip!",
        "canoe.late_landing": "tells last go's landing",
    },
    "fr": {
        "canoe.weather_changes": "Le temps change",
        "canoe.weather.calm": "Calme",
        "canoe.weather.tailwind": "Vent arrière",
        "canoe.weather.headwind": "Vent de face",
        "canoe.weather.windbound": "Vent bloquant",
        "canoe.weather.heavy_rain": "Forte pluie",
        "canoe.effect.calm": "On avance selon le dé.",
        "canoe.effect.tailwind": "Plus deux sur les lacs.",
        "canoe.effect.headwind": "Moins trois sur les lacs.",
        "canoe.effect.windbound": "Moins quatre sur un lac.",
        "canoe.effect.heavy_rain": "Moins deux sur les portages.",
        "canoe.island": "Personne ne quitte une île.",
        "canoe.poling": "À la perche, un de moins.",
        "canoe.throws": "obtient",
        "canoe.pile.canoe": "Carte Canoë",
        "canoe.pile.camp": "Carte Camp",
        "canoe.pile.portage": "Carte Portage",
        "canoe.plus": "plus",
        "canoe.minus": "moins",
        "canoe.points": "points",
        "canoe.keep": "Gardez cette carte",
        "canoe.shuffle": "Carte Mélange. La pile est mélangée.",
        "canoe.misses_go": "passe son tour",
        "canoe.windbound_island": "est bloqué par le vent sur une île",
        "canoe.wins": "gagne l'excursion !",
        "canoe.late_landing": "dit l'arrivée du tour d'avant",
    },
    "de": {
        "canoe.weather_changes": "Das Wetter ändert sich",
        "canoe.weather.calm": "Windstille",
        "canoe.weather.tailwind": "Rückenwind",
        "canoe.weather.headwind": "Gegenwind",
        "canoe.weather.windbound": "Sturm",
        "canoe.weather.heavy_rain": "Starkregen",
        "canoe.effect.calm": "Fahrt wie gewürfelt.",
        "canoe.effect.tailwind": "Plus zwei auf Seen.",
        "canoe.effect.headwind": "Minus drei auf Seen.",
        "canoe.effect.windbound": "Minus vier auf einem See.",
        "canoe.effect.heavy_rain": "Minus zwei auf Tragestrecken.",
        "canoe.island": "Niemand verlässt eine Insel.",
        "canoe.poling": "Staken, eins weniger.",
        "canoe.throws": "würfelt",
        "canoe.pile.canoe": "Kanukarte",
        "canoe.pile.camp": "Lagerkarte",
        "canoe.pile.portage": "Tragestreckenkarte",
        "canoe.plus": "plus",
        "canoe.minus": "minus",
        "canoe.points": "Punkte",
        "canoe.keep": "Behalte diese Karte",
        "canoe.shuffle": "Mischkarte. Der Stapel wird gemischt.",
        "canoe.misses_go": "setzt aus",
        "canoe.windbound_island": "sitzt im Sturm auf einer Insel fest",
        "canoe.wins": "gewinnt die Tour!",
        "canoe.late_landing": "meldet die Landung vom letzten Zug",
    },
}
"""What each of the game's clips says, per language (`sounds/render.py` renders them)."""

SAYINGS: Final = Sayings(templates=dict.fromkeys(LANGUAGES, SENTENCES), clips=CLIPS)
"""The game's voice, as its box declares it."""


def weather(new: object) -> Announcement:
    """E2, E3: the indicator moved: the new weather, what it does, and poling's one less."""
    name = choice(new, WEATHERS, "weather")
    said = Announcement.say("canoe_weather", weather=name)
    if name == "windbound":
        said += Announcement.say("canoe_island")  # E5
    return said + Announcement.say("canoe_poling")  # E3: poling is one less in any weather


def throw(seat: SeatLike, face: int) -> Announcement:
    """C5: the face the player threw."""
    if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
        raise ValueError(f"a die shows 1 to 6, not {face!r}")
    return Announcement.say("canoe_throw", seat=seat_of(seat), face=face)


def card(pile: object, text: str, scored: int | None, keep: bool = False) -> Announcement:
    """K4, K5: a card drawn: its pile, its printed words, then its points (said with
    their sign; None or 0 says none) or, for a card its drawer keeps, "keep this card"."""
    said = Announcement.say("canoe_card", pile=choice(pile, PILES, "pile"), text=text)
    if scored:
        said += points(scored)
    if keep:
        said += kept()
    return said


def kept() -> Announcement:
    """K7, K11: the drawer keeps the card just read (a Destination card, the Hero)."""
    return Announcement.say("canoe_keep")


def points(scored: int) -> Announcement:
    """Points scored, said with their sign ("plus forty points")."""
    return Announcement.say("canoe_points", sign="plus" if scored >= 0 else "minus",
                            points=abs(scored))


def shuffle() -> Announcement:
    """K3: the Shuffle card came up and the pile was shuffled."""
    return Announcement.say("canoe_shuffle")


def skip(seat: SeatLike) -> Announcement:
    """K10, N1: the player misses this go."""
    return Announcement.say("canoe_skip", seat=seat_of(seat))


def windbound(seat: SeatLike) -> Announcement:
    """E5: the player is on an island in a Windbound weather and may not throw."""
    return Announcement.say("canoe_windbound", seat=seat_of(seat))


def late(seat: SeatLike) -> Announcement:
    """C6: the player tells the last go's landing before this go's throw; its card is read
    next."""
    return Announcement.say("canoe_late", seat=seat_of(seat))


def winner(seat: SeatLike) -> Announcement:
    """F3: the winner of the trip."""
    return Announcement.say("canoe_winner", seat=seat_of(seat))
