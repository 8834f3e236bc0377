"""Widgets, focus, animations, Markdown, letterboxing and the asset cache on their own."""
from __future__ import annotations

import json
import logging
from pathlib import Path

import pygame
import pytest

from game.core.settings import Settings
from game.ui import markdown
from game.ui.anim import Timeline, Tween, linear
from game.ui.assets import Assets
from game.ui.focus import Form
from game.ui.scene import Scene, SceneManager
from game.ui.theme import Theme
from game.ui.viewport import Viewport
from game.ui.match_log import LogPanel
from game.ui.widgets import Button, ChoiceList, Cycle, Stepper, TextInput, Toggle


@pytest.fixture
def theme() -> Theme:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    return Theme()


def keydown(code: int, text: str = "", mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)


def test_tab_arrows_and_enter_drive_a_form(theme):
    pressed = []
    form = Form([Button((0, 0, 100, 40), "A", lambda: pressed.append("A")),
                 Button((200, 0, 100, 40), "B", lambda: pressed.append("B"), enabled=False, disabled_reason="no"),
                 Button((0, 100, 100, 40), "C", lambda: pressed.append("C"))])
    form.focus_first()
    assert form.focus.label == "A"
    form.handle_event(keydown(pygame.K_TAB))
    assert form.focus.label == "B"
    form.handle_event(keydown(pygame.K_RETURN))
    assert pressed == [], "a disabled button does nothing"
    assert form.tooltip_target() is form.focus and form.focus.tooltip_text() == "no"
    form.handle_event(keydown(pygame.K_TAB, mod=pygame.KMOD_SHIFT))
    assert form.focus.label == "A"
    form.handle_event(keydown(pygame.K_DOWN))
    assert form.focus.label == "C"
    form.handle_event(keydown(pygame.K_SPACE))
    assert pressed == ["C"]


def test_button_clicks_only_when_pressed_and_released_inside(theme):
    clicks = []
    button = Button((10, 10, 100, 40), "Go", lambda: clicks.append(1))
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1)
    button.handle_event(down)
    button.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(300, 300), button=1))
    assert clicks == []
    button.handle_event(down)
    button.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(30, 30), button=1))
    assert clicks == [1]


def test_text_input_edits_with_unicode_keys(theme):
    changes = []
    field = TextInput((0, 0, 200, 40), "An", changes.append, max_length=5)
    form = Form([field])
    form.focus_first()
    for char in "na":
        form.handle_event(keydown(ord(char), char))
    assert field.text == "Anna"
    form.handle_event(keydown(pygame.K_LEFT))
    form.handle_event(keydown(pygame.K_BACKSPACE))
    assert field.text == "Ana" and field.caret == 2
    for char in "éxyz":
        form.handle_event(keydown(0, char))
    assert field.text == "Anéxa", "max length holds"
    assert changes[-1] == "Anéxa"


def test_a_stepper_shows_numbers_with_a_meaning_in_words_and_skips_repeated_words(theme):
    values = []
    words = {0: "single race", 1: "single race"}
    stepper = Stepper((0, 0, 220, 40), 0, 0, 5, values.append, shown=lambda n: words.get(n, str(n)))
    assert stepper.shown(stepper.value) == "single race"
    assert not stepper.can_step(-1) and stepper.can_step(1)
    stepper.nudge(1)  # 1 reads the same as 0: on to 2, the first stage race
    assert stepper.value == 2 and values == [2]
    stepper.nudge(-1)
    assert stepper.value == 1 and values == [2, 1] and not stepper.can_step(-1)
    stepper.nudge(-1)
    assert stepper.value == 1 and values == [2, 1]
    surface = pygame.Surface((220, 40))
    stepper.draw(surface, theme)  # the words fit between the arrows


