"""Breaking Away in the reader's language: the log, refusals, the results and the table's words.

The engine says what happened as messages; each is put into words when shown, so
a German table reads German while the English (the pinned digests, the command
line) stays what it was.
"""
from __future__ import annotations

import pytest

from ba_positions import race_position
from game import i18n
from game.app import App
from game.core.match import LogEntry, Match, Seat
from game.core.protocol import IllegalAction, act
from game.games import all_specs
from game.games.breaking_away.data import team_colour_name
from game.games.breaking_away.guide import guide
from game.games.breaking_away.rules import BreakingAwayState
from game.games.breaking_away.scene import BreakingAwayScene
from game.games.breaking_away.scene_words import ordinal, race_progress
from game.games.breaking_away.spec import SPEC

SKY, ORANGE, GREEN = "#56B4E9", "#E69F00", "#009E73"
SHEETS = ((1, (15, 8, 5, 2)), (2, (13, 7, 5)), (3, (12, 5, 3)), (4, (10, 4, 2)))


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def sealed_race() -> tuple[BreakingAwayState, list]:
    """Three teams with the same sheets, sealed; the events it took."""
    state = BreakingAwayState.new(3, {}, 3)
    events = []
    while state.phase == "allocate":
        for number, values in SHEETS:
            events += state.apply(act("allocate", number, *values))
    return state, events


def test_a_move_reads_in_german_and_its_english_stays_the_pinned_one():
    state, _ = sealed_race()
    rider = state.to_move
    colour = team_colour_name(rider.seat)
    move = state.apply(act("move", rider.id, 15))[0]
    english = f"{colour.english()} {rider.id} uses 15: square 0 to 15."
    i18n.set_language("de")
    assert move.text == f"{colour} {rider.id} fährt 15: Feld 0 bis 15."
    assert move.english() == english and move.to_json()["text"] == english


def test_the_sheets_and_the_draw_read_in_german_with_the_colours_in_german():
    _, events = sealed_race()
    i18n.set_language("de")
    words = [event.text for event in events]
    assert "Orange hat den Bewegungsbogen versiegelt." in words
    assert "Hellblau hat den Bewegungsbogen versiegelt." in words
    assert "Fahrer 1 (Orange 11) startet mit 15, 8, 5, 2." in words
    assert any(text.endswith("ist ausgelost und fährt in der ersten Spielrunde zuerst.") for text in words)
    assert any(text.startswith("Spielrunde 1: Gefahren wird reihum ab dem Startspieler") for text in words)


def test_names_the_players_chose_appear_in_the_rendered_log_lines():
    _, events = sealed_race()
    sealed = next(event for event in events if event.kind == "sealed")
    chosen = {0: "Anna", 1: "Ben"}.get
    assert sealed.render(chosen) == "Anna has sealed its movement log sheet."
    i18n.set_language("fr")
    assert sealed.render(chosen) == "Anna a scellé sa feuille de mouvement."
    sheet = next(event for event in events if event.kind == "sheet")
    assert sheet.render(chosen) == "Le coureur 1 (Anna 11) part avec 15, 8, 5, 2."


def test_a_refused_move_reads_in_german_and_italian():
    state, _ = sealed_race()
    rider = state.to_move
    with pytest.raises(IllegalAction) as refused:
        state.apply(act("move", rider.id, 9))
    colour = team_colour_name(rider.seat)
    assert str(refused.value) == f"{colour} {rider.id} has no factor of 9; his factors are 15, 8, 5, 2."
    i18n.set_language("de")
    assert str(refused.value) == f"{colour} {rider.id} hat keinen Faktor 9; seine Faktoren sind 15, 8, 5, 2."
    i18n.set_language("it")
    assert str(refused.value) == f"{colour} {rider.id} non ha un fattore 9; i suoi fattori sono 15, 8, 5, 2."


