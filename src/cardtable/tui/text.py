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
from cardtable.errors import IllegalAction
from cardtable.tui.games import presenter, roem_text, suit_name
from cardtable.tui.i18n import N_, _
from cardtable.tui.notation import rank_text, read_card, show_card, typed_card
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


def seat_label(kind: str, seat: int, human: int | None, rules: Any = None) -> str:
    """The seat's name, marked when it is you or your partner."""
    shown = presenter(kind)
    return shown.seat_label(seat, human, shown.kind.rules() if rules is None else rules)


def card_text(card: Card | str | Any) -> str:
    """A card for people: ``10♥``, with the language's rank letters (``B♥`` for the
    jack in Dutch; :mod:`~cardtable.tui.notation`); a game's own cards as their text."""
    return show_card(card)


def cards_text(cards: Sequence[Any]) -> str:
    """Several cards for people, separated by spaces."""
    return " ".join(card_text(c) for c in cards)


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


_PASSES: Final = {
    "trump": N_("{seat} passes on trump."),
    "challenge": N_("{seat} does not challenge."),
    "roem": N_("{seat} declares no roem."),
    "buyback": N_("{seat} stays out."),
}
"""What a ``pass`` declines, by the phase it was said in."""


def describe_action(
    kind: str,
    seat: int,
    action: str,
    amount: int,
    human: int | None,
    rules: Any = None,
    phase: str = "",
) -> str:
    """One sentence for an action: ``East says contra (×2).`` (``phase``: the phase
    it was taken in, which says what a pass declines)."""
    who = seat_label(kind, seat, human, rules)
    if action == "pass" and phase in _PASSES:
        return _(_PASSES[phase]).format(seat=who)
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
    """One sentence for an event of ``session`` (a trick taken names its roem)."""
    if event.kind == "trick":
        who = _seat_label(session, event.seat)
        if session.presenter.trick_points:
            sentence = _("{seat} takes the trick ({points} points).").format(
                seat=who, points=event.amount
            )
        else:
            sentence = _("{seat} takes the trick.").format(seat=who)
        if event.roem:
            sentence += " " + _("Roem: {parts}.").format(parts=roem_text(event.roem))
        return sentence
    return describe_action(
        session.kind,
        event.seat,
        event.action,
        event.amount,
        session.you,
        session.rules,
        event.phase,
    )


def _seat_label(session: Session, seat: int) -> str:
    return session.presenter.seat_label(seat, session.you, session.rules)


def round_header(session: Session) -> str:
    """``Round 2, East deals.`` (the round in play and its dealer, where there is one)."""
    number = session.round_number
    dealer = session.presenter.dealer(session.game)
    if dealer is None:
        return _("Round {number}.").format(number=number)
    return _("Round {number}, {seat} deals.").format(
        number=number, seat=session.presenter.seat_name(dealer, session.rules)
    )


def trick_text(session: Session, plays: Sequence[tuple[int, Any]]) -> str:
    """A trick as ``North 10♥, East J♥ ...`` in the order played."""
    return ", ".join(
        f"{session.presenter.seat_name(int(seat), session.rules)} {card_text(card)}"
        for seat, card in plays
    )


def last_trick_lines(session: Session) -> list[str]:
    """The trick taken last (who led, the cards, who took it, with its points and
    roem), or a line saying there is none yet."""
    tricks = [e for e in session.events if e.kind == "trick"]
    if not tricks:
        return [_("No trick has been taken yet.")]
    last = tricks[-1]
    return [
        _("Last trick: {cards}").format(cards=trick_text(session, last.cards)),
        describe_event(session, last),
    ]


def score_sheet(session: Session) -> list[str]:
    """The score sheet: a line per finished round (Kraken: declarer, contract,
    card points, roem, nat or mars, multiplier and points; Gurka: every player's
    penalty points) and the totals."""
    return session.presenter.score_sheet(session.game, session.summaries, session.you)


def hint_line(session: Session) -> str:
    """``Hint: J♥. The bot expects +42 points ...`` (the strongest bot's choice
    and its reason)."""
    advice = session.advice()
    line = _("Hint: {action}").format(action=action_label(advice.action))
    return f"{line}. {advice.reason}" if advice.reason else line


def file_error(path: str, error: Exception) -> str:
    """What went wrong with a file, in the current language (no Python error text)."""
    if isinstance(error, FileNotFoundError):
        return _("There is no file {path}.").format(path=path)
    if isinstance(error, IsADirectoryError):
        return _("{path} is a folder, not a file.").format(path=path)
    if isinstance(error, PermissionError):
        return _("You may not use the file {path}.").format(path=path)
    if isinstance(error, OSError):
        return _("The file {path} cannot be used ({reason}).").format(
            path=path, reason=error.strerror or error
        )
    return _("{path} is not a game record the table can play: {reason}").format(
        path=path, reason=error
    )


