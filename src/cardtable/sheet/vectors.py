"""Test vectors for every implementation of the score sheet (the browser's included).

``python -m cardtable.sheet.vectors [PATH]`` writes them (``make sheet-vectors``
writes the checked-in ``web/src/sheet/vectors.json``); ``--check`` compares instead.
They hold many sheets with what the engines make of them, and many refused entries
with the refusal's code and message (``docs/sheet.md`` describes the file).

Most sheets are whole games played by the engines at random (random rules, random
legal actions): each finished round is entered the way a player at the table would
enter it, and the generator asserts that the sheet's results equal the engine
game's (every round's points, the totals, the winner; Gurka's scores, who is in,
the pot, chips and winners). The rest are worked examples of each rule.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from cardtable.cards import Suit
from cardtable.gurka.game import BUYBACK, PASS
from cardtable.gurka.game import Game as GurkaGame
from cardtable.gurka.round import Round as GurkaRound
from cardtable.gurka.rules import Rules as GurkaRules
from cardtable.kraken.game import Game as KrakenGame
from cardtable.kraken.roem import hand_roem_values, has_stuk, trick_roem_values
from cardtable.kraken.round import Round as KrakenRound
from cardtable.kraken.rules import Rules as KrakenRules
from cardtable.kraken.scoring import CHALLENGE_LEVELS
from cardtable.sheet.gurka import GurkaEntry, GurkaSheet
from cardtable.sheet.kraken import KrakenEntry, KrakenSheet
from cardtable.sheet.model import FORMAT, VERSION, SheetError

__all__ = [
    "DEFAULT_PATH",
    "generate",
    "gurka_entry",
    "kraken_entry",
    "main",
    "played_gurka",
    "played_kraken",
]

DEFAULT_PATH: Final[Path] = Path("web/src/sheet/vectors.json")
"""Where the checked-in vectors live, from the project's root."""
SEED: Final[int] = 19
_LEVEL_OF: Final[dict[int, str]] = {level: name for name, level in CHALLENGE_LEVELS.items()}
_NAMES: Final[tuple[str, ...]] = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


# -- Kraken ------------------------------------------------------------------------


