"""Races: route hexagons placed on a hexagonal Tiled map, with their tokens.

A race file (``maps/leader1/races/*.tmx`` or a user's ``<data>/races/*.tmx``) is
a hexagonal, staggered Tiled map.  Its ``route`` layer holds one object per
placed hexagon (properties ``hexagon`` = the route hexagon's id, ``order`` =
its place along the road from 0, ``col``/``row`` = its grid cell and
``hex_rotation`` = steps of 60 degrees clockwise; files saved before the
rename say ``rotation``, a name pytmx reserves, and are still read); its ``tokens`` layer holds the
climb category, feed zone and bonus time tokens (properties ``kind``,
``order``, ``row``, ``value``).

This module is also the pure half of the race builder: :func:`race_problems`
checks the rulebook's conditions (A.1) and the road's continuity with one
sentence per breach, :func:`lay_out` places a list of hexagons along the road,
:func:`race_to_tmx` writes a file the Tiled editor opens, and
:func:`list_races` finds the shipped and the user's races, reporting and
skipping broken files.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from pathlib import Path
from stat import S_ISREG
from typing import Iterable, Mapping

from game.core.paths import data_dir, resource_path
from game.core.tiled import MapError, load_map
from game.i18n import N_, Message, PluralMessage, SeatNames

from .hexagons import (ENTRY_SIDE, HEX_RADIUS, HEX_SIDE, TILE_HEIGHT, TILE_WIDTH, HexagonDef, cell_centre,
                       hexagon_by_id, hexagon_outline, hexagon_title, neighbour_cell, rotate_point, terrain_title)
from .setup_facts import SHIPPED_RACES, USER_PREFIX

TOKEN_KINDS = ("climb", "feed", "bonus")
#: the titles of the shipped races (their files' ``title``), marked for translation
SHIPPED_RACE_TITLES = (N_("First Race"), N_("Coast Road"), N_("Three Valleys"), N_("Grand Loop"),
                       N_("Summit Finish"))
#: how many tokens the box holds of each kind
TOKEN_LIMITS = {"climb": 6, "feed": 3, "bonus": 2}
_SAFE_NAME = re.compile(r"[^a-z0-9]+")


def races_dir() -> Path:
    return resource_path("maps", "leader1", "races")


def user_races_dir() -> Path:
    path = data_dir() / "races"
    path.mkdir(parents=True, exist_ok=True)
    return path


@dataclass(frozen=True)
class Placement:
    """A route hexagon placed in a race."""

    order: int
    hexagon: str
    col: int
    row: int
    rotation: int

    @property
    def entry_side(self) -> int:
        return (ENTRY_SIDE + self.rotation) % 6

    def exit_side(self, hexagon: HexagonDef) -> int:
        return (hexagon.exit_side + self.rotation) % 6


@dataclass(frozen=True)
class Token:
    """A token beside the road: ``row`` is the line just before that row of hexagon ``order``."""

    kind: str
    order: int
    row: int = 0
    value: int = 0

    def describe(self) -> Message:
        """The token and where it lies, to begin a sentence ("A feed zone token on hexagon 4")."""
        if self.kind == "climb":
            return Message("A category {value} climb token on hexagon {number}", value=self.value,
                           number=self.order + 1)
        if self.kind == "feed":
            return Message("A feed zone token on hexagon {number}", number=self.order + 1)
        return Message("A bonus time token on hexagon {number}", number=self.order + 1)


@dataclass(frozen=True)
class RaceDef:
    """A race as its file describes it."""

    key: str
    title: str
    placements: tuple[Placement, ...]
    tokens: tuple[Token, ...] = ()
    description: str = ""
    path: str = ""
    user: bool = False

    @property
    def hexagon_ids(self) -> tuple[str, ...]:
        return tuple(p.hexagon for p in self.placements)

    def hexagons(self) -> tuple[HexagonDef, ...]:
        return tuple(hexagon_by_id(p.hexagon) for p in self.placements)

    @property
    def energy(self) -> int:
        """Each rider's starting energy: the sum of the hexagons' milestones (A.3)."""
        return sum(h.milestone for h in self.hexagons())

    def tokens_of(self, kind: str) -> tuple[Token, ...]:
        return tuple(t for t in self.tokens if t.kind == kind)


def race_title(race: RaceDef) -> Message | str:
    """A race's title as the reader's language has it: a shipped race's is translated, a user's is his own."""
    return Message(race.title) if not race.user and race.title in SHIPPED_RACE_TITLES else race.title


# --- the builder's rules ---------------------------------------------------------------------------

def feed_zones_needed(hexagon_count: int) -> int:
    """A.1.4: about 10 hexagons 1 feed zone, about 15 two, about 20 three."""
    if hexagon_count >= 18:
        return 3
    if hexagon_count >= 13:
        return 2
    return 1


def mountain_passes(hexagons: tuple[HexagonDef, ...]) -> list[tuple[int, int]]:
    """(first, last) orders of each run of consecutive mountain-pass hexagons."""
    runs: list[tuple[int, int]] = []
    for order, hexagon in enumerate(hexagons):
        if hexagon.terrain != "mountain":
            continue
        if runs and runs[-1][1] == order - 1:
            runs[-1] = (runs[-1][0], order)
        else:
            runs.append((order, order))
    return runs


def race_problems(race: RaceDef) -> list[Message]:
    """Every breach of the rulebook's race conditions, one plain sentence each."""
    problems: list[Message] = []
    if not race.placements:
        return [Message("The race has no hexagons; place a start hexagon first.")]
    orders = [p.order for p in race.placements]
    if orders != list(range(len(orders))):
        problems.append(Message("The hexagons must be numbered 1, 2, 3 ... along the road without gaps or repeats."))
        return problems
    hexagons: list[HexagonDef] = []
    for placement in race.placements:
        try:
            hexagons.append(hexagon_by_id(placement.hexagon))
        except MapError as exc:
            problems.append(Message("Hexagon {number}: {problem}.", number=placement.order + 1,
                                    problem=exc.args[0] if exc.args and isinstance(exc.args[0], Message)
                                    else str(exc)))
    if problems:
        return problems
    problems.extend(_composition_problems(race, tuple(hexagons)))
    problems.extend(_road_problems(race, tuple(hexagons)))
    problems.extend(_token_problems(race, tuple(hexagons)))
    return problems


