"""The Gurka expert: legal actions in every variation, determinism, the observation
only, its fast simulation against the engine, its inference against an exact
posterior, its evaluation of buy-backs and of a round's penalties, worked examples."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.bots import make_bot
from cardtable.bots.base import BaseBot, Bot, BotDriver
from cardtable.bots.gurka_expert import (
    GUARDED,
    HEURISTIC,
    POOL_SIZE,
    BuybackSearch,
    CardSearch,
    GurkaExpertBot,
    LookaheadSearch,
    PlayModel,
    Policy,
    Table,
    Valuation,
    WorldSampler,
    best_rank,
    outcome_pool,
    play_out,
    rest_of_game,
    round_plays,
)
from cardtable.bots.gurka_heuristic import card_policy
from cardtable.bots.gurka_heuristic import choose as heuristic_choice
from cardtable.bots.gurka_search import RoundSim
from cardtable.cards import CARDS, Card
from cardtable.game import Observation as AnyObservation
from cardtable.gurka import Game, Observation, Round, Rules
from cardtable.gurka.ledger import Ledger
from cardtable.gurka.trick import legal_mask, target_rank
from tests.bots.games import run_game
from tests.gurka.strategies import rules_strategy

VARIATIONS = [
    Rules(
        players=p,
        match_previous=a,
        must_head=b,
        aces_unbeatable=c,
        lead_lowest=d,
        penalty_tricks="every" if p % 3 == 0 else "last",
        eliminate_at=20 if p % 2 else 30,
        free_rebuy=p % 4 == 1,
    )
    for p, (a, b, c, d) in zip(
        itertools.cycle(range(3, 9)), itertools.product([False, True], repeat=4), strict=False
    )
]


def ranks_of(mask: int) -> list[int]:
    return sorted(int(CARDS[i].rank) for i in range(52) if mask >> i & 1)


# -- whole games -----------------------------------------------------------------------


def test_the_expert_only_plays_legal_actions_in_every_variation() -> None:
    decisions = 0
    for i, rules in enumerate(VARIATIONS):
        bots: list[Bot] = [
            GurkaExpertBot(iterations=4, seed=s) if s % 2 == 0 else make_bot("random", seed=s)
            for s in range(rules.players)
        ]
        decisions += run_game(rules.replace(eliminate_at=14), i, bots, 100)
    assert decisions > 1000


def world_of(rnd: Round, hands: list[list[int]]) -> Round:
    """``rnd`` with the other seats' hands of the given ranks (in suits nobody has
    played and the seat to move does not hold): a world its observation allows."""
    seat = rnd.to_move
    assert seat is not None
    used = {c for t in rnd.tricks for c in t.cards} | {c for _, c in rnd.trick}
    used |= set(rnd.hands[seat])
    free = [c for c in CARDS if c not in used]
    redealt: dict[int, list[Card]] = {seat: list(rnd.hands[seat])}
    for other in rnd.seats:
        if other != seat:
            redealt[other] = []
            for rank in hands[other]:
                card = next(c for c in free if int(c.rank) == rank)
                free.remove(card)
                redealt[other].append(card)
    return rnd.redeal(redealt)


def test_the_expert_is_deterministic_for_a_seed_with_an_iteration_budget() -> None:
    rules = Rules(players=4, eliminate_at=12)

    def record(seed: int) -> list[str]:
        bots: list[Bot] = [GurkaExpertBot(iterations=12, seed=seed + s) for s in range(4)]
        return BotDriver("gurka", Game.new(rules, 7), bots, rules).run().actions  # type: ignore[attr-defined,no-any-return]

    first = record(3)
    assert first == record(3)
    assert first != record(40)


def test_the_expert_refuses_bad_budgets_and_other_games() -> None:
    with pytest.raises(ValueError, match="iterations must be at least 1"):
        GurkaExpertBot(iterations=0)
    with pytest.raises(ValueError, match="milliseconds must be positive"):
        GurkaExpertBot(milliseconds=0)
    from cardtable.kraken import Round as KrakenRound
    from cardtable.kraken import Rules as KrakenRules

    kraken = KrakenRound.new(KrakenRules(), 0, 1)
    with pytest.raises(ValueError, match="plays gurka only"):
        GurkaExpertBot(iterations=2).act(kraken.observation(kraken.to_move))


def test_a_time_budget_gives_a_legal_action() -> None:
    game = Game.new(Rules(players=5), 2)
    obs = game.observation(game.to_move)  # type: ignore[arg-type]
    assert GurkaExpertBot(milliseconds=5, seed=1).act(obs) in obs.legal_actions


# -- the observation only --------------------------------------------------------------


def test_the_expert_only_sees_the_observation() -> None:
    """Two rounds that differ only in cards the seat cannot see give it the same
    observation, and so the same decision."""
    rnd = Round.new(Rules(players=4), dealer=0, seed=5)
    for _ in range(6):
        rnd.apply(rnd.legal_actions()[-1])
    seat = rnd.to_move
    assert seat is not None
    obs = rnd.observation(seat)
    sampler = WorldSampler(obs, Table(obs.rules), PlayModel(4))
    hands, weight = sampler.sample(random.Random(7))
    assert weight > 0
    world = world_of(rnd, hands)
    assert world.observation(seat) == obs
    assert {s: world.hands[s] for s in rnd.seats} != {s: rnd.hands[s] for s in rnd.seats}
    first = GurkaExpertBot(iterations=60, seed=2).act(obs)
    second = GurkaExpertBot(iterations=60, seed=2).act(world.observation(seat))
    assert first == second


def test_the_observation_holds_no_hidden_cards() -> None:
    rnd = Round.new(Rules(players=4), dealer=0, seed=3)
    obs = rnd.observation(1)
    others = set().union(*(set(rnd.hands[s]) for s in rnd.seats if s != 1))
    assert not others & set(obs.hand)
    assert "hands" not in obs.to_dict()


# -- the fast simulation follows the engine ----------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    rules=rules_strategy,
    hand=st.lists(st.integers(0, 51), min_size=1, max_size=6, unique=True),
    trick=st.lists(st.integers(2, 14), max_size=7),
)
def test_legal_ranks_and_the_heuristic_are_the_engines(
    rules: Rules, hand: list[int], trick: list[int]
) -> None:
    mask = sum(1 << i for i in hand)
    ranks = ranks_of(mask)
    table = Table(rules)
    top = max(trick) if trick else 0
    legal = legal_mask(mask, target_rank(trick, rules), rules)
    assert sorted(set(table.legal(ranks, trick, top))) == sorted(set(ranks_of(legal)))
    for still, tricks_left in [(0, 4), (2, 4), (0, 2), (1, 1)]:
        chosen = card_policy(mask, trick, still, tricks_left, rules)
        assert table.heuristic(ranks, trick, top, still, tricks_left) == int(CARDS[chosen].rank)


@pytest.mark.parametrize("rules", VARIATIONS, ids=lambda r: f"p{r.players}")
def test_play_out_scores_rounds_as_the_engine(rules: Rules) -> None:
    rng = random.Random(rules.players)
    table = Table(rules)
    n = rules.players
    for seed in range(6):
        rnd = Round.new(rules, dealer=seed % n, seed=seed)
        leader = rnd.to_move
        assert leader is not None
        sim = RoundSim(rules, rnd.seats, [rnd.hands[s].mask for s in range(n)], leader, leader,
                       [], 6, [0] * n)  # fmt: skip
        sim.rollout(rng, 0.0)
        penalties = [0] * n
        nxt = [(s + 1) % n for s in range(n)]
        hands = [ranks_of(rnd.hands[s].mask) for s in range(n)]
        heuristic = [table.heuristic] * n
        play_out(
            table, hands, nxt, n, leader, leader, [], 6, penalties, rng.random, [0.0] * n, heuristic
        )
        assert penalties == sim.penalties
        # with random cards, every hand is played out and a trick's top card scores
        noisy = [0] * n
        hands = [ranks_of(rnd.hands[s].mask) for s in range(n)]
        play_out(
            table, hands, nxt, n, leader, leader, [], 6, noisy, rng.random, [1.0] * n, heuristic
        )
        assert all(not h for h in hands)
        assert 2 <= max(noisy) <= (14 * 6 if rules.penalty_tricks == "every" else 14)


# -- inference --------------------------------------------------------------------------


def test_round_plays_lists_each_card_with_what_its_player_played_later() -> None:
    rnd = Round.from_hands(Rules(players=3), {0: "2C 9D KH", 1: "5H TS AS", 2: "3D 7C QC"}, 2)
    for card in ["KH", "AS", "3D", "5H"]:
        rnd.apply(card)
    plays = round_plays(rnd.observation(0))
    assert [(p.seat, p.rank, p.ranks, p.still, p.tricks_left, p.later) for p in plays] == [
        (0, 13, (), 2, 3, ()),
        (1, 14, (13,), 1, 3, (5,)),
        (2, 3, (13, 14), 0, 3, ()),
        (1, 5, (), 2, 2, ()),
    ]


class GuardedBot(BaseBot):
    """Plays :meth:`Table.guarded` (a test double of a player who keeps a guard)."""

    name = "guarded"

    def act(self, observation: AnyObservation) -> str:
        assert isinstance(observation, Observation)
        obs = observation
        table = Table(obs.rules)
        hand = sorted(int(c.rank) for c in obs.hand)
        ranks = [int(c.rank) for _, c in obs.trick]
        still = len(obs.seats_in_round) - len(ranks) - 1
        tricks_left = obs.tricks_total - len(obs.tricks)
        rank = table.guarded(hand, ranks, max(ranks, default=0), still, tricks_left)
        return next(a for a in obs.legal_actions if Card.parse(a).rank == rank)


def round_ends(rules: Rules, bots: list[Bot], rounds: int) -> list[Observation]:
    """Seat 0's view of the end of each of ``rounds`` rounds that ``bots`` play (every
    card of a round is played, so the view shows every hand the others held)."""
    ends = []
    for seed in range(rounds):
        rnd = Round.new(rules, dealer=seed % rules.players, seed=seed)
        BotDriver("gurka", rnd, bots, rules, current_round=lambda state: state).run()
        ends.append(rnd.observation(0))
    return ends


def test_the_play_model_learns_who_follows_which_policy() -> None:
    rules = Rules(players=4)
    bots: list[Bot] = [
        make_bot("heuristic"),
        make_bot("random", seed=1),
        make_bot("heuristic"),
        GuardedBot(),
    ]
    model = PlayModel(4)
    table = Table(rules)
    for end in round_ends(rules, bots, 30):
        model.learn(table, end)
    assert [model.policy(s) for s in (1, 2, 3)] == [HEURISTIC, HEURISTIC, GUARDED]
    for tricks_left in (6, 5, 4):
        assert model.epsilon(2, tricks_left) < 0.1
        assert model.epsilon(3, tricks_left) < 0.15
        # a random player agrees with a policy only by chance: nearly always off it
        assert model.epsilon(1, tricks_left) > 0.7


class RoundEnds(BaseBot):
    """The heuristic, keeping the end of every round it is shown."""

    def __init__(self) -> None:
        self.heuristic = make_bot("heuristic")
        self.ends: list[Observation] = []

    def act(self, observation: AnyObservation) -> str:
        return self.heuristic.act(observation)

    def end_round(self, observation: AnyObservation) -> None:
        assert isinstance(observation, Observation)
        self.ends.append(observation)


def test_the_expert_keeps_what_it_learns_over_the_whole_game() -> None:
    # a recorded bug: the model was made anew at every decision, so nothing learnt
    # from one round reached the next
    rules = Rules(players=4)
    expert = GurkaExpertBot(iterations=8, seed=2)
    watcher = RoundEnds()
    run_game(rules, 3, [expert, watcher, make_bot("heuristic"), make_bot("heuristic")])
    assert len(watcher.ends) > 1
    expected = PlayModel(4)
    for end in watcher.ends:
        # every card of a round is played: the watcher's view of a finished round
        # shows the expert what its own shows (the watcher's own seat left out)
        expected.learn(Table(rules), end)
    learnt = expert.model
    assert learnt is not None
    for seat in (2, 3):
        assert learnt.decisions[seat] == expected.decisions[seat]
        assert [agree[seat] for agree in learnt.agree] == [agree[seat] for agree in expected.agree]
    assert sum(learnt.decisions[1]) > 10


def test_weighted_worlds_follow_the_exact_posterior_of_the_play_model() -> None:
    """On a small position, the weighted mean of a statistic over the sampler's deals
    matches the posterior computed by enumerating every deal of ranks."""
    rules = Rules(players=3)
    rnd = Round.from_hands(rules, {0: "4C 9D KH", 1: "5H 8S JS", 2: "3D 7C QC"}, dealer=2)
    for card in ["KH", "5H"]:  # the heuristic's lead; a forced lowest card
        rnd.apply(card)
    obs = rnd.observation(2)
    model = PlayModel(3)
    model.PRIORS = ((30.0, 1.0), (2.5, 1.5))  # type: ignore[misc]  # seats that follow the heuristic
    table = Table(rules)
    sampler = WorldSampler(obs, table, model)
    assert len(sampler.components) == 2  # the heuristic's leads and follows narrow the ranks
    # exact: every pair of two-card rank multisets for seats 0 and 1, weighted by the
    # number of card deals giving it and by the model's likelihood
    hidden = sampler.hidden
    multisets = list(itertools.combinations_with_replacement(range(2, 15), 2))
    exact_total = exact_weight = 0.0
    for first in multisets:
        for second in multisets:
            left = list(hidden)
            ways = 1
            for hand in (first, second):
                for rank, k in Counter(hand).items():
                    ways *= math.comb(left[rank], k)
                    left[rank] -= k
            if not ways:
                continue
            hands = [list(first), list(second), sampler.own]
            if any(not sampler.components[0][s] >> r & 1 for s in (0, 1) for r in hands[s]):
                continue
            weight = ways * sampler._likelihood(hands)
            exact_total += weight * max(first)
            exact_weight += weight
    exact = exact_total / exact_weight
    rng = random.Random(1)
    total = weights = 0.0
    for _ in range(12000):
        hands, weight = sampler.sample(rng)
        total += weight * max(hands[0])
        weights += weight
    assert abs(total / weights - exact) < 0.1
    # the uniform deal's mean differs: the play model says something
    plain = WorldSampler(obs, table, model)
    plain.components = plain.components[:1]
    plain.mix = [1.0]
    plain.epsilons = [1.0] * len(plain.epsilons)
    uniform = sum(max(plain.sample(rng)[0][0]) for _ in range(4000)) / 4000
    assert abs(uniform - exact) > 0.3


# -- the rest of the game and buy-backs -------------------------------------------------


def test_outcome_pools_are_fixed_rounds_of_the_heuristic() -> None:
    table = Table(Rules())
    pool = outcome_pool(table, (HEURISTIC,) * 4)
    assert pool is outcome_pool(table, (HEURISTIC,) * 4)
    assert len(pool) == POOL_SIZE
    for outcome in pool:
        scorers = [p for p in outcome if p]
        assert scorers and len(set(scorers)) == 1  # the last trick's top rank, ties all score
    hits = [p for outcome in pool for p in outcome if p]
    assert 7 < sum(hits) / len(hits) < 11
    # a guarded player among heuristic ones scores less than its share
    mixed = outcome_pool(table, (HEURISTIC, HEURISTIC, HEURISTIC, GUARDED))
    assert sum(o[3] for o in mixed) < sum(sum(o) for o in mixed) / 4 - 0.2 * len(mixed)


@settings(max_examples=10, deadline=None)
@given(rules=rules_strategy, seed=st.integers(0, 2**32))
def test_the_rest_of_a_game_in_the_abstract_pays_the_pot(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    n = rules.players
    scores = [rng.randrange(rules.eliminate_at) for _ in range(n)]
    ledger = Ledger.restore(rules, scores, [True] * n, [rules.stake] * n, [0] * n, seed % n)
    rest_of_game(ledger, [], Table(rules), rng)
    assert ledger.is_over
    assert sum(ledger.won) == ledger.pot
    assert sum(ledger.chips()) == 0


def buyback_observation(
    scores: tuple[int, ...], alive: tuple[int, ...], pot: int, free_rebuy: bool = False
) -> Observation:
    """Seat 0, out, to decide at a break of a four-player game."""
    rules = Rules(players=4, free_rebuy=free_rebuy)
    paid = [1] * 4
    paid[1] += pot - 4
    return Observation(
        seat=0,
        to_move=0,
        legal_actions=["buyback", "pass"],
        phase="buyback",
        rules=rules,
        dealer=3,
        seats_in_round=(0, 1, 2, 3),
        hand=(),
        hand_sizes=(0, 0, 0, 0),
        leader=None,
        trick=(),
        tricks=(),
        tricks_total=6,
        round_penalties=(0, 0, 0, 0),
        scores=scores,
        alive=alive,
        pot=pot,
        chips=tuple(-p for p in paid),
        buybacks=(0, pot - 4, 0, 0),
        round_number=4,
    )


@pytest.mark.parametrize(
    ("scores", "pot", "free", "expected"),
    [
        # the first buy-back is free: staying out can win nothing
        ((33, 27, 28, 26), 4, True, "buyback"),
        # coming back at 28 against two fresh players for a small pot: hopeless
        ((31, 28, 2, 3), 4, False, "pass"),
        # everyone in is close to the end and the pot is big: come back
        ((35, 22, 21, 20), 9, False, "buyback"),
    ],
)
def test_buy_back_decisions_that_are_clearly_right(
    scores: tuple[int, ...], pot: int, free: bool, expected: str
) -> None:
    obs = buyback_observation(scores, (1, 2, 3), pot, free)
    search = BuybackSearch(obs)
    assert search.run(random.Random(1), 400, None) == expected
    assert search.games == 400
    assert GurkaExpertBot(iterations=100, seed=1).act(obs) == expected


def test_with_buyback_rule_the_expert_buys_back_by_the_heuristics_rule() -> None:
    """Back in at 26 against 24 and 23 for a pot of 5: the search finds it pays, the
    heuristic's rule does not; ``buyback="rule"`` follows the rule."""
    obs = buyback_observation((35, 26, 24, 23), (1, 2, 3), 5)
    assert GurkaExpertBot(iterations=100, seed=1).act(obs) == "buyback"
    assert heuristic_choice(obs, random.Random(1)) == "pass"
    assert GurkaExpertBot(iterations=100, seed=1, buyback="rule").act(obs) == "pass"


