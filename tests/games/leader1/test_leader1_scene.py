"""The Leader 1 scene, headless: setup buttons, lit squares and their previews, keys, dice, privacy, a whole race."""
from __future__ import annotations

import random

import pygame
import pytest

from game.app import App
from game.core.match import Match, Seat
from game.core.protocol import act
from game.games import all_specs
from game.games.leader1.scene import Leader1Scene
from game.games.leader1.scene_board import ZOOMS
from scene_input import click, hover, key, step

ANNA = Seat("Anna", "#E69F00")
BEN = Seat("Ben", "#56B4E9")
BOT = Seat("Bot", "#56B4E9", "bot:easy")
BOT2 = Seat("Bot 2", "#009E73", "bot:easy")


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


def open_game(seats, *, options=None, moves=(), instant=True, speed="normal", seed=5):
    specs = all_specs()
    app = App(specs, instant=instant)
    app.settings.animation_speed = speed
    match = Match(specs["leader-1"], list(seats), dict(options or {}), seed)
    for move in moves:
        match.apply(move)
    app.start_match(match)
    app.step()
    scene = app.manager.find(Leader1Scene)
    assert scene is not None
    return app, scene


def last_action(scene):
    return scene.match.history[-1][1]


def finish_setup(scene):
    """Both players pick a rouleur and make him the sprinter (engine moves, as a table would)."""
    match = scene.match
    while match.state.phase == "setup":
        match.apply(match.state.legal_actions()[0])
    scene.on_undo()


def close_recap(app, scene):
    """The "since your last turn" recap takes the first key or click; a player reads it and closes it."""
    for _ in range(3):
        if getattr(scene, "recap", None) is None:
            return
        key(app, pygame.K_SPACE, " ")


def to_screen_seat(app, scene, frames=1):
    """The seat deciding now sits at the screen (as after the curtain), recap read and closed."""
    scene.viewer = scene.last_human = scene.match.current_seat
    scene._view_key = None
    step(app, frames)
    close_recap(app, scene)


def square_on_screen(scene, preview):
    return tuple(round(v) for v in scene.to_screen(scene.preview_point(preview)))


def test_setup_buttons_pick_a_type_and_a_speciality():
    app, scene = open_game([ANNA, BEN])
    seat = scene.match.current_seat
    scene.viewer = seat
    scene.last_human = seat
    step(app)
    labels = [b.label for b, _ in scene.action_buttons()]
    assert labels == ["1  Rouleur", "2  Leader", "3  Climber"]
    click(app, scene.action_buttons()[2][0].rect.center)
    assert last_action(scene) == act("pick", "climber")
    assert [b.label for b, _ in scene.action_buttons()] == ["1  Sprinter", "2  Descender"]
    key(app, pygame.K_2, "2")
    assert last_action(scene).kind == "speciality" and last_action(scene).args[1] == "descender"


def test_the_speciality_prompt_asks_for_what_the_buttons_offer():
    app, scene = open_game([ANNA, BEN])
    scene.match.apply(act("pick", "climber"))
    assert scene.prompt(scene.match.state.view(0), 0) == \
        "make your rider sprinter or descender (1-2)."
    app, scene = open_game([ANNA, BEN], options={"riders": 2})
    scene.match.apply(act("pick", "climber"))
    scene.match.apply(act("pick", "rouleur"))
    assert scene.prompt(scene.match.state.view(0), 0) == "choose your sprinter (buttons below)."
    scene.match.apply(scene.match.state.legal_actions()[0])
    assert scene.match.state.legal_actions()[0].args[1] == "descender"
    assert scene.prompt(scene.match.state.view(0), 0) == "choose your descender (buttons below)."


