"""The cards of the box, from the rules' own card texts, each with its points (K1).

The rules text lays the cards out in columns that its extraction scrambled: a card's
points usually follow its text, but not always. `Card.choice` says, for every card whose
number the text does not tie to it for certain, how the number was chosen; the list is in
`docs/canoe-rules.md` ("Card points"). The texts are the box's English words; the table
shows them as they are in every language (K13).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.games.canoe.model import Attraction, Pile


class CardKind(StrEnum):
    """What drawing the card does (K5–K11)."""

    ORDINARY = "ordinary"  # points at once, back under the pile (K5, K6)
    MISS_GO = "miss_go"  # points at once and the next go is missed (K10)
    HERO = "hero"  # kept for a camp in the rain (K11)
    DESTINATION = "destination"  # kept until obeyed (K7–K9)
    SHUFFLE = "shuffle"  # the pile is shuffled and the top card drawn again (K3)


class TargetKind(StrEnum):
    """How the companion can tell that a Destination card's task is done (K8, K9)."""

    ATTRACTION = "attraction"  # an attraction (A2): ignored if done before (K8)
    CAMPSITE = "campsite"  # camping at a site whose name starts with the target: obeyed
    # even if camped there before, which N3 allows (not an attraction, so K8 is silent)
    REGION = "region"  # the Unmapped Region: obeyed on entering it (L5), done if entered
    PLACE = "place"  # only the player knows: marked obeyed (or already done) from the pads


@dataclass(frozen=True)
class Target:
    """A Destination card's task, as far as the companion can recognise it."""

    kind: TargetKind
    value: str = ""  # the attraction's value, or the start of the campsite names


@dataclass(frozen=True)
class Card:
    """One card: its text as printed, its points, and what drawing it does."""

    id: str
    pile: Pile | None  # None for a Destination card: dealt into a pile at setup (K2)
    kind: CardKind
    text: str
    points: int = 0
    target: Target | None = None
    choice: str | None = None  # why this number, where the text does not tie it for certain

    @property
    def keeps(self) -> bool:
        """Whether the card leaves the pile with its drawer instead of going back under it."""
        return self.kind in (CardKind.DESTINATION, CardKind.HERO)


def _c(id_: str, text: str, points: int, kind: CardKind = CardKind.ORDINARY,
       choice: str | None = None) -> Card:
    pile = Pile(id_.split("-")[0])
    return Card(id_, pile, kind, text, points, None, choice)


CANOE_CARDS: tuple[Card, ...] = (
    _c("canoe-01", "You become convinced that your bow paddler is deliberately steering "
       "towards every rock in sight.", -5),
    _c("canoe-02", "Your mobile phone goes over the side. Lose contact with the outside "
       "world.", +5,
       choice="+5 follows the text and is printed with a plus: losing the phone counts as "
       "a gain, which fits the game's humour, so the sign is kept as printed."),
    _c("canoe-03", "Your companion says that you are a better paddler than he/she is. You "
       "realize that you are going to get on well.", +25,
       choice="no number follows this text; +25 is the one number of the Canoe cards not "
       "next to a card (it follows the bow-partner card's -5), and the card is a good one."),
    _c("canoe-04", "Your companion's expensive paddle breaks; your home-made one doesn't.", +20),
    _c("canoe-05", "You finally master the Northwoods Stroke.", +15),
    _c("canoe-06", "Passers-by admire your home-built canoe.", +20),
    _c("canoe-07", 'Lunchstop. "Can I have the Coleman fuel?" "I thought you brought it!"',
       -20),
    _c("canoe-08", "You pull a neat turn to avoid taking an unexpected wave broadside.", +15),
    _c("canoe-09", "Your bow partner misses a stroke and covers you with water.", -5),
    _c("canoe-10", "Your canoe springs a leak. Miss your next go whilst you repair it.", -15,
       CardKind.MISS_GO),
    _c("canoe-11", "A companion points out that you are doing J-strokes with your thumb "
       "pointing up.", -10),
    _c("canoe-12", "You take a point too close in and hit a rock.", -15),
)

CAMP_CARDS: tuple[Card, ...] = (
    _c("camp-01", "The wind drops, the midges come out and it starts to rain. You lose the "
       "will to live.", -25),
    _c("camp-02", "Your companions start to get on your nerves. They get up too early/too "
       "late (delete as appropriate).", -10,
       choice="no number follows this text; the Camp cards' loose numbers are -10, +15 and "
       "-10, and this card is a bad one: -10 (the other bad card without a number is -10 "
       "too, so the two cannot be swapped wrongly)."),
    _c("camp-03", "A rodent gnaws through your rucksack in the night.", -15),
    _c("camp-04", "Fantastic sunset.", +5,
       choice="+5 follows the text; the other good card without a number of its own, the "
       "breeze, takes the loose +15. Read by rows of four cards the loose +15 belongs to the "
       "second row, where the breeze is, so the pair is kept this way round."),
    _c("camp-05", "You are about to take the first mouthful of your dinner, but drop the "
       "plate face down in the mud.", -15),
    _c("camp-06", "You cannot get a fire going. Have a miserable cold meal.", -10,
       choice="no number follows this text; the loose -10 after the dinner card is its own "
       "(the only bad number left)."),
    _c("camp-07", "A breeze keeps the midges away.", +15,
       choice="no number follows this text; the loose +15 is the only good number left "
       "(see the sunset card)."),
    _c("camp-08", "Your companion snores.", -10),
    Card("camp-09", Pile.CAMP, CardKind.HERO,
         "YOU MAY KEEP THIS CARD TO USE LATER. If you camp in the rain, you manage to get a "
         "fire going by splitting dry wood from the inside of a wet log. Become the camp "
         "Hero.", +40, None,
         "the +40 is scored when its holder camps in Heavy Rain (at once if drawn while "
         "camping in Heavy Rain); until then the card is kept, then it goes back under the "
         "Camp pile."),
    _c("camp-10", "Make yourself a bed from spruce tips and have a great night's sleep.",
       +10),
    _c("camp-11", "Your companion cuts him/herself but you do excellent first aid with "
       "antiseptic fungus and moss.", +5),
    _c("camp-12", "Find a perfect level campsite.", +15),
)

