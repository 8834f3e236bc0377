"""Where everything goes on the Breaking Away table, computed from the Tiled circuit.

The circuit map is drawn at whatever scale fits the track area (nothing about
the oval's shape is written here): :class:`MapFit` turns map coordinates into
canvas coordinates, :class:`TableLayout` splits the table into the track, the
boards in the infield, the movement log sheet and the decision panel, and
:class:`RiderPlacer` says where each rider stands and how a moving rider travels
square by square.
"""
from __future__ import annotations

import bisect
import functools
import math
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Sequence

import pygame

from .circuit import Circuit, Point, SquareShape
from .views import RiderView

#: riders drawn this long on the track (canvas pixels); the sprite is 38 x 22
RIDER_LENGTH = 42
#: the upright box a rider's number disc needs on screen by default (width, height), and the free pixels
#: kept between two such boxes in a bunch
NUMBER_ROOM = (22.0, 18.0)
NUMBER_GAP = 2.0
#: more room kept between numbers on the road: on a bend each rider's number turns with him
BEND_MARGIN = 4.0
#: how far (canvas pixels) a file is moved back at a time while it would touch the riders in front, and
#: forward again once clear
PACKING_STEP = 6.0
FINE_STEP = 1.0
#: riders further apart than this (canvas pixels) cannot have touching numbers in one file of a bunch
NEAR = 240.0
#: room around the drawn circuit inside the track area
TRACK_MARGIN = 10
#: the strip under the track: movement log sheet on the left, decision panel on the right
BOTTOM_HEIGHT = 156
DECISION_WIDTH = 396
GAP = 10
#: the right column's points table: title and one row per team
STANDINGS_TITLE = 40
STANDINGS_ROW = 26


def angle_between(a: float, b: float, t: float) -> float:
    """Interpolate two headings in degrees the short way round."""
    delta = (b - a + 180.0) % 360.0 - 180.0
    return a + delta * t


def catmull_rom(p0: Point, p1: Point, p2: Point, p3: Point, t: float) -> Point:
    """A point on the smooth curve through p1 (t=0) and p2 (t=1)."""
    t2, t3 = t * t, t * t * t
    return tuple(0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3)
                 for a, b, c, d in zip(p0, p1, p2, p3))  # type: ignore[return-value]


class MapFit:
    """Map pixels to canvas pixels: one uniform scale and an offset that centres the circuit."""

    def __init__(self, bounds: tuple[float, float, float, float], area: pygame.Rect) -> None:
        left, top, right, bottom = bounds
        width, height = max(1.0, right - left), max(1.0, bottom - top)
        self.scale = min(area.width / width, area.height / height)
        self.dx = area.centerx - (left + width / 2) * self.scale
        self.dy = area.centery - (top + height / 2) * self.scale

    def point(self, p: Point) -> Point:
        return (self.dx + p[0] * self.scale, self.dy + p[1] * self.scale)

    def points(self, ps: Iterable[Point]) -> list[Point]:
        return [self.point(p) for p in ps]

    def length(self, value: float) -> float:
        return value * self.scale


def circuit_bounds(circuit: Circuit, with_relief: bool) -> tuple[float, float, float, float]:
    """The map area the drawing needs: every square, and the relief spots beside them in the Madison."""
    xs: list[float] = []
    ys: list[float] = []
    for shape in circuit.squares:
        for x, y in shape.polygon:
            xs.append(x)
            ys.append(y)
        if with_relief:
            xs.append(shape.relief[0])
            ys.append(shape.relief[1])
    margin = 14.0
    return min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin


def infield_rect(circuit: Circuit, fit: MapFit) -> pygame.Rect:
    """The largest upright rectangle round the infield's middle that keeps clear of the square numbers."""
    labels = [fit.point(s.label) for s in circuit.squares]
    cx = sum(x for x, _ in labels) / len(labels)
    cy = sum(y for _, y in labels) / len(labels)
    clearance = 14.0
    best = (0.0, 0.0)
    for height in sorted({abs(y - cy) - clearance for _, y in labels}):
        if height <= 0:
            continue
        inside = [abs(x - cx) for x, y in labels if abs(y - cy) < height + clearance - 0.5]
        width = (min(inside) if inside else cx) - clearance - 8
        if width > 0 and width * height > best[0] * best[1]:
            best = (width, height)
    half_width, half_height = best
    return pygame.Rect(round(cx - half_width), round(cy - half_height), round(2 * half_width), round(2 * half_height))


