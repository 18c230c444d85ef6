"""``cardtable kraken ...``: replay a record, play a game of random legal players.

The commands that need a bot or the solver (``deal``, ``solve``, ``analyze``) are
added to the same ``kraken`` parser by :mod:`cardtable.bots.cli` and
:mod:`cardtable.solver.cli`, so the engine depends on neither.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from cardtable.kraken.game import Game
from cardtable.kraken.render import render_game, render_round
from cardtable.kraken.round import Round
from cardtable.kraken.rules import PRESETS, Rules
from cardtable.records import load_record

__all__ = ["register"]


def register(games: Any) -> Any:
    """Add the ``kraken`` sub-commands to the ``cardtable`` parser; returns them, for
    the layers above to add theirs."""
    parser = games.add_parser("kraken", help="the Dutch trick-taking game Kraken")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    replay = commands.add_parser("replay", help="print a recorded round or game trick by trick")
    replay.add_argument("file", type=Path, help="a JSON record (round or game)")
    replay.add_argument("--unicode", action="store_true", help="show cards as J♥")
    replay.set_defaults(handler=_replay)

    play = commands.add_parser(
        "random-game", help="play and print a whole game of four legal-random players"
    )
    play.add_argument("--seed", type=int, default=1, help="seed of the deals and the players")
    play.add_argument("--rules", default="amsterdam", choices=sorted(PRESETS), help="rules preset")
    play.add_argument("--rounds", type=int, default=None, help="rounds (default: the preset's)")
    play.add_argument("--record", type=Path, default=None, help="also save the game record here")
    play.add_argument("--unicode", action="store_true", help="show cards as J♥")
    play.set_defaults(handler=_random_game)

    return commands


def _replay(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    if record.get("type") == "round":
        print(render_round(Round.from_record(record), unicode=args.unicode))
    else:
        print(render_game(Game.from_record(record), unicode=args.unicode))
    return 0


def _random_game(args: argparse.Namespace) -> int:
    rules: Rules = Rules.preset(args.rules)
    if args.rounds is not None:
        rules = rules.replace(rounds=args.rounds)
    game = Game.new(rules, args.seed)
    players = random.Random(args.seed)
    while not game.is_over:
        game.apply(players.choice(game.legal_actions()))
    print(render_game(game, unicode=args.unicode))
    if args.record is not None:
        args.record.write_text(json.dumps(game.to_record(), indent=1) + "\n", encoding="utf-8")
    return 0
