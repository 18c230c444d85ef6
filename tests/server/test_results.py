"""Results, statistics and ratings over real sockets: a finished game updates its
players' statistics and OpenSkill ratings (bots at a level count as one player),
the player, leaderboard and games endpoints show them, a record downloads as a
file, and a round's double-dummy analysis is served once that round is over."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from tests.server.helpers import run
from tests.server.live import Api, Socket, joined, live_server


async def _play_checking_analysis(
    sock: Socket, api: Api, seat: int, game_id: str
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Play ``seat`` to the end; when the first round ends, ask for its analysis
    (the game goes on) and check the second round's is refused until it is over."""
    mid_game: dict[str, Any] = {}
    async with asyncio.timeout(120):
        while True:
            message = await sock.recv()
            if message["type"] not in ("update", "state"):
                continue
            events = message.get("events", [])
            if any(e["type"] == "game_over" for e in events):
                return message, mid_game
            if any(e["type"] == "round" and e["number"] == 1 for e in events):
                mid_game = await api.get(f"/api/games/{game_id}/rounds/0/analysis")
                early = await api.client.get(f"/api/games/{game_id}/rounds/1/analysis")
                assert early.status_code == 409
                assert early.json()["error"]["code"] == "round_in_progress"
            obs = message.get("observation")
            if obs and message["to_move"] == seat and obs["legal_actions"]:
                await sock.send(
                    {
                        "type": "action",
                        "id": f"{seat}-{message['version']}",
                        "action": obs["legal_actions"][0],
                    }
                )


def test_kraken_results_stats_ratings_and_analysis(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            async with httpx.AsyncClient(base_url=server.http) as http:
                made = await http.post(
                    "/api/register", json={"username": "marit", "password": "kraken-nat-8"}
                )
                body = made.json()
            alice = Api(server.http, body["token"], body["user"])
            seats = [
                {"kind": "human"},
                {"kind": "bot", "level": "heuristic"},
                {"kind": "bot", "level": "random"},
                {"kind": "bot", "level": "heuristic"},
            ]
            created = await alice.post(
                "/api/tables",
                {"game": "kraken", "rules": {"rounds": 2}, "seats": seats, "public": True},
            )
            table_id = created["table"]["id"]
            sock = await joined(server, table_id, alice)
            started = await alice.post(f"/api/tables/{table_id}/start", {"seed": 5})
            game_id = started["table"]["game_id"]
            end, mid_game = await _play_checking_analysis(sock, alice, 0, game_id)
            result = end["events"][-1]["result"]
            me = alice.user["id"]

            # the analysis of round 0, served mid-game, then from the cache
            assert len(mid_game["cards"]) == 32 and mid_game["number"] == 1
            assert {c["seat"] for c in mid_game["cards"]} == {0, 1, 2, 3}
            assert all(c["cost"] >= 0 for c in mid_game["cards"])
            for seat in range(4):
                mine = [c for c in mid_game["cards"] if c["seat"] == seat]
                assert mine[-1]["total"] == sum(c["cost"] for c in mine)
                assert mid_game["totals"][seat] == mine[-1]["total"]
            again = await alice.get(f"/api/games/{game_id}/rounds/0/analysis")
            assert again == mid_game
            assert server.app.state.service.store.games.analysis(game_id, 0) == mid_game
            assert len((await alice.get(f"/api/games/{game_id}/rounds/1/analysis"))["cards"])
            missing = await alice.client.get(f"/api/games/{game_id}/rounds/2/analysis")
            assert missing.status_code == 404

            # the player: statistics and ratings
            profile = await alice.get(f"/api/players/{me}")
            assert (profile["id"], profile["name"], profile["kind"]) == (me, "marit", "account")
            kraken = profile["stats"]["kraken"]
            won = result["winner"] == 0
            assert (kraken["games"], kraken["wins"], kraken["rounds"]) == (1, int(won), 2)
            assert kraken["points"] == result["scores"][0]
            assert kraken["avg_points_per_round"] == result["scores"][0] / 2
            declared = sum(1 for r in result["rounds"] if r["declarers"] == 0)
            assert kraken["declared"] == declared
            assert kraken["nat"] == sum(
                1 for r in result["rounds"] if r["declarers"] == 0 and r["nat"]
            )
            assert profile["stats"]["gurka"]["games"] == 0
            rating = profile["ratings"]["kraken"]
            assert set(rating) >= {"mu", "sigma", "ordinal"}
            assert rating["sigma"] < 25 / 3 and (rating["mu"] > 25) == won
            assert profile["ratings"]["gurka"]["mu"] == 25
            assert [g["id"] for g in profile["recent_games"]] == [game_id]

            # a bot level is one rated player; two seats of one game count twice
            heuristic = await alice.get("/api/players/bot:heuristic")
            assert heuristic["kind"] == "bot" and heuristic["stats"]["kraken"]["games"] == 2
            assert heuristic["stats"]["kraken"]["wins"] == 2 * int(result["winner"] == 1)
            unknown = await alice.client.get("/api/players/nobody")
            assert unknown.status_code == 404

            # the leaderboard, by ordinal
            board = await alice.get("/api/leaderboard?game=kraken&limit=10")
            assert board["game"] == "kraken"
            entries = board["entries"]
            assert {e["player_id"] for e in entries} == {me, "bot:heuristic", "bot:random"}
            assert [e["rank"] for e in entries] == [1, 2, 3]
            assert [e["ordinal"] for e in entries] == sorted(
                (e["ordinal"] for e in entries), reverse=True
            )
            mine = next(e for e in entries if e["player_id"] == me)
            assert (mine["name"], mine["kind"], mine["games"]) == ("marit", "account", 1)
            assert (await alice.get("/api/leaderboard?game=gurka"))["entries"] == []

            # finished games, and the record as a file
            listed = (await alice.get(f"/api/games?player={me}&limit=5"))["games"]
            assert [g["id"] for g in listed] == [game_id]
            assert listed[0]["table_id"] == table_id and listed[0]["finished_at"]
            assert [p["player_id"] for p in listed[0]["players"]] == [
                me,
                "bot:heuristic",
                "bot:random",
                "bot:heuristic",
            ]
            assert listed[0]["result"]["scores"] == result["scores"]
            download = await alice.client.get(f"/api/games/{game_id}/record?download=1")
            disposition = download.headers["content-disposition"]
            assert disposition.startswith("attachment;") and game_id in disposition
            assert download.json()["result"]["scores"] == result["scores"]
            await sock.close()
            await alice.close()

    run(main)