def _composition_problems(race: RaceDef, hexagons: tuple[HexagonDef, ...]) -> list[Message]:
    problems = []
    if len(hexagons) < 3:
        problems.append(Message("A race needs at least 3 hexagons: a start, some road and an arrival."))
    if hexagons[0].kind != "start":
        problems.append(Message("The race must begin with a start hexagon; hexagon 1 is '{hexagon}'.",
                                hexagon=hexagon_title(hexagons[0])))
    if hexagons[-1].kind != "arrival":
        problems.append(Message("The race must end with an arrival hexagon; hexagon {number} is '{hexagon}'.",
                                number=len(hexagons), hexagon=hexagon_title(hexagons[-1])))
    for order, hexagon in enumerate(hexagons):
        if hexagon.kind == "start" and order != 0:
            problems.append(Message("Hexagon {number} is a start hexagon; only the first hexagon may be one.",
                                    number=order + 1))
        if hexagon.kind == "arrival" and order != len(hexagons) - 1:
            problems.append(Message("Hexagon {number} is an arrival hexagon; only the last hexagon may be one.",
                                    number=order + 1))
    previous_end = -1
    for first, last in mountain_passes(hexagons):
        if not any(h.terrain == "rise" for h in hexagons[previous_end + 1:first]):
            problems.append(Message("The mountain pass at hexagon {number} needs a ground rise before it "
                                    "(after the previous pass).", number=first + 1))
        previous_end = last
    return problems


def _road_problems(race: RaceDef, hexagons: tuple[HexagonDef, ...]) -> list[Message]:
    problems = []
    cells: dict[tuple[int, int], int] = {}
    for placement in race.placements:
        if not 0 <= placement.rotation <= 5:
            problems.append(Message("Hexagon {number} has rotation {rotation}; use 0 to 5.",
                                    number=placement.order + 1, rotation=placement.rotation))
        cell = (placement.col, placement.row)
        if cell in cells:
            problems.append(Message("Hexagons {first} and {second} sit on the same cell.", first=cells[cell] + 1,
                                    second=placement.order + 1))
        cells[cell] = placement.order
    for before, after in zip(race.placements, race.placements[1:]):
        hexagon = hexagons[before.order]
        exit_side = before.exit_side(hexagon)
        expected = neighbour_cell(before.col, before.row, exit_side)
        if (after.col, after.row) != expected:
            problems.append(Message("Hexagon {number} is not where the road leaves hexagon {before}.",
                                    number=after.order + 1, before=before.order + 1))
        elif after.entry_side != (exit_side + 3) % 6:
            problems.append(Message("Hexagon {number} is turned so that its road does not meet the road of "
                                    "hexagon {before}; set its rotation to {rotation}.", number=after.order + 1,
                                    before=before.order + 1, rotation=exit_side))
    return problems


