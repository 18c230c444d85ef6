"""The score sheet in words for the terminal: a round typed on one line, and the
history, totals and results as text, in the player's language.

A Kraken round: the declaring team (1 or 2) and its card points, then options::

    1 82                      team 1 declared and took 82 card points
    2 70 other                the 70 points are the other team's (team 1's)
    1 90 roem=20+50/20 contra team 1 had 20 and 50 roem, team 2 had 20; contra
    2 162 mars spades by=E    team 2 took every trick, spades were trump, East declared
    1 90 declared=50,0,20,0 stuk=S   hand roem: each seat's declaration, S had stuk

A Gurka round: each player's penalty, or the scoring trick's cards and who played them::

    p 0 13 0 13
    t Ann:9C Bo:QS Cy:4D Di:QH        (with "every trick": the six tricks split by |)
"""

from __future__ import annotations

from typing import Final

from cardtable.kraken.seat import Seat
from cardtable.sheet.gurka import GurkaEntry, GurkaSheet
from cardtable.sheet.gurka import ScoredRound as GurkaRound
from cardtable.sheet.kraken import KrakenEntry, KrakenSheet, ScoredRound
from cardtable.tui.i18n import _

__all__ = [
    "buyback_question",
    "gurka_lines",
    "gurka_round_line",
    "gurka_text",
    "kraken_lines",
    "kraken_round_line",
    "kraken_text",
    "parse_gurka",
    "parse_kraken",
    "reason_words",
]

_CHALLENGES: Final[tuple[str, ...]] = ("contra", "re", "superkraken")


def _team(text: str) -> int:
    if text not in ("1", "2"):
        raise ValueError(_("a team is 1 or 2, not {text}").format(text=text))
    return int(text) - 1


def _numbers(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(n) for n in text.replace("+", " ").replace(",", " ").split())
    except ValueError:
        raise ValueError(_("{text} is not a list of numbers").format(text=text)) from None


def parse_kraken(text: str) -> KrakenEntry:
    """A Kraken round from its line (see the module's help); ``ValueError`` says what
    is wrong with the line (the sheet checks the rules)."""
    words = text.split()
    if len(words) < 2 or not words[1].lstrip("-").isdigit():
        raise ValueError(_("start with the declaring team (1 or 2) and its card points"))
    declarers = _team(words[0])
    fields: dict[str, object] = {
        "declarers": declarers,
        "points_of": declarers,
        "card_points": int(words[1]),
    }
    for word in words[2:]:
        key, _sep, value = word.partition("=")
        if key == "other":
            fields["points_of"] = 1 - declarers
        elif key in _CHALLENGES:
            fields["challenge"] = key
        elif key == "spades":
            fields["spades"] = True
        elif key == "mars":
            fields["mars"] = _team(value) if value else declarers
        elif key == "roem":
            ours, _slash, theirs = value.partition("/")
            # A team without roem may be written as nothing, 0 or "-" (as on paper).
            fields["roem"] = tuple(
                tuple(n for n in _numbers(team.replace("-", " ")) if n) for team in (ours, theirs)
            )
        elif key == "declared":
            declared = _numbers(value)
            if len(declared) != 4:
                raise ValueError(_("declared= needs four numbers, one per seat N, E, S, W"))
            fields["declared"] = declared
        elif key == "stuk":
            seat = Seat.parse(value)
            fields["stuk"] = tuple(s == seat for s in Seat)
        elif key == "by":
            fields["declarer"] = int(Seat.parse(value))
        else:
            raise ValueError(_("unknown word {word}: see help").format(word=word))
    return KrakenEntry(**fields)  # type: ignore[arg-type]


def kraken_text(entry: KrakenEntry) -> str:
    """The line that :func:`parse_kraken` reads back as ``entry``."""
    words = [str(entry.declarers + 1), str(entry.card_points)]
    if entry.points_of != entry.declarers:
        words.append("other")
    if any(entry.roem):
        words.append("roem=" + "/".join("+".join(map(str, team)) for team in entry.roem))
    if entry.challenge != "none":
        words.append(entry.challenge)
    if entry.mars is not None:
        words.append(f"mars={entry.mars + 1}")
    if entry.spades:
        words.append("spades")
    if any(entry.declared):
        words.append("declared=" + ",".join(map(str, entry.declared)))
    if any(entry.stuk):
        words.append(f"stuk={Seat(entry.stuk.index(True)).letter}")
    if entry.declarer is not None:
        words.append(f"by={Seat(entry.declarer).letter}")
    return " ".join(words)


def _sum(cards: int, roem: int) -> str:
    return f"{cards} + {roem}" if roem else str(cards)


def reason_words(scored: ScoredRound) -> str:
    """Why the declarers made it or went nat, in words."""
    reason = scored.reason()
    ours, theirs = _sum(*reason["declarers"]), _sum(*reason["defenders"])
    if reason["nat"]:
        return _("nat: {ours} is not more than {theirs}").format(ours=ours, theirs=theirs)
    return _("made: {ours} is more than {theirs}").format(ours=ours, theirs=theirs)


def kraken_round_line(sheet: KrakenSheet, scored: ScoredRound) -> str:
    """One round of the history: what was entered, the points and the totals."""
    result, (a, b) = scored.result, sheet.teams
    notes = [reason_words(scored)]
    if result.mars is not None:
        notes.append(_("mars for {team}").format(team=sheet.teams[result.mars]))
    if result.multiplier > 1:
        notes.append(f"x{result.multiplier}")
    head = _("Round {number} (dealer {dealer}): {team} declared").format(
        number=scored.number,
        dealer=_seat_name(sheet, scored.dealer),
        team=sheet.teams[result.declarers],
    )
    points = f"{a} {result.points[0]}, {b} {result.points[1]}"
    totals = _("totals {a} - {b}").format(a=scored.totals[0], b=scored.totals[1])
    return f"{head}; {points} ({'; '.join(notes)}); {totals}"


