"""Questions about a state that more than one layer asks: the engine, the views, the table.

They live here, beside the rules, so the table and the screen ask them instead of working
the answer out again from the rule constants (one place for each rule fact).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.mush.model import (
    CLIMATES,
    REDUCE_CHIPS_PER_DIE,
    REDUCE_MAX_DICE,
    REROLL_COST,
    REST_CHOICES,
    Arrangement,
    Climate,
    RestPlace,
    WindowKind,
    Zone,
    training_maxima,
)
from companion.games.mush.settings import Settings
from companion.games.mush.state import GameState


def reduce_cap(state: GameState) -> int:
    """X2: chips that may still go into the reduce window (3 dice at most, never more
    dice than the roller has dogs to roll)."""
    window = state.require_window()
    dice = min(REDUCE_MAX_DICE, state.players[window.roller].uncovered)
    return dice * REDUCE_CHIPS_PER_DIE - window.paid


def reduce_candidates(state: GameState, mover: int) -> tuple[int, ...]:
    """X2: the seats a reduce window would ask if `mover` moved now: every other seat
    holding a chip, when the mover has a die to roll that chips could take (none else)."""
    if min(REDUCE_MAX_DICE, state.players[mover].uncovered) <= 0:
        return ()
    return tuple(s for s in state.seats if s != mover and state.players[s].chips > 0)


def waiting_seats(state: GameState) -> tuple[int, ...]:
    """Seats the open window still waits for: eligible, not passed, and able to pay."""
    window = state.require_window()
    if window.kind is WindowKind.REDUCE:
        if reduce_cap(state) <= 0:
            return ()
        need = 1
    else:
        need = REROLL_COST
    players, passed = state.players, window.passed
    return tuple(s for s in window.eligible if s not in passed and players[s].chips >= need)


def at_nome_board(state: GameState, seat: int) -> bool:
    """T3: the sled is on Nome's board (Intro/Standard: in Nome's zone), so it may finish."""
    settings = state.require_settings()
    board, last = state.players[seat].board, len(settings.boards) - 1
    if settings.arrangement is Arrangement.CUSTOM:
        return board == last
    return settings.boards[board].zone is settings.boards[last].zone


def order_of_play(bids: Sequence[int], ice_bear: int) -> tuple[int, ...]:
    """R2: bidders highest first (ties nearest the Ice Bear, clockwise), then the Ice Bear
    if it bid 0, then the other zero bidders clockwise from the Ice Bear's left."""
    n = len(bids)

    def distance(seat: int) -> int:
        return (seat - ice_bear) % n

    bidders = sorted((s for s in range(n) if bids[s] > 0), key=lambda s: (-bids[s], distance(s)))
    zeros = [(ice_bear + k) % n for k in range(n) if bids[(ice_bear + k) % n] == 0]
    return (*bidders, *zeros)


def allowed_trainings(state: GameState) -> tuple[Climate, ...]:
    """S4, S5, S8: the trainings the selecting seat may pick now."""
    settings = state.require_settings()
    choices = [c for c in CLIMATES if not (settings.variants.short_north and c is Climate.COLD)]
    if settings.variants.free_training:
        return tuple(choices)
    maxima = training_maxima(settings.players)
    taken = [p.training for p in state.players if p.training is not None]
    open_ = tuple(c for c in choices if taken.count(c) < maxima[c])
    # S8 forbids Cold while S4 reserves places for it; a seat left with nothing may take
    # any training but Cold rather than leave the game unable to start.
    return open_ or tuple(choices)


def weather_zone(state: GameState) -> Zone:
    """W2: Northern if anyone is there, else Central if anyone is, else Southern;
    with a Custom arrangement, the zone of the leader's board."""
    settings = state.require_settings()
    boards = [p.board for p in state.players]
    if settings.arrangement is Arrangement.CUSTOM:
        return settings.boards[max(boards)].zone
    return max((settings.boards[b].zone for b in boards), key=lambda z: z.rank)


