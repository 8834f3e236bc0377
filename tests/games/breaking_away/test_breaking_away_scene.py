"""The Breaking Away scene, headless: the sheet form, factor choice by keys and mouse, previews, animation,
hot-seat privacy, votes, the Madison, and whole races to the results screen."""
from __future__ import annotations

import math
import random

import pygame
import pytest

from ba_positions import madison_position, race_position
from game.app import App
from game.core.match import LogEntry, Match, Seat, default_seats
from game.core.protocol import Event, act
from game.games.breaking_away.data import rider_name, team_name
from game.i18n import Message
from game.ui.theme import BODY_PX
from game.games import all_specs
from game.games.breaking_away.allocation import limit_for, sheet_problems
from game.games.breaking_away.bots import GOOD_SHEETS
from game.games.breaking_away.circuit import load_circuit
from game.games.breaking_away.rules import BreakingAwayState
from game.games.breaking_away.scene import BreakingAwayScene
from game.games.breaking_away.scene_allocation import (
    BUTTON_HEIGHT, STATUS_LINES, SUGGESTION_SHIFT, AllocationForm, status_lines,
)
from game.games.breaking_away.scene_layout import RiderPlacer
from game.games.breaking_away.scene_words import shared_places
from game.games.breaking_away.scene_panels import sheet_rows
from game.games.breaking_away.spec import SPEC
from scene_input import click, hover, key, step

ORANGE, SKY, GREEN = "#E69F00", "#56B4E9", "#009E73"


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


# --- driving the app ------------------------------------------------------------------------------
def seats(*controllers: str) -> list[Seat]:
    """Seats in the box's colour order, named after their colours (so the engine's words fit them)."""
    return default_seats(SPEC, list(controllers))


def open_game(players, *, options=None, state: BreakingAwayState | None = None, instant=True, speed="normal",
              seed=4):
    specs = all_specs()
    app = App(specs, instant=instant)
    app.settings.animation_speed = speed
    match = Match(specs["breaking-away"], list(players), options or {}, seed)
    if state is not None:
        match.state = state
    app.start_match(match)
    app.step()
    scene = app.manager.find(BreakingAwayScene)
    assert scene is not None
    return app, scene


def type_text(app, text):
    for char in text:
        if char == "\t":
            key(app, pygame.K_TAB, "\t")
        else:
            key(app, pygame.key.key_code(char), char)


def run_until(app, condition, frames=3000):
    for _ in range(frames):
        if condition():
            return
        app.step()
    assert condition(), f"not reached in {frames} frames; top scene {type(app.manager.top).__name__}"


def top_name(app):
    return type(app.manager.top).__name__


def actions(scene):
    return [action.text() for _, action in scene.match.history]


def lift_curtain(app):
    run_until(app, lambda: top_name(app) == "CurtainScene")
    key(app, pygame.K_RETURN, "\r")
    assert top_name(app) == "BreakingAwayScene"


# --- the sheet before the start --------------------------------------------------------------------
def test_typing_the_sheet_with_tab_and_enter_seals_it():
    app, scene = open_game(seats("human", "bot:easy", "bot:easy"))
    type_text(app, "15\t8\t5\t2\t13\t7\t5\t12\t5\t3\t10\t4\t2")
    form = scene.allocation.form
    assert [line.values() for line in form.lines] == [[15, 8, 5, 2], [13, 7, 5], [12, 5, 3], [10, 4, 2]]
    assert form.status(1) == ("Ready.", "good")
    key(app, pygame.K_RETURN, "\r")
    assert actions(scene)[:4] == ["allocate 1 15 8 5 2", "allocate 2 13 7 5", "allocate 3 12 5 3",
                                  "allocate 4 10 4 2"]
    run_until(app, lambda: scene.view["phase"] == "move")
    mine = [r for r in scene.view["riders"] if r["seat"] == 0]
    assert mine[0]["factors"] == [15, 8, 5, 2]


def test_a_bad_sheet_is_refused_inline_with_the_rule_and_nothing_is_sent():
    app, scene = open_game(seats("human", "bot:easy", "bot:easy"))
    type_text(app, "10\t10\t10\t\t10\t10\t4")
    form = scene.allocation.form
    assert form.total(form.lines[1]) == (24, 25)
    assert "1 points left" in form.status(1)[0] or "left to place" in form.status(1)[0]
    key(app, pygame.K_RETURN, "\r")
    assert actions(scene) == [], "nothing is sent while the sheet is wrong"
    assert form.problems[1] == "The values add up to 24, not 25."
    assert form.status(1) == (form.problems[1], "bad")
    assert 2 in form.problems and 3 in form.problems, "every wrong cyclist is marked at once"
    assert form.focus == (1, 0), "the focus jumps to the first wrong cyclist"


