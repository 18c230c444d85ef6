"""The public API is a promise: every public name of the packages users build on
(``__all__`` of ``cardtable.kraken``, ``gurka``, ``bots``, ``solver``, ``arena`` and the
environments' modules) is listed in ``tests/public_api.txt``. A name that disappears
fails here unless it stays as a deprecated alias; a new one must be added to the list
(and to CHANGELOG.md). ``python -m tests.test_public_api`` rewrites the list."""

from __future__ import annotations

import importlib
import sys
import warnings
from pathlib import Path

import pytest

LISTED = Path(__file__).with_name("public_api.txt")
MODULES = (
    "cardtable.kraken",
    "cardtable.gurka",
    "cardtable.bots",
    "cardtable.solver",
    "cardtable.arena",
    "cardtable.envs.kraken_v0",
    "cardtable.envs.gurka_v0",
    "cardtable.envs.single",
    "cardtable.envs.registry",
    "cardtable.envs.encoding",
)
DEPRECATED = {
    "cardtable.kraken.trick_winner": "cardtable.kraken.trick_taker",
}
"""Deprecated aliases of public names, and the names that replace them."""


def public_names() -> list[str]:
    """Every public name of :data:`MODULES`, as ``module.name``."""
    names = []
    for module in MODULES:
        names += [f"{module}.{name}" for name in importlib.import_module(module).__all__]
    return sorted(names)


def _resolve(qualified: str) -> object:
    module, _, name = qualified.rpartition(".")
    return getattr(importlib.import_module(module), name)


def test_no_public_name_disappears_without_a_deprecation() -> None:
    current = set(public_names())
    listed = set(LISTED.read_text().split())
    gone = sorted(listed - current - set(DEPRECATED))
    assert not gone, f"public names removed without a deprecated alias: {gone}"
    new = sorted(current - listed)
    assert not new, f"new public names: add them to {LISTED.name} and CHANGELOG.md: {new}"


@pytest.mark.parametrize(("old", "new"), sorted(DEPRECATED.items()))
def test_a_deprecated_alias_works_and_says_what_replaces_it(old: str, new: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        alias = _resolve(old)
    assert callable(alias) and _resolve(new) is not alias


def test_the_renamed_trick_names_warn_and_answer_as_the_new_ones() -> None:
    from cardtable.cards import Suit, parse_cards
    from cardtable.kraken import Game, Rules, trick_taker, trick_winner

    cards = parse_cards("7H AH 8S TH")
    with pytest.warns(DeprecationWarning, match="use trick_taker"):
        assert trick_winner(cards, Suit.SPADES) == trick_taker(cards, Suit.SPADES) == 2
    game = Game.new(Rules(rounds=1), 3)
    while not game.current.tricks:
        game.apply(game.legal_actions()[0])
    trick = game.current.tricks[0]
    with pytest.warns(DeprecationWarning, match=r"use Trick\.taker"):
        assert trick.winner == trick.taker
    with pytest.warns(DeprecationWarning, match=r"use Trick\.plays"):
        assert trick.played_by() == trick.plays


def test_the_version_is_printed() -> None:
    from cardtable.cli import main, version

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and version()[0].isdigit()


if __name__ == "__main__":
    LISTED.write_text("\n".join(public_names()) + "\n")
    sys.stdout.write(f"wrote {len(public_names())} names to {LISTED}\n")
