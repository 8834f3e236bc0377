"""The base's shared in-match features through real input: undo to here, the recap since your
last turn, rule links from the log, pictures in the rules help, and a guided game's hints."""
from __future__ import annotations

import dataclasses
import time
from typing import Any

import pygame

from game.core.match import Match, Seat
from game.core.protocol import act
from game.core.saves import autosave_path, load_match
from game.core.spec import Hint
from game.scenes.rules import HEADING_ROOM
from game.ui import markdown
from fixture_game import HighCardState
from high_card_scene import HighCardScene, high_card_spec
from test_match_scene import PickThenConfirm
from ui_support import click, key, make_app, press, run_until, step, top_name
from scene_input import hover

ANNA, BEN, CLEO = Seat("Anna", "#E69F00"), Seat("Ben", "#56B4E9"), Seat("Cleo", "#009E73")
BOT = Seat("Sky", "#56B4E9", "bot:easy")
TRICK_RULE = "Playing"


def trick_rule(event) -> str | None:
    return TRICK_RULE if event.kind == "trick" else None


def spec_with(**changes: Any):
    return dataclasses.replace(high_card_spec(), **changes)


def start(app, spec, seats, seed=3, guided=False):
    app.start_match(Match(spec, seats, {}, seed, guided=guided))
    step(app)
    return app.manager.find(HighCardScene)


def log_index(scene, step_index: int) -> int:
    """The log panel row of the first entry made by move ``step_index``."""
    links = scene.log_panel.links
    return next(i for i, link in enumerate(links) if link.step == step_index)


def lift_curtain(app):
    assert top_name(app) == "CurtainScene"
    key(app, pygame.K_RETURN)


# --- undo to here --------------------------------------------------------------------------------
def picking_game():
    spec = spec_with(state_class=PickThenConfirm)
    app = make_app(game_specs={spec.id: spec})
    scene = start(app, spec, [ANNA, BOT])
    run_until(app, lambda: scene.can_act)
    return app, scene


def test_hovering_an_own_move_offers_undo_to_here_and_a_click_rewinds_after_a_confirm():
    app, scene = picking_game()
    before = len(scene.match.history)
    hand = scene.view["hand"]
    assert scene.submit(act("pick", hand[0])) and scene.submit(act("pick", hand[1]))
    step(app)
    row = log_index(scene, before)
    rect = scene.log_panel.entry_rect(row)
    hover(app, rect.center)
    assert scene.log_panel.hover_entry == row and scene.log_panel.can_rewind(row)
    click(app, rect.center)
    assert top_name(app) == "DialogScene"
    assert "your last 2 moves" in app.manager.top.message
    press(app, "Undo")
    assert top_name(app) == "HighCardScene"
    assert len(scene.match.history) == before and scene.match.state.picked is None
    assert "Your last 2 moves were taken back." in scene.toasts.texts()
    scene.flush_autosave()
    assert load_match(autosave_path("high-card"), app.specs).history == scene.match.history


def test_undo_to_here_by_keyboard_and_cancel_keeps_the_moves():
    app, scene = picking_game()
    before = len(scene.match.history)
    assert scene.submit(act("pick", scene.view["hand"][0]))
    step(app)
    key(app, pygame.K_l)
    assert scene.log_panel.browsing and scene.log_panel.cursor == len(scene.log_panel.entries) - 1
    key(app, pygame.K_RETURN)
    assert top_name(app) == "DialogScene"
    key(app, pygame.K_ESCAPE)                         # Cancel
    assert top_name(app) == "HighCardScene" and len(scene.match.history) == before + 1
    key(app, pygame.K_l)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)                         # the dialog's focused button: Undo
    assert len(scene.match.history) == before
    assert not scene.log_panel.browsing


def test_undo_to_here_is_refused_across_a_reveal_with_the_reason():
    app = make_app()
    spec = app.specs["high-card"]
    scene = start(app, spec, [ANNA, BOT])
    run_until(app, lambda: scene.can_act)
    own = len(scene.match.history)
    scene.play(scene.view["hand"][0])                 # a card played face up is a reveal
    run_until(app, lambda: scene.can_act or scene.match.is_over())
    row = log_index(scene, own)
    rect = scene.log_panel.entry_rect(row)
    hover(app, rect.center)
    assert not scene.log_panel.can_rewind(row), "no undo affordance past a reveal"
    key(app, pygame.K_l)
    while scene.log_panel.cursor != row:
        key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    assert top_name(app) == "HighCardScene"
    assert "A roll, a draw or a reveal came after that move, so it cannot be taken back." in scene.toasts.texts()
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "HighCardScene" and not scene.log_panel.browsing, "Esc leaves the log first"


