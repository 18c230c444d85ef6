"""A misbehaving bot for the fault tests: ``python fake_bot.py MODE``.

Modes: ``late`` (never answers a decision), ``illegal`` (answers an action that is
never legal), ``malformed`` (answers a line that is not JSON), ``missing`` (answers
without an action), ``crash`` (exits with code 3 at its first decision). Otherwise it
plays the first legal action, so the match goes on.
"""

import json
import sys


def main() -> int:
    mode = sys.argv[1]
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "start":
            print(json.dumps({"type": "ready", "protocol": 1}), flush=True)
        elif kind == "quit":
            return 0
        elif kind == "act":
            ident = message["id"]
            if mode == "late":
                continue
            if mode == "crash":
                print("fake_bot: crashing on purpose", file=sys.stderr, flush=True)
                return 3
            if mode == "malformed":
                print("this is not json", flush=True)
            elif mode == "missing":
                print(json.dumps({"type": "action", "id": ident}), flush=True)
            elif mode == "illegal":
                print(json.dumps({"type": "action", "id": ident, "action": "5Z"}), flush=True)
            else:
                legal = message["observation"]["legal_actions"]
                print(json.dumps({"type": "action", "id": ident, "action": legal[0]}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
