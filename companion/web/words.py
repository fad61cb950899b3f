"""The phone pages' own words, in English, French and German.

The menus, notices and the table's words come from the table itself (`companion.i18n`,
worded in the phone's language where the table builds them); these are only the pages'
frame around them: labels, buttons, and what a refused link or a lost connection says.
Each page is sent the words of its language once, when it connects.
"""

from __future__ import annotations

from typing import Final

from companion.i18n import LANGUAGES


def _w(en: str, fr: str, de: str) -> dict[str, str]:
    return {"en": en, "fr": fr, "de": de}


PAGE_WORDS: Final[dict[str, dict[str, str]]] = {
    "chips": _w("Chips", "Jetons", "Chips"),
    "dogs": _w("Dogs ready", "Chiens en forme", "Hunde bereit"),
    "tired": _w("Tired dogs", "Chiens fatigués", "Müde Hunde"),
    "dice": _w("Dice", "Dés", "Würfel"),
    "place": _w("Place", "Rang", "Platz"),
    "your_turn": _w("Your turn", "À vous", "Du bist dran"),
    "nothing": _w("Nothing to choose now", "Rien à choisir pour l'instant",
                  "Gerade nichts zu wählen"),
    "waiting": _w("Waiting for {name}", "On attend {name}", "Warten auf {name}"),
    "bid_title": _w("Your secret bid", "Votre mise secrète", "Dein geheimes Gebot"),
    "bid_hint": _w("Only you see it until the reveal", "Vous seul la voyez jusqu'à la révélation",
                   "Nur du siehst es bis zur Aufdeckung"),
    "less": _w("One less", "Un de moins", "Einen weniger"),
    "more": _w("One more", "Un de plus", "Einen mehr"),
    "clear": _w("Clear to 0", "Remettre à 0", "Auf 0 setzen"),
    "lock": _w("Lock in", "Valider", "Setzen"),
    "unlock": _w("Unlock", "Modifier", "Ändern"),
    "locked": _w("Locked in: {bid}", "Validée : {bid}", "Gesetzt: {bid}"),
    "back": _w("Back", "Retour", "Zurück"),
    "take_back": _w("Take back: {what}", "Annuler : {what}", "Zurücknehmen: {what}"),
    "new_game": _w("New game", "Nouvelle partie", "Neues Spiel"),
    "pad": _w("The pad's buttons", "Les boutons de la manette", "Die Tasten des Pads"),
    "leave": _w("Leave this seat", "Quitter cette place", "Diesen Platz freigeben"),
    "leave_sure": _w("Leave the seat? Another phone may then take it.",
                     "Quitter la place ? Un autre téléphone pourra la prendre.",
                     "Platz freigeben? Ein anderes Handy kann ihn dann nehmen."),
    "show_code": _w("Show the join code on the screen", "Afficher le code sur l'écran",
                    "Beitrittscode auf dem Bildschirm zeigen"),
    "free_other": _w("Free {name}'s seat (phone away)",
                     "Libérer la place de {name} (téléphone absent)",
                     "Platz von {name} freigeben (Handy weg)"),
    "reconnecting": _w("Connection lost: reconnecting…", "Connexion perdue : reconnexion…",
                       "Verbindung verloren: verbinde neu…"),
    "unknown": _w("This link is not for this game. Open the address on the table's screen "
                  "and enter its room code.",
                  "Ce lien n'est pas pour cette partie. Ouvrez l'adresse affichée sur l'écran "
                  "et entrez son code.",
                  "Dieser Link gehört nicht zu diesem Spiel. Öffne die Adresse auf dem "
                  "Bildschirm und gib den Raumcode ein."),
    "held": _w("Another phone holds this seat. On that phone, choose \"Leave this seat\"; "
               "or, on the seat's pad, hold ◀ (outside the bidding); then scan again.",
               "Un autre téléphone tient cette place. Sur ce téléphone, choisissez « Quitter "
               "cette place » ; ou, sur la manette de la place, maintenez ◀ (hors des "
               "mises) ; puis scannez à nouveau.",
               "Ein anderes Handy hält diesen Platz. Auf jenem Handy „Diesen Platz "
               "freigeben“ wählen, oder am Pad des Platzes ◀ halten (nicht beim Bieten); "
               "dann noch einmal scannen."),
    "freed": _w("This phone no longer holds the seat. To play again, join the game below.",
                "Ce téléphone ne tient plus la place. Pour rejouer, rejoignez la partie "
                "ci-dessous.",
                "Dieses Handy hält den Platz nicht mehr. Um wieder mitzuspielen, unten "
                "beitreten."),
    "elsewhere": _w("This seat is open in another tab of this phone.",
                    "Cette place est ouverte dans un autre onglet de ce téléphone.",
                    "Dieser Platz ist in einem anderen Tab dieses Handys offen."),
    "not_playing": _w("This seat is not in the game.", "Cette place ne joue pas.",
                      "Dieser Platz spielt nicht mit."),
    "too_fast": _w("Too fast: press again", "Trop vite : appuyez encore",
                   "Zu schnell: noch einmal drücken"),
    "changed": _w("The menu changed: look, then press", "Le menu a changé : regardez, puis "
                  "appuyez", "Das Menü hat sich geändert: schauen, dann drücken"),
    "dropped": _w("Too soon after a change: press again", "Trop tôt après un changement : "
                  "appuyez encore", "Zu früh nach einer Änderung: noch einmal drücken"),
    "join": _w("Join the game", "Rejoindre la partie", "Mitspielen"),
    "code": _w("Room code (on the table's screen)", "Code (sur l'écran de la table)",
               "Raumcode (auf dem Bildschirm)"),
    "pick": _w("Pick your seat", "Choisissez votre place", "Wähle deinen Platz"),
    "taken": _w("taken", "prise", "besetzt"),
    "wrong_code": _w("Wrong room code: check the four letters on the table's screen, then "
                      "pick your seat again.",
                      "Code incorrect : vérifiez les quatre lettres sur l'écran de la table, "
                      "puis choisissez à nouveau votre place.",
                      "Falscher Raumcode: prüfe die vier Buchstaben auf dem Bildschirm und "
                      "wähle deinen Platz noch einmal."),
    "seat_held": _w("Another phone has just taken that seat: pick another one.",
                    "Un autre téléphone vient de prendre cette place : choisissez-en une autre.",
                    "Ein anderes Handy hat diesen Platz gerade genommen: wähle einen anderen."),
    "slow_down": _w("Too many tries from this phone: wait a minute, then try again.",
                    "Trop d'essais depuis ce téléphone : attendez une minute, puis réessayez.",
                    "Zu viele Versuche von diesem Handy: warte eine Minute und versuche es "
                    "dann noch einmal."),
    "room_locked": _w("Joining with the room code is paused after too many wrong codes. Ask "
                      "someone at the table to press any pad button, then try again.",
                      "L'accès par code est suspendu après trop de codes faux. Demandez à "
                      "quelqu'un à la table d'appuyer sur une manette, puis réessayez.",
                      "Der Beitritt mit Raumcode ist nach zu vielen falschen Codes gesperrt. "
                      "Bitte jemanden am Tisch, eine Pad-Taste zu drücken, dann noch "
                      "einmal."),
    "origin": _w("This page cannot join from here: open the address on the table's screen.",
                 "Cette page ne peut pas rejoindre d'ici : ouvrez l'adresse affichée sur "
                 "l'écran de la table.",
                 "Diese Seite kann von hier nicht beitreten: öffne die Adresse auf dem "
                 "Bildschirm des Tischs."),
    "malformed": _w("The table did not understand that: reload the page and try again.",
                    "La table n'a pas compris : rechargez la page et réessayez.",
                    "Der Tisch hat das nicht verstanden: Seite neu laden und noch einmal."),
    "no_table": _w("The table does not answer: check that this phone is on the table's "
                   "Wi-Fi, then try again.",
                   "La table ne répond pas : vérifiez que ce téléphone est sur le Wi-Fi de "
                   "la table, puis réessayez.",
                   "Der Tisch antwortet nicht: prüfe, ob dieses Handy im WLAN des Tischs "
                   "ist, und versuche es noch einmal."),
    "pick_code": _w("Type the room code first (four letters on the table's screen).",
                    "Tapez d'abord le code (quatre lettres sur l'écran de la table).",
                    "Gib zuerst den Raumcode ein (vier Buchstaben auf dem Bildschirm)."),
    "joining": _w("Joining…", "Connexion…", "Trete bei…"),
    "busy": _w("The table is busy: this page tries again in a moment.",
               "La table est occupée : cette page réessaie dans un instant.",
               "Der Tisch ist beschäftigt: diese Seite versucht es gleich noch einmal."),
    "wait": _w("Not yet: press again when the menu is ready.",
               "Pas encore : appuyez à nouveau quand le menu est prêt.",
               "Noch nicht: noch einmal drücken, wenn das Menü bereit ist."),
    "nothing_now": _w("That does nothing now.", "Cela ne fait rien pour l'instant.",
                      "Das bewirkt gerade nichts."),
    "not_away": _w("That phone left less than a minute ago: it may still come back.",
                   "Ce téléphone est parti il y a moins d'une minute : il peut revenir.",
                   "Dieses Handy ist erst seit weniger als einer Minute weg: es kommt "
                   "vielleicht zurück."),
    "sent": _w("Sent", "Envoyé", "Gesendet"),
    "new_game_sure": _w("Tap again to end this game and set up a new one",
                        "Touchez encore pour finir cette partie et en préparer une nouvelle",
                        "Noch einmal tippen: dieses Spiel beenden und ein neues vorbereiten"),
    "my_seat": _w("Back to my seat", "Revenir à ma place", "Zurück zu meinem Platz"),
    "table": _w("The table", "La table", "Der Tisch"),
    "order": _w("Order of play", "Ordre de jeu", "Spielreihenfolge"),
    "last_roll": _w("Last roll", "Dernier lancer", "Letzter Wurf"),
    "payments": _w("Payments", "Paiements", "Zahlungen"),
    "phone": _w("phone", "téléphone", "Handy"),
    "phone_away": _w("phone away", "téléphone absent", "Handy weg"),
    "setting_up": _w("Setting up the game", "Préparation de la partie", "Das Spiel wird "
                     "vorbereitet"),
    "results": _w("Results", "Résultats", "Ergebnisse"),
    "luck_chart": _w("Dice luck by round (dogs rolled minus dogs expected)",
                     "Chance aux dés par manche (chiens obtenus moins chiens attendus)",
                     "Würfelglück je Runde (gewürfelte minus erwartete Hunde)"),
    "export_events": _w("The game's events (JSON Lines)", "Les événements (JSON Lines)",
                        "Die Ereignisse (JSON Lines)"),
    "export_chips": _w("Chips and dogs per round (CSV)", "Jetons et chiens par manche (CSV)",
                       "Chips und Hunde je Runde (CSV)"),
    "export_points": _w("Points, nights and cards per turn (CSV)",
                        "Points, nuits et cartes par tour (CSV)",
                        "Punkte, Nächte und Karten je Zug (CSV)"),
    "board": _w("Board {n}", "Plateau {n}", "Brett {n}"),
    "finished_games": _w("Finished games", "Parties terminées", "Beendete Spiele"),
    "no_finished": _w("No finished game yet.", "Aucune partie terminée pour l'instant.",
                      "Noch kein beendetes Spiel."),
    "game_no": _w("Game {n}", "Partie {n}", "Spiel {n}"),
    "reached": _w("Reached", "Arrivée", "Erreicht"),
    "points": _w("Points", "Points", "Punkte"),
    "nights": _w("Nights", "Nuits", "Nächte"),
    "pushed_off": _w("Pushed off", "Poussés dehors", "Hinausgeschoben"),
    "on_board": _w("On the board", "Sur le plateau", "Auf dem Brett"),
    "chart_pushed_off": _w("Dice pushed off by each round", "Dés poussés dehors par tour",
                           "Hinausgeschobene Würfel je Runde"),
    "chart_chips": _w("Chips at the end of each round", "Jetons à la fin de chaque manche",
                      "Chips am Ende jeder Runde"),
    "chart_points": _w("Points at the end of each round", "Points à la fin de chaque tour",
                       "Punkte am Ende jeder Runde"),
    "export_chart": _w("The chart (SVG)", "Le graphique (SVG)", "Das Diagramm (SVG)"),
    "sound_on": _w("🔈 Play the table's voice on this device",
                   "🔈 Faire parler la table sur cet appareil",
                   "🔈 Die Ansagen des Tischs auf diesem Gerät abspielen"),
    "sound_off": _w("🔊 The table's voice plays here: tap to stop",
                    "🔊 La table parle ici : touchez pour arrêter",
                    "🔊 Die Ansagen laufen hier: tippen zum Beenden"),
    "sound_resume": _w("🔈 Tap to let this browser play the table's voice again",
                       "🔈 Touchez pour que ce navigateur fasse à nouveau parler la table",
                       "🔈 Tippen, damit dieser Browser die Ansagen wieder abspielt"),
    "sound_cannot": _w("This browser cannot play the table's voice (its clips are Ogg "
                       "Vorbis): try another browser.",
                       "Ce navigateur ne peut pas lire la voix de la table (des clips Ogg "
                       "Vorbis) : essayez un autre navigateur.",
                       "Dieser Browser kann die Ansagen nicht abspielen (Ogg-Vorbis-Clips): "
                       "einen anderen Browser versuchen."),
}


def page_words(language: str) -> dict[str, str]:
    """Every page word in `language` (English when it is none of ours)."""
    lang = language if language in LANGUAGES else "en"
    return {key: texts[lang] for key, texts in PAGE_WORDS.items()}
