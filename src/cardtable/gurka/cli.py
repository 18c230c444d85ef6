"""``cardtable gurka ...``: replay a record, play a game of random legal players."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from cardtable.gurka.game import Game
from cardtable.gurka.render import render_game, render_round
from cardtable.gurka.round import Round
from cardtable.gurka.rules import Rules
from cardtable.records import load_record

__all__ = ["register"]


def register(games: Any) -> None:
    """Add the ``gurka`` sub-commands to the ``cardtable`` parser."""
    parser = games.add_parser("gurka", help="the Swedish trick-taking game Gurka (Cucumber)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    replay = commands.add_parser("replay", help="print a recorded round or game trick by trick")
    replay.add_argument("file", type=Path, help="a JSON record (round or game)")
    replay.add_argument("--unicode", action="store_true", help="show cards as 10♥")
    replay.set_defaults(handler=_replay)

    play = commands.add_parser(
        "random-game", help="play and print a whole game of legal-random players"
    )
    play.add_argument("--players", type=int, default=4, help="players, 3 to 8 (default 4)")
    play.add_argument("--seed", type=int, default=1, help="seed of the deals and the players")
    play.add_argument(
        "--rules",
        default="{}",
        help='variations as a JSON object, e.g. \'{"must_head": true, "eliminate_at": 20}\'',
    )
    play.add_argument(
        "--buyback-chance",
        type=float,
        default=0.5,
        help="probability that an out player buys back (default 0.5)",
    )
    play.add_argument("--record", type=Path, default=None, help="also save the game record here")
    play.add_argument("--unicode", action="store_true", help="show cards as 10♥")
    play.set_defaults(handler=_random_game)


def _replay(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    if record.get("type") == "round":
        print(render_round(Round.from_record(record), unicode=args.unicode))
    else:
        print(render_game(Game.from_record(record), unicode=args.unicode))
    return 0


def _random_game(args: argparse.Namespace) -> int:
    try:
        variations = json.loads(args.rules)
    except json.JSONDecodeError as error:
        raise ValueError(f"--rules is not a JSON object: {error}") from None
    if not isinstance(variations, dict):
        raise ValueError("--rules must be a JSON object of rules fields")
    rules = Rules.from_dict({**variations, "players": args.players})
    game = Game.new(rules, args.seed)
    players = random.Random(args.seed)
    while not game.is_over:
        legal = game.legal_actions()
        if game.phase == "buyback":
            game.apply("buyback" if players.random() < args.buyback_chance else "pass")
        else:
            game.apply(players.choice(legal))
    print(render_game(game, unicode=args.unicode))
    if args.record is not None:
        args.record.write_text(json.dumps(game.to_record(), indent=1) + "\n", encoding="utf-8")
    return 0
