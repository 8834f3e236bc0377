"""Breakaway Football's guided game, rule links, rules-help pictures and player records."""
from __future__ import annotations

import json
import re
from pathlib import Path

from game.core.protocol import Event, act
from game.core.rng import Rng
from game.games.football import guide as football_guide
from game.games.football.guide import HEADINGS, event_rule, guide
from game.games.football.rules import OVER, FootballState
from game.games.football.spec import SPEC
from game.ui.markdown import heading_key

PACKAGE = Path(__file__).resolve().parents[3] / "game" / "games" / "football"
HELP = (PACKAGE / "rules_help.md").read_text(encoding="utf-8")
HELP_HEADINGS = {heading_key(m.group(2)) for m in re.finditer(r"^(#{1,6})\s+(.*?)\s*$", HELP, re.M)}
#: the phases whose advice solves the play matrix: asked on every 4th decision to keep the test quick
SOLVING_PHASES = ("offense_call", "defense_call")


def test_every_heading_the_guide_may_name_is_in_the_rules_help():
    assert {heading_key(h) for h in HEADINGS} <= HELP_HEADINGS
    assert set(football_guide.EVENT_RULES.values()) <= set(HEADINGS)


def test_seeded_random_playouts_hint_every_decision_and_link_every_rule():
    phases: set[str] = set()
    kinds: set[str] = set()
    options = {"coffin_corner": True, "ice_the_kicker": True, "late_half_incompletions": True}
    for seed, teams in ((1, ("Pharaohs", "Maulers")), (2, ("Lightning", "Fire"))):
        state = SPEC.create(2, {"team_1": teams[0], "team_2": teams[1], **options}, seed)
        rng = Rng(seed)
        decisions = 0
        while state.phase != OVER:
            seat = state.current_seat()
            decisions += 1
            if state.phase not in SOLVING_PHASES or decisions % 4 == 0:
                hint = guide(state.view(seat), seat)
                assert hint is not None and hint.text, state.phase
                assert heading_key(hint.rule) in HELP_HEADINGS, (state.phase, hint.rule)
                assert guide(state.view(seat), 1 - seat) is None, "only the seat deciding now gets a hint"
                phases.add(state.phase)
            for event in state.apply(rng.choice(state.legal_actions())):
                kinds.add(event.kind)
                rule = event_rule(event)
                assert rule is None or heading_key(rule) in HELP_HEADINGS, (event.kind, rule)
        assert guide(state.view(0), 0) is None
    assert {"toss", "offense_call", "defense_call", "offense_audible", "defense_audible", "kick_discard",
            "clock_discard", "conversion", "breakaway_choice"} <= phases
    unexplained = {k for k in kinds if event_rule(Event("", k, {})) is None}
    assert unexplained <= {"game_end", "reshuffle"}, unexplained


def test_hints_name_the_choice_and_the_rule_behind_it():
    state = SPEC.create(2, {}, 3)
    toss = guide(state.view(state.current_seat()), state.current_seat())
    assert toss is not None and toss.rule == "The coin toss" and "Receive" in toss.text
    state.apply(act("receive"))
    offense = state.current_seat()
    call = guide(state.view(offense), offense)
    assert call is not None and call.rule == "Calling a play" and "card" in call.text
    state.apply(act("call", 3, 1))
    defense = state.current_seat()
    hint = guide(state.view(defense), defense)
    assert hint is not None and "formation" in hint.text
    advised = football_guide.advised_action(state.view(defense), defense)
    assert advised in state.legal_actions()


def test_rule_links_for_special_results():
    assert event_rule(Event("", "play", {"result": "first_down"})) == "First downs"
    assert event_rule(Event("", "punt", {"coffin": True})) == "Coffin-corner punts"
    assert event_rule(Event("", "penalty", {})) == "Penalties"
    assert event_rule(Event("", "restricted_pass", {})) == "Passes near the goal line"
    assert event_rule(Event("", "ice", {})) == "Ice the kicker"


def test_rules_help_pictures_are_known_sprites():
    sprites = json.loads((PACKAGE.parents[2] / "assets" / "sprites" / "index.json").read_text(encoding="utf-8"))
    names = set(sprites.get("sprites", sprites))
    pictures = re.findall(r"^!\[([^\]]+)\]\(sprite:([A-Za-z0-9_-]+)\)\s*$", HELP, re.M)
    assert len(pictures) >= 4
    assert {"ball_marker", "gameday_card_frame", "play_card_frame"} <= {name for _, name in pictures}
    for caption, name in pictures:
        assert name in names and len(caption) > 10


def test_record_stats_only_for_a_finished_game_and_the_margin_only_for_the_winner():
    assert FootballState.record_labels["win_margin"] == ("biggest win", "max")
    state = SPEC.create(2, {}, 1)
    state.score = [24, 17]
    assert state.record_stats(0) == {}
    state.phase = OVER
    assert state.record_stats(0) == {"points": 24, "win_margin": 7}
    assert state.record_stats(1) == {"points": 17}
    state.score = [10, 10]
    assert "win_margin" not in state.record_stats(0)


def test_hints_number_cards_as_the_hand_shows_them():
    state = SPEC.create(2, {}, 3)
    state.apply(act("receive"))
    offense = state.current_seat()
    state.discards[offense] = [n for n in range(1, 16) if n not in (3, 7, 12)]
    state.hands[offense] = [3, 7, 12]
    hint = guide(state.view(offense), offense)
    assert hint is not None
    place = re.search(r"on card (\d+);", hint.text)
    assert place is not None and int(place.group(1)) in (1, 2, 3), hint.text