def test_stepper_toggle_and_cycle_change_values_within_limits(theme):
    values = []
    stepper = Stepper((0, 0, 160, 40), 2, 1, 3, values.append)
    assert stepper.nudge(1) and stepper.value == 3
    stepper.nudge(1)
    assert stepper.value == 3 and values == [3]
    toggle = Toggle((0, 0, 200, 40), "Sound", False, values.append)
    toggle.activate()
    assert toggle.value is True
    cycle = Cycle((0, 0, 200, 40), [(1, "one"), (2, "two"), (3, "three")], 1, values.append, skip=lambda v: v == 2)
    cycle.nudge(1)
    assert cycle.value == 3
    cycle.nudge(1)
    assert cycle.value == 1
    click_left = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=1)
    cycle.handle_event(click_left)
    assert cycle.value == 3


def test_log_panel_follows_new_entries_unless_scrolled_up(theme):
    panel = LogPanel((0, 0, 300, 200))
    surface = pygame.Surface((300, 200))
    panel.set_entries([(f"Event number {i}", None) for i in range(40)])
    panel.draw(surface, theme)
    assert panel.scroll == 0 and panel.max_scroll(theme) > 0
    panel.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, pos=(50, 50), x=0, y=1))
    assert panel.scroll == 3
    panel.set_entries([(f"Event number {i}", None) for i in range(41)])
    assert panel.scroll == 4, "the lines in view stay in view"
    panel.draw(surface, theme)


def test_timeline_plays_steps_in_order_and_off_jumps_to_the_end():
    order = []
    speed = [1.0]
    timeline = Timeline(lambda: speed[0])
    first = timeline.tween(0.0, 10.0, 1.0, linear)
    timeline.call(lambda: order.append("after first"))
    second = timeline.tween((0.0, 0.0), (4.0, 8.0), 0.5, linear, on_done=lambda: order.append("second"))
    timeline.update(0.5)
    assert first.value == 5.0 and second.value == (0.0, 0.0) and order == []
    timeline.update(0.75)
    assert order == ["after first"] and second.value == (2.0, 4.0)
    speed[0] = 0.0
    timeline.update(0.01)
    assert order == ["after first", "second"] and not timeline.busy
    timeline.add(Tween(0.0, 1.0, 2.0), on_done=lambda: order.append("instant"))
    assert order[-1] == "instant", "with animations off a step ends as soon as it is queued"


def test_timeline_speed_scales_durations():
    timeline = Timeline(lambda: 2.0)
    tween = timeline.tween(0.0, 1.0, 1.0, linear)
    timeline.update(1.0)
    assert tween.value == 0.5 and timeline.busy


def test_a_hurried_timeline_ends_within_its_seconds_then_plays_at_the_players_speed_again():
    timeline = Timeline(lambda: 1.0)
    card = timeline.tween(0.0, 1.0, 0.3, linear)
    timeline.together(Tween(0.0, 1.0, 1.0), Tween(0.0, 1.0, 2.0))
    jersey = timeline.tween(0.0, 1.0, 1.4, linear)
    assert abs(timeline.seconds_left() - 3.7) < 1e-9
    timeline.hurry(1.0)
    assert abs(timeline.seconds_left() - 1.0) < 1e-9
    timeline.update(0.15)
    assert abs(card.value - 0.5) < 1e-9, "the step the click set moving keeps the player's pace"
    timeline.update(0.15 + 0.7 * 2 / 3.4)
    assert abs(jersey.value) < 1e-9 and not timeline.queue, "the rest share what is left of the second"
    timeline.hurry(10.0)
    assert abs(timeline.seconds_left() - 0.7 * 1.4 / 3.4) < 1e-9, "a hurry never slows a queue down"
    timeline.update(0.3)
    assert not timeline.busy
    later = timeline.tween(0.0, 1.0, 1.0, linear)
    timeline.update(0.5)
    assert later.value == 0.5, "the next move plays at the player's speed"


def test_a_long_first_step_takes_at_most_half_of_a_hurried_move():
    timeline = Timeline(lambda: 0.5)  # the player's "fast" speed: a second of steps plays in half a second
    walk = timeline.tween(0.0, 1.0, 3.0, linear)
    timeline.tween(0.0, 1.0, 1.0, linear)
    timeline.hurry(1.0)
    assert abs(timeline.seconds_left() - 1.0) < 1e-9
    timeline.update(0.25)
    assert abs(walk.value - 0.5) < 1e-9


