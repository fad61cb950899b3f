"""Every word the screen draws itself, in English, French and German: one table, keyed by id.

The screen is read by the whole table, so it speaks the group's language like the voice
does (`companion.voice.texts`, whose wording is reused here where it says the same thing:
"Bonus de poussée", "Schwieriges Gelände"). Names, numbers and the words the controller
sends ready-made (menu labels, notices) are drawn as they come.

The language is chosen per drawing: `render(frame, surface, language=...)` sets it for
the time of one frame (`speaking`), and every screen function asks `t(key)` or
`count(n, noun)`, so no drawing function needs a language parameter of its own.

Plurals follow each language's rule: English and German use the singular for exactly
one; French also for zero ("0 chien", "1 chien", "2 chiens").
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Final

LANGUAGES: Final = ("en", "fr", "de")
"""The languages of MUSH's own editions, as the voice speaks them."""

_current: ContextVar[str] = ContextVar("screen_language", default="en")


def _w(en: str, fr: str, de: str) -> dict[str, str]:
    return {"en": en, "fr": fr, "de": de}


WORDS: Final[dict[str, dict[str, str]]] = {
    # rules values (the public view's words) ----------------------------------------------
    "value.warm": _w("Warm", "Chaud", "Warm"),
    "value.moderate": _w("Moderate", "Mitigé", "Gemäßigt"),
    "value.cold": _w("Cold", "Froid", "Kalt"),
    "value.southern": _w("Southern", "Sud", "Süd"),
    "value.central": _w("Central", "Centre", "Mitte"),
    "value.northern": _w("Northern", "Nord", "Nord"),
    "value.pressing": _w("Pressing", "Poussée", "Antreiben"),
    "value.intro": _w("Intro", "Initiation", "Einführung"),
    "value.standard": _w("Standard", "Standard", "Standard"),
    "value.custom": _w("Custom", "Libre", "Eigene"),
    "value.free_training": _w("Free training", "Entraînement libre", "Freies Training"),
    "value.avalanches_at_start": _w("Avalanches at start", "Avalanches au départ",
                                    "Lawinen zu Beginn"),
    "value.short_north": _w("Short game A", "Partie courte A", "Kurzes Spiel A"),
    "value.skip_central": _w("Short game B", "Partie courte B", "Kurzes Spiel B"),
    "colour.green": _w("green", "vert", "grün"),
    "colour.red": _w("red", "rouge", "rot"),
    "colour.blue": _w("blue", "bleu", "blau"),
    # header and seat strip ----------------------------------------------------------------
    "header.round": _w("Round {round}", "Manche {round}", "Runde {round}"),
    "header.rolling": _w("Rolling the weather…", "Lancer de la météo…",
                         "Das Wetter wird gewürfelt…"),
    "header.zone_no_weather": _w("{zone}: no weather yet", "{zone} : pas encore de météo",
                                 "{zone}: noch kein Wetter"),
    "header.no_weather": _w("No weather yet", "Pas encore de météo", "Noch kein Wetter"),
    "header.placeholder": _w("placeholder", "provisoire", "vorläufig"),
    "header.bank": _w("Bank {chips}", "Banque {chips}", "Bank {chips}"),
    "header.sticks": _w("Sticks {sticks}", "Avalanches {sticks}", "Lawinen {sticks}"),
    "strip.empty": _w("No players seated yet", "Aucun joueur assis", "Noch niemand am Tisch"),
    "strip.no_training": _w("No training", "Pas d'entraînement", "Kein Training"),
    "strip.none": _w("None", "Aucun", "Keins"),
    "status.winner": _w("Winner", "Vainqueur", "Sieger"),
    "status.locked": _w("Locked in", "Validé", "Gesetzt"),
    "status.thinking": _w("Thinking…", "Réfléchit…", "Überlegt…"),
    "status.may_reduce": _w("May reduce", "Réduire ?", "Kürzen?"),
    "status.may_reroll": _w("May reroll", "Relancer ?", "Neuwurf?"),
    "status.playing": _w("Playing", "Joue", "Ist dran"),
    "status.choosing": _w("Choosing", "Choisit", "Wählt"),
    "status.bid": _w("Bid {bid}", "Mise {bid}", "Gebot {bid}"),
    # menus, countdowns, notices, payments ---------------------------------------------------
    "menu.more_above": _w("▲ {n} more", "▲ {n} de plus", "▲ {n} weitere"),
    "menu.more_below": _w("▼ {n} more", "▼ {n} de plus", "▼ {n} weitere"),
    "countdown.reduce": _w("Reduce dice", "Réduire les dés", "Würfel kürzen"),
    "countdown.reroll": _w("Reroll", "Relance", "Neuwurf"),
    "countdown.left": _w("{what}: {seconds} s left", "{what} : encore {seconds} s",
                         "{what}: noch {seconds} s"),
    "countdown.held": _w("{what}: held", "{what} : en pause", "{what}: angehalten"),
    "choosing.someone": _w("Someone is choosing…", "Quelqu'un choisit…", "Jemand wählt…"),
    "choosing.one": _w("{name} is choosing…", "{name} choisit…", "{name} wählt…"),
    "choosing.many": _w("{names} and {last} are choosing…", "{names} et {last} choisissent…",
                        "{names} und {last} wählen…"),
    "undo.hint": _w("hold ● to take back: {what}", "maintenir ● pour annuler : {what}",
                    "● halten zum Zurücknehmen: {what}"),
    "payment.paid": _w("{name} paid {chips}: {what}", "{name} a payé {chips} : {what}",
                       "{name} zahlte {chips}: {what}"),
    "payment.for_roll": _w("{what} {name}'s {roll}", "{what} ({roll} de {name})",
                           "{what} ({roll} von {name})"),
    "payment.earlier": _w("+ {payments}", "+ {payments}", "+ {payments}"),
    # setup --------------------------------------------------------------------------------
    "setup.title": _w("MUSH — table companion", "MUSH — compagnon de table",
                      "MUSH — Tischbegleiter"),
    "setup.arrangement": _w("{arrangement} arrangement: {boards}",
                            "Disposition {arrangement} : {boards}",
                            "Aufbau {arrangement}: {boards}"),
    "setup.variants": _w("Variants: {variants}", "Variantes : {variants}",
                         "Varianten: {variants}"),
    "setup.no_variants": _w("Variants: none", "Variantes : aucune", "Varianten: keine"),
    "setup.placeholder_charts": _w("Placeholder charts: {charts}",
                                   "Tableaux provisoires : {charts}",
                                   "Vorläufige Tabellen: {charts}"),
    "setup.choose": _w("Choose players, boards and variants on the pads.",
                       "Choisissez joueurs, plateaux et variantes avec les boîtiers.",
                       "Spieler, Pläne und Varianten an den Tastern wählen."),
    # training -----------------------------------------------------------------------------
    "training.chooses": _w("{name} chooses training", "{name} choisit son entraînement",
                           "{name} wählt ein Training"),
    "training.chosen": _w("Training chosen", "Entraînements choisis", "Training gewählt"),
    "training.open": _w("open", "libre", "frei"),
    "training.full": _w("full", "complet", "voll"),
    # bidding and the reveal -----------------------------------------------------------------
    "bidding.title": _w("Secret bids — round {round}", "Mises secrètes — manche {round}",
                        "Geheime Gebote — Runde {round}"),
    "bidding.hint": _w("On your pad: ▶ more  ◀ less  ● lock in",
                       "Sur votre boîtier : ▶ plus  ◀ moins  ● valider",
                       "Am Taster: ▶ mehr  ◀ weniger  ● festlegen"),
    "reveal.title": _w("Bids revealed — round {round}", "Mises révélées — manche {round}",
                       "Gebote aufgedeckt — Runde {round}"),
    "reveal.order": _w("Order of play", "Ordre de jeu", "Reihenfolge"),
    "reveal.early_riser": _w("Early Riser: {name} may move 1 space now",
                             "Lève-tôt : {name} peut avancer d'1 case",
                             "Frühaufsteher: {name} darf 1 Feld fahren"),
    "reveal.no_early_riser": _w("Nobody bid: no Early Riser this round",
                                "Aucune mise : pas de lève-tôt cette manche",
                                "Niemand bot: kein Frühaufsteher diese Runde"),
    # weather --------------------------------------------------------------------------------
    "weather.ice_bear": _w("The Ice Bear", "L'Ours polaire", "Der Eisbär"),
    "weather.rolling": _w("{name} rolls the weather…", "{name} lance la météo…",
                          "{name} würfelt das Wetter…"),
    "weather.result": _w("Weather: {weather}", "Météo : {weather}", "Wetter: {weather}"),
    "weather.rolls": _w("{name} rolls the weather", "{name} lance la météo",
                        "{name} würfelt das Wetter"),
    "weather.chart": _w("{zone} chart", "Tableau {zone}", "Tabelle {zone}"),
    "weather.chart_placeholder": _w("{zone} chart — PLACEHOLDER, not yet confirmed",
                                    "Tableau {zone} — PROVISOIRE, pas encore confirmé",
                                    "Tabelle {zone} — VORLÄUFIG, noch nicht bestätigt"),
    "weather.press": _w("Press ● to roll", "Appuyez sur ● pour lancer", "● drücken zum Würfeln"),
    "weather.dice": _w("{name}: {dice}", "{name} : {dice}", "{name}: {dice}"),
    # a turn -------------------------------------------------------------------------------
    "turn.taken_away": _w("{rolls} ({n} taken away)", "{rolls} ({n} en moins)",
                          "{rolls} ({n} weniger)"),
    "turn.must_rest": _w("All dogs covered: {name} must rest (T2)",
                         "Tous les chiens fatigués : {name} doit se reposer (T2)",
                         "Alle Hunde müde: {name} muss rasten (T2)"),
    "turn.move_or_rest": _w("Move or rest? Moving rolls {rolls}",
                            "Avancer ou se reposer ? Avancer : {rolls}",
                            "Fahren oder rasten? Fahren würfelt: {rolls}"),
    "turn.between": _w("Between turns", "Entre deux tours", "Zwischen den Zügen"),
    "turn.title": _w("{name}: turn", "{name} : son tour", "{name}: am Zug"),
    "turn.title_early": _w("{name}: Early Riser", "{name} : lève-tôt", "{name}: Frühaufsteher"),
    "turn.title_press": _w("{name}: pressing bonus", "{name} : bonus de poussée",
                           "{name}: Antreiben"),
    "reduce.others": _w("Others may pay to take dice from {name}",
                        "Les autres peuvent payer pour retirer des dés à {name}",
                        "Die anderen können {name} Würfel wegnehmen"),
    "reduce.paid": _w("{chips} paid → {dice} fewer (2 chips a die, 3 at most)",
                      "Payé : {chips} → {dice} en moins (2 jetons par dé, 3 au plus)",
                      "{chips} gezahlt → {dice} weniger (2 Chips je Würfel, höchstens 3)"),
    "reduce.then": _w("Then {name} rolls {rolls}", "Puis {name} lance {rolls}",
                      "Dann würfelt {name}: {rolls}"),
    "reduce.dice_to_roll": _w("Dice to roll: {left} of {dice}", "Dés à lancer : {left} sur {dice}",
                              "Zu würfeln: {left} von {dice}"),
    "reroll.only": _w("Only {name} may pay 3 chips to reroll",
                      "Seul(e) {name} peut payer 3 jetons pour relancer",
                      "Nur {name} darf 3 Chips für einen Neuwurf zahlen"),
    "reroll.dogs": _w("Anyone may pay 3 chips to reroll the dog dice",
                      "Chacun peut payer 3 jetons pour relancer les dés chiens",
                      "Alle dürfen 3 Chips für einen Neuwurf der Hundewürfel zahlen"),
    "reroll.terrain": _w("Anyone may pay 3 chips to reroll the rough-terrain roll",
                         "Chacun peut payer 3 jetons pour relancer le terrain difficile",
                         "Alle dürfen 3 Chips für einen Neuwurf im Gelände zahlen"),
    "reroll.avalanche": _w("Anyone may pay 3 chips to reroll the avalanche roll",
                           "Chacun peut payer 3 jetons pour relancer l'avalanche",
                           "Alle dürfen 3 Chips für einen Neuwurf der Lawine zahlen"),
    "reroll.weather": _w("Anyone may pay 3 chips to reroll the weather",
                         "Chacun peut payer 3 jetons pour relancer la météo",
                         "Alle dürfen 3 Chips für einen Neuwurf des Wetters zahlen"),
    "reroll.roll": _w("Anyone may pay 3 chips to reroll the roll",
                      "Chacun peut payer 3 jetons pour relancer",
                      "Alle dürfen 3 Chips für einen Neuwurf zahlen"),
    "moving.move": _w("Move: up to {spaces}", "Déplacement : jusqu'à {spaces}",
                      "Fahren: bis zu {spaces}"),
    "moving.early_riser": _w("Early Riser: up to {spaces}", "Lève-tôt : jusqu'à {spaces}",
                             "Frühaufsteher: bis zu {spaces}"),
    "moving.press_move": _w("Pressing bonus: up to {spaces}",
                            "Bonus de poussée : jusqu'à {spaces}",
                            "Antreiben: bis zu {spaces}"),
    "moving.entered": _w("Entered by a roll: {n}", "Entrées par un lancer : {n}",
                         "Per Wurf betreten: {n}"),
    "moving.passing": _w("May pass opponents this turn",
                         "Peut dépasser les autres traîneaux ce tour",
                         "Darf diesen Zug überholen"),
    "pressing.offer": _w("Training matches the weather: roll for the pressing bonus?",
                         "Entraînement = météo : lancer pour le bonus de poussée ?",
                         "Training passt zum Wetter: fürs Antreiben würfeln?"),
    "pressing.placeholder": _w("Pressing chart is a PLACEHOLDER",
                               "Tableau de poussée PROVISOIRE",
                               "Antreib-Tabelle ist VORLÄUFIG"),
    "pressing.result": _w("Pressing: {face} → {result}", "Poussée : {face} → {result}",
                          "Antreiben: {face} → {result}"),
    "press.plus_two": _w("+2 spaces", "+2 cases", "+2 Felder"),
    "press.plus_one": _w("+1 space", "+1 case", "+1 Feld"),
    "press.nothing": _w("No effect", "Sans effet", "Keine Wirkung"),
    "press.tired": _w("Cover 1 dog", "1 chien fatigué", "1 Hund ermüdet"),
    "press_cell.plus_two": _w("+2", "+2", "+2"),
    "press_cell.plus_one": _w("+1", "+1", "+1"),
    "press_cell.nothing": _w("none", "rien", "nichts"),
    "press_cell.tired": _w("Tired", "Las", "Müde"),
    "rest.where": _w("Resting: where is the sled?", "Repos : où est le traîneau ?",
                     "Rasten: wo steht der Schlitten?"),
    "rest.then": _w("Then dogs or chips, as its sign shows",
                    "Puis chiens ou jetons, selon son panneau",
                    "Dann Hunde oder Chips, wie das Schild zeigt"),
    # rolls --------------------------------------------------------------------------------
    "dogs.none": _w("No dice to roll: 0 dogs", "Aucun dé à lancer : 0 chien",
                    "Keine Würfel: 0 Hunde"),
    "dogs.result": _w("{dogs} of {dice}", "{dogs} sur {dice}", "{dogs} von {dice}"),
    "dogs.result_reroll": _w("{dogs} of {dice} (reroll)", "{dogs} sur {dice} (relance)",
                             "{dogs} von {dice} (Neuwurf)"),
    "roll.terrain": _w("Rough terrain", "Terrain difficile", "Schwieriges Gelände"),
    "roll.avalanche": _w("Avalanche", "Avalanche", "Lawine"),
    "roll.needs": _w("needs {need} or more", "il faut {need} ou plus", "braucht {need} oder mehr"),
    "roll.enters": _w("Enters", "Passage réussi", "Geschafft"),
    "roll.crosses": _w("Crosses", "Avalanche contournée", "Umfahren"),
    "roll.fails": _w("Fails: the move ends here", "Raté : le déplacement s'arrête ici",
                     "Gescheitert: die Fahrt endet hier"),
    # round end, game over -------------------------------------------------------------------
    "round_end.title": _w("End of round {round}", "Fin de la manche {round}",
                          "Ende der Runde {round}"),
    "round_end.bear": _w("The Ice Bear passes to {name}", "L'Ours polaire passe à {name}",
                         "Der Eisbär geht an {name}"),
    "round_end.bank": _w("Bank {chips} · {sticks} in play", "Banque {chips} · {sticks} en jeu",
                         "Bank {chips} · {sticks} im Spiel"),
    "over.title": _w("Game over", "Partie terminée", "Spielende"),
    "over.wins": _w("{name} wins!", "{name} gagne !", "{name} gewinnt!"),
    "over.no_sleds": _w("No sleds in this game", "Aucun traîneau dans cette partie",
                        "Keine Schlitten in diesem Spiel"),
    "over.reached_nome": _w("Reached Nome", "Arrivé à Nome", "In Nome"),
    "over.board_of": _w("board {board} of {boards}", "plateau {board} sur {boards}",
                        "Plan {board} von {boards}"),
    "over.board": _w("board {board}", "plateau {board}", "Plan {board}"),
    "over.where": _w("{zone} · {where}", "{zone} · {where}", "{zone} · {where}"),
    "over.race": _w("The race", "La course", "Das Rennen"),
    "over.sled": _w("Sled", "Traîneau", "Schlitten"),
    "over.luck": _w("Dogs vs expected", "Chiens vs attendus", "Hunde vs erwartet"),
    "over.spent": _w("Chips spent", "Jetons dépensés", "Chips ausgegeben"),
}
"""Every sentence and word of the screen, by id, in each of `LANGUAGES`; `{name}`-style
fields are filled by `t()` and must be the same in every language."""