def test_a_value_above_fifteen_is_marked_while_typing_and_backspace_erases():
    app, scene = open_game(seats("human", "bot:easy", "bot:easy"))
    type_text(app, "16")
    form = scene.allocation.form
    text, mood = form.status(0)
    assert (text, mood) == ("16 is too high: starting values go up to 15.", "bad")
    key(app, pygame.K_BACKSPACE, "\x08")
    assert form.lines[0].boxes[0] == "1"
    key(app, pygame.K_BACKSPACE, "\x08")
    assert form.lines[0].boxes[0] == "" and form.status(0)[1] == "soft"


def test_suggest_fills_a_valid_sheet_and_clear_empties_it():
    app, scene = open_game(seats("human", "bot:easy", "bot:easy"))
    view = scene.allocation
    click(app, view.suggest_button.rect.center)
    assert all(view.form.line_problem(line) == "" for line in view.form.lines)
    click(app, view.clear_button.rect.center)
    assert all(line.values() == [] for line in view.form.lines)
    click(app, view.geometry.field(2, 1).center)
    assert view.form.focus == (2, 1)


def suggestion(seed: int, seat: int, presses: int = 1) -> list[list[int]]:
    view = BreakingAwayState.new(4, {}, 1).view(seat)
    form = AllocationForm(view, seat, False, seed)
    for _ in range(presses):
        form.suggest()
    return [line.values() for line in form.lines]


def test_suggestions_differ_by_seat_game_and_press_and_stay_good_valid_sheets():
    before = random.getstate()
    sheets = {(seed, seat): suggestion(seed, seat) for seed in range(1, 21) for seat in range(4)}
    assert random.getstate() == before, "suggestions never draw from the global random module"
    assert suggestion(7, 1) == suggestion(7, 1), "the same game and seat suggest the same first sheet"
    for seed in range(1, 21):
        seen = [sheets[seed, seat] for seat in range(4)]
        assert all(seen.count(sheet) == 1 for sheet in seen), "no two seats of a game are told the same sheet"
    assert len({str(sheets[seed, 0]) for seed in range(1, 21)}) == 20, "each game suggests another sheet"
    presses = [suggestion(7, 0, count) for count in range(1, 6)]
    assert all(a != b for a, b in zip(presses, presses[1:])), "every press changes the sheet"
    for (seed, seat), values in sheets.items():
        for number, cyclist in enumerate(values, 1):
            limit = limit_for(number)
            assert not sheet_problems(cyclist, limit)
            longest = min(max(good) for good in GOOD_SHEETS[number])
            smallest = max(min(good) for good in GOOD_SHEETS[number])
            assert max(cyclist) >= longest - 1 and min(cyclist) <= smallest, "one long factor, a small one"
            assert any(sum(abs(a - b) for a, b in zip(cyclist, good)) <= 2 * SUGGESTION_SHIFT
                       for good in GOOD_SHEETS[number] if len(good) == len(cyclist))


def test_two_humans_pressing_suggest_are_told_different_sheets():
    app, scene = open_game(seats("human", "human", "bot:easy"), seed=11)
    lift_curtain(app)
    key(app, pygame.K_s, "s")
    first = [line.values() for line in scene.allocation.form.lines]
    key(app, pygame.K_RETURN, "\r")
    lift_curtain(app)
    assert scene.viewer == 1
    key(app, pygame.K_s, "s")
    assert [line.values() for line in scene.allocation.form.lines] != first


def test_every_problem_of_a_line_is_named_in_full_within_its_row():
    app, scene = open_game(seats("human", "bot:easy", "bot:easy"))
    type_text(app, "16\t20\t0\t\t10\t10\t4\t0\t2\t3\t20\t1\t1")
    key(app, pygame.K_RETURN, "\r")
    view = scene.allocation
    form = view.form
    assert form.problems[0] == ("16 and 20 are too high: starting values go up to 15. 0 is too low: starting "
                                "values begin at 1. The values add up to 36, not 30.")
    assert form.problems[2] == "0 is too low: starting values begin at 1. The values add up to 5, not 20."
    for index in form.problems:
        text, mood = form.status(index)
        width = view.geometry.status(index).width
        lines, size, step = status_lines(scene.theme, text, width)
        assert mood == "bad" and " ".join(lines) == text, f"row {index} is cut: {lines}"
        assert len(lines) <= STATUS_LINES and all(scene.theme.font(size).size(line)[0] <= width for line in lines)
        assert size >= 14 and len(lines) * step <= view.geometry.status(index).height
        status = view.geometry.status(index)
        assert status.bottom <= view.geometry.row(index + 1).y + 2 and status.bottom <= view.geometry.buttons_y()
    assert "…" not in "".join(form.problems.values())
    assert view.geometry.buttons_y() + BUTTON_HEIGHT <= view.geometry.panel.bottom


