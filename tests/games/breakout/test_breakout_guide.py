"""Breakout's guided first game, rule links from the log, rules-help pictures and player records."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

from breakout_walls import position
from game.core.protocol import act
from game.games.breakout.guide import HEADINGS, event_rule
from game.games.breakout.rules import BreakoutState
from game.games.breakout.spec import SPEC

ROOT = Path(__file__).resolve().parents[3]
HELP = (ROOT / "game" / "games" / "breakout" / "rules_help.md").read_text(encoding="utf-8")
HELP_HEADINGS = {line.lstrip("#").strip() for line in HELP.splitlines() if line.startswith("#")}
PUSH = re.compile(r"[Pp]ush(?: a piece into)? slot (\d) from the (left|right)")


def pushes_named(text: str) -> list:
    return [act("insert", side, int(slot)) for slot, side in PUSH.findall(text)]


def hint_for(state: BreakoutState):
    seat = state.current_seat()
    return SPEC.guide(state.view(seat), seat)


# --- every pointer lands on a heading ---------------------------------------------------------
def test_every_heading_the_guide_and_the_log_name_is_in_the_rules_help():
    assert set(HEADINGS) <= HELP_HEADINGS


def test_over_seeded_playouts_every_decision_gets_a_legal_hint_and_every_event_a_heading():
    seen_rules: set[str] = set()
    seen_kinds: set[str] = set()
    for seed in range(6):
        state = SPEC.create(2, {}, seed)
        rng = random.Random(seed)
        bots = [SPEC.make_bot("normal", seat, seed) for seat in (0, 1)]
        while not state.is_over():
            seat = state.current_seat()
            hint = SPEC.guide(state.view(seat), seat)
            assert hint is not None and hint.text and hint.rule in HELP_HEADINGS, hint
            seen_rules.add(hint.rule)
            legal = state.legal_actions()
            named = pushes_named(hint.text)
            if named:
                assert named[-1] in legal, f"the hint names a push that is not allowed: {hint.text}"
            else:
                assert legal == [act("pass")], hint.text
            assert SPEC.guide(state.view(1 - seat), 1 - seat) is None, "only the seat deciding gets a hint"
            # half the moves follow the hint, the rest come from a bot or at random, to reach every situation
            roll = rng.random()
            action = (named[-1] if named and roll < 0.5 else rng.choice(legal) if roll < 0.75
                      else bots[seat].choose(state.view(seat), legal))
            for event in state.apply(action):
                seen_kinds.add(event.kind)
                assert SPEC.event_rule(event) in HELP_HEADINGS, event.kind
        assert SPEC.guide(state.view(0), 0) is None
    assert {"insert", "blocked", "escape", "round"} <= seen_kinds
    assert {"Tying a rope", "Escaping", "No pushing straight back"} <= seen_rules


def test_event_rules_cover_every_kind_of_log_entry():
    kinds = {"insert": "Your turn", "blocked": "No pushing straight back", "pass": "Out of pieces",
             "covering": "The void game", "escape": "Escaping", "round": "Escaping", "game_over": "Winning",
             "void": "The void game"}
    covered = position("YBYBY", "BYBYB", "YBYBY", "BYBYB", "YBYB.", to_move=1, coverings=4)
    events = covered.apply(act("insert", "right", 1))
    assert [e.kind for e in events][-2:] == ["covering", "void"]
    for event in events:
        assert event_rule(event) == kinds[event.kind]


# --- the hints, situation by situation ---------------------------------------------------------------
def test_the_first_hint_starts_the_rope_at_the_bottom():
    hint = hint_for(SPEC.create(2, {}, 1))
    assert hint.rule == "Tying a rope"
    assert "slot 1" in hint.text and "bottom" in hint.text


def test_an_escape_one_push_away_is_named_exactly():
    state = position(".....", "Y....", "Y....", "Y....", "Y....", to_move=0)
    hint = hint_for(state)
    assert hint.text.startswith("Push slot 5 from the left: your rope then links the bottom to the top")
    assert hint.rule == "Escaping"
    winning = position(".....", "Y....", "Y....", "Y....", "Y....", to_move=0, escapes=(2, 1))
    hint = hint_for(winning)
    assert "you win" in hint.text and hint.rule == "Winning"


def test_the_rivals_threat_is_named_and_the_push_offered_stops_it():
    state = position(".....", "....B", "....B", "....B", "....B", to_move=0)
    hint = hint_for(state)
    assert hint.text.startswith("Blue could finish a rope next turn by pushing slot 5 from the right.")
    assert hint.rule == "Escaping"
    stop = pushes_named(hint.text)[-1]
    state.apply(stop)
    assert not any(e.kind == "escape" for reply in state.legal_actions() for e in state.clone().apply(reply))


def test_a_push_that_would_hand_over_an_escape_is_warned_against():
    state = position("BBBB.", "....B", "....B", "....B", "Y...B", to_move=0)
    hint = hint_for(state)
    assert hint.rule == "Escaping"
    for push in pushes_named(hint.text)[-1:]:
        after = state.clone()
        assert not any(e.kind == "escape" for e in after.apply(push))


def test_the_closed_arrow_is_explained():
    state = position(".....", ".....", ".....", ".....", "YBBYB", to_move=0)
    state.apply(act("insert", "left", 1))
    hint = hint_for(state)
    assert hint.rule == "No pushing straight back"
    assert hint.text.startswith("Slot 1 from the right is closed this turn")
    assert pushes_named(hint.text)[-1] != act("insert", "right", 1)


def test_out_of_pieces_the_hint_says_pass():
    state = position("YBYBY", "BYBYB", "YBYBY", "BYBYB", "YYYB.", to_move=0)
    assert state.legal_actions() == [act("pass")]
    hint = hint_for(state)
    assert hint.rule == "Out of pieces" and "pass" in hint.text


def test_near_the_void_the_hint_warns():
    covered = position("YBYBY", "BYBYB", "YBY.Y", "BYBYB", "YBYBY", to_move=1, coverings=2)
    hint = hint_for(covered)
    assert hint.rule == "The void game" and "full 2 times this round" in hint.text
    stalled = position(".....", "Y....", ".....", "....B", ".....", to_move=0, round_turns=140)
    hint = hint_for(stalled)
    assert hint.rule == "The void game" and "140 turns" in hint.text


# --- pictures in the rules help ---------------------------------------------------------------------
def test_the_rules_help_pictures_name_real_sprites():
    names = re.findall(r"^!\[([^\]]+)\]\(sprite:([a-z_0-9]+)\)$", HELP, re.MULTILINE)
    assert len(names) >= 4
    sprites = json.loads((ROOT / "assets" / "sprites" / "index.json").read_text(encoding="utf-8"))["sprites"]
    for caption, name in names:
        assert name in sprites and len(caption) > 8


# --- player records ------------------------------------------------------------------------------------
def test_record_stats_give_the_winner_the_game_length_and_both_their_bests():
    state = position(".....", "Y....", "Y....", "Y....", "Y....", to_move=0, escapes=(2, 0))
    state.moves, state.round_turns = 40, 9
    state.knocked_out = [3, 5]
    assert state.record_stats(0) == {}, "only a finished game has records"
    state.apply(act("insert", "left", 5))
    assert state.is_over() and state.winner() == 0
    assert state.record_stats(0) == {"turns_to_win": 41.0, "quickest_escape": 10.0, "pieces_knocked_out": 3.0}
    assert state.record_stats(1) == {"pieces_knocked_out": 5.0}
    for key in ("turns_to_win", "quickest_escape", "pieces_knocked_out"):
        label, direction = BreakoutState.record_labels[key]
        assert label and direction in ("min", "max")
    assert BreakoutState.record_labels["turns_to_win"] == ("fastest win, in turns", "min")


def test_knocked_out_counts_only_the_rivals_pieces_and_survives_a_save():
    state = position(".....", ".....", ".....", ".....", "YBBBY", to_move=0)
    state.apply(act("insert", "left", 1))
    assert state.wall[0] == [0, 0, 1, 1, 1] and state.knocked_out == [0, 0], "Yellow knocked out its own piece"
    state.apply(act("insert", "left", 1))
    assert state.knocked_out == [0, 0], "Blue knocked out its own piece"
    state.apply(act("insert", "left", 1))
    assert state.knocked_out == [1, 0], "Yellow knocked out Blue's piece"
    loaded = BreakoutState.from_json(json.loads(json.dumps(state.to_json())))
    assert loaded == state and loaded.knocked_out == [1, 0]
    old_save = state.to_json()
    del old_save["knocked_out"], old_save["quickest_escape"]
    assert BreakoutState.from_json(old_save).knocked_out == [0, 0]