def test_valuation_counts_a_round_in_chips_of_the_pot() -> None:
    rules = Rules(players=4)
    game = Game.new(rules, 1)
    while game.round_number < 3 or game.phase != "play":
        game.apply(game.legal_actions()[0])
    seat = game.to_move
    assert seat is not None
    obs = game.observation(seat)
    value = Valuation(obs)
    pot = game.pot
    nobody = value.value([0, 0, 0, 0])
    assert 0 < nobody < pot
    # scoring is worse the more it costs
    hit = [0, 0, 0, 0]
    worse = []
    for points in (2, 7, 12):
        hit[seat] = points
        worse.append(value.value(hit))
    assert nobody > worse[0] > worse[1] > worse[2]
    # another seat scoring helps; everyone else out wins the pot
    other = (seat + 1) % 4
    assert value.value([9 if s == other else 0 for s in range(4)]) > nobody
    assert value.value([0 if s == seat else 40 for s in range(4)]) == pot


# -- worked card decisions ---------------------------------------------------------------


@pytest.mark.parametrize("lookahead", [1, 2])
def test_into_the_last_trick_it_sheds_the_high_card_and_keeps_the_low_one(lookahead: int) -> None:
    """Fifth trick, two cards each: the jack led lets the queen be shed, and the three
    kept for the last trick can score only if every other last card is a three or
    lower (the two of clubs is gone; only threes and twos are left below it)."""
    rnd = Round.from_hands(Rules(players=3), {0: "JD 8C", 1: "3S QH", 2: "6H 9S"}, dealer=2)
    rnd.apply("JD")
    obs = rnd.observation(1)
    assert obs.legal_actions == ["3S", "QH"]
    assert GurkaExpertBot(iterations=50, seed=1, lookahead=lookahead).act(obs) == "QH"


