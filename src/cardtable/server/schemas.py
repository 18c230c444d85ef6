"""The HTTP API's shapes: every request body and every reply as pydantic models, so
``/openapi.json`` documents them all (errors included) and the browser's TypeScript
types are generated from it (``make protocol``). Replies that carry a game's own
data (observations, records, results) type it as a JSON object: its shape is the
game kind's (``docs/server-protocol.md``)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from cardtable.game import kind

__all__ = [
    "ERRORS",
    "SERVER_MESSAGES",
    "AckOut",
    "BotIn",
    "BotOut",
    "BotsOut",
    "ChatOut",
    "ClaimIn",
    "CreatedTableOut",
    "DeclineIn",
    "ErrorMessageOut",
    "ErrorOut",
    "GameClockOut",
    "GamesOut",
    "GuestIn",
    "HealthOut",
    "JoinIn",
    "LobbyOut",
    "LoginIn",
    "NameIn",
    "OkOut",
    "OnlineOut",
    "PasswordIn",
    "PongOut",
    "RegisterIn",
    "RemoveIn",
    "SeatChangeIn",
    "SeatIn",
    "SeatMessageOut",
    "SeatOut",
    "SeekIn",
    "SeekOut",
    "SeekReply",
    "SessionOut",
    "StartIn",
    "StateOut",
    "TableIn",
    "TableOut",
    "TableReply",
    "TablesOut",
    "UpdateOut",
    "UpgradeIn",
    "UserOut",
    "UserReply",
]

# -- requests ------------------------------------------------------------------------------


class GuestIn(BaseModel):
    """Play as a guest."""

    name: str = Field(min_length=1, max_length=40)


USERNAME = Field(min_length=3, max_length=32, pattern=r"^[A-Za-z0-9_.-]+$")
PASSWORD = Field(min_length=8, max_length=200)


class RegisterIn(BaseModel):
    """Create an account."""

    username: str = USERNAME
    password: str = PASSWORD
    name: str | None = Field(default=None, min_length=1, max_length=40)


class UpgradeIn(BaseModel):
    """Make the calling guest an account (keeping its games and ratings)."""

    username: str = USERNAME
    password: str = PASSWORD


class NameIn(BaseModel):
    """A new name."""

    name: str = Field(min_length=1, max_length=40)


class PasswordIn(BaseModel):
    """A new password, with the current one."""

    current: str = Field(max_length=200)
    password: str = PASSWORD


class RemoveIn(BaseModel):
    """Remove one's account (an account proves its password; a guest sends ``{}``)."""

    password: str | None = Field(default=None, max_length=200)


class LoginIn(BaseModel):
    """Log in to an account."""

    username: str = Field(max_length=32)
    password: str = Field(max_length=200)


class SeatIn(BaseModel):
    """One seat of a new table."""

    kind: str = Field(default="human", pattern=r"^(human|bot|external)$")
    level: str | None = Field(default=None, max_length=32)
    bot: str | None = Field(default=None, max_length=32)
    """For an ``external`` seat: the id of the bot account that plays it."""
    invite: bool = False
    """For a ``human`` seat: kept for whoever holds the table's invite."""
    player: str | None = Field(default=None, max_length=32)
    """For a ``human`` seat: kept for the account with this username."""


class BotIn(BaseModel):
    """A new bot account."""

    name: str = Field(min_length=1, max_length=40)


class TableIn(BaseModel):
    """A new table."""

    game: str = Field(max_length=32)
    """A registered game (``GET /api/kinds``)."""
    preset: str | None = Field(default=None, max_length=32)
    rules: dict[str, Any] | None = None
    seats: list[SeatIn] | None = Field(default=None, max_length=8)
    public: bool = False
    rated: bool = True
    """Whether the games change ratings; a casual table's do not (and may seat one
    person's bots beside them)."""
    turn_timer: float | None = Field(default=None, gt=0, le=3600)
    clock: dict[str, Any] | None = None
    """The game clock, ``{"initial": seconds, "increment": seconds}``
    (:func:`cardtable.server.gameclock.check_clock` says what is allowed)."""
    spectator_chat: Literal["apart", "off"] = "apart"
    """Spectators chat among themselves (never with the players), or not at all."""

    @field_validator("game")
    @classmethod
    def _known_game(cls, game: str) -> str:
        kind(game)  # ValueError lists the games
        return game


class JoinIn(BaseModel):
    """Take a seat."""

    seat: int | None = Field(default=None, ge=0, le=7)
    invite: str | None = Field(default=None, max_length=64)


