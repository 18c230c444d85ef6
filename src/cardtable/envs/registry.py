"""The encoding of each game that has one.

>>> encoding("kraken").game, encoding("gurka").size > 0
('kraken', True)
>>> encoding("chess")
Traceback (most recent call last):
...
ValueError: no encoding for game 'chess': the games with one are gurka, kraken
"""

from __future__ import annotations

from cardtable.envs.encoding import Encoding
from cardtable.envs.gurka_encoding import GURKA
from cardtable.envs.kraken_encoding import KRAKEN

__all__ = ["ENCODINGS", "encoding"]

ENCODINGS: dict[str, Encoding] = {"gurka": GURKA, "kraken": KRAKEN}
"""Each game's encoding by registered name."""


def encoding(game: str) -> Encoding:
    """The encoding of ``game``; ``ValueError`` names the games that have one."""
    try:
        return ENCODINGS[game]
    except KeyError:
        raise ValueError(
            f"no encoding for game {game!r}: the games with one are {', '.join(ENCODINGS)}"
        ) from None
