"""The shared in-game base, end to end with the fixture game's scene."""
from __future__ import annotations

import dataclasses
import json
import threading
import time
from typing import Any, Mapping

import pygame

from fixture_game import HighCardState
from game.core.match import Match, Seat
from game.core.protocol import Action, Event, IllegalAction, act
from game.core.saves import autosave_path, load_match
from high_card_scene import HighCardScene, high_card_spec
from hotseat_watch import SecretWatch, play
from ui_support import click, key, make_app, run_until, specs, step, top_name

ANNA, BEN = Seat("Anna", "#E69F00"), Seat("Ben", "#56B4E9")
BOT = Seat("Sky", "#56B4E9", "bot:easy")
#: Anna, Ben and the bot: a seed where a player wins a trick right after the bot played and leads the next
SEED_WITH_A_RETURN = 2


class RecordingScene(HighCardScene):
    """Remembers what each drawn frame showed, to check privacy."""

    drawn: list[tuple[int | None, Any]] = []

    def draw_table(self, surface, view, viewer):
        RecordingScene.drawn.append((viewer, view["hand"]))
        super().draw_table(surface, view, viewer)


def recording_specs():
    spec = dataclasses.replace(high_card_spec(), scene=lambda: RecordingScene)
    return {spec.id: spec}


def start(app, seats, seed=7, spec=None):
    spec = spec or app.specs["high-card"]
    app.new_match(spec, seats, {}, seed)
    step(app)
    return app.manager.find(HighCardScene)


def lift_curtain(app):
    assert top_name(app) == "CurtainScene"
    key(app, pygame.K_RETURN)


def play_first_card(scene):
    scene.play(scene.view["hand"][0])


def test_two_humans_hand_off_through_the_curtain_and_no_hand_is_drawn_for_the_wrong_seat():
    RecordingScene.drawn = []
    app = make_app(game_specs=recording_specs())
    scene = start(app, [ANNA, BEN])
    assert top_name(app) == "CurtainScene"
    assert scene.viewer is None
    first = scene.match.current_seat
    lift_curtain(app)
    assert top_name(app) == "RecordingScene" and scene.viewer == first
    for _ in range(5):
        seat = scene.match.current_seat
        play_first_card(scene)
        step(app, 2)
        nxt = scene.match.current_seat
        if nxt is None:
            break
        if nxt != seat:
            assert top_name(app) == "CurtainScene", "a different human must not see the previous hand"
            assert scene.viewer is None, "the previous hand left the screen with its player"
            lift_curtain(app)
        assert scene.viewer == nxt
    for viewer, hand in RecordingScene.drawn:
        assert viewer is not None or hand is None
    state = scene.match.state
    assert all(hand is None or len(hand) <= state.hand_size for _, hand in RecordingScene.drawn)



def test_hot_seat_with_a_bot_draws_no_hand_while_the_bot_plays_and_each_returns_behind_its_curtain():
    app = make_app(instant=False)
    app.settings.animation_speed = "fast"
    scene = start(app, [ANNA, BEN, BOT], seed=SEED_WITH_A_RETURN)
    watch = SecretWatch(scene)
    play(app, scene, seed=1, until=scene.match.is_over)
    watch.assert_clean()
    assert watch.bot_frames > 20
    assert any(one == other for one, other in zip(watch.reveals, watch.reveals[1:])), \
        "a player who won the trick after the bot played came back through their own curtain"


def test_a_refusal_shown_to_one_player_leaves_the_screen_with_them():
    app = make_app()
    scene = start(app, [ANNA, BEN])
    lift_curtain(app)
    assert scene.viewer is not None
    scene.toast("You hold no 9: pick a card from your hand.")
    play_first_card(scene)
    step(app, 2)
    assert scene.match.current_seat != scene.viewer or scene.match.is_over()
    assert scene.toasts.texts() == []


def test_curtain_looks_and_acts_live_at_once():
    app = make_app(instant=False)
    app.settings.animation_speed = "off"
    start(app, [ANNA, BEN])
    assert top_name(app) == "CurtainScene"
    first = app.canvas.copy()
    step(app, 60)
    assert pygame.image.tobytes(app.canvas, "RGB") == pygame.image.tobytes(first, "RGB"), \
        "the button looks the same from the first frame on (never greyed out, then live)"
    click(app, (640, 360))
    assert top_name(app) == "HighCardScene", "and a click lifts it"


