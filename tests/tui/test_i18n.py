"""Languages: the catalogs hold every string, the .mo files match the .po files, and
each language renders the table without a missing string."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from cardtable import gurka, kraken
from cardtable.tui import text
from cardtable.tui.i18n import LANGUAGES, LOCALE_DIR, _, detect_language, missing, set_language
from cardtable.tui.plain import PlainTable
from cardtable.tui.session import Session, Settings

from .conftest import hint_bot, random_bots
from .helpers import SIZE, fast_app, settle

SOURCE = Path(__file__).parents[2] / "src" / "cardtable" / "tui"


def extracted() -> set[str]:
    """Every message marked in the source, extracted afresh with Babel."""
    keywords = {"_": None, "N_": None}
    return {
        message
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(SOURCE), keywords=keywords
        )
        if isinstance(message, str)
    }


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_string_is_translated(code: str) -> None:
    po = read_po((LOCALE_DIR / code / "LC_MESSAGES" / "cardtable.po").open("rb"))
    translated = {m.id: m.string for m in po if m.id and m.string and not m.fuzzy}
    untranslated = sorted(extracted() - set(translated))
    assert not untranslated, f"{code}: run the pybabel commands of docs/tui.md: {untranslated}"


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_compiled_catalogs_match_the_po_files(code: str) -> None:
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    po = read_po((folder / "cardtable.po").open("rb"))
    mo = read_mo((folder / "cardtable.mo").open("rb"))
    assert {m.id: m.string for m in po if m.id} == {m.id: m.string for m in mo if m.id}, (
        f"{code}: the .mo is stale; run pybabel compile (docs/tui.md)"
    )


def test_the_template_is_up_to_date() -> None:
    pot = read_po((LOCALE_DIR / "cardtable.pot").open("rb"))
    assert {m.id for m in pot if m.id} == extracted()


def test_system_locale_and_unknown_languages() -> None:
    assert detect_language({"LC_ALL": "fr_FR.UTF-8", "LANG": "nl_NL"}) == "fr"
    assert detect_language({"LANGUAGE": "de:nl"}) == "nl"
    assert detect_language({}) == "en"
    with pytest.raises(ValueError, match="unknown language 'de'"):
        set_language("de")


def every_text(code: str) -> list[str]:
    """Render everything a player reads in both games, in ``code``."""
    set_language(code)
    lines: list[str] = []
    for settings in (
        Settings(
            seed=3,
            rules_by_game={"kraken": kraken.Rules(rounds=1, roem="hand", trump_choice="random")},
        ),
        Settings(
            game="gurka", rules_by_game={"gurka": gurka.Rules(players=3, eliminate_at=12)}, seed=3
        ),
    ):
        session = Session(settings, bot_factory=random_bots, hint_bot=hint_bot())
        feed = iter(["help", "rules", "score", "hint", "undo", "9"])

        def read(session: Session = session, feed: object = feed) -> str | None:
            step = next(feed, None)  # type: ignore[call-overload]
            if step is not None:
                return step
            if session.is_over:
                return None
            return session.legal_actions()[-1]

        PlainTable(session, read, lines.append).run()
        for kind in ("kraken", "gurka"):
            lines.extend(text.rules_paragraphs(kind))
        for name in text._FIELDS:
            lines.append(text.field_label(name))
        for value in text._VALUES:
            lines.append(text.value_label(value))
        for field, values in text._FIELD_VALUES.items():
            lines.extend(text.value_label(value, field) for value in values)
        lines.extend(text.action_label(a) for a in ("take", "contra", "re", "superkraken", "roem"))
        lines.extend(
            text.analysis_lines(session, []) + text.analysis_lines(session, [(0, "JH", 5)])
        )
    return lines


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_each_language_renders_without_missing_strings(code: str) -> None:
    lines = every_text(code)
    assert lines
    assert not missing(), f"{code}: untranslated {sorted(missing())}"


@pytest.mark.anyio
@pytest.mark.parametrize("code", sorted(LANGUAGES))
async def test_each_language_renders_the_table(code: str) -> None:
    set_language(code)
    app = fast_app(Settings(seed=4))
    async with app.run_test(size=SIZE) as pilot:
        while await settle(pilot) != "card":
            await pilot.press("1")
        screen = app.screen
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.press("r")
        await pilot.pause()
        assert not missing(), f"{code}: untranslated {sorted(missing())}"
        await pilot.press("escape")
        await pilot.pause()
        south = str(screen.query_one("#seat-2").render())
        prompt = str(screen.query_one("#prompt").render())
    # the table speaks the language: your seat and the prompt are translated
    set_language(code)
    assert south.startswith("▶ " + text.seat_label("kraken", 2, 2))
    assert prompt == _("Your turn: play a card.")
    if code != "en":
        assert "South (you)" not in south and "Your turn" not in prompt


def test_an_untranslated_string_is_caught() -> None:
    set_language("nl")
    from cardtable.tui.i18n import _

    assert _("North") == "Noord"
    _("a sentence nobody translated")
    assert missing() == {"a sentence nobody translated"}


def test_plain_output_in_arabic() -> None:
    set_language("ar")
    out = io.StringIO()
    session = Session(Settings(seed=1), bot_factory=random_bots)
    PlainTable(session, lambda: None, lambda line: print(line, file=out)).run()
    assert "الجنوب" in out.getvalue()


def test_a_value_is_labelled_as_its_field_means_it() -> None:
    set_language("en")
    assert text.value_label("none", "signals") == "no signals"
    assert text.value_label("none", "roem") == text.value_label("none") == "no roem"
    assert text.field_label("signals") == "Partner signals (agreed out loud)"
    set_language("nl")
    assert text.value_label("high_asks", "signals") == "hoog afgooien vraagt de kleur"
    set_language("en")
