"""Push&Move's words on the screen in English: the keys only it uses (its menus, the
rules' reasons, its screen); `companion.i18n` merges them with the table's own, and a
test checks that every language has every key, with the same `{fields}`."""

from __future__ import annotations

from typing import Final

WORDS: Final[dict[str, str]] = {
    "game.push_and_move": "Push&Move",
    # the hexes (HX1)
    "pm.kind.plain": "Plain",
    "pm.kind.plus1": "+1 eye",
    "pm.kind.plus2": "+2 eyes",
    "pm.kind.minus1": "−1 eye",
    "pm.kind.minus2": "−2 eyes",
    "pm.kind.half": "Half",
    "pm.kind.double": "Double",
    "pm.kind.quadruple": "Quadruple",
    "pm.kind.barred": "Barred",
    "pm.kind.death": "Death",
    "pm.kind.tunnel": "Tunnel",
    "pm.kind.reroll": "Reroll",
    "pm.kind.beam": "Beam",
    "pm.kind.move1": "Move +1",
    "pm.kind.move2": "Move +2",
    "pm.kind.jump": "Jump",
    "pm.kind.rebirth": "Rebirth",
    "pm.kind.draw": "Draw (no cards)",
    # menus
    "pm.die": "Die {n} ({value})",
    "pm.which_die": "{name}: which die? ({n} to move)",
    "pm.which_way": "{die}: which way?",
    "pm.ways": "{n} ways",
    "pm.stuck": "cannot move",
    "pm.plain": "plain hex",
    "pm.hex": "Hex {hex}",
    "pm.pushes": "pushes {n}: {strength} against {weight}",
    "pm.pushes_own": "pushes {n} of yours",
    "pm.falls": "{name}'s die off the board",
    "pm.orient": "Tunnel on hex {hex}: which way?",
    "pm.orient_note": "Dice go in and out along the arrows only",
    "pm.no": "No",
    "pm.stop": "Stop here",
    "pm.ask.reroll": "{die} is on a reroll hex: roll it?",
    "pm.ask.beam": "{die} is on a beam hex: to which beam hex?",
    "pm.ask.move1": "{die}: one more step?",
    "pm.ask.move2": "{die}: one more step? ({n} left)",
    "pm.ask.jump": "{die}: jump over the hex?",
    "pm.ask.rebirth": "{die}: roll for a rebirth (1–3)?",
    "pm.ask.place": "Rebirth: on which start hex?",
    "pm.yes.reroll": "Roll the d20",
    "pm.yes.rebirth": "Roll the d20",
    # the rules' reasons
    "pm.r.edge": "off the board (HT3)",
    "pm.r.barred": "barred hex (HX4)",
    "pm.r.tunnel": "across a tunnel (HX6)",
    "pm.r.tunnel_line": "a tunnel stops the line (HP5)",
    "pm.r.barred_line": "a barred hex stops the line (HP5)",
    "pm.r.heavy": "{strength} cannot push {weight} (HP4)",
    "pm.r.stuck": "this die cannot move (HT3)",
    "pm.r.moved": "this die has moved this turn (HT2)",
    # the phones' board
    "pm.tap.die": "Tap one of your dice that still has to move (ringed)",
    "pm.tap.hex": ("Tap a ringed hex next to the die (a die moves one hex, HT2), or the"
                   " die again to let go of it"),
    "pm.tap.cell": "Tap a ringed hex, or choose below",
    "pm.tap.menu": "Choose below",
    "pm.tap.wait": "{name} moves",
    "pm.tap.legend": "Hexes",
    # the screen
    "pm.line": "{name}: {count} pushed off, {dice} on the board",
    "pm.round": "Round {n}",
    "pm.moves": "{name} moves",
    "pm.orients": "{name} turns a tunnel",
    "pm.asked": "{name} decides",
    "pm.counts": "{count} pushed off · {dice} left",
    "pm.over.three": "{name} pushed three dice off!",
    "pm.over.last": "{name} is the last on the board",
    "pm.over.rounds": "Round limit: {name} pushed off the most",
    "pm.over.stuck": "No die can move: {name} pushed off the most",
    "pm.over.nobody": "The game ends with no winner",
    "pm.setup_note": "The board is drawn when the game starts",
}