def test_curtain_ignores_the_second_click_of_a_double_click_that_played_the_move():
    from game.scenes.curtain import DOUBLE_CLICK_SECONDS
    app = make_app(instant=False)
    app.settings.animation_speed = "off"
    start(app, [ANNA, BEN])
    curtain = app.manager.top
    assert top_name(app) == "CurtainScene" and curtain.age < DOUBLE_CLICK_SECONDS
    click(app, (640, 360))
    assert top_name(app) == "CurtainScene"
    step(app, round(DOUBLE_CLICK_SECONDS * 60) + 1)
    click(app, (640, 360))
    assert top_name(app) == "HighCardScene"


def test_curtain_ignores_a_press_and_a_key_carried_over_from_the_last_move(monkeypatch):
    held = {pygame.K_RETURN}
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: _KeysHeld(held))
    app = make_app(instant=False)
    app.settings.animation_speed = "off"
    start(app, [ANNA, BEN])
    assert top_name(app) == "CurtainScene"
    window = app.viewport.to_window((640, 360))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window, button=1))
    step(app)
    assert top_name(app) == "CurtainScene", "the release of the click that played the move does not lift it"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40))
    step(app)
    assert top_name(app) == "CurtainScene", "Enter held down from the last move repeats: no lift"
    key(app, pygame.K_RETURN)  # one more repeat, then the key is let go
    assert top_name(app) == "CurtainScene"
    key(app, pygame.K_RETURN)  # a fresh press lifts it
    assert top_name(app) == "HighCardScene"


class _KeysHeld(dict):
    """``pygame.key.get_pressed()`` with some keys held down (indexable by any key code)."""

    def __init__(self, held):
        super().__init__()
        self.held = held

    def __missing__(self, code):
        return code in self.held


def test_one_human_against_a_bot_never_sees_a_curtain_and_is_always_the_viewer():
    RecordingScene.drawn = []
    app = make_app(game_specs=recording_specs())
    scene = start(app, [ANNA, BOT], seed=3)
    while not scene.match.is_over():
        assert top_name(app) != "CurtainScene"
        if scene.can_act:
            play_first_card(scene)
        step(app)
    assert {viewer for viewer, _ in RecordingScene.drawn} == {0}
    run_until(app, lambda: top_name(app) == "ResultsScene")


def test_a_game_without_secrets_never_shows_a_curtain():
    class OpenHands(HighCardState):
        has_secrets = False

    spec = dataclasses.replace(high_card_spec(), state_class=OpenHands)
    app = make_app(game_specs={spec.id: spec})
    scene = start(app, [ANNA, BEN], spec=spec)
    while not scene.match.is_over():
        assert top_name(app) == "HighCardScene"
        assert scene.viewer == scene.match.current_seat
        play_first_card(scene)
        step(app)


def test_refused_move_is_explained_in_a_toast_and_nothing_changes():
    app = make_app()
    scene = start(app, [ANNA, BOT], seed=3)
    run_until(app, lambda: scene.can_act)
    before = json.dumps(scene.match.state.to_json())
    assert not scene.submit(act("play", 99))
    assert "You have no 99 in your hand." in scene.toasts.texts()
    assert json.dumps(scene.match.state.to_json()) == before
    step(app, 2)
    assert scene.can_act


def test_every_action_is_autosaved_and_continue_is_offered_on_the_launcher():
    app = make_app()
    scene = start(app, [ANNA, BOT], seed=3)
    path = autosave_path("high-card")
    scene.flush_autosave()
    assert path.exists(), "a new game is saved at once"
    run_until(app, lambda: scene.can_act)
    play_first_card(scene)
    scene.flush_autosave()
    saved = load_match(path, app.specs)
    assert [a for _, a in saved.history] == [a for _, a in scene.match.history]
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "PauseScene"
    from ui_support import press
    press(app, "Save and quit to menu")
    assert top_name(app) == "LauncherScene"
    cont = [b for b in app.manager.top.form.widgets if getattr(b, "label", "").startswith("Continue")]
    assert cont, "Continue is listed for the unfinished game"
    click(app, cont[0].rect.center)
    resumed = app.manager.find(HighCardScene)
    assert resumed is not None
    assert [a for _, a in resumed.match.history] == [a for _, a in saved.history]


