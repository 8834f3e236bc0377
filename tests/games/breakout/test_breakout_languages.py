"""Breakout in another language: the log, a refusal, the caption and the results read in German with the
players' own names, while the engine's English (saves, digests, the command line) stays as it was."""
from __future__ import annotations

import pygame
import pytest

from breakout_walls import position
from game import i18n
from game.app import App
from game.core.match import Match, Seat, default_seats
from game.core.protocol import IllegalAction, act
from game.games import all_specs
from game.games.breakout.rules import BreakoutState
from game.games.breakout.scene import BreakoutScene
from scene_input import hover, step

ANNA = Seat("Anna", "#F0E442")
BEN = Seat("Ben", "#0072B2")


def L(slot):
    return act("insert", "left", slot)


def R(slot):
    return act("insert", "right", slot)


@pytest.fixture(autouse=True)
def german_then_english():
    """Each test reads the game in German and leaves the app speaking English for the others."""
    i18n.set_language("de")
    yield
    pygame.quit()
    i18n.set_language("en")


def open_game(seats, *, moves=(), state: BreakoutState | None = None):
    specs = all_specs()
    app = App(specs, instant=True, language="de")
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


def log_lines(scene):
    return [scene.log_text(entry) for entry in scene.match.log]


def test_the_log_reads_in_german_with_the_players_names_and_stays_english_underneath():
    app, scene = open_game([ANNA, BEN], moves=[L(1)] * 5 + [R(1)])
    lines = log_lines(scene)
    assert lines[0] == "Anna schiebt ein Seilstück von links in Reihe 1."
    assert lines[1] == "Ben schiebt ein Seilstück von links in Reihe 1; 1 Stück rutscht einen Platz weiter."
    assert lines[5] == ("Ben schiebt ein Seilstück von rechts in Reihe 1; das Stück von Anna am anderen Ende "
                        "fällt heraus und geht an Anna zurück.")
    assert lines[6] == "Anna darf in diesem Zug nicht direkt in Reihe 1 von links zurückschieben."
    first = scene.match.log[0].event
    assert first.english() == "Yellow pushes a rope piece into slot 1 from the left."
    assert first.to_json()["text"] == "Yellow pushes a rope piece into slot 1 from the left."
    assert first.text == "Gelb schiebt ein Seilstück von links in Reihe 1.", "without names: the colour, in German"


def test_an_escape_names_the_character_in_german():
    state = position(".....", "Y....", "Y....", "Y....", "Y....", to_move=0)
    app, scene = open_game([ANNA, BEN], state=state, moves=[L(5)])
    lines = log_lines(scene)
    assert lines[1] == ("Das Seil von Anna verbindet jetzt die unterste Reihe mit der obersten: Die erste Figur "
                        "von Anna flieht (1 von 3).")
    assert lines[2] == "Alle Seilstücke gehen an ihre Besitzer zurück. Runde 2 beginnt; Ben fängt an."
    assert scene.match.log[1].event.english() == ("Yellow's rope now links the bottom slot to the top: Yellow's "
                                                  "first character escapes (1 of 3).")


def test_a_refusal_reads_in_german_on_the_arrow_in_the_toast_and_from_the_engine():
    app, scene = open_game([ANNA, BEN], moves=[L(1)] * 6)
    view = scene.view
    hover(app, scene.layout.arrow_rect(0, "right").center)
    reason = scene.refusal(view, (0, "right"))
    assert reason == ("Du darfst nicht von rechts in Reihe 1 schieben, direkt nachdem dein Gegner dort von links "
                      "ein Stück hinausgeschoben hat.")
    with pytest.raises(IllegalAction) as refused:
        scene.match.state.check(act("pass"))
    assert str(refused.value) == "Du hast noch Stücke; du kannst nicht aussetzen."
    with pytest.raises(IllegalAction) as refused:
        scene.match.state.check(act("insert", "left", 7))
    assert str(refused.value) == "Es gibt keine Reihe 7; die Reihen sind von 1 (unten) bis 5 (oben) nummeriert."


def test_the_preview_and_the_panels_speak_german():
    state = position(".....", ".....", ".....", ".....", "YBBYB", to_move=0)
    app, scene = open_game([ANNA, BEN], state=state)
    preview = scene.preview(scene.view, (0, "left"))
    assert preview.lines[0] == "Reihe 1 von links: Das Stück von Ben am anderen Ende fällt heraus."
    assert "Ben könnte im nächsten Zug nicht von rechts direkt zurückschieben." in preview.lines
    assert scene.panel_look(scene.view, scene.show.current(scene.view), 0) == (True, "Du bist dran")
    assert scene.prompt(scene.view, 0) == "Schieb ein Seilstück von einem der beiden Enden in eine Reihe."


def test_the_results_lines_read_in_german_with_the_players_names():
    two_all = position(".....", "Y....", "Y....", "Y....", "Y....", escapes=(2, 1))
    app, scene = open_game([ANNA, BEN], state=two_all, moves=[L(5)])
    step(app, 3)
    assert scene.results_summary_lines() == [
        "Anna (Gelb): 3 von 3 Figuren geflohen.",
        "Ben (Blau): 1 von 3 Figuren geflohen.",
        "1 Runde, 1 Zug insgesamt.",
    ]
    assert scene.caption_lines(scene.view, None, "") == (["Die 3 Figuren von Anna sind als Erste geflohen."], "")
    assert scene.match.outcome().note.english() == "Yellow's 3 characters escaped first."


def test_seats_named_by_their_colour_are_called_by_it_in_german():
    specs = all_specs()
    app, scene = open_game(default_seats(specs["breakout"], ["human", "human"]), moves=[L(1)])
    assert scene.seat_name(0) == "Gelb" and scene.seat_name(1) == "Blau"
    assert log_lines(scene)[0] == "Gelb schiebt ein Seilstück von links in Reihe 1."
