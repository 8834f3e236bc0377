"""Breakaway Football's words for yard lines, gains, downs, periods and card corners, made once per value."""
from __future__ import annotations

from functools import lru_cache

from game.i18n import N_, Message, PluralMessage

from . import field
from .cards import BLOCKED_ICON, FUMBLE_ICON, MISS_ICON, TOUCHDOWN_ICON, TURNOVER_ICON


def absolute(seat: int, spot: int) -> int:
    """A spot as yard lines from seat 0's goal line, for drawing the field."""
    return spot if seat == 0 else field.GOAL_LINE - spot


# the words of a number of yard lines, a gain and a down are made once per value (messages are values):
# nearly every play's events name them
@lru_cache(maxsize=None)
def short(count: int) -> Message:
    """'1 yard line', '3 yard lines'."""
    return PluralMessage("{count} yard line", "{count} yard lines", count)


@lru_cache(maxsize=None)
def lines(count: int) -> Message:
    """'1 yard line (5 yards)', '3 yard lines (15 yards)': the board's unit with the football one beside it."""
    return PluralMessage("{count} yard line ({yards} yards)", "{count} yard lines ({yards} yards)", count,
                         yards=5 * count)


#: the corner icons spelled out
_CORNER_WORDS: dict[str, str] = {TOUCHDOWN_ICON: N_("touchdown"), FUMBLE_ICON: N_("fumble"),
                                 TURNOVER_ICON: N_("turnover"), BLOCKED_ICON: N_("blocked"),
                                 MISS_ICON: N_("missed kick")}


def corner_words(value: int | str) -> Message | str:
    """A corner value as the card prints it, icons spelled out."""
    icon = _CORNER_WORDS.get(str(value))
    return str(value) if icon is None else Message(icon)


@lru_cache(maxsize=None)
def yardage(gain: int) -> Message:
    """A play's result in words: a gain, no gain or a loss."""
    if gain > 0:
        return Message("{lines} gained", lines=lines(gain))
    if gain == 0:
        return Message("no gain")
    return Message("a loss of {lines}", lines=lines(-gain))


#: down and distance by down (1st to 4th): "3rd and 10", "1st and goal"; each language words it its own way
_DOWN_AND_YARDS = (N_("1st and {yards}"), N_("2nd and {yards}"), N_("3rd and {yards}"), N_("4th and {yards}"))


_DOWN_AND_GOAL = (N_("1st and goal"), N_("2nd and goal"), N_("3rd and goal"), N_("4th and goal"))


#: the periods by quarter; the fifth and later are overtime
_PERIODS = (N_("1st quarter"), N_("2nd quarter"), N_("3rd quarter"), N_("4th quarter"))


@lru_cache(maxsize=None)
def down_and_distance(down: int, yards: int | None) -> Message:
    """'3rd and 10', or '1st and goal' when ``yards`` is None."""
    if yards is None:
        goal = _DOWN_AND_GOAL[down - 1]
        return Message(goal)
    to_go = _DOWN_AND_YARDS[down - 1]
    return Message(to_go, yards=yards)


def period_words(quarter: int) -> Message:
    """'1st quarter' ... '4th quarter', then 'overtime'."""
    if quarter > 4:
        return Message("overtime")
    period = _PERIODS[quarter - 1]
    return Message(period)


def team_words(name: str) -> Message:
    """A team's name (proper names, unchanged in most languages)."""
    return Message(name)
