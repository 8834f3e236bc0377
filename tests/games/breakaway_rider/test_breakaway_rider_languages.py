"""Breakaway Rider in German: the log, a refusal and the results read in the reader's language with the
players' chosen names, while the engine's English (saves, digests, the command line) stays as it was."""
from __future__ import annotations

import random

import pytest

from game import i18n
from game.core.protocol import IllegalAction, act
from game.games.breakaway_rider.cards import SPRINT
from game.games.breakaway_rider.rules import BreakawayRiderState
from game.i18n import words
from game.ui import draw
from test_breakaway_rider_scene import ANNA, SKY, open_game, turn

NAMES = ("Anna", "Sky")


@pytest.fixture
def german():
    i18n.set_language("de")
    yield
    i18n.set_language("en")


def in_german(seats, state):
    """The table opened for ``state``, read in German (the app speaks its settings' language at first)."""
    app, scene = open_game(seats, state=state)
    app.set_language("de")
    return app, scene


def chosen(seat: int) -> str | None:
    return NAMES[seat] if seat < len(NAMES) else None


def finished_race(seed: int = 11) -> tuple[BreakawayRiderState, list]:
    """A two-rider race of three stages played out at random, and every event it made."""
    state = BreakawayRiderState.new(2, {"stages": 3}, seed)
    rng = random.Random(seed)
    events = []
    while not state.is_over():
        events += state.apply(rng.choice(state.legal_actions()))
    return state, events


def test_the_log_reads_in_german_with_the_players_names(german):
    app, scene = in_german([ANNA, SKY], turn(2, [41, 44, 45, 47, 49, SPRINT], jersey=1, pace=45))
    scene.play(45)
    log = [scene.log_text(entry) for entry in scene.match.log]
    assert "Anna spielt 45 km/h: fährt 45 km/h und bleibt im Windschatten." in log
    assert "Anna zieht eine Karte." in log
    assert not any("Seat" in line or "Platz" in line for line in log), "the players' own names, never seat numbers"
    play = next(entry.event for entry in scene.match.log if entry.event.kind == "play")
    assert play.english() == "Seat 1 plays 45 km/h: rides at 45 km/h and stays in the slipstream."


def test_a_refusal_reads_in_german_on_the_table_and_from_the_engine(german):
    state = turn(2, [41, 44, 45, 47, 49, SPRINT], jersey=1, pace=45)
    with pytest.raises(IllegalAction) as refused:
        state.check(act("play", 45, 2, 0))
    assert str(refused.value) == "Du hast 1 Sprintkarte, also kannst du nicht 2 spielen."
    assert refused.value.args[0].english() == "You hold 1 sprint card, so you cannot play 2."
    app, scene = in_german([ANNA, SKY], state)
    scene.submit(act("play", 39, 0, 0))
    assert "Du hast keine Karte mit 39 km/h." in scene.toasts.texts()


def test_the_results_read_in_german_with_the_players_names(german):
    state, events = finished_race()
    totals = state.totals()
    end = next(event for event in events if event.kind == "game-end")
    winner = NAMES[state.outcome().winner] if state.outcome().winner is not None else None
    scores = "; ".join(f"{name} {total:+d}" for name, total in zip(NAMES, totals))
    verdict = "Gleichstand" if winner is None else f"{winner} gewinnt das Rennen"
    assert end.render(chosen) == f"Das Rennen ist vorbei: {verdict}. Gesamtwertung: {scores}."
    assert words(state.outcome().note) == "Die höchste Gesamtwertung nach der letzten Etappe gewinnt."
    stage_end = next(event for event in events if event.kind == "stage-end")
    assert stage_end.render(chosen).startswith(f"Etappe 1 ist vorbei: {NAMES[stage_end.data['jersey']]} behält "
                                               "das gelbe Trikot. ")
    app, scene = in_german([ANNA, SKY], state)
    lines = scene.results_summary_lines()
    assert len(lines) == 3 and all(line.startswith(f"Etappe {number}: ") for number, line in enumerate(lines, 1))
    assert all("im gelben Trikot (+1)" in line for line in lines)


def test_the_english_of_every_event_stays_the_same_whatever_the_language(german):
    state, events = finished_race(seed=5)
    in_german = [event.english() for event in events]
    assert all("Platz" not in text and "Etappe" not in text for text in in_german)
    i18n.set_language("en")
    assert in_german == [event.text for event in events], "english() is the English the log shows in English"
    end = next(event for event in events if event.kind == "game-end")
    assert end.english().startswith("The race is over: ") and "Seat 1 " in end.english()


def test_the_table_repaints_its_words_when_the_language_changes(monkeypatch):
    app, scene = open_game([ANNA, SKY], state=turn(2, [41, 44, 45, 47, 49, SPRINT], jersey=1, pace=45))
    app.step()
    drawn: list[str] = []
    original = draw.text

    def recording(surface, theme, content, *args, **kwargs):
        drawn.append(content)
        return original(surface, theme, content, *args, **kwargs)

    monkeypatch.setattr(draw, "text", recording)
    try:
        app.set_language("de")
        app.step()
    finally:
        i18n.set_language("en")
    assert "Etappe 1 von 3" in drawn and "Tempo" in drawn, "the stage and pace panels, painted once, paint again"
    assert "Gesamt 0" in drawn and "Platz 1" not in drawn
