"""The Kraken side of the expert bot: the information-set endgame and the bot itself."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.bots import list_bots, make_bot
from cardtable.bots.expert import ExpertBot
from cardtable.bots.gurka_expert import GurkaExpertBot
from cardtable.bots.kraken_endgame import InformationSets, continuation
from cardtable.bots.kraken_expert import KrakenExpert
from cardtable.bots.kraken_play_model import PlayModel, WeightedWorlds
from cardtable.bots.kraken_search import KrakenSearch
from cardtable.bots.kraken_signalling import (
    ASK_WITHOUT_ACE,
    signal_choice,
    signal_reader,
    wanted_suit,
)
from cardtable.bots.pimc import Estimate, PimcBot
from cardtable.cards import Card, Suit
from cardtable.kraken import Round, Rules
from tests.kraken.helpers import play_with_bots
from tests.solver.helpers import random_position


def _worlds(round_: Round, count: int, seed: int) -> list[Round]:
    """``count`` worlds of the observation of the seat to move."""
    seat = round_.to_move
    assert seat is not None
    search = KrakenSearch(round_.observation(seat))
    rng = random.Random(seed)
    return [search.determinize(rng) for _ in range(count)]


def _pimc(worlds: list[Round], legal: list[str]) -> dict[str, float]:
    """PIMC's mean per card over ``worlds``, equally weighted."""
    bot = PimcBot(worlds=1)
    team = int(worlds[0].to_move or 0) % 2
    totals = dict.fromkeys(legal, 0.0)
    for world in worlds:
        for action, (utility, _) in bot.evaluate(world, legal, team).items():
            totals[action] += utility
    return {action: total / len(worlds) for action, total in totals.items()}


@settings(max_examples=25)
@given(seed=st.integers(0, 10**6), tricks=st.integers(1, 3), count=st.integers(1, 8))
def test_one_choice_per_information_set_never_promises_more_than_pimc(
    seed: int, tricks: int, count: int
) -> None:
    """Choosing the next card once for all worlds that look alike can only lose
    against choosing it per world (PIMC's assumption); with one world they agree."""
    round_ = random_position(random.Random(seed), tricks)
    legal = round_.legal_actions()
    worlds = _worlds(round_, count, seed)
    sets = InformationSets(legal)
    for world in worlds:
        sets.add(world)
    fused = _pimc(worlds, legal)
    for action, estimate in sets.estimates().items():
        assert estimate.worlds == count
        assert estimate.mean <= fused[action] + 1e-9
    single = InformationSets(legal)
    single.add(worlds[0])
    one_world = _pimc(worlds[:1], legal)
    for action, estimate in single.estimates().items():
        assert estimate.mean == pytest.approx(one_world[action])


def test_continuation_stops_at_the_bots_next_turn() -> None:
    round_ = random_position(random.Random(7), 3)
    while round_.trick:  # a lead, so the next own turn is a trick later
        round_.apply(round_.legal_actions()[0])
    world = _worlds(round_, 1, 1)[0]
    card = Card.parse(round_.legal_actions()[0])
    seen, outcomes = continuation(world, card)
    # the other three seats finish this trick, and lead the next one up to the bot
    assert seen is not None and 3 <= len(seen) <= 6
    hand = world.hands[int(round_.to_move or 0)]
    assert set(outcomes) <= {c.index for c in hand} - {card.index}


def test_the_last_trick_ends_before_the_next_turn() -> None:
    round_ = random_position(random.Random(3), 1)
    world = _worlds(round_, 1, 1)[0]
    seen, outcomes = continuation(world, Card.parse(round_.legal_actions()[0]))
    assert seen is None and list(outcomes) == [-1]


def test_weights_count_as_repeated_worlds() -> None:
    """A world of weight 2 counts as that world twice."""
    round_ = random_position(random.Random(11), 3)
    legal = round_.legal_actions()
    first, second = _worlds(round_, 2, 5)
    weighted, repeated = InformationSets(legal), InformationSets(legal)
    weighted.add(first, 2.0)
    weighted.add(second, 1.0)
    for world in (first, first, second):
        repeated.add(world)
    a, b = weighted.estimates(), repeated.estimates()
    for action in legal:
        assert a[action].mean == pytest.approx(b[action].mean)


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(play="rotterdam", roem="none", trump_choice="random"),
        Rules.preset("g4a"),
        Rules(signals="high_asks"),
        Rules(play="rotterdam", signals="low_asks"),
    ],
    ids=["amsterdam", "rotterdam-random-trump", "g4a-hand-roem", "high-asks", "low-asks"],
)
def test_plays_whole_rounds_legally_and_reproducibly(rules: Rules) -> None:
    def play(seed: int) -> list[str]:
        round_ = Round.new(rules, dealer=seed % 4, seed=seed)
        bots = [make_bot("expert", game="kraken", worlds=3, seed=seed * 4 + s) for s in range(4)]
        return play_with_bots(round_, bots)

    assert play(3) == play(3)


