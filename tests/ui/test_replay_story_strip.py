"""The story strip under the replay viewer's scrubber, and the key moments in an export.

A finished Breakout game is archived with a story pinned by hand (its win chance and key moments
chosen here), so where a click lands is known; the telling itself runs with two playouts a step (the
scene's work is tested, not the estimate).  A game not over has no strip and no story.
"""
from __future__ import annotations

import functools
import random
import time
from pathlib import Path

import pygame
import pytest

from game.core import archive
from game.core.match import Match, Seat
from game.core.replay import Replay
from game.core.saves import autosave_path, save_match
from game.core.story import KeyMoment, Story, tell
from game.games import all_specs
from game.scenes.replay_viewer import ReplayViewerScene
from game.scenes.replays import StoryForExportScene
from game.scenes.story import StoryTeller
from scene_input import hover, tab_to
from ui_support import click, key, make_app, press, step, top_name

SPECS = all_specs()


@pytest.fixture(autouse=True)
def few_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two playouts a step wherever a story is told here."""
    monkeypatch.setattr("game.scenes.story.tell", functools.partial(tell, playouts=2))


def breakout(seed: int = 3, finished: bool = True) -> Match:
    spec = SPECS["breakout"]
    match = Match(spec, [Seat(f"Player{i + 1}", spec.colours[i][1], "human") for i in range(2)], {}, seed)
    rng = random.Random(seed)
    while not match.is_over() and (finished or len(match.history) < 30):
        match.apply(rng.choice(match.state.legal_actions()))
    return match


def pinned_story(match: Match) -> Story:
    """Even until move 100, where the first player's chance jumps to 90 %; the game's result at its end;
    key moments at moves 100 and 140 (far from where the tests click between them)."""
    steps = len(match.history)
    winner = match.state.outcome().winner
    first = [0.5 if step < 100 else 0.9 for step in range(steps + 1)]
    first[-1] = 1.0 if winner == 0 else 0.0
    second = [1.0 - chance for chance in first]
    return Story(steps, (), (tuple(first), tuple(second)), (KeyMoment(100, 0, 0.4), KeyMoment(140, 1, -0.3)))


def archived(match: Match, story: Story | None = None) -> Path:
    path = archive.archive_match(match).path
    assert path is not None
    if story is not None:
        assert archive.save_story(path, story) is None
    return path


def watch_first_listed(app) -> ReplayViewerScene:  # type: ignore[no-untyped-def]
    """The viewer of the newest game in the Replays list (opened in any language)."""
    app.manager.push(app.scenes.replays())
    step(app, 2)
    key(app, pygame.K_RETURN, frames=2)
    scene = app.manager.top
    assert isinstance(scene, ReplayViewerScene), top_name(app)
    return scene


def wait_for(teller: StoryTeller | None) -> None:
    """The worker thread's end, however busy the machine."""
    assert teller is not None
    deadline = time.monotonic() + 120
    while teller.running() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not teller.running(), "the story is still being told after two minutes"


def test_a_click_on_the_strip_goes_to_its_step_and_a_disc_to_its_key_moment() -> None:
    match = breakout()
    assert len(match.history) == 153
    story = pinned_story(match)
    archived(match, story)
    app = make_app(game_specs=SPECS)
    scene = watch_first_listed(app)
    strip = scene.strip
    assert strip is not None and strip.visible and strip.story == story and scene.teller is None
    assert not scene.tell_button.visible, "a story told before is shown at once"
    assert strip.rect.x == scene.scrubber.rect.x and strip.rect.width == scene.scrubber.rect.width == 260
    assert strip.rect.top > scene.scrubber.rect.bottom and scene.controls.contains(strip.rect)
    click(app, (strip.rect.x + 65, strip.rect.centery))  # a quarter of the way: 153 / 4 = 38.25
    assert scene.step == 38
    click(app, (strip.rect.right - 1, strip.rect.bottom - 2))  # 259 / 260 of 153 = 152.4
    assert scene.step == 152
    first, second = strip.spots
    assert first.rect.centerx == strip.rect.x + 170  # 100 / 153 of 260
    click(app, first.rect.center)
    assert scene.step == 100
    click(app, second.rect.topleft)  # a disc's edge still counts as the disc
    assert scene.step == 140
    click(app, (first.rect.centerx, strip.rect.bottom - 2))  # under the disc: the step where the pointer is
    assert scene.step == 100
    click(app, (first.rect.centerx + 12, strip.rect.bottom - 2))  # past the disc
    assert scene.step == 107


def test_the_strip_is_in_the_tab_order_and_its_moments_have_keys() -> None:
    match = breakout()
    archived(match, pinned_story(match))
    app = make_app(game_specs=SPECS)
    scene = watch_first_listed(app)
    tab_to(app, scene.strip)
    assert scene.form.focus is scene.strip
    key(app, pygame.K_RETURN)
    assert scene.step == 100, "Enter on the strip: the next key moment"
    key(app, pygame.K_RETURN)
    assert scene.step == 140
    key(app, pygame.K_RETURN)
    assert scene.step == 100, "after the last one, the first again"
    key(app, pygame.K_RIGHT)
    assert scene.step == 101 and scene.form.focus is scene.strip
    key(app, pygame.K_2)
    assert scene.step == 140
    key(app, pygame.K_1)
    assert scene.step == 100
    key(app, pygame.K_3)
    assert scene.step == 100, "there is no third key moment"