@pytest.mark.parametrize("lookahead", [1, 2])
def test_with_three_cards_left_it_takes_the_lead_to_shed_the_middle_card(lookahead: int) -> None:
    """Three cards each (as in a round's fourth trick), last to play with 2, 9 and K
    to a trick of Q and 4: the king takes the trick and the lead, so the nine is led
    next and the two kept to the end (0 points). Ducking with the two would leave 9
    and K, with the queen's owner leading the next trick: the king is shed on it and
    the nine is the highest last card (9 points)."""
    rnd = Round.from_hands(
        Rules(players=3), {0: "QD 5C 6C", 1: "4S 7H 8H", 2: "2C 9S KH"}, dealer=2
    )
    rnd.apply("QD")
    rnd.apply("4S")
    obs = rnd.observation(2)
    assert obs.legal_actions == ["2C", "KH"]
    assert GurkaExpertBot(iterations=80, seed=1, lookahead=lookahead).act(obs) == "KH"


def test_the_guarded_policy_scores_less_than_the_heuristic() -> None:
    """Two guarded players against two heuristic ones on the same deals, seats
    swapped: the guarded ones score well under the heuristic ones (0.6 points a
    round over many deals; at least 0.3 over these)."""
    rules = Rules(players=4)
    table = Table(rules)
    rng = random.Random(3)
    deck = [r for r in range(2, 15) for _ in range(4)]
    nxt = [1, 2, 3, 0]
    difference = 0.0
    deals = 1500
    for deal in range(deals):
        rng.shuffle(deck)
        hands = [sorted(deck[6 * i : 6 * i + 6]) for i in range(4)]
        for shift in (0, 1):
            guarded = [(s + shift) % 2 == 0 for s in range(4)]
            policies = [table.guarded if g else table.heuristic for g in guarded]
            penalties = [0] * 4
            play_out(table, [h[:] for h in hands], nxt, 4, deal % 4, deal % 4, [], 6,
                     penalties, rng.random, [0.0] * 4, policies)  # fmt: skip
            difference += sum(p for p, g in zip(penalties, guarded, strict=True) if not g)
            difference -= sum(p for p, g in zip(penalties, guarded, strict=True) if g)
    assert difference / (deals * 2 * 2) > 0.3


