"""Breakaway Rider as the launcher, setup screen and command line see it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from game.core.spec import GameSpec, OptionSpec
from game.i18n import N_


if TYPE_CHECKING:
    from game.core.bots import Bot
    from game.core.protocol import Event
    from game.core.replay import Replay
    from game.core.spec import Hint
    from game.core.story import Panel


def lazy_bot_factory(level: str, seat: int, seed: int, budget_scale: float = 1.0) -> Bot:
    """The game's bots, imported on first use: starting the app does not need them."""
    from .bots import bot_factory
    return bot_factory(level, seat, seed, budget_scale)


def _state_class() -> type:
    """The rules engine, imported when a game is set up or played, not when the app starts."""
    from .rules import BreakawayRiderState
    return BreakawayRiderState


def rider_guide(view: Mapping[str, Any], seat: int) -> Hint | None:
    from .guide import guide
    return guide(view, seat)


def rider_event_rule(event: Event) -> str | None:
    from .guide import event_rule
    return event_rule(event)


def _scene() -> type:
    """The table on screen, imported only by the app (the rules stay free of pygame)."""
    from .scene import BreakawayRiderScene
    return BreakawayRiderScene


def story_chart(replay: "Replay") -> tuple["Panel", ...]:
    """The story chart of a finished game (results screen, ``--story``), imported on first use."""
    from .story import story
    return story(replay)


SPEC = GameSpec(
    id="breakaway-rider",
    title=N_("Breakaway Rider"),
    pitch=N_("A card race: set the pace in the yellow jersey, ride in the slipstream, dodge the penalty minutes."),
    state_class=_state_class,
    min_seats=2,
    max_seats=6,
    default_seats=4,
    options=(
        OptionSpec("stages", N_("Stages"), 3, "int", minimum=3, maximum=5,
                   help=N_("How many stages the race has; the best total after the last one wins.")),
        OptionSpec("special_cards", N_("Special cards"), True, "bool",
                   help=N_("Climb, sprint and headwind cards; off gives the rulebook's simple version with speed "
                           "cards only.")),
    ),
    bot_factory=lazy_bot_factory,
    level_help={"easy": N_("Picks a random card that costs no minutes; rarely sprints."),
                "normal": N_("Weighs each play one move ahead: minutes, the jersey and the pace."),
                "hard": N_("Plays each card out over sampled deals and plays to win the race.")},
    scene=_scene,
    guide=rider_guide,
    event_rule=rider_event_rule,
    extra={"story": story_chart, "story_playouts": 48,
           "bench": ({"label": "6 riders", "seats": 6, "options": {}},)},
)
