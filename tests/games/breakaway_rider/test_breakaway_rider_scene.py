"""The Breakaway Rider scene, headless: cards and keys play, previews, the climb window, hot-seat privacy,
stage tables, animations and whole games."""
from __future__ import annotations

import dataclasses
import importlib.util
import random
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.core.match import Match, Seat
from game.core.protocol import act
from game.games import all_specs
from game.games.breakaway_rider.cards import CLIMB, SPRINT
from game.games.breakaway_rider.rules import CLIMB_WINDOW, PLAY, BreakawayRiderState
from game.games.breakaway_rider.scene import (
    CLIMB_ANSWER_SECONDS, HARD_CLIMB_ANSWER_SECONDS, BreakawayRiderScene,
)
from game.games.breakaway_rider.scene_call import CALL_SECONDS
from game.games.breakaway_rider.scene_show import plays_this_round
from game.games.breakaway_rider.scene_layout import CROSS_SIZE, HAND_LIFT, TableLayout
from game.ui import draw
from game.ui.theme import PALETTE
from scene_input import click, hover, key, step

ROOT = Path(__file__).resolve().parents[3]

ANNA = Seat("Anna", "#E69F00")
BEN = Seat("Ben", "#56B4E9")
CLEO = Seat("Cleo", "#009E73")


def bot(name: str, colour: str, level: str = "easy") -> Seat:
    return Seat(name, colour, f"bot:{level}")


SKY, GREEN, RED = bot("Sky", "#56B4E9"), bot("Green", "#009E73"), bot("Red", "#D55E00")


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


# --- positions ------------------------------------------------------------------------------------
def give(state: BreakawayRiderState, seat: int, cards: list) -> None:
    """Make ``seat``'s hand exactly ``cards``, swapping with the deck (the 99 cards stay the same)."""
    state.deck.extend(state.hands[seat])
    state.hands[seat] = []
    for card in cards:
        if card not in state.deck:
            owner = next(s for s, hand in enumerate(state.hands) if card in hand)
            state.hands[owner].remove(card)
            state.hands[owner].append(next(c for c in state.deck if c != card and c != "headwind"))
            state.deck.remove(state.hands[owner][-1])
            state.deck.append(card)
        state.deck.remove(card)
        state.hands[seat].append(card)


def lay(state: BreakawayRiderState, seat: int, card) -> None:
    """Put a card from the deck on a seat's open pile."""
    state.deck.remove(card)
    state.piles[seat].append(card)


def turn(seats: int, hand: list, *, jersey: int, pace: int | None, minutes: int = 0, seed: int = 4,
         climb_by: int | None = None) -> BreakawayRiderState:
    """Seat 0 to play ``hand`` against ``pace`` set by ``jersey``."""
    state = BreakawayRiderState.new(seats, {}, seed)
    for s in range(seats):
        give(state, s, [c for c in state.hands[s] if c != CLIMB and c != SPRINT][:6] or state.hands[s])
    give(state, 0, hand)
    state.jersey = jersey
    state.pace = pace
    if pace is not None:
        lay(state, jersey, pace)
    state.minutes = [0] * seats
    state.minutes[0] = minutes
    state.headwinds = [0] * seats
    state.climb_by = climb_by
    state.phase, state.turn_seat, state.to_move, state.window, state.just_drawn = PLAY, 0, 0, [], []
    return state


def climb_window(seats: int, rider: int, hand: list, seed: int = 4) -> BreakawayRiderState:
    """``rider`` (the jersey) has just set the pace at 46; the window asks the seats after him in order."""
    state = turn(seats, hand, jersey=rider, pace=46, seed=seed)
    asked = [(rider + i) % seats for i in range(1, seats)]
    state.phase, state.turn_seat, state.to_move, state.window = CLIMB_WINDOW, rider, asked[0], asked[1:]
    return state


# --- driving the app -------------------------------------------------------------------------------
def open_game(seats, *, state: BreakawayRiderState | None = None, instant=True, speed="normal", seed=5,
              options=None, ui_scale=1.0):
    specs = all_specs()
    app = App(specs, instant=instant)
    app.settings.animation_speed = speed
    if ui_scale != 1.0:
        app.settings.ui_scale = ui_scale
        app.apply_settings()
    match = Match(specs["breakaway-rider"], list(seats), options or {}, seed)
    if state is not None:
        match.state = state
        match.history.append((0, act("no-climb")))  # a loaded game: no opening show
        match.history.clear()
    app.start_match(match)
    scene = app.manager.find(BreakawayRiderScene)
    assert scene is not None
    if state is not None:
        scene.anims.finish_all()
    app.step()
    return app, scene


def card_centre(scene, index):
    return scene.layout.hand_rects(len(scene.view["hand"]))[index].center


def top_name(app):
    return type(app.manager.top).__name__


def actions_of(scene, seat):
    return [action for who, action in scene.match.history if who == seat]


def run_until(app, condition, frames=3000):
    for _ in range(frames):
        if condition():
            return
        app.step()
    assert condition(), f"not reached in {frames} frames; top scene {top_name(app)}"


KEYBOARD_CHOICES = [(pygame.K_RIGHT, ""), (pygame.K_LEFT, ""), (pygame.K_TAB, "\t"), (pygame.K_s, "s"),
                    (pygame.K_c, "c"), (pygame.K_2, "2"), (pygame.K_5, "5")]


def play_by_keys(app, scene, seed, frames=6000):
    """Answer everything with keys only (curtains, climb calls, stage tables, turns) up to the results."""
    rng = random.Random(seed)
    seen = {"curtains": 0, "tables": 0, "calls": 0}
    for _ in range(frames):
        name = top_name(app)
        if name == "ResultsScene":
            return seen
        if name == "CurtainScene":
            seen["curtains"] += 1
            seat = app.manager.top.seat
            key(app, pygame.K_RETURN, "\r")
            assert scene.viewer == seat, "the player who lifted the curtain is at the screen"
        elif name == "StageTableScene":
            seen["tables"] += 1
            key(app, pygame.K_RETURN, "\r")
        elif scene.climb_call is not None:
            seen["calls"] += 1
            key(app, pygame.K_RETURN, "\r")
        elif scene.can_act:
            for _ in range(rng.randrange(3)):
                key(app, *rng.choice(KEYBOARD_CHOICES))
            key(app, pygame.K_RETURN, "\r")
        else:
            step(app)
    raise AssertionError(f"the race did not end by keys alone; top scene {top_name(app)}")