# -- the lookahead: later decisions per information set ------------------------------------


def play_positions(rules: Rules, seed: int) -> list[Observation]:
    """The card decisions of a game of heuristic players with a choice of ranks."""
    game = Game.new(rules, seed)
    bot = make_bot("heuristic", game="gurka")
    positions = []
    while not game.is_over:
        obs = game.observation(game.to_move)  # type: ignore[arg-type]
        if obs.phase == "play" and len({Card.parse(a).rank for a in obs.legal_actions}) > 1:
            positions.append(obs)
        game.apply(bot.act(obs))
    return positions


class FixedWorlds:
    """A sampler that deals the given worlds in turn, each of weight 1."""

    def __init__(self, worlds: list[list[list[int]]]) -> None:
        self.worlds = worlds
        self.drawn = 0

    def sample(self, rng: random.Random) -> tuple[list[list[int]], float]:
        world = self.worlds[self.drawn % len(self.worlds)]
        self.drawn += 1
        return [hand[:] for hand in world], 1.0


class Scripted:
    """A seat's policy that plays the ranks of ``order`` in turn and notes whether
    each was legal when played."""

    def __init__(self, table: Table, order: Sequence[int]) -> None:
        self.table = table
        self.planned = iter(order)
        self.legal = True

    def __call__(self, hand: list[int], ranks: list[int], top: int, *_: int) -> int:
        rank = next(self.planned)
        self.legal = self.legal and rank in self.table.legal(hand, ranks, top)
        return rank


