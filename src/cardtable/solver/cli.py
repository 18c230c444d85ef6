"""``cardtable kraken solve`` and ``cardtable kraken analyze``: the double-dummy solver
on the command line (added to the ``kraken`` command by :mod:`cardtable.cli`)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from cardtable.kraken.game import Game
from cardtable.kraken.round import Round
from cardtable.kraken.rules import PRESETS, Rules
from cardtable.records import load_record

__all__ = ["register_kraken"]


def register_kraken(commands: Any) -> None:
    """Add ``solve`` and ``analyze`` to the ``kraken`` sub-commands."""
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
    solve.add_argument(
        "--engine",
        default="auto",
        choices=("auto", "native", "pure"),
        help="the solver: native (compiled), pure (Python) or auto (native when built)",
    )
    solve.add_argument("--json", action="store_true", help="print JSON for tools")
    solve.set_defaults(handler=_solve)

    analyze = commands.add_parser(
        "analyze", help="what each card of a recorded round or game cost, double dummy"
    )
    analyze.add_argument("file", type=Path, help="a JSON record (round or game)")
    analyze.add_argument(
        "--engine",
        default="auto",
        choices=("auto", "native", "pure"),
        help="the solver: native (compiled), pure (Python) or auto (native when built)",
    )
    analyze.add_argument("--json", action="store_true", help="print JSON for tools")
    analyze.set_defaults(handler=_analyze)


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
