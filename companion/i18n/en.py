"""The screen's words in English: every key of the table, with its plural
and ordinal rules. A language is one such file; `companion.i18n` finds it, and a
test checks that it has every key, with the same `{fields}`, as the others."""

from __future__ import annotations

from typing import Final

ORDER: Final = 0
"""Where the language comes among the others (in pickers and messages)."""

WORDS: Final[dict[str, str]] = {
    # header and seat strip ----------------------------------------------------------------
    "header.placeholder": "placeholder",
    # menus, countdowns, notices, payments ---------------------------------------------------
    "menu.more_above": "▲ {n} more",
    "menu.more_below": "▼ {n} more",
    "countdown.reduce": "Take dice",
    "countdown.reroll": "Reroll",
    "countdown.left": "{what}: {seconds} s left",
    "countdown.held": "{what}: held",
    "countdown.held_short": "Held",
    "countdown.held_short_for": "Held {seconds} s",
    "countdown.seconds": "{seconds} s",
    "countdown.ask": "{what}? Silence says no",
    "countdown.ask_short": "{what}?",
    "choosing.count": "{n} are choosing…",
    "choosing.short_one": "choosing…",
    "choosing.short_many": "choosing…",
    "choosing.someone": "Someone is choosing…",
    "choosing.one": "{name} is choosing…",
    "choosing.many": "{names} and {last} are choosing…",
    # a turn -------------------------------------------------------------------------------
    "press.nothing": "No effect",
    "press.tired": "Cover 1 dog",
    # round end, game over -------------------------------------------------------------------
    "over.title": "Game over",
    "over.wins": "{name} wins!",
    # the table's menus (companion/table: built from the rules' choices) ------------------
    "m.hint.sub": "◀ ▶ choose · ● select · hold ● back",
    "m.hint.keys": "press the item's button · hold ● back",
    "m.window.left": "{n} left to pay",
    "r.hint.claim": "press to choose · silence: no",
    "r.hint.confirm": "● pay · ◀ ▶ cancel",
    "r.cancel": "Cancel",
    "r.hint.take": "press the button of your choice · silence: no",
    "c.game_over": "The game is over",
    "c.said_to": "{name}: {text}",
    "c.why_not": "{label}: {why}",
    "c.nothing_here": "Nothing can be chosen here",
    "simple.choosing": "{name} is choosing on the phone",
    "c.too_long": "Too long: the window goes on without you",
    "s.hint": "◀ ▶ choose · ● change or start",
    "s.players_title": "Number of players (S1)",
    "s.players": "Players",
    "s.start": "Start the game",
    "s.running": "a game is already running",
    # the start-up fault screen (companion/display/problem.py, companion/app/runner.py) ------
    "f.title": "The table cannot start",
    "f.where": "Where",
    "f.fix": "How to fix",
    "f.details": "Details",
    "f.waiting": "The table starts by itself as soon as this is fixed.",
    "f.waited": "Waiting for {minutes} min.",
    "f.config": "The settings file has a mistake",
    "f.config.fix": (
        "Correct it (over SSH: sudo nano on the file), then check it with 'mush-companion "
        "check-config'."),
    "f.display": "The screen cannot be opened",
    "f.display.fix": "Check the screen's cable and power, then wait or restart the Pi.",
    "f.journal": "The game journal cannot be opened",
    "f.journal.fix": (
        "Check the card and the [store] path in the settings; the table starts once the folder can "
        "be read."),
    "f.journal.newer": "This card was written by a newer companion",
    "f.journal.newer.fix": (
        "Update the companion, or start a new card: set [store] path to a new file. The journal is "
        "left exactly as it is."),
    "f.journal.foreign": "The journal's path names a file that is not a journal",
    "f.journal.foreign.fix": (
        "Set [store] path to a new file name; the companion creates the journal there. That file "
        "is left as it is."),
    "f.pads": "The button pads cannot be started",
    "f.pads.serial": "Plug the pad hub in (USB) or check its cable.",
    "f.pads.gpio": "Check the pads' wiring and the [pads] pins in the settings.",
    "f.pads.keyboard": "Plug a keyboard in.",
    "f.pads.other": "Check the [pads] settings.",
    "f.pads.test": "'mush-companion pads test' shows each button.",
    "f.web": "The phones' web server cannot start",
    "f.web.fix": (
        "Another program may use its port: change [web] port in the config file, or turn the "
        "phones off with [web] enabled = false."),
    "f.voice": "The sound cannot be started",
    "f.voice.fix": "Check the speaker or headphone cable and the [voice] settings.",
    # presses that do what their player meant: safe ●, confirmations, claims, guards -----
    "c.not_saved": "Not saved: the card refused it. Press again",
    "countdown.held_for": "{what}: held {seconds} s",
    # phones (companion.web): the join card on the shared screen --------------------------
    "join.open": "Play from a phone: open",
    "join.code": "Room code {code}",
    "join.seat": "{name}: scan with your phone",
    "join.locked": "Locked after too many wrong codes: press any pad button",
    "join.phones": "Phones here: {names}",
    "join.bid_away_pad": "{name}'s phone is away: bid on {name}'s pad, or reopen the page on the "
        "phone",
    "join.bid_away": "{name}'s phone is away: the bids wait; reopen the page on that phone",
    "join.wifi_name": "Wi-Fi: {name}",
    "join.wifi_password": "Password: {password}",
    # the program's own notices (the journal, the settings file, a new game) ------------------
    "n.new_game": "Hold ▶ on any pad for a new game",
    "n.prefs_damaged": "Settings file damaged, bad values ignored: {problem}",
    "n.not_saved": "Not saved: {reason}. The game goes on",
    "n.repaired": "Journal was damaged and repaired",
    "n.repaired_lost_exact": "Journal was damaged and repaired: {lost} event(s) lost",
    "n.repaired_unknown": "Journal was damaged and repaired: the last events may be lost",
    "n.repaired_lost": "Journal was damaged and repaired: at least {lost} event(s) lost",
    "n.card.full": "the card is full",
    "n.card.read_only": "the card is read-only",
    "n.card.permission": "no permission to write",
    "n.card.io": "the card failed to read or write",
    "n.card.folder": "the journal's folder cannot be opened or written",
    # choosing the game -----------------------------------------------------------------
    "s.game": "Game",
    "s.game_title": "Which game?",
}

NOUNS: Final[dict[str, tuple[str, str]]] = {
    "dog": ("dog", "dogs"),
    "space": ("space", "spaces"),
    "player": ("player", "players"),
    "die": ("die", "dice"),
}
"""Countable nouns: singular and plural."""


def plural(n: int) -> bool:
    """Whether `n` takes the plural. The singular for one only: "1 chip", "0 chips"."""
    return n != 1


def ordinal(n: int) -> str:
    """A place in the order of play: "1st", "2nd", "3rd", "11th", "21st"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
