"""Kraken bots: legal actions only, no hidden cards, reproducible, sensible choices."""

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.bots import make_bot
from cardtable.bots.kraken_heuristic import _TRUMP_VALUE, choose, trump_strength
from cardtable.cards import Card, CardSet, Rank, Suit
from cardtable.kraken import Observation, Round, Rules, Seat
from cardtable.kraken.trick import DECK

from ..kraken.helpers import ALL_RULES
from ..kraken.helpers import play_with_bots as play


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_cheap_bots_only_play_legal_actions_in_every_variant(name: str) -> None:
    decisions = 0
    for i, rules in enumerate(ALL_RULES):
        for seed in range(3):
            bots = [make_bot(name, seed=seed * 4 + s) for s in range(4)]
            r = Round.new(rules.replace(double_spades=bool(seed % 2)), (i + seed) % 4, i * 7 + seed)
            decisions += len(play(r, bots))
    assert decisions > 5000


def test_ismcts_only_plays_legal_actions_in_every_variant() -> None:
    for i, rules in enumerate(ALL_RULES[::3]):
        bots = [make_bot("ismcts", iterations=12, seed=s) for s in range(4)]
        play(Round.new(rules, i % 4, i), bots)


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("random", {}),
        ("heuristic", {}),
        ("ismcts", {"iterations": 30}),
    ],
)
def test_same_seed_same_decisions(name: str, options: dict[str, int]) -> None:
    def run() -> list[str]:
        bots = [make_bot(name, seed=s, **options) for s in range(4)]
        return play(Round.new(Rules(roem="hand", trump_choice="random"), 1, 77), bots)

    assert run() == run()


def test_a_bot_cannot_reach_hidden_cards_through_its_observation() -> None:
    r = Round.new(Rules(), 0, 3)
    obs = r.observation(Seat.N)
    assert not any(f.name in ("hands", "initial_hands") for f in dataclasses.fields(Observation))
    with pytest.raises(AttributeError):
        obs.hands  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.hand = ()  # type: ignore[misc]
    others = set().union(*(set(r.hands[s]) for s in Seat if s != Seat.N))
    seen = {v for f in dataclasses.fields(Observation) for v in _values(getattr(obs, f.name))}
    assert not others & seen


def _values(value: object) -> list[object]:
    if isinstance(value, tuple | list | set):
        return [x for v in value for x in _values(v)]
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in (*_values(k), *_values(v))]
    return [value]


def test_make_bot_refuses_unknown_names_and_options() -> None:
    with pytest.raises(ValueError, match=r"unknown bot 'genius'.*random, heuristic, ismcts"):
        make_bot("genius")
    with pytest.raises(ValueError, match="bad options for bot 'random'"):
        make_bot("random", depth=3)
    with pytest.raises(ValueError, match="iterations must be at least 1"):
        make_bot("ismcts", iterations=0)


def _obs_after(hands: list[str], actions: list[str], seat: Seat, **rules: object) -> Observation:
    r = Round.from_hands(Rules(**rules), hands, Seat.W)  # type: ignore[arg-type]
    for action in actions:
        r.apply(action)
    return r.observation(seat)


def test_heuristic_names_its_strong_suit_and_passes_weak_hands() -> None:
    hands = [
        "JH 9H AH TH AC 7D 8S 9S",
        "7C 8C 9C TC JC QC KC 8D",
        "7H 8H QH KH 9D TD JD QD",
        "KD AD 7S TS JS QS KS AS",
    ]
    rng = random.Random(0)
    assert choose(_obs_after(hands, [], Seat.N), rng) == "trump H"
    assert trump_strength(CardSet.parse(hands[0]).mask, int(Suit.HEARTS)) > 68
    # E holds seven clubs (strength 124, far above the naming threshold): clubs
    assert choose(_obs_after(hands, ["pass"], Seat.E), rng) == "trump C"
    weak = [
        "7C 8C QC 7D 8D QD 7S 8S",
        "9C TC JC KC AC 9D TD JD",
        "KD AD 7H 8H 9H TH JH QH",
        "KH AH 9S TS JS QS KS AS",
    ]
    # N's best suit is worth 17, below the naming threshold: pass
    assert max(trump_strength(CardSet.parse(weak[0]).mask, int(suit)) for suit in Suit) < 68
    assert choose(_obs_after(weak, [], Seat.N), rng) == "pass"


def test_heuristic_smears_points_when_partner_is_last_winner() -> None:
    # N leads AC... W plays last; E (W's partner) wins with the master
    hands = [
        "7C 8C 9C KH 7D 8D 9D QD",
        "AC KC QC JC TH 8H 9H 7H",
        "TC JH QH AH JD KD AD 7S",
        "TD 8S 9S TS JS QS KS AS",
    ]
    obs = _obs_after(
        hands, ["trump H", "pass", "pass", "7C", "AC", "TC"], Seat.W, trump_choice="utrecht"
    )
    # E's AC wins; W cannot follow clubs: W smears its ten of diamonds or spades
    assert choose(obs, random.Random(0)) in ("TD", "TS")


def test_heuristic_draws_trumps_as_declarer_with_the_top_trump() -> None:
    hands = [
        "JH 9H AH TH AC 7D 8S 9S",
        "7C 8C 9C TC JC QC KC 8D",
        "7H 8H QH KH 9D TD JD QD",
        "KD AD 7S TS JS QS KS AS",
    ]
    obs = _obs_after(hands, ["trump H", "pass", "pass"], Seat.N)
    assert choose(obs, random.Random(0)) == "JH"


@given(st.sets(st.sampled_from(list(DECK)), min_size=8, max_size=8), st.sampled_from(list(Suit)))
def test_trump_strength_counts_the_trumps_and_each_side_suit(cards: set[Card], trump: Suit) -> None:
    """The strength card by card, as the docstring states it: the trumps' values, 6 a
    trump beyond three, 10 for king and queen of trumps; a side ace 13 (23 with its
    ten), a guarded side ten 4, a void 3."""
    trumps = [c.rank for c in cards if c.suit == trump]
    expected = sum(_TRUMP_VALUE[r] for r in trumps) + 6 * max(0, len(trumps) - 3)
    expected += 10 if {Rank.KING, Rank.QUEEN} <= set(trumps) else 0
    for suit in set(Suit) - {trump}:
        side = {c.rank for c in cards if c.suit == suit}
        if Rank.ACE in side:
            expected += 23 if Rank.TEN in side else 13
        elif Rank.TEN in side and len(side) >= 2:
            expected += 4
        elif not side:
            expected += 3
    mask = CardSet(cards).mask
    assert trump_strength(mask, int(trump)) == expected
