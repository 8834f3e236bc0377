"""The explicit registry of games (no folder scanning: a frozen app can't follow it)."""
from __future__ import annotations

from game.core.spec import GameSpec


def all_specs() -> dict[str, GameSpec]:
    """Every registered game by id, in launcher order."""
    specs: list[GameSpec] = []
    return {spec.id: spec for spec in specs}