# --- playing with the mouse and the keys -------------------------------------------------------------
def test_clicking_a_speed_card_plays_it():
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [40, 44, 46, 48, 49, 50], jersey=1, pace=45))
    assert scene.view["hand"] == [40, 44, 46, 48, 49, 50]
    click(app, card_centre(scene, 1))
    assert scene.match.history[0] == (0, act("play", 44, 0, 0))


def test_sprint_cards_switch_on_before_the_speed_card_is_played():
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [41, 46, 47, SPRINT, SPRINT], jersey=1, pace=45))
    hand = scene.view["hand"]
    assert hand == [41, 46, 47, SPRINT, SPRINT]
    click(app, card_centre(scene, 3))
    assert scene.sprints_chosen == 1 and not scene.match.history, "a sprint card only switches on"
    rests = scene.layout.hand_rects(len(hand))
    assert scene.hand_rects(hand)[3] == rests[3].move(0, -HAND_LIFT), "a chosen sprint card rises"
    key(app, pygame.K_s, "s")
    assert scene.sprints_chosen == 2
    key(app, pygame.K_s, "s")
    assert scene.sprints_chosen == 0, "S counts up to every sprint card, then back to none"
    key(app, pygame.K_s, "s")
    click(app, card_centre(scene, 0))
    assert scene.match.history[0] == (0, act("play", 41, 1, 0))
    assert scene.sprints_chosen == 0, "the choice is used up by the play"


def test_keys_choose_a_card_and_enter_plays_it():
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [40, 44, 46, 48, 49, SPRINT], jersey=1, pace=45))
    step(app)
    assert scene.view["hand"][scene.focus] == 44, "a turn starts on the lowest card that costs no minutes"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.view["hand"][scene.focus] == 48 and scene.keyboard
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.view["hand"][scene.focus] == 40, "the arrows walk the speed cards round"
    key(app, pygame.K_6, "6")
    assert scene.sprints_chosen == 1 and scene.focus == 0 and not scene.match.history, \
        "the number of a sprint card switches it"
    key(app, pygame.K_4, "4")
    key(app, pygame.K_RETURN, "\r")
    assert scene.match.history[0] == (0, act("play", 48, 1, 0))


def test_the_breakaway_rider_adds_a_climb_with_c():
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [42, 44, 47, CLIMB], jersey=0, pace=None))
    key(app, pygame.K_c, "c")
    assert scene.climb_chosen
    assert scene.hand_rects(scene.view["hand"])[3].y < scene.layout.hand_rects(4)[3].y
    key(app, pygame.K_2, "2")
    key(app, pygame.K_SPACE, " ")
    assert scene.match.history[0] == (0, act("play", 44, 0, 1))


def test_refusals_are_explained():
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [42, 44, 47, CLIMB], jersey=1, pace=45))
    key(app, pygame.K_c, "c")
    assert not scene.climb_chosen
    assert any("Only the breakaway rider" in text for text in scene.toasts.texts())
    key(app, pygame.K_s, "s")
    assert "You hold no sprint card." in scene.toasts.texts()
    assert not scene.match.history


def test_a_hand_without_speed_cards_stalls():
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [SPRINT, SPRINT, CLIMB], jersey=1, pace=45))
    assert scene.play_button.label == "Stall at 39 (Enter)" or scene.prompt(scene.view, 0).startswith("No speed")
    key(app, pygame.K_RETURN, "\r")
    assert scene.match.history[0] == (0, act("stall"))


def test_a_click_hurries_the_animation_and_a_click_on_a_bots_turn_is_refused():
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [40, 44, 46, 48, 49, 50], jersey=1, pace=45),
                           instant=False)
    click(app, card_centre(scene, 3))
    assert scene.match.current_seat == 1 and scene.anims.busy
    click(app, card_centre(scene, 0))
    assert not scene.anims.busy and len(scene.match.history) == 1, "the click only hurried the cards"
    click(app, card_centre(scene, 0))
    assert any("Please wait: it is Sky's turn" in text for text in scene.toasts.texts())
    assert len(scene.match.history) == 1


# --- previews ------------------------------------------------------------------------------------------
def bubble_words(scene, speed):
    return scene.preview_words(scene.preview(scene.view, speed), speed)


def test_hovering_a_card_previews_its_outcome_and_plays_nothing():
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [41, 43, 45, 47, SPRINT], jersey=1, pace=45))
    hover(app, card_centre(scene, 0))
    assert scene.hover == 0 and not scene.match.history
    assert bubble_words(scene, 41) == "dropped: +4 min"
    assert bubble_words(scene, 43) == "slipstream"
    assert bubble_words(scene, 47) == "takes the jersey"
    key(app, pygame.K_s, "s")
    assert bubble_words(scene, 43) == "45 km/h: slipstream"
    assert bubble_words(scene, 45) == "47 km/h: takes the jersey"
    assert not scene.match.history


def test_previews_for_a_rider_with_penalty_minutes_and_on_a_climb():
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [40, 46, 49], jersey=1, pace=46, minutes=5))
    assert bubble_words(scene, 49) == "reduces minutes by 3"
    assert bubble_words(scene, 40) == "loses time: +6 min"
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [45, 47], jersey=1, pace=46, climb_by=1))
    assert bubble_words(scene, 45) == "dropped: +1 min", "no slipstream on a climb"
    assert bubble_words(scene, 47) == "held back: climb"


def test_the_preview_is_drawn_above_the_card(monkeypatch):
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [41, 43, 45, 47], jersey=1, pace=45))
    drawn = []
    original = scene.draw_bubble
    monkeypatch.setattr(scene, "draw_bubble", lambda surface, view, speed, rect: (drawn.append((speed, rect)),
                                                                                 original(surface, view, speed, rect)))
    hover(app, card_centre(scene, 2))
    assert drawn and drawn[-1][0] == 45 and drawn[-1][1].bottom < scene.layout.hand_rects(4)[2].bottom