def _token_problems(race: RaceDef, hexagons: tuple[HexagonDef, ...]) -> list[Message]:
    problems = []
    for token in race.tokens:
        if token.kind not in TOKEN_KINDS:
            problems.append(Message("A token of kind '{kind}' is unknown; use climb, feed or bonus.",
                                    kind=token.kind))
            continue
        if not 0 <= token.order < len(hexagons):
            problems.append(Message("{token} is placed beyond the last hexagon.", token=token.describe()))
            continue
        if not 0 <= token.row < hexagons[token.order].rows:
            problems.append(Message("{token} is at row {row}, outside the hexagon.", token=token.describe(),
                                    row=token.row))
        if token.kind == "climb":
            if hexagons[token.order].terrain != "mountain":
                problems.append(Message("{token} must sit on a mountain pass.", token=token.describe()))
            if token.value not in (1, 2, 3):
                problems.append(Message("A climb category token must show 1, 2 or 3, not {value}.",
                                        value=token.value))
    for kind, limit in TOKEN_LIMITS.items():
        count = len(race.tokens_of(kind))
        if count > limit:
            problems.append(_too_many_tokens(kind, limit, count))
    climbs = {t.order for t in race.tokens_of("climb") if t.row == 0}
    for first, _last in mountain_passes(hexagons):
        if first not in climbs:
            problems.append(Message("The mountain pass at hexagon {number} needs a climb category token "
                                    "at its beginning.", number=first + 1))
    needed = feed_zones_needed(len(hexagons))
    feeds = len(race.tokens_of("feed"))
    if feeds != needed:
        length = PluralMessage("A race of {count} hexagon", "A race of {count} hexagons", len(hexagons))
        problems.append(PluralMessage("{race} needs {count} feed zone; this one has {feeds}.",
                                      "{race} needs {count} feed zones; this one has {feeds}.",
                                      needed, race=length, feeds=feeds))
    return problems


def _too_many_tokens(kind: str, limit: int, count: int) -> Message:
    """More tokens of a kind than the box holds."""
    if kind == "climb":
        return Message("The box holds {limit} climb tokens; this race uses {count}.", limit=limit, count=count)
    if kind == "feed":
        return Message("The box holds {limit} feed tokens; this race uses {count}.", limit=limit, count=count)
    return Message("The box holds {limit} bonus tokens; this race uses {count}.", limit=limit, count=count)


def lay_out(hexagon_ids: Iterable[str], col: int = 0, row: int = 0, rotation: int = 0) -> tuple[Placement, ...]:
    """Place hexagons one after the other along the road, from a first cell and rotation.

    Each hexagon goes across the exit side of the one before and is turned so
    that the roads meet.  The result is shifted so that every cell is on the
    map (by an even number of rows, which keeps the stagger).
    """
    placements = []
    for order, hexagon_id in enumerate(hexagon_ids):
        placements.append(Placement(order, hexagon_id, col, row, rotation % 6))
        exit_side = (hexagon_by_id(hexagon_id).exit_side + rotation) % 6
        col, row = neighbour_cell(col, row, exit_side)
        rotation = exit_side
    if not placements:
        return ()
    shift_col = -min(p.col for p in placements)
    shift_row = -min(p.row for p in placements)
    shift_row += shift_row % 2
    return tuple(replace(p, col=p.col + shift_col, row=p.row + shift_row) for p in placements)


def draft_race(title: str, hexagon_ids: Iterable[str], tokens: Iterable[Token] = (), description: str = "",
               rotation: int = 0) -> RaceDef:
    """A race laid out from its hexagons (the builder's model); check it with race_problems."""
    return RaceDef(key=race_key_for(title), title=title, placements=lay_out(hexagon_ids, rotation=rotation),
                   tokens=tuple(tokens), description=description)


def race_key_for(title: str) -> str:
    return _SAFE_NAME.sub("-", title.lower()).strip("-") or "race"


# --- reading -------------------------------------------------------------------------------------

