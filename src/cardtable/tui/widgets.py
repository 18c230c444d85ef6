"""Widgets of the table: a card, your hand, a seat with its played card.

Card colours meet WCAG's contrast of 4.5:1 against their background in every state
(legal, not legal now, chosen), in the two-colour deck and in the four-colour deck
(diamonds blue, clubs green, as the web table offers); :func:`contrast` measures it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from cardtable.cards import Card, Suit
from cardtable.tui import text

__all__ = [
    "CARD_BACKGROUND",
    "CHOSEN_BACKGROUND",
    "CardView",
    "HandView",
    "SeatView",
    "card_colour",
    "contrast",
]

CARD_BACKGROUND: Final = "#1c1c1c"
"""The background of a card."""
CHOSEN_BACKGROUND: Final = "#26263f"
"""The background of the card the arrow keys point at."""
_COLOURS: Final = {
    # suit: (legal, not legal now)
    "red": ("#ff8a80", "#e3928b"),
    "white": ("#f2f2f2", "#b8b8b8"),
    "blue": ("#7ab8ff", "#8fb3e0"),
    "green": ("#7fdc85", "#93c897"),
}
_TWO_COLOURS: Final = {
    Suit.HEARTS: "red",
    Suit.DIAMONDS: "red",
    Suit.CLUBS: "white",
    Suit.SPADES: "white",
}
_FOUR_COLOURS: Final = {**_TWO_COLOURS, Suit.DIAMONDS: "blue", Suit.CLUBS: "green"}


def card_colour(card: Card, legal: bool = True, four_colour: bool = False) -> str:
    """The colour of ``card``'s text (dimmer but still readable when not legal now)."""
    suit_colour = (_FOUR_COLOURS if four_colour else _TWO_COLOURS)[card.suit]
    return _COLOURS[suit_colour][0 if legal else 1]


def contrast(foreground: str, background: str) -> float:
    """WCAG 2 contrast ratio of two ``#rrggbb`` colours (1 to 21).

    >>> round(contrast("#ffffff", "#000000"), 1)
    21.0
    """

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


class CardView(Static):
    """One card of your hand: click it to play it."""

    class Chosen(Message):
        """The player clicked a card."""

        def __init__(self, card: str) -> None:
            super().__init__()
            self.card = card

    def __init__(
        self, card: Card, number: int, legal: bool, selected: bool, four_colour: bool = False
    ) -> None:
        classes = ["card", "legal" if legal else "illegal"]
        if selected:
            classes.append("selected")
        super().__init__(f"{number}\n{text.card_text(card)}", classes=" ".join(classes))
        self.card = str(card)
        self.styles.color = card_colour(card, legal, four_colour)
        self.styles.background = CHOSEN_BACKGROUND if selected else CARD_BACKGROUND

    def on_click(self) -> None:
        """Play this card."""
        self.post_message(self.Chosen(self.card))


class HandView(Horizontal):
    """Your hand in display order, legal cards framed and the rest dimmed;
    ``selected`` is the card the arrow keys point at."""

    selected: reactive[int] = reactive(0, recompose=True)
    cards: reactive[tuple[tuple[Card, bool], ...]] = reactive((), recompose=True)
    four_colour: reactive[bool] = reactive(False, recompose=True)

    def compose(self) -> ComposeResult:
        """A card view per card."""
        for index, (card, legal) in enumerate(self.cards):
            yield CardView(card, index + 1, legal, index == self.selected, self.four_colour)

    def show(self, cards: Sequence[tuple[Card, bool]], four_colour: bool = False) -> None:
        """Show ``(card, legal)`` pairs; the selection moves to the first legal card."""
        self.four_colour = four_colour
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
    """A seat: its name, notes (dealer, declarer, leads, score, out), its card in
    the trick (★ marks the card winning it) and, in the replay viewer, its hand."""

    def show(
        self,
        name: str,
        notes: Sequence[str],
        card: Card | None,
        *,
        thinking: bool = False,
        last: bool = False,
        to_move: bool = False,
        winning: bool = False,
        hand: str | None = None,
        four_colour: bool = False,
    ) -> None:
        """Update the seat; ``last``: the card belongs to the trick just finished;
        ``to_move``: the seat acts now; ``winning``: its card wins the trick so far."""
        lines = [f"[b]{'▶ ' if to_move else ''}{name}[/b]"]
        lines.extend(notes)
        if card is not None:
            style = "" if last else "bold "
            mark = " ★" if winning else ""
            lines.append(
                f"[{style}{card_colour(card, True, four_colour)}]{text.card_text(card)}{mark}[/]"
            )
        elif thinking:
            lines.append("…")
        else:
            lines.append("")
        if hand is not None:
            lines.append(hand)
        self.set_class(thinking, "thinking")
        self.set_class(to_move, "to-move")
        self.set_class(winning, "winning")
        self.update("\n".join(lines))
