"""Breaking Away as the launcher, the setup scene and the command line see it."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from game.core.spec import GameSpec, OptionSpec
from game.i18n import N_

from .setup_facts import MADISON_SEATS, NORMAL_SEATS, TEAM_COLOURS

if TYPE_CHECKING:
    from game.core.bots import Bot
    from game.core.protocol import Event
    from game.core.replay import Replay
    from game.core.spec import Hint
    from game.core.story import Panel


def _scene() -> type:
    from .scene import BreakingAwayScene
    return BreakingAwayScene


def _state_class() -> type:
    """The rules engine, imported when a game is set up or played, not when the app starts."""
    from .rules import BreakingAwayState
    return BreakingAwayState


def breaking_away_guide(view: Mapping[str, Any], seat: int) -> Hint | None:
    from .guide import guide
    return guide(view, seat)


def breaking_away_event_rule(event: Event) -> str | None:
    from .guide import event_rule
    return event_rule(event)


def check_setup(num_seats: int, options: Mapping[str, Any]) -> list[str]:
    from .rules import setup_problems
    return [str(problem) for problem in
            setup_problems(num_seats, options.get("mode") == "madison", bool(options.get("staggered_start")))]


def lazy_bot_factory(level: str, seat: int, seed: int, budget_scale: float = 1.0) -> Bot:
    """The game's bots, imported on first use: starting the app does not need them."""
    from .bots import make_bot
    return make_bot(level, seat, seed, budget_scale)


#: the option choices as the setup screen names them (``choice_label``), marked for translation
CHOICE_WORDS = (N_("Race"), N_("Madison"), N_("Secret"), N_("Open"))


def story_chart(replay: "Replay") -> tuple["Panel", ...]:
    """The story chart of a finished game (results screen, ``--story``), imported on first use."""
    from .story import story
    return story(replay)


SPEC = GameSpec(
    id="breaking-away",
    title=N_("Breaking Away"),
    pitch=N_("Cycle racing round a 40-square track: ride in the slipstream, break away for the sprints."),
    state_class=_state_class,
    min_seats=NORMAL_SEATS[0],
    max_seats=MADISON_SEATS[1],
    default_seats=4,
    options=(
        OptionSpec("mode", N_("Race"), "race", "choice", choices=("race", "madison"),
                   help=N_("race: the rulebook's race of teams of four (3 to 9 teams). madison: Ton Segers' "
                           "variant for 9 to 14 teams of two who take turns, four laps, points at the start line.")),
        OptionSpec("factors", N_("Movement factors"), "secret", "choice", choices=("secret", "open"),
                   help=N_("secret (the designer's ruling): each team sees only its own sheet. "
                           "open: every sheet is shown to the table once the race starts.")),
        OptionSpec("rival_breakaway", N_("Rival breakaway bonus"), False,
                   help=N_("The race leader's bonus is his lead over the best-placed rider of another team.")),
        OptionSpec("overcrowding", N_("First-turn overcrowding"), False,
                   help=N_("After the first turn, riders on a square of 5 or more get 3 and such squares "
                           "count as empty for the slipstream.")),
        OptionSpec("staggered_start", N_("Staggered start"), False,
                   help=N_("Cyclists 1 start on square 0, cyclists 2 on 39, 3 on 38 and 4 on 37 (normal race only).")),
    ),
    check_setup=check_setup,
    bot_factory=lazy_bot_factory,
    level_help={"easy": N_("A random sheet; half its moves chase the slipstream, half are any factor."),
                "normal": N_("A steep sheet; weighs points, its replacement factor and the next sprint."),
                "hard": N_("Tries every factor in sampled races before moving.")},
    scene=_scene,
    colours=TEAM_COLOURS,
    guide=breaking_away_guide,
    event_rule=breaking_away_event_rule,
    extra={"story": story_chart, "story_playouts": 8,
           "bench": ({"label": "6 teams, 24 riders", "seats": 6, "options": {}},)},
)
