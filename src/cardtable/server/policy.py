"""Who may do what at a table: one policy for every entry point (HTTP routes,
socket frames, bots), so a rule enforced on one path holds on all of them.

The caller's :class:`Role` set at a table comes from :func:`roles_of`, and
:func:`authorize` answers a :class:`Command` with ``None`` (allowed) or the refusal
to raise. The policy says who may ask; whether the table's state allows it now (a
game in play, a claim time passed, a seat free) is the command's own check.

A stranger to a private table is refused every command exactly as a missing table
is (``404 not_found``, the same message), so its existence is not confirmed.

>>> authorize(frozenset({Role.SPECTATOR}), Command.START, "t1").code
'forbidden'
>>> authorize(frozenset({Role.STRANGER}), Command.VIEW, "t1").status
404
>>> authorize(frozenset({Role.OWNER, Role.PLAYER}), Command.RESIGN, "t1") is None
True
"""

from __future__ import annotations

import secrets
from enum import StrEnum
from typing import TYPE_CHECKING

from cardtable.server.protocol import ServerError
from cardtable.server.store import hash_token

if TYPE_CHECKING:
    from cardtable.server.runtime import Runtime

__all__ = ["PERMISSIONS", "Command", "Role", "authorize", "holds_invite", "roles_of"]


class Role(StrEnum):
    """What the caller is at a table (a caller may be several: a seated owner)."""

    OWNER = "owner"
    """Made the table."""
    PLAYER = "player"
    """A person holding a seat."""
    BOT = "bot"
    """A bot account (or a one-table token's bot) holding a seat."""
    INVITED = "invited"
    """Holds the table's invite or has a seat kept for them, and no seat yet."""
    SPECTATOR = "spectator"
    """Anyone else at a public table (signed in or not)."""
    STRANGER = "stranger"
    """Anyone else at a private table: the table does not exist for them."""


class Command(StrEnum):
    """Everything a caller asks of a table."""

    VIEW = "view"  # read the table, watch it on a socket, read its games
    JOIN = "join"
    CHAT = "chat"
    START = "start"
    SET_SEAT = "set_seat"  # give a seat to a bot or free it
    CLOSE = "close"
    ABORT = "abort"  # the owner alone, or a seated person's vote
    REMATCH = "rematch"
    DECLINE = "decline"
    CLAIM = "claim"
    ACT = "act"  # a move of the game
    RESIGN = "resign"
    LEAVE = "leave"
    TAKE_BACK = "take_back"


_SEEN = frozenset(Role) - {Role.STRANGER}
_SEATED = frozenset({Role.PLAYER, Role.BOT})

PERMISSIONS: dict[Command, tuple[frozenset[Role], str, str, int]] = {
    Command.VIEW: (_SEEN, "", "", 0),
    Command.JOIN: (_SEEN, "", "", 0),
    Command.CHAT: (_SEEN, "", "", 0),
    Command.START: (
        frozenset({Role.OWNER}),
        "forbidden",
        "only the table's owner can start a game",
        403,
    ),
    Command.SET_SEAT: (
        frozenset({Role.OWNER}),
        "forbidden",
        "only the table's owner can change its seats",
        403,
    ),
    Command.CLOSE: (
        frozenset({Role.OWNER}),
        "forbidden",
        "only the table's owner can delete it",
        403,
    ),
    Command.ABORT: (
        frozenset({Role.OWNER, Role.PLAYER}),
        "forbidden",
        "only the owner and the seated vote to abort",
        403,
    ),
    Command.REMATCH: (
        frozenset({Role.PLAYER}),
        "not_seated",
        "only the people seated at the table vote",
        403,
    ),
    Command.DECLINE: (
        frozenset({Role.PLAYER}),
        "not_seated",
        "only the people seated at the table vote",
        403,
    ),
    Command.CLAIM: (
        frozenset({Role.PLAYER}),
        "not_seated",
        "only the people seated at the table claim",
        403,
    ),
    Command.ACT: (_SEATED, "not_seated", "spectators cannot act: take a seat first", 403),
    Command.RESIGN: (_SEATED, "not_seated", "you hold no seat at this table", 403),
    Command.LEAVE: (_SEATED, "not_seated", "you hold no seat at this table", 403),
    Command.TAKE_BACK: (_SEATED, "not_seated", "you hold no seat at this table", 403),
}
"""For each command: the roles allowed (any one suffices) and the refusal (code,
message, HTTP status) of everyone else but strangers, who get ``not_found``."""


def authorize(roles: frozenset[Role], command: Command, table_id: str) -> ServerError | None:
    """None if a caller with ``roles`` may ask ``command`` of table ``table_id``, else
    the refusal to raise."""
    if Role.STRANGER in roles:
        return ServerError("not_found", f"no table {table_id!r}", 404)
    allowed, code, message, status = PERMISSIONS[command]
    if roles & allowed:
        return None
    return ServerError(code, message, status)


def holds_invite(rt: Runtime, invite: str | None) -> bool:
    """Whether ``invite`` is the table's invite."""
    return invite is not None and secrets.compare_digest(hash_token(invite), rt.table.invite_hash)


def roles_of(
    rt: Runtime, user_id: str | None, invite: str | None = None, admitted: bool = False
) -> frozenset[Role]:
    """The roles of ``user_id`` (None: not signed in) holding ``invite`` at ``rt``;
    ``admitted``: a connection that was let in to watch (so no stranger)."""
    roles: set[Role] = set()
    if user_id is not None and user_id == rt.table.owner_id:
        roles.add(Role.OWNER)
    seat = rt.seat_of(user_id) if user_id is not None else None
    if seat is not None:
        roles.add(Role.PLAYER if rt.seats[seat].kind == "human" else Role.BOT)
    else:
        kept = user_id is not None and any(s.reserved_for == user_id for s in rt.seats)
        if kept or holds_invite(rt, invite):
            roles.add(Role.INVITED)
    if not roles:
        roles.add(Role.SPECTATOR if rt.table.public or admitted else Role.STRANGER)
    return frozenset(roles)
