"""Every sentence a player reads, in the current language (see :mod:`~cardtable.tui.i18n`).

The plain line mode and the Textual app both build their text here, so the two
never disagree and every string goes through the catalogs.

>>> from cardtable.tui.i18n import set_language
>>> set_language("en")
>>> action_label("trump H"), describe_action("kraken", 1, "contra", 0, human=2)
('Hearts ♥', 'East says contra (×2).')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from cardtable.cards import Card, Suit
from cardtable.tui.games import presenter, suit_name
from cardtable.tui.i18n import N_, _
from cardtable.tui.session import Event, RoundSummary, Session

__all__ = [
    "KEY_HELP",
    "PLAIN_HELP",
    "action_label",
    "analysis_lines",
    "card_text",
    "describe_action",
    "describe_event",
    "field_label",
    "game_over_lines",
    "game_title",
    "level_name",
    "prompt",
    "rules_paragraphs",
    "seat_label",
    "seat_name",
    "sorted_hand",
    "status_lines",
    "suit_name",
    "summary_lines",
    "value_label",
]

_LEVELS: Final = {"easy": N_("easy"), "medium": N_("medium"), "strong": N_("strong")}


def game_title(kind: str) -> str:
    """The game's name."""
    return presenter(kind).title()


def level_name(level: str) -> str:
    """A bot level for people: easy, medium, strong."""
    return _(_LEVELS[level])


def seat_name(kind: str, seat: int, rules: Any = None) -> str:
    """The seat's name as the game gives it, translated: North, East, South, West in
    Kraken; Player 1, 2, ... in Gurka (``rules``: the game's, by default its
    defaults)."""
    shown = presenter(kind)
    return shown.seat_name(seat, shown.kind.rules() if rules is None else rules)


def seat_label(kind: str, seat: int, human: int, rules: Any = None) -> str:
    """The seat's name, marked when it is you or your partner."""
    shown = presenter(kind)
    return shown.seat_label(seat, human, shown.kind.rules() if rules is None else rules)


def card_text(card: Card | str | Any) -> str:
    """A card for people: ``10♥`` (a game's own cards as their text)."""
    if isinstance(card, Card):
        return card.unicode()
    try:
        return Card.parse(str(card)).unicode()
    except ValueError:
        return str(card)


def sorted_hand(kind: str, hand: Sequence[Any], trump: Suit | None = None) -> list[Any]:
    """A hand in display order: Kraken by suit (spades, hearts, clubs, diamonds), high
    to low (trump in trump order); Gurka low to high by rank; other games as dealt."""
    return presenter(kind).sorted_hand(hand, trump)


def action_label(action: str) -> str:
    """A short label for a decision button: ``Hearts ♥``, ``Pass``, ``Contra (×2)``."""
    if action.startswith("trump "):
        letter = action.split()[1]
        return f"{suit_name(letter)} {Suit.parse(letter).symbol}"
    labels = {
        "pass": _("Pass"),
        "take": _("Take it"),
        "contra": _("Contra (×2)"),
        "re": _("Re (×4)"),
        "superkraken": _("Superkraken (×8)"),
        "roem": _("Declare roem"),
        "buyback": _("Buy back in"),
    }
    if action in labels:
        return labels[action]
    return card_text(action)


def describe_action(
    kind: str, seat: int, action: str, amount: int, human: int, rules: Any = None
) -> str:
    """One sentence for an action: ``East says contra (×2).``"""
    who = seat_label(kind, seat, human, rules)
    if action.startswith("trump "):
        return _("{seat} chooses {suit} as trump.").format(
            seat=who, suit=suit_name(action.split()[1]).lower()
        )
    sentences = {
        "pass": _("{seat} passes."),
        "take": _("{seat} takes the proposed suit as trump."),
        "contra": _("{seat} says contra (×2)."),
        "re": _("{seat} says re (×4)."),
        "superkraken": _("{seat} says superkraken (×8)."),
        "buyback": _("{seat} buys back in."),
    }
    if action == "roem":
        return _("{seat} declares {points} roem.").format(seat=who, points=amount)
    if action in sentences:
        return sentences[action].format(seat=who)
    return _("{seat} plays {card}.").format(seat=who, card=card_text(action))


def describe_event(session: Session, event: Event) -> str:
    """One sentence for an event of ``session``."""
    if event.kind == "trick":
        who = _seat_label(session, event.seat)
        if session.presenter.trick_points:
            return _("{seat} takes the trick ({points} points).").format(
                seat=who, points=event.amount
            )
        return _("{seat} takes the trick.").format(seat=who)
    return describe_action(
        session.kind, event.seat, event.action, event.amount, session.human, session.rules
    )


def _seat_label(session: Session, seat: int) -> str:
    return session.presenter.seat_label(seat, session.human, session.rules)


def prompt(session: Session) -> str:
    """What happens now: your decision, or whom the table waits for."""
    if session.is_over:
        return _("The game is over.")
    if session.pending_summary is not None:
        return _("The round is over.")
    seat = session.to_move
    assert seat is not None
    if seat != session.human:
        return _("{seat} is thinking…").format(seat=_seat_label(session, seat))
    asked = session.presenter.prompt(
        session.phase, session.game, session.observation(), session.human
    )
    return _("Your turn: play a card.") if asked is None else asked


