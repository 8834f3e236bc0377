"""What would the hard bot do? The hint of the H key and the Hint button.

It is the hard bot's move for the seat to move, from that seat's view alone and
with the seed a hard bot in that seat would use; it is refused for a bot's seat
and while another seat's curtain is up; a game where it was used says so in its
autosave, on the results and in the records; and its words hold nothing of what
other seats hide (a twin of the state with every hidden thing sampled anew from
the hinted seat's view gives the same words).
"""
from __future__ import annotations

import time

import pygame
import pytest

from game.core.bots import suggest
from game.core.match import Match, Seat, mix_seed
from game.core.records import load_records, player_records
from game.core.saves import autosave_path, load_match
from game.scenes import records as records_screen
from game import i18n
from game.i18n import Message, _
from hotseat_watch import open_table, play
from test_match_scene import ANNA, BEN, lift_curtain, start
from ui_support import click, key, make_app, press, run_until, step, top_name

HARD_BOT = Seat("Sky", "#56B4E9", "bot:hard")


def hard_choice(match: Match, seat: int):
    """The hard bot's move for ``seat`` now, as the hint must give it."""
    bot = match.spec.make_bot("hard", seat, mix_seed(match.seed, seat, len(match.history)))
    return bot.choose(match.state.view(seat), match.state.legal_actions())


def hint_words(scene) -> str:
    hint = scene.current_hint()
    assert hint is not None, "a hint is shown"
    return scene.words_for(hint.text)


def breakout_table(seed: int = 5):
    app, scene = open_table("breakout", [ANNA, HARD_BOT], seed, instant=True)
    run_until(app, lambda: scene.can_act and not scene.is_animating(), 50)
    return app, scene


def test_the_hint_is_the_hard_bots_choice_from_the_seats_view_and_the_same_seed_gives_the_same():
    app, scene = breakout_table()
    seat = scene.match.current_seat
    key(app, pygame.K_h)
    assert scene.bot_suggestion is not None
    assert scene.bot_suggestion.action == hard_choice(scene.match, seat)
    shown = hint_words(scene)
    assert shown.startswith("The hard bot would play: Anna pushes a rope piece into slot")
    again_app, again = breakout_table()
    click(again_app, again._bot_hint_button.rect.center)
    assert hint_words(again) == shown, "the button asks the same, and the same seed gives the same suggestion"
    key(app, pygame.K_h)
    assert scene.current_hint() is None, "H again puts the hint away"


def test_the_hint_goes_with_the_move_and_a_table_that_plays_h_keeps_it():
    app, scene = breakout_table()
    key(app, pygame.K_h)
    scene.submit(scene.bot_suggestion.action)
    step(app, 3)
    assert scene.current_hint() is None, "a move ends the hint"
    calls = []

    def hail_mary_on_h(event, view, viewer) -> None:
        if event.type == pygame.KEYDOWN:
            calls.append(event.key)
            scene.submit(scene.match.state.legal_actions()[0])

    scene.handle_table_event = hail_mary_on_h
    run_until(app, lambda: scene.can_act and not scene.is_animating(), 50)
    moves = len(scene.match.history)
    key(app, pygame.K_h)
    assert calls == [pygame.K_h] and len(scene.match.history) > moves
    assert scene.bot_suggestion is None, "H played a move on this table: no hint on top of it"


def test_no_hint_for_a_bot_seat():
    app = make_app(instant=False)
    app.settings.animation_speed = "normal"
    scene = start(app, [ANNA, Seat("Sky", "#56B4E9", "bot:easy")])
    run_until(app, lambda: not scene.match.seats[scene.match.current_seat].is_human, 300,
              each=lambda: time.sleep(0.001))
    assert not scene.ask_bot_hint()
    assert scene.toasts.texts()[-1] == "A hint is for the player whose turn it is."
    step(app)
    assert not scene._bot_hint_button.visible, "no Hint button while a bot decides"
    assert scene.match.hints_used == set()


def test_no_hint_while_another_seats_curtain_is_up_then_one_for_that_seat_behind_it():
    app = make_app()
    scene = start(app, [ANNA, BEN])
    if top_name(app) == "CurtainScene":
        lift_curtain(app)
    scene.play(scene.view["hand"][0])
    step(app, 2)
    assert top_name(app) == "CurtainScene"
    assert not scene.ask_bot_hint() and scene.current_hint() is None
    assert scene.match.hints_used == set()
    lift_curtain(app)
    seat = scene.match.current_seat
    assert scene.ask_bot_hint()
    step(app)
    assert scene.bot_suggestion.action == hard_choice(scene.match, seat)
    assert scene.match.hints_used == {seat}


