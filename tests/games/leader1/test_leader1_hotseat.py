"""Leader 1 at one screen with two players and bots: the feed tiles a player keeps stay hidden while
the bots ride, and come back only behind that player's curtain."""
from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.core.match import Seat
from game.games.leader1.scene import Leader1Scene
from hotseat_watch import SecretWatch, play, open_table as open_hotseat_table

ANNA, BEN = Seat("Anna", "#E69F00"), Seat("Ben", "#CC79A7")
SKY, GREEN = Seat("Sky", "#56B4E9", "bot:easy"), Seat("Green", "#009E73", "bot:easy")


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


def open_table(seats: list[Seat], seed: int = 4) -> tuple[App, Leader1Scene]:
    app, scene = open_hotseat_table("leader-1", seats, seed)
    assert isinstance(scene, Leader1Scene)
    return app, scene


def decisions_by(scene: Leader1Scene, seat: int) -> int:
    return sum(1 for who, _ in scene.match.history if who == seat)


def racing(rng, actions):
    """A human rides on (to the feed zones, where the secret tiles are) rather than waiting or eating."""
    onward = [action for action in actions if action.kind in ("move", "breakaway", "finish", "breakaway-finish")]
    return rng.choice(onward or actions)


@pytest.mark.slow
def test_kept_tiles_stay_hidden_while_bots_ride_and_return_only_behind_the_curtain():
    app, scene = open_table([ANNA, SKY, BEN, GREEN])
    watch = SecretWatch(scene)
    play(app, scene, seed=4, choose=racing, until=lambda: watch.reveals.count(0) >= 2 and watch.reveals.count(2) >= 2)
    watch.assert_clean()
    assert watch.bot_frames > 100


def test_a_single_player_keeps_their_tiles_in_view_while_the_bots_ride():
    app, scene = open_table([ANNA, SKY, GREEN])
    seen: list[int | None] = []
    draw = scene.draw

    def recording_draw(surface: pygame.Surface) -> None:
        draw(surface)
        seat = scene.match.current_seat
        if seat is not None and not scene.match.seats[seat].is_human:
            seen.append(scene.viewer)
            assert scene.view["my_tiles"] is not None

    scene.draw = recording_draw  # type: ignore[method-assign]
    play(app, scene, seed=6, choose=racing, until=lambda: decisions_by(scene, 0) >= 8)
    assert seen and set(seen) == {0}, "Anna's own tiles stay on the table while the bots ride"
