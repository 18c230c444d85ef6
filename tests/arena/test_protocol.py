"""The bot protocol: validation on both sides, observations that survive the trip,
and a bot behind the protocol deciding exactly as it does in-process."""

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import gurka, kraken
from cardtable.arena import Match, ProtocolError, check_message, run_match, summarize_match
from cardtable.arena.protocol import observation_from_dict
from cardtable.arena.serve_bot import serve

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("line", "sender", "problem"),
    [
        ("not json", "bot", "not a JSON line"),
        ("[1, 2]", "bot", "must be a JSON object"),
        ('{"type": "hello"}', "bot", "unknown message type 'hello'"),
        ('{"type": "action", "action": "QS"}', "bot", "missing field 'id'"),
        ('{"type": "action", "id": 1, "action": 5}', "bot", "'action' must be a string"),
        ('{"type": "ready"}', "bot", "missing field 'protocol'"),
        ('{"type": "act", "id": 1}', "arena", "missing field 'observation'"),
        ('{"type": "action", "id": 1, "action": "QS"}', "arena", "unknown message type"),
    ],
)
def test_invalid_messages_are_refused_with_the_reason(line: str, sender: str, problem: str) -> None:
    with pytest.raises(ProtocolError, match=problem):
        check_message(line, sender)


def test_observations_round_trip_through_json() -> None:
    rng = random.Random(1)
    states = [kraken.Round.new(kraken.Rules.preset(p), 1, 11) for p in ("amsterdam", "g4a")]
    states += [gurka.Game.new(gurka.Rules(players=n), seed=n) for n in (3, 5)]
    for state in states:
        game = "kraken" if isinstance(state, kraken.Round) else "gurka"
        while not state.is_over:
            for seat in range(state.players):
                observation = state.observation(seat)
                data = json.loads(json.dumps(observation.to_dict()))
                assert observation_from_dict(game, data) == observation
            state.apply(rng.choice(state.legal_actions()))


def test_serve_bot_answers_the_handshake_and_refuses_another_version() -> None:
    rules = kraken.Rules().to_dict()
    start = {"type": "start", "game": "kraken", "rules": rules, "seat": 1, "players": 4}
    start |= {"seed": 4, "time_control": {"per_action": 1.0}}
    observation = kraken.Round.new(kraken.Rules(), 0, 4).observation(1).to_dict()
    lines = [
        {**start, "protocol": 2},
        {**start, "protocol": 1},
        {"type": "act", "id": 1, "observation": observation},
        {"type": "quit"},
    ]
    stdout = io.StringIO()
    stdin = io.StringIO("".join(json.dumps(m) + "\n" for m in lines))
    assert serve("random", {}, stdin, stdout) == 0
    error, ready, action = (check_message(line, "bot") for line in stdout.getvalue().splitlines())
    assert error["type"] == "error" and "protocol 2" in error["message"]
    assert ready == {"type": "ready", "protocol": 1, "name": "random"}
    assert action["id"] == 1 and action["action"] in observation["legal_actions"]


@pytest.mark.parametrize(
    ("game", "bot", "rules"),
    [("kraken", "heuristic", {"preset": "g4a"}), ("gurka", "random", {"players": 4})],
)
def test_a_bot_behind_the_protocol_decides_as_in_process(game: str, bot: str, rules: dict) -> None:
    inside = Match(game, (bot, "random"), deals=3, seed=2, rules=rules)
    outside = Match(game, (f"proc:{bot}", "random"), deals=3, seed=2, rules=rules)
    plays_in = run_match(inside, workers=1)
    plays_out = run_match(outside, workers=1)
    assert [p.record for p in plays_in] == [p.record for p in plays_out]
    assert all(not p.faults for p in plays_out)


def test_the_example_bot_plays_without_faults() -> None:
    bot = f"cmd:{sys.executable} {ROOT / 'examples' / 'my_bot.py'}"
    for game in ("kraken", "gurka"):
        match = Match(game, (bot, "random"), deals=2, seed=1)
        results = summarize_match(match, run_match(match, workers=1))
        assert results.faults == [] and results.plays > 0


def test_the_example_bot_does_not_import_cardtable() -> None:
    source = (ROOT / "examples" / "my_bot.py").read_text()
    imports = [line for line in source.splitlines() if line.startswith(("import", "from"))]
    assert not [line for line in imports if "cardtable" in line]
    completed = subprocess.run(
        [sys.executable, "-I", str(ROOT / "examples" / "my_bot.py")],
        input='{"type": "quit"}\n',
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert completed.returncode == 0
