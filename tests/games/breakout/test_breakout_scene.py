"""The Breakout scene, headless: arrows and keys push, hovering previews, refusals, animations, the end."""
from __future__ import annotations

import random

import pygame
import pytest

from breakout_walls import position
from game.app import App
from game.core.match import Match, Seat
from game.core.protocol import act
from game.games import all_specs
from game.games.breakout.rules import BreakoutState
from game.games.breakout.scene import BreakoutScene
from game.ui.theme import SMALL_PX
from game.games.breakout.scene_preview import preview_push, rope_reach
from scene_input import click, hover, key, step

ANNA = Seat("Anna", "#F0E442")
BEN = Seat("Ben", "#0072B2")
BOT = Seat("Bot", "#0072B2", "bot:easy")


@pytest.fixture(autouse=True)
def fresh_pygame():
    yield
    pygame.quit()


# --- driving the app ------------------------------------------------------------------------
def open_game(seats, *, state: BreakoutState | None = None, moves=(), instant=True, speed="normal"):
    specs = all_specs()
    app = App(specs, instant=instant)
    app.settings.animation_speed = speed
    match = Match(specs["breakout"], list(seats), {}, 5)
    if state is not None:
        match.state = state
    for move in moves:
        match.apply(move)
    app.start_match(match)
    app.step()
    scene = app.manager.find(BreakoutScene)
    assert scene is not None
    return app, scene


def arrow(scene, slot, side):
    return scene.layout.arrow_rect(slot - 1, side).center


def last_action(scene):
    return scene.match.history[-1][1]


def top_name(app):
    return type(app.manager.top).__name__


def L(slot):
    return act("insert", "left", slot)


def R(slot):
    return act("insert", "right", slot)


#: Yellow holds the left column of slots 1-4, Blue the right one: Yellow escapes with 'insert left 5'
LADDERS = [L(1), R(1), L(2), R(2), L(3), R(3), L(4), R(4)]
#: the wall filled in a checkerboard (no link), then Blue knocks its own piece out: Yellow has none left
YELLOW_EMPTY_HANDED = [L(slot) for slot in range(1, 6) for _ in range(5)] + [L(2)]


# --- pushing with the mouse and the keys ----------------------------------------------------
def test_clicking_an_arrow_pushes_into_that_slot_from_that_end():
    app, scene = open_game([ANNA, BEN])
    click(app, arrow(scene, 3, "right"))
    assert last_action(scene) == R(3)
    assert scene.match.state.wall[2][4] == 0
    click(app, arrow(scene, 1, "left"))
    assert last_action(scene) == L(1)
    assert scene.match.state.wall[0][0] == 1


def test_keys_choose_the_slot_and_the_end_and_enter_pushes():
    app, scene = open_game([ANNA, BEN])
    key(app, pygame.K_4, "4")
    key(app, pygame.K_RIGHT)
    assert scene.match.history == [], "choosing never plays"
    assert scene.chosen() == (3, "right") and scene.keyboard
    key(app, pygame.K_RETURN, "\r")
    assert last_action(scene) == R(4)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_SPACE, " ")
    assert last_action(scene) == L(2)
    step(app, 2)
    if getattr(scene, "recap", None) is not None:
        key(app, pygame.K_RETURN)  # the "since your last turn" recap closes first
    key(app, pygame.K_TAB, "\t")
    assert scene.focus == (1, "right")
    key(app, pygame.K_TAB, "\t", pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, "\t", pygame.KMOD_SHIFT)
    assert scene.focus == (0, "right")
    key(app, pygame.K_UP)
    key(app, pygame.K_KP_ENTER)
    assert last_action(scene) == R(2)


# --- previews -----------------------------------------------------------------------------------
def test_hovering_an_arrow_previews_the_push_and_plays_nothing():
    state = position(".....", ".....", ".....", ".....", "YBBYB", to_move=0)
    app, scene = open_game([ANNA, BEN], state=state)
    hover(app, arrow(scene, 1, "left"))
    assert scene.chosen() == (0, "left")
    view = scene.view
    preview = scene.preview(view, (0, "left"))
    assert preview.after == (0, 0, 1, 1, 0)
    assert preview.ejected_owner == 1 and preview.ejected_column == 4
    assert preview.lines[0] == "Slot 1 from the left: Ben's piece at the far end falls out."
    assert any("Ben could not push straight back from the right" in line for line in preview.lines)
    assert scene.caption_lines(view, preview, "")[0] == list(preview.lines)
    assert scene.match.history == []
    hover(app, (5, 700))
    assert scene.chosen() is None


