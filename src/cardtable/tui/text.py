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
from typing import Final

from cardtable import gurka, kraken
from cardtable.cards import Card, Suit
from cardtable.kraken.trick import PLAIN_ORDER, TRUMP_ORDER
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

_SEATS: Final = (N_("North"), N_("East"), N_("South"), N_("West"))
_SUITS: Final = {"C": N_("Clubs"), "D": N_("Diamonds"), "H": N_("Hearts"), "S": N_("Spades")}
_LEVELS: Final = {"easy": N_("easy"), "medium": N_("medium"), "strong": N_("strong")}
_GAMES: Final = {"kraken": N_("Kraken"), "gurka": N_("Gurka")}


def game_title(kind: str) -> str:
    """The game's name."""
    return _(_GAMES[kind])


def level_name(level: str) -> str:
    """A bot level for people: easy, medium, strong."""
    return _(_LEVELS[level])


def seat_name(kind: str, seat: int) -> str:
    """North, East, South, West in Kraken; Player 1, 2, ... in Gurka."""
    if kind == "kraken":
        return _(_SEATS[seat])
    return _("Player {number}").format(number=seat + 1)


def seat_label(kind: str, seat: int, human: int) -> str:
    """The seat's name, marked when it is you or your partner."""
    name = seat_name(kind, seat)
    if seat == human:
        return _("{seat} (you)").format(seat=name)
    if kind == "kraken" and seat == (human + 2) % 4:
        return _("{seat} (partner)").format(seat=name)
    return name


def suit_name(letter: str) -> str:
    """A suit's name from its letter."""
    return _(_SUITS[letter])


def card_text(card: Card | str) -> str:
    """A card for people: ``10♥``."""
    if isinstance(card, str):
        card = Card.parse(card)
    return card.unicode()


def sorted_hand(kind: str, hand: Sequence[Card], trump: Suit | None = None) -> list[Card]:
    """A hand in display order: Kraken by suit (spades, hearts, clubs, diamonds), high
    to low (trump in trump order); Gurka low to high by rank."""
    if kind == "gurka":
        return sorted(hand, key=lambda c: (c.rank, c.suit))
    suit_order = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)

    def key(card: Card) -> tuple[int, int]:
        order = TRUMP_ORDER if card.suit == trump else PLAIN_ORDER
        return suit_order.index(card.suit), order.index(card.rank)

    return sorted(hand, key=key)


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


def describe_action(kind: str, seat: int, action: str, amount: int, human: int) -> str:
    """One sentence for an action: ``East says contra (×2).``"""
    who = seat_label(kind, seat, human)
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
        who = seat_label(session.kind, event.seat, session.human)
        if session.kind == "kraken":
            return _("{seat} takes the trick ({points} points).").format(
                seat=who, points=event.amount
            )
        return _("{seat} takes the trick.").format(seat=who)
    return describe_action(session.kind, event.seat, event.action, event.amount, session.human)


def prompt(session: Session) -> str:
    """What happens now: your decision, or whom the table waits for."""
    if session.is_over:
        return _("The game is over.")
    if session.pending_summary is not None:
        return _("The round is over.")
    seat = session.to_move
    assert seat is not None
    if seat != session.human:
        return _("{seat} is thinking…").format(seat=seat_label(session.kind, seat, session.human))
    phase = session.phase
    if phase == "trump":
        observation = session.observation()
        assert isinstance(observation, kraken.Observation)
        if observation.proposed is not None and "take" in observation.legal_actions:
            return _("The turned card is {card}: take {suit} as trump, or pass?").format(
                card=card_text(observation.proposed),
                suit=suit_name(observation.proposed.suit.letter).lower(),
            )
        if "pass" in session.legal_actions():
            return _("Choose trump, or pass.")
        return _("You must choose trump.")
    if phase == "challenge":
        return _("Challenge the declarers, or pass?")
    if phase == "roem":
        return _("You hold roem: declare it, or pass?")
    if phase == "buyback":
        assert isinstance(session.game, gurka.Game)
        return _("You are out. Buy back in for {cost} chips, or pass?").format(
            cost=session.game.buyback_cost(session.human)
        )
    return _("Your turn: play a card.")


