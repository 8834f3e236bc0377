"""Breakaway Football in the reader's language: narration, refusals and the results note are messages that read
in German, French and Italian with the coaches' names, while the English (the pinned digests' text) stays as it
was."""
from __future__ import annotations

import pytest

from game import i18n
from game.core.protocol import IllegalAction, act
from game.core.rng import Rng
from game.games.football import board
from game.games.football.rules import FootballState, down_and_distance
from game.games.football.spec import SPEC


def coaches(seat: int) -> str:
    """The names a screen passes for the two seats."""
    return ("Anna", "Ben")[seat]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def after_the_toss() -> tuple[FootballState, list]:
    """Seed 3: Lightning (seat 0) wins the toss and receives; the return leaves it on its own 30."""
    state = SPEC.create(2, {}, 3)
    return state, state.apply(act("receive"))


def finished_game() -> FootballState:
    """Seed 1's pinned random playout: Fire beats Lightning 23-7 when time runs out."""
    state = SPEC.create(2, {}, 1)
    rng = Rng(1)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_narration_reads_in_german_and_french_with_the_coaches_names():
    _, events = after_the_toss()
    toss = next(e for e in events if e.kind == "toss")
    drive = next(e for e in events if e.kind == "drive")
    i18n.set_language("de")
    assert toss.render(coaches) == "Anna hat den Münzwurf gewonnen und empfängt."
    assert drive.render(coaches) == "Anna beginnt einen Drive an der eigenen 30: 1. Down, 20 Yards."
    assert drive.text == "Lightning beginnt einen Drive an der eigenen 30: 1. Down, 20 Yards."
    i18n.set_language("fr")
    assert drive.render(coaches) == "Anna commence un drive sur sa propre ligne des 30 : 1er et 20."
    assert drive.english() == "Lightning starts a drive on its own 30: 1st and 20."


def test_a_play_tells_its_gain_and_the_next_down_in_each_language():
    state, _ = after_the_toss()
    for action in (act("call", 3, 1), act("call", 1, 2), act("audible")):
        state.apply(action)
    play = next(e for e in state.apply(act("keep")) if e.kind == "play")
    assert play.english() == ("Medium Pass 5 vs Cover 3 (2), a gain of 3 yard lines, the Game Day event is for a run, "
                              "no effect: 3 yard lines (15 yards) gained; 2nd and 5 on its own 45.")
    i18n.set_language("de")
    assert play.text.endswith("Raumgewinn von 3 Linien (15 Yards); 2. Down, 5 Yards an der eigenen 45.")
    i18n.set_language("it")
    assert play.text.endswith("guadagno di 3 linee (15 iarde); 2° e 5 sulle proprie 45.")


def test_down_and_distance_is_worded_by_each_language():
    expected = {"en": ("3rd and 10", "1st and goal"), "de": ("3. Down, 10 Yards", "1. Down & Goal"),
                "fr": ("3e et 10", "1er et goal"), "it": ("3° e 10", "1° e goal")}
    for code, (to_go, goal) in expected.items():
        i18n.set_language(code)
        assert (str(down_and_distance(3, 10)), str(down_and_distance(1, None))) == (to_go, goal)


def test_a_refusal_reads_in_german_and_french_and_names_the_coach_deciding():
    state, _ = after_the_toss()
    with pytest.raises(IllegalAction) as too_far:
        state.apply(act("fieldgoal"))
    with pytest.raises(IllegalAction) as wrong_time:
        state.apply(act("onside"))
    i18n.set_language("de")
    assert str(too_far.value) == ("Ein Field Goal braucht den Ball an der gegnerischen 45 oder näher; der Ball liegt "
                                  "an der eigenen 30.")
    assert wrong_time.value.args[0].render(coaches).startswith(
        "„onside“ geht jetzt nicht: Anna sagt einen Spielzug in der Offense an („call 1 1“ oder „call 1 2“ oder ")
    i18n.set_language("fr")
    assert wrong_time.value.args[0].render(coaches).startswith(
        "« onside » n’est pas possible maintenant : Anna annonce un jeu en attaque (« call 1 1 » ou ")
    assert too_far.value.args[0].english() == (
        "A field goal needs the ball on the opponent's 45 or closer; the ball is on its own 30.")


def test_the_results_note_names_the_winner_and_the_score_in_every_language():
    note = finished_game().outcome().note
    assert note.english() == "Final: Fire beat Lightning 23-7 (time has run out)."
    i18n.set_language("de")
    assert note.render(coaches) == "Endstand: Ben schlägt Anna 23:7 (die Zeit ist abgelaufen)."
    i18n.set_language("fr")
    assert note.render(coaches) == "Score final : Ben bat Anna 23-7 (le temps est écoulé)."
    assert str(note) == "Score final : Fire bat Lightning 23-7 (le temps est écoulé)."


def test_the_results_note_survives_a_save_and_the_screen_reads_it():
    state = finished_game()
    loaded = FootballState.from_json(state.to_json())
    assert loaded.outcome().note == state.outcome().note
    i18n.set_language("it")
    assert board.prompt(loaded.view(0)) == "Finale: Fire batte Lightning 23-7 (il tempo è scaduto)."


def test_the_command_line_summary_stays_english():
    i18n.set_language("de")
    state = SPEC.create(2, {"team_1": "Maulers", "team_2": "Maulers"}, 2)
    assert set(state.summary()["score"]) == {"Maulers (home)", "Maulers (away)"}
    assert board.team_labels(state.view(0)) == ["Maulers (Heim)", "Maulers (Gast)"]
