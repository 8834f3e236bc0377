"""Cached drawing must look exactly like drawing from scratch, and must follow every change."""
from __future__ import annotations

import pygame
import pytest

from game.core.match import Seat
from game.ui import theme as theme_module
from game.ui.match_log import LogPanel
from game.ui.theme import Theme
from game.ui.widgets import Button, Cycle, Stepper, TextInput, Toggle, Widget
from high_card_scene import HighCardScene
from ui_support import click, key, make_app, run_until, step, top_name

ANNA, BOT = Seat("Anna", "#E69F00"), Seat("Sky", "#56B4E9", "bot:easy")


@pytest.fixture
def theme() -> Theme:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    return Theme()


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def on_table(theme: Theme) -> pygame.Surface:
    surface = pygame.Surface((1280, 720), 0, pygame.display.get_surface())
    surface.blit(theme.table_texture(), (0, 0))
    return surface


def looks() -> list[Widget]:
    pressed = Button((40, 40, 220, 50), "Pressed", lambda: None)
    pressed.pressed = True
    hovered = Button((40, 120, 220, 50), "Hovered", lambda: None, danger=True)
    hovered.hovered = True
    field = TextInput((40, 520, 200, 44), "Anna", lambda text: None)
    field.focused, field.caret = True, 2
    return [pressed, hovered,
            Button((40, 200, 220, 50), "Start game", lambda: None, primary=True),
            Button((40, 280, 220, 50), "Undo", lambda: None, enabled=False),
            Toggle((300, 40, 300, 46), "", True, lambda value: None),
            Cycle((300, 120, 260, 44), [("#E69F00", "Orange"), ("#56B4E9", "Sky")], "#56B4E9", lambda value: None,
                  swatches={"#E69F00": "#E69F00", "#56B4E9": "#56B4E9"}, marked=True),
            Stepper((300, 200, 170, 40), 4, 2, 6, lambda value: None, suffix=" %"),
            TextInput((40, 440, 200, 44), "", lambda text: None, placeholder="Name"), field,
            # a 14-seat setup has rows 22 px high: the chip, the text and the glyphs reach past them
            Cycle((300, 300, 190, 22), [("#E69F00", "Orange")], "#E69F00", lambda value: None,
                  swatches={"#E69F00": "#E69F00"}),
            Stepper((300, 340, 170, 22), 1, 0, 3, lambda value: None),
            TextInput((300, 380, 180, 22), "Anna", lambda text: None)]


def test_cached_widget_images_match_painting_each_widget_directly(theme):
    direct, cached = on_table(theme), on_table(theme)
    for widget in looks():
        assert widget.look() is not None
        widget.paint(direct, theme, widget.rect)
        widget.draw(cached, theme)
    assert pixels(cached) == pixels(direct)
    again = on_table(theme)
    for widget in looks():
        widget.draw(again, theme)
    assert pixels(again) == pixels(direct), "the second frame comes from the cache and looks the same"


def test_a_widget_is_painted_again_when_its_look_changes(theme):
    button = Button((40, 40, 220, 50), "Play", lambda: None)
    first = on_table(theme)
    button.draw(first, theme)
    button.hovered = True
    hovered = on_table(theme)
    button.draw(hovered, theme)
    assert pixels(hovered) != pixels(first)
    button.label = "Continue"
    relabelled = on_table(theme)
    button.draw(relabelled, theme)
    direct = on_table(theme)
    button.paint(direct, theme, button.rect)
    assert pixels(relabelled) == pixels(direct)


def test_a_labelled_toggle_and_translucent_layers_are_painted_directly(theme):
    toggle = Toggle((40, 40, 400, 46), "Mute", False, lambda value: None)
    assert toggle.look() is None, "its label is antialiased onto whatever lies behind it"
    layer = pygame.Surface((300, 100), pygame.SRCALPHA)
    Button((10, 10, 200, 50), "Fading", lambda: None).draw(layer, theme)
    assert layer.get_at((100, 30)).a == 255
    assert layer.get_at((100, 66)).a == 60, "the button's shadow stays translucent on a layer"


