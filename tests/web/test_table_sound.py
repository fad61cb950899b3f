"""The table's voice on the table page, for a table without a speaker on the Pi: the
server pushes the announcements the Pi's announcer is given, in its order, as the shipped
clips to play; a page that reconnects is sent only what it missed (and only what is
recent); the page (Debian's chromium, its autoplay policy lifted as a tap would) queues
and plays them, none twice, and says what it plays.

There is no sound card here: what the page plays is read from its own list (`mushSound`),
and the clips it fetched decode (a clip that did not would be left out of its sound)."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from companion.games.mush.bots import SensibleBot
from companion.games.mush.table.bots import BotDriver
from companion.voice import Announcer
from companion.voice.clips import load_manifest
from companion.voice.phrases import Announcement, Clip, Pause
from companion.web.sound import RECENT_SECONDS
from web.browser import Page, needs_browser
from web.harness import Phone, WebTable


class Recorder(Announcer):
    """The Pi's announcer, as the main loop drives it (names, events, the table's
    order), keeping what it is given instead of playing it."""

    def __init__(self) -> None:
        super().__init__()
        self.said: list[Announcement] = []

    def announce(self, announcement: Announcement) -> None:
        self.said.append(announcement)
        self._last = announcement  # what a repeat says again


def with_voice(table: WebTable) -> Recorder:
    recorder = Recorder()
    table.companion.voice = recorder
    return recorder


def play(table: WebTable, driver: BotDriver, until: Callable[[], bool],
         limit: int = 4000, idle: float = 30.0) -> None:
    """Bots press the pads, one main-loop step a press, until `until()` holds; when
    every bot waits (a window's countdown) the clock moves on `idle` seconds."""
    waited = False
    for _ in range(limit):
        table.step()
        if until():
            return
        events = driver.presses()
        if not events:
            table.clock.advance(idle if waited and not driver.paying else 0.3)
            waited = True
            continue
        waited = False
        for event in events:
            table.events.put(event)
        table.clock.advance(0.3)
    raise AssertionError("the bots never got there")


def says(phone: Phone) -> list[dict[str, Any]]:
    return phone.messages("say")


async def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, dict(response.headers), await response.read()


def test_each_announcement_reaches_the_table_pages_as_clips_in_the_voices_order(
        tmp_path: Path) -> None:
    table = WebTable(tmp_path, seed=4)
    try:
        voice = with_voice(table)
        table.step()
        english = Phone(table, watch=True)
        german = Phone(table, watch=True, lang="de")
        welcome = english.last("welcome")
        assert welcome["said"] == [table.web.sounds.epoch, 0]
        driver = BotDriver(table.companion.controller, {s: SensibleBot() for s in range(4)},
                           random.Random(4))
        play(table, driver, lambda: len(voice.said) >= 8)
        table.sync()
        english.wait(lambda: len(says(english)) == len(voice.said))
        german.wait(lambda: len(says(german)) == len(voice.said))
        sent = says(english)
        assert [m["n"] for m in sent] == list(range(1, len(voice.said) + 1))
        assert {m["e"] for m in sent} == {table.web.sounds.epoch}
        manifest = load_manifest()
        for message, announcement in zip(sent, voice.said, strict=True):
            # the voice's own tokens, a seat by its colour's clip, each clip by its file
            wanted = list(announcement.tokens("en"))
            clips = [c["clip"] for c in message["clips"] if "clip" in c]
            assert len(clips) == sum(not isinstance(t, Pause) for t in wanted)
            for token, clip in zip([t for t in wanted if not isinstance(t, Pause)], clips,
                                   strict=True):
                key = token.key if isinstance(token, Clip) else f"seat.{_seat_key(token)}"
                assert clip == f"/sounds/en/{manifest['en'][key].path.name}"
            # the words shown are the clips' own, in the order they play
            texts = {i.path.name: i.text for i in manifest["en"].values()}
            at = 0
            for clip in clips:
                found = message["text"].lower().find(
                    texts[clip.rsplit("/", 1)[1]].rstrip(".!").lower(), at)
                assert found >= at, (message["text"], clip)
                at = found
        # the German page hears the same announcements in German clips and word order
        assert [m["n"] for m in says(german)] == [m["n"] for m in sent]
        assert all(c["clip"].startswith("/sounds/de/") for m in says(german)
                   for c in m["clips"] if "clip" in c)
        assert sent[0]["text"].startswith("Round 1.") and \
            says(german)[0]["text"].startswith("Runde 1.")
        # no bid is ever said: the reveal is the order of play only
        kinds = [k for a in voice.said for k in a.kinds]
        assert "order" in kinds and not any("bid" in k for k in kinds)
        english.close()
        german.close()
    finally:
        table.close()


def _seat_key(seat: Any) -> str:
    from companion.seats import SEATS
    return SEATS[seat.index].key


def test_a_reconnecting_page_is_sent_only_what_it_missed_and_only_if_recent(
        tmp_path: Path) -> None:
    table = WebTable(tmp_path, seed=4)
    try:
        voice = with_voice(table)
        table.step()
        page = Phone(table, watch=True)
        driver = BotDriver(table.companion.controller, {s: SensibleBot() for s in range(4)},
                           random.Random(4))
        play(table, driver, lambda: len(voice.said) >= 3)
        table.sync()
        page.wait(lambda: len(says(page)) == len(voice.said))
        heard = says(page)[-1]["n"]
        page.close()  # asleep; the table plays on
        play(table, driver, lambda: len(voice.said) >= heard + 2, idle=1.0)
        table.sync()
        epoch = table.web.sounds.epoch
        back = Phone(table, hello={"t": "watch", "lang": "en", "heard": [epoch, heard]})
        back.wait(lambda: len(says(back)) >= len(voice.said) - heard)
        table.sync()
        assert [m["n"] for m in says(back)] == list(range(heard + 1, len(voice.said) + 1))
        # a page new to the table is sent nothing from before it came
        new = Phone(table, watch=True)
        new.wait(lambda: bool(new.messages("table")))
        assert says(new) == [] and new.last("welcome")["said"] == [epoch, len(voice.said)]
        back.close()
        new.close()
        # a page that heard another start of the server: what this one said is all new
        # to it (the recent part of it, which holds what `back` missed)
        other = Phone(table, hello={"t": "watch", "lang": "en", "heard": ["0ld", 999]})
        other.wait(lambda: bool(other.messages("table")))
        numbers = [m["n"] for m in says(other)]
        assert numbers and numbers == list(range(numbers[0], len(voice.said) + 1))
        assert numbers[0] <= heard + 1
        other.close()
        # one back after a long sleep does not recite what it slept through
        table.clock.advance(RECENT_SECONDS + 1)
        late = Phone(table, hello={"t": "watch", "lang": "en", "heard": [epoch, heard]})
        late.wait(lambda: bool(late.messages("table")))
        assert says(late) == []
        late.close()
        # a malformed mark is a page new to the table, nothing more
        odd = Phone(table, hello={"t": "watch", "lang": "en", "heard": {"x": [1]}})
        odd.wait(lambda: bool(odd.messages("table")))
        assert says(odd) == [] and not odd.closed.is_set()
        odd.close()
    finally:
        table.close()


def test_the_shipped_clips_are_served_and_nothing_else(tmp_path: Path) -> None:
    table = WebTable(tmp_path)
    try:
        manifest = load_manifest()
        info = manifest["fr"]["round"]
        status, headers, body = asyncio.run(fetch(f"{table.url}/sounds/fr/{info.path.name}"))
        assert status == 200 and body == info.path.read_bytes()
        assert headers["Content-Type"] == "audio/ogg" and body[:4] == b"OggS"
        for path in ("/sounds/fr/manifest.json", "/sounds/en/..%2Fmanifest.json",
                     "/sounds/xx/round.ogg", "/sounds/en/nothing.ogg"):
            status, _, _ = asyncio.run(fetch(table.url + path))
            assert status == 404, path
    finally:
        table.close()


AUTOPLAY = ("--autoplay-policy=no-user-gesture-required",)


@pytest.mark.slow
@needs_browser
def test_the_table_page_plays_the_voice_in_order_and_never_twice(tmp_path: Path) -> None:
    table = WebTable(tmp_path, seed=4)
    page = Page(arguments=AUTOPLAY)
    try:
        voice = with_voice(table)
        table.step()
        page.open(table.url + "/")
        page.wait(lambda: page.js("return !document.getElementById('sound').hidden"),
                  what="the sound button")
        assert page.js("return mushSound.on") is False
        assert "Play the table's voice" in page.js(
            "return document.getElementById('sound').textContent")
        page.wait(lambda: any(c.watching for c in table.web.clients), what="the page watching")
        driver = BotDriver(table.companion.controller, {s: SensibleBot() for s in range(4)},
                           random.Random(4))
        # said before the tap: noted, not played
        play(table, driver, lambda: len(voice.said) >= 1)
        table.sync()
        page.wait(lambda: page.js("return mushSound.heard()")[1] == len(voice.said),
                  what="the first announcement noted")
        before = len(voice.said)
        page.click("#sound")
        assert page.js("return mushSound.on") is True
        play(table, driver, lambda: len(voice.said) >= before + 3)
        table.sync()
        wanted = [table.web.sounds.clips(a, "en")[1] for a in voice.said]

        def played() -> list[dict[str, Any]]:
            return list(page.js("return mushSound.played"))
        page.wait(lambda: len(played()) == len(voice.said) - before, timeout=90,
                  what="the page playing each announcement")
        assert [p["n"] for p in played()] == list(range(before + 1, len(voice.said) + 1))
        assert [p["text"] for p in played()] == wanted[before:]
        assert all(p["seconds"] > 0.3 for p in played()), played()  # the clips decoded
        # the connection drops while the table speaks on: the page is sent what it
        # missed, and plays it once
        count = len(voice.said)
        loop = table.web._loop
        assert loop is not None
        for client in list(table.web.clients):
            if client.watching:
                loop.call_soon_threadsafe(table.web._end, client, "dropped")
        page.wait(lambda: not page.js("return document.getElementById('lost').hidden"),
                  what="the page seeing the drop")
        play(table, driver, lambda: len(voice.said) >= count + 1)
        table.sync()
        page.wait(lambda: len(played()) == len(voice.said) - before, timeout=90,
                  what="the missed announcement played")
        numbers = [p["n"] for p in played()]
        assert numbers == list(range(before + 1, len(voice.said) + 1)), numbers
        # a reload keeps the tab's mark: nothing played again; the sound asked for
        # comes back on (this browser lets it without a tap)
        page.open(table.url + "/")
        page.wait(lambda: page.js("return !!window.mushSound && mushSound.on"),
                  what="the sound on again")
        table.sync()
        count = len(voice.said)
        play(table, driver, lambda: len(voice.said) >= count + 1)
        table.sync()
        page.wait(lambda: len(played()) >= 1 and not page.js("return mushSound.queue.length")
                  and len(played()) == len(voice.said) - count, timeout=90,
                  what="only the new announcement")
        assert [p["n"] for p in played()] == list(range(count + 1, len(voice.said) + 1))
        # tapped off: nothing more is played
        page.click("#sound")
        assert page.js("return mushSound.on") is False
        done = len(played())
        count = len(voice.said)
        play(table, driver, lambda: len(voice.said) >= count + 1)
        table.sync()
        page.wait(lambda: page.js("return mushSound.heard()")[1] == len(voice.said),
                  what="noted")
        assert len(played()) == done
        assert json.loads(json.dumps(page.js("return mushSound.heard()")))[0] == \
            table.web.sounds.epoch
    finally:
        page.close()
        table.close()


def test_f5_repeats_the_last_announcement_on_the_speaker_and_the_table_pages(
        tmp_path: Path) -> None:
    import pygame

    from companion.display import Display

    table = WebTable(tmp_path, seed=4)
    try:
        voice = with_voice(table)
        table.companion.display = Display(size=(800, 480))
        table.step()
        page = Phone(table, watch=True)
        table.companion.repeat()  # nothing said yet: nothing to repeat, nothing sent
        driver = BotDriver(table.companion.controller, {s: SensibleBot() for s in range(4)},
                           random.Random(4))
        play(table, driver, lambda: len(voice.said) >= 3)
        while not table.events.empty():  # the presses the bots queued, all handled
            table.step()
        page.wait(lambda: len(says(page)) == len(voice.said))
        before, said = says(page), len(voice.said)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0,
                                             unicode="", scancode=0))
        table.step()
        # the Pi's voice says its last announcement again, and the pages hear it once more
        assert len(voice.said) == said + 1 and voice.said[-1] == voice.said[-2]
        page.wait(lambda: len(says(page)) == len(before) + 1)
        again = says(page)[-1]
        assert again["n"] == before[-1]["n"] + 1
        assert (again["text"], again["clips"]) == (before[-1]["text"], before[-1]["clips"])
        page.close()
    finally:
        table.close()
