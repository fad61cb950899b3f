"""Race to Ten's words in German."""

WORDS = {
    "game.race": "Wettlauf bis zehn",
    "race.roll": "Würfeln",
    "race.score": "{name}: {score}",
}
