"""A property of the chat rooms: whatever players and spectators say, in any order,
each connection receives exactly its room's lines in order, never the other room's,
and the history a state carries is its room's lines among the table's latest."""

from __future__ import annotations

import asyncio
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.server import protocol
from cardtable.server.play import Play
from cardtable.server.runtime import CHAT_HISTORY, Client, Runtime, chat_room
from cardtable.server.store import TableRow

SAYINGS = st.lists(
    st.tuples(st.sampled_from([0, 1, None]), st.text(min_size=1, max_size=5)), max_size=150
)


@settings(max_examples=60, deadline=None)
@given(SAYINGS)
def test_each_room_hears_only_itself(sayings: list[tuple[int | None, str]]) -> None:
    rt = Runtime(table=TableRow(id="t", game="kraken", rules={}, owner_id="o"), seats=[])
    clients = [
        Client(f"u{n}", f"U{n}", seat, asyncio.Queue()) for n, seat in enumerate((0, 1, None, None))
    ]
    rt.clients.update(clients)
    said = []
    for line_id, (seat, text) in enumerate(sayings, start=1):
        room = "players" if seat is not None else "spectators"
        message = protocol.chat_message(line_id, f"s{line_id}", "S", seat, text, room)
        Play._said(rt, message)
        said.append(message)
    for client in clients:
        room = chat_room(client)
        queued = [client.queue.get_nowait() for _ in range(client.queue.qsize())]
        heard = [json.loads(raw) for raw in queued if raw is not None]
        assert heard == [m for m in said if m["channel"] == room]
        assert rt.chat_for(client) == [m for m in said[-CHAT_HISTORY:] if m["channel"] == room]
