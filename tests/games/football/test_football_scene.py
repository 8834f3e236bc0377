"""The Breakaway Football scene, headless: cards and keys call plays, buttons decide, animations, privacy, the end."""
from __future__ import annotations

import random
from typing import Callable

import pygame
import pytest

from game.app import App
from game.core.match import Match, Seat
from game.core.protocol import act
from game.games import all_specs
from game.games.football import board, field, scene_words
from game.games.football.bots import bot_factory
from game.games.football.rules import FootballState
from game.games.football.scene import FootballScene
from game.games.football.scene_show import Picture, stepped
from scene_input import click, hover, key, step

ANNA = Seat("Anna", "#E69F00")
BEN = Seat("Ben", "#56B4E9")
BOT = Seat("Bot", "#56B4E9", "bot:easy")
SPEC = all_specs()["breakaway-football"]


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


# --- driving the app ------------------------------------------------------------------------------
def new_match(seats, seed: int = 3, options=None) -> Match:
    return Match(SPEC, list(seats), options or {}, seed)


def advance(match: Match, until: Callable[[FootballState], bool], limit: int = 2000) -> None:
    """Play both seats with the easy coach (straight into the match) until ``until`` holds."""
    for step_number in range(limit):
        state = match.state
        if until(state):
            return
        assert not state.is_over(), "the game ended before the position was reached"
        seat = state.current_seat()
        bot = bot_factory("easy", seat, 1000 + step_number)
        match.apply(bot.choose(state.view(seat), state.legal_actions()))
    pytest.fail("position not reached")


def anna_to(phase: str, **more) -> Callable[[FootballState], bool]:
    def test(state: FootballState) -> bool:
        return (state.phase == phase and state.current_seat() == 0
                and all(getattr(state, k) == v for k, v in more.items()))
    return test


def open_game(match: Match, *, instant: bool = True, speed: str = "normal"):
    app = App(all_specs(), instant=instant)
    app.settings.animation_speed = speed
    app.start_match(match)
    app.step()
    scene = app.manager.find(FootballScene)
    assert scene is not None
    if getattr(scene, "recap", None) is not None:
        scene.close_recap()
    return app, scene


def top_name(app) -> str:
    return type(app.manager.top).__name__


def card_half(scene, index: int, half: str) -> tuple[int, int]:
    _, cards = scene.hand_cards(scene.view)
    rect = scene.layout.hand_rects(len(cards))[index]
    return (rect.centerx, rect.y + 24 if half == "top" else rect.bottom - 24)


def own_actions(match: Match, seat: int = 0) -> list:
    return [action for who, action in match.history if who == seat]


def receiving() -> Match:
    """Anna (Lightning) wins the toss with seed 3 and receives: her offense calls the first play."""
    match = new_match([ANNA, BOT])
    assert match.state.current_seat() == 0
    match.apply(act("receive"))
    assert match.state.phase == "offense_call" and match.state.offense == 0
    return match


# --- calling plays ------------------------------------------------------------------------------------
def test_clicking_a_play_on_a_card_calls_that_end_face_down():
    app, scene = open_game(receiving())
    hand = scene.view["hand"]
    click(app, card_half(scene, 2, "bottom"))
    assert own_actions(scene.match)[-1] == act("call", hand[2], 2)
    assert scene.match.state.commits[0] == {"card": hand[2], "end": 2}


def test_keys_pick_a_card_turn_it_round_and_enter_calls_it():
    app, scene = open_game(receiving())
    hand = scene.view["hand"]
    key(app, pygame.K_4, "4")
    key(app, pygame.K_RIGHT)
    assert scene.focus_index == 4 and scene.match.history[-1][1] == act("receive"), "choosing never plays"
    key(app, pygame.K_r, "r")
    assert scene.top_end("offense", hand[4]) == 2
    key(app, pygame.K_a, "a")
    key(app, pygame.K_a, "a")
    assert scene.top_end("offense", hand[4]) == 2
    key(app, pygame.K_DOWN)
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN, "\r")
    assert own_actions(scene.match)[-1] == act("call", hand[4], 2)


