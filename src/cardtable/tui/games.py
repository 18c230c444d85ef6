"""How each game looks at the terminal table: the one place in the terminal that
knows a game by its name.

Everything the table needs from a game's rules comes from its registered
:class:`~cardtable.game.GameKind` (seats, rules schema, new games, records). What
only the screen needs (the order of a hand, the sentences of the score, the dialog
of a phase, the rules explained) comes from a :class:`Presenter`: the
:data:`PRESENTERS` table gives Kraken and Gurka theirs, and any other registered
game gets the generic :class:`Presenter` (its cards and actions as text), so a
game installed later plays at the table at once.

>>> presenter("kraken").seat_name(2, presenter("kraken").kind.rules())
'South'
>>> presenter("gurka").seat_name(0, presenter("gurka").kind.rules())
'Player 1'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from cardtable import gurka, kraken
from cardtable.cards import Card, Suit
from cardtable.errors import IllegalAction, RecordError
from cardtable.game import GameKind, GameState, kind, kinds
from cardtable.gurka.trick import trick_taker as gurka_trick_taker
from cardtable.kraken.roem import roem_parts
from cardtable.kraken.trick import PLAIN_ORDER, TRUMP_ORDER, trick_taker
from cardtable.tui.i18n import N_, _

__all__ = [
    "PRESENTERS",
    "Event",
    "GurkaPresenter",
    "KrakenPresenter",
    "Presenter",
    "RoundSummary",
    "game_names",
    "game_rules",
    "presenter",
    "roem_text",
    "suit_name",
    "translate_seat",
]


@dataclass(frozen=True)
class Event:
    """Something that happened at the table, in order: an action or a trick taken."""

    kind: Literal["action", "trick"]
    seat: int
    """Who acted, or who took the trick."""
    action: str = ""
    """The action's canonical text (``"JH"``, ``"trump S"``, ``"contra"``...)."""
    amount: int = 0
    """Roem declared (``roem``); points in the trick (``trick``)."""
    phase: str = ""
    """The phase the action was taken in (a ``pass`` declines trump, a challenge,
    roem or a buy-back)."""
    roem: tuple[tuple[str, int], ...] = ()
    """The roem in a trick taken, part by part (see
    :func:`cardtable.kraken.roem.roem_parts`)."""
    cards: tuple[tuple[int, Any], ...] = ()
    """The trick taken: ``(seat, card)`` in the order played."""


@dataclass(frozen=True)
class RoundSummary:
    """A finished round, as the summary shows it."""

    game: str
    number: int
    """The round, counting from 1."""
    kraken_result: kraken.RoundResult | None = None
    trump: str | None = None
    """Trump suit letter (Kraken)."""
    declarer: int | None = None
    penalties: tuple[int, ...] = ()
    """Gurka: penalty points each seat scored this round."""
    scores: tuple[int, ...] = ()
    """The game totals after the round (Kraken: per team; Gurka: per seat)."""
    eliminated: tuple[int, ...] = ()
    """Gurka: seats out after the round."""


_SUITS: Final = {"C": N_("Clubs"), "D": N_("Diamonds"), "H": N_("Hearts"), "S": N_("Spades")}
_SEAT_NAMES: Final = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West")}
_PLAYER = re.compile(r"Player (\d+)")


_ROEM: Final = {
    "run3": N_("a run of three"),
    "run4": N_("a run of four"),
    "run5": N_("a run of five"),
    "stuk": N_("stuk (king and queen of trump)"),
    "fourJ": N_("four jacks"),
    "fourQ": N_("four queens"),
    "fourK": N_("four kings"),
    "fourA": N_("four aces"),
    "fourT": N_("four tens"),
}


def roem_text(parts: Sequence[tuple[str, int]]) -> str:
    """Roem part by part: ``a run of three 20, stuk (king and queen of trump) 20``."""
    return ", ".join(
        _("{roem} {points}").format(roem=_(_ROEM[name]) if name in _ROEM else name, points=points)
        for name, points in parts
    )


def suit_name(letter: str) -> str:
    """A suit's name from its letter."""
    return _(_SUITS[letter])


def translate_seat(name: str) -> str:
    """A seat name a game kind gives (``"S"``, ``"Player 3"``) in the current language;
    a name the catalogs do not know is shown as it is."""
    if name in _SEAT_NAMES:
        return _(_SEAT_NAMES[name])
    match = _PLAYER.fullmatch(name)
    if match:
        return _("Player {number}").format(number=int(match[1]))
    return name


