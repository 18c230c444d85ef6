"""A plot of the ratings with their 95% intervals, saved as PNG and SVG."""

from __future__ import annotations

import os
from pathlib import Path

from cardtable.arena.results import Results

__all__ = ["plot_ratings"]


def plot_ratings(results: Results, path: str | os.PathLike[str]) -> list[Path]:
    """Draw the ratings of ``results`` with error bars; write ``path`` with the suffixes
    ``.png`` and ``.svg`` (any suffix given is replaced) and return both paths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bots = sorted(results.bots, key=lambda b: b.rating)
    ratings = [b.rating for b in bots]
    errors = [
        [b.rating - b.rating_low for b in bots],
        [b.rating_high - b.rating for b in bots],
    ]
    figure, axes = plt.subplots(figsize=(7, 1.2 + 0.5 * len(bots)))
    axes.errorbar(ratings, range(len(bots)), xerr=errors, fmt="o", capsize=4)
    axes.set_yticks(range(len(bots)), [b.bot for b in bots])
    axes.axvline(0, color="grey", linewidth=0.5)
    axes.set_xlabel("Bradley-Terry rating (Elo scale) with 95% interval")
    match = results.match
    axes.set_title(
        f"{match['game']} {match['format']}, {match['deals']} deals, seed {match['seed']}"
    )
    figure.tight_layout()
    base = Path(path)
    base = base.with_suffix("") if base.suffix in (".png", ".svg") else base
    written = []
    for suffix in (".png", ".svg"):
        target = base.with_name(base.name + suffix)
        figure.savefig(target, metadata={"Date": None} if suffix == ".svg" else None)
        written.append(target)
    plt.close(figure)
    return written