# -- refusals ---------------------------------------------------------------------

_REFUSALS: Final[dict[str, str]] = {
    "not_held": N_("You do not hold {card}."),
    "follow_suit": N_("You must follow suit: you hold {suit} ({cards})."),
    "head_trick": N_("Trumps were led: you must play a trump higher than {best} ({cards})."),
    "must_trump": N_("You cannot follow suit, so you must trump ({cards})."),
    "must_overtrump": N_("You must play a trump higher than {best} ({cards})."),
    "no_undertrump_partner": N_(
        "You may not play a trump lower than your partner's {best}: you hold other cards ({cards})."
    ),
    "no_undertrump": N_(
        "You may not play a trump lower than {best}: play a card of another suit ({cards})."
    ),
    "cards_later": N_("Cards are played after trump, the challenges and roem."),
    "play_a_card": N_("Play a card now."),
    "must_choose_trump": N_("You must choose trump: you cannot pass now."),
    "refused_suit": N_("You may not choose the suit of the turned card {card}: choose another."),
    "take_or_pass": N_("Take the suit of the turned card {card}, or pass."),
    "not_now": N_("{action} is not possible now."),
    "challenge_or_pass": N_("You may say {stage} or pass."),
    "unknown_action": N_("“{text}” is no card or action."),
    "not_in_deck": N_("{card} is not in the deck (7 to ace)."),
    "round_over": N_("The round is over."),
    "game_over": N_("The game is over."),
    "lead_lowest": N_("You must lead your lowest card ({lowest})."),
    "ace_unbeatable": N_("An ace cannot be matched or beaten: play your lowest card ({lowest})."),
    "must_head": N_(
        "{card} is not allowed: you hold a card of rank {rank} or higher, so play one."
    ),
    "too_low": N_("{card} is too low: play rank {rank} or higher, or your lowest card ({lowest})."),
    "buyback_due": N_("You are out: buy back in for {cost} chips, or pass."),
}
"""The engine's refusal codes (:attr:`IllegalAction.code`) in the table's words."""


def refusal(session: Session, error: IllegalAction) -> str:
    """Why an action was refused, in the current language with the table's names
    for seats and cards, and the legal actions; the engine's English text when the
    code is one the table does not know."""
    template = _REFUSALS.get(error.code)
    if template is None:
        return str(error)
    params = error.params
    values = {
        "card": card_text(params.get("card", "")),
        "cards": cards_text(params.get("cards", ())),
        "best": card_text(params.get("best", "")),
        "suit": suit_name(params["suit"]).lower() if "suit" in params else "",
        "stage": action_label(str(params.get("stage", ""))),
        "action": action_label(str(params.get("action", ""))),
        "text": params.get("text", ""),
        "rank": rank_text(str(params.get("rank", ""))),
        "lowest": rank_text(str(params.get("lowest", ""))),
        "cost": params.get("cost", ""),
    }
    sentence = _(template).format(**values)
    legal = params.get("legal")
    if legal and error.code not in ("round_over", "game_over"):
        sentence += " " + _("Legal now: {actions}.").format(
            actions=", ".join(action_label(a) for a in legal)
        )
    return sentence


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
    return session.presenter.status_lines(session.game, session.observation(), session.you)


def summary_lines(session: Session, summary: RoundSummary) -> list[str]:
    """The round summary: card points, roem, nat or mars, multiplier, points added."""
    lines = [_("Round {number} is over.").format(number=summary.number)]
    lines += session.presenter.summary_lines(session.game, summary, session.you)
    if any(event.kind == "trick" for event in session.events):
        lines += last_trick_lines(session)
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
                seat=_seat_label(session, seat), card=card_text(card), points=cost
            )
        )
    return lines


def game_over_lines(session: Session) -> list[str]:
    """The totals and the winner."""
    lines = [_("The game is over.")]
    return lines + session.presenter.game_over_lines(session.game, session.you)


# -- what players type -------------------------------------------------------------

COMMANDS: Final[dict[str, str]] = {
    "hint": N_("hint"),
    "undo": N_("undo"),
    "save": N_("save"),
    "load": N_("load"),
    "score": N_("score"),
    "sheet": N_("sheet"),
    "last": N_("last"),
    "rules": N_("rules"),
    "help": N_("help"),
    "quit": N_("quit"),
    "new": N_("new"),
}
"""The plain mode's commands (English name: the word in the current language)."""
_ACTION_WORDS: Final[dict[str, str]] = {
    "pass": N_("pass"),
    "take": N_("take"),
    "contra": N_("contra"),
    "re": N_("re"),
    "superkraken": N_("superkraken"),
    "roem": N_("roem"),
    "buyback": N_("buy back"),
}
"""Actions by the word a player of the current language types."""


