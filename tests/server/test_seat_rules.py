"""The seat rules while a game is played, attacked as the owner of a rated table
would: a connected person's seat is given to no one, a bot's level does not change
mid-game, and an absent player's seat goes to a bot only once they have been away
for the claim time. Also: to a stranger, a private table answers every route
exactly as a missing one does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardtable.server.clock import ManualClock
from tests.server.helpers import run
from tests.server.live import (
    all_joined,
    close_all,
    error_code,
    guests,
    live_server,
    two_people,
)

ONE_ROUND = {"rounds": 1}
HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "level": "random"}


async def _seats(api: Any, table_id: str) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = (await api.get(f"/api/tables/{table_id}"))["table"]["seats"]
    return [{k: s[k] for k in ("kind", "user_id", "level")} for s in seats]


def test_the_owner_cannot_take_a_present_players_seat_nor_change_a_bot_mid_game(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        clock = ManualClock()

        async def tick(seconds: float) -> None:
            clock.advance(seconds)

        with live_server(tmp_path, clock=clock) as server:
            claim_after = server.app.state.service.settings.claim_after
            alice, bob, mallory, table_id = await two_people(server, rated=True)
            base = f"/api/tables/{table_id}"
            alice_sock, bob_sock = await all_joined(server, table_id, alice, bob)
            await alice.post(f"{base}/start", {})
            before = await _seats(alice, table_id)
            # Bob is connected: his seat goes to no bot, at no level
            for body in ({"kind": "bot"}, {"kind": "bot", "level": "heuristic"}):
                reply = await alice.client.post(f"{base}/seats/1", json=body)
                assert reply.status_code == 409 and error_code(reply) == "seat_in_use"
            # an opponent bot keeps its level until the game is over
            reply = await alice.client.post(
                f"{base}/seats/2", json={"kind": "bot", "level": "heuristic"}
            )
            assert reply.status_code == 409 and error_code(reply) == "game_in_progress"
            assert await _seats(alice, table_id) == before
            # Bob goes away: not long enough yet
            await bob_sock.close()
            away = await alice_sock.until("seat")
            while away["seat"] != 1 or away["table"]["seats"][1]["connected"]:
                away = await alice_sock.until("seat")
            await server.on_server(lambda: tick(claim_after - 5))
            reply = await alice.client.post(f"{base}/seats/1", json={"kind": "bot"})
            assert reply.status_code == 409 and error_code(reply) == "not_idle"
            assert reply.json()["error"]["details"]["seconds"] == 5
            assert (await _seats(alice, table_id))[1] == before[1]
            # away longer than the claim time: the owner may give his seat to a bot
            await server.on_server(lambda: tick(6))
            botted = await alice.post(f"{base}/seats/1", {"kind": "bot"})
            assert botted["table"]["seats"][1]["kind"] == "bot"
            await close_all(alice_sock, alice, bob, mallory)

    run(main)


ROUTES = [
    ("GET", ""),
    ("POST", "/join"),
    ("POST", "/start"),
    ("POST", "/rematch"),
    ("POST", "/abort"),
    ("POST", "/decline"),
    ("POST", "/resign"),
    ("POST", "/leave"),
    ("POST", "/seats/1"),
    ("POST", "/claim"),
    ("POST", "/back"),
    ("DELETE", ""),
]

BODIES: dict[str, dict[str, Any]] = {
    "/decline": {"proposal": "abort"},
    "/seats/1": {"kind": "bot"},
    "/claim": {"seat": 1},
}


def test_a_private_table_answers_a_stranger_exactly_as_a_missing_one(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, mallory = await guests(server, "Alice", "Mallory")
            created = await alice.post(
                "/api/tables",
                {"game": "kraken", "rules": ONE_ROUND, "seats": [HUMAN, RANDOM, RANDOM, RANDOM]},
            )
            private = created["table"]["id"]
            missing = "zzzzzzzz"
            for method, path in ROUTES:
                body = BODIES.get(path, {})
                answers = []
                for table_id in (private, missing):
                    reply = await mallory.client.request(
                        method,
                        f"/api/tables/{table_id}{path}",
                        json=body if method != "GET" else None,
                    )
                    text = reply.text.replace(table_id, "ID")
                    answers.append((reply.status_code, text))
                assert answers[0] == answers[1], (method, path, answers)
                assert answers[0][0] == 404 and '"not_found"' in answers[0][1]
            await close_all(alice, mallory)

    run(main)
