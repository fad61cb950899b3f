"""The program: the main loop, start-up and its problem screen, the demo and the CLI.

`loop` owns the game (controller, journal, screen, voice, pads, lights), with its journal
side in `journals`, what it needs of each part in `parts` and its log lines in `logs`.
`runner` builds every part for `mush-companion run` (and shows a start-up problem on
the screen), `demo` plays a whole game with bots, `cli` is `mush-companion` itself, with
the journal's commands in `commands` and the appliance's upkeep in `maintenance` and
`update`; `service` speaks systemd's notify protocol.

This file imports nothing, so importing one of them imports only what it needs.
"""