def _seat_name(sheet: KrakenSheet, seat: int) -> str:
    return sheet.players[seat] if sheet.players else Seat(seat).letter


def kraken_lines(sheet: KrakenSheet) -> list[str]:
    """The state of the game: totals, the next dealer or the end."""
    (a, b), (ta, tb) = sheet.teams, sheet.totals
    rules = sheet.rules
    length = (
        _("playing to {target} points").format(target=rules.target_score)
        if rules.target_score is not None
        else _("{rounds} rounds").format(rounds=rules.rounds)
    )
    score = f"{a} {ta} - {b} {tb}"
    lines = [_("Kraken: {score}, {length}").format(score=score, length=length)]
    if sheet.is_over:
        winner = sheet.winner
        lines.append(
            _("The game is over: a draw.")
            if winner is None
            else _("The game is over: {team} win.").format(team=sheet.teams[winner])
        )
    else:
        assert sheet.next_dealer is not None
        lines.append(
            _("Round {number}: {seat} deals.").format(
                number=len(sheet.rounds) + 1, seat=_seat_name(sheet, sheet.next_dealer)
            )
        )
    return lines


def _seat_of(text: str, names: tuple[str, ...]) -> int:
    lowered = [n.lower() for n in names]
    if text.lower() in lowered:
        return lowered.index(text.lower())
    if text.isdigit() and 1 <= int(text) <= len(names):
        return int(text) - 1
    raise ValueError(
        _("{text} is not a player: a name or a number 1 to {count}").format(
            text=text, count=len(names)
        )
    )


def parse_gurka(text: str, names: tuple[str, ...]) -> GurkaEntry:
    """A Gurka round (without buy-backs) from its line: ``p`` and each player's
    penalty, or ``t`` and the scoring trick's ``player:card`` plays."""
    kind, _sep, rest = text.strip().partition(" ")
    if kind == "p":
        words = rest.replace("-", "0").split()
        penalties = _numbers(" ".join(words))
        if len(penalties) != len(names):
            raise ValueError(
                _("enter {count} penalties, one per player in seat order").format(count=len(names))
            )
        return GurkaEntry(penalties=penalties)
    if kind == "t":
        tricks = []
        for trick in rest.split("|"):
            plays = []
            for play in trick.split():
                who, colon, card = play.partition(":")
                if not colon:
                    raise ValueError(_("a play is player:card, such as Ann:QS"))
                plays.append((_seat_of(who, names), card))
            tricks.append(tuple(plays))
        return GurkaEntry(tricks=tuple(tricks))
    raise ValueError(_("start with p (penalties) or t (the trick's cards): see help"))


def gurka_text(entry: GurkaEntry, names: tuple[str, ...]) -> str:
    """The line that :func:`parse_gurka` reads back as ``entry`` (without buy-backs)."""
    if entry.penalties is not None:
        return "p " + " ".join(map(str, entry.penalties))
    assert entry.tricks is not None
    return "t " + " | ".join(
        " ".join(f"{names[seat]}:{card}" for seat, card in trick) for trick in entry.tricks
    )


def gurka_round_line(sheet: GurkaSheet, scored: GurkaRound) -> str:
    """One round of the history: penalties, scores, who went out or bought back."""
    names = sheet.players
    scores = ", ".join(
        f"{names[s]} {scored.scores[s]}"
        + (f" (+{scored.penalties[s]})" if scored.penalties[s] else "")
        for s in scored.seats
    )
    line = _("Round {number} (dealer {dealer}): {scores}").format(
        number=scored.number, dealer=names[scored.dealer], scores=scores
    )
    if scored.eliminated:
        line += "; " + _("out: {names}").format(
            names=", ".join(names[s] for s in scored.eliminated)
        )
    if scored.entry.buybacks:
        line += "; " + _("bought back at {level}: {names}").format(
            level=scored.level, names=", ".join(names[s] for s in scored.entry.buybacks)
        )
    return line


def gurka_lines(sheet: GurkaSheet) -> list[str]:
    """The state of the game: who is in, the pot, the next dealer or the winners."""
    names, rules = sheet.players, sheet.rules
    lines = [
        _("Gurka: out at {limit}; pot {pot} chips").format(limit=rules.eliminate_at, pot=sheet.pot),
        ", ".join(
            f"{names[s]} {sheet.scores[s]}" + ("" if s in sheet.alive else " " + _("(out)"))
            for s in range(len(names))
        ),
    ]
    if sheet.is_over:
        winners = ", ".join(names[s] for s in sheet.winners)
        lines.append(
            _("The game is over: {names} win the pot.").format(names=winners)
            if len(sheet.winners) == 1
            else _("The game is over: {names} share the pot.").format(names=winners)
        )
        lines.append(
            _("Chips: {chips}").format(
                chips=", ".join(f"{names[s]} {c:+d}" for s, c in enumerate(sheet.chips))
            )
        )
    else:
        assert sheet.next_dealer is not None
        lines.append(
            _("Round {number}: {seat} deals.").format(
                number=len(sheet.rounds) + 1, seat=names[sheet.next_dealer]
            )
        )
    return lines


def buyback_question(sheet: GurkaSheet, seat: int, level: int) -> str:
    """The offer to an out player."""
    cost = sheet.ledger.buyback_cost(seat)
    return _("{name} is out: buy back in at {level} for {cost} chips? (y/n)").format(
        name=sheet.players[seat], level=level, cost=cost
    )