def test_registered_for_both_games_and_options_checked() -> None:
    assert "expert" in list_bots(game="kraken") and "expert" in list_bots(game="gurka")
    assert isinstance(make_bot("expert", seed=1), ExpertBot)
    with pytest.raises(ValueError, match="endgame must be 0 to 8"):
        make_bot("expert", endgame=9)
    with pytest.raises(ValueError, match="worlds must be at least 1"):
        make_bot("expert", worlds=0)
    with pytest.raises(ValueError, match="milliseconds must be positive"):
        KrakenExpert(milliseconds=-1)
    with pytest.raises(ValueError, match="must be one of model, play, uniform, not 'none'"):
        make_bot("expert", inference="none")
    with pytest.raises(ValueError, match="candidates must be at least 1, not 0"):
        KrakenExpert(candidates=0)


def test_the_expert_passes_each_option_to_the_part_that_takes_it() -> None:
    bot = make_bot(
        "expert",
        seed=1,
        milliseconds=50,
        endgame=2,
        chips=False,
        inference="play",
        lookahead=2,
        trust=0.3,
        buyback="rule",
    )
    assert isinstance(bot, ExpertBot)
    kraken, gurka = bot._part("kraken"), bot._part("gurka")
    assert isinstance(kraken, KrakenExpert) and isinstance(gurka, GurkaExpertBot)
    assert (kraken.endgame, kraken.inference, kraken.milliseconds) == (2, "play", 50)
    assert (gurka.chips, gurka.inference, gurka.milliseconds, gurka.lookahead, gurka.trust) == (
        False,
        True,
        50,
        2,
        0.3,
    )
    assert gurka.buyback == "rule"
    assert not GurkaExpertBot(inference="uniform").inference
    with pytest.raises(
        ValueError,
        match=r"no option depth; Kraken takes bidding, .*"
        r"Gurka takes buyback, chips, inference, lookahead, trust$",
    ):
        make_bot("expert", depth=3)
    with pytest.raises(ValueError, match="inference must be 'model', 'play' or 'uniform'"):
        GurkaExpertBot(inference=False)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="buyback must be 'search' or 'rule', not 'never'"):
        GurkaExpertBot(buyback="never")


def test_average_mixes_the_weighted_and_the_plain_mean() -> None:
    """``PimcBot.average(mix=m)``: (1 - m) of the weighted mean plus m of the plain one."""
    round_ = random_position(random.Random(3), 6)
    observation = round_.observation(round_.to_move)
    first, second = observation.legal_actions[:2]
    # two worlds: the first weighs 3 and scores 10 for the first card, the second 1 and 2
    worlds = iter([(round_, 3.0), (round_.copy(), 1.0)])
    scores = iter([10.0, 2.0])

    def evaluate(world: Round, legal: list[str], team: int) -> dict[str, tuple[float, bool]]:
        return {first: (next(scores), False), second: (0.0, True)}

    bot = PimcBot(worlds=2)
    estimates = bot.average(observation, lambda: next(worlds), evaluate, mix=0.25)
    weighted, plain = (3 * 10 + 1 * 2) / 4, (10 + 2) / 2
    assert estimates[first].mean == pytest.approx(0.75 * weighted + 0.25 * plain)
    assert estimates[second].nat_share == pytest.approx(1.0)
    assert estimates[first].worlds == 2


def test_inference_weighs_the_worlds_by_the_play_model() -> None:
    """With one candidate the expert solves the worlds uniform sampling draws, each
    weighted by its likelihood under the play model (mixed with uniform by the
    model's share); ``inference="uniform"`` weighs them alike."""
    round_ = random_position(random.Random(11), 6)  # the third card of trick 3: 6 legal
    observation = round_.observation(round_.to_move)
    legal = list(observation.legal_actions)
    assert len(legal) == 6
    model = PlayModel.load()
    sampler = WeightedWorlds(observation, model, random.Random(4))
    drawn = [sampler.draw_log() for _ in range(6)]
    weights = WeightedWorlds.normalize([log for _, log in drawn], model.mix)
    assert max(weights) > 1.5 * min(weights)  # the model tells these worlds apart
    solved = [PimcBot(worlds=1).evaluate(world, legal, observation.seat % 2) for world, _ in drawn]
    weighted = KrakenExpert(worlds=6, seed=4, candidates=1).estimates(observation)
    uniform = KrakenExpert(worlds=6, seed=4, inference="uniform").estimates(observation)
    for action in legal:
        values = [outcomes[action][0] for outcomes in solved]
        expected = sum(w * v for w, v in zip(weights, values, strict=True))
        assert weighted[action].mean == pytest.approx(expected)
        assert uniform[action].mean == pytest.approx(sum(values) / 6)


