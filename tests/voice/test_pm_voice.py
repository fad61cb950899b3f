"""Push&Move spoken: whose turn, a die lost over the edge or on a death hex (whose die,
and the pusher's count), and the winner, in English, French and German from the shipped
clips; a whole bot game's announcements use shipped clips only."""

from __future__ import annotations

import random

import pytest
from games.push_and_move import cell, position

from companion.core.dice import ScriptedDice
from companion.games.mush.dice import SeededDice
from companion.games.push_and_move import acts as a
from companion.games.push_and_move import sayings as pm_says
from companion.games.push_and_move.bots import SensibleBot
from companion.games.push_and_move.game import GAME
from companion.games.push_and_move.model import End, Loss, Settings
from companion.games.push_and_move.rules import apply
from companion.games.push_and_move.state import Phase
from companion.voice.clips import load_manifest
from companion.voice.phrases import Announcement, Clip, Seat, turn
from companion.voice.texts import LANGUAGES

NAMES = {0: "Ann", 1: "Bob"}


def spoken(said: Announcement, language: str) -> list[str | Seat]:
    """What an announcement says in order: each clip's text, and each seat as itself."""
    manifest = load_manifest()[language]
    return [manifest[t.key].text if isinstance(t, Clip) else t
            for t in said.tokens(language) if isinstance(t, Clip | Seat)]


def test_every_sentence_has_a_shipped_clip_in_every_language() -> None:
    manifest = load_manifest()
    for language in LANGUAGES:
        assert set(pm_says.TEMPLATES[language]) == set(pm_says.TEMPLATES["en"])
        for key, text in pm_says.CLIPS[language].items():
            assert manifest[language][key].text == text
            assert manifest[language][key].path.is_file()


def test_hp5_hw1_a_die_pushed_off_the_board_says_whose_and_the_pushers_count() -> None:
    # Bob's die on the east end of a row, Ann's 6 pushes it off (the real rules); Bob
    # keeps another die, so the game goes on
    state = position(dice={0: (cell(3, 2), 6), 5: (cell(4, 2), 2), 6: (cell(0, -3), 1)},
                     to_move=(0,))
    after, events = apply(state, a.Move(0, 0, 0), ScriptedDice([]))
    lost = next(e for e in events if isinstance(e, a.Lost))
    assert lost == a.Lost(5, Loss.EDGE, 0)
    said = pm_says.announce(lost, NAMES, after)
    assert said is not None
    bob, ann = Seat(1, "Bob"), Seat(0, "Ann")
    assert spoken(said, "en") == [bob, "loses a die over the edge.", ann, "has pushed off",
                                  "1"]
    assert spoken(said, "fr") == [bob, "perd un dé, poussé hors du plateau.", ann,
                                  "en a sorti", "1"]
    assert spoken(said, "de") == [bob, "verliert einen Würfel über den Rand.", ann, "hat",
                                  "1", "hinausgeschoben"]
    # the die that ends the game: the winner's sentence follows, no count
    over = position(dice={0: (cell(3, 2), 6), 5: (cell(4, 2), 2)}, to_move=(0,))
    after, events = apply(over, a.Move(0, 0, 0), ScriptedDice([]))
    said = pm_says.announce(events[0], NAMES, after)
    assert said is not None and said.kinds == ("pm_lost_edge",)
    assert pm_says.announce(events[-1], NAMES, after) == pm_says.winner(Seat(0, "Ann"))


def test_hx5_a_die_on_a_death_hex_and_an_own_die_lost_counts_for_nobody() -> None:
    said = pm_says.announce(a.Lost(2, Loss.DEATH, None), {}, position(
        dice={2: (cell(0, 2), 3)}))
    assert said is not None and said.kinds == ("pm_lost_death",)
    assert spoken(said, "en") == [Seat(0), "loses a die on a death hex."]  # a colour: no name
    assert spoken(said, "fr")[1] == "perd un dé sur une case mortelle."
    assert spoken(said, "de")[1] == "verliert einen Würfel auf einem Todesfeld."


@pytest.mark.parametrize("language,words", [
    ("en", "wins the game!"), ("fr", "gagne la partie !"), ("de", "gewinnt das Spiel!")])
def test_hw2_the_winner_is_said_as_this_games_win(language: str, words: str) -> None:
    said = pm_says.announce(a.GameOver(1, End.THREE), NAMES, None)
    assert said is not None and spoken(said, language) == [Seat(1, "Bob"), words]
    nobody = pm_says.announce(a.GameOver(None, End.ROUNDS), NAMES, None)
    assert nobody is not None and nobody.kinds == ("pm_no_winner",)
    assert len(spoken(nobody, language)) == 1


def test_ht1_whose_turn_is_the_tables_own_sentence() -> None:
    assert pm_says.announce(a.TurnBegan(1, 3, (5, 6)), NAMES, None) == turn(Seat(1, "Bob"))
    assert pm_says.announce(a.Moved(0, 0, 0, ()), NAMES, None) is None


def test_a_whole_bot_game_is_spoken_with_shipped_clips_only() -> None:
    manifest = load_manifest()
    state = GAME.initial
    state, events = GAME.apply(state, a.Start(-1, Settings(("Ann", "Bob", "Cy"))),
                               SeededDice(4))
    heard: set[str] = set()
    bot, rng, dice = SensibleBot(), random.Random(4), SeededDice(4)
    for _ in range(3000):
        if state.phase is Phase.OVER:
            break
        seat = GAME.seats_to_act(state)[0]
        command = bot(state, seat, rng)
        assert command is not None
        state, events = GAME.apply(state, command, dice)
        for event in events:
            said = pm_says.announce(event, NAMES, state)
            if said is None:
                continue
            heard.update(said.kinds)
            for language in LANGUAGES:
                for token in said.tokens(language):
                    assert not isinstance(token, Clip) or token.key in manifest[language]
    assert state.phase is Phase.OVER
    assert {"turn", "pm_winner"} <= heard and heard & {"pm_lost_edge", "pm_lost_death"}
