"""The Records screen's charts: chosen by keyboard, told game by game under the pointer, a clear sentence where
no result is kept yet, and saved as a picture into the pictures folder without ever overwriting one; a disk
problem is told in words."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.core.records import HISTORY_KEEP, RECORDS_VERSION, GameHistory, PastGame, records_path
from game.ui.records_chart import chart_layout, game_words, records_picture
from game.ui.theme import Theme
from scene_input import click, hover
from test_draw_changes_nothing import assert_draw_changes_nothing
from test_text_size import LANGUAGE_RUNS, LayoutWatch, TextWatch
from ui_support import button, key, make_app, press, step, top_name

RACE = [{"date": "2024-03-01", "place": 2, "seats": 3, "won": False, "score": 4.0, "bots": "easy"},
        {"date": "2024-03-02", "place": 1, "seats": 3, "won": True, "score": 9.0, "bots": "hard"},
        {"date": "2024-03-03", "place": 3, "seats": 4, "won": False, "score": 1.0}]
DUEL = [{"date": "2024-04-01", "place": 1, "seats": 2, "won": True},
        {"date": "2024-04-02", "place": 1, "seats": 2, "won": False},
        {"date": "2024-04-03", "place": 2, "seats": 2, "won": False}]


#: a full history of tables of ten: the place scale names only some places
CROWDED = [{"date": "2024-05-01", "place": 1 + n % 10, "seats": 10, "won": n % 10 == 0, "score": 1234.5,
            "bots": "normal"} for n in range(HISTORY_KEEP)]


def open_records(language: str = "en", scale: float = 1.0):  # type: ignore[no-untyped-def]
    records_path().parent.mkdir(parents=True, exist_ok=True)
    records_path().write_text(json.dumps({"version": RECORDS_VERSION, "players": {"Anna": {
        "high-card": {"played": 5, "won": 2, "best": {}, "history": RACE},
        "old-duel": {"played": 3, "won": 1, "best": {}, "history": DUEL},
        "totals-only": {"played": 2, "won": 0, "best": {}},
        "crowded-race": {"played": 150, "won": 15, "best": {}, "history": CROWDED}}}}))
    app = make_app()
    if (language, scale) != ("en", 1.0):
        app.settings.ui_scale = scale
        app.apply_settings()
        app.set_language(language)
    app.manager.push(app.scenes.records())
    step(app)
    assert top_name(app) == "RecordsScene"
    return app, app.manager.top


def test_the_chooser_turns_the_card_to_each_game_chart_by_keyboard():
    app, records = open_records()
    assert records.shown_game is None and records.layout is None and not button(app, "Save picture").enabled
    key(app, pygame.K_TAB)
    assert records.form.focus is records.chooser
    key(app, pygame.K_RIGHT)
    assert records.shown_game == "high-card" and not records.duel and records.layout is not None
    assert [game.number for game in records.history.games] == [3, 4, 5]
    assert records.history.win_share == (1 / 3, 2 / 4, 2 / 5)
    assert button(app, "Save picture").enabled
    key(app, pygame.K_RIGHT)
    assert records.shown_game == "old-duel" and records.duel, "a game no longer installed: two seats make a duel"
    key(app, pygame.K_RIGHT)
    assert records.shown_game == "totals-only" and records.layout is None
    assert not button(app, "Save picture").enabled
    assert button(app, "Save picture").tooltip_text() == "This game has no chart yet."
    key(app, pygame.K_RIGHT)
    assert records.shown_game == "crowded-race" and not records.duel
    assert [game.number for game in records.history.games] == list(range(51, 151))
    key(app, pygame.K_RIGHT)
    assert records.shown_game is None


@pytest.mark.parametrize("language, scale", [("en", 1.0), ("en", 1.3), *LANGUAGE_RUNS],
                         ids=[f"{code}-{round(scale * 100)}" for code, scale in [("en", 1.0), ("en", 1.3),
                                                                                 *LANGUAGE_RUNS]])
def test_every_chart_fits_its_card_in_every_language(language, scale, monkeypatch):
    """The text-size watches over each chart (race, duel, no history, a crowded race), a game pointed at."""
    small, watch = TextWatch(monkeypatch), LayoutWatch(monkeypatch)
    try:
        app, records = open_records(language, scale)
        key(app, pygame.K_TAB)
        for _game in range(4):
            key(app, pygame.K_RIGHT)
            if records.layout is not None:
                hover(app, (records.layout.results.centerx, records.layout.results.centery))
            step(app, 2)
    finally:
        i18n.set_language("en")
    assert records.shown_game == "crowded-race"
    problems = {**watch.problems, **small.offenders}
    assert not problems, "\n".join(f"  {where}: {what}" for where, what in sorted(problems.items()))


def test_a_click_on_a_game_row_of_the_totals_opens_that_game_chart():
    """The totals card's rows lead to the charts as the chooser does: pointed at, a row lights up and says so."""
    app, records = open_records()
    rows = dict((game_id, rect) for rect, game_id in records.rows)
    assert list(rows) == ["high-card", "old-duel", "totals-only", "crowded-race"]
    hover(app, rows["old-duel"].center)
    assert records.hovered_row == "old-duel"
    hover(app, (rows["old-duel"].left - 10, rows["old-duel"].centery))
    assert records.hovered_row is None
    click(app, rows["old-duel"].center)
    assert records.shown_game == "old-duel" and records.chooser.value == "old-duel" and records.duel
    assert records.layout is not None and button(app, "Save picture").enabled
    assert records.hovered_row is None
    key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    assert records.shown_game == "totals-only", "the chooser goes on from the game the click chose"