def test_breakaway_squares_are_lit_with_cost_and_hover_previews():
    app, scene = open_game([ANNA, BEN])
    finish_setup(scene)
    while scene.match.state.phase != "breakaway" or not scene.match.seats[scene.match.current_seat].is_human:
        scene.match.apply(act("pass") if scene.match.state.phase == "breakaway" else
                          scene.match.state.legal_actions()[0])
    scene.on_undo()
    to_screen_seat(app, scene, 3)
    previews = scene.previews()
    assert previews and all(p.steps >= 4 for p in previews if p.kind == "square")
    cheap = min((p for p in previews if p.allowed), key=lambda p: p.cost)
    hover(app, square_on_screen(scene, cheap))
    assert scene.chosen() is not None
    assert scene.chosen().free == 3 and scene.chosen().cost == cheap.cost
    dear = max((p for p in previews if p.allowed and p.kind == "square"), key=lambda p: p.cost)
    hover(app, square_on_screen(scene, dear))
    assert scene.chosen().cost == dear.cost > cheap.cost
    click(app, square_on_screen(scene, dear))
    assert last_action(scene) == dear.action


def test_tab_and_enter_ride_the_focused_square():
    app, scene = open_game([ANNA, BEN])
    finish_setup(scene)
    while scene.match.state.phase != "breakaway":
        scene.match.apply(scene.match.state.legal_actions()[0])
    scene.on_undo()
    to_screen_seat(app, scene)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    focused = scene.previews()[scene.focus]
    assert scene.focus == 1
    key(app, pygame.K_RETURN)
    assert last_action(scene) == focused.action


def test_pass_roll_and_chase_keys():
    app, scene = open_game([ANNA, BEN])
    finish_setup(scene)
    while scene.match.state.phase != "breakaway":
        scene.match.apply(scene.match.state.legal_actions()[0])
    to_screen_seat(app, scene)
    key(app, pygame.K_p, "p")
    assert last_action(scene) == act("pass")
    to_screen_seat(app, scene)
    if scene.match.state.phase == "breakaway":
        key(app, pygame.K_p, "p")
        to_screen_seat(app, scene)
    assert scene.match.state.phase == "pursuit"
    key(app, pygame.K_c, "c")
    assert last_action(scene) == act("pursue")
    assert scene.peloton_face == scene.match.state.last_roll


def test_unaffordable_square_is_refused_with_the_reason():
    app, scene = open_game([ANNA, BEN])
    finish_setup(scene)
    while scene.match.state.phase != "breakaway":
        scene.match.apply(scene.match.state.legal_actions()[0])
    state = scene.match.state
    seat = state.current_seat()
    for rider in state.seat_riders(seat):
        rider.energy = 0
    state._options, state._legal = {}, None
    scene.viewer = scene.last_human = seat
    scene._view_key = None
    scene._previews_key = None
    step(app)
    refused = next(p for p in scene.previews() if not p.allowed)
    before = len(scene.match.history)
    click(app, square_on_screen(scene, refused))
    assert len(scene.match.history) == before
    assert "energy" in str(refused.reason)


def test_bot_moves_animate_and_finish():
    app, scene = open_game([ANNA, BOT], instant=False, speed="fast")
    match = scene.match
    while match.state.phase == "setup":
        match.apply(match.state.legal_actions()[0])
    while not (match.state.phase == "breakaway" and not match.seats[match.current_seat].is_human):
        match.apply(act("pass") if match.state.phase == "breakaway" else match.state.legal_actions()[0])
    scene.on_undo()
    bot_animated = False
    for _ in range(900):
        step(app)
        if scene.anims.busy and (scene.tracks or scene.rolling or scene.peloton_tween):
            bot_animated = bot_animated or match.history[-1][0] == 1
        if bot_animated and not scene.anims.busy:
            break
        if scene.can_act and not scene.anims.busy:
            key(app, pygame.K_p, "p") if match.state.phase == "breakaway" else key(app, pygame.K_RETURN)
    assert bot_animated and not scene.anims.busy


def test_zoom_scroll_and_follow():
    app, scene = open_game([ANNA, BOT])
    start = scene.zoom_index
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    step(app)
    assert scene.zoom == ZOOMS[min(start + 1, len(ZOOMS) - 1)]
    key(app, pygame.K_MINUS, "-")
    key(app, pygame.K_MINUS, "-")
    assert scene.zoom_index == max(0, start - 1)
    before = scene.camera
    key(app, pygame.K_RIGHT, mod=pygame.KMOD_SHIFT)
    assert scene.camera[0] > before[0] and not scene.follow
    key(app, pygame.K_f, "f")
    assert scene.follow