def kraken_entry(rnd: KrakenRound, rng: random.Random) -> KrakenEntry:
    """A finished engine round as a player enters it on the sheet: the declarers,
    one team's card points (either), roem, challenge, spades and mars."""
    result = rnd.result()
    rules = rnd.rules
    assert rnd.trump is not None and rnd.declarer is not None
    spades = rnd.trump == Suit.SPADES
    doubled = 2 if rules.double_spades and spades else 1
    points_of = rng.randrange(2)
    roem: list[list[int]] = [[], []]
    declared = [0, 0, 0, 0]
    stuk = [False] * 4
    if rules.roem == "tricks":
        for trick in rnd.tricks:
            if trick.roem:
                roem[trick.taker % 2].append(trick.roem)
    elif rules.roem == "hand":
        for seat, value in rnd.declared_roem.items():
            declared[seat] = value
            stuk[seat] = has_stuk(rnd.initial_hands[seat], rnd.trump)
    return KrakenEntry(
        declarers=result.declarers,
        declarer=int(rnd.declarer) if rng.random() < 0.5 else None,
        points_of=points_of,
        card_points=result.card_points[points_of],
        spades=spades,
        challenge=_LEVEL_OF[result.multiplier // doubled],
        mars=result.mars,
        roem=(tuple(roem[0]), tuple(roem[1])),
        declared=tuple(declared),
        stuk=tuple(stuk),
    )


def _random_kraken_rules(rng: random.Random, target: bool) -> KrakenRules:
    return KrakenRules(
        trump_choice=rng.choice(["free", "free_dealer", "utrecht", "random"]),
        roem=rng.choice(["tricks", "tricks", "hand", "none"]),
        challenges=rng.random() < 0.8,
        double_spades=rng.random() < 0.5,
        multiply_roem=rng.random() < 0.5,
        rounds=rng.choice([1, 2, 3, 4, 5, 6, 8, 16]),
        target_score=rng.choice([750, 1500, 500]) if target else None,
    )


def played_kraken(
    rules: KrakenRules, seed: int, rng: random.Random
) -> tuple[KrakenSheet, KrakenGame]:
    """A whole engine game played with random legal actions, entered on a sheet.

    The sheet's results must equal the game's (``AssertionError`` otherwise).
    """
    game = KrakenGame(rules, seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    sheet = KrakenSheet(rules, teams=("Us", "Them"), first_dealer=int(game.first_dealer))
    for rnd in game.history:
        scored = sheet.add(kraken_entry(rnd, rng))
        assert scored.result == rnd.result(), (scored.result, rnd.result())
        assert scored.dealer == rnd.dealer
    assert sheet.totals == game.scores and sheet.is_over and sheet.winner == game.winner
    return sheet, game


def _kraken(
    rules: KrakenRules, rounds: list[dict[str, Any]], first_dealer: int = 0
) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": "kraken",
        "title": "",
        "rules": rules.to_dict(),
        "teams": ["Us", "Them"],
        "players": None,
        "first_dealer": first_dealer,
        "rounds": rounds,
    }


def _r(declarers: int, points: int, **fields: Any) -> dict[str, Any]:
    """A Kraken round: ``declarers`` with ``points`` card points, and any other fields."""
    return KrakenEntry.from_dict(
        {"declarers": declarers, "points_of": declarers, "card_points": points, **fields}
    ).to_dict()


def kraken_examples() -> list[tuple[str, dict[str, Any]]]:
    """Worked examples of every rule the Kraken sheet applies."""
    one = KrakenRules(rounds=1)
    examples: list[tuple[str, dict[str, Any]]] = [
        ("made with more points", _kraken(one, [_r(0, 82)])),
        ("nat at equal points", _kraken(one, [_r(0, 81)])),
        ("nat at equal points with roem", _kraken(one, [_r(1, 71, roem=[[20], [20]])])),
        ("nat when the defenders' roem is higher", _kraken(one, [_r(0, 91, roem=[[], [50]])])),
        ("made thanks to roem", _kraken(one, [_r(0, 75, roem=[[50], [20]])])),
        (
            "nat: the defenders score the roem of both teams",
            _kraken(one, [_r(0, 60, roem=[[100], [20, 40]])]),
        ),
        ("mars by the declarers", _kraken(one, [_r(0, 162, mars=0, roem=[[20, 50], []])])),
        (
            "mars by the defenders: nat plus the mars bonus",
            _kraken(one, [_r(1, 0, mars=0, roem=[[200], []])]),
        ),
        ("all points without all tricks: no mars", _kraken(one, [_r(0, 162)])),
        ("nothing for the declarers", _kraken(one, [_r(0, 0)])),
    ]
    for multiply_roem in (True, False):
        rules = KrakenRules(rounds=1, multiply_roem=multiply_roem)
        for challenge in CHALLENGE_LEVELS:
            for mars in (None, 0):
                points = 162 if mars == 0 else 100
                examples.append(
                    (
                        f"{challenge}, multiply_roem {multiply_roem}, mars {mars is not None}",
                        _kraken(
                            rules,
                            [_r(0, points, challenge=challenge, mars=mars, roem=[[20, 50], []])],
                        ),
                    )
                )
            examples.append(
                (
                    f"{challenge} and nat, multiply_roem {multiply_roem}",
                    _kraken(rules, [_r(1, 60, challenge=challenge, roem=[[40], [20]])]),
                )
            )
    for double_spades in (True, False):
        rules = KrakenRules(rounds=2, double_spades=double_spades)
        examples.append(
            (
                f"spades trump, double_spades {double_spades}",
                _kraken(
                    rules,
                    [
                        _r(0, 90, spades=True, roem=[[20], []]),
                        _r(1, 90, spades=True, challenge="contra"),
                    ],
                ),
            )
        )
    examples.append(
        (
            "double spades in another suit",
            _kraken(KrakenRules(rounds=1, double_spades=True), [_r(0, 90)]),
        )
    )
    hand = KrakenRules(rounds=4, roem="hand")
    examples.append(
        (
            "hand roem: the highest declaration takes its team's roem, the other team keeps stuk",
            _kraken(
                hand,
                [
                    _r(0, 90, declared=[50, 40, 0, 20], stuk=[False, True, False, False]),
                    _r(1, 90, declared=[50, 50, 0, 0]),
                    _r(0, 70, declared=[0, 100, 20, 0]),
                    _r(1, 162, mars=1, declared=[20, 0, 0, 0], stuk=[True, False, False, False]),
                ],
            ),
        )
    )
    target = KrakenRules(target_score=250)
    before = [_r(1, 152, roem=[[], [20]]), _r(0, 100)]
    examples.append(
        (
            "target score reached by both teams in one round: the higher total wins",
            _kraken(target, [*before, _r(0, 128, roem=[[100], [20]])]),
        )
    )
    examples.append(
        (
            "target score reached by both teams with equal totals: a draw",
            _kraken(target, [*before, _r(0, 128, roem=[[50], [20]])]),
        )
    )
    examples.append(
        (
            "target score reached by one team",
            _kraken(KrakenRules(target_score=300), [_r(0, 162, mars=0), _r(0, 100)]),
        )
    )
    examples.append(
        (
            "target score not yet reached",
            _kraken(KrakenRules(target_score=1500), [_r(0, 100), _r(1, 100)]),
        )
    )
    examples.append(
        (
            "a drawn game of rounds",
            _kraken(KrakenRules(rounds=2), [_r(0, 100), _r(1, 100)], first_dealer=2),
        )
    )
    examples.append(("an empty sheet", _kraken(KrakenRules(), [], first_dealer=1)))
    examples.append(
        (
            "no roem rules",
            _kraken(
                KrakenRules(rounds=3, roem="none", challenges=False),
                [_r(0, 90), _r(1, 81), _r(1, 162, mars=1)],
            ),
        )
    )
    return examples


def kraken_refusals() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """Sheets and a next round each that the Kraken sheet refuses."""
    rules = KrakenRules()
    plain = _kraken(rules, [])
    hand = _kraken(KrakenRules(roem="hand"), [])
    none = _kraken(KrakenRules(roem="none", challenges=False), [])
    entry = {"declarers": 0, "points_of": 0, "card_points": 100}
    return [
        ("card points above the total", plain, {**entry, "card_points": 163}),
        ("negative card points", plain, {**entry, "points_of": 1, "card_points": -1}),
        ("roem no trick makes", plain, {**entry, "roem": [[30], []]}),
        ("roem of a hand in a trick", plain, {**entry, "roem": [[], [120]]}),
        ("more tricks with roem than tricks", plain, {**entry, "roem": [[20] * 5, [20] * 4]}),
        ("stuk twice", plain, {**entry, "roem": [[40], [70]]}),
        ("four jacks twice", plain, {**entry, "roem": [[200, 200], []]}),
        ("five fours of a kind", plain, {**entry, "roem": [[100, 100, 100], [100, 100]]}),
        ("mars with fewer than all points", plain, {**entry, "mars": 0, "card_points": 152}),
        ("mars by the other team with points", plain, {**entry, "mars": 1}),
        (
            "roem for the team without a trick",
            plain,
            {**entry, "card_points": 162, "mars": 0, "roem": [[], [20]]},
        ),
        ("a challenge the rules do not allow", none, {**entry, "challenge": "contra"}),
        ("roem under rules without roem", none, {**entry, "roem": [[20], []]}),
        ("declarations under trick roem", plain, {**entry, "declared": [20, 0, 0, 0]}),
        ("trick roem under hand roem", hand, {**entry, "roem": [[20], []]}),
        ("a declaration no hand makes", hand, {**entry, "declared": [0, 30, 0, 0]}),
        (
            "a declaration with stuk no hand makes",
            hand,
            {**entry, "declared": [50, 0, 0, 0], "stuk": [True, False, False, False]},
        ),
        ("stuk without a declaration", hand, {**entry, "stuk": [False, False, True, False]}),
        (
            "stuk in two hands",
            hand,
            {**entry, "declared": [20, 20, 0, 0], "stuk": [True, True, False, False]},
        ),
        ("a declarer in the other team", plain, {**entry, "declarer": 1}),
        ("a round after the end", _kraken(KrakenRules(rounds=1), [_r(0, 100)]), entry),
        (
            "a round after the target score",
            _kraken(KrakenRules(target_score=100), [_r(0, 100)]),
            entry,
        ),
        ("a challenge that does not exist", plain, {**entry, "challenge": "double"}),
        ("a missing field", plain, {"declarers": 0, "points_of": 0}),
    ]


# -- Gurka -------------------------------------------------------------------------


def gurka_entry(rnd: GurkaRound, buybacks: tuple[int, ...], rng: random.Random) -> GurkaEntry:
    """A finished engine round as a player enters it: the penalties or the scoring
    tricks' cards (at random), and the buy-backs taken after it."""
    if rng.random() < 0.5:
        counted = rnd.tricks if rnd.rules.penalty_tricks == "every" else rnd.tricks[-1:]
        tricks = tuple(tuple((seat, str(card)) for seat, card in trick.plays) for trick in counted)
        return GurkaEntry(tricks=tricks, buybacks=buybacks)
    return GurkaEntry(penalties=rnd.result(), buybacks=buybacks)


def _random_gurka_rules(rng: random.Random) -> GurkaRules:
    return GurkaRules(
        players=rng.randint(3, 8),
        stake=rng.choice([0, 1, 1, 2, 5]),
        eliminate_at=rng.choice([30, 20, 20]),
        free_rebuy=rng.random() < 0.5,
        penalty_tricks=rng.choice(["last", "last", "last", "every"]),
    )


def played_gurka(rules: GurkaRules, seed: int, rng: random.Random) -> tuple[GurkaSheet, GurkaGame]:
    """A whole engine game played with random legal actions, entered on a sheet.

    The sheet's results must equal the game's (``AssertionError`` otherwise).
    """
    game = GurkaGame.new(rules, seed)
    bought: list[list[int]] = []
    while not game.is_over:
        rounds, mover = len(game.history), game.to_move
        if game.phase == "buyback":
            action = BUYBACK if rng.random() < 0.3 else PASS
            if action == BUYBACK:
                assert mover is not None
                bought[-1].append(mover)
        else:
            action = rng.choice(game.legal_actions())
        game.apply(action)
        if len(game.history) > rounds:
            bought.append([])
    sheet = GurkaSheet(rules, _NAMES[: rules.players], first_dealer=game.history[0].dealer)
    for rnd, seats in zip(game.history, bought, strict=True):
        scored = sheet.add(gurka_entry(rnd, tuple(seats), rng))
        assert scored.penalties == rnd.result() and scored.dealer == rnd.dealer
    assert sheet.scores == game.scores and sheet.alive == game.alive
    assert (sheet.pot, sheet.chips, sheet.winners) == (game.pot, game.chips, game.winners)
    return sheet, game


def _gurka(
    rules: GurkaRules, rounds: list[dict[str, Any]], first_dealer: int = 0
) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": "gurka",
        "title": "",
        "rules": rules.to_dict(),
        "players": list(_NAMES[: rules.players]),
        "first_dealer": first_dealer,
        "rounds": rounds,
    }


