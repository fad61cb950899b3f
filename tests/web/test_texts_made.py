"""The pages' texts of a change are made once, on the server's thread, for every page: the
main loop only hands over its pieces (it never waits for the server), and a change that a
newer one overtook before the server's thread came to it is never made."""

from __future__ import annotations

import threading
from pathlib import Path

from companion.pads.events import Button, Kind, PadEvent
from web.harness import Phone, WebTable


def focus_of(table: WebTable, seat: int) -> int:
    menu = next(m for m in table.companion.controller.frame().menus if m.seat == seat)
    return menu.focus


def test_a_change_is_made_into_texts_once_for_every_page_and_only_the_newest(
        tmp_path: Path) -> None:
    table = WebTable(tmp_path)
    table.step()
    phone = Phone(table, token=table.token(0))
    table.step()
    phone.wait(lambda: bool(phone.messages("seat")))
    phone.tap(phone.last()["menu"]["focus"])  # "Start the game"
    table.wait_events(2)
    table.step(0.3)
    seat = table.companion.controller.state.training_next
    assert seat is not None
    phone.close()
    phone = Phone(table, token=table.token(seat))  # the seat choosing its training
    watcher = Phone(table, watch=True, lang="fr")
    table.step(0.3)
    phone.wait(lambda: bool(phone.messages("seat")) and bool(phone.last()["menu"]))
    watcher.wait(lambda: any('"phase"' in text for text in watcher.received))
    made = table.web.counts.get("texts_made", 0)
    start = focus_of(table, seat)
    # the server's thread is held: the main loop hands over two changes meanwhile
    holding, held = threading.Event(), threading.Event()

    def hold() -> None:
        holding.set()
        held.wait(30)

    assert table.web._loop is not None
    table.web._loop.call_soon_threadsafe(hold)
    assert holding.wait(10)
    for _ in range(2):  # ▶ moves the focus of its list: the menu changes, the game not
        table.clock.advance(0.3)  # past the guard after the menu's last change
        for kind in (Kind.PRESS, Kind.RELEASE):
            table.companion.handle(PadEvent(seat, Button.RIGHT, kind))
        table.companion.draw()  # hands the change over; never waits for the server
    moved = focus_of(table, seat)
    assert moved != start
    held.set()
    table.sync()
    assert table.web.counts.get("texts_made", 0) == made + 1  # the newest only
    assert table.web.counts.get("texts_overtaken", 0) == 1
    # both pages are sent it: the seat its menu as it is now, the table page its own
    phone.wait(lambda: phone.last()["menu"]["focus"] == moved)
    snapshot = table.web.snapshot
    assert snapshot is not None and {lang for _, lang in snapshot.seats} == {"en", "fr"}
    for p in (phone, watcher):
        p.close()
    table.close()