def test_madison_sheet_rates_the_riders_and_sends_the_ranks_first():
    app, scene = open_game(seats("human", *["bot:easy"] * 8), options={"mode": "madison"})
    view = scene.allocation
    form = view.form
    assert [line.rank for line in form.lines] == [1, 2]
    click(app, view.geometry.rank_button(0, 3).center)
    assert [line.rank for line in form.lines] == [3, 2]
    click(app, view.geometry.rank_button(1, 3).center)
    assert [line.rank for line in form.lines] == [2, 3], "two riders never share a rating: they swap"
    type_text(app, "12\t8\t5\t10\t6\t4")
    key(app, pygame.K_RETURN, "\r")
    assert actions(scene)[:3] == ["ranks 2 3", "allocate 1 12 8 5", "allocate 2 10 6 4"]


# --- choosing and riding a factor -------------------------------------------------------------------
def race(**options):
    """Orange 11 leads on 30 with 9-5-2; Sky 21 on 28, Green 31 on 27."""
    state = race_position(3, {11: (30, [9, 5, 2]), 21: (28, [4, 4, 4]), 31: (27, [1, 1, 1])}, **options)
    return open_game(seats("human", "bot:easy", "bot:easy"), state=state)


def test_number_keys_choose_a_factor_and_enter_rides_it():
    app, scene = race()
    key(app, pygame.K_2, "2")
    assert scene.chosen_factor(scene.view) == 5
    assert actions(scene) == [], "choosing is not riding"
    key(app, pygame.K_RIGHT)
    assert scene.chosen_factor(scene.view) == 2
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN, "\r")
    assert actions(scene) == ["move 11 5"]


def test_tab_walks_the_factors_too():
    app, scene = race()
    key(app, pygame.K_TAB, "\t")
    assert scene.chosen_factor(scene.view) == 5
    key(app, pygame.K_TAB, "\t", mod=pygame.KMOD_SHIFT)
    assert scene.chosen_factor(scene.view) == 9


def test_hovering_a_factor_previews_it_and_a_click_rides_it():
    app, scene = race()
    nine, five, _ = scene.factor_button_rects(3)
    hover(app, nine.center)
    assert scene.chosen_factor(scene.view) == 9
    preview, spot = scene.preview(scene.view, 9)
    assert (preview.land, preview.points) == (39, 10), "9 from 30 crosses the first sprint first"
    assert actions(scene) == []
    placer = scene.placer
    assert math.dist(spot.pos, placer.across(39, 0.5)) < placer.track_width, "the ghost stands on square 39"
    click(app, five.center)
    assert actions(scene) == ["move 11 5"]


def test_pointing_at_a_landing_marker_on_the_track_previews_that_factor():
    app, scene = race()
    _, spot = scene.preview(scene.view, 2)
    hover(app, (round(spot.x), round(spot.y)))
    assert scene.chosen_factor(scene.view) == 2
    lines = scene.preview(scene.view, 2)[0]
    assert lines.land == 32
    click(app, (round(spot.x), round(spot.y)))
    assert actions(scene) == ["move 11 2"]


def test_the_decision_words_explain_points_and_the_replacement():
    from game.games.breaking_away.scene_words import preview_lines
    app, scene = race()
    nine, _ = scene.preview(scene.view, 9)
    assert preview_lines(nine) == ["To square 39.", "First sprint 1st: +10 points.",
                                   "Then: a breakaway bonus of 11."], "11 clear of Sky 21 on 28"
    two, _ = scene.preview(scene.view, 2)
    assert preview_lines(two) == ["To square 32.", "Then: a breakaway bonus of 4."], "still alone in front"
    assert preview_lines(two, settled=False)[-1] == "So far: a breakaway bonus of 4.", "others may still catch up"
    assert scene.decision_content(scene.view, 2).lines[-1] == "So far: a breakaway bonus of 4."
    app, scene = race(sole_leader=11)
    two, _ = scene.preview(scene.view, 2)
    assert preview_lines(two)[-1] == "Then: 3, nobody directly ahead.", "he led alone already: no new bonus"


def test_a_refused_move_is_toasted_in_the_engines_words():
    app, scene = race()
    assert scene.play_move(act("move", 11, 7)) is False
    assert any("has no factor of 7" in text for text in scene.toasts.texts())


def test_the_move_slides_square_by_square_and_the_bell_rings_at_the_sprint():
    app, scene = race(points=[0, 0, 0])
    sounds = []
    scene.play_sound = lambda name, volume=1.0: sounds.append(name)
    scene.show.play_sound = scene.play_sound
    app.instant = False
    start = scene.show.spot(11)
    key(app, pygame.K_1, "1")
    key(app, pygame.K_RETURN, "\r")
    journey = scene.show.journeys[11]
    run_until(app, lambda: journey.tween.started and 0.3 < journey.tween.progress < 0.7, 200)
    middle = scene.show.spot(11)
    assert middle.pos != start.pos and 11 in scene.show.journeys
    assert scene.show.hidden_crossings("sprint1") or "bell" in sounds
    run_until(app, lambda: 11 not in scene.show.journeys, 300)
    assert "rider_whoosh" in sounds and "bell" in sounds
    assert not scene.show.hidden_crossings("sprint1")


