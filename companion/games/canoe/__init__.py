"""The Moosehead Lake Canoe Game (Graham Warren, 2012) as a pure, event-sourced rules
core (standard library only), in the shape of MUSH's `companion.games.mush`.

The canoes stay on the board; the companion throws the die and moves the weather on
every 6, draws the Canoe, Camp and Portage cards, keeps every player's satisfaction
points, nights, campsites and Destination card, and knows when a player may finish and
who wins. `docs/canoe-rules.md` numbers the rules; `GAME` bundles the pieces.

For the table: only the active seat ever acts (the table only starts the game).
`options(state, seat)` is its menu, every item an `Option` (a command type, the values of
its parameters, `blocked` with a `Reason` to grey it, and for Finish a `note`: `wins`,
`score`, `best`, `still_out`, so the menu can say "finishing now does not win"). By the
act of the phase (`act_of`): THROW offers Roll, StayWindbound, Camp(site, points),
SeeAttraction(attraction, points), Adjust(points), ObeyDestination; TELL offers Land(C or
P), Camp, the same entries, ReturnDestination, Finish, EndTurn; ENTER_CARD (paper cards)
offers EnterCard(points, effect). Points move in steps of `POINTS_STEP`. A wooden die's
face goes in through `physical.roll_request` and `apply_entered`. `public_view` gives the
screen all it shows, sums done: the weather and its line, the ring and where the
indicator stands, the throw's spaces on a lake, a river, a portage and poling, every
player's line (score, nights of the trip's, campsites, attractions, Destination card and
its text, Hero card, goes owed, windbound, home, leads, what is left before finishing),
the card drawn last (text, points, what became of it, whether its number is a choice),
the cards left in each pile, and the placeholder marks. Every event names what to
announce: a weather moved (and why), a card drawn, kept or returned, a go skipped, a
player home, the winner and the exact throw that finished.
"""

from companion.games.canoe.commands import TABLE, Command
from companion.games.canoe.engine import apply, is_legal, legal, legal_commands, options
from companion.games.canoe.engine import start_game as start_game
from companion.games.canoe.events import Event
from companion.games.canoe.evolve import evolve, replay
from companion.games.canoe.game import GAME
from companion.games.canoe.kernel import Option, Reason
from companion.games.canoe.model import Attraction, Moves, Pile, Weather, moves
from companion.games.canoe.phases import ActKind, act_of, seats_to_act
from companion.games.canoe.settings import Campsites, Ring, Settings, Variants
from companion.games.canoe.state import EMPTY, GameState
from companion.games.canoe.views import public_view, seat_view

__all__ = [
    "EMPTY", "GAME", "TABLE", "ActKind", "Attraction", "Campsites", "Command", "Event",
    "GameState", "Moves", "Option", "Pile", "Reason", "Ring", "Settings", "Variants",
    "Weather", "act_of", "apply", "evolve", "is_legal", "legal", "legal_commands", "moves",
    "options", "public_view", "replay", "seat_view", "seats_to_act", "start_game",
]
