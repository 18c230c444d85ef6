"""The bot API: an account creates a bot account and its token; external bots (a bot
account, and a table's one-seat token) connect on the same WebSocket protocol and
play their seats with ``examples/server_bot.py``, a separate program that does not
import cardtable (unless ``--bot`` asks for a cardtable bot, such as a trained
agent); their observations and actions are the arena protocol's."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import httpx

from cardtable import kraken
from cardtable.arena.protocol import check_message, encode, observation_from_dict
from tests.envs.models import linear_policy
from tests.server.helpers import run
from tests.server.live import Api, Socket, close_all, joined, live_server

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "server_bot.py"


async def _example(
    base: str, token: str, table: str | None = None, bot: str | None = None
) -> asyncio.subprocess.Process:
    args = [sys.executable, str(EXAMPLE), "--url", base, "--token", token]
    if table:
        args += ["--table", table]
    if bot:
        args += ["--bot", bot]
    return await asyncio.create_subprocess_exec(*args, stderr=asyncio.subprocess.PIPE)


def test_external_bots_play_a_whole_kraken_round(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            async with httpx.AsyncClient(base_url=server.http) as http:
                body = (
                    await http.post(
                        "/api/register", json={"username": "owner", "password": "bots-are-fun"}
                    )
                ).json()
            owner = Api(server.http, body["token"], body["user"])
            guest = await Api.guest(server.http, "Guest")
            refused = await guest.client.post("/api/bots", json={"name": "nope"})
            assert refused.status_code == 403
            made = await owner.post("/api/bots", {"name": "Octopus"})
            bot_id, bot_token = made["bot"]["id"], made["token"]
            assert made["bot"]["kind"] == "bot"
            assert [b["id"] for b in (await owner.get("/api/bots"))["bots"]] == [bot_id]
            created = await owner.post(
                "/api/tables",
                {
                    "game": "kraken",
                    "rules": {"rounds": 1},
                    "rated": False,  # the owner holds both external seats
                    "seats": [
                        {"kind": "external", "bot": bot_id},
                        {"kind": "bot", "level": "random"},
                        {"kind": "external"},
                        {"kind": "bot", "level": "heuristic"},
                    ],
                },
            )
            table_id = created["table"]["id"]
            seat_token = created["bot_tokens"]["2"]
            bot_api = Api(server.http, bot_token, made["bot"])
            seated = (await bot_api.get("/api/me/tables"))["tables"]
            assert [t["id"] for t in seated] == [table_id]
            watcher = await joined(server, table_id, owner)
            await owner.post(f"/api/tables/{table_id}/start", {"seed": 8})

            # the one-seat token opens seat 2 on the ordinary protocol; its
            # observation is the arena's, action for action
            probe = await Socket.open(server.ws, table_id, seat_token)
            state = await probe.until("state")
            assert state["seat"] == 2 and state["game_id"]
            observation = state["observation"]
            act = check_message(
                encode({"type": "act", "id": 1, "observation": observation}), "arena"
            )
            rebuilt = observation_from_dict("kraken", act["observation"])
            assert isinstance(rebuilt, kraken.Observation) and rebuilt.to_dict() == observation
            await probe.close()

            # one plays with the example's own rules, the other is a trained agent
            # (a policy network exported to ONNX, here with random weights)
            model = linear_policy(tmp_path / "agent.onnx", "kraken")
            programs = [
                await _example(server.http, bot_token),
                await _example(
                    server.http, seat_token, table_id, bot=f'policy{{"model": "{model}"}}'
                ),
            ]
            end: dict[str, Any] | None = None
            async with asyncio.timeout(60):
                while end is None:
                    message = await watcher.recv()
                    if message["type"] == "update" and any(
                        e["type"] == "game_over" for e in message["events"]
                    ):
                        end = message
            for program in programs:
                _, err = await asyncio.wait_for(program.communicate(), 30)
                assert program.returncode == 0, err.decode()
            actions = [
                e
                for m in map(json.loads, watcher.raw)
                if m["type"] == "update"
                for e in m["events"]
                if e["type"] == "action"
            ]
            assert len(actions) == end["version"]
            mine = [e for e in actions if e["seat"] in (0, 2)]
            assert len(mine) >= 16, "each external bot played its eight cards"
            assert all("source" not in e for e in mine), "the bots played, not a takeover"
            assert all(e.get("source") == "bot" for e in actions if e["seat"] in (1, 3))
            profile = await owner.get(f"/api/players/{bot_id}")
            # a casual table's game changes no statistics or rating
            assert profile["kind"] == "bot" and profile["stats"]["kraken"]["games"] == 0
            table = (await owner.get(f"/api/tables/{table_id}"))["table"]
            assert table["seats"][2]["user_id"] and table["seats"][2]["kind"] == "external"
            # a new token replaces the old one
            renewed = await owner.post(f"/api/bots/{bot_id}/token")
            assert renewed["token"] != bot_token
            stale = Api(server.http, bot_token, made["bot"])
            assert (await stale.client.get("/api/me")).status_code == 401
            await stale.close()
            await close_all(watcher, owner, guest, bot_api)

    run(main)
