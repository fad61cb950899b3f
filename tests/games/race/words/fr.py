"""Race to Ten's words in French."""

WORDS = {
    "game.race": "Course à dix",
    "race.roll": "Lancer le dé",
    "race.score": "{name} : {score}",
}