def test_preview_tells_an_escape_for_you_and_one_you_would_hand_to_the_opponent():
    yours = position(".....", "Y....", "Y....", "Y....", "Y....", to_move=0)
    preview = preview_push(yours.view(0), 0, 4, "left", lambda seat: ("Anna", "Ben")[seat])
    assert preview.escaper == 0 and preview.mood == "good"
    assert preview.path == ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))
    assert "escapes" in preview.lines[1]
    theirs = position("BBBB.", "....B", "....B", "....B", "....B", to_move=0)
    preview = preview_push(theirs.view(0), 0, 4, "left", lambda seat: ("Anna", "Ben")[seat])
    assert preview.escaper == 1 and preview.mood == "danger"
    assert preview.lines[1] == "Careful: this completes Ben's rope, and Ben escapes."


def test_preview_counts_a_covering_and_the_ropes_it_lengthens_or_breaks():
    state = position("YBYBY", "BYBYB", "YBYBY", "BYBYB", "YBYB.", to_move=1)
    preview = preview_push(state.view(1), 1, 0, "right", lambda seat: ("Anna", "Ben")[seat])
    assert preview.covering == 1
    assert "covering 1 of 5" in " ".join(preview.lines)
    assert rope_reach(state.wall, 0) == 1
    growing = position(".....", ".....", ".....", "Y....", "Y....", to_move=0)
    preview = preview_push(growing.view(0), 0, 2, "left", lambda seat: ("Anna", "Ben")[seat])
    assert preview.lines[1] == "Your rope would reach slot 3."


# --- refusals -----------------------------------------------------------------------------------
def test_the_no_reversal_arrow_is_greyed_explained_on_hover_and_refused_with_a_toast():
    app, scene = open_game([ANNA, BEN], moves=[L(1)] * 6)
    view = scene.view
    assert view["blocked"] == {"slot": 1, "row": 0, "side": "right"}
    assert scene.arrow_state(view, (0, "right")) == "blocked"
    assert scene.arrow_state(view, (0, "left")) == "ready"
    hover(app, arrow(scene, 1, "right"))
    reason = scene.refusal(view, (0, "right"))
    assert reason.startswith("You may not insert from the right into slot 1")
    assert scene.caption_lines(view, None, reason) == ([reason], "danger")
    moves = len(scene.match.history)
    click(app, arrow(scene, 1, "right"))
    assert len(scene.match.history) == moves
    assert reason in scene.toasts.texts()


def test_arrows_wait_while_it_is_the_bots_turn():
    app, scene = open_game([ANNA, BOT], instant=False, speed="off")
    click(app, arrow(scene, 2, "left"))
    assert scene.match.current_seat == 1 and not scene.can_act
    assert scene.arrow_state(scene.view, (0, "left")) == "idle"
    assert scene.refusal(scene.view, (0, "left")) == "Please wait: it is Bot's turn."
    click(app, arrow(scene, 5, "left"))
    assert "Please wait: it is Bot's turn." in scene.toasts.texts()


def test_out_of_pieces_every_arrow_is_greyed_and_the_pass_button_or_enter_passes():
    app, scene = open_game([ANNA, BEN], moves=YELLOW_EMPTY_HANDED)
    view = scene.view
    assert scene.must_pass(view) and view["to_move"] == 0
    assert {scene.arrow_state(view, (r, s)) for r in range(5) for s in ("left", "right")} == {"empty"}
    assert "Pass" in scene.prompt(view, 0)
    assert "pass until one of yours falls off" in scene.refusal(view, (2, "left"))
    click(app, scene.pass_button.rect.center)
    assert last_action(scene) == act("pass")
    key(app, pygame.K_p, "p")
    assert "You still have pieces; you cannot pass." in scene.toasts.texts()


def test_enter_passes_when_out_of_pieces():
    app, scene = open_game([ANNA, BEN], moves=YELLOW_EMPTY_HANDED)
    key(app, pygame.K_RETURN, "\r")
    assert last_action(scene) == act("pass")


