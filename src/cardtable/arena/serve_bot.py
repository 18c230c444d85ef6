"""Run a built-in bot as a separate process speaking the bot protocol on stdin/stdout.

``python -m cardtable.arena.serve_bot NAME [--options JSON]``: the arena starts this
for ``--bot proc:NAME``. The bot sees exactly the observations it would see
in-process (rebuilt by :func:`~cardtable.arena.protocol.observation_from_dict`) and is
seeded from the handshake, so its decisions are the same.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import IO, Any

from cardtable.arena.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    check_message,
    encode,
    observation_from_dict,
)

__all__ = ["main", "serve"]


def serve(name: str, options: dict[str, Any], stdin: IO[str], stdout: IO[str]) -> int:
    """Answer protocol messages from ``stdin`` on ``stdout`` until ``quit`` or the end
    of input; returns the exit code. Invalid messages are reported on stderr and
    ignored, as the protocol asks of a bot."""
    from cardtable.bots import make_bot
    from cardtable.bots.base import Bot

    bot: Bot | None = None
    game = ""
    for line in stdin:
        if not line.strip():
            continue
        try:
            message = check_message(line, "arena")
        except ProtocolError as error:
            print(f"serve_bot: ignored a bad message: {error}", file=sys.stderr)
            continue
        kind = message["type"]
        if kind == "quit":
            return 0
        if kind == "start":
            if message["protocol"] != PROTOCOL_VERSION:
                reply = (
                    f"protocol {message['protocol']} is not supported: I speak {PROTOCOL_VERSION}"
                )
                stdout.write(encode({"type": "error", "message": reply}))
                stdout.flush()
                continue
            from cardtable.arena.games import make_rules

            try:
                rules = make_rules(message["game"], message["rules"])
                bot = make_bot(name, game=message["game"], **{**options, "seed": message["seed"]})
            except ValueError as error:
                stdout.write(encode({"type": "error", "message": str(error)}))
                stdout.flush()
                continue
            game = message["game"]
            bot.start_game(game, message["seat"], message["players"], rules)
            stdout.write(encode({"type": "ready", "protocol": PROTOCOL_VERSION, "name": name}))
            stdout.flush()
            continue
        if bot is None:
            print(f"serve_bot: {kind!r} before the handshake, ignored", file=sys.stderr)
            continue
        observation = observation_from_dict(game, message["observation"])
        if kind == "act":
            action = bot.act(observation)
            stdout.write(encode({"type": "action", "id": message["id"], "action": action}))
            stdout.flush()
        elif kind == "round_start":
            bot.start_round(observation)
        elif kind == "round_end":
            bot.end_round(observation)
        elif kind == "game_end":
            bot.end_game(observation)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """The command line of ``python -m cardtable.arena.serve_bot``."""
    parser = argparse.ArgumentParser(prog="python -m cardtable.arena.serve_bot")
    parser.add_argument("name", help="a built-in bot, e.g. heuristic")
    parser.add_argument("--options", default="{}", help="JSON options of the bot")
    args = parser.parse_args(argv)
    return serve(args.name, json.loads(args.options), sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