NOUNS: Final[dict[str, dict[str, tuple[str, str]]]] = {
    "chip": {"en": ("chip", "chips"), "fr": ("jeton", "jetons"), "de": ("Chip", "Chips")},
    "coin": {"en": ("coin", "coins"), "fr": ("pièce", "pièces"), "de": ("Münze", "Münzen")},
    "dog": {"en": ("dog", "dogs"), "fr": ("chien", "chiens"), "de": ("Hund", "Hunde")},
    "space": {"en": ("space", "spaces"), "fr": ("case", "cases"), "de": ("Feld", "Felder")},
    "stick": {"en": ("stick", "sticks"), "fr": ("avalanche", "avalanches"),
              "de": ("Lawine", "Lawinen")},
    "player": {"en": ("player", "players"), "fr": ("joueur", "joueurs"),
               "de": ("Spieler", "Spieler")},
    "die": {"en": ("die", "dice"), "fr": ("dé", "dés"), "de": ("Würfel", "Würfel")},
    "die.green": {"en": ("green die", "green dice"), "fr": ("dé vert", "dés verts"),
                  "de": ("grüner Würfel", "grüne Würfel")},
    "die.red": {"en": ("red die", "red dice"), "fr": ("dé rouge", "dés rouges"),
                "de": ("roter Würfel", "rote Würfel")},
    "die.blue": {"en": ("blue die", "blue dice"), "fr": ("dé bleu", "dés bleus"),
                 "de": ("blauer Würfel", "blaue Würfel")},
    "earlier_payment": {"en": ("earlier payment", "earlier payments"),
                        "fr": ("paiement précédent", "paiements précédents"),
                        "de": ("frühere Zahlung", "frühere Zahlungen")},
}
"""Countable nouns, singular and plural, for `count()`."""


