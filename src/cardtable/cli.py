"""The ``cardtable`` command: one sub-command per game, each registered by its package."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from cardtable.arena import cli as arena_cli
from cardtable.bots import cli as bots_cli
from cardtable.gurka import cli as gurka_cli
from cardtable.kraken import cli as kraken_cli
from cardtable.server import cli as server_cli
from cardtable.tui import cli as tui_cli

GAME_COMMANDS = [kraken_cli, gurka_cli, bots_cli, arena_cli, server_cli, tui_cli]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every game's sub-commands."""
    parser = argparse.ArgumentParser(prog="cardtable", description=__doc__)
    games = parser.add_subparsers(dest="game", required=True, metavar="GAME")
    for module in GAME_COMMANDS:
        module.register(games)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    args = build_parser().parse_args(argv)
    try:
        result: int = args.handler(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader left early (``cardtable ... | head``): stop quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (ValueError, OSError) as error:
        print(f"cardtable: error: {error}", file=sys.stderr)
        return 2
    return result


if __name__ == "__main__":
    sys.exit(main())
