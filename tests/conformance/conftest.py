"""Registers the toy game (``toy_game.py``) the way an installed package would: a
distribution's metadata with a ``cardtable.games`` entry point, found on the path."""

from __future__ import annotations

import atexit
import shutil
import sys
import tempfile
from pathlib import Path

from cardtable import game

_SITE = Path(tempfile.mkdtemp(prefix="cardtable-toy-"))
atexit.register(shutil.rmtree, _SITE, ignore_errors=True)
_INFO = _SITE / "cardtable_toy-1.0.dist-info"
_INFO.mkdir()
(_INFO / "METADATA").write_text("Metadata-Version: 2.1\nName: cardtable-toy\nVersion: 1.0\n")
(_INFO / "entry_points.txt").write_text(
    "[cardtable.games]\ntoy = tests.conformance.toy_game:KIND\n"
)
sys.path.append(str(_SITE))
game._registry.cache_clear()