def test_corrupted_autosave_is_reported_and_set_aside():
    path = autosave_path("high-card")
    path.write_text('{"format": "breakaway-box-save", "version": 1, "game": "high-card", "seats": [', "utf-8")
    app = make_app()
    assert top_name(app) == "DialogScene"
    assert "damaged" in app.manager.top.message
    assert not path.exists()
    assert list(path.parent.glob("autosave-high-card.broken-*.json"))
    key(app, pygame.K_RETURN)
    assert top_name(app) == "LauncherScene"
    step(app, 5)


def test_a_save_that_stops_replaying_is_reported_when_continued():
    app = make_app()
    scene = start(app, [ANNA, BOT], seed=3)
    run_until(app, lambda: scene.can_act)
    play_first_card(scene)
    scene.flush_autosave()
    path = autosave_path("high-card")
    data = json.loads(path.read_text("utf-8"))
    data["actions"][-1][1] = "play 77"
    path.write_text(json.dumps(data), "utf-8")
    app.go_to_launcher()
    step(app)
    cont = [b for b in app.manager.top.form.widgets if getattr(b, "label", "").startswith("Continue")]
    click(app, cont[0].rect.center, frames=2)
    assert top_name(app) == "DialogScene"
    assert "cannot be replayed" in app.manager.top.message
    assert not path.exists()


def test_window_close_during_a_match_saves_it_first():
    app = make_app()
    scene = start(app, [ANNA, BOT], seed=3)
    run_until(app, lambda: scene.can_act)
    play_first_card(scene)
    scene.flush_autosave()
    autosave_path("high-card").unlink()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app)
    assert not app.running
    assert load_match(autosave_path("high-card"), app.specs).history == scene.match.history


def test_results_at_the_end_then_rematch_keeps_seats_with_a_new_seed():
    app = make_app()
    scene = start(app, [ANNA, BOT], seed=3)
    run_until(app, lambda: top_name(app) == "ResultsScene", 2000,
              each=lambda: scene.can_act and play_first_card(scene))
    assert not autosave_path("high-card").exists(), "a finished game leaves no autosave"
    results = app.manager.top
    assert results.summary == [f"{s.name} took {n} trick{'s' if n != 1 else ''}." for s, n in
                               zip(scene.match.seats, scene.match.state.tricks_won)]
    winner = scene.match.outcome().winner
    if winner is not None:
        assert results.headline() == f"{scene.match.seats[winner].name} wins!"
    from ui_support import press
    press(app, "Rematch")
    again = app.manager.find(HighCardScene)
    assert again is not None and again is not scene
    assert again.match.seats == scene.match.seats
    assert again.match.seed != scene.match.seed


def test_bots_think_on_a_worker_thread_and_the_scene_keeps_drawing():
    class SlowBot(HighCardState):
        pass

    def slow_bot(level, seat, seed, scale):
        from game.core.bots import Bot

        class Sleepy(Bot):
            def choose(self, view, legal):
                time.sleep(0.3)
                return legal[-1]
        return Sleepy(spec, seat, level, seed)

    spec = dataclasses.replace(high_card_spec(), bot_factory=slow_bot)
    app = make_app(instant=False, game_specs={spec.id: spec})
    app.settings.animation_speed = "off"
    scene = start(app, [BOT, Seat("Ben", "#E69F00", "bot:easy")], spec=spec)
    frames = 0
    begun = time.perf_counter()
    while not scene.match.history and time.perf_counter() - begun < 5:
        step(app)
        time.sleep(0.002)  # a real frame waits for the clock; a busy loop can starve the bot's thread of the GIL
        frames += 1
    assert scene.match.history, "the bot moved"
    assert frames > 3, "frames kept coming while the bot was thinking"


def test_bot_waits_a_visible_moment_at_normal_speed():
    app = make_app(instant=False)
    app.settings.animation_speed = "normal"
    scene = start(app, [BOT, Seat("Ben", "#E69F00", "bot:easy")])
    step(app, 20)
    assert not scene.match.history, "a bot's move is not instant at normal speed"
    run_until(app, lambda: bool(scene.match.history), 200, each=lambda: time.sleep(0.001))