def test_bots_moves_are_animated_and_finish():
    state = race_position(3, {11: (30, [9, 5, 2]), 21: (28, [4, 4, 4]), 31: (27, [1, 1, 1])})
    app, scene = open_game(seats("bot:easy", "bot:easy", "bot:easy"), state=state, instant=False, speed="fast")
    run_until(app, lambda: any(j.tween.started for j in scene.show.journeys.values()), 600)
    rider = next(iter(scene.show.journeys))
    assert scene.is_animating() and scene.match.history, "the bot has moved and the move is being shown"
    run_until(app, lambda: scene.view["turn"] == 3 and not scene.anims.busy, 3000)
    assert rider not in scene.show.journeys and not scene.show.bubbles
    assert sum(1 for e in scene.match.log if e.event.kind == "replacement") == 3


def test_a_whole_race_between_bots_reaches_the_results_with_the_points_table():
    app, scene = open_game(seats("bot:easy", "bot:easy", "bot:easy"), seed=11)
    run_until(app, lambda: top_name(app) == "ResultsScene", 3000)
    lines = scene.results_summary_lines()
    assert lines[0].startswith("First across: 1st sprint ") and " · Finish " in lines[0]
    assert [line.split(":")[0] for line in lines[1:]] == [f"Finish (turn {scene.view['turn']})", "2nd sprint",
                                                          "1st sprint"]
    assert sum(scene.view["points"]) == 2 * sum((10, 8, 6, 5, 4, 3, 2, 1)) + sum((20, 16, 12, 10, 8, 6, 4, 2))


# --- hidden sheets and the curtain -------------------------------------------------------------------
def test_the_curtain_comes_between_two_humans_and_each_sees_only_his_sheet():
    app, scene = open_game(seats("human", "human", "bot:easy"))
    assert top_name(app) == "CurtainScene", "two humans: the first sheet is not shown before its player says so"
    lift_curtain(app)
    assert scene.viewer == 0 and scene.allocation is not None
    scene.allocation.form.suggest()
    key(app, pygame.K_RETURN, "\r")
    assert top_name(app) == "CurtainScene", "the next human's sheet is secret"
    lift_curtain(app)
    assert scene.viewer == 1 and scene.allocation.form.seat == 1
    assert all(line.values() == [] for line in scene.allocation.form.lines), "Orange's values are not shown"
    scene.allocation.form.suggest()
    key(app, pygame.K_RETURN, "\r")
    run_until(app, lambda: scene.view["phase"] == "move" and (top_name(app) == "CurtainScene" or scene.can_act))
    seat = scene.match.current_seat
    if top_name(app) == "CurtainScene":
        lift_curtain(app)
    assert scene.viewer == seat
    for row in sheet_rows(scene.view, 1 - seat):
        assert all(kind in ("hidden", "replacement") for _, kind in row.hand), "other sheets stay hidden"
    assert scene.shown_sheet_seat(scene.view) == seat


def test_with_open_factors_no_curtain_in_the_race_and_tab_shows_every_sheet():
    app, scene = open_game(seats("human", "human", "bot:easy"), options={"factors": "open"})
    for _ in range(2):
        if top_name(app) == "CurtainScene":
            lift_curtain(app)
        scene.allocation_view(scene.view).form.suggest()
        key(app, pygame.K_RETURN, "\r")
    run_until(app, lambda: scene.view["phase"] == "move")
    curtains = 0
    for _ in range(12):
        run_until(app, lambda: scene.can_act or top_name(app) == "CurtainScene")
        if top_name(app) == "CurtainScene":
            curtains += 1
            lift_curtain(app)
        key(app, pygame.K_RETURN, "\r")
    assert curtains == 0, "open factors: nothing to hide once the race runs"
    key(app, pygame.K_TAB, "\t")
    shown = scene.shown_sheet_seat(scene.view)
    rows = sheet_rows(scene.view, shown)
    assert all(value is not None for row in rows for value, _ in row.hand)
    key(app, pygame.K_TAB, "\t")
    assert scene.shown_sheet_seat(scene.view) == (shown + 1) % 3


