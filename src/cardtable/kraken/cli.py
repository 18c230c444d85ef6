"""``cardtable kraken ...``: replay a record, play a game of random legal players."""

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

    solve = commands.add_parser(
        "solve", help="solve a deal double dummy: the value and each card's value"
    )
    solve.add_argument("deal", help='four hands, e.g. "N: 8H QH ... | E: ... | S: ... | W: ..."')
    solve.add_argument("--trump", required=True, help="trump suit (C, D, H, S)")
    solve.add_argument("--leader", default="N", help="seat that leads (default N)")
    solve.add_argument("--declarer", default=None, help="seat that chose trump (default leader)")
    solve.add_argument("--rules", default="amsterdam", choices=sorted(PRESETS), help="rules preset")
    solve.add_argument(
        "--roem", default=None, choices=("tricks", "hand", "none"), help="override the roem mode"
    )
    solve.add_argument("--engine", default="auto", choices=("auto", "native", "pure"))
    solve.add_argument("--json", action="store_true", help="print JSON for tools")
    solve.set_defaults(handler=_solve)

    analyze = commands.add_parser(
        "analyze", help="what each card of a recorded round or game cost, double dummy"
    )
    analyze.add_argument("file", type=Path, help="a JSON record (round or game)")
    analyze.add_argument("--engine", default="auto", choices=("auto", "native", "pure"))
    analyze.add_argument("--json", action="store_true", help="print JSON for tools")
    analyze.set_defaults(handler=_analyze)


def _replay(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    if record.get("type") == "round":
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


def _solve(args: argparse.Namespace) -> int:
    from cardtable.solver import solve
    from cardtable.solver.text import deal_round, parse_deal

    rules = Rules.preset(args.rules)
    if args.roem is not None:
        rules = rules.replace(roem=args.roem)
    round_ = deal_round(
        parse_deal(args.deal), args.trump, args.leader, args.declarer or args.leader, rules
    )
    solution = solve(round_, args.engine)
    declarers = "North-South" if solution.declarers == 0 else "East-West"
    if args.json:
        data = {
            "value": solution.value,
            "declarers": declarers,
            "to_move": None if round_.to_move is None else round_.to_move.name,
            "card_values": {str(c): v for c, v in solution.card_values.items()},
            "best": [str(c) for c in solution.best_cards],
            "nodes": solution.nodes,
        }
        print(json.dumps(data))
        return 0
    assert round_.trump is not None and round_.to_move is not None
    print(
        f"trump {round_.trump.name.lower()}, {round_.to_move.name} leads, "
        f"{declarers} declare, rules {args.rules}"
    )
    print(f"value {solution.value:+d} (declarers minus defenders, best play by both sides)")
    print("card  value")
    for card, value in sorted(solution.card_values.items(), key=lambda item: -item[1]):
        mark = "  best" if value == solution.value else ""
        print(f"{card!s:>4}  {value:+5d}{mark}")
    return 0


def _analyze(args: argparse.Namespace) -> int:
    from cardtable.solver.analysis import analyze, render_analysis

    record = load_record(args.file)
    if record.get("type") == "round":
        rounds = [Round.from_record(record)]
    else:
        rounds = Game.from_record(record).history
    results = [analyze(round_, args.engine) for round_ in rounds]
    if args.json:
        print(json.dumps([[entry.to_dict() for entry in costs] for costs in results]))
        return 0
    for number, costs in enumerate(results, 1):
        if len(results) > 1:
            print(f"Round {number}")
        print(render_analysis(costs))
    return 0