def test_the_pause_menus_undo_still_takes_back_one_step():
    app, scene = picking_game()
    before = len(scene.match.history)
    assert scene.submit(act("pick", scene.view["hand"][0]))
    key(app, pygame.K_ESCAPE)
    press(app, "Undo")
    assert len(scene.match.history) == before and "Your last move was taken back." in scene.toasts.texts()



def test_at_a_shared_screen_undo_keeps_the_player_and_their_hand_and_the_next_player_still_gets_a_curtain():
    app, scene = hot_seat_app()
    lift_curtain(app)
    seat = scene.viewer
    hand = scene.view["hand"]
    assert scene.submit(act("pick", hand[0])) and scene.viewer == seat, "the same player decides on"
    key(app, pygame.K_ESCAPE)
    press(app, "Undo")
    assert top_name(app) == "MarkingScene" and scene.viewer == seat and scene.can_act
    assert scene.view["hand"] == hand and not any("picks a card" in text for text, _ in scene.log_panel.entries)
    finish_turn(app, scene)
    assert top_name(app) == "CurtainScene" and scene.viewer is None


# --- since your last turn ----------------------------------------------------------------------------
class MarkingScene(HighCardScene):
    """Marks the badge of every seat that played in the recap's entries."""

    def recap_marks(self, entries, view, viewer):
        seats = {entry.seat for entry in entries if entry.event.kind in ("play", "pick")}
        return [self.seat_badge_rect(seat, view["num_seats"]) for seat in sorted(seats)]


def hot_seat_app(state_class=PickThenConfirm):
    spec = spec_with(state_class=state_class, scene=lambda: MarkingScene)
    app = make_app(game_specs={spec.id: spec})
    return app, start(app, spec, [ANNA, BEN, CLEO])


def finish_turn(app, scene):
    """The seat at the screen picks and confirms its first card."""
    assert scene.submit(act("pick", scene.view["hand"][0]))
    assert scene.submit(act("confirm"))
    step(app, 2)


def has_moved(scene, seat: int) -> bool:
    return any(s == seat for s, _ in scene.match.history)


def until_a_seat_returns(app, scene) -> None:
    """Play whole turns through the curtain until the seat at the screen has played before."""
    lift_curtain(app)
    while not has_moved(scene, scene.viewer):
        assert scene.recap is None, "nobody's first turn has a recap"
        finish_turn(app, scene)
        lift_curtain(app)


def test_hot_seat_recap_lists_only_what_the_seat_may_read_and_esc_closes_it_without_the_menu():
    app, scene = hot_seat_app()
    until_a_seat_returns(app, scene)
    seat = scene.viewer
    assert scene.recap is not None
    texts = [text for text, _ in scene.recap.rows]
    last_own = max(i for i, (s, _) in enumerate(scene.match.history) if s == seat)
    expected = [e.event.text for e in scene.match.log if e.index > last_own and e.event.visible(seat)]
    assert texts == expected and texts
    assert not any("picks a card" in text for text in texts), "another seat's private pick is not told"
    assert any("picks a card" in e.event.text for e in scene.match.log if e.index > last_own)
    assert all(f"Seat {seat + 1} plays" not in text for text in texts)
    assert len(scene.recap.marks) == len({e.seat for e in scene.match.log if e.index > last_own})
    step(app, 5)
    key(app, pygame.K_ESCAPE)
    assert scene.recap is None and top_name(app) == "MarkingScene", "Esc closed the recap and nothing else"


def test_recap_closes_with_enter_space_or_a_click_and_the_key_does_not_play():
    for close in ("enter", "space", "click"):
        app, scene = hot_seat_app()
        until_a_seat_returns(app, scene)
        assert scene.recap is not None
        moves = len(scene.match.history)
        if close == "click":
            click(app, scene.recap.rect.center)
        else:
            key(app, pygame.K_RETURN if close == "enter" else pygame.K_SPACE)
        assert scene.recap is None and len(scene.match.history) == moves, close
        assert top_name(app) == "MarkingScene"


def test_no_recap_when_the_setting_is_off():
    app, scene = hot_seat_app()
    app.settings.recap_since_last_turn = False
    until_a_seat_returns(app, scene)
    assert scene.recap is None


def play_until_a_recap(app, scene) -> None:
    """Play the human's first card each turn until a recap opens (or the game ends)."""
    for _ in range(4):
        run_until(app, lambda: scene.can_act or scene.match.is_over())
        step(app)
        if scene.recap is not None or scene.match.is_over():
            break
        scene.play(scene.view["hand"][0])