#: no race property is anywhere near this big (a damaged or hand-edited file may say anything)
LARGEST_NUMBER = 10_000
#: a placed hexagon's turn in a race file (``rotation`` is a name pytmx reserves for Tiled's own attribute)
ROTATION_PROPERTY = "hex_rotation"
#: races saved before the rename: old property name -> current one
LEGACY_PROPERTIES = {"rotation": ROTATION_PROPERTY}


def file_error(source: str, problem: Message, more: int = 0) -> MapError:
    """A MapError naming the file and its (first) problem, and how many more it has."""
    if more:
        return MapError(PluralMessage("{source}: {problem} (and {count} more problem)",
                                      "{source}: {problem} (and {count} more problems)", more, source=source,
                                      problem=problem))
    return MapError(Message("{source}: {problem}", source=source, problem=problem))


def _int_prop(obj_props: Mapping[str, object], key: str, source: str, what: Message,
              default: int | None = None) -> int:
    """A whole-number property within reason, or MapError naming the file, the object and the property."""
    if key not in obj_props:
        if default is not None:
            return default
        raise file_error(source, Message("{what} has no '{key}' property", what=what, key=key))
    value = obj_props[key]
    try:
        number = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError, OverflowError):
        raise file_error(source, Message("the '{key}' of {what} is not a whole number", key=key, what=what)) \
            from None
    if isinstance(value, bool) or isinstance(value, float) and value != number:
        raise file_error(source, Message("the '{key}' of {what} is not a whole number", key=key, what=what))
    if abs(number) > LARGEST_NUMBER:
        digits = str(number)
        raise file_error(source, Message("the '{key}' of {what} is {number}, far too large", key=key, what=what,
                                         number=digits[:12] + ("..." if len(digits) > 12 else "")))
    return number


def load_race(path: str | Path, key: str | None = None, user: bool = False) -> RaceDef:
    """Read and check a race file; MapError names the file and the first problem."""
    data = load_map(path, renamed_properties=LEGACY_PROPERTIES)
    source = data.name
    if data.orientation != "hexagonal":
        raise file_error(source, Message("a race must be a hexagonal map, not {orientation}",
                                         orientation=data.orientation))
    placements = []
    for obj in data.objects_of("hexagon"):
        what = Message("hexagon object {number}", number=obj.id)
        if "hexagon" not in obj.properties:
            raise file_error(source, Message("{what} has no '{key}' property", what=what, key="hexagon"))
        placements.append(Placement(
            order=_int_prop(obj.properties, "order", source, what), hexagon=str(obj.properties["hexagon"]),
            col=_int_prop(obj.properties, "col", source, what), row=_int_prop(obj.properties, "row", source, what),
            rotation=_int_prop(obj.properties, ROTATION_PROPERTY, source, what)))
    tokens = []
    for obj in data.objects_of("token"):
        what = Message("token object {number}", number=obj.id)
        tokens.append(Token(kind=str(obj.prop("kind", "")), order=_int_prop(obj.properties, "order", source, what),
                            row=_int_prop(obj.properties, "row", source, what, default=0),
                            value=_int_prop(obj.properties, "value", source, what, default=0)))
    race = RaceDef(
        key=key or Path(path).stem, title=str(data.prop("title", Path(path).stem)),
        placements=tuple(sorted(placements, key=lambda p: p.order)),
        tokens=tuple(sorted(tokens, key=lambda t: (t.order, t.row, t.kind))),
        description=str(data.prop("description", "")), path=str(path), user=user)
    problems = race_problems(race)
    if problems:
        raise file_error(source, problems[0], len(problems) - 1)
    return race


_RACE_CACHE: dict[tuple[str, float], RaceDef] = {}
_RACE_REFUSALS: dict[tuple[str, float], MapError] = {}


def race_path(key: str) -> Path:
    if key.startswith(USER_PREFIX):
        name = key[len(USER_PREFIX):]
        folder = user_races_dir()
    else:
        name = key
        folder = races_dir()
    if not race_name_allowed(name):
        raise MapError(Message("'{key}' is not a race name", key=key))
    return folder / f"{name}.tmx"


def race_by_key(key: str) -> RaceDef:
    """A shipped race by name, or a user's race as ``user:<name>``; read once per file version."""
    path = race_path(key)
    try:
        status = path.stat()  # one look at the file (a game starts each stage with it)
    except OSError:
        status = None
    if status is None or not S_ISREG(status.st_mode):
        raise MapError(Message("there is no race called '{key}'", key=key))
    stamp = (str(path), status.st_mtime)
    if stamp in _RACE_REFUSALS:
        # a damaged file is read once per version, not at every look
        raise MapError(*_RACE_REFUSALS[stamp].args)
    if stamp not in _RACE_CACHE:
        try:
            _RACE_CACHE[stamp] = load_race(path, key=key, user=key.startswith(USER_PREFIX))
        except MapError as exc:
            _RACE_REFUSALS[stamp] = exc
            raise
    return _RACE_CACHE[stamp]


