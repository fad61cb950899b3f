"""The English words of every reason an option is blocked, by its code.

The rules give each blocked option a `Reason` with a stable code, its rule and the
numbers or names the words need; the table's words for each language look the code up.
These English ones are the rules' own, used in the message of a refused command and in
the tests, and the model for the table's.
"""

from __future__ import annotations

from companion.games.canoe.kernel import Reason

TEXT: dict[str, str] = {
    "nights": "{nights} of {needed} nights camped",
    "destination": "Destination card not yet obeyed: {text}",
    "campsites": "{count} campsite(s) not yet camped at: {sites}",
    "attractions": "{count} attraction(s) not yet done: {names}",
    "site_used": "camped at {site} already; {left} other site(s) first",
    "holds_destination": "already holds a Destination card",
    "one_obeyed": "one Destination card obeyed is enough in the short game",
    "no_destinations": "this trip plays without Destination cards",
    "no_destination": "holds no Destination card",
    "not_windbound": "only in a Windbound weather",
    "camped": "camped this turn: the turn ends at the campsite",
    "landed": "the canoe already landed this turn",
    "no_throw": "no throw this turn",
    "none_kept": "only the Destination card kept this turn may go back as already done",
    "obey_anyway": "the companion knows this task: an attraction done goes back by itself, "
                   "a campsite is camped at again",
    "obeyed_by_companion": "done by itself when the canoe climbs, camps, sees or enters "
                           "what the card names",
    "seen_this_go": "scored this go already; again after crossing another lake",
    "not_on_island": "not on an island",
    "windbound_held": "windbound on an island: no throw until the wind drops",
    "sheltered": "sheltered by Dangerous Point",
    "descending": "coming down from the summit this go",
    "climb_weather": "no climbing in {weather}",
    "no_such_point": "the Unmapped Region has no point {point}",
    "entered_there": "entered by point {point} last time: another point",
    "left_there": "came out by point {point}: another point",
    "not_ahead": "{score} points, not more than {best}: seek more points first",
    "hero_held": "{name} holds the camp Hero card",
    "none_on_water": "no other canoe is out on a space of the water",
    "told_late": "the last go's landing is told already",
    "nothing_untold": "the last go had no throw, or ended with a landing, a camp or a stop",
}


def explain(reason: Reason) -> str:
    """The reason in English words (a code without words shows itself)."""
    template = TEXT.get(reason.code)
    if template is None:
        return str(reason)
    return template.format(**reason.args)
