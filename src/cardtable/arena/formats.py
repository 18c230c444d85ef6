"""Match formats: which bot sits in which seat on which deal.

- ``duplicate`` (games scored in partnerships, such as Kraken; two bots): every deal is
  played twice with the same cards and dealer, the partnerships swapped.
- ``rotated`` (games of every seat for itself, such as Gurka; two or more bots): the
  bots are seated in turn around the table and every deal (a whole game from one
  seed) is replayed with the seating rotated, so each bot sits in every seat on the
  same cards.
- ``round-robin`` (any game, any number of bots): every pair of bots plays the
  game's fair format (duplicate or rotated) on the same deals.

A game's fair format is its kind's ``match_format``
(:attr:`cardtable.game.GameKind.match_format`).

``contracts`` says how each deal's contract is made: ``bid`` (the full game, the
default) or ``fixed`` (trump and declarer fixed from the cards by the game's rule,
:attr:`cardtable.game.GameKind.fixed_deal`; for Kraken
:mod:`cardtable.kraken.contracts`), so that only card play is measured. The rule
depends on the cards alone, so both halves of a duplicate deal get the same contract.

A :class:`Match` is plain data; :func:`schedule` expands it into :class:`Play` tasks,
each a pure function of its fields, so any backend reproduces the same results.

>>> match = Match("kraken", ("random", "heuristic"), deals=2, seed=7)
>>> [(p.deal, p.seats) for p in schedule(match)]
[(0, (0, 1, 0, 1)), (0, (1, 0, 1, 0)), (1, (0, 1, 0, 1)), (1, (1, 0, 1, 0))]
>>> len(schedule(Match("gurka", ("random", "heuristic"), deals=1, rules={"players": 5})))
5
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from cardtable.arena.games import make_rules, seed_stride
from cardtable.arena.specs import BotSpec
from cardtable.game import kind

__all__ = ["CONTRACTS", "FORMATS", "Match", "Play", "deal_seed", "schedule"]

FORMATS = ("duplicate", "rotated", "round-robin")

CONTRACTS = ("bid", "fixed")
"""How a deal's contract is made: by the players (``bid``) or from the cards (``fixed``)."""

DEAL_STRIDE = 1_000_003
"""Deal ``i`` of a run with seed ``s`` has seed ``s * DEAL_STRIDE + i``."""


