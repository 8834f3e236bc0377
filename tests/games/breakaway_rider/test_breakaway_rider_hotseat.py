"""Breakaway Rider at one screen with two players and bots: the bots ride in front of everyone, so no
hand is face up and no private draw is in the log until its player lifts the curtain."""
from __future__ import annotations

import random

import pygame
import pytest

from game.app import App
from game.core.match import Seat
from game.games.breakaway_rider.scene import BreakawayRiderScene
from hotseat_watch import SecretWatch, play, open_table as open_hotseat_table
from scene_input import step

ANNA, BEN = Seat("Anna", "#E69F00"), Seat("Ben", "#CC79A7")
SKY, GREEN = Seat("Sky", "#56B4E9", "bot:easy"), Seat("Green", "#009E73", "bot:easy")


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


def open_table(seats: list[Seat], seed: int = 4) -> tuple[App, BreakawayRiderScene]:
    """A fresh race at fast animations: the draw for the lead, the deal and every card fly."""
    app, scene = open_hotseat_table("breakaway-rider", seats, seed)
    assert isinstance(scene, BreakawayRiderScene)
    return app, scene


def plays_by(scene: BreakawayRiderScene, seat: int) -> int:
    return sum(1 for who, action in scene.match.history if who == seat and action.kind == "play")


@pytest.mark.slow
def test_bots_ride_with_every_hand_hidden_and_each_hand_returns_only_behind_its_curtain():
    app, scene = open_table([ANNA, SKY, BEN, GREEN])
    watch = SecretWatch(scene)
    play(app, scene, seed=4, until=lambda: plays_by(scene, 0) >= 3 and plays_by(scene, 2) >= 3)
    watch.assert_clean()
    assert watch.bot_frames > 100, "the bots' turns were drawn, frame by frame"
    assert watch.reveals.count(0) >= 3 and watch.reveals.count(2) >= 3
    assert watch.hidden_lines, "the players drew cards the log kept to themselves"


def test_after_a_play_the_hand_and_its_draw_leave_the_screen_at_once():
    app, scene = open_table([ANNA, SKY, BEN, GREEN])
    play(app, scene, seed=5, until=lambda: scene.can_act and scene.viewer == 0 and plays_by(scene, 0) >= 1)
    anna_only = [scene.log_text(e) for e in scene.match.log_for(0) if not e.event.visible(None)]
    assert any("draws" in text for text in anna_only)
    assert scene.submit(scene.match.state.legal_actions()[0])
    assert scene.viewer is None and scene.view["hand"] is None
    step(app)
    rows = [text for text, _ in scene.log_panel.entries]
    assert not set(anna_only) & set(rows), "Anna's draws are not read out to the table"


def test_a_single_player_keeps_their_hand_in_view_while_the_bots_ride():
    app, scene = open_table([ANNA, SKY, GREEN])
    seen: list[tuple[int | None, bool]] = []
    draw = scene.draw

    def recording_draw(surface: pygame.Surface) -> None:
        draw(surface)
        seat = scene.match.current_seat
        if seat is not None and not scene.match.seats[seat].is_human:
            seen.append((scene.viewer, scene.view["hand"] is not None))

    scene.draw = recording_draw  # type: ignore[method-assign]
    play(app, scene, seed=6, until=lambda: plays_by(scene, 0) >= 3)
    assert seen and all(frame == (0, True) for frame in seen), "Anna's own hand stays on the table"
    own_draws = {scene.log_text(e) for e in scene.match.log_for(0) if not e.event.visible(None)}
    assert own_draws and own_draws <= {text for text, _ in scene.log_panel.entries}, "her own draws stay in her log"


@pytest.mark.slow
def test_claims_at_the_climb_call_keep_every_hand_hidden_and_claimants_answer_behind_their_curtain():
    app, scene = open_table([ANNA, SKY, BEN, GREEN], seed=7)
    watch = SecretWatch(scene)
    rng = random.Random(7)
    claims: list[tuple[int, int]] = []  # (claimant, moves played when the claim was made)
    update_table = scene.update_table

    def claiming_update(dt: float) -> None:
        update_table(dt)
        call = scene.climb_call
        if call is not None and call.ready:
            claimant = rng.choice(call.asked)
            claims.append((claimant, len(scene.match.history)))
            call.claim(claimant)

    scene.update_table = claiming_update  # type: ignore[method-assign]
    play(app, scene, seed=7, until=lambda: plays_by(scene, 0) >= 6 and plays_by(scene, 2) >= 6)
    watch.assert_clean()
    assert len(claims) >= 4 and {seat for seat, _ in claims} == {0, 2}, "both players claimed"
    history = scene.match.history
    for claimant, at in claims:
        answer = next(((who, action) for who, action in history[at:] if action.kind in ("climb", "no-climb")
                       and (who == claimant or action.kind == "climb")), None)
        assert answer is not None
        if answer[0] == claimant:
            assert history.index(answer, at) not in scene.answered_for, "the claimant answered for themselves"