class SeatChangeIn(BaseModel):
    """The owner's change of a seat: a bot (at ``level``) plays it, or it is open."""

    kind: str = Field(pattern=r"^(bot|open)$")
    level: str | None = Field(default=None, max_length=32)


class ClaimIn(BaseModel):
    """Let a bot play a long-idle player's seat."""

    seat: int = Field(ge=0, le=7)


class DeclineIn(BaseModel):
    """Turn down an open proposal."""

    proposal: str = Field(pattern=r"^(abort|rematch)$")


class StartIn(BaseModel):
    """Start (or rematch)."""

    seed: int | None = Field(default=None, ge=0, lt=2**62)


class SeekIn(BaseModel):
    """Quick play: a game of this kind and rules with whoever else wants one."""

    game: str = Field(max_length=32)
    preset: str | None = Field(default=None, max_length=32)
    rules: dict[str, Any] | None = None
    bots_after: float | None = Field(default=None, ge=0, le=3600)
    """Seconds to wait for people before bots take the seats left (default 30)."""
    level: str | None = Field(default=None, max_length=32)
    """The bots' level (default: heuristic, or the first level that plays the game)."""

    @field_validator("game")
    @classmethod
    def _known_game(cls, game: str) -> str:
        kind(game)  # ValueError lists the games
        return game


# -- replies -------------------------------------------------------------------------------


class _Reply(BaseModel):
    # a reply says what its model says: a field the model lacks is not sent (a test
    # compares the replies of a played game with the models)
    model_config = ConfigDict(populate_by_name=True)


class ErrorBody(_Reply):
    """A refusal: a stable ``code``, a human ``message``, and ``details`` a client
    renders in its own words (``retry_after`` seconds of a ``rate_limited``, the
    ``seconds`` left of a ``not_idle``, ...)."""

    code: str
    message: str
    details: dict[str, Any] | None = None


class ErrorOut(_Reply):
    """Every error reply: ``{"error": {...}}``."""

    error: ErrorBody


ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorOut, "description": description}
    for status, description in {
        400: "bad input (`bad_request`, `bad_name`)",
        401: "no valid session (`unauthorized`) or wrong credentials (`bad_credentials`)",
        403: "not allowed (`cross_site`, `forbidden`, `not_seated`, ...)",
        404: "nothing there, or a private table to a stranger (`not_found`)",
        409: "the state does not allow it now (`game_in_progress`, `seat_taken`, ...)",
        413: "the body is too large",
        415: "the body is not `application/json` (`unsupported_media_type`)",
        422: "the body does not match the request's schema (`bad_request`)",
        429: "over a rate limit (`rate_limited`, with `Retry-After`)",
    }.items()
}
"""The error replies every route documents."""


class OkOut(_Reply):
    """Done."""

    ok: Literal[True] = True


class HealthOut(_Reply):
    """The node is up, and speaks this protocol version."""

    ok: bool
    protocol: int


class UserOut(_Reply):
    """A person or a bot as others may see them."""

    id: str
    name: str
    kind: Literal["guest", "account", "bot", "removed"]
    username: str | None


class UserReply(_Reply):
    """One user (a renamed one)."""

    user: UserOut


class SessionOut(_Reply):
    """A new session: its token (also set as the ``cardtable_session`` cookie)."""

    token: str
    user: UserOut


class BotOut(_Reply):
    """A bot account and its (new) token."""

    bot: UserOut
    token: str


class BotsOut(_Reply):
    """The caller's bot accounts."""

    bots: list[UserOut]


class SeatOut(_Reply):
    """One seat of a table as its viewers see it."""

    seat: int
    kind: Literal["human", "bot", "external"]
    user_id: str | None
    name: str | None
    level: str | None
    open: bool
    reserved: bool
    reservation: Literal["invite", "player", "bot"] | None
    connected: bool
    controller: Literal["player", "bot"]
    away_since: float | None = None
    """During a game, when (server clock) the seat's player left."""


class OwnerOut(_Reply):
    """The table's owner."""

    id: str
    name: str | None


class ClockOut(_Reply):
    """A game clock with increment, in seconds."""

    initial: float
    increment: float


class TableOut(_Reply):
    """A table as its viewers see it (never an invite or a token)."""

    id: str
    game: str
    rules: dict[str, Any]
    status: Literal["waiting", "playing", "finished", "closed"]
    public: bool
    rated: bool
    owner: OwnerOut
    turn_timer: float | None
    clock: ClockOut | None
    spectator_chat: Literal["apart", "off"]
    game_id: str | None
    game_number: int
    seats: list[SeatOut]
    proposals: dict[str, list[int]]
    """Open proposals (``abort``, ``rematch``) and the seats whose people agreed."""
    claim_after: float
    spectators: int | None = None
    """In the lobby: how many people watch on this node."""


