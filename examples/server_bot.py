"""A bot that plays its seat on a cardtable server (it does not import cardtable).

It speaks the server's WebSocket protocol (docs/server-protocol.md) with the
``websockets`` library, and decides with the very function the arena bot of
``examples/my_bot.py`` uses: the server sends the same observation (the engine's
``Observation.to_dict()``) and takes the same action text as the arena's JSON-lines
protocol, so one ``choose(game, observation, rng)`` plays in both places.

With a bot account's token it finds the tables it was seated at by itself:

    python examples/server_bot.py --url http://127.0.0.1:8000 --token BOT_TOKEN

With a table's one-seat token (``bot_tokens`` when the table was created) give the
table too:

    python examples/server_bot.py --url http://127.0.0.1:8000 --token SEAT_TOKEN --table ID

It plays until the game at each table is over, reconnecting when the connection
drops (a resent action id is applied once), and exits 0.

With ``--bot SPEC`` it decides with a cardtable bot instead (then it imports
cardtable), named as the arena names it, such as a trained agent:

    python examples/server_bot.py --token BOT_TOKEN --bot 'policy{"model": "agent.onnx"}'
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import urllib.request
from collections.abc import Callable

from my_bot import choose
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

FATAL = {"unauthorized", "forbidden", "not_found"}


def my_tables(base: str, token: str) -> list[dict]:
    """The tables where the bot holds a seat, from ``GET /api/me/tables``."""
    request = urllib.request.Request(
        f"{base}/api/me/tables", headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.load(reply)["tables"]


def over(message: dict) -> bool:
    """Whether a state or update message says the game is over."""
    if message["type"] == "state":
        return message.get("result") is not None
    return any(event["type"] == "game_over" for event in message.get("events", []))


Chooser = Callable[[str, dict, random.Random], str]


def cardtable_bot(text: str) -> Chooser:
    """A ``choose`` that asks the cardtable bot ``text`` (``NAME`` or
    ``NAME{json options}``), one bot per game, from the observation alone."""
    from cardtable.arena.specs import BotSpec
    from cardtable.bots import decide_once, make_bot
    from cardtable.game import kind

    spec = BotSpec.parse(text)
    bots: dict = {}

    def choose_with_bot(game: str, observation: dict, rng: random.Random) -> str:
        if game not in bots:
            bots[game] = make_bot(spec.name, game=game, seed=rng.randrange(1 << 31), **spec.options)
        rebuilt = kind(game).observation_from_dict(observation)
        players = len(kind(game).seat_names(rebuilt.rules))
        return decide_once(bots[game], game, rebuilt, players, rebuilt.rules)

    return choose_with_bot


async def play_table(
    base: str, token: str, table_id: str, seed: int, decide: Chooser = choose
) -> int:
    """Play our seat at ``table_id`` until its game is over; returns an exit code."""
    url = f"{base.replace('http', 'ws', 1)}/ws/tables/{table_id}"
    rng = random.Random(seed)
    for attempt in range(20):
        try:
            async with connect(url, open_timeout=30) as ws:
                await ws.send(json.dumps({"type": "auth", "token": token}))  # never in the URL
                seat, game = None, None
                async for raw in ws:
                    message = json.loads(raw)
                    kind = message["type"]
                    if kind == "error":
                        print(
                            f"server_bot: {message['code']}: {message['message']}", file=sys.stderr
                        )
                        if message["code"] in FATAL:
                            return 1
                        continue
                    if kind == "state":
                        seat, game = message["seat"], message["table"]["game"]
                    if kind not in ("state", "update") or message.get("game_id") is None:
                        continue
                    if over(message):
                        return 0
                    observation = message.get("observation")
                    if observation and message["to_move"] == seat and observation["legal_actions"]:
                        action = decide(game, observation, rng)
                        action_id = f"{message['game_id']}-{message['version']}"
                        await ws.send(
                            json.dumps({"type": "action", "id": action_id, "action": action})
                        )
        except (OSError, ConnectionClosed):
            await asyncio.sleep(min(5.0, 0.2 * 2**attempt))  # back off, then reconnect
    return 1


async def main() -> int:
    """Play every table we are asked to (or seated at) to the end of its game."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the server")
    parser.add_argument("--token", required=True, help="a bot account's or a seat's token")
    parser.add_argument("--table", default=None, help="the table (default: every one we sit at)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--bot", default=None, help="decide with this cardtable bot (imports cardtable)"
    )
    args = parser.parse_args()
    decide = cardtable_bot(args.bot) if args.bot else choose
    base = args.url.rstrip("/")
    if args.table:
        tables = [args.table]
    else:
        tables = [t["id"] for t in my_tables(base, args.token) if t["status"] != "finished"]
    codes = await asyncio.gather(
        *(play_table(base, args.token, t, args.seed, decide) for t in tables)
    )
    return max(codes, default=0)


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
