"""The plain line mode, end to end: whole games through text input."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from cardtable import gurka, kraken
from cardtable.bots import make_bot
from cardtable.cli import main
from cardtable.tui.plain import PlainTable, choices
from cardtable.tui.session import Session, Settings

from .conftest import random_bots


def run(session: Session, lines: list[str]) -> list[str]:
    feed = iter(lines)
    out: list[str] = []
    table = PlainTable(session, lambda: next(feed, None), out.append)
    assert table.run() == 0
    return out


class FirstChoice:
    """Answers 1 to everything, as long as the game runs."""

    def __init__(self, session: Session, limit: int = 5000) -> None:
        self.session = session
        self.limit = limit

    def __call__(self) -> str | None:
        self.limit -= 1
        if self.limit < 0:
            return None
        if self.session.is_over:
            return "quit"
        legal = self.session.legal_actions()
        options = choices(self.session)
        # take the first legal option by its number
        for number, option in enumerate(options, 1):
            if option in legal:
                return str(number)
        return "1"


def test_a_whole_kraken_game_in_plain_mode() -> None:
    session = Session(
        Settings(rules_by_game={"kraken": kraken.Rules(rounds=2)}, seed=11, level="easy"),
        bot_factory=random_bots,
    )
    out: list[str] = []
    reader = FirstChoice(session)
    assert PlainTable(session, reader, out.append).run() == 0
    assert session.is_over
    assert "Round 2 is over." in out
    assert "The game is over." in out
    assert any(line.startswith("Final score: us ") for line in out)


def test_a_whole_gurka_game_in_plain_mode() -> None:
    session = Session(
        Settings(
            game="gurka", rules_by_game={"gurka": gurka.Rules(players=4, eliminate_at=20)}, seed=3
        ),
        bot_factory=random_bots,
    )
    out: list[str] = []
    assert PlainTable(session, FirstChoice(session), out.append).run() == 0
    assert session.is_over
    assert any(line.startswith("Player 1 (you): ") and "points" in line for line in out)
    # each round summary shows the trick that scored, with its cards
    summary = out.index("Round 1 is over.")
    scoring = next(line for line in out[summary:] if line.startswith("Last trick: "))
    assert scoring.count("Player ") == 4


def test_refusals_say_why_and_change_nothing() -> None:
    session = Session(Settings(seed=4, level="easy"), bot_factory=random_bots)
    session.run_bots()
    before = list(session.actions)
    out = run(session, ["9", "XX", "re", "quit"])
    assert "There is no choice 9." in out
    assert "Refused: “XX” is no card or action." in out
    # with this seed you may challenge now: "re" is refused, in the table's words,
    # naming the choices as the table shows them
    assert session.phase == "challenge" and session.legal_actions() == ["contra", "pass"]
    assert "Refused: You may say Contra (×2) or pass. Legal now: Contra (×2), Pass." in out
    assert session.actions == before


def test_commands_help_rules_score_hint_save_load(tmp_path: Path) -> None:
    session = Session(
        Settings(seed=4, level="easy"), bot_factory=random_bots, hint_bot=make_bot("heuristic")
    )
    path = tmp_path / "g.json"
    out = run(session, ["help", "rules", "score", "hint", f"save {path}", f"load {path}", "quit"])
    text = "\n".join(out)
    assert "undo: undo your last card" in text
    assert "Kraken is played by four players" in text
    assert "Round 1 of 16" in text
    assert "Hint: " in text
    assert f"Saved to {path}." in text and f"Loaded {path}." in text
    out = run(session, ["load /nonexistent/file.json", "undo", "quit"])
    assert any(line.startswith("Could not load: ") for line in out)
    assert "There is no card of yours in this round to take back." in out


def test_the_command_line_plays_plain_from_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nquit\n"))
    assert main(["play", "gurka", "--players", "3", "--plain", "--seed", "2", "--lang", "nl"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Gurka: je zit op Speler 1.")


def test_the_plain_replay_viewer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = Session(
        Settings(rules_by_game={"kraken": kraken.Rules(rounds=1)}, seed=5), bot_factory=random_bots
    )
    while not session.is_over:
        if session.pending_summary:
            session.acknowledge()
        elif session.human_to_move:
            session.play(session.legal_actions()[0])
        else:
            session.step_bot()
    path = session.save(tmp_path / "r.json")
    assert main(["play", "--replay", str(path), "--plain", "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Replay of a game of Kraken"
    assert "Round 1 is over." in out and "The game is over." in out


def test_a_game_the_table_has_no_presenter_for_plays_in_plain_mode(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A third registered game (the conformance suite's toy) plays through the plain
    table with the generic presentation: seats by the kind's names, cards as text;
    its records save, load and replay."""
    from cardtable import game
    from cardtable.tui.replay import Replay, replay_lines
    from tests.conformance.toy_game import KIND

    registry = {**game._registry(), KIND.name: KIND}
    monkeypatch.setattr(game, "_registry", lambda: registry)
    session = Session(
        Settings(game=KIND.name, seed=3, level="easy"),
        bot_factory=random_bots,
        hint_bot=make_bot("random", seed=0),
    )
    assert session.human == 0 and session.players == 3
    out: list[str] = []
    saved = tmp_path / "toy.json"
    feed = iter(["help", "rules", "score", "hint", "undo", f"save {saved}", f"load {saved}"])

    def read() -> str | None:
        step = next(feed, None)
        if step is not None:
            return step
        return None if session_of(table).is_over else "1"

    table = PlainTable(session, read, out.append)
    assert table.run() == 0
    assert out[0] == "Toy: you sit Player 1. Type help for the commands."
    assert any(line.startswith("Your hand: 1:") for line in out)
    assert "Player 2 plays" in "\n".join(out)
    assert "The game is over." in out
    assert any(line.startswith("Player 1 (you): ") and "points" in line for line in out)
    lines = replay_lines(Replay(table.session.to_record()))
    assert lines[0] == "Replay of a game of Toy" and "The game is over." in lines


def session_of(table: PlainTable) -> Session:
    """The session a plain table plays now (a load replaces it)."""
    return table.session


def test_a_game_to_a_target_score_says_so() -> None:
    import argparse

    from cardtable.tui.cli import settings_from_args

    args = argparse.Namespace(
        name="kraken",
        seat=None,
        rules=None,
        rounds=None,
        target_score=750,
        players=None,
        level="easy",
        seed=4,
        pace=None,
        plain=True,
    )
    settings = settings_from_args(args)
    assert settings.rules_by_game["kraken"].target_score == 750
    session = Session(settings, bot_factory=random_bots)
    text = "\n".join(run(session, ["score", "quit"]))
    assert "Round 1, playing to 750 points" in text