def test_only_the_viewers_feed_tiles_are_face_up():
    app, scene = open_game([ANNA, BEN])
    finish_setup(scene)
    state = scene.match.state
    mine, other = state.seat_riders(0)[0], state.seat_riders(1)[0]
    mine.tiles, other.tiles = [4], [5]
    state.piles["green"].remove(4)
    state.piles["green"].remove(5)
    scene.viewer = scene.last_human = 0
    scene._view_key = None
    step(app)
    assert [value for _, rider, value in scene._tile_rects] == [4]
    assert all(rider == mine.id for _, rider, _ in scene._tile_rects)
    assert str(other.id) not in scene.view["my_tiles"]


def test_clicking_a_face_up_tile_eats_it():
    app, scene = open_game([ANNA, BEN])
    finish_setup(scene)
    state = scene.match.state
    seat = state.current_seat()
    rider = state.seat_riders(seat)[0]
    state.piles["green"].remove(3)
    rider.tiles = [3]
    state._legal = None
    to_screen_seat(app, scene)
    rect = scene._tile_rects[0][0]
    click(app, rect.center)
    assert last_action(scene) == act("feed", rider.id, 3)


def test_colour_blind_and_stage_race_gc_draw():
    app, scene = open_game([ANNA, BOT, BOT2], options={"stages": 2, "riders": 2})
    app.settings.colour_blind = True
    key(app, pygame.K_g, "g")
    assert scene.show_gc
    step(app, 5)


def test_whole_race_between_bots_reaches_results():
    app, scene = open_game([Seat("B1", "#E69F00", "bot:easy"), BOT, BOT2], options={"riders": 2})
    for _ in range(4000):
        step(app)
        if scene.match.is_over() and type(app.manager.top).__name__ != "Leader1Scene":
            break
    assert scene.match.is_over()
    assert type(app.manager.top).__name__ != "Leader1Scene"
    assert scene.results_summary_lines()


def test_random_input_raises_nothing():
    app, scene = open_game([ANNA, BOT], seed=9)
    rng = random.Random(4)
    keys = [pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_1, pygame.K_2, pygame.K_p,
            pygame.K_r, pygame.K_c, pygame.K_e, pygame.K_n, pygame.K_g, pygame.K_MINUS, pygame.K_PLUS]
    for _ in range(700):
        if type(app.manager.top).__name__ != "Leader1Scene":
            break
        if rng.random() < 0.5:
            click(app, (rng.randrange(1280), rng.randrange(80, 720)))
        else:
            code = rng.choice(keys)
            key(app, code, pygame.key.name(code) if len(pygame.key.name(code)) == 1 else "")


# --- the race builder ------------------------------------------------------------------------------
def open_builder():
    from game.games.leader1.builder_scene import BuilderScene
    specs = all_specs()
    app = App(specs, instant=True)
    app.manager.push(specs["leader-1"].extra["builder"]()(app))
    app.step()
    scene = app.manager.top
    assert isinstance(scene, BuilderScene)
    return app, scene


def test_builder_lists_each_breach_and_refuses_to_save():
    app, builder = open_builder()
    assert builder.problems() == []
    click(app, builder.buttons[[b.label for b in builder.buttons].index("Mountain left")].rect.center)
    problems = builder.problems()
    assert any("must end with an arrival hexagon" in p for p in problems)
    assert any("needs a ground rise before it" in p for p in problems)
    assert any("needs a climb category token" in p for p in problems)
    assert builder.save() == ""
    key(app, pygame.K_BACKSPACE)
    assert builder.problems() == []


def test_builder_places_tokens_on_the_picked_hexagon():
    app, builder = open_builder()
    hexagon = builder.draft().placements[4]
    from game.games.leader1.hexagons import cell_centre
    click(app, tuple(round(v) for v in builder.to_screen(cell_centre(hexagon.col, hexagon.row))))
    assert builder.selected == 4
    click(app, builder.token_buttons[0].rect.center)
    assert any(t.kind == "climb" and t.order == 4 and t.value == 1 for t in builder.draft().tokens)
    click(app, builder.token_buttons[4].rect.center)
    assert any(t.kind == "bonus" and t.order == 4 for t in builder.draft().tokens)
    click(app, builder.token_buttons[5].rect.center)
    assert not any(t.order == 4 for t in builder.draft().tokens)


