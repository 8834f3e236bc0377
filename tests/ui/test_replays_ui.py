"""The replays screen and the replay viewer, driven like a player: every game, both kinds of view.

Games are finished with seeded random moves (fast), archived as the results screen does, then
found in the list from the launcher, opened, stepped, scrubbed, played and watched from each seat.
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
from game.core.replay import CHECKPOINT_EVERY, Replay
from game.core.saves import autosave_path
from game.core.story import tell
from game.games import all_specs
from game.games.breakaway_rider.scene_opening import opening_draw_events
from game.scenes.replay_viewer import ReplayViewerScene
from ui_support import click, key, make_app, press, step, top_name, type_text

SPECS = all_specs()
#: short games: few seats and the shortest options
SHORT = {"breaking-away": (3, {}), "breakaway-rider": (2, {"stages": 3}), "leader-1": (2, {}),
         "breakaway-football": (2, {}), "breakout": (2, {})}


def random_finished(game_id: str, seed: int = 4, humans: int = 1) -> Match:
    spec = SPECS[game_id]
    seats_count, options = SHORT[game_id]
    seats = [Seat(f"Player{i + 1}", spec.colours[i][1], "human" if i < humans else "bot:easy")
             for i in range(seats_count)]
    match = Match(spec, seats, options, seed)
    rng = random.Random(seed)
    while not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    return match


def open_replays(app, expect: str = "ReplaysScene") -> None:
    press(app, "Replays", frames=2)
    assert top_name(app) == expect


def viewer(app) -> ReplayViewerScene:
    scene = app.manager.top
    assert isinstance(scene, ReplayViewerScene), top_name(app)
    return scene


def shows_exactly(scene: ReplayViewerScene) -> None:
    """The table draws the replay's own state for the chosen eyes, and the log only what they may read:
    the game's opening entries (a draw for the lead), then the events of the moves so far."""
    replay, step_number, seat = scene.replay, scene.step, scene.perspective
    assert scene.table.view == replay.view_at(step_number, seat)
    visible = [e for s in replay.steps[:step_number] for e in s.events if e.visible(seat)]
    log = scene.table.match.log_for(seat)
    opening = [entry for entry in scene.table.opening_entries() if entry.event.visible(seat)]
    assert log[:len(opening)] == opening and all(entry.index < 0 for entry in opening)
    assert [entry.event for entry in log[len(opening):]] == visible
    assert all(entry.event.visible(seat) for entry in scene.table.match.log_for(scene.table.viewer))