# --- the climb window --------------------------------------------------------------------------------------
def test_a_lone_player_holding_a_climb_is_asked_and_c_lays_it():
    app, scene = open_game([ANNA, SKY, GREEN, RED], state=climb_window(4, 3, [41, 44, 45, 48, 50, CLIMB]))
    step(app, 2)
    assert scene.can_act and scene.view["phase"] == CLIMB_WINDOW
    assert scene.prompt(scene.view, 0).startswith("Climb on Red's pace?")
    key(app, pygame.K_c, "c")
    assert scene.match.history[0] == (0, act("climb"))
    assert scene.view["climb_active"]


def test_a_lone_player_without_a_climb_is_not_held_up():
    app, scene = open_game([ANNA, SKY, GREEN, RED], state=climb_window(4, 3, [41, 44, 45, 48, 50, 50]))
    step(app, 3)
    assert actions_of(scene, 0) == [act("no-climb")], "nobody else is watching: the pass is given at once"


def test_the_pass_button_answers_no_climb():
    app, scene = open_game([ANNA, SKY, GREEN, RED], state=climb_window(4, 3, [41, 44, 45, 48, 50, CLIMB]))
    step(app, 2)
    click(app, scene.pass_button.rect.center)
    assert scene.match.history[0] == (0, act("no-climb"))


def test_hot_seat_climb_window_is_one_public_call_with_no_hand_drawn():
    state = climb_window(4, 3, [41, 44, 45, 48, 50, CLIMB])
    give(state, 2, [40, 42, 43, 47, 49, 49])
    app, scene = open_game([ANNA, SKY, CLEO, RED], state=state)
    step(app, 3)
    call = scene.climb_call
    assert call is not None and call.asked == [0, 2]
    assert scene.viewer is None and top_name(app) == "BreakawayRiderScene", "no curtain: everyone looks"
    assert scene.view["hand"] is None
    key(app, pygame.K_RETURN, "\r")
    assert scene.climb_call is call, "keys count only after the guard"
    step(app, 40)
    key(app, pygame.K_RETURN, "\r")
    assert scene.climb_call is None
    run_until(app, lambda: scene.view["phase"] != CLIMB_WINDOW)
    assert actions_of(scene, 0) == [act("no-climb")] and actions_of(scene, 2) == [act("no-climb")]
    assert top_name(app) in ("CurtainScene", "BreakawayRiderScene")


def claim_at_the_call(app, scene, number: int) -> None:
    run_until(app, lambda: scene.climb_call is not None and scene.climb_call.ready)
    key(app, pygame.K_0 + number, str(number))
    assert scene.climb_call is None, "every claim closes the call, whatever the claimant holds"


def lift_the_curtain(app, scene, seat: int) -> None:
    """Through ``seat``'s curtain (and past the recap it opens) to the moment that player may answer."""
    run_until(app, lambda: top_name(app) == "CurtainScene")
    assert app.manager.top.seat == seat
    run_until(app, lambda: (key(app, pygame.K_RETURN, "\r") if top_name(app) == "CurtainScene"
                            else scene.close_recap() if scene.recap is not None else None) or scene.can_act)
    assert scene.viewer == seat


def test_hot_seat_climb_claim_by_number_hands_the_claimant_the_screen_to_lay_it():
    state = climb_window(4, 3, [41, 44, 45, 48, 50, CLIMB])
    app, scene = open_game([ANNA, SKY, CLEO, RED], state=state)
    claim_at_the_call(app, scene, 1)
    assert not scene.match.history, "the claim itself plays nothing"
    lift_the_curtain(app, scene, 0)
    assert scene.view["phase"] == CLIMB_WINDOW and scene.active_buttons(scene.view) == [scene.climb_button,
                                                                                        scene.pass_button]
    key(app, pygame.K_c, "c")
    assert scene.match.history[0] == (0, act("climb"))
    assert scene.view["climb_active"] and scene.view["piles"][3][-1] == CLIMB


def test_a_claimant_without_a_climb_card_is_told_so_behind_their_curtain():
    state = climb_window(4, 3, [41, 44, 45, 48, 50, 50])
    give(state, 2, [40, 42, 43, 47, 49, 49])
    app, scene = open_game([ANNA, SKY, CLEO, RED], state=state)
    claim_at_the_call(app, scene, 3)
    lift_the_curtain(app, scene, 2)
    assert actions_of(scene, 0) == [act("no-climb")], "the players who did not claim pass"
    lines, buttons = scene.action_lines(scene.view, scene.shown(scene.view))
    assert ("question", "No climb card.", PALETTE.ink) in lines and buttons == [scene.pass_button]
    assert scene.prompt(scene.view, 2) == "You hold no climb card: Enter rides on."
    key(app, pygame.K_c, "c")
    assert actions_of(scene, 2) == [], "C lays nothing without the card"
    assert not scene.toasts.texts(), "and no refusal lingers on screen once the table looks again"
    key(app, pygame.K_RETURN, "\r")
    assert actions_of(scene, 2) == [act("no-climb")]


def public_race_after_a_claim(cleo_hand: list) -> tuple[list[bytes], list[str]]:
    """Cleo claims at the call and, behind her curtain, rides on: every public frame from the claim to her
    curtain and from her answer to the next hand-off, and the log everyone reads."""
    state = climb_window(4, 3, [41, 44, 45, 48, 50, 50])
    give(state, 2, cleo_hand)
    app, scene = open_game([ANNA, SKY, CLEO, RED], state=state, instant=False)
    claim_at_the_call(app, scene, 3)
    frames = []
    while top_name(app) != "CurtainScene":
        step(app)
        frames.append(pygame.image.tobytes(app.canvas, "RGB"))
    lift_the_curtain(app, scene, 2)
    key(app, pygame.K_RETURN, "\r")
    assert actions_of(scene, 2) == [act("no-climb")]
    for _ in range(1000):
        if top_name(app) == "CurtainScene":
            break
        assert scene.viewer is None
        frames.append(pygame.image.tobytes(app.canvas, "RGB"))
        step(app)
    assert top_name(app) == "CurtainScene" and app.manager.top.seat == 0, "Anna plays next"
    return frames, [scene.log_text(entry) for entry in scene.match.log if entry.event.visible(None)]


def test_a_claim_looks_the_same_to_the_table_whether_or_not_the_claimant_holds_a_climb_card():
    holder_frames, holder_log = public_race_after_a_claim([40, 42, 43, 47, 49, CLIMB])
    empty_frames, empty_log = public_race_after_a_claim([40, 42, 43, 47, 49, 49])
    assert holder_log == empty_log and "Cleo lays no climb card." in holder_log
    assert len(holder_frames) == len(empty_frames) > 10
    assert holder_frames == empty_frames, "no public frame depends on the claimant's hand"


