"""The `mush-companion` command line.

Each subcommand lives in its own small function so the command line stays a thin shell
over the packages that do the work; `--help` on each explains it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from companion.app import commands, demo, maintenance, runner, update
from companion.config import paths
from companion.pads import cli as pads_cli
from companion.version import describe
from companion.voice import sound_cli


class _Version(argparse.Action):
    """`--version`, worked out only when asked (it may ask git in a checkout)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(f"{parser.prog} {describe()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The whole command tree, built in one place so `--help` always matches the code."""
    parser = argparse.ArgumentParser(
        prog="mush-companion",
        description="Table companion for the board game MUSH: dice, secret bids, chips, weather.",
    )
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="show the version (release and git commit) and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    runner.register(subparsers)
    demo.register(subparsers)  # the same program with bots, after `run`
    commands.register(subparsers)
    pads_cli.register(subparsers)
    sound_cli.register(subparsers)
    maintenance.register(subparsers)
    update.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    if args.command in paths.COMMANDS:
        # On the Pi: the service's config and journal, whoever calls (see companion.config.paths).
        stop = paths.prepare(args)
        if stop is not None:
            return stop
    result: int = handler(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
