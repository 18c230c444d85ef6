"""Deals in text for ``cardtable kraken solve``: four hands, trump, leader, declarer.

>>> hands = parse_deal("N: 8H QH AH 7D 9D TD AD 8S | E: TH JH 8D 7C 9C QC 9S TS | "
...                    "S: 9H JD QD 8C KC AC JS AS | W: 7H KH KD TC JC 7S QS KS")
>>> r = deal_round(hands, trump="H", leader="N", declarer="N", rules="rotterdam")
>>> r.phase, r.to_move.name, r.declarer.name, r.trump.letter
('play', 'N', 'N', 'H')
"""

from __future__ import annotations

import re

from cardtable.cards import Suit
from cardtable.kraken.round import Round
from cardtable.kraken.rules import Rules
from cardtable.kraken.seat import Seat

__all__ = ["deal_round", "parse_deal"]

_SEAT_LABEL = re.compile(r"^\s*([NESW])\s*:\s*(.*)$", re.IGNORECASE)


def parse_deal(text: str) -> list[str]:
    """Four hands (N, E, S, W) from ``"N: ... | E: ... | S: ... | W: ..."``.

    Hands are separated by ``|``, ``;`` or new lines; the ``N:`` labels may be left out
    (then the order is N, E, S, W) or given in any order.
    """
    parts = [p for p in re.split(r"[|;\n]", text) if p.strip()]
    if len(parts) != 4:
        raise ValueError(
            f"expected four hands separated by '|' (N: ... | E: ... | S: ... | W: ...), "
            f"got {len(parts)}"
        )
    hands: dict[Seat, str] = {}
    for index, part in enumerate(parts):
        match = _SEAT_LABEL.match(part)
        seat, cards = (Seat.parse(match[1]), match[2]) if match else (Seat(index), part)
        if seat in hands:
            raise ValueError(f"the hand of {seat.name} is given twice")
        hands[seat] = cards.strip()
    return [hands[seat] for seat in Seat]


def deal_round(
    hands: list[str], trump: str, leader: str, declarer: str, rules: str | Rules = "amsterdam"
) -> Round:
    """A round at its first card: ``leader`` to lead, ``declarer`` having named ``trump``
    (no challenges, no hand roem declared), under a rules preset or :class:`Rules`."""
    base = Rules.preset(rules) if isinstance(rules, str) else rules
    base = base.replace(trump_choice="free", challenges=False)
    lead, chooser, suit = Seat.parse(leader), Seat.parse(declarer), Suit.parse(trump)
    round_ = Round.from_hands(base, hands, dealer=lead.right)
    seat = lead
    while seat != chooser:
        round_.apply("pass")
        seat = seat.left
    round_.apply(f"trump {suit.letter}")
    while round_.phase == "roem":
        round_.apply("pass")
    return round_