def test_the_turned_card_shows_the_called_play_on_top():
    app, scene = open_game(receiving())
    hand = scene.view["hand"]
    key(app, pygame.K_1, "1")
    key(app, pygame.K_r, "r")
    click(app, card_half(scene, 0, "top"))
    assert own_actions(scene.match)[-1] == act("call", hand[0], 2)


def test_hovering_a_play_previews_it_and_plays_nothing():
    app, scene = open_game(receiving())
    view = scene.view
    hover(app, card_half(scene, 5, "top"))
    card = view["hand"][5]
    assert scene.hover == (5, 1)
    lines = scene.info_lines(view, "offense", view["hand"], scene.current_choices(view))
    assert lines == scene_words.offense_preview("Lightning", card, 1, view["ball"])
    assert lines[1].startswith("Breakaway for you against")
    hover(app, card_half(scene, 5, "bottom"))
    assert scene.hover == (5, 2)
    assert scene.match.history[-1][1] == act("receive")


def test_kicks_and_time_outs_are_buttons_with_odds_and_refusals_are_toasted():
    app, scene = open_game(receiving())
    view = scene.view
    labels = [choice.label for choice in scene.current_choices(view)]
    assert labels[0] == "Punt" and labels[-1] == "Time out (3)"
    assert any(label.startswith("Hail Mary ") and label.endswith("%") for label in labels)
    field_goal = next(c for c in scene.choices if c.action == act("fieldgoal"))
    assert field_goal.label == "Field goal" and not field_goal.enabled, "own 30 is out of range"
    key(app, pygame.K_f, "f")
    assert scene.match.history[-1][1] == act("receive")
    assert any(text.startswith("A field goal needs the ball on the opponent's 45") for text in scene.toasts.texts())
    key(app, pygame.K_t, "t")
    assert any("no time outs" in text or "discard pile" in text for text in scene.toasts.texts())
    hover(app, scene.choices[0].button.rect.center)
    assert scene.info_lines(view, "offense", view["hand"], scene.choices)[0].startswith("Punt: discard a card")
    key(app, pygame.K_p, "p")
    assert own_actions(scene.match)[-1] == act("punt")
    assert scene.view["phase"] == "kick_discard"
    click(app, card_half(scene, 0, "top"))
    assert own_actions(scene.match)[-1].kind == "discard"


def test_the_field_goal_button_shows_the_rulebook_odds_in_range():
    match = new_match([ANNA, BOT])
    state = match.state
    state.phase, state.to_move, state.offense, state.ball, state.target = "offense_call", 0, 0, 14, 16
    app, scene = open_game(match)
    field_goal = next(c for c in scene.current_choices(scene.view) if c.action == act("fieldgoal"))
    assert field_goal.label == f"Field goal {round(field.field_goal_chance(6) * 100)}%" == "Field goal 74%"
    assert field_goal.enabled


def test_restricted_passes_are_marked_and_explained_near_the_goal_line():
    lines = scene_words.offense_preview("Lightning", 6, 2, 17)
    assert lines[0].startswith("No Long Pass on their 15: calling it costs a yard line")
    assert scene_words.offense_preview("Lightning", 6, 2, 16)[0].startswith("Long Pass 8, a pass, low-percentage")


# --- the choices at the right moment --------------------------------------------------------------------
def test_defense_sees_the_formation_and_the_coaches_choices_are_buttons():
    match = new_match([ANNA, BOT])
    match.apply(act("kick"))
    advance(match, anna_to("defense_call"))
    app, scene = open_game(match)
    view = scene.view
    formation = view["calls"][1]["formation"]
    lines = scene.info_lines(view, "defense", list(range(1, 11)), scene.current_choices(view))
    assert lines[0].startswith(f"Fire shows {formation}: ")
    hover(app, card_half(scene, 0, "top"))
    lines = scene.info_lines(view, "defense", list(range(1, 11)), scene.choices)
    assert lines[1].startswith(f"vs their {formation}:")
    click(app, card_half(scene, 0, "top"))
    assert own_actions(match)[-1] == act("call", 1, 1)


