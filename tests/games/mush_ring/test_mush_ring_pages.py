"""Mush-Ring's table page and the phones' view of the table (U2): a card per player with
their ring's six spaces, their hand's size and score pile, then the piles, whose turn it
is, the last hand and what just happened, each in the page's language; no card of a
hand in any of it but a seat's own, on its own page (U1)."""

from __future__ import annotations

import json

from companion.core.dice import SeededDice
from companion.core.values import replace
from companion.games.mush_ring import acts as c
from companion.games.mush_ring.box import BOX, RingTable
from companion.games.mush_ring.model import State
from companion.web.snapshot import build

from .tables import BLU1, DETH_KAPP, GRN1, GRN2, PICK, RED1, RED3, WILD, YEL2, YEL3, ring, table


def _pages(state: State, command: c.Command | None = None, languages: tuple[str, ...] = (
        "en",)) -> tuple[dict[tuple[int, str], dict], dict[str, dict]]:
    tab = RingTable(state, SeededDice(1), lambda: 0.0)
    if command is not None:
        tab._apply(command, "")  # as ● on its menu item sends it
    frame = tab.frame()
    players = len(state.players)
    snap = build(BOX.pages, frame, {lang: tab.menus_in(lang) for lang in languages}, game=1,
                 players=players, views=[tab.seat_view(s) for s in range(players)], lights={},
                 screen_language="en")
    return ({key: json.loads(text) for key, text in snap.seats.items()},
            {lang: json.loads(text) for lang, text in snap.table.items()})


def _state() -> State:
    state = table([[RED1, PICK], [GRN1, YEL2], [BLU1]],
                  rings=[ring(RED3, (GRN2, False), WILD), ring(None, DETH_KAPP)],
                  discard=[YEL3], piles=[[], [], [RED3, WILD]], seat=0, last_hand=True)
    return replace(state, players=(*state.players[:2], replace(state.players[2], last=True)))


def test_u2_the_table_page_lays_out_every_ring_pile_and_turn() -> None:
    seats, tables = _pages(_state(), c.PlayShroom(0, RED1, 3))
    page = tables["en"]
    board = page["board"]
    assert page["header"] == "Mush-Ring"  # the rest is the board, not one long line
    ann, bo, cy = board["cards"]
    assert [x["name"] for x in (ann, bo, cy)] == ["Ann", "Bo", "Cy"]
    assert [s["text"] for s in ann["ring"]] == ["Red 3", "▼", "Wild", "Red 1", "_", "_"]
    assert [s["kind"] for s in ann["ring"]] == ["up", "down", "wild", "up", "open", "open"]
    assert ann["ring"][0]["colour"] == "#d55e00" and ann["ring"][2]["colour"] is None
    assert [s["kind"] for s in bo["ring"]][:2] == ["open", "kapp"]
    assert ann["lines"] == ["Hand: 1", "Score pile: 0 cards, 0 points, 0 wilds"]
    assert cy["lines"] == ["Hand: 1", "Score pile: 2 cards, 4 points, 1 wild", "Last player"]
    assert bo["acting"] and not ann["acting"]  # Ann played (no drawing in the last hand)
    draw = len(_state().piles.draw)
    assert board["facts"] == [
        f"Draw pile: {draw} cards · discard pile: 1 card, top Yellow 3", "Bo's turn",
        "Last hand: Cy is the last player"]
    assert board["did"] == ["Ann played Red 1 into Ann's ring"]
    # every seat's page has the same board, its own hand apart
    for seat in range(3):
        assert seats[(seat, "en")]["board"] == board
    assert seats[(1, "en")]["private"] == ["Green 1", "Yellow 2"]


def test_u2_each_page_reads_the_board_in_its_own_language() -> None:
    seats, tables = _pages(_state(), c.PlayShroom(0, RED1, 3), ("en", "fr", "de"))
    fr, de = tables["fr"]["board"], tables["de"]["board"]
    assert fr["cards"][0]["ring"][0]["text"] == "Rouge 3"
    assert fr["did"][0] == "Ann a joué Rouge 1 dans le cercle d'Ann"  # "de" elided
    assert de["cards"][2]["lines"][1] == "Punktestapel: 2 Karten, 4 Punkte, 1 Joker"
    assert de["facts"][1] == "Bo ist dran"
    assert seats[(1, "fr")]["board"] == fr
    # a phone's own hand in its own language too (the screen speaks English here)
    assert seats[(1, "fr")]["private"] == ["Vert 1", "Jaune 2"]
    assert seats[(1, "de")]["private"] == ["Grün 1", "Gelb 2"]


def test_u1_no_page_but_its_own_holds_a_card_of_a_hand() -> None:
    # Bo holds the only Pick a Color and Blue 1s there are not in any ring or pile
    state = table([[GRN1], [PICK, BLU1], [YEL2]], seat=0)
    seats, tables = _pages(state)
    for text in ("Pick a Color", "Blue 1"):
        assert text not in json.dumps(tables["en"], ensure_ascii=False)
        for seat in (0, 2):
            assert text not in json.dumps(seats[(seat, "en")], ensure_ascii=False)
        assert text in seats[(1, "en")]["private"]
