"""``cardtable bots ...``: list the bots, and measure two of them in duplicate."""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardtable.bots import list_bots

__all__ = ["register"]


def register(commands: Any) -> None:
    """Add the ``bots`` sub-commands to the ``cardtable`` parser."""
    parser = commands.add_parser("bots", help="list the bots, or measure them in duplicate")
    parser.set_defaults(handler=_list)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("list", help="the bots and what they do").set_defaults(handler=_list)
    duel = sub.add_parser(
        "duel", help="a duplicate match of two bots (Kraken: deals played both ways)"
    )
    duel.add_argument("game", choices=["kraken", "gurka"])
    duel.add_argument("a", help="bot A, e.g. ismcts")
    duel.add_argument("b", help="bot B, e.g. heuristic")
    duel.add_argument(
        "--a-options", default="{}", help='JSON options of A, e.g. {"milliseconds": 100}'
    )
    duel.add_argument("--b-options", default="{}", help="JSON options of B")
    duel.add_argument(
        "--deals",
        type=int,
        default=500,
        help="Kraken deals, or Gurka game seeds (each played in every seat rotation)",
    )
    duel.add_argument("--players", type=int, default=4, help="Gurka players")
    duel.add_argument("--seed", type=int, default=0)
    duel.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    duel.set_defaults(handler=_duel)


def _list(args: argparse.Namespace) -> int:
    for name, description in list_bots().items():
        print(f"{name:10} {description}")
    return 0


def _duel(args: argparse.Namespace) -> int:
    spec_a = (args.a, json.loads(args.a_options))
    spec_b = (args.b, json.loads(args.b_options))
    if args.game == "kraken":
        from cardtable.bots.duel import kraken_duplicate

        result = kraken_duplicate(spec_a, spec_b, args.deals, seed=args.seed, workers=args.workers)
    else:
        from cardtable.bots.gurka_duel import gurka_rotated

        result = gurka_rotated(
            spec_a, spec_b, args.deals, players=args.players, seed=args.seed, workers=args.workers
        )
    print(f"{args.a} vs {args.b}: {result}")
    return 0
