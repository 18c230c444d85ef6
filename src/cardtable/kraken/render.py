"""Text rendering of rounds and games, for people and for ``cardtable kraken replay``."""

from __future__ import annotations

from cardtable.cards import CardSet
from cardtable.kraken.game import Game
from cardtable.kraken.round import Round
from cardtable.kraken.seat import Seat

__all__ = ["render_game", "render_round"]

_TEAMS = ("N+S", "E+W")


def render_round(round_: Round, number: int | None = None, unicode: bool = False) -> str:
    """A round trick by trick: the deal, the bidding, every trick and the result."""

    def show(cards: CardSet) -> str:
        return cards.unicode() if unicode else str(cards)

    title = f"Round {number}" if number is not None else "Round"
    lines = [f"{title}: dealer {round_.dealer.name}, rules {_rules_text(round_)}"]
    for seat, hand in zip(Seat, round_.initial_hands, strict=True):
        lines.append(f"  {seat.name}: {show(hand)}")
    if round_.turned:
        lines.append("  turned: " + " ".join(str(c) for c in round_.turned))
    bidding = [f"{s.name} {a}" for s, a in round_.actions[: _bidding_length(round_)]]
    if bidding:
        lines.append("  bidding: " + ", ".join(bidding))
    if round_.trump is not None and round_.declarer is not None:
        lines.append(
            f"  trump {round_.trump.name.lower()}, declarer {round_.declarer.name}, "
            f"multiplier x{round_.multiplier}"
        )
    for seat, amount in round_.declared_roem.items():
        lines.append(f"  {seat.name} declares {amount} roem")
    for i, trick in enumerate(round_.tricks, 1):
        cards = ", ".join(f"{Seat(s).name} {c.unicode() if unicode else c}" for s, c in trick.plays)
        roem = f", roem {trick.roem}" if trick.roem else ""
        lines.append(
            f"  trick {i}: {cards} -> {Seat(trick.taker).name} {trick.points} points{roem}"
        )
    if round_.trick:
        lines.append("  on the table: " + ", ".join(f"{s.name} {c}" for s, c in round_.trick))
    if round_.is_over:
        r = round_.result()
        verdict = "nat" if r.nat else "made it"
        mars = f", mars by {_TEAMS[r.mars]}" if r.mars is not None else ""
        lines.append(
            f"  result: declarers {_TEAMS[r.declarers]} {verdict}{mars}; card points "
            f"{r.card_points[0]}-{r.card_points[1]}, roem {r.roem[0]}-{r.roem[1]}, "
            f"x{r.multiplier} -> {r.points[0]}-{r.points[1]}"
        )
    return "\n".join(lines)


def _bidding_length(round_: Round) -> int:
    played = sum(len(t.cards) for t in round_.tricks) + len(round_.trick)
    return len(round_.actions) - played


def _rules_text(round_: Round) -> str:
    rules = round_.rules
    return f"{rules.trump_choice} trump, {rules.play} play, roem {rules.roem}"


def render_game(game: Game, unicode: bool = False) -> str:
    """Every round of a game and the totals."""
    parts = []
    rounds = game.history + ([] if game.is_over else [game.current])
    total = [0, 0]
    for number, round_ in enumerate(rounds, 1):
        parts.append(render_round(round_, number, unicode))
        if round_.is_over:
            points = round_.result().points
            total = [total[0] + points[0], total[1] + points[1]]
            parts.append(f"  totals: N+S {total[0]}, E+W {total[1]}")
    if game.is_over:
        winner = game.winner
        verdict = "a draw" if winner is None else f"{_TEAMS[winner]} win"
        parts.append(
            f"Game over after {len(game.history)} rounds: {game.scores[0]}-"
            f"{game.scores[1]}, {verdict}"
        )
    return "\n".join(parts)
