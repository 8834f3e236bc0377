"""A finished game is kept by the results screen (replay and records, once each) and shown on the
records screen; damaged records files are reported, never a crash."""
from __future__ import annotations

import pygame
import pytest

from fixture_game import HighCardState
from game.core import archive
from game.core.match import Seat
from game.core.records import load_records, player_records, records_path
from high_card_scene import HighCardScene
from ui_support import key, make_app, press, run_until, step, top_name

ANNA = Seat("Anna", "#E69F00")
BOT = Seat("Sky", "#56B4E9", "bot:easy")


@pytest.fixture
def with_bests(monkeypatch):
    monkeypatch.setattr(HighCardState, "record_labels", {"tricks": ("most tricks", "max")})
    monkeypatch.setattr(HighCardState, "record_stats", lambda self, seat: {"tricks": self.tricks_won[seat]})


def play_to_results(app, seed: int) -> HighCardScene:
    app.new_match(app.specs["high-card"], [ANNA, BOT], {}, seed)
    step(app)
    scene = app.manager.find(HighCardScene)
    run_until(app, lambda: top_name(app) == "ResultsScene", 2000,
              each=lambda: scene.can_act and scene.play(scene.view["hand"][0]))
    return scene


def test_the_results_screen_keeps_the_game_once_and_rematch_keeps_the_next(with_bests):
    app = make_app()
    scene = play_to_results(app, seed=3)
    results = app.manager.top
    assert len(archive.archived_paths()) == 1
    data, _ = load_records()
    anna = player_records(data, "Anna")["high-card"]
    assert anna.played == 1 and anna.best["tricks"] == scene.match.state.tricks_won[0]
    assert player_records(data, "Sky") == {}
    assert results.bests == ["First personal bests kept for Anna: see Records on the main menu."]
    app.manager.push(app.scenes.results(scene))  # shown again for the same game: nothing is added
    step(app)
    assert len(archive.archived_paths()) == 1
    assert player_records(load_records()[0], "Anna")["high-card"].played == 1
    app.manager.pop()
    press(app, "Rematch")
    next_scene = app.manager.find(HighCardScene)
    run_until(app, lambda: top_name(app) == "ResultsScene", 2000,
              each=lambda: next_scene.can_act and next_scene.play(next_scene.view["hand"][0]))
    assert len(archive.archived_paths()) == 2
    assert player_records(load_records()[0], "Anna")["high-card"].played == 2


def test_a_records_file_that_cannot_be_written_is_told_not_raised(with_bests):
    records_path().mkdir(parents=True)  # a folder where the file should be: reading and writing fail
    app = make_app()
    play_to_results(app, seed=5)
    results = app.manager.top
    assert results.problems and "records file" in results.problems[0]
    step(app, 3)


def test_records_screen_lists_names_and_reports_a_damaged_file(with_bests):
    app = make_app()
    play_to_results(app, seed=4)
    press(app, "Main menu")
    press(app, "Records", frames=2)
    assert top_name(app) == "RecordsScene"
    records = app.manager.top
    assert records.names == [("Anna", 1)]
    step(app, 2)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "LauncherScene"
    records_path().write_text("{ not json")
    press(app, "Records", frames=2)
    assert top_name(app) == "DialogScene" and "kept as records.broken-" in app.manager.top.message
    key(app, pygame.K_RETURN)
    assert top_name(app) == "RecordsScene" and app.manager.top.names == []
    step(app, 2)


def test_games_that_do_not_fit_the_card_are_reached_with_page_down_and_the_wheel():
    import json
    from game.core.records import RECORDS_VERSION
    games = {f"game-{n}": {"played": 1, "won": 0, "best": {f"best_{k}": k for k in range(3)}} for n in range(9)}
    records_path().parent.mkdir(parents=True, exist_ok=True)
    records_path().write_text(json.dumps({"version": RECORDS_VERSION, "players": {"Anna": games}}))
    app = make_app()
    press(app, "Records")
    records = app.manager.top
    assert top_name(app) == "RecordsScene" and records.card_first == 0
    key(app, pygame.K_PAGEDOWN)
    assert records.card_first == 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(800, 400), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
    step(app)
    assert records.card_first == 2
    for _ in range(20):
        key(app, pygame.K_PAGEDOWN)
    assert records.card_first == 8, "the last game stays on the card"
    key(app, pygame.K_PAGEUP)
    assert records.card_first == 7