# --- animations ----------------------------------------------------------------------------------
def test_a_bots_push_is_animated_from_its_supply_and_ends_as_the_rules_say():
    app, scene = open_game([ANNA, BOT], instant=False)
    click(app, arrow(scene, 1, "left"))
    seen_knot_in_flight = seen_bot_move = False
    for _ in range(400):
        step(app)
        if len(scene.match.history) == 2:
            seen_bot_move = True
            seen_knot_in_flight |= any(m.kind == "knot" and m.owner == 1 for m in scene.show.movers)
        if seen_bot_move and not scene.anims.busy:
            break
    assert seen_bot_move and seen_knot_in_flight
    assert scene.show.shown is None and scene.show.movers == []
    assert scene.show.current(scene.view).wall == scene.view["wall"]
    assert scene.can_act


def test_an_ejected_piece_drops_into_the_support_then_goes_home():
    state = position(".....", ".....", ".....", ".....", "YBBYB", to_move=0)
    app, scene = open_game([ANNA, BEN], state=state, instant=False)
    click(app, arrow(scene, 1, "left"))
    tray = scene.layout.tray_point("right")
    landed = False
    for _ in range(200):
        step(app)
        landed |= any(m.owner == 1 and m.points[-1] == tray and m.tween.done for m in scene.show.movers)
        landed |= any(m.owner == 1 and m.points == [tray] for m in scene.show.movers)
        if not scene.anims.busy:
            break
    assert landed
    assert scene.show.current(scene.view).supply == scene.view["supply"] == [10, 11]


def test_an_escape_lights_the_rope_and_the_character_climbs_to_the_top():
    app, scene = open_game([ANNA, BEN], moves=LADDERS, instant=False, speed="fast")
    click(app, arrow(scene, 5, "left"))
    lit, climbed, banner = set(), [], []
    for _ in range(600):
        step(app)
        if scene.show.highlight is not None:
            lit |= set(scene.show.highlight.lit())
        climbed += [m.position() for m in scene.show.movers if m.kind == "character" and m.tween.started]
        if scene.show.banner is not None:
            banner.append(scene.show.banner.text)
        if not scene.anims.busy:
            break
    assert lit == {(row, 0) for row in range(5)}
    assert climbed and min(y for _, y in climbed) <= scene.layout.top_y + 1
    assert "Anna's first character escapes! (1 of 3)" in banner
    assert "Round 2: Ben starts" in banner
    assert scene.view["escapes"] == [1, 0] and scene.show.shown is None


def test_a_click_during_an_animation_hurries_it_and_plays_nothing():
    app, scene = open_game([ANNA, BEN], instant=False)
    click(app, arrow(scene, 1, "left"))
    assert scene.anims.busy
    click(app, arrow(scene, 2, "left"))
    assert len(scene.match.history) == 1 and not scene.anims.busy
    click(app, arrow(scene, 2, "left"))
    assert len(scene.match.history) == 2


def test_animation_off_shows_the_end_at_once():
    app, scene = open_game([ANNA, BEN], moves=LADDERS, instant=False, speed="off")
    click(app, arrow(scene, 5, "left"))
    assert not scene.anims.busy and scene.show.shown is None
    assert scene.view["round"] == 2


def test_undo_after_handing_the_opponent_an_escape_puts_the_wall_back():
    state = position("BBBB.", "....B", "....B", "....B", "....B", to_move=0)
    wall = [list(row) for row in state.wall]
    app, scene = open_game([ANNA, BEN], state=state, instant=False)
    click(app, arrow(scene, 5, "left"), frames=10)
    assert scene.view["escapes"] == [0, 1] and scene.match.can_undo()
    assert scene.undo()
    assert scene.view["escapes"] == [0, 0] and scene.show.shown is None and not scene.show.movers
    assert scene.show.current(scene.view).wall == wall


# --- the whole game -------------------------------------------------------------------------------
def test_a_game_between_bots_runs_to_the_results_with_the_winning_rope_still_lit():
    two_all = position(".....", ".....", ".....", ".....", ".....", escapes=(2, 2))
    app, scene = open_game([Seat("Ann", "#F0E442", "bot:easy"), Seat("Bo", "#0072B2", "bot:easy")], state=two_all)
    for _ in range(3000):
        if top_name(app) == "ResultsScene":
            break
        step(app)
    assert top_name(app) == "ResultsScene"
    view = scene.view
    lines = scene.results_summary_lines()
    assert lines[0].startswith(f"Ann (Yellow knots): {view['escapes'][0]} of 3")
    assert lines[1].startswith(f"Bo (Blue knots): {view['escapes'][1]} of 3")
    assert view["winner"] is not None
    if view["winner"] is not None:
        assert scene.show.highlight is not None and scene.show.highlight.seat == view["winner"]
        assert scene.show.current(view).escapes[view["winner"]] == 3
    step(app, 5)


