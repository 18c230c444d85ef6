"""``cardtable kraken ...``: replay a record, play a game of random legal players."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from cardtable.errors import RecordError
from cardtable.kraken.game import Game
from cardtable.kraken.render import render_game, render_round
from cardtable.kraken.round import Round
from cardtable.kraken.rules import PRESETS, Rules

__all__ = ["register"]


def register(games: Any) -> None:
    """Add the ``kraken`` sub-commands to the ``cardtable`` parser."""
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

    deal = commands.add_parser(
        "deal", help="deal a round and show what a bot would do at each decision"
    )
    deal.add_argument("--seed", type=int, default=1, help="seed of the deal")
    deal.add_argument("--dealer", default="W", help="dealer seat (N, E, S, W)")
    deal.add_argument("--rules", default="amsterdam", choices=sorted(PRESETS), help="rules preset")
    deal.add_argument("--show-bot", default="heuristic", help="the bot that plays every seat")
    deal.add_argument("--bot-options", default="{}", help='JSON options, e.g. {"iterations": 500}')
    deal.set_defaults(handler=_deal)


def _replay(args: argparse.Namespace) -> int:
    try:
        record = json.loads(args.file.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise RecordError(f"{args.file} is not JSON: {error}") from None
    if isinstance(record, dict) and record.get("type") == "round":
        print(render_round(Round.from_record(record), unicode=args.unicode))
    else:
        print(render_game(Game.from_record(record), unicode=args.unicode))
    return 0


def _deal(args: argparse.Namespace) -> int:
    from cardtable.bots import make_bot
    from cardtable.kraken.seat import Seat

    options = json.loads(args.bot_options)
    bots = [make_bot(args.show_bot, **{"seed": args.seed * 4 + s, **options}) for s in range(4)]
    round_ = Round.new(Rules.preset(args.rules), Seat.parse(args.dealer), args.seed)
    for dealt_to, hand in zip(Seat, round_.hands, strict=True):
        print(f"{dealt_to.name}: {hand}")
    while not round_.is_over:
        seat = round_.to_move
        assert seat is not None
        observation = round_.observation(seat)
        action = bots[seat].act(observation)
        table = " ".join(f"{s.name}:{c}" for s, c in round_.trick)
        legal = ", ".join(observation.legal_actions)
        print(
            f"{seat.name} holds {' '.join(map(str, observation.hand))}"
            f"{f' | trick {table}' if table else ''} | legal {legal} -> {action}"
        )
        round_.apply(action)
    print(render_round(round_).splitlines()[-1].strip())
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
