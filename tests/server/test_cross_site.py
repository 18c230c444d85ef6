"""Cross-site requests, attacked as another site would: with the victim's session
cookie, a ``text/plain`` or form-encoded POST (which a page of another site can send
without a preflight) from a foreign ``Origin``, with a foreign ``Referer``, with
``Sec-Fetch-Site: cross-site`` or ``same-site`` (a sibling origin), or with no such
header at all. Every one is refused and nothing changes; the same requests from the
server's own pages, and Bearer requests, go through."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.helpers import TIMEOUT, run
from tests.server.live import Api, error_code, live_server

ATTACKS: list[dict[str, str]] = [
    {"Origin": "http://evil.example"},
    {"Origin": "null"},
    {"Referer": "http://evil.example/page"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
    {},
]
BODIES: list[dict[str, Any]] = [
    {"content": b"{}", "headers": {"Content-Type": "text/plain"}},
    {"data": {"x": "1"}},
    {},
]


def test_cross_site_requests_with_the_victims_cookie_are_refused(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            own = {"Origin": server.http}
            async with httpx.AsyncClient(base_url=server.http, timeout=TIMEOUT) as victim:
                reply = await victim.post(
                    "/api/register",
                    json={"username": "victim", "password": "pass-word-1"},
                    headers=own,
                )
                assert reply.status_code == 200
                token = reply.json()["token"]
                bearer = Api(server.http, token, reply.json()["user"])
                table = await bearer.post(
                    "/api/tables",
                    {
                        "game": "kraken",
                        "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 3,
                        "rated": False,
                    },
                )
                table_id = table["table"]["id"]
                await bearer.post(f"/api/tables/{table_id}/start", {})
                bot = await bearer.post("/api/bots", {"name": "Helper"})
                targets = [
                    f"/api/tables/{table_id}/abort",
                    f"/api/tables/{table_id}/resign",
                    f"/api/tables/{table_id}/leave",
                    f"/api/bots/{bot['bot']['id']}/token",
                    "/api/logout",
                ]
                before = await bearer.get(f"/api/tables/{table_id}")
                for path in targets:
                    for headers in ATTACKS:
                        for body in BODIES:
                            sent = {**body, "headers": {**body.get("headers", {}), **headers}}
                            reply = await victim.post(path, **sent)
                            assert reply.status_code in (403, 415), (path, headers, reply.text)
                            assert error_code(reply) in ("cross_site", "unsupported_media_type")
                    # a form from the server's own pages is not JSON either
                    reply = await victim.post(path, data={"x": "1"}, headers=own)
                    assert reply.status_code == 415
                    assert error_code(reply) == "unsupported_media_type"
                # nothing changed: still logged in, the game still played, the bot's
                # token still valid
                assert (await victim.get("/api/me")).status_code == 200
                assert await bearer.get(f"/api/tables/{table_id}") == before
                async with httpx.AsyncClient(
                    base_url=server.http,
                    headers={"Authorization": f"Bearer {bot['token']}"},
                    timeout=TIMEOUT,
                ) as as_bot:
                    assert (await as_bot.get("/api/me")).status_code == 200
                # the same request from the server's own page goes through
                for headers in (
                    own,
                    {"Sec-Fetch-Site": "same-origin"},
                    {"Referer": f"{server.http}/tables/{table_id}"},
                ):
                    reply = await victim.post(
                        f"/api/tables/{table_id}/abort", json={}, headers=headers
                    )
                    assert reply.status_code in (200, 409), reply.text  # 409: already aborted
                reply = await victim.post("/api/logout", json={}, headers=own)
                assert reply.status_code == 200
                await bearer.close()

    run(main)


@pytest.mark.parametrize("headers", ATTACKS[:4])
def test_a_login_or_guest_from_another_site_is_refused(
    tmp_path: Path, headers: dict[str, str]
) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            async with httpx.AsyncClient(base_url=server.http, timeout=TIMEOUT) as page:
                if not headers or headers.get("Origin") == "null":
                    return  # no cookie and no sign of another site: a script
                reply = await page.post("/api/guest", json={"name": "Eve"}, headers=headers)
                assert reply.status_code == 403 and error_code(reply) == "cross_site"
                assert "cardtable_session" not in reply.cookies

    run(main)


def test_bearer_requests_are_not_affected(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            guest = await Api.guest(server.http, "Script")
            reply = await guest.client.post(
                "/api/me/name", json={"name": "Scripted"}, headers={"Origin": "http://x.example"}
            )
            assert reply.status_code == 200 and reply.json()["user"]["name"] == "Scripted"
            await guest.close()

    run(main)
