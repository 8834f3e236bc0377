"""Route hexagons: the road pieces a Leader 1 race is laid out from.

Each route hexagon is a small Tiled map under ``maps/leader1/hexagons/``: one
polygon object per square of road (with its row, lane, terrain and flags) and
the hexagon's milestone as a map property.  This module turns such a file into
frozen data and knows the hexagon grid a race is placed on.

Geometry, shared by the files, the rules and the scene:
* hexagons are pointy-topped, of radius ``HEX_RADIUS``; a hexagon's sides are
  numbered clockwise from east: 0 east, 1 south-east, 2 south-west, 3 west,
  4 north-west, 5 north-east (screen y grows downwards);
* in its own file every road enters through the west side (3) and leaves
  through the east side (straight), the north-east side (bending left) or the
  south-east side (bending right);
* rows count along the road from 0; lanes count across it from the rider's
  left (lane 0).  On a bend the outer lane has more squares than the inner
  one; ``row`` is then measured on the outer lane's scale, so a square on the
  inside line spans more than one row and a rider there gains ground;
* a race turns a hexagon by ``hex_rotation`` steps of 60 degrees clockwise (a
  property: Tiled's own hexagonal rotation bits are not read).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from game.core.paths import resource_path
from game.core.tiled import MapData, MapError, load_map
from game.i18n import N_, Message

HEX_RADIUS = 64
#: Tiled's numbers for a pointy-topped hexagon of HEX_RADIUS (rounded as Tiled stores them)
TILE_WIDTH = round(math.sqrt(3) * HEX_RADIUS)
TILE_HEIGHT = 2 * HEX_RADIUS
HEX_SIDE = HEX_RADIUS

TERRAINS = ("plain", "rise", "mountain", "downhill")
TERRAIN_TITLES = {"plain": N_("plain"), "rise": N_("ground rise"), "mountain": N_("mountain pass"),
                  "downhill": N_("downhill")}
#: the titles of the shipped route hexagons (their files' ``title``), marked for translation
HEXAGON_TITLES = (N_("Start line on a plain"), N_("Plain, straight"), N_("Plain, bending left"),
                  N_("Plain, bending right"), N_("Ground rise, straight"), N_("Ground rise, bending left"),
                  N_("Ground rise, bending right"), N_("Mountain pass, straight"), N_("Mountain pass, bending left"),
                  N_("Mountain pass, bending right"), N_("Downhill, straight"), N_("Downhill, bending left"),
                  N_("Downhill, bending right"), N_("Arrival on a plain"), N_("Mountain-top arrival"))
KINDS = ("start", "route", "arrival")
BENDS = ("straight", "left", "right")
ENTRY_SIDE = 3
EXIT_SIDES = {"straight": 0, "left": 5, "right": 1}

#: neighbour offsets (column, row) per side, for even and odd rows ("odd" stagger index)
_EVEN_ROW_STEPS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1))
_ODD_ROW_STEPS = ((1, 0), (1, 1), (0, 1), (-1, 0), (0, -1), (1, -1))

Point = tuple[float, float]


def hexagons_dir() -> Path:
    return resource_path("maps", "leader1", "hexagons")


def neighbour_cell(col: int, row: int, side: int) -> tuple[int, int]:
    """The grid cell across ``side`` of cell (col, row)."""
    dc, dr = (_ODD_ROW_STEPS if row % 2 else _EVEN_ROW_STEPS)[side % 6]
    return col + dc, row + dr


def cell_centre(col: int, row: int) -> Point:
    """Pixel centre of a grid cell, as Tiled draws a staggered (odd rows right) hexagonal map."""
    x = col * TILE_WIDTH + TILE_WIDTH / 2 + (TILE_WIDTH / 2 if row % 2 else 0)
    y = row * (TILE_HEIGHT + HEX_SIDE) / 2 + TILE_HEIGHT / 2
    return x, y


def hexagon_outline(radius: float = HEX_RADIUS) -> tuple[Point, ...]:
    """The six corners around (0, 0), clockwise from the lower right one."""
    return tuple((radius * math.cos(math.radians(30 + 60 * i)), radius * math.sin(math.radians(30 + 60 * i)))
                 for i in range(6))


def rotate_point(point: Point, rotation: int) -> Point:
    """Turn a point round (0, 0) by ``rotation`` steps of 60 degrees clockwise (on screen)."""
    angle = math.radians(60 * (rotation % 6))
    x, y = point
    return (x * math.cos(angle) - y * math.sin(angle), x * math.sin(angle) + y * math.cos(angle))


@dataclass(frozen=True)
class SquareDef:
    """One square of road inside a route hexagon."""

    row: int
    lane: int
    terrain: str
    fall: bool
    peloton_line: bool
    sprint_area: bool
    #: corners around the hexagon's centre, road entering from the west
    polygon: tuple[Point, ...] = ()


@dataclass(frozen=True)
class HexagonDef:
    """A route hexagon as drawn in its Tiled file."""

    id: str
    title: str
    terrain: str
    kind: str
    bend: str
    milestone: int
    rows: int
    lanes: int
    squares: tuple[SquareDef, ...]
    path: str = ""

    @property
    def exit_side(self) -> int:
        return EXIT_SIDES[self.bend]

    def lane_squares(self, lane: int) -> tuple[SquareDef, ...]:
        return tuple(sorted((s for s in self.squares if s.lane == lane), key=lambda s: s.row))


def terrain_title(terrain: str) -> Message:
    """A terrain's name in the reader's language ("ground rise")."""
    return Message(TERRAIN_TITLES[terrain])


def hexagon_title(hexagon: HexagonDef) -> Message | str:
    """A route hexagon's title in the reader's language ("Plain, bending left")."""
    return Message(hexagon.title) if hexagon.title in HEXAGON_TITLES else hexagon.title


def _flag(value: object) -> bool:
    return value is True or (isinstance(value, str) and value.lower() in ("true", "1", "yes"))


def _hexagon_from_map(data: MapData) -> HexagonDef:
    source = data.name
    terrain = str(data.require("terrain"))
    kind = str(data.require("kind"))
    bend = str(data.require("bend"))
    if terrain not in TERRAINS:
        raise MapError(f"{source}: terrain '{terrain}' is not one of {', '.join(TERRAINS)}")
    if kind not in KINDS:
        raise MapError(f"{source}: kind '{kind}' is not one of {', '.join(KINDS)}")
    if bend not in BENDS:
        raise MapError(f"{source}: bend '{bend}' is not one of {', '.join(BENDS)}")
    try:
        milestone = int(data.require("milestone"))
        rows = int(data.require("rows"))
        lanes = int(data.require("lanes"))
    except (TypeError, ValueError):
        raise MapError(f"{source}: milestone, rows and lanes must be whole numbers") from None
    if milestone < 0 or rows < 2 or not 1 <= lanes <= 4:
        raise MapError(f"{source}: milestone {milestone}, rows {rows} or lanes {lanes} is out of range")
    centre_x, centre_y = TILE_WIDTH / 2, TILE_HEIGHT / 2
    squares = []
    for obj in data.objects_of("square"):
        try:
            row = int(obj.require("row", source))
            lane = int(obj.require("lane", source))
        except (TypeError, ValueError):
            raise MapError(f"{source}: square {obj.id} has a row or lane that is not a whole number") from None
        square_terrain = str(obj.prop("terrain", terrain))
        if square_terrain not in TERRAINS:
            raise MapError(f"{source}: square {obj.id} has the unknown terrain '{square_terrain}'")
        if not (0 <= row < rows and 0 <= lane < lanes):
            raise MapError(f"{source}: square {obj.id} at row {row}, lane {lane} is outside the road")
        squares.append(SquareDef(
            row=row, lane=lane, terrain=square_terrain, fall=_flag(obj.prop("fall", False)),
            peloton_line=_flag(obj.prop("peloton_line", False)), sprint_area=_flag(obj.prop("sprint_area", False)),
            polygon=tuple((x - centre_x, y - centre_y) for x, y in obj.points)))
    hexagon = HexagonDef(
        id=Path(data.path).stem, title=str(data.prop("title", Path(data.path).stem)), terrain=terrain,
        kind=kind, bend=bend, milestone=milestone, rows=rows, lanes=lanes,
        squares=tuple(sorted(squares, key=lambda s: (s.row, s.lane))), path=data.path)
    for problem in hexagon_problems(hexagon):
        raise MapError(f"{source}: {problem}")
    return hexagon


def hexagon_problems(hexagon: HexagonDef) -> list[str]:
    """What keeps a route hexagon from being used, in words (empty when fine)."""
    problems = []
    seen: set[tuple[int, int]] = set()
    for square in hexagon.squares:
        if (square.row, square.lane) in seen:
            problems.append(f"two squares sit at row {square.row}, lane {square.lane}")
        seen.add((square.row, square.lane))
    for lane in range(hexagon.lanes):
        rows = [s.row for s in hexagon.lane_squares(lane)]
        if not rows:
            problems.append(f"lane {lane} has no squares")
        elif rows[0] != 0 or rows[-1] != hexagon.rows - 1:
            problems.append(f"lane {lane} must run from row 0 to row {hexagon.rows - 1}")
    if not any(s.peloton_line for s in hexagon.squares):
        problems.append("no square is on the peloton's dotted line")
    if hexagon.kind != "arrival" and any(s.sprint_area for s in hexagon.squares):
        problems.append("only an arrival hexagon may have a sprint area")
    return problems


_CACHE: dict[str, HexagonDef] = {}


def load_hexagon(path: str | Path) -> HexagonDef:
    """Read one route hexagon file (MapError names the file and the problem)."""
    return _hexagon_from_map(load_map(path))


def hexagon_by_id(hexagon_id: str) -> HexagonDef:
    """A shipped route hexagon by its id (its file name without .tmx), read once."""
    if hexagon_id not in _CACHE:
        if not hexagon_id or "/" in hexagon_id or "\\" in hexagon_id or hexagon_id.startswith("."):
            raise MapError(Message("'{hexagon}' is not a route hexagon name", hexagon=hexagon_id))
        path = hexagons_dir() / f"{hexagon_id}.tmx"
        if not path.is_file():
            raise MapError(Message("there is no route hexagon called '{hexagon}'", hexagon=hexagon_id))
        _CACHE[hexagon_id] = load_hexagon(path)
    return _CACHE[hexagon_id]


def forget_hexagons() -> None:
    """Drop the hexagons read so far (after the map generator rewrote them)."""
    _CACHE.clear()


def shipped_hexagon_ids() -> list[str]:
    return sorted(p.stem for p in hexagons_dir().glob("*.tmx"))
