"""The results screen shows the whole of a game's summary: smaller when that makes it fit, else scrolled with
the mouse wheel or Page Up/Down, with a hint saying so; nothing is dropped at the panel's foot."""
from __future__ import annotations

import dataclasses
import tempfile

import pygame
import pytest

from game import i18n
from game.core.match import Seat
from game.ui import draw
from high_card_scene import HighCardScene, high_card_spec
from ui_support import key, make_app, step


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def wordy_specs(lines: int):
    class WordyScene(HighCardScene):
        def results_summary_lines(self) -> list[str]:
            return [f"Line {number}: " + "a summary line long enough to wrap over the box's width " * 2
                    for number in range(1, lines + 1)]
    spec = dataclasses.replace(high_card_spec(), scene=lambda: WordyScene)
    return {spec.id: spec}


def results_of(app):
    app.new_match(app.specs["high-card"], [Seat("Anna", "#E69F00"), Seat("Ben", "#56B4E9")], {}, 3)
    step(app)
    scene = app.manager.find(HighCardScene)
    match = scene.match
    while not match.is_over():
        match.apply(match.state.legal_actions()[0])
    results = app.scenes.results(scene)
    app.manager.push(results)
    step(app, 2)
    return results


def drawn_texts(results, monkeypatch) -> list[str]:
    """The summary lines one frame draws."""
    shown: list[str] = []
    original = draw.text

    def text(surface, theme, content, pos, **kwargs):
        shown.append(content)
        return original(surface, theme, content, pos, **kwargs)
    monkeypatch.setattr(draw, "text", text)
    results.draw_summary(pygame.Surface((1280, 720)))
    monkeypatch.setattr(draw, "text", original)
    return shown


def wheel(app, turns: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=turns, flipped=False, precise_x=0.0,
                                         precise_y=float(turns)))
    step(app)


def test_a_short_summary_is_shown_whole_and_does_not_scroll():
    app = make_app(game_specs=wordy_specs(2))
    results = results_of(app)
    size, lines, view = results.summary_layout()
    assert view == len(lines) and results.summary_scroll_limit() == 0
    wheel(app, -1)
    assert results.summary_scroll == 0


def test_a_long_summary_scrolls_with_the_wheel_and_page_keys_to_its_last_line(monkeypatch):
    app = make_app(game_specs=wordy_specs(12))
    results = results_of(app)
    size, lines, view = results.summary_layout()
    assert view < len(lines), "twelve long lines need more room than the panel has"
    box = results.summary_box()
    assert box.bottom <= results._rematch.rect.top, "the box stays above the buttons"
    first = drawn_texts(results, monkeypatch)
    assert first[0] == lines[0].text and any("more lines" in text for text in first), first
    seen = {text for text in first}
    while results.summary_scroll < results.summary_scroll_limit():
        before = results.summary_scroll
        wheel(app, -1)
        assert results.summary_scroll > before, "the wheel scrolls down"
        seen.update(drawn_texts(results, monkeypatch))
    assert {line.text for line in lines} <= seen, "every line can be read"
    assert any(text.startswith("The end") for text in drawn_texts(results, monkeypatch))
    key(app, pygame.K_HOME)
    assert results.summary_scroll == 0
    key(app, pygame.K_PAGEDOWN)
    assert results.summary_scroll == 3
    key(app, pygame.K_END)
    assert results.summary_scroll == results.summary_scroll_limit()
    key(app, pygame.K_PAGEUP)
    assert results.summary_scroll == results.summary_scroll_limit() - 3


def test_breakaway_rider_results_show_every_stage_in_the_pseudo_language(monkeypatch):
    """The game whose summary once lost its last stages at the panel's foot."""
    import screen_monkey as monkey
    monkeypatch.setenv("BREAKAWAY_BOX_HOME", tempfile.mkdtemp(prefix="results-"))
    for scale in (1.0, 1.3):
        app = monkey.new_app()
        app.settings.ui_scale = scale
        app.apply_settings()
        app.set_language(i18n.PSEUDO_LANGUAGE)
        target = next(t for t in monkey.targets(app) if t.name == "results/breakaway-rider")
        results = target.open(app, 0)
        step(app, 2)
        stages = len(results.match_scene.view["stage_results"])
        assert stages >= 2
        seen: list[str] = drawn_texts(results, monkeypatch)
        for _ in range(results.summary_scroll_limit()):
            results.scroll_summary(1)
            seen += drawn_texts(results, monkeypatch)
        for number in range(1, stages + 1):
            stage = i18n._("Stage {number}: {rider} in the yellow jersey (+1); {others}.").split("{number}")[0]
            assert any(text.startswith(f"{stage}{number}:") for text in seen), (scale, number, seen)
        app.quit()


def test_personal_bests_that_leave_the_summary_no_room_share_its_box_and_scroll_with_it(monkeypatch):
    app = make_app(game_specs=wordy_specs(6))
    results = results_of(app)
    results.bests = [f"Player {n}, new personal best: most points {40 + n} (before {30 + n}); best place 1 "
                     f"(before 2); most wins 2 (before 1)." for n in range(1, 7)]
    results.rebuild()
    step(app, 2)
    layout = results.words_layout()
    assert layout.merged, "six long personal bests and six summary lines cannot have two boxes"
    assert results.panel.rect.bottom <= 720 and results.summary_box().bottom <= results._rematch.rect.top
    kinds = [line.kind for line in layout.lines]
    assert kinds.index("best") > kinds.index("summary"), "the summary first, then the personal bests"
    seen = set(drawn_texts(results, monkeypatch))
    while results.scroll_summary(1):
        seen.update(drawn_texts(results, monkeypatch))
        if results.summary_scroll == results.summary_scroll_limit():
            break
    assert {line.text for line in layout.lines} <= seen, "every summary line and personal best can be read"


def test_the_headline_fits_its_banner_under_the_title_line():
    app = make_app(game_specs=wordy_specs(1))
    results = results_of(app)
    room = results.headline_room()
    size = results.headline_size(room)
    assert results.theme.font(size).size(results.headline())[0] <= room.width
    assert draw.line_height(results.theme, size) <= room.height and size == 44
