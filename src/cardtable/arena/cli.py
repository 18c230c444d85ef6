"""``cardtable arena GAME --bot A --bot B ...``: a fair match, its table, JSON, CSV, plot;
and ``cardtable bots duel``, a match of two bots in the game's fair format (duplicate
for Kraken, rotated for Gurka). The games are the registered ones; ``--rules`` and
``--set`` are read against the game's rules schema (``GameKind.rules_schema``)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from cardtable.game import kind, kinds

__all__ = ["parse_rules", "register", "register_duel"]


def register(commands: Any) -> None:
    """Add the ``arena`` command to the ``cardtable`` parser."""
    parser = commands.add_parser(
        "arena",
        help="a fair match between bots: duplicate, rotated or round-robin, with ratings",
        description="Play a match between bots and report the results. A bot is NAME, "
        'NAME{"option": value} (a built-in bot), proc:NAME (a built-in bot in its own '
        "process, through the bot protocol) or cmd:COMMAND (any program speaking the "
        "bot protocol, see docs/bot-protocol.md).",
    )
    parser.add_argument("game", choices=kinds())
    parser.add_argument("bots", nargs="*", metavar="BOT", help="the bots (or use --bot)")
    parser.add_argument(
        "--bot",
        action="append",
        default=[],
        dest="more_bots",
        metavar="BOT",
        help="one more bot (repeatable), the same forms as BOT",
    )
    parser.add_argument("--deals", type=int, default=100, help="deals (Gurka: game seeds)")
    parser.add_argument(
        "--format",
        choices=["duplicate", "rotated", "round-robin"],
        help="how the deals are shared out (default: the game's fair format)",
    )
    parser.add_argument("--rules", help="a rules preset of the game, or rules fields as JSON")
    parser.add_argument(
        "--contracts",
        choices=["bid", "fixed"],
        default="bid",
        help="bid: the full game (default); fixed: trump and declarer fixed from the cards, "
        "so that only card play is measured (Kraken; docs/arena.md)",
    )
    parser.add_argument(
        "--set", action="append", default=[], metavar="FIELD=VALUE", help="a rules field"
    )
    parser.add_argument("--players", type=int, help="players (the rules field, if the game has it)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    parser.add_argument("--workers", type=int, help="processes or Ray CPUs (default: all)")
    parser.add_argument(
        "--backend",
        choices=["processes", "ray"],
        default="processes",
        help="run the games in local processes or on Ray (default processes)",
    )
    parser.add_argument("--address", help="the Ray cluster to join (backend ray)")
    parser.add_argument(
        "--time-limit", type=float, default=10.0, help="seconds per decision for protocol bots"
    )
    parser.add_argument("--max-restarts", type=int, default=3, help="restarts of a crashed bot")
    parser.add_argument("--out", help="directory for the game records and results; resumes")
    parser.add_argument("--json", help="write the results as JSON here ('-' for stdout)")
    parser.add_argument("--csv", help="write the results as CSV here ('-' for stdout)")
    parser.add_argument("--plot", help="write the ratings plot here (.png and .svg)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.set_defaults(handler=_arena)


def register_duel(commands: Any) -> None:
    """Add ``duel`` (two bots measured on the arena) to the ``bots`` sub-commands."""
    duel = commands.add_parser(
        "duel",
        help="a match of two bots in the game's fair format (Kraken: deals played both "
        "ways; Gurka: seats rotated)",
    )
    duel.add_argument("game", choices=kinds())
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
    duel.add_argument("--players", type=int, help="players (Gurka: 4 unless given)")
    duel.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    duel.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    duel.add_argument(
        "--contracts",
        choices=["bid", "fixed"],
        default="bid",
        help="bid: the full game (default); fixed: contracts fixed from the cards, "
        "card play alone (duplicate games)",
    )
    duel.set_defaults(handler=_duel)


def _duel(args: argparse.Namespace) -> int:
    spec_a = (args.a, json.loads(args.a_options))
    spec_b = (args.b, json.loads(args.b_options))
    game = kind(args.game)
    changes = {} if args.players is None else {"players": args.players}
    if game.match_format == "duplicate":
        from cardtable.arena.duel import duplicate

        rules = game.rules(changes=changes) if changes else None
        result = duplicate(
            game.name,
            spec_a,
            spec_b,
            args.deals,
            rules,
            seed=args.seed,
            workers=args.workers,
            contracts=args.contracts,
        )
    else:
        from cardtable.arena.gurka_duel import rotated

        if args.contracts != "bid":
            raise ValueError(f"{game.title} has no contracts to fix: use --contracts bid")
        if "players" not in changes and _has_field(game.name, "players"):
            changes["players"] = 4
        result = rotated(
            game.name,
            spec_a,
            spec_b,
            args.deals,
            game.rules(changes=changes),
            seed=args.seed,
            workers=args.workers,
        )
    print(f"{args.a} vs {args.b}: {result}")
    return 0


def _has_field(game: str, name: str) -> bool:
    return any(spec["name"] == name for spec in kind(game).rules_schema()["fields"])


def _value(game: str, name: str, text: str) -> Any:
    """A ``--set`` value read as its field's type in the game's rules schema."""
    fields = {spec["name"]: spec for spec in kind(game).rules_schema()["fields"]}
    if name not in fields:
        raise ValueError(
            f"--set {name}: {kind(game).title} has no rules field {name!r}; "
            f"the fields are {', '.join(fields)}"
        )
    spec = fields[name]
    if spec["type"] == "bool":
        lowered = text.strip().lower()
        if lowered not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
            raise ValueError(f"--set {name}={text}: expected true or false")
        return lowered in ("true", "1", "yes", "on")
    if spec["type"] == "int":
        if spec.get("optional") and text.strip().lower() in ("none", "null", ""):
            return None
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"--set {name}={text}: expected a whole number") from None
    if spec["type"] == "choice":
        if text not in spec["options"]:
            options = ", ".join(map(str, spec["options"]))
            raise ValueError(f"--set {name}={text}: expected one of {options}")
        return text
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_rules(
    game: str, rules: str | None, sets: list[str], players: int | None = None
) -> dict[str, Any]:
    """The rules fields (and ``"preset"``) of ``--rules`` (a preset of the game or a JSON
    object), ``--set FIELD=VALUE`` (each read against the game's rules schema) and
    ``--players``; ``ValueError`` says what is wrong.

    >>> parse_rules("gurka", "standard", ["must_head=false", "players=5"])
    {'preset': 'standard', 'must_head': False, 'players': 5}
    """
    fields: dict[str, Any] = {}
    if rules:
        text = rules.strip()
        if text.startswith("{"):
            fields.update(json.loads(text))
        else:
            fields["preset"] = text
    for item in sets:
        name, equals, value = item.partition("=")
        if not equals:
            raise ValueError(f"--set {item!r}: expected FIELD=VALUE")
        fields[name.strip()] = _value(game, name.strip(), value)
    if players is not None:
        if not _has_field(game, "players"):
            raise ValueError(f"--players: {kind(game).title} has no players field")
        fields["players"] = players
    return fields


def _arena(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from cardtable.arena.formats import Match
    from cardtable.arena.plot import plot_ratings
    from cardtable.arena.results import summarize_match
    from cardtable.arena.runner import run_match

    if args.plot:
        import matplotlib  # noqa: F401  (the plot extra: missing, fail before the match)

    match = Match(
        args.game,
        tuple(args.bots + args.more_bots),
        args.deals,
        args.format,
        parse_rules(args.game, args.rules, args.set, args.players),
        args.seed,
        args.time_limit,
        args.max_restarts,
        args.contracts,
    )
    console = Console(stderr=True)
    start = time.perf_counter()
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        disable=args.no_progress,
    )
    bar = progress.add_task("games", total=None, rate="")
    first: list[int] = []

    def advance(done: int, total: int) -> None:
        if not first:
            first.append(done)
        played = done - first[0]
        elapsed = time.perf_counter() - start
        rate = f"{played / elapsed:.1f} games/s" if played and elapsed > 0 else ""
        progress.update(bar, completed=done, total=total, rate=rate)

    try:
        with progress:
            plays = run_match(
                match, args.backend, args.workers, args.address, args.out, progress=advance
            )
    except KeyboardInterrupt:
        saved = f"; the games played are saved in {args.out}: run the same command to resume"
        console.print("interrupted" + (saved if args.out else ""))
        return 130
    elapsed = time.perf_counter() - start
    results = summarize_match(match, plays)
    played = len(plays) - (first[0] if first else 0)
    out = Console()
    if args.json != "-" and args.csv != "-":
        out.print(results.table())
        faults = len(results.faults)
        out.print(
            f"{played} games played in {elapsed:.1f} s"
            + (f" ({len(plays) - played} resumed from {args.out})" if played < len(plays) else "")
            + (f"; {faults} faults" if faults else "")
        )
    data = json.dumps(results.to_dict(), indent=2) + "\n"
    if args.out:
        directory = Path(args.out)
        (directory / "results.json").write_text(data, encoding="utf-8")
        (directory / "results.csv").write_text(results.to_csv(), encoding="utf-8")
    for option, text in ((args.json, data), (args.csv, results.to_csv())):
        if option == "-":
            sys.stdout.write(text)
        elif option:
            Path(option).write_text(text, encoding="utf-8")
    if args.plot:
        for path in plot_ratings(results, args.plot):
            console.print(f"wrote {path}")
    return 0