def test_markdown_headings_paragraphs_and_lists(theme):
    blocks = markdown.parse("# Title\n\nSome **bold** text\nthat continues.\n\n- one\n  more\n- two\n\n1. first\n"
                            "## Next\n---\n")
    assert [b.kind for b in blocks] == ["heading", "paragraph", "bullet", "bullet", "bullet", "heading", "rule"]
    assert blocks[1].text == "Some bold text that continues."
    assert blocks[2].text == "one more" and blocks[4].marker == "1."
    lines, height = markdown.layout(blocks, theme, 400)
    assert height > 0 and lines[0].text == "Title"


def test_viewport_letterboxes_and_maps_both_ways():
    view = Viewport((1920, 1080))
    assert view.scale == 1.5 and view.rect == pygame.Rect(0, 0, 1920, 1080)
    view.resize((1000, 1000))
    assert view.rect.topleft == (0, 219) and view.rect.size == (1000, 562)
    for point in ((0, 0), (640, 360), (1279, 719)):
        back = view.to_canvas(view.to_window(point))
        assert abs(back[0] - point[0]) <= 1 and abs(back[1] - point[1]) <= 1
    event = view.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 219), button=1), (0, 0))
    assert event.pos == (640, 0) and event.button == 1
    assert view.to_canvas((500, 100))[1] < 0, "the black bar is outside the canvas"
    wheel = view.translate(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1), (33, 44))
    assert wheel.pos == (33, 44)


def test_scene_manager_calls_life_cycle_hooks_in_order():
    calls = []

    class Probe(Scene):
        def __init__(self, name):
            self.name = name

        def on_enter(self): calls.append(f"enter {self.name}")
        def on_exit(self): calls.append(f"exit {self.name}")
        def on_pause(self): calls.append(f"pause {self.name}")
        def on_resume(self): calls.append(f"resume {self.name}")

    manager = SceneManager()
    a, b, c = Probe("a"), Probe("b"), Probe("c")
    manager.push(a)
    manager.push(b)
    manager.replace(c)
    manager.pop()
    manager.reset(b)
    assert calls == ["enter a", "pause a", "enter b", "exit b", "enter c", "exit c", "resume a", "exit a", "enter b"]


def test_assets_load_sprites_from_the_index_and_draw_stand_ins_for_missing_ones(theme, tmp_path: Path, caplog):
    sprites = tmp_path / "sprites"
    sprites.mkdir()
    sheet = pygame.Surface((40, 20), pygame.SRCALPHA)
    sheet.fill((255, 0, 0, 255), (0, 0, 20, 20))
    sheet.fill((0, 0, 255, 255), (20, 0, 20, 20))
    pygame.image.save(sheet, str(sprites / "main.png"))
    (sprites / "index.json").write_text(json.dumps({
        "sheets": {"main": "main.png"},
        "sprites": {"red": {"sheet": "main", "rect": [0, 0, 20, 20]},
                    "blue": {"sheet": "main", "rect": [20, 0, 20, 20]},
                    "off_sheet": {"sheet": "main", "rect": [30, 0, 20, 20]}}}), "utf-8")
    assets = Assets(Settings(), theme, root=tmp_path)
    assert assets.has_sprite("blue") and not assets.has_sprite("title_nothing")
    assert tuple(assets.sprite("red").get_at((5, 5)))[:3] == (255, 0, 0)
    big = assets.sprite("blue", (40, 40))
    assert big.get_size() == (40, 40) and assets.sprite("blue", (40, 40)) is big
    tinted = assets.sprite("red", tint=(128, 128, 128))
    assert tinted.get_at((5, 5)).r < 200
    with caplog.at_level(logging.WARNING):
        missing = assets.sprite("nothing", (64, 32))
        assets.sprite("off_sheet")
    assert missing.get_size() == (64, 32)
    assert "nothing" in caplog.text and "off_sheet" in caplog.text


