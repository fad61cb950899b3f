"""One move that removes two dice (HP5, HX5, HW1): Ann's 9 pushes Bob's two dice east,
the front one over the edge and the one behind it onto a death hex. Everything the
table says of it, through the app's loop and the real rules: the voice and the phones
say each die with the count as it stood after that die (1, then 2), in English, French
and German, and the screen's lines, in each language, the count after the move (2)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame

from companion.core.dice import ScriptedDice
from companion.core.hexes import ARROWS
from companion.display.render import render
from companion.games.push_and_move import acts as a
from companion.games.push_and_move.model import Kind, Loss
from companion.games.push_and_move.rules import apply
from companion.games.push_and_move.table import PushTable
from companion.pads.events import Button
from companion.table.simple import worded_in
from companion.voice import Announcer
from companion.voice.clips import load_manifest
from companion.voice.phrases import Announcement, Clip, Seat
from companion.web.sound import Sounds

from . import cell, position
from .test_pm_table import press, start

ANN, BOB_FRONT, BOB_BEHIND, BOB_KEPT = 0, 6, 5, 7


def two_off() -> Any:
    """Ann to move her die 0 (9 eyes) east onto Bob's 2 and 2 (the front one on the
    row's last hex, a death hex); Bob keeps a third die, so the game goes on."""
    return position(kinds={cell(4, 2): Kind.DEATH},
                    dice={ANN: (cell(2, 2), 9), BOB_BEHIND: (cell(3, 2), 2),
                          BOB_FRONT: (cell(4, 2), 2), BOB_KEPT: (cell(0, -3), 1)},
                    to_move=(ANN,))


class Recorder(Announcer):
    """The Pi's voice as the loop drives it, keeping what it is given."""

    def __init__(self) -> None:
        super().__init__()
        self.said: list[Announcement] = []

    def announce(self, announcement: Announcement) -> None:
        self.said.append(announcement)


class Phones:
    """The phones' server as the loop sees it: what it is given to say becomes each
    page's message through the server's own `Sounds`."""

    def __init__(self) -> None:
        self.sounds = Sounds(lambda: 0.0)
        self.said: list[Any] = []

    def publish(self, frame: Any, companion: Any) -> Any:
        return frame

    def announce(self, announcements: Sequence[Announcement]) -> None:
        self.said += self.sounds.add(announcements)

    def text(self, language: str) -> list[str]:
        return [json.loads(self.sounds.message(s, language))["text"] for s in self.said]

    def repeat(self) -> None: ...
    def free_seat(self, seat: int) -> None: ...
    def pad_pressed(self, seat: int) -> None: ...
    def close(self) -> None: ...


def words(said: Announcement, language: str) -> list[str | Seat]:
    """An announcement's clips' texts in order, a seat as itself."""
    manifest = load_manifest()[language]
    return [manifest[t.key].text if isinstance(t, Clip) else t
            for t in said.tokens(language) if isinstance(t, Clip | Seat)]


def test_the_rules_remove_two_dice_in_one_move() -> None:  # HP5, HX5, HW1
    after, events = apply(two_off(), a.Move(0, ANN, 0), ScriptedDice([]))
    lost = [e for e in events if isinstance(e, a.Lost)]
    assert lost == [a.Lost(BOB_FRONT, Loss.EDGE, 0), a.Lost(BOB_BEHIND, Loss.DEATH, 0)]
    assert after.players[0].count == 2 and after.players[0].taken == (0, 2)
    assert after.dice[ANN].cell == cell(3, 2) and after.winner is None


def test_each_die_removed_is_said_with_its_own_count(tmp_path: Path) -> None:
    app = start(tmp_path / "journal.sqlite3")
    try:
        voice, phones = Recorder(), Phones()
        app.voice, app.web = voice, phones
        table = PushTable(two_off(), ScriptedDice([]), app.clock, app.table_config())
        app.controller = table
        voice.set_names({0: "Ann", 1: "Bob"})
        for _ in range(6):  # Ann's one die to move: ▶ to its way east, then ●
            menu = table.frame().menus[0]
            if menu.items[menu.focus].label.startswith(ARROWS[0]):
                break
            press(app, 0, Button.RIGHT)
        press(app, 0, Button.SELECT)
        state = table.state
        assert state.players[0].count == 2 and state.turn is not None and \
            state.turn.seat == 1
        # the voice: Bob's die over the edge (Ann 1), then on the death hex (Ann 2),
        # then Bob's turn
        ann, bob = Seat(0, "Ann"), Seat(1, "Bob")
        assert [s.kinds for s in voice.said] == [
            ("pm_lost_edge", "pm_count"), ("pm_lost_death", "pm_count"), ("turn",)]
        first, second = voice.said[0], voice.said[1]
        assert words(first, "en") == [bob, "loses a die over the edge.", ann,
                                      "has pushed off", "1"]
        assert words(second, "en") == [bob, "loses a die on a death hex.", ann,
                                       "has pushed off", "2"]
        assert words(first, "fr")[-2:] == ["en a sorti", "1"]
        assert words(second, "fr")[-2:] == ["en a sorti", "2"]
        assert words(first, "de")[-3:] == ["hat", "1", "hinausgeschoben"]
        assert words(second, "de")[-3:] == ["hat", "2", "hinausgeschoben"]
        # the phones hear the same, in their own language's words
        assert [s.announcement for s in phones.said] == voice.said
        for language, edge, death, counts in (
                ("en", "over the edge", "death hex", ("has pushed off 1", "has pushed off 2")),
                ("fr", "hors du plateau", "case mortelle", ("en a sorti 1", "en a sorti 2")),
                ("de", "über den Rand", "Todesfeld", ("hat 1 hinausgeschoben",
                                                      "hat 2 hinausgeschoben"))):
            said = phones.text(language)
            assert edge in said[0] and counts[0] in said[0] and counts[1] not in said[0]
            assert death in said[1] and counts[1] in said[1], said
        # the screen: the count after the move, in each language
        frame = table.frame()
        assert frame.lines[0] == "Ann: 2 pushed off, 1 on the board"
        assert frame.lines[1] == "Bob: 0 pushed off, 1 on the board"
        assert worded_in(frame, "fr")[1][0].startswith("Ann : 2 ")
        assert worded_in(frame, "de")[1][0].startswith("Ann: 2 ")
        drawn = render(frame, pygame.Surface((1280, 720)), language="en").whole()
        assert "2 pushed off · 1 left" in drawn
    finally:
        app.close()