def test_a_breakaway_rider_replay_opens_its_log_with_the_draw_for_the_lead_wherever_it_jumps():
    match = random_finished("breakaway-rider", seed=6)
    draw_for_the_lead = [event.text for event in opening_draw_events(match.state.view(None))]
    app = make_app(game_specs=SPECS)
    app.manager.push(app.scenes.replay_viewer(Replay.of_match(match), "rider"))
    scene = viewer(app)
    step(app, 2)
    for target in (0, 5, len(match.history) // 2, 3, len(match.history), 0):
        scene.jump(target)
        assert [entry.event.text for entry in scene.table.match.log if entry.index < 0] == draw_for_the_lead
        shows_exactly(scene)
    key(app, pygame.K_RIGHT, frames=2)
    assert scene.step == 1
    assert [entry.event.text for entry in scene.table.match.log[:len(draw_for_the_lead)]] == draw_for_the_lead
    shown = [text for text, _chip in scene.table.log_panel.entries]
    assert shown[0] == scene.table.log_text(scene.table.match.log[0]), "on screen too, with the players' names"
    assert shown[0].startswith("Draw for the lead:") and "Player1" in shown[0]


@pytest.mark.parametrize("game_id", list(SHORT))
def test_a_finished_game_is_listed_opened_and_watched_from_every_view(game_id: str):
    match = random_finished(game_id)
    assert archive.archive_match(match).new
    app = make_app(game_specs=SPECS)
    open_replays(app)
    entry = app.manager.top.list.current()
    assert entry.game_id == game_id and entry.finished and entry.moves == len(match.history)
    key(app, pygame.K_RETURN, frames=2)
    scene = viewer(app)
    total = len(scene.replay)
    assert scene.step == 0 and total == len(match.history)
    for _ in range(3):
        key(app, pygame.K_RIGHT, frames=2)
    assert scene.step == 3
    shows_exactly(scene)
    key(app, pygame.K_LEFT)
    assert scene.step == 2
    bar = scene.scrubber.rect
    click(app, (bar.x + bar.width // 2, bar.centery))
    assert abs(scene.step - total // 2) <= 1
    shows_exactly(scene)
    key(app, pygame.K_END)
    assert scene.step == total and scene.table.match.state == match.state
    key(app, pygame.K_HOME)
    for seat in range(len(match.seats)):
        key(app, pygame.K_v)
        assert scene.perspective == seat and scene.table.viewer == seat
        scene.jump(total // 3)
        key(app, pygame.K_RIGHT, frames=3)
        shows_exactly(scene)
    key(app, pygame.K_v)
    assert scene.perspective is None
    key(app, pygame.K_s)
    key(app, pygame.K_s)
    assert scene.speed == 4.0
    key(app, pygame.K_SPACE)
    before = scene.step
    step(app, 30)
    assert scene.step > before, "playing moves on by itself"
    key(app, pygame.K_SPACE)
    assert not scene.playing
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "ReplaysScene"


def test_the_table_never_plays_a_move_of_its_own_and_mouse_play_does_nothing():
    match = random_finished("breakout", seed=2)
    archive.archive_match(match)
    app = make_app(game_specs=SPECS)
    open_replays(app)
    key(app, pygame.K_RETURN)
    scene = viewer(app)
    key(app, pygame.K_v)  # as the first seat, who decides at the start
    assert scene.table.can_act
    rng = random.Random(1)
    for _ in range(40):
        click(app, (rng.randrange(20, 940), rng.randrange(80, 700)))
    assert scene.step == 0 and len(scene.table.match.history) == 0
    assert scene.table.match.state == scene.replay.state_at(0)
    assert not autosave_path("breakout").exists(), "a replay is never autosaved"


def test_jumping_anywhere_in_a_500_move_game_replays_at_most_one_checkpoint_of_moves(monkeypatch):
    """A jump starts from the nearest checkpoint and takes the log from the recorded events: it plays fewer
    than ``CHECKPOINT_EVERY`` moves wherever it lands (``tools/bench.py --only replay`` times the jumps)."""
    spec = SPECS["breaking-away"]
    seats = [Seat(f"P{i}", spec.colours[i][1], "bot:easy") for i in range(6)]
    match = Match(spec, seats, {}, 9)
    rng = random.Random(9)
    while not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    assert len(match.history) >= 500
    app = make_app(game_specs=SPECS)
    app.manager.push(app.scenes.replay_viewer(Replay.of_match(match), "long"))
    scene = viewer(app)
    step(app, 2)
    played: list[int] = []
    state_class = spec.state_class
    original = state_class.apply
    monkeypatch.setattr(state_class, "apply", lambda state, action: played.append(1) or original(state, action))
    most = 0
    for target in [*range(0, len(match.history) + 1, 37), len(match.history)]:
        played.clear()
        scene.jump(target)
        most = max(most, len(played))
        assert scene.step == target and len(scene.table.match.history) == target
    assert 0 < most < CHECKPOINT_EVERY
    assert scene.table.match.state == match.state


def test_export_delete_and_import_by_path_and_by_drop(tmp_path: Path, monkeypatch):
    monkeypatch.setattr("game.scenes.story.tell", functools.partial(tell, playouts=2))
    archive.archive_match(random_finished("breakout", seed=3))
    app = make_app(game_specs=SPECS)
    open_replays(app)
    press(app, "Export")
    telling = app.manager.top  # the story is told first, for the key moments in the file
    deadline = time.monotonic() + 120
    while telling.teller.running() and time.monotonic() < deadline:
        time.sleep(0.02)
    step(app, 2)
    assert top_name(app) == "DialogScene"
    exported = next(archive.exports_dir().glob("*.txt"))
    assert str(exported) in app.manager.top.message
    key(app, pygame.K_RETURN)
    press(app, "Delete")
    press(app, "Delete")
    assert top_name(app) == "ReplaysScene" and app.manager.top.entries == []
    press(app, "Import…")
    assert top_name(app) == "ImportScene"
    type_text(app, str(exported))
    key(app, pygame.K_RETURN, frames=2)
    assert top_name(app) == "DialogScene" and "Replay imported" == app.manager.top.title
    key(app, pygame.K_ESCAPE)
    assert len(app.manager.top.entries) == 1
    junk = tmp_path / "junk.txt"
    junk.write_text("not a replay")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(junk)))  # as the window gets it
    step(app)
    assert top_name(app) == "DialogScene" and "cannot be imported" in app.manager.top.message
    assert junk.read_text() == "not a replay", "a file that cannot be imported is left as it was"
    key(app, pygame.K_RETURN)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(exported)))
    step(app)
    assert "Already there" == app.manager.top.title


def test_a_broken_replay_is_reported_and_set_aside_when_listed_or_opened():
    path = archive.archive_match(random_finished("breakout", seed=5)).path
    archive.archive_match(random_finished("breakout", seed=6))
    (archive.archive_dir() / "garbage.txt").write_bytes(b"\x00\xff" * 50)
    text = path.read_text()
    last = [line for line in text.splitlines() if line.startswith("move")][-1]
    path.write_text(text.replace(last, last.rsplit(" ", 1)[0] + " 9"))
    app = make_app(game_specs=SPECS)
    open_replays(app, expect="DialogScene")
    assert "garbage.txt" in app.manager.top.message
    key(app, pygame.K_RETURN)
    scene = app.manager.top
    assert len(scene.entries) == 2
    index = next(i for i, e in enumerate(scene.entries) if e.path == path)
    scene.list.select(index)
    key(app, pygame.K_RETURN)
    assert top_name(app) == "DialogScene" and "cannot be played back" in app.manager.top.message
    key(app, pygame.K_RETURN)
    assert [e.path for e in app.manager.top.entries] != [path] and len(app.manager.top.entries) == 1
    assert any(".broken-" in p.name for p in archive.archive_dir().iterdir())


def test_the_list_is_keyboard_and_mouse_friendly_and_scrolls():
    for seed in range(12):
        archive.archive_match(random_finished("breakout", seed=seed))
    app = make_app(game_specs=SPECS)
    open_replays(app)
    scene = app.manager.top
    assert len(scene.entries) == 12
    for _ in range(11):
        key(app, pygame.K_DOWN)
    assert scene.list.selected == 11 and scene.list.top > 0
    key(app, pygame.K_HOME)
    assert scene.list.selected == 0 and scene.list.top == 0
    row = scene.list.row_rect(2)
    click(app, row.center)
    click(app, row.center)
    assert top_name(app) == "ReplayViewerScene"
    assert app.manager.top.replay.to_text().splitlines()[1:3] == \
        archive.read_text(scene.entries[2].path).splitlines()[1:3]


def test_esc_on_a_games_own_overlay_in_a_replay_closes_it_without_a_pause_menu():
    match = random_finished("breakaway-rider", seed=3)
    archive.archive_match(match)
    app = make_app(instant=False, game_specs=SPECS)
    app.settings.animation_speed = "off"
    open_replays(app)
    key(app, pygame.K_RETURN, frames=2)
    scene = viewer(app)
    stage_end = next(i for i, s in enumerate(scene.replay.steps) if any(e.kind == "stage-end" for e in s.events))
    scene.jump(stage_end)
    key(app, pygame.K_RIGHT, frames=3)
    assert top_name(app) == "StageTableScene"
    key(app, pygame.K_ESCAPE, frames=2)
    assert top_name(app) == "ReplayViewerScene"


@pytest.mark.parametrize("game_id", list(SHORT))
def test_a_replay_tells_the_step_it_shows_and_never_that_someone_is_choosing_now(game_id: str, monkeypatch):
    """Nobody decides in a replay: a bot's seat to move reads as whose turn it was, never "is choosing"."""
    from game.ui.theme import Theme
    drawn: set[str] = set()
    text = Theme.text

    def recorded(theme, content, *args, **kwargs):
        drawn.add(content)
        return text(theme, content, *args, **kwargs)
    monkeypatch.setattr(Theme, "text", recorded)
    match = random_finished(game_id, seed=8)
    app = make_app(game_specs=SPECS)
    app.manager.push(app.scenes.replay_viewer(Replay.of_match(match), "bots"))
    scene = viewer(app)
    step(app, 2)
    for target in range(0, len(match.history), max(1, len(match.history) // 12)):
        scene.jump(target)
        step(app, 2)
        key(app, pygame.K_RIGHT, frames=6)
    live = sorted(words for words in drawn if "is choosing" in words or "is thinking" in words)
    assert not live, live


def test_a_football_replay_names_each_side_by_its_team_as_the_table_does():
    """The view choice and the header call a side by its team ("As Lightning"), never by its seat colour."""
    match = random_finished("breakaway-football")
    archive.archive_match(match)
    app = make_app(game_specs=SPECS)
    open_replays(app)
    key(app, pygame.K_RETURN, frames=2)
    scene = viewer(app)
    teams = [scene.table.seat_name(seat) for seat in range(len(match.seats))]
    assert teams != [match.seat_name(seat) for seat in range(len(match.seats))], "Football names sides by team"
    assert [label for _seat, label in scene.perspectives()][1:] == [f"As {team}" for team in teams]