@dataclass(frozen=True)
class TableLayout:
    """The rectangles of the race table (canvas coordinates)."""

    table: pygame.Rect
    track: pygame.Rect
    sheet: pygame.Rect
    decision: pygame.Rect
    standings: pygame.Rect
    log: pygame.Rect
    infield: pygame.Rect
    fit: MapFit

    @classmethod
    def build(cls, table: pygame.Rect, log: pygame.Rect, circuit: Circuit, *, madison: bool,
              teams: int, hint_room: int = 0) -> "TableLayout":
        """``hint_room``: pixels kept free at the top of the table (a guided game's hint banner sits there,
        and must not hide the riders it speaks of)."""
        track = pygame.Rect(table.x, table.y + hint_room, table.width, table.height - BOTTOM_HEIGHT - GAP - hint_room)
        bottom = table.bottom - BOTTOM_HEIGHT
        decision = pygame.Rect(table.right - DECISION_WIDTH, bottom, DECISION_WIDTH, BOTTOM_HEIGHT)
        sheet = pygame.Rect(table.x, bottom, decision.x - GAP - table.x, BOTTOM_HEIGHT)
        standings = pygame.Rect(log.x, log.y, log.width, STANDINGS_TITLE + STANDINGS_ROW * teams + 10)
        log_rect = pygame.Rect(log.x, standings.bottom + GAP, log.width, log.bottom - standings.bottom - GAP)
        fit = MapFit(circuit_bounds(circuit, madison), track.inflate(-2 * TRACK_MARGIN, -2 * TRACK_MARGIN))
        return cls(table, track, sheet, decision, standings, log_rect, infield_rect(circuit, fit), fit)


@dataclass(frozen=True)
class Spot:
    """Where a rider is drawn: canvas position and heading (degrees, 0 east, 90 south)."""

    x: float
    y: float
    angle: float

    @property
    def pos(self) -> Point:
        return (self.x, self.y)


