"""The Breaking Away circuit read from its Tiled map, as frozen data for the scene.

``maps/breaking_away/circuit.tmx`` (written by tools/make_breaking_away_map.py,
editable in Tiled) holds the 40 squares as polygons with the points riders are
placed from, the start, sprint and finish lines and the centre line.  The rules
never read it (they count squares); the scene draws and places every rider from
it, so nothing about the track's shape is hard-coded.  A map that lacks
something the scene needs is refused with a MapError that names it.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core.paths import resource_path
from game.core.tiled import MapData, MapError, MapObject, load_map

from .data import FINISH_SQUARE, SPRINT_SQUARE, SQUARES, START_SQUARE

CIRCUIT_PATH = ("maps", "breaking_away", "circuit.tmx")
Point = tuple[float, float]
#: the points every square object carries, each as <name>_x and <name>_y properties
SQUARE_POINTS = ("inside", "outside", "inner_lane", "outer_lane", "relief", "label")
#: line key -> the square the rules put it on
LINE_SQUARES = {"start": START_SQUARE, "sprint": SPRINT_SQUARE, "finish": FINISH_SQUARE}


@dataclass(frozen=True)
class SquareShape:
    """One square: its outline and where riders go on it.

    ``inside``/``outside``: the middle of its inner and outer edge (riders
    stack from the inside out); ``inner_lane``/``outer_lane``: the middle of
    each side of the centre line; ``relief``: beside the outer border;
    ``angle``: the direction of travel in degrees (0 east, 90 south).
    """

    index: int
    polygon: tuple[Point, ...]
    angle: float
    inside: Point
    outside: Point
    inner_lane: Point
    outer_lane: Point
    relief: Point
    label: Point


@dataclass(frozen=True)
class LineShape:
    key: str
    square: int
    points: tuple[Point, ...]


@dataclass(frozen=True)
class Circuit:
    width: int
    height: int
    track_width: float
    squares: tuple[SquareShape, ...]
    lines: tuple[LineShape, ...]
    centre: tuple[Point, ...]

    def square(self, index: int) -> SquareShape:
        """The square under a progress or square number (taken modulo 40)."""
        return self.squares[index % len(self.squares)]

    def line(self, key: str) -> LineShape:
        return next(line for line in self.lines if line.key == key)

    def place(self, square: int, slot: int, riders: int, lane: int = 0, lanes: int = 1) -> Point:
        """Where the ``slot``-th of ``riders`` riders (0 = inside) sits on ``square``.

        With ``lanes`` groups a lap apart on the square, group ``lane`` (0 = the
        one furthest behind) keeps to its own side of the centre line.
        """
        shape = self.square(square)
        band = 1.0 / max(1, lanes)
        t = band * lane + band * (slot + 0.5) / max(1, riders)
        (x0, y0), (x1, y1) = shape.inside, shape.outside
        return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t


def _point(obj: MapObject, name: str, source: str) -> Point:
    return float(obj.require(f"{name}_x", source)), float(obj.require(f"{name}_y", source))


def _square(obj: MapObject, source: str) -> SquareShape:
    if len(obj.points) < 3:
        raise MapError(f"{source}: square object {obj.id} is not a polygon")
    points = {name: _point(obj, name, source) for name in SQUARE_POINTS}
    return SquareShape(index=int(obj.require("index", source)), polygon=obj.points,
                       angle=float(obj.require("angle", source)), **points)


def circuit_from_map(data: MapData) -> Circuit:
    """Check the map has everything the race needs and turn it into a Circuit."""
    source = data.name
    if data.orientation != "orthogonal":
        raise MapError(f"{source}: the circuit must be an orthogonal map, not {data.orientation}")
    if int(data.require("squares")) != SQUARES:
        raise MapError(f"{source}: the circuit must have {SQUARES} squares, the map says {data.require('squares')}")
    squares = sorted((_square(o, source) for o in data.objects_of("square")), key=lambda s: s.index)
    indices = [s.index for s in squares]
    if indices != list(range(SQUARES)):
        missing = sorted(set(range(SQUARES)) - set(indices))
        doubled = sorted({i for i in indices if indices.count(i) > 1})
        raise MapError(f"{source}: squares 0 to {SQUARES - 1} must each appear once "
                       f"(missing: {missing or 'none'}, twice: {doubled or 'none'})")
    lines = []
    for obj in data.objects_of("line"):
        key = str(obj.require("line", source))
        square = int(obj.require("square", source))
        if key not in LINE_SQUARES:
            raise MapError(f"{source}: unknown line '{key}' (object {obj.id}); use start, sprint or finish")
        if square != LINE_SQUARES[key]:
            raise MapError(f"{source}: the {key} line is on square {square}; the rules put it on "
                           f"square {LINE_SQUARES[key]}")
        lines.append(LineShape(key, square, obj.points))
    missing_lines = sorted(set(LINE_SQUARES) - {line.key for line in lines})
    if missing_lines:
        raise MapError(f"{source}: the map has no {' or '.join(missing_lines)} line")
    centre = data.objects_of("centre")
    if len(centre) != 1 or len(centre[0].points) < 3:
        raise MapError(f"{source}: the map needs one centre line polygon (class 'centre')")
    return Circuit(width=data.width * data.tile_width, height=data.height * data.tile_height,
                   track_width=float(data.require("track_width")), squares=tuple(squares),
                   lines=tuple(sorted(lines, key=lambda line: line.square)), centre=centre[0].points)


def load_circuit(path: str | Path | None = None) -> Circuit:
    """The shipped circuit (or the map at ``path``), checked."""
    return circuit_from_map(load_map(path if path is not None else resource_path(*CIRCUIT_PATH)))
