"""The explicit registry of games (no folder scanning: a frozen app can't follow it)."""
from __future__ import annotations

from game.core.spec import GameSpec


def all_specs() -> dict[str, GameSpec]:
    """Every registered game by id, in launcher order."""
    from game.games.breakaway_rider.spec import SPEC as BREAKAWAY_RIDER
    from game.games.breaking_away.spec import SPEC as BREAKING_AWAY
    from game.games.breakout.spec import SPEC as BREAKOUT
    from game.games.football.spec import SPEC as FOOTBALL
    from game.games.leader1.spec import SPEC as LEADER_1

    specs: list[GameSpec] = [BREAKING_AWAY, BREAKAWAY_RIDER, LEADER_1, FOOTBALL, BREAKOUT]
    return {spec.id: spec for spec in specs}
