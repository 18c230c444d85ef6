"""``cardtable play --plain`` through a pipe, as a screen reader or a script uses it:
the round header, the playable cards before any refusal, the words the table prints
(in the chosen language) accepted back, and the command line's own checks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

RUN_CLI = "import sys; from cardtable.cli import main; sys.exit(main())"


def play(args: list[str], lines: list[str], env: dict[str, str] | None = None) -> list[str]:
    """Run ``cardtable play ... --plain`` with ``lines`` piped in; its output lines."""
    done = subprocess.run(
        [sys.executable, "-c", RUN_CLI, "play", *args, "--plain"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_dutch_words_the_table_prints_are_accepted_back() -> None:
    # seed 3, you sit North: you choose trump first ("Kies troef, of pas."), then
    # East takes clubs and you may challenge
    out = play(
        ["--seed", "3", "--seat", "N", "--lang", "nl", "--level", "easy"],
        ["pas", "tip", "help", "Contra (×2)", "stand", "stoppen"],
    )
    assert out[1] == "Ronde 1, West geeft."  # the round header
    assert "Kies troef, of pas." in out
    assert "Noord (jij) past voor troef." in out  # 'pas' was taken, and said as such
    assert any(line.startswith("Tip: ") for line in out)  # 'tip' is the hint
    assert "tip: wat de sterke bot zou doen, en waarom" in out  # help in Dutch words
    assert "bh, 10h, pas: speel een kaart of doe een actie met haar naam" in out
    assert "Noord (jij) zegt contra (×2)." in out  # the button's label, typed back
    assert "Ronde 1 van 16" in out  # "stand" shows the score
    assert not any(line.startswith("Geweigerd") for line in out), out


def test_english_round_header_playable_cards_and_refusal_in_table_notation() -> None:
    out = play(
        ["--seed", "5", "--lang", "en", "--level", "easy", "--rules", "amsterdam"],
        ["2", "2", "2", "2", "quit"],
    )
    assert out[1].startswith("Round 1, ") and out[1].endswith(" deals.")
    # the cards you may play are listed before you play, not only after a refusal
    playable = [i for i, line in enumerate(out) if line.startswith("You may play: ")]
    assert playable, out
    first_prompt = out.index("Your turn: play a card.")
    assert playable[0] < first_prompt
    for line in out:
        if line.startswith("Refused: "):
            assert " may not play " not in line  # not the engine's English notation
            assert line.endswith(".") and "Legal now: " in line


def test_the_command_line_refuses_options_a_game_does_not_have() -> None:
    def error(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, "-c", RUN_CLI, "play", *args],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 2
        return done.stderr.strip()

    assert error("kraken", "--players", "5") == (
        "cardtable: error: --players does not apply to Kraken: its rules have no players"
    )
    assert "--rules rotterdam is not a Gurka preset" in error("gurka", "--rules", "rotterdam")
    assert "there is no seat 7 at a table of 5 (seats count from 1)" in error(
        "gurka", "--players", "5", "--seat", "7"
    )
    assert "there is no seat 0 at a table of 4" in error("gurka", "--seat", "0")
    assert error("--load", "nothere.json") == "cardtable: error: There is no file nothere.json."


def test_help_has_no_markup_and_every_option_says_what_it_does() -> None:
    from cardtable.cli import build_parser

    parser = build_parser()
    commands = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    texts = [parser.format_help(), commands["play"].format_help()]
    assert all("``" not in text for text in texts)
    arena = commands["arena"]
    for action in arena._actions:
        if action.option_strings and action.dest != "help":
            assert action.help, f"arena {action.option_strings} has no help"
    solve = commands["kraken"]._subparsers._group_actions[0].choices["solve"]  # type: ignore[union-attr]
    engine = next(a for a in solve._actions if "--engine" in a.option_strings)
    assert engine.help


def test_gurka_random_game_numbers_players_from_one(capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.cli import main

    assert main(["gurka", "random-game", "--players", "5", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "player 5" in out and "player 0" not in out and "seat " not in out


def test_quit_saves_and_resume_continues(tmp_path: Path) -> None:
    from cardtable.tui.session import autosave_path

    env = {"XDG_STATE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    assert autosave_path(env) == tmp_path / "cardtable" / "autosave.json"
    done = subprocess.run(
        [sys.executable, "-c", RUN_CLI, "play", "--resume", "--plain"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert done.returncode == 2 and "no game to resume" in done.stderr
