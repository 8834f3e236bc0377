"""Leader 1's action bar tells what its buttons do; where the whole note cannot fit (German at 130 %), it
tells the sentence about the button under the mouse, or Enter's, whole, rather than cutting the note."""
from __future__ import annotations

import pytest

from game import i18n
from game.app import App
from game.core.match import Match, default_seats
from game.games import all_specs
from scene_input import step


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def test_a_note_too_long_for_the_bar_tells_the_pointed_buttons_sentence_whole():
    app = App(all_specs(), instant=True)
    app.settings.ui_scale = 1.3
    app.apply_settings()
    app.set_language("de")
    spec = app.specs["leader-1"]
    app.start_match(Match(spec, default_seats(spec, ["human", "human"]), {}, 3))
    step(app, 3)
    scene = app.manager.stack[0]
    buttons = [button for button, _key in scene.action_buttons()]
    note = scene.bar_note(scene.view)
    assert len(buttons) == 3 and note.count(".") == 3
    x = buttons[-1].rect.right + 16
    width, height = scene.bar_rect.right - x - 12, scene.bar_rect.height - 4
    lines, size = scene.note_lines(note, width, height, buttons)
    shown = " ".join(lines)
    assert "…" not in shown and shown.startswith(buttons[0].label.split()[-1]), shown
    buttons[1].hovered = True
    lines, size = scene.note_lines(note, width, height, buttons)
    assert " ".join(lines).startswith(buttons[1].label.split()[-1]) and size >= 14
    assert all(scene.theme.font(size).size(line)[0] <= width for line in lines)
    app.set_language("en")
    app.settings.ui_scale = 1.0
    app.apply_settings()
    step(app)
    note = scene.bar_note(scene.view)
    lines, _size = scene.note_lines(note, scene.bar_rect.right - x - 12, height, buttons)
    assert " ".join(lines).split() == note.split(), "in English at 100 % the whole note fits"
