"""``cardtable sheet kraken|gurka``: a score sheet for a game played with real cards.

``cardtable sheet kraken`` opens a new Kraken sheet (16 rounds, Amsterdam rules);
``--target 1500`` plays to a target score; ``cardtable sheet gurka --players Ann Bo Cy``.
Give a FILE to keep the sheet in (the JSON the browser exports and opens: it is
loaded if it exists and saved after every change); ``--plain`` works line by line
without Textual (``help`` lists the commands); ``--csv FILE`` writes the rounds as
CSV and stops.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from cardtable.gurka.rules import Rules as GurkaRules
from cardtable.kraken.rules import Rules as KrakenRules
from cardtable.sheet import GurkaSheet, KrakenSheet
from cardtable.tui.i18n import LANGUAGES, _, detect_language, set_language
from cardtable.tui.sheet import PlainSheet, SheetSession, load_file

__all__ = ["main_sheet", "new_sheet", "register"]


def register(games: Any) -> None:
    """Add ``cardtable sheet`` to the ``cardtable`` parser."""
    parser = games.add_parser(
        "sheet",
        help="a score sheet for Kraken or Gurka played with real cards",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", choices=["kraken", "gurka"], help="the game")
    parser.add_argument("file", nargs="?", type=Path, default=None, help="the sheet's JSON file")
    parser.add_argument("--plain", action="store_true", help="line-based text, no Textual")
    parser.add_argument("--csv", type=Path, default=None, help="write the rounds as CSV and stop")
    parser.add_argument("--lang", default=None, choices=sorted(LANGUAGES), help="language")
    parser.add_argument("--title", default="", help="the sheet's title")
    parser.add_argument("--dealer", type=int, default=1, help="the first dealer's seat, from 1")
    kraken = parser.add_argument_group("Kraken")
    kraken.add_argument("--rules", default="amsterdam", help="preset: amsterdam, rotterdam, g4a")
    kraken.add_argument("--rounds", type=int, default=None, help="rounds in the game (16)")
    kraken.add_argument("--target", type=int, default=None, help="play to this score (1500, 750)")
    kraken.add_argument("--roem", choices=["tricks", "hand", "none"], default=None)
    kraken.add_argument("--no-challenges", action="store_true", help="no contra, re, superkraken")
    kraken.add_argument("--double-spades", action="store_true", help="spades count double")
    kraken.add_argument(
        "--no-multiply-roem", action="store_true", help="multipliers apply to card points only"
    )
    kraken.add_argument("--teams", nargs=2, default=None, metavar="NAME", help="the team names")
    parser.add_argument(
        "--players",
        nargs="+",
        default=None,
        metavar="NAME",
        help="Gurka: 3 to 8 names; Kraken: the four players by seat N, E, S, W",
    )
    gurka = parser.add_argument_group("Gurka")
    gurka.add_argument("--eliminate-at", type=int, default=30, help="out at this score (30, 20)")
    gurka.add_argument("--free-rebuy", action="store_true", help="the first buy-back is free")
    gurka.add_argument("--stake", type=int, default=1, help="chips paid in and per buy-back")
    gurka.add_argument("--every-trick", action="store_true", help="every trick scores")
    parser.set_defaults(handler=main_sheet)


def new_sheet(args: argparse.Namespace) -> KrakenSheet | GurkaSheet:
    """A new sheet as the options ask."""
    if args.game == "kraken":
        rules = KrakenRules.preset(args.rules)
        changes: dict[str, Any] = {
            "challenges": not args.no_challenges and rules.challenges,
            "double_spades": args.double_spades or rules.double_spades,
            "multiply_roem": not args.no_multiply_roem and rules.multiply_roem,
            "target_score": args.target,
        }
        if args.rounds is not None:
            changes["rounds"] = args.rounds
        if args.roem is not None:
            changes["roem"] = args.roem
        teams = tuple(args.teams) if args.teams else (_("Us"), _("Them"))
        return KrakenSheet(
            rules.replace(**changes),
            teams=teams,
            players=tuple(args.players) if args.players else None,
            first_dealer=(args.dealer - 1) % 4,
            title=args.title,
        )
    names = tuple(args.players) if args.players else ("1", "2", "3", "4")
    rules_g = GurkaRules(
        players=len(names),
        eliminate_at=args.eliminate_at,
        free_rebuy=args.free_rebuy,
        stake=args.stake,
        penalty_tricks="every" if args.every_trick else "last",
    )
    return GurkaSheet(rules_g, names, first_dealer=(args.dealer - 1) % len(names), title=args.title)


def main_sheet(args: argparse.Namespace) -> int:
    """Run ``cardtable sheet``; returns the exit code."""
    set_language(args.lang or detect_language())
    if args.file is not None and args.file.exists():
        sheet = load_file(args.file)
        if sheet.to_dict()["game"] != args.game:
            raise ValueError(
                _("{path} is not a {game} sheet").format(path=args.file, game=args.game)
            )
    else:
        sheet = new_sheet(args)
    session = SheetSession(sheet, args.file)
    if args.csv is not None:
        session.export_csv(args.csv)
        return 0
    if args.plain:

        def read() -> str | None:
            line = sys.stdin.readline()
            return line if line else None

        return PlainSheet(session, read, print).run()
    from cardtable.tui.sheet_app import SheetApp

    SheetApp(session).run()
    return 0
