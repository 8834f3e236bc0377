"""What each game declares about itself: seats, options, colours, bots, scene.

The launcher, the setup scene and the command line are all driven by this data,
so adding an option to a game is one line in its ``spec.py``.
"""
from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Union

from game.i18n import N_, Message, Translated, _, ngettext, words

if TYPE_CHECKING:
    from .bots import Bot
    from .protocol import Event, GameState

#: Okabe-Ito colours first (colour-blind safe), then black and white (docs/ART.md).
#: The names are English (seat names, saved files); show them with ``_()``.
TEAM_COLOURS: tuple[tuple[str, str], ...] = (
    (N_("Orange"), "#E69F00"), (N_("Sky"), "#56B4E9"), (N_("Green"), "#009E73"),
    (N_("Yellow"), "#F0E442"), (N_("Blue"), "#0072B2"), (N_("Red"), "#D55E00"),
    (N_("Purple"), "#CC79A7"), (N_("Black"), "#2B2B2B"), (N_("White"), "#F4F4F4"),
)
#: level ids, also the words shown (through _()) in "(bot, easy)"
BOT_LEVELS: tuple[str, ...] = (N_("easy"), N_("normal"), N_("hard"))
CONTROLLERS: tuple[str, ...] = ("human",) + tuple(f"bot:{level}" for level in BOT_LEVELS)


@dataclass(frozen=True)
class OptionSpec:
    """One setup option: ``kind`` is "bool", "int" or "choice"; ``label`` and ``help`` read translated."""

    key: str
    label: str = Translated()  # type: ignore[assignment]
    default: Any  # type: ignore[misc]  # required: ``Translated()`` has no class-level default
    kind: str = "bool"
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0
    help: str = Translated("")  # type: ignore[assignment]
    #: numbers with a meaning of their own, shown in words (English, marked N_()): ((0, "Single race"),)
    value_words: tuple[tuple[int, str], ...] = ()

    def value_text(self, value: Any) -> str:
        """How a setup screen shows ``value``: its words where the number means something special."""
        for number, meaning in self.value_words:
            if value == number:
                return _(meaning)
        return str(value)

    def menu_choices(self) -> tuple[str, ...]:
        """The values a setup screen offers; games may add choices found at run time."""
        return self.choices

    def allowed(self) -> str:
        if self.kind == "bool":
            return _("on or off")
        if self.kind == "int":
            return _("a whole number from {low} to {high}").format(low=self.minimum, high=self.maximum)
        return _("one of {choices}").format(choices=", ".join(self.choices))

    def parse(self, text: str) -> Any:
        """Turn command-line text into a value, or raise ValueError naming what is allowed."""
        word = text.strip().lower()
        if self.kind == "bool":
            if word in ("1", "true", "yes", "on"):
                return True
            if word in ("0", "false", "no", "off"):
                return False
        elif self.kind == "int":
            try:
                value = int(word)
            except ValueError:
                value = None
            if value is not None and self.minimum <= value <= self.maximum:
                return value
        elif text.strip() in self.choices:
            return text.strip()
        raise ValueError(_("option {key}={text} is not allowed; use {allowed}").format(
            key=self.key, text=repr(text), allowed=self.allowed()))

    def valid(self, value: Any) -> bool:
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "int":
            return isinstance(value, int) and not isinstance(value, bool) and self.minimum <= value <= self.maximum
        return value in self.choices


@dataclass(frozen=True)
class Hint:
    """A guided first game's pointer: what to do next, and the rules help heading behind it."""

    #: the words: a message (made into the reader's language when shown) or text already translated
    text: "Message | str"
    #: a heading of the game's rules help, exactly as written there (without the #s)
    rule: str = ""


StateClassOrLoader = Union[type["GameState"], Callable[[], type["GameState"]]]