def test_hovering_a_disc_names_its_moment() -> None:
    match = breakout()
    archived(match, pinned_story(match))
    app = make_app(game_specs=SPECS)
    scene = watch_first_listed(app)
    strip = scene.strip
    hover(app, strip.spots[0].rect.center)
    assert strip.hovered_moment == 0
    assert strip.tooltip_text().startswith("Move 100: Player1 +40%")


def test_a_story_never_told_is_told_on_asking_kept_and_read_back_the_next_time() -> None:
    match = breakout(seed=5)
    path = archived(match)
    app = make_app(game_specs=SPECS)
    scene = watch_first_listed(app)
    assert scene.strip is not None and not scene.strip.visible and scene.tell_button.visible
    assert not archive.story_path(path).exists(), "nothing is told before the player asks"
    press(app, "Tell the story")
    assert scene.teller is not None and scene.cancel_button.visible and not scene.tell_button.visible
    wait_for(scene.teller)
    step(app, 2)
    told = scene.strip.story
    assert told is not None and scene.strip.visible and scene.teller is None and not scene.cancel_button.visible
    assert archive.load_story(path, len(match.history), 2) == told
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN, frames=2)
    again = app.manager.top
    assert isinstance(again, ReplayViewerScene) and again is not scene
    assert again.teller is None and again.strip.story == told and not again.tell_button.visible


def test_cancel_stops_the_telling_and_offers_it_again() -> None:
    path = archived(breakout(seed=6))
    app = make_app(game_specs=SPECS)
    scene = watch_first_listed(app)
    press(app, "Tell the story")
    teller = scene.teller
    press(app, "Cancel")
    assert scene.teller is None and scene.tell_button.visible and not scene.cancel_button.visible
    wait_for(teller)
    step(app, 2)
    assert teller.story is None and scene.strip.story is None and not archive.story_path(path).exists()


def test_leaving_the_viewer_stops_a_telling() -> None:
    archived(breakout(seed=6))
    app = make_app(game_specs=SPECS)
    scene = watch_first_listed(app)
    press(app, "Tell the story")
    teller = scene.teller
    key(app, pygame.K_ESCAPE)
    wait_for(teller)
    assert teller.story is None and teller.problem == ""


def watching_a_game_not_over(kind: str, tmp_path: Path):  # type: ignore[no-untyped-def]
    """The viewer of a Breakout game still being played, listed from its autosave or imported "so far"."""
    match = breakout(finished=False)
    assert not match.is_over()
    if kind == "autosave":
        save_match(match, autosave_path("breakout"))
    else:
        source = tmp_path / "so-far.txt"
        source.write_text(Replay.of_match(match).to_text())
        archive.import_replay(source, SPECS)
    app = make_app(game_specs=SPECS)
    return app, watch_first_listed(app)


@pytest.mark.parametrize("kind", ["autosave", "imported"])
def test_a_game_not_over_has_no_strip_and_no_story(kind: str, tmp_path: Path) -> None:
    app, scene = watching_a_game_not_over(kind, tmp_path)
    assert scene.strip is None and scene.tell_button is None and scene.cancel_button is None
    assert all(type(widget).__name__ != "StoryStrip" for widget in scene.form.widgets)
    assert "Tell the story" not in [getattr(widget, "label", "") for widget in scene.form.widgets]
    for code in (pygame.K_1, pygame.K_END, pygame.K_2):
        key(app, code, frames=2)
    assert scene.teller is None and scene.story_file is None
    assert list(archive.archive_dir().glob(f"*{archive.STORY_SUFFIX}")) == []


def test_export_tells_the_story_first_keeps_it_and_lists_the_key_moments() -> None:
    match = breakout(seed=5)
    path = archived(match)
    app = make_app(game_specs=SPECS)
    press(app, "Replays", frames=2)
    press(app, "Export")
    telling = app.manager.top
    assert isinstance(telling, StoryForExportScene)
    wait_for(telling.teller)
    step(app, 2)
    assert top_name(app) == "DialogScene"
    story = archive.load_story(path, len(match.history), 2)
    assert story is not None and story.key_moments
    exported = next(archive.exports_dir().glob("*.txt")).read_text()
    lines = exported.splitlines()
    heading = lines.index("# Key moments")
    moments = lines[heading + 1:]
    assert len(moments) == len(story.key_moments)
    for line, moment in zip(moments, story.key_moments):
        assert line.startswith(f"# Move {moment.step}: Player{moment.seat + 1}'s chance of winning ")
    assert Replay.from_text(exported, SPECS).digest() == Replay.of_match(match).digest()
    key(app, pygame.K_RETURN)
    press(app, "Export")
    assert top_name(app) == "DialogScene", "a story told before is not told again"


def test_cancelling_the_export_s_story_exports_nothing() -> None:
    archived(breakout(seed=6))
    app = make_app(game_specs=SPECS)
    press(app, "Replays", frames=2)
    press(app, "Export")
    telling = app.manager.top
    press(app, "Cancel")
    assert top_name(app) == "ReplaysScene"
    wait_for(telling.teller)
    step(app, 2)
    assert top_name(app) == "ReplaysScene" and list(archive.exports_dir().iterdir()) == []


def test_drawing_the_strip_changes_nothing() -> None:
    from test_draw_changes_nothing import assert_draw_changes_nothing
    match = breakout()
    archived(match, pinned_story(match))
    app = make_app(game_specs=SPECS)
    scene = watch_first_listed(app)
    hover(app, scene.strip.spots[1].rect.center)
    step(app, 30)
    assert scene.strip.hovered_moment == 1
    assert_draw_changes_nothing(app)