def test_a_void_game_says_why_on_the_results_screen():
    state = position("YBYBY", "BYBYB", "YBYBY", "BYBYB", "YBYB.", to_move=1, coverings=4)
    app, scene = open_game([ANNA, BEN], state=state)
    click(app, arrow(scene, 1, "right"), frames=3)
    assert scene.view["void"]
    assert top_name(app) == "ResultsScene"
    assert "Void game: the wall was covered 5 times in round 1 without an escape." in scene.results_summary_lines()


def test_two_humans_share_the_screen_without_a_curtain():
    app, scene = open_game([ANNA, BEN])
    for slot in (1, 2, 3, 4):
        seat = scene.match.current_seat
        assert scene.viewer == seat and top_name(app) == "BreakoutScene"
        click(app, arrow(scene, slot, "left"), frames=2)
    assert top_name(app) == "BreakoutScene"


def test_colour_blind_drawing_and_random_clicks_and_keys_raise_nothing():
    app, scene = open_game([ANNA, BOT], instant=False, speed="fast")
    app.settings.colour_blind = True
    rng = random.Random(8)
    keys = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_RETURN, pygame.K_p,
            pygame.K_3, pygame.K_SPACE]
    targets = [scene.layout.arrow_rect(r, s).center for r in range(5) for s in ("left", "right")]
    for _ in range(320):
        if top_name(app) != "BreakoutScene":
            break
        roll = rng.random()
        if roll < 0.08:
            code = rng.choice(keys)
            text = {pygame.K_RETURN: "\r", pygame.K_3: "3", pygame.K_p: "p", pygame.K_SPACE: " "}.get(code, "")
            key(app, code, text)
        elif roll < 0.2:
            click(app, rng.choice(targets) if rng.random() < 0.8 else (rng.randrange(1280), rng.randrange(720)))
        elif roll < 0.3:
            hover(app, (rng.randrange(1280), rng.randrange(720)))
        else:
            step(app)
    assert len(scene.match.history) > 4


def test_recap_marks_outline_the_pushed_stretch_the_whole_slot_when_a_piece_fell_out_and_a_new_escapee():
    state = position(".....", ".....", ".....", ".....", "YBBYB", to_move=0)
    app, scene = open_game([ANNA, BEN], state=state)
    scene.match.apply(L(1))
    scene.match.apply(L(3))
    entries = list(scene.match.log)
    marks = scene.recap_marks(entries, scene.view, 0)
    layout = scene.layout
    whole_slot_1 = layout.cell_rect(0, 0).union(layout.cell_rect(0, 4))
    assert marks[0].contains(whole_slot_1), "a piece fell out of slot 1: the whole slot changed"
    assert marks[1].contains(layout.cell_rect(2, 0)) and not marks[1].colliderect(layout.cell_rect(2, 2))
    app, scene = open_game([ANNA, BEN], moves=LADDERS + [L(5)])
    marks = scene.recap_marks(list(scene.match.log), scene.view, 1)
    assert len(marks) == 1, "the escape emptied the wall: only the escapee on top is marked"
    feet = layout.top_spot(0, 0)
    assert marks[0].collidepoint(round(feet[0]), round(feet[1]) - 10)


def test_while_an_escape_plays_out_only_the_mover_looks_active():
    app, scene = open_game([ANNA, BEN], moves=LADDERS, instant=False, speed="fast")
    click(app, arrow(scene, 5, "left"))
    looks = []
    for _ in range(600):
        step(app)
        shown = scene.show.current(scene.view)
        looks.append(tuple(scene.panel_look(scene.view, shown, seat) for seat in (0, 1)))
        if not scene.anims.busy:
            break
    during, after = looks[:-1], looks[-1]
    assert during and all(look == ((True, "Moving"), (False, "Human player")) for look in during), \
        "Anna's escape plays out on her panel; Ben's waits"
    assert after == ((False, "Human player"), (True, "Your move")), "then the table is Ben's"


