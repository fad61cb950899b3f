"""The vocabulary of MUSH: climates, zones, dice colours, phases, rest places.

Everything here is an immutable value; the engine, the views and the adapters all speak
these names, so a word means the same thing on the screen, in the voice and in the journal.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Climate(StrEnum):
    """Training and weather share one scale (W1): Warm, Moderate, Cold, in that order."""

    WARM = "warm"
    MODERATE = "moderate"
    COLD = "cold"

    @property
    def rank(self) -> int:
        """Position on the W1 scale; Warm and Cold are two apart, so never adjacent."""
        return _CLIMATE_ORDER.index(self)


_CLIMATE_ORDER = (Climate.WARM, Climate.MODERATE, Climate.COLD)
CLIMATES: tuple[Climate, ...] = _CLIMATE_ORDER


class Zone(StrEnum):
    """The three weather zones of the boards (W2)."""

    SOUTHERN = "southern"
    CENTRAL = "central"
    NORTHERN = "northern"

    @property
    def rank(self) -> int:
        """Southern < Central < Northern, the direction of the race."""
        return _ZONE_ORDER.index(self)


_ZONE_ORDER = (Zone.SOUTHERN, Zone.CENTRAL, Zone.NORTHERN)
ZONES: tuple[Zone, ...] = _ZONE_ORDER


class DiceColour(StrEnum):
    """Dog-dice colours (D1); each has its own number of dog faces (D2)."""

    GREEN = "green"
    RED = "red"
    BLUE = "blue"

    @property
    def dog_faces(self) -> int:
        """How many of the six faces show a dog (D2): green 4, red 3, blue 2."""
        return _DOG_FACES[self]

    @property
    def dog_chance(self) -> float:
        """The chance one die of this colour shows a dog (the luck figures use it)."""
        return self.dog_faces / 6


_DOG_FACES = {DiceColour.GREEN: 4, DiceColour.RED: 3, DiceColour.BLUE: 2}


def dice_colour(training: Climate, weather: Climate) -> DiceColour:
    """D1: equal gives green, adjacent gives red, Warm against Cold gives blue."""
    distance = abs(training.rank - weather.rank)
    return (DiceColour.GREEN, DiceColour.RED, DiceColour.BLUE)[distance]


def is_dog(colour: DiceColour, face: int) -> bool:
    """Faces 1..dog_faces show a dog; the rest are blank. Recording faces keeps replay exact."""
    return 1 <= face <= colour.dog_faces


class Phase(StrEnum):
    """Rows of the phase table: who may act and with which commands."""

    SETUP = "setup"
    TRAINING = "training"
    BIDDING = "bidding"
    EARLY_RISER = "early_riser"
    WEATHER = "weather"
    TURN = "turn"
    REDUCE = "reduce"
    REROLL = "reroll"
    MOVING = "moving"
    PRESSING = "pressing"
    PRESS_MOVE = "press_move"
    GAME_OVER = "game_over"


class MoveContext(StrEnum):
    """Which movement is under way: the Early Riser space, the normal move, the pressing move."""

    EARLY = "early"
    NORMAL = "normal"
    PRESS = "press"


class RollKind(StrEnum):
    """Rolls that may be rerolled (X1); initiative and training-order draws are not among them."""

    WEATHER = "weather"
    DOGS = "dogs"
    TERRAIN = "terrain"
    AVALANCHE = "avalanche"
    PRESS = "press"


class WindowKind(StrEnum):
    """Reaction windows: reduce dice before a dog roll (X2), reroll after a roll (X1, P1)."""

    REDUCE = "reduce"
    REROLL = "reroll"


class PressResult(StrEnum):
    """The four results of the pressing chart (P1)."""

    PLUS_TWO = "plus_two"
    PLUS_ONE = "plus_one"
    NOTHING = "nothing"
    TIRED = "tired"  # cover one more dog, no extra movement


class RestPlace(StrEnum):
    """Where a sled rests decides its choices (Z1)."""

    ANCHORAGE = "anchorage"
    SMALL_TOWN = "small_town"  # Nikolai, Unal-Akleet
    TOWN = "town"
    WILDERNESS = "wilderness"


# Z1: each choice is (dogs uncovered, Action Chips drawn).
REST_CHOICES: dict[RestPlace, tuple[tuple[int, int], ...]] = {
    RestPlace.ANCHORAGE: ((0, 1),),
    RestPlace.SMALL_TOWN: ((2, 0), (0, 4), (1, 2)),
    RestPlace.TOWN: ((3, 0), (0, 6), (2, 2), (1, 4)),
    RestPlace.WILDERNESS: ((1, 0), (0, 2)),
}


class StickAction(StrEnum):
    """X4: put a stick from the supply on the board, move one, or take one off."""

    PLACE = "place"
    MOVE = "move"
    REMOVE = "remove"


class Arrangement(StrEnum):
    """Board arrangements (S3)."""

    INTRO = "intro"
    STANDARD = "standard"
    CUSTOM = "custom"


# S4: training maxima by number of players: (Warm, Moderate, Cold).
TRAINING_MAXIMA: dict[int, tuple[int, int, int]] = {
    2: (1, 0, 1),
    3: (1, 1, 1),
    4: (2, 1, 1),
    5: (2, 2, 1),
    6: (2, 2, 2),
}



def training_maxima(players: int) -> dict[Climate, int]:
    """S4: how many seats may take each training, by climate."""
    return dict(zip(CLIMATES, TRAINING_MAXIMA[players], strict=True))


MIN_PLAYERS = 2
MAX_PLAYERS = 6
DOGS = 8
STARTING_CHIPS = 20
TOTAL_CHIPS = 125
TOTAL_STICKS = 4
REROLL_COST = 3
REDUCE_CHIPS_PER_DIE = 2
REDUCE_MAX_DICE = 3
PASSING_COST = 4
STICK_COST = 5
TERRAIN_MAX_MODIFIER = 2
AVALANCHE_MAX_MODIFIER = 4
TERRAIN_SUCCESS = 4  # 4-6 enters (M4)
AVALANCHE_SUCCESS = 6  # 6 crosses (M5)


def dice_taken(chips_paid: int) -> int:
    """X2: the dog dice a reduce window's chips take away (an odd chip buys nothing)."""
    return chips_paid // REDUCE_CHIPS_PER_DIE


@dataclass(frozen=True)
class Crossing:
    """A standard-die roll to go on (M4, M5): the total it needs and the most chips the
    roller may add to the face (X3, one chip a point)."""

    success: int
    max_modifier: int

    def succeeds(self, face: int, modifier: int) -> bool:
        """Whether a face plus the chips bought reaches the total needed."""
        return face + modifier >= self.success

    def winning_faces(self, modifier: int) -> int:
        """How many of the six faces succeed with `modifier` (the odds a menu shows)."""
        return sum(1 for face in range(1, 7) if self.succeeds(face, modifier))


CROSSINGS: dict[RollKind, Crossing] = {
    RollKind.TERRAIN: Crossing(TERRAIN_SUCCESS, TERRAIN_MAX_MODIFIER),
    RollKind.AVALANCHE: Crossing(AVALANCHE_SUCCESS, AVALANCHE_MAX_MODIFIER),
}
"""The two crossing rolls by kind, for the engine, the menus and the screen alike."""
