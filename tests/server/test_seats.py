"""Seats over real sockets: a dropped human is held, then a bot plays the seat until
the human returns and takes it back; duplicate action ids; Gurka with six seats and
buy-backs; accounts with argon2 passwords."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from tests.server.helpers import run
from tests.server.live import (
    Api,
    Socket,
    close_all,
    guests,
    live_server,
    play_until_over,
    seed_where_first,
)


def test_drop_takeover_and_takeback(tmp_path: Path) -> None:
    """Alice drops; after the hold a bot plays her seat; she comes back and plays on.
    Bob, the other player, waits (does not move) from the bot's first move for Alice
    until she is back, so the game cannot end while she is away, whatever the speed
    of the machine."""

    async def main() -> None:
        with live_server(tmp_path, hold_seconds=0.2) as server:
            alice, bob = await guests(server, "Alice", "Bob")
            created = await alice.post(
                "/api/tables",
                {
                    "game": "kraken",
                    "rules": {"rounds": 1},
                    "seats": [{"kind": "human"}] * 2 + [{"kind": "bot", "level": "random"}] * 2,
                    "public": True,
                },
            )
            table_id = created["table"]["id"]
            await bob.post(f"/api/tables/{table_id}/join", {})
            sock = await Socket.open(server.ws, table_id, alice.token)
            viewer = await Socket.open(server.ws, table_id, alice.token)  # a second tab
            bob_sock = await Socket.open(server.ws, table_id, bob.token)
            for s in (sock, viewer, bob_sock):
                await s.until("state")
            took_over, alice_back = asyncio.Event(), asyncio.Event()

            async def bob_plays() -> dict[str, Any]:
                async with asyncio.timeout(120):
                    while True:
                        message = await bob_sock.recv()
                        if message["type"] not in ("update", "state"):
                            continue
                        events = message.get("events", [])
                        if any(e["type"] == "game_over" for e in events):
                            return message
                        if any(e.get("source") == "takeover" and e["seat"] == 0 for e in events):
                            took_over.set()
                        obs = message.get("observation")
                        if obs and message["to_move"] == 1 and obs["legal_actions"]:
                            if took_over.is_set():
                                await alice_back.wait()
                            action = obs["legal_actions"][0]
                            version = message["version"]
                            await bob_sock.send(
                                {"type": "action", "id": f"1-{version}", "action": action}
                            )

            bob_task = asyncio.create_task(bob_plays())
            await alice.post(
                f"/api/tables/{table_id}/start", {"seed": seed_where_first(0, {"rounds": 1})}
            )
            # Alice's turn: she sends the same action id twice
            message = await sock.until("state")
            while message.get("to_move") != 0:
                message = await sock.until("update")
            action = message["observation"]["legal_actions"][0]
            await sock.send({"type": "action", "id": "once", "action": action})
            await sock.send({"type": "action", "id": "once", "action": action})
            first, second = await sock.until("ack"), await sock.until("ack")
            assert (first["duplicate"], second["duplicate"]) == (False, True)
            assert first["version"] == second["version"]
            # both tabs leave: after the hold a bot plays seat 0
            await sock.close()
            await viewer.close()
            guest = await Api.guest(server.http, "Watcher")
            watcher = await Socket.open(server.ws, table_id, guest.token)
            # the takeover may have come before the watcher: its first state says so,
            # or else a seat message comes later
            state = await watcher.until("state")
            if state["table"]["seats"][0]["controller"] != "bot":
                taken = await watcher.until("seat")
                assert taken["seat"] == 0 and taken["controller"] == "bot"
            await asyncio.wait_for(took_over.wait(), 30)  # the bot moved for Alice
            # Alice comes back and takes her seat back; the bot stops playing it
            back = await Socket.open(server.ws, table_id, alice.token)
            returned = await watcher.until("seat")
            assert returned["seat"] == 0 and returned["controller"] == "player"
            alice_back.set()
            end = await play_until_over(back, 0)
            assert any(e["type"] == "game_over" for e in end["events"])
            assert (await bob_task)["version"] == end["version"]
            acks = [m for m in map(_json, back.raw) if m["type"] == "ack"]
            assert acks, "Alice played after taking her seat back"
            await close_all(back, watcher, bob_sock, alice, bob, guest)

    run(main)


def _json(raw: str) -> dict[str, Any]:
    import json

    result: dict[str, Any] = json.loads(raw)
    return result


def test_gurka_six_seats_with_buybacks(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            people = [await Api.guest(server.http, f"G{i}") for i in range(6)]
            created = await people[0].post(
                "/api/tables", {"game": "gurka", "rules": {"players": 6, "eliminate_at": 8}}
            )
            table_id, invite = created["table"]["id"], created["invite"]
            for api in people[1:]:
                await api.post(f"/api/tables/{table_id}/join", {"invite": invite})
            socks = [await Socket.open(server.ws, table_id, api.token) for api in people]
            for sock in socks:
                await sock.until("state")
            await people[0].post(f"/api/tables/{table_id}/start", {"seed": 1})
            ends = await asyncio.gather(
                *(play_buying_back(sock, seat) for seat, sock in enumerate(socks))
            )
            result = ends[0]["events"][-1]["result"]
            assert result["buybacks"] == [0, 2, 0, 1, 2, 2]
            assert ends[0]["version"] == 163
            # rated as a ranking of the six seats by net chips
            board = (await people[0].get("/api/leaderboard?game=gurka"))["entries"]
            assert len(board) == 6 and [e["rank"] for e in board] == list(range(1, 7))
            by_id = {e["player_id"]: e for e in board}
            chips = result["chips"]
            best = max(range(6), key=lambda seat: chips[seat])
            worst = min(range(6), key=lambda seat: chips[seat])
            assert by_id[people[best].user["id"]]["mu"] > by_id[people[worst].user["id"]]["mu"]
            for seat, api in enumerate(people):
                stats = (await api.get(f"/api/players/{api.user['id']}"))["stats"]["gurka"]
                assert stats["games"] == 1 and stats["net_chips"] == chips[seat]
                assert stats["wins"] == int(seat in result["winners"])
            for sock in socks:
                await sock.close()
            for api in people:
                await api.close()

    run(main)


async def play_buying_back(sock: Socket, seat: int) -> dict[str, Any]:
    """Play ``seat``: buy back whenever out, otherwise the first legal card."""
    async with asyncio.timeout(60):
        while True:
            message = await sock.recv()
            if message["type"] not in ("update", "state"):
                continue
            if any(e["type"] == "game_over" for e in message.get("events", [])):
                return message
            obs = message.get("observation")
            if obs and message["to_move"] == seat and obs["legal_actions"]:
                legal = obs["legal_actions"]
                action = "buyback" if "buyback" in legal else legal[0]
                await sock.send(
                    {"type": "action", "id": f"{seat}-{message['version']}", "action": action}
                )


def test_accounts_with_argon2_passwords(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            own_page = {"Origin": server.http}  # a browser on the server's page
            async with httpx.AsyncClient(base_url=server.http, headers=own_page) as http:
                made = await http.post(
                    "/api/register",
                    json={"username": "marit", "password": "kraken-nat-8", "name": "Marit"},
                )
                assert made.status_code == 200 and "cardtable_session" in made.cookies
                again = await http.post(
                    "/api/register", json={"username": "marit", "password": "something-9"}
                )
                assert again.json()["error"]["code"] == "username_taken"
                wrong = await http.post(
                    "/api/login", json={"username": "marit", "password": "wrong-password"}
                )
                assert wrong.status_code == 401
                assert wrong.json()["error"]["code"] == "bad_credentials"
                right = await http.post(
                    "/api/login", json={"username": "marit", "password": "kraken-nat-8"}
                )
                token = right.json()["token"]
                me = await http.get("/api/me", headers={"Authorization": f"Bearer {token}"})
                assert me.json()["name"] == "Marit" and me.json()["kind"] == "account"
                short = await http.post(
                    "/api/register", json={"username": "x1y", "password": "short"}
                )
                assert short.json()["error"]["code"] == "bad_request"
            service = server.app.state.service
            stored = service.store.accounts.user_by_username("marit")
            assert stored.password_hash.startswith("$argon2id$")
            assert "kraken-nat-8" not in stored.password_hash

    run(main)
