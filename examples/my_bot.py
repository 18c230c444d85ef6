"""A complete bot for cardtable's arena, in plain Python (it does not import cardtable).

It speaks the bot protocol (docs/bot-protocol.md): one JSON object per line on stdin
and stdout. Play it against a built-in bot with:

    cardtable arena kraken --bot "cmd:python examples/my_bot.py" --bot random --deals 50

Its play is simple on purpose: in Gurka it sheds its highest legal card while it can
(only the last trick scores, so high cards are a danger there); in Kraken it passes
on trump unless forced and plays a random legal card.
Change ``choose`` to make it stronger.
"""

from __future__ import annotations

import json
import random
import sys

PROTOCOL = 1
RANKS = "23456789TJQKA"


def send(message: dict) -> None:
    """Write one protocol line and flush it (the arena waits for it)."""
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def log(text: str) -> None:
    """Debug output goes to stderr, never stdout."""
    print(f"my_bot: {text}", file=sys.stderr)


def rank(card: str) -> int:
    """The rank of a card such as "QS" or "10S", 2 lowest and the ace highest."""
    return RANKS.index("T" if card[:-1] == "10" else card[:-1])


def choose(game: str, observation: dict, rng: random.Random) -> str:
    """The action to take: always one of observation["legal_actions"]."""
    legal = observation["legal_actions"]
    if game == "gurka":
        cards = [a for a in legal if a not in ("buyback", "pass")]
        if not cards:
            return "buyback" if "buyback" in legal else legal[0]
        return max(cards, key=rank)
    if "pass" in legal and any(a.startswith("trump") for a in legal):
        return "pass"
    return rng.choice(legal)


def main() -> int:
    """Answer the arena until it says quit or closes the pipe."""
    game = ""
    rng = random.Random(0)
    for line in sys.stdin:
        try:
            message = json.loads(line)
            kind = message["type"]
        except (ValueError, KeyError, TypeError):
            log(f"ignored a bad line: {line.strip()[:80]}")
            continue
        if kind == "start":
            if message.get("protocol") != PROTOCOL:
                send({"type": "error", "message": f"I speak protocol {PROTOCOL} only"})
                continue
            game = message["game"]
            rng = random.Random(message["seed"])
            send({"type": "ready", "protocol": PROTOCOL, "name": "my_bot"})
        elif kind == "act":
            action = choose(game, message["observation"], rng)
            send({"type": "action", "id": message["id"], "action": action})
        elif kind == "quit":
            return 0
        # round_start, trick, round_end and game_end need no answer.
    return 0


if __name__ == "__main__":
    sys.exit(main())
