"""The window, the loop and the screens around a match: launcher, setup, settings, rules."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from game.app import App, minimum_window_size, run
from game.cli import LaunchRequest
from game.core.rng import Rng
from game.core.settings import Settings, load_settings, save_settings
from game.scenes.rules import read_rules
from high_card_scene import high_card_spec
from scene_input import hover
from ui_support import button, click, key, labels, make_app, press, run_until, specs, step, top_name, type_text


def test_screenshot_mode_plays_bots_for_n_frames_and_saves_the_canvas(tmp_path: Path):
    shot = tmp_path / "shot.png"
    request = LaunchRequest(game_id="high-card", controllers=["bot:easy", "bot:easy"], seed=5, autoplay=True,
                            headless=True, screenshot=shot, frames=40)
    assert run(request, specs()) == 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    assert image.get_at((640, 30)) != image.get_at((640, 400)), "the header bar is drawn over the table"


def test_screenshot_is_the_same_for_the_same_command(tmp_path: Path):
    pictures = []
    for name in ("a.png", "b.png"):
        request = LaunchRequest(game_id="high-card", controllers=["bot:easy", "bot:easy"], seed=11,
                                autoplay=True, headless=True, screenshot=tmp_path / name, frames=12)
        run(request, specs())
        pictures.append((tmp_path / name).read_bytes())
    assert pictures[0] == pictures[1]


def test_launcher_lists_only_games_that_have_a_scene():
    app = make_app()
    assert top_name(app) == "LauncherScene"
    titles = [spec.title for spec, _ in app.manager.top.tiles]
    assert titles == ["High Card"]
    assert {"Play", "Rules", "Settings", "Quit"} <= set(labels(app))
    assert not any(label.startswith("Continue") for label in labels(app))


def test_clicks_land_on_the_same_button_in_a_resized_letterboxed_window():
    app = make_app()
    app.set_window_size((1920, 1200))
    assert app.viewport.scale == 1.5 and app.viewport.rect.topleft == (0, 60)
    play = button(app, "Play")
    window_pos = (play.rect.centerx * 1.5, play.rect.centery * 1.5 + 60)
    click(app, (int(window_pos[0]), int(window_pos[1])), window=True)
    assert top_name(app) == "SetupScene"
    click(app, (5, 5), window=True)  # in the black bar: nothing happens
    assert top_name(app) == "SetupScene"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(960, 660), rel=(15, 15), buttons=(0, 0, 0)))
    step(app)
    assert app.pointer == (640, 400)


def test_window_size_and_fullscreen_are_remembered():
    app = make_app()
    app.set_window_size((1600, 900))
    key(app, pygame.K_F11)
    assert app.settings.fullscreen
    key(app, pygame.K_F11)
    assert not app.settings.fullscreen and app.window.get_size() == (1600, 900)
    saved, problem = load_settings()
    assert problem is None and (saved.window_width, saved.window_height) == (1600, 900)


def _fake_screen(monkeypatch, size: tuple[int, int]) -> None:
    """Play on a real desktop of ``size`` (the dummy driver of tests has no screen to fit)."""
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [size])


def test_settings_offer_only_window_sizes_the_screen_holds(monkeypatch):
    _fake_screen(monkeypatch, (1366, 768))
    app = make_app()
    press(app, "Settings")
    size_cycle = next(w for w in app.manager.top.form.widgets if getattr(w, "choices", None)
                      and isinstance(w.choices[0][0], tuple))
    assert [size for size, _ in size_cycle.choices] == [(1280, 720), (1366, 768)]
    app.set_window_size((2560, 1440))  # asked for anyway (a size kept from a larger screen)
    assert app.window.get_size() == (1366, 768)
    assert (load_settings()[0].window_width, load_settings()[0].window_height) == (1366, 768)


def test_a_saved_window_larger_than_the_screen_opens_fitted(monkeypatch):
    save_settings(Settings(window_width=2560, window_height=1440))  # chosen on a larger screen
    _fake_screen(monkeypatch, (1280, 720))
    app = make_app()
    assert app.window.get_size() == (1280, 720)
    assert (app.settings.window_width, app.settings.window_height) == (1280, 720)


def test_quit_from_the_launcher_asks_first():
    app = make_app()
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "DialogScene"
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "LauncherScene" and app.running
    press(app, "Quit")
    press(app, "Quit")
    assert not app.running


def test_setup_shows_problems_and_keeps_start_disabled_until_they_are_fixed():
    app = make_app()
    press(app, "Play")
    setup = app.manager.top
    assert top_name(app) == "SetupScene" and button(app, "Start game").enabled
    names = [w for w in setup.form.widgets if type(w).__name__ == "TextInput"]
    click(app, names[1].rect.center)
    for _ in range(len(names[1].text)):
        key(app, pygame.K_BACKSPACE)
    type_text(app, names[0].text)
    step(app)
    assert not button(app, "Start game").enabled
    assert "give each a different name" in button(app, "Start game").disabled_reason
    key(app, pygame.K_BACKSPACE)
    type_text(app, "Zoe")
    step(app)
    assert button(app, "Start game").enabled


def test_setup_seats_colours_controllers_options_and_seed_make_the_match():
    app = make_app()
    press(app, "Play")
    setup = app.manager.top
    count = [w for w in setup.form.widgets if type(w).__name__ == "Stepper"][0]
    click(app, count.plus_rect().center, frames=2)
    assert len(setup.seats) == 3
    colours = [s.colour for s in setup.seats]
    assert len(set(colours)) == 3
    cycles = [w for w in setup.form.widgets if type(w).__name__ == "Cycle"]
    colour_cycle = cycles[0]
    click(app, (colour_cycle.rect.right - 10, colour_cycle.rect.centery), frames=2)
    assert setup.seats[0].colour not in (colours[1], colours[2]), "a colour in use is skipped"
    controller = [w for w in app.manager.top.form.widgets if type(w).__name__ == "Cycle"][1]
    click(app, (controller.rect.right - 10, controller.rect.centery), frames=2)
    assert setup.seats[0].controller == "bot:easy"
    hand = [w for w in setup.form.widgets if type(w).__name__ == "Stepper"][1]
    click(app, hand.plus_rect().center, frames=2)
    seed = [w for w in setup.form.widgets if type(w).__name__ == "TextInput"][-1]
    click(app, seed.rect.center)
    type_text(app, "4x2")
    assert setup.seed_text == "42", "the seed takes digits only"
    press(app, "Start game", frames=2)
    scene = app.manager.find(high_card_spec().scene())
    assert scene is not None
    assert scene.match.seed == 42 and scene.match.options["hand_size"] == 4
    assert [s.controller for s in scene.match.seats][0] == "bot:easy" and len(scene.match.seats) == 3


def test_setup_asks_before_replacing_an_unfinished_game():
    app = make_app(LaunchRequest(game_id="high-card", controllers=["human", "bot:easy"], seed=2))
    app.go_to_launcher()
    step(app)
    press(app, "New")
    press(app, "Start game")
    assert top_name(app) == "DialogScene"
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "SetupScene"


def test_everything_in_setup_and_settings_works_by_keyboard_alone():
    app = make_app()
    key(app, pygame.K_RETURN)                  # focused: Play
    assert top_name(app) == "SetupScene"
    key(app, pygame.K_RETURN)                  # focused: Start game
    assert top_name(app) == "HighCardScene"
    key(app, pygame.K_ESCAPE)
    for _ in range(3):
        key(app, pygame.K_DOWN)
    assert app.manager.top.form.focus.label == "Settings"
    key(app, pygame.K_RETURN)
    assert top_name(app) == "SettingsScene"
    for _ in range(5):  # past language, fullscreen, window size, volume and mute
        key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    assert app.settings.animation_speed == "slow"
    key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    assert app.settings.colour_blind
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "PauseScene"
    assert load_settings()[0].colour_blind


def test_ui_scale_rebuilds_screens_with_larger_text():
    app = make_app()
    small = app.theme.font(20).get_height()
    app.settings.ui_scale = 1.3
    app.apply_settings()
    step(app, 2)
    assert app.theme.font(20).get_height() > small


def test_rules_screen_reads_the_games_markdown_and_scrolls():
    app = make_app()
    press(app, "Rules")
    rules = app.manager.top
    assert top_name(app) == "RulesScene"
    texts = [line.text for line in rules.lines]
    assert "High Card" in texts and "Playing" in texts
    assert any(line.marker == "•" for line in rules.lines) and any(line.marker == "2." for line in rules.lines)
    key(app, pygame.K_ESCAPE)
    assert top_name(app) == "LauncherScene"


def test_rules_screen_says_so_when_the_file_is_missing():
    spec = dataclasses.replace(high_card_spec(), rules_file="missing.md")
    assert read_rules(spec)[0] is None
    app = make_app(game_specs={spec.id: spec})
    press(app, "Rules")
    assert any("could not be found" in line.text or "No rules help yet" == line.text
               for line in app.manager.top.lines)


def test_long_rules_scroll_with_the_wheel_and_keys(tmp_path: Path):
    long_rules = tmp_path / "long.md"
    long_rules.write_text("# Long\n\n" + "\n\n".join(f"Paragraph {i} with some words." for i in range(80)), "utf-8")
    spec = dataclasses.replace(high_card_spec(), rules_file=str(long_rules))
    app = make_app(game_specs={spec.id: spec})
    press(app, "Rules")
    rules = app.manager.top
    assert rules.max_scroll > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0,
                                         precise_y=-3.0))
    step(app, 30)
    assert rules.scroll > 0
    key(app, pygame.K_END, frames=60)
    assert rules.scroll == rules.max_scroll


@pytest.mark.slow
def test_every_scene_survives_random_clicks_and_keys():
    """A few hundred frames of random input on each shared scene, no exception."""
    rng = Rng(2024)
    keys = [pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
            pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_a, pygame.K_1, pygame.K_PAGEUP,
            pygame.K_F1]
    openers = {
        "launcher": lambda app: None,
        "setup": lambda app: app.manager.push(app.scenes.setup(app.specs["high-card"])),
        "rules": lambda app: app.manager.push(app.scenes.rules(app.specs["high-card"])),
        "match": lambda app: app.open(LaunchRequest(game_id="high-card", controllers=["human", "human"], seed=1)),
        "bots": lambda app: app.open(LaunchRequest(game_id="high-card", controllers=["human", "bot:easy"],
                                                   seed=2)),
        "settings": lambda app: app.manager.push(app.scenes.settings()),  # last: it may enlarge the window
    }
    for name, opener in openers.items():
        app = make_app()
        opener(app)
        for _ in range(200):
            if not app.running:
                app = make_app()
                opener(app)
            roll = rng.randrange(6)
            if roll == 0:
                code = rng.choice(keys)
                key(app, code, "a" if code == pygame.K_a else ("1" if code == pygame.K_1 else None), frames=0)
            elif roll == 1:
                pos = (rng.randrange(1280), rng.randrange(720))
                click(app, pos, frames=0)
            elif roll == 2:
                pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False,
                                                     precise_x=0.0, precise_y=1.0))
            step(app)
        assert isinstance(app, App)


def test_the_window_never_shrinks_the_canvas_below_readable_text():
    app = make_app()
    smallest = minimum_window_size()
    app.set_window_size((800, 450))
    assert app.window.get_size() == smallest
    assert (app.settings.window_width, app.settings.window_height) == smallest
    pygame.display.set_mode((700, 400), pygame.RESIZABLE)  # the corner dragged past the minimum
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(700, 400), w=700, h=400))
    step(app)
    assert app.window.get_size() == smallest
    app.set_window_size((1600, 900))
    assert app.window.get_size() == (1600, 900) and app.viewport.scale == 1.25


def test_a_tooltip_goes_when_the_mouse_leaves_the_window():
    app = make_app()
    play = button(app, "Play")
    hover(app, play.rect.center)
    step(app, 40)
    form = app.manager.top.form
    assert form.tooltip_target() is play
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
    step(app)
    assert form.tooltip_target() is None and not play.hovered


def test_no_tooltip_stays_under_a_dialog_or_after_the_pointer_left_its_control():
    app = make_app(LaunchRequest(game_id="high-card", controllers=["human", "bot:easy"], seed=2))
    app.go_to_launcher()
    step(app)
    press(app, "New")
    setup = app.manager.top
    played_by = [w for w in setup.form.widgets if w.tooltip_text() == setup.controller_tooltip()][0]
    click(app, (played_by.rect.right - 8, played_by.rect.centery))  # its right arrow
    step(app, 40)
    assert setup.form.tooltip_target() is played_by
    # to Start game and click in one frame: the dialog comes before the hover is looked at again
    click(app, button(app, "Start game").rect.center)
    assert top_name(app) == "DialogScene"
    assert setup.form.tooltip_target() is None
    step(app, 40)
    assert setup.form.tooltip_target() is None
    key(app, pygame.K_ESCAPE)
    setup = app.manager.top
    key(app, pygame.K_RETURN)  # Start game again, by keyboard: its focus tooltip must not show under the dialog
    assert top_name(app) == "DialogScene" and setup.form.tooltip_target() is None


def test_a_screen_coming_back_knows_where_the_mouse_went_meanwhile():
    app = make_app()
    rules = button(app, "Rules")
    click(app, rules.rect.center)
    assert top_name(app) == "RulesScene"
    hover(app, (640, 700))
    key(app, pygame.K_ESCAPE)
    step(app, 40)
    assert top_name(app) == "LauncherScene"
    assert app.manager.top.form.tooltip_target() is None


def _setup_of(game_id: str):
    from game.games import all_specs
    spec = all_specs()[game_id]
    app = make_app(LaunchRequest(game_id=game_id), game_specs={game_id: spec})
    assert top_name(app) == "SetupScene"
    return app, app.manager.top


def test_setup_rows_share_the_players_panel_instead_of_squashing():
    app, setup = _setup_of("breaking-away")
    setup.set_seat_count(4)
    step(app)
    assert setup.field_height >= 44, "four players get full-height fields"
    rows = setup.seat_rows
    assert rows[-1] + setup.field_height < setup.form.widgets[0].rect.bottom
    setup.set_seat_count(14)
    step(app)
    seats_panel = setup.form.widgets[0].rect
    assert setup.seat_rows[-1] + setup.field_height <= seats_panel.bottom - 10, "fourteen still fit"


def test_breakout_colour_arrows_swap_the_two_colours():
    app, setup = _setup_of("breakout")
    assert [(s.name, s.colour) for s in setup.seats] == [("Yellow", "#F0E442"), ("Blue", "#0072B2")]
    colour = [w for w in setup.form.widgets if type(w).__name__ == "Cycle"][0]
    click(app, (colour.rect.right - 10, colour.rect.centery), frames=2)
    assert [(s.name, s.colour) for s in setup.seats] == [("Blue", "#0072B2"), ("Yellow", "#F0E442")]
    colour = [w for w in setup.form.widgets if type(w).__name__ == "Cycle"][0]
    assert colour.value == "#0072B2" and "swaps" in colour.tooltip
    click(app, (colour.rect.x + 10, colour.rect.centery), frames=2)
    assert [s.colour for s in setup.seats] == ["#F0E442", "#0072B2"]


def test_the_bot_level_choice_explains_each_level_of_that_game():
    app, setup = _setup_of("leader-1")
    played_by = [w for w in setup.form.widgets if type(w).__name__ == "Cycle"][1]
    hover(app, played_by.rect.center)
    step(app, 40)
    assert setup.form.tooltip_target() is played_by
    lines = played_by.tooltip_text().split("\n")
    assert [line.split(":")[0] for line in lines[1:]] == ["Easy", "Normal", "Hard"]
    assert lines[2] == "Normal: " + setup.spec.level_help["normal"]


def _leave_an_unfinished_game() -> list:
    """Start a game from the command line, make a move, quit: its autosave waits on disk."""
    from game.core.saves import autosave_path, load_match
    app = make_app(LaunchRequest(game_id="high-card", controllers=["human", "bot:easy"], seed=2))
    scene = app.manager.find(high_card_spec().scene())
    run_until(app, lambda: scene.can_act)
    scene.play(scene.view["hand"][0])
    step(app, 5)
    app.quit()
    history = load_match(autosave_path("high-card"), app.specs).history
    assert history, "the move was saved"
    return history


def test_a_game_from_the_command_line_asks_before_replacing_an_unfinished_one():
    history = _leave_an_unfinished_game()
    app = make_app(LaunchRequest(game_id="high-card", controllers=["human", "bot:easy"], seed=9))
    assert top_name(app) == "DialogScene" and set(labels(app)) == {"Continue", "Start new game"}
    key(app, pygame.K_ESCAPE, frames=2)  # the safe answer: play on
    scene = app.manager.find(high_card_spec().scene())
    assert scene is not None and scene.match.history == history
    app = make_app(LaunchRequest(game_id="high-card", controllers=["human", "bot:easy"], seed=9))
    press(app, "Start new game", frames=2)
    scene = app.manager.find(high_card_spec().scene())
    assert scene.match.seed == 9 and not scene.match.history


def test_a_screenshot_of_a_game_leaves_its_saved_game_as_it_was(tmp_path: Path):
    from game.core.saves import autosave_path
    _leave_an_unfinished_game()
    before = autosave_path("high-card").read_bytes()
    request = LaunchRequest(game_id="high-card", controllers=["bot:easy", "bot:easy"], seed=5, autoplay=True,
                            headless=True, screenshot=tmp_path / "shot.png", frames=30)
    assert run(request, specs()) == 0
    assert autosave_path("high-card").read_bytes() == before