PORTAGE_CARDS: tuple[Card, ...] = (
    _c("portage-01", "You discover the disadvantage of having all your equipment green: you "
       "keep losing things.", -15),
    _c("portage-02", "Your canoe is heavier than your companion's, but you have to pretend "
       "that it is easy to carry.", -10),
    _c("portage-03", "You find an easy shortcut. Go to the end of the portage.", +10),
    _c("portage-04", "You manage to carry all your gear in one trip.", +10),
    _c("portage-05", "You finally get the hang of your tumpline.", +5),
    _c("portage-06", "You find you have left your sleeping bag at the start of this portage. "
       "Go back to start to get it.", -15),
    _c("portage-07", "You take charge at the portage and lead the group off into the woods, "
       "but it turns out to be a dead end.", -15),
    _c("portage-08", "Find a small stream that you can walk your canoe down.", +20),
    _c("portage-09", "Find a paddle.", +15),
    _c("portage-10", "Find some edible fungi.", +15),
    _c("portage-11", "You have a new portage yoke which is really comfortable.", +10),
    _c("portage-12", "You have a very strong companion who shows off by carrying your "
       "heaviest sac.", +10),
)


def _d(id_: str, text: str, target: Target) -> Card:
    return Card(id_, None, CardKind.DESTINATION, text, 0, target)


_ATTRACTION = TargetKind.ATTRACTION
_CAMPSITE = TargetKind.CAMPSITE
_PLACE = TargetKind.PLACE

DESTINATION_CARDS: tuple[Card, ...] = (
    _d("dest-unmapped", "You have boasted to the others about your navigation skills. You "
       "have to enter the Unmapped Region to save face.", Target(TargetKind.REGION, "unmapped")),
    _d("dest-raven-rock", "You have to climb Raven Rock Peak.",
       Target(_ATTRACTION, Attraction.RAVEN_ROCK.value)),
    _d("dest-solitude", "You have an overwhelming desire to camp on Solitude Point.",
       Target(_ATTRACTION, Attraction.SOLITUDE_POINT.value)),
    _d("dest-sugar-island", "You must camp on Sugar Island (Moosehead Lake).",
       Target(_CAMPSITE, "Sugar Island")),
    _d("dest-moose", "You refuse to go home without seeing a moose.",
       Target(_ATTRACTION, Attraction.MOOSE.value)),
    _d("dest-indian-pond", "Camp at one of the Indian Pond campsites.",
       Target(_CAMPSITE, "Indian Pond")),
    _d("dest-northern-portage", "You have to travel the Northern Portage.",
       Target(_PLACE, "northern_portage")),
    _d("dest-northern-lights", "Your companion insists on seeing the Northern Lights.",
       Target(_ATTRACTION, Attraction.NORTHERN_LIGHTS.value)),
    _d("dest-great-falls", "You must go to Great Falls and attempt to land at the portage "
       "just above them. (Good luck.)",
       Target(_ATTRACTION, Attraction.GREAT_FALLS.value)),
)
"""K2: nine Destination cards, three dealt into each pile at setup. The Great Falls card
sends its holder to the Great Falls attraction ("Ignore the card ... if you have already
done the attraction", K8); the Unmapped Region's is obeyed by entering it (L5)."""

SHUFFLE_CARDS: tuple[Card, ...] = tuple(
    Card(f"{pile.value}-shuffle", pile, CardKind.SHUFFLE,
         "Shuffle: the pile is shuffled, this card goes back to the bottom, and the top "
         "card is drawn.")
    for pile in (Pile.CANOE, Pile.CAMP, Pile.PORTAGE))

PAPER_DESTINATION = Card("dest-paper", None, CardKind.DESTINATION,
                         "A Destination card from the paper pile.", 0, Target(_PLACE, "paper"))
"""K12: the Destination card a group drew from its own paper pile (the companion never
learns which one, so it is marked obeyed by its holder)."""

OWN_CARDS: dict[Pile, tuple[Card, ...]] = {
    Pile.CANOE: CANOE_CARDS, Pile.CAMP: CAMP_CARDS, Pile.PORTAGE: PORTAGE_CARDS}
"""K1: each pile's own twelve cards."""

CARDS: dict[str, Card] = {card.id: card for card in (
    *CANOE_CARDS, *CAMP_CARDS, *PORTAGE_CARDS, *DESTINATION_CARDS, *SHUFFLE_CARDS,
    PAPER_DESTINATION)}
"""Every card by id; the journal records ids, so a card's text can be mended without
breaking an older game."""

DESTINATIONS_PER_PILE = 3  # K2
HERO_RAIN_POINTS = 40  # K11
HERO_CARD = "camp-09"  # K11


def card(card_id: str) -> Card:
    """The card with this id (a `KeyError` names an id that no box holds)."""
    return CARDS[card_id]


def shuffle_card(pile: Pile) -> str:
    """K3: the id of a pile's Shuffle card."""
    return f"{pile.value}-shuffle"


def chosen_numbers() -> tuple[Card, ...]:
    """Every card whose number is a choice, for the rules document and its test."""
    return tuple(c for c in CARDS.values() if c.choice is not None)