def test_an_undo_back_before_a_window_forgets_its_claim():
    state = climb_window(4, 3, [41, 44, 45, 48, 50, CLIMB])
    app, scene = open_game([ANNA, SKY, CLEO, RED], state=state)
    claim_at_the_call(app, scene, 3)
    assert scene.climb_calls
    scene.on_undo()
    assert not scene.climb_calls, "the window is called again when it comes back"


def test_hot_seat_climb_call_ignores_keys_at_first():
    app, scene = open_game([ANNA, SKY, CLEO, RED], state=climb_window(4, 3, [41, 44, 45, 48, 50, CLIMB]),
                           instant=False)
    run_until(app, lambda: scene.climb_call is not None)
    key(app, pygame.K_RETURN, "\r")
    assert scene.climb_call is not None, "a key still held from the last play does not answer the call"


def test_bots_answer_the_climb_window_at_a_pace_that_ignores_their_cards():
    app, scene = open_game([ANNA, bot("Sky", "#56B4E9", "hard"), GREEN], instant=False)
    app.instant = False
    assert scene.climb_answer_seconds(1) == HARD_CLIMB_ANSWER_SECONDS
    assert scene.climb_answer_seconds(2) == pytest.approx(CLIMB_ANSWER_SECONDS)
    app.settings.animation_speed = "off"
    assert scene.climb_answer_seconds(1) == HARD_CLIMB_ANSWER_SECONDS, "never faster for the hard bot"
    assert scene.climb_answer_seconds(2) == 0.0


# --- hot-seat privacy ---------------------------------------------------------------------------------------
class RecordingScene(BreakawayRiderScene):
    """Remembers, for every frame drawn, who was at the screen and whose hand was drawn."""

    frames: list[tuple[int | None, int | None, tuple]] = []

    def draw_hand_zone(self, surface, view, shown):
        hand = shown.hand if shown.hand_of == self.viewer and self.viewer is not None else None
        RecordingScene.frames.append((self.viewer, shown.hand_of if hand else None, tuple(hand or ())))
        super().draw_hand_zone(surface, view, shown)


@pytest.mark.slow
def test_a_whole_hot_seat_race_by_keys_alone_shows_each_hand_only_to_its_player():
    RecordingScene.frames = []
    specs = all_specs()
    spec = dataclasses.replace(specs["breakaway-rider"], scene=lambda: RecordingScene)
    app = App({spec.id: spec}, instant=True)
    app.start_match(Match(spec, [ANNA, BEN, bot("Cleo", "#009E73")], {}, 7))
    scene = app.manager.find(RecordingScene)
    seen = play_by_keys(app, scene, 7)
    assert scene.match.is_over() and seen["curtains"] > 20 and seen["calls"] > 3 and seen["tables"] >= 3
    assert actions_of(scene, 0) and actions_of(scene, 1)
    for viewer, owner, _hand in RecordingScene.frames:
        assert owner is None or owner == viewer
    seats_seen = {owner for _, owner, _ in RecordingScene.frames if owner is not None}
    assert seats_seen == {0, 1}, "each player saw their own hand; a bot's hand is never drawn"


# --- animations and sounds -------------------------------------------------------------------------------------
def test_a_play_flies_from_the_hand_to_the_pile_and_lands():
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [40, 44, 46, 48, 49, 50], jersey=1, pace=45),
                           instant=False)
    start = card_centre(scene, 2)
    click(app, start)
    flights = [f for f in scene.show.flights if f.sprite == "card_speed_46"]
    assert flights, "the card takes off"
    flight = flights[0]
    assert flight.start_point == pytest.approx(start, abs=20)
    assert flight.end_point == scene.layout.cells[0].pile_centre
    assert 46 not in scene.shown(scene.view).hand, "it left the hand"
    step(app, 12)
    (x, y), _ = flight.pose()
    assert (x, y) != pytest.approx(start) and flight.flying
    run_until(app, lambda: flight.landed)
    assert scene.shown(scene.view).piles[0][-1] == 46


def test_bot_moves_are_animated_and_then_the_table_rests():
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [40, 44, 46, 48, 49, 50], jersey=1, pace=45),
                           instant=False)
    key(app, pygame.K_RETURN, "\r")
    saw_bot_card = False
    for _ in range(2000):
        step(app)
        saw_bot_card |= any(f.flying and f.sprite.startswith("card_speed") and f.end_point ==
                            scene.layout.cells[1].pile_centre for f in scene.show.flights)
        if scene.can_act and not scene.anims.busy:
            break
    assert saw_bot_card, "Sky's card was seen in flight"
    assert scene.show.shown is None and not scene.show.flights, "at rest the view itself is drawn"


def test_animations_off_shows_end_states_at_once():
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [40, 44, 46, 48, 49, 50], jersey=1, pace=45),
                           instant=False, speed="off")
    key(app, pygame.K_RETURN, "\r")
    assert not scene.anims.busy and scene.show.shown is None


def test_a_fresh_race_opens_with_the_draw_for_the_lead():
    app, scene = open_game([ANNA, SKY, GREEN], instant=False, seed=9)
    assert scene.anims.busy and scene.show.shown is not None
    step(app, 30)
    assert scene.show.shown.opening, "the drawn cards lie face up on the piles"
    run_until(app, lambda: not scene.anims.busy)
    assert scene.show.shown is None


# --- stages and the end ----------------------------------------------------------------------------------------
def test_a_stage_table_between_stages_holds_the_next_deal_until_closed():
    state = turn(3, [40, 44, 46, 48, 49, 50], jersey=1, pace=45)
    state.deck = state.deck[-1:]  # the last card of the stage
    app, scene = open_game([ANNA, SKY, GREEN], state=state, instant=False)
    hand_before = list(scene.view["hand"])
    key(app, pygame.K_RETURN, "\r")
    run_until(app, lambda: top_name(app) == "StageTableScene", 600)
    table = app.manager.top
    assert table.stage == 1 and not table.final
    assert len(table.stage_results) == 1 and table.totals == scene.match.state.totals()
    assert scene.is_animating(), "bots and the deal wait for the table"
    assert scene.show.shown is not None and scene.show.shown.stage == 1, "the finished stage stays on the table"
    step(app, 30)
    assert top_name(app) == "StageTableScene"
    key(app, pygame.K_RETURN, "\r")
    assert top_name(app) == "BreakawayRiderScene"
    run_until(app, lambda: scene.show.shown is not None and scene.show.shown.stage == 2 or
              scene.view["stage"] == 2 and not scene.anims.busy)
    assert scene.view["stage"] == 2 and scene.view["hand"] != hand_before


