"""What the browser client needs from the server, kept apart from the protocol.

- The built single-page app (``static/``, made from ``web/`` by ``make web``) served
  at ``/``: its files as they are, and ``index.html`` for every other path that is not
  under ``/api`` or ``/ws``, so that a link such as ``/tables/abc#invite=...`` opens the
  app, which routes it. Without a build, a short page says how to make one.
- The frames of a finished game for the replay viewer (:func:`replay_frames`, served
  by ``GET /api/games/{game_id}/replay``), computed by replaying its record through
  the engine (the client implements no rule): after each action, every seat's hand
  (the game is over, nothing is hidden any more), the public view and the public
  events of that action.

:func:`mount_web` is called last in :func:`cardtable.server.app.create_app`, so its
catch-all route never shadows an API route.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response

from cardtable.server import games

__all__ = ["STATIC", "mount_web", "replay_frames"]

STATIC = Path(__file__).parent / "static"
"""Where ``make web`` (Vite) writes the built client."""

_MISSING = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cardtable: client not built</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}
code{background:#eee;padding:.1rem .3rem;border-radius:.2rem}</style></head>
<body><h1>The browser table is not built yet</h1>
<p>The server is running: its API is under <code>/api</code> and its sockets under
<code>/ws</code>. The browser client is built from <code>web/</code> with Node.js:</p>
<p><code>make web</code> (or <code>cd web &amp;&amp; npm ci &amp;&amp; npm run build</code>),
then reload this page. <code>make run</code> builds it and starts the server.</p>
</body></html>
"""


def _not_found(path: str) -> JSONResponse:
    message = f"no such endpoint: /{path}"
    return JSONResponse({"error": {"code": "not_found", "message": message}}, status_code=404)


def _frame(
    state: games.AnyGame, seat: int | None, action: str | None, events: list[dict[str, Any]]
) -> dict[str, Any]:
    return {
        "seat": seat,
        "action": action,
        "events": events,
        "hands": [state.observation(s).to_dict()["hand"] for s in range(state.players)],
        "view": games.public_view(state),
    }


def replay_frames(export: dict[str, Any]) -> dict[str, Any]:
    """The replay of an exported game (``Service.export``): its players, result and
    one frame per action, the first frame being the deal.

    >>> from cardtable import kraken
    >>> g = kraken.Game.new(kraken.Rules(rounds=1), 7)
    >>> while not g.is_over:
    ...     _ = g.apply(g.legal_actions()[0])
    >>> out = replay_frames({"record": g.to_record(), "players": [], "result": None})
    >>> len(out["frames"]) == len(g.history[0].actions) + 1, out["frames"][0]["action"]
    (True, None)
    >>> [len(h) for h in out["frames"][0]["hands"]], [len(h) for h in out["frames"][-1]["hands"]]
    ([8, 8, 8, 8], [0, 0, 0, 0])
    """
    record = export["record"]
    game = record["game"]
    initial, actions = games.split_record(record)
    state = games.rebuild(game, initial, [])
    frames = [_frame(state, None, None, [])]
    for action in actions:
        seat = int(state.to_move) if state.to_move is not None else -1
        before = games.snapshot(state)
        canonical = games.apply_action(state, action)
        frames.append(
            _frame(
                state, seat, canonical, games.public_events(game, state, before, seat, canonical)
            )
        )
    return {
        "game": game,
        "game_id": export.get("game_id"),
        "table_id": export.get("table_id"),
        "players": export.get("players"),
        "names": export.get("names"),
        "result": export.get("result"),
        "rules": record["rules"],
        "frames": frames,
    }


def mount_web(app: FastAPI, static: Path = STATIC) -> None:
    """Serve the client from ``static`` at ``/``."""

    root = static.resolve()

    @app.get("/{path:path}", include_in_schema=False)
    async def client(path: str) -> Response:
        if path.split("/", 1)[0] in ("api", "ws"):
            return _not_found(path)
        index = root / "index.html"
        if not index.is_file():
            return HTMLResponse(_MISSING, status_code=503)
        if path:
            file = (root / path).resolve()
            if file.is_relative_to(root) and file.is_file():
                cache = (
                    "public, max-age=31536000, immutable"
                    if path.startswith("assets/")
                    else "no-cache"
                )
                return FileResponse(file, headers={"Cache-Control": cache})
        return FileResponse(index, headers={"Cache-Control": "no-cache"})
