"""``cardtable play``: a game of Kraken or Gurka against the bots, in the terminal.

``cardtable play`` starts Kraken at once (you sit South, medium bots);
``cardtable play gurka --players 5``; ``--plain`` plays line by line without
Textual; ``--replay FILE`` opens the replay viewer for any game record.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from cardtable import gurka, kraken
from cardtable.records import load_record
from cardtable.tui.i18n import LANGUAGES, detect_language, set_language
from cardtable.tui.session import LEVELS, Session, Settings

__all__ = ["main_play", "register", "settings_from_args"]


def register(games: Any) -> None:
    """Add ``cardtable play`` to the ``cardtable`` parser."""
    parser = games.add_parser(
        "play",
        help="play Kraken or Gurka in the terminal against the bots",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "name", nargs="?", default="kraken", choices=("kraken", "gurka"), help="the game"
    )
    parser.add_argument(
        "--rules", default="amsterdam", choices=sorted(kraken.PRESETS), help="Kraken rules preset"
    )
    parser.add_argument("--rounds", type=int, default=None, help="Kraken: rounds in the game")
    parser.add_argument("--players", type=int, default=4, help="Gurka: players (3 to 8)")
    parser.add_argument("--level", default="medium", choices=sorted(LEVELS), help="bot level")
    parser.add_argument(
        "--seat", default=None, help="your seat: N, E, S, W in Kraken (default S); 1-8 in Gurka"
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the deals and the bots")
    parser.add_argument(
        "--pace", type=float, default=None, help="seconds between bot moves (default 0.6; plain 0)"
    )
    parser.add_argument(
        "--lang", default=None, choices=sorted(LANGUAGES), help="language (default: the system's)"
    )
    parser.add_argument("--plain", action="store_true", help="line-based text, no Textual")
    parser.add_argument("--load", type=Path, default=None, help="continue a saved game")
    parser.add_argument("--replay", type=Path, default=None, help="watch a game record")
    parser.set_defaults(handler=main_play)


def settings_from_args(args: argparse.Namespace) -> Settings:
    """The :class:`Settings` the command-line options ask for."""
    game = args.name
    seat: int | None = None
    if args.seat is not None:
        if game == "kraken":
            seat = int(kraken.Seat.parse(args.seat if not args.seat.isdigit() else int(args.seat)))
        else:
            seat = int(args.seat) - 1
    kraken_rules = kraken.Rules.preset(args.rules)
    if args.rounds is not None:
        kraken_rules = kraken_rules.replace(rounds=args.rounds)
    pace = args.pace if args.pace is not None else (0.0 if args.plain else 0.6)
    return Settings(
        game=game,
        kraken_rules=kraken_rules,
        gurka_rules=gurka.Rules(players=args.players),
        level=args.level,
        seat=seat,
        seed=args.seed,
        pace=pace,
    )


def main_play(args: argparse.Namespace) -> int:
    """Run ``cardtable play``; returns the exit code."""
    set_language(args.lang or detect_language())
    settings = settings_from_args(args)
    if args.replay is not None:
        record = load_record(args.replay)
        if args.plain:
            from cardtable.tui.replay import Replay, replay_lines

            for line in replay_lines(Replay(record)):
                print(line)
            return 0
        from cardtable.tui.app import CardTableApp

        CardTableApp(settings, replay=record).run()
        return 0
    session = Session.load(args.load, settings) if args.load else Session(settings)
    if args.plain:
        from cardtable.tui.plain import PlainTable

        def read() -> str | None:
            line = sys.stdin.readline()
            return line if line else None

        return PlainTable(session, read, print, pace=settings.pace).run()
    from cardtable.tui.app import CardTableApp

    CardTableApp(settings, session=session).run()
    return 0
