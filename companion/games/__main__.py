"""`python -m companion.games [GAME] [--dot]`: print a game's phase graph.

Each phase with the kind of act it asks for, then each event that ends it and the phase
it leads to; `--dot` gives Graphviz's DOT language (`dot -Tsvg`). Without a name, the
default game's.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from companion.games import game, installed


def main(argv: Sequence[str] | None = None) -> int:
    """Print the graph; 2 for a usage error."""
    args = sys.argv[1:] if argv is None else list(argv)
    names = [a for a in args if a != "--dot"]
    dot = len(names) < len(args)
    if len(args) - len(names) > 1 or len(names) > 1 or (names and names[0] not in installed()):
        print(f"usage: python -m companion.games [{'|'.join(installed())}] [--dot]",
              file=sys.stderr)
        return 2
    flow = game(*names).flow
    sys.stdout.write(flow.as_dot() if dot else flow.as_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
