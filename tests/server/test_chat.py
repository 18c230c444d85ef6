"""Chat rooms: the history comes with the state (a reconnect keeps it, also after
the server let the table go from memory), players and spectators chat apart or
spectators not at all, lines are rate limited, and hostile text is refused or kept
as plain text."""

from __future__ import annotations

from pathlib import Path

from tests.server.helpers import run
from tests.server.live import Api, Socket, close_all, guests, live_server

HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "level": "random"}


async def _table(owner: Api, **options: object) -> tuple[str, str]:
    created = await owner.post(
        "/api/tables", {"game": "kraken", "seats": [HUMAN, HUMAN, RANDOM, RANDOM], **options}
    )
    return created["table"]["id"], created["invite"]


def test_history_comes_with_the_state_of_each_room(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, bob, carol = await guests(server, "Alice", "Bob", "Carol")
            table_id, invite = await _table(alice)
            await bob.post(f"/api/tables/{table_id}/join", {"invite": invite})
            a = await Socket.open(server.ws, table_id, alice.token)
            b = await Socket.open(server.ws, table_id, bob.token)
            c = await Socket.open(server.ws, table_id, carol.token, invite)
            for sock in (a, b, c):
                assert (await sock.until("state"))["chat"] == []
            hostile = '<img src=x onerror="alert(1)"> & </ol>'
            await a.send({"type": "chat", "text": f"  {hostile}  "})
            line = await b.until("chat")
            assert line["text"] == hostile and line["channel"] == "players"
            assert line["from"] == {"user_id": alice.user["id"], "name": "Alice", "seat": 0}
            assert (await a.until("chat"))["id"] == line["id"]
            await c.send({"type": "chat", "text": "go Bob!"})
            spectators = await c.until("chat")
            assert spectators["channel"] == "spectators" and spectators["id"] > line["id"]
            await b.send({"type": "chat", "text": "hi"})
            assert (await a.until("chat"))["text"] == "hi"  # not Carol's line
            await a.send({"type": "sync"})
            state = await a.until("state")
            assert [m["text"] for m in state["chat"]] == [hostile, "hi"]
            assert all(m["channel"] == "players" for m in state["chat"])
            assert not any("go Bob" in raw for raw in a.raw + b.raw)
            assert not any('"hi"' in raw or "onerror" in raw for raw in c.raw)
            await close_all(a, b, c)

            # the node forgets the table (as a restarted or another node would not
            # have it); loading it again reads the history from the database
            async def forget() -> bool:
                return server.app.state.service.tables.runtimes.pop(table_id, None) is not None

            assert await server.on_server(forget)
            b = await Socket.open(server.ws, table_id, bob.token)
            c = await Socket.open(server.ws, table_id, carol.token, invite)
            assert [m["text"] for m in (await b.until("state"))["chat"]] == [hostile, "hi"]
            assert [m["text"] for m in (await c.until("state"))["chat"]] == ["go Bob!"]
            await close_all(b, c, alice, bob, carol)

    run(main)


def test_the_owner_can_turn_the_spectators_chat_off(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            alice, carol = await guests(server, "Alice", "Carol")
            table_id, _invite = await _table(alice, spectator_chat="off", public=True)
            a = await Socket.open(server.ws, table_id, alice.token)
            c = await Socket.open(server.ws, table_id, carol.token)
            assert (await a.until("state"))["table"]["spectator_chat"] == "off"
            await c.until("state")
            await c.send({"type": "chat", "text": "psst"})
            assert (await c.until("error"))["code"] == "chat_off"
            await a.send({"type": "chat", "text": "players still talk"})
            assert (await a.until("chat"))["channel"] == "players"
            await a.send({"type": "sync"})
            assert [m["text"] for m in (await a.until("state"))["chat"]] == ["players still talk"]
            reply = await alice.client.post(
                "/api/tables", json={"game": "kraken", "spectator_chat": "everyone"}
            )
            assert reply.status_code == 422
            await close_all(a, c, alice, carol)

    run(main)


def test_chat_lines_are_rate_limited_and_checked(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path, limits={"chat": "3/minute"}) as server:
            (alice,) = await guests(server, "Alice")
            table_id, _invite = await _table(alice)
            a = await Socket.open(server.ws, table_id, alice.token)
            await a.until("state")
            for text in ("\u202eevil", "a\x00b", "   "):
                await a.send({"type": "chat", "text": text})
                assert (await a.until("error"))["code"] in ("bad_message",)
            for n in range(3):
                await a.send({"type": "chat", "text": f"line {n}"})
                assert (await a.until("chat"))["text"] == f"line {n}"
            await a.send({"type": "chat", "text": "one too many"})
            assert (await a.until("error"))["code"] == "rate_limited"
            await a.send({"type": "sync"})
            assert len((await a.until("state"))["chat"]) == 3
            await close_all(a, alice)

    run(main)
