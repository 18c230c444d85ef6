"""Quick play: people seeking the same game and rules are seated together and the
game is dealt; a seek that has waited its ``bots_after`` (on the server's clock,
moved by the test) is seated with whoever waits then, bots taking only the seats
left; seeks of other rules never meet; a seek is its seeker's alone; ``/api/online``
counts who is here and lists who is looking."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from cardtable.server.clock import ManualClock
from tests.server.helpers import TIMEOUT, run
from tests.server.live import Api, LiveServer, close_all, error_code, guests, live_server


async def _seated(api: Api, seek_id: str) -> dict[str, Any]:
    """The seek once it has its table (polled, bounded: the seating is a task)."""
    async with asyncio.timeout(TIMEOUT):
        while True:
            seek: dict[str, Any] = (await api.get(f"/api/seeks/{seek_id}"))["seek"]
            if seek["status"] != "waiting":
                return seek
            await asyncio.sleep(0.02)  # polling a condition, not timing


async def _tick(server: LiveServer, clock: ManualClock, seconds: float) -> None:
    async def advance() -> None:
        clock.advance(seconds)

    await server.on_server(advance)


def test_four_seekers_of_one_game_are_seated_together(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path, clock=ManualClock()) as server:
            people = await guests(server, "Ann", "Ben", "Cas", "Dee")
            seeks = []
            for api in people[:3]:
                seeks.append((await api.post("/api/seeks", {"game": "kraken"}))["seek"])
            assert [s["status"] for s in seeks] == ["waiting"] * 3
            online = await people[0].get("/api/online")
            assert online["online"] == 3 and [s["name"] for s in online["seeking"]] == [
                "Ann",
                "Ben",
                "Cas",
            ]
            # another game's seek never meets them
            other = (await people[3].post("/api/seeks", {"game": "gurka"}))["seek"]
            assert other["status"] == "waiting"
            last = (await people[3].post("/api/seeks", {"game": "kraken"}))["seek"]
            mine = zip(people, [*seeks, last], strict=True)
            found = [await _seated(api, s["id"]) for api, s in mine]
            assert {s["status"] for s in found} == {"seated"}
            assert len({s["table_id"] for s in found}) == 1
            assert sorted(s["seat"] for s in found) == [0, 1, 2, 3]
            table = (await people[0].get(f"/api/tables/{found[0]['table_id']}"))["table"]
            assert table["status"] == "playing" and table["owner"]["id"] == people[0].user["id"]
            assert [s["kind"] for s in table["seats"]] == ["human"] * 4
            # the second seek replaced Dee's first: only one seek a person
            reply = await people[3].client.get(f"/api/seeks/{other['id']}")
            assert reply.status_code == 404
            # a seek is its seeker's alone
            reply = await people[1].client.get(f"/api/seeks/{seeks[0]['id']}")
            assert reply.status_code == 404 and error_code(reply) == "not_found"
            assert (await people[0].get("/api/online"))["seeking"] == []
            await close_all(*people)

    run(main)


def test_a_seek_that_waited_is_filled_with_bots(tmp_path: Path) -> None:
    async def main() -> None:
        clock = ManualClock()
        with live_server(tmp_path, clock=clock) as server:
            ann, ben, cas = await guests(server, "Ann", "Ben", "Cas")
            wish = {"game": "kraken", "preset": "rotterdam", "bots_after": 20, "level": "random"}
            first = (await ann.post("/api/seeks", wish))["seek"]
            await _tick(server, clock, 10)
            second = (await ben.post("/api/seeks", {**wish, "bots_after": 60}))["seek"]
            # other rules: never seated with them
            apart = (await cas.post("/api/seeks", {"game": "kraken", "bots_after": 60}))["seek"]
            await _tick(server, clock, 10)  # Ann's 20 s are up; Ben is seated with her
            ann_seat, ben_seat = await _seated(ann, first["id"]), await _seated(ben, second["id"])
            assert ann_seat["table_id"] == ben_seat["table_id"]
            table = (await ann.get(f"/api/tables/{ann_seat['table_id']}"))["table"]
            kinds = [(s["kind"], s["level"]) for s in table["seats"]]
            assert kinds == [("human", None), ("human", None), ("bot", "random"), ("bot", "random")]
            assert table["rules"]["play"] == "rotterdam" and table["status"] == "playing"
            waiting = (await cas.get(f"/api/seeks/{apart['id']}"))["seek"]
            assert waiting["status"] == "waiting" and waiting["waited"] == 10
            # giving up a seek ends it; a seated one cannot be given up
            gone = await cas.client.delete(f"/api/seeks/{apart['id']}")
            assert gone.status_code == 200 and gone.json()["seek"]["status"] == "cancelled"
            refused = await ann.client.delete(f"/api/seeks/{first['id']}")
            assert refused.status_code == 409
            await close_all(ann, ben, cas)

    run(main)


def test_bad_seeks_are_refused(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            (ann,) = await guests(server, "Ann")
            for body, code in (
                ({"game": "chess"}, "bad_request"),
                ({"game": "kraken", "rules": {"rounds": -1}}, "bad_request"),
                ({"game": "kraken", "level": "grandmaster"}, "bad_request"),
                ({"game": "kraken", "bots_after": -5}, "bad_request"),
            ):
                reply = await ann.client.post("/api/seeks", json=body)
                assert reply.status_code in (400, 422) and error_code(reply) == code, body
            await close_all(ann)

    run(main)
