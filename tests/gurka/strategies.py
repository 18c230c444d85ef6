"""Hypothesis strategies shared by the Gurka tests (and the bots' game-simulation test)."""

from __future__ import annotations

from hypothesis import strategies as st

from cardtable.gurka import Rules

# Rules of 3 to 8 players over every variation.
rules_strategy = st.builds(
    Rules,
    players=st.integers(3, 8),
    stake=st.integers(0, 3),
    eliminate_at=st.sampled_from([8, 20, 30, 45]),
    match_previous=st.booleans(),
    must_head=st.booleans(),
    aces_unbeatable=st.booleans(),
    lead_lowest=st.booleans(),
    free_rebuy=st.booleans(),
    penalty_tricks=st.sampled_from(["last", "every"]),
)