def language() -> str:
    """The language the screen is being drawn in now."""
    return _current.get()


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Draw in `lang` until the block ends; an unknown language is refused (ValueError),
    never drawn half in English."""
    if lang not in LANGUAGES:
        raise ValueError(f"the screen speaks {', '.join(LANGUAGES)}, not {lang!r}")
    token = _current.set(lang)
    try:
        yield
    finally:
        _current.reset(token)


def t(key: str, **values: object) -> str:
    """The words `key` in the current language, with their fields filled."""
    return WORDS[key][_current.get()].format(**values)


def plural(n: int, lang: str | None = None) -> bool:
    """Whether `n` takes the plural: English and German for all but 1, French from 2."""
    if (lang or _current.get()) == "fr":
        return abs(n) >= 2
    return n != 1


def count(n: int, noun: str) -> str:
    """`n` and its noun, agreeing: "1 chip", "0 jeton", "2 Hunde"."""
    one, many = NOUNS[noun][_current.get()]
    return f"{n} {many if plural(n) else one}"


def word(value: str | None) -> str:
    """A rules value (a climate, zone, colour, arrangement, variant) as a word."""
    if value is None:
        return "—"
    for key in (f"value.{value}", f"colour.{value}"):
        if key in WORDS:
            return t(key)
    return value.replace("_", " ").capitalize()


def ordinal(n: int) -> str:
    """A place in the order of play: 1st, 1er, 1."""
    lang = _current.get()
    if lang == "fr":
        return "1er" if n == 1 else f"{n}e"
    if lang == "de":
        return f"{n}."
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def fields(text: str) -> set[str]:
    """The `{field}` names a text fills, to check that every language fills the same."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


__all__ = ["LANGUAGES", "NOUNS", "WORDS", "count", "fields", "language", "ordinal", "plural",
           "speaking", "t", "word"]