def test_a_bad_sheet_is_refused_in_german():
    state = BreakingAwayState.new(3, {}, 3)
    with pytest.raises(IllegalAction) as refused:
        state.apply(act("allocate", 1, 16, 8, 4, 2))
    i18n.set_language("de")
    assert str(refused.value) == ("Fahrer 1 kann nicht mit einem Faktor 16 starten: Kein Startwert darf über 15 "
                                  "liegen (nur ein Ersatzfaktor darf das).")


def test_the_end_of_the_race_and_its_result_read_in_german():
    state = race_position(3, {11: (98, [5, 3, 1])}, points=[10, 8, 25])
    events = state.apply(act("move", 11, 5))
    assert [event.kind for event in events][-1] == "race_over"
    i18n.set_language("de")
    assert events[1].text == "Ziel: Orange 11 überquert die Linie als 1. und holt 20 Punkte."
    assert events[-1].text == "Das Rennen ist vorbei. Orange gewinnt mit 30 Punkten."
    assert i18n.words(state.outcome().note) == "Orange gewinnt mit 30 Punkten."
    assert events[-1].english() == "The race is over. Orange wins with 30 points."


def test_a_tied_result_names_the_tied_teams_in_french():
    state = race_position(3, {11: (70, [1, 1, 1]), 21: (80, [1, 1, 1]), 31: (90, [1, 1, 1])},
                          points=[30, 30, 12])
    state.phase = "over"
    i18n.set_language("fr")
    assert str(state.outcome().note) == ("Ciel gagne : à égalité avec Orange à 30 points, mais avec le coureur le "
                                         "mieux placé.")


def test_setup_problems_read_in_the_reader_s_language():
    i18n.set_language("it")
    assert SPEC.check_setup(2, {"mode": "race"}) == [
        "Una corsa normale si corre con 3-9 squadre, non 2; per più squadre scegli l’americana."]
    i18n.set_language("en")
    assert SPEC.check_setup(2, {"mode": "race"}) == [
        "A normal race takes 3 to 9 teams, not 2; for more teams choose the Madison."]


def test_places_are_written_as_each_language_writes_them():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 21, 22)] == ["1st", "2nd", "3rd", "4th", "11th", "21st", "22nd"]
    i18n.set_language("de")
    assert [ordinal(n) for n in (1, 2, 21)] == ["1.", "2.", "21."]
    i18n.set_language("fr")
    assert [ordinal(n) for n in (1, 2, 21)] == ["1er", "2e", "21e"]
    i18n.set_language("it")
    assert [ordinal(n) for n in (1, 8, 21)] == ["1º", "8º", "21º"]  # the ordinal indicator, as Leader 1 writes places too


def test_the_table_s_log_and_progress_read_in_german_with_the_chosen_colours():
    players = [Seat("Anna", GREEN, "human"), Seat("Ben", ORANGE, "bot:easy"), Seat("Cleo", SKY, "bot:easy")]
    specs = all_specs()
    app = App(specs, instant=True)
    app.set_language("de")
    state, events = sealed_race()
    match = Match(specs["breaking-away"], players, {}, 4)
    match.state = state
    app.start_match(match)
    app.step()
    scene = app.manager.find(BreakingAwayScene)
    sealed = [scene.log_text(LogEntry(0, 0, event)) for event in events if event.kind == "sealed"]
    assert sealed == ["Grün hat den Bewegungsbogen versiegelt.", "Orange hat den Bewegungsbogen versiegelt.",
                      "Hellblau hat den Bewegungsbogen versiegelt."]
    assert scene.seat_label(0) == "Anna (Grün)"
    left, right, _ = race_progress(scene.view, scene.names)
    assert left == "Spielrunde 1 · Runde 1/3"
    assert scene.prompt(scene.view, 0).endswith("Wähle einen Faktor, Enter fährt.")


def test_the_guide_speaks_german():
    state, _ = sealed_race()
    seat = state.current_seat()
    i18n.set_language("de")
    hint = guide(state.view(seat), seat)
    assert hint is not None and hint.text.startswith(f"Fahrer {state.to_move.id} fährt jetzt: In der 1. Spielrunde")
    assert hint.rule == "Who moves when", "the rules help heading stays the English anchor"
