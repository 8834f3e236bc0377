"""Wrapped text breaks a long word only where the language's dictionary allows, and shows the hyphen."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.ui import draw
from game.ui.theme import Theme


@pytest.fixture
def theme():
    pygame.init()
    yield Theme()
    i18n.set_language("en")


def unbroken(lines: list[str]) -> str:
    """The wrapped lines read as one text again: a hyphen put at a line's end joins the word it split."""
    return "".join(line[:-1] if line.endswith("-") else line + " " for line in lines).strip()


@pytest.mark.parametrize("code, word, breaks", [
    ("de", "Verpflegungsplättchen", {"Ver", "Verpfle", "Verpflegungs", "Verpflegungsplätt"}),
    ("fr", "dépassement", {"dé", "dépas", "dépasse"}),
    ("it", "Strafminuten", {"Straf", "Strafmi", "Strafminu"}),
])
def test_a_word_wider_than_its_line_breaks_at_a_hyphenation_point(theme, code, word, breaks):
    i18n.set_language(code)
    width = theme.font(20).size(word)[0] * 2 // 3
    lines = draw.wrap(theme, word, width, 20)
    assert len(lines) >= 2 and all(line.endswith("-") for line in lines[:-1]), lines
    assert lines[0][:-1] in breaks, lines
    assert unbroken(lines) == word
    assert all(theme.font(20).size(line)[0] <= width for line in lines)


def test_a_line_left_a_third_empty_takes_the_first_part_of_a_long_word(theme):
    i18n.set_language("de")
    text = "im Windschatten fahren"
    width = theme.font(20).size("im Windschat-")[0]
    lines = draw.wrap(theme, text, width, 20)
    assert lines[0] == "im Windschat-", lines
    assert unbroken(lines) == text


def test_a_word_without_a_break_that_fits_is_cut_where_it_must_with_a_hyphen(theme):
    width = theme.font(20).size("12345")[0]
    lines = draw.wrap(theme, "1234567890", width, 20)
    assert all(line.endswith("-") for line in lines[:-1]) and unbroken(lines) == "1234567890", lines


def test_a_word_with_its_own_hyphen_breaks_after_it_without_another(theme):
    width = theme.font(20).size("Breakaway-")[0] + 2
    lines = draw.wrap(theme, "Breakaway-Rider", width, 20)
    assert lines == ["Breakaway-", "Rider"]


def test_the_parsed_dictionary_is_kept_and_a_damaged_copy_is_parsed_again(isolated_home, monkeypatch):
    import pyphen
    path = pyphen.LANGUAGES[pyphen.language_fallback("fr")]
    monkeypatch.setattr(pyphen, "hdcache", {})
    draw._dictionary("fr")
    [kept] = (isolated_home / "cache").glob("hyphenation-fr-*")
    pyphen.hdcache.clear()
    assert draw._dictionary("fr").positions("dépassement") == pyphen.Pyphen(filename=path, cache=False).positions(
        "dépassement")
    kept.write_bytes(b"not a dictionary")
    pyphen.hdcache.clear()
    assert draw._dictionary("fr").positions("dépassement")


def test_a_missing_dictionary_leaves_words_to_break_where_they_must(monkeypatch):
    import pyphen
    monkeypatch.setattr(pyphen, "LANGUAGES", {})
    assert draw._dictionary("de_DE") is None


def test_a_french_mark_stays_with_its_word(theme):
    i18n.set_language("fr")
    text = "Personne ne les voit ; les petits gardent « leur » place"
    for width in range(120, 400, 7):
        lines = draw.wrap(theme, text, width, 20)
        assert not any(line.startswith((";", "»")) or line.endswith("«") for line in lines), lines
        assert unbroken(lines) == text


def test_a_games_title_moves_whole_to_the_next_line_rather_than_be_split(theme):
    """A name is not hyphenated to fill a line: the launcher's "Breakaway Football" reads as two words."""
    i18n.set_language("de")
    font = theme.font(24)
    width = int(font.size("Breakaway ")[0] * 1.6)  # a third of the line left empty after the first word
    assert font.size("Breakaway Football")[0] > width
    filled = draw.wrap(theme, "Breakaway Football", width, 24)
    assert filled[0].startswith("Breakaway Foo") and filled[0].endswith("-"), filled
    assert draw.wrap(theme, "Breakaway Football", width, 24, fill_lines=False) == ["Breakaway", "Football"]
    lines, _size = draw.wrap_to_fit(theme, "Breakaway Football", width, 2, 24, fill_lines=False)
    assert lines == ["Breakaway", "Football"]
