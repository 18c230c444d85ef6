"""The Kraken score sheet: rounds played with real cards, scored by the engine.

Each round is entered as the table saw it (declarers, one team's card points, roem,
challenge, mars) and scored by :func:`cardtable.kraken.scoring.score_round`; the game
ends as :func:`cardtable.kraken.scoring.game_over` says.

>>> sheet = KrakenSheet(Rules(rounds=2), teams=("Us", "Them"), first_dealer=3)
>>> entry = KrakenEntry(declarers=0, points_of=0, card_points=81, roem=((20,), (20,)))
>>> scored = sheet.add(entry)
>>> scored.result.points, scored.reason_text()
((0, 202), 'nat: 81 + 20 is not more than 81 + 20')
>>> _ = sheet.add(KrakenEntry(declarers=1, points_of=1, card_points=162, mars=1))
>>> sheet.totals, sheet.is_over, sheet.winner
((0, 464), True, 1)
>>> sheet.add(KrakenEntry(declarers=0, points_of=0, card_points=100))
Traceback (most recent call last):
...
cardtable.sheet.model.SheetError: game_over: the game is over: no more rounds can be entered
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from cardtable.kraken.roem import declared_roem, hand_roem_values, trick_roem_values
from cardtable.kraken.rules import Rules
from cardtable.kraken.scoring import (
    CHALLENGE_LEVELS,
    TOTAL_CARD_POINTS,
    RoundResult,
    game_over,
    game_winner,
    round_multiplier,
    score_round,
)
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

__all__ = ["ENTRY_FIELDS", "KrakenEntry", "KrakenSheet", "ScoredRound", "score_entry"]

ENTRY_FIELDS: Final[tuple[str, ...]] = (
    "declarers",
    "declarer",
    "points_of",
    "card_points",
    "spades",
    "challenge",
    "mars",
    "roem",
    "declared",
    "stuk",
)
"""The fields of one round in the sheet's JSON."""
_SHEET_FIELDS: Final[tuple[str, ...]] = (
    "format",
    "version",
    "game",
    "title",
    "rules",
    "teams",
    "players",
    "first_dealer",
    "rounds",
)
_FOURS_OF_A_KIND: Final[int] = 4
"""Fours of a kind worth 100 in a deck: tens, queens, kings and aces."""
_WITH_STUK: Final[tuple[int, ...]] = (40, 70)
"""One trick's roem that can only be a run with stuk in it."""


