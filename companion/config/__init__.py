"""The configuration: the config file, the pads' settings and one validation toolkit.

`file` parses the config file (TOML) strictly into frozen values and puts the pads'
settings in force over it; `game` is its `[game]` table; `checks` is the one set of
checkers every part's parser uses (the pads', the voice's, the web's too); `prefs` keeps
the settings made on the pads; `table` is what the table takes from them all
(`TableConfig`); `names` is the rule a player's name keeps, wherever it is entered;
`paths` finds which config and journal a command means. Nothing here imports the table.

This file imports nothing: a part's parser imports `companion.config.checks` without
importing the config file's parser, which imports that part's parser in turn.
"""
