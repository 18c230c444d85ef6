"""Names that mislead are refused over HTTP, each with a reason that says what was
wrong: names of invisible characters only, bot look-alikes, letters of one script
disguised as another's, and a name that looks like an existing account's or bot's.
Names in every script are welcome, and guests may share a look (a table tells them
apart)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from cardtable.server.protocol import ServerError
from cardtable.server.text import clean_name, name_skeleton, same_name
from tests.server.helpers import run
from tests.server.live import Api, error_code, live_server

INVISIBLE_ONLY = ("\u3164", "\u2800\u2800", "\u115f", "\u3164 \u2800", "\u115f\u1160")
BOT_LOOK_ALIKES = ("b\u043et", "\u0299\u1d0f\u1d1b", "B0T", "Admin", "the system")
WELCOME = ("Zoë", "محمد", "李雷", "山田たろう", "Ødegård", "Ἀλέξανδρος", "Мария", "김민준")


@pytest.mark.parametrize("name", INVISIBLE_ONLY)
def test_a_name_needs_a_visible_character(name: str) -> None:
    with pytest.raises(ServerError, match="visible character"):
        clean_name(name)


def test_an_invisible_filler_inside_a_name_is_named() -> None:
    with pytest.raises(ServerError, match="U\\+3164"):
        clean_name("Ali\u3164ce")


@pytest.mark.parametrize("name", BOT_LOOK_ALIKES)
def test_a_person_may_not_look_like_a_bot_or_the_house(name: str) -> None:
    with pytest.raises(ServerError):
        clean_name(name)


def test_a_bot_account_may_say_it_is_a_bot() -> None:
    assert clean_name("Sharp bot", bot=True) == "Sharp bot"


@pytest.mark.parametrize("name", ["\u0410lice", "P\u0430ul", "Ev\u0435"])
def test_a_letter_disguised_as_another_scripts_is_refused(name: str) -> None:
    with pytest.raises(ServerError, match="looks like"):
        clean_name(name)


@pytest.mark.parametrize("name", WELCOME)
def test_names_in_every_script_are_welcome(name: str) -> None:
    assert clean_name(name) == name


def test_look_alikes_share_a_skeleton_and_others_do_not() -> None:
    assert same_name("Alice", "\u0410lice")
    assert same_name("Alice", "ａｌｉｃｅ")
    assert same_name("bot", "\u0299\u1d0f\u1d1b")
    assert not same_name("Alice", "Alicia")
    assert name_skeleton("Zoë") == name_skeleton("ZOË")


def test_names_over_http(tmp_path: Path) -> None:
    async def main() -> None:
        with live_server(tmp_path) as server:
            async with httpx.AsyncClient(base_url=server.http) as http:
                for name in (*INVISIBLE_ONLY, *BOT_LOOK_ALIKES, "\u0410lice"):
                    reply = await http.post("/api/guest", json={"name": name})
                    assert reply.status_code == 400, (name, reply.text)
                    assert error_code(reply) == "bad_name", name
                    assert reply.json()["error"]["message"], name
            for name in WELCOME:
                welcome = await Api.guest(server.http, name)
                assert welcome.user["name"] == name
                await welcome.close()
            alice = await Api.account(server.http, "alice", name="Alice")
            async with httpx.AsyncClient(base_url=server.http) as http:
                # beside the account Alice, a name that reads the same is refused
                for name in ("alice", "ALICE", "ａｌｉｃｅ", "Alice"):
                    reply = await http.post(
                        "/api/register",
                        json={"username": "mallory", "password": "password-1", "name": name},
                    )
                    assert reply.status_code == 400, (name, reply.text)
                    assert "Alice" in reply.json()["error"]["message"]
                    reply = await http.post("/api/guest", json={"name": name})
                    assert reply.status_code == 400, (name, reply.text)
            # a rename to a look-alike is refused and changes nothing
            bob = await Api.account(server.http, "bob", name="Bob")
            reply = await bob.client.post("/api/me/name", json={"name": "ALICE"})
            assert reply.status_code == 400 and error_code(reply) == "bad_name"
            assert (await bob.get("/api/me"))["name"] == "Bob"
            # the account itself may change the case of its own name
            assert (await alice.post("/api/me/name", {"name": "ALICE"}))["user"]["name"] == "ALICE"
            # a bot account may not take a person's look either
            reply = await bob.client.post("/api/bots", json={"name": "Alice"})
            assert reply.status_code == 400 and error_code(reply) == "bad_name"
            # guests may share a look with each other
            first = await Api.guest(server.http, "Carol")
            second = await Api.guest(server.http, "CAROL")
            assert second.user["name"] == "CAROL"
            for api in (alice, bob, first, second):
                await api.close()

    run(main)
