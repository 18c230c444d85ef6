"""The bitmask core agrees with the Round state machine and can undo what it plays."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.cards import CARDS
from cardtable.kraken import Round, Rules
from cardtable.kraken.fast import PlayState, random_card, random_playout


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
            )
        )
        card = random_card(legal, rng)
        state.play(card)
        r.apply(str(CARDS[card]))
    result = r.result()
    assert state.is_over
    assert tuple(state.points) == result.card_points
    assert tuple(state.roem) == result.roem
    for snap in reversed(snapshots):
        state.undo()
        assert (state.hands, state.trick, state.to_move, state.points, state.roem) == snap


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
