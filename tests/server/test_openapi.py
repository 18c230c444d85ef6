"""The typed API: ``/openapi.json`` documents every route's reply and errors, the
checked-in document the browser's types are generated from is current, and what a
played game really sends matches the documented models field for field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel

from cardtable.server.openapi import api_document
from cardtable.server.schemas import SERVER_MESSAGES, SeatOut, TableOut
from tests.server.helpers import run
from tests.server.live import Socket, close_all, guests, live_server, play_until_over

CHECKED_IN = Path(__file__).parents[2] / "web" / "src" / "lib" / "openapi.json"
RANDOM = {"kind": "bot", "level": "random"}


def test_the_checked_in_document_is_current() -> None:
    current = json.loads(json.dumps(api_document()))
    assert json.loads(CHECKED_IN.read_text()) == current, "stale: run `make protocol`"


def test_every_route_documents_its_reply_and_its_errors() -> None:
    document = api_document()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            assert "200" in responses, (method, path)
            if path != "/api/games/{game_id}/record":  # a file, any game's record
                assert responses["200"]["content"]["application/json"]["schema"], (method, path)
            if "server" not in operation["tags"]:  # what the server is refuses nothing
                error = responses["404"]["content"]["application/json"]["schema"]
                assert error == {"$ref": "#/components/schemas/ErrorOut"}, (method, path)


def _fields(model: type[BaseModel]) -> set[str]:
    return {field.alias or name for name, field in model.model_fields.items()}


def _same_fields(sent: dict[str, Any], model: type[BaseModel]) -> None:
    """Nothing sent that the model does not document, nothing required missing."""
    required = {f.alias or n for n, f in model.model_fields.items() if f.is_required()}
    assert required <= set(sent) <= _fields(model), (model.__name__, sorted(sent))


def test_a_played_games_messages_match_the_models(tmp_path: Path) -> None:
    by_type = {get_args(m.model_fields["type"].annotation)[0]: m for m in SERVER_MESSAGES}

    async def main() -> None:
        with live_server(tmp_path) as server:
            (alice,) = await guests(server, "Alice")
            created = await alice.post(
                "/api/tables",
                {"game": "kraken", "rules": {"rounds": 1}, "seats": [{}, RANDOM, RANDOM, RANDOM]},
            )
            table_id = created["table"]["id"]
            _same_fields(created["table"], TableOut)
            sock = await Socket.open(server.ws, table_id, alice.token)
            await sock.until("state")
            await sock.send({"type": "chat", "text": "hello"})
            await sock.until("chat")
            await sock.send({"type": "ping"})
            await sock.until("pong")
            await sock.send({"type": "action", "id": "x", "action": "nonsense"})
            await sock.until("error")
            await alice.post(f"/api/tables/{table_id}/start", {})
            await play_until_over(sock, 0)
            seen = set()
            for raw in sock.raw:
                message = json.loads(raw)
                model = by_type[message["type"]]
                model.model_validate(message)
                _same_fields(message, model)
                if "table" in message:
                    _same_fields(message["table"], TableOut)
                    for seat in message["table"]["seats"]:
                        _same_fields(seat, SeatOut)
                seen.add(message["type"])
            assert {"state", "update", "ack", "chat", "pong", "error"} <= seen, seen
            await close_all(sock, alice)

    run(main)
