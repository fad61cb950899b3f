"""The Moosehead Lake Canoe Game's own words on the screen, a file per language (`en.py`, `fr.py`,
`de.py`, as `companion/i18n` has them), merged by `companion.i18n` into the table's words."""
