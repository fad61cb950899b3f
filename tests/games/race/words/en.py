"""Race to Ten's words in English."""

WORDS = {
    "game.race": "Race to Ten",
    "race.roll": "Roll the die",
    "race.score": "{name}: {score}",
}
