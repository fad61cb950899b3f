"""Games the companion can run beside MUSH, each a pure rules package of its own.

A game here follows MUSH's shape (`companion.rules`): frozen states, commands, events
that record every random result, a phase table, `options`/`legal`/`apply`, `evolve` and
`replay`, a codec, views, invariants and bots. The table, screen, voice and pads reach a
game only through those, so the same box of electronics plays more than one game.
"""
