"""``cardtable bots ...``: list the bots; ``cardtable kraken deal``: what a bot would do.

``cardtable bots duel`` (a match measured on the arena) is added to the same parser
by :mod:`cardtable.arena.cli`.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardtable.bots import list_bots, make_bot, plays
from cardtable.game import kinds
from cardtable.kraken.render import render_round
from cardtable.kraken.round import Round
from cardtable.kraken.rules import PRESETS, Rules
from cardtable.kraken.seat import Seat

__all__ = ["register", "register_kraken"]


def register(commands: Any) -> Any:
    """Add the ``bots`` sub-commands to the ``cardtable`` parser; returns them, for
    the layers above to add theirs."""
    parser = commands.add_parser("bots", help="list the bots, or measure them in duplicate")
    parser.set_defaults(handler=_list)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("list", help="the bots and what they do").set_defaults(handler=_list)
    return sub


def register_kraken(commands: Any) -> None:
    """Add ``deal`` (a bot's decisions through a round) to the ``kraken`` sub-commands."""
    deal = commands.add_parser(
        "deal", help="deal a round and show what a bot would do at each decision"
    )
    deal.add_argument("--seed", type=int, default=1, help="seed of the deal")
    deal.add_argument("--dealer", default="W", help="dealer seat (N, E, S, W)")
    deal.add_argument("--rules", default="amsterdam", choices=sorted(PRESETS), help="rules preset")
    deal.add_argument("--show-bot", default="heuristic", help="the bot that plays every seat")
    deal.add_argument("--bot-options", default="{}", help='JSON options, e.g. {"iterations": 500}')
    deal.set_defaults(handler=_deal)


def _list(args: argparse.Namespace) -> int:
    for name, description in list_bots().items():
        games = ", ".join(game for game in kinds() if plays(name, game))
        print(f"{name:10} {description} [plays: {games}]")
    return 0


def _deal(args: argparse.Namespace) -> int:
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
