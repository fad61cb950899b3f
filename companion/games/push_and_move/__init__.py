"""Push&Move (Andreas Propst) as a pure, event-sourced rules core (standard library
only) on the companion's kernel, and everything it brings to the table.

2 to 6 players, five d20 each, a board of 120 hexes drawn from a bag with the table's
dice; on a turn a player moves every die one hex, pushing lines of dice by sums of eyes;
hexes change a die's eyes, bar it, remove it, or offer an extra move; the first to push
three opponents' dice off the board or onto death hexes wins
(`docs/push-and-move-rules.md`). `GAME` bundles the rules for the journal and the app;
`box.BOX` brings the table, the screen, the phones' pages and the voice.
"""

from companion.games.push_and_move.game import GAME

__all__ = ["GAME"]