def list_races() -> tuple[list[RaceDef], list[Message]]:
    """The shipped races, then the user's; a broken file is left out and reported in words."""
    races: list[RaceDef] = []
    problems: list[Message] = []
    for key in SHIPPED_RACES:
        try:
            races.append(race_by_key(key))
        except MapError as exc:
            problems.append(Message("The race '{key}' could not be used: {problem}", key=key,
                                    problem=_error_words(exc)))
    for key in user_race_keys():
        try:
            races.append(race_by_key(key))
        except MapError as exc:
            problems.append(user_race_problem(key, exc))
    return races, problems


def _error_words(exc: MapError) -> Message | str:
    """A MapError's words: its message, or (a file the map reader refused) its plain text."""
    return exc.args[0] if exc.args and isinstance(exc.args[0], Message) else str(exc)


def user_race_problem(key: str, exc: MapError, brief: bool = False) -> Message:
    """Why a saved race cannot be raced, in one sentence naming its file (``brief``: its first problem only,
    without the count of the others)."""
    name = f"{key[len(USER_PREFIX):]}.tmx"
    words = _error_words(exc)
    if not race_name_allowed(key[len(USER_PREFIX):]):
        return Message("Your race file {name} cannot be used: its name may hold only letters, digits and dashes; "
                       "rename the file.", name=name)
    if isinstance(words, Message) and "problem" in words.fields:
        reason = words.fields["problem"]
        if words.plural is not None and not brief:
            return PluralMessage("Your race file {name} cannot be used: {reason} (and {count} more problem).",
                                 "Your race file {name} cannot be used: {reason} (and {count} more problems).",
                                 words.count, name=name, reason=_without_full_stop(reason))
        return Message("Your race file {name} cannot be used: {reason}.", name=name,
                       reason=_without_full_stop(reason))
    return Message("Your race file {name} cannot be used: {reason}.", name=name,
                   reason=str(words).removeprefix(f"{name}: ").rstrip("."))


class _Clause(Message):
    """A sentence used as a clause of another: rendered without its closing full stop, in every language."""

    __slots__ = ("sentence",)

    def __init__(self, sentence: Message) -> None:
        super().__init__(sentence.msgid, **sentence.fields)
        self.sentence = sentence

    def render(self, names: SeatNames | None = None, *, translate: bool = True) -> str:
        return self.sentence.render(names, translate=translate).rstrip(".")


def _without_full_stop(reason: Message | str) -> Message | str:
    return _Clause(reason) if isinstance(reason, Message) else reason.rstrip(".")


def race_name_allowed(name: str) -> bool:
    return bool(name) and _SAFE_NAME.sub("-", name.lower()) == name.lower() and not name.startswith("-")


def user_race_keys() -> list[str]:
    return [USER_PREFIX + p.stem for p in sorted(user_races_dir().glob("*.tmx"))]


# --- calendars -------------------------------------------------------------------------------------

def calendars() -> dict[int, tuple[str, ...]]:
    """The shipped stage-race calendars by number of stages (maps/leader1/calendars.json)."""
    path = resource_path("maps", "leader1", "calendars.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    return {int(k): tuple(v) for k, v in data["calendars"].items()}


def calendar_for(stages: int) -> tuple[str, ...]:
    """N stages: the shortest shipped calendar with at least N stages, cut to N."""
    shipped = calendars()
    for length in sorted(shipped):
        if length >= stages:
            return shipped[length][:stages]
    raise ValueError(f"no calendar has {stages} stages")


# --- writing ---------------------------------------------------------------------------------------

def _points_text(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in points)


def _quoteattr(text: str) -> str:
    """XML attribute quoting, imported when a race is written (xml.sax.saxutils pulls in urllib at start)."""
    from xml.sax.saxutils import quoteattr
    return quoteattr(text)


def _property(name: str, value: object) -> str:
    if isinstance(value, bool):
        return f'    <property name="{name}" type="bool" value="{str(value).lower()}"/>'
    if isinstance(value, int):
        return f'    <property name="{name}" type="int" value="{value}"/>'
    return f'    <property name="{name}" value={_quoteattr(str(value))}/>'


def token_position(race: RaceDef, token: Token) -> tuple[float, float]:
    """Where a token's line crosses the road, in map pixels (for drawing it)."""
    placement = race.placements[token.order]
    hexagon = hexagon_by_id(placement.hexagon)
    corners = []
    for lane in range(hexagon.lanes):
        ahead = [s for s in hexagon.lane_squares(lane) if s.row >= token.row]
        if ahead and ahead[0].polygon:
            corners.extend(ahead[0].polygon[:1] + ahead[0].polygon[-1:])
    local = (sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners)) if corners \
        else (0.0, 0.0)
    dx, dy = rotate_point(local, placement.rotation)
    cx, cy = cell_centre(placement.col, placement.row)
    return cx + dx, cy + dy