def test_a_bot_thinks_while_a_human_move_animates_and_answers_soon_after_it_is_shown():
    """From the human's card to the bot's: the card's flight, a short rest, no full delay after it."""
    from game.ui.match_scene import BOT_ANSWER_REST, BOT_MIN_DELAY
    app = make_app(instant=False)
    app.settings.animation_speed = "normal"
    scene = start(app, [ANNA, Seat("Sky", "#56B4E9", "bot:easy")])
    run_until(app, lambda: scene.can_act and not scene.is_animating(), 300, each=lambda: time.sleep(0.001))
    moves = len(scene.match.history)
    play_first_card(scene)
    step(app)
    assert scene.is_animating() and scene._bot is not None, "the bot started thinking while the card flies"
    animated = frames = 1
    while len(scene.match.history) == moves + 1 and frames < 300:
        step(app)
        frames += 1
        animated += scene.is_animating()
        time.sleep(0.001)
    assert len(scene.match.history) == moves + 2, "the bot answered"
    assert animated >= round(0.35 * 60), "the human's card was shown before the answer"
    dt = 1 / 60
    assert frames * dt <= max(animated * dt + BOT_ANSWER_REST, BOT_MIN_DELAY) + 3 * dt, (frames, animated)


def test_a_humans_long_move_animates_briskly_when_a_bot_answers_it_and_fully_between_humans():
    """Football's plays animate for seconds: a player facing a bot sees their own play in at most
    ``OWN_MOVE_SECONDS`` and then the bot's answer; two humans at one screen see the whole play."""
    from game.games import all_specs
    from game.ui.match_scene import OWN_MOVE_SECONDS, MatchScene
    for controllers, hurried in ((["human", "bot:easy"], True), (["human", "human"], False)):
        app = make_app(instant=False, game_specs=all_specs())
        app.settings.animation_speed = "normal"
        spec = app.specs["breakaway-football"]
        app.new_match(spec, [Seat(name, colour, controller) for (name, colour), controller
                             in zip(spec.colours, controllers)], {}, 3)
        step(app)
        scene = app.manager.find(MatchScene)
        longest = 0.0
        for _ in range(5):
            run_until(app, lambda: (scene.match.is_over() or scene.match.seats[scene.match.current_seat].is_human)
                      and not scene.is_animating() and app.manager.top is scene, 3000,
                      each=lambda: top_name(app) == "CurtainScene" and key(app, pygame.K_RETURN))
            seat = scene.match.current_seat
            scene.play_move(scene.match.state.legal_actions()[-1])
            if scene.match.current_seat != seat or not hurried:
                longest = max(longest, scene.anims.seconds_left())
        if hurried:
            assert 0 < longest <= OWN_MOVE_SECONDS + 1e-6
        else:
            assert longest > OWN_MOVE_SECONDS, "between humans every move keeps its full animation"


class PickThenConfirm(HighCardState):
    """High Card where a card is first picked (undoable, private) then confirmed."""

    def __init__(self) -> None:
        super().__init__()
        self.picked: int | None = None

    def legal_actions(self) -> list[Action]:
        picks = [act("pick", c) for c in sorted(set(self.hands[self.to_move])) if c != self.picked]
        return picks + ([act("confirm")] if self.picked is not None else [])

    def check(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction("Pick a card from your hand, then confirm it.")

    def _apply(self, action: Action) -> list[Event]:
        if action.kind == "pick":
            self.picked = int(action.args[0])
            return [Event(f"Seat {self.to_move + 1} picks a card.", "pick", visible_to=(self.to_move,))]
        card, self.picked = self.picked, None
        return super()._apply(act("play", card))

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "picked": self.picked}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "PickThenConfirm":
        state = super().from_json(data)
        state.picked = data["picked"]
        return state  # type: ignore[return-value]


def test_pause_offers_undo_only_when_the_match_allows_it():
    from ui_support import button, press
    spec = dataclasses.replace(high_card_spec(), state_class=PickThenConfirm)
    app = make_app(game_specs={spec.id: spec})
    scene = start(app, [ANNA, BOT], spec=spec, seed=3)
    run_until(app, lambda: scene.can_act)
    key(app, pygame.K_ESCAPE)
    assert not button(app, "Undo").enabled
    reason = button(app, "Undo").disabled_reason
    assert reason.startswith("Nothing to undo: ")
    printed = [w.text for w in app.manager.top.form.widgets if type(w).__name__ == "Label"]
    assert reason in printed, "the reason is on the menu, not only in a tooltip"
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "HighCardScene"
    card = scene.view["hand"][0]
    assert scene.submit(act("pick", card))
    key(app, pygame.K_ESCAPE)
    assert button(app, "Undo").enabled
    assert not any(type(w).__name__ == "Label" and w.text.startswith("Nothing to undo")
                   for w in app.manager.top.form.widgets)
    press(app, "Undo")
    assert top_name(app) == "HighCardScene"
    assert scene.match.history == [] or scene.match.history[-1][1].kind != "pick"
    assert "Your last move was taken back." in scene.toasts.texts()
    assert not scene.match.can_undo()


