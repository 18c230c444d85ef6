"""The game service without HTTP: actions through the engines, applied once,
persisted before they are announced, and rebuilt by replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable import kraken
from cardtable.server.protocol import ServerError
from cardtable.server.runtime import Client
from tests.server.helpers import game_over, next_message, run, started_service, until


def _bots(n: int, level: str = "random") -> list[dict[str, str]]:
    return [{"kind": "bot", "level": level}] * n


def test_four_bots_finish_a_kraken_game_and_the_log_replays(tmp_path: Path) -> None:
    async def main() -> None:
        service = await started_service(tmp_path)
        try:
            owner, _ = await service.accounts.guest("owner", "127.0.0.1")
            view, _ = await service.tables.create_table(
                owner, "kraken", "rotterdam", {"rounds": 2}, _bots(4), False, None
            )
            rt = await service.tables.runtime(view["id"])
            watcher = Client(owner.id, "owner", None)
            await service.play.attach(rt.id, watcher)
            await service.tables.start_game(owner, view["id"], seed=5)
            final = await until(watcher, game_over)
            assert rt.state is not None and rt.state.is_over
            glog = service.store.games.game_log(rt.table.game_id or "")
            assert glog is not None
            assert final["version"] == len(glog.actions) == rt.version
            assert glog.game.status == "finished" and glog.game.result is not None
            replayed = kraken.Game.from_record(glog.game.record)
            for row in glog.actions:
                replayed.apply(row.action)
            assert replayed.to_record() == rt.state.to_record()
            assert [row.index for row in glog.actions] == list(range(rt.version))
        finally:
            await service.close()

    run(main)


def test_actions_are_validated_by_the_engine_and_applied_once(tmp_path: Path) -> None:
    async def main() -> None:
        service = await started_service(tmp_path)
        try:
            people = [await service.accounts.guest(f"p{i}", "127.0.0.1") for i in range(4)]
            owner = people[0][0]
            view, invite = await service.tables.create_table(
                owner, "kraken", None, {"rounds": 1}, None, False, None
            )
            for user, _ in people[1:]:
                await service.tables.join(user, view["id"], None, invite)
            rt = await service.tables.runtime(view["id"])
            await service.tables.start_game(owner, view["id"], seed=9)
            assert rt.state is not None
            mover = int(rt.state.to_move)  # type: ignore[arg-type]
            mover_id = rt.seats[mover].user_id
            other_id = rt.seats[(mover + 1) % 4].user_id
            assert mover_id and other_id

            with pytest.raises(ServerError) as refused:
                await service.play.submit(rt, other_id, "a1", rt.state.legal_actions()[0])
            assert refused.value.code == "not_your_turn"
            with pytest.raises(ServerError) as refused:
                await service.play.submit(rt, mover_id, "a2", "play AH")
            assert refused.value.code == "illegal_action" and refused.value.message
            assert rt.version == 0

            action = rt.state.legal_actions()[0]
            first = await service.play.submit(rt, mover_id, "a3", action)
            again = await service.play.submit(rt, mover_id, "a3", action)
            assert first["duplicate"] is False and again["duplicate"] is True
            assert first["version"] == again["version"] == rt.version == 1
            glog = service.store.games.game_log(rt.table.game_id or "")
            assert glog is not None and len(glog.actions) == 1
            with pytest.raises(ServerError) as refused:
                await service.play.submit(rt, "nobody", "a4", action)
            assert refused.value.code == "not_seated"
        finally:
            await service.close()

    run(main)


def test_a_restarted_service_rebuilds_every_table_by_replay(tmp_path: Path) -> None:
    async def main() -> tuple[str, dict[str, object], int]:
        service = await started_service(tmp_path)
        people = [await service.accounts.guest(f"p{i}", "127.0.0.1") for i in range(4)]
        view, invite = await service.tables.create_table(
            people[0][0], "kraken", None, {"rounds": 1}, None, False, None
        )
        for user, _ in people[1:]:
            await service.tables.join(user, view["id"], None, invite)
        rt = await service.tables.runtime(view["id"])
        await service.tables.start_game(people[0][0], view["id"], seed=3)
        assert rt.state is not None
        for n in range(6):
            seat = int(rt.state.to_move)  # type: ignore[arg-type]
            user_id = rt.seats[seat].user_id or ""
            await service.play.submit(rt, user_id, f"x{n}", rt.state.legal_actions()[-1])
        record = rt.state.to_record()
        await service.close()
        return view["id"], record, rt.version

    table_id, record, version = run(main)

    async def again() -> None:
        service = await started_service(tmp_path)
        try:
            rt = await service.tables.runtime(table_id)
            assert rt.state is not None
            assert rt.version == version and rt.state.to_record() == record
            seat = int(rt.state.to_move)  # type: ignore[arg-type]
            watcher = Client(rt.seats[seat].user_id or "", "p", seat)
            await service.play.attach(rt.id, watcher)
            state = await next_message(watcher)
            assert state["type"] == "state" and state["version"] == version
            assert state["observation"]["legal_actions"] == rt.state.legal_actions()
        finally:
            await service.close()

    run(again)
