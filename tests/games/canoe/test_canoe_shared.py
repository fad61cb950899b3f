"""L9, a shared space answered before anyone asks: while the active player tells what the
canoe did after a throw, the public view holds ahead or behind for every other canoe out
on the water (from the points alone), worded alike for the screen and the pages; the
menus' list guesses no shared space and keeps the full item at its end."""

from __future__ import annotations

import pytest
from canoe_harness import Trip, listed, six_out

from companion.exc import RulesError
from companion.games.canoe import commands as c
from companion.games.canoe.engine import options
from companion.games.canoe.model import Attraction, Pile
from companion.games.canoe.table.frame import share_line
from companion.games.canoe.table.memory import Memory
from companion.games.canoe.table.menus import seat_tree
from companion.games.canoe.views import ShareAnswer, public_view
from companion.i18n import speaking


def test_l9_the_view_answers_for_every_canoe_out_on_the_water_once_thrown() -> None:
    trip = six_out()
    assert public_view(trip.state).shares == ()  # C4: nothing to answer before the throw
    trip.roll(2)
    # more points: ahead (Bob); the same or more: behind (Cy, Ed); a canoe on the summit
    # (Di) or home (Flo) is on no space of the water: not listed
    assert public_view(trip.state).shares == (
        ShareAnswer(1, True), ShareAnswer(2, False), ShareAnswer(4, False))


def test_l9_asking_offers_the_same_canoes_the_screen_answers_for() -> None:
    # a canoe on the summit (Di) or home (Flo) is on no space of the water: the rules
    # offer no shared space with it, and refuse one told anyway
    trip = six_out()
    trip.roll(2)
    share = next(o for o in options(trip.state, 0) if o.command is c.ShareSpace)
    assert share.params["other"] == (1, 2, 4)
    assert [a.seat for a in public_view(trip.state).shares] == [1, 2, 4]
    with pytest.raises(RulesError):
        trip.do(c.ShareSpace(0, 3))


def test_l9_a_canoe_waiting_at_a_place_on_the_water_is_answered_too() -> None:
    # L3, L6: the base of the rock and the white spaces by Dangerous Point are spaces of
    # the water, where another canoe may end its move
    trip = Trip(3)
    trip.turn(2, c.Adjust(0, 20))
    trip.roll(3)
    trip.do(c.WaitAtRock(1))  # Bob waits at the base with 0 points
    trip.turn(2, c.Adjust(2, 30))
    trip.roll(2)  # Ann, 20 points
    assert public_view(trip.state).shares == (ShareAnswer(1, True), ShareAnswer(2, False))


def test_l9_the_answer_follows_the_points_told_in_the_same_go() -> None:
    trip = six_out()
    trip.roll(2)
    trip.do(c.SeeAttraction(0, Attraction.MOOSE, 10))  # A2: Ann 30, past Cy's 20
    assert public_view(trip.state).shares == (
        ShareAnswer(1, True), ShareAnswer(2, True), ShareAnswer(4, False))


def test_l9_no_answer_once_the_canoe_landed_camped_or_its_go_ended() -> None:
    landed = six_out()
    landed.roll(2)
    landed.do(c.Land(0, Pile.CANOE))  # C6: the move is over with the card
    assert public_view(landed.state).shares == ()
    camped = six_out()
    camped.roll(2)
    camped.do(c.Camp(0, camped.settings.campsites.names[0], 10))  # N3: campsites are shared
    assert public_view(camped.state).shares == ()
    ended = six_out()
    ended.turn(2)  # Bob's turn, not thrown yet
    assert public_view(ended.state).shares == ()


def test_l9_the_answer_is_one_line_in_each_language() -> None:
    trip = six_out()
    trip.roll(2)
    view = public_view(trip.state)
    with speaking("en"):
        assert share_line(view) == "On another canoe's space: ahead of Bob · behind Cy, Ed"
    with speaking("fr"):
        assert share_line(view) == "Sur une case occupée : devant Bob · derrière Cy, Ed"
    with speaking("de"):
        assert share_line(view) == "Auf einem besetzten Feld: vor Bob · hinter Cy, Ed"
    trip.do(c.Adjust(0, 40))  # Ann 60: ahead of everyone, and no "behind" left
    with speaking("en"):
        assert share_line(public_view(trip.state)) == \
            "On another canoe's space: ahead of Bob, Cy, Ed"
    assert share_line(None) is None
    trip.do(c.Land(0, Pile.CANOE))
    assert share_line(public_view(trip.state)) is None


def test_l9_the_state_json_carries_the_answers() -> None:
    trip = six_out()
    trip.roll(2)
    data = public_view(trip.state).to_data()
    assert data["shares"] == [{"seat": 1, "ahead": True}, {"seat": 2, "ahead": False},
                              {"seat": 4, "ahead": False}]


def test_l9_the_list_guesses_no_shared_space_and_ends_with_the_full_item() -> None:
    trip = six_out()
    trip.roll(2)
    tree = seat_tree(trip.state, 0, Memory())
    assert tree is not None
    steps = [n for n in listed(tree) if n.enabled]
    keys = [n.key for n in steps]
    assert not any(k.startswith("next:share") for k in keys)
    # asking is still there, the last step ("End of turn" is ◀ at the top: no next
    # player's throw says it here), with the canoes the rules offer and the companion's
    # answer beside each
    assert keys[-1] == "share" and keys.count("share") == 1
    share = steps[-1]
    assert share.children is not None
    answers = {n.command: n.detail for n in share.children.items}
    assert answers[c.ShareSpace(0, 1)] == "you go ahead (more points)"
    assert answers[c.ShareSpace(0, 2)] == "you go behind (no more points)"
    assert answers[c.ShareSpace(0, 4)] == "you go behind (no more points)"
