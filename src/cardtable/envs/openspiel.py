"""Kraken and Gurka as OpenSpiel Python games: ``python_kraken`` and ``python_gurka``.

Importing this module registers both with ``pyspiel.register_game``; then
``pyspiel.load_game("python_kraken")`` works as for any OpenSpiel game, and so does
Shimmy's ``OpenSpielCompatibilityV0(game_name="python_kraken")``.

- ``python_kraken``: one deal. Chance picks the dealer (4 outcomes), then deals the
  32 cards one at a time in the packets of the rules (each outcome a card action
  index, uniform over the cards left); in ``random`` trump choice it then orders the
  second deck the same way. Returns: the deal's point difference per seat's team.
- ``python_gurka``: one round (6 cards each, 6 tricks; the buy-back game is in the
  PettingZoo and Gymnasium environments). Chance picks the dealer, then deals six
  cards to each seat one at a time from the dealer's left. Returns: minus each
  seat's penalty points.

Parameters: ``rules``, a JSON object of rules fields (``'{"play": "rotterdam"}'``);
``python_gurka`` also ``players`` (3 to 8). Player actions are the encodings'
action indices (:mod:`cardtable.envs.registry`); ``observation_tensor`` and
``information_state_tensor`` are both the encoding of the seat's observation, which
holds the whole public history.

>>> import pyspiel
>>> game = pyspiel.load_game("python_kraken")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 4)
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from cardtable.cards import CARDS, Card
from cardtable.envs.encoding import Encoding
from cardtable.envs.kraken_encoding import CARD_ACTIONS
from cardtable.envs.registry import encoding
from cardtable.game import kind
from cardtable.gurka import Round as GurkaRound
from cardtable.gurka import Rules as GurkaRules
from cardtable.kraken import Round as KrakenRound
from cardtable.kraken import Rules as KrakenRules

__all__ = ["GURKA_TYPE", "KRAKEN_TYPE", "GurkaGame", "KrakenGame"]

_KRAKEN_CARDS = [Card.parse(text) for text in CARD_ACTIONS]


def _game_type(short: str, long: str, players: tuple[int, int], zero_sum: bool) -> Any:
    parameters: dict[str, Any] = {"rules": "{}"}
    if players[0] != players[1]:
        parameters["players"] = 4
    return pyspiel.GameType(
        short_name=short,
        long_name=long,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


KRAKEN_TYPE = _game_type("python_kraken", "Kraken (cardtable)", (4, 4), zero_sum=True)
GURKA_TYPE = _game_type("python_gurka", "Gurka round (cardtable)", (3, 8), zero_sum=False)


def _rules(game: str, params: dict[str, Any]) -> Any:
    try:
        changes = json.loads(params.get("rules", "{}") or "{}")
    except json.JSONDecodeError as error:
        raise ValueError(f"the rules parameter is not JSON: {error}") from None
    if not isinstance(changes, dict):
        raise ValueError("the rules parameter is a JSON object of rules fields")
    if "players" in params:
        changes["players"] = int(params["players"])
    return kind(game).rules(changes=changes)


class _Observer:
    """OpenSpiel's observer interface over an :class:`Encoding`."""

    def __init__(self, code: Encoding, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.code = code
        self.tensor = np.zeros(code.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        """The encoding of ``player``'s observation (zeros while cards are dealt)."""
        if state.round is None:
            self.tensor.fill(0)
        else:
            self.code.encode(state.round.observation(player), out=self.tensor)

    def string_from(self, state: Any, player: int) -> str:
        """``player``'s observation as JSON (empty while cards are dealt)."""
        if state.round is None:
            return f"p{player} dealing"
        data = state.round.observation(player).to_dict()
        return json.dumps(data, sort_keys=True)


class _CardGame(pyspiel.Game):
    game_name: str

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """The encoding of a seat's observation, for both tensors and strings."""
        return _Observer(encoding(self.game_name), params)


class _DealtState(pyspiel.State):
    """A deal being dealt by chance (``round`` None), then the engine's round."""

    game_name: str
    round: Any

    def current_player(self) -> int:
        """Chance while dealing, then the seat to move, then terminal."""
        if self.round is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.round.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.round.to_move)

    def is_terminal(self) -> bool:
        """True once the deal is played out."""
        return self.round is not None and bool(self.round.is_over)

    def __str__(self) -> str:
        if self.round is None:
            return f"dealing: dealer {self.dealer}, {len(self.dealt)} cards dealt"
        return kind(self.game_name).text(self.round)


class KrakenGame(_CardGame):
    """One Kraken deal, dealt by chance."""

    game_name = "kraken"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.rules: KrakenRules = _rules("kraken", params or {})
        info = pyspiel.GameInfo(
            num_distinct_actions=len(encoding("kraken").actions),
            max_chance_outcomes=32,
            num_players=4,
            # 162 card points, mars 100 and roem, times x8 challenges and double spades
            min_utility=-40000.0,
            max_utility=40000.0,
            utility_sum=0.0,
            # chance: the dealer, 32 cards, the second deck; then trump choice 5,
            # challenges 6, roem 4 and 32 cards (Shimmy counts chance moves too)
            max_game_length=1 + 32 + 32 + 15 + 32,
        )
        super().__init__(KRAKEN_TYPE, info, params or {})

    def new_initial_state(self) -> KrakenState:
        """Before the deal: chance picks the dealer."""
        return KrakenState(self)


class KrakenState(_DealtState):
    """A Kraken deal being dealt (chance) or played (the engine's round)."""

    game_name = "kraken"

    def __init__(self, game: KrakenGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.dealer: int | None = None
        self.dealt: list[int] = []  # card action indices, in dealing order
        self.second_deck: list[int] = []
        self.round: KrakenRound | None = None

    def _order(self) -> list[int]:
        """The seat that receives each dealt card, in order."""
        assert self.dealer is not None
        order = []
        for packet in self.rules.deal:
            for offset in (1, 2, 3, 4):
                order += [(self.dealer + offset) % 4] * packet
        return order

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer, or any card not yet dealt, all equally likely."""
        if self.dealer is None:
            return [(seat, 0.25) for seat in range(4)]
        taken = set(self.second_deck if len(self.dealt) == 32 else self.dealt)
        left = [card for card in range(32) if card not in taken]
        return [(card, 1.0 / len(left)) for card in left]

    def _legal_actions(self, player: int) -> list[int]:
        assert self.round is not None
        code = encoding("kraken")
        return sorted(code.action_index(action) for action in self.round.legal_actions())

    def _apply_action(self, action: int) -> None:
        if self.round is not None:
            self.round.apply(encoding("kraken").actions[action])
            return
        if self.dealer is None:
            self.dealer = int(action)
            return
        if len(self.dealt) < 32:
            self.dealt.append(int(action))
        else:
            self.second_deck.append(int(action))
        needs_deck = self.rules.trump_choice == "random"
        if len(self.dealt) == 32 and (not needs_deck or len(self.second_deck) == 32):
            hands: list[list[Card]] = [[], [], [], []]
            for seat, card in zip(self._order(), self.dealt, strict=True):
                hands[seat].append(_KRAKEN_CARDS[card])
            deck = [_KRAKEN_CARDS[card] for card in self.second_deck] if needs_deck else None
            self.round = KrakenRound.from_hands(self.rules, hands, self.dealer, 0, deck)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"dealer {action}" if self.dealer is None else f"deal {CARD_ACTIONS[action]}"
        return encoding("kraken").actions[action]

    def returns(self) -> list[float]:
        """Each seat's team's points minus the other team's (0 before the end)."""
        if not self.is_terminal():
            return [0.0] * 4
        assert self.round is not None
        ns, ew = self.round.result().points
        return [float(ns - ew), float(ew - ns)] * 2


class GurkaGame(_CardGame):
    """One Gurka round, dealt by chance."""

    game_name = "gurka"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.rules: GurkaRules = _rules("gurka", params or {})
        players = self.rules.players
        info = pyspiel.GameInfo(
            num_distinct_actions=len(encoding("gurka").actions),
            max_chance_outcomes=52,
            num_players=players,
            min_utility=-14.0 * 6,  # an ace scoring in each of six tricks
            max_utility=0.0,
            utility_sum=None,
            max_game_length=1 + 2 * 6 * players,  # dealer, deal, play
        )
        super().__init__(GURKA_TYPE, info, params or {})

    def new_initial_state(self) -> GurkaState:
        """Before the deal: chance picks the dealer."""
        return GurkaState(self)


class GurkaState(_DealtState):
    """A Gurka round being dealt (chance) or played (the engine's round)."""

    game_name = "gurka"

    def __init__(self, game: GurkaGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.dealer: int | None = None
        self.dealt: list[int] = []
        self.round: GurkaRound | None = None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer, or any card not yet dealt, all equally likely."""
        players = self.rules.players
        if self.dealer is None:
            return [(seat, 1.0 / players) for seat in range(players)]
        taken = set(self.dealt)
        left = [card for card in range(52) if card not in taken]
        return [(card, 1.0 / len(left)) for card in left]

    def _legal_actions(self, player: int) -> list[int]:
        assert self.round is not None
        return sorted(CARDS.index(card) for card in self.round.legal_cards())

    def _apply_action(self, action: int) -> None:
        if self.round is not None:
            self.round.apply(str(CARDS[action]))
            return
        if self.dealer is None:
            self.dealer = int(action)
            return
        self.dealt.append(int(action))
        players = self.rules.players
        if len(self.dealt) == 6 * players:
            hands: dict[int, list[Card]] = {seat: [] for seat in range(players)}
            for i, card in enumerate(self.dealt):
                hands[(self.dealer + 1 + i) % players].append(CARDS[card])
            self.round = GurkaRound.from_hands(self.rules, hands, self.dealer)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"dealer {action}" if self.dealer is None else f"deal {CARDS[action]}"
        return str(CARDS[action])

    def returns(self) -> list[float]:
        """Minus each seat's penalty points (0 before the end)."""
        if not self.is_terminal():
            return [0.0] * self.rules.players
        assert self.round is not None
        return [-float(points) for points in self.round.result()]


pyspiel.register_game(KRAKEN_TYPE, KrakenGame)
pyspiel.register_game(GURKA_TYPE, GurkaGame)