def _history(game: Any) -> Sequence[Any]:
    """The finished rounds of a game (none for a game of one deal)."""
    history = getattr(game, "history", ())
    return history if isinstance(history, Sequence) else ()


class Presenter:
    """The generic presentation of a registered game: seats by the names the kind
    gives, cards and actions as text, the scores a game offers. Subclasses add what
    one game shows beyond that."""

    layout: str = "row"
    """How the seats sit: ``row`` (side by side) or ``around`` (four seats around
    the table, you at the bottom and your partner opposite)."""
    default_seat: int = 0
    """Your seat unless you choose one."""
    trick_points: bool = False
    """True when a trick taken is told with its points."""
    has_analysis: bool = False
    """True when :meth:`analysis` can say which cards cost points."""

    def __init__(self, game_kind: GameKind) -> None:
        self.kind = game_kind

    # -- the engine -----------------------------------------------------------------

    def new_game(self, rules: Any, seed: int, first_dealer: int | None = None) -> GameState:
        """A new game (``first_dealer`` only matters where a record names one)."""
        return self.kind.new_game(rules, seed)

    def read_record(self, record: Mapping[str, Any]) -> tuple[Any, list[str], int | None]:
        """The rules, every action in order and the first dealer (or None) of a game
        record, checked by replaying it through the engine."""
        game = self.kind.from_record(record)
        return game_rules(game), [str(a) for a in getattr(game, "actions", ())], None

    def parse(self, text: str) -> str:
        """The action ``text`` names; the engine checks it when it is applied."""
        return text.strip()

    def phase(self, game: Any) -> str:
        """What the game waits for: ``play`` (cards) unless the game says otherwise;
        ``over`` at the end."""
        if game.is_over:
            return "over"
        phase = getattr(game, "phase", None)
        if phase is None:
            phase = getattr(self.kind.current_round(game), "phase", None)
        return str(phase or "play")

    def round_number(self, game: Any) -> int:
        """The round in play, counting from 1."""
        number = getattr(game, "round_number", None)
        return int(number) if number is not None else len(_history(game)) + 1

    def dealer(self, game: Any) -> int | None:
        """The dealer of the round in play, when the game has one."""
        dealer = getattr(self.kind.current_round(game), "dealer", None)
        return None if dealer is None else int(dealer)

    def action_amount(self, rnd: Any, seat: int, action: str) -> int:
        """The amount an action carries (Kraken: roem declared); 0 by default."""
        return 0

    def trick_amount(self, trick: Any) -> int:
        """The points a trick taken is told with (see :attr:`trick_points`)."""
        return 0

    def trick_roem(self, rnd: Any, trick: Any) -> tuple[tuple[str, int], ...]:
        """The roem a trick taken scored, part by part (none by default)."""
        return ()

    def winning(self, game: Any, plays: Sequence[tuple[int, Any]]) -> int | None:
        """The seat whose card wins the trick ``plays`` so far (None: not known)."""
        return None

    def rounds_done(self, game: Any) -> int:
        """How many rounds are finished."""
        return len(_history(game))

    def summary(self, game: Any, number: int) -> RoundSummary:
        """The summary of finished round ``number`` (from 1)."""
        return RoundSummary(self.kind.name, number, scores=tuple(getattr(game, "scores", ())))

    def last_card_of(self, game: Any, actions: Sequence[str], human: int | None) -> int | None:
        """The index in ``actions`` (every action of the game) of ``human``'s last card
        of the current round that can be taken back; None when there is none."""
        return None

    def analysis(self, game: Any, number: int) -> list[tuple[int, str, int]] | None:
        """``(seat, card, points it cost)`` for round ``number``, or None."""
        return None

    # -- text -----------------------------------------------------------------------

    def title(self) -> str:
        """The game's name (translated when the catalogs know it)."""
        title = self.kind.title
        return _(title) if title in _GAME_TITLES else title

    def seat_name(self, seat: int, rules: Any) -> str:
        """The name of ``seat`` in the current language."""
        names = self.kind.seat_names(rules)
        return translate_seat(names[seat]) if 0 <= seat < len(names) else str(seat + 1)

    def partner(self, human: int | None) -> int | None:
        """Your partner's seat, in a game of partnerships (None when nobody is you)."""
        return None

    def parse_seat(self, text: str) -> int:
        """A seat from the command line: its number, counting from 1 (checked
        against the table by :class:`~cardtable.tui.session.Settings`)."""
        try:
            return int(text) - 1
        except ValueError:
            raise ValueError(f"invalid seat {text!r}: give its number, counting from 1") from None

    def seat_label(self, seat: int, human: int | None, rules: Any) -> str:
        """The seat's name, marked when it is you or your partner."""
        name = self.seat_name(seat, rules)
        if seat == human:
            return _("{seat} (you)").format(seat=name)
        if seat == self.partner(human):
            return _("{seat} (partner)").format(seat=name)
        return name

    def sorted_hand(self, hand: Sequence[Any], trump: Suit | None = None) -> list[Any]:
        """A hand in display order (as dealt by default)."""
        return list(hand)

    def prompt(self, phase: str, game: Any, observation: Any, human: int | None) -> str | None:
        """What you decide now, for a phase this game has (None: play a card)."""
        return None

    def seat_notes(self, seat: int, game: Any, observation: Any) -> list[str]:
        """What the table shows under a seat besides ``dealer``."""
        scores = getattr(game, "scores", None)
        if isinstance(scores, Sequence) and len(scores) == game.players:
            return [_("{points} points").format(points=scores[seat])]
        return []

    def status_lines(self, game: Any, observation: Any, human: int | None) -> list[str]:
        """The public state: the round and each seat's score."""
        lines = [_("Round {number}").format(number=self.round_number(game))]
        return lines + self._seat_scores(game, human)

    def _seat_scores(self, game: Any, human: int | None) -> list[str]:
        scores = getattr(game, "scores", None)
        if not isinstance(scores, Sequence) or len(scores) != game.players:
            return []
        return [
            _("{seat}: {points} points").format(
                seat=self.seat_label(seat, human, game_rules(game)), points=points
            )
            for seat, points in enumerate(scores)
        ]

    def summary_lines(self, game: Any, summary: RoundSummary, human: int | None) -> list[str]:
        """The lines of a round summary after its first."""
        return self._seat_scores(game, human)

    def score_sheet(
        self, game: Any, summaries: Sequence[RoundSummary], human: int | None
    ) -> list[str]:
        """The score sheet: the totals after each round."""
        rows = [[_("Round"), *(self.seat_name(s, game_rules(game)) for s in range(game.players))]]
        for summary in summaries:
            rows.append([str(summary.number), *(str(p) for p in summary.scores)])
        return _columns(rows)

    def game_over_lines(self, game: Any, human: int | None) -> list[str]:
        """The totals and the winner, after ``The game is over.``"""
        lines = self._seat_scores(game, human)
        winners = getattr(game, "winners", None)
        if winners:
            rules = game_rules(game)
            names = ", ".join(self.seat_label(s, human, rules) for s in winners)
            lines.append(_("Winner: {seats}").format(seats=names))
        return lines

    def rules_paragraphs(self) -> list[str]:
        """The rules explained, paragraph by paragraph (none for a game the table
        does not know)."""
        return []