def test_the_pause_menu_foot_says_how_far_the_game_has_come_in_plain_words():
    from game.scenes.pause import progress_words
    assert progress_words(0, 3) == "3 moves played"
    assert progress_words(1, 0) == "turn 1  ·  no move played yet"
    assert progress_words(2, 1) == "turn 2  ·  1 move played"
    assert progress_words(7, 12) == "turn 7  ·  12 moves played"
    app = make_app(game_specs=specs())
    scene = start(app, [ANNA, BOT], seed=3)
    run_until(app, lambda: scene.can_act)
    key(app, pygame.K_ESCAPE)
    printed = [w.text for w in app.manager.top.form.widgets if type(w).__name__ == "Label"]
    expected = progress_words(scene.match.state.turn, len(scene.match.history))
    assert any(expected in text for text in printed), printed


def test_starting_a_match_from_the_command_line_and_from_a_game_id():
    from game.cli import LaunchRequest
    app = make_app(LaunchRequest(game_id="high-card", controllers=["human", "bot:easy"], seed=4))
    assert top_name(app) == "HighCardScene"
    assert [s.controller for s in app.manager.top.match.seats] == ["human", "bot:easy"]
    app = make_app(LaunchRequest(game_id="high-card", options={"hand_size": 5}, seed=9))
    assert top_name(app) == "SetupScene"
    assert app.manager.top.options["hand_size"] == 5 and app.manager.top.seed_text == "9"
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "LauncherScene"


def test_a_match_built_with_the_documented_constructor():
    app = make_app()
    spec = specs()["high-card"]
    scene = spec.scene()(app, Match(spec, [ANNA, BOT], {}, 1))
    assert scene.match.spec is spec and scene.app is app and scene.viewer == 0


def test_a_failing_save_is_shown_once_and_play_goes_on(monkeypatch):
    import game.ui.match_scene as match_scene_module

    def no_space(path, text):
        raise OSError(28, "No space left on device")

    app = make_app()
    scene = start(app, [ANNA, BOT], seed=3)
    run_until(app, lambda: scene.can_act)
    monkeypatch.setattr(match_scene_module, "write_autosave", no_space)
    play_first_card(scene)
    scene.flush_autosave()
    toasts = [t for t in scene.toasts.texts() if "could not be saved" in t]
    assert toasts and "No space left on device" in toasts[0]
    run_until(app, lambda: scene.can_act or scene.match.is_over())
    if scene.can_act:
        play_first_card(scene)
    scene.flush_autosave()
    assert len([t for t in scene.toasts.texts() if "could not be saved" in t]) == 1
    monkeypatch.undo()
    scene.autosave()
    scene.flush_autosave()
    assert "Saving works again." in scene.toasts.texts()
    assert load_match(autosave_path("high-card"), app.specs).history == scene.match.history


def test_the_autosave_writer_keeps_frames_free_and_writes_only_the_newest_waiting_save(tmp_path):
    from game.ui.match_workers import AutosaveWriter

    started, release, written = threading.Event(), threading.Event(), []

    def slow_write(path, text):
        started.set()
        release.wait(5)
        written.append(text)

    writer = AutosaveWriter(slow_write)
    writer.submit(tmp_path / "a.json", "first")
    assert started.wait(5)
    writer.submit(tmp_path / "a.json", "second")
    writer.submit(tmp_path / "a.json", "third")
    assert written == [], "submitting never waits for the disk"
    release.set()
    writer.flush()
    assert written == ["first", "third"]
    assert writer.outcomes() == [None, None]


def test_a_broken_bot_does_not_stop_the_game(caplog):
    def broken(level, seat, seed, scale):
        from game.core.bots import Bot

        class Broken(Bot):
            def choose(self, view, legal):
                raise RuntimeError("bug in the bot")
        return Broken(spec, seat, level, seed)

    spec = dataclasses.replace(high_card_spec(), bot_factory=broken)
    app = make_app(game_specs={spec.id: spec})
    start(app, [Seat("A", "#E69F00", "bot:easy"), BOT], spec=spec)
    run_until(app, lambda: top_name(app) == "ResultsScene", 400)
    assert "bot move was refused" in caplog.text