def test_recap_against_a_bot_draws_its_card_and_marks():
    spec = spec_with(scene=lambda: MarkingScene)
    app = make_app(game_specs={spec.id: spec})
    scene = start(app, spec, [ANNA, BOT], seed=5)
    play_until_a_recap(app, scene)
    assert scene.recap is not None and scene.recap.marks
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    assert scene.recap.rect.width > 0 and scene.table_rect.contains(scene.recap.rect)


def test_without_a_curtain_the_recap_waits_for_two_moves_by_others():
    app = make_app(game_specs={"high-card": high_card_spec()})
    scene = start(app, high_card_spec(), [ANNA, BOT], seed=1)
    seen = []
    for _ in range(12):
        run_until(app, lambda: scene.can_act or scene.match.is_over())
        if scene.match.is_over():
            break
        step(app)
        others = {e.index for e in scene.match.since_last_decision(0) if e.seat == 1}
        seen.append((len(others), scene.recap is not None))
        scene.close_recap()
        scene.play(scene.view["hand"][0])
    assert all(shown == (moves >= 2) for moves, shown in seen), seen
    assert (1, False) in seen, "a single move made in front of the player is not recapped"



class TwoTricksATurn(HighCardState):
    """A game turn of two tricks: each seat decides twice a turn, the others playing in between (as a
    team's riders do in Breaking Away)."""

    @property
    def turn(self) -> int:
        return self.tricks_played // 2 + (0 if self.is_over() else 1)


def test_the_recap_opens_at_most_once_per_game_turn():
    spec = spec_with(state_class=TwoTricksATurn)
    app = make_app(game_specs={spec.id: spec})
    app.start_match(Match(spec, [ANNA, BOT, Seat("Green", "#009E73", "bot:easy")], {"hand_size": 5}, 4))
    step(app)
    scene = app.manager.find(HighCardScene)
    decisions = []
    while True:
        run_until(app, lambda: scene.can_act or scene.match.is_over())
        if scene.match.is_over():
            break
        step(app)
        others = {e.index for e in scene.match.since_last_decision(0) if e.seat != 0}
        decisions.append((scene.match.state.turn, len(others), scene.recap is not None))
        scene.close_recap()
        scene.play(scene.view["hand"][0])
    opened = [turn for turn, _, shown in decisions if shown]
    assert opened and len(opened) == len(set(opened)), decisions
    assert all(shown or turn in opened for turn, moves, shown in decisions if moves >= 2), decisions
    assert any(not shown and moves >= 2 for _, moves, shown in decisions), "a second recap in a turn is spared"


# --- rule links ---------------------------------------------------------------------------------------
def test_a_book_mark_on_a_log_entry_opens_the_rules_at_its_heading():
    spec = spec_with(event_rule=trick_rule)
    app = make_app(game_specs={spec.id: spec})
    scene = start(app, spec, [ANNA, BOT])
    for _ in range(4):
        run_until(app, lambda: scene.can_act or scene.match.is_over())
        if any(link.rule for link in scene.log_panel.links):
            break
        scene.play(scene.view["hand"][0])
    step(app)
    row = next(i for i, link in enumerate(scene.log_panel.links) if link.rule == TRICK_RULE)
    assert all(link.rule is None for i, link in enumerate(scene.log_panel.links)
               if "takes the trick" not in scene.log_panel.entries[i][0])
    book = scene.log_panel.book_of(row)
    assert book is not None
    click(app, book.center)
    rules = app.manager.top
    assert top_name(app) == "RulesScene" and rules.heading == TRICK_RULE
    step(app, 3)
    assert rules.scroll == min(rules.max_scroll, rules.heading_top(TRICK_RULE) - HEADING_ROOM) > 0


def test_an_unknown_heading_opens_the_rules_at_the_top():
    app = make_app()
    app.manager.push(app.scenes.rules(app.specs["high-card"], heading="No such heading"))
    step(app, 3)
    assert top_name(app) == "RulesScene" and app.manager.top.scroll == 0


