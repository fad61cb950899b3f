"""`python -m companion.rules.phases [--dot]`: print the phase graph.

A `__main__` of its own: the rules package imports the phase table, so running the
module itself with `-m` would load it twice.
"""

from companion.rules.phases import main

raise SystemExit(main())
