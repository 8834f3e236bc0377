"""Breaking Away's guided first game, the rules behind log entries, player records and the lapped check."""
from __future__ import annotations

import random
import re
from pathlib import Path

from ba_positions import madison_position, race_position
from game.core.protocol import act
from game.games.breaking_away import guide as guide_module
from game.games.breaking_away.guide import event_rule, guide
from game.games.breaking_away.rules import BreakingAwayState
from game.games.breaking_away.spec import SPEC

RULES_HELP = Path(guide_module.__file__).with_name("rules_help.md")


def headings() -> set[str]:
    return {m.group(1).strip() for m in re.finditer(r"^#{1,6}\s+(.*)$", RULES_HELP.read_text(), re.MULTILINE)}


def playout(num_seats: int, options: dict, seed: int, *, retire_share: float = 0.1):
    """A seeded random race; yields (state before the action, the action, its events)."""
    state = SPEC.create(num_seats, options, seed)
    rng = random.Random(seed)
    while not state.is_over():
        legal = state.legal_actions()
        action = rng.choice(legal)
        if action.kind == "retire" and rng.random() > retire_share:
            action = legal[0]
        before = state.clone()
        yield before, action, state.apply(action)


def test_every_heading_the_guide_and_the_log_name_is_in_the_rules_help():
    known = headings()
    assert set(guide_module.HEADINGS) <= known
    named, kinds = set(), set()
    setups = [(3, {}), (4, {"staggered_start": True, "overcrowding": True, "factors": "open"}),
              (9, {"mode": "madison"}), (5, {"rival_breakaway": True})]
    for seed, (seats, options) in enumerate(setups, start=1):
        for before, _action, events in playout(seats, options, seed):
            seat = before.current_seat()
            hint = guide(before.view(seat), seat)
            assert hint is not None and hint.text and hint.rule in known, (before.phase, hint)
            assert len(hint.text) <= 130, f"the hint banner holds three lines: {hint.text}"
            named.add(hint.rule)
            for event in events:
                rule = event_rule(event)
                kinds.add(event.kind)
                if rule is not None:
                    assert rule in known, (event.kind, rule)
                    named.add(rule)
    assert {"move", "cross", "replacement", "finished", "race_over", "change", "lapped"} <= kinds
    assert {"Who moves when", "Points", "The end of the race", "Madison: changing over"} <= named


def test_the_guide_has_nothing_to_say_once_the_race_is_over():
    *_, (last, action, _events) = playout(3, {}, 2)
    last.apply(action)
    assert last.is_over() and guide(last.view(0), 0) is None


def test_the_move_hint_names_the_rider_his_factors_and_the_sprint_he_can_take():
    state = race_position(3, {11: (30, [9, 5, 2]), 21: (28, [4, 4, 4]), 31: (27, [1, 1, 1])})
    hint = guide(state.view(0), 0)
    assert hint.text == ("Rider 11 leads, so he moves first. He may use 9, 5 or 2; 5 crosses the first sprint 1st: "
                         "+10 points."), "the smallest factor that takes the line"
    assert hint.rule == "Points"


def test_the_move_hint_points_to_the_best_slipstream():
    """Rulebook example: A and B on 17, C on 16; a rider on 10 with a 6 lands beside C, behind A and B."""
    state = race_position(3, {11: (17, [3, 3, 3]), 12: (17, [3, 3, 3]), 21: (16, [3, 3, 3]), 31: (10, [6, 2, 1])})
    state.order = [31]
    hint = guide(state.view(2), 2)
    assert hint.text == "Rider 31 moves last this turn. He may use 6, 2 or 1; 6 tucks him in behind 2 riders: 5 next turn."
    assert hint.rule == "Replacement factors: riding in the bunch"


def test_the_move_hint_offers_a_breakaway_worth_more_than_three():
    state = race_position(3, {11: (10, [9, 1, 1]), 21: (10, [3, 3, 3]), 31: (9, [3, 3, 3])})
    hint = guide(state.view(0), 0)
    assert hint.text.endswith("9 takes him clear alone: a bonus of 9 next turn.")
    assert hint.rule == "The Breaking Away bonus"


def test_a_hopeless_rider_is_offered_retirement_and_the_voters_are_told_why():
    riders = {11: (150, [3, 3, 3]), 12: (40, [3, 3, 3])}
    riders.update({rid: (92, [3, 3, 3]) for rid in (21, 22, 23, 24, 31, 32, 33, 34)})
    state = race_position(3, riders)
    state.order = [12]
    hint = guide(state.view(0), 0)
    assert "can no longer score" in hint.text and hint.rule == "Retiring a rider"
    state.apply(act("retire", 12))
    vote = guide(state.view(1), 1)
    assert vote.text.startswith("Rider 12's team asks to retire him") and "agreeing (A) costs you nothing" in vote.text


