"""The server serves the browser client: its files, the single-page fallback, a
helpful page without a build, JSON 404s under /api, and the replay frames."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from cardtable import gurka, kraken
from cardtable.server.web import mount_web, replay_frames


def _app(static: Path) -> FastAPI:
    app = FastAPI()

    @app.get("/api/health")
    async def health() -> dict[str, bool]:
        return {"ok": True}

    mount_web(app, static)
    return app


@pytest.fixture
def built(tmp_path: Path) -> Path:
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><title>cardtable</title>")
    (tmp_path / "assets" / "app-1234.js").write_text("console.log(1)")
    (tmp_path / "favicon.svg").write_text("<svg/>")
    return tmp_path


def test_files_and_single_page_fallback(built: Path) -> None:
    client = TestClient(_app(built))
    page = client.get("/")
    assert page.status_code == 200 and "<title>cardtable</title>" in page.text
    for path in ("/tables/abc?invite=xyz", "/players/u1", "/games/g1/replay", "/settings"):
        response = client.get(path)
        assert response.status_code == 200 and "cardtable" in response.text, path
        assert response.headers["cache-control"] == "no-cache"
    asset = client.get("/assets/app-1234.js")
    assert asset.text == "console.log(1)"
    assert "immutable" in asset.headers["cache-control"]
    assert asset.headers["content-type"].startswith(("text/javascript", "application/javascript"))
    assert client.get("/favicon.svg").text == "<svg/>"


def test_api_paths_are_never_the_page(built: Path) -> None:
    client = TestClient(_app(built))
    assert client.get("/api/health").json() == {"ok": True}
    missing = client.get("/api/players/nobody")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "not_found"
    assert client.get("/ws/tables/x").status_code == 404


def test_no_file_outside_the_build(built: Path) -> None:
    (built.parent / "secret.txt").write_text("secret")
    client = TestClient(_app(built))
    response = client.get("/..%2fsecret.txt")
    assert "secret" not in response.text


def test_without_a_build_a_page_says_how_to_make_one(tmp_path: Path) -> None:
    client = TestClient(_app(tmp_path / "missing"))
    response = client.get("/tables/abc")
    assert response.status_code == 503
    assert "make web" in response.text


def _finished_kraken() -> kraken.Game:
    game = kraken.Game.new(kraken.Rules(rounds=2), 3)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    return game


def test_replay_frames_of_kraken() -> None:
    game = _finished_kraken()
    out = replay_frames({"record": game.to_record(), "players": ["a"], "result": {"x": 1}})
    frames = out["frames"]
    assert out["game"] == "kraken" and out["players"] == ["a"]
    assert len(frames) == 1 + sum(len(r.actions) for r in game.history)
    assert frames[0]["seat"] is None and frames[0]["view"]["phase"] == "trump"
    cards = [f for f in frames if f["action"] and len(f["action"]) == 2]
    assert len(cards) == 2 * 32
    assert sum(1 for f in frames for e in f["events"] if e["type"] == "trick") == 16
    assert frames[-1]["events"][-1]["type"] == "game_over"
    assert "hand" not in frames[0]["view"] and "actions" not in frames[0]["view"]


def test_replay_frames_of_gurka() -> None:
    game = gurka.Game.new(gurka.Rules(players=3, eliminate_at=10), 5)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    out = replay_frames({"record": game.to_record()})
    frames = out["frames"]
    assert len(frames) == len(game.actions) + 1
    assert [len(h) for h in frames[0]["hands"]] == [6, 6, 6]
    assert frames[-1]["view"]["winners"] == list(game.winners)
