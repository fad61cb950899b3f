"""The Moosehead Lake Canoe Game (Graham Warren, 2012) as a pure, event-sourced rules
core (standard library only), in the shape of MUSH's `companion.rules`.

The canoes stay on the board; the companion throws the die and moves the weather on
every 6, draws the Canoe, Camp and Portage cards, keeps every player's satisfaction
points, nights, campsites and Destination card, and knows when a player may finish and
who wins. `docs/canoe-rules.md` numbers the rules; `GAME` bundles the pieces.
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
