"""docs/journal-format.md documents every event type with all its fields, and stays current."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from companion.games.mush.events import EVENT_TYPES
from companion.games.mush.format_doc import (
    BEGIN,
    END,
    OBJECT_TYPES,
    documented_fields,
    event_reference,
    with_reference,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "journal-format.md"


def test_every_event_type_is_documented_with_all_its_fields() -> None:
    documented = documented_fields(DOC.read_text(encoding="utf-8"))
    for cls in (*EVENT_TYPES, *OBJECT_TYPES):
        assert cls.__name__ in documented, f"{cls.__name__} is not in {DOC.name}"
        fields = {f.name for f in dataclasses.fields(cls)}
        assert documented[cls.__name__] == fields, cls.__name__


def test_private_events_are_marked_as_never_written() -> None:
    text = DOC.read_text(encoding="utf-8")
    for cls in EVENT_TYPES:
        section = text.split(f"### {cls.__name__}\n", 1)[1].split("\n### ", 1)[0]
        assert ("never written" in section) == cls.private, cls.__name__


def test_the_generated_block_is_current() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert BEGIN in text and END in text
    assert with_reference(text) == text, (
        "run: python -m companion.games.mush.format_doc docs/journal-format.md")
    assert event_reference() in text