def status_lines(session: Session) -> list[str]:
    """The public state: round, trump, declarer, multiplier, roem, points and score."""
    if isinstance(session.game, kraken.Game):
        observation = session.observation()
        assert isinstance(observation, kraken.Observation)
        lines = [
            _("Round {number} of {total}").format(
                number=session.round_number, total=session.game.rules.rounds
            )
        ]
        lines.append(_("Dealer: {seat}").format(seat=seat_name("kraken", observation.dealer)))
        if observation.trump is None:
            lines.append(_("Trump: not chosen yet"))
        else:
            letter = observation.trump.letter
            lines.append(
                _("Trump: {suit}").format(suit=f"{suit_name(letter)} {observation.trump.symbol}")
            )
        if observation.declarer is not None:
            lines.append(
                _("Declarer: {seat}").format(
                    seat=seat_label("kraken", observation.declarer, session.human)
                )
            )
        lines.append(_("Multiplier: ×{multiplier}").format(multiplier=observation.multiplier))
        us, them = _teams(session.human)
        lines.append(
            _("Card points: us {us}, them {them}").format(
                us=observation.card_points[us], them=observation.card_points[them]
            )
        )
        lines.append(
            _("Roem: us {us}, them {them}").format(
                us=observation.roem[us], them=observation.roem[them]
            )
        )
        scores = session.game.scores
        lines.append(_("Score: us {us}, them {them}").format(us=scores[us], them=scores[them]))
        return lines
    game = session.game
    lines = [_("Round {number}").format(number=session.round_number)]
    lines.append(_("Pot: {chips} chips").format(chips=game.pot))
    lines.append(_("Out at {points} penalty points").format(points=game.rules.eliminate_at))
    for seat in range(game.players):
        entry = _("{seat}: {points} points").format(
            seat=seat_label("gurka", seat, session.human), points=game.scores[seat]
        )
        if seat not in game.alive:
            entry += " · " + _("out")
        lines.append(entry)
    return lines


def _teams(human: int) -> tuple[int, int]:
    """(your team, the other team) in Kraken."""
    return human % 2, 1 - human % 2


def summary_lines(session: Session, summary: RoundSummary) -> list[str]:
    """The round summary: card points, roem, nat or mars, multiplier, points added."""
    lines = [_("Round {number} is over.").format(number=summary.number)]
    if summary.kraken_result is not None:
        result = summary.kraken_result
        us, them = _teams(session.human)
        if summary.trump is not None and summary.declarer is not None:
            lines.append(
                _("{seat} declared {suit}.").format(
                    seat=seat_label("kraken", summary.declarer, session.human),
                    suit=suit_name(summary.trump).lower(),
                )
            )
        lines.append(
            _("Card points: us {us}, them {them}").format(
                us=result.card_points[us], them=result.card_points[them]
            )
        )
        lines.append(
            _("Roem: us {us}, them {them}").format(us=result.roem[us], them=result.roem[them])
        )
        declarers_are_us = result.declarers == us
        if result.nat:
            lines.append(_("We are nat!") if declarers_are_us else _("They are nat!"))
        else:
            lines.append(_("We made it.") if declarers_are_us else _("They made it."))
        if result.mars is not None:
            lines.append(
                _("Mars: we took every trick!")
                if result.mars == us
                else _("Mars: they took every trick!")
            )
        lines.append(_("Multiplier: ×{multiplier}").format(multiplier=result.multiplier))
        lines.append(
            _("Points added: us {us}, them {them}").format(
                us=result.points[us], them=result.points[them]
            )
        )
        lines.append(
            _("Score: us {us}, them {them}").format(
                us=summary.scores[us], them=summary.scores[them]
            )
        )
        return lines
    for seat, points in enumerate(summary.penalties):
        entry = _("{seat}: +{points} penalty points, total {total}").format(
            seat=seat_label("gurka", seat, session.human),
            points=points,
            total=summary.scores[seat],
        )
        if seat in summary.eliminated:
            entry += " · " + _("out")
        lines.append(entry)
    return lines


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
                seat=seat_label("kraken", seat, session.human), card=card_text(card), points=cost
            )
        )
    return lines


