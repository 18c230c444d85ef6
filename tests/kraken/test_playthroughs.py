"""Every golden playthrough still plays out exactly as recorded."""

import pytest

from .playthroughs import FOLDER, VARIANTS, transcript


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_playthrough_matches_the_golden_transcript(name: str) -> None:
    golden = (FOLDER / f"{name}.txt").read_text(encoding="utf-8")
    assert transcript(VARIANTS[name]) == golden
