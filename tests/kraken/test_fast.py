"""The bitmask core agrees with the Round state machine and can undo what it plays."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import CARDS, CardSet, Suit
from cardtable.kraken import DECK, Round, Rules
from cardtable.kraken.fast import (
    AMSTERDAM,
    POWER,
    ROTTERDAM,
    PlayState,
    _power,
    random_card,
    random_playout,
)
from cardtable.kraken.trick import card_power


def started_round(seed: int, rules: Rules) -> Round:
    r = Round.new(rules.replace(trump_choice="utrecht", challenges=False), seed % 4, seed)
    r.apply(f"trump {'CDHS'[seed % 4]}")
    while r.phase != "play":
        r.apply("pass")
    return r


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(["amsterdam", "rotterdam"]))
def test_playstate_follows_round_and_undo_restores(seed: int, play: str) -> None:
    rules = Rules(play=play)  # type: ignore[arg-type]
    r = started_round(seed, rules)
    assert r.trump is not None and r.to_move is not None
    state = PlayState(
        [h.mask for h in r.hands], int(r.trump), int(r.to_move), play_rules=rules.play
    )
    rng = random.Random(seed)
    snapshots = []
    played: list[int] = []
    while not r.is_over:
        legal = state.legal()
        assert sorted(r.legal_actions()) == sorted(
            str(c) for c in r.hands[state.to_move] if c.bit & legal
        )
        snapshots.append(
            (
                list(state.hands),
                list(state.trick),
                state.to_move,
                list(state.points),
                list(state.roem),
                list(state.tricks_won),
                state.leader,
            )
        )
        card = random_card(legal, rng)
        played.append(card)
        state.play(card)
        r.apply(str(CARDS[card]))
    result = r.result()
    assert state.is_over
    assert tuple(state.points) == result.card_points
    assert tuple(state.roem) == result.roem
    assert tuple(state.tricks_won) == r.tricks_won and sum(state.tricks_won) == 8
    for snap in reversed(snapshots):
        state.undo()
        assert (
            state.hands,
            state.trick,
            state.to_move,
            state.points,
            state.roem,
            state.tricks_won,
            state.leader,
        ) == snap
    assert state.tricks_won == [0, 0]
    # undone to the start, the same cards play the same round again
    for card in played:
        state.play(card)
    assert tuple(state.points) == result.card_points and state.is_over


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(["amsterdam", "rotterdam"]))
def test_random_playout_scores_a_whole_round(seed: int, play: str) -> None:
    r = started_round(seed, Rules(play=play))  # type: ignore[arg-type]
    assert r.trump is not None and r.to_move is not None
    p0, p1, r0, r1, t0 = random_playout(
        [h.mask for h in r.hands],
        int(r.trump),
        int(r.to_move),
        r.rules.play,
        True,
        random.Random(seed),
    )
    assert p0 + p1 == 162 and 0 <= t0 <= 8
    assert r0 % 10 == 0 and r1 % 10 == 0
    assert t0 > 0 or p0 == 0
    assert t0 < 8 or p1 == 0


def test_random_card_is_uniform_over_the_mask() -> None:
    rng = random.Random(0)
    counts = {i: 0 for i in (3, 9, 30)}
    for _ in range(3000):
        counts[random_card((1 << 3) | (1 << 9) | (1 << 30), rng)] += 1
    assert all(900 < n < 1100 for n in counts.values())


def test_random_card_draws_from_any_card_mask_the_2c_of_index_0_included() -> None:
    rng = random.Random(0)
    counts = {i: 0 for i in (0, 1, 51)}
    for _ in range(3000):
        counts[random_card(1 | 2 | (1 << 51), rng)] += 1
    assert all(900 < n < 1100 for n in counts.values())
    assert random_card(1, rng) == 0 and random_card(1 << 51, rng) == 51


def test_playstate_without_roem_counts_points_only() -> None:
    hands = [CardSet.parse(text).mask for text in ("7H TS", "8H QH", "9H AS", "JH KH")]
    state = PlayState(hands, int(Suit.HEARTS), 0, count_roem=False)
    counted = PlayState(hands, int(Suit.HEARTS), 0)
    for text in ["7H", "8H", "9H", "JH", "KH", "TS", "QH", "AS"]:
        card = CardSet.parse(text).mask.bit_length() - 1
        state.play(card)
        counted.play(card)
    assert (state.points, state.roem, state.tricks_won) == ([0, 72], [0, 0], [0, 2])
    assert (counted.points, counted.roem) == ([0, 72], [0, 40])
    state.undo()
    state.undo()
    assert (state.points, state.roem, state.tricks_won) == ([0, 34], [0, 0], [0, 1])


def test_playstate_plays_amsterdam_unless_told_and_keeps_its_rules() -> None:
    hands = [CardSet.parse(text).mask for text in ("AC 8S", "7C KD", "7H TD", "JH QS")]
    default = PlayState(hands, int(Suit.HEARTS), 0)
    assert (default.play_rules, default.play_code) == ("amsterdam", AMSTERDAM)
    rotterdam = PlayState(hands, int(Suit.HEARTS), 0, play_rules="rotterdam")
    assert (rotterdam.play_rules, rotterdam.play_code) == ("rotterdam", ROTTERDAM)
    assert default.tricks_won == rotterdam.tricks_won == [0, 0]
    for state in (default, rotterdam):
        state.play(CardSet.parse("AC").mask.bit_length() - 1)
        state.play(CardSet.parse("7C").mask.bit_length() - 1)
        assert state.hands[0] == CardSet.parse("8S").mask  # the card played leaves the hand
    # the partner (seat 0) wins with AC: Amsterdam lets seat 2 discard, Rotterdam does not
    assert CardSet(default.legal()) == CardSet.parse("7H TD")
    assert CardSet(rotterdam.legal()) == CardSet.parse("7H")


def test_power_table_is_the_card_power_of_the_rules() -> None:
    # the tables are built from _power when the module loads; check the function too
    for trump in Suit:
        for led in Suit:
            for card in CARDS:
                expected = card_power(card, led, trump) if card in DECK else 0
                assert _power(card.index, int(led), int(trump)) == expected, (card, led, trump)
                assert POWER[trump][led][card.index] == expected
