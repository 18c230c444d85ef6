"""Resigned results read as the issue asks: the resigning seat (its team in Kraken)
loses and ranks last in the ratings whatever its points, in both scoring kinds."""

from __future__ import annotations

from cardtable.server import games
from cardtable.server.ratings import rate, seat_lines


def _game(game: str, rules: dict[str, int], seed: int = 5) -> games.AnyGame:
    return games.new_game(game, games.make_rules(game, None, rules), seed)


def test_a_gurka_player_who_resigns_is_last_and_the_others_share_the_win() -> None:
    result = games.resigned_result("gurka", _game("gurka", {"players": 4}), 1)
    assert result["resigned"] == 1 and result["winners"] == [0, 2, 3]
    lines = seat_lines("gurka", ["a", "b", "c", "d"], result)
    assert [line.won for line in lines] == [True, False, True, True]
    new = rate("gurka", ["a", "b", "c", "d"], result, {})
    assert new["b"].mu < min(new[p].mu for p in "acd")


def test_a_kraken_team_that_resigns_ahead_on_points_still_loses_its_rating() -> None:
    state = _game("kraken", {"rounds": 2})
    result = games.resigned_result("kraken", state, 0)
    result["scores"] = [300, 100]  # North-South resign although ahead
    assert result["winner"] == 1
    new = rate("kraken", ["n", "e", "s", "w"], result, {})
    assert new["n"].mu < 25 < new["e"].mu and new["s"].mu < 25 < new["w"].mu
    lines = seat_lines("kraken", ["n", "e", "s", "w"], result)
    assert [line.won for line in lines] == [False, True, False, True]