def _p(*penalties: int, buybacks: tuple[int, ...] = ()) -> dict[str, Any]:
    return {"penalties": list(penalties), "tricks": None, "buybacks": list(buybacks)}


def _t(*tricks: str, buybacks: tuple[int, ...] = ()) -> dict[str, Any]:
    """A round entered as cards: each trick as ``"seat:card seat:card ..."``."""
    parsed = [
        [[int(play.split(":")[0]), play.split(":")[1]] for play in trick.split()]
        for trick in tricks
    ]
    return {"penalties": None, "tricks": parsed, "buybacks": list(buybacks)}


def gurka_examples() -> list[tuple[str, dict[str, Any]]]:
    """Worked examples of every rule the Gurka sheet applies."""
    four = GurkaRules(players=4)
    return [
        ("the last trick's highest card scores", _gurka(four, [_t("1:3C 2:9D 3:QS 0:5H")])),
        ("ties all score", _gurka(four, [_t("1:KC 2:KD 3:4S 0:KH")])),
        ("four players tie", _gurka(four, [_t("1:7C 2:7D 3:7S 0:7H")])),
        (
            "elimination and a buy-back at the highest score in",
            _gurka(
                four,
                [
                    _p(14, 0, 0, 0),
                    _p(0, 13, 0, 0),
                    _p(0, 0, 12, 0),
                    _p(14, 0, 0, 0),
                    _p(14, 0, 0, 0, buybacks=(0,)),
                    _p(0, 11, 0, 0),
                ],
            ),
        ),
        (
            "free rebuy: the first buy-back costs nothing, the second the stake",
            _gurka(
                GurkaRules(players=4, free_rebuy=True, stake=2, eliminate_at=20),
                [
                    _p(14, 0, 0, 0),
                    _p(0, 0, 7, 0),
                    _p(14, 0, 0, 0, buybacks=(0,)),
                    _p(14, 0, 0, 0, buybacks=(0,)),
                    _p(0, 0, 0, 13),
                ],
            ),
        ),
        (
            "an offer declined",
            _gurka(four, [_p(14, 0, 0, 0), _p(14, 0, 0, 0), _p(14, 0, 0, 0), _p(0, 13, 0, 0)]),
        ),
        (
            "the last two players out in one round: the lower score wins",
            _gurka(
                GurkaRules(players=3, eliminate_at=20),
                [_p(13, 0, 0), _p(0, 14, 0), _p(9, 0, 9), _p(0, 14, 14)],
            ),
        ),
        (
            "everyone out in one round with equal scores: a split pot",
            _gurka(
                GurkaRules(players=3, eliminate_at=20, stake=5),
                [_p(8, 8, 0), _p(0, 0, 10), _p(12, 12, 12)],
            ),
        ),
        (
            "a split pot with a remainder: first clockwise from the dealer's left",
            _gurka(
                GurkaRules(players=3, eliminate_at=10, stake=1),
                [_p(0, 10, 0), _p(11, 0, 11)],
                first_dealer=1,
            ),
        ),
        (
            "every trick scores",
            _gurka(
                GurkaRules(players=3, penalty_tricks="every"),
                [
                    _t(
                        "0:2C 1:3C 2:4C",
                        "2:AC 0:5C 1:6C",
                        "2:7C 0:8C 1:9C",
                        "1:TC 2:JC 0:QC",
                        "0:KC 1:KD 2:2D",
                        "1:3D 2:4D 0:5D",
                    )
                ],
            ),
        ),
        (
            "two players left: no buy-back offers",
            _gurka(GurkaRules(players=3, eliminate_at=20), [_p(14, 0, 0), _p(7, 0, 0)]),
        ),
        (
            "everyone out in one round, three share the pot",
            _gurka(
                GurkaRules(players=3, eliminate_at=20, stake=5),
                [_p(8, 8, 0), _p(0, 0, 8), _p(12, 12, 12)],
            ),
        ),
        ("an empty sheet", _gurka(GurkaRules(players=5), [], first_dealer=3)),
    ]