def game_rules(game: Any) -> Any:
    """The rules a game is played with."""
    return game.rules


class KrakenPresenter(Presenter):
    """Kraken: four seats around the table in partnerships, trump, roem, challenges,
    and the solver's analysis of a round."""

    layout = "around"
    default_seat = int(kraken.Seat.S)
    trick_points = True
    has_analysis = True

    def new_game(self, rules: Any, seed: int, first_dealer: int | None = None) -> GameState:
        """A new game, from ``first_dealer`` when a record names one."""
        return kraken.Game(rules, seed, first_dealer)

    def read_record(self, record: Mapping[str, Any]) -> tuple[Any, list[str], int | None]:
        """The rules, actions and first dealer of a Kraken game record."""
        if record.get("type") == "round":
            raise RecordError(_("This is the record of one round; the table plays whole games."))
        game = kraken.Game.from_record(record)
        rounds = [*game.history]
        if not game.is_over:
            rounds.append(game.current)
        actions = [action for rnd in rounds for _seat, action in rnd.actions]
        return game.rules, actions, int(game.first_dealer)

    def parse(self, text: str) -> str:
        """Any spelling Kraken accepts (``10h``, ``trump h``)."""
        return kraken.parse_action(text)

    def phase(self, game: Any) -> str:
        """The round's phase (``trump``, ``challenge``, ``roem``, ``play``), ``done``
        at the end."""
        return "done" if game.is_over else str(game.current.phase)

    def round_number(self, game: Any) -> int:
        """The round in play, counting from 1 (the last one at the end)."""
        if game.rules.target_score is not None:
            return len(game.history) + (not game.is_over)
        return min(len(game.history) + 1, int(game.rules.rounds))

    def action_amount(self, rnd: Any, seat: int, action: str) -> int:
        """The roem declared by ``roem``."""
        if action != "roem":
            return 0
        return int(rnd.declared_roem.get(kraken.Seat(seat), 0))

    def trick_amount(self, trick: Any) -> int:
        """Card points and roem in the trick."""
        return int(trick.points + trick.roem)

    def trick_roem(self, rnd: Any, trick: Any) -> tuple[tuple[str, int], ...]:
        """The roem the trick scored, part by part."""
        if not trick.roem or rnd.trump is None:
            return ()
        return tuple(roem_parts(trick.cards, rnd.trump))

    def winning(self, game: Any, plays: Sequence[tuple[int, Any]]) -> int | None:
        """The seat with the highest trump, else the highest card of the suit led."""
        trump = None if game.is_over else game.current.trump
        if not plays or trump is None:
            return None
        return int(plays[trick_taker([card for _seat, card in plays], trump)][0])

    def summary(self, game: Any, number: int) -> RoundSummary:
        """The result, trump and declarer of the round."""
        done = game.history[number - 1]
        trump = done.trump
        return RoundSummary(
            self.kind.name,
            number,
            kraken_result=done.result(),
            trump=None if trump is None else trump.letter,
            declarer=None if done.declarer is None else int(done.declarer),
            scores=game.scores,
        )

    def last_card_of(self, game: Any, actions: Sequence[str], human: int | None) -> int | None:
        """Your last card (not trump, pass, contra...) in this round."""
        if game.is_over:
            return None
        round_actions = game.current.actions
        offset = len(actions) - len(round_actions)
        for index in range(len(round_actions) - 1, -1, -1):
            seat, action = round_actions[index]
            if seat == human and _is_card_action(action):
                return offset + index
        return None

    def analysis(self, game: Any, number: int) -> list[tuple[int, str, int]] | None:
        """The double-dummy solver's costs (None without the solver)."""
        if not 0 < number <= len(game.history):
            return None
        from cardtable.tui.analysis import round_costs

        return round_costs(game.history[number - 1])

    def partner(self, human: int | None) -> int | None:
        """The seat opposite."""
        return None if human is None else (human + 2) % 4

    def parse_seat(self, text: str) -> int:
        """N, E, S or W (or a name, ``south``)."""
        if text.strip().isdigit():
            raise ValueError(f"invalid seat {text!r}: choose N, E, S or W")
        try:
            return int(kraken.Seat.parse(text))
        except ValueError:
            raise ValueError(f"invalid seat {text!r}: choose N, E, S or W") from None

    def sorted_hand(self, hand: Sequence[Any], trump: Suit | None = None) -> list[Any]:
        """By suit, trumps first (in trump order), then spades, hearts, clubs,
        diamonds (alternating colours), each high to low."""
        suit_order = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)

        def key(card: Card) -> tuple[bool, int, int]:
            order = TRUMP_ORDER if card.suit == trump else PLAIN_ORDER
            return card.suit != trump, suit_order.index(card.suit), order.index(card.rank)

        return sorted(hand, key=key)

    def prompt(self, phase: str, game: Any, observation: Any, human: int | None) -> str | None:
        """Choosing trump, challenging, declaring roem."""
        if phase == "trump":
            legal = observation.legal_actions
            if observation.proposed is not None and "take" in legal:
                return _("The turned card is {card}: take {suit} as trump, or pass?").format(
                    card=observation.proposed.unicode(),
                    suit=suit_name(observation.proposed.suit.letter).lower(),
                )
            if "pass" in legal:
                return _("Choose trump, or pass.")
            return _("You must choose trump.")
        if phase == "challenge":
            return _("Challenge the declarers, or pass?")
        if phase == "roem":
            parts = roem_parts(observation.hand, observation.trump, hand=True)
            return _("You hold roem: {parts}. Declare it, or pass?").format(parts=roem_text(parts))
        return None

    def seat_notes(self, seat: int, game: Any, observation: Any) -> list[str]:
        """Declarer and roem declared."""
        notes = []
        if observation.declarer == seat:
            notes.append(_("declarer"))
        if seat in observation.declared_roem:
            notes.append(
                _("roem {points}").format(points=observation.declared_roem[kraken.Seat(seat)])
            )
        return notes

    def status_lines(self, game: Any, observation: Any, human: int | None) -> list[str]:
        """Round, dealer, trump, declarer, multiplier, card points, roem and score."""
        number, target = self.round_number(game), game.rules.target_score
        lines = [
            _("Round {number}, playing to {target} points").format(number=number, target=target)
            if target is not None
            else _("Round {number} of {total}").format(number=number, total=game.rules.rounds)
        ]
        lines.append(
            _("Dealer: {seat}").format(seat=self.seat_name(observation.dealer, game.rules))
        )
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
                    seat=self.seat_label(observation.declarer, human, game.rules)
                )
            )
        lines.append(_("Multiplier: ×{multiplier}").format(multiplier=observation.multiplier))
        lines.append(_team_line("card_points", observation.card_points, human))
        lines.append(_team_line("roem", observation.roem, human))
        lines.append(_team_line("score", game.scores, human))
        return lines

    def summary_lines(self, game: Any, summary: RoundSummary, human: int | None) -> list[str]:
        """Declarer, card points, roem, nat or mars, multiplier, points added, score."""
        result = summary.kraken_result
        if result is None:
            return []
        lines = []
        if summary.trump is not None and summary.declarer is not None:
            lines.append(
                _("{seat} declared {suit}.").format(
                    seat=self.seat_label(summary.declarer, human, game.rules),
                    suit=suit_name(summary.trump).lower(),
                )
            )
        lines.append(_team_line("card_points", result.card_points, human))
        lines.append(_team_line("roem", result.roem, human))
        if result.nat:
            lines.append(_team_sentence("nat", result.declarers, human))
        else:
            lines.append(_team_sentence("made", result.declarers, human))
        if result.mars is not None:
            lines.append(_team_sentence("mars", result.mars, human))
        lines.append(_("Multiplier: ×{multiplier}").format(multiplier=result.multiplier))
        lines.append(_team_line("points", result.points, human))
        lines.append(_team_line("score", summary.scores, human))
        return lines

    def score_sheet(
        self, game: Any, summaries: Sequence[RoundSummary], human: int | None
    ) -> list[str]:
        """A line per round: declarer, trump and multiplier, card points, roem, made,
        nat or mars, and the points (yours first, or North–South's for a viewer)."""
        us, them = _teams(human)
        teams = _("us–them") if human is not None else _("N–S – E–W")
        rows = [
            [
                _("Round"),
                _("Declarer"),
                _("Trump"),
                _("Card points"),
                _("Roem"),
                _("Result"),
                _("Points"),
            ]
        ]
        for summary in summaries:
            result = summary.kraken_result
            if result is None:
                continue
            declarer = (
                "" if summary.declarer is None else self.seat_name(summary.declarer, game.rules)
            )
            trump = "" if summary.trump is None else Suit.parse(summary.trump).symbol
            outcome = _("nat") if result.nat else _("made")
            if result.mars is not None:
                outcome += " · " + _("mars")
            rows.append(
                [
                    str(summary.number),
                    declarer,
                    f"{trump} ×{result.multiplier}",
                    f"{result.card_points[us]}–{result.card_points[them]}",
                    f"{result.roem[us]}–{result.roem[them]}",
                    outcome,
                    f"{result.points[us]}–{result.points[them]}",
                ]
            )
        return [*_columns(rows), f"({teams})", _team_line("score", game.scores, human)]

    def game_over_lines(self, game: Any, human: int | None) -> list[str]:
        """The final score of the two teams and who won."""
        lines = [_team_line("final", game.scores, human)]
        if game.winner is None:
            lines.append(_("It is a draw."))
        else:
            lines.append(_team_sentence("won", game.winner, human))
        return lines

    def rules_paragraphs(self) -> list[str]:
        """The rules of Kraken."""
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
            _(
                "The rules allow partner signals when they are agreed out loud before the "
                "game, so a table may choose one in its settings, and everyone knows it. "
                "A discard is a card that neither follows suit nor is a trump. With "
                "“a high discard asks”, discarding an ace, ten, king or queen asks your "
                "partner for that suit, and a jack, nine, eight or seven says you do not "
                "want it; with “a low discard asks” it is the other way round. Signals "
                "change neither the cards you may play nor the score."
            ),
        ]