def test_the_info_lines_shrink_rather_than_cut_a_formations_plays():
    match = new_match([ANNA, BOT])
    match.apply(act("kick"))
    advance(match, anna_to("defense_call"))
    app, scene = open_game(match)
    view = scene.view
    lines = scene.info_lines(view, "defense", view["hand"], scene.current_choices(view))
    width = scene.layout.info.width - 24
    fitted, elsewhere = scene.info_layout(lines, width, scene.info_room(len(view["hand"])))
    assert elsewhere == []
    assert [" ".join(text for text, _, index in fitted if index == line) for line in (0, 1)] == lines[:2]
    assert all(scene.theme.font(size).size(text)[0] <= width for text, size, _ in fitted)


def test_penalty_accept_and_decline_are_explained_and_pressed_by_letter():
    match = new_match([ANNA, BOT], seed=3)
    advance(match, anna_to("penalty"), limit=6000)
    app, scene = open_game(match)
    choices = scene.current_choices(scene.view)
    assert [c.label for c in choices] == ["Accept", "Decline"]
    accept, decline = scene_words.penalty_choice_words(scene.view)
    assert choices[0].help == f"Accept: {accept}." and choices[1].help == f"Decline: {decline}."
    assert decline.startswith("the play stands")
    key(app, pygame.K_d, "d")
    assert own_actions(match)[-1] == act("decline")


def test_audible_buttons_name_both_ends_and_r_turns_the_card():
    app, scene = open_game(receiving())
    click(app, card_half(scene, 0, "top"))
    step(app, 5)
    assert scene.view["phase"] == "offense_audible"
    choices = scene.current_choices(scene.view)
    card = scene.match.state.team(0).offense_card(scene.view["hand"] and own_actions(scene.match)[-1].args[0])
    assert choices[0].label == f"Keep {scene_words.play_name(card.play(1))}"
    assert choices[1].label == f"Audible to {scene_words.play_name(card.play(2))}"
    key(app, pygame.K_r, "r")
    assert own_actions(scene.match)[-1] == act("audible")


def test_enter_takes_the_first_choice_and_tab_walks_the_buttons():
    match = new_match([ANNA, BOT])
    app, scene = open_game(match)
    assert [c.label for c in scene.current_choices(scene.view)] == ["Receive", "Kick"]
    key(app, pygame.K_TAB, "\t")
    assert scene.button_focus == 1
    key(app, pygame.K_TAB, "\t", pygame.KMOD_SHIFT)
    key(app, pygame.K_RETURN, "\r")
    assert own_actions(match) == [act("receive")]


# --- animations -----------------------------------------------------------------------------------------
def test_a_play_is_animated_cards_fly_and_flip_and_the_ball_walks_the_lines():
    app, scene = open_game(receiving(), instant=False)
    start_x = scene.show.pic.ball_x
    click(app, card_half(scene, 3, "top"))
    flying, flipped, positions, game_day = False, False, [], False
    for _ in range(1500):
        step(app)
        pic = scene.show.pic
        flying |= any(slot.fly < 1 for slot in pic.slots.values())
        flipped |= any(0 < slot.squash < 0.9 for slot in pic.slots.values())
        game_day |= pic.gd_fly < 1
        positions.append(pic.ball_x)
        if scene.ready() and scene.view["phase"] in ("offense_call", "defense_call", "kickoff"):
            break
        if scene.ready():
            key(app, pygame.K_RETURN, "\r")
    assert flying and flipped and game_day
    moved = [x for x in positions if abs(x - start_x) > 1e-6]
    if moved:
        fractions = [x for x in positions if abs(x - round(x)) > 0.05]
        assert fractions, "the marker slides between the lines"
    assert scene.show.pic.ball_x == Picture.from_view(scene.view).ball_x


