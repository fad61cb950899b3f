"""Every `mush-companion ...` command line the set-up and building guides tell people to
type is one the program accepts (its subcommands, with their options)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from companion.app.cli import main

ROOT = Path(__file__).resolve().parents[2]
GUIDES = [ROOT / "docs" / "setup-pi.md", ROOT / "docs" / "building-pads.md"]
# the program as typed: at the start of a line of a code block, or the installed script
COMMAND = re.compile(r"(?:^|venv/bin/)mush-companion( [^`#\n]*)", re.MULTILINE)


def guide_commands() -> list[tuple[str, str]]:
    found = []
    for guide in GUIDES:
        for match in COMMAND.finditer(guide.read_text(encoding="utf-8")):
            found.append((guide.name, match.group(1).strip()))
    return found


def test_the_guides_name_the_commands_they_rely_on() -> None:
    words = {line.split()[0] for _, line in guide_commands()}
    assert {"pads", "check-config"} <= words


@pytest.mark.parametrize(("guide", "line"), guide_commands(), ids=lambda v: str(v))
def test_guide_command_is_accepted(guide: str, line: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    words = shlex.split(line)
    # parse the whole line as given, but only ask for help: nothing runs
    with pytest.raises(SystemExit) as stop:
        main([*words, "--help"])
    assert stop.value.code == 0, f"{guide}: `mush-companion {line}` is refused"
    out = capsys.readouterr()
    assert out.out.startswith("usage: mush-companion " + words[0]), out