def game_over_lines(session: Session) -> list[str]:
    """The totals and the winner."""
    lines = [_("The game is over.")]
    game = session.game
    if isinstance(game, kraken.Game):
        us, them = _teams(session.human)
        lines.append(
            _("Final score: us {us}, them {them}").format(
                us=game.scores[us], them=game.scores[them]
            )
        )
        if game.winner is None:
            lines.append(_("It is a draw."))
        else:
            lines.append(_("We won!") if game.winner == us else _("They won."))
        return lines
    for seat in range(game.players):
        lines.append(
            _("{seat}: {points} points, {chips} chips").format(
                seat=seat_label("gurka", seat, session.human),
                points=game.scores[seat],
                chips=game.chips[seat],
            )
        )
    winners = ", ".join(seat_label("gurka", s, session.human) for s in game.winners)
    lines.append(_("Winner: {seats}").format(seats=winners))
    return lines


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
    """The settings label of a rules field (or a table setting)."""
    return _(_FIELDS[name])


def value_label(value: str) -> str:
    """The settings label of a rules value."""
    return _(_VALUES[value])


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
    if kind == "kraken":
        return [
            _(
                "Kraken is played by four players in two teams: North and South against "
                "East and West. The deck has 32 cards, from 7 to ace. Each player gets "
                "eight cards, and a game lasts sixteen rounds."
            ),
            _(
                "First the trump suit is chosen. Depending on the settings, players in "
                "turn may name a suit or pass, the player left of the dealer must choose, "
                "or a turned card proposes a suit. Whoever fixes trump is the declarer; "
                "their team must score more than the other team."
            ),
            _(
                "The opponents may then say contra to double the score. The declarers "
                "may answer re (four times), and the opponents superkraken (eight times)."
            ),
            _(
                "In the trump suit the order is jack, nine, ace, ten, king, queen, eight, "
                "seven; the jack is worth 20 and the nine 14. In the other suits the order "
                "is ace, ten, king, queen, jack, nine, eight, seven. Ace 11, ten 10, king "
                "4, queen 3, jack 2. The last trick earns 10 more: 162 points in all."
            ),
            _(
                "Left of the dealer leads the first trick and the winner of a trick leads "
                "the next. Follow suit if you can. When trump is led you must play a "
                "higher trump if you can. If you cannot follow suit you must usually "
                "trump; the Amsterdam and Rotterdam rules differ on when you may discard "
                "while your partner is winning. The table only lets you play legal cards "
                "and tells you why a card is refused."
            ),
            _(
                "Roem are bonus points: three cards in sequence 20, four 50, king and "
                "queen of trump (stuk) 20, four tens, queens, kings or aces 100, four "
                "jacks 200. Depending on the settings they count in the tricks you take "
                "or are declared from your hand."
            ),
            _(
                "If the declarers do not score more than the opponents, they are nat: "
                "they score nothing and the opponents get everything. A team that takes "
                "every trick is mars and earns 100 more. The multiplier of the challenges "
                "applies to the score of the round."
            ),
        ]
    return [
        _(
            "Gurka is played by three to eight players with a full deck; only the "
            "ranks matter, from ace (high) down to two. Everyone pays a stake into the "
            "pot. Each round every player gets six cards and six tricks are played."
        ),
        _(
            "The player left of the dealer leads any card. Each following player must "
            "play a card of the same or a higher rank than the highest card in the "
            "trick, or play their lowest card. The highest card takes the trick (the "
            "last one played among equals) and its player leads the next."
        ),
        _(
            "Only the last trick scores: whoever played its highest rank gets penalty "
            "points, ace 14, king 13, queen 12, jack 11 and the others their number."
        ),
        _(
            "A player who reaches the elimination score is out. While at least three "
            "players are in, an out player may buy back in for another stake and takes "
            "the highest score among the others. The last player left wins the pot."
        ),
        _(
            "The settings offer the usual variations: match only the previous card, "
            "must match or beat when able, unbeatable aces, lead your lowest card, "
            "elimination at 20, a free first buy-back, and penalty points in every trick."
        ),
    ]
