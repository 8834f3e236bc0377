"""The scene's move previews and view data agree with what the engine then does."""
from __future__ import annotations

import json

import pytest

from ba_positions import race_position
from game.core.protocol import IllegalAction, act
from game.games.breaking_away.preview import preview_move, previews_for_rider_to_move


def test_a_preview_gives_the_landing_square_slot_points_and_replacement():
    state = race_position(3, {21: (34, [4, 4, 4]), 31: (31, [1, 1, 1]), 11: (30, [5, 3, 1])}, points=[0, 0, 0])
    state.apply(act("move", 21, 4))
    state.apply(act("move", 31, 1))
    before = json.dumps(state.to_json(), sort_keys=True)
    five, three, one = previews_for_rider_to_move(state)
    assert json.dumps(state.to_json(), sort_keys=True) == before, "previews change nothing"
    assert (five.land, five.square, five.slot, five.points) == (35, 35, 0, 10)
    assert [(c.line, c.place, c.points) for c in five.crossings] == [("sprint1", 1, 10)]
    assert (five.replacement, five.reason) == (3, "alone"), "Sky 21 on 38 is not on the square directly ahead"
    assert (three.land, three.points, three.crossings) == (33, 0, ()), "stopping on the line is not crossing it"
    assert (one.land, one.slot, one.replacement, one.reason) == (31, 0, 4, "slipstream")
    events = state.apply(act("move", 11, 5))
    assert events[0].data["to"] == five.land and events[0].data["slot"] == five.slot
    assert [e.data["points"] for e in events if e.kind == "cross"] == [five.points]


def test_a_preview_shows_the_breakaway_bonus_and_the_finish():
    state = race_position(3, {11: (90, [12, 3, 2]), 21: (88, [2, 2, 2])})
    twelve, three, two = previews_for_rider_to_move(state)
    assert twelve.finishes and twelve.points == 20 and twelve.replacement is None
    assert (three.replacement, three.reason) == (5, "breakaway"), "93 is five clear of Sky 21 on 88"
    assert (two.replacement, two.reason) == (4, "breakaway")


def test_a_preview_refuses_a_factor_the_rider_does_not_hold():
    state = race_position(3, {11: (20, [5, 3, 2]), 21: (10, [5, 3, 2])})
    with pytest.raises(IllegalAction, match="Orange 11 has no factor of 7"):
        preview_move(state, 11, 7)
    with pytest.raises(IllegalAction, match="Rider 12 is not racing"):
        preview_move(state, 12, 5)


def test_the_view_carries_what_the_scene_draws():
    state = race_position(3, {11: (20, [5, 3, 2]), 21: (20, [5, 3, 2]), 31: (10, [9, 3, 2])})
    view = state.view(0)
    assert view["phase"] == "move" and view["to_move"] == 11 and view["order"] == [11, 21, 31]
    riders = {r["id"]: r for r in view["riders"]}
    assert (riders[11]["square"], riders[11]["slot"], riders[21]["slot"]) == (20, 0, 1)
    assert riders[11]["factors"] == [5, 3, 2] and riders[21]["factors"] is None
    assert [line["key"] for line in view["lines"]] == ["sprint1", "sprint2", "finish"]
    assert view["lines"][0]["places_left"] == 8 and view["lines"][2]["points"][0] == 20
    assert view["points"] == [0, 0, 0] and view["standings"] == [1, 2, 3]
