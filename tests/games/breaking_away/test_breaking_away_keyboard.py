"""Breaking Away without a mouse: whole races played only through KEYDOWN events, as a player types them."""
from __future__ import annotations

import random

import pygame
import pytest

from game.app import FIXED_DT, App
from game.core.match import Match, default_seats
from game.games import all_specs
from game.games.breaking_away.allocation import limit_for, sheets_near
from game.games.breaking_away.bots import GOOD_SHEETS
from game.games.breaking_away.scene import BreakingAwayScene
from game.games.breaking_away.scene_allocation import SUGGESTION_SHIFT
from game.games.breaking_away.spec import SPEC
from scene_input import key, step


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


def press(app: App, char: str) -> None:
    codes = {"\r": pygame.K_RETURN, "\t": pygame.K_TAB}
    key(app, codes.get(char) or pygame.key.key_code(char), char)


def arrow(app: App, code: int) -> None:
    key(app, code)


def play_by_keys(controllers: list[str], options: dict, seed: int, frames: int = 20000,
                 until=None) -> tuple[App, Match, dict]:
    """Play until the results screen (or ``until(typed)``), answering every human decision with keys only;
    counts what was typed.  While bots decide, frames are updated but not drawn (the keys always go
    through whole frames)."""
    specs = all_specs()
    app = App(specs, instant=True)
    match = Match(specs["breaking-away"], default_seats(SPEC, controllers), options, seed)
    app.start_match(match)
    app.step()
    scene = app.manager.find(BreakingAwayScene)
    rng = random.Random(seed)
    typed = {"curtain": 0, "sheet": 0, "move": 0, "retire": 0, "place": 0, "change": 0, "vote": 0, "recap": 0}
    seen = -1
    for _ in range(frames):
        top = type(app.manager.top).__name__
        if top == "ResultsScene" or (until is not None and until(typed)):
            return app, match, typed
        if scene.can_act or top != "BreakingAwayScene":
            step(app)
        else:
            app.manager.update(FIXED_DT)
        if top == "CurtainScene":
            press(app, "\r")
            typed["curtain"] += 1
            continue
        if getattr(scene, "recap", None) is not None:
            press(app, "\r")  # "since your last turn": read, then dismissed
            typed["recap"] += 1
            continue
        if not scene.can_act or scene.is_animating():
            continue
        if seen != len(match.history):  # the turn just came: the screen settles for a frame first
            seen = len(match.history)
            continue
        view = scene.view
        phase = view["phase"]
        before = len(match.history)
        if phase == "allocate":
            if view["mode"] == "madison":
                press(app, "r")  # cyclist 1 becomes a 2, and the partner a 1 (they swap)
            press(app, "s")
            press(app, "\r")
            typed["sheet"] += 1
        elif phase == "move":
            allowed = scene.allowed(view)
            if scene.may_retire(view) and rng.random() < 0.05:
                press(app, "r")
                press(app, "n")  # thought better of it
                typed["retire"] += 1
            choice = rng.randrange(len(allowed))
            press(app, str(choice + 1))
            if len(allowed) > 1 and rng.random() < 0.5:
                arrow(app, pygame.K_RIGHT)
                arrow(app, pygame.K_LEFT)
            assert scene.chosen_factor(view) == allowed[choice]
            press(app, "\r")
            typed["move"] += 1
        elif phase == "place":
            if scene._choosing_starter(view):
                press(app, "1")
            else:
                arrow(app, pygame.K_RIGHT)
                press(app, "\r")
            typed["place"] += 1
        elif phase == "change":
            press(app, rng.choice("cs"))
            typed["change"] += 1
        elif phase == "vote":
            press(app, rng.choice("ar"))
            typed["vote"] += 1
        assert len(match.history) > before, f"the keys sent nothing in phase {phase}"
    raise AssertionError("the race did not end")


def test_a_whole_race_against_bots_by_keys_alone():
    app, match, typed = play_by_keys(["human", "bot:easy", "bot:easy"], {}, seed=5)
    assert match.is_over() and typed["sheet"] == 1 and typed["move"] >= 20
    first = [action for seat, action in match.history if seat == 0][:4]
    assert [action.text().split()[:2] for action in first] == [["allocate", str(number)] for number in (1, 2, 3, 4)]
    for number, action in enumerate(first, 1):  # the suggested sheet, sealed by Enter
        values = [int(value) for value in action.args[1:]]
        assert tuple(values) in sheets_near(GOOD_SHEETS[number], limit_for(number), SUGGESTION_SHIFT)


@pytest.mark.slow
def test_two_humans_race_each_other_by_keys_alone_with_the_curtain_between():
    app, match, typed = play_by_keys(["human", "human", "bot:easy"], {}, seed=8)
    assert match.is_over() and typed["sheet"] == 2 and typed["curtain"] >= 2
    assert {seat for seat, _ in match.history} == {0, 1, 2}


def test_a_madison_by_keys_alone_rates_places_rides_and_changes_over():
    app, match, typed = play_by_keys(["human"] + ["bot:easy"] * 8, {"mode": "madison"}, seed=3,
                                     until=lambda typed: typed["change"] >= 2 and typed["move"] >= 8)
    assert typed["place"] == 2 and typed["sheet"] == 1
    mine = [action.text() for seat, action in match.history if seat == 0]
    assert mine[0] == "ranks 2 1" and mine[3] == "starter 11" and mine[4].startswith("relief ")
    assert {"change", "stay"} & set(mine)
