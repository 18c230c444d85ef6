"""Gurka's encoding: 1153 numbers per observation for any table of 3 to 8, 54 actions.

The actions are the 52 cards (clubs, diamonds, hearts, spades; 2 up to A in each),
then ``buyback`` and ``pass`` (the buy-back decision of a player who is out). Seats
in the vector are relative to the observer (0 me, 1 my left...), in eight slots
whatever the table's size, so one network plays every size.

>>> GURKA.actions[:2], GURKA.actions[52:], GURKA.size
(('2C', '3C'), ('buyback', 'pass'), 1153)
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardtable.cards import CARDS
from cardtable.envs.encoding import Encoding, indices, one_hot_index
from cardtable.envs.layout import Layout, Segment
from cardtable.gurka.observation import Observation

__all__ = ["GURKA", "SLOTS", "GurkaEncoding"]

SLOTS: Final[int] = 8
"""Seat slots in a vector: the largest table."""
_CARD_TEXT: Final[tuple[str, ...]] = tuple(str(card) for card in CARDS)
_PHASES: Final = ("play", "buyback", "over", "done")
_FLAGS: Final = ("match_previous", "must_head", "aces_unbeatable", "lead_lowest", "free_rebuy")
SCALE: Final[float] = 100.0
"""Points and chips are stored divided by this."""


class GurkaEncoding(Encoding):
    """The observation of one Gurka seat as 1153 numbers."""

    game = "gurka"
    version = "gurka-v0"
    actions = (*_CARD_TEXT, "buyback", "pass")
    layout = Layout(
        [
            Segment("seat", (SLOTS,), "my seat (one-hot, absolute)"),
            Segment("players", (6,), "players at the table, 3 to 8 (one-hot)"),
            Segment(
                "rules",
                (8,),
                "eliminate_at /100, stake /100, match_previous, must_head, "
                "aces_unbeatable, lead_lowest, free_rebuy, penalty_tricks every",
            ),
            Segment("phase", (4,), "play, buyback, over (a game); done (a bare round)"),
            Segment("to_move", (SLOTS,), "the seat to move (relative; all 0 when none)"),
            Segment("dealer", (SLOTS,), "the dealer (relative)"),
            Segment("leader", (SLOTS,), "the leader of the trick in progress (relative)"),
            Segment("in_round", (SLOTS,), "the seats dealt into this round"),
            Segment("alive", (SLOTS,), "the seats still in the game"),
            Segment("winners", (SLOTS,), "the seats that won the pot"),
            Segment("hand", (52,), "my unplayed cards"),
            Segment("hand_sizes", (SLOTS,), "unplayed cards per relative seat (/6)"),
            Segment("played", (SLOTS, 52), "per relative seat, the cards it played this round"),
            Segment("trick_number", (52,), "per card played, (trick + 1) / 6"),
            Segment("trick_order", (52,), "per card of the trick in progress, (place + 1) / 8"),
            Segment("trick_takers", (6, SLOTS), "per finished trick, who took it (relative)"),
            Segment("trick", (SLOTS, 52), "the trick in progress, per relative seat"),
            Segment("round_penalties", (SLOTS,), "penalty points this round (/100)"),
            Segment("scores", (SLOTS,), "penalty score in the game (/100)"),
            Segment("chips", (SLOTS,), "net chips (/100)"),
            Segment("buybacks", (SLOTS,), "buy-backs taken (/10)"),
            Segment("pot", (1,), "chips in the pot (/100)"),
            Segment("round_number", (1,), "the round, counting from 1 (/100)"),
            Segment("tricks_total", (1,), "tricks in this round (/6)"),
        ]
    )

    def _fill(self, observation: Any, out: npt.NDArray[np.float32]) -> None:
        obs: Observation = observation
        at = self._at
        me = obs.seat
        n = obs.rules.players
        out[at["seat"] + me] = 1
        out[at["players"] + n - 3] = 1
        rules = obs.rules
        base = at["rules"]
        out[base] = rules.eliminate_at / SCALE
        out[base + 1] = rules.stake / SCALE
        for offset, name in enumerate(_FLAGS, start=2):
            out[base + offset] = getattr(rules, name)
        out[base + 7] = rules.penalty_tricks == "every"
        out[at["phase"] + _PHASES.index(obs.phase)] = 1

        def mark(name: str, seat: int | None) -> None:
            if seat is not None:
                out[at[name] + (seat - me) % n] = 1

        mark("to_move", obs.to_move)
        mark("dealer", obs.dealer)
        mark("leader", obs.leader)
        for name, seats in (
            ("in_round", obs.seats_in_round),
            ("alive", obs.alive),
            ("winners", obs.winners),
        ):
            for seat in seats or ():
                mark(name, seat)
        base = at["hand"]
        for card in obs.hand:
            out[base + card.index] = 1
        base = at["hand_sizes"]
        for seat, count in enumerate(obs.hand_sizes):
            out[base + (seat - me) % n] = count / 6
        played, number, takers = at["played"], at["trick_number"], at["trick_takers"]
        for k, trick in enumerate(obs.tricks):
            for seat, card in trick.plays:
                index = card.index
                out[played + 52 * ((seat - me) % n) + index] = 1
                out[number + index] = (k + 1) / 6
            out[takers + SLOTS * k + (trick.taker - me) % n] = 1
        current = (len(obs.tricks) + 1) / 6
        order, base = at["trick_order"], at["trick"]
        for place, (seat, card) in enumerate(obs.trick):
            index = card.index
            where = 52 * ((seat - me) % n) + index
            out[played + where] = 1
            out[base + where] = 1
            out[number + index] = current
            out[order + index] = (place + 1) / 8
        for name, values, scale in (
            ("round_penalties", obs.round_penalties, SCALE),
            ("scores", obs.scores, SCALE),
            ("chips", obs.chips, SCALE),
            ("buybacks", obs.buybacks, 10.0),
        ):
            base = at[name]
            for seat, value in enumerate(values or ()):
                out[base + (seat - me) % n] = value / scale
        out[at["pot"]] = (obs.pot or 0) / SCALE
        out[at["round_number"]] = (obs.round_number or 0) / SCALE
        out[at["tricks_total"]] = obs.tricks_total / 6

    def decode(self, vector: npt.NDArray[np.float32]) -> dict[str, Any]:
        """The facts of a vector, seats absolute: ``seat``, ``players``, ``rules``,
        ``phase``, ``to_move``, ``dealer``, ``leader``, ``seats_in_round``, ``alive``,
        ``winners``, ``hand``, ``hand_sizes``, ``played`` (seat to cards),
        ``trick_of_card``, ``trick_takers``, ``trick`` (``(seat, card)`` in order),
        ``round_penalties``, ``scores``, ``chips``, ``buybacks``, ``pot``,
        ``round_number`` and ``tricks_total``."""
        view = self.layout.view
        me = one_hot_index(view(vector, "seat"))
        size = one_hot_index(view(vector, "players"))
        if me is None or size is None:
            raise ValueError("not a Gurka observation vector: no seat or table size is set")
        n = size + 3

        def absolute(relative: int) -> int:
            return (relative + me) % n

        def seat(name: str) -> int | None:
            relative = one_hot_index(view(vector, name))
            return None if relative is None else absolute(relative)

        def seats(name: str) -> tuple[int, ...]:
            return tuple(sorted(absolute(r) for r in indices(view(vector, name))))

        def per_seat(name: str, scale: float) -> tuple[int, ...]:
            values = view(vector, name)
            return tuple(round(float(values[(s - me) % n]) * scale) for s in range(n))

        rules = view(vector, "rules")
        order = view(vector, "trick_order")
        trick_cards = sorted(np.flatnonzero(order).tolist(), key=lambda i: order[i])
        owner = {
            i: absolute(rel) for rel, row in enumerate(view(vector, "trick")) for i in indices(row)
        }
        numbers = view(vector, "trick_number")
        return {
            "seat": me,
            "players": n,
            "rules": {
                "players": n,
                "eliminate_at": round(float(rules[0]) * SCALE),
                "stake": round(float(rules[1]) * SCALE),
                **{name: bool(rules[k] > 0.5) for k, name in enumerate(_FLAGS, start=2)},
                "penalty_tricks": "every" if rules[7] > 0.5 else "last",
            },
            "phase": _PHASES[one_hot_index(view(vector, "phase")) or 0],
            "to_move": seat("to_move"),
            "dealer": seat("dealer"),
            "leader": seat("leader"),
            "seats_in_round": seats("in_round"),
            "alive": seats("alive"),
            "winners": seats("winners"),
            "hand": [_CARD_TEXT[i] for i in indices(view(vector, "hand"))],
            "hand_sizes": per_seat("hand_sizes", 6),
            "played": {
                absolute(rel): [_CARD_TEXT[i] for i in indices(row)]
                for rel, row in enumerate(view(vector, "played"))
                if rel < n
            },
            "trick_of_card": {
                _CARD_TEXT[i]: round(float(numbers[i]) * 6) - 1 for i in np.flatnonzero(numbers)
            },
            "trick_takers": [
                absolute(taker)
                for row in view(vector, "trick_takers")
                if (taker := one_hot_index(row)) is not None
            ],
            "trick": [(owner[i], _CARD_TEXT[i]) for i in trick_cards],
            "round_penalties": per_seat("round_penalties", SCALE),
            "scores": per_seat("scores", SCALE),
            "chips": per_seat("chips", SCALE),
            "buybacks": per_seat("buybacks", 10),
            "pot": round(float(view(vector, "pot")[0]) * SCALE),
            "round_number": round(float(view(vector, "round_number")[0]) * SCALE),
            "tricks_total": round(float(view(vector, "tricks_total")[0]) * 6),
        }


GURKA: Final[GurkaEncoding] = GurkaEncoding()
"""The Gurka encoding."""
