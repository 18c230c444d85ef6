"""The store's group commit: several games' actions in one transaction, each with its
own outcome (stored, conflict, duplicate)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from cardtable.server.store import (
    Conflict,
    DuplicateAction,
    GameRow,
    PendingAction,
    SeatRow,
    Store,
    TableRow,
    new_id,
)
from tests.server.test_multinode import _reachable, fresh_database


def test_ids_and_tokens_never_start_with_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    # a token starting with "-" reads as an option on a command line (a recorded
    # CI failure: server_bot.py --token -xyz); the first draw here is such a token
    draws = iter(["-starts-with-a-dash", "_fine", "also-fine"])
    monkeypatch.setattr(
        "cardtable.server.store.models.secrets.token_urlsafe", lambda n: next(draws)
    )
    assert new_id(24) == "_fine"
    monkeypatch.undo()
    assert not any(new_id(1).startswith("-") for _ in range(2000))


def _game(store: Store, owner: str, n: int) -> str:
    table = TableRow(
        id=f"t{n}",
        game="kraken",
        rules={},
        owner_id=owner,
        invite_hash="x",
        status="waiting",
        public=True,
    )
    store.tables.create_table(table, [SeatRow(table_id=table.id, seat=0, kind="human")])
    game = GameRow(id=f"g{n}", table_id=table.id, number=1, game="kraken", record={}, players=[])
    assert store.games.start_game(table.id, game, None)
    return game.id


@contextlib.contextmanager
def _database(kind: str, tmp_path: Path) -> Iterator[str]:
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 's.db'}"
        return
    if _reachable() is not None:
        pytest.skip(str(_reachable()))
    with fresh_database() as url:
        yield url


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_batch_stores_what_it_can_and_refuses_the_rest(kind: str, tmp_path: Path) -> None:
    with _database(kind, tmp_path) as url:
        _batch_stores_what_it_can(Store(url))


def _batch_stores_what_it_can(store: Store) -> None:
    owner = store.accounts.create_user("owner", "guest").id
    a, b, c = (_game(store, owner, n) for n in range(3))
    outcomes = store.games.append_actions(
        [
            PendingAction(a, 0, 0, "pass", "a0", owner),
            PendingAction(b, 3, 0, "pass", "b3", owner),  # b is at version 0
            PendingAction(c, 0, 0, "pass", "c0", None, "bot"),
        ]
    )
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], Conflict)
    # a duplicate id of the same sender rolls the batch back; each item is then
    # tried on its own (another sender's same id is no duplicate)
    other = store.accounts.create_user("other", "guest").id
    outcomes = store.games.append_actions(
        [
            PendingAction(a, 1, 0, "pass", "a0", owner),
            PendingAction(b, 0, 0, "pass", "b0", owner),
        ]
    )
    assert isinstance(outcomes[0], DuplicateAction) and outcomes[1] is None
    assert store.games.append_actions([PendingAction(a, 1, 1, "pass", "a0", other)]) == [None]
    logs = {g: store.games.game_log(g) for g in (a, b, c)}
    assert {g: [r.action_id for r in log.actions] for g, log in logs.items() if log} == {
        a: ["a0", "a0"],
        b: ["b0"],
        c: ["c0"],
    }
    assert [log.game.version for log in logs.values() if log] == [2, 1, 1]
    c_log = logs[c]
    assert c_log is not None and c_log.actions[0].source == "bot"
    store.close()


def _finish_many(url: str, games: int) -> Store:
    """``games`` Kraken games with the same two bot levels, finished at once from
    as many threads; returns the store."""
    store = Store(url)
    owner = store.accounts.create_user("owner", "guest").id
    ids = [_game(store, owner, n) for n in range(games)]
    result = {
        "scores": [200, 100],
        "winner": 0,
        "rounds": [{"points": [200, 100], "declarers": 0, "nat": False, "mars": None}],
    }
    players = ["bot:random", "bot:heuristic", "bot:random", "bot:heuristic"]

    def finish(game_id: str) -> None:
        store.games.append_action(game_id, 0, 0, "pass", "last", None, result, players)

    with ThreadPoolExecutor(games) as pool:
        list(pool.map(finish, ids))
    return store


def _check_counts(store: Store, games: int) -> None:
    board = {row.player_id: row for row in store.ratings.leaderboard("kraken", 10)}
    assert board["bot:random"].games == board["bot:heuristic"].games == 2 * games
    assert board["bot:random"].wins == 2 * games and board["bot:heuristic"].wins == 0
    assert board["bot:random"].mu > 25 > board["bot:heuristic"].mu
    assert len(store.games.games_played("bot:random", 100)) == games
    assert len(store.games.games_played(None, 100)) == games
    seated = store.accounts.create_user("seated", "guest").id
    table = TableRow(
        id="mine", game="kraken", rules={}, owner_id=seated, invite_hash="x", status="waiting"
    )
    store.tables.create_table(
        table, [SeatRow(table_id="mine", seat=0, kind="human", user_id=seated)]
    )
    assert [t.id for t in store.tables.tables_of(seated)] == ["mine"]


def test_games_finishing_at_once_lose_no_rating_update(tmp_path: Path) -> None:
    store = _finish_many(f"sqlite:///{tmp_path / 'r.db'}", 6)
    _check_counts(store, 6)
    store.close()


@pytest.mark.skipif(_reachable() is not None, reason=str(_reachable()))
def test_games_finishing_at_once_on_postgresql_lose_no_rating_update() -> None:
    with fresh_database() as url:
        store = _finish_many(url, 6)
        _check_counts(store, 6)
        store.close()
