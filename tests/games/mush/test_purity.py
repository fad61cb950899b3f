"""The rules core imports the standard library only, and the kernel it is built on
(DESIGN.md: pure rules core)."""

from __future__ import annotations

import json
import subprocess
import sys


def test_import_pulls_in_nothing_outside_the_standard_library() -> None:
    script = (
        "import sys, json\n"
        "before = set(sys.modules)\n"
        "import companion.games.mush, companion.games.mush.bots, companion.games.mush.codec\n"
        "print(json.dumps(sorted(set(sys.modules) - before)))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True,
                         text=True).stdout
    loaded = json.loads(out)
    assert "companion.games.mush.engine" in loaded
    outside = [
        name for name in loaded
        if name.split(".")[0] not in sys.stdlib_module_names
        and name not in ("companion", "companion.exc", "companion.games")
        and not name.startswith(("companion.games.mush", "companion.core"))
    ]
    assert outside == []
    # No I/O and no threads: the adapters bring those (DESIGN.md).
    forbidden = ("pygame", "gpiozero", "serial", "sqlite3", "threading", "socket")
    assert not [n for n in loaded if n.split(".")[0] in forbidden]
