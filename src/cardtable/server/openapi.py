"""The API document the browser's TypeScript types are generated from
(``make protocol``): the HTTP API's OpenAPI document, with the table socket's
messages (client and server) added to its schemas.

``python -m cardtable.server.openapi`` prints it; ``web/src/lib/openapi.json`` is
the committed copy, and a test fails when the copy is stale.
"""

from __future__ import annotations

import json
import sys
from typing import Any, get_args

from pydantic import BaseModel
from pydantic.json_schema import JsonSchemaMode, models_json_schema

from cardtable.server.app import create_app
from cardtable.server.protocol import (
    ActionMessage,
    AuthMessage,
    ChatMessage,
    PingMessage,
    SyncMessage,
)
from cardtable.server.schemas import SERVER_MESSAGES

__all__ = ["api_document", "main"]

_CLIENT_MESSAGES = (AuthMessage, ActionMessage, ChatMessage, PingMessage, SyncMessage)


def _type_of(model: type[BaseModel]) -> str:
    """The ``type`` a socket message model's messages carry."""
    (value,) = get_args(model.model_fields["type"].annotation)
    return str(value)


def api_document() -> dict[str, Any]:
    """The OpenAPI document of the HTTP API and the socket's messages."""
    document = create_app().openapi()
    schemas: dict[str, Any] = document.setdefault("components", {}).setdefault("schemas", {})
    models: list[tuple[type[BaseModel], JsonSchemaMode]] = [
        (model, "serialization") for model in SERVER_MESSAGES
    ]
    models += [(model, "validation") for model in _CLIENT_MESSAGES]
    _, socket = models_json_schema(models, ref_template="#/components/schemas/{model}")
    for name, schema in socket.get("$defs", {}).items():
        schemas.setdefault(name, schema)
    for name in ("ClientMessage", "ServerMessage"):
        members = _CLIENT_MESSAGES if name == "ClientMessage" else SERVER_MESSAGES
        refs = {_type_of(m): f"#/components/schemas/{m.__name__}" for m in members}
        schemas[name] = {
            "oneOf": [{"$ref": ref} for ref in refs.values()],
            "discriminator": {"propertyName": "type", "mapping": refs},
        }
    return document


def main() -> None:
    """Print :func:`api_document` as stable, indented JSON."""
    json.dump(api_document(), sys.stdout, indent=2, sort_keys=True, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