def test_pointing_at_a_game_tells_it_under_the_chart():
    app, records = open_records()
    key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    layout = records.layout
    hover(app, (layout.x_of(1, 3), layout.results.centery))
    assert records.hovered_game == 1
    hover(app, (layout.x_of(2, 3), layout.share.centery))
    assert records.hovered_game == 2
    hover(app, (layout.results.left - 10, layout.results.centery))
    assert records.hovered_game is None
    told = records.history.games[1]
    assert game_words(told, duel=False) == "Game 4, 2024-03-02: place 1 of 3, score 9, hardest bot: hard"
    assert game_words(PastGame(2, "2024-04-02", 1, 2, False, None, None), duel=True) == \
        "Game 2, 2024-04-02: a draw, no bots"


def test_save_picture_writes_a_png_into_the_pictures_folder_and_never_overwrites(isolated_home: Path):
    app, records = open_records()
    key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    press(app, "Save picture")
    day = time.strftime("%Y-%m-%d")
    first = isolated_home / "pictures" / f"high-card-records-Anna-{day}.png"
    assert top_name(app) == "DialogScene" and str(first) in app.manager.top.message
    assert pygame.image.load(str(first)).get_size() == (1280, 720)
    saved = first.read_bytes()
    key(app, pygame.K_RETURN)
    assert app.manager.top is records and records.shown_game == "high-card"
    press(app, "Save picture")
    second = first.with_name(f"high-card-records-Anna-{day}-2.png")
    assert str(second) in app.manager.top.message and second.is_file()
    assert first.read_bytes() == saved


def test_a_picture_that_cannot_be_written_is_told_not_raised(isolated_home: Path):
    app, records = open_records()
    (isolated_home / "pictures").write_text("a file where the folder should be")
    key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    press(app, "Save picture")
    assert top_name(app) == "DialogScene"
    assert app.manager.top.message.startswith("The picture could not be saved (")
    key(app, pygame.K_RETURN)
    assert app.manager.top is records


def test_the_picture_shows_each_result_by_shape_and_the_share_line():
    pygame.font.init()
    theme = Theme()
    games = tuple(PastGame(n + 1, "2024-05-01", place, 2, place == 1, None, None) for n, place in enumerate((1, 2)))
    won_then_lost = records_picture(theme, GameHistory(games, (1.0, 0.5)), True, "Anna", "Breakout")
    flipped = tuple(PastGame(n + 1, "2024-05-01", 3 - g.place, 2, g.place == 2, None, None)
                    for n, g in enumerate(games))
    lost_then_won = records_picture(theme, GameHistory(flipped, (0.0, 0.5)), True, "Anna", "Breakout")
    assert won_then_lost.get_size() == (1280, 720)
    layout = chart_layout(theme, pygame.Rect(16, 62, 1248, 642).inflate(-48, -36), True)
    top_row = layout.results.top + 14
    first_column = layout.x_of(0, 2)
    assert won_then_lost.get_at((first_column, top_row))[:3] != lost_then_won.get_at((first_column, top_row))[:3]


def test_drawing_a_chart_changes_nothing():
    app, records = open_records()
    key(app, pygame.K_TAB)
    for _game in range(4):
        key(app, pygame.K_RIGHT)
        if records.layout is not None:
            hover(app, (records.layout.x_of(0, len(records.history.games)), records.layout.share.centery))
            assert records.hovered_game == 0
        assert_draw_changes_nothing(app)
