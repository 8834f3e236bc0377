"""The whole story from the replay viewer: the Story button under the strip (Tab, G) opens the Story
screen over the viewer, with the game's own chart; a key moment chosen there is shown in that same viewer
and the story closes; Back leaves the viewer as it was.  A game not over offers no story at all.

A finished Breakout game is archived with a story pinned by hand: its win chance and key moments (moves
100 and 140) from ``test_replay_story_strip``, and the game's own chart panels from its story module.
"""
from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.core.replay import Replay
from game.core.story import Story, chart, tell
from game.games import all_specs
from game.scenes.replay_viewer import ReplayViewerScene
from game.scenes.story import StoryScene
from game.ui import draw
from scene_input import hover, tab_to
from test_draw_changes_nothing import assert_draw_changes_nothing
from test_replay_story_strip import (archived, breakout, pinned_story, wait_for, watch_first_listed,
                                    watching_a_game_not_over)
from test_text_size import LayoutWatch, TextWatch
from ui_support import click, key, make_app, press, step

SPECS = all_specs()
ROOT = Path(__file__).resolve().parents[2]
#: what the story's chart (game/ui/story_chart.py) is known to do at 130 %, by the line that draws it; any other
#: text cut, touching or too small on these screens fails
KNOWN_CHART_LAYOUT = {
    f"game/ui/story_chart.py:{line}": "the key moments list shortens a long move to its column on purpose (the "
                                      "note under the pointer tells it in full)"
    for line, text in enumerate((ROOT / "game/ui/story_chart.py").read_text().splitlines(), start=1)
    if "draw.fit(theme, note, box.width" in text
}


def charted_story(match) -> Story:  # type: ignore[no-untyped-def]
    """The pinned win chance and key moments with Breakout's own chart panels."""
    return dataclasses.replace(pinned_story(match), panels=chart(Replay.of_match(match)))


def viewer_with_a_told_story(app=None):  # type: ignore[no-untyped-def]
    match = breakout()
    story = charted_story(match)
    archived(match, story)
    app = app or make_app(game_specs=SPECS)
    return app, watch_first_listed(app), story


def viewers(app) -> list[ReplayViewerScene]:  # type: ignore[no-untyped-def]
    return [scene for scene in app.manager.stack if isinstance(scene, ReplayViewerScene)]


