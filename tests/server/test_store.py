"""The store's group commit: several games' actions in one transaction, each with its
own outcome (stored, conflict, duplicate)."""

from __future__ import annotations

from pathlib import Path

from cardtable.server.store import (
    Conflict,
    DuplicateAction,
    GameRow,
    PendingAction,
    SeatRow,
    Store,
    TableRow,
)


def _game(store: Store, owner: str, n: int) -> str:
    table = TableRow(
        id=f"t{n}", game="kraken", rules={}, owner_id=owner, invite_hash="x", status="waiting"
    )
    store.create_table(table, [SeatRow(table_id=table.id, seat=0, kind="human")])
    game = GameRow(id=f"g{n}", table_id=table.id, number=1, game="kraken", record={}, players=[])
    assert store.start_game(table.id, game, None)
    return game.id


def test_a_batch_stores_what_it_can_and_refuses_the_rest(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    owner = store.create_user("owner", "guest").id
    a, b, c = (_game(store, owner, n) for n in range(3))
    outcomes = store.append_actions(
        [
            PendingAction(a, 0, 0, "pass", "a0", None),
            PendingAction(b, 3, 0, "pass", "b3", None),  # b is at version 0
            PendingAction(c, 0, 0, "pass", "c0", None, "bot"),
        ]
    )
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], Conflict)
    # a duplicate id rolls the batch back; each item is then tried on its own
    outcomes = store.append_actions(
        [
            PendingAction(a, 1, 0, "pass", "a0", None),
            PendingAction(b, 0, 0, "pass", "b0", None),
        ]
    )
    assert isinstance(outcomes[0], DuplicateAction) and outcomes[1] is None
    logs = {g: store.game_log(g) for g in (a, b, c)}
    assert {g: [r.action_id for r in log.actions] for g, log in logs.items() if log} == {
        a: ["a0"],
        b: ["b0"],
        c: ["c0"],
    }
    assert [log.game.version for log in logs.values() if log] == [1, 1, 1]
    c_log = logs[c]
    assert c_log is not None and c_log.actions[0].source == "bot"
    store.close()
