"""Information-set Monte Carlo tree search (single-observer ISMCTS), for any game.

Each iteration samples a determinization (the hidden cards dealt consistently with
what the bot knows, see each game's ``inference`` module), walks the tree with UCB
restricted to the actions legal in that determinization (counting availability),
expands one action, finishes the round with a fast default policy and backs up the
result from the point of view of each node's mover. The game-specific parts live in
a :class:`SearchAdapter` (:mod:`cardtable.bots.kraken_search`,
:mod:`cardtable.bots.gurka_search`); the bot that runs it is
:class:`cardtable.bots.ismcts.IsmctsBot`.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Protocol, TypeVar

__all__ = ["Node", "SearchAdapter", "SearchState", "search"]


class SearchState(Protocol):
    """A determinized position the search can play on."""

    @property
    def to_move(self) -> int | None:
        """The seat to act."""
        ...

    @property
    def is_over(self) -> bool:
        """True at the end of the search horizon."""
        ...

    def legal_actions(self) -> list[str]:
        """Legal actions for the seat to move."""
        ...

    def apply(self, action: str) -> None:
        """Take an action."""
        ...


State = TypeVar("State", bound=SearchState)


class SearchAdapter(Protocol[State]):
    """The game-specific side of ISMCTS, built for one decision from one observation;
    ``State`` is the game's determinized position type."""

    def determinize(self, rng: random.Random) -> State:
        """A fresh state with the hidden cards sampled consistently with the observation."""
        ...

    def default_action(self, state: State, rng: random.Random) -> str:
        """The rollout policy: a cheap, reasonable action in ``state``."""
        ...

    def reward(self, state: State, seat: int) -> float:
        """The outcome for ``seat`` at the end of the horizon, roughly in [-1, 1]."""
        ...

    def rollout(self, state: State, rng: random.Random) -> None:
        """Play ``state`` to the end of the horizon (by default with ``default_action``)."""
        ...


class Node:
    """A node of the search tree: the action that led here and its statistics."""

    __slots__ = ("available", "children", "mover", "total", "visits")

    def __init__(self, mover: int | None) -> None:
        self.mover = mover
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0

    def ucb_child(self, legal: list[str], exploration: float) -> tuple[str, Node]:
        """The legal child with the best upper confidence bound (availability-based)."""
        best_action, best_node, best_value = "", None, -math.inf
        for action in legal:
            child = self.children[action]
            value = child.total / child.visits + exploration * math.sqrt(
                math.log(max(child.available, 1)) / child.visits
            )
            if value > best_value:
                best_action, best_node, best_value = action, child, value
        assert best_node is not None
        return best_action, best_node


def search(
    adapter: SearchAdapter[Any],
    seat: int,
    legal: list[str],
    rng: random.Random,
    iterations: int | None = None,
    milliseconds: float | None = None,
    exploration: float = 0.7,
) -> tuple[str, Node]:
    """Run ISMCTS for ``seat`` and return the most visited legal action and the root."""
    root = Node(None)
    deadline = None if milliseconds is None else time.thread_time() + milliseconds / 1000
    if iterations is None and deadline is None:
        iterations = 1000
    done = 0
    while (iterations is None or done < iterations) and (
        deadline is None or done == 0 or time.thread_time() < deadline
    ):
        done += 1
        state = adapter.determinize(rng)
        node = root
        path = []
        while not state.is_over:
            actions = state.legal_actions()
            for action in actions:
                child = node.children.get(action)
                if child is None:
                    continue
                child.available += 1
            untried = [a for a in actions if a not in node.children]
            if untried:
                action = rng.choice(untried)
                child = node.children[action] = Node(state.to_move)
                child.available += 1
                state.apply(action)
                path.append(child)
                break
            action, node = node.ucb_child(actions, exploration)
            state.apply(action)
            path.append(node)
        adapter.rollout(state, rng)
        rewards: dict[int, float] = {}
        for visited in path:
            mover = visited.mover
            assert mover is not None
            if mover not in rewards:
                rewards[mover] = adapter.reward(state, mover)
            visited.visits += 1
            visited.total += rewards[mover]
    candidates = [a for a in legal if a in root.children] or legal
    best = max(candidates, key=lambda a: root.children[a].visits if a in root.children else -1)
    return best, root