def finish(search: CardSearch, world: list[list[int]], first: int, policies: list[Policy]) -> float:
    """Play ``first`` in ``world`` and the rest of the round by ``policies`` without
    noise; the seat's value of the round."""
    obs = search.obs
    assert obs.leader is not None
    hands = [hand[:] for hand in world]
    hands[obs.seat].remove(first)
    penalties = list(obs.round_penalties)
    play_out(search.table, hands, search.nxt, search.count, obs.leader, search.nxt[obs.seat],
             [*search.ranks, first], search.tricks_left, penalties, random.random,
             [0.0] * len(hands), policies)  # fmt: skip
    return search.value(penalties)


def best_in_world(search: CardSearch, world: list[list[int]], first: int) -> float:
    """The best value the seat can reach in ``world`` after playing ``first``,
    seeing every hand: every order of its other cards tried (brute force)."""
    me = search.obs.seat
    rest = list(world[me])
    rest.remove(first)
    best = -math.inf
    for order in set(itertools.permutations(rest)):
        scripted = Scripted(search.table, order)
        policies = [scripted if s == me else search.policies[s] for s in range(len(world))]
        value = finish(search, world, first, policies)
        if scripted.legal:
            best = max(best, value)
    return best


def sampled_worlds(
    obs: Observation, model: PlayModel, count: int, seed: int
) -> list[list[list[int]]]:
    """The worlds of positive weight among ``count`` drawn for ``obs``."""
    sampler = WorldSampler(obs, Table(obs.rules), model)
    rng = random.Random(seed)
    return [w for w, weight in (sampler.sample(rng) for _ in range(count)) if weight > 0]


