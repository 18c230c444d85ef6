"""Score sheets kept with an account (docs/sheet.md): owner only, checked and scored
by the Python model, revisions, the limit, and the read-only link that others follow
by polling; its token blanked in the access log."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from cardtable.server import sheets as server_sheets
from cardtable.server.config import DEFAULT_LIMITS
from cardtable.sheet import load_sheet
from cardtable.sheet.vectors import DEFAULT_PATH
from tests.server.helpers import TIMEOUT, run
from tests.server.live import live_server

ROOT = Path(__file__).resolve().parents[2]
VECTORS = json.loads((ROOT / DEFAULT_PATH).read_text(encoding="utf-8"))
KRAKEN = next(
    v
    for v in VECTORS["kraken"]
    if v["name"]
    == "hand roem: the highest declaration takes its team's roem, the other team keeps stuk"
)
GURKA = next(
    v for v in VECTORS["gurka"] if v["name"].startswith("everyone out in one round with equal")
)


async def account(base: str, username: str) -> httpx.AsyncClient:
    async with httpx.AsyncClient(base_url=base, timeout=TIMEOUT) as anonymous:
        reply = await anonymous.post(
            "/api/register",
            json={"username": username, "password": "secret-words", "name": username},
        )
        assert reply.status_code == 200, reply.text
        token = reply.json()["token"]
    return httpx.AsyncClient(
        base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=TIMEOUT
    )


async def guest(base: str) -> httpx.AsyncClient:
    async with httpx.AsyncClient(base_url=base, timeout=TIMEOUT) as anonymous:
        token = (await anonymous.post("/api/guest", json={"name": "Gus"})).json()["token"]
    return httpx.AsyncClient(
        base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=TIMEOUT
    )


def error(reply: httpx.Response) -> tuple[int, str]:
    return reply.status_code, reply.json()["error"]["code"]


def test_an_account_keeps_its_sheets_and_nobody_else_sees_them(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            ann, bo, gus = (
                await account(server.http, "ann"),
                await account(server.http, "bob"),
                await guest(server.http),
            )
            created = (await ann.post("/api/sheets", json={"sheet": KRAKEN["sheet"]})).json()
            assert created["revision"] == 1 and created["share"] is None
            assert created["sheet"] == KRAKEN["sheet"]
            assert created["summary"] == KRAKEN["expected"]
            sheet_id = created["id"]
            await ann.post("/api/sheets", json={"sheet": GURKA["sheet"]})
            listing = (await ann.get("/api/sheets")).json()["sheets"]
            assert [s["game"] for s in listing] == ["gurka", "kraken"]
            assert (await ann.get(f"/api/sheets/{sheet_id}")).json()["summary"] == KRAKEN[
                "expected"
            ]

            # Another account, a guest and nobody: not found, account needed, unauthorized.
            for method in ("get", "delete"):
                assert error(await getattr(bo, method)(f"/api/sheets/{sheet_id}")) == (
                    404,
                    "not_found",
                )
            assert error(
                await bo.put(f"/api/sheets/{sheet_id}", json={"sheet": GURKA["sheet"]})
            ) == (404, "not_found")
            assert error(await bo.post(f"/api/sheets/{sheet_id}/share")) == (404, "not_found")
            assert (await bo.get("/api/sheets")).json() == {"sheets": []}
            assert error(await gus.post("/api/sheets", json={"sheet": KRAKEN["sheet"]})) == (
                403,
                "account_needed",
            )
            async with httpx.AsyncClient(base_url=server.http) as nobody:
                assert error(await nobody.get("/api/sheets")) == (401, "unauthorized")

            # A change: checked by the model, revisions guard against lost updates.
            changed = json.loads(json.dumps(KRAKEN["sheet"]))
            del changed["rounds"][-1]
            put = await ann.put(f"/api/sheets/{sheet_id}", json={"sheet": changed, "revision": 1})
            assert put.json()["revision"] == 2
            assert put.json()["summary"] == load_sheet(changed).summary()
            stale = await ann.put(f"/api/sheets/{sheet_id}", json={"sheet": changed, "revision": 1})
            assert error(stale) == (409, "conflict")
            bad = json.loads(json.dumps(changed))
            bad["rounds"][0]["card_points"] = 200
            refused = await ann.put(f"/api/sheets/{sheet_id}", json={"sheet": bad})
            assert error(refused) == (400, "bad_sheet")
            assert (
                "card_points: round 1: card points are 0 to 162"
                in refused.json()["error"]["message"]
            )
            assert (await ann.get(f"/api/sheets/{sheet_id}")).json()["revision"] == 2

            assert (await ann.delete(f"/api/sheets/{sheet_id}")).json() == {"ok": True}
            assert error(await ann.get(f"/api/sheets/{sheet_id}")) == (404, "not_found")
            for client in (ann, bo, gus):
                await client.aclose()

    run(main)


def test_the_read_only_link_follows_the_score_and_can_be_revoked(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            ann = await account(server.http, "ann")
            first = json.loads(json.dumps(GURKA["sheet"]))
            last = first["rounds"].pop()
            sheet_id = (await ann.post("/api/sheets", json={"sheet": first})).json()["id"]
            shared = (await ann.post(f"/api/sheets/{sheet_id}/share")).json()
            token = shared["token"]
            assert shared["path"] == f"/sheet#shared={token}" and len(token) >= 32
            assert (await ann.post(f"/api/sheets/{sheet_id}/share")).json()["token"] == token
            assert ann.headers["Authorization"] != f"Bearer {token}"
            async with httpx.AsyncClient(base_url=server.http) as reader:
                view = (await reader.get(f"/api/sheets/shared/{token}")).json()
                assert view["revision"] == 1 and "share" not in view and "id" not in view
                assert not view["summary"]["over"]
                unchanged = await reader.get(f"/api/sheets/shared/{token}", params={"since": 1})
                assert unchanged.json() == {"revision": 1, "changed": False}
                await ann.put(
                    f"/api/sheets/{sheet_id}",
                    json={"sheet": {**first, "rounds": [*first["rounds"], last]}},
                )
                live = (await reader.get(f"/api/sheets/shared/{token}", params={"since": 1})).json()
                assert live["revision"] == 2 and live["summary"] == GURKA["expected"]
                # The token reads this sheet only: it is no session.
                assert (
                    error(
                        await reader.get(
                            "/api/sheets", headers={"Authorization": f"Bearer {token}"}
                        )
                    )[0]
                    == 401
                )
                await ann.delete(f"/api/sheets/{sheet_id}/share")
                assert error(await reader.get(f"/api/sheets/shared/{token}")) == (404, "not_found")
            await ann.aclose()

    run(main)


def test_shared_reads_and_changes_are_rate_limited(tmp_path: Path) -> None:
    limits = {name: "" for name in DEFAULT_LIMITS} | {
        "sheet": "3/minute",
        "sheet_shared": "2/minute",
    }

    async def main() -> None:
        with live_server(tmp_path, limits=limits) as server:
            ann = await account(server.http, "ann")
            sheet_id = (await ann.post("/api/sheets", json={"sheet": KRAKEN["sheet"]})).json()["id"]
            token = (await ann.post(f"/api/sheets/{sheet_id}/share")).json()["token"]
            async with httpx.AsyncClient(base_url=server.http) as reader:
                for _ in range(2):
                    assert (await reader.get(f"/api/sheets/shared/{token}")).status_code == 200
                assert error(await reader.get(f"/api/sheets/shared/{token}")) == (
                    429,
                    "rate_limited",
                )
            for _ in range(2):
                put = await ann.put(f"/api/sheets/{sheet_id}", json={"sheet": KRAKEN["sheet"]})
                assert put.status_code == 200
            assert error(
                await ann.put(f"/api/sheets/{sheet_id}", json={"sheet": KRAKEN["sheet"]})
            ) == (
                429,
                "rate_limited",
            )
            await ann.aclose()

    run(main)


def test_an_account_keeps_a_limited_number_of_sheets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server_sheets, "MAX_SHEETS", 2)

    async def main() -> None:
        with live_server(tmp_path) as server:
            ann = await account(server.http, "ann")
            for _ in range(2):
                assert (
                    await ann.post("/api/sheets", json={"sheet": KRAKEN["sheet"]})
                ).status_code == 200
            refused = await ann.post("/api/sheets", json={"sheet": KRAKEN["sheet"]})
            assert error(refused) == (409, "too_many_sheets")
            await ann.aclose()

    run(main)