def test_at_a_large_interface_size_each_panel_label_leaves_room_for_its_value():
    app, scene = open_game([ANNA, BOT])
    app.settings.ui_scale = 1.3
    app.apply_settings()
    step(app, 2)
    width = scene.layout.panel(0).width - 32
    font = scene.theme.font
    for label, widest in (("Rope height", "5 of 5"), ("On the wall", "13"), ("In hand", "13 of 13")):
        size = scene.label_size(label, widest, width)
        assert font(size).size(label)[0] + font(SMALL_PX).size(widest)[0] < width
    assert font(SMALL_PX).size("Rope height")[0] + font(SMALL_PX).size("5 of 5")[0] + 10 > width


def test_a_won_game_shown_without_its_animation_keeps_the_winning_rope_lit():
    """A replay's jump to the end (or an undo's reset) draws the wall as the winning move left it, as in play."""
    for seed in range(50):
        app, scene = open_game([ANNA, BEN])
        match = scene.match
        rng = random.Random(seed)
        while not match.is_over():
            match.apply(rng.choice(match.state.legal_actions()))
        if match.state.winner() is not None:
            break
    scene.on_undo()
    escape = next(entry.event.data for entry in reversed(match.log) if entry.event.kind == "escape")
    shown = scene.show.current(scene.view)
    assert shown.wall == [list(row) for row in escape["wall"]]
    assert any(owner is not None for row in shown.wall for owner in row)
    assert scene.view["wall"] != shown.wall  # the rules have sent the pieces home
    assert scene.show.highlight is not None and scene.show.highlight.seat == escape["seat"]
    assert len(scene.show.highlight.lit()) == len(escape["path"])
    on_wall = [sum(owner == seat for row in shown.wall for owner in row) for seat in (0, 1)]
    assert [shown.supply[seat] + on_wall[seat] for seat in (0, 1)] == [13, 13]
    step(app, 5)
    assert scene.show.current(scene.view).wall == shown.wall


def test_a_void_game_shown_without_its_animation_leaves_the_wall_as_the_rules_do():
    for seed in range(200):
        app, scene = open_game([ANNA, BEN])
        match = scene.match
        rng = random.Random(seed)
        while not match.is_over():
            match.apply(rng.choice(match.state.legal_actions()))
        if match.state.winner() is None:
            break
    assert match.state.winner() is None, "no void game among the seeds"
    scene.on_undo()
    assert scene.winning_escape() is None
    assert scene.show.current(scene.view).wall == [list(row) for row in scene.view["wall"]]
    assert scene.show.highlight is None


def panel_escapes(scene, monkeypatch) -> list[str]:
    """The Escaped row's value in each player's panel, as the table draws it now."""
    from game.ui import draw
    drawn: list[tuple[tuple[int, int], str]] = []
    original = draw.text

    def text(surface, theme, content, pos, **kwargs):
        drawn.append((pos, content))
        return original(surface, theme, content, pos, **kwargs)
    monkeypatch.setattr(draw, "text", text)
    scene._board_key = None  # paint the panels again
    scene.draw_table(pygame.Surface((1280, 720)), scene.view, scene.viewer)
    monkeypatch.undo()
    rows = [scene.counters_top(seat) + 90 for seat in (0, 1)]
    return [next(content for (x, y), content in drawn if y == row and x == scene.layout.panel(seat).right - 16)
            for seat, row in zip((0, 1), rows)]


def test_the_winners_panel_counts_the_winning_escape(monkeypatch):
    """Under the results, the panels read the final state: 'Escaped 3 of 3' as the header, the wall, the log
    and the results say, even when the table kept from the winning move's animation lags behind it."""
    two_each = position(".....", ".....", ".....", ".....", ".....", escapes=(2, 2))
    app, scene = open_game([Seat("Ann", "#F0E442", "human"), Seat("Bo", "#0072B2", "human")], state=two_each,
                           moves=LADDERS)
    click(app, arrow(scene, 5, "left"))
    for _ in range(3000):
        if top_name(app) == "ResultsScene":
            break
        step(app)
    assert top_name(app) == "ResultsScene" and scene.view["escapes"] == [3, 2]
    assert panel_escapes(scene, monkeypatch) == ["3 of 3", "2 of 3"]
    scene.show.shown.escapes = [2, 2]  # a snapshot of the table taken before the last character reached the top
    assert panel_escapes(scene, monkeypatch) == ["3 of 3", "2 of 3"]