def test_a_whole_race_between_bots_reaches_the_results():
    app, scene = open_game([SKY, GREEN, RED, bot("Blue", "#0072B2", "normal")], seed=3)
    tables = []
    for _ in range(5000):
        if top_name(app) == "StageTableScene":
            tables.append(app.manager.top.stage)
        if top_name(app) == "ResultsScene":
            break
        step(app)
    assert top_name(app) == "ResultsScene"
    assert sorted(set(tables)) == [1, 2, 3], "a stage table after every stage, closing by itself for bots"
    lines = scene.results_summary_lines()
    assert len(lines) == 3 and lines[0].startswith("Stage 1: ") and "yellow jersey (+1)" in lines[0]


def test_the_log_speaks_of_the_players_by_name():
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [40, 44, 46, 48, 49, 50], jersey=1, pace=45))
    click(app, card_centre(scene, 1))
    step(app, 3)
    texts = [row[0] for row in scene.log_panel.entries]
    assert any(text.startswith("Anna plays 44 km/h") for text in texts)
    assert not any("Seat 1" in text for text in texts)


# --- robustness ----------------------------------------------------------------------------------------------
def test_colour_blind_drawing_and_every_seat_count():
    for seats in (2, 5, 6):
        app, scene = open_game([ANNA] + [bot(f"B{i}", c) for i, c in zip(range(seats - 1),
                               ("#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00"))])
        app.settings.colour_blind = True
        step(app, 20)
        assert all(cell.rect.right <= scene.table_rect.right for cell in scene.layout.cells)
        assert all(cell.rect.bottom <= scene.layout.hand_zone.y for cell in scene.layout.cells)


@pytest.mark.parametrize("instant, frames", [(True, 800), (False, 700)])
def test_random_clicks_and_keys_raise_nothing(instant, frames):
    rng = random.Random(12)
    app, scene = open_game([ANNA, BEN, bot("Cleo", "#009E73")], seed=2, instant=instant, speed="fast")
    keys = [(pygame.K_LEFT, ""), (pygame.K_RIGHT, ""), (pygame.K_RETURN, "\r"), (pygame.K_s, "s"),
            (pygame.K_c, "c"), (pygame.K_1, "1"), (pygame.K_3, "3"), (pygame.K_SPACE, " ")]
    for _ in range(frames):
        if top_name(app) in ("PauseScene", "RulesScene", "ResultsScene"):
            break
        roll = rng.random()
        if roll < 0.3:
            click(app, (rng.randrange(0, 1280), rng.randrange(70, 720)))
        elif roll < 0.6:
            key(app, *rng.choice(keys))
        else:
            hover(app, (rng.randrange(0, 1280), rng.randrange(70, 720)))
    assert scene.match.history, "some moves were made"


# --- keyboard alone ------------------------------------------------------------------------------------------------
def test_a_whole_race_against_bots_by_keys_alone():
    app, scene = open_game([ANNA, SKY, GREEN], seed=11)
    seen = play_by_keys(app, scene, 11)
    assert scene.match.is_over() and seen["tables"] >= 3
    assert len(actions_of(scene, 0)) > 40
    assert top_name(app) == "ResultsScene"
    key(app, pygame.K_RETURN, "\r")
    assert top_name(app) == "ResultsScene", "Enter alone (pressed to hurry the last card) starts nothing"
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN, "\r")
    assert top_name(app) != "ResultsScene", "the results screen is left with the keys too: Tab to a button, Enter"


def test_the_card_enter_plays_is_ringed_before_any_key_is_pressed():
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [40, 44, 46, 48, 49, 50], jersey=1, pace=45))
    step(app, 2)
    hand = scene.view["hand"]
    assert not scene.keyboard and scene.focus_shown(scene.view, hand)
    ring = scene.layout.hand_rects(len(hand))[scene.focus].inflate(10, 10)
    assert tuple(app.canvas.get_at((ring.x + 1, ring.centery)))[:3] == PALETTE.focus
    key(app, pygame.K_TAB, "\t")
    assert hand[scene.focus] == 46
    key(app, pygame.K_TAB, "\t", mod=pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, "\t", mod=pygame.KMOD_SHIFT)
    assert hand[scene.focus] == 40, "Shift+Tab walks back"
    key(app, pygame.K_RETURN, "\r")
    assert scene.match.history[0] == (0, act("play", 40, 0, 0))


# --- since your last turn ------------------------------------------------------------------------------------------
def test_recap_marks_ring_the_piles_chips_and_jersey_that_changed():
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [40, 44, 46, 48, 49, 50], jersey=1, pace=45))
    key(app, pygame.K_1, "1")
    key(app, pygame.K_RETURN, "\r")  # 40 against 45: dropped, 5 minutes
    run_until(app, lambda: scene.can_act and scene.view["phase"] == PLAY and not scene.anims.busy)
    entries = [entry for entry in scene.match.log if entry.index >= 0]
    marks = scene.recap_marks(entries, scene.view, scene.viewer)
    cells = scene.layout.cells
    assert all(scene.table_rect.contains(rect) for rect in marks)
    for seat in (0, 1, 2):
        assert any(rect.contains(cells[seat].pile) for rect in marks), f"seat {seat}'s card"
    assert any(rect.colliderect(cells[0].chips) and not rect.colliderect(cells[0].pile) for rect in marks), \
        "Anna's new chips"
    jersey = scene.view["jersey"]
    if any(entry.event.kind == "jersey" for entry in entries):
        assert any(rect.contains(cells[jersey].jersey) for rect in marks)
    assert scene.recap_marks([], scene.view, scene.viewer) == []
    assert scene.log_text(entries[0]).startswith("Anna plays 40 km/h"), "the recap speaks of players by name"


