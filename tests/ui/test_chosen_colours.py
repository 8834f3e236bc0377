"""Leader 1's players may choose their colours: the table then names their riders by those colours, in the
log, the guided game's hints, the move preview, the results and the general classification, never by the
seat's default colour the engine uses."""
from __future__ import annotations

import pytest

from game import i18n
from game.app import App
from game.core.match import Match, Seat
from game.core.rng import Rng
from game.games import all_specs
from game.games.leader1.guide import guide, in_colours, rider_words
from game.games.leader1.rules_words import rider_name
from game.i18n import Message, SeatName
from scene_input import step

#: seat 0 rides in green and seat 1 in purple, where the engine calls them Orange and Sky
GREEN, PURPLE = "#009E73", "#CC79A7"


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def leader1_table(seed: int = 4):
    app = App(all_specs(), instant=True)
    spec = app.specs["leader-1"]
    match = Match(spec, [Seat("Anna", GREEN), Seat("Ben", PURPLE)], {}, seed, guided=True)
    app.start_match(match)
    step(app, 2)
    return app, app.manager.stack[0]


def play(scene, moves: int, seed: int = 1) -> None:
    rng = Rng(seed)
    for _ in range(moves):
        if scene.match.is_over():
            return
        scene.match.apply(rng.choice(scene.match.state.legal_actions()))


def test_in_colours_renames_only_seat_colour_words_and_swaps_them_at_once():
    text = Message("The {rider} will ride in the {leader}'s slipstream.", rider=rider_name(0, "rouleur"),
                   leader=rider_name(1, "climber"))
    assert str(in_colours(text, {"Orange": "Sky", "Sky": "Orange"})) == \
        "The Sky rouleur will ride in the Orange climber's slipstream."
    named = Message("{team} keeps the rest in the peloton.", team=SeatName(0, Message("Orange")))
    assert in_colours(named, {"Orange": "Green"}).render(lambda seat: None) == "Green keeps the rest in the peloton."
    assert in_colours(text, {}) is text and in_colours("plain words", {"Orange": "Sky"}) == "plain words"
    assert rider_words({"seat": 1, "kind": "leader"}, {"Sky": "Purple"}) == "Purple leader"


def test_the_table_names_riders_by_the_colours_chosen_in_the_log_hints_and_results():
    app, scene = leader1_table()
    assert scene.chosen_colours() == {"Orange": "Green", "Sky": "Purple"}
    play(scene, 60)
    step(app, 2)
    log = " ".join(scene.log_text(entry) for entry in scene.match.log)
    assert "Green " in log and "Purple " in log, log[:400]
    for default in ("Orange rouleur", "Orange leader", "Orange climber", "Sky rouleur", "Sky leader", "Sky climber"):
        assert default not in log, default
    riders = scene.view["riders"]
    assert {scene.rider_words(rider).split()[0] for rider in riders} == {"Green", "Purple"}
    summary = " ".join(scene.results_summary_lines())
    assert "Orange" not in summary and "Sky" not in summary, summary
    i18n.set_language("de")
    german = " ".join(scene.log_text(entry) for entry in scene.match.log)
    assert "Grün" in german and "Hellblau" not in german


def test_a_guided_hint_names_the_moving_rider_in_his_chosen_colour():
    app, scene = leader1_table()
    rng = Rng(3)
    for _ in range(400):
        state = scene.match.state
        view = scene.match.state.view(scene.match.current_seat)
        if view["phase"] in ("ahead", "behind"):
            break
        scene.match.apply(rng.choice(state.legal_actions()))
    seat = scene.match.current_seat
    view = scene.match.state.view(seat)
    assert view["phase"] in ("ahead", "behind")
    colour = {0: "Green", 1: "Purple"}[seat]
    default = {0: "Orange", 1: "Sky"}[seat]
    assert f"{default} " in guide(view, seat).text, "the engine's own view names the seat's default colour"
    hint = scene.hint_guide()(view, seat)
    assert hint is not None and f"{colour} " in hint.text and f"{default} " not in hint.text, hint.text
    step(app, 3)
    shown = scene.current_hint()
    assert shown is None or f"{default} " not in scene.words_for(shown.text)