@dataclass(frozen=True, slots=True)
class KrakenEntry:
    """One round as entered: every field of the sheet's JSON round (``docs/sheet.md``)."""

    declarers: int
    """The declaring team: 0 (seats 0 and 2) or 1 (seats 1 and 3)."""
    points_of: int
    """The team whose card points were counted."""
    card_points: int
    """That team's card points, 0 to 162 (the other team has the rest)."""
    declarer: int | None = None
    """The declaring seat (0 to 3, in team ``declarers``), when known."""
    spades: bool = False
    """Spades were trump (doubles the round under ``double_spades``)."""
    challenge: str = "none"
    """``none``, ``contra``, ``re`` or ``superkraken``."""
    mars: int | None = None
    """The team that took all eight tricks, or None."""
    roem: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """Roem mode ``tricks``: each team's roem, one value per trick that held some."""
    declared: tuple[int, ...] = (0, 0, 0, 0)
    """Roem mode ``hand``: each seat's declaration (0 for none)."""
    stuk: tuple[bool, ...] = (False, False, False, False)
    """Roem mode ``hand``: whether each seat's declaration includes stuk."""

    @classmethod
    def from_dict(cls, data: object, where: str = "round") -> KrakenEntry:
        """An entry from its JSON; a malformed one raises :class:`SheetError` (``format``)."""
        data = check_keys(data, where, ENTRY_FIELDS)
        for name in ("declarers", "points_of", "card_points"):
            if name not in data:
                raise SheetError("format", f"{where}: {name!r} is required")
        mars = data.get("mars")
        declarer = data.get("declarer")
        challenge = data.get("challenge", "none")
        if challenge not in CHALLENGE_LEVELS:
            raise SheetError(
                "format",
                f"{where}: 'challenge' must be one of {', '.join(CHALLENGE_LEVELS)}, "
                f"not {challenge!r}",
            )
        spades = data.get("spades", False)
        if not isinstance(spades, bool):
            raise SheetError("format", f"{where}: 'spades' must be true or false, not {spades!r}")
        roem = data.get("roem", [[], []])
        if not (
            isinstance(roem, list)
            and len(roem) == 2
            and all(isinstance(team, list) and len(team) <= 8 for team in roem)
        ):
            raise SheetError(
                "format", f"{where}: 'roem' must be two lists (one per team) of roem values"
            )
        declared = data.get("declared", [0, 0, 0, 0])
        stuk = data.get("stuk", [False] * 4)
        if not isinstance(declared, list) or len(declared) != 4:
            raise SheetError("format", f"{where}: 'declared' must be a list of 4 numbers")
        if (
            not isinstance(stuk, list)
            or len(stuk) != 4
            or not all(isinstance(s, bool) for s in stuk)
        ):
            raise SheetError("format", f"{where}: 'stuk' must be a list of 4 true or false")
        return cls(
            declarers=check_int(data["declarers"], f"{where}: 'declarers'", 0, 1),
            points_of=check_int(data["points_of"], f"{where}: 'points_of'", 0, 1),
            card_points=check_int(data["card_points"], f"{where}: 'card_points'", -(10**6), 10**6),
            declarer=None
            if declarer is None
            else check_int(declarer, f"{where}: 'declarer'", 0, 3),
            spades=spades,
            challenge=challenge,
            mars=None if mars is None else check_int(mars, f"{where}: 'mars'", 0, 1),
            roem=(
                tuple(check_int(v, f"{where}: roem", 0, 10**6) for v in roem[0]),
                tuple(check_int(v, f"{where}: roem", 0, 10**6) for v in roem[1]),
            ),
            declared=tuple(check_int(v, f"{where}: 'declared'", 0, 10**6) for v in declared),
            stuk=tuple(stuk),
        )

    def to_dict(self) -> dict[str, Any]:
        """The entry as the sheet's JSON round."""
        return {
            "declarers": self.declarers,
            "declarer": self.declarer,
            "points_of": self.points_of,
            "card_points": self.card_points,
            "spades": self.spades,
            "challenge": self.challenge,
            "mars": self.mars,
            "roem": [list(self.roem[0]), list(self.roem[1])],
            "declared": list(self.declared),
            "stuk": list(self.stuk),
        }


def _check_roem(entry: KrakenEntry, rules: Rules, teams: Sequence[str]) -> None:
    hand_entries = any(entry.declared) or any(entry.stuk)
    trick_entries = any(entry.roem[0]) or any(entry.roem[1]) or entry.roem != ((), ())
    if rules.roem == "none" and (hand_entries or trick_entries):
        raise SheetError("roem_mode", "these rules have no roem: enter none")
    if rules.roem == "tricks":
        if hand_entries:
            raise SheetError(
                "roem_mode",
                "declarations from hand are entered only in hand-roem mode: "
                "these rules count roem in the tricks",
            )
        values = trick_roem_values()
        items = [*entry.roem[0], *entry.roem[1]]
        for value in items:
            if value not in values:
                listed = ", ".join(str(v) for v in values)
                raise SheetError(
                    "roem_value",
                    f"no four cards make {value} roem: one trick's roem is {listed}",
                )
        if len(items) > 8:
            raise SheetError(
                "roem_tricks", f"{len(items)} tricks with roem, but a round has only 8 tricks"
            )
        counts = Counter(items)
        if sum(counts[v] for v in _WITH_STUK) > 1:
            raise SheetError(
                "roem_stuk",
                "only one trick can hold stuk (the king and queen of trump): "
                "roem of 40 or 70 includes it, so at most one of them",
            )
        if counts[200] > 1:
            raise SheetError("roem_fours", "four jacks (200) can be in only one trick")
        if counts[100] > _FOURS_OF_A_KIND:
            raise SheetError(
                "roem_fours",
                "only four fours of a kind are worth 100 (tens, queens, kings, aces)",
            )
        if entry.mars is not None and entry.roem[1 - entry.mars]:
            raise SheetError(
                "mars_roem",
                f"with mars {teams[entry.mars]} took every trick, "
                f"so {teams[1 - entry.mars]} have no roem",
            )
    if rules.roem == "hand":
        if trick_entries:
            raise SheetError(
                "roem_mode",
                "in hand-roem mode roem is declared from hand: enter each player's declaration",
            )
        for seat, (value, stuk) in enumerate(zip(entry.declared, entry.stuk, strict=True)):
            if value and value not in hand_roem_values(stuk):
                listed = ", ".join(str(v) for v in sorted(hand_roem_values(stuk)))
                with_stuk = " with stuk" if stuk else " without stuk"
                raise SheetError(
                    "declaration",
                    f"seat {seat}: no hand of eight cards declares {value}{with_stuk}: "
                    f"allowed {listed}",
                )
            if stuk and not value:
                raise SheetError(
                    "declaration",
                    f"seat {seat}: stuk is part of a declaration, but the declaration is 0",
                )
        if sum(entry.stuk) > 1:
            raise SheetError(
                "declaration", "only one player can hold stuk (the king and queen of trump)"
            )


