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
