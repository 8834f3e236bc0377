"""Breakaway Rider as the launcher, setup screen and command line see it."""
from __future__ import annotations

from game.core.spec import GameSpec, OptionSpec

from .bots import bot_factory
from .rules import BreakawayRiderState

SPEC = GameSpec(
    id="breakaway-rider",
    title="Breakaway Rider",
    pitch="A card race: set the pace in the yellow jersey, ride in the slipstream, dodge the penalty minutes.",
    state_class=BreakawayRiderState,
    min_seats=2,
    max_seats=6,
    default_seats=4,
    options=(
        OptionSpec("stages", "Stages", 3, "int", minimum=3, maximum=5,
                   help="How many stages the race has; the best total after the last one wins."),
        OptionSpec("special_cards", "Special cards", True, "bool",
                   help="Climb, sprint and headwind cards; off gives the rulebook's simple version with speed "
                        "cards only."),
    ),
    bot_factory=bot_factory,
    scene=None,
)
