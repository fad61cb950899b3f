"""The rest behind ● on a phone's own page, in Debian's Chromium at 390x844: after the
first throw (C4) the thrower's page taps "Something else…" and lists every step of the
rest at once, likeliest first, greyed steps last with their reason; a row that is a menu
(camping, N1; an attraction's points, A3) opens it and Back comes back to the whole list;
one tap on a step deep in the list (at the Unmapped Region, point 1: L4) is the one step
the rules take (C6: a canoe ends its move on one space). The real table and server on a fake
clock; screenshots in test-artifacts/web/ to look at."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from canoe_harness import in_order, path_to_key

from companion.core.dice import ScriptedDice
from companion.games.canoe.engine import apply
from companion.table.tree import Node, Tree
from web.browser import PHONE, Page, needs_browser
from web.harness import WebTable
from web.test_canoe_phone_rest import rest_of
from web.test_canoe_table_page import to_the_first_throw

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"

# Each row of the page's menu as a person reads it: its words, its reason, whether it is
# greyed (and how dim it is drawn), whether its whole box is inside the screen's width
# (and on the screen now, unscrolled), and whether its reason is drawn under its name.
ROWS = """
return [...document.querySelectorAll('#menu .items .item')].map(row => {
  const box = row.getBoundingClientRect(), label = row.querySelector('.label');
  const detail = row.querySelector('.detail');
  const named = label ? label.getBoundingClientRect() : box;
  return {label: label ? label.textContent : '', detail: detail ? detail.textContent : '',
          greyed: row.classList.contains('greyed'),
          disabled: row.getAttribute('aria-disabled') === 'true',
          opacity: parseFloat(getComputedStyle(row).opacity),
          inside: box.left >= 0 && box.right <= window.innerWidth,
          seen: box.top >= 0 && box.bottom <= window.innerHeight,
          under: detail ? detail.getBoundingClientRect().top >= named.bottom - 1 : false};
});
"""

# Whether the element is wholly on the screen now and drawn on top where it is.
ON_SCREEN = """
const element = document.querySelector(arguments[0]), box = element.getBoundingClientRect();
const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
return box.top >= 0 && box.bottom <= window.innerHeight && element.contains(hit);
"""


@pytest.fixture
def table(tmp_path: Path) -> Iterator[WebTable]:
    web = WebTable(tmp_path, seed=4, game_name="canoe")
    yield web
    web.close()


def shown(table: WebTable, page: Page, seat: int) -> dict[str, Any]:
    """Wait until the seat's page shows what the server has for it now (drawn in the same
    turn of the page's script that received it); that text."""
    table.sync()
    client = next(c for c in table.web.clients if c.seat == seat)
    text = page.wait_text(lambda: None if (t := table.web._text_for(client)) is None
                          else t.decode(), what=f"seat {seat}'s page to show the newest menu")
    payload: dict[str, Any] = json.loads(text)
    return payload


def settle(table: WebTable) -> None:
    """Two turns of the main loop, the clock past the guard a new menu has (a press
    within it of a change is dropped)."""
    for _ in range(2):
        table.step(0.3)


def presses(level: Tree, step: Node) -> int:
    """How many presses the pads make from `level` to `step` (a sub-menu's row too): one
    a level."""
    path = path_to_key(level, step.key)
    assert path is not None, f"{step.key} is not beneath {level.key}"
    return len(path)


