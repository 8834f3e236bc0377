"""Breakout's registration: two seats, Yellow and Blue, and its own bots."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from game.core.spec import GameSpec, Hint
from game.i18n import N_

if TYPE_CHECKING:
    from game.core.bots import Bot
    from game.core.protocol import Event
    from game.core.replay import Replay
    from game.core.story import Panel


def _state_class() -> type:
    """The rules engine, imported when a game is set up or played, not when the app starts."""
    from .rules import BreakoutState
    return BreakoutState


def _scene() -> type:
    from .scene import BreakoutScene
    return BreakoutScene


def breakout_bot(level: str, seat: int, seed: int, budget_scale: float) -> Bot:
    """Imports the bots on first use: their lookup tables are not needed to start the app."""
    from .bots import make_bot
    return make_bot(SPEC, level, seat, seed, budget_scale)


def breakout_guide(view: Mapping[str, Any], seat: int) -> Hint | None:
    """The guided first game's hint; imported on first use, like the bots it borrows its judgement from."""
    from .guide import guide
    return guide(view, seat)


def breakout_event_rule(event: "Event") -> str | None:
    from .guide import event_rule
    return event_rule(event)


def story_chart(replay: "Replay") -> tuple["Panel", ...]:
    """The story chart of a finished game (results screen, ``--story``), imported on first use."""
    from .story import story
    return story(replay)


SPEC = GameSpec(
    id="breakout",
    title=N_("Breakout"),
    pitch=N_("Push rope pieces into the wall, knock your rival's out, and tie a rope from bottom to top."),
    state_class=_state_class,
    min_seats=2,
    max_seats=2,
    default_seats=2,
    bot_factory=breakout_bot,
    level_help={"easy": N_("Takes an escape when it sees one, otherwise plays at random."),
                "normal": N_("Never hands you an escape two moves ahead; shortens its own rope."),
                "hard": N_("Searches several pushes deep and sets up double threats.")},
    seat_names=(N_("Yellow"), N_("Blue")),
    colours=((N_("Yellow"), "#F0E442"), (N_("Blue"), "#0072B2")),
    scene=_scene,
    guide=breakout_guide,
    extra={"story": story_chart, "story_playouts": 48},
    event_rule=breakout_event_rule,
)
