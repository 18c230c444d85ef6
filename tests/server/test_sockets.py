"""The server over real sockets on loopback: a whole Kraken game with humans and
bots, spectators, and every kind of bad message refused with its code."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from tests.server.helpers import run
from tests.server.live import Socket, guests, joined, live_server, play_until_over


def _versions(sock: Socket) -> list[int]:
    out = []
    for raw in sock.raw:
        message = json.loads(raw)
        if message["type"] == "update":
            out.append(message["version"])
    return out


def test_kraken_two_humans_two_bots_and_a_spectator(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, bob, carol = await guests(server, "Alice", "Bob", "Carol")
            seats = [
                {"kind": "human"},
                {"kind": "bot", "level": "heuristic"},
                {"kind": "human"},
                {"kind": "bot", "level": "random"},
            ]
            created = await alice.post(
                "/api/tables",
                {"game": "kraken", "preset": "rotterdam", "rules": {"rounds": 2}, "seats": seats},
            )
            table_id, invite = created["table"]["id"], created["invite"]
            joined = await bob.post(f"/api/tables/{table_id}/join", {"invite": invite})
            assert joined["table"]["seats"][2]["user_id"] == bob.user["id"]
            a = await Socket.open(server.ws, table_id, alice.token)
            b = await Socket.open(server.ws, table_id, bob.token)
            watcher = await Socket.open(server.ws, table_id, carol.token, invite)
            for sock in (a, b, watcher):
                assert (await sock.until("state"))["version"] == 0
            await alice.post(f"/api/tables/{table_id}/start", {"seed": 21})
            end_a, end_b = await asyncio.gather(play_until_over(a, 0), play_until_over(b, 2))
            end_w = await play_until_over(watcher, -1)
            assert end_a["version"] == end_b["version"] == end_w["version"]
            final = end_a["version"]
            for sock in (a, b, watcher):
                assert _versions(sock) == list(range(1, final + 1)), "an update was missed"
            assert all(json.loads(r).get("observation") is None for r in watcher.raw)
            table = (await alice.get(f"/api/tables/{table_id}"))["table"]
            assert table["status"] == "finished"
            exported = await alice.get(f"/api/games/{table['game_id']}/record")
            assert sum(len(r["actions"]) for r in exported["record"]["rounds"]) == final
            assert exported["result"]["scores"] == end_a["events"][-1]["result"]["scores"]
            # a rematch: proposed by Alice, dealt once Bob accepts too
            proposed = await alice.post(f"/api/tables/{table_id}/rematch", {"seed": 22})
            assert proposed["table"]["proposals"] == {"rematch": [0]}
            rematch = await bob.post(f"/api/tables/{table_id}/rematch", {"seed": 22})
            assert rematch["table"]["game_number"] == 2
            for sock in (a, b, watcher):
                await sock.close()
            for api in (alice, bob, carol):
                await api.close()

    run(main)


def test_every_bad_message_is_refused_with_its_code(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, other = await guests(server, "Alice", "Eve")
            created = await alice.post(
                "/api/tables",
                {
                    "game": "kraken",
                    "rules": {"rounds": 1},
                    "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 3,
                },
            )
            table_id = created["table"]["id"]
            sock = await joined(server, table_id, alice)

            async def refused(message: dict[str, Any] | str) -> str:
                await sock.send(message)
                reply = await sock.until("error")
                assert "Traceback" not in reply["message"] and reply["message"]
                return str(reply["code"])

            assert await refused("not json") == "bad_json"
            assert await refused("[1, 2]") == "bad_json"
            assert await refused({"type": "dance"}) == "unknown_type"
            assert await refused({"type": "action"}) == "bad_message"
            assert await refused({"type": "action", "id": "1", "action": "x", "y": 1}) == (
                "bad_message"
            )
            assert await refused({"type": "action", "id": "bad id!", "action": "x"}) == (
                "bad_message"
            )
            assert await refused({"v": 2, "type": "ping"}) == "unsupported_version"
            assert await refused({"type": "chat", "text": "x" * 5000}) == "too_large"
            assert await refused({"type": "action", "id": "a1", "action": "pass"}) == (
                "not_started"
            )
            await alice.post(f"/api/tables/{table_id}/start", {"seed": 4})
            state = await sock.until("state")
            while state.get("to_move") != 0:
                state = await sock.until("update")
            assert await refused({"type": "action", "id": "a2", "action": "play XX"}) == (
                "illegal_action"
            )
            # a spectator cannot act; a private table needs its invite to watch
            spectator = await Socket.open(server.ws, table_id, other.token, created["invite"])
            await spectator.until("state")
            await spectator.send({"type": "action", "id": "s1", "action": "pass"})
            assert (await spectator.until("error"))["code"] == "not_seated"
            uninvited = await Socket.open(server.ws, table_id, other.token)
            # a private table's existence is not confirmed to strangers
            assert (await uninvited.until("error"))["code"] == "not_found"
            anonymous = await connect(f"{server.ws}/ws/tables/{table_id}")
            await anonymous.send(json.dumps({"type": "auth"}))
            assert json.loads(await anonymous.recv())["code"] == "unauthorized"
            # HTTP refusals carry codes too
            async with httpx.AsyncClient(base_url=server.http) as anon:
                reply = await anon.post("/api/tables", json={"game": "kraken"})
                assert reply.status_code == 401
                assert reply.json()["error"]["code"] == "unauthorized"
            reply = await alice.client.post("/api/tables", json={"game": "poker"})
            assert reply.status_code == 422 and reply.json()["error"]["code"] == "bad_request"
            reply = await alice.client.post(
                "/api/tables", json={"game": "kraken", "rules": {"rounds": -3}}
            )
            assert reply.json()["error"]["code"] == "bad_request"
            reply = await other.client.post(f"/api/tables/{table_id}/join", json={})
            assert reply.json()["error"]["code"] == "not_found"
            reply = await alice.client.get("/api/tables/nope")
            assert reply.status_code == 404 and reply.json()["error"]["code"] == "not_found"
            for s in (sock, spectator, uninvited):
                await s.close()
            await anonymous.close()
            await alice.close()
            await other.close()

    run(main)


def test_the_message_over_the_rate_limit_is_refused(tmp_path: Path) -> None:
    # each message waits for its answer, so exactly the fourth is over "3 per hour"
    async def main() -> None:
        with live_server(tmp_path, limits={"message": "3/hour"}) as server:
            (alice,) = await guests(server, "Alice")
            created = await alice.post(
                "/api/tables",
                {
                    "game": "kraken",
                    "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 3,
                },
            )
            sock = await joined(server, created["table"]["id"], alice)
            for _ in range(3):
                await sock.send({"type": "ping"})
                await sock.until("pong")
            await sock.send({"type": "ping"})
            refused = await sock.until("error")
            assert refused["code"] == "rate_limited"
            assert re.fullmatch(
                r"too many requests \(3 per 1 hour\): try again in 3[56]\d\d s",
                refused["message"],
            ), refused["message"]
            await sock.close()
            await alice.close()

    run(main)
