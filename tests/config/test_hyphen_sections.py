"""A game's section and name as people write them: `[game.mush-ring]` and
`name = "mush-ring"` (as `--game mush-ring` and the box's title say it) are the game whose
folder is `mush_ring`; the same section given both ways is refused with its key named."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config.file import load_config
from companion.exc import ConfigError


def test_a_hyphenated_section_and_name_are_the_games_own(tmp_path: Path) -> None:
    file = tmp_path / "config.toml"
    file.write_text('[game]\nname = "mush-ring"\nplayers = ["Ann", "Bo", "Cy"]\n\n'
                    '[game.mush-ring]\ndeck = "paper"\n\n'
                    '[game.push-and-move]\ntunnels = "drawn"\n')
    config = load_config(file)
    assert config.game_name == "mush_ring"
    assert config.part("mush_ring").deck.value == "paper"
    assert config.part("push_and_move").tunnels != load_config(
        _file(tmp_path, '[game]\nname = "push_and_move"\n')).part("push_and_move").tunnels


def test_the_same_section_given_both_ways_is_refused(tmp_path: Path) -> None:
    file = _file(tmp_path, '[game.mush-ring]\ndeck = "paper"\n\n'
                           '[game.mush_ring]\ndeck = "dealt"\n')
    with pytest.raises(ConfigError) as caught:
        load_config(file)
    assert "game.mush_ring" in str(caught.value) and "given twice" in str(caught.value)
    assert str(file) in str(caught.value)


def _file(folder: Path, text: str) -> Path:
    path = folder / "other.toml"
    path.write_text(text)
    return path