def mean_seeing_every_card(search: CardSearch, worlds: list[list[list[int]]], first: int) -> float:
    """The mean over ``worlds`` of :func:`best_in_world`."""
    return sum(best_in_world(search, w, first) for w in worlds) / len(worlds)


class Logged:
    """A policy that notes every rank it plays in ``seen``."""

    def __init__(self, policy: Policy, seen: list[int]) -> None:
        self.policy = policy
        self.seen = seen

    def __call__(self, hand: list[int], ranks: list[int], top: int, *rest: int) -> int:
        rank = self.policy(hand, ranks, top, *rest)
        self.seen.append(rank)
        return rank


class SecondThenGuarded(Scripted):
    """A seat's policy that plays ``second`` at its next decision, noting what it
    had seen the others play by then and the rank the guarded policy would have
    played there, and the guarded policy after it."""

    def __init__(self, table: Table, second: int, seen: list[int]) -> None:
        super().__init__(table, [second])
        self.seen = seen
        self.key: tuple[int, ...] | None = None
        self.guarded_rank = 0

    def __call__(self, hand: list[int], ranks: list[int], top: int, *rest: int) -> int:
        if self.key is not None:
            return self.table.guarded(hand, ranks, top, *rest)
        self.key = tuple(self.seen)
        self.guarded_rank = self.table.guarded(hand, ranks, top, *rest)
        return super().__call__(hand, ranks, top, *rest)


