"""The life of a table: leaving a seat, the owner's seat changes and deleting a
table, aborting by agreement, resigning and rematches by agreement. Each refusal
changes nothing; only the people seated vote."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardtable.server.clock import ManualClock
from tests.server.helpers import run
from tests.server.live import (
    Api,
    all_joined,
    close_all,
    error_code,
    live_server,
    play_until_over,
    seed_where_first,
    two_people,
)

ONE_ROUND = {"rounds": 1}


async def _table(api: Api, table_id: str) -> dict[str, Any]:
    return (await api.get(f"/api/tables/{table_id}"))["table"]


def test_leaving_frees_the_seat_before_the_deal_and_gives_it_to_a_bot_during_a_game(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, bob, mallory, table_id = await two_people(server)
            base = f"/api/tables/{table_id}"
            reply = await mallory.client.post(f"{base}/leave")
            assert reply.status_code == 403 and error_code(reply) == "not_seated"
            left = await bob.post(f"{base}/leave")
            assert left["table"]["seats"][1]["open"]
            assert (await _table(alice, table_id))["seats"][1]["user_id"] is None
            await bob.post(f"{base}/join", {"seat": 1})
            bob_sock, alice_sock = await all_joined(server, table_id, bob, alice)
            started = await alice.post(f"{base}/start", {"seed": 3})
            game_id = started["table"]["game_id"]
            dealt = await bob_sock.until("state")
            assert dealt["observation"]["seat"] == 1
            await bob.post(f"{base}/leave")
            seat = (await _table(alice, table_id))["seats"][1]
            assert (seat["kind"], seat["level"], seat["user_id"]) == ("bot", "heuristic", None)
            # Bob's socket is a spectator's now: never his old hand again
            after = await bob_sock.until("state")
            assert after["seat"] is None and after["observation"] is None
            # the game goes on to its end with the bot in Bob's seat; Bob is still rated
            # as the player of that game
            await play_until_over(alice_sock, 0)
            lines = server.app.state.service.store.games.games_played(bob.user["id"], 5)
            assert [g.id for g, _ in lines] == [game_id]
            await close_all(bob_sock, alice_sock, alice, bob, mallory)

    run(main)


def test_the_owner_gives_a_seat_to_a_bot_frees_it_and_deletes_the_table(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, bob, mallory, table_id = await two_people(server, rated=False)
            base = f"/api/tables/{table_id}"
            before = await _table(alice, table_id)
            # a stranger, and the seated Bob, change nothing
            for api in (mallory, bob):
                reply = await api.client.post(f"{base}/seats/1", json={"kind": "open"})
                assert reply.status_code == 403 and error_code(reply) == "forbidden"
                reply = await api.client.delete(base)
                assert reply.status_code == 403
            for body in ({"kind": "wizard"}, {"kind": "bot", "level": "x" * 40}, {}):
                reply = await alice.client.post(f"{base}/seats/1", json=body)
                assert reply.status_code == 422 and error_code(reply) == "bad_request"
            reply = await alice.client.post(f"{base}/seats/9", json={"kind": "open"})
            assert reply.status_code == 400 and error_code(reply) == "bad_request"
            reply = await alice.client.post(f"{base}/seats/1", json={"kind": "bot", "level": "no"})
            assert (
                reply.status_code == 400 and "unknown bot level" in reply.json()["error"]["message"]
            )
            assert await _table(alice, table_id) == before
            # the owner frees Bob's seat, then gives it to a bot
            freed = (await alice.post(f"{base}/seats/1", {"kind": "open"}))["table"]
            assert freed["seats"][1]["open"] and freed["seats"][1]["user_id"] is None
            botted = (await alice.post(f"{base}/seats/1", {"kind": "bot", "level": "random"}))[
                "table"
            ]
            assert botted["seats"][1]["kind"] == "bot" and botted["seats"][1]["level"] == "random"
            # during a game a seat cannot be freed, nor the table deleted
            (sock,) = await all_joined(server, table_id, alice)
            await alice.post(f"{base}/start", {"seed": 3})
            reply = await alice.client.post(f"{base}/seats/1", json={"kind": "open"})
            assert reply.status_code == 409 and error_code(reply) == "game_in_progress"
            reply = await alice.client.delete(base)
            assert reply.status_code == 409 and error_code(reply) == "game_in_progress"
            await alice.post(f"{base}/abort")
            # deleted: out of the lobby, nobody joins, everyone connected is told
            assert table_id in {t["id"] for t in (await alice.get("/api/tables"))["tables"]}
            assert (await alice.client.delete(base)).json() == {"ok": True}
            closed = await sock.until("state")
            while closed["table"]["status"] != "closed":
                closed = await sock.until("state")
            assert table_id not in {t["id"] for t in (await alice.get("/api/tables"))["tables"]}
            reply = await mallory.client.post(f"{base}/join", json={"seat": 1})
            assert reply.status_code == 409 and error_code(reply) == "table_closed"
            reply = await alice.client.post(f"{base}/start", json={})
            assert reply.status_code == 409 and error_code(reply) == "table_closed"
            await close_all(sock, alice, bob, mallory)

    run(main)


def test_a_game_is_aborted_when_every_seated_person_agrees(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, bob, mallory, table_id = await two_people(server)
            base = f"/api/tables/{table_id}"
            await alice.post(f"{base}/start", {"seed": 3})
            # Bob proposes; a stranger cannot vote; a decline withdraws the proposal
            proposed = (await bob.post(f"{base}/abort"))["table"]
            assert proposed["status"] == "playing" and proposed["proposals"] == {"abort": [1]}
            reply = await mallory.client.post(f"{base}/abort")
            assert reply.status_code == 403
            reply = await mallory.client.post(f"{base}/decline", json={"proposal": "abort"})
            assert reply.status_code == 403
            assert (await _table(alice, table_id))["proposals"] == {"abort": [1]}
            reply = await alice.client.post(f"{base}/decline", json={"proposal": "sneeze"})
            assert reply.status_code == 422
            declined = (await alice.post(f"{base}/decline", {"proposal": "abort"}))["table"]
            assert declined["proposals"] == {} and declined["status"] == "playing"
            reply = await alice.client.post(f"{base}/decline", json={"proposal": "abort"})
            assert reply.status_code == 409 and error_code(reply) == "no_proposal"
            # proposed again, and Alice agrees: aborted
            await bob.post(f"{base}/abort")
            ended = (await alice.post(f"{base}/abort"))["table"]
            assert ended["status"] == "waiting" and ended["proposals"] == {}
            await close_all(alice, bob, mallory)

    run(main)


def test_a_player_resigns_for_the_team_and_the_rating_says_so(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, bob, mallory, table_id = await two_people(server)
            base = f"/api/tables/{table_id}"
            alice_sock, bob_sock = await all_joined(server, table_id, alice, bob)
            reply = await bob.client.post(f"{base}/resign")
            assert reply.status_code == 409 and error_code(reply) == "not_in_play"
            started = await alice.post(f"{base}/start", {"seed": 3})
            game_id = started["table"]["game_id"]
            reply = await mallory.client.post(f"{base}/resign")
            assert reply.status_code == 403 and error_code(reply) == "not_seated"
            assert (await _table(alice, table_id))["status"] == "playing"
            ended = (await bob.post(f"{base}/resign"))["table"]
            assert ended["status"] == "finished"
            state = await alice_sock.until("state")
            while state.get("result") is None:
                state = await alice_sock.until("state")
            assert state["result"]["resigned"] == 1 and state["result"]["winner"] == 0
            reply = await bob.client.post(f"{base}/resign")
            assert reply.status_code == 409 and error_code(reply) == "not_in_play"
            await alice_sock.send({"type": "action", "id": "late", "action": "pass"})
            assert (await alice_sock.until("error"))["code"] == "game_over"
            # the record and the ratings know it: Bob's team lost, Alice's won
            exported = await alice.get(f"/api/games/{game_id}/record")
            assert exported["result"]["resigned"] == 1
            assert exported["names"][:2] == ["Alice", "Bob"]
            alice_profile = await alice.get(f"/api/players/{alice.user['id']}")
            bob_profile = await alice.get(f"/api/players/{bob.user['id']}")
            assert alice_profile["recent_games"][0]["players"][1]["won"] is False
            assert _mu(alice_profile) > 25 > _mu(bob_profile)
            await close_all(alice_sock, bob_sock, alice, bob, mallory)

    run(main)


def _mu(profile: dict[str, Any]) -> float:
    mu: float = profile["ratings"]["kraken"]["mu"]
    return mu


def test_any_seated_player_proposes_a_rematch_and_the_others_accept(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, bob, mallory, table_id = await two_people(server, rated=False)
            base = f"/api/tables/{table_id}"
            reply = await bob.client.post(f"{base}/rematch", json={})
            assert reply.status_code == 409 and error_code(reply) == "game_not_over"
            await alice.post(f"{base}/start", {"seed": 3})
            reply = await bob.client.post(f"{base}/rematch", json={})
            assert reply.status_code == 409 and error_code(reply) == "game_not_over"
            await bob.post(f"{base}/resign")
            # Bob (not the host) proposes; a stranger's vote is refused; Alice accepts
            proposed = (await bob.post(f"{base}/rematch"))["table"]
            assert proposed["proposals"] == {"rematch": [1]} and proposed["game_number"] == 1
            reply = await mallory.client.post(f"{base}/rematch", json={})
            assert reply.status_code == 403 and error_code(reply) == "not_seated"
            dealt = (await alice.post(f"{base}/rematch"))["table"]
            assert dealt["game_number"] == 2 and dealt["status"] == "playing"
            assert dealt["proposals"] == {}
            await close_all(alice, bob, mallory)

    run(main)


def test_a_long_idle_seat_is_claimed_for_a_bot_and_taken_back(tmp_path: Path) -> None:
    async def main() -> None:
        clock = ManualClock()
        with live_server(tmp_path, clock=clock, claim_after=60.0) as server:
            alice, bob, mallory, table_id = await two_people(server)
            base = f"/api/tables/{table_id}"
            alice_sock, bob_sock = await all_joined(server, table_id, alice, bob)
            await alice.post(f"{base}/start", {"seed": seed_where_first(1, ONE_ROUND)})
            reply = await alice.client.post(f"{base}/claim", json={"seat": 1})
            assert reply.status_code == 409 and error_code(reply) == "not_idle"
            assert reply.json()["error"]["details"] == {"seconds": 60}

            async def tick() -> None:
                clock.advance(61)

            await server.on_server(tick)
            # only a seated person, for another's seat that is to move
            for api, seat in ((mallory, 1), (bob, 1), (alice, 0), (alice, 3)):
                reply = await api.client.post(f"{base}/claim", json={"seat": seat})
                assert reply.status_code in (400, 403, 409), (api.user["name"], seat)
            reply = await alice.client.post(f"{base}/claim", json={"seat": "x"})
            assert reply.status_code == 422
            assert (await _table(alice, table_id))["seats"][1]["controller"] == "player"
            claimed = (await alice.post(f"{base}/claim", {"seat": 1}))["table"]
            assert claimed["seats"][1]["controller"] == "bot"
            moved = await bob_sock.until("update")
            while moved["events"][0].get("seat") != 1:
                moved = await bob_sock.until("update")
            assert moved["events"][0]["source"] == "takeover"
            back = (await bob.post(f"{base}/back"))["table"]
            assert back["seats"][1]["controller"] == "player"
            await close_all(alice_sock, bob_sock, alice, bob, mallory)

    run(main)