class TableReply(_Reply):
    """One table."""

    table: TableOut


class CreatedTableOut(_Reply):
    """A new table, its invite (and the link that carries it in its fragment), and the
    one-table tokens of external seats without a bot account."""

    table: TableOut
    invite: str
    invite_url: str
    bot_tokens: dict[str, str]


class LobbyOut(_Reply):
    """Public tables waiting for players, and those being played."""

    tables: list[TableOut]
    live: list[TableOut]


class TablesOut(_Reply):
    """Tables (the caller's)."""

    tables: list[TableOut]


class SeekOut(_Reply):
    """A seek as its seeker sees it: ``waiting``, ``seated`` (at ``table_id``,
    ``seat``) or ``cancelled``."""

    id: str
    game: str
    preset: str | None
    rules: dict[str, Any]
    status: Literal["waiting", "seated", "cancelled"]
    bots_after: float
    level: str
    waited: float
    table_id: str | None
    seat: int | None


class SeekReply(_Reply):
    """One seek."""

    seek: SeekOut


class SeekerOut(_Reply):
    """Someone looking for a game."""

    name: str
    game: str
    preset: str | None
    waited: float


class OnlineOut(_Reply):
    """Who is here: the people connected to a table or seeking on this node, and
    those looking for a game (oldest first)."""

    online: int
    seeking: list[SeekerOut]


class GamesOut(_Reply):
    """Finished games, newest first."""

    games: list[dict[str, Any]]


# -- the table socket's server messages ----------------------------------------------------
# The server builds these as dicts (each broadcast is encoded once); the models
# document them and a test validates every message a game sends against them.


class _ServerMessage(_Reply):
    v: Literal[1] = 1


class GameClockOut(_Reply):
    """The game clock when the message was sent: seconds left per seat (None: no
    clock), the seat whose time runs, the server's time."""

    remaining: list[float | None]
    running: int | None
    at: float


class ChatFrom(_Reply):
    """Who said a chat line (``seat``: None for a spectator)."""

    user_id: str
    name: str
    seat: int | None


class ChatOut(_ServerMessage):
    """A chat line said in a room; ``id`` orders a table's lines."""

    type: Literal["chat"]
    id: int
    channel: Literal["players", "spectators"]
    sender: ChatFrom = Field(alias="from")
    text: str


class StateOut(_ServerMessage):
    """A table's full state for one client: its seat's observation only (the game
    kind's ``Observation.to_dict()``), the chat of its room, the seat kept for it."""

    type: Literal["state"]
    table: TableOut
    seat: int | None
    game_id: str | None
    version: int
    to_move: int | None
    deadline: float | None
    observation: dict[str, Any] | None
    chat: list[ChatOut]
    kept: int | None
    clock: GameClockOut | None
    result: dict[str, Any] | None = None
    view: dict[str, Any] | None = None
    """A spectator's public view of the game: an observation without a hand."""


class UpdateOut(_ServerMessage):
    """What changed since the last version: the public events and, for a seat, its
    new observation."""

    type: Literal["update"]
    game_id: str | None
    version: int
    to_move: int | None
    deadline: float | None
    events: list[dict[str, Any]]
    clock: GameClockOut | None
    observation: dict[str, Any] | None = None
    view: dict[str, Any] | None = None
    """A spectator's public view of the game after the change."""


class AckOut(_ServerMessage):
    """An action was applied (or was a resend: ``duplicate``), as ``action``."""

    type: Literal["ack"]
    id: str
    version: int
    duplicate: bool
    action: str | None = None


class SeatMessageOut(_ServerMessage):
    """Who controls a seat now."""

    type: Literal["seat"]
    seat: int
    controller: Literal["player", "bot"]
    table: TableOut


class ErrorMessageOut(_ServerMessage):
    """A refusal on the socket (nothing changed)."""

    type: Literal["error"]
    code: str
    message: str
    details: dict[str, Any] | None = None


class PongOut(_ServerMessage):
    """The answer to a ``ping``."""

    type: Literal["pong"]


SERVER_MESSAGES: tuple[type[_ServerMessage], ...] = (
    StateOut,
    UpdateOut,
    AckOut,
    SeatMessageOut,
    ChatOut,
    ErrorMessageOut,
    PongOut,
)
"""Every message the table socket sends, by its ``type``."""
