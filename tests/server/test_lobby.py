"""Kept seats and the lobby: a seat kept for the invite's holders or for a named
account, which a stranger from the lobby cannot take; the lobby's host, seated names
and live games with their spectators, saying that a seat is kept but never for whom."""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from tests.server.helpers import run
from tests.server.live import Api, Socket, close_all, error_code, guests, live_server

HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "level": "random"}
FRIEND = {"kind": "human", "invite": True}


def test_kept_seats_go_to_the_invited_only(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, stranger, friend = await guests(server, "Alice", "Stranger", "Friend")
            carol = await Api.account(server.http, "carol", name="Carol")
            created = await alice.post(
                "/api/tables",
                {
                    "game": "gurka",
                    "rules": {"players": 4},
                    "seats": [
                        HUMAN,
                        {"kind": "human", "invite": True},
                        HUMAN,
                        {"kind": "human", "player": "carol"},
                    ],
                    "public": True,
                },
            )
            table_id, invite = created["table"]["id"], created["invite"]
            seats = created["table"]["seats"]
            assert seats[0]["user_id"] == alice.user["id"]
            assert [s["reservation"] for s in seats] == [None, "invite", None, "player"]
            assert all("reserved_for" not in s for s in seats)  # the table says not whom
            assert [s["open"] for s in seats] == [False, False, True, False]

            # the stranger from the lobby: neither kept seat, only the open one
            for seat in (1, 3):
                reply = await stranger.client.post(
                    f"/api/tables/{table_id}/join", json={"seat": seat}
                )
                assert reply.status_code == 409 and error_code(reply) == "seat_taken", reply.text
            reply = await stranger.client.post(f"/api/tables/{table_id}/join", json={"seat": 1})
            assert "invite link" in reply.json()["error"]["message"]
            joined = await stranger.post(f"/api/tables/{table_id}/join", {})
            assert joined["table"]["seats"][2]["user_id"] == stranger.user["id"]
            # a wrong invite is no invite
            reply = await friend.client.post(
                f"/api/tables/{table_id}/join", json={"seat": 1, "invite": "x" * 22}
            )
            assert reply.status_code == 409
            # the friend with the invite takes the seat kept for them; Carol hers
            await friend.post(f"/api/tables/{table_id}/join", {"seat": 1, "invite": invite})
            reply = await alice.client.post(f"/api/tables/{table_id}/start", json={})
            assert reply.status_code == 409 and error_code(reply) == "seats_open"
            # each socket's state says which seat is kept for that person only
            mine = await Socket.open(server.ws, table_id, carol.token)
            theirs = await Socket.open(server.ws, table_id, stranger.token)
            assert (await mine.until("state"))["kept"] == 3
            assert (await theirs.until("state"))["kept"] is None
            assert carol.user["id"] not in "".join(theirs.raw)
            await close_all(mine, theirs)
            table = (await carol.post(f"/api/tables/{table_id}/join", {}))["table"]
            assert [s["user_id"] for s in table["seats"]] == [
                alice.user["id"],
                friend.user["id"],
                stranger.user["id"],
                carol.user["id"],
            ]
            await alice.post(f"/api/tables/{table_id}/start")
            await close_all(alice, stranger, friend, carol)

    run(main)


def test_a_seat_is_kept_only_for_an_existing_account(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice = await Api.account(server.http, "alice", name="Alice")
            (guest,) = await guests(server, "Gus")
            for player, message in (("nobody", "no account"), ("alice", "already has")):
                reply = await alice.client.post(
                    "/api/tables",
                    json={
                        "game": "kraken",
                        "seats": [HUMAN, {"kind": "human", "player": player}] + [RANDOM] * 2,
                    },
                )
                assert reply.status_code == 400 and message in reply.json()["error"]["message"]
            # a guest has no username, so only accounts can be named
            reply = await alice.client.post(
                "/api/tables",
                json={
                    "game": "kraken",
                    "seats": [HUMAN, {"kind": "human", "player": "Gus"}] + [RANDOM] * 2,
                },
            )
            assert reply.status_code == 400
            # the named player sees the private table without its invite
            bob = await Api.account(server.http, "bob", name="Bob")
            created = await alice.post(
                "/api/tables",
                {
                    "game": "kraken",
                    "seats": [HUMAN, {"kind": "human", "player": "bob"}, *[RANDOM] * 2],
                },
            )
            table_id = created["table"]["id"]
            assert (await bob.get(f"/api/tables/{table_id}"))["table"]["id"] == table_id
            assert (await guest.client.get(f"/api/tables/{table_id}")).status_code == 404
            assert [t["id"] for t in (await bob.get("/api/me/tables"))["tables"]] == [table_id]
            await close_all(alice, guest, bob)

    run(main)


def test_the_lobby_shows_hosts_names_and_live_games_without_secrets(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, bob, watcher = await guests(server, "Alice", "Bob", "Watcher")
            carol = await Api.account(server.http, "carol", name="Carol")
            waiting = await alice.post(
                "/api/tables",
                {
                    "game": "kraken",
                    "seats": [HUMAN, HUMAN, {"kind": "human", "player": "carol"}, RANDOM],
                    "public": True,
                },
            )
            await bob.post(f"/api/tables/{waiting['table']['id']}/join", {})
            private = await alice.post("/api/tables", {"game": "kraken"})
            playing = await bob.post(
                "/api/tables",
                {"game": "kraken", "seats": [HUMAN, *[RANDOM] * 3], "public": True},
            )
            await bob.post(f"/api/tables/{playing['table']['id']}/start")
            eyes = await Socket.open(server.ws, playing["table"]["id"], watcher.token)
            await eyes.until("state")
            twice = await Socket.open(server.ws, playing["table"]["id"], watcher.token)
            await twice.until("state")

            async with httpx.AsyncClient(base_url=server.http) as anonymous:
                reply = await anonymous.get("/api/tables")
            lobby = reply.json()
            text = reply.text
            assert [t["id"] for t in lobby["tables"]] == [waiting["table"]["id"]]
            table = lobby["tables"][0]
            assert table["owner"]["name"] == "Alice"
            assert [s["name"] for s in table["seats"]] == ["Alice", "Bob", None, "bot (random)"]
            kept = table["seats"][2]
            assert kept["reserved"] is True and kept["reservation"] == "player"
            assert carol.user["id"] not in text
            for secret in (waiting["invite"], private["invite"], private["table"]["id"]):
                assert secret not in text
            assert [t["id"] for t in lobby["live"]] == [playing["table"]["id"]]
            live = lobby["live"][0]
            assert live["spectators"] == 1  # one person in two tabs
            assert live["seats"][0]["name"] == "Bob"

            # a table this node does not hold in memory shows the same names
            async def forget() -> bool:
                runtimes = server.app.state.service.tables.runtimes
                return runtimes.pop(waiting["table"]["id"], None) is not None

            assert await server.on_server(forget)
            again = (await watcher.get("/api/tables"))["tables"][0]
            assert [s["name"] for s in again["seats"]] == ["Alice", "Bob", None, "bot (random)"]
            assert all("observation" not in json.dumps(t) for t in lobby["live"])
            await close_all(eyes, twice, alice, bob, watcher, carol)

    run(main)
