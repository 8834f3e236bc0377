"""Breakaway Football coaches: known positions where the better move is clear, and where hard and normal differ."""
from __future__ import annotations

from collections import Counter

from game.core.protocol import act
from game.games.football import field
from game.games.football.bots import FULL_DECK, Situation, bot_factory, card_worths, sound_defense_reply
from game.games.football.cards import DEFENSE, OFFENSE, TEAMS
from game.games.football.plays import compare
from game.games.football.rules import OFFENSE_AUDIBLE, OFFENSE_CALL, FootballState
from game.games.football.spec import SPEC

LIGHTNING, FIRE = TEAMS["Lightning"], TEAMS["Fire"]
DRAW_OR_LONG_PASS = 6        # Lightning, Singleback: Draw 3 / Long Pass 8 (target)
ZONE_BLITZ_OR_MAN_UNDER = 4  # Fire, 3-4: Zone Blitz 2/2 / 2 Man Under 1/3


def drive(ball: int, down: int, quarter: int = 1, score: tuple[int, int] = (0, 0), hand: int = 15) -> FootballState:
    """Lightning (seat 0) has the ball against Fire with ``hand`` offense cards each and no time outs left."""
    state = SPEC.create(2, {"team_1": "Lightning", "team_2": "Fire"}, seed=11)
    state.phase = OFFENSE_CALL
    state.offense = state.to_move = 0
    state.pending = {}
    state.ball, state.down, state.target = ball, down, field.next_first_down_line(ball)
    state.quarter = quarter
    state.score = list(score)
    state.timeouts = [0, 0]
    state.hands = [list(range(1, hand + 1)), list(range(1, hand + 1))]
    state.discards = [list(range(hand + 1, 16)), list(range(hand + 1, 16))]
    return state


def choices(state: FootballState, level: str, seeds: int = 6) -> Counter[str]:
    seat = state.to_move
    return Counter(str(bot_factory(level, seat, seed).choose(state.view(seat), state.legal_actions()))
                   for seed in range(seeds))


def test_fourth_and_long_late_and_behind_the_hard_coach_goes_for_it():
    """4th and 25 on the own 25, five points down, three cards left: a punt hands the game away."""
    late = drive(ball=5, down=4, quarter=4, score=(10, 15), hand=3)
    assert all(kind.startswith("call") for kind in choices(late, "hard"))
    early = drive(ball=5, down=4, quarter=1)
    assert set(choices(early, "hard")) == {"punt"}


def test_the_hard_coach_kicks_the_winning_field_goal_with_its_last_card():
    """Two points down, last card of the game, on the opponent's 20: the 91 % kick wins it."""
    state = drive(ball=16, down=2, quarter=4, score=(14, 16), hand=1)
    assert set(choices(state, "hard")) == {"fieldgoal"}


def test_the_hard_coach_lays_the_card_the_defense_reads_worst():
    """3rd and 20 on the own 30 with a full hand: the defense will see the card's formation.

    The hard coach always lays the card worth most against the sound defense's reply;
    the normal coach draws from the blind matrix game and gives away much of that.
    """
    state = drive(ball=6, down=3)
    worths = card_worths(Situation(6, 3, 10), LIGHTNING, FIRE, list(range(1, 16)), FULL_DECK)
    best = max(worths, key=lambda n: worths[n][0])
    hard = choices(state, "hard")
    assert set(hard) == {f"call {best} {worths[best][1]}"}
    normal = choices(state, "normal", seeds=30)
    normal_worth = sum(worths[int(call.split()[1])][0] * n for call, n in normal.items()) / 30
    assert len(normal) > 3
    assert worths[best][0] - normal_worth > 0.3


def test_the_hard_coach_audibles_against_the_formation_the_defense_shows():
    """Long Pass laid on top; the defense shows 3-4, where the sound reply to Singleback is 2 Man Under.

    2 Man Under wins against the Long Pass and loses to the Draw, so the hard coach
    turns the card round; the normal coach averages over every 3-4 play and keeps it.
    """
    state = drive(ball=6, down=3)
    state.apply(act("call", DRAW_OR_LONG_PASS, 2))
    state.apply(act("call", ZONE_BLITZ_OR_MAN_UNDER, 2))
    assert state.phase == OFFENSE_AUDIBLE
    reply = {(shown, play.name): chance
             for shown, play, chance in sound_defense_reply(Situation(6, 3, 10), "Lightning", "Singleback", "Fire")}
    in_3_4 = {name: chance for (shown, name), chance in reply.items() if shown == "3-4"}
    assert in_3_4["2 Man Under"] > 0.75 * sum(in_3_4.values())
    man_under = FIRE.defense_card(ZONE_BLITZ_OR_MAN_UNDER).play(2)
    draw, long_pass = LIGHTNING.offense_card(DRAW_OR_LONG_PASS).ends
    assert compare(draw, man_under).breakaway == OFFENSE
    assert compare(long_pass, man_under).breakaway == DEFENSE
    assert set(choices(state, "hard")) == {"audible"}
    assert set(choices(state, "normal")) == {"keep"}
