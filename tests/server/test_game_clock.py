"""The game clock with increment: a person's time runs only while their seat must
act, gains the increment after each of their moves, is sent with every state and
update, survives a restart, and running out loses the game on time like a
resignation (rated as one). Bots have no clock. The server's clock is a
:class:`ManualClock`: the tests move time on themselves, nothing sleeps."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from cardtable.server.clock import ManualClock
from cardtable.server.runtime import Client
from cardtable.server.store import ActionRow, GameRow
from tests.server.helpers import run, started_service, until
from tests.server.live import (
    Socket,
    all_joined,
    close_all,
    error_code,
    guests,
    live_server,
    seed_where_first,
)

ONE_ROUND = {"rounds": 1}
HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "level": "random"}
CLOCK = {"initial": 60, "increment": 5}


async def _to_move(sock: Socket, seat: int) -> dict[str, Any]:
    """Read until a state or update where ``seat`` must act."""
    while True:
        message = await sock.recv()
        if message["type"] in ("state", "update") and message["to_move"] == seat:
            return message


async def _move(sock: Socket, message: dict[str, Any]) -> dict[str, Any]:
    """Play the first legal action of ``message``; returns the update announcing it."""
    version = message["version"]
    action = message["observation"]["legal_actions"][0]
    await sock.send({"type": "action", "id": f"m{version}", "action": action})
    while True:
        update_ = await sock.until("update")
        if update_["version"] == version + 1:
            return update_


def test_time_runs_only_for_the_seat_to_move_gains_the_increment_and_runs_out(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        clock = ManualClock()

        async def tick(seconds: float) -> None:
            clock.advance(seconds)

        with live_server(tmp_path, clock=clock) as server:
            alice, bob = await guests(server, "Alice", "Bob")
            created = await alice.post(
                "/api/tables",
                {
                    "game": "kraken",
                    "rules": ONE_ROUND,
                    "seats": [HUMAN, HUMAN, RANDOM, RANDOM],
                    "clock": CLOCK,
                    "public": True,
                },
            )
            table_id = created["table"]["id"]
            assert created["table"]["clock"] == {"initial": 60.0, "increment": 5.0}
            await bob.post(f"/api/tables/{table_id}/join", {"seat": 1})
            alice_sock, bob_sock = await all_joined(server, table_id, alice, bob)
            seed = seed_where_first(0, ONE_ROUND)
            await alice.post(f"/api/tables/{table_id}/start", {"seed": seed})
            mine = await _to_move(alice_sock, 0)
            # the bots' seats have no clock; Alice's runs from the deal
            assert mine["clock"] == {
                "remaining": [60, 60, None, None],
                "running": 0,
                "at": clock.now(),
            }
            await server.on_server(lambda: tick(10))
            moved = await _move(alice_sock, mine)
            assert moved["clock"]["remaining"][:2] == [55, 60]  # 60 - 10 + 5
            # Bob thinks 20 s: only his time runs; bots move in no time
            bobs = await _to_move(bob_sock, 1)
            assert bobs["clock"]["running"] == 1
            await server.on_server(lambda: tick(20))
            moved = await _move(bob_sock, bobs)
            assert moved["clock"]["remaining"][:2] == [55, 45]  # 60 - 20 + 5
            # whoever of them must act next lets their time run out
            while moved["clock"]["running"] is None:
                moved = await alice_sock.until("update")
            seat = moved["clock"]["running"]
            left = moved["clock"]["remaining"][seat]
            version = moved["version"]
            await server.on_server(lambda: tick(left - 0.5))
            rt = server.app.state.service.tables.runtimes[table_id]
            assert rt.in_play and rt.version == version
            await server.on_server(lambda: tick(1))
            state = await alice_sock.until("state")
            while state.get("result") is None:
                state = await alice_sock.until("state")
            result = state["result"]
            assert result["flagged"] == seat and result["resigned"] == seat
            assert result["winner"] == 1 - seat % 2
            assert state["table"]["status"] == "finished" and state["clock"]["running"] is None
            # rated like a resignation: the flagged seat's team loses
            loser, winner = (alice, bob) if seat == 0 else (bob, alice)
            loser_mu = (await alice.get(f"/api/players/{loser.user['id']}"))["ratings"]
            winner_mu = (await alice.get(f"/api/players/{winner.user['id']}"))["ratings"]
            assert loser_mu["kraken"]["mu"] < 25 < winner_mu["kraken"]["mu"]
            await close_all(alice_sock, bob_sock, alice, bob)

    run(main)


@pytest.mark.parametrize(
    "clock, wrong",
    [
        ({"initial": 0}, "initial"),
        ({"initial": 10801}, "initial"),
        ({"initial": "60"}, "initial"),
        ({"initial": 60, "increment": -1}, "increment"),
        ({"initial": 60, "increment": 601}, "increment"),
        ({"initial": 60, "delay": 2}, "increment"),
    ],
)
def test_bad_clock_options_are_refused_saying_what_is_allowed(
    tmp_path: Path, clock: dict[str, Any], wrong: str
) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            (alice,) = await guests(server, "Alice")
            reply = await alice.client.post(
                "/api/tables", json={"game": "kraken", "clock": clock, "public": True}
            )
            assert reply.status_code == 400 and error_code(reply) == "bad_request"
            assert wrong in reply.json()["error"]["message"]
            assert (await alice.get("/api/tables"))["tables"] == []
            await alice.close()

    run(main)


def test_the_clocks_survive_a_restart_with_a_grace_for_the_running_seat(
    tmp_path: Path,
) -> None:
    async def main() -> None:
        service = await started_service(tmp_path, clock=ManualClock())
        owner, _ = await service.accounts.guest("owner", "127.0.0.1")
        view, _ = await service.tables.create_table(
            owner, "kraken", None, ONE_ROUND, [HUMAN] + [RANDOM] * 3, clock=CLOCK
        )
        table_id = view["id"]
        client = Client(owner.id, "owner", 0)
        await service.play.attach(table_id, client)
        seed = seed_where_first(0, ONE_ROUND)
        await service.tables.start_game(owner, table_id, seed=seed)
        first = await until(client, lambda m: m.get("to_move") == 0 and "observation" in m)
        action = first["observation"]["legal_actions"][0]
        rt = await service.tables.runtime(table_id)
        await service.play.submit(rt, owner.id, "first", action)
        again = await until(client, lambda m: m.get("to_move") == 0 and m["version"] > 1)
        version = again["version"]
        await service.close()
        # as stored: her first move took 20 s, and the whole game was 1000 s ago
        with service.store.session() as s:
            s.execute(update(ActionRow).values(created_at=ActionRow.created_at - 1000))
            s.execute(update(GameRow).values(started_at=GameRow.started_at - 1020))
        clock = ManualClock()
        restarted = await started_service(tmp_path, turn_grace=10.0, clock=clock)
        try:
            back = Client(owner.id, "owner", 0)
            await restarted.play.attach(table_id, back)
            state = await until(back, lambda m: m["type"] == "state")
            assert state["version"] == version and state["to_move"] == 0
            # 60 - 20 + 5 = 45 s left, but her turn ran while the server was down:
            # she gets the grace
            assert state["clock"]["remaining"] == [10, None, None, None]
            rt = await restarted.tables.runtime(table_id)
            assert rt.clock_left is not None and rt.clock_left[0] == pytest.approx(45, abs=1)
            clock.advance(9.9)
            assert rt.in_play
            clock.advance(0.2)
            over = await until(back, lambda m: m["type"] == "state" and "result" in m)
            assert over["result"]["flagged"] == 0 and over["result"]["winner"] == 1
        finally:
            await restarted.close()

    run(main)


def test_a_gurka_player_whose_time_runs_out_is_last(tmp_path: Path) -> None:
    async def main() -> None:
        clock = ManualClock()
        service = await started_service(tmp_path, clock=clock)
        try:
            owner, _ = await service.accounts.guest("owner", "127.0.0.1")
            view, _ = await service.tables.create_table(
                owner, "gurka", None, {"players": 3}, [HUMAN, RANDOM, RANDOM], clock={"initial": 5}
            )
            client = Client(owner.id, "owner", 0)
            await service.play.attach(view["id"], client)
            await service.tables.start_game(owner, view["id"], seed=1)
            waiting = await until(client, lambda m: m.get("to_move") == 0 and "observation" in m)
            assert waiting["clock"]["remaining"] == [5, None, None]
            clock.advance(4.9)
            rt = await service.tables.runtime(view["id"])
            assert rt.in_play
            clock.advance(0.2)
            over = await until(client, lambda m: m["type"] == "state" and "result" in m)
            result = over["result"]
            assert result["flagged"] == 0 and result["resigned"] == 0
            assert 0 not in result["winners"] and result["winners"]
        finally:
            await service.close()

    run(main)
