"""The translated rules help keeps the English page's shape, so links by English heading work.

Every ``rules_help.<lang>.md`` must have the English file's headings (same count, same
levels, in the same order), each ending in ``{#English heading}``, the same paragraphs, list
items and pictures as the rules screen parses them, and must really be translated: most of its
body lines differ from the English.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.ui import markdown

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("breaking_away", "breakaway_rider", "leader1", "football", "breakout")
LANGUAGES = ("de", "fr", "it")

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
_ANCHOR = re.compile(r"^(.*?)\s*\{#([^}]*)\}$")
_SPRITE = re.compile(r"\(sprite:([^)\s]+)\)")


def _headings(text: str) -> list[tuple[int, str]]:
    """(level, text) of every heading line, in order."""
    found = []
    for line in text.splitlines():
        match = _HEADING.match(line)
        if match:
            found.append((len(match.group(1)), match.group(2)))
    return found


def _body_lines(text: str) -> list[str]:
    """Lines that carry prose: not blank, not headings, not pictures."""
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.startswith("#") and not _SPRITE.search(line)]


def _paths(game: str, language: str) -> tuple[Path, Path]:
    folder = ROOT / "game" / "games" / game
    return folder / "rules_help.md", folder / f"rules_help.{language}.md"


CASES = [(game, language) for game in GAMES for language in LANGUAGES]


@pytest.mark.parametrize(("game", "language"), CASES)
def test_translation_exists(game: str, language: str) -> None:
    english, translated = _paths(game, language)
    assert english.is_file()
    assert translated.is_file(), f"{translated.relative_to(ROOT)} is missing"


@pytest.mark.parametrize(("game", "language"), CASES)
def test_headings_match_english_with_anchors(game: str, language: str) -> None:
    english, translated = _paths(game, language)
    source = _headings(english.read_text(encoding="utf-8"))
    target = _headings(translated.read_text(encoding="utf-8"))
    assert [level for level, _ in target] == [level for level, _ in source]
    for (_, english_text), (_, line) in zip(source, target):
        match = _ANCHOR.match(line)
        assert match, f"heading {line!r} has no {{#English heading}} anchor"
        shown, anchor = match.groups()
        assert anchor == english_text, f"{line!r} should name {english_text!r}"
        assert shown.strip(), f"heading {line!r} shows no text"


@pytest.mark.parametrize(("game", "language"), CASES)
def test_pictures_are_kept(game: str, language: str) -> None:
    english, translated = _paths(game, language)
    assert (_SPRITE.findall(translated.read_text(encoding="utf-8"))
            == _SPRITE.findall(english.read_text(encoding="utf-8")))


@pytest.mark.parametrize(("game", "language"), CASES)
def test_rules_screen_reads_the_same_blocks(game: str, language: str) -> None:
    """Paragraphs, list items (with their numbers) and pictures line up one for one."""
    english, translated = _paths(game, language)

    def shape(path: Path) -> list[tuple[str, int, str, str]]:
        return [(block.kind, block.level, block.marker, block.sprite)
                for block in markdown.parse(path.read_text(encoding="utf-8"))]

    assert shape(translated) == shape(english)


@pytest.mark.parametrize(("game", "language"), CASES)
def test_body_is_translated(game: str, language: str) -> None:
    english, translated = _paths(game, language)
    english_lines = set(_body_lines(english.read_text(encoding="utf-8")))
    lines = _body_lines(translated.read_text(encoding="utf-8"))
    assert len(lines) >= len(english_lines) // 2, "much shorter than the English page"
    unchanged = [line for line in lines if line in english_lines]
    assert len(unchanged) <= len(lines) // 10, f"left in English: {unchanged[:3]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_glossary_exists(language: str) -> None:
    glossary = ROOT / "game" / "locale" / language / "GLOSSARY.md"
    assert glossary.is_file()
    assert "|" in glossary.read_text(encoding="utf-8")