def left_out_by_what_the_seat_sees(
    search: CardSearch, worlds: list[list[list[int]]], first: int
) -> float:
    """The mean value of playing ``first`` and then, in each group of worlds in which
    the seat sees the same cards played before its next decision, in each world the
    rank best over the group's *other* worlds (the guarded rank in a group of one;
    ties by :func:`best_rank`), the guarded policy after that (brute force, by
    play-outs that log the others' cards)."""
    me = search.obs.seat
    groups: dict[tuple[int, ...], dict[int, dict[int, float]]] = {}
    guarded: dict[tuple[int, ...], int] = {}
    for i, world in enumerate(worlds):
        rest = list(world[me])
        rest.remove(first)
        for second in set(rest):
            seen: list[int] = []
            mine = SecondThenGuarded(search.table, second, seen)
            policies: list[Policy] = [
                mine if s == me else Logged(search.policies[s], seen) for s in range(len(world))
            ]
            value = finish(search, world, first, policies)
            assert mine.key is not None
            if mine.legal:
                groups.setdefault(mine.key, {}).setdefault(i, {})[second] = value
                guarded[mine.key] = mine.guarded_rank
    total = 0.0
    for key, group in groups.items():
        default = guarded[key]
        for i, values in group.items():
            if len(group) == 1:
                total += values[default]
                continue
            others = {rank: sum(v[rank] for j, v in group.items() if j != i) for rank in values}
            best = best_rank(others, default)
            total += values[best]
    return total / len(worlds)


@pytest.mark.parametrize("rules", [Rules(players=4), Rules(players=3, match_previous=True)])
def test_a_lookahead_of_one_decision_values_the_ranks_as_the_flat_search(rules: Rules) -> None:
    """With the same worlds and random numbers (and too few worlds to prune), the
    lookahead over this decision alone gives each rank the flat search's value."""
    positions = play_positions(rules, 4)
    assert len(positions) > 10
    for obs in positions[::3]:
        model = PlayModel(rules.players)
        flat = CardSearch(obs, model)
        flat.run(random.Random(2), 40, None)
        lookahead = LookaheadSearch(obs, model, 1)
        lookahead.run(random.Random(2), 40, None)
        for rank in flat.choices:
            assert lookahead.mean(rank) == pytest.approx(flat.mean(rank), abs=1e-9)


def test_looking_ahead_over_the_whole_round_in_copies_of_one_world_plays_it_perfectly() -> None:
    """When every world is the same deal, each world's information sets hold its
    copies: the lookahead over every decision left finds the best order of the seat's
    cards in that deal."""
    rules = Rules(players=4)
    checked = 0
    for obs in play_positions(rules, 11)[:12]:
        model = PlayModel(rules.players)
        search = LookaheadSearch(obs, model, len(obs.hand), noise=0.0)
        world, weight = search.sampler.sample(random.Random(checked))
        if weight <= 0.0:
            continue
        search.sampler = FixedWorlds([world])  # type: ignore[assignment]
        search.run(random.Random(1), 2, None)
        for rank in search.choices:
            assert search.mean(rank) == pytest.approx(best_in_world(search, world, rank))
        checked += 1
    assert checked >= 8


def test_one_world_says_nothing_of_the_later_decisions() -> None:
    """A world is never its own evidence: in a single world every later decision is
    the guarded policy's, as in the flat search, however far the lookahead goes."""
    rules = Rules(players=4)
    checked = 0
    for obs in play_positions(rules, 11)[:8]:
        model = PlayModel(rules.players)
        flat = LookaheadSearch(obs, model, 1, noise=0.0)
        world, weight = flat.sampler.sample(random.Random(3))
        if weight <= 0.0:
            continue
        values = []
        for search in (flat, LookaheadSearch(obs, model, len(obs.hand), noise=0.0)):
            search.sampler = FixedWorlds([world])  # type: ignore[assignment]
            search.run(random.Random(1), 1, None)
            values.append({rank: search.mean(rank) for rank in search.choices})
        assert values[0] == pytest.approx(values[1])
        checked += 1
    assert checked >= 5


def test_no_lookahead_is_worth_more_than_seeing_every_card() -> None:
    """Over the same worlds, whatever the number of decisions looked ahead, a rank is
    never worth more than choosing the later cards per world, seeing every hand."""
    rules = Rules(players=4)
    for obs in play_positions(rules, 6)[:10]:
        model = PlayModel(rules.players)
        worlds = sampled_worlds(obs, model, 30, 5)
        for depth in range(2, len(obs.hand) + 1):
            search = LookaheadSearch(obs, model, depth, noise=0.0)
            search.sampler = FixedWorlds(worlds)  # type: ignore[assignment]
            search.run(random.Random(5), len(worlds), None)
            for rank in search.choices:
                seeing = mean_seeing_every_card(search, worlds, rank)
                assert search.mean(rank) <= seeing + 1e-9