# --- pictures in the rules help -----------------------------------------------------------------------
def test_a_picture_line_becomes_a_sprite_with_its_caption_and_a_missing_sprite_is_a_stand_in():
    source = ("# Pieces\n\nThe knot:\n\n![A blue knot on the wall](sprite:knot_blue)\n\n"
              "![Something not drawn yet](sprite:no_such_sprite)\n\nThe end.\n")
    blocks = markdown.parse(source)
    pictures = [b for b in blocks if b.kind == "picture"]
    assert [(b.text, b.sprite) for b in pictures] == [("A blue knot on the wall", "knot_blue"),
                                                      ("Something not drawn yet", "no_such_sprite")]
    app = make_app()
    scene = app.scenes.rules(app.specs["high-card"])
    scene.source = source
    app.manager.push(scene)
    step(app, 2)
    drawn = [line for line in scene.lines if line.sprite]
    assert [line.sprite for line in drawn] == ["knot_blue", "no_such_sprite"]
    assert all(0 < line.sprite_size[1] <= markdown.PICTURE_MAX_HEIGHT for line in drawn)
    knot = drawn[0]
    assert knot.sprite_size == (80, 80), "a small sprite is enlarged by a whole factor"
    caption = next(line for line in scene.lines if line.text == "A blue knot on the wall")
    assert caption.y >= knot.y + knot.sprite_size[1] and caption.size >= 18
    assert abs((caption.x + app.theme.font(18).size(caption.text)[0] / 2) - (scene.body.width - 16) / 2) < 2


def test_big_sprites_are_scaled_to_at_most_160_px_high():
    assert markdown.picture_size((300, 384), 800) == (125, 160)
    assert markdown.picture_size((100, 140), 800) == (100, 140)
    assert markdown.picture_size((38, 22), 800) == (152, 88)


