"""The field in yard lines, and the odds the board shows, read from the Game Day deck.

The ball moves on 21 spots: a *spot* here counts yard lines (5 yards each) from the
offense's own goal line, so 0 is its own goal line, 4 its own 20, 10 midfield, 16 the
opponent's 20 and 20 the opponent's goal line (a touchdown).  Seen from the other
team the same ball is at ``20 - spot``.  Pure functions: the engine, the bots and the
scene all use them.
"""
from __future__ import annotations

from functools import lru_cache

from game.i18n import Message

from .cards import GAME_DAY_DECK, MISS_ICON, GameDayCard

GOAL_LINE = 20
MIDFIELD = 10
#: first-down lines: own 20, the 50, the opponent's 20, then the goal line
FIRST_DOWN_LINES: tuple[int, ...] = (4, 10, 16, 20)
TOUCHBACK_SPOT = 4
KICKOFF_TOUCHBACK_SPOT = 5
TWO_POINT_SPOT = 18
ONSIDE_SPOT = 10
FREE_KICK_SPOT = 4
#: penalties stop at the 5: never onto the opponent's goal line, never onto one's own
PENALTY_LIMIT_FORWARD = 19
PENALTY_LIMIT_BACK = 1
#: a field goal from further than the opponent's 45 cannot score (the chart ends at 9)
LONGEST_FIELD_GOAL = 9
#: the kick return table: offense breakaway corner value -> receiving team's spot
KICKOFF_RETURN_SPOTS: dict[int, int] = {-1: 5, 0: 5, 1: 3, 2: 6, 3: 9}
ONSIDE_RECOVERY_VALUES = (8, 9)
HAIL_MARY_COMPLETION_VALUE = 9
HAIL_MARY_GAIN = 10
EXTRA_POINT_VALUE = 3


def next_first_down_line(spot: int) -> int:
    """The first-down line the offense plays for from ``spot`` (the goal line inside the 20)."""
    for line in FIRST_DOWN_LINES:
        if line > spot:
            return line
    return GOAL_LINE


def field_goal_distance(spot: int) -> int:
    """Kick distance = the opponent's yard line / 5 (the 30-yard line is a 6)."""
    return GOAL_LINE - spot


def flip(spot: int) -> int:
    """The same place on the field seen by the other team."""
    return GOAL_LINE - spot


@lru_cache(maxsize=None)
def on_yard_line(spot: int, whose: str = "its") -> Message:
    """'on its own 25', 'on the 50', 'on the opponent's 30' for the offense at ``spot``, as a message
    (the preposition belongs to it: languages bind it to the article).  ``whose`` names the offense's own
    half: "its", "their" (a receiving team) or "your" (the player reading it, whose opponent's half is
    "their" half).  Made once per spot: messages are values, and most events name a spot."""
    if spot >= GOAL_LINE:
        return Message("on the goal line")
    if spot == MIDFIELD:
        return Message("on the 50")
    if spot > MIDFIELD:
        if whose == "your":
            return Message("on their {yards}", yards=(GOAL_LINE - spot) * 5)
        return Message("on the opponent's {yards}", yards=(GOAL_LINE - spot) * 5)
    if whose == "your":
        if spot <= 0:
            return Message("on your own goal line")
        return Message("on your own {yards}", yards=spot * 5)
    if whose == "their":
        if spot <= 0:
            return Message("on their own goal line")
        return Message("on their own {yards}", yards=spot * 5)
    if spot <= 0:
        return Message("on its own goal line")
    return Message("on its own {yards}", yards=spot * 5)


@lru_cache(maxsize=None)
def from_yard_line(spot: int) -> Message:
    """'from the opponent's 30': where a field goal is kicked (always in the opponent's half)."""
    return Message("from the opponent's {yards}", yards=(GOAL_LINE - spot) * 5)


def hail_mary_cards(spot: int) -> int:
    """How many Game Day cards a Hail Mary draws: 4 from midfield on, 2 from the own 30, else 1."""
    if spot >= MIDFIELD:
        return 4
    if spot >= 6:
        return 2
    return 1


def restricted_pass(play_type: str, spot: int) -> bool:
    """No Long Pass on the opponent's 15, 10 or 5; no Medium Pass on the opponent's 5."""
    if play_type == "Long Pass":
        return spot >= 17
    if play_type == "Medium Pass":
        return spot >= 19
    return False


def hail_mary_allowed(spot: int) -> bool:
    """A Hail Mary is a long pass: not from the opponent's 15 or closer."""
    return spot < 17


# --- odds from the deck ---------------------------------------------------------------------

def _share(cards: tuple[GameDayCard, ...], test) -> float:
    return sum(1 for card in cards if test(card)) / len(cards)


def field_goal_chance(distance: int, iced: bool = False, deck: tuple[GameDayCard, ...] = GAME_DAY_DECK) -> float:
    """Probability that one Game Day card makes a kick of ``distance`` (icing takes 1 off)."""
    penalty = 1 if iced else 0
    return _share(deck, lambda c: c.field_goal != MISS_ICON and int(c.field_goal) - penalty >= distance)


def extra_point_chance(deck: tuple[GameDayCard, ...] = GAME_DAY_DECK) -> float:
    return field_goal_chance(EXTRA_POINT_VALUE, deck=deck)


def onside_chance(deck: tuple[GameDayCard, ...] = GAME_DAY_DECK) -> float:
    return _share(deck, lambda c: c.field_goal in ONSIDE_RECOVERY_VALUES)


def hail_mary_card_chance(deck: tuple[GameDayCard, ...] = GAME_DAY_DECK) -> float:
    """Chance that a single card completes the Hail Mary (a field-goal value of 9)."""
    return _share(deck, lambda c: c.field_goal == HAIL_MARY_COMPLETION_VALUE)


def hail_mary_chances(spot: int, deck: tuple[GameDayCard, ...] = GAME_DAY_DECK) -> tuple[float, float]:
    """(completion, interception returned for a touchdown) over all the cards drawn from ``spot``."""
    complete = hail_mary_card_chance(deck)
    picked = _share(deck, lambda c: c.field_goal == MISS_ICON)
    going_on = 1.0 - complete - picked
    done = 0.0
    lost = 0.0
    reach = 1.0
    for _ in range(hail_mary_cards(spot)):
        done += reach * complete
        lost += reach * picked
        reach *= going_on
    return done, lost


def kickoff_return_spot(value: int) -> int:
    return KICKOFF_RETURN_SPOTS[max(-1, min(3, value))]
