"""Breakaway Football's challenge flag on screen: the buttons say what a flag does and how many are left."""
from __future__ import annotations

import pygame
import pytest
from test_football_rules import FALSE_START, STUFFED, defense_call, drive, offense_call, snap, stack
from test_football_scene import ANNA, BEN, BOT, new_match, open_game, top_name

from game.core.protocol import act
from scene_input import key, step


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


def test_the_flag_button_says_what_a_flag_does_and_how_many_are_left():
    match = new_match([ANNA, BOT])
    match.state = drive(ball=10, down=2)
    snap(match.state, "Power Run", "Zone Blitz", strength=3, cards=(STUFFED,))
    assert match.state.phase == "challenge" and match.state.to_move == 0
    app, scene = open_game(match)
    choices = scene.current_choices(scene.view)
    assert [c.label for c in choices] == ["Let it stand", "Throw the flag (1 left)"]
    assert choices[1].help.startswith("Throw the flag: ignore Stuffed at the line, ")
    assert choices[1].help.endswith("You have 1 flag left, none after it.")
    assert choices[0].help.startswith("Let it stand: ")
    assert "C: the card's play event is ignored" in scene.prompt(scene.view, 0)
    key(app, pygame.K_c, "c")
    assert match.history[-1] == (0, act("challenge")) and match.state.flags == [False, True]


def test_the_other_side_is_asked_in_turn_and_the_game_moves_on_when_both_let_it_stand():
    match = new_match([ANNA, BOT])
    match.state = drive(ball=10, down=2, offense=1)
    snap(match.state, "Power Run", "Zone Blitz", strength=3, cards=(FALSE_START,))
    # the defense (Anna) is asked first, then the offense (the bot)
    assert match.state.phase == "challenge" and match.state.to_move == 0 and match.state.pending["next"] == [1]
    app, scene = open_game(match)
    key(app, pygame.K_n, "n")
    assert match.history[-1] == (0, act("nochallenge"))
    assert match.state.phase == "challenge" and match.state.to_move == 1


def test_at_a_shared_screen_the_window_adds_no_hand_over_for_the_defense():
    """Two coaches at one screen: the defense, still at the screen after its audible, is asked first; the
    offense gets the screen through its curtain, as it would for its next call anyway."""
    match = new_match([ANNA, BEN])
    state = match.state = drive(ball=10, down=2)
    state.apply(offense_call(state, "Power Run", 3))
    state.apply(defense_call(state, "Zone Blitz"))
    stack(state, FALSE_START)
    state.apply(act("keep"))
    assert state.phase == "defense_audible" and state.to_move == 1
    app, scene = open_game(match)
    assert top_name(app) == "CurtainScene"
    key(app, pygame.K_RETURN, "\r")
    step(app, 5)
    assert scene.viewer == 1 and scene.can_act
    key(app, pygame.K_k, "k")
    step(app, 5)
    assert match.state.phase == "challenge" and match.state.to_move == 1
    assert top_name(app) == "FootballScene" and scene.viewer == 1 and scene.can_act
    key(app, pygame.K_n, "n")
    step(app, 5)
    assert match.state.phase == "challenge" and match.state.to_move == 0
    assert top_name(app) == "CurtainScene" and app.manager.top.seat == 0 and scene.viewer is None