def test_stepped_reaches_every_line_on_the_way():
    values = [stepped(4.0, 7.0, t / 300) for t in range(301)]
    assert values[0] == 4.0 and values[-1] == 7.0
    for line in (5.0, 6.0):
        assert min(abs(v - line) for v in values) < 1e-9
    assert all(b >= a - 1e-9 for a, b in zip(values, values[1:]))


def test_a_click_during_an_animation_hurries_it_and_plays_nothing():
    app, scene = open_game(receiving(), instant=False)
    click(app, card_half(scene, 0, "top"))
    assert scene.anims.busy
    moves = len(scene.match.history)
    click(app, card_half(scene, 1, "top"))
    assert len(scene.match.history) == moves and not scene.anims.busy


def test_animation_off_shows_the_end_at_once():
    app, scene = open_game(receiving(), instant=False, speed="off")
    click(app, card_half(scene, 0, "top"))
    assert not scene.anims.busy
    step(app, 3)
    assert scene.show.pic.ball_x == Picture.from_view(scene.view).ball_x


def test_the_opening_coin_toss_is_shown():
    app, scene = open_game(new_match([ANNA, BOT]), instant=False)
    seen = []
    for _ in range(200):
        step(app)
        if scene.show.pic.coin is not None:
            seen.append(scene.show.pic.coin)
        if scene.show.pic.banner is not None:
            assert scene.show.pic.banner.text == "Lightning wins the toss"
    assert seen and max(seen) > 0.9
    assert scene.show.pic.story[0].startswith("Coin toss: Lightning (Anna) wins it")


def test_undo_puts_the_table_back():
    app, scene = open_game(receiving(), instant=False)
    key(app, pygame.K_p, "p")
    step(app, 60)
    assert scene.view["phase"] == "kick_discard" and scene.match.can_undo()
    assert scene.undo()
    step(app)
    assert scene.view["phase"] == "offense_call" and scene.show.pic.banner is None
    assert scene.hand_mode(scene.view) and [c.label for c in scene.choices][0] == "Punt"


# --- privacy and the curtain ------------------------------------------------------------------------------
def test_the_other_coachs_card_stays_face_down_until_the_reveal():
    match = new_match([ANNA, BOT])
    match.apply(act("kick"))
    advance(match, anna_to("defense_call"))
    app, scene = open_game(match)
    painted: list[tuple] = []
    real = scene.art.offense_face

    def spy(team, number, *args, **kwargs):
        painted.append((team, number))
        return real(team, number, *args, **kwargs)
    scene.art.offense_face = spy
    step(app, 3)
    assert not painted, "Fire's offense card is only drawn by its back"
    assert scene.show.pic.slots["offense"].face is False
    click(app, card_half(scene, 0, "top"), frames=2)
    step(app, 2)
    assert ("Fire", match.state.reveal["offense"]["card"]) in painted if match.state.reveal else True


def test_a_human_against_the_bot_never_sees_a_curtain_but_two_humans_do():
    app, scene = open_game(receiving())
    click(app, card_half(scene, 0, "top"), frames=5)
    for _ in range(40):
        assert top_name(app) != "CurtainScene"
        step(app)
    match = new_match([ANNA, BEN])
    match.apply(act("receive"))
    app, scene = open_game(match)
    assert top_name(app) == "CurtainScene" and scene.viewer is None
    key(app, pygame.K_RETURN, "\r")
    assert scene.viewer == 0
    click(app, card_half(scene, 0, "top"), frames=3)
    assert top_name(app) == "CurtainScene"
    assert scene.viewer is None, "nothing of Anna's or Ben's is drawn before he lifts the curtain"
    key(app, pygame.K_RETURN, "\r")
    assert scene.viewer == 1 and scene.hand_mode(scene.view)
    assert scene.hand_cards(scene.view) == ("defense", list(range(1, 11)))


