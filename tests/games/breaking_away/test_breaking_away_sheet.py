"""The movement log sheet: the allocation limits and the FAQ's rulings, each refusal in a sentence."""
from __future__ import annotations

import pytest

from game.core.protocol import IllegalAction, act
from game.core.rng import Rng
from game.games.breaking_away.allocation import is_complete, limit_for
from game.games.breaking_away.rules import BreakingAwayState


def fresh(num_seats: int = 3, **options) -> BreakingAwayState:
    return BreakingAwayState.new(num_seats, options, seed=2)


@pytest.mark.parametrize("text, sentence", [
    ("allocate 2 10 8 6", "cyclist 2's values add up to 24; they must add up to 25."),
    ("allocate 1 10 10 5", "cyclist 1's values add up to 25; they must add up to 30."),
    ("allocate 4 8 5 4", "cyclist 4's values add up to 17; they must add up to 16."),
    ("allocate 1 15 15", "cyclist 1 needs 3 or 4 values, not 2."),
    ("allocate 1 6 6 6 6 6", "cyclist 1 needs 3 or 4 values, not 5."),
    ("allocate 2 10 5 5 5", "cyclist 2 needs 3 values, not 4."),
    ("allocate 3 10 10 0", "cyclist 3 cannot start with a factor of 0: every starting value is a whole number "
                           "from 1 to 15."),
    ("allocate 1 16 8 6", "cyclist 1 cannot start with a factor of 16: no starting value may be above 15 "
                          "(only a replacement factor can be)."),
    ("allocate 2 -1 13 13", "cyclist 2 cannot start with a factor of -1"),
    ("allocate 5 10 10 10", "Name one of your cyclists, 1 to 4"),
    ("factor 4 15", "cyclist 4 cannot take 15: the values could no longer add up to 16 over 3 values of 1 to 15."),
    ("factor 1 0", "cyclist 1 cannot start with a factor of 0"),
    ("factor 1 20", "cyclist 1 cannot start with a factor of 20"),
    ("move 11 5", "Orange is filling in its movement log sheet"),
])
def test_each_violation_is_refused_with_a_sentence_that_says_what_is_wrong(text, sentence):
    state = fresh()
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(act(*text.split()[:1], *map(int, text.split()[1:])))
    assert sentence in str(refused.value)
    assert state.to_json() == before


def test_a_step_that_cannot_lead_to_a_valid_sheet_names_what_was_chosen():
    state = fresh()
    state.apply(act("factor", 2, 12))
    state.apply(act("factor", 2, 12))
    with pytest.raises(IllegalAction, match="cyclist 2 cannot take 2: with 12, 12 already chosen, the values could "
                                            "no longer add up to 25"):
        state.apply(act("factor", 2, 2))
    state.apply(act("factor", 2, 1))
    with pytest.raises(IllegalAction, match=r"cyclist 2's values are already complete \(12, 12, 1\)"):
        state.apply(act("factor", 2, 3))
    with pytest.raises(IllegalAction, match=r"cyclist 2's values are already set \(12, 12, 1\)"):
        state.apply(act("allocate", 2, 10, 10, 5))


def test_cyclist_1_may_take_three_or_four_values():
    three = fresh()
    three.apply(act("allocate", 1, 15, 10, 5))
    assert is_complete(three.by_id[11].secret, limit_for(1))
    four = fresh()
    for value in (10, 8, 7):
        four.apply(act("factor", 1, value))
    assert not is_complete(four.by_id[11].secret, limit_for(1))
    assert [a.args[1] for a in four.legal_actions()] == [5], "after 10, 8, 7 only a fourth value of 5 completes 30"
    four.apply(act("allocate", 1, 10, 8, 7, 5))
    assert sorted(four.by_id[11].secret) == [5, 7, 8, 10]


def test_the_steps_offered_always_lead_to_a_valid_sheet():
    for seed in range(40):
        state = BreakingAwayState.new(3, {}, seed)
        rng = Rng(seed)
        while state.phase == "allocate":
            legal = state.legal_actions()
            assert 0 < len(legal) <= 15
            state.apply(rng.choice(legal))
        for rider in state.riders:
            values = rider.known + rider.secret
            assert all(1 <= v <= 15 for v in values)
            assert is_complete(values, limit_for(rider.number))


def test_a_complete_sheet_is_sealed_and_the_next_team_fills_its_own():
    state = fresh()
    for number, values in ((1, (12, 10, 8)), (2, (10, 8, 7)), (3, (8, 7, 5)), (4, (6, 5, 5))):
        events = state.apply(act("allocate", number, *values))
    assert state.sealed == [True, False, False] and state.current_seat() == 1
    assert events[-1].text == "Orange has sealed its movement log sheet." and events[-1].visible_to is None
    private = [e for e in events if e.kind == "sheet"]
    assert private and all(e.visible_to == (0,) for e in private)
    assert state.legal_actions()[0].args[0] == 1, "the next team starts with its cyclist 1"


def test_the_sheets_are_sealed_commits_nobody_else_sees():
    state = fresh()
    state.apply(act("allocate", 1, 12, 10, 8))
    state.apply(act("factor", 2, 9))
    for seat in (1, 2, None):
        view = state.view(seat)
        orange = [r for r in view["riders"] if r["seat"] == 0]
        assert all(r["factors"] is None and r["hidden_sum"] is None for r in orange)
    mine = state.view(0)
    assert [r["factors"] for r in mine["riders"] if r["seat"] == 0][:2] == [[12, 10, 8], [9]]