def test_the_lookahead_values_do_not_depend_on_the_scale_of_the_weights() -> None:
    """The sampler's weights are relative (its densities leave out a factor common to
    every deal; in play they run from 1e-5 to 1e19): multiplying every weight by one
    constant changes no value, the ties of the later decisions included."""
    rules = Rules(players=4)
    for obs in [p for p in play_positions(rules, 8) if len(p.hand) >= 4][:6]:
        model = PlayModel(rules.players)
        search = LookaheadSearch(obs, model, 2, noise=0.0)
        search.sampler = FixedWorlds(sampled_worlds(obs, model, 30, 4))  # type: ignore[assignment]
        search.run(random.Random(4), 30, None)
        values = {rank: search.mean(rank) for rank in search.choices}
        weights = search.weights
        for scale in (2.0**-40, 2.0**40):
            search.weights = [w * scale for w in weights]
            assert {rank: search.mean(rank) for rank in search.choices} == values


def test_the_expert_with_a_lookahead_plays_whole_games_legally() -> None:
    """Experts looking two and three decisions ahead, beside random players, take
    only legal actions over whole games in several variations."""
    lookaheads = {0: 2, 1: 3, 2: 2}
    decisions = 0
    for i, rules in enumerate(VARIATIONS[::4]):
        bots: list[Bot] = [
            GurkaExpertBot(iterations=3, seed=s, lookahead=lookaheads[s])
            if s in lookaheads
            else make_bot("random", seed=s)
            for s in range(rules.players)
        ]
        decisions += run_game(rules.replace(eliminate_at=14), i, bots, 100)
    assert decisions > 200


def test_the_expert_refuses_a_lookahead_out_of_range() -> None:
    with pytest.raises(ValueError, match="lookahead must be 1 to 6 decisions"):
        GurkaExpertBot(iterations=2, lookahead=0)


def test_the_expert_refuses_a_trust_that_is_no_rate() -> None:
    for trust in (-0.1, 1.5):
        with pytest.raises(ValueError, match="trust must be an off-model rate from 0 to 1"):
            GurkaExpertBot(iterations=2, lookahead=2, trust=trust)


def expert_that_watched(bots: list[Bot], trust: float) -> GurkaExpertBot:
    """An expert looking two decisions ahead below ``trust``, shown (from seat 0)
    the ends of 12 rounds that ``bots`` played."""
    rules = Rules(players=4)
    expert = GurkaExpertBot(iterations=2, lookahead=2, trust=trust)
    expert.start_game("gurka", 0, 4, rules)
    for end in round_ends(rules, bots, 12):
        expert.end_round(end)
    return expert


def test_the_expert_looks_ahead_only_among_players_its_model_predicts() -> None:
    positions = [obs for obs in play_positions(Rules(players=4), 5) if obs.seat == 0]
    assert len(positions) > 5
    heuristic: list[Bot] = [make_bot("heuristic") for _ in range(4)]
    random_players: list[Bot] = [make_bot("random", seed=s) for s in range(4)]
    predicted = expert_that_watched(heuristic, trust=0.35)
    unpredicted = expert_that_watched(random_players, trust=0.35)
    trusting = expert_that_watched(random_players, trust=1.0)
    for obs in positions:
        assert predicted.looks_ahead(obs)
        assert isinstance(predicted.card_search(obs), LookaheadSearch)
        assert not unpredicted.looks_ahead(obs)
        assert type(unpredicted.card_search(obs)) is CardSearch
        # trusting every player, it looks ahead at anyone; with one decision, never
        assert trusting.looks_ahead(obs)
        assert not GurkaExpertBot(iterations=2, trust=1.0).looks_ahead(obs)


def test_two_decisions_ahead_each_world_takes_the_rank_best_in_the_others_that_look_alike() -> None:
    """The lookahead over two decisions, against a brute force over the same worlds:
    at its next decision the seat takes, in each world, the rank best over the other
    worlds it cannot tell apart from it by then (no value from unseen cards)."""
    rules = Rules(players=4)
    fused = 0
    for obs in [p for p in play_positions(rules, 8) if len(p.hand) >= 4][:8]:
        model = PlayModel(rules.players)
        worlds = sampled_worlds(obs, model, 40, 9)
        search = LookaheadSearch(obs, model, 2, noise=0.0)
        search.sampler = FixedWorlds(worlds)  # type: ignore[assignment]
        search.run(random.Random(9), len(worlds), None)
        for rank in search.choices:
            exact = left_out_by_what_the_seat_sees(search, worlds, rank)
            assert search.mean(rank) == pytest.approx(exact)
            fused += search.mean(rank) < mean_seeing_every_card(search, worlds, rank) - 1e-9
    assert fused
