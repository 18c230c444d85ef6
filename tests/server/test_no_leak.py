"""Hidden information: no message to a seat or a spectator ever holds another seat's
unplayed cards, and two games that differ only in hidden cards send each seat the
same messages."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

from cardtable import gurka, kraken
from cardtable.server.runtime import Client
from tests.server.helpers import run, started_service
from tests.server.live import Api, Socket, live_server, play_until_over

Hands = list[set[str]]


def _tokens(value: Any) -> set[str]:
    """Every word of every string (keys included) in a JSON value."""
    out: set[str] = set()
    if isinstance(value, str):
        out.update(re.split(r"[^0-9A-Za-z]+", value))
    elif isinstance(value, dict):
        for key, item in value.items():
            out |= _tokens(key) | _tokens(item)
    elif isinstance(value, list):
        for item in value:
            out |= _tokens(item)
    return out


def _hands_by_version(game: str, record: dict[str, Any]) -> list[Hands]:
    """The unplayed cards of every seat after each version 0..N, by replay."""
    state: kraken.Game | gurka.Game
    if game == "kraken":
        actions = [a for body in record["rounds"] for a in body["actions"]]
        first = {**record["rounds"][0], "actions": []}
        state = kraken.Game.from_record({**record, "rounds": [first]})
    else:
        actions = list(record["actions"])
        state = gurka.Game.from_record(
            {k: v for k, v in record.items() if k != "result"} | {"actions": []}
        )

    def hands() -> Hands:
        if isinstance(state, kraken.Game):
            return [{str(c) for c in hand} for hand in state.current.hands]
        by_seat = state.current.hands
        return [{str(c) for c in by_seat.get(s, [])} for s in range(state.players)]

    out = [hands()]
    for action in actions:
        state.apply(action)
        out.append(hands())
    return out


def _check(raw_messages: list[str], seat: int | None, hands: list[Hands]) -> int:
    """Assert no message shows another seat's unplayed cards; returns how many were
    checked. The events of version ``v`` describe the state before it (minus the card
    just played); the rest of the message describes version ``v`` (after a new deal)."""
    version = 0
    for raw in raw_messages:
        message = json.loads(raw)
        version = message.get("version", version)
        events = message.pop("events", [])

        def hidden(at: int) -> set[str]:
            return set().union(*(h for s, h in enumerate(hands[at]) if s != seat))

        if message["type"] == "ack":
            played = _tokens(message.get("action", ""))
            leaked = (_tokens(message) & hidden(version - 1)) - played
        else:
            leaked = _tokens(message) & hidden(version)
        if events:
            played = _tokens(events[0].get("action", ""))
            leaked |= (_tokens(events) & hidden(version - 1)) - played
        assert not leaked, f"seat {seat} was sent {leaked} at version {version}: {raw[:300]}"
    return len(raw_messages)


def _check_views(watched: list[str], seated: list[str], versions: int) -> None:
    """The spectator's view of each version is exactly what a seat's observation
    shows everyone (the contract, the trick, the points: all but the hand, the legal
    actions and the histories the events tell)."""
    private = {"hand", "legal_actions", "actions", "tricks", "turned", "seat"}
    views = {m["version"]: m["view"] for m in map(json.loads, watched) if "view" in m}
    seen = {
        m["version"]: {k: v for k, v in m["observation"].items() if k not in private}
        for m in map(json.loads, seated)
        if m.get("observation")
    }
    common = set(views) & set(seen)
    assert len(common) > versions * 0.9, (len(common), versions)
    assert all(views[v] == seen[v] for v in common)
    assert not any(private & set(view) for view in views.values())


def _play_table(tmp: Path, game: str, rules: dict[str, Any], seed: int) -> None:
    async def main() -> None:
        with live_server(tmp) as server:
            n = 4 if game == "kraken" else rules["players"]
            people = [await Api.guest(server.http, f"P{i}") for i in range(n)]
            viewer = await Api.guest(server.http, "Viewer")
            created = await people[0].post(
                "/api/tables", {"game": game, "rules": rules, "public": True}
            )
            table_id = created["table"]["id"]
            for api in people[1:]:
                await api.post(f"/api/tables/{table_id}/join", {})
            socks = [await Socket.open(server.ws, table_id, api.token) for api in people]
            watcher = await Socket.open(server.ws, table_id, viewer.token)
            for sock in [*socks, watcher]:
                await sock.until("state")
            await people[0].post(f"/api/tables/{table_id}/start", {"seed": seed})
            await asyncio.gather(
                *(play_until_over(s, i) for i, s in enumerate(socks)),
                play_until_over(watcher, -1),
            )
            game_id = (await people[0].get(f"/api/tables/{table_id}"))["table"]["game_id"]
            record = (await people[0].get(f"/api/games/{game_id}/record"))["record"]
            hands = _hands_by_version(game, record)
            checked = sum(_check(s.raw, i, hands) for i, s in enumerate(socks))
            checked += _check(watcher.raw, None, hands)
            assert checked > len(hands) * (n + 1) * 0.9
            _check_views(watcher.raw, socks[1].raw, len(hands))
            for sock in [*socks, watcher]:
                await sock.close()
            for api in [*people, viewer]:
                await api.close()

    run(main)


def test_no_kraken_message_shows_a_hidden_card(tmp_path: Path) -> None:
    _play_table(tmp_path, "kraken", {"rounds": 1, "roem": "hand"}, seed=8)


def test_no_gurka_message_shows_a_hidden_card(tmp_path: Path) -> None:
    _play_table(tmp_path, "gurka", {"players": 5, "eliminate_at": 12}, seed=2)


def _swap_hidden(record: dict[str, Any], keep: int) -> dict[str, Any]:
    """The same deal with one card of each of two other seats exchanged (same suit, so
    follow-suit duties match)."""
    body = record["rounds"][0]
    hands = [h.split() for h in body["hands"]]
    a, b = [s for s in range(4) if s != keep][:2]
    for i, card_a in enumerate(hands[a]):
        for j, card_b in enumerate(hands[b]):
            if card_a[-1] == card_b[-1]:
                hands[a][i], hands[b][j] = card_b, card_a
                rounds = [{**body, "hands": [" ".join(h) for h in hands]}]
                return {**record, "rounds": rounds}
    raise AssertionError("no same-suit pair to swap")


def test_two_deals_differing_in_hidden_cards_send_identical_messages(tmp_path: Path) -> None:
    async def main() -> None:
        service = await started_service(tmp_path)
        try:
            people = [await service.accounts.guest(f"P{i}", "127.0.0.1") for i in range(4)]
            rules = {"rounds": 1, "roem": "none", "trump_choice": "utrecht"}
            keep = 0
            for seed in range(100):
                original = kraken.Game.new(kraken.Rules.from_dict(rules), seed).to_record()
                records = [original, _swap_hidden(original, keep)]
                actions = _common_play(records)
                if len(actions) >= 16:
                    break
            streams: list[list[Client]] = []
            tables = []
            for record in records:
                view, invite = await service.tables.create_table(
                    people[0][0], "kraken", None, rules, None, True, None
                )
                for user, _ in people[1:]:
                    await service.tables.join(user, view["id"], None, invite)
                rt = await service.tables.runtime(view["id"])
                clients = [Client(people[keep][0].id, "P0", keep), Client("viewer", "V", None)]
                for client in clients:
                    await service.play.attach(rt.id, client)
                await service.tables.start_from_record(view["id"], record)
                streams.append(clients)
                tables.append(rt)
            for steps, action in enumerate(actions):
                for rt in tables:
                    seat = int(rt.state.to_move)  # type: ignore[union-attr]
                    await service.play.submit(rt, rt.seats[seat].user_id or "", f"s{steps}", action)
            for one, other in zip(streams[0], streams[1], strict=True):
                first, second = [], []
                while not one.queue.empty():
                    first.append(_normalise(one.queue.get_nowait()))
                while not other.queue.empty():
                    second.append(_normalise(other.queue.get_nowait()))
                assert len(first) >= len(actions) and first == second
        finally:
            await service.close()

    run(main)


def _common_play(records: list[dict[str, Any]]) -> list[str]:
    """Actions legal in both deals, played until they part."""
    twin = [kraken.Game.from_record(r) for r in records]
    actions: list[str] = []
    while not twin[0].is_over and twin[0].to_move == twin[1].to_move:
        common = [a for a in twin[0].legal_actions() if twin[1].can_apply(a)]
        if not common:
            break
        for game in twin:
            game.apply(common[-1])
        actions.append(common[-1])
    return actions


def _normalise(raw: str | None) -> Any:
    """A message with the table's and game's random ids, and the times seats were
    left (wall-clock times, which differ between two runs), blanked out."""
    assert raw is not None
    message = json.loads(raw)
    message.pop("game_id", None)
    if "table" in message:
        seats = [{**seat, "away_since": None} for seat in message["table"]["seats"]]
        message["table"] = {**message["table"], "id": "", "game_id": "", "seats": seats}
    return message
