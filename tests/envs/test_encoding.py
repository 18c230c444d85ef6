"""The encodings hold what a seat may know, all of it, and nothing else."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.envs.registry import encoding
from cardtable.game import kind
from cardtable.gurka import Observation as GurkaObservation
from cardtable.kraken import Observation as KrakenObservation
from cardtable.kraken import Round, Rules
from tests.gurka.strategies import rules_strategy as gurka_rules
from tests.kraken.helpers import play_up_to
from tests.kraken.helpers import rules_st as kraken_rules

EXAMPLES = settings(max_examples=25, deadline=None)


def _kraken_facts(obs: KrakenObservation) -> dict[str, Any]:
    """What the Kraken encoding must give back, read straight from the observation."""
    played: dict[int, list[str]] = {seat: [] for seat in range(4)}
    trick_of_card = {}
    for k, trick in enumerate(obs.tricks):
        for seat, card in trick.plays:
            played[seat].append(card)
            trick_of_card[str(card)] = k
    for seat, card in obs.trick:
        played[seat].append(card)
        trick_of_card[str(card)] = len(obs.tricks)
    code = encoding("kraken")

    def in_order(cards: Any) -> list[str]:
        return sorted((str(c) for c in cards), key=code.action_index)

    rules = obs.rules.to_dict()
    return {
        "seat": int(obs.seat),
        "rules": {key: rules[key] for key in list(rules)[:7]},
        "phase": obs.phase,
        "dealer": int(obs.dealer),
        "to_move": None if obs.to_move is None else int(obs.to_move),
        "hand": in_order(obs.hand),
        "trump": None if obs.trump is None else obs.trump.letter,
        "declarer": None if obs.declarer is None else int(obs.declarer),
        "multiplier": obs.multiplier,
        "proposed": None if obs.proposed is None else str(obs.proposed),
        "turned": in_order(obs.turned),
        "played": {seat: in_order(cards) for seat, cards in played.items()},
        "trick_of_card": dict(
            sorted(trick_of_card.items(), key=lambda kv: code.action_index(kv[0]))
        ),
        "trick_winners": [int(trick.taker) for trick in obs.tricks],
        "trick": [(int(seat), str(card)) for seat, card in obs.trick],
        "card_points": obs.card_points,
        "roem": obs.roem,
        "declared_roem": {
            int(seat): points for seat, points in obs.declared_roem.items() if points
        },
    }


def _gurka_facts(obs: GurkaObservation) -> dict[str, Any]:
    """What the Gurka encoding must give back, read straight from the observation."""
    n = obs.rules.players
    played: dict[int, list[Any]] = {seat: [] for seat in range(n)}
    trick_of_card = {}
    for k, trick in enumerate(obs.tricks):
        for seat, card in trick.plays:
            played[seat].append(card)
            trick_of_card[card] = k
    for seat, card in obs.trick:
        played[seat].append(card)
        trick_of_card[card] = len(obs.tricks)
    zeros = (0,) * n
    return {
        "seat": obs.seat,
        "players": n,
        "rules": obs.rules.to_dict(),
        "phase": obs.phase,
        "to_move": obs.to_move,
        "dealer": obs.dealer,
        "leader": obs.leader,
        "seats_in_round": tuple(sorted(obs.seats_in_round)),
        "alive": tuple(sorted(obs.alive or ())),
        "winners": tuple(sorted(obs.winners or ())),
        "hand": [str(c) for c in sorted(obs.hand, key=lambda c: c.index)],
        "hand_sizes": tuple(obs.hand_sizes),
        "played": {
            s: [str(c) for c in sorted(cs, key=lambda c: c.index)] for s, cs in played.items()
        },
        "trick_of_card": {
            str(c): k for c, k in sorted(trick_of_card.items(), key=lambda kv: kv[0].index)
        },
        "trick_takers": [trick.taker for trick in obs.tricks],
        "trick": [(seat, str(card)) for seat, card in obs.trick],
        "round_penalties": tuple(obs.round_penalties),
        "scores": tuple(obs.scores or zeros),
        "chips": tuple(obs.chips or zeros),
        "buybacks": tuple(obs.buybacks or zeros),
        "pot": obs.pot or 0,
        "round_number": obs.round_number or 0,
        "tricks_total": obs.tricks_total,
    }


FACTS = {"kraken": _kraken_facts, "gurka": _gurka_facts}
RULES = {"kraken": kraken_rules, "gurka": gurka_rules}


def _positions(name: str, rules: Any, seed: int, moves: int) -> Any:
    """A game of ``rules`` after ``moves`` random actions."""
    game = kind(name)
    state = game.new_game(rules, seed)
    play_up_to(state, random.Random(seed), moves)
    return state


@pytest.mark.parametrize("name", ["kraken", "gurka"])
@given(data=st.data(), seed=st.integers(0, 10**6), moves=st.integers(0, 80))
@EXAMPLES
def test_decoding_gives_the_observations_facts_back(
    name: str, data: st.DataObject, seed: int, moves: int
) -> None:
    code = encoding(name)
    state = _positions(name, data.draw(RULES[name]), seed, moves)
    for seat in range(state.players):
        obs = state.observation(seat)
        vector = code.encode(obs)
        assert vector.shape == (code.size,) and vector.dtype == np.float32
        facts = code.decode(vector)
        if name == "kraken":
            facts.pop("bids")  # checked on worked examples below
        assert facts == FACTS[name](obs)
        legal = [code.actions[i] for i in np.flatnonzero(code.mask(obs))]
        assert sorted(legal) == sorted(obs.legal_actions)


@pytest.mark.parametrize("name", ["kraken", "gurka"])
@given(data=st.data(), seed=st.integers(0, 10**6), moves=st.integers(0, 60))
@EXAMPLES
def test_the_tensor_does_not_change_with_the_cards_a_seat_cannot_see(
    name: str, data: st.DataObject, seed: int, moves: int
) -> None:
    """Two deals that differ only in the other seats' unplayed cards give the same
    tensor: the encoding is a function of what the seat may know."""
    game = kind(name)
    code = encoding(name)
    rnd = game.current_round(_positions(name, data.draw(RULES[name]), seed, moves))
    rng = random.Random(seed)
    for seat in range(rnd.players):
        world = game.resample(rnd, seat, rng)
        assert world.observation(seat).to_dict() == rnd.observation(seat).to_dict()
        assert np.array_equal(
            code.encode(world.observation(seat)), code.encode(rnd.observation(seat))
        )
        # the seats whose cards moved do see the difference in their own tensors
        before, after = _hands(rnd), _hands(world)
        for other in before:
            if other != seat and before[other] != after[other]:
                assert not np.array_equal(
                    code.encode(world.observation(other)), code.encode(rnd.observation(other))
                )


def _hands(rnd: Any) -> dict[int, Any]:
    hands = rnd.hands
    return dict(hands) if isinstance(hands, dict) else dict(enumerate(hands))


def test_swapping_two_opponents_cards_leaves_norths_tensor_alone() -> None:
    """A worked example: E and W swap their hands; N sees exactly the same numbers."""
    hands = ["7C 8C 9C TC JC QC KC AC", "7D 8D 9D TD JD QD KD AD", "7H 8H 9H TH JH QH KH AH"]
    spades = "7S 8S 9S TS JS QS KS AS"
    one = Round.from_hands(Rules(), [hands[0], hands[1], hands[2], spades], dealer=3)
    two = Round.from_hands(Rules(), [hands[0], spades, hands[2], hands[1]], dealer=3)
    code = encoding("kraken")
    assert np.array_equal(code.encode(one.observation(0)), code.encode(two.observation(0)))
    assert not np.array_equal(code.encode(one.observation(1)), code.encode(two.observation(1)))


def test_kraken_bids_name_each_seats_words_by_phase() -> None:
    """N passes, E names hearts, S (left of E) says contra, E and W pass the re:
    read back per seat and phase."""
    rnd = Round.from_hands(
        Rules(roem="hand"),
        [
            "7C 8C 9C TC JC QC KC AC",
            "7D 8D 9D TD JD QD KD AD",
            "7H 8H 9H TH JH QH KH AH",
            "7S 8S 9S TS JS QS KS AS",
        ],
        dealer=3,
    )
    for action in ["pass", "trump H", "contra", "pass", "pass"]:
        rnd.apply(action)
    code = encoding("kraken")
    bids = code.decode(code.encode(rnd.observation(2)))["bids"]
    assert rnd.phase == "roem"
    assert bids == {
        0: ["pass trump"],
        1: ["trump H", "pass re"],
        2: ["contra"],
        3: ["pass re"],
    }
    # every hand holds a sequence: asked from left of the dealer, N says roem, E passes
    assert rnd.to_move == 0
    rnd.apply("roem")
    rnd.apply("pass")
    bids = code.decode(code.encode(rnd.observation(3)))["bids"]
    assert bids[0] == ["pass trump", "roem"]
    assert bids[1] == ["trump H", "pass re", "pass roem"]
