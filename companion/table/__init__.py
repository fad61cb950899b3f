"""The table: pad events -> a game's commands, menus, reaction windows, frames.

`controller.TableController` turns `PadEvent`s into commands through menus built from the
game's options, runs the reaction windows' countdowns on an injected clock, keeps one undo
point, and builds the `frame.TableFrame` the display draws; `bots.BotDriver` presses
virtual pads for rules policies, through the same controller. The package imports
nothing itself, so a module that needs one of its leaves (the name rule, the frame)
does not load the controller with it.
"""
