"""The Gurka contract: what players, bots and records rely on, pinned exactly.

The observation at every stage of a game (to move, buy-backs, winners), the order of
a hand, a game with the default rules, and actions of the wrong type.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardtable.cards import Card, CardSet, parse_cards
from cardtable.errors import IllegalAction, RecordError
from cardtable.gurka import Game, Round, Rules
from cardtable.gurka.trick import sort_cards

Rig = Callable[[list[dict[int, str]]], None]

BUYBACK_ASKED = (
    "seat 0 is out and must decide whether to buy back in ('buyback' for 1 chips) "
    "or stay out ('pass')"
)


def play_round(game: Game) -> None:
    rnd = game.current
    while not rnd.is_over:
        game.apply(game.legal_actions()[0])


def test_observations_through_a_game_with_a_buy_back(rig: Rig) -> None:
    rig(
        [
            {0: "KC", 1: "2D", 2: "3D", 3: "4D"},  # seat 0 scores 13: out
            {0: "2C", 1: "QS", 2: "QC", 3: "3S"},  # seats 1 and 2 score 12: out
            {0: "5C", 3: "JC"},  # seat 3 scores 11: out, seat 0 wins
        ]
    )
    game = Game.new(Rules(players=4, eliminate_at=10), seed=2)
    first = game.observation(1)
    assert (first.to_move, first.phase, first.winners, first.buybacks) == (
        1,
        "play",
        None,
        (0,) * 4,
    )
    play_round(game)
    # between rounds: the out seat decides, and everyone sees whose decision it is
    for seat in range(4):
        view = game.observation(seat)
        assert view.to_move == 0 and view.phase == "buyback"
        assert view.legal_actions == (["buyback", "pass"] if seat == 0 else [])
        assert view.winners is None and view.buybacks == (0, 0, 0, 0)
        assert view.scores == (13, 0, 0, 0) and view.alive == (1, 2, 3)
    game.apply("buyback")
    view = game.observation(2)
    # the buy-back brings seat 0 in at the highest score still in (0); left of the
    # next dealer (1) leads
    assert view.scores == (0, 0, 0, 0)
    assert view.buybacks == (1, 0, 0, 0) and view.pot == 5 and view.chips == (-2, -1, -1, -1)
    assert view.to_move == game.current.to_move == 2 and view.phase == "play"
    assert view.alive == (0, 1, 2, 3) and view.round_number == 2
    play_round(game)
    assert game.alive == (0, 3) and game.phase == "play"  # two left: no buy-back
    play_round(game)
    assert game.is_over and game.winners == (0,)
    for seat in range(4):
        view = game.observation(seat)
        assert view.phase == "over" and view.to_move is None and view.legal_actions == []
        assert view.winners == (0,)
        assert view.buybacks == (1, 0, 0, 0)
        assert view.chips == game.chips == (3, -1, -1, -1)
        data = view.to_dict()
        assert (data["winners"], data["buybacks"], data["to_move"]) == ([0], [1, 0, 0, 0], None)
    for action in ("2C", "pass"):
        with pytest.raises(IllegalAction) as refused:
            game.apply(action)
        assert str(refused.value) == "the game is over: no more actions can be taken"
        assert refused.value.code == "game_over"


def test_a_hand_is_shown_lowest_rank_first_then_by_suit() -> None:
    rnd = Round.from_hands(Rules(players=3), {0: "KC 2S 9H 2C AD 9C", 1: "3C 3D 3H 3S 4C 4D",
                                               2: "5C 5D 5H 5S 6C 6D"}, dealer=2)  # fmt: skip
    expected = ["2C", "2S", "9C", "9H", "KC", "AD"]
    assert [str(c) for c in rnd.observation(0).hand] == expected
    assert rnd.legal_actions() == expected
    assert [str(c) for c in rnd.legal_cards()] == expected
    assert rnd.to_record()["hands"]["0"] == " ".join(expected)
    assert [str(c) for c in sort_cards(rnd.hands[0])] == expected


def test_a_game_with_the_default_rules() -> None:
    game = Game.new()
    assert game.rules == Rules()
    assert (game.players, game.seed, game.pot, game.phase) == (4, 0, 4, "play")
    assert game.current.seats == (0, 1, 2, 3) and len(game.current.hands[0]) == 6
    assert game.to_move == game.current.to_move is not None
    assert game.to_record()["rules"] == Rules().to_dict()


@pytest.mark.parametrize("action", [5, None, ["2C"], b"2C", 2.0])
def test_an_action_that_is_not_text_is_refused_in_play(action: object) -> None:
    game = Game.new(Rules(), seed=1)
    before = game.to_record()
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)  # type: ignore[arg-type]
    assert str(refused.value) == f"an action is text, not {action!r}"
    assert not game.can_apply(action)  # type: ignore[arg-type]
    assert game.to_record() == before


@pytest.mark.parametrize("action", [5, None, ["buyback"], b"pass", True])
def test_an_action_that_is_not_text_is_refused_during_a_buy_back(rig: Rig, action: object) -> None:
    rig([{0: "KC", 1: "2D", 2: "3D", 3: "4D"}])
    game = Game.new(Rules(players=4, eliminate_at=10), seed=2)
    play_round(game)
    assert game.phase == "buyback"
    before = (game.to_record(), game.observation(0))
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)  # type: ignore[arg-type]
    assert str(refused.value) == f"an action is text, not {action!r}: {BUYBACK_ASKED}"
    assert refused.value.code == "buyback_due"
    assert dict(refused.value.params) == {
        "seat": 0, "action": action, "cost": 1, "legal": ["buyback", "pass"],
    }  # fmt: skip
    with pytest.raises(IllegalAction):
        game.verify(action)  # type: ignore[arg-type]
    assert not game.can_apply(action)  # type: ignore[arg-type]
    assert (game.to_record(), game.observation(0)) == before
    with pytest.raises(IllegalAction) as refused:
        game.apply("stay")
    assert str(refused.value) == f"'stay' is not allowed: {BUYBACK_ASKED}"


def test_the_record_keys_are_pinned() -> None:
    game = Game.new(Rules(players=3), seed=4)
    assert list(game.to_record()) == ["game", "type", "version", "rules", "seed", "actions"]
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    record = game.to_record()
    assert list(record) == ["game", "type", "version", "rules", "seed", "actions", "result"]
    assert (record["game"], record["type"], record["version"]) == ("gurka", "game", 1)
    assert list(record["result"]) == ["scores", "chips", "winners"]
    assert record["result"] == {
        "scores": list(game.scores),
        "chips": list(game.chips),
        "winners": list(game.winners),
    }
    first = game.history[0].to_record()
    assert list(first) == ["game", "type", "version", "rules", "dealer", "seed", "hands", "actions"]
    assert (first["type"], list(first["hands"])) == ("round", ["0", "1", "2"])
    # a finished game's recorded result must be the replay's, and the refusal shows both
    assert record["result"] == {"scores": [41, 23, 41], "chips": [-1, 2, -1], "winners": [1]}
    with pytest.raises(RecordError) as raised:
        Game.from_record(dict(record, result={"scores": [0, 0, 0]}))
    assert str(raised.value) == (
        "game record: 'result' {'scores': [0, 0, 0]} does not match the replay "
        "{'scores': [41, 23, 41], 'chips': [-1, 2, -1], 'winners': [1]}"
    )


def test_round_properties_at_known_points() -> None:
    # properties are not mutated by mutation testing: each is pinned here on purpose
    rnd = Round.from_hands(Rules(players=4), {0: "2C 9D", 2: "5H KS", 3: "7C 7D"}, dealer=3)
    assert (rnd.rules, rnd.players, rnd.seats, rnd.dealer, rnd.seed) == (
        Rules(players=4), 4, (0, 2, 3), 3, None,
    )  # fmt: skip
    assert (rnd.phase, rnd.is_over, rnd.to_move, rnd.leader, rnd.tricks_total) == (
        "play", False, 0, 0, 2,
    )  # fmt: skip
    rnd.apply("9D")
    rnd.apply("KS")
    assert rnd.trick == [(0, Card.parse("9D")), (2, Card.parse("KS"))]
    assert (rnd.to_move, rnd.leader, rnd.actions, rnd.penalties) == (3, 0, ["9D", "KS"], (0,) * 4)
    rnd.apply("7C")  # seat 2's KS takes the first trick and leads the last
    assert rnd.trick == [] and (rnd.to_move, rnd.leader) == (2, 2)
    assert [t.cards for t in rnd.tricks] == [tuple(parse_cards("9D KS 7C"))]
    assert rnd.hands == {0: CardSet.parse("2C"), 2: CardSet.parse("5H"), 3: CardSet.parse("7D")}
    for action in ("5H", "7D", "2C"):
        rnd.apply(action)
    assert (rnd.phase, rnd.is_over, rnd.to_move, rnd.leader) == ("done", True, None, None)
    assert rnd.penalties == rnd.result() == (0, 0, 0, 7)
    assert rnd.initial_hands == {
        0: CardSet.parse("2C 9D"), 2: CardSet.parse("5H KS"), 3: CardSet.parse("7C 7D"),
    }  # fmt: skip
    assert rnd.tricks[1].plays == ((2, Card.parse("5H")), (3, Card.parse("7D")),
                                   (0, Card.parse("2C")))  # fmt: skip


def test_game_properties_at_known_points(rig: Rig) -> None:
    rig([{0: "2C", 1: "3C", 2: "QC"}, {0: "2D", 1: "KD"}])
    game = Game.new(Rules(players=3, eliminate_at=12, stake=2), seed=5)
    assert (game.seed, game.players, game.round_number, game.history) == (5, 3, 1, [])
    assert (game.paid, game.winner, game.winners, game.actions) == ((2, 2, 2), None, (), [])
    first = game.current
    play_round(game)  # seat 2 scores 12: out, two left, no buy-back
    assert game.history == [first] and game.current is not first
    assert (game.round_number, game.alive, game.scores) == (2, (0, 1), (0, 0, 12))
    play_round(game)  # seat 1 scores 13: out, seat 0 wins the pot of 6
    assert game.actions == ["2C", "3C", "QC", "KD", "2D"]  # left of dealer 0 leads
    assert (game.round_number, game.winner, game.winners) == (2, 0, (0,))
    assert (game.paid, game.chips, game.pot) == ((2, 2, 2), (4, -2, -2), 6)


def test_bad_arguments_and_corrupt_records_are_refused_with_exact_messages() -> None:
    refusals = [
        (lambda: Game(), TypeError, "create a Game with Game.new(rules, seed)"),
        (lambda: Game.new(Rules(), "x"), ValueError, "invalid seed 'x': expected an int"),
        (lambda: Game.new(Rules(), True), ValueError, "invalid seed True: expected an int"),
        (
            lambda: Game.new({"players": 4}, 1),
            ValueError,
            "invalid rules {'players': 4}: expected cardtable.gurka.Rules",
        ),
        (lambda: Game.new(Rules(), 1).observation(4), ValueError, "invalid seat 4: allowed 0 to 3"),
    ]
    game = Game.new(Rules(players=4), seed=8)
    for _ in range(10):
        game.apply(game.legal_actions()[-1])
    assert repr(game) == "<gurka.Game players=4 phase=play round=1 scores=[0, 0, 0, 0] pot=4>"
    record = game.to_record()
    bad_records = [
        (dict(record, seed="8"), "game record: bad 'seed' '8': expected an int"),
        (dict(record, seed=True), "game record: bad 'seed' True: expected an int"),
        (
            dict(record, result={"chips": [1, 0, 0, -1]}),
            "game record: 'result' {'chips': [1, 0, 0, -1]} does not match the replay None",
        ),
        (dict(record, actions="x"), "record: 'actions' must be a list of text actions"),
        (dict(record, actions=[1]), "action 1 1: an action must be text"),
    ]
    for make, error, message in refusals:
        with pytest.raises(error) as raised:
            make()  # type: ignore[no-untyped-call]
        assert str(raised.value) == message
    for bad, message in bad_records:
        with pytest.raises(RecordError) as raised:
            Game.from_record(bad)
        assert str(raised.value) == message
