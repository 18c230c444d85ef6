"""``cardtable play``: a game of Kraken or Gurka against the bots, in the terminal.

``cardtable play`` starts Kraken at once (you sit South, medium bots);
``cardtable play gurka --players 5``; ``--plain`` plays line by line without
Textual; ``--replay FILE`` opens the replay viewer for any game record; ``--bot``
seats any built-in bot with options instead of a level (``--bot 'policy{"model":
"agent.onnx"}'``, a trained agent); ``q`` saves the game in play and ``--resume``
continues it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from cardtable.arena.specs import BotSpec
from cardtable.bots import Bot, make_bot
from cardtable.game import kind
from cardtable.records import load_record
from cardtable.tui.games import game_names, presenter
from cardtable.tui.i18n import LANGUAGES, detect_language, set_language
from cardtable.tui.session import LEVELS, Session, Settings, autosave_path

T = TypeVar("T")

__all__ = ["DESCRIPTION", "bot_factory", "main_play", "register", "settings_from_args"]

DESCRIPTION = """\
A game of Kraken or Gurka against the bots, in the terminal.

  cardtable play                      Kraken at once (you sit South, medium bots)
  cardtable play gurka --players 5    Gurka for five
  cardtable play --plain              line by line, without the full-screen table
  cardtable play --replay FILE        the replay viewer for any game record
  cardtable play --resume             continue the game you left with q
"""
"""What ``cardtable play --help`` says before the options."""


def register(games: Any) -> None:
    """Add ``cardtable play`` to the ``cardtable`` parser."""
    parser = games.add_parser(
        "play",
        help="play Kraken or Gurka in the terminal against the bots",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    names = game_names()
    parser.add_argument("name", nargs="?", default=names[0], choices=names, help="the game")
    presets = sorted({preset for name in names for preset in kind(name).presets})
    parser.add_argument(
        "--rules",
        default=None,
        choices=presets,
        help="rules preset (of every game that has it; Kraken: amsterdam by default)",
    )
    parser.add_argument(
        "--rounds", type=int, default=None, help="rounds in the game (games that have rounds)"
    )
    parser.add_argument(
        "--target-score",
        type=int,
        default=None,
        help="play until a team reaches this score (Kraken: 1500 or 750), not --rounds",
    )
    parser.add_argument(
        "--players", type=int, default=None, help="players (games for 3 to 8, such as Gurka)"
    )
    parser.add_argument("--level", default="medium", choices=sorted(LEVELS), help="bot level")
    parser.add_argument(
        "--bot",
        default=None,
        help="instead of the level, a built-in bot with its options, as the arena names it: "
        """'policy{"model": "agent.onnx"}' (a trained agent), 'ismcts{"iterations": 500}'""",
    )
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
    parser.add_argument(
        "--resume", action="store_true", help="continue the game you left with q (autosaved)"
    )
    parser.set_defaults(handler=main_play)


def settings_from_args(args: argparse.Namespace) -> Settings:
    """The :class:`Settings` the command-line options ask for; ``ValueError`` for an
    option the game does not have (``--players`` in Kraken, a preset Gurka lacks)."""
    game = args.name
    played = kind(game)
    if args.rules is not None and args.rules not in played.presets:
        presets = ", ".join(sorted(played.presets)) or "none"
        raise ValueError(
            f"--rules {args.rules} is not a {played.title} preset (its presets: {presets})"
        )
    fields = {spec["name"] for spec in played.rules_schema()["fields"]}
    for option, field in (
        ("--rounds", "rounds"),
        ("--target-score", "target_score"),
        ("--players", "players"),
    ):
        if getattr(args, field) is not None and field not in fields:
            raise ValueError(
                f"{option} does not apply to {played.title}: its rules have no {field}"
            )
    seat: int | None = None
    if args.seat is not None:
        seat = presenter(game).parse_seat(args.seat)
    rules_by_game: dict[str, Any] = {}
    if args.rules is not None:
        rules_by_game[game] = played.rules(args.rules)
    changes = {
        field: value
        for field, value in (
            ("rounds", args.rounds),
            ("target_score", args.target_score),
            ("players", args.players),
        )
        if value is not None
    }
    if changes:
        base = rules_by_game.get(game, played.rules())
        rules_by_game[game] = played.rules(None, {**base.to_dict(), **changes})
    pace = args.pace if args.pace is not None else (0.0 if args.plain else 0.6)
    return Settings(
        game=game,
        rules_by_game=rules_by_game,
        level=args.level,
        seat=seat,
        seed=args.seed,
        pace=pace,
    )


def bot_factory(text: str, game: str, seed: int) -> Callable[[int], Bot]:
    """The bots of ``--bot``: ``factory(seat)`` makes the bot of ``text`` (a built-in
    bot's arena spec) for ``game``; ``ValueError`` says what is wrong, at once."""
    spec = BotSpec.parse(text)
    if spec.external:
        raise ValueError(f"--bot {text!r}: name a built-in bot (the terminal runs no programs)")
    name, options = spec.name, dict(spec.options)
    make_bot(name, game=game, seed=seed, **options)  # a bad option says so now

    def factory(seat: int) -> Bot:
        return make_bot(name, game=game, seed=seed * 16 + seat, **options)

    return factory


def main_play(args: argparse.Namespace) -> int:
    """Run ``cardtable play``; returns the exit code."""
    set_language(args.lang or detect_language())
    settings = settings_from_args(args)
    factory = None
    if args.bot is not None:
        if args.load is not None or args.replay is not None or args.resume:
            print(
                "cardtable play: --bot seats the bots of a new game, "
                "not of --load, --replay or --resume"
            )
            return 2
        try:
            factory = bot_factory(args.bot, settings.game, settings.seed or 0)
        except ValueError as error:
            print(f"cardtable play: {error}")
            return 2
    if args.replay is not None:
        record = _read(args.replay, load_record)
        if args.plain:
            from cardtable.tui.replay import Replay, replay_lines

            for line in replay_lines(Replay(record)):
                print(line)
            return 0
        from cardtable.tui.app import CardTableApp

        CardTableApp(settings, replay=record).run()
        return 0
    if args.resume:
        path = autosave_path()
        if not path.exists():
            raise ValueError(f"no game to resume: {path} does not exist (q saves the game)")
        session = _read(path, lambda p: Session.load(p, settings))
    elif args.load is not None:
        session = _read(args.load, lambda p: Session.load(p, settings))
    else:
        session = Session(settings, bot_factory=factory)
    if args.plain:
        from cardtable.tui.plain import PlainTable

        def read() -> str | None:
            line = sys.stdin.readline()
            return line if line else None

        return PlainTable(session, read, print, pace=settings.pace).run()
    from cardtable.tui.app import CardTableApp

    CardTableApp(settings, session=session, bot_factory=factory).run()
    return 0


def _read(path: Path, reader: Callable[[Path], T]) -> T:
    """``reader(path)``, with a file error said in the player's language."""
    try:
        return reader(path)
    except OSError as error:
        from cardtable.tui.text import file_error

        raise ValueError(file_error(str(path), error)) from None
