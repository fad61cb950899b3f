"""One `TableConfig`: the config file's `[table]` fills the table's own class, whose
defaults are the only ones (two classes with different defaults drifted apart before)."""

from __future__ import annotations

from pathlib import Path

from companion.config import file as config_module
from companion.config.file import TABLE_KEYS, load_config, parse_table
from companion.config.table import TableConfig
from companion.config.table import TableConfig as TableModuleConfig


def test_there_is_one_table_config_class() -> None:
    assert config_module.TableConfig is TableConfig is TableModuleConfig
    # every [table] key fills a field ("dice" fills `physical_dice`)
    fields = set(TableConfig.__dataclass_fields__)
    assert {k for k in TABLE_KEYS if k != "dice"} <= fields and "physical_dice" in fields


def test_an_empty_table_section_gives_the_tables_own_defaults() -> None:
    assert parse_table({}) == TableConfig()


def test_the_config_files_timings_reach_the_controllers_config(tmp_path: Path) -> None:
    file = tmp_path / "companion.toml"
    file.write_text("[table]\nreduce_seconds = 3.5\nclaim_seconds = 12\n", encoding="utf-8")
    table = load_config(file, env={}).table
    assert isinstance(table, TableConfig)
    assert (table.reduce_seconds, table.claim_seconds) == (3.5, 12.0)
    assert table.reroll_seconds == TableConfig().reroll_seconds
    assert table.guard_seconds == TableConfig().guard_seconds  # not a [table] key