def gurka_refusals() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """Sheets and a next round each that the Gurka sheet refuses."""
    four = _gurka(GurkaRules(players=4), [])
    out = _gurka(GurkaRules(players=3, eliminate_at=20), [_p(14, 0, 0), _p(7, 0, 0)])
    offered = _gurka(GurkaRules(players=4), [_p(14, 0, 0, 0), _p(14, 0, 0, 0)])
    every = _gurka(GurkaRules(players=3, penalty_tricks="every"), [])
    over = _gurka(GurkaRules(players=3, eliminate_at=10), [_p(10, 10, 0)])
    return [
        ("a penalty for a player who is out", out, _p(3, 0, 0)),
        ("a penalty above an ace", four, _p(15, 0, 0, 0)),
        ("a penalty below a two", four, _p(1, 0, 0, 0)),
        ("two different penalties on the last trick", four, _p(12, 13, 0, 0)),
        ("more ties than suits", _gurka(GurkaRules(players=5), []), _p(9, 9, 9, 9, 9)),
        ("no penalty at all", four, _p(0, 0, 0, 0)),
        ("penalties for the wrong number of players", four, _p(9, 0, 0)),
        ("a penalty above six aces", every, _p(85, 0, 0)),
        ("a trick without every player", four, _t("0:2C 1:3C 2:4C")),
        ("a trick from a player who is out", out, _t("0:2C 1:3C 2:4C")),
        ("a card played twice", four, _t("0:2C 1:2C 2:4C 3:5C")),
        ("text that is not a card", four, _t("0:2C 1:1X 2:4C 3:5C")),
        ("one trick where every trick scores", every, _t("0:2C 1:3C 2:4C")),
        ("a buy-back not offered", four, _p(0, 0, 9, 0, buybacks=(2,))),
        ("a buy-back twice", offered, _p(14, 0, 0, 0, buybacks=(0, 0))),
        ("a round after the end", over, _p(0, 0, 9)),
        (
            "both penalties and cards",
            four,
            {**_p(9, 0, 0, 0), "tricks": [[[0, "9C"], [1, "2C"], [2, "3C"], [3, "4C"]]]},
        ),
    ]


