"""Leader 1's dice and tiles, read from maps/leader1/tables.json, and the odds of a risk (C.2)."""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from game.core.paths import resource_path
from game.core.rng import Die


#: C.2: the events die must reach these, for the first, second and later risks of a rider
RISK_THRESHOLDS = (5, 8, 11)


@lru_cache(maxsize=1)
def tables() -> dict[str, Any]:
    """The tunable dice and tiles (maps/leader1/tables.json)."""
    return json.loads(resource_path("maps", "leader1", "tables.json").read_text(encoding="utf-8"))


def peloton_die() -> Die:
    return _die(tuple(tables()["peloton_die"]))


def events_die() -> Die:
    """The plain die that decides risks and punctures (C.2, C.3)."""
    return _die(tuple(range(1, int(tables()["events_die_sides"]) + 1)))


@lru_cache(maxsize=None)
def _die(faces: tuple[int | str, ...]) -> Die:
    """A die by its faces, made once (a die is a value; the peloton's is rolled every turn)."""
    return Die(faces)


def risk_threshold(risks_taken: int) -> int:
    """C.2: the events die result needed for a rider's next risk."""
    return RISK_THRESHOLDS[min(risks_taken, len(RISK_THRESHOLDS) - 1)]


def risk_odds(risks_taken: int) -> float:
    """Chance that the next risk goes well."""
    sides = int(tables()["events_die_sides"])
    return max(0, sides - risk_threshold(risks_taken) + 1) / sides
