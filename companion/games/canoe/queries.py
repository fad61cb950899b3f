"""What several layers ask of a Canoe state: the throw's line, which campsites are open,
whether a player may finish and why not, who leads the players still out.

Each answer that refuses something says why in a `Reason` (its words: `reasons.py`), so a
menu shows a greyed item with the rules' own reason instead of restating the rule.
"""

from __future__ import annotations

from companion.games.canoe.cards import CARDS, Card, TargetKind
from companion.games.canoe.kernel import Reason
from companion.games.canoe.model import (
    ATTRACTION_NAMES,
    ATTRACTIONS,
    CAMPED_ATTRACTION,
    CLIMBING_WEATHER,
    UNMAPPED_POINTS,
    Attraction,
    DestinationRule,
    Moves,
    Pile,
    Place,
    is_camped_attraction,
    moves,
)
from companion.games.canoe.state import GameState


def throw_line(state: GameState) -> Moves | None:
    """E4: the spaces this turn's throw gives on a lake, a river, a portage and poling."""
    turn = state.turn
    if turn is None or turn.face is None or turn.weather is None:
        return None
    return moves(turn.face, turn.weather, sheltered=turn.start is Place.DANGEROUS_POINT)


def next_seat(state: GameState, after: int) -> int:
    """C3, C7: the next seat clockwise whose canoe is still out."""
    n = len(state.players)
    for step in range(1, n + 1):
        seat = (after + step) % n
        if not state.players[seat].home:
            return seat
    raise LookupError("every canoe is home")


def site_obeys(card: Card, site: str) -> bool:
    """K9: whether camping at `site` does a Destination card's task: the card names the
    start of the site's name ("Indian Pond" for every Indian Pond campsite), or is the
    attraction done by camping (Solitude Point)."""
    target = card.target
    if target is None:
        return False
    if target.kind is TargetKind.CAMPSITE:
        return site.casefold().startswith(target.value.casefold())
    return target.value == CAMPED_ATTRACTION.value and is_camped_attraction(site)


def attraction_obeys(card: Card, attraction: Attraction) -> bool:
    """K9: whether doing `attraction` does a Destination card's task."""
    target = card.target
    return (target is not None and target.kind is TargetKind.ATTRACTION
            and target.value == attraction.value)


def region_obeys(card: Card) -> bool:
    """K9, L5: whether entering the Unmapped Region does a Destination card's task."""
    return card.target is not None and card.target.kind is TargetKind.REGION


def already_done(state: GameState, seat: int, card: Card) -> bool:
    """K8: whether the companion knows the player already did the card's attraction or
    entered the Unmapped Region; a campsite card is obeyed again (N3), a place only the
    player knows."""
    player = state.players[seat]
    if region_obeys(card):
        return player.unmapped is not None or player.place is Place.UNMAPPED
    return any(attraction_obeys(card, a) for a in player.attractions)


def may_return(card: Card) -> bool:
    """K8: whether a card just kept may go back as already done by the player's word (a
    place; a campsite card is obeyed again, an attraction the companion knows)."""
    return card.target is not None and card.target.kind is TargetKind.PLACE


def obeyed_by_word(card: Card) -> bool:
    """K9: whether only its holder can say the card's task is done (a place the companion
    does not see); every other card is marked by the climb, the camp, the attraction or
    the entry into the Unmapped Region that does it, and by nothing else."""
    return card.target is None or card.target.kind is TargetKind.PLACE


def climb_reason(state: GameState, seat: int) -> Reason | None:
    """L1, L2, C6: why the canoe may not climb Raven Rock in this go, or None."""
    turn = state.require_turn()
    if turn.camped:
        return Reason("camped", "N1")
    if turn.landed is not None:
        return Reason("landed", "C6")
    if turn.face is None or turn.weather is None:
        return Reason("no_throw", "L1")
    if turn.start is Place.SUMMIT:
        return Reason("descending", "L2")
    if turn.weather not in CLIMBING_WEATHER:
        return Reason("climb_weather", "L1", {"weather": turn.weather.value})
    return None


def unmapped_reason(state: GameState, seat: int, point: int) -> Reason | None:
    """L4: why the canoe may not stop at this point of the Unmapped Region's boundary
    to enter: the last visit's point in and its exit are closed to it."""
    if not 1 <= point <= UNMAPPED_POINTS:
        return Reason("no_such_point", "L4", {"point": point})
    last = state.players[seat].unmapped
    if last is not None and point == last[0]:
        return Reason("entered_there", "L4", {"point": point})
    if last is not None and point == last[1]:
        return Reason("left_there", "L4", {"point": point})
    return None


