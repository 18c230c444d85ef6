"""The turn timer: when a player's time runs out the server plays a sound move for
the seat (the heuristic bot's) and everyone is told it was a timeout; after a
restart a running timer resumes from the stored time of the last move, with a
grace so players can reconnect. The server's clock is a :class:`ManualClock`: the
tests move time on themselves, so nothing depends on the machine's speed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update

from cardtable.server.clock import ManualClock
from cardtable.server.runtime import Client
from cardtable.server.store import ActionRow, GameRow
from tests.server.helpers import run, started_service, until
from tests.server.live import all_joined, guests, live_server


def _timeout(message: dict[str, Any]) -> bool:
    return message.get("type") == "update" and any(
        e["type"] == "timeout" for e in message.get("events", [])
    )


def test_a_player_who_runs_out_of_time_gets_a_move_played(tmp_path: Path) -> None:
    async def main() -> None:
        clock = ManualClock()
        with live_server(tmp_path, clock=clock) as server:
            alice, guest = await guests(server, "Alice", "Watcher")
            created = await alice.post(
                "/api/tables",
                {
                    "game": "kraken",
                    "rules": {"rounds": 1},
                    "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 3,
                    "turn_timer": 30,
                    "public": True,
                },
            )
            table_id = created["table"]["id"]
            assert created["table"]["turn_timer"] == 30
            sock, watcher = await all_joined(server, table_id, alice, guest)
            await alice.post(f"/api/tables/{table_id}/start", {"seed": 3})
            # Alice never answers: her turn comes, with a deadline, and runs out
            while True:
                message = await sock.recv()
                if message["type"] in ("state", "update") and message["to_move"] == 0:
                    break
            # the deadline is 30 s from the last move, on the server's clock, which
            # stands still: nothing runs out until the test moves it on
            assert message["deadline"] == pytest.approx(clock.now() + 30)
            seen = message["version"]

            async def tick(seconds: float) -> None:
                clock.advance(seconds)

            await server.on_server(lambda: tick(29.5))
            await sock.send({"type": "ping"})
            assert (await sock.until("pong"))["type"] == "pong"
            assert server.app.state.service.tables.runtimes[table_id].version == seen
            await server.on_server(lambda: tick(1))
            while True:
                update_ = await watcher.until("update")
                if _timeout(update_):
                    break
            timeout, action = update_["events"][:2]
            assert timeout == {"type": "timeout", "seat": 0}
            assert action["seat"] == 0 and action["source"] == "timeout"
            assert update_["version"] == seen + 1
            played = action["action"]
            assert played in message["observation"]["legal_actions"]
            # the seat is still Alice's: the next update to her has her observation
            mine = await sock.until("update")
            assert mine["observation"]["seat"] == 0
            stored = server.app.state.service.store.games.game_log(update_["game_id"])
            assert stored.actions[seen].source == "timeout"
            for s in (sock, watcher):
                await s.close()
            await alice.close()
            await guest.close()

    run(main)


def test_a_running_timer_survives_a_restart(tmp_path: Path) -> None:
    async def main() -> None:
        service = await started_service(tmp_path, clock=ManualClock())
        owner, _ = await service.accounts.guest("owner", "127.0.0.1")
        view, _ = await service.tables.create_table(
            owner,
            "kraken",
            None,
            {"rounds": 1},
            [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 3,
            False,
            3600.0,
        )
        table_id = view["id"]
        rt = await service.tables.runtime(table_id)
        client = Client(owner.id, "owner", 0)
        await service.play.attach(rt.id, client)
        await service.tables.start_game(owner, table_id, seed=3)
        waiting = await until(
            client, lambda m: m["type"] in ("state", "update") and m["to_move"] == 0
        )
        version = waiting["version"]
        assert waiting["deadline"] == pytest.approx(service.clock.now() + 3600)
        await service.close()
        # the server stays down for an hour: the turn's hour is up when it returns
        with service.store.session() as s:
            s.execute(update(ActionRow).values(created_at=ActionRow.created_at - 3600))
            s.execute(update(GameRow).values(started_at=GameRow.started_at - 3600))
        # the grace leaves the player time to reattach before the turn is up
        clock = ManualClock()
        restarted = await started_service(tmp_path, turn_grace=10.0, clock=clock)
        try:
            back = Client(owner.id, "owner", 0)
            rt = await restarted.tables.runtime(table_id)
            await restarted.play.attach(rt.id, back)
            state = await until(back, lambda m: m["type"] == "state")
            assert state["version"] == version and state["to_move"] == 0
            assert state["deadline"] == pytest.approx(clock.now() + 10), "a grace after a restart"
            clock.advance(9.9)  # within the grace: nothing is played for the player
            assert rt.timed_out is None and rt.version == version
            clock.advance(0.2)
            timed_out = await until(back, _timeout)
            assert timed_out["version"] == version + 1
        finally:
            await restarted.close()

    run(main)
