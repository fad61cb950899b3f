"""The screen's words in French: every key of the table, with its plural
and ordinal rules. A language is one such file; `companion.i18n` finds it, and a
test checks that it has every key, with the same `{fields}`, as the others."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

ORDER: Final = 1
"""Where the language comes among the others (in pickers and messages)."""

WORDS: Final[dict[str, str]] = {
    # header and seat strip ----------------------------------------------------------------
    "header.placeholder": "provisoire",
    # menus, countdowns, notices, payments ---------------------------------------------------
    "menu.more_above": "▲ {n} de plus",
    "menu.more_below": "▼ {n} de plus",
    "countdown.reduce": "Retirer des dés",
    "countdown.reroll": "Relance",
    "countdown.left": "{what} : encore {seconds} s",
    "countdown.held": "{what} : en pause",
    "countdown.held_short": "En pause",
    "countdown.held_short_for": "En pause {seconds} s",
    "countdown.seconds": "{seconds} s",
    "countdown.ask": "{what} ? Le silence dit non",
    "countdown.ask_short": "{what} ?",
    "choosing.count": "{n} choisissent…",
    "choosing.short_one": "choisit…",
    "choosing.short_many": "choisissent…",
    "choosing.someone": "Quelqu'un choisit…",
    "choosing.one": "{name} choisit…",
    "choosing.many": "{names} et {last} choisissent…",
    # a turn -------------------------------------------------------------------------------
    "press.nothing": "Sans effet",
    "press.tired": "1 chien fatigué",
    # round end, game over -------------------------------------------------------------------
    "over.title": "Partie terminée",
    "over.wins": "{name} gagne !",
    # the table's menus (companion/table: built from the rules' choices) ------------------
    "m.hint.sub": "◀ ▶ choisir · ● valider · maintenir ● retour",
    "m.hint.keys": "le bouton de votre choix · maintenir ● retour",
    "m.window.left": "encore {n} à payer",
    "r.hint.claim": "appuyer pour choisir · silence : non",
    "r.hint.confirm": "● payer · ◀ ▶ annuler",
    "r.cancel": "Annuler",
    "r.hint.take": "le bouton de votre choix · silence : non",
    "c.game_over": "La partie est finie",
    "c.said_to": "{name} : {text}",
    "c.why_not": "{label} : {why}",
    "c.nothing_here": "Rien à choisir ici",
    "simple.choosing": "{name} choisit sur son téléphone",
    "c.too_long": "Trop long : la fenêtre continue sans vous",
    "s.hint": "◀ ▶ choisir · ● changer ou commencer",
    "s.players_title": "Nombre de joueurs (S1)",
    "s.players": "Joueurs",
    "s.start": "Commencer la partie",
    "s.running": "une partie est déjà en cours",
    # the start-up fault screen (companion/display/problem.py, companion/app/runner.py) ------
    "f.title": "La table ne peut pas démarrer",
    "f.where": "Où",
    "f.fix": "Que faire",
    "f.details": "Détails",
    "f.waiting": "La table démarre d'elle-même dès que c'est réparé.",
    "f.waited": "En attente depuis {minutes} min.",
    "f.config": "Le fichier de réglages a une erreur",
    "f.config.fix": (
        "Corrigez-le (par SSH : sudo nano sur le fichier), puis vérifiez-le avec 'mush-companion "
        "check-config'."),
    "f.display": "L'écran ne peut pas être ouvert",
    "f.display.fix": (
        "Vérifiez le câble et l'alimentation de l'écran, puis attendez ou redémarrez le Pi."),
    "f.journal": "Le journal de partie ne peut pas être ouvert",
    "f.journal.fix": (
        "Vérifiez la carte et le chemin [store] des réglages ; la table démarre dès que le dossier "
        "est lisible."),
    "f.journal.newer": "Cette carte a été écrite par un compagnon plus récent",
    "f.journal.newer.fix": (
        "Mettez le compagnon à jour, ou commencez une nouvelle carte : un nouveau fichier pour le "
        "chemin [store]. Le journal reste tel quel."),
    "f.journal.foreign": "Le chemin du journal désigne un fichier qui n'est pas un journal",
    "f.journal.foreign.fix": (
        "Donnez au chemin [store] un nouveau nom de fichier ; le compagnon y crée le journal. Ce "
        "fichier reste tel quel."),
    "f.pads": "Les boîtiers ne peuvent pas démarrer",
    "f.pads.serial": "Branchez le concentrateur des boîtiers (USB) ou vérifiez son câble.",
    "f.pads.gpio": "Vérifiez le câblage des boîtiers et les broches [pads] des réglages.",
    "f.pads.keyboard": "Branchez un clavier.",
    "f.pads.other": "Vérifiez les réglages [pads].",
    "f.pads.test": "'mush-companion pads test' montre chaque bouton.",
    "f.web": "Le serveur web des téléphones ne démarre pas",
    "f.web.fix": (
        "Un autre programme utilise peut-être son port : changez [web] port dans le fichier de "
        "configuration, ou coupez les téléphones avec [web] enabled = false."),
    "f.voice": "Le son ne peut pas démarrer",
    "f.voice.fix": "Vérifiez le câble du haut-parleur ou du casque et les réglages [voice].",
    # presses that do what their player meant: safe ●, confirmations, claims, guards -----
    "c.not_saved": "Non enregistré : la carte l'a refusé. Appuyez à nouveau",
    "countdown.held_for": "{what} : en pause {seconds} s",
    # phones (companion.web): the join card on the shared screen --------------------------
    "join.open": "Jouer depuis un téléphone : ouvrez",
    "join.code": "Code {code}",
    "join.seat": "{name} : scannez avec votre téléphone",
    "join.locked": "Verrouillé après trop de codes faux : appuyez sur une manette",
    "join.phones": "Téléphones présents : {names}",
    "join.bid_away_pad": "Téléphone de {name} absent : misez sur sa manette, ou rouvrez la page "
        "du téléphone",
    "join.bid_away": "Téléphone de {name} absent : les mises attendent ; rouvrez la page du "
        "téléphone",
    "join.wifi_name": "Wi-Fi : {name}",
    "join.wifi_password": "Mot de passe : {password}",
    # the program's own notices (the journal, the settings file, a new game) ------------------
    "n.new_game": "Maintenez ▶ sur une manette pour une nouvelle partie",
    "n.prefs_damaged": "Fichier de réglages abîmé, valeurs erronées ignorées : {problem}",
    "n.not_saved": "Pas enregistré : {reason}. La partie continue",
    "n.repaired": "Journal abîmé puis réparé",
    "n.repaired_lost_exact": "Journal abîmé puis réparé : {lost} événement(s) perdu(s)",
    "n.repaired_unknown": (
        "Journal abîmé puis réparé : les derniers événements sont peut-être perdus"),
    "n.repaired_lost": "Journal abîmé puis réparé : au moins {lost} événement(s) perdu(s)",
    "n.card.full": "la carte est pleine",
    "n.card.read_only": "la carte est en lecture seule",
    "n.card.permission": "pas le droit d'écrire",
    "n.card.io": "la carte n'a pas pu lire ou écrire",
    "n.card.folder": "le dossier du journal ne peut être ouvert ni écrit",
    # choosing the game -----------------------------------------------------------------
    "s.game": "Jeu",
    "s.game_title": "Quel jeu ?",
}

NOUNS: Final[dict[str, tuple[str, str]]] = {
    "dog": ("chien", "chiens"),
    "space": ("case", "cases"),
    "player": ("joueur", "joueurs"),
    "die": ("dé", "dés"),
}
"""Countable nouns: singular and plural."""


def plural(n: int) -> bool:
    """Whether `n` takes the plural. The singular up to one: "0 jeton", "1 jeton", "2 jetons"."""
    return abs(n) >= 2


def ordinal(n: int) -> str:
    """A place in the order of play: "1er", "2e"."""
    return "1er" if n == 1 else f"{n}e"


_ELIDED = re.compile(r"\b(de|que) \{(\w+)\}")
_VOWELS = frozenset("AEIOUÀÂÄÆÉÈÊËÎÏÔŒÙÛÜaeiouàâäæéèêëîïôœùûü")


def fill(text: str, values: Mapping[str, object]) -> str:
    """The words with their fields filled, "de" and "que" elided before a name that
    starts with a vowel: "le tour d'Ann", "plus de points qu'Églantine", but "de Bob",
    "de Yves" (a Y before a vowel is not elided) and "de Hugo" (h: left as written)."""

    def elide(found: re.Match[str]) -> str:
        value = str(values.get(found.group(2), ""))
        if value[:1] in _VOWELS:
            return f"{found.group(1)[:-1]}'{{{found.group(2)}}}"
        return found.group(0)

    return _ELIDED.sub(elide, text).format_map(values)
