"""Breakaway Football as the launcher, setup screen and command line see it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from game.core.spec import GameSpec, OptionSpec
from game.i18n import N_, _

from .setup_facts import OVERTIME_RULES, PRO_OVERTIME, TEAM_NAMES

if TYPE_CHECKING:
    from game.core.bots import Bot
    from game.core.protocol import Event
    from game.core.replay import Replay
    from game.core.spec import Hint
    from game.core.story import Panel


def _state_class() -> type:
    """The rules engine, imported when a game is set up or played, not when the app starts."""
    from .rules import FootballState
    return FootballState


def football_guide(view: Mapping[str, Any], seat: int) -> Hint | None:
    from .guide import guide
    return guide(view, seat)


def football_event_rule(event: Event) -> str | None:
    from .guide import event_rule
    return event_rule(event)


def _scene() -> type:
    from .scene import FootballScene
    return FootballScene


def check_setup(num_seats: int, options: Mapping[str, Any]) -> list[str]:
    """The rulebook does not forbid a team against itself, so any two teams may meet."""
    return [] if num_seats == 2 else [_("Breakaway Football is a game for two coaches.")]


def lazy_bot_factory(level: str, seat: int, seed: int, budget_scale: float = 1.0) -> Bot:
    """The game's bots, imported on first use: starting the app does not need them."""
    from .bots import bot_factory
    return bot_factory(level, seat, seed, budget_scale)


#: the overtime choices as the setup screen names them (``choice_label``), marked for translation
CHOICE_WORDS = (N_("Pro"), N_("Sudden death"))


def story_chart(replay: "Replay") -> tuple["Panel", ...]:
    """The story chart of a finished game (results screen, ``--story``), imported on first use."""
    from .story import story
    return story(replay)


SPEC = GameSpec(
    id="breakaway-football",
    title=N_("Breakaway Football"),
    pitch=N_("Call plays face down, audible at the line and chase breakaways against a clock made of cards."),
    state_class=_state_class,
    min_seats=2,
    max_seats=2,
    default_seats=2,
    options=(
        OptionSpec("team_1", N_("Team of seat 1"), "Lightning", "choice", choices=TEAM_NAMES,
                   help=N_("Maulers run, Pharaohs pass, Lightning and Fire are balanced.")),
        OptionSpec("team_2", N_("Team of seat 2"), "Fire", "choice", choices=TEAM_NAMES,
                   help=N_("Maulers run, Pharaohs pass, Lightning and Fire are balanced.")),
        OptionSpec("overtime", N_("Overtime"), PRO_OVERTIME, "choice", choices=OVERTIME_RULES,
                   help=N_("Pro: a first-possession field goal gives the other team a drive, a touchdown wins, "
                           "one period. Sudden death: the first score wins.")),
        OptionSpec("late_half_incompletions", N_("Late-half incompletions"), False, "bool",
                   help=N_("With five offense cards or fewer left in a half, an incomplete pass keeps its card.")),
        OptionSpec("coffin_corner", N_("Coffin-corner punts"), False, "bool",
                   help=N_("The offense may punt 2 yard lines shorter to pin the other team deep.")),
        OptionSpec("ice_the_kicker", N_("Ice the kicker"), False, "bool",
                   help=N_("Before a field goal the defense may spend a time out: the kick's value drops by 1.")),
    ),
    check_setup=check_setup,
    bot_factory=lazy_bot_factory,
    level_help={"easy": N_("Calls by team habit, down and distance; guesses on defense; simple kicking."),
                "normal": N_("Weighs every call in expected points; sound downs, kicks and clock."),
                "hard": N_("Also counts Game Day cards, hides its play from your defense, audibles.")},
    scene=_scene,
    guide=football_guide,
    extra={"story": story_chart, "side_name": lambda state, seat: state.team_name(seat)},
    event_rule=football_event_rule,
)
