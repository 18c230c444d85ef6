"""Widgets of the table: a card, your hand, a seat with its played card."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from cardtable.cards import Card, Suit
from cardtable.tui import text

__all__ = ["CardView", "HandView", "SeatView"]


def _colour(card: Card) -> str:
    return "red" if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else "black"


class CardView(Static):
    """One card of your hand: click it to play it."""

    class Chosen(Message):
        """The player clicked a card."""

        def __init__(self, card: str) -> None:
            super().__init__()
            self.card = card

    def __init__(self, card: Card, number: int, legal: bool, selected: bool) -> None:
        classes = ["card", _colour(card), "legal" if legal else "illegal"]
        if selected:
            classes.append("selected")
        super().__init__(f"{number}\n{text.card_text(card)}", classes=" ".join(classes))
        self.card = str(card)

    def on_click(self) -> None:
        """Play this card."""
        self.post_message(self.Chosen(self.card))


class HandView(Horizontal):
    """Your hand in display order, legal cards highlighted and the rest dimmed;
    ``selected`` is the card the arrow keys point at."""

    selected: reactive[int] = reactive(0, recompose=True)
    cards: reactive[tuple[tuple[Card, bool], ...]] = reactive((), recompose=True)

    def compose(self) -> ComposeResult:
        """A card view per card."""
        for index, (card, legal) in enumerate(self.cards):
            yield CardView(card, index + 1, legal, index == self.selected)

    def show(self, cards: Sequence[tuple[Card, bool]]) -> None:
        """Show ``(card, legal)`` pairs; the selection moves to the first legal card."""
        self.cards = tuple(cards)
        legal = [i for i, (_, ok) in enumerate(self.cards) if ok]
        if self.selected not in legal:
            self.selected = legal[0] if legal else 0

    def move(self, delta: int) -> None:
        """Move the selection by ``delta`` places (wrapping)."""
        if self.cards:
            self.selected = (self.selected + delta) % len(self.cards)

    @property
    def selected_card(self) -> str | None:
        """The selected card's text, if any."""
        if not self.cards:
            return None
        return str(self.cards[min(self.selected, len(self.cards) - 1)][0])


class SeatView(Static):
    """A seat: its name, notes (dealer, declarer, score, out) and its card in the trick."""

    def show(
        self, name: str, notes: Sequence[str], card: Card | None, thinking: bool, last: bool
    ) -> None:
        """Update the seat; ``last``: the card belongs to the trick just finished."""
        lines = [f"[b]{name}[/b]"]
        lines.extend(notes)
        if card is not None:
            colour = "red" if _colour(card) == "red" else "white"
            style = "dim " if last else "bold "
            lines.append(f"[{style}{colour}]{text.card_text(card)}[/]")
        elif thinking:
            lines.append("…")
        else:
            lines.append("")
        self.set_class(thinking, "thinking")
        self.update("\n".join(lines))