class GurkaPresenter(Presenter):
    """Gurka: every seat for itself, penalty points, the pot and buying back in."""

    def parse(self, text: str) -> str:
        """A card in any spelling, ``buyback`` or ``pass``."""
        word = text.strip().lower()
        if word in (gurka.BUYBACK, gurka.PASS):
            return word
        try:
            return str(Card.parse(text))
        except ValueError as error:
            raise IllegalAction(str(error)) from None

    def winning(self, game: Any, plays: Sequence[tuple[int, Any]]) -> int | None:
        """The seat with the highest rank (the last played among equals)."""
        if not plays:
            return None
        cards = [card for _seat, card in plays]
        return int(plays[gurka_trick_taker(cards, game.rules)][0])

    def summary(self, game: Any, number: int) -> RoundSummary:
        """The penalties of the round, the totals and who is out."""
        rnd = game.history[number - 1]
        return RoundSummary(
            self.kind.name,
            number,
            penalties=rnd.result(),
            scores=game.scores,
            eliminated=tuple(s for s in range(game.players) if s not in game.alive),
        )

    def last_card_of(self, game: Any, actions: Sequence[str], human: int | None) -> int | None:
        """Your last card in the tricks of this round."""
        if game.phase != "play":
            return None
        played = [seat for trick in game.current.tricks for seat, _card in trick.plays]
        played += [seat for seat, _card in game.current.trick]
        offset = len(actions) - len(played)
        for index in range(len(played) - 1, -1, -1):
            if played[index] == human:
                return offset + index
        return None

    def sorted_hand(self, hand: Sequence[Any], trump: Suit | None = None) -> list[Any]:
        """Low to high by rank."""
        return sorted(hand, key=lambda c: (c.rank, c.suit))

    def prompt(self, phase: str, game: Any, observation: Any, human: int | None) -> str | None:
        """Buying back in."""
        if phase == "buyback":
            return _("You are out. Buy back in for {cost} chips, or pass?").format(
                cost=game.buyback_cost(human)
            )
        return None

    def seat_notes(self, seat: int, game: Any, observation: Any) -> list[str]:
        """Penalty points, and cards in hand or out."""
        notes = [_("{points} points").format(points=game.scores[seat])]
        if seat not in game.alive:
            notes.append(_("out"))
        else:
            notes.append(_("{cards} cards").format(cards=observation.hand_sizes[seat]))
        return notes

    def status_lines(self, game: Any, observation: Any, human: int | None) -> list[str]:
        """Round, pot, elimination score and every seat's points."""
        lines = [_("Round {number}").format(number=self.round_number(game))]
        lines.append(_("Pot: {chips} chips").format(chips=game.pot))
        lines.append(_("Out at {points} penalty points").format(points=game.rules.eliminate_at))
        for seat in range(game.players):
            entry = _("{seat}: {points} points").format(
                seat=self.seat_label(seat, human, game.rules), points=game.scores[seat]
            )
            if seat not in game.alive:
                entry += " · " + _("out")
            lines.append(entry)
        return lines

    def summary_lines(self, game: Any, summary: RoundSummary, human: int | None) -> list[str]:
        """Each seat's penalty points of the round and total, and who is out."""
        lines = []
        for seat, points in enumerate(summary.penalties):
            entry = _("{seat}: +{points} penalty points, total {total}").format(
                seat=self.seat_label(seat, human, game.rules),
                points=points,
                total=summary.scores[seat],
            )
            if seat in summary.eliminated:
                entry += " · " + _("out")
            lines.append(entry)
        return lines

    def score_sheet(
        self, game: Any, summaries: Sequence[RoundSummary], human: int | None
    ) -> list[str]:
        """A line per round with every player's penalty points (``out`` marks who
        went out), and the totals."""
        rows = [[_("Round"), *(self.seat_name(s, game.rules) for s in range(game.players))]]
        for summary in summaries:
            cells = [str(summary.number)]
            for seat, points in enumerate(summary.penalties):
                cells.append(f"+{points}" + (" " + _("out") if seat in summary.eliminated else ""))
            rows.append(cells)
        rows.append([_("Total"), *(str(p) for p in game.scores)])
        return _columns(rows)

    def game_over_lines(self, game: Any, human: int | None) -> list[str]:
        """Points and chips of every seat, and the winner."""
        lines = []
        for seat in range(game.players):
            lines.append(
                _("{seat}: {points} points, {chips} chips").format(
                    seat=self.seat_label(seat, human, game.rules),
                    points=game.scores[seat],
                    chips=game.chips[seat],
                )
            )
        winners = ", ".join(self.seat_label(s, human, game.rules) for s in game.winners)
        lines.append(_("Winner: {seats}").format(seats=winners))
        return lines

    def rules_paragraphs(self) -> list[str]:
        """The rules of Gurka."""
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


