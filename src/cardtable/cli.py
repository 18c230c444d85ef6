"""The ``cardtable`` command: one sub-command per game, each registered by its package."""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import sys
from collections.abc import Sequence

from cardtable.arena import cli as arena_cli
from cardtable.bots import cli as bots_cli
from cardtable.errors import RecordError
from cardtable.game import kind, kinds
from cardtable.gurka import cli as gurka_cli
from cardtable.kraken import cli as kraken_cli
from cardtable.records import load_record
from cardtable.server import cli as server_cli
from cardtable.solver import cli as solver_cli
from cardtable.tui import cli as tui_cli
from cardtable.tui import sheet_cli

EXTRAS = {
    **dict.fromkeys(
        (
            "alembic",
            "argon2",
            "confusable_homoglyphs",
            "fastapi",
            "limits",
            "openskill",
            "orjson",
            "psycopg",
            "pydantic",
            "redis",
            "sqlalchemy",
            "starlette",
            "uvicorn",
            "websockets",
        ),
        "server",
    ),
    "textual": "tui",
    "matplotlib": "plot",
    "ray": "ray",
}
"""The optional dependencies by top-level module, with the extra that installs each."""


def version() -> str:
    """The installed package's version (``pyproject.toml``; CHANGELOG.md says what
    changed in each)."""
    try:
        return importlib.metadata.version("cardtable")
    except importlib.metadata.PackageNotFoundError:  # run from a source folder
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every game's sub-commands.

    Each layer adds its own commands, so no package imports one above it: the bots
    add ``kraken deal``, the solver ``kraken solve`` and ``analyze``, the arena
    ``bots duel``.
    """
    parser = argparse.ArgumentParser(prog="cardtable", description=_for_people(__doc__))
    parser.add_argument("--version", action="version", version=f"cardtable {version()}")
    games = parser.add_subparsers(dest="game", required=True, metavar="GAME")
    kraken_commands = kraken_cli.register(games)
    bots_cli.register_kraken(kraken_commands)
    solver_cli.register_kraken(kraken_commands)
    gurka_cli.register(games)
    bots_commands = bots_cli.register(games)
    arena_cli.register(games)
    arena_cli.register_duel(bots_commands)
    server_cli.register(games)
    tui_cli.register(games)
    sheet_cli.register(games)
    replay = games.add_parser(
        "replay",
        help="print the record of a game of any registered kind",
        description=_replay.__doc__,
    )
    replay.add_argument("file", help="a JSON record (cardtable ... --record, or a download)")
    replay.set_defaults(handler=_replay)
    return parser


def _for_people(doc: str | None) -> str:
    """A docstring as ``--help`` shows it: without the source markup (````)."""
    return (doc or "").replace("``", "")


def _replay(args: argparse.Namespace) -> int:
    """Replay a record of any registered game (its "game" names the kind) and print
    what happened."""
    record = load_record(args.file)
    name = record.get("game")
    if not isinstance(name, str):
        games = ", ".join(kinds())
        raise RecordError(f'{args.file}: a record names its game ("game": one of {games})')
    played = kind(name)
    print(played.text(played.from_record(record)))
    return 0


def missing_extra(error: ModuleNotFoundError) -> str | None:
    """The message for a command that needs an extra that is not installed, or None
    when the missing module is not an optional dependency.

    >>> print(missing_extra(ModuleNotFoundError("No module named 'fastapi'", name="fastapi")))
    No module named 'fastapi': this needs the server extra: pip install 'cardtable[server]'
    """
    extra = EXTRAS.get((error.name or "").partition(".")[0])
    if extra is None:
        return None
    return f"{error}: this needs the {extra} extra: pip install 'cardtable[{extra}]'"


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
    except ModuleNotFoundError as error:
        message = missing_extra(error)
        if message is None:
            raise
        print(f"cardtable: error: {message}", file=sys.stderr)
        return 2
    return result


if __name__ == "__main__":
    sys.exit(main())
