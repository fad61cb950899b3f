"""`python -m companion.games.mush.phases [--dot]`: print the phase graph.

A `__main__` of its own: the rules package imports the phase table, so running the
module itself with `-m` would load it twice.
"""

from companion.games.mush.phases import main

raise SystemExit(main())
