"""A tap on the menu a phone shows acts, however soon after that menu appeared: the
server holds it until the table's guard has passed (a pad's press that soon is dropped:
its player may not have seen the change; a phone's tap names the menu it was aimed at).
A tap on a menu that waits is refused at once, with the reason."""

from __future__ import annotations

import time
from pathlib import Path

from companion.games.mush.model import Phase
from companion.pads.events import Button, Kind, PadEvent
from web.harness import Phone, WebTable, settle


def test_a_tap_right_after_its_menu_changed_is_held_through_the_guard_and_acts(
        tmp_path: Path) -> None:
    table = WebTable(tmp_path)
    try:
        table.step()
        starter = Phone(table, token=table.token(0))
        table.step()
        starter.wait(lambda: bool(starter.messages("seat")))
        starter.tap(starter.last()["menu"]["focus"])  # "Start the game"
        table.wait_events(2)
        table.step(0.3)
        controller = table.companion.controller
        assert controller.state.phase is Phase.TRAINING
        first = controller.state.training_next
        assert first is not None
        phones = {s: Phone(table, token=table.token(s)) for s in range(1, 4)} | {0: starter}
        table.step(0.3)
        # the first chooser takes its training on its pad: the next seat's menu appears now
        table.events.put(PadEvent(first, Button.SELECT, Kind.PRESS))
        table.events.put(PadEvent(first, Button.SELECT, Kind.RELEASE))
        table.step()
        seat = controller.state.training_next
        assert seat is not None and seat != first
        assert controller.ready_at(seat) > controller.clock()  # a pad's press now: dropped
        phone = phones[seat]
        menu = settle(table, phone, seat)["menu"]
        wait = controller.ready_at(seat) - controller.clock()
        tapped = time.monotonic()
        phone.tap(menu["focus"])  # at once, within the guard: held, then acts
        table.wait_events(2)
        # on the table's clock (here a fake one, standing still) the guard had this much
        # left: the server gave the press to the table no sooner (a timer never fires early)
        assert table.web.counts["held"] == 1 and time.monotonic() - tapped >= wait - 0.01
        table.clock.advance(controller.config.guard_seconds)
        table.step()
        assert controller.state.training_next != seat, "the tap was dropped"
        for each in phones.values():
            each.close()
    finally:
        table.close()
