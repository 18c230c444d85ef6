"""Text rendering of Gurka rounds and games, for people and ``cardtable gurka replay``.

Players are numbered from 1, as people count them (the engine's seats from 0)."""

from __future__ import annotations

from collections.abc import Iterable

from cardtable.cards import Card
from cardtable.gurka.game import BUYBACK, Game
from cardtable.gurka.round import Round
from cardtable.gurka.trick import sort_cards

__all__ = ["render_game", "render_round"]


def _card(card: Card, unicode: bool) -> str:
    return card.unicode() if unicode else str(card)


def _numbers(seats: Iterable[int]) -> str:
    """Seats as players number them, from 1 (the engine's indices count from 0)."""
    return " ".join(str(seat + 1) for seat in seats)


def render_round(rnd: Round, number: int | None = None, unicode: bool = False) -> str:
    """A round trick by trick: the deal, every trick with its taker, the penalties.

    >>> from cardtable.gurka import Round, Rules
    >>> rnd = Round.from_hands(Rules(players=3), {0: "2C 9D", 1: "5H KS", 2: "7C 7D"}, 2)
    >>> for action in ["9D", "KS", "7C", "5H", "7D", "2C"]:
    ...     _ = rnd.apply(action)
    >>> print(render_round(rnd))
    Round: dealer player 3, players 1 2 3
      player 1: 2C 9D
      player 2: 5H KS
      player 3: 7C 7D
      trick 1: 1 9D, 2 KS, 3 7C -> player 2
      trick 2: 2 5H, 3 7D, 1 2C -> player 3 (scores: player 3 7)
      penalties: player 3 7
    """
    title = f"Round {number}" if number is not None else "Round"
    lines = [f"{title}: dealer player {rnd.dealer + 1}, players {_numbers(rnd.seats)}"]
    for seat, hand in rnd.initial_hands.items():
        cards = " ".join(_card(c, unicode) for c in sort_cards(hand))
        lines.append(f"  player {seat + 1}: {cards}")
    last = rnd.tricks_total
    for i, trick in enumerate(rnd.tricks, 1):
        plays = ", ".join(f"{seat + 1} {_card(card, unicode)}" for seat, card in trick.plays)
        scores = ""
        if i == last or rnd.rules.penalty_tricks == "every":
            top = max(card.rank for card in trick.cards)
            scores = " (scores: " + ", ".join(f"player {s + 1} {top}" for s in trick.scorers) + ")"
        lines.append(f"  trick {i}: {plays} -> player {trick.taker + 1}{scores}")
    if rnd.trick:
        table = ", ".join(f"{seat + 1} {_card(card, unicode)}" for seat, card in rnd.trick)
        lines.append(f"  on the table: {table}")
    if rnd.is_over:
        scored = [f"player {s + 1} {p}" for s, p in enumerate(rnd.result()) if p]
        lines.append(f"  penalties: {', '.join(scored) or 'none'}")
    return "\n".join(lines)


def render_game(game: Game, unicode: bool = False) -> str:
    """A whole game: each round, the scores after it, buy-backs, and the payout."""
    replay = Game.new(game.rules, game.seed)
    lines = [
        f"Gurka: {game.players} players, seed {game.seed}, stake {game.rules.stake}, "
        f"out at {game.rules.eliminate_at}"
    ]
    variations = [
        name
        for name in ("match_previous", "must_head", "aces_unbeatable", "lead_lowest", "free_rebuy")
        if getattr(game.rules, name)
    ]
    if game.rules.penalty_tricks != "last":
        variations.append(f"penalty_tricks={game.rules.penalty_tricks}")
    if variations:
        lines.append("variations: " + ", ".join(variations))
    number = 0
    for action in game.actions:
        if replay.phase == "buyback":
            seat = replay.to_move
            assert seat is not None
            cost = replay.buyback_cost(seat)
            replay.apply(action)
            if action == BUYBACK:
                lines.append(
                    f"  player {seat + 1} buys back for {cost} chips at score {replay.scores[seat]}"
                )
            else:
                lines.append(f"  player {seat + 1} stays out")
            continue
        rnd = replay.current
        replay.apply(action)
        if rnd.is_over:
            number += 1
            lines.append(render_round(rnd, number, unicode))
            lines.append(f"  scores: {' '.join(map(str, replay.scores))}")
            out = [s for s in rnd.seats if s not in replay.alive]
            if out:
                lines.append(f"  out: players {_numbers(out)}")
    if replay.phase != "over":
        if replay.phase == "play" and replay.current.actions:
            lines.append(render_round(replay.current, number + 1, unicode))
        to_move = replay.to_move
        who = "nobody" if to_move is None else f"player {to_move + 1}"
        lines.append(f"(game in progress: {replay.phase}, {who} to move)")
        return "\n".join(lines)
    if replay.winner is not None:
        lines.append(f"winner: player {replay.winner + 1} takes the pot of {replay.pot}")
    else:
        lines.append(f"pot of {replay.pot} split between players {_numbers(replay.winners)}")
    lines.append(f"chips: {' '.join(f'{c:+d}' for c in replay.chips)}")
    return "\n".join(lines)
