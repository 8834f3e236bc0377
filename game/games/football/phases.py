"""Breakaway Football's phase names and the numbers of its rules (downs, time outs, cards)."""
from __future__ import annotations

TOSS = "toss"
KICKOFF = "kickoff"
OFFENSE_CALL = "offense_call"
KICK_DISCARD = "kick_discard"
RETRIEVE = "retrieve"
DEFENSE_CALL = "defense_call"
OFFENSE_AUDIBLE = "offense_audible"
DEFENSE_AUDIBLE = "defense_audible"
ICE = "ice"
BREAKAWAY_CHOICE = "breakaway_choice"
CHALLENGE = "challenge"
PENALTY_CHOICE = "penalty"
CONVERSION = "conversion"
CLOCK_DISCARD = "clock_discard"
OVER = "over"
ANNOUNCEMENTS = ("punt", "coffin", "fieldgoal", "hailmary", "kneel")
TIME_OUTS_PER_HALF = 3
TIME_OUTS_IN_OVERTIME = 2
DOWNS = 4
LATE_HALF_CARDS = 5
#: sudden death plays overtime periods until someone scores; this many scoreless periods is a draw
MAX_SUDDEN_DEATH_PERIODS = 10