# --- retirement ----------------------------------------------------------------------------------------
def test_retirement_is_proposed_confirmed_and_voted_with_buttons():
    state = race_position(3, {11: (30, [9, 5, 2]), 21: (80, [4, 4, 4]), 31: (81, [1, 1, 1])})
    state.order = [11]
    app, scene = open_game(seats("human", "human", "human"), state=state)
    lift_curtain(app)
    key(app, pygame.K_r, "r")
    assert scene.confirming == "retire" and actions(scene) == []
    key(app, pygame.K_RETURN, "\r")
    assert actions(scene) == ["retire 11"]
    lift_curtain(app)
    labels = [b.label for b in scene.decision_buttons(scene.view)]
    assert labels == ["Agree (A)", "Refuse (R)"]
    key(app, pygame.K_a, "a")
    lift_curtain(app)
    click(app, scene.decision_buttons(scene.view)[0].rect.center)
    assert actions(scene)[-2:] == ["agree", "agree"]
    assert next(r for r in scene.view["riders"] if r["id"] == 11)["status"] == "retired"


def test_cancelling_a_retirement_sends_nothing():
    app, scene = race()
    key(app, pygame.K_r, "r")
    key(app, pygame.K_n, "n")
    assert scene.confirming is None and actions(scene) == []


# --- the Madison -------------------------------------------------------------------------------------
def test_madison_placement_by_keys_and_a_click_on_a_relief_spot():
    app, scene = open_game(seats("human", *["bot:easy"] * 8), options={"mode": "madison"})
    scene.allocation.form.suggest()
    key(app, pygame.K_RETURN, "\r")
    run_until(app, lambda: scene.view["phase"] == "place" and scene.can_act)
    key(app, pygame.K_2, "2")
    assert actions(scene)[-1] == "starter 12"
    run_until(app, lambda: scene.can_act)
    free = scene.free_relief_squares(scene.view)
    target = free[len(free) // 2]
    click(app, scene.placer.relief(target).pos)
    assert actions(scene)[-1] == f"relief {target}"


def test_madison_change_over_is_a_clear_choice():
    state = madison_position(9, {0: {"rider": 11, "progress": 30, "factors": [5, 3, 2], "relief": 12},
                                 1: {"rider": 21, "progress": 20, "factors": [4, 4, 4], "relief": 25}})
    app, scene = open_game(seats("human", "human", *["bot:easy"] * 7), state=state)
    lift_curtain(app)
    key(app, pygame.K_3, "3")
    key(app, pygame.K_RETURN, "\r")
    lift_curtain(app)
    key(app, pygame.K_RETURN, "\r")
    run_until(app, lambda: scene.view["phase"] == "change" and (scene.can_act or top_name(app) == "CurtainScene"))
    if top_name(app) == "CurtainScene":
        lift_curtain(app)
    assert [b.label for b in scene.decision_buttons(scene.view)] == ["Change over (C)", "Stay (S)"]
    key(app, pygame.K_c, "c")
    assert actions(scene)[-1] == "change"
    assert any(e.event.kind == "change" for e in scene.match.log)


# --- drawing ------------------------------------------------------------------------------------------
def test_riders_stand_where_the_map_puts_their_square():
    app, scene = race()
    circuit = load_circuit()
    fit = scene.layout.fit
    assert scene.layout.track.contains(pygame.Rect(*fit.point(circuit.squares[0].outside), 1, 1))
    spot = scene.show.spot(11)
    inside, outside = fit.point(circuit.square(30).inside), fit.point(circuit.square(30).outside)
    assert math.dist(spot.pos, inside) + math.dist(spot.pos, outside) == pytest.approx(math.dist(inside, outside),
                                                                                      abs=1.0)
    assert spot.angle == circuit.square(30).angle


def test_a_lapped_group_rides_on_the_other_side_of_the_centre_line():
    circuit = load_circuit()
    app, scene = race()
    placer = RiderPlacer(circuit, scene.layout.fit)
    behind = placer.place(5, 0, 1, lane=0, lanes=2)
    ahead = placer.place(5, 0, 1, lane=1, lanes=2)
    inside = scene.layout.fit.point(circuit.square(5).inside)
    assert math.dist(behind.pos, inside) < placer.track_width / 2 < math.dist(ahead.pos, inside)


def test_colour_blind_mode_and_a_crowded_start_draw_without_trouble():
    app, scene = open_game(seats(*["bot:easy"] * 6))
    app.settings.colour_blind = True
    run_until(app, lambda: scene.view["phase"] == "move")
    step(app, 30)
    assert len([r for r in scene.show.targets]) == 24


def test_pointing_at_a_rider_shows_his_card_and_a_bigger_ui_scale_repaints():
    app, scene = race()
    spot = scene.show.spot(21)
    hover(app, (round(spot.x), round(spot.y)))
    assert scene.hover_rider == 21
    before = scene.track_layer()
    app.theme.set_ui_scale(1.25)
    step(app, 2)
    assert scene.track_layer() is not before, "the track's numbers are painted again at the new scale"


def test_the_log_names_teams_by_the_colour_their_player_chose():
    players = [Seat("Anna", SKY, "human"), Seat("Ben", ORANGE, "bot:easy"), Seat("Cleo", GREEN, "bot:easy")]
    app, scene = open_game(players)
    move = Event(Message("{rider} uses {factor}: square {start} to {end}.", rider=rider_name(12), factor=5, start=3,
                         end=8), "move")
    sealed = Event(Message("{team} has sealed its movement log sheet.", team=team_name(1)), "sealed")
    assert scene.log_text(LogEntry(0, 0, move)) == "Sky 12 uses 5: square 3 to 8."
    assert scene.log_text(LogEntry(0, 1, sealed)) == "Orange has sealed its movement log sheet."
    assert move.english() == "Orange 12 uses 5: square 3 to 8.", "the engine's own words keep the box's colours"
    assert scene.rider_name(12) == "Sky 12"


def test_random_clicks_and_keys_never_break_the_table():
    rng = random.Random(7)
    app, scene = open_game(seats("human", "bot:easy", "bot:easy"), options={"factors": "open"})
    keys = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_TAB,
            pygame.K_BACKSPACE, pygame.K_r, pygame.K_n, pygame.K_a, pygame.K_SPACE, pygame.K_5]
    for frame in range(1200):
        if top_name(app) != "BreakingAwayScene":
            break
        roll = rng.random()
        if roll < 0.2:
            code = rng.choice(keys)
            text = pygame.key.name(code) if len(pygame.key.name(code)) == 1 else ""
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text, scancode=0))
        elif roll < 0.35:
            pos = app.viewport.to_window((rng.randrange(1280), rng.randrange(70, 720)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        if scene.view["phase"] == "allocate" and scene.can_act and frame % 200 == 199:
            scene.allocation_view(scene.view).form.suggest()
        app.step()
    assert scene.match.history, "the random player got the race going"


def test_the_bench_has_a_full_track_of_24_riders():
    bench = SPEC.extra["bench"]
    assert any(setup["seats"] == 6 and setup["options"] == {} for setup in bench)


def test_the_recap_marks_the_rider_where_he_landed_the_board_and_the_points_row():
    app, scene = race()
    scene.submit(act("move", 11, 9))
    step(app)
    entries = [entry for entry in scene.match.log if entry.index == len(scene.match.history) - 1]
    marks = scene.recap_marks(entries, scene.view, scene.viewer)
    landed = scene.show.spot(11)
    assert marks[0].collidepoint(scene.art.number_point(landed)), "the rider, where he stands now"
    assert marks[0].width < scene.placer.track_width, "a frame round the rider, not round a whole square"
    assert not any(mark.collidepoint(scene.placer.across(30, 0.5)) for mark in marks), "no frame where he left"
    assert marks[1] == scene.board_rect(0, 3), "the first sprint's board, where 11 took first place"
    assert scene.layout.standings.contains(marks[2]) and marks[2].y == scene.standings_rect(scene.view, 0).y
    assert len(marks) == 3 and all(pygame.Rect(0, 0, 1280, 720).contains(rect) for rect in marks)


def test_a_recap_of_a_turn_frames_each_landing_once_and_never_an_empty_square():
    app, scene = open_game(seats("human", "bot:easy", "bot:easy", "bot:easy"), seed=6)
    key(app, pygame.K_s, "s")
    key(app, pygame.K_RETURN, "\r")
    for _ in range(3000):
        if scene.can_act and scene.view["phase"] == "move" and not scene.anims.busy:
            if scene.view["turn"] >= 2:
                break
            key(app, pygame.K_RETURN, "\r")  # closes a recap, or rides the factor chosen
        app.step()
    entries = scene.recap_entries(scene.viewer)
    assert sum(entry.event.kind == "move" for entry in entries) >= 2, "the other teams moved meanwhile"
    marks = scene.recap_marks(entries, scene.view, scene.viewer)
    spots = [scene.art.number_point(scene.show.spot(rider["id"])) for rider in scene.view["riders"]
             if rider["status"] == "racing"]
    track = [mark for mark in marks if scene.layout.track.contains(mark) and
             not any(mark == scene.board_rect(i, 3) for i in range(3))]
    assert track, "the moves of the others are marked"
    assert all(any(mark.collidepoint(spot) for spot in spots) for mark in track), "every frame holds a rider"
    assert all(not a.colliderect(b) for i, a in enumerate(marks) for b in marks[i + 1:]), "no frames overlap"


def test_a_guided_game_keeps_the_top_of_the_table_free_for_the_hint():
    specs = all_specs()
    app = App(specs, instant=True)
    match = Match(specs["breaking-away"], seats("human", "bot:easy", "bot:easy"), {}, 4, guided=True)
    app.start_match(match)
    step(app, 2)
    scene = app.manager.find(BreakingAwayScene)
    room = scene.layout.track.y - scene.table_rect.y
    assert room >= 3 * app.theme.font(20).get_linesize(), "three lines of hint fit above the track"
    assert scene.allocation.geometry.panel.y >= scene.layout.track.y - 4, "the sheet form starts under the hint"
    assert scene.allocation.geometry.panel.bottom <= scene.table_rect.bottom
    app.theme.set_ui_scale(1.25)
    step(app, 2)
    assert scene.layout.track.y - scene.table_rect.y > room, "a bigger UI scale keeps more room"


def test_a_landing_marker_steps_off_the_track_beside_a_crowded_square():
    riders = {11: (10, [6, 5, 2]), 21: (16, [3, 3, 3]), 22: (16, [3, 3, 3]), 23: (16, [3, 3, 3]),
              31: (15, [3, 3, 3])}
    state = race_position(3, riders)
    state.order = [11]
    app, scene = open_game(seats("human", "bot:easy", "bot:easy"), state=state)
    view = scene.view
    _, crowded = scene.preview(view, 6)
    marker = scene.marker_point(view, 6)
    assert all(math.dist(marker, scene.show.spot(r).pos) > 20 for r in (21, 22, 23, 31)), "no number hidden"
    assert math.dist(marker, crowded.pos) < 3 * scene.placer.track_width, "still beside its square"
    _, open_spot = scene.preview(view, 2)
    assert scene.marker_point(view, 2) == (round(open_spot.x), round(open_spot.y)), "an empty square keeps it"
    key(app, pygame.K_1, "1")
    click(app, marker)
    assert actions(scene) == ["move 11 6"], "the moved marker is still the factor's button"


def test_colour_blind_patterns_go_under_every_number_of_a_bunch():
    app, scene = open_game(seats(*["bot:easy"] * 6))
    app.settings.colour_blind = True
    run_until(app, lambda: scene.view["phase"] == "move")
    calls = []
    scene.art.draw_pattern = lambda surface, spot, colour, rider: calls.append(("pattern", rider))
    scene.art.draw_number = lambda surface, spot, colour, rider, **kw: calls.append(("number", rider))
    scene.draw_riders(app.canvas, scene.view)
    kinds = [kind for kind, _ in calls]
    assert kinds.count("pattern") == kinds.count("number") > 0
    assert kinds.index("number") > max(i for i, kind in enumerate(kinds) if kind == "pattern")


def test_the_log_speaks_of_the_colours_the_players_chose():
    """A real race's log: each team called by its player's colour, in whatever language is shown."""
    players = [Seat("Anna", SKY, "human"), Seat("Ben", ORANGE, "bot:easy"), Seat("Cleo", GREEN, "bot:easy")]
    app, scene = open_game(players)
    state = BreakingAwayState.new(3, {}, 3)
    events = []
    while state.phase == "allocate":
        for number, values in ((1, (15, 8, 5, 2)), (2, (13, 7, 5)), (3, (12, 5, 3)), (4, (10, 4, 2))):
            events += state.apply(act("allocate", number, *values))
    events += state.apply(act("move", state.to_move.id, state.to_move.factors[0]))
    lines = {event.kind: scene.log_text(LogEntry(0, 0, event)) for event in events if event.kind != "sheet"}
    sealed = [scene.log_text(LogEntry(0, 0, event)) for event in events if event.kind == "sealed"]
    assert sealed == ["Sky has sealed its movement log sheet.", "Orange has sealed its movement log sheet.",
                      "Green has sealed its movement log sheet."]
    mover = events[-1].data["rider"]
    assert lines["move"].startswith(f"{scene.names.team(mover // 10 - 1)} {mover} uses 15")


# --- the start pack, the log's chips, the points panel, the header ------------------------------------
def sealed_start(teams: int) -> BreakingAwayState:
    """Every sheet sealed: all the riders on the start line, the first of them to move."""
    state = BreakingAwayState.new(teams, {}, 3)
    while state.phase == "allocate":
        for number, values in ((1, (15, 8, 5, 2)), (2, (13, 7, 5)), (3, (12, 5, 3)), (4, (10, 4, 2))):
            state.apply(act("allocate", number, *values))
    return state


def open_position(state: BreakingAwayState, colour_blind: bool):
    controllers = ["bot:easy"] * state.num_seats
    controllers[state.current_seat()] = "human"
    specs = all_specs()
    app = App(specs, instant=True)
    app.settings.colour_blind = colour_blind
    match = Match(specs["breaking-away"], seats(*controllers), {}, 4)
    match.state = state
    app.start_match(match)
    step(app, 3)
    return app, app.manager.find(BreakingAwayScene)


def number_boxes(scene) -> dict[int, pygame.Rect]:
    """Where each rider's number disc (and, colour-blind, the pattern beside it) is drawn."""
    boxes = {}
    for rider in scene.view["riders"]:
        spot = scene.show.spot(rider["id"])
        if spot is None:
            continue
        x, y = scene.art.number_point(spot)
        disc = scene.art.disc(rider["id"], scene.rider_colour(rider["id"]), False).get_rect(center=(round(x), round(y)))
        boxes[rider["id"]] = disc.union(pygame.Rect(disc.right - 5, disc.centery - 7, 14, 14)) \
            if scene.colour_blind else disc
    return boxes


def assert_readable(scene) -> None:
    boxes = list(number_boxes(scene).values())
    assert all(scene.layout.track.contains(box) for box in boxes), "nothing is cut off at the table's edge"
    overlaps = [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if a.inflate(-2, -2).colliderect(b)]
    assert not overlaps, f"{len(overlaps)} numbers (or patterns) overlap"


@pytest.mark.parametrize("teams", [3, 4, 6, 9])
@pytest.mark.parametrize("colour_blind", [False, True])
def test_the_whole_start_pack_shows_every_number_and_pattern_unhidden(teams, colour_blind):
    app, scene = open_position(sealed_start(teams), colour_blind)
    riders = scene.view["riders"]
    assert len(riders) == 4 * teams and all(rider["square"] == 0 for rider in riders)
    start = scene.placer.across(0, 0.5)
    assert all(scene.show.spot(r["id"]).x <= start[0] + 1 for r in riders), "nobody seems past the start line"
    assert_readable(scene)


@pytest.mark.parametrize("colour_blind", [False, True])
def test_bunches_on_neighbouring_squares_keep_clear_of_each_other_and_of_the_lines(colour_blind):
    ids = [team * 10 + number for team in range(1, 10) for number in range(1, 5)]
    progress = [10] * 9 + [9, 11, 11, 11] + [12] * 6 + [26] * 6 + [25, 27] + [32] * 6 + [33, 31, 30, 29, 28]
    state = race_position(9, {rider: (at, [5, 4, 3]) for rider, at in zip(ids, progress)})
    app, scene = open_position(state, colour_blind)
    assert_readable(scene)
    (x0, y0), (x1, y1) = scene.placer.across(33, 0.0), scene.placer.across(33, 1.0)  # the sprint line
    heading = math.radians(scene.placer.heading(33))
    ahead = (y1 - y0, x0 - x1)  # at right angles to the line, turned the way the riders go
    if ahead[0] * math.cos(heading) + ahead[1] * math.sin(heading) < 0:
        ahead = (-ahead[0], -ahead[1])
    for rider in scene.view["riders"]:
        if 28 <= rider["progress"] < 33:  # the riders near the line
            spot = scene.show.spot(rider["id"])
            past = (spot.x - x0) * ahead[0] + (spot.y - y0) * ahead[1]
            assert past <= 0, f"{rider['id']} seems over the sprint line he has not reached"


def test_the_table_s_own_log_lines_carry_no_team_chip():
    app, scene = race()
    scene.submit(act("move", 11, 9))
    step(app)
    entries = {entry.event.kind: entry for entry in scene.match.log}
    assert scene.log_seat(entries["move"]) == 0 and scene.log_seat(entries["cross"]) == 0
    turn = next(entry for entry in sealed_log() if entry.event.kind == "turn")
    assert turn.seat is not None and scene.log_seat(turn) is None, "\"Turn 1: riders move...\" is nobody's line"


def sealed_log():
    app, scene = open_game(seats("human", "bot:easy", "bot:easy"))
    key(app, pygame.K_s, "s")
    key(app, pygame.K_RETURN, "\r")
    run_until(app, lambda: scene.view["phase"] == "move")
    return scene.match.log


def test_no_places_while_the_points_are_level_then_shared_places():
    app, scene = race()
    rows = scene.standing_rows(scene.view)
    assert [row.place for row in rows] == ["", "", ""], "nobody is 1st on 0 points"
    assert shared_places([(0, -5), (0, 0), (0, 0)]) == ["1st", "=2nd", "=2nd"]
    assert shared_places([(0, -3), (0, -5), (0, 0)]) == ["2nd", "1st", "3rd"]
    scene.submit(act("move", 11, 9))
    step(app)
    rows = scene.standing_rows(scene.view)
    assert rows[0].seat == 0 and rows[0].place == "1st" and {row.place for row in rows[1:]} == {"=2nd"}


def test_the_sheet_panel_tells_whose_sheet_is_sealed_before_the_start():
    app, scene = open_game(seats("human", "bot:easy", "bot:easy"))
    rows = scene.standing_rows(scene.view)
    assert [(row.score, row.place) for row in rows] == [("filling in", ""), ("waiting", ""), ("waiting", "")]


@pytest.mark.parametrize("phase_text", ["sheet", "move"])
def test_the_prompts_fit_the_header_beside_a_long_rider_name(phase_text):
    app, scene = open_game(seats("human", "bot:easy", "bot:easy")) if phase_text == "sheet" else race()
    text = scene.prompt(scene.view, scene.viewer)
    # after the title, the chip, a player's name of a dozen letters and the key hints about 500 px are left
    assert scene.theme.font(BODY_PX).size(text)[0] <= 460, text
