"""The Gurka score sheet: penalties, eliminations, buy-backs and the pot, by the engine.

Each round is entered as each player's penalty, or as the cards of the scoring
trick(s) and who played them (scored by :func:`cardtable.gurka.trick.trick_penalties`),
with the buy-backs taken after it. The engine's :class:`~cardtable.gurka.ledger.Ledger`
applies eliminations, buy-back offers and level, the pot and the payout.

>>> sheet = GurkaSheet(Rules(players=3, eliminate_at=20), ("Ann", "Bo", "Cy"), first_dealer=0)
>>> sheet.add(GurkaEntry(tricks=(((1, "KS"), (2, "KD"), (0, "4C")),))).penalties
(0, 13, 13)
>>> scored = sheet.add(GurkaEntry(penalties=(0, 14, 0)))
>>> scored.eliminated, scored.offered, sheet.alive, sheet.next_dealer
((1,), (), (0, 2), 2)
>>> sheet.add(GurkaEntry(penalties=(0, 0, 8))).winners, sheet.is_over
((0,), True)
>>> sheet.chips
(2, -1, -1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from cardtable.cards import Card
from cardtable.gurka.ledger import Ledger
from cardtable.gurka.round import HAND_SIZE
from cardtable.gurka.rules import Rules
from cardtable.gurka.trick import penalty, trick_penalties
from cardtable.sheet.model import (
    SheetError,
    SheetRounds,
    check_int,
    check_keys,
    check_names,
    check_title,
    entries_of,
    envelope,
    in_round,
    sheet_header,
)

__all__ = ["ENTRY_FIELDS", "GurkaEntry", "GurkaSheet", "ScoredRound"]

ENTRY_FIELDS: Final[tuple[str, ...]] = ("penalties", "tricks", "buybacks")
"""The fields of one round in the sheet's JSON."""
_SHEET_FIELDS: Final[tuple[str, ...]] = (
    "format",
    "version",
    "game",
    "title",
    "rules",
    "players",
    "first_dealer",
    "rounds",
)
_ACE: Final[int] = 14
_SUITS: Final[int] = 4
"""Cards of one rank in the deck: at most this many players tie on the last trick."""

Trick = tuple[tuple[int, str], ...]
"""One trick as entered: (seat, card) in the order played."""


@dataclass(frozen=True, slots=True)
class GurkaEntry:
    """One round as entered: the penalties, or the scoring tricks; and the buy-backs."""

    penalties: tuple[int, ...] | None = None
    """Each seat's penalty this round (0 for seats that are out)."""
    tricks: tuple[Trick, ...] | None = None
    """The tricks that score, as played: the last (``penalty_tricks`` ``last``) or all six."""
    buybacks: tuple[int, ...] = ()
    """The seats that bought back in after this round (each was offered)."""

    @classmethod
    def from_dict(cls, data: object, where: str = "round") -> GurkaEntry:
        """An entry from its JSON; a malformed one raises :class:`SheetError` (``format``)."""
        data = check_keys(data, where, ENTRY_FIELDS)
        penalties = data.get("penalties")
        tricks = data.get("tricks")
        if (penalties is None) == (tricks is None):
            raise SheetError(
                "entry",
                f"{where}: enter either the penalties or the cards of the trick, one of them",
            )
        buybacks = data.get("buybacks", [])
        if not isinstance(buybacks, list) or len(buybacks) > 8:
            raise SheetError("format", f"{where}: 'buybacks' must be a list of seats")
        parsed_tricks: tuple[Trick, ...] | None = None
        if tricks is not None:
            if not isinstance(tricks, list) or len(tricks) > HAND_SIZE:
                raise SheetError("format", f"{where}: 'tricks' must be a list of tricks")
            parsed_tricks = tuple(_trick_from(trick, where) for trick in tricks)
        if penalties is not None and (not isinstance(penalties, list) or len(penalties) > 8):
            raise SheetError("format", f"{where}: 'penalties' must be a list, one per seat")
        return cls(
            penalties=None
            if penalties is None
            else tuple(check_int(p, f"{where}: penalty", -1000, 1000) for p in penalties),
            tricks=parsed_tricks,
            buybacks=tuple(check_int(s, f"{where}: buy-back seat", 0, 7) for s in buybacks),
        )

    def to_dict(self) -> dict[str, Any]:
        """The entry as the sheet's JSON round."""
        return {
            "penalties": None if self.penalties is None else list(self.penalties),
            "tricks": None
            if self.tricks is None
            else [[[seat, card] for seat, card in trick] for trick in self.tricks],
            "buybacks": list(self.buybacks),
        }