class RiderPlacer:
    """Rider positions from the view's (square, slot, lane, lanes), through the map's square points.

    A group of riders at one progress stacks from the inside to the outside of
    its side of the centre line; a group too big for one file across the track
    rides in several files.  ``number_room`` is the upright box each rider's
    number (and colour-blind pattern) needs: ``road`` lays out the whole race
    so that no number touches another (see there).
    """

    def __init__(self, circuit: Circuit, fit: MapFit, number_room: tuple[float, float] = NUMBER_ROOM) -> None:
        self.circuit = circuit
        self.fit = fit
        self.number_room = number_room
        self.line_squares = frozenset(line.square for line in circuit.lines)
        self.squares = [self._canvas_square(s) for s in circuit.squares]
        self.square_length = self._average_square_length()
        # distances along the inside edge, where the track is shortest: files measured there never come
        # closer than planned on a bend
        edge = [self.across(i, 0.0) for i in range(len(self.squares))]
        self.edge_steps = [math.dist(edge[i], edge[(i + 1) % len(edge)]) for i in range(len(edge))]
        self.edge_starts = [sum(self.edge_steps[:i]) for i in range(len(edge))]
        self.lap_length = sum(self.edge_steps)

    def _canvas_square(self, shape: SquareShape) -> tuple[Point, Point, float, Point, Point]:
        fit = self.fit
        return (fit.point(shape.inside), fit.point(shape.outside), shape.angle, fit.point(shape.relief),
                fit.point(shape.label))

    def _average_square_length(self) -> float:
        mids = [self.across(i, 0.5) for i in range(len(self.squares))]
        steps = [math.dist(mids[i], mids[(i + 1) % len(mids)]) for i in range(len(mids))]
        return sum(steps) / len(steps)

    @property
    def track_width(self) -> float:
        inside, outside, *_ = self.squares[0]
        return math.dist(inside, outside)

    def across(self, square: int, t: float) -> Point:
        """The point ``t`` of the way from the inside edge (0) to the outside edge (1) at the middle of a square."""
        (x0, y0), (x1, y1), *_ = self.squares[square % len(self.squares)]
        return (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)

    def heading(self, square: int) -> float:
        return self.squares[square % len(self.squares)][2]

    def relief(self, square: int) -> Spot:
        _, _, angle, (x, y), _ = self.squares[square % len(self.squares)]
        return Spot(x, y, angle)

    def label(self, square: int) -> Point:
        return self.squares[square % len(self.squares)][4]

    def pitch(self, angle: float) -> float:
        """How far apart two numbers must be in the direction ``angle`` for their upright boxes never to
        touch, however far they are apart across it (the box's extent along that direction)."""
        width, height = self.number_room
        a = math.radians(angle)
        return width * abs(math.cos(a)) + height * abs(math.sin(a)) + NUMBER_GAP

    def apart(self, a: Spot, b: Spot) -> bool:
        """Whether numbers drawn for riders standing at ``a`` and ``b`` keep clear of each other (with a
        margin where they face different ways: each number sits at a point of its turned rider)."""
        width, height = self.number_room
        turned = abs((a.angle - b.angle + 180.0) % 360.0 - 180.0) > 1.0
        room = NUMBER_GAP + (BEND_MARGIN if turned else 0.0)
        return abs(a.x - b.x) >= width + room or abs(a.y - b.y) >= height + room

    def formation(self, square: int, riders: int, lanes: int) -> tuple[int, int]:
        """(files, rows) of a bunch of ``riders`` on ``square``: as many rows across its share of the track
        as keep their numbers apart, and no more files than needed."""
        rows = 1
        while rows < riders:
            trial = rows + 1
            band = 1.0 / max(1, lanes)
            inside, next_row = (Spot(*self.across(square, band * share / trial), self.heading(square))
                                for share in (0.5, 1.5))
            if not self.apart(inside, next_row):
                break
            rows = trial
        files = math.ceil(riders / rows)
        return files, math.ceil(riders / files)

    def coordinate(self, progress: float) -> float:
        """Canvas pixels along the inside edge from the middle of square 0 to the middle of ``progress``."""
        lap, square = divmod(progress, len(self.squares))
        whole = int(square)
        return lap * self.lap_length + self.edge_starts[whole] + (square - whole) * self.edge_steps[whole]

    def at(self, coordinate: float, t: float) -> Spot:
        """The point ``t`` across the track at ``coordinate`` (see ``coordinate``)."""
        within = coordinate % self.lap_length
        square = max(0, bisect.bisect_right(self.edge_starts, within) - 1)
        share = (within - self.edge_starts[square]) / (self.edge_steps[square] or 1.0)
        (x0, y0), (x1, y1) = self.across(square, t), self.across(square + 1, t)
        return Spot(x0 + (x1 - x0) * share, y0 + (y1 - y0) * share,
                    angle_between(self.heading(square), self.heading(square + 1), share))

    def ahead(self, square: int, files: int) -> float:
        """How far in front of its square's middle a bunch of ``files`` files starts: centred while it fits
        on the square, never past a line (a line runs across its square's middle)."""
        if files == 1 or square % len(self.squares) in self.line_squares:
            return 0.0
        pitch = self.pitch(self.heading(square))
        return min((files - 1) * pitch / 2, max(0.0, (self.square_length - pitch) / 2))

    def place(self, square: int, slot: int, riders: int, lane: int = 0, lanes: int = 1) -> Spot:
        """Slot ``slot`` (0 = inside) of a group of ``riders`` alone on ``square``: files across the track
        from the inside out, front to back (see ``ahead``)."""
        files, rows = self.formation(square, riders, lanes)
        column, row = divmod(slot, rows)
        band = 1.0 / max(1, lanes)
        front = self.coordinate(square) + self.ahead(square, files)
        return self.at(front - column * self.pitch(self.heading(square)), band * lane + band * (row + 0.5) / rows)

    def file_at(self, where: float, count: int, rows: int, band: float, lane: int) -> list[Spot]:
        """``count`` riders across the track at ``where``, inside first, on the rows of a bunch of ``rows``
        rows, or spread over fewer, wider rows where a bend turns the numbers so that they would touch."""
        for spread in range(rows, 0, -1):
            across = [band * lane + band * (row + 0.5) / spread for row in range(spread)]
            file = [self.at(where, t) for t in across[:count]]
            if all(self.apart(a, b) for i, a in enumerate(file) for b in file[i + 1:]):
                return file
            count = min(count, spread - 1)
        return file

    def clear(self, file: Sequence[Spot], placed: Sequence[Spot]) -> bool:
        """Whether no number of ``file`` touches one of ``placed`` (only those near enough are compared)."""
        first = file[0].pos
        return all(self.apart(spot, other) for other in placed if math.dist(first, other.pos) < NEAR
                   for spot in file)

    def settle(self, where: float, limit: float, placed: Sequence[Spot],
               file_at: Callable[[float], list[Spot]]) -> tuple[float, list[Spot]]:
        """The frontmost place at or behind ``where`` (not behind ``limit``) where the file ``file_at`` gives
        touches none of ``placed``: back in long steps until clear, then forward in short ones."""
        file = file_at(where)
        if self.clear(file, placed):
            return where, file
        blocked = where
        while where > limit:
            blocked, where = where, where - PACKING_STEP
            file = file_at(where)
            if self.clear(file, placed):
                break
        trial = where + FINE_STEP
        while trial < blocked:
            closer = file_at(trial)
            if not self.clear(closer, placed):
                break
            where, file, trial = trial, closer, trial + FINE_STEP
        return where, file

    def road(self, groups: Mapping[int, tuple[int, int, int]]) -> dict[int, list[Spot]]:
        """Every bunch on the road: ``groups`` is progress -> (riders, lane, lanes); the answer, per
        progress, the riders' spots by slot.

        Front of the race first, file by file: a bunch starts on its square (see ``ahead``) and each file
        stands where it wants or, if a number there would touch one already placed, as little further back
        as clears them all.  So a bunch never seems past a line it has not reached, and on a crowded road
        the bunches behind give way.
        """
        spots: dict[int, list[Spot]] = {}
        placed: list[Spot] = []
        for progress in sorted(groups, reverse=True):
            riders, lane, lanes = groups[progress]
            square = progress % len(self.squares)
            files, rows = self.formation(square, riders, lanes)
            band = 1.0 / max(1, lanes)
            where = self.coordinate(progress) + self.ahead(square, files)
            limit = where - self.lap_length / 2
            group: list[Spot] = []
            while len(group) < riders:
                count = min(rows, riders - len(group))
                where, file = self.settle(where, limit, placed,
                                          functools.partial(self.file_at, count=count, rows=rows, band=band, lane=lane))
                group += file
                placed += file
            spots[progress] = group
        return spots

    def path_point(self, start: Spot, end: Spot, first: int, last: int, progress: float) -> Spot:
        """A rider moving from progress ``first`` (drawn at ``start``) to ``last`` (at ``end``), now at ``progress``.

        The path runs through the middle of every square in between, at an
        across-the-track position sliding from the start's to the end's, on a
        smooth curve.
        """
        if last <= first:
            return end
        span = last - first
        t_start = self._across_of(first, start)
        t_end = self._across_of(last, end)

        def knot(k: int) -> Point:
            if k <= first:
                return start.pos if k == first else self.across(k, t_start)
            if k >= last:
                return end.pos if k == last else self.across(k, t_end)
            return self.across(k, t_start + (t_end - t_start) * (k - first) / span)

        progress = max(float(first), min(float(last), progress))
        k = min(last - 1, int(math.floor(progress)))
        frac = progress - k
        x, y = catmull_rom(knot(k - 1), knot(k), knot(k + 1), knot(k + 2), frac)
        angle = angle_between(self.heading(k), self.heading(k + 1), frac)
        if k == first:
            angle = angle_between(start.angle, self.heading(k + 1), frac)
        if k + 1 == last:
            angle = angle_between(self.heading(k), end.angle, frac)
        return Spot(x, y, angle)

    def _across_of(self, square: int, spot: Spot) -> float:
        """How far across the track ``spot`` lies on ``square`` (0 inside .. 1 outside)."""
        (x0, y0), (x1, y1), *_ = self.squares[square % len(self.squares)]
        dx, dy = x1 - x0, y1 - y0
        length2 = dx * dx + dy * dy or 1.0
        return max(0.0, min(1.0, ((spot.x - x0) * dx + (spot.y - y0) * dy) / length2))


def group_sizes(riders: Sequence[RiderView]) -> dict[int, int]:
    """How many racing riders share each progress value."""
    sizes: dict[int, int] = {}
    for rider in riders:
        if rider["status"] == "racing":
            sizes[rider["progress"]] = sizes.get(rider["progress"], 0) + 1
    return sizes


def rider_spots(placer: RiderPlacer, riders: Sequence[RiderView]) -> dict[int, Spot]:
    """Where every rider on the track or resting beside it stands, from the view (see ``RiderPlacer.road``)."""
    sizes = group_sizes(riders)
    lanes = {r["progress"]: (r["lane"], r["lanes"]) for r in riders if r["status"] == "racing"}
    road = placer.road({progress: (size, *lanes[progress]) for progress, size in sizes.items()})
    spots = {}
    for rider in riders:
        if rider["status"] == "racing":
            spots[rider["id"]] = road[rider["progress"]][rider["slot"]]
        elif rider["status"] == "resting" and rider["relief_square"] is not None:
            spots[rider["id"]] = placer.relief(rider["relief_square"])
    return spots