# --- the whole game ----------------------------------------------------------------------------------------
def test_a_game_between_bots_runs_to_the_results():
    match = new_match([Seat("Ann", "#E69F00", "bot:easy"), Seat("Bo", "#56B4E9", "bot:easy")], seed=9)
    advance(match, lambda state: state.quarter == 4 and min(len(h) for h in state.hands) <= 6, limit=4000)
    app, scene = open_game(match)
    for _ in range(3000):
        if top_name(app) == "ResultsScene":
            break
        step(app)
    assert top_name(app) == "ResultsScene"
    lines = scene.results_summary_lines()
    score = scene.view["score"]
    assert lines[0] == f"Final score: Lightning {score[0]}, Fire {score[1]}."
    assert lines[1].startswith("Drives: Lightning ")
    assert "Lightning was coached by Ann." in lines
    step(app, 3)


def test_colour_blind_drawing_and_random_clicks_and_keys_raise_nothing():
    app, scene = open_game(receiving(), instant=False, speed="fast")
    app.settings.colour_blind = True
    rng = random.Random(8)
    keys = [(pygame.K_LEFT, ""), (pygame.K_RIGHT, ""), (pygame.K_UP, ""), (pygame.K_DOWN, ""), (pygame.K_TAB, "\t"),
            (pygame.K_RETURN, "\r"), (pygame.K_r, "r"), (pygame.K_a, "a"), (pygame.K_3, "3"), (pygame.K_k, "k"),
            (pygame.K_p, "p"), (pygame.K_n, "n"), (pygame.K_e, "e"), (pygame.K_b, "b"), (pygame.K_x, "x")]
    for _ in range(500):
        if top_name(app) != "FootballScene":
            break
        roll = rng.random()
        if roll < 0.1:
            code, text = rng.choice(keys)
            key(app, code, text)
        elif roll < 0.2:
            click(app, (rng.randrange(12, 956), rng.randrange(80, 708)), button=rng.choice((1, 1, 3)))
        elif roll < 0.3:
            hover(app, (rng.randrange(1280), rng.randrange(720)))
        else:
            step(app)
    assert len(scene.match.history) > 6


# --- the words beside the table ------------------------------------------------------------------------------
def test_percentages_never_round_to_certainty():
    assert scene_words.percent(0.744) == "74%"
    assert scene_words.percent(0.001) == "<1%" and scene_words.percent(0.999) == ">99%"


def test_the_formation_read_tells_what_a_defense_does_to_each_hidden_play():
    read = scene_words.formation_read(scene_words.defense_play("Lightning", 3, 1), "Fire", "Gun Spread")
    assert read == "vs their Gun Spread: stops Screen Pass 2, Draw 4 · beaten by Medium Pass 4 · others gain 1-5."


def test_the_story_uses_the_rulebook_narration():
    state = SPEC.create(2, {}, 3)
    state.apply(act("receive"))
    state.apply(act("call", 3, 1))
    state.apply(act("call", 1, 2))
    state.apply(act("audible"))
    events = state.apply(act("keep"))
    play = next(e for e in events if e.kind == "play")
    assert play.text.startswith("Medium Pass 5 vs Cover 3 (2), a gain of 3 yard lines")
    assert "+0" not in play.text
    gameday = next(e for e in events if e.kind == "gameday")
    assert scene_words.story_text(gameday) == (
        "Game Day card for the play: Pancake block (offense +2 on a run).")


def test_breakaway_and_challenge_buttons_say_what_each_choice_gives():
    match = new_match([ANNA, BOT], seed=3)
    advance(match, anna_to("breakaway_choice"), limit=6000)
    view = match.state.view(0)
    value, event = scene_words.breakaway_choice_words(view)
    assert value.startswith(("breakaway run:", "breakaway value")) and event.startswith("play event: ")
    app, scene = open_game(match)
    choices = scene.current_choices(scene.view)
    assert [c.label for c in choices] == ["Breakaway value", "Play event"]
    assert choices[0].help == f"Take the {value}." and choices[1].help == f"Take the {event}."
    match = new_match([ANNA, BOT], seed=5)
    advance(match, anna_to("challenge"), limit=6000)
    flag, stand = scene_words.challenge_words(match.state.view(0))
    card = scene_words.current_card(match.state.view(0))
    assert flag.startswith(f"ignore {card.event.title}, ")
    assert stand