def likely_site(state: GameState, seat: int) -> str | None:
    """N1, N3: the open campsite a player most likely camps at now: the one their
    Destination card orders them to, Solitude Point while the all-night trip still wants
    it, else the next site after their last camp in the board's order (a trip goes on
    along the route), else the first open one. None when none is open."""
    settings = state.require_settings()
    names = settings.campsites.names
    open_ = [s for s in names if site_reason(state, seat, s) is None]
    if not open_:
        return None
    player = state.players[seat]
    held = CARDS[player.destination] if player.destination is not None else None
    for site in open_:
        if held is not None and site_obeys(held, site):
            return site
    if settings.variants.every_attraction and CAMPED_ATTRACTION in missing_attractions(
            state, seat):
        solitude = next((s for s in open_ if is_camped_attraction(s)), None)
        if solitude is not None:
            return solitude
    if player.camps:
        start = names.index(player.camps[-1]) + 1
        for step in range(len(names)):
            site = names[(start + step) % len(names)]
            if site in open_:
                return site
    return open_[0]


def sharing_candidates(state: GameState, seat: int) -> tuple[int, ...]:
    """L9: the other canoes `seat` may end a go on the same space as: those out on a space
    of the water, in seat order. Not home, not on Raven Rock's summit, not inside the
    Unmapped Region; a canoe waiting at the rock's base, by Dangerous Point or at the
    region's boundary waits on a space, so it counts."""
    return tuple(other for other in state.on_board if other != seat
                 and state.players[other].place not in (Place.SUMMIT, Place.UNMAPPED))


def goes_ahead(state: GameState, seat: int, other: int) -> bool:
    """L9: on another canoe's space, ahead with more points than its player, else behind."""
    return state.players[seat].score > state.players[other].score


def camping_wanted(state: GameState, seat: int) -> bool:
    """N1, K9, V2, V3: whether the player still has camping to do: nights short of the
    trip's, a campsite Destination card, a campsite never used in the long game, or
    Solitude Point in the all-night game. The likeliest reason to open the camp menu."""
    settings = state.require_settings()
    player = state.players[seat]
    target = CARDS[player.destination].target if player.destination is not None else None
    if player.nights < settings.nights:
        return True
    if target is not None and (target.kind is TargetKind.CAMPSITE
                               or target.value == CAMPED_ATTRACTION.value):
        return True
    if settings.variants.every_campsite and missing_sites(state, seat):
        return True
    return settings.variants.every_attraction and CAMPED_ATTRACTION in missing_attractions(
        state, seat)


def destination_needed(state: GameState, seat: int) -> Reason | None:
    """K7, V1: why a Destination card just drawn would not be kept, or None to keep it."""
    player = state.players[seat]
    rule = state.require_settings().variants.destinations
    if rule is DestinationRule.NONE:
        return Reason("no_destinations", "V1")
    if player.destination is not None:
        return Reason("holds_destination", "K7")
    if rule is DestinationRule.ONE and player.obeyed:
        return Reason("one_obeyed", "V1")
    return None


def ordered_site(state: GameState, seat: int, site: str) -> bool:
    """N3: whether the held Destination card orders the player to this site."""
    held = state.players[seat].destination
    return held is not None and site_obeys(CARDS[held], site)


def site_reason(state: GameState, seat: int, site: str) -> Reason | None:
    """N3: why the player may not camp at `site` now, or None."""
    player = state.players[seat]
    if site in player.cycle and not ordered_site(state, seat, site):
        left = len(state.require_settings().campsites.names) - len(player.cycle)
        return Reason("site_used", "N3", {"site": site, "left": left})
    return None


def missing_sites(state: GameState, seat: int) -> tuple[str, ...]:
    """V2: the campsites the player has never camped at."""
    camps = set(state.players[seat].camps)
    return tuple(s for s in state.require_settings().campsites.names if s not in camps)


def missing_attractions(state: GameState, seat: int) -> tuple[Attraction, ...]:
    """V3: the attractions the player has never done."""
    done = set(state.players[seat].attractions)
    return tuple(a for a in ATTRACTIONS if a not in done)


def finish_reasons(state: GameState, seat: int) -> tuple[Reason, ...]:
    """F1, V2, V3: everything still to do before the player may finish (empty: may)."""
    settings = state.require_settings()
    player = state.players[seat]
    reasons = []
    if player.nights < settings.nights:
        reasons.append(Reason("nights", "F1", {"nights": player.nights,
                                               "needed": settings.nights}))
    if player.destination is not None:
        card = CARDS[player.destination]
        reasons.append(Reason("destination", "F1", {"card": card.id, "text": card.text}))
    sites = missing_sites(state, seat)
    if settings.variants.every_campsite and sites:
        reasons.append(Reason("campsites", "V2", {"count": len(sites),
                                                  "sites": ", ".join(sites)}))
    left = missing_attractions(state, seat)
    if settings.variants.every_attraction and left:
        reasons.append(Reason("attractions", "V3", {
            "count": len(left), "names": ", ".join(ATTRACTION_NAMES[a] for a in left),
            "attractions": ",".join(a.value for a in left)}))
    return tuple(reasons)


def leads_the_board(state: GameState, seat: int) -> bool:
    """F3: more points than every other player still on the board (true when alone)."""
    score = state.players[seat].score
    return all(score > state.players[other].score
               for other in state.on_board if other != seat)


def pile_of(state: GameState, card: str) -> Pile:
    """K7: the pile a card was dealt into, where it goes back to."""
    for pile in state.piles:
        if card in pile.composition:
            return pile.pile
    raise LookupError(f"{card} is in no pile")
