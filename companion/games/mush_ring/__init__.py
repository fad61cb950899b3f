"""Mush-Ring (Stephen B. Thomas, copyleft 2016) as a pure, event-sourced rules core
(standard library only), on the kernel's deck (`companion.core.deck`).

Two ways to play (`docs/mush-ring-rules.md`): a dealt deck, where the companion shuffles,
deals and keeps every hand, each seeing only its own (U1); and a paper deck, where the
group plays its own printed cards and the companion keeps the rings' scores (B).
`GAME` bundles the pieces: `options(state, seat)` lists what a seat may do (a card of
its hand into a space, an action card at a target, an answer, a colour to keep, a paper
ring's next card), `apply` checks and runs a command, `evolve` folds an event, and
`public_view`/`seat_view` give the shared screen and a seat's phone what each may see.
"""

from companion.games.mush_ring.cards import DEFAULT_DECK, Card, DeckSpec, Kind
from companion.games.mush_ring.evolve import evolve
from companion.games.mush_ring.game import GAME
from companion.games.mush_ring.handlers import apply
from companion.games.mush_ring.model import EMPTY, Deck, Phase, Settings, State
from companion.games.mush_ring.options import options
from companion.games.mush_ring.views import public_view, seat_view

__all__ = ["DEFAULT_DECK", "EMPTY", "GAME", "Card", "Deck", "DeckSpec", "Kind", "Phase",
           "Settings", "State", "apply", "evolve", "options", "public_view", "seat_view"]