def test_the_image_cache_starts_over_when_it_holds_too_many_bytes(theme, monkeypatch):
    monkeypatch.setattr(theme_module, "IMAGE_CACHE_BYTES", 3 * 100 * 100 * 4)
    made = []

    def paint(n: int) -> pygame.Surface:
        made.append(n)
        return pygame.Surface((100, 100), 0, 32)

    for n in range(3):
        theme.image(("square", n), lambda n=n: paint(n))
    theme.image(("square", 0), lambda: paint(0))
    assert made == [0, 1, 2]
    theme.image(("square", 3), lambda: paint(3))
    theme.image(("square", 0), lambda: paint(0))
    assert made == [0, 1, 2, 3, 0], "over the budget the old images were dropped"


def test_log_panel_wraps_new_entries_only_and_starts_over_when_entries_change(theme):
    panel = LogPanel((0, 0, 300, 200))
    long_text = "Anna pushes a rope piece into the third slot from the left and knocks one out"
    panel.set_entries([(long_text, None)])
    lines = list(panel._wrap(theme))
    assert len(lines) > 1 and lines[0][2] and not lines[1][2]
    panel.set_entries([(long_text, None), ("Sky passes.", (1, 2, 3))])
    assert panel._wrap(theme) == lines + [("Sky passes.", (1, 2, 3), True)]
    panel.set_entries([("Sky passes.", None)])
    assert panel._wrap(theme) == [("Sky passes.", None, True)], "an undo replaces what was shown"


def test_wrapped_text_is_measured_once_per_ui_scale(theme):
    from game.ui import draw
    text = "Everyone else, please look away: what only this player may see comes next."
    first = draw.wrap(theme, text, 200)
    first.append("changed by the caller")
    assert draw.wrap(theme, text, 200) == first[:-1], "callers get their own copy"
    theme.set_ui_scale(1.5)
    assert len(draw.wrap(theme, text, 200)) > len(first) - 1


def test_an_overlay_keeps_the_frozen_screen_and_draws_it_again_after_a_rebuild(monkeypatch):
    app = make_app()
    app.new_match(app.specs["high-card"], [ANNA, BOT], {}, 3)
    scene = app.manager.find(HighCardScene)
    run_until(app, lambda: scene.can_act)
    drawn = []
    original = HighCardScene.draw
    monkeypatch.setattr(HighCardScene, "draw", lambda self, surface: (drawn.append(1), original(self, surface)))
    key(app, pygame.K_ESCAPE, frames=3)
    assert top_name(app) == "PauseScene"
    assert len(drawn) == 1, "the game under the menu is drawn once, then kept"
    paused = pixels(app.canvas)
    drawn.clear()
    from ui_support import press
    press(app, "Settings")
    colour_blind = app.manager.top.colour_blind_toggle
    click(app, colour_blind.rect.center)
    key(app, pygame.K_ESCAPE, frames=2)
    assert top_name(app) == "PauseScene" and drawn == [1], "back from the settings, the game is drawn anew"
    assert pixels(app.canvas) != paused, "with colour-blind markings on the chips"


def test_the_window_at_canvas_size_is_the_canvas_and_other_sizes_are_scaled():
    app = make_app()
    step(app)
    assert app.canvas is app.window
    before = pixels(app.canvas)
    app.set_window_size((1600, 900))
    step(app)
    assert app.canvas is not app.window and app.canvas.get_size() == (1280, 720)
    assert pixels(app.canvas) == before
    app.set_window_size((1280, 720))
    step(app)
    assert app.canvas is app.window and pixels(app.canvas) == before


def test_leaving_a_game_frees_its_screen_and_pictures_at_once():
    import weakref
    app = make_app()
    app.new_match(app.specs["high-card"], [ANNA, BOT], {}, 3)
    step(app, 3)
    scene = weakref.ref(app.manager.find(HighCardScene))
    assert scene() is not None
    app.go_to_launcher()
    assert scene() is None, "its animation callbacks form cycles, collected when the screen is left"


def test_rendered_text_cache_is_bounded_by_bytes(theme, monkeypatch):
    monkeypatch.setattr(theme_module, "TEXT_CACHE_BYTES", 200_000)
    for n in range(200):
        theme.text(f"A long line of log text number {n} that takes some room", 20)
    assert theme._text_bytes <= 200_000
