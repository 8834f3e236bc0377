"""A game still being played shows nobody's secrets in Replays, whatever a player presses there.

Each game is played part way with seeded random moves (two humans and a bot where three may sit,
else a human and a bot), saved as "Save and quit to menu" leaves it, then opened from the Replays
list like a player would.  Every frame the viewer draws is watched by the hot-seat ``SecretWatch``:
its pixels must be the very ones drawn for a twin state whose hidden cards, sheets, factors and tiles
are sampled anew from the public view, and its log must hold only lines everyone may read.  The
viewer is stepped, scrubbed, played and jumped to the end, every way of choosing a seat (V, clicks
on both halves of the choice, the wheel) is tried at each place, and the mouse reads the table.  The
export of such a game is refused, so no file with its seed and moves leaves the app.

A finished game keeps every seat's view (``test_replays_ui.py`` watches it from each seat).
"""
from __future__ import annotations

import random

import pygame
import pytest

from game import i18n
from game.core import archive
from game.core.match import Match, Seat
from game.core.replay import Replay, ReplayError
from game.core.saves import autosave_path, save_match
from game.games import all_specs
from game.scenes.replay_viewer import ReplayViewerScene
from hotseat_watch import SecretWatch
from scene_input import hover
from test_text_size import LayoutWatch
from ui_support import button, click, key, make_app, press, step, top_name

SPECS = all_specs()
#: the games whose rules keep something from the other seats in ``view``
WITH_SECRETS = ("breaking-away", "breakaway-rider", "leader-1", "breakaway-football")
#: how far each game is played before it is saved: a few turns in, secrets dealt and still held
TURNS = 3


def seats_for(game_id: str) -> list[Seat]:
    """Two humans and a bot where three may sit, else a human and a bot."""
    spec = SPECS[game_id]
    controllers = ["human", "human", "bot:easy"] if spec.max_seats >= 3 else ["human", "bot:easy"]
    return [Seat(spec.colours[i][0], spec.colours[i][1], controller) for i, controller in enumerate(controllers)]


def holds_secrets(match: Match) -> bool:
    state = match.state
    return any(state.view(seat) != state.view(None) for seat in range(len(match.seats)))


def unfinished(game_id: str, seed: int = 4) -> Match:
    """A game a few turns in, with secrets in hand, not over."""
    match = Match(SPECS[game_id], seats_for(game_id), {}, seed)
    rng = random.Random(seed)
    while match.state.turn < TURNS or (game_id in WITH_SECRETS and not holds_secrets(match)):
        match.apply(rng.choice(match.state.legal_actions()))
    assert not match.is_over()
    return match


def saved_and_listed(game_id: str):
    """The app on the Replays list, the game just saved there as a game still being played."""
    match = unfinished(game_id)
    save_match(match, autosave_path(game_id))
    app = make_app(game_specs=SPECS)
    press(app, "Replays", frames=2)
    assert top_name(app) == "ReplaysScene"
    entry = app.manager.top.list.current()
    assert entry.autosave and not entry.finished and entry.moves == len(match.history)
    return app, match


def public_only(scene: ReplayViewerScene) -> None:
    """The public view is chosen, and the table holds no event a seat keeps to itself."""
    assert scene.perspective is None and scene.table.viewer is None
    assert all(entry.event.visible(None) for entry in scene.table.match.log)


def try_every_seat(app, scene: ReplayViewerScene) -> None:
    """Every way a player chooses whose eyes to watch with; each must leave the public view."""
    choice = scene.view_choice.rect
    for _ in range(len(scene.replay.seats) + 1):
        key(app, pygame.K_v, frames=2)
        public_only(scene)
    for x in (choice.x + 10, choice.right - 10, choice.centerx):
        click(app, (x, choice.centery), frames=2)
        public_only(scene)
    for wheel in (1, -1):
        at = app.viewport.to_window(choice.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=wheel, flipped=False, precise_x=0.0,
                                             precise_y=float(wheel)))
        step(app, 2)
        public_only(scene)
    scene.set_perspective(0)  # asked for in code too: still refused
    step(app)
    public_only(scene)


def point_around(app, scene: ReplayViewerScene) -> None:
    """The mouse over the whole table, as a player reads riders, cards and squares (each frame watched)."""
    table = scene.table.table_rect
    for y in range(table.y + 20, table.bottom, 90):
        for x in range(table.x + 20, table.right, 90):
            hover(app, (x, y))
    click(app, table.center, frames=2)
    public_only(scene)


