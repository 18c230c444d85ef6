"""Kraken's encoding: 528 numbers per observation, 42 actions.

The actions are the 32 cards (clubs, diamonds, hearts, spades; 7 up to A in each),
then ``trump C``, ``trump D``, ``trump H``, ``trump S``, ``pass``, ``take``,
``contra``, ``re``, ``superkraken`` and ``roem``. Seats in the vector are relative to
the observer (0 me, 1 my left, 2 my partner, 3 my right); teams are mine then theirs.

>>> KRAKEN.actions[:3], KRAKEN.actions[32:], KRAKEN.size
(('7C', '8C', '9C'), ('trump C', 'trump D', 'trump H', 'trump S', 'pass', 'take', \
'contra', 're', 'superkraken', 'roem'), 528)
"""

from __future__ import annotations

import functools
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardtable.cards import Card, Rank, Suit
from cardtable.envs.encoding import Encoding, indices, one_hot_index
from cardtable.envs.layout import Layout, Segment
from cardtable.kraken.observation import Observation
from cardtable.kraken.rules import Rules

__all__ = ["CARD_ACTIONS", "KRAKEN", "KrakenEncoding"]

CARD_ACTIONS: Final[tuple[str, ...]] = tuple(
    str(Card(suit, Rank(rank))) for suit in Suit for rank in range(7, 15)
)
"""The 32 cards in action order: a card's index is ``8 * suit + rank - 7``."""
_CARD: Final[dict[str, int]] = {text: index for index, text in enumerate(CARD_ACTIONS)}
_KRAKEN_INDEX: Final[tuple[int, ...]] = tuple(
    8 * (i // 13) + i % 13 - 5 if i % 13 >= 5 else -1 for i in range(52)
)
"""A card's action index from its 52-card index (-1: not a Kraken card)."""

_TRUMP_CHOICES: Final = ("free", "free_dealer", "utrecht", "random")
_FALLBACKS: Final = ("second_card", "call_other")
_PLAYS: Final = ("amsterdam", "rotterdam")
_ROEMS: Final = ("tricks", "hand", "none")
_PHASES: Final = ("trump", "challenge", "roem", "play", "done")
_PHASE: Final[dict[str, int]] = {phase: index for index, phase in enumerate(_PHASES)}
_STAGES: Final = ("contra", "re", "superkraken")

BID_COLUMNS: Final[tuple[str, ...]] = (
    "trump C",
    "trump D",
    "trump H",
    "trump S",
    "take",
    "pass trump",
    "contra",
    "re",
    "superkraken",
    "pass contra",
    "pass re",
    "pass superkraken",
    "roem",
    "pass roem",
)
"""What each seat said before play, one column each (the passes by phase)."""
_BID: Final[dict[str, int]] = {name: column for column, name in enumerate(BID_COLUMNS)}

SCALE: Final[float] = 100.0
"""Points are stored divided by this."""


class KrakenEncoding(Encoding):
    """The observation of one Kraken seat as 528 numbers."""

    game = "kraken"
    version = "kraken-v0"
    actions = (
        *CARD_ACTIONS,
        "trump C",
        "trump D",
        "trump H",
        "trump S",
        "pass",
        "take",
        "contra",
        "re",
        "superkraken",
        "roem",
    )
    layout = Layout(
        [
            Segment("seat", (4,), "my seat N, E, S, W (one-hot, absolute)"),
            Segment(
                "rules",
                (14,),
                "trump_choice free/free_dealer/utrecht/random, random_fallback "
                "second_card/call_other, play amsterdam/rotterdam, roem tricks/hand/none, "
                "challenges, double_spades, multiply_roem",
            ),
            Segment("phase", (5,), "trump, challenge, roem, play, done"),
            Segment("dealer", (4,), "the dealer (relative seat)"),
            Segment("to_move", (4,), "the seat to move (relative; all 0 when none)"),
            Segment("hand", (32,), "my unplayed cards"),
            Segment("trump", (4,), "the trump suit C, D, H, S"),
            Segment("declarer", (4,), "the seat that chose trump (relative)"),
            Segment("multiplier", (5,), "x1, x2, x4, x8, x16 (one-hot)"),
            Segment("proposed", (32,), "random trump: the turned card on offer"),
            Segment("turned", (32,), "random trump: every card turned"),
            Segment("bids", (4, 14), "per relative seat, what it said before play"),
            Segment("played", (4, 32), "per relative seat, the cards it played"),
            Segment("trick_number", (32,), "per card, (trick + 1) / 8 of the trick it fell in"),
            Segment("trick_winners", (8, 4), "per finished trick, its winner (relative)"),
            Segment("trick", (4, 32), "the trick in progress, per relative seat"),
            Segment("trick_leader", (4,), "the leader of the trick in progress (relative)"),
            Segment("card_points", (2,), "card points of my team, theirs (/100)"),
            Segment("roem", (2,), "roem of my team, theirs (/100)"),
            Segment("declared_roem", (4,), "hand roem declared per relative seat (/100)"),
        ]
    )

    def _fill(self, observation: Any, out: npt.NDArray[np.float32]) -> None:
        obs: Observation = observation
        at = self._at
        me = int(obs.seat)
        out[at["seat"] + me] = 1
        rules = obs.rules
        base = at["rules"]
        out[base : base + 14] = _rules_vector(rules)
        out[at["phase"] + _PHASE[obs.phase]] = 1
        out[at["dealer"] + (obs.dealer - me) % 4] = 1
        if obs.to_move is not None:
            out[at["to_move"] + (obs.to_move - me) % 4] = 1
        kraken = _KRAKEN_INDEX
        base = at["hand"]
        for card in obs.hand:
            out[base + kraken[card.index]] = 1
        if obs.trump is not None:
            out[at["trump"] + int(obs.trump)] = 1
        if obs.declarer is not None:
            out[at["declarer"] + (obs.declarer - me) % 4] = 1
        out[at["multiplier"] + obs.multiplier.bit_length() - 1] = 1
        if obs.proposed is not None:
            out[at["proposed"] + kraken[obs.proposed.index]] = 1
        base = at["turned"]
        for card in obs.turned:
            out[base + kraken[card.index]] = 1
        base = at["bids"]
        for seat, column in _bids(obs):
            out[base + 14 * ((seat - me) % 4) + column] = 1
        played, number, winners = at["played"], at["trick_number"], at["trick_winners"]
        for k, trick in enumerate(obs.tricks):
            seat = trick.leader - me
            for card in trick.cards:
                index = kraken[card.index]
                out[played + 32 * (seat % 4) + index] = 1
                out[number + index] = (k + 1) / 8
                seat += 1
            out[winners + 4 * k + (trick.taker - me) % 4] = 1
        current = len(obs.tricks) + 1
        base = at["trick"]
        for seat, card in obs.trick:
            index = kraken[card.index]
            where = 32 * ((seat - me) % 4) + index
            out[played + where] = 1
            out[base + where] = 1
            out[number + index] = current / 8
        if obs.phase == "play":
            leader = obs.trick[0][0] if obs.trick else obs.to_move
            assert leader is not None
            out[at["trick_leader"] + (leader - me) % 4] = 1
        team = me % 2
        base = at["card_points"]
        out[base] = obs.card_points[team] / SCALE
        out[base + 1] = obs.card_points[1 - team] / SCALE
        base = at["roem"]
        out[base] = obs.roem[team] / SCALE
        out[base + 1] = obs.roem[1 - team] / SCALE
        base = at["declared_roem"]
        for seat, points in obs.declared_roem.items():
            out[base + (seat - me) % 4] = points / SCALE

    def decode(self, vector: npt.NDArray[np.float32]) -> dict[str, Any]:
        """The facts of a vector, seats absolute: ``seat``, ``dealer``, ``phase``,
        ``to_move``, ``hand``, ``trump``, ``declarer``, ``multiplier``, ``proposed``,
        ``turned``, ``bids`` (seat to the list of :data:`BID_COLUMNS` it said),
        ``played`` (seat to cards), ``trick`` (``(seat, card)`` in playing order),
        ``trick_winners``, ``card_points`` and ``roem`` (per team N-S, E-W),
        ``declared_roem`` and the ``rules`` fields that matter in a round."""
        view = self.layout.view
        me = one_hot_index(view(vector, "seat"))
        if me is None:
            raise ValueError("not a Kraken observation vector: no seat is set")

        def seat(block: npt.NDArray[np.float32]) -> int | None:
            relative = one_hot_index(block)
            return None if relative is None else (relative + me) % 4

        def cards(block: npt.NDArray[np.float32]) -> list[str]:
            return [CARD_ACTIONS[i] for i in indices(block)]

        def points(name: str) -> tuple[int, int]:
            mine, theirs = (round(float(x) * SCALE) for x in view(vector, name))
            return (mine, theirs) if me % 2 == 0 else (theirs, mine)

        rules = view(vector, "rules")
        trump = one_hot_index(view(vector, "trump"))
        proposed = cards(view(vector, "proposed"))
        numbers = view(vector, "trick_number")
        tricks_done = [seat(row) for row in view(vector, "trick_winners")]
        finished = [winner for winner in tricks_done if winner is not None]
        in_trick = {
            (rel + me) % 4: CARD_ACTIONS[i]
            for rel, row in enumerate(view(vector, "trick"))
            for i in indices(row)
        }
        leader = seat(view(vector, "trick_leader"))
        trick = (
            []
            if leader is None
            else [
                ((leader + k) % 4, in_trick[(leader + k) % 4])
                for k in range(4)
                if (leader + k) % 4 in in_trick
            ]
        )
        played_numbers = {
            CARD_ACTIONS[i]: round(float(numbers[i]) * 8) - 1 for i in np.flatnonzero(numbers)
        }
        return {
            "seat": me,
            "rules": {
                "trump_choice": _TRUMP_CHOICES[one_hot_index(rules[0:4]) or 0],
                "random_fallback": _FALLBACKS[one_hot_index(rules[4:6]) or 0],
                "play": _PLAYS[one_hot_index(rules[6:8]) or 0],
                "roem": _ROEMS[one_hot_index(rules[8:11]) or 0],
                "challenges": bool(rules[11] > 0.5),
                "double_spades": bool(rules[12] > 0.5),
                "multiply_roem": bool(rules[13] > 0.5),
            },
            "phase": _PHASES[one_hot_index(view(vector, "phase")) or 0],
            "dealer": seat(view(vector, "dealer")),
            "to_move": seat(view(vector, "to_move")),
            "hand": cards(view(vector, "hand")),
            "trump": None if trump is None else Suit(trump).letter,
            "declarer": seat(view(vector, "declarer")),
            "multiplier": 1 << (one_hot_index(view(vector, "multiplier")) or 0),
            "proposed": proposed[0] if proposed else None,
            "turned": cards(view(vector, "turned")),
            "bids": {
                (rel + me) % 4: [BID_COLUMNS[c] for c in indices(row)]
                for rel, row in enumerate(view(vector, "bids"))
            },
            "played": {
                (rel + me) % 4: cards(row) for rel, row in enumerate(view(vector, "played"))
            },
            "trick_of_card": played_numbers,
            "trick_winners": finished,
            "trick": trick,
            "card_points": points("card_points"),
            "roem": points("roem"),
            "declared_roem": {
                (rel + me) % 4: round(float(x) * SCALE)
                for rel, x in enumerate(view(vector, "declared_roem"))
                if x > 0
            },
        }


@functools.lru_cache(maxsize=64)
def _rules_vector(rules: Rules) -> npt.NDArray[np.float32]:
    """The 14 numbers of the ``rules`` segment."""
    vector = np.zeros(14, dtype=np.float32)
    vector[_TRUMP_CHOICES.index(rules.trump_choice)] = 1
    vector[4 + _FALLBACKS.index(rules.random_fallback)] = 1
    vector[6 + _PLAYS.index(rules.play)] = 1
    vector[8 + _ROEMS.index(rules.roem)] = 1
    vector[11:14] = (rules.challenges, rules.double_spades, rules.multiply_roem)
    return vector


def _bids(obs: Observation) -> tuple[tuple[int, int], ...]:
    """``(seat, column of BID_COLUMNS)`` for every action before play."""
    spoken: list[tuple[int, str]] = []
    for who, said in obs.actions:
        if said in _CARD:
            break  # every action before the first card is spoken, none after it
        spoken.append((int(who), said))
    second_card = obs.rules.trump_choice == "random" and obs.rules.random_fallback == "second_card"
    return _bid_cells(tuple(spoken), len(obs.roem_asked), second_card)


@functools.lru_cache(maxsize=4096)
def _bid_cells(
    spoken: tuple[tuple[int, str], ...], roem_count: int, second_card: bool
) -> tuple[tuple[int, int], ...]:
    """:func:`_bids` of the actions before play, the seats asked about roem and
    whether four passes turn a second card.

    The actions before play are the trump choice (up to the first ``trump X`` or
    ``take``; or four passes when a second turned card fixes trump), then the
    challenges (each stage asks two seats), then the roem phase (the last
    ``roem_count`` actions)."""
    roem_part = spoken[len(spoken) - roem_count :] if roem_count else ()
    before = spoken[: len(spoken) - roem_count]
    found: list[tuple[int, int]] = []
    stage = -1  # the trump choice
    passes = 0
    for seat, action in before:
        if stage < 0:
            if action == "pass":
                found.append((seat, _BID["pass trump"]))
                passes += 1
                if passes == 4 and second_card:
                    stage, passes = 0, 0
                continue
            found.append((seat, _BID[action]))
            stage, passes = 0, 0
            continue
        if action == "pass":
            found.append((seat, _BID["pass " + _STAGES[stage]]))
            continue
        found.append((seat, _BID[action]))
        stage += 1
    for seat, action in roem_part:
        found.append((seat, _BID["roem" if action == "roem" else "pass roem"]))
    return tuple(found)


KRAKEN: Final[KrakenEncoding] = KrakenEncoding()
"""The Kraken encoding."""
