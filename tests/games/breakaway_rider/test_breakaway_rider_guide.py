"""Breakaway Rider's guided first game, rule links from the log, pictures in the rules help and player records."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from game.core.spec import Hint
from game.games.breakaway_rider.cards import CLIMB, SPRINT
from game.games.breakaway_rider.guide import HEADINGS, event_rule, guide
from game.games.breakaway_rider.rules import CLIMB_WINDOW, OVER, PLAY, BreakawayRiderState
from game.games.breakaway_rider.spec import SPEC

ROOT = Path(__file__).resolve().parents[3]
RULES_HELP = ROOT / "game" / "games" / "breakaway_rider" / "rules_help.md"
SPRITES = ROOT / "assets" / "sprites" / "index.json"


def rules_headings() -> set[str]:
    """The headings as the rules screen names them (without the #s)."""
    return {m.group(1).strip() for m in re.finditer(r"^#{1,6}\s+(.+?)\s*$", RULES_HELP.read_text(), re.M)}


def position(hand: list, *, seat: int = 0, jersey: int = 1, pace: int | None = 45, minutes: int = 0,
             headwinds: int = 0, climb_by: int | None = None, deck_count: int = 40, phase: str = PLAY,
             can_climb: bool = False) -> dict:
    """A view of ``seat`` deciding now, with only the fields the guide reads made to order."""
    view = BreakawayRiderState.new(3, {}, 1).view(seat)
    view.update(hand=list(hand), to_move=seat, jersey=jersey, pace=pace, minutes=[0, 0, 0],
                headwinds=[0, 0, 0], climb_by=climb_by, climb_active=climb_by is not None, deck_count=deck_count,
                phase=phase, can_climb=can_climb)
    view["minutes"][seat] = minutes
    view["headwinds"][seat] = headwinds
    return view


# --- every heading exists ----------------------------------------------------------------------------------
def test_every_heading_the_guide_names_is_in_the_rules_help():
    missing = set(HEADINGS) - rules_headings()
    assert not missing, f"not headings of rules_help.md: {sorted(missing)}"


def test_the_spec_offers_the_guide_and_the_rule_links():
    state = BreakawayRiderState.new(3, {}, 1)
    seat = state.current_seat()
    assert SPEC.guide(state.view(seat), seat) == guide(state.view(seat), seat)
    events = state.apply(state.legal_actions()[0])
    assert [SPEC.event_rule(e) for e in events] == [event_rule(e) for e in events]


@pytest.mark.parametrize("seats, seed, options", [(2, 1, {}), (3, 2, {}), (4, 3, {}), (6, 4, {}),
                                                  (3, 5, {"special_cards": False})])
def test_seeded_playouts_always_have_a_hint_and_every_rule_link_is_a_heading(seats, seed, options):
    headings = rules_headings()
    rng = random.Random(seed)
    state = BreakawayRiderState.new(seats, {"stages": 3, **options}, seed)
    kinds_linked: set[str] = set()
    hints = 0
    while state.current_seat() is not None:
        seat = state.current_seat()
        hint = guide(state.view(seat), seat)
        assert isinstance(hint, Hint) and hint.text and hint.rule in headings, (hint, state.phase)
        assert "Seat " not in hint.text, "hints speak of roles, not of seat numbers the players never see"
        hints += 1
        for event in state.apply(rng.choice(state.legal_actions())):
            rule = event_rule(event)
            assert rule is None or rule in headings, (event.kind, rule)
            if rule is not None:
                kinds_linked.add(event.kind)
    assert state.phase == OVER and guide(state.view(0), 0) is None
    assert hints > 50
    assert {"play", "minutes-added", "stage-end", "game-end", "draw"} <= kinds_linked


def test_every_rule_applying_event_kind_has_a_link():
    """Built from a position so each kind appears: a headwind draw, a take-over, minutes both ways, a climb."""
    state = BreakawayRiderState.new(3, {}, 8)
    seen: dict[str, str | None] = {}
    rng = random.Random(8)
    for _ in range(3000):
        if state.current_seat() is None:
            break
        for event in state.apply(rng.choice(state.legal_actions())):
            seen.setdefault(event.kind, event_rule(event))
    wanted = {"stage-start", "deal", "headwind", "play", "minutes-added", "minutes-reduced", "jersey",
              "climb-window", "climb", "no-climb", "climb-ends", "stage-end", "game-end"}
    assert wanted <= set(seen), f"not seen: {wanted - set(seen)}"
    assert all(seen[kind] is not None for kind in wanted)


def test_rule_links_follow_what_the_event_did():
    state = BreakawayRiderState.new(3, {}, 2)
    events = {e.kind: e for e in state.apply(state.legal_actions()[0])}
    assert event_rule(events["play"]) == "The yellow jersey's turn"
    from game.core.protocol import Event
    play = {"seat": 1, "speed": 44, "sprints": 0, "headwinds": 0, "climb": False, "effective": 44,
            "minutes_change": 0, "on_climb": False}
    assert event_rule(Event("", "play", {**play, "result": "slipstream"})) == "Riding in the slipstream"
    assert event_rule(Event("", "play", {**play, "result": "dropped"})) == "Dropped: penalty minutes"
    assert event_rule(Event("", "play", {**play, "result": "takes-jersey"})) == "Taking the yellow jersey"
    assert event_rule(Event("", "play", {**play, "result": "reduces"})) == "Reducing penalty minutes"
    assert event_rule(Event("", "play", {**play, "result": "slipstream", "on_climb": True})) == "Climb"
    assert event_rule(Event("", "play", {**play, "result": "sets-pace", "climb": True})) == "Climb"
    assert event_rule(Event("", "play", {**play, "speed": None, "result": "slipstream"})) == \
        "Rare case: no speed card"
    assert event_rule(Event("", "minutes-added", {"seat": 1, "change": 4, "minutes": 4})) == \
        "Dropped: penalty minutes"
    assert event_rule(Event("", "minutes-added", {"seat": 1, "change": 2, "minutes": 6})) == \
        "Reducing penalty minutes", "a rider who already had minutes rides alone"


# --- the hints, situation by situation ------------------------------------------------------------------------
def test_a_clean_rider_is_told_the_slipstream_threshold():
    hint = guide(position([40, 41, 44, 45]), 0)
    assert hint == Hint("The breakaway rider rides 45: play 43 or more to stay in the slipstream without "
                        "penalty minutes.", "Riding in the slipstream")


def test_a_card_above_the_pace_is_pointed_out():
    hint = guide(position([40, 44, 47]), 0)
    assert hint.text.endswith("A card above 45 takes the yellow jersey.")


def test_a_headwind_raises_the_threshold():
    hint = guide(position([44, 46, 48], headwinds=1), 0)
    assert hint.rule == "Headwind"
    assert hint.text.startswith("The breakaway rider rides 45: play 45 or more")
    assert "headwind takes 2 km/h off" in hint.text and "A card above 47" in hint.text


def test_a_sprint_that_saves_the_rider_is_named():
    hint = guide(position([40, 41, SPRINT]), 0)
    assert hint.rule == "Sprint" and "41 with 1 sprint card does" in hint.text


def test_a_hand_that_must_lose_time_is_shown_the_cheapest_card():
    hint = guide(position([39, 40, 41]), 0)
    assert hint.rule == "Dropped: penalty minutes"
    assert hint.text.endswith("41 costs the fewest, 4 penalty minutes.")


def test_a_rider_with_minutes_is_shown_how_many_come_back():
    hint = guide(position([40, 47], minutes=3), 0)
    assert hint.rule == "Reducing penalty minutes"
    assert hint.text == ("You carry 3 penalty minutes and ride alone: every km/h above 45 gives one back, every "
                         "km/h below costs one more. Your 47 gives back 2.")
    hint = guide(position([40, 48, 50], minutes=3), 0)
    assert hint.text.endswith("Your 48 gives back all of them."), "the lowest card that does it"
    hint = guide(position([40, 42], minutes=3), 0)
    assert hint.text.endswith("Your 42 costs the fewest: 3 penalty minutes.")


def test_a_climb_hint_asks_for_the_pace_itself():
    hint = guide(position([43, 45, 48], climb_by=1), 0)
    assert hint.rule == "Climb"
    assert hint.text.startswith("Climb: no slipstream and no overtaking. Play 45 or more to lose no time")
    hint = guide(position([41, 43], climb_by=1), 0)
    assert hint.text.endswith("Your best is 43: 2 penalty minutes.")


def test_the_jersey_wearer_is_told_any_card_is_safe():
    hint = guide(position([41, 44, 48, CLIMB], jersey=0, pace=None), 0)
    assert hint.rule == "The yellow jersey's turn"
    assert hint.text.startswith("You wear the yellow jersey and open the stage")
    assert "climb card" in hint.text
    hint = guide(position([41, 44, 48], jersey=0, pace=46), 0)
    assert "(now 46)" in hint.text and "climb" not in hint.text
    hint = guide(position([41, 44, 48], jersey=0, pace=46, deck_count=2), 0)
    assert hint.rule == "End of a stage" and "Only 2 cards are left" in hint.text


def test_the_climb_call_and_the_stall():
    call = position([44, 45, CLIMB], phase=CLIMB_WINDOW, can_climb=True)
    hint = guide(call, 0)
    assert hint.rule == "The climb call" and "Lay your climb card" in hint.text
    call = position([44, 45, 46], phase=CLIMB_WINDOW, can_climb=False)
    assert "You hold no climb card" in guide(call, 0).text
    assert guide(position([SPRINT, CLIMB]), 0).rule == "Rare case: no speed card"


def test_the_guide_is_silent_for_a_seat_that_is_not_deciding():
    view = position([40, 44, 45])
    assert guide(view, 1) is None
    view["hand"] = None
    assert guide(view, 0) is None


# --- pictures in the rules help ----------------------------------------------------------------------------------
def test_the_rules_help_pictures_use_existing_sprites():
    names = set(json.loads(SPRITES.read_text())["sprites"])
    pictures = re.findall(r"^!\[([^\]]+)\]\(sprite:([a-z0-9_]+)\)\s*$", RULES_HELP.read_text(), re.M)
    assert len(pictures) >= 4
    for caption, name in pictures:
        assert caption.strip() and name in names, name
    assert {"yellow_jersey", "chip_red", "card_speed_45"} <= {name for _, name in pictures}


# --- player records ------------------------------------------------------------------------------------------------
def test_records_are_kept_only_for_a_finished_race():
    state = BreakawayRiderState.new(3, {}, 4)
    assert state.record_stats(0) == {}
    rng = random.Random(4)
    while state.current_seat() is not None:
        state.apply(rng.choice(state.legal_actions()))
    for seat in range(3):
        stats = state.record_stats(seat)
        assert set(stats) == set(BreakawayRiderState.record_labels)
        minutes = sum(-r["scores"][seat] for r in state.stage_results if r["scores"][seat] < 0)
        assert stats["penalty_minutes"] == minutes
        assert stats["stages_in_yellow"] == sum(r["jersey"] == seat for r in state.stage_results)
        assert stats["race_total"] == state.totals()[seat] == stats["stages_in_yellow"] - minutes
    assert BreakawayRiderState.record_labels["penalty_minutes"] == ("fewest penalty minutes", "min")