def next_board(settings: Settings, board: int, forward: bool) -> int | None:
    """The board a sled enters when it crosses forward or back (None past either end).

    For Intro and Standard the companion only needs zones, so one press jumps to the
    first board of the next zone; a Custom arrangement counts every board (W2).

    Short game B (S9) bypasses the Central Zone both ways: a sled driven back into a
    Central space would be placed at Unal-Akleet again, so going back a Central board
    that leads to Unal-Akleet is passed over, and a move that would then land in the
    Southern Zone from the Northern Zone is not offered (S9 ruling: it returns to the zone
    it came from). Going forward the Central board is entered, and the crossing then
    places the sled.
    """
    boards = settings.boards
    step = 1 if forward else -1
    target = board + step
    if not 0 <= target < len(boards):
        return None
    if settings.arrangement is not Arrangement.CUSTOM:
        zone = boards[board].zone
        while 0 <= target < len(boards) and boards[target].zone is zone:
            target += step
    if not forward:
        while target >= 0 and bypassed(settings, target):
            target -= 1
    if not 0 <= target < len(boards):
        return None
    if (not forward and boards[board].zone is Zone.NORTHERN
            and boards[target].zone is Zone.SOUTHERN and bypassed(settings, target + 1)):
        return None  # S9: never from the Northern Zone straight into the Southern Zone
    if settings.arrangement is Arrangement.CUSTOM:
        return target
    if not forward:  # back into a zone: its first board
        first = target
        while first > 0 and boards[first - 1].zone is boards[target].zone:
            first -= 1
        target = first
    return target


def bypassed(settings: Settings, board: int) -> bool:
    """S9: a Central board a sled cannot stay on, since it would be placed at Unal-Akleet."""
    return (settings.variants.skip_central and settings.boards[board].zone is Zone.CENTRAL
            and unal_akleet_board(settings, board) is not None)


def unal_akleet_board(settings: Settings, board: int) -> int | None:
    """S9: the board a sled on `board` is placed on, the first Northern board ahead of it
    (None when there is none: being sent back could leave the race without an end)."""
    for index in range(board + 1, len(settings.boards)):
        if settings.boards[index].zone is Zone.NORTHERN:
            return index
    return None


def rest_places(state: GameState, seat: int) -> tuple[RestPlace, ...]:
    """Z1: the places a seat's sled can be resting at, given the board it is on.

    The companion has no map, only boards and zones, so a place is offered wherever the
    sled could be there: Anchorage on the first board; Nikolai, which S9 puts before the
    Central Zone, in the Southern Zone, unless Short game B would place a sled reaching it
    at Unal-Akleet at once; Unal-Akleet, after the Central Zone, in the Northern Zone;
    other towns and the wilderness anywhere.
    """
    settings = state.require_settings()
    board = state.players[seat].board
    zone = settings.boards[board].zone
    nikolai = zone is Zone.SOUTHERN and not (
        settings.variants.skip_central and unal_akleet_board(settings, board) is not None)
    small_town = nikolai or zone is Zone.NORTHERN
    return tuple(place for place in REST_CHOICES
                 if (place is not RestPlace.ANCHORAGE or board == 0)
                 and (place is not RestPlace.SMALL_TOWN or small_town))


def suggested_rest(state: GameState, seat: int, place: RestPlace) -> int:
    """The rest choice to suggest at `place`: dogs when the team is tired, chips when the
    player is short of them (what the sensible bot takes, and what a menu opens on; a
    suggestion only, every choice is one press away)."""
    player = state.players[seat]
    dog_value = 2.0 if player.covered >= 3 else 0.8
    chip_value = 1.0 if player.chips < 8 else 0.5 if player.chips < 16 else 0.25
    choices = REST_CHOICES[place]

    def value(index: int) -> float:
        n_dogs, n_chips = choices[index]
        return min(n_dogs, player.covered) * dog_value + n_chips * chip_value

    return max(range(len(choices)), key=value)