# --- a guided first game --------------------------------------------------------------------------
class Guide:
    """A guide that counts how often it is asked."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, view, seat) -> Hint:
        self.calls += 1
        return Hint(f"Play a card from your {len(view['hand'])} cards: the highest takes the trick.", TRICK_RULE)


def guided_game(guided=True, **changes):
    guide = Guide()
    spec = spec_with(guide=guide, **changes)
    app = make_app(game_specs={spec.id: spec})
    scene = start(app, spec, [ANNA, BOT], guided=guided)
    run_until(app, lambda: scene.can_act)
    step(app)
    return app, scene, guide


def test_a_guided_game_shows_the_hint_banner_asks_once_per_view_and_why_opens_its_rule():
    app, scene, guide = guided_game()
    banner = scene._banner_rect
    assert banner is not None and scene.table_rect.contains(banner)
    assert banner.top >= scene.table_rect.top and banner.right <= scene.log_panel.rect.left
    calls = guide.calls
    step(app, 10)
    assert guide.calls == calls, "the hint is asked once per view"
    click(app, scene._why.rect.center)
    assert top_name(app) == "RulesScene" and app.manager.top.heading == TRICK_RULE
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F1)
    assert top_name(app) == "RulesScene" and app.manager.top.heading == TRICK_RULE


def test_the_hint_follows_the_view_and_hides_when_it_is_not_the_humans_turn():
    app, scene, guide = guided_game()
    assert scene.current_hint().text.startswith("Play a card from your 3 cards")
    scene.play(scene.view["hand"][0])
    assert scene.current_hint() is None or not scene.can_act
    run_until(app, lambda: scene.can_act or scene.match.is_over())
    if scene.can_act:
        step(app)
        assert scene.current_hint().text.startswith("Play a card from your 2 cards")


def test_a_scene_can_put_the_hint_banner_at_the_bottom():
    class BottomHint(HighCardScene):
        hint_anchor = "bottom"

    app, scene, _ = guided_game(scene=lambda: BottomHint)
    assert scene._banner_rect.bottom == scene.table_rect.bottom - 8


def test_a_scene_can_put_the_hint_over_the_log_column_which_then_starts_below_it():
    class LogHint(HighCardScene):
        hint_anchor = "log"

    app, scene, _ = guided_game(scene=lambda: LogHint)
    home = scene._log_home.copy()
    banner = scene._banner_rect
    assert banner.topleft == home.topleft and banner.width == home.width
    assert scene.log_panel.rect.top > banner.bottom and scene.log_panel.rect.bottom == home.bottom
    assert home.collidepoint(scene._why.rect.center)
    click(app, scene._why.rect.center)
    assert top_name(app) == "RulesScene"
    key(app, pygame.K_ESCAPE)
    scene.match.guided = False
    scene._hint_key = None
    step(app)
    assert scene._banner_rect is None and scene.log_panel.rect == home


def test_a_slow_guide_thinks_off_the_main_thread_and_the_banner_comes_when_ready():
    class SlowGuide(Guide):
        def __call__(self, view, seat) -> Hint:
            time.sleep(0.3)
            return super().__call__(view, seat)

    spec = spec_with(guide=SlowGuide())
    app = make_app(instant=False, game_specs={spec.id: spec})
    app.settings.animation_speed = "off"
    scene = start(app, spec, [ANNA, BOT], guided=True)
    run_until(app, lambda: scene.can_act)
    begun, frames = time.perf_counter(), 0
    while scene._banner_rect is None and time.perf_counter() - begun < 5:
        step(app)
        time.sleep(0.002)  # a real frame waits for the clock
        frames += 1
    assert scene._banner_rect is not None, "the hint arrived"
    assert frames > 3, "frames kept coming while the guide was thinking"


def test_no_banner_without_the_guided_flag():
    app, scene, guide = guided_game(guided=False)
    assert scene._banner_rect is None and guide.calls == 0


def test_setup_offers_the_guided_game_needs_a_human_and_the_match_remembers_it():
    guide = Guide()
    spec = spec_with(guide=guide)
    app = make_app(game_specs={spec.id: spec})
    press(app, "Play")
    setup = app.manager.top
    toggle = setup._guided_toggle
    assert toggle is not None and not toggle.value
    click(app, toggle.rect.center, frames=2)
    assert setup.guided
    controllers = [w for w in setup.form.widgets if type(w).__name__ == "Cycle"][1]
    click(app, (controllers.rect.right - 10, controllers.rect.centery), frames=2)
    assert not setup.has_human() and not toggle.enabled and toggle.tooltip_text().startswith("Hints are for people")
    click(app, (controllers.rect.x + 10, controllers.rect.centery), frames=2)
    assert toggle.enabled
    press(app, "Start game", frames=2)
    scene = app.manager.find(HighCardScene)
    assert scene.match.guided
    scene.flush_autosave()
    assert load_match(autosave_path(spec.id), app.specs).guided


def test_the_guided_toggle_is_reached_by_keyboard():
    spec = spec_with(guide=Guide())
    app = make_app(game_specs={spec.id: spec})
    key(app, pygame.K_RETURN)
    setup = app.manager.top
    for _ in range(40):
        if setup.form.focus is setup._guided_toggle:
            break
        key(app, pygame.K_TAB)
    assert setup.form.focus is setup._guided_toggle
    key(app, pygame.K_RETURN)
    assert setup.guided


# --- the log's words ----------------------------------------------------------------------------------
def test_log_text_rewords_the_log_and_the_recap():
    class Shouting(MarkingScene):
        def log_text(self, entry):
            return entry.event.text.upper()

    spec = spec_with(scene=lambda: Shouting)
    app = make_app(game_specs={spec.id: spec})
    scene = start(app, spec, [ANNA, BOT], seed=5)
    play_until_a_recap(app, scene)
    step(app)
    assert scene.log_panel.entries and all(text == text.upper() for text, _ in scene.log_panel.entries)
    assert scene.recap is not None and all(text == text.upper() for text, _ in scene.recap.rows)


def test_a_failing_guide_or_rule_lookup_costs_only_the_hint_and_the_book_mark():
    def broken(*args):
        raise KeyError("phase")

    spec = spec_with(guide=broken, event_rule=broken)
    app = make_app(game_specs={spec.id: spec})
    scene = start(app, spec, [ANNA, BOT], guided=True)
    run_until(app, lambda: scene.can_act)
    scene.play(scene.view["hand"][0])
    run_until(app, lambda: scene.can_act or scene.match.is_over())
    step(app, 3)
    assert scene._banner_rect is None and scene.log_panel.entries
    assert all(link.rule is None for link in scene.log_panel.links)


# --- whose colour marks a log line ----------------------------------------------------------------
def test_a_log_line_about_another_seat_carries_that_seats_colour():
    from game.core.match import LogEntry
    from game.core.protocol import Event

    spec = spec_with()
    app = make_app(game_specs={spec.id: spec})
    scene = start(app, spec, [ANNA, BEN])
    about_ben = LogEntry(0, 0, Event("Ben draws a card.", "draw", {"seat": 1}))
    plain = LogEntry(0, 0, Event("The round ends.", "round"))
    odd = LogEntry(0, 0, Event("Nobody's line.", "note", {"seat": 7}))
    assert [scene.log_seat(e) for e in (about_ben, plain, odd)] == [1, None, None]


def test_the_command_lines_guided_flag_starts_a_guided_match_or_presets_setup():
    from game.cli import LaunchRequest

    spec = spec_with(guide=Guide())
    app = make_app(LaunchRequest(game_id=spec.id, controllers=["human", "bot:easy"], guided=True),
                   game_specs={spec.id: spec})
    assert app.manager.find(HighCardScene).match.guided
    app = make_app(LaunchRequest(game_id=spec.id, guided=True), game_specs={spec.id: spec})
    assert top_name(app) == "SetupScene" and app.manager.top.guided
