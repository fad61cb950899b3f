"""The screen's words in German: every key of the table, with its plural
and ordinal rules. A language is one such file; `companion.i18n` finds it, and a
test checks that it has every key, with the same `{fields}`, as the others."""

from __future__ import annotations

from typing import Final

ORDER: Final = 2
"""Where the language comes among the others (in pickers and messages)."""

WORDS: Final[dict[str, str]] = {
    # header and seat strip ----------------------------------------------------------------
    "header.placeholder": "vorläufig",
    # menus, countdowns, notices, payments ---------------------------------------------------
    "menu.more_above": "▲ {n} weitere",
    "menu.more_below": "▼ {n} weitere",
    "countdown.reduce": "Würfel wegnehmen",
    "countdown.reroll": "Neuwurf",
    "countdown.left": "{what}: noch {seconds} s",
    "countdown.held": "{what}: angehalten",
    "countdown.held_short": "Angehalten",
    "countdown.held_short_for": "{seconds} s angehalten",
    "countdown.seconds": "{seconds} s",
    "countdown.ask": "{what}? Stille heißt nein",
    "countdown.ask_short": "{what}?",
    "choosing.count": "{n} wählen…",
    "choosing.short_one": "wählt…",
    "choosing.short_many": "wählen…",
    "choosing.someone": "Jemand wählt…",
    "choosing.one": "{name} wählt…",
    "choosing.many": "{names} und {last} wählen…",
    # a turn -------------------------------------------------------------------------------
    "press.nothing": "Keine Wirkung",
    "press.tired": "1 Hund ermüdet",
    # round end, game over -------------------------------------------------------------------
    "over.title": "Spielende",
    "over.wins": "{name} gewinnt!",
    # the table's menus (companion/table: built from the rules' choices) ------------------
    "m.hint.sub": "◀ ▶ wählen · ● OK · ● halten zurück",
    "m.hint.keys": "Taste der Wahl drücken · ● halten zurück",
    "m.window.left": "noch {n} zu zahlen",
    "r.hint.claim": "drücken zum Wählen · Stille: nein",
    "r.hint.confirm": "● zahlen · ◀ ▶ abbrechen",
    "r.cancel": "Abbrechen",
    "r.hint.take": "Taste der Wahl drücken · Stille: nein",
    "c.game_over": "Das Spiel ist vorbei",
    "c.said_to": "{name}: {text}",
    "c.why_not": "{label}: {why}",
    "c.nothing_here": "Hier gibt es nichts zu wählen",
    "simple.choosing": "{name} wählt auf dem Telefon",
    "c.too_long": "Zu lange: es geht ohne dich weiter",
    "s.hint": "◀ ▶ wählen · ● ändern oder starten",
    "s.players_title": "Anzahl der Spieler (S1)",
    "s.players": "Spieler",
    "s.start": "Spiel starten",
    "s.running": "ein Spiel läuft schon",
    # the start-up fault screen (companion/display/problem.py, companion/app/runner.py) ------
    "f.title": "Der Tisch kann nicht starten",
    "f.where": "Wo",
    "f.fix": "Abhilfe",
    "f.details": "Details",
    "f.waiting": "Der Tisch startet von selbst, sobald das behoben ist.",
    "f.waited": "Wartet seit {minutes} Min.",
    "f.config": "Die Einstellungsdatei hat einen Fehler",
    "f.config.fix": (
        "Korrigieren (per SSH: sudo nano auf die Datei), dann mit 'mush-companion check-config' "
        "prüfen."),
    "f.display": "Der Bildschirm lässt sich nicht öffnen",
    "f.display.fix": "Kabel und Strom des Bildschirms prüfen, dann warten oder den Pi neu starten.",
    "f.journal": "Das Spieljournal lässt sich nicht öffnen",
    "f.journal.fix": (
        "Karte und den Pfad [store] in den Einstellungen prüfen; der Tisch startet, sobald der "
        "Ordner lesbar ist."),
    "f.journal.newer": "Diese Karte hat ein neuerer Begleiter geschrieben",
    "f.journal.newer.fix": (
        "Den Begleiter aktualisieren oder eine neue Karte beginnen: eine neue Datei als Pfad "
        "[store]. Das Journal bleibt, wie es ist."),
    "f.journal.foreign": "Der Pfad des Journals nennt eine Datei, die kein Journal ist",
    "f.journal.foreign.fix": (
        "Dem Pfad [store] einen neuen Dateinamen geben; dort legt der Begleiter das Journal an. "
        "Die Datei bleibt, wie sie ist."),
    "f.pads": "Die Taster lassen sich nicht starten",
    "f.pads.serial": "Den Taster-Hub anstecken (USB) oder sein Kabel prüfen.",
    "f.pads.gpio": "Verkabelung der Taster und die Pins unter [pads] prüfen.",
    "f.pads.keyboard": "Eine Tastatur anstecken.",
    "f.pads.other": "Die Einstellungen unter [pads] prüfen.",
    "f.pads.test": "'mush-companion pads test' zeigt jede Taste.",
    "f.web": "Der Webserver für die Handys startet nicht",
    "f.web.fix": (
        "Ein anderes Programm belegt vielleicht den Port: [web] port in der Konfiguration ändern "
        "oder die Handys mit [web] enabled = false abschalten."),
    "f.voice": "Der Ton lässt sich nicht starten",
    "f.voice.fix": "Lautsprecher- oder Kopfhörerkabel und die Einstellungen unter [voice] prüfen.",
    # presses that do what their player meant: safe ●, confirmations, claims, guards -----
    "c.not_saved": "Nicht gespeichert: die Karte hat es abgelehnt. Nochmal drücken",
    "countdown.held_for": "{what}: {seconds} s angehalten",
    # phones (companion.web): the join card on the shared screen --------------------------
    "join.open": "Mit dem Handy spielen: öffne",
    "join.code": "Raumcode {code}",
    "join.seat": "{name}: mit dem Handy scannen",
    "join.locked": "Gesperrt nach zu vielen falschen Codes: eine Pad-Taste drücken",
    "join.phones": "Handys da: {names}",
    "join.bid_away_pad": "{name}s Handy ist weg: am Pad von {name} bieten oder die Seite neu "
        "öffnen",
    "join.bid_away": "{name}s Handy ist weg: die Gebote warten; die Seite auf dem Handy neu öffnen",
    "join.wifi_name": "WLAN: {name}",
    "join.wifi_password": "Passwort: {password}",
    # the program's own notices (the journal, the settings file, a new game) ------------------
    "n.new_game": "▶ an einem Pad halten für ein neues Spiel",
    "n.prefs_damaged": "Einstellungsdatei beschädigt, falsche Werte übergangen: {problem}",
    "n.not_saved": "Nicht gespeichert: {reason}. Das Spiel geht weiter",
    "n.repaired": "Journal war beschädigt und wurde repariert",
    "n.repaired_lost_exact": (
        "Journal war beschädigt und wurde repariert: {lost} Ereignis(se) verloren"),
    "n.repaired_unknown": (
        "Journal war beschädigt und wurde repariert: die letzten Ereignisse sind vielleicht "
        "verloren"),
    "n.repaired_lost": (
        "Journal war beschädigt und wurde repariert: mindestens {lost} Ereignis(se) verloren"),
    "n.card.full": "die Karte ist voll",
    "n.card.read_only": "die Karte ist schreibgeschützt",
    "n.card.permission": "keine Schreibberechtigung",
    "n.card.io": "die Karte konnte nicht lesen oder schreiben",
    "n.card.folder": "der Ordner des Journals lässt sich nicht öffnen oder beschreiben",
    # choosing the game -----------------------------------------------------------------
    "s.game": "Spiel",
    "s.game_title": "Welches Spiel?",
}

NOUNS: Final[dict[str, tuple[str, str]]] = {
    "dog": ("Hund", "Hunde"),
    "space": ("Feld", "Felder"),
    "player": ("Spieler", "Spieler"),
    "die": ("Würfel", "Würfel"),
}
"""Countable nouns: singular and plural."""


def plural(n: int) -> bool:
    """Whether `n` takes the plural. The singular for one only: "1 Chip", "0 Chips"."""
    return n != 1


def ordinal(n: int) -> str:
    """A place in the order of play: "1.", "2."."""
    return f"{n}."