def test_builder_saves_a_tiled_race_and_starts_racing_it():
    from game.games.leader1.races import race_by_key, user_races_dir
    app, builder = open_builder()
    builder.set_title("Hill Sprint")
    builder.name_input.text = "Hill Sprint"
    key(app, pygame.K_RETURN)
    assert (user_races_dir() / "hill-sprint.tmx").is_file()
    assert race_by_key("user:hill-sprint").hexagon_ids == builder.draft().hexagon_ids
    scene = app.manager.find(Leader1Scene)
    assert scene is not None and scene.match.options["race"] == "user:hill-sprint"
    step(app, 5)


def test_setup_opens_the_builder_and_a_built_race_is_offered_and_started():
    from game.games.leader1.builder_scene import BuilderScene
    from game.scenes.setup import SetupScene
    specs = all_specs()
    app = App(specs, instant=True)
    app.go_to_launcher()
    app.manager.push(app.scenes.setup(specs["leader-1"]))
    app.step()
    setup = app.manager.top
    assert isinstance(setup, SetupScene)
    button = next(w for w in setup.form.widgets if getattr(w, "label", "") == "Race builder")
    click(app, button.rect.center)
    builder = app.manager.top
    assert isinstance(builder, BuilderScene)
    builder.set_title("Coast Climb")
    builder.name_input.text = "Coast Climb"
    key(app, pygame.K_RETURN)
    scene = app.manager.find(Leader1Scene)
    assert scene is not None and scene.match.options["race"] == "user:coast-climb"
    assert "user:coast-climb" in specs["leader-1"].option("race").menu_choices()


def test_recap_marks_outline_the_squares_left_and_reached():
    app, scene = open_game([ANNA, BEN])
    finish_setup(scene)
    match = scene.match
    while not any(e.event.kind == "move" and e.event.data["kind"] == "square" for e in match.log):
        legal = match.state.legal_actions()
        attacks = [a for a in legal if a.kind == "breakaway"]
        match.apply(attacks[0] if attacks else legal[0])
    scene.on_undo()
    step(app)
    entries = [e for e in match.log if e.event.kind in ("move", "peloton_move")]
    marks = scene.recap_marks(entries, scene.view, scene.viewer)
    assert marks and all(scene.board_rect.contains(rect) for rect in marks)
    move = next(e.event for e in entries if e.event.kind == "move")
    reached = scene.to_screen(scene.geometry.square_centre(move.data["path"][-1]))
    if scene.board_rect.collidepoint(reached):
        assert any(rect.collidepoint(reached) for rect in marks)
    assert scene.recap_marks([], scene.view, scene.viewer) == []


def test_colour_blind_badges_number_every_team_and_type():
    app, scene = open_game([ANNA, BOT, BOT2], options={"riders": 2})
    finish_setup(scene)
    assert all(scene.badge(r) == "" for r in scene.view["riders"])
    app.settings.colour_blind = True
    step(app)
    badges = {scene.badge(r) for r in scene.view["riders"]}
    assert len(badges) == 6 and all(b[0] in "123" and b[1] in "RLC" for b in badges)


def test_log_lines_are_marked_with_the_player_they_are_about():
    app, scene = open_game([ANNA, BEN, BOT])
    finish_setup(scene)
    match = scene.match
    rng = random.Random(1)
    while not match.is_over() and not any(entry.event.kind == "absorbed" for entry in match.log):
        match.apply(rng.choice(match.state.legal_actions()))
    assert any(entry.event.kind == "absorbed" for entry in match.log)
    seats = {r["id"]: r["seat"] for r in scene.view["riders"]}
    for entry in match.log:
        kind, data = entry.event.kind, entry.event.data
        marked = scene.log_seat(entry)
        if kind in ("stage_start", "peloton_move", "peloton_cost"):
            assert marked is None, entry.event.text
        elif kind == "turn":
            assert marked == data["leader"], entry.event.text
        elif kind in ("absorbed", "move"):
            assert marked == seats[data["rider"]], entry.event.text