PRESENTERS: Final[dict[str, type[Presenter]]] = {
    "kraken": KrakenPresenter,
    "gurka": GurkaPresenter,
}
"""The games the table presents beyond the generic :class:`Presenter`, in the
order the table lists games."""

_GAME_TITLES: Final = (N_("Kraken"), N_("Gurka"))
"""The titles of the games above, for the catalogs."""


def presenter(name: str) -> Presenter:
    """The presenter of the registered game ``name`` (``ValueError`` for a game that
    is not registered)."""
    game_kind = kind(name)
    return PRESENTERS.get(name, Presenter)(game_kind)


def game_names() -> tuple[str, ...]:
    """The registered games in the order the table lists them: those of
    :data:`PRESENTERS` first, then any other."""
    registered = kinds()
    known = tuple(name for name in PRESENTERS if name in registered)
    return known + tuple(name for name in registered if name not in known)


def _columns(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows of cells as lines of aligned columns."""
    widths = [max(len(row[i]) for row in rows if i < len(row)) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows]


_TEAM_LINES: Final = {
    "card_points": (
        N_("Card points: us {us}, them {them}"),
        N_("Card points: North–South {us}, East–West {them}"),
    ),
    "roem": (N_("Roem: us {us}, them {them}"), N_("Roem: North–South {us}, East–West {them}")),
    "score": (N_("Score: us {us}, them {them}"), N_("Score: North–South {us}, East–West {them}")),
    "points": (
        N_("Points added: us {us}, them {them}"),
        N_("Points added: North–South {us}, East–West {them}"),
    ),
    "final": (
        N_("Final score: us {us}, them {them}"),
        N_("Final score: North–South {us}, East–West {them}"),
    ),
}
"""Per-team lines: seen from your seat (us, them), or by a viewer of a game of
bots (North–South first)."""
_TEAM_SENTENCES: Final = {
    "nat": (N_("We are nat!"), N_("They are nat!"), N_("{team} are nat!")),
    "made": (N_("We made it."), N_("They made it."), N_("{team} made it.")),
    "mars": (
        N_("Mars: we took every trick!"),
        N_("Mars: they took every trick!"),
        N_("Mars: {team} took every trick!"),
    ),
    "won": (N_("We won!"), N_("They won."), N_("{team} won.")),
}
"""Sentences about one team: ours, theirs, or named (no seat is yours)."""
_TEAM_NAMES: Final = (N_("North–South"), N_("East–West"))


def _team_line(name: str, values: Any, human: int | None) -> str:
    """A per-team line (see :data:`_TEAM_LINES`) filled from ``values`` by team."""
    ours, neutral = _TEAM_LINES[name]
    if human is None:
        return _(neutral).format(us=values[0], them=values[1])
    us, them = _teams(human)
    return _(ours).format(us=values[us], them=values[them])


def _team_sentence(name: str, team: int, human: int | None) -> str:
    """A sentence about ``team`` (see :data:`_TEAM_SENTENCES`)."""
    ours, theirs, named = _TEAM_SENTENCES[name]
    if human is None:
        return _(named).format(team=_(_TEAM_NAMES[team]))
    return _(ours) if team == human % 2 else _(theirs)


def _teams(human: int | None) -> tuple[int, int]:
    """(your team, the other team) in Kraken (North–South first for a viewer)."""
    if human is None:
        return 0, 1
    return human % 2, 1 - human % 2


def _is_card_action(action: str) -> bool:
    """True when a Kraken action plays a card (not trump, pass, contra, re, roem...)."""
    from cardtable.kraken.actions import KEYWORDS

    return action not in KEYWORDS and not action.startswith("trump ")
