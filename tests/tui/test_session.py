"""The session: play, bots, refusals, undo, hints, records, summaries."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable import gurka, kraken
from cardtable.bots import make_bot
from cardtable.errors import IllegalAction, RecordError
from cardtable.tui.session import Session, Settings

from .conftest import random_bots


def kraken_session(**changes: object) -> Session:
    settings = Settings(level="easy", seed=7, pace=0, **changes)  # type: ignore[arg-type]
    return Session(settings, bot_factory=random_bots, hint_bot=make_bot("heuristic", seed=1))


def play_to_end(session: Session) -> None:
    while not session.is_over:
        if session.pending_summary is not None:
            session.acknowledge()
        elif session.human_to_move:
            session.play(session.legal_actions()[0])
        else:
            session.step_bot()


def test_defaults_you_sit_south_in_kraken_and_first_in_gurka() -> None:
    assert Settings().human == int(kraken.Seat.S)
    assert Settings(game="gurka").human == 0
    with pytest.raises(ValueError, match=r"no seat 6 at a table of 4 \(seats count from 1\)"):
        Settings(seat=5)
    with pytest.raises(ValueError, match="unknown level"):
        Settings(level="grandmaster")


def test_bots_play_until_your_turn() -> None:
    session = kraken_session()
    session.run_bots()
    assert session.human_to_move
    assert session.legal_actions() == session.game.legal_actions()


def test_illegal_action_is_refused_with_the_engines_reason_and_changes_nothing() -> None:
    session = kraken_session(rules_by_game={"kraken": kraken.Rules(trump_choice="utrecht")})
    while session.phase != "play" or not session.human_to_move:
        if session.human_to_move:
            session.play(session.legal_actions()[0])
        else:
            session.step_bot()
    record = json.dumps(session.to_record())
    hand = [str(c) for c in session.observation().hand]
    illegal = [c for c in hand if c not in session.legal_actions()]
    for text in [*illegal, "XX", "contra", "trump H"]:
        with pytest.raises(IllegalAction):
            session.play(text)
    assert json.dumps(session.to_record()) == record


def test_you_cannot_act_for_a_bot() -> None:
    session = kraken_session(seat=0)
    # you sit North; with this seed East deals and South (a bot) decides first
    assert session.to_move == 2 and not session.human_to_move
    record = json.dumps(session.to_record())
    with pytest.raises(IllegalAction, match="not your turn"):
        session.play(session.game.legal_actions()[0])
    assert session.legal_actions() == []
    assert json.dumps(session.to_record()) == record


def test_undo_takes_back_your_last_card_and_the_bots_moves_after_it() -> None:
    session = kraken_session()
    session.run_bots()
    with pytest.raises(IllegalAction, match="no card of yours"):
        session.undo()
    while session.phase != "play" or not session.human_to_move:
        if session.human_to_move:
            session.play(session.legal_actions()[-1])
        else:
            session.step_bot()
    before = list(session.actions)
    card = session.legal_actions()[0]
    session.play(card)
    session.run_bots()
    assert session.can_undo
    assert session.undo() == card
    assert session.actions == before
    assert session.human_to_move and card in session.legal_actions()


def test_a_whole_kraken_game_gives_a_summary_per_round() -> None:
    session = kraken_session(rules_by_game={"kraken": kraken.Rules(rounds=3)})
    play_to_end(session)
    assert len(session.summaries) == 3
    summary = session.summaries[-1]
    assert summary.kraken_result is not None
    assert summary.scores == session.game.scores


def test_a_whole_gurka_game_with_buy_backs() -> None:
    settings = Settings(
        game="gurka", rules_by_game={"gurka": gurka.Rules(players=4)}, level="easy", seed=1
    )
    session = Session(settings, bot_factory=random_bots)
    play_to_end(session)
    assert session.summaries and session.summaries[0].penalties
    assert sum(session.game.chips) == 0
    bought = [e for e in session.events if e.kind == "action" and e.action == "buyback"]
    assert bought, "with this seed somebody buys back in"
    assert all(e.phase == "buyback" for e in bought)


def test_hint_is_a_legal_action() -> None:
    session = kraken_session()
    session.run_bots()
    assert session.hint() in session.legal_actions()


def test_save_and_load_continue_the_same_game(tmp_path: Path) -> None:
    session = kraken_session()
    session.run_bots()
    session.play(session.legal_actions()[0])
    session.run_bots()
    path = session.save(tmp_path / "game.json")
    loaded = Session.load(path)
    assert loaded.actions == session.actions
    assert loaded.human == session.human
    assert loaded.observation().to_dict() == session.observation().to_dict()
    # the saved file is a plain Kraken game record
    assert kraken.Game.from_record(json.loads(path.read_text())).to_record()["rounds"]


def test_loading_a_corrupt_record_names_the_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(RecordError, match="not JSON"):
        Session.load(path)
    path.write_text(json.dumps({"game": "chess"}))
    with pytest.raises(RecordError, match="not a Kraken or Gurka"):
        Session.load(path)


def test_settings_choose_the_rules_the_engine_uses() -> None:
    session = kraken_session(
        rules_by_game={"kraken": kraken.Rules.preset("rotterdam").replace(rounds=2)}
    )
    assert session.game.rules.play == "rotterdam" and session.game.rules.rounds == 2
    gurka_session = Session(
        Settings(
            game="gurka", rules_by_game={"gurka": gurka.Rules(players=6, eliminate_at=20)}, seed=1
        ),
        bot_factory=random_bots,
    )
    assert gurka_session.players == 6
    assert gurka_session.game.rules.eliminate_at == 20