def command(word: str) -> str | None:
    """The English command a typed word names (``tip`` in Dutch is ``hint``), or None."""
    word = word.strip().lower()
    for name, local in COMMANDS.items():
        if word in (name, _(local).lower()):
            return name
    return None


def _plain_words(label: str) -> str:
    """A label as a player types it: lower case, no suit symbols nor ``(×2)``."""
    words = label.lower()
    for symbol in "♣♦♥♠":
        words = words.replace(symbol, " ")
    return " ".join(w for w in words.split() if not w.startswith("(×"))


def read_action(entry: str, legal: Sequence[str]) -> str:
    """The action ``entry`` names: a card in the language's letters (``8r``), the
    label the table shows for a legal action (``Hearts ♥``, ``Contra (×2)``), its
    word in the current language (``pas``) or the engine's text (``pass``); the
    entry itself when it names none of these (the engine then says why)."""
    card = read_card(entry)
    if card is not None:
        return card
    typed = _plain_words(entry)
    for action in legal:
        names = {action.lower(), _plain_words(action_label(action))}
        if action in _ACTION_WORDS:
            names.add(_(_ACTION_WORDS[action]).lower())
        if action.startswith("trump "):
            names.add(suit_name(action.split()[1]).lower())
        if typed in names:
            return action
    return entry


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
    "signals": N_("Partner signals (agreed out loud)"),
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
    "four_colour": N_("Four-colour deck (diamonds blue, clubs green)"),
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
_FIELD_VALUES: Final[dict[str, dict[str, str]]] = {
    "signals": {
        "none": N_("no signals"),
        "high_asks": N_("a high discard asks for the suit"),
        "low_asks": N_("a low discard asks for the suit"),
    },
}
"""Values whose label depends on their field (``none`` is "no roem" for ``roem``)."""


def field_label(name: str) -> str:
    """The settings label of a rules field (or a table setting); a field the
    catalogs do not know shows its name."""
    return _(_FIELDS[name]) if name in _FIELDS else name.replace("_", " ")


def value_label(value: str, field: str | None = None) -> str:
    """The settings label of a rules value, of ``field`` when given (a value the
    catalogs do not know shows as it is)."""
    own = _FIELD_VALUES.get(field or "", {})
    if value in own:
        return _(own[value])
    return _(_VALUES[value]) if value in _VALUES else str(value)


# -- help and rules ---------------------------------------------------------------

KEY_HELP: Final[tuple[tuple[str, str], ...]] = (
    ("←/→ Enter 1-9", N_("play")),
    ("t", N_("type")),
    ("h", N_("hint")),
    ("u", N_("undo")),
    ("v", N_("last trick")),
    ("k", N_("sheet")),
    ("s/l", N_("save/load")),
    ("p", N_("replay")),
    ("o", N_("settings")),
    ("r", N_("rules")),
    ("q", N_("quit")),
)
"""The Textual table's keys and what they do (translate the second item)."""

PLAIN_HELP: Final[tuple[tuple[str, str], ...]] = (
    ("hint", N_("what the strong bot would do, and why")),
    ("undo", N_("undo your last card")),
    ("save", N_("save the game to a file: save FILE")),
    ("load", N_("load a game from a file: load FILE")),
    ("score", N_("show the score")),
    ("sheet", N_("show the score sheet of every round")),
    ("last", N_("show the last trick")),
    ("rules", N_("rules")),
    ("quit", N_("quit")),
)
"""The plain mode's commands (English names, shown in the current language) and
what they do."""


def plain_help() -> list[str]:
    """The plain mode's help: numbers, cards and actions, and each command in the
    current language (the English names work too)."""
    lines = [
        _("1, 2, ...: play the card or take the choice with that number"),
        _("{examples}: play a card or take an action by its name").format(
            examples=", ".join([typed_card("JH"), typed_card("TH"), _(_ACTION_WORDS["pass"])])
        ),
    ]
    for name, meaning in PLAIN_HELP:
        lines.append(f"{_(COMMANDS[name])}: {_(meaning)}")
    return lines


def rules_paragraphs(kind: str) -> list[str]:
    """The rules of ``kind`` explained in the current language, paragraph by paragraph."""
    return presenter(kind).rules_paragraphs()
