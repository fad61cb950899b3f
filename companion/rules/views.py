"""What each audience may know of a state.

The public view is all the table screen, the voice, the logs and the exports may use.
During bidding it says only who has locked in, never a value (R1, I5); a seat's own view
adds that seat's own bid, for its pad's private light or display.
"""

from __future__ import annotations

from typing import Any

from companion.rules.codec import to_data
from companion.rules.model import Phase
from companion.rules.phases import act_of, seats_to_act
from companion.rules.queries import allowed_trainings, waiting_seats, weather_zone
from companion.rules.state import GameState


def public_view(state: GameState) -> dict[str, Any]:
    """The state as everyone at the table may see it (JSON-ready)."""
    settings = state.settings
    bidding = state.phase is Phase.BIDDING
    acting = seats_to_act(state)
    seats = []
    for seat, player in enumerate(state.players):
        colour = state.colour_of(seat)
        seats.append({
            "seat": seat,
            "name": player.name,
            "chips": player.chips,
            "covered": player.covered,
            "uncovered": player.uncovered,
            "training": player.training.value if player.training else None,
            "board": player.board,
            "zone": state.zone_of(seat).value,
            "dice": colour.value if colour else None,
            "place": state.order.index(seat) + 1 if seat in state.order else None,
            "locked": bidding and state.bids[seat] is not None,
            "bid": state.revealed[seat] if state.revealed is not None else None,
            "ice_bear": seat == state.ice_bear,
            "acting": seat in acting,
        })
    window = None
    if state.window is not None:
        window = {
            "kind": state.window.kind.value,
            "roll": state.window.roll.value if state.window.roll else None,
            "roller": state.window.roller,
            "eligible": list(state.window.eligible),
            "waiting": list(waiting_seats(state)),
            "paid": state.window.paid,
        }
    view: dict[str, Any] = {
        "phase": state.phase.value,
        "act": act_of(state).value,
        "round": state.round,
        "ice_bear": state.ice_bear,
        "bank": state.bank,
        "coins": state.coins,
        "sticks": state.sticks,
        "weather": state.weather.value if state.weather else None,
        "weather_zone": state.weather_zone.value if state.weather_zone else None,
        "order": list(state.order),
        "early_riser": state.early_riser,
        "active": state.active,
        "training_next": state.training_next,
        "winner": state.winner,
        "seats": seats,
        "window": window,
        "turn": to_data(state.turn),
        "last_roll": to_data(state.last_roll),
    }
    if settings is not None:
        view["arrangement"] = settings.arrangement.value
        view["boards"] = [b.name for b in settings.boards]
        view["placeholder_charts"] = list(settings.charts.placeholders)
        view["variants"] = to_data(settings.variants)
        if state.players:
            view["chart_zone"] = weather_zone(state).value
    if state.phase is Phase.TRAINING and state.training_next is not None:
        view["trainings_open"] = [t.value for t in allowed_trainings(state)]
    return view


def seat_view(state: GameState, seat: int) -> dict[str, Any]:
    """The public view plus what only `seat` may know: its own locked bid."""
    view = public_view(state)
    own = state.bids[seat] if 0 <= seat < len(state.bids) else None
    view["own_bid"] = own
    return view