def test_the_story_button_opens_the_whole_story_with_the_game_s_own_chart(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    text = draw.text

    def recorded(surface, theme, content, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(content)
        return text(surface, theme, content, *args, **kwargs)

    monkeypatch.setattr(draw, "text", recorded)
    app, viewer, story = viewer_with_a_told_story()
    assert viewer.story_button is not None and viewer.story_button.enabled and viewer.story_button.visible
    assert viewer.strip is not None
    assert viewer.story_button.rect.top > viewer.strip.rect.bottom and viewer.controls.contains(viewer.story_button.rect)
    step(app, 2)
    assert "Space: play   G: story   Esc: back" in drawn, "the header names the key"
    drawn.clear()
    press(app, "Story", frames=2)
    scene = app.manager.top
    assert isinstance(scene, StoryScene) and scene.story == story and scene.watch is not None
    assert scene.replay is viewer.replay and scene.archive_path == viewer.story_file and scene.teller is None
    assert app.manager.stack[-2] is viewer
    assert {"Escapes", "Rope height from the bottom slot", "Chance of winning"} <= set(drawn)
    assert "The story of the game: Breakout" in drawn


def test_tab_and_g_reach_the_story() -> None:
    app, viewer, story = viewer_with_a_told_story()
    tab_to(app, viewer.story_button)
    assert viewer.form.focus is viewer.story_button
    key(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, StoryScene)
    press(app, "Back")
    assert app.manager.top is viewer
    key(app, pygame.K_g)
    assert isinstance(app.manager.top, StoryScene) and app.manager.top.story == story


def test_a_key_moment_chosen_in_the_story_is_shown_in_that_viewer_and_the_story_closes() -> None:
    app, viewer, story = viewer_with_a_told_story()
    key(app, pygame.K_g, frames=2)
    scene = app.manager.top
    assert isinstance(scene, StoryScene)
    second = next(spot for spot in scene.spots if spot.step == story.key_moments[1].step)
    click(app, second.rect.center)
    assert app.manager.top is viewer and viewer.step == 140
    assert viewers(app) == [viewer], "no second viewer is stacked"
    assert viewer.table.match.history == [(s.seat, s.action) for s in viewer.replay.steps[:140]]
    key(app, pygame.K_g, frames=2)
    key(app, pygame.K_1)
    assert app.manager.top is viewer and viewer.step == 100 and viewers(app) == [viewer]


def test_a_moment_stops_the_playing_and_back_leaves_the_viewer_as_it_was() -> None:
    app, viewer, _story = viewer_with_a_told_story()
    key(app, pygame.K_v)  # the first player's eyes
    click(app, (viewer.scrubber.rect.x + 65, viewer.scrubber.rect.centery))
    assert viewer.step == 38 and viewer.perspective == 0
    key(app, pygame.K_g, frames=3)
    press(app, "Back")
    assert app.manager.top is viewer and viewer.step == 38 and viewer.perspective == 0
    assert viewer.table.viewer == 0 and not viewer.playing
    key(app, pygame.K_SPACE)
    assert viewer.playing
    key(app, pygame.K_g, frames=3)
    key(app, pygame.K_2)
    assert app.manager.top is viewer and viewer.step == 140 and not viewer.playing


def test_the_story_button_waits_for_the_story_to_be_told(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("game.scenes.story.tell", functools.partial(tell, playouts=2))
    archived(breakout(seed=5))
    app = make_app(game_specs=SPECS)
    viewer = watch_first_listed(app)
    assert viewer.story_button is not None and viewer.story_button.visible and not viewer.story_button.enabled
    assert viewer.story_button.tooltip_text() == "The story opens here once it is told (the button above)."
    press(app, "Story")
    key(app, pygame.K_g)
    assert app.manager.top is viewer
    press(app, "Tell the story")
    assert not viewer.story_button.enabled, "not while it is being told"
    wait_for(viewer.teller)
    step(app, 2)
    assert viewer.strip is not None and viewer.strip.story is not None and viewer.story_button.enabled
    key(app, pygame.K_g)
    scene = app.manager.top
    assert isinstance(scene, StoryScene) and scene.story == viewer.strip.story


@pytest.mark.parametrize("kind", ["autosave", "imported"])
def test_a_game_not_over_offers_no_story(kind: str, tmp_path: Path) -> None:
    app, viewer = watching_a_game_not_over(kind, tmp_path)
    assert viewer.story_button is None
    assert "Story" not in [getattr(widget, "label", "") for widget in viewer.form.widgets]
    key(app, pygame.K_g, frames=2)
    assert app.manager.stack[-1] is viewer and not any(isinstance(s, StoryScene) for s in app.manager.stack)


def test_drawing_the_viewer_and_the_story_over_it_changes_nothing() -> None:
    app, viewer, _story = viewer_with_a_told_story()
    hover(app, viewer.story_button.rect.center)
    step(app, 20)
    assert_draw_changes_nothing(app)
    key(app, pygame.K_g, frames=5)
    scene = app.manager.top
    assert isinstance(scene, StoryScene)
    hover(app, scene.spots[0].rect.center)
    step(app, 5)
    assert scene.hovered == 0
    assert_draw_changes_nothing(app)


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_viewer_and_its_story_fit_at_130_percent(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Story button, the header's key line and the story screen opened from the viewer: no text cut,
    touching, shrunk or below 14 px, with the interface at 130 %."""
    small = TextWatch(monkeypatch)
    watch = LayoutWatch(monkeypatch)
    app = make_app(game_specs=SPECS)
    app.settings.ui_scale = 1.3
    app.apply_settings()
    app.set_language(language)
    try:
        _app, viewer, _story = viewer_with_a_told_story(app)
        for widget in (viewer.story_button, viewer.strip):
            hover(app, widget.rect.center)
            step(app, 40)
        key(app, pygame.K_g, frames=5)
        scene = app.manager.top
        assert isinstance(scene, StoryScene)
        for spot in scene.spots[:2]:
            hover(app, spot.rect.center)
            step(app, 5)
    finally:
        i18n.set_language("en")
    problems = {where: what for where, what in watch.problems.items() if where not in KNOWN_CHART_LAYOUT}
    problems.update({where: f"{what} (too small)" for where, what in small.offenders.items()})
    assert not problems, "\n".join(f"  {where}: {what}" for where, what in sorted(problems.items()))
