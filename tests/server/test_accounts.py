"""Accounts over HTTP: a name change shown at the table, a password change that logs
the other devices out, a guest that becomes an account keeping its games and
rating, and the refusals (wrong password, hostile names, taken usernames, rate
limits) of the new endpoints."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.server.helpers import run
from tests.server.live import (
    Api,
    Socket,
    close_all,
    error_code,
    live_server,
    log_in,
    play_until_over,
)

RANDOM = {"kind": "bot", "level": "random"}


def test_a_name_change_shows_at_the_table_and_hostile_names_are_refused(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice = await Api.guest(server.http, "Alice")
            created = await alice.post(
                "/api/tables", {"game": "kraken", "seats": [{"kind": "human"}, *[RANDOM] * 3]}
            )
            table_id = created["table"]["id"]
            sock = await Socket.open(server.ws, table_id, alice.token)
            await sock.until("state")
            reply = await alice.post("/api/me/name", {"name": "  Alicia   B "})
            assert reply["user"]["name"] == "Alicia B"
            state = await sock.until("state")  # the table is told at once
            assert state["table"]["seats"][0]["name"] == "Alicia B"
            assert (await alice.get("/api/me"))["name"] == "Alicia B"
            for name in ("\u202eecilA", "Botty bot", "", " ", "x" * 41):
                reply_ = await alice.client.post("/api/me/name", json={"name": name})
                assert reply_.status_code in (400, 422), name
                assert error_code(reply_) in ("bad_name", "bad_request"), name
            assert (await alice.get("/api/me"))["name"] == "Alicia B"
            async with httpx.AsyncClient(base_url=server.http) as nobody:
                anonymous = await nobody.post("/api/me/name", json={"name": "Eve"})
            assert anonymous.status_code == 401
            await close_all(sock, alice)

    run(main)


def test_password_change_logs_other_devices_out(tmp_path: Path) -> None:
    """A second device logs in to the same account; a password change ends its
    session and gives the changing device a new one; the old password stops working."""

    async def main() -> None:
        with live_server(tmp_path) as server:
            phone = await Api.account(server.http, "carol", "first-secret", "Carol")
            reply = await log_in(server.http, "carol", "first-secret")
            assert reply.status_code == 200
            laptop = Api.of(server.http, reply)
            assert laptop.user["id"] == phone.user["id"]
            assert (await laptop.get("/api/me"))["username"] == "carol"

            wrong = await phone.client.post(
                "/api/me/password", json={"current": "nope-nope", "password": "second-secret"}
            )
            assert wrong.status_code == 401 and error_code(wrong) == "bad_credentials"
            short = await phone.client.post(
                "/api/me/password", json={"current": "first-secret", "password": "short"}
            )
            assert short.status_code == 422
            changed = await phone.post(
                "/api/me/password", {"current": "first-secret", "password": "second-secret"}
            )
            assert changed["token"] != phone.token and changed["user"]["id"] == phone.user["id"]
            assert (await laptop.client.get("/api/me")).status_code == 401
            assert (await phone.client.get("/api/me")).status_code == 401  # the old token
            renewed = Api(server.http, changed["token"], changed["user"])
            assert (await renewed.get("/api/me"))["username"] == "carol"
            assert (await log_in(server.http, "carol", "first-secret")).status_code == 401
            assert (await log_in(server.http, "carol", "second-secret")).status_code == 200
            guest = await Api.guest(server.http, "Gus")
            refused = await guest.client.post(
                "/api/me/password", json={"current": "x", "password": "long-enough"}
            )
            assert refused.status_code == 403 and error_code(refused) == "forbidden"
            await close_all(phone, laptop, renewed, guest)

    run(main)


def test_a_guest_becomes_an_account_keeping_games_and_rating(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            guest = await Api.guest(server.http, "Dora")
            created = await guest.post(
                "/api/tables",
                {
                    "game": "kraken",
                    "rules": {"rounds": 1},
                    "seats": [{"kind": "human"}, *[RANDOM] * 3],
                    "public": True,
                },
            )
            table_id = created["table"]["id"]
            sock = await Socket.open(server.ws, table_id, guest.token)
            await sock.until("state")
            await guest.post(f"/api/tables/{table_id}/start")
            game_id = (await guest.get(f"/api/tables/{table_id}"))["table"]["game_id"]
            await play_until_over(sock, 0)
            before = await guest.get(f"/api/players/{guest.user['id']}")
            assert before["kind"] == "guest" and before["stats"]["kraken"]["games"] == 1

            taken = await Api.account(server.http, "taken", "some-password", "Tom")
            clash = await guest.client.post(
                "/api/me/upgrade", json={"username": "taken", "password": "long-enough"}
            )
            assert clash.status_code == 409 and error_code(clash) == "username_taken"
            bad = await guest.client.post(
                "/api/me/upgrade", json={"username": "<script>", "password": "long-enough"}
            )
            assert bad.status_code == 422
            upgraded = await guest.post(
                "/api/me/upgrade", {"username": "dora", "password": "dora-secret"}
            )
            assert upgraded["user"] == {
                "id": guest.user["id"],
                "name": "Dora",
                "kind": "account",
                "username": "dora",
            }
            assert (await guest.client.get("/api/me")).status_code == 401  # rotated
            # a second device logs in and finds the same games and rating
            reply = await log_in(server.http, "dora", "dora-secret")
            other = Api.of(server.http, reply)
            after = await other.get(f"/api/players/{other.user['id']}")
            assert after["kind"] == "account"
            assert after["ratings"] == before["ratings"] and after["stats"] == before["stats"]
            games = await other.get(f"/api/games?player={other.user['id']}")
            assert [g["id"] for g in games["games"]] == [game_id]
            board = await other.get("/api/leaderboard?game=kraken")
            mine = [e for e in board["entries"] if e["player_id"] == other.user["id"]]
            assert mine and mine[0]["kind"] == "account"
            await other.post("/api/me/name", {"name": "Dora the Explorer"})
            board = await other.get("/api/leaderboard?game=kraken")
            mine = [e for e in board["entries"] if e["player_id"] == other.user["id"]]
            assert mine[0]["name"] == "Dora the Explorer"  # the leaderboard follows
            again = await other.client.post(
                "/api/me/upgrade", json={"username": "dora2", "password": "long-enough"}
            )
            assert again.status_code == 403
            await close_all(sock, guest, taken, other)

    run(main)


def test_the_new_account_endpoints_are_rate_limited(tmp_path: Path) -> None:
    async def main() -> None:
        limits = {"profile": "3/minute", "password": "2/minute", "register": "1/minute"}
        with live_server(tmp_path, limits=limits) as server:
            erin = await Api.guest(server.http, "Erin")
            for n in range(3):
                await erin.post("/api/me/name", {"name": f"Erin {n}"})
            reply = await erin.client.post("/api/me/name", json={"name": "Erin 4"})
            assert reply.status_code == 429 and error_code(reply) == "rate_limited"
            assert reply.headers["Retry-After"]
            assert (await erin.get("/api/me"))["name"] == "Erin 2"
            await erin.post("/api/me/upgrade", {"username": "erin", "password": "long-enough"})
            gus = await Api.guest(server.http, "Gus")
            reply = await gus.client.post(
                "/api/me/upgrade", json={"username": "gus", "password": "long-enough"}
            )
            assert reply.status_code == 429  # one registration a minute per address
            reply = await log_in(server.http, "erin", "long-enough")
            erin = Api.of(server.http, reply)
            guesses = [
                await erin.client.post(
                    "/api/me/password", json={"current": f"guess-{n}", "password": "new-secret"}
                )
                for n in range(2)  # two wrong current passwords a minute
            ]
            assert [r.status_code for r in guesses] == [401, 401]
            reply = await erin.client.post(
                "/api/me/password", json={"current": "long-enough", "password": "new-secret"}
            )
            assert reply.status_code == 429  # guessing the password is limited too
            await close_all(erin, gus)

    run(main)