# -- the file ------------------------------------------------------------------------


def _refusal(
    name: str, sheet: dict[str, Any], entry: dict[str, Any], load: Callable[[dict[str, Any]], Any]
) -> dict[str, Any]:
    loaded = load(sheet)
    try:
        loaded.add(_ENTRY_TYPES[sheet["game"]].from_dict(entry))
    except SheetError as error:
        return {
            "name": name,
            "sheet": sheet,
            "entry": entry,
            "code": error.code,
            "message": error.message,
        }
    raise AssertionError(f"refusal {name!r} was accepted")


_ENTRY_TYPES: Final[dict[str, type[KrakenEntry] | type[GurkaEntry]]] = {
    "kraken": KrakenEntry,
    "gurka": GurkaEntry,
}


def _vector(
    name: str, sheet: dict[str, Any], load: Callable[[dict[str, Any]], Any]
) -> dict[str, Any]:
    loaded = load(sheet)
    assert loaded.to_dict() == sheet, f"{name}: the sheet does not round-trip"
    return {"name": name, "sheet": sheet, "expected": loaded.summary()}


def generate(seed: int = SEED) -> dict[str, Any]:
    """Every vector, deterministically from ``seed``."""
    rng = random.Random(seed)
    kraken: list[dict[str, Any]] = []
    for number in range(28):
        rules = _random_kraken_rules(rng, target=number % 4 == 3)
        sheet, _ = played_kraken(rules, rng.getrandbits(32), rng)
        kraken.append(_vector(f"engine game {number}", sheet.to_dict(), KrakenSheet.from_dict))
    kraken += [_vector(name, sheet, KrakenSheet.from_dict) for name, sheet in kraken_examples()]
    gurka: list[dict[str, Any]] = []
    for number in range(20):
        sheet_g, _ = played_gurka(_random_gurka_rules(rng), rng.getrandbits(32), rng)
        gurka.append(_vector(f"engine game {number}", sheet_g.to_dict(), GurkaSheet.from_dict))
    gurka += [_vector(name, sheet, GurkaSheet.from_dict) for name, sheet in gurka_examples()]
    refusals = [_refusal(n, s, e, KrakenSheet.from_dict) for n, s, e in kraken_refusals()]
    refusals += [_refusal(n, s, e, GurkaSheet.from_dict) for n, s, e in gurka_refusals()]
    return {
        "format": "cardtable-sheet-vectors",
        "version": VERSION,
        "generated_by": "python -m cardtable.sheet.vectors (make sheet-vectors)",
        "trick_roem_values": list(trick_roem_values()),
        "hand_roem_values": {
            "without_stuk": sorted(hand_roem_values(stuk=False)),
            "with_stuk": sorted(hand_roem_values(stuk=True)),
        },
        "kraken": kraken,
        "gurka": gurka,
        "refusals": refusals,
    }


def dumps(vectors: dict[str, Any]) -> str:
    """The vectors as the checked-in text: JSON with sorted keys, one vector a line."""
    lines = []
    for key, value in sorted(vectors.items()):
        if isinstance(value, list) and value and isinstance(value[0], dict):
            items = ",\n  ".join(_compact(item) for item in value)
            lines.append(f" {json.dumps(key)}: [\n  {items}\n ]")
        else:
            lines.append(f" {json.dumps(key)}: {_compact(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def main(argv: list[str] | None = None) -> int:
    """Write the vectors to PATH, or with ``--check`` say whether PATH is up to date."""
    parser = argparse.ArgumentParser(prog="python -m cardtable.sheet.vectors", description=__doc__)
    parser.add_argument("path", nargs="?", type=Path, default=DEFAULT_PATH)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    text = dumps(generate())
    if args.check:
        if not args.path.exists() or args.path.read_text(encoding="utf-8") != text:
            print(f"{args.path} is out of date: run make sheet-vectors", file=sys.stderr)
            return 1
        return 0
    args.path.parent.mkdir(parents=True, exist_ok=True)
    args.path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