def race_to_tmx(race: RaceDef) -> str:
    """The race as a Tiled map (hexagonal, staggered rows) the editor opens."""
    width = max(p.col for p in race.placements) + 2
    height = max(p.row for p in race.placements) + 2
    outline = _points_text(hexagon_outline())
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="{TILE_WIDTH}" tileheight="{TILE_HEIGHT}" infinite="0" '
        f'hexsidelength="{HEX_SIDE}" staggeraxis="y" staggerindex="odd" nextlayerid="3" '
        f'nextobjectid="{len(race.placements) + len(race.tokens) + 1}">',
        '  <properties>',
        _property("description", race.description),
        _property("hex_radius", HEX_RADIUS),
        _property("title", race.title),
        '  </properties>',
        '  <objectgroup id="1" name="route">',
    ]
    object_id = 1
    for placement in race.placements:
        x, y = cell_centre(placement.col, placement.row)
        title = hexagon_by_id(placement.hexagon).title
        lines += [
            f'  <object id="{object_id}" name={_quoteattr(f"{placement.order + 1}. {title}")} type="hexagon" '
            f'x="{x:.2f}" y="{y:.2f}">',
            '   <properties>',
            _property("col", placement.col), _property(ROTATION_PROPERTY, placement.rotation),
            _property("hexagon", placement.hexagon), _property("order", placement.order),
            _property("row", placement.row),
            '   </properties>',
            f'   <polygon points="{outline}"/>',
            '  </object>',
        ]
        object_id += 1
    lines += ['  </objectgroup>', '  <objectgroup id="2" name="tokens">']
    for token in race.tokens:
        x, y = token_position(race, token)
        label = {"climb": f"Climb category {token.value}", "feed": "Feed zone", "bonus": "Bonus time"}[token.kind]
        lines += [
            f'  <object id="{object_id}" name={_quoteattr(label)} type="token" x="{x:.2f}" y="{y:.2f}">',
            '   <properties>',
            _property("kind", token.kind), _property("order", token.order), _property("row", token.row),
            _property("value", token.value),
            '   </properties>',
            '   <point/>',
            '  </object>',
        ]
        object_id += 1
    lines += ['  </objectgroup>', '</map>', '']
    return "\n".join(lines)


def write_race(race: RaceDef, path: str | Path) -> Path:
    """Check and write a race file; ValueError lists the problems when it breaks a rule."""
    problems = race_problems(race)
    if problems:
        raise ValueError(" ".join(map(str, problems)))
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(race_to_tmx(race), encoding="utf-8")
    return path


def save_user_race(race: RaceDef, name: str | None = None) -> str:
    """Save a race in the user's races folder; returns its key (``user:<name>``)."""
    stem = race_key_for(name or race.title)
    write_race(race, user_races_dir() / f"{stem}.tmx")
    return USER_PREFIX + stem


def race_summary(race: RaceDef) -> Message:
    """One line for the setup: length, terrains and energy."""
    hexagons = race.hexagons()
    counts: dict[str, int] = {}
    for hexagon in hexagons:
        counts[hexagon.terrain] = counts.get(hexagon.terrain, 0) + 1
    terrain = tuple(Message("{count} {terrain}", count=n, terrain=terrain_title(t)) for t, n in counts.items())
    if hexagons[-1].terrain == "mountain":
        return Message("{count} hexagons ({terrain}), mountain-top finish, {energy} energy per rider",
                       count=len(hexagons), terrain=terrain, energy=race.energy)
    return Message("{count} hexagons ({terrain}), flat finish, {energy} energy per rider", count=len(hexagons),
                   terrain=terrain, energy=race.energy)