def test_the_recap_looks_past_a_climb_pass_made_for_the_player():
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [40, 44, 46, 48, 49, 50], jersey=1, pace=45))
    key(app, pygame.K_RETURN, "\r")
    run_until(app, lambda: scene.recap is not None)
    passes = [index for index, (seat, action) in enumerate(scene.match.history) if seat == 0 and
              action == act("no-climb")]
    assert passes and set(passes) <= scene.answered_for, "Anna held no climb card: the scene passed for her"
    texts = [row[0] for row in scene.recap.rows]
    assert any(text.startswith("Sky plays") for text in texts), "the breakaway rider's card is in the recap"
    assert not any(text.startswith("Anna plays") for text in texts)


# --- colour-blind mode ---------------------------------------------------------------------------------------------
def deuteranopia():
    spec = importlib.util.spec_from_file_location("colour_blind", ROOT / "tools" / "colour_blind.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.simulate


def seen_markers(colour_blind: bool) -> list[list[tuple[int, int, int]]]:
    """Each rider's team chip and what follows it on a 6-rider table, pixel by pixel, as a deuteranope sees it."""
    colours = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#CC79A7")  # Green and Purple merge
    app, scene = open_game([ANNA] + [bot(f"B{i}", c) for i, c in enumerate(colours[1:])])
    app.settings.colour_blind = colour_blind
    step(app, 3)
    simulate = deuteranopia()
    markers = []
    for cell in scene.layout.cells:
        sign = pygame.Rect(cell.rect.x + 14, cell.rect.y + 12, 54, 24)
        markers.append([simulate(tuple(app.canvas.get_at((x, y)))[:3]) for y in range(sign.top, sign.bottom)
                        for x in range(sign.left, sign.right)])
    return markers


def clearly_different_pixels(a, b) -> int:
    """Pixels that differ by more than a colour shift a deuteranope could miss."""
    return sum(1 for pa, pb in zip(a, b) if sum(abs(p - q) for p, q in zip(pa, pb)) > 150)


def test_colour_blind_mode_tells_six_riders_apart_under_deuteranopia():
    plain = seen_markers(False)
    assert clearly_different_pixels(plain[2], plain[5]) < 40, "Green and Purple merge without patterns"
    marked = seen_markers(True)
    for a in range(6):
        for b in range(a + 1, 6):
            assert clearly_different_pixels(marked[a], marked[b]) > 60, (a, b)


# --- readable piles, keyed cards, the logged opening draw, the timed climb call ------------------------------------
def test_words_rising_from_one_pile_stack_without_covering_each_other():
    app, scene = open_game([ANNA, SKY, GREEN, RED], state=turn(4, [40, 44, 46, 48, 49, 50], jersey=3, pace=46),
                           instant=False)
    for text in ("takes the jersey", "headwind: next card -2", "climb: no passing"):
        scene.show._pop(text, "bad", 3)
        step(app, 6)
    for _ in range(100):
        plates = scene.pop_plates()
        boxes = [box for pop, box, _ in plates if pop.seat == 3]
        assert len(boxes) <= 2, "a third word plate retires the oldest"
        assert all(not a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:]), "no words cover words"
        assert all(scene.layout.cells[3].rect.contains(box) for box in boxes), "the words stay on the rider's panel"
        step(app)
    assert [pop.text for pop in scene.show.pops] == [], "and then they are gone"


def test_a_tall_stack_of_crosswise_cards_stays_off_the_jersey_chips_and_title():
    cell = TableLayout(pygame.Rect(12, 76, 944, 632), 4).cells[0]
    for index in range(12):  # five sprints and the climb, then headwinds drawn on top: the most a pile holds
        x, y = cell.cross_centre(index)
        card = pygame.Rect(0, 0, *CROSS_SIZE)
        card.center = (round(x), round(y))
        assert card.right <= cell.chips.x + 6 and card.top >= cell.rect.y + 64, f"crosswise card {index + 1}"


def test_each_hand_card_shows_the_number_key_that_picks_it_counting_as_they_lie():
    hand = [39, 41, 44, 45, 48, CLIMB, SPRINT]
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, hand, jersey=0, pace=None))
    step(app, 2)
    assert scene.view["hand"] == hand, "the hand lies sorted: speeds, then the special cards"
    rects = scene.hand_rects(hand)
    caps = scene.key_caps(rects)
    assert len(caps) == len(hand)
    for number, (cap, rect) in enumerate(zip(caps, rects), start=1):
        assert cap.centerx == rect.centerx and rect.contains(cap), f"key {number} sits on card {number}"
        colour = tuple(app.canvas.get_at((cap.x + 2, cap.centery)))[:3]
        assert colour in (PALETTE.ink, PALETTE.focus), "the key cap is drawn"
    for number, card in enumerate(hand[:5], start=1):
        key(app, getattr(pygame, f"K_{number}"), str(number))
        assert scene.chosen_card(scene.view["hand"]) == card, f"key {number} picks the card showing {number}"
    key(app, pygame.K_6, "6")
    assert scene.climb_chosen, "the number on the climb card switches the climb (Anna wears the jersey)"
    key(app, pygame.K_7, "7")
    assert scene.sprints_chosen == 1, "and the sprint's number the sprint"


def test_after_a_draw_the_numbers_follow_the_cards_where_they_now_lie():
    state = turn(3, [40, 44, 46, 47, 48, 49, 50], jersey=1, pace=45)
    state.just_drawn = [47]  # the turn's draw: 47 was sorted in between 46 and 48
    app, scene = open_game([ANNA, SKY, GREEN], state=state)
    step(app, 2)
    hand = scene.view["hand"]
    rects = scene.hand_rects(hand)
    assert scene.key_caps(rects)[3].centerx == rects[3].centerx, "the new card, fourth from the left, shows 4"
    key(app, pygame.K_4, "4")
    assert scene.chosen_card(hand) == 47
    key(app, pygame.K_5, "5")
    assert scene.chosen_card(hand) == 48, "48 moved up to the fifth place and its key with it"


def log_lines(scene) -> list[str]:
    return [scene.log_text(entry) for entry in scene.match.log if entry.index < 0]