class _StateClass:
    """``GameSpec.state_class``: given the class, or a loader that imports it on first use.

    Importing every game's rules engine costs tens of milliseconds, and the
    launcher needs only titles and seat counts; a spec written as
    ``state_class=_state_class`` (a function returning the class) defers that
    import until a game is set up or played.  Reading ``spec.state_class`` always
    gives the class.  The descriptor has no class-level value, so the field stays
    a required constructor argument.
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_{name}_value"

    def __get__(self, spec: Any, owner: type | None = None) -> type["GameState"]:
        if spec is None:
            raise AttributeError("state_class is set per spec")  # dataclasses read this as "no default"
        value = spec.__dict__[self.slot]
        if not isinstance(value, type):
            value = value()
            spec.__dict__[self.slot] = value
        return value

    def __set__(self, spec: Any, value: StateClassOrLoader) -> None:
        if self.slot in spec.__dict__:
            raise FrozenInstanceError("cannot assign to field 'state_class'")
        spec.__dict__[self.slot] = value


@dataclass(frozen=True)
class GameSpec:
    """A registered game.  ``scene`` and ``rules_file`` are only used by the UI.

    ``title``, ``pitch``, option labels and ``level_help`` are English msgids; the first
    three read in the current language, ``level_help`` is shown through ``_()``.
    """

    id: str
    title: str = Translated()  # type: ignore[assignment]
    pitch: str = Translated()  # type: ignore[assignment]
    #: the rules engine's class, or a zero-argument function importing it (start-up stays fast)
    state_class: _StateClass = _StateClass()
    # required: the three descriptors above have no class-level default (mypy takes them for defaults)
    min_seats: int  # type: ignore[misc]
    max_seats: int  # type: ignore[misc]
    default_seats: int  # type: ignore[misc]
    options: tuple[OptionSpec, ...] = ()
    #: extra checks of a seat count and option combination; returns problems as messages (or words)
    check_setup: Callable[[int, Mapping[str, Any]], list["Message | str"]] | None = None
    #: builds the game's own bots from (level, seat, seed, budget_scale); None: the shared bots
    bot_factory: Callable[[str, int, int, float], "Bot"] | None = None
    #: returns the scene class (imported lazily so rules stay free of pygame)
    scene: Callable[[], type] | None = None
    #: path under the game package of the rules help text
    rules_file: str = "rules_help.md"
    #: names offered for the seats in setup, cycling through TEAM_COLOURS by default
    seat_names: tuple[str, ...] = ()
    colours: tuple[tuple[str, str], ...] = TEAM_COLOURS
    #: guided first game: from ``view(seat)`` of the seat deciding now, the next thing to do
    guide: Callable[[Mapping[str, Any], int], Hint | None] | None = None
    #: the rules help heading that explains a log event (None: no rule to point at)
    event_rule: Callable[["Event"], str | None] | None = None
    #: what each bot level ("easy", "normal", "hard") does in this game, one short line each (setup's tooltip)
    level_help: Mapping[str, str] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def players_label(self) -> str:
        if self.min_seats == self.max_seats:
            return ngettext("{count} player", "{count} players", self.min_seats).format(count=self.min_seats)
        return _("{low}-{high} players").format(low=self.min_seats, high=self.max_seats)

    def default_seat_names(self) -> frozenset[str]:
        """The names a seat gets when nobody names it (colours, the spec's seat names): English msgids."""
        return frozenset(name for name, _colour in self.colours) | frozenset(self.seat_names)

    def seat_label(self, name: str) -> str:
        """How a seat's stored name is shown: a default name in the reader's language, a chosen one as it is.

        Defaults are stored in English, so a save made in one language reads in another.
        """
        return _(name) if name in self.default_seat_names() else name

    def stored_seat_name(self, shown: str) -> str:
        """The name to store for a name as typed: a default name shown in the reader's language goes back
        to its English msgid (the inverse of :meth:`seat_label`), any other name stays as it is."""
        for name in self.default_seat_names():
            if shown == _(name):
                return name
        return shown

    def default_options(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def option(self, key: str) -> OptionSpec:
        for o in self.options:
            if o.key == key:
                return o
        raise KeyError(key)

    def setup_problems(self, num_seats: int, options: Mapping[str, Any]) -> list[str]:
        """Everything wrong with a setup, in words; empty when it can start."""
        problems = []
        if not self.min_seats <= num_seats <= self.max_seats:
            problems.append(_("{game} needs {players}, not {count}.").format(
                game=self.title, players=self.players_label, count=num_seats))
        known = {o.key for o in self.options}
        for key in options:
            if key not in known:
                problems.append(_("{game} has no option '{key}'.").format(game=self.title, key=key))
        for o in self.options:
            if o.key in options and not o.valid(options[o.key]):
                problems.append(_("Option {option}: use {allowed}.").format(option=o.label, allowed=o.allowed()))
        if not problems and self.check_setup is not None:
            found = self.check_setup(num_seats, {**self.default_options(), **options})
            problems.extend(words(problem) for problem in found)
        return problems

    def create(self, num_seats: int, options: Mapping[str, Any], seed: int) -> "GameState":
        merged = {**self.default_options(), **options}
        problems = self.setup_problems(num_seats, merged)
        if problems:
            raise ValueError(" ".join(problems))
        return self.state_class.new(num_seats, merged, seed)

    def make_bot(self, level: str, seat: int, seed: int, budget_scale: float = 1.0) -> "Bot":
        """A bot for ``seat``; ``budget_scale`` below 1 thins its search (strength runs)."""
        if self.bot_factory is not None:
            return self.bot_factory(level, seat, seed, budget_scale)
        from .bots import generic_bot
        return generic_bot(self, level, seat, seed, budget_scale)