def test_assets_without_index_or_sounds_stay_silent_and_never_crash(theme, tmp_path: Path):
    assets = Assets(Settings(), theme, root=tmp_path)
    assert assets.sprite("anything").get_size() == (48, 48)
    assets.play("no_such_sound")
    muted = Assets(Settings(muted=True), theme, root=tmp_path)
    muted.play("no_such_sound")


def test_easings_start_at_zero_and_land_at_one():
    from game.ui.anim import ease_in_out_cubic, ease_out_back, ease_out_bounce, ease_out_cubic, wobble
    for ease in (linear, ease_out_cubic, ease_in_out_cubic, ease_out_back, ease_out_bounce):
        assert abs(ease(0.0)) < 1e-9 and abs(ease(1.0) - 1.0) < 1e-9
    assert ease_out_back(0.8) > 1.0, "overshoots before settling"
    assert wobble(0.0) == 0.0 and wobble(1.0) == 0.0


def test_steps_played_together_end_with_the_longest():
    timeline = Timeline()
    short, long = Tween(0.0, 1.0, 0.2, linear), Tween(0.0, 1.0, 0.6, linear)
    done = []
    timeline.together(short, long, on_done=lambda: done.append(True))
    after = timeline.tween(0.0, 1.0, 0.2, linear)
    timeline.update(0.3)
    assert short.value == 1.0 and 0.45 < long.value < 0.55 and after.value == 0.0
    timeline.update(0.4)
    assert done == [True] and 0.45 < after.value < 0.55


def test_choice_list_keys_wheel_clicks_and_a_double_click_opens():
    chosen, opened = [], []
    rows = ChoiceList((0, 0, 300, 200), [f"row {i}" for i in range(20)], on_choose=chosen.append,
                      on_open=opened.append)
    rows.focused = True
    assert rows.visible_rows == 5
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="")
    assert not rows.wants_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode=""))
    rows.handle_event(down)
    rows.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    assert chosen == [1, 19] and rows.top == 15, "the chosen row is kept in view"
    assert not rows.wants_key(down), "Down at the bottom moves the focus on"
    rows.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, pos=(10, 10)))
    assert rows.top == 12
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(20, 45))
    rows.handle_event(click)
    assert rows.selected == 13 and opened == []
    rows.update(0.1)
    rows.handle_event(click)
    assert opened == [13], "two clicks on a row in quick succession open it"
    rows.activate()
    assert opened == [13, 13]


@pytest.mark.parametrize("scale", [1.0, 1.3])
def test_the_match_header_shows_whose_turn_and_the_whole_prompt(theme, monkeypatch, scale):
    from game.ui import draw, hud
    theme.set_ui_scale(scale)
    written: list[tuple[str, int]] = []
    original = draw.text
    monkeypatch.setattr(draw, "text", lambda surface, theme, content, pos, *, size=20, **kw:
                        (written.append((content, size)), original(surface, theme, content, pos, size=size, **kw))[1])
    prompt = "Fill in your sheet: type the values, Tab to the next box, Enter to seal it."
    hud.header(pygame.display.get_surface(), theme, title="Breaking Away", name="Orange", colour_hex="#E69F00",
               prompt=prompt, marked=False, thinking=None, hint="Esc: menu   F1: rules   L: log")
    texts = [content for content, _ in written]
    assert "Orange" in texts
    shown = " ".join(content for content, size in written if content not in
                     ("Orange", "Breaking Away", "Esc: menu   F1: rules   L: log"))
    assert shown == prompt, "every word of what to do, on one or two lines"
    assert all(size >= 14 for _, size in written)


def test_a_button_label_gets_smaller_before_it_is_shortened(theme):
    from game.ui import draw
    theme.set_ui_scale(1.3)
    label, size = draw.shrink_to_fit(theme, "Save and quit to menu", 300, 22)
    assert label == "Save and quit to menu" and 14 <= size < 22
    label, size = draw.shrink_to_fit(theme, "Save and quit to menu", 60, 22)
    assert label.endswith("…") and size == 14, "past the 14 px floor it is shortened, never smaller"
