"""The movement log sheet at setup: how a cyclist's starting values may be chosen.

A cyclist rated 1 spreads 30 points over 3 or 4 values, #2 25 over 3, #3 20 over
3, #4 16 over 3; every value is a whole number from 1 to 15 (FAQ: no 0, nothing
above 15 even if it would not be used on the first turn).  A sheet can be built
one value at a time; only values that can still lead to a valid sheet are
accepted, so a player (or a random bot) can never paint itself into a corner.
"""
from __future__ import annotations

from typing import Sequence

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


def value_problem(value: int, who: str) -> str | None:
    """The FAQ's rulings on a single starting value, as a sentence, or None when it is fine."""
    if value < LOWEST_START_VALUE:
        return (f"{who} cannot start with a factor of {value}: every starting value is a whole number "
                f"from {LOWEST_START_VALUE} to {HIGHEST_START_VALUE}.")
    if value > HIGHEST_START_VALUE:
        return (f"{who} cannot start with a factor of {value}: no starting value may be above "
                f"{HIGHEST_START_VALUE} (only a replacement factor can be).")
    return None


def sheet_problem(values: Sequence[int], limit: SheetLimit, who: str) -> str | None:
    """Why a whole set of values is not a valid starting sheet, or None when it is."""
    for value in values:
        problem = value_problem(value, who)
        if problem:
            return problem
    if len(values) not in limit.counts:
        plural = "value" if limit.counts == (1,) else "values"
        return f"{who} needs {limit.counts_text()} {plural}, not {len(values)}."
    total = sum(values)
    if total != limit.total:
        return f"{who}'s values add up to {total}; they must add up to {limit.total}."
    return None


def _listed(values: Sequence[int]) -> str:
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def value_problems(values: Sequence[int]) -> list[str]:
    """Every out-of-range value of one cyclist, in short sentences (the sheet form names the cyclist)."""
    problems = []
    high = [v for v in values if v > HIGHEST_START_VALUE]
    low = [v for v in values if v < LOWEST_START_VALUE]
    if high:
        verb = "is" if len(high) == 1 else "are"
        problems.append(f"{_listed(high)} {verb} too high: starting values go up to {HIGHEST_START_VALUE}.")
    if low:
        verb = "is" if len(low) == 1 else "are"
        problems.append(f"{_listed(low)} {verb} too low: starting values begin at {LOWEST_START_VALUE}.")
    return problems


def sheet_problems(values: Sequence[int], limit: SheetLimit) -> list[str]:
    """Everything wrong with one cyclist's values, in short sentences; empty when they are a valid sheet."""
    problems = value_problems(values)
    if len(values) not in limit.counts:
        problems.append(f"Give {limit.counts_text()} values, not {len(values)}.")
    total = sum(values)
    if total != limit.total:
        problems.append(f"The values add up to {total}, not {limit.total}.")
    return problems


def step_problem(values: Sequence[int], value: int, limit: SheetLimit, who: str) -> str | None:
    """Why ``value`` may not be added to a sheet being built, or None when it may."""
    problem = value_problem(value, who)
    if problem:
        return problem
    if is_complete(values, limit):
        return f"{who}'s values are already complete ({', '.join(map(str, values))})."
    if can_complete([*values, value], limit):
        return None
    chosen = f"with {', '.join(map(str, values))} already chosen, " if values else ""
    return (f"{who} cannot take {value}: {chosen}the values could no longer add up to {limit.total} "
            f"over {limit.counts_text()} values of {LOWEST_START_VALUE} to {HIGHEST_START_VALUE}.")


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
