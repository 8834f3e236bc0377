"""The movement log sheet at setup: how a cyclist's starting values may be chosen.

A cyclist rated 1 spreads 30 points over 3 or 4 values, #2 25 over 3, #3 20 over
3, #4 16 over 3; every value is a whole number from 1 to 15 (FAQ: no 0, nothing
above 15 even if it would not be used on the first turn).  A sheet can be built
one value at a time; only values that can still lead to a valid sheet are
accepted, so a player (or a random bot) can never paint itself into a corner.
"""
from __future__ import annotations

from typing import Sequence

from game.i18n import Message, PluralMessage

from .data import HIGHEST_START_VALUE, LOWEST_START_VALUE, SHEET_LIMITS, SheetLimit


def limit_for(rank: int) -> SheetLimit:
    return SHEET_LIMITS[rank]


def can_complete(values: Sequence[int], limit: SheetLimit) -> bool:
    """Whether more values from 1..15 (or none) can bring ``values`` to a valid sheet."""
    used = sum(values)
    for count in limit.counts:
        missing = count - len(values)
        left = limit.total - used
        if missing == 0 and left == 0:
            return True
        if missing > 0 and missing * LOWEST_START_VALUE <= left <= missing * HIGHEST_START_VALUE:
            return True
    return False


def is_complete(values: Sequence[int], limit: SheetLimit) -> bool:
    return len(values) in limit.counts and sum(values) == limit.total


def next_values(values: Sequence[int], limit: SheetLimit) -> list[int]:
    """The values that may be added now and still lead to a valid sheet."""
    if is_complete(values, limit):
        return []
    return [v for v in range(LOWEST_START_VALUE, HIGHEST_START_VALUE + 1) if can_complete([*values, v], limit)]


def value_in_range(value: int) -> bool:
    """Whether a single starting value is allowed at all (a whole number from 1 to 15)."""
    return LOWEST_START_VALUE <= value <= HIGHEST_START_VALUE


def value_problem(value: int, number: int) -> Message | None:
    """The FAQ's rulings on a single starting value of cyclist ``number``, or None when it is fine."""
    if value < LOWEST_START_VALUE:
        return Message("cyclist {number} cannot start with a factor of {value}: every starting value is a whole "
                       "number from {low} to {high}.", number=number, value=value, low=LOWEST_START_VALUE,
                       high=HIGHEST_START_VALUE)
    if value > HIGHEST_START_VALUE:
        return Message("cyclist {number} cannot start with a factor of {value}: no starting value may be above "
                       "{high} (only a replacement factor can be).", number=number, value=value,
                       high=HIGHEST_START_VALUE)
    return None


def sheet_problem(values: Sequence[int], limit: SheetLimit, number: int) -> Message | None:
    """Why a whole set of values is not a valid starting sheet for cyclist ``number``, or None when it is."""
    for value in values:
        problem = value_problem(value, number)
        if problem:
            return problem
    if len(values) not in limit.counts:
        return PluralMessage("cyclist {number} needs {counts} value, not {given}.",
                             "cyclist {number} needs {counts} values, not {given}.", limit.counts[-1],
                             number=number, counts=limit.counts_text(), given=len(values))
    total = sum(values)
    if total != limit.total:
        return Message("cyclist {number}'s values add up to {total}; they must add up to {needed}.",
                       number=number, total=total, needed=limit.total)
    return None


def _listed(values: Sequence[int]) -> Message | str:
    """'5', '5 and 16', '5, 6 and 16'."""
    words = [str(v) for v in values]
    if len(words) == 1:
        return words[0]
    return Message("{some} and {last}", some=", ".join(words[:-1]), last=words[-1])


def value_problems(values: Sequence[int]) -> list[Message]:
    """Every out-of-range value of one cyclist, in short sentences (the sheet form names the cyclist)."""
    problems = []
    high = [v for v in values if v > HIGHEST_START_VALUE]
    low = [v for v in values if v < LOWEST_START_VALUE]
    if high:
        problems.append(PluralMessage("{values} is too high: starting values go up to {high}.",
                                      "{values} are too high: starting values go up to {high}.", len(high),
                                      values=_listed(high), high=HIGHEST_START_VALUE))
    if low:
        problems.append(PluralMessage("{values} is too low: starting values begin at {low}.",
                                      "{values} are too low: starting values begin at {low}.", len(low),
                                      values=_listed(low), low=LOWEST_START_VALUE))
    return problems


def sheet_problems(values: Sequence[int], limit: SheetLimit) -> list[Message]:
    """Everything wrong with one cyclist's values, in short sentences; empty when they are a valid sheet."""
    problems = value_problems(values)
    if len(values) not in limit.counts:
        problems.append(Message("Give {counts} values, not {given}.", counts=limit.counts_text(), given=len(values)))
    total = sum(values)
    if total != limit.total:
        problems.append(Message("The values add up to {total}, not {needed}.", total=total, needed=limit.total))
    return problems


def step_problem(values: Sequence[int], value: int, limit: SheetLimit, number: int) -> Message | None:
    """Why ``value`` may not be added to cyclist ``number``'s sheet being built, or None when it may."""
    problem = value_problem(value, number)
    if problem:
        return problem
    if is_complete(values, limit):
        return Message("cyclist {number}'s values are already complete ({values}).", number=number,
                       values=", ".join(map(str, values)))
    if can_complete([*values, value], limit):
        return None
    if values:
        return Message("cyclist {number} cannot take {value}: with {chosen} already chosen, the values could no "
                       "longer add up to {total} over {counts} values of {low} to {high}.", number=number,
                       value=value, chosen=", ".join(map(str, values)), total=limit.total,
                       counts=limit.counts_text(), low=LOWEST_START_VALUE, high=HIGHEST_START_VALUE)
    return Message("cyclist {number} cannot take {value}: the values could no longer add up to {total} over "
                   "{counts} values of {low} to {high}.", number=number, value=value, total=limit.total,
                   counts=limit.counts_text(), low=LOWEST_START_VALUE, high=HIGHEST_START_VALUE)


def sheets_near(bases: Sequence[Sequence[int]], limit: SheetLimit, shift: int) -> list[tuple[int, ...]]:
    """Every valid sheet (highest value first) that moves at most ``shift`` points between the values of
    one of ``bases`` and keeps its shape: the same number of values, in the same order from highest, the
    long factor within one of the base's, the smallest no bigger than the base's."""
    found: set[tuple[int, ...]] = set()
    for base in bases:
        ordered = tuple(sorted(base, reverse=True))
        _vary(ordered, 0, [], 0, shift, limit, found)
    return sorted(found, reverse=True)


def _vary(base: tuple[int, ...], index: int, chosen: list[int], moved: int, shift: int, limit: SheetLimit,
          found: set[tuple[int, ...]]) -> None:
    if index == len(base):
        if is_complete(chosen, limit):
            found.add(tuple(chosen))
        return
    ceiling = chosen[-1] if chosen else HIGHEST_START_VALUE
    low, high = base[index] - shift, base[index] + shift
    if index == 0:
        low, high = base[index] - 1, base[index] + 1
    elif index == len(base) - 1:
        high = base[index]
    for value in range(max(LOWEST_START_VALUE, low), min(ceiling, high) + 1):
        cost = moved + abs(value - base[index])
        if cost <= 2 * shift:  # every point moved leaves one value and reaches another
            _vary(base, index + 1, [*chosen, value], cost, shift, limit, found)
