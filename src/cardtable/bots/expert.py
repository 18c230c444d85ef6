"""The ``expert`` bot: the strongest bot of each game behind one name.

Kraken decisions go to :class:`~cardtable.bots.kraken_expert.KrakenExpert`, Gurka
decisions to :class:`~cardtable.bots.gurka_expert.GurkaExpertBot`; each is built on
first use. The options of each game's part pass through (``endgame`` is Kraken's); the
budget, ``milliseconds`` of CPU time per decision (default 700: the web and terminal
tables' ``strong`` level answers within a second), or ``worlds`` for Kraken and
``iterations`` for Gurka (deterministic per ``seed``), applies to both.

>>> from cardtable.bots import make_bot
>>> from cardtable.kraken import Round, Rules
>>> bot = make_bot("expert", game="kraken", worlds=4, seed=1)
>>> r = Round.new(Rules(), dealer=3, seed=4)
>>> bot.act(r.observation(r.to_move)) in r.legal_actions()
True
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardtable.bots.base import BaseBot, Bot, game_of

__all__ = ["DEFAULT_MILLISECONDS", "ExpertBot"]

DEFAULT_MILLISECONDS = 700.0
"""The CPU time per decision when no budget is given."""


class ExpertBot(BaseBot):
    """The strongest bot of each game (Kraken and Gurka)."""

    name = "expert"
    games: ClassVar[frozenset[str] | None] = frozenset({"kraken", "gurka"})

    def __init__(
        self,
        milliseconds: float | None = None,
        worlds: int | None = None,
        iterations: int | None = None,
        seed: int | None = None,
        **kraken: Any,
    ) -> None:
        if milliseconds is None and worlds is None and iterations is None:
            milliseconds = DEFAULT_MILLISECONDS
        self._options: dict[str, Any] = {"milliseconds": milliseconds, "seed": seed}
        self._kraken_options: dict[str, Any] = {"worlds": worlds, **kraken}
        self._gurka_options: dict[str, Any] = {"iterations": iterations}
        self._parts: dict[str, Bot] = {}
        self._part("kraken")  # bad Kraken options are refused at creation

    def _part(self, game: str) -> Bot:
        part = self._parts.get(game)
        if part is None:
            if game == "kraken":
                from cardtable.bots.kraken_expert import KrakenExpert

                part = KrakenExpert(**self._options, **self._kraken_options)
            else:
                from cardtable.bots.gurka_expert import GurkaExpertBot

                part = GurkaExpertBot(**self._options, **self._gurka_options)
            self._parts[game] = part
        return part

    def start_game(self, game: str, seat: int, players: int, rules: Any) -> None:
        """Pass the notification to the game's part."""
        self._part(game).start_game(game, seat, players, rules)

    def start_round(self, observation: Any) -> None:
        """Pass the notification to the game's part."""
        self._part(game_of(observation)).start_round(observation)

    def act(self, observation: Any) -> str:
        """The game's part decides."""
        game = game_of(observation)
        if game not in ("kraken", "gurka"):
            raise ValueError(f"expert plays kraken and gurka, not {game}")
        return self._part(game).act(observation)

    def end_round(self, observation: Any) -> None:
        """Pass the notification to the game's part."""
        self._part(game_of(observation)).end_round(observation)

    def end_game(self, observation: Any) -> None:
        """Pass the notification to the game's part."""
        self._part(game_of(observation)).end_game(observation)
