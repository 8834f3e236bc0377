"""The words on Breakaway Football's cards: none is painted into the sprites (a German player would read
English), every one is drawn by the scene through the catalogs, in the player's language, at 14 px or more."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.app import App
from game.games import all_specs
from game.games.football import scene_art
from game.games.football.cards import GAME_DAY_DECK, TEAMS
from game.games.football.scene_art import CARD_WORDS, FALLBACK_AREAS, GAME_DAY_WORDS, CardArt
from game.games.football.scene_layout import DECK_CARD, TABLE_CARD
from game.i18n import _
from game.ui.theme import MIN_FONT_PX, Theme

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tools"))

from art import draw as art_draw  # noqa: E402
from art import football as football_art  # noqa: E402

TEAM_NAMES = sorted(TEAMS)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")
    pygame.quit()


def words_painted_by_the_art_script(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the art script draws into the football sprites (its stroke font is its only way to)."""
    painted: list[str] = []
    original = art_draw.Canvas.text

    def recorded(self, string, *args, **kwargs):
        painted.append(string)
        return original(self, string, *args, **kwargs)
    monkeypatch.setattr(art_draw.Canvas, "text", recorded)
    football_art.sprites()
    return painted


def test_the_football_sprites_carry_no_words_but_the_team_names_on_their_emblems(monkeypatch):
    painted = words_painted_by_the_art_script(monkeypatch)
    assert sorted(painted) == sorted(name.upper() for name in TEAM_NAMES)


@pytest.mark.parametrize("language", ["de", "fr", "it"])
def test_the_team_names_the_emblems_carry_are_the_same_in_every_language(language):
    """Proper names (the glossaries keep them): an emblem's ribbon reads right in every language."""
    i18n.set_language(language)
    assert [_(name) for name in TEAM_NAMES] == TEAM_NAMES


def test_the_scene_knows_where_the_sprites_leave_room_for_the_words():
    geometry = json.loads((ROOT / "assets" / "sprites" / "index.json").read_text(encoding="utf-8"))["geometry"]
    for frame, areas in FALLBACK_AREAS.items():
        assert geometry[frame]["areas"] == areas, frame
    for frame, words in CARD_WORDS.items():
        assert set(words) <= set(geometry[frame]["areas"]), frame
    assert geometry["play_card_frame"]["areas"] == football_art.PLAY_AREAS


def drawn_words(monkeypatch: pytest.MonkeyPatch, language: str) -> list[tuple[str, int]]:
    """(words, size) of every text the scene draws on a Game Day card's back and faces, a revealed defense,
    and an offense card's back, in ``language``."""
    app = App(all_specs(), instant=True)
    app.set_language(language)
    drawn: list[tuple[str, int]] = []
    original = Theme.text

    def recorded(self, text, size=20, colour=(0, 0, 0)):
        drawn.append((text, size))
        return original(self, text, size, colour)
    monkeypatch.setattr(Theme, "text", recorded)
    art = CardArt(app.assets, app.theme)
    art.gameday_back(DECK_CARD)
    art.gameday_back(TABLE_CARD)
    art.gameday_face(1, TABLE_CARD)
    art.defense_face("Lightning", 1, 1, TABLE_CARD)
    art.offense_back("Pro Set", TABLE_CARD)
    monkeypatch.undo()
    app.quit()
    return drawn


def card_words_in(language: str) -> set[str]:
    i18n.set_language(language)
    words = {_(word) for area_words in CARD_WORDS.values() for word in area_words.values()}
    return words | {_("OFFENSE")}


def test_the_card_words_are_drawn_translated_in_german_and_no_smaller_than_14_px(monkeypatch):
    drawn = drawn_words(monkeypatch, "de")
    texts = {text for text, _size in drawn}
    assert card_words_in("de") <= texts
    assert {"GEWINNT GEGEN", "VERLIERT GEGEN"} <= texts
    assert not {"WIN VS.", "LOSE TO"} & texts
    # the back's name, on one line or two
    i18n.set_language("de")
    assert _(GAME_DAY_WORDS) in texts or set(_(GAME_DAY_WORDS).split()) <= texts
    sizes = {text: size for text, size in drawn if text in card_words_in("de")}
    assert min(sizes.values()) >= MIN_FONT_PX


def test_the_card_words_follow_the_language(monkeypatch):
    """French and Italian players read their own words for the corners of a Game Day card."""
    assert {"DÉF", "ATT", "GAGNE CONTRE", "PERD CONTRE"} <= {text for text, _size in drawn_words(monkeypatch, "fr")}
    assert {"DIF", "ATT", "VINCE CONTRO", "PERDE CONTRO"} <= {text for text, _size in drawn_words(monkeypatch, "it")}


def test_every_game_day_card_fits_its_words_whole_in_german_at_130_percent(monkeypatch):
    """No word on a Game Day face is cut with an ellipsis at the largest UI scale in the longest language."""
    app = App(all_specs(), instant=True)
    app.settings.ui_scale = 1.3
    app.apply_settings()
    app.set_language("de")
    cut: list[str] = []
    original = scene_art.draw.fit

    def watched(theme, content, width, size=20):
        shown = original(theme, content, width, size)
        if shown != content:
            cut.append(content)
        return shown
    monkeypatch.setattr(scene_art.draw, "fit", watched)
    art = CardArt(app.assets, app.theme)
    for number in range(1, len(GAME_DAY_DECK) + 1):
        art.gameday_face(number, TABLE_CARD)
    for team in TEAM_NAMES:
        for card in range(1, len(TEAMS[team].defense) + 1):
            for end in (1, 2):
                art.defense_face(team, card, end, TABLE_CARD)
    app.quit()
    assert cut == []
