"""The ``expert`` bot: the strongest bot of each game behind one name.

Kraken decisions go to :class:`~cardtable.bots.kraken_expert.KrakenExpert`, Gurka
decisions to :class:`~cardtable.bots.gurka_expert.GurkaExpertBot`. Every other option
goes to the part that takes it (``endgame`` is Kraken's, ``chips`` Gurka's,
``inference`` both games'); one neither takes is refused at creation. The
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

import inspect
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
        **options: Any,
    ) -> None:
        from cardtable.bots.gurka_expert import GurkaExpertBot
        from cardtable.bots.kraken_expert import KrakenExpert

        if milliseconds is None and worlds is None and iterations is None:
            milliseconds = DEFAULT_MILLISECONDS
        budget: dict[str, Any] = {"milliseconds": milliseconds, "seed": seed}
        kraken, gurka = _parameters(KrakenExpert), _parameters(GurkaExpertBot)
        unknown = sorted(set(options) - kraken - gurka)
        if unknown:
            raise TypeError(
                f"expert has no option {', '.join(unknown)}; Kraken takes "
                f"{', '.join(sorted(kraken))}, Gurka takes {', '.join(sorted(gurka))}"
            )
        self._parts: dict[str, Bot] = {
            "kraken": KrakenExpert(
                **budget, worlds=worlds, **{k: v for k, v in options.items() if k in kraken}
            ),
            "gurka": GurkaExpertBot(
                **budget, iterations=iterations, **{k: v for k, v in options.items() if k in gurka}
            ),
        }

    def _part(self, game: str) -> Bot:
        if game not in self._parts:
            raise ValueError(f"expert plays kraken and gurka, not {game}")
        return self._parts[game]

    def start_game(self, game: str, seat: int, players: int, rules: Any) -> None:
        """Pass the notification to the game's part."""
        self._part(game).start_game(game, seat, players, rules)

    def start_round(self, observation: Any) -> None:
        """Pass the notification to the game's part."""
        self._part(game_of(observation)).start_round(observation)

    def act(self, observation: Any) -> str:
        """The game's part decides."""
        return self._part(game_of(observation)).act(observation)

    def end_round(self, observation: Any) -> None:
        """Pass the notification to the game's part."""
        self._part(game_of(observation)).end_round(observation)

    def end_game(self, observation: Any) -> None:
        """Pass the notification to the game's part."""
        self._part(game_of(observation)).end_game(observation)


def _parameters(bot: type) -> frozenset[str]:
    """The options of a game's part beyond the budget every part shares."""
    names = inspect.signature(bot).parameters
    return frozenset(names) - {"milliseconds", "worlds", "iterations", "seed"}