def test_the_draw_for_the_lead_opens_the_log_in_plain_words():
    app, scene = open_game([ANNA, BEN, SKY, GREEN], seed=2, instant=False)  # seed 2: Anna and Green tie at 48
    lines = log_lines(scene)
    assert lines == [
        "Draw for the lead: everyone draws a card; the highest speed card leads. Anna 48 km/h; Ben 45 km/h; "
        "Sky 44 km/h; Green 48 km/h.",
        "Anna and Green tie at 48 km/h and draw again: Anna 49 km/h; Green 41 km/h.",
        "Anna drew the highest card and wears the yellow jersey for stage 1. The cards go back, the deck is "
        "shuffled and everyone is dealt 6 cards; Anna opens."]
    assert scene.view["jersey"] == 0
    rows = scene._read_log()
    assert [row[0] for row in rows[:3]] == lines and all(row[2].step is None for row in rows[:3]), \
        "shown first in the log, with no move to rewind to"
    assert all(row[2].rule for row in rows[:3]), "each links the rule of the start"


def test_a_special_card_in_the_draw_for_the_lead_is_named_and_drawn_again():
    app, scene = open_game([ANNA, BEN, SKY, GREEN], seed=0)
    assert log_lines(scene)[0] == ("Draw for the lead: everyone draws a card; the highest speed card leads. "
                                   "Anna a climb and then 44 km/h; Ben 43 km/h; Sky 47 km/h; "
                                   "Green a sprint and then 49 km/h.")


def test_a_loaded_race_logs_the_draw_for_the_lead_once():
    specs = all_specs()
    played = Match(specs["breakaway-rider"], [ANNA, SKY, GREEN], {}, 9)
    for _ in range(4):
        played.apply(played.state.legal_actions()[0])
    match = Match.replay(specs["breakaway-rider"], played.seats, {}, 9, played.history)
    app = App(specs, instant=True)
    app.start_match(match)
    scene = app.manager.find(BreakawayRiderScene)
    scene._log_the_opening_draw()
    setup = [entry for entry in match.log if entry.index < 0]
    assert len(setup) == len(match.state.view(None)["opening_draw"]) + 1
    assert match.log[:len(setup)] == setup, "before the first move's entries"


def frames_until_the_call_closes(app, scene) -> int:
    run_until(app, lambda: scene.climb_call is not None)
    frames = 0
    while scene.climb_call is not None:
        step(app)
        frames += 1
    return frames


def test_hot_seat_climb_call_closes_by_itself_in_the_same_time_whoever_holds_a_climb():
    holder = climb_window(4, 3, [41, 44, 45, 48, 50, CLIMB])
    app, scene = open_game([ANNA, SKY, CLEO, RED], state=holder)
    with_climb = frames_until_the_call_closes(app, scene)
    run_until(app, lambda: scene.view["phase"] != CLIMB_WINDOW)
    assert actions_of(scene, 0) == [act("no-climb")] and actions_of(scene, 2) == [act("no-climb")], \
        "nobody claimed: everyone rides on without pressing anything"
    nobody = climb_window(4, 3, [41, 44, 45, 48, 50, 50])
    give(nobody, 2, [40, 42, 43, 47, 49, 49])
    app, scene = open_game([ANNA, SKY, CLEO, RED], state=nobody)
    assert frames_until_the_call_closes(app, scene) == with_climb
    assert with_climb == pytest.approx(CALL_SECONDS * 60, abs=2), "a short window, the same every time"


def test_the_climb_call_counts_down_and_says_everything_it_has_to_say():
    # the longest names the setup takes (14 letters), three and five players asked
    for names in (["Christabel-Ann", "Maximilianus W", "Bartholomew Jo", "Wilhelmina Kay"],
                  ["Christabel-Ann", "Maximilianus W", "Bartholomew Jo", "Wilhelmina Kay", "Alexandra Rose",
                   "Konstantinos P"]):
        check_the_call(names)
    # at 130 % UI scale: the words still fit whole, and so do names of a usual length
    check_the_call(["Anna", "Benedikt", "Cleo", "Dominique", "Eva"], ui_scale=1.3)


def check_the_call(names: list[str], ui_scale: float = 1.0) -> None:
    seats = [Seat(name, colour) for name, (_, colour) in zip(names, all_specs()["breakaway-rider"].colours)]
    state = climb_window(len(names), len(names) - 1, [41, 44, 45, 48, 50, CLIMB])
    app, scene = open_game(seats, state=state, ui_scale=ui_scale)
    step(app, 3)
    call = scene.climb_call
    assert call is not None and call.asked == list(range(len(names) - 1))
    title, lines, size = call.lines(scene.theme)
    assert "…" not in title and not any("…" in line for line in lines)
    assert call.rect.y + 46 + len(lines) * scene.theme.font(size).get_linesize() <= call.bar_rect().y
    for button in call.buttons:
        shown, _size = draw.shrink_to_fit(scene.theme, button.label, button.rect.width - 16, button.size)
        assert shown == button.label, "whole, at a size that fits"
        assert call.rect.contains(button.rect)
    for button, seat in zip(call.claims, call.asked):
        assert button.label == seats[seat].name and call.rect.contains(call.key_cap(button)), "name and number"
        assert not call.key_cap(button).colliderect(call.bar_rect())
    left = call.left
    step(app, 30)
    assert call.left < left, "the bar runs down"


def test_the_line_under_a_pile_sums_the_cards_on_it():
    app, scene = open_game([ANNA, SKY, GREEN, RED], state=turn(4, [40, 44, 46, 48, 49, 50], jersey=1, pace=45))
    width = scene.layout.cells[0].result.width - 18

    def words(speed, sprints, headwinds, effective, result="takes-jersey", on_climb=False):
        return scene.result_words({"speed": speed, "sprints": sprints, "headwinds": headwinds,
                                   "effective": effective, "result": result, "on_climb": on_climb}, width)

    assert words(45, 3, 0, 51) == "45 +3 sprints = 51: takes the jersey"
    assert words(49, 0, 1, 47, "slipstream") == "49 \u22121 headwind = 47: slipstream"
    assert words(49, 1, 0, 50, "slipstream", True) == "49 +1 sprint = 50 max: keeps up", "held to 50 on a climb"
    assert words(46, 0, 0, 46, "slipstream") == "slipstream"
    assert words(None, 0, 0, 39, "dropped") == "stall at 39: dropped"
    assert scene.result_words({"speed": 45, "sprints": 3, "headwinds": 2, "effective": 47, "result": "slipstream"},
                              120) == "at 47: slipstream", "a narrow panel keeps the short form"