def test_inference_from_play_reads_no_bidding() -> None:
    """``inference="play"`` (for imposed contracts) weighs worlds by card play only:
    at the first lead, when the others have only bid, it solves the worlds uniform
    sampling draws with equal weights."""
    round_ = Round.from_hands(SIGNALS, HANDS, dealer=3)
    round_.apply("pass")  # North passes: evidence of a weak hand, when it is read
    round_.apply("trump S")  # East declares; no challenges in these rules
    observation = round_.observation(round_.to_move)
    assert not observation.trick and round_.to_move == 0  # North leads, East bid
    model = PlayModel.load()
    both = WeightedWorlds(observation, model, random.Random(1)).take(8)
    assert len({weight for _, weight in both}) > 1  # the bidding tells worlds apart
    play_only = WeightedWorlds(observation, model, random.Random(1), bidding=False).take(8)
    assert [weight for _, weight in play_only] == pytest.approx([1 / 8] * 8)
    read = KrakenExpert(worlds=8, seed=2, candidates=1, inference="play", endgame=0)
    plain = KrakenExpert(worlds=8, seed=2, inference="uniform", endgame=0)
    uniform = plain.estimates(observation)
    for action, estimate in read.estimates(observation).items():
        assert estimate.mean == pytest.approx(uniform[action].mean)


def test_inference_and_search_bidding_play_the_bidding() -> None:
    """The play model weighs worlds in the bidding too (bidding by search)."""
    round_ = Round.new(Rules(), dealer=0, seed=9)
    round_.apply("pass")
    bot = KrakenExpert(worlds=3, seed=2, bidding="search")
    assert bot.act(round_.observation(round_.to_move)) in round_.legal_actions()


SIGNALS = Rules(signals="high_asks", roem="none", challenges=False)


HANDS = [
    "7D 8D 9D JH 9H AH TH KH",
    "AC TC 7C 8C KS QS 7S 8S",
    "TD KD QD JD AS JC QH 8H",
    "AD 7H QC KC 9S TS JS 9C",
]


def _east_cannot_follow(rules: Rules = SIGNALS) -> Round:
    """North leads a diamond; East holds no diamond and no trump (hearts), so every
    card of East's is a discard."""
    round_ = Round.from_hands(rules, HANDS, dealer=3)
    round_.apply("trump H")
    round_.apply("7D")
    return round_


def test_a_free_discard_asks_for_the_suit_of_the_ace() -> None:
    round_ = _east_cannot_follow()
    observation = round_.observation(1)
    assert wanted_suit(observation.hand, Suit.HEARTS) == Suit.CLUBS
    means = {"AC": 10.0, "8S": 9.5, "7C": 9.0, "KS": 0.0}
    estimates = {
        action: Estimate(means.get(action, -50.0), 0.0, 0.0, 1)
        for action in observation.legal_actions
    }
    assert signal_choice(observation, estimates) == "AC"  # asks clubs, within a point
    estimates["AC"] = Estimate(5.0, 0.0, 0.0, 1)  # now too dear: deny spades instead
    assert signal_choice(observation, estimates) == "8S"
    plain = _east_cannot_follow(Rules(roem="none", challenges=False))
    assert signal_choice(plain.observation(1), estimates) is None  # no agreed signals


def test_cards_the_worlds_value_alike_go_to_the_heuristics_choice() -> None:
    from cardtable.bots import kraken_heuristic

    round_ = Round.from_hands(
        Rules(challenges=False, roem="none"),
        [
            "AC TC 7C 8D 9D 7H 8H 9H",
            "KC QC 7D TD JD QD KD AD",
            "JC 9C 8C TH JH QH KH AH",
            "7S 8S 9S TS JS QS KS AS",
        ],
        dealer=3,
    )
    round_.apply("trump H")
    observation = round_.observation(0)  # North leads
    legal = list(observation.legal_actions)
    wanted = kraken_heuristic.play_card(observation, random.Random(0))
    assert wanted != legal[0]  # PIMC alone would take the first of equal cards
    bot = KrakenExpert(worlds=1, seed=0, signals=False)
    alike = {action: Estimate(10.0, 100.0, 0.0, 1) for action in legal}
    assert bot.pick(observation, alike) == wanted
    better = dict(alike, **{legal[-1]: Estimate(11.0, 121.0, 0.0, 1)})
    assert bot.pick(observation, better) == legal[-1]  # a better card is never overruled


def test_worlds_where_the_asker_lacks_the_ace_weigh_less() -> None:
    round_ = _east_cannot_follow()
    round_.apply("KS")  # East discards a high spade: asks for spades
    observation = round_.observation(3)  # partner West reads it
    reader = signal_reader(observation)
    assert reader is not None
    search = KrakenSearch(observation)
    rng = random.Random(3)
    weights = set()
    for _ in range(40):
        world = search.determinize(rng)
        held = Card.parse("AS") in world.hands[1]
        assert reader(world) == (1.0 if held else ASK_WITHOUT_ACE)
        weights.add(held)
    assert weights == {True, False}  # both kinds of world were drawn
    assert signal_reader(round_.observation(1)) is None  # its own signal tells East nothing
    assert signal_reader(round_.observation(2)) is None  # opponents do not read it
    south = round_.observation(2)
    assert KrakenExpert(worlds=3, seed=1, signals=False).act(south) in round_.legal_actions()