def test_results_ignore_a_key_meant_for_the_last_move_like_the_curtain():
    from game.scenes.curtain import GUARD_SECONDS
    app = make_app()
    scene = start(app, [ANNA, BOT], seed=3)
    run_until(app, lambda: top_name(app) == "ResultsScene", 2000,
              each=lambda: scene.can_act and play_first_card(scene))
    results = app.manager.top
    app.instant = False  # the guard is skipped only for screenshots and tests that play at once
    results.age = 0.0
    key(app, pygame.K_RETURN)
    click(app, results._rematch.rect.center)
    assert app.manager.top is results, "Enter and a click in the first moments do nothing"
    step(app, round(GUARD_SECONDS * 60) + 2)
    for _ in range(5):  # Enter pressed on and on to hurry the last animation: still nothing
        key(app, pygame.K_RETURN, frames=20)
    assert app.manager.top is results and results.form.focus is None
    key(app, pygame.K_TAB)  # the player moves the focus: it lands on Rematch, ring shown
    assert results.form.focus is results._rematch and results.form.keyboard_mode
    key(app, pygame.K_RETURN)
    again = app.manager.find(HighCardScene)
    assert again is not None and again is not scene, "then Enter starts the rematch"


def test_an_arrow_key_also_puts_the_focus_on_rematch():
    app = make_app()
    scene = start(app, [ANNA, BOT], seed=3)
    run_until(app, lambda: top_name(app) == "ResultsScene", 2000,
              each=lambda: scene.can_act and play_first_card(scene))
    results = app.manager.top
    key(app, pygame.K_RETURN)
    assert app.manager.top is results
    key(app, pygame.K_DOWN)
    assert results.form.focus is results._rematch


def test_results_leave_no_empty_band_between_the_summary_and_the_buttons():
    from game.scenes.results import ABOVE_BUTTONS
    from game.ui.theme import PALETTE
    app = make_app()
    scene = start(app, [ANNA, BOT], seed=3)
    run_until(app, lambda: top_name(app) == "ResultsScene", 2000,
              each=lambda: scene.can_act and play_first_card(scene))
    results = app.manager.top
    assert results.summary and not results.notes()
    surface = pygame.Surface((1280, 720))
    results.draw(surface)
    x = results.panel.rect.x + 64  # inside the summary box, left of the buttons
    box_fill = pygame.Color(PALETTE.card_light)
    rows = [y for y in range(results.panel.rect.y, results.panel.rect.bottom) if surface.get_at((x, y)) == box_fill]
    assert rows, "the summary box is drawn"
    gap = results._rematch.rect.top - max(rows)
    assert gap <= ABOVE_BUTTONS + 2, f"{gap} px between the summary and the buttons"


# --- whose colour marks a log line ----------------------------------------------------------------
class NamingState(HighCardState):
    """High card whose every move also tells a line about the other seat (named only in its words) and a
    line about nobody: neither is the mover's line."""

    def _apply(self, action: Action) -> list[Event]:
        from game.i18n import Message, SeatName
        mover = self.to_move
        events = super()._apply(action)
        other = (mover + 1) % self.num_seats
        return events + [Event(Message("{player} is dealt a card.", player=SeatName(other, "Seat")), "deal"),
                         Event(Message("The deck is shuffled."), "shuffle")]


def test_every_log_dot_marks_the_seat_its_line_is_about_never_just_the_last_mover():
    from game.ui.widgets import colour_of
    spec = dataclasses.replace(high_card_spec(), state_class=lambda: NamingState)
    app = make_app(game_specs={spec.id: spec})
    scene = start(app, [ANNA, BOT], spec=spec)
    run_until(app, lambda: scene.can_act)
    scene.play(scene.view["hand"][0])
    step(app, 2)
    chips = [colour_of(seat.colour) for seat in scene.match.seats]
    log = scene.match.log
    assert len(scene.log_panel.entries) == len(log) and {entry.event.kind for entry in log} >= {"deal", "shuffle"}
    for entry, (text, chip) in zip(log, scene.log_panel.entries):
        if entry.event.kind == "deal":
            assert chip == chips[1 - entry.seat], f"{text!r} is about the other seat, not the mover"
        elif entry.event.kind == "shuffle":
            assert chip is None, f"{text!r} is about nobody"
        else:
            assert chip == chips[entry.event.data["seat"]], text