def test_a_lone_players_climb_question_fits_with_a_long_name():
    long_name = bot("Christabel-Ann", "#D55E00")
    app, scene = open_game([ANNA, SKY, GREEN, long_name], state=climb_window(4, 3, [41, 44, 45, 48, 50, CLIMB]))
    step(app, 2)
    assert scene.can_act and scene.view["phase"] == CLIMB_WINDOW
    lines, buttons = scene.action_lines(scene.view, scene.shown(scene.view))
    room = scene.layout.action.width - 28
    assert scene.theme.font(18).size(lines[0][1])[0] <= room and lines[0][1] == "The pace is 46 km/h."
    assert scene.prompt(scene.view, 0) == "Climb on Christabel-Ann's pace?  C: climb   Enter: no"


# --- who has played this round ----------------------------------------------------------------------------------
def slip(speed: int, result: str = "slipstream") -> dict:
    return {"speed": speed, "sprints": 0, "headwinds": 0, "climb": False, "effective": speed, "result": result,
            "on_climb": False}


def test_a_round_opens_when_the_breakaway_rider_sets_the_pace():
    assert plays_this_round([slip(48), slip(47, "sets-pace"), slip(49), slip(49)], 1) == {1}
    assert plays_this_round([slip(48), slip(47, "sets-pace"), slip(49), slip(49)], 2) == {1, 2}
    # the jersey changed hands this round: every last play since the pace was set stands, the new one too
    assert plays_this_round([slip(46), slip(47), slip(50, "takes-jersey"), slip(49)], 0) == {0, 1, 2, 3}
    assert plays_this_round([slip(46, "sets-pace"), None, None, None], 0) == {0}, "a stage's first play"
    assert plays_this_round([None, None, None, None], 3) == set(), "nobody has played this stage"


def test_at_a_new_round_last_rounds_cards_are_veiled_and_their_riders_yet_to_play():
    state = turn(4, [40, 44, 46, 48, 49, 50], jersey=3, pace=47)
    for seat, speed in ((1, 48), (2, 49)):
        lay(state, seat, speed)
    lay(state, 0, 45)
    state.last_plays = [slip(45), slip(48), slip(49), slip(47, "sets-pace")]
    app, scene = open_game([ANNA, SKY, GREEN, RED], state=state)
    shown = scene.shown(scene.view)
    looks = [scene.seat_look(seat, shown, scene.view) for seat in range(4)]
    assert [look.waiting for look in looks] == [True, True, True, False], "only the pace setter has played"
    assert looks[3].result == "sets the pace" and looks[3].result_tone == "pace"
    assert looks[1].result == "yet to play (48 last round)" and looks[1].result_tone == "waiting"
    assert "slipstream" not in " ".join(look.result for look in looks[:3]), "no result words from last round"
    veiled = scene.panels._paint_seat(1, scene.layout.cells[1], looks[1])
    clear = scene.panels._paint_seat(1, scene.layout.cells[1], dataclasses.replace(looks[1], waiting=False))
    centre = scene.layout.cells[1].pile.center
    at = (centre[0] - scene.layout.cells[1].rect.x + 6, centre[1] - scene.layout.cells[1].rect.y + 6)
    assert veiled.get_at(at) != clear.get_at(at), "last round's card lies under a veil"
    click(app, card_centre(scene, 2))  # Anna plays 46: the slipstream of 47
    run_until(app, lambda: not scene.anims.busy and scene.match.current_seat != 0)
    look = scene.seat_look(0, scene.shown(scene.view), scene.view)
    assert not look.waiting and look.result == "slipstream", "this round's play shows its result"
    assert scene.seat_look(1, scene.shown(scene.view), scene.view).waiting


def test_a_plays_result_is_said_once_under_the_pile_without_covering_the_card():
    app, scene = open_game([ANNA, SKY, GREEN, RED], state=turn(4, [40, 44, 46, 48, 49, 50], jersey=0, pace=46),
                           instant=False)
    run_until(app, lambda: not scene.show.pops and not scene.anims.busy, frames=600)
    click(app, card_centre(scene, 3))  # Anna, in the jersey, sets the pace at 48
    cell = scene.layout.cells[0]
    run_until(app, lambda: any(pop.on_line for pop in scene.show.pops), frames=600)
    assert not [pop for pop, box, _ in scene.pop_plates() if box.colliderect(cell.pile)], "nothing covers the card"
    assert not [pop for pop, _, _ in scene.pop_plates() if pop.text == "sets the pace"], "no second 'sets the pace'"
    lights = scene.line_lights()
    assert [(pop.seat, pop.text) for pop, _, _ in lights] == [(0, "sets the pace")]
    assert cell.rect.contains(lights[0][1]) and not lights[0][1].colliderect(cell.pile), "the line lights up"
    look = scene.seat_look(0, scene.shown(scene.view), scene.view)
    assert look.result == "sets the pace"
    run_until(app, lambda: not scene.show.pops, frames=600)


def test_the_recap_tells_each_draw_once():
    """The drawer reads the card drawn; the same draw's public line ("Anna draws a card.") is not told beside it."""
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [40, 44, 46, 48, 49, 50], jersey=1, pace=45))
    key(app, pygame.K_RETURN, "\r")
    run_until(app, lambda: scene.recap is not None)
    texts = [row[0] for row in scene.recap.rows]
    draws = [text for text in texts if text.startswith("Anna draws")]
    assert draws, texts
    assert "Anna draws a card." not in draws, texts
    assert all(text.startswith("Sky draws a card.") or not text.startswith("Sky draws") for text in texts), \
        "Anna may not read Sky's card"


def test_the_log_tells_each_of_the_viewers_draws_once():
    """As in the recap: Anna's log names the card she drew, not also that she drew one; Sky's draws stay
    "Sky draws a card."; the table's public record (nobody's seat) still reads every draw."""
    app, scene = open_game([ANNA, SKY, GREEN], state=turn(3, [40, 44, 46, 48, 49, 50], jersey=1, pace=45))
    key(app, pygame.K_RETURN, "\r")
    run_until(app, lambda: scene.can_act and any(row[0].startswith("Sky draws") for row in scene._read_log()))
    texts = [row[0] for row in scene._read_log()]
    anna = [text for text in texts if text.startswith("Anna draws")]
    assert anna and "Anna draws a card." not in anna, texts
    assert "Sky draws a card." in texts
    public = [entry.event.render(scene.chosen_name) for entry in scene.match.log_for(None)]
    assert "Anna draws a card." in public, "the table's public record keeps the draw"
