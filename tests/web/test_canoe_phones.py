"""The Canoe game from phones: each seat's phone is its pad (the same presses and taps as
MUSH's), in its own language, through the real server and the real app on a fake clock."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.canoe import events as ev
from companion.games.canoe.bots import SensibleBot
from companion.games.canoe.model import Phase
from companion.games.canoe.table import CanoeTable
from companion.games.canoe.table.bots import CanoeBotDriver
from web.harness import Phone, WebTable, bot_press, settle

PLAYERS = 4  # setup's own default, which the setup bot keeps


@pytest.fixture
def table(tmp_path: Path) -> Iterator[WebTable]:
    web = WebTable(tmp_path, seed=4, game_name="canoe")
    yield web
    web.close()


def seated(table: WebTable, seats: dict[int, str]) -> dict[int, Phone]:
    """A phone on each seat, in the language given."""
    table.step()
    phones = {seat: Phone(table, token=table.token(seat), device=f"phone-{seat}-" + "x" * 24,
                          lang=lang) for seat, lang in seats.items()}
    for phone in phones.values():
        phone.wait(lambda p=phone: bool(p.messages("seat")))
    return phones


def test_a_trip_is_played_from_the_phones_alone(table: WebTable) -> None:
    app = table.companion
    assert app.game == "canoe" and isinstance(app.controller, CanoeTable)
    phones = seated(table, {0: "en", 1: "fr", 2: "de", 3: "en"})
    try:
        first = settle(table, phones[0], 0)
        assert first["game"] == "canoe" and first["screen"] == "canoe_setup"
        assert first["menu"] is not None and first["menu"]["items"]  # any phone runs setup
        # the setup bot picks players and starts; every press goes through a phone
        driver = CanoeBotDriver(app.controller, dict.fromkeys(range(PLAYERS), SensibleBot()),
                                random.Random(2))
        pressed = idle = 0

        def far_enough() -> bool:  # setup, a dozen throws, cards drawn and read
            if app.game_id is None:
                return False
            journal = app.journal.load(app.game_id)
            return sum(isinstance(e, ev.DieRolled) for e in journal) >= 12 and \
                sum(isinstance(e, ev.CardDrawn) for e in journal) >= 2

        while not far_enough() and idle < 50:
            if driver.controller is not app.controller:
                driver.controller = app.controller  # setup gave way to the trip
            if bot_press(table, phones, driver):
                pressed, idle = pressed + 1, 0
            else:
                idle += 1
            table.step(0.3)
        assert len(app.controller.state.players) == PLAYERS
        state = app.controller.state
        assert state.phase is not Phase.GAME_OVER and pressed > 20 and idle == 0
        events = app.journal.load(app.game_id) if app.game_id else []
        assert any(isinstance(e, ev.DieRolled) for e in events)
        assert any(isinstance(e, ev.CardDrawn) for e in events)
        # the French phone read its menus, weather and scores in French all the way
        fr = [m for m in phones[1].messages("seat") if m.get("screen") == "canoe_turn"]
        assert fr and all(m["lang"] == "fr" for m in fr)
        assert any(m["canoe"]["weather"] in ("Calme", "Vent arrière", "Vent de face",
                                             "Vent bloquant", "Forte pluie") for m in fr)
        labels = {i["label"] for m in fr if m["menu"] for i in m["menu"]["items"]}
        assert "Lancer le dé" in labels and "Throw the die" not in labels
        de = [m for m in phones[2].messages("seat") if m.get("menu")]
        assert any(i["label"] == "Würfeln" for m in de for i in m["menu"]["items"])
        turns = [m for m in phones[0].messages("seat") if m.get("turn")]
        assert turns, "seat 0's phone was never told it was its turn"
        thrown = [m["roll"] for m in phones[0].messages("seat") if m.get("roll")]
        assert thrown and all(len(r["faces"]) == 1 and "Lake" in r["result"] for r in thrown)
        cards = [m["canoe"]["card"] for m in phones[0].messages("seat")
                 if m.get("canoe", {}).get("card")]
        assert cards and all(c["text"] and "points" in c["points_text"] for c in cards)
        last = settle(table, phones[1], 1)
        scores = {s["seat"]: s["score"] for s in last["canoe"]["scores"]}
        assert scores == {s: p.score for s, p in enumerate(state.players)}
    finally:
        for phone in phones.values():
            phone.close()


def test_a_phone_cannot_act_for_the_seat_whose_turn_it_is_not(table: WebTable) -> None:
    app = table.companion
    phones = seated(table, {0: "en", 1: "de", 2: "fr", 3: "en"})
    try:
        driver = CanoeBotDriver(app.controller, dict.fromkeys(range(PLAYERS), SensibleBot()),
                                random.Random(3))
        for _ in range(200):  # through setup to the first turn
            if not app.controller.in_setup and app.controller.state.active \
                    is not None:
                break
            if driver.controller is not app.controller:
                driver.controller = app.controller
            if bot_press(table, phones, driver):
                table.step(0.3)
        active = app.controller.state.active
        assert active is not None
        idle = (active + 1) % PLAYERS
        text = settle(table, phones[idle], idle)
        assert text["menu"] is None and not text["turn"]  # nothing to press but wait
        assert text["waiting"] == [app.controller.state.players[active].name]
        before = app.controller.state
        phones[idle].press("select")
        phones[idle].press("right")
        table.step(0.3)
        assert app.controller.state == before  # the idle phone moved nothing
        mine = settle(table, phones[active], active)
        assert mine["turn"] and mine["menu"]["items"]
    finally:
        for phone in phones.values():
            phone.close()


def test_c4_one_tap_on_the_next_player_s_phone_ends_the_turn_and_throws(
        table: WebTable) -> None:
    # C4: while Ann may end her turn, Bob's phone already holds his own menu; one tap on
    # "Throw the die" ends her turn and throws for him. Cy, after Bob, has nothing to tap
    from web.test_canoe_table_page import to_the_first_throw

    app = table.companion
    controller = to_the_first_throw(table)
    ann = controller.state.active
    assert ann is not None
    bob, cy = (ann + 1) % PLAYERS, (ann + 2) % PLAYERS
    ahead = controller.handed_to()
    assert ahead is not None and ahead[0] == bob
    names = [p.name for p in controller.state.players]
    phones = seated(table, {ann: "en", bob: "fr", cy: "de"})
    try:
        for _ in range(4):  # past the guard against a stale press (the menus are new)
            table.step(0.3)
        mine = settle(table, phones[bob], bob)
        menu = mine["menu"]
        assert menu is not None and not mine["turn"]  # Ann's turn still, and Bob's menu
        assert menu["title"] == \
            f"{names[bob]} : ensuite · votre premier choix finit le tour de {names[ann]}"
        labels = [item["label"] for item in menu["items"]]
        assert labels[menu["focus"]] == "Lancer le dé"
        other = settle(table, phones[cy], cy)
        assert other["menu"] is None and not other["turn"]
        assert other["waiting"] == [names[ann]]
        hers = settle(table, phones[ann], ann)
        assert hers["turn"] and hers["menu"] is not None
        assert "End of turn" not in [i["label"] for i in hers["menu"]["items"]]  # in the list
        # Ann opens her list to tell something: Bob's menu waits, and says why
        phones[ann].press("select")
        table.wait_events(2)
        for _ in range(4):
            table.step(0.3)
        assert settle(table, phones[ann], ann)["menu"]["depth"] == 1
        waiting = settle(table, phones[bob], bob)["menu"]
        assert waiting["waiting"] and waiting["note"] == f"{names[ann]} n'a pas fini : attendez"
        phones[ann].press("select", hold=True)  # back out: nothing told, Bob may throw
        table.wait_events(3)
        for _ in range(4):
            table.step(0.3)
        mine = settle(table, phones[bob], bob)
        menu = mine["menu"]
        assert not menu["waiting"] and not menu["note"]
        assert app.game_id is not None
        before = len(app.journal.load(app.game_id))
        phones[bob].tap(labels.index("Lancer le dé"))
        table.wait_events(2)  # one press of ●, and its release
        table.step(0.3)
        told = app.journal.load(app.game_id)[before:]
        assert told[0] == ev.TurnEnded(ann)
        assert isinstance(told[1], ev.TurnStarted) and told[1].seat == bob
        assert isinstance(told[2], ev.DieRolled) and told[2].seat == bob
        assert app.controller.state.active == bob
        assert settle(table, phones[bob], bob)["turn"]
        assert not settle(table, phones[ann], ann)["turn"]
        after = settle(table, phones[cy], cy)  # Cy is now next: his own menu
        assert after["menu"] is not None and names[bob] in after["menu"]["title"]
    finally:
        for phone in phones.values():
            phone.close()