def test_the_sheet_hint_follows_what_is_still_to_fill_in():
    state = BreakingAwayState.new(3, {}, seed=1)
    assert "cyclist 1 gets 30 points over 3 or 4 values" in guide(state.view(0), 0).text
    state.apply(act("factor", 1, 12))
    hint = guide(state.view(0), 0)
    assert hint.text == "Cyclist 1 (rider 11) still has 18 of 30 points to place, over 2 or 3 more values 1 to 15."
    assert hint.rule == "Your team and your sheet"


def test_the_madison_hints_rate_place_and_change():
    state = BreakingAwayState.new(9, {"mode": "madison"}, seed=1)
    assert guide(state.view(0), 0).text.startswith("Rate riders 11 and 12")
    changing = madison_position(9, {0: {"rider": 11, "progress": 30, "factors": [5, 3, 2], "relief": 12,
                                        "relief_factors": [9, 9, 9], "changed_lap": 0}})
    changing.phase, changing.change_queue = "change", [0]
    hint = guide(changing.view(0), 0)
    assert hint.text == "Rider 12 may take over from 11 on square 30. He holds more (27 against 10): change (C)."
    assert hint.rule == "Madison: changing over"


def test_log_entries_point_at_their_rule():
    state = race_position(3, {11: (30, [9, 5, 2]), 21: (28, [4, 4, 4]), 31: (27, [1, 1, 1])})
    events = state.apply(act("move", 11, 9))
    assert [(e.kind, event_rule(e)) for e in events] == [("move", "A turn"), ("cross", "Points")]
    events = state.apply(act("move", 21, 4)) + state.apply(act("move", 31, 1))
    rules = {e.data["reason"]: event_rule(e) for e in events if e.kind == "replacement"}
    assert rules["breakaway"] == "The Breaking Away bonus"


def test_a_rider_who_laps_another_is_told_in_the_log():
    state = race_position(3, {11: (70, [9, 3, 3]), 21: (38, [3, 3, 3]), 31: (45, [3, 3, 3])})
    events = state.apply(act("move", 11, 9))
    lapped = [e for e in events if e.kind == "lapped"]
    assert len(lapped) == 1 and lapped[0].data["lapped"] == [21], "41 squares behind; Green 31 is 34 behind"
    assert lapped[0].text.startswith("Orange 11 laps Sky 21:") and event_rule(lapped[0]) == "Lapped riders"
    assert state.view(0)["riders"][4]["lapped"], "the view marks Sky 21 as lapped"


def test_records_hold_the_points_the_best_finish_and_the_lines_won():
    assert set(BreakingAwayState.record_labels) == {"sprint_points", "best_finish", "lines_won"}
    assert BreakingAwayState.record_labels["sprint_points"] == ("most sprint points", "max")
    assert BreakingAwayState.record_labels["best_finish"][1] == "min"
    *_, (last, action, _events) = playout(3, {}, 7, retire_share=0.0)
    assert last.record_stats(0) == {}, "only a finished race counts"
    last.apply(action)
    finish = last.crossings["finish"][:8]
    for seat in range(3):
        stats = last.record_stats(seat)
        assert stats["sprint_points"] == last.points[seat]
        places = [i + 1 for i, rid in enumerate(finish) if rid // 10 - 1 == seat]
        assert stats.get("best_finish") == (min(places) if places else None)
    assert sum(last.record_stats(s).get("lines_won", 0) for s in range(3)) == 3


def test_the_lapped_flag_in_the_view_agrees_with_the_rule():
    state = race_position(3, {11: (75, [3, 3, 3]), 21: (35, [3, 3, 3]), 31: (36, [3, 3, 3]), 12: (40, [3, 3, 3])})
    flags = {r["id"]: r["lapped"] for r in state.view(0)["riders"] if r["status"] == "racing"}
    assert flags == {11: False, 12: False, 21: True, 31: False}, "40 squares behind the leader is a lap"
    for rid in flags:
        assert flags[rid] == state.is_lapped(state.by_id[rid])


def test_the_rules_help_uses_only_what_the_help_screen_draws():
    """Headings, paragraphs, lists and sprite pictures: no tables (they would show as rows of bars)."""
    assert not [line for line in RULES_HELP.read_text().splitlines() if line.startswith("|")]


def test_the_pictures_in_the_rules_help_name_real_sprites():
    import json
    index = json.loads((Path(guide_module.__file__).parents[3] / "assets" / "sprites" / "index.json").read_text())
    pictures = re.findall(r"^!\[([^\]]+)\]\(sprite:([\w-]+)\)$", RULES_HELP.read_text(), re.MULTILINE)
    assert len(pictures) >= 3
    for caption, name in pictures:
        assert name in index["sprites"] and len(caption) > 10, name
