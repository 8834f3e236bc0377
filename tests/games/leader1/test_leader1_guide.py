"""Leader 1's guided first game, the log's rule links and the player records.

Every heading a hint or a log link names must exist in rules_help.md: checked
over seeded random races (single races and a stage race, one to three riders
each), plus hints for the situations a newcomer meets (slipstream, descent,
crack, sprint, chase).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.core.protocol import act
from game.core.rng import Rng
from game.games.leader1 import guide as guide_module
from game.games.leader1.guide import deciding_seat, event_rule, guide
from game.games.leader1.rules import Leader1State
from game.games.leader1.spec import SPEC
from leader1_helpers import DOWNHILL, MOUNTAIN, PLAIN, RISE, put, race_with, refresh, to_move

RULES_HELP = Path(guide_module.__file__).with_name("rules_help.md")
HEADINGS = {re.sub(r"^#+\s*", "", line).strip() for line in RULES_HELP.read_text(encoding="utf-8").splitlines()
            if line.startswith("#")}


def test_every_named_heading_is_in_the_rules_help():
    missing = [h for h in guide_module.HEADINGS if h not in HEADINGS]
    assert not missing


def test_the_spec_offers_the_guide_and_the_rule_links():
    state = Leader1State.new(2, {}, 1)
    seat = state.current_seat()
    assert SPEC.guide(state.view(seat), seat) == guide(state.view(seat), seat)
    events = state.apply(state.legal_actions()[0])
    assert [SPEC.event_rule(e) for e in events] == [event_rule(e) for e in events]


def test_the_rules_help_pictures_name_existing_sprites():
    import json
    sprites = json.loads((Path(__file__).parents[3] / "assets" / "sprites" / "index.json").read_text())["sprites"]
    pictures = re.findall(r"^!\[([^\]]+)\]\(sprite:([a-z0-9_\-]+)\)$", RULES_HELP.read_text(encoding="utf-8"), re.M)
    assert len(pictures) >= 4
    assert all(name in sprites and caption for caption, name in pictures)


@pytest.mark.parametrize("seats, options, seed", [
    (2, {"riders": 1}, 1), (3, {"riders": 2}, 2), (2, {"riders": 3, "race": "summit-finish"}, 3),
    (4, {"riders": 1, "race": "coast-road"}, 4), (2, {"riders": 1, "stages": 2}, 5),
])
def test_random_races_get_a_hint_for_every_decision_and_a_rule_for_every_event(seats, options, seed):
    state = SPEC.create(seats, options, seed)
    rng = Rng(seed)
    hinted_rules: set[str] = set()
    steps = 0
    while not state.is_over() and steps < 700:
        seat = state.current_seat()
        view = state.view(seat)
        assert deciding_seat(view) == seat
        hint = guide(view, seat)
        assert hint is not None and hint.text and hint.rule in HEADINGS, (view["phase"], hint)
        hinted_rules.add(hint.rule)
        other = (seat + 1) % seats
        assert guide(state.view(other), other) is None
        legal = state.legal_actions()
        passes = [a for a in legal if a.kind == "pass"]
        action = passes[0] if passes and rng.random() < 0.8 else rng.choice(legal)
        for event in state.apply(action):
            rule = event_rule(event)
            if event.kind == "game_over":
                assert rule is None
            else:
                assert rule in HEADINGS, (event.kind, rule)
        steps += 1
    assert state.is_over()
    assert len(hinted_rules) >= 4


def test_the_hint_names_the_slipstream():
    state = race_with([(0, "leader"), (1, "rouleur")])
    put(state, 0, PLAIN, 3, 1)
    put(state, 1, PLAIN, 2, 1)
    to_move(state, [0, 1])
    state.apply(act("move", state.course.square_at(PLAIN, 5, 1)))
    view = state.view(1)
    hint = guide(view, 1)
    assert hint is not None and hint.rule == "Slipstream" and "4 free squares" in hint.text


def test_the_hint_names_the_descender_and_the_crack():
    state = race_with([(0, "climber")], seats=2, specialities={0: "descender"})
    put(state, 0, DOWNHILL, 1, 1)
    to_move(state, [0])
    hint = guide(state.view(0), 0)
    assert hint is not None and hint.rule == "Sprinters and descenders" and "5 free squares" in hint.text
    state = race_with([(0, "rouleur")], seats=2)
    put(state, 0, MOUNTAIN, 1, 0)
    to_move(state, [0])
    hint = guide(state.view(0), 0)
    assert hint is not None and hint.rule == "Crack" and "more than 2 paying squares" in hint.text


def test_the_hint_points_at_the_finish_when_it_is_in_reach():
    state = race_with([(0, "rouleur")], seats=2)
    arrival = len(state.course.hexagons) - 1
    put(state, 0, arrival, state.course.hexagons[arrival].rows - 2, 1)
    to_move(state, [0])
    hint = guide(state.view(0), 0)
    assert hint is not None and hint.rule == "The finish" and "cross the line" in hint.text


def test_the_peloton_leader_is_told_to_chase_a_rival_away():
    state = race_with([(0, "rouleur"), (1, "rouleur")])
    put(state, 1, RISE, 2, 1)
    state.phase = "pursuit"
    refresh(state)
    hint = guide(state.view(0), 0)
    assert hint is not None and hint.rule == "The chase" and "Blue rouleur" not in hint.text
    assert state.riders[1].name in hint.text
    state.riders[1].seat = 0
    hint = guide(state.view(0), 0)
    assert hint is not None and hint.rule == "The peloton"


def test_setup_hints_fit_the_race():
    state = SPEC.create(2, {"race": "summit-finish"}, 1)
    seat = state.current_seat()
    hint = guide(state.view(seat), seat)
    assert hint is not None and hint.rule == "Riders and teams" and "climber" in hint.text
    state.apply(act("pick", "climber"))
    hint = guide(state.view(seat), seat)
    assert hint is not None and hint.rule == "Sprinters and descenders" and "summit" in hint.text


def test_log_links_follow_the_event():
    state = race_with([(0, "rouleur"), (1, "leader")])
    put(state, 0, PLAIN, 3, 1)
    to_move(state, [0])
    events = state.apply(act("move", state.course.square_at(PLAIN, 4, 1)))
    assert event_rule(events[0]) == "Energy back"
    rules = [event_rule(e) for e in state.apply(act("breakaway", 1, state.legal_actions()[0].args[1]))]
    assert rules[0] == "Breaking away"


def _play_to_end(state: Leader1State, seed: int) -> Leader1State:
    rng = Rng(seed)
    while not state.is_over():
        legal = state.legal_actions()
        passes = [a for a in legal if a.kind == "pass"]
        state.apply(passes[0] if passes and rng.random() < 0.9 else rng.choice(legal))
    return state


def test_records_only_for_a_finished_race_and_the_winner():
    state = SPEC.create(2, {}, 11)
    assert state.record_stats(0) == {} and state.record_stats(1) == {}
    _play_to_end(state, 11)
    winner = state.outcome().winner
    assert winner is not None
    stats = state.record_stats(winner)
    order = state.finish_order()
    assert stats == {"turns_to_win": float(state.riders[order[0]].finish_turn)}
    assert state.record_stats(1 - winner) == {}
    assert set(Leader1State.record_labels) >= {"turns_to_win", "stage_wins", "gc_lead"}


def test_stage_race_records_count_stage_wins_and_the_winning_lead():
    state = _play_to_end(SPEC.create(2, {"stages": 2}, 12), 12)
    winner = state.outcome().winner
    assert winner is not None
    stats = state.record_stats(winner)
    wins = sum(1 for result in state.stage_results
               if result["finish_order"] and state.riders[result["finish_order"][0]].seat == winner)
    assert stats["stage_wins"] == wins and stats["gc_lead"] >= 0
    assert "gc_lead" not in state.record_stats(1 - winner)


def test_a_finished_race_lands_in_the_player_records():
    from game.core.match import Match, Seat
    from game.core.records import load_records, player_records, record_match
    match = Match(SPEC, [Seat("Ann", "#E69F00"), Seat("Bo", "#56B4E9")], {}, 11)
    rng = Rng(11)
    while not match.is_over():
        legal = match.state.legal_actions()
        passes = [a for a in legal if a.kind == "pass"]
        match.apply(passes[0] if passes and rng.random() < 0.9 else rng.choice(legal))
    record_match(match)
    winner = match.outcome().winner
    records = player_records(load_records()[0], ["Ann", "Bo"][winner])["leader-1"]
    assert records.won == 1 and records.best["turns_to_win"] == match.state.record_stats(winner)["turns_to_win"]
