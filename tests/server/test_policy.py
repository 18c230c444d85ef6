"""The one authorization policy: every role against every command, compared with a
table written out here (not derived from the code), and the roles a caller has at
a table built in memory."""

from __future__ import annotations

import pytest

from cardtable.server.policy import PERMISSIONS, Command, Role, authorize, roles_of
from cardtable.server.runtime import Runtime
from cardtable.server.store import INVITE_SEAT, SeatRow, TableRow, hash_token

# Y: allowed; otherwise the refusal's code. Columns: owner (not seated), player, bot,
# invited, spectator, stranger.
EXPECTED = """
command     owner      player     bot        invited    spectator  stranger
view        Y          Y          Y          Y          Y          not_found
join        Y          Y          Y          Y          Y          not_found
chat        Y          Y          Y          Y          Y          not_found
start       Y          forbidden  forbidden  forbidden  forbidden  not_found
set_seat    Y          forbidden  forbidden  forbidden  forbidden  not_found
close       Y          forbidden  forbidden  forbidden  forbidden  not_found
abort       Y          Y          forbidden  forbidden  forbidden  not_found
rematch     not_seated Y          not_seated not_seated not_seated not_found
decline     not_seated Y          not_seated not_seated not_seated not_found
claim       not_seated Y          not_seated not_seated not_seated not_found
act         not_seated Y          Y          not_seated not_seated not_found
resign      not_seated Y          Y          not_seated not_seated not_found
leave       not_seated Y          Y          not_seated not_seated not_found
take_back   not_seated Y          Y          not_seated not_seated not_found
"""


def _table() -> dict[tuple[Command, Role], str]:
    lines = EXPECTED.strip().splitlines()
    roles = [Role(name) for name in lines[0].split()[1:]]
    table = {}
    for line in lines[1:]:
        command, *answers = line.split()
        for role, answer in zip(roles, answers, strict=True):
            table[Command(command), role] = answer
    return table


TABLE = _table()


def test_the_table_covers_every_role_and_command() -> None:
    assert set(TABLE) == {(command, role) for command in Command for role in Role}
    assert set(PERMISSIONS) == set(Command)


@pytest.mark.parametrize(("command", "role"), sorted(TABLE))
def test_each_role_and_command(command: Command, role: Role) -> None:
    refusal = authorize(frozenset({role}), command, "t1")
    expected = TABLE[command, role]
    if expected == "Y":
        assert refusal is None
    else:
        assert refusal is not None and refusal.code == expected
        assert refusal.status == {"not_found": 404}.get(expected, 403)
        assert refusal.message


def test_a_stranger_is_told_exactly_what_a_missing_table_says() -> None:
    answers = {authorize(frozenset({Role.STRANGER}), c, "t1") for c in Command}
    assert {(a.code, a.message, a.status) for a in answers if a} == {
        ("not_found", "no table 't1'", 404)
    }


@pytest.mark.parametrize("command", list(Command))
def test_a_seated_owner_may_do_what_either_role_may(command: Command) -> None:
    both = authorize(frozenset({Role.OWNER, Role.PLAYER}), command, "t1")
    either = TABLE[command, Role.OWNER] == "Y" or TABLE[command, Role.PLAYER] == "Y"
    assert (both is None) == either


def _runtime(public: bool) -> Runtime:
    table = TableRow(id="t1", owner_id="own", public=public, invite_hash=hash_token("inv"))
    seats = [
        SeatRow(table_id="t1", seat=0, kind="human", user_id="own"),
        SeatRow(table_id="t1", seat=1, kind="human", user_id="ann"),
        SeatRow(table_id="t1", seat=2, kind="external", user_id="botacct"),
        SeatRow(table_id="t1", seat=3, kind="human", reserved_for="kept"),
    ]
    return Runtime(table=table, seats=seats)


def test_roles_at_a_private_table() -> None:
    rt = _runtime(public=False)
    assert roles_of(rt, "own") == {Role.OWNER, Role.PLAYER}
    assert roles_of(rt, "ann") == {Role.PLAYER}
    assert roles_of(rt, "botacct") == {Role.BOT}
    assert roles_of(rt, "kept") == {Role.INVITED}
    assert roles_of(rt, "eve", "inv") == {Role.INVITED}
    assert roles_of(rt, "eve", "wrong") == {Role.STRANGER}
    assert roles_of(rt, None) == {Role.STRANGER}
    assert roles_of(rt, "eve", admitted=True) == {Role.SPECTATOR}


def test_roles_at_a_public_table() -> None:
    rt = _runtime(public=True)
    rt.seats[0].user_id = None  # the owner got up
    assert roles_of(rt, "own") == {Role.OWNER}
    assert roles_of(rt, "eve") == {Role.SPECTATOR}
    assert roles_of(rt, None) == {Role.SPECTATOR}
    rt.seats[3].reserved_for = INVITE_SEAT
    assert roles_of(rt, "kept") == {Role.SPECTATOR}
