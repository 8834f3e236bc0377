"""Leader 1's registration: seats, options (race, stages, riders) and its own bots."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from game.core.spec import GameSpec, OptionSpec
from game.i18n import N_, _

from .setup_facts import MAX_RIDERS, SEAT_COLOURS, SHIPPED_RACES, USER_PREFIX, riders_allowed

if TYPE_CHECKING:
    from game.core.bots import Bot
    from game.core.protocol import Event
    from game.core.replay import Replay
    from game.core.spec import Hint
    from game.core.story import Panel

MAX_STAGES = 5


class RaceOptionSpec(OptionSpec):
    """The race option: a shipped race by name, or a race the user saved, as ``user:<name>``.

    The shipped names are the static choices; user races are accepted when the
    file exists in the user's races folder and passes the builder's checks.
    It adds no field, so it inherits OptionSpec's frozen dataclass methods as they are
    (decorating it again would only cost start-up time).
    """

    def allowed(self) -> str:
        return _("one of {choices}, or {prefix}<name> for a race you saved").format(
            choices=", ".join(self.choices), prefix=USER_PREFIX)

    def menu_choices(self) -> tuple[str, ...]:
        """Shipped races, then every race the user saved: a damaged one is offered too, and choosing it
        shows why it cannot be raced (``check_setup``) rather than letting it vanish from the list."""
        from .races import list_races, user_race_keys
        races, _problems = list_races()
        keys = [race.key for race in races]
        return tuple(keys + [key for key in user_race_keys() if key not in keys])

    def parse(self, text: str) -> Any:
        word = text.strip()
        if self.valid(word):
            return word
        raise ValueError(_("option {key}={text} is not allowed; use {allowed}").format(
            key=self.key, text=repr(text), allowed=self.allowed()))

    def valid(self, value: Any) -> bool:
        if value in self.choices:
            return True
        from .races import user_race_keys
        return isinstance(value, str) and value in user_race_keys()


def check_setup(num_seats: int, options: Mapping[str, Any]) -> list[str]:
    """A.2: riders per player by table size, at most 12 riders in all."""
    problems = []
    riders = int(options.get("riders", 1))
    allowed = riders_allowed(num_seats)
    if riders not in allowed:
        problems.append(_("With {players} players, riders per player: {allowed} (not {riders}).").format(
            players=num_seats, allowed=", ".join(map(str, allowed)), riders=riders))
    elif riders * num_seats > MAX_RIDERS:
        problems.append(_("{players} players with {riders} riders each makes {total}; "
                          "at most {most} riders take part.").format(
            players=num_seats, riders=riders, total=riders * num_seats, most=MAX_RIDERS))
    race = options.get("race", SHIPPED_RACES[0])
    if isinstance(race, str) and race.startswith(USER_PREFIX):
        from game.core.tiled import MapError

        from .races import race_by_key, user_race_problem
        try:
            race_by_key(race)
        except MapError as exc:
            # the gist only (the builder lists the details): it must fit under the options
            problems.append(_("{problem} Choose another race, or rebuild it.").format(
                problem=user_race_problem(race, exc, brief=True)))
    stages = int(options.get("stages", 0))
    if stages > 1 and options.get("race", SHIPPED_RACES[0]) != SHIPPED_RACES[0]:
        problems.append(_("A stage race rides its own calendar; leave the race at its default or set stages to 0."))
    return problems


def _state_class() -> type:
    """The rules engine, imported when a race is set up or played, not when the app starts."""
    from .rules import Leader1State
    return Leader1State


def leader1_guide(view: Mapping[str, Any], seat: int) -> Hint | None:
    from .guide import guide
    return guide(view, seat)


def leader1_event_rule(event: Event) -> str | None:
    from .guide import event_rule
    return event_rule(event)


def _scene() -> type:
    from .scene import Leader1Scene
    return Leader1Scene


def _builder() -> type:
    """The race builder screen, ``BuilderScene(app, seats=None, start_race=None)``."""
    from .builder_scene import BuilderScene
    return BuilderScene


def _open_builder(app: Any, use_options: Any) -> Any:
    """The race builder from the setup screen: "Save and race" takes the new race as the option."""
    return _builder()(app, start_race=lambda key: use_options({"race": key, "stages": 0}))


def leader1_bot(level: str, seat: int, seed: int, budget_scale: float) -> Bot:
    from .bots import make_bot
    return make_bot(SPEC, level, seat, seed, budget_scale)


#: the shipped races as the setup screen names them (``choice_label``), marked for translation
CHOICE_WORDS = (N_("First race"), N_("Coast road"), N_("Three valleys"), N_("Grand loop"), N_("Summit finish"))


def story_chart(replay: "Replay") -> tuple["Panel", ...]:
    """The story chart of a finished game (results screen, ``--story``), imported on first use."""
    from .story import story
    return story(replay)


SPEC = GameSpec(
    id="leader-1",
    title=N_("Leader 1"),
    pitch=N_("Lay out a road of hexagons, then break away from the peloton, climb, descend and sprint "
             "without running out of energy."),
    state_class=_state_class,
    min_seats=2,
    max_seats=10,
    default_seats=4,
    options=(
        RaceOptionSpec("race", N_("Race"), SHIPPED_RACES[0], "choice", choices=SHIPPED_RACES,
                       help=N_("The road to ride; races you built appear as user:<name>.")),
        OptionSpec("stages", N_("Stages"), 0, "int", minimum=0, maximum=MAX_STAGES,
                   help=N_("0 or 1: a single race; 2 to 5: a stage race over the shipped calendar."),
                   value_words=((0, N_("One race")), (1, N_("One race")))),
        OptionSpec("riders", N_("Riders per player"), 1, "int", minimum=1, maximum=3,
                   help=N_("2-4 players: 1 to 3; 5 players: 1 or 2; 6 to 10 players: 1.")),
    ),
    check_setup=check_setup,
    bot_factory=leader1_bot,
    level_help={"easy": N_("Rides by rough habit: cheap moves, a timid sprint, random attacks."),
                "normal": N_("Prices moves by the energy the finish needs; rides economically when clear."),
                "hard": N_("Spends spare energy on a lead, chases earlier, tests attacks by playouts.")},
    scene=_scene,
    colours=SEAT_COLOURS,
    guide=leader1_guide,
    event_rule=leader1_event_rule,
    extra={"story": story_chart, "story_playouts": 24,
           "bench": ({"label": "12 riders", "seats": 4, "options": {"riders": 3}},),
           "builder": _builder,
           "setup_tool": (N_("Race builder"), _open_builder)},
)