@dataclass(frozen=True)
class Match:
    """Everything that decides a match's results (saved with its records for resume)."""

    game: str
    bots: tuple[str, ...]
    """Bot specs as text (see :class:`~cardtable.arena.specs.BotSpec`)."""
    deals: int
    format: str | None = None
    """``duplicate``, ``rotated`` or ``round-robin``; None picks the game's fair format
    (a rotated game seats all the bots at one table; a duplicate game takes two bots,
    round-robin for more)."""
    rules: dict[str, Any] = field(default_factory=dict)
    """Rules fields (and ``"preset"``, one of the game's presets)."""
    seed: int = 0
    time_limit: float | None = 10.0
    """Seconds an external bot has per decision (None: no limit)."""
    max_restarts: int = 3
    """Restarts of a crashed external bot per seat and game before it is given up."""
    contracts: str = "bid"
    """``bid``: the full game; ``fixed``: each deal's contract fixed from its cards,
    only card play left to the bots (see the module)."""

    def __post_init__(self) -> None:
        game = kind(self.game)
        object.__setattr__(self, "bots", tuple(self.bots))
        if len(self.bots) < 2:
            raise ValueError("a match needs at least two bots")
        if not isinstance(self.deals, int) or self.deals < 1:
            raise ValueError(f"invalid deals {self.deals!r}: expected a positive number")
        fmt = self.resolved_format
        if fmt not in FORMATS:
            raise ValueError(f"unknown format {fmt!r}: expected one of {', '.join(FORMATS)}")
        if fmt in ("duplicate", "rotated") and fmt != game.match_format:
            raise ValueError(
                f"the {fmt} format is not for {game.title}; {game.title} uses {game.match_format}"
            )
        if self.contracts not in CONTRACTS:
            raise ValueError(
                f"unknown contracts {self.contracts!r}: expected one of {', '.join(CONTRACTS)}"
            )
        if self.contracts == "fixed" and game.fixed_deal is None:
            raise ValueError(f"{game.title} has no contracts to fix: use contracts 'bid'")
        if fmt == "duplicate" and len(self.bots) != 2:
            raise ValueError(f"the duplicate format is for two {game.title} bots; use round-robin")
        rules = make_rules(self.game, self.rules)
        if fmt == "rotated" and len(self.bots) > game.seats(rules):
            raise ValueError(f"{len(self.bots)} bots do not fit at {game.seats(rules)} seats")
        from cardtable.bots import make_bot

        for spec in self.specs:
            if spec.kind != "cmd":
                make_bot(spec.name, game=self.game, **{**spec.options, "seed": 0})

    @property
    def resolved_format(self) -> str:
        """The format in force."""
        if self.format is not None:
            return self.format
        if kind(self.game).match_format == "rotated":
            return "rotated"
        return "duplicate" if len(self.bots) == 2 else "round-robin"

    @property
    def specs(self) -> list[BotSpec]:
        """The parsed bot specs."""
        return [BotSpec.parse(text) for text in self.bots]

    def to_dict(self) -> dict[str, Any]:
        """The match as plain JSON data."""
        return {
            "game": self.game,
            "bots": list(self.bots),
            "deals": self.deals,
            "format": self.resolved_format,
            "rules": make_rules(self.game, self.rules).to_dict(),
            "seed": self.seed,
            "time_limit": self.time_limit,
            "max_restarts": self.max_restarts,
            "contracts": self.contracts,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        """A match from :meth:`to_dict` data."""
        return cls(
            data["game"],
            tuple(data["bots"]),
            data["deals"],
            data.get("format"),
            dict(data.get("rules", {})),
            data.get("seed", 0),
            data.get("time_limit", 10.0),
            data.get("max_restarts", 3),
            data.get("contracts", "bid"),
        )


@dataclass(frozen=True)
class Play:
    """One game to play: a deal with a seating. The unit of work and of saving."""

    index: int
    """Position in the schedule."""
    game: str
    rules: dict[str, Any]
    pair: tuple[int, ...]
    """The bots (indices into ``Match.bots``) at the table."""
    deal: int
    """Deal number; every pair plays the same deals."""
    seed: int
    """The deal's seed."""
    seats: tuple[int, ...]
    """The bot (index into ``Match.bots``) in each seat."""
    specs: tuple[BotSpec, ...]
    time_limit: float | None
    max_restarts: int
    contracts: str = "bid"
    """``bid`` or ``fixed`` (:attr:`Match.contracts`)."""

    @property
    def key(self) -> str:
        """A stable name for this play, used to match saved records on resume."""
        return f"{self.deal}:{'-'.join(map(str, self.seats))}"

    def bot_seed(self, seat: int) -> int:
        """The seed given to the bot in ``seat`` (the same whoever sits there)."""
        return self.seed * seed_stride(kind(self.game)) + seat


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal number ``deal`` in a run seeded ``seed``."""
    return seed * DEAL_STRIDE + deal


def _seatings(match_format: str, pair: tuple[int, ...], players: int) -> list[tuple[int, ...]]:
    if match_format == "duplicate":  # partners sit opposite: seat s is in team s % 2
        a, b = pair
        return [
            tuple((a, b)[s % 2] for s in range(players)),
            tuple((b, a)[s % 2] for s in range(players)),
        ]
    lineup = [pair[s % len(pair)] for s in range(players)]
    seatings: list[tuple[int, ...]] = []
    for shift in range(players):
        seating = tuple(lineup[(s + shift) % players] for s in range(players))
        if seating not in seatings:
            seatings.append(seating)
    return seatings


def schedule(match: Match) -> list[Play]:
    """Every play of ``match`` in a fixed order: deal by deal, pair by pair."""
    game = kind(match.game)
    rules = make_rules(match.game, match.rules)
    n = len(match.bots)
    if match.resolved_format == "round-robin":
        pairs: list[tuple[int, ...]] = list(itertools.combinations(range(n), 2))
    else:
        pairs = [tuple(range(n))]
    specs = tuple(match.specs)
    rules_data = rules.to_dict()
    plays: list[Play] = []
    for deal in range(match.deals):
        seed = deal_seed(match.seed, deal)
        for pair in pairs:
            for seats in _seatings(game.match_format, pair, game.seats(rules)):
                plays.append(
                    Play(
                        len(plays),
                        match.game,
                        rules_data,
                        pair,
                        deal,
                        seed,
                        seats,
                        specs,
                        match.time_limit,
                        match.max_restarts,
                        match.contracts,
                    )
                )
    return plays
