"""The table's menus, waiting texts and notices in the screen's language
(`TableConfig.screen_language`), from the same words table as the display."""

from __future__ import annotations

import random

import pytest

from companion.config.table import TableConfig
from companion.games.mush import commands as c
from companion.games.mush.bots import sensible_policy
from companion.games.mush.dice import SeededDice
from companion.games.mush.model import Phase
from companion.games.mush.table.bots import BotDriver
from companion.games.mush.table.controller import TableController
from companion.games.mush.table.frame import TableFrame
from companion.i18n import WORDS, fields
from table.helpers import FakeClock, S, bidding, bot_steps, choose, do, press
from table.scenes import turn_of_seat_0


def in_language(language: str) -> TableController:
    state, dice = bidding()
    state = do(state, dice, *(c.LockBid(s, 0) for s in range(4)))
    return TableController(state, dice, FakeClock(), TableConfig(screen_language=language))


def test_menus_and_notices_speak_the_screen_language() -> None:
    fr, de, en = in_language("fr"), in_language("de"), in_language("en")
    titles = {name: next(m for m in table.frame().menus if m.seat == 0)
              for name, table in (("fr", fr), ("de", de), ("en", en))}
    assert titles["en"].title == "Peter: roll the weather"
    assert titles["fr"].title == "Peter : lancer la météo"
    assert titles["de"].title == "Peter: Wetter würfeln"
    assert [i.label for i in titles["fr"].items] == ["Lancer la météo"]
    assert titles["de"].hint == "● würfeln"
    press(fr, 1, S)  # not seat 1's roll: it is told who rolls, in French
    assert fr.frame().notices[-1].text == "Peter lance la météo"


def test_the_undo_offer_speaks_it_and_the_log_stays_english(
        caplog: pytest.LogCaptureFixture) -> None:
    import logging

    state, dice = turn_of_seat_0()
    table = TableController(state, dice, FakeClock(), TableConfig(screen_language="de"))
    with caplog.at_level(logging.DEBUG, logger="companion.table"):
        choose(table, 0, c.Move(0))
    frame = table.frame()
    assert frame.undo is not None and frame.undo.text == "hat Fahren gewählt"
    assert "seat 0: chose to move" in caplog.text


ENGLISH_ONLY = {texts["en"] for texts in WORDS.values()
                if texts["en"] not in (texts["fr"], texts["de"]) and not fields(texts["en"])}


def _texts(frame: TableFrame) -> set[str]:
    out = {n.text for n in frame.notices}
    if frame.undo is not None:
        out.add(frame.undo.text)
    for menu in frame.menus:
        out |= {menu.title, menu.hint, menu.note}
        for item in menu.items:
            out |= {item.label, item.detail}
    return out


@pytest.mark.parametrize("language", ["fr", "de"])
def test_a_bot_game_shows_no_english_word_in_french_or_german(language: str) -> None:
    clock = FakeClock()
    table = TableController(dice=SeededDice(4), clock=clock,
                            config=TableConfig(screen_language=language))
    driver = BotDriver(table, dict.fromkeys(range(4), sensible_policy), random.Random(4))
    seen: set[str] = set()
    for _ in bot_steps(table, driver, clock, limit=6000):
        if table.state.phase is Phase.GAME_OVER or table.state.round > 3:
            break
        seen |= _texts(table.frame())
    assert table.state.round > 3 or table.state.phase is Phase.GAME_OVER
    assert len(seen) > 40
    assert sorted(seen & ENGLISH_ONLY) == []


def test_the_s9_placing_notice_speaks_the_screen_language() -> None:
    from companion.games.mush.settings import Variants
    from table.scenes import moving_seat_0

    notices = {}
    for language in ("en", "fr", "de"):
        state, dice = moving_seat_0(variants=Variants(skip_central=True))
        table = TableController(state, dice, FakeClock(), TableConfig(screen_language=language))
        choose(table, 0, c.ReachNikolai(0))
        notices[language] = [n.text for n in table.frame().notices]
    assert notices == {"en": ["Peter: placed at Unal-Akleet (S9)"],
                       "fr": ["Peter : placé à Unal-Akleet (S9)"],
                       "de": ["Peter: nach Unal-Akleet gesetzt (S9)"]}


@pytest.mark.parametrize("language", ["fr", "de"])
def test_the_rules_window_buttons_speak_the_screen_language(language: str) -> None:
    """menus.window_tree (the X2/X1 buttons as the rules offer them, used by seat_tree)
    has no English word left in French or German."""
    from companion.games.mush.model import WindowKind
    from companion.games.mush.table.menus import seat_tree
    from companion.i18n import speaking
    from companion.table.tree import Tree

    state, dice = turn_of_seat_0()
    state = do(state, dice, c.Move(0))
    assert state.window is not None and state.window.kind is WindowKind.REDUCE
    with speaking("en"):
        en = seat_tree(state, 1)
    with speaking(language):
        tree = seat_tree(state, 1)
    assert en is not None and tree is not None

    def texts(tree: Tree) -> set[str]:
        words = {tree.title, tree.hint} | {n.label for n in tree.items}
        return (words | {n.detail for n in tree.items}) - {""}

    assert en.title == "Take dice from Peter?"
    assert [i.label for i in en.items] == ["Pass", "Pay 1 chip", "Pay 2 chips"]
    assert tree.title == WORDS["r.take_title"][language].format(name="Peter")
    assert texts(en) & texts(tree) == set(), texts(tree)
    assert [i.button for i in tree.items] == [i.button for i in en.items]
