"""The parts behind the table: card letters per language, card colours that meet
WCAG contrast, hints with a reason, the score sheet, roem by name, refusals."""

from __future__ import annotations

import itertools

import pytest

from cardtable import gurka, kraken
from cardtable.cards import CARDS, Suit
from cardtable.tui import text
from cardtable.tui.hints import advise
from cardtable.tui.i18n import set_language
from cardtable.tui.notation import read_card, show_card
from cardtable.tui.session import Session, Settings
from cardtable.tui.widgets import CARD_BACKGROUND, CHOSEN_BACKGROUND, card_colour, contrast

from .conftest import random_bots
from .test_session import play_to_end


@pytest.mark.parametrize(
    ("code", "shown", "typed"),
    [
        ("en", {"JH": "J♥", "QS": "Q♠", "KC": "K♣"}, {"jh": "JH", "10d": "TD"}),
        ("nl", {"JH": "B♥", "QS": "V♠", "KC": "H♣"}, {"bh": "JH", "8r": "8D", "hk": "KC"}),
        ("fr", {"JH": "V♥", "QS": "D♠", "KC": "R♣"}, {"vh": "JH", "dd": "QD", "rs": "KS"}),
    ],
)
def test_cards_in_the_letters_of_each_language(
    code: str, shown: dict[str, str], typed: dict[str, str]
) -> None:
    set_language(code)
    assert {card: show_card(card) for card in shown} == shown
    assert {word: read_card(word) for word in typed} == typed
    assert read_card("JH") == "JH"  # English letters work in every language
    # every card reads back from the way the table shows it
    assert all(read_card(show_card(card)) == str(card) for card in CARDS)


def test_every_card_colour_meets_wcag_contrast() -> None:
    for card, legal, four, chosen in itertools.product(
        CARDS, (True, False), (True, False), (True, False)
    ):
        background = CHOSEN_BACKGROUND if chosen else CARD_BACKGROUND
        assert contrast(card_colour(card, legal, four), background) >= 4.5, (card, legal)
    # the four-colour deck gives every suit its own colour
    assert len({card_colour(c, True, True) for c in CARDS}) == 4


def test_trumps_are_sorted_to_one_end_of_the_hand() -> None:
    hand = [c for c in CARDS if str(c) in {"7H", "AS", "JD", "9C", "TD", "KH"}]
    ordered = text.sorted_hand("kraken", hand, Suit.DIAMONDS)
    assert [str(c) for c in ordered[:2]] == ["JD", "TD"]


def test_hints_say_why() -> None:
    session = Session(Settings(seed=2, seat=0), bot_factory=random_bots)
    session.run_bots()
    # a trump choice: the score the bot expects for your team
    assert session.phase == "trump" and session.human_to_move
    hint = advise("kraken", session.observation(), 4, session.rules, 1, milliseconds=60)
    assert hint.action in session.legal_actions()
    assert hint.reason is not None and "points for your team" in hint.reason
    session.play(session.legal_actions()[0])
    session.run_bots()
    # with this seed an opponent says contra: re or pass, from the learned evaluation
    assert session.legal_actions() == ["re", "pass"]
    hint = advise("kraken", session.observation(), 4, session.rules, 1, milliseconds=60)
    assert hint.action in ("re", "pass")
    assert hint.reason is not None
    assert hint.reason.startswith("The bot's learned evaluation expects ")
    game = Session(
        Settings(game="gurka", seed=2, rules_by_game={"gurka": gurka.Rules(players=3)}),
        bot_factory=random_bots,
    )
    game.run_bots()
    hint = advise("gurka", game.observation(), 3, game.rules, 1, milliseconds=60)
    assert hint.action in game.legal_actions()
    assert hint.reason is not None and "simulated games" in hint.reason


def test_roem_is_announced_by_name_and_the_sheet_lists_each_round() -> None:
    session = Session(
        Settings(seed=11, level="easy", rules_by_game={"kraken": kraken.Rules(rounds=2)}),
        bot_factory=random_bots,
    )
    play_to_end(session)
    with_roem = [e for e in session.events if e.kind == "trick" and e.roem]
    assert with_roem, "with this seed some trick holds roem"
    sentence = text.describe_event(session, with_roem[0])
    assert "Roem: " in sentence and any(word in sentence for word in ("a run of", "stuk", "four "))
    sheet = text.score_sheet(session)
    assert sheet[0].split()[:2] == ["Round", "Declarer"]
    assert [row.split()[0] for row in sheet[1:3]] == ["1", "2"]
    assert sheet[-1] == text.status_lines(session)[-1]  # the totals: the score