def test_with_every_optional_kick_the_buttons_still_fit_the_bar():
    match = new_match([ANNA, BOT], options={"coffin_corner": True})
    match.apply(act("receive"))
    app, scene = open_game(match)
    choices = scene.current_choices(scene.view)
    assert [c.action.kind for c in choices] == ["punt", "coffin", "fieldgoal", "hailmary", "kneel", "timeout"]
    bar = scene.layout.bar
    assert all(bar.x <= c.button.rect.x and c.button.rect.right <= bar.right for c in choices)
    rects = [c.button.rect for c in choices]
    assert all(a.right <= b.x for a, b in zip(rects, rects[1:]))
    key(app, pygame.K_c, "c")
    assert own_actions(match)[-1] == act("coffin")


def test_while_the_clock_is_matched_the_ball_waits_where_the_next_drive_starts():
    state = SPEC.create(2, {}, 3)
    for action in (act("receive"), act("punt"), act("discard", 1)):
        state.apply(action)
    view = state.view(0)
    assert view["phase"] == "clock_discard" and view["after_clock"]["do"] == "possession"
    step_after = view["after_clock"]
    picture = Picture.from_view(view)
    assert picture.offense == step_after["team"] == 1
    assert picture.ball_x == 20 - step_after["spot"] and picture.flag_x is None


def test_the_corner_a_draw_is_read_from():
    assert scene_words.corner_in_use("field goal") == "field_goal"
    assert scene_words.corner_in_use("punt") == "punt"
    assert scene_words.corner_in_use("kickoff") == "offense_breakaway"
    assert scene_words.corner_in_use("play", "defense") == "defense_breakaway"
    assert scene_words.corner_in_use("play") == ""


# --- beyond the box: the recap's marks and a whole game by keys alone ------------------------------------
def test_recap_marks_the_ball_the_first_down_flag_and_the_scoreboard():
    match = new_match([ANNA, BOT])
    match.apply(act("receive"))
    advance(match, lambda state: state.score != [0, 0] and state.phase == "offense_call")
    app, scene = open_game(match)
    entries = match.log_for(0)[-40:]
    marks = scene.recap_marks(entries, scene.view, 0)
    table = scene.table_rect
    assert marks and all(table.contains(mark) for mark in marks)
    scored = next(e.event.data["seat"] for e in entries if e.event.kind in ("touchdown", "field_goal", "safety"))
    assert scene.score_box(scored) in marks
    assert any(mark.collidepoint(scene.layout.line_x(board_x(scene.view)), scene.layout.ball_y) for mark in marks)
    assert scene.recap_marks([], scene.view, 0) == []


def board_x(view) -> float:
    return board.ball_position(view)["x"]


def test_a_whole_game_by_keys_alone():
    """Enter only: the focused card is called, the first button taken, the recap and halftime closed, to the
    results."""
    match = new_match([ANNA, Seat("Bot", "#56B4E9", "bot:easy")], seed=5)
    app, scene = open_game(match)
    for _ in range(60000):
        if top_name(app) == "ResultsScene":
            break
        if top_name(app) == "FootballScene" and (scene.can_act or scene.halftime is not None) \
                and not scene.anims.busy:
            key(app, pygame.K_RETURN, "\r")  # the halftime screen waits for Enter whoever kicks off
        else:
            step(app)
    assert top_name(app) == "ResultsScene"
    assert match.state.phase == "over" and match.state.quarter >= 4
    assert sum(1 for seat, _ in match.history if seat == 0) > 100, "Anna coached the whole game by keys"
