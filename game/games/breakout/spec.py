"""Breakout's registration: two seats, Yellow and Blue, and its own bots."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.spec import GameSpec

from .rules import BreakoutState

if TYPE_CHECKING:
    from game.core.bots import Bot


def _scene() -> type:
    from .scene import BreakoutScene
    return BreakoutScene


def breakout_bot(level: str, seat: int, seed: int, budget_scale: float) -> Bot:
    """Imports the bots on first use: their lookup tables are not needed to start the app."""
    from .bots import make_bot
    return make_bot(SPEC, level, seat, seed, budget_scale)


SPEC = GameSpec(
    id="breakout",
    title="Breakout",
    pitch="Push rope pieces into the wall, knock your rival's out, and tie a rope from bottom to top.",
    state_class=BreakoutState,
    min_seats=2,
    max_seats=2,
    default_seats=2,
    bot_factory=breakout_bot,
    seat_names=("Yellow", "Blue"),
    colours=(("Yellow", "#F0E442"), ("Blue", "#0072B2")),
    scene=_scene,
)