@pytest.mark.parametrize("game_id", list(SPECS))
def test_a_game_still_being_played_shows_only_the_public_view_in_replays(game_id: str):
    app, match = saved_and_listed(game_id)
    assert game_id not in WITH_SECRETS or holds_secrets(match), "the test needs secrets to keep"
    key(app, pygame.K_RETURN, frames=2)
    scene = app.manager.top
    assert isinstance(scene, ReplayViewerScene), top_name(app)
    watch = SecretWatch(scene.table, frame=scene)
    total = len(scene.replay)
    try_every_seat(app, scene)  # at the start
    for _ in range(3):
        key(app, pygame.K_RIGHT, frames=4)  # a move animated as it was played
    try_every_seat(app, scene)
    bar = scene.scrubber.rect
    click(app, (bar.x + bar.width // 2, bar.centery), frames=2)
    try_every_seat(app, scene)
    key(app, pygame.K_END, frames=2)
    assert scene.step == total
    try_every_seat(app, scene)
    point_around(app, scene)
    key(app, pygame.K_LEFT, frames=2)
    key(app, pygame.K_SPACE, frames=40)  # playing to the end by itself
    try_every_seat(app, scene)
    watch.assert_clean()
    assert watch.private_frames == 0 and watch.public_frames > 40


@pytest.mark.parametrize("game_id", WITH_SECRETS)
def test_a_game_still_being_played_cannot_be_exported(game_id: str):
    """Its replay file would hold the seed and every move: every hidden card of every seat."""
    app, match = saved_and_listed(game_id)
    export = button(app, "Export")
    assert not export.enabled and "once it has ended" in export.tooltip_text()
    press(app, "Export", frames=2)
    assert top_name(app) == "ReplaysScene"
    with pytest.raises(ReplayError, match="once it has ended"):
        archive.export_replay(Replay.of_match(match), "so-far")
    assert list(archive.exports_dir().iterdir()) == []


# --- the viewer's words stay on the canvas ------------------------------------------------------------
@pytest.mark.parametrize("language, scale", [("en", 1.0), (i18n.PSEUDO_LANGUAGE, 1.0), ("de", 1.3)])
@pytest.mark.parametrize("game_id", list(SPECS))
def test_a_game_not_finished_says_so_without_running_off_the_screen(game_id, language, scale, monkeypatch):
    watch = LayoutWatch(monkeypatch)
    save_match(unfinished(game_id), autosave_path(game_id))
    app = make_app(game_specs=SPECS)
    app.settings.ui_scale = scale
    app.apply_settings()
    app.set_language(language)
    try:
        app.manager.push(app.scenes.replays())
        step(app, 2)
        key(app, pygame.K_RETURN, frames=2)
        assert top_name(app) == "ReplayViewerScene"
        for move in (pygame.K_RIGHT, pygame.K_END, pygame.K_v):
            key(app, move, frames=3)
    finally:
        i18n.set_language("en")
    # the viewer's own words anywhere, and any words off the canvas; a game's table is checked on its own screens
    problems = {where: what for where, what in watch.problems.items()
                if not where.startswith("game/games/") or "runs off" in what}
    assert not problems, "\n".join(f"  {where}: {what}" for where, what in sorted(problems.items()))


def test_an_imported_replay_of_a_game_not_over_is_watched_in_the_public_view_only(tmp_path):
    """A replay file of a game not over (written by hand, or by a version that exported such games)."""
    match = unfinished("breaking-away")
    source = tmp_path / "so-far.txt"
    source.write_text(Replay.of_match(match).to_text())
    entry, new = archive.import_replay(source, SPECS)
    assert new and not entry.finished and not entry.autosave
    app = make_app(game_specs=SPECS)
    press(app, "Replays", frames=2)
    assert app.manager.top.list.current() == entry
    assert not button(app, "Export").enabled
    key(app, pygame.K_RETURN, frames=2)
    scene = app.manager.top
    assert isinstance(scene, ReplayViewerScene), top_name(app)
    watch = SecretWatch(scene.table, frame=scene)
    key(app, pygame.K_END, frames=2)
    try_every_seat(app, scene)
    watch.assert_clean()