def score_entry(entry: KrakenEntry, rules: Rules, teams: Sequence[str]) -> RoundResult:
    """Check ``entry`` against ``rules`` and score it with the engine.

    Raises :class:`SheetError` naming the refusal (``teams`` name the teams in it).
    """
    if not 0 <= entry.card_points <= TOTAL_CARD_POINTS:
        raise SheetError(
            "card_points",
            f"card points are 0 to {TOTAL_CARD_POINTS} (all eight tricks with the last "
            f"trick's 10), not {entry.card_points}",
        )
    if entry.declarer is not None and entry.declarer % 2 != entry.declarers:
        raise SheetError("declarer", f"seat {entry.declarer} is not in {teams[entry.declarers]}")
    if entry.challenge != "none" and not rules.challenges:
        raise SheetError(
            "challenge",
            f"these rules allow no challenges (contra, re, superkraken): {entry.challenge!r} "
            "is not allowed",
        )
    card_points = [TOTAL_CARD_POINTS - entry.card_points] * 2
    card_points[entry.points_of] = entry.card_points
    if entry.mars is not None and card_points[entry.mars] != TOTAL_CARD_POINTS:
        raise SheetError(
            "mars_points",
            f"mars means all {TOTAL_CARD_POINTS} card points: {teams[entry.mars]} have "
            f"{card_points[entry.mars]}",
        )
    _check_roem(entry, rules, teams)
    if rules.roem == "hand":
        roem = declared_roem(
            {seat: value for seat, value in enumerate(entry.declared) if value},
            {seat: 20 for seat, stuk in enumerate(entry.stuk) if stuk},
        )
    else:
        roem = (sum(entry.roem[0]), sum(entry.roem[1]))
    tricks = (4, 4) if entry.mars is None else (8, 0) if entry.mars == 0 else (0, 8)
    return score_round(
        (card_points[0], card_points[1]),
        roem,
        tricks,
        entry.declarers,
        round_multiplier(CHALLENGE_LEVELS[entry.challenge], rules, entry.spades),
        rules.multiply_roem,
    )


def _sum_text(cards: int, roem: int) -> str:
    return f"{cards} + {roem}" if roem else f"{cards}"