def _trick_from(trick: object, where: str) -> Trick:
    if not isinstance(trick, list) or len(trick) > 8:
        raise SheetError("format", f"{where}: a trick is a list of [seat, card] pairs")
    plays = []
    for play in trick:
        if not (isinstance(play, list) and len(play) == 2 and isinstance(play[1], str)):
            raise SheetError("format", f"{where}: a trick is a list of [seat, card] pairs")
        plays.append((check_int(play[0], f"{where}: seat", 0, 7), play[1]))
    return tuple(plays)


@dataclass(frozen=True, slots=True)
class ScoredRound:
    """A round of the sheet with what the rules make of it."""

    number: int
    """The round's number, from 1."""
    dealer: int
    seats: tuple[int, ...]
    """The seats that played it."""
    entry: GurkaEntry
    penalties: tuple[int, ...]
    """Each seat's penalty this round (entered or computed from the cards)."""
    scores: tuple[int, ...]
    """Penalty scores after the round and its buy-backs."""
    eliminated: tuple[int, ...]
    """Seats put out by this round."""
    offered: tuple[int, ...]
    """Out seats offered a buy-back, in the order they decide."""
    level: int | None
    """The score a player who buys back comes back at (None without offers)."""
    alive: tuple[int, ...]
    """Seats in after the buy-backs."""
    paid: tuple[int, ...]
    """Chips each seat has paid into the pot so far."""
    pot: int
    chips: tuple[int, ...]
    """Net chips per seat (pot won minus paid)."""
    winners: tuple[int, ...]
    """The seats that won the pot, if this round ended the game."""

    def to_dict(self) -> dict[str, Any]:
        """The computed round as JSON (for vectors, the server and exports)."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "seats": list(self.seats),
            "penalties": list(self.penalties),
            "eliminated": list(self.eliminated),
            "offered": list(self.offered),
            "level": self.level,
            "bought_back": list(self.entry.buybacks),
            "scores": list(self.scores),
            "alive": list(self.alive),
            "paid": list(self.paid),
            "pot": self.pot,
            "chips": list(self.chips),
            "winners": list(self.winners),
        }


def round_penalties(
    entry: GurkaEntry, rules: Rules, seats: Sequence[int], names: Sequence[str]
) -> tuple[int, ...]:
    """Each seat's penalty for ``entry`` when ``seats`` play the round; checked.

    Raises :class:`SheetError` naming the refusal.
    """
    if entry.tricks is not None:
        return _trick_penalties(entry.tricks, rules, seats, names)
    assert entry.penalties is not None
    penalties = entry.penalties
    if len(penalties) != rules.players:
        raise SheetError(
            "format", f"enter one penalty per player: {rules.players}, not {len(penalties)}"
        )
    for seat, points in enumerate(penalties):
        if seat not in seats and points:
            raise SheetError(
                "penalty_out", f"{names[seat]} is out this round: a penalty of 0, not {points}"
            )
    scored = [penalties[s] for s in seats if penalties[s]]
    if rules.penalty_tricks == "every":
        high = HAND_SIZE * _ACE
        for points in penalties:
            if not 0 <= points <= high:
                raise SheetError(
                    "penalty_value",
                    f"a penalty is the ranks of the highest cards of the six tricks, 0 to "
                    f"{high}: not {points}",
                )
    else:
        for points in penalties:
            if points and not 2 <= points <= _ACE:
                raise SheetError(
                    "penalty_value",
                    f"a penalty is the rank of the highest card of the last trick, 2 to "
                    f"{_ACE} (ace), or 0: not {points}",
                )
        if len(set(scored)) > 1:
            raise SheetError(
                "penalty_ties",
                "only the highest card of the last trick scores (every player who played "
                f"that rank scores it): {scored[0]} and {max(set(scored) - {scored[0]})} "
                "cannot both score",
            )
        if len(scored) > _SUITS:
            raise SheetError(
                "penalty_ties", f"only {_SUITS} cards share a rank: at most {_SUITS} players score"
            )
    if not scored:
        raise SheetError(
            "penalty_none",
            "someone played the highest card of the trick: at least one penalty is above 0",
        )
    return penalties


def _trick_penalties(
    tricks: Sequence[Trick], rules: Rules, seats: Sequence[int], names: Sequence[str]
) -> tuple[int, ...]:
    expected = HAND_SIZE if rules.penalty_tricks == "every" else 1
    if len(tricks) != expected:
        what = "all six tricks" if expected == HAND_SIZE else "the last trick"
        raise SheetError(
            "trick_count",
            f"with these rules {what} scores: enter {expected} trick(s), not {len(tricks)}",
        )
    penalties = [0] * rules.players
    seen: set[Card] = set()
    for trick in tricks:
        played = [seat for seat, _ in trick]
        if sorted(played) != sorted(seats) or len(set(played)) != len(played):
            listed = ", ".join(names[s] for s in seats)
            raise SheetError("trick_seats", f"a trick has one card from each player in: {listed}")
        cards = []
        for _, text in trick:
            try:
                card = Card.parse(text)
            except ValueError as error:
                raise SheetError("trick_card", str(error)) from None
            if card in seen:
                raise SheetError("trick_card", f"{card} is played twice: a deck has one")
            seen.add(card)
            cards.append(card)
        for seat, points in zip(played, trick_penalties([penalty(c) for c in cards]), strict=True):
            penalties[seat] += points
    return tuple(penalties)


@dataclass(slots=True)
class GurkaSheet(SheetRounds[GurkaEntry, ScoredRound]):
    """A Gurka score sheet: rules, players' names, first dealer and the rounds entered.

    Every change is checked first and refused with :class:`SheetError`, changing
    nothing; :meth:`undo` takes back the last change.
    """

    rules: Rules
    players: tuple[str, ...]
    """The players' names by seat (clockwise); as many as ``rules.players``."""
    first_dealer: int = 0
    title: str = ""
    _scored: list[ScoredRound] = field(default_factory=list)
    _ledger: Ledger | None = None
    _undo: list[list[GurkaEntry]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.players = check_names(list(self.players), "'players'", 3, 8)
        if len(self.players) != self.rules.players:
            raise SheetError(
                "format",
                f"{len(self.players)} names, but the rules are for {self.rules.players} players",
            )
        check_int(self.first_dealer, "'first_dealer'", 0, self.rules.players - 1)
        self.title = check_title(self.title)
        self._keep(self._rescored([]))

    @property
    def ledger(self) -> Ledger:
        """The engine's ledger after the last round (a copy)."""
        assert self._ledger is not None
        return self._ledger.copy()

    @property
    def scores(self) -> tuple[int, ...]:
        """Penalty scores now."""
        return tuple(self.ledger.scores)

    @property
    def alive(self) -> tuple[int, ...]:
        """The seats in now."""
        return tuple(self.ledger.seats_in())

    @property
    def pot(self) -> int:
        """Chips in the pot (stakes and paid buy-backs)."""
        return self.ledger.pot

    @property
    def chips(self) -> tuple[int, ...]:
        """Net chips per seat: pot won minus paid."""
        return self.ledger.chips()

    @property
    def is_over(self) -> bool:
        """Whether the pot has been paid out."""
        return self.ledger.is_over

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the pot (several when split); empty before the end."""
        return self.ledger.winners

    @property
    def next_dealer(self) -> int | None:
        """The seat to deal the next round; None once over."""
        if self.is_over:
            return None
        ledger = self.ledger
        if self._scored:
            ledger.next_dealer()
        return ledger.dealer

    def _rescored(
        self, entries: Sequence[GurkaEntry], fresh: int | None = None
    ) -> tuple[list[ScoredRound], Ledger]:
        ledger = Ledger.new(self.rules, self.first_dealer)
        scored: list[ScoredRound] = []
        for number, entry in enumerate(entries, 1):
            try:
                scored.append(self._score(ledger, number, entry))
            except SheetError as error:
                raise in_round(error, number, fresh) from None
        return scored, ledger

    def _score(self, ledger: Ledger, number: int, entry: GurkaEntry) -> ScoredRound:
        if ledger.is_over:
            raise SheetError("game_over", "the game is over: no more rounds can be entered")
        if number > 1:
            ledger.next_dealer()
        seats = tuple(ledger.seats_in())
        penalties = round_penalties(entry, self.rules, seats, self.players)
        offered = tuple(ledger.end_round(seats, penalties))
        eliminated = tuple(s for s in seats if not ledger.alive[s])
        if len(set(entry.buybacks)) != len(entry.buybacks):
            raise SheetError("buyback", "a player buys back at most once after a round")
        for seat in entry.buybacks:
            if seat not in offered:
                raise SheetError(
                    "buyback",
                    f"{self.players[seat] if seat < len(self.players) else seat} was not "
                    "offered a buy-back after this round",
                )
        for seat in offered:
            if seat in entry.buybacks:
                ledger.buy_back(seat)
        return ScoredRound(
            number=number,
            dealer=ledger.dealer,
            seats=seats,
            entry=entry,
            penalties=tuple(penalties),
            scores=tuple(ledger.scores),
            eliminated=eliminated,
            offered=offered,
            level=ledger.level if offered else None,
            alive=tuple(ledger.seats_in()),
            paid=tuple(ledger.paid),
            pot=ledger.pot,
            chips=ledger.chips(),
            winners=ledger.winners,
        )

    def preview(self, entry: GurkaEntry) -> ScoredRound:
        """What the rules make of ``entry`` as a new round (eliminations, buy-back
        offers), changing nothing."""
        return self._score(self.ledger, len(self._scored) + 1, entry)

    def _keep(self, rescored: tuple[list[ScoredRound], Ledger]) -> None:
        self._scored, self._ledger = rescored

    def to_dict(self) -> dict[str, Any]:
        """The sheet as its JSON (``docs/sheet.md``): the entries, not the results."""
        return {
            **envelope("gurka", self.title),
            "rules": self.rules.to_dict(),
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "rounds": [entry.to_dict() for entry in self.entries],
        }

    @classmethod
    def from_dict(cls, data: object) -> GurkaSheet:
        """A sheet from its JSON, every round checked and scored again."""
        data, rules = sheet_header(data, "gurka", _SHEET_FIELDS, Rules.from_dict)
        first_dealer = check_int(data.get("first_dealer"), "'first_dealer'", 0, rules.players - 1)
        sheet = cls(
            rules,
            players=check_names(data.get("players"), "'players'", 3, 8),
            first_dealer=first_dealer,
            title=check_title(data.get("title", "")),
        )
        entries = entries_of(data, GurkaEntry.from_dict)
        sheet._keep(sheet._rescored(entries))
        return sheet

    def summary(self) -> dict[str, Any]:
        """Everything the sheet computes, as JSON: each round, the scores, who is in,
        the pot and chips, the next dealer and the end (winners; several share a
        split pot)."""
        return {
            "rounds": [scored.to_dict() for scored in self._scored],
            "scores": list(self.scores),
            "alive": list(self.alive),
            "pot": self.pot,
            "paid": list(self.ledger.paid),
            "chips": list(self.chips),
            "next_dealer": self.next_dealer,
            "over": self.is_over,
            "winners": list(self.winners),
        }