def status_lines(session: Session) -> list[str]:
    """The public state: round, trump, declarer, multiplier, roem, points and score."""
    return session.presenter.status_lines(session.game, session.observation(), session.human)


def summary_lines(session: Session, summary: RoundSummary) -> list[str]:
    """The round summary: card points, roem, nat or mars, multiplier, points added."""
    lines = [_("Round {number} is over.").format(number=summary.number)]
    return lines + session.presenter.summary_lines(session.game, summary, session.human)


def analysis_lines(session: Session, costs: Sequence[tuple[int, str, int]] | None) -> list[str]:
    """The solver's analysis: which cards cost points (nothing without the solver)."""
    if costs is None:
        return []
    if not costs:
        return [_("Analysis: every card was the best card.")]
    lines = [_("Analysis: cards that cost points")]
    for seat, card, cost in costs:
        lines.append(
            _("{seat} played {card}: cost {points} points").format(
                seat=_seat_label(session, seat), card=card_text(card), points=cost
            )
        )
    return lines


def game_over_lines(session: Session) -> list[str]:
    """The totals and the winner."""
    lines = [_("The game is over.")]
    return lines + session.presenter.game_over_lines(session.game, session.human)


# -- settings ---------------------------------------------------------------------

_FIELDS: Final[dict[str, str]] = {
    "trump_choice": N_("Trump choice"),
    "random_fallback": N_("When all pass the turned card"),
    "play": N_("Trumping rules"),
    "roem": N_("Roem"),
    "challenges": N_("Contra, re and superkraken"),
    "double_spades": N_("Spades count double"),
    "multiply_roem": N_("Multipliers apply to roem"),
    "rounds": N_("Rounds in a game"),
    "target_score": N_("Target score (empty: play the rounds)"),
    "deal": N_("Deal in packets of"),
    "players": N_("Players"),
    "stake": N_("Stake (chips)"),
    "eliminate_at": N_("Out at penalty points"),
    "match_previous": N_("Match only the previous card"),
    "must_head": N_("Must match or beat when able"),
    "aces_unbeatable": N_("Aces cannot be beaten"),
    "lead_lowest": N_("Lead your lowest card"),
    "free_rebuy": N_("First buy-back is free"),
    "penalty_tricks": N_("Tricks that score"),
    "level": N_("Bot level"),
    "pace": N_("Seconds between bot moves"),
    "language": N_("Language"),
    "game": N_("Game"),
}
_VALUES: Final[dict[str, str]] = {
    "free": N_("free, from left of the dealer"),
    "free_dealer": N_("free, from the dealer"),
    "utrecht": N_("Utrecht: left of the dealer must choose"),
    "random": N_("a turned card proposes trump"),
    "second_card": N_("turn cards until another suit shows"),
    "call_other": N_("left of the dealer names another suit"),
    "amsterdam": N_("Amsterdam"),
    "rotterdam": N_("Rotterdam"),
    "tricks": N_("in tricks"),
    "hand": N_("declared from hand"),
    "none": N_("no roem"),
    "last": N_("the last trick only"),
    "every": N_("every trick"),
}


def field_label(name: str) -> str:
    """The settings label of a rules field (or a table setting); a field the
    catalogs do not know shows its name."""
    return _(_FIELDS[name]) if name in _FIELDS else name.replace("_", " ")


def value_label(value: str) -> str:
    """The settings label of a rules value (a value the catalogs do not know shows
    as it is)."""
    return _(_VALUES[value]) if value in _VALUES else str(value)


# -- help and rules ---------------------------------------------------------------

KEY_HELP: Final[tuple[tuple[str, str], ...]] = (
    ("←/→", N_("choose a card")),
    ("Enter", N_("play the chosen card")),
    ("1-9", N_("play the card at that place")),
    ("t", N_("type a card, such as 10h")),
    ("h", N_("hint")),
    ("u", N_("undo your last card")),
    ("s / l", N_("save / load the game")),
    ("o", N_("settings")),
    ("r", N_("rules")),
    ("q", N_("quit")),
)
"""The Textual table's keys and what they do (translate the second item)."""

PLAIN_HELP: Final[tuple[tuple[str, str], ...]] = (
    ("1, 2, ...", N_("play the card or take the choice with that number")),
    ("JH, 10h, pass", N_("play a card or take an action by its name")),
    ("hint", N_("what the strong bot would do")),
    ("undo", N_("undo your last card")),
    ("save FILE / load FILE", N_("save / load the game")),
    ("score", N_("show the score")),
    ("rules", N_("rules")),
    ("quit", N_("quit")),
)
"""The plain mode's commands and what they do (translate the second item)."""


def rules_paragraphs(kind: str) -> list[str]:
    """The rules of ``kind`` explained in the current language, paragraph by paragraph."""
    return presenter(kind).rules_paragraphs()