@dataclass(frozen=True, slots=True)
class ScoredRound:
    """A round of the sheet with what the rules make of it."""

    number: int
    """The round's number, from 1."""
    dealer: int
    """The seat that dealt it."""
    entry: KrakenEntry
    result: RoundResult
    totals: tuple[int, int]
    """The team totals after this round."""

    def reason(self) -> dict[str, Any]:
        """Why the declarers made it or went nat: each side's card points and roem."""
        result = self.result
        declarers, defenders = result.declarers, 1 - result.declarers
        return {
            "nat": result.nat,
            "declarers": [result.card_points[declarers], result.roem[declarers]],
            "defenders": [result.card_points[defenders], result.roem[defenders]],
        }

    def reason_text(self) -> str:
        """The reason in words: ``made: 90 + 20 is more than 72`` or ``nat: 81 + 20 is
        not more than 81``."""
        reason = self.reason()
        ours, theirs = _sum_text(*reason["declarers"]), _sum_text(*reason["defenders"])
        if reason["nat"]:
            return f"nat: {ours} is not more than {theirs}"
        return f"made: {ours} is more than {theirs}"

    def to_dict(self) -> dict[str, Any]:
        """The computed round as JSON (for vectors, the server and exports)."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            **self.result.to_dict(),
            "reason": self.reason(),
            "reason_text": self.reason_text(),
            "totals": list(self.totals),
        }


@dataclass(slots=True)
class KrakenSheet(SheetRounds[KrakenEntry, ScoredRound]):
    """A Kraken score sheet: rules, names, first dealer and the rounds entered.

    Every change is checked first and refused with :class:`SheetError`, changing
    nothing; :meth:`undo` takes back the last change.
    """

    rules: Rules
    teams: tuple[str, str] = ("Us", "Them")
    players: tuple[str, ...] | None = None
    """The four players' names by seat (seats 0 and 2 are the first team), or None."""
    first_dealer: int = 0
    title: str = ""
    _scored: list[ScoredRound] = field(default_factory=list)
    _undo: list[list[KrakenEntry]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.teams = (*check_names(list(self.teams), "'teams'", 2, 2),)  # type: ignore[assignment]
        if self.players is not None:
            self.players = check_names(list(self.players), "'players'", 4, 4)
        check_int(self.first_dealer, "'first_dealer'", 0, 3)
        self.title = check_title(self.title)

    @property
    def totals(self) -> tuple[int, int]:
        """The team totals so far."""
        return self._scored[-1].totals if self._scored else (0, 0)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (its length played, or a target score reached)."""
        return game_over(self.rules, len(self._scored), self.totals)

    @property
    def winner(self) -> int | None:
        """The winning team once over; None before and for a draw."""
        return game_winner(self.totals) if self.is_over else None

    @property
    def is_draw(self) -> bool:
        """Over with equal totals."""
        return self.is_over and self.winner is None

    @property
    def next_dealer(self) -> int | None:
        """The seat to deal the next round (the deal passes left); None once over."""
        return None if self.is_over else (self.first_dealer + len(self._scored)) % 4

    def preview(self, entry: KrakenEntry) -> RoundResult:
        """What the rules make of ``entry`` as a new round, changing nothing."""
        if self.is_over:
            raise SheetError("game_over", "the game is over: no more rounds can be entered")
        return score_entry(entry, self.rules, self.teams)

    def _rescored(
        self, entries: Sequence[KrakenEntry], fresh: int | None = None
    ) -> list[ScoredRound]:
        scored: list[ScoredRound] = []
        totals = (0, 0)
        for number, entry in enumerate(entries, 1):
            try:
                if game_over(self.rules, number - 1, totals):
                    raise SheetError("game_over", "the game is over: no more rounds can be entered")
                result = score_entry(entry, self.rules, self.teams)
            except SheetError as error:
                raise in_round(error, number, fresh) from None
            totals = (totals[0] + result.points[0], totals[1] + result.points[1])
            dealer = (self.first_dealer + number - 1) % 4
            scored.append(ScoredRound(number, dealer, entry, result, totals))
        return scored

    def _keep(self, rescored: list[ScoredRound]) -> None:
        self._scored = rescored

    def to_dict(self) -> dict[str, Any]:
        """The sheet as its JSON (``docs/sheet.md``): the entries, not the results."""
        return {
            **envelope("kraken", self.title),
            "rules": self.rules.to_dict(),
            "teams": list(self.teams),
            "players": None if self.players is None else list(self.players),
            "first_dealer": self.first_dealer,
            "rounds": [entry.to_dict() for entry in self.entries],
        }

    @classmethod
    def from_dict(cls, data: object) -> KrakenSheet:
        """A sheet from its JSON, every round checked and scored again."""
        data, rules = sheet_header(data, "kraken", _SHEET_FIELDS, Rules.from_dict)
        players = data.get("players")
        sheet = cls(
            rules,
            teams=tuple(check_names(data.get("teams"), "'teams'", 2, 2)),  # type: ignore[arg-type]
            players=None if players is None else check_names(players, "'players'", 4, 4),
            first_dealer=check_int(data.get("first_dealer"), "'first_dealer'", 0, 3),
            title=check_title(data.get("title", "")),
        )
        entries = entries_of(data, KrakenEntry.from_dict)
        sheet._keep(sheet._rescored(entries))
        return sheet

    def summary(self) -> dict[str, Any]:
        """Everything the sheet computes, as JSON: each round's result, the totals,
        the next dealer, and the end (winner or draw)."""
        return {
            "rounds": [scored.to_dict() for scored in self._scored],
            "totals": list(self.totals),
            "next_dealer": self.next_dealer,
            "over": self.is_over,
            "winner": self.winner,
            "draw": self.is_draw,
        }