@needs_browser
def test_a_phone_lists_the_rest_opens_a_menu_in_it_and_takes_a_deep_step_in_one_tap(
        table: WebTable) -> None:
    controller = to_the_first_throw(table)  # C4: thrown, the canoe's move to be told
    seat = controller.state.active
    assert seat is not None
    page = Page(PHONE)
    try:
        page.open(f"{table.url}/seat#t={table.token(seat)}")
        page.wait(lambda: seat in table.web.connected, what="the thrower's phone")
        settle(table)
        top = shown(table, page, seat)["menu"]
        assert top["style"] == "keys" and not top.get("flat")  # the top: three buttons
        more = next(i for i, item in enumerate(top["items"]) if item["button"] == "select")
        page.click(f'#menu [data-item="{more}"]')  # "Something else…"
        table.wait_events(2)
        settle(table)

        # the whole rest at once, in the order the table ranks it, greyed steps last
        level = rest_of(controller, seat)
        steps = in_order(level)
        menu = shown(table, page, seat)["menu"]
        assert menu["flat"] and menu["depth"] == 1 and len(steps) > 3
        rows = page.run(ROWS)
        assert [r["label"] for r in rows] == \
            [n.label + (" ›" if n.children is not None else "") for n in steps]
        assert [not r["greyed"] for r in rows] == [n.enabled for n in steps]
        assert rows[0]["seen"]  # the likeliest step is on the first screen, on top
        greyed = [r for r in rows if r["greyed"]]
        assert greyed and rows[-len(greyed):] == greyed  # the greyed ones last
        # greyed dim and untappable, each with its reason under its name
        assert all(r["disabled"] and r["opacity"] < 0.7 and r["under"] for r in greyed)
        assert [r["detail"] for r in greyed] == [n.detail for n in steps if not n.enabled]
        assert all(r["inside"] for r in rows)  # no row runs off the screen
        assert not page.exists("#menu .glyph")  # no pad button beside a row
        assert not page.exists("#menu .hint")  # nor a hint that teaches the pads
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(ARTIFACTS / "canoe-phone-rest.png")
        page.js("window.scrollTo(0, document.body.scrollHeight)")
        page.screenshot(ARTIFACTS / "canoe-phone-rest-end.png")

        # a row that is a menu opens it: camping (N1) names the campsite first
        state = controller.state
        camp = next(i for i, n in enumerate(steps) if n.key == "camp")
        node = steps[camp]
        assert node.children is not None
        page.click(f'#menu [data-item="{camp}"]')
        table.wait_events(2 * presses(level, node))
        settle(table)
        sub = shown(table, page, seat)["menu"]
        assert sub["title"] == node.children.title and sub["depth"] > menu["depth"]
        labels = [r["label"].removesuffix(" ›") for r in page.run(ROWS)]
        sites = node.children  # listed whole too (likeliest nearest), or its own level
        wanted = sites.flat(sites) if sub.get("flat") and sites.flat else sites.items
        assert labels == [n.label for n in wanted]
        assert page.run("return document.querySelector('#menu h1').textContent") == \
            node.children.title
        assert controller.state == state  # a menu opened is nothing done
        page.screenshot(ARTIFACTS / "canoe-phone-rest-camp.png")
        # Back comes back to the whole list at once, not the pads' level that held it
        page.click('#menu [data-press="select"][data-hold="1"]')
        table.wait_events(3 * (sub["depth"] - 1))
        settle(table)
        again = shown(table, page, seat)["menu"]
        assert again["flat"] and again["depth"] == 1
        page.js("window.scrollTo(0, 0)")
        assert page.run(ROWS) == rows

        # the likeliest row that is an attraction asks its points as the board prints
        # them (A3)
        at, seen = next((i, n) for i, n in enumerate(steps)
                        if n.key.startswith("next:a:") and n.children is not None)
        page.click(f'#menu [data-item="{at}"]')
        table.wait_events(2 * presses(level, seen))
        settle(table)
        points = shown(table, page, seat)["menu"]
        assert points["title"] == seen.children.title and controller.state == state
        # a long list opens on its focused row, its question kept over it
        focused = f'#menu [data-item="{points["focus"]}"]'
        assert page.run(ON_SCREEN, focused) and page.run(ON_SCREEN, "#menu h1")
        page.screenshot(ARTIFACTS / "canoe-phone-rest-points.png")
        page.click('#menu [data-press="select"][data-hold="1"]')
        table.wait_events(3 * (points["depth"] - 1))
        settle(table)
        assert shown(table, page, seat)["menu"]["flat"] and page.run(ROWS) == rows

        # one tap on a step levels down on the pads: the canoe stops at the Unmapped
        # Region's point 1 (L4), the go ends there, and that is all (C6)
        deep, step = next((i, n) for i, n in enumerate(steps) if n.key == "next:unmapped")
        assert step.enabled and step.children is None and step.command is not None
        assert presses(level, step) >= 2
        app = table.companion
        assert app.game_id is not None
        before = len(app.journal.load(app.game_id))
        expected = apply(controller.state, step.command, ScriptedDice(()))[1]  # no die
        page.click(f'#menu [data-item="{deep}"]')  # once
        table.wait_events(2 * presses(level, step))
        table.step()
        assert list(app.journal.load(app.game_id)[before:]) == list(expected)
        assert table.events.empty() and controller.state.active != seat  # no "done" (C4)
        assert table.web.counts["presses"] == 6  # every tap of the page sent once
        assert shown(table, page, seat)["menu"] is None  # the rest has closed
        assert page.exists("#status")
    finally:
        page.close()
