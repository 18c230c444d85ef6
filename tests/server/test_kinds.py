"""Games are pluggable on the server: the toy game of ``tests/conformance`` (registered
through a ``cardtable.games`` entry point, unknown to every server module) goes
through the HTTP and WebSocket API from the table's creation to game over, and its
record is served and replayed. ``GET /api/kinds`` describes every registered game."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from cardtable import game
from cardtable.game import GameKind, kind, kinds
from tests.server.helpers import run
from tests.server.live import Api, Socket, live_server, play_until_over


@pytest.fixture
def toy() -> Iterator[GameKind]:
    """The toy game, registered the way ``tests/conformance`` registers it (a
    distribution's metadata on the path) for this test only."""
    import tests.conformance.conftest as registration

    site = str(registration._SITE)
    added = site not in sys.path
    if added:
        sys.path.append(site)
    game._registry.cache_clear()
    try:
        yield kind("toy")
    finally:
        if added:
            sys.path.remove(site)
        game._registry.cache_clear()


def test_kinds_endpoint_describes_every_registered_game(tmp_path: Path, toy: GameKind) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            async with httpx.AsyncClient(base_url=server.http) as anonymous:
                body = (await anonymous.get("/api/kinds")).json()
            assert [k["name"] for k in body["kinds"]] == list(kinds())
            assert "random" in body["levels"]
            by_name = {k["name"]: k for k in body["kinds"]}
            for name, entry in by_name.items():
                registered = kind(name)
                assert entry["title"] == registered.title
                assert entry["rules"] == registered.rules_schema()
                assert entry["seats"] == registered.seats(registered.rules())
                assert entry["scoring"] == registered.scoring
                assert set(entry["levels"]) <= set(body["levels"])
            assert by_name["toy"]["seats"] == 3
            assert "random" in by_name["toy"]["levels"]
            assert "heuristic" not in by_name["toy"]["levels"]

    run(main)


def test_toy_game_from_table_creation_to_replay(tmp_path: Path, toy: GameKind) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice = await Api.guest(server.http, "Alice")
            # a level whose bot does not play the game is refused at creation
            default = await alice.post(
                "/api/tables", {"game": "toy", "seats": [{"kind": "human"}, *[{"kind": "bot"}] * 2]}
            )  # no level given: one whose bot plays the toy
            assert [s.get("level") for s in default["table"]["seats"][1:]] == ["random"] * 2
            refused = await alice.client.post(
                "/api/tables",
                json={
                    "game": "toy",
                    "seats": [{"kind": "human"}, *[{"kind": "bot", "level": "heuristic"}] * 2],
                },
            )
            assert refused.status_code == 400
            message = refused.json()["error"]["message"]
            assert "heuristic" in message and "Toy" in message and "random" in message
            unknown = await alice.client.post("/api/tables", json={"game": "chess"})
            assert unknown.status_code == 422
            assert "toy" in unknown.json()["error"]["message"]

            seats = [{"kind": "human"}, *[{"kind": "bot", "level": "random"}] * 3]
            created = await alice.post(
                "/api/tables",
                {"game": "toy", "rules": {"players": 4, "hand_size": 3}, "seats": seats},
            )
            table_id = created["table"]["id"]
            assert created["table"]["game"] == "toy"
            sock = await Socket.open(server.ws, table_id, alice.token)
            assert (await sock.until("state"))["version"] == 0
            await alice.post(f"/api/tables/{table_id}/start", {"seed": 5})
            end = await play_until_over(sock, 0)
            await sock.close()
            assert end["version"] == 12
            result = end["events"][-1]["result"]
            assert sum(result["scores"]) == 3  # one point a trick

            table = (await alice.get(f"/api/tables/{table_id}"))["table"]
            assert table["status"] == "finished"
            exported = await alice.get(f"/api/games/{table['game_id']}/record")
            record = exported["record"]
            assert record["game"] == "toy" and len(record["actions"]) == 12
            assert exported["result"] == result
            replayed = toy.from_record(record)
            assert replayed.is_over and replayed.to_record() == record

            replay = await alice.get(f"/api/games/{table['game_id']}/replay")
            assert replay["game"] == "toy" and len(replay["frames"]) == 13
            assert [f["action"] for f in replay["frames"][1:]] == record["actions"]
            assert all(hand == [] for hand in replay["frames"][-1]["hands"])
            assert replay["frames"][-1]["events"][-1] == {"type": "game_over", "result": result}

            board = await alice.get("/api/leaderboard?game=toy")
            assert [e["player_id"] for e in board["entries"]].count(alice.user["id"]) == 1
            profile = await alice.get(f"/api/players/{alice.user['id']}")
            assert profile["stats"]["toy"]["games"] == 1
            await alice.close()

    run(main)


def test_bot_level_refused_for_a_game_it_does_not_play(toy: GameKind) -> None:
    from cardtable.server.bots import check_level, levels_for

    assert "random" in levels_for("toy")
    with pytest.raises(ValueError, match="does not play Toy"):
        check_level("heuristic", "toy")
    check_level("heuristic", "kraken")