def test_hints_used_are_autosaved_shown_on_the_results_and_recorded():
    app = make_app()
    scene = start(app, [ANNA, Seat("Sky", "#56B4E9", "bot:easy")])
    run_until(app, lambda: scene.can_act, 50)
    key(app, pygame.K_h)
    scene.flush_autosave()
    saved = load_match(autosave_path(scene.spec.id), app.specs)
    assert saved.hints_used == {0}
    for _turn in range(200):
        if top_name(app) == "ResultsScene":
            break
        if scene.can_act:
            scene.play(scene.view["hand"][0])
        step(app)
    assert top_name(app) == "ResultsScene"
    results = app.manager.top
    assert ("Hints used: Anna.", False) in results.notes()
    record = player_records(load_records()[0], "Anna")["high-card"]
    assert (record.played, record.hinted) == (1, 1)
    press(app, "Main menu")
    press(app, "Records", frames=2)
    assert top_name(app) == "RecordsScene"
    drawn: list[str] = []
    original = records_screen.draw.text
    records_screen.draw.text = lambda surface, theme, text, *args, **kwargs: (
        drawn.append(text), original(surface, theme, text, *args, **kwargs))[1]
    try:
        app.manager.top.draw_player(pygame.Surface((1280, 720)), "Anna")
    finally:
        records_screen.draw.text = original
    assert "with hints: 1" in drawn, "the records card marks the games played with hints"


def test_an_older_records_file_without_the_hint_count_still_reads():
    from game.core.records import _valid
    data = {"version": 1, "players": {"Anna": {"high-card": {"played": 2, "won": 1, "best": {}}}}}
    assert _valid(data)
    assert player_records(data, "Anna")["high-card"].hinted == 0


@pytest.mark.parametrize("game_id, seats", [
    ("breakaway-rider", [ANNA, BEN, HARD_BOT]),
    ("breakaway-football", [ANNA, BEN]),
    ("breaking-away", [ANNA, BEN, HARD_BOT]),
])
def test_the_hints_words_hold_nothing_of_another_seats_secrets(game_id: str, seats: list[Seat]) -> None:
    app, scene = open_table(game_id, seats, seed=6, instant=True)
    checked = 0
    for moves in (4, 9, 15):
        play(app, scene, seed=moves, until=lambda: (scene.can_act and not scene.is_animating()
                                                   and len(scene.match.history) >= moves and scene.recap is None))
        if top_name(app) == "ResultsScene":
            break
        match = scene.match
        seat = match.current_seat
        assert scene.ask_bot_hint()
        step(app)
        shown = hint_words(scene)
        view = match.state.view(seat)
        seed = mix_seed(match.seed, seat, len(match.history))
        for twin_seed in (1, 2):
            twin = match.spec.state_class.from_view(view, twin_seed)
            assert twin.view(seat) == view
            theirs = suggest(match.spec, twin.view(seat), twin.legal_actions(), seat, seed)
            assert scene.bot_suggestion == theirs
            assert shown == scene.words_for(Message("The hard bot would play: {move} {why}", move=theirs.move,
                                                    why=theirs.reason))
        checked += 1
        scene.ask_bot_hint()  # put it away before playing on
    assert checked >= 2


@pytest.mark.parametrize("code, scale", [("en", 1.0), ("it", 1.0), ("fr", 1.3), ("it", 1.3)])
def test_the_hint_button_leaves_the_log_title_its_room_and_tells_its_words_when_compact(code, scale):
    """Beside the log's title the button keeps its words when both fit, else shows a bulb and H and tells
    the words under the mouse; either way the title ends before the button begins."""
    app, scene = breakout_table()
    app.settings.ui_scale = scale
    app.apply_settings()
    app.set_language(code)
    try:
        step(app, 2)
        scene = app.manager.find(type(scene))  # another language sets the table up again
        button, panel = scene._bot_hint_button, scene.log_panel
        assert button.visible
        title = app.theme.font(18).size(_(panel.title))[0]
        assert panel.rect.x + 14 + title <= button.rect.x - 10, "the title ends before the button"
        assert button.compact == (code != "en"), "the words where they fit, else the bulb and the key"
        assert button.tooltip == (_("Hint (H)") if button.compact else "")
    finally:
        i18n.set_language("en")
