"""Leader 1's board picture: the race drawn from its map, and where things sit on it.

The course is drawn once per zoom level into one opaque layer (hexagons in
their terrain colours and borders, the road's squares, black fall squares, the
dotted peloton line, the sprint area, start and finish lines, milestones and
tokens); the scene blits the part the camera sees.  ``BoardGeometry`` knows
the pixel centre and heading of every square, of the squares past the finish
line and of the peloton at any point of its line, so riders and the peloton
can slide along the road.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.ui.theme import darker, lighter

from .course import Course
from .hexagons import cell_centre, hexagon_outline
from .races import token_position

if TYPE_CHECKING:
    from game.ui.assets import Assets
    from game.ui.theme import Theme

Point = tuple[float, float]

#: the zoom levels the wheel steps through (screen pixels per map pixel)
ZOOMS = (1.25, 1.75, 2.25, 2.75, 3.25)
DEFAULT_ZOOM = 3
#: map pixels kept around the race when the board layer is drawn
MARGIN = 80
#: hexagon fill and border by terrain: the rulebook's green, orange, red and black borders
TERRAIN_FILL = {"plain": (120, 168, 92), "rise": (196, 160, 96), "mountain": (170, 112, 92),
                "downhill": (132, 140, 128)}
TERRAIN_BORDER = {"plain": (46, 140, 52), "rise": (232, 132, 24), "mountain": (200, 40, 36),
                  "downhill": (24, 24, 24)}
ROAD = {"plain": (112, 116, 122), "rise": (120, 114, 108), "mountain": (124, 106, 100), "downhill": (98, 102, 108)}
GRID = (70, 72, 78)
FALL = (22, 22, 24)
SPRINT = (236, 206, 92)
FELT_BELOW = (30, 66, 52)
#: finished riders stand this many rows to the side of the road, past the line
PODIUM_SIDE = 2.6


def polygon_centre(points: tuple[Point, ...]) -> Point:
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


class BoardGeometry:
    """Map-pixel positions of the squares, the finish beyond the line and the peloton's line."""

    def __init__(self, course: Course) -> None:
        self.course = course
        squares = course.squares
        self.centres: list[Point] = [polygon_centre(s.polygon) for s in squares]
        self.headings: list[float] = []
        for square in squares:
            nxt = course.straight_next[square.gid]
            if nxt >= 0:
                a, b = self.centres[square.gid], self.centres[nxt]
            else:
                before = [g for g in range(len(squares)) if course.straight_next[g] == square.gid]
                a = self.centres[before[0]] if before else self.centres[square.gid]
                b = self.centres[square.gid]
                if a == b:
                    a = (b[0] - 1, b[1])
            self.headings.append(math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])))
        xs = [x for s in squares for x, _ in s.polygon]
        ys = [y for s in squares for _, y in s.polygon]
        for placement in course.race.placements:
            cx, cy = cell_centre(placement.col, placement.row)
            xs += [cx - 64, cx + 64]
            ys += [cy - 64, cy + 64]
        self.bounds = pygame.Rect(int(min(xs)) - MARGIN, int(min(ys)) - MARGIN,
                                  int(max(xs) - min(xs)) + 2 * MARGIN, int(max(ys) - min(ys)) + 2 * MARGIN)
        last_row = course.squares_by_row[course.last_row]
        self.finish_centre = polygon_centre(tuple(self.centres[g] for g in last_row))
        self.finish_heading = self.headings[course.line[-1]]
        self.row_length = math.dist(self.centres[course.line[0]], self.centres[course.line[1]])
        self.line_points = [self.centres[g] for g in course.line]

    def square_centre(self, gid: int) -> Point:
        return self.centres[gid]

    def finish_point(self, beyond: int) -> Point:
        """Where a rider ``beyond`` squares past the finish line is drawn."""
        angle = math.radians(self.finish_heading)
        step = self.row_length * 1.25
        return (self.finish_centre[0] + math.cos(angle) * step * (beyond + 0.2),
                self.finish_centre[1] + math.sin(angle) * step * (beyond + 0.2))

    def podium_point(self, place: int) -> Point:
        """Where the rider who finished in ``place`` (0 = first) stands: a row beside the road past the
        line, clear of the squares past the line a sprinting rider may choose."""
        angle = math.radians(self.finish_heading)
        along = self.finish_point(0.6 + place * 0.9)
        side = PODIUM_SIDE * self.row_length
        return (along[0] + math.sin(angle) * side, along[1] - math.cos(angle) * side)

    def line_point(self, index: float) -> tuple[Point, float]:
        """The peloton's line at a (fractional) index: its point and heading; past the end it rides on."""
        last = len(self.line_points) - 1
        if index >= last:
            x, y = self.line_points[last]
            angle = math.radians(self.finish_heading)
            extra = (index - last) * self.row_length
            return (x + math.cos(angle) * extra, y + math.sin(angle) * extra), self.finish_heading
        index = max(0.0, index)
        low = int(index)
        t = index - low
        a, b = self.line_points[low], self.line_points[low + 1]
        point = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        return point, math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))

    def path_point(self, points: list[Point], value: float) -> tuple[Point, float]:
        """A point part-way along a polyline (``value`` counts its segments) and the heading there."""
        if len(points) == 1:
            return points[0], 0.0
        value = max(0.0, min(value, len(points) - 1))
        low = min(int(value), len(points) - 2)
        t = value - low
        a, b = points[low], points[low + 1]
        heading = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) if a != b else 0.0
        return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), heading


def paint_board(course: Course, geometry: BoardGeometry, zoom: float, assets: "Assets",
                theme: "Theme") -> pygame.Surface:
    """The whole race at one zoom level, as an opaque layer (drawn once per zoom)."""
    bounds = geometry.bounds
    surface = pygame.Surface((math.ceil(bounds.width * zoom), math.ceil(bounds.height * zoom)))
    surface.fill(FELT_BELOW)

    def to_px(point: Point) -> tuple[float, float]:
        return ((point[0] - bounds.x) * zoom, (point[1] - bounds.y) * zoom)

    outline = hexagon_outline()
    for placement, hexagon in zip(course.race.placements, course.hexagons):
        cx, cy = cell_centre(placement.col, placement.row)
        corners = [to_px((cx + x, cy + y)) for x, y in outline]
        inner = [to_px((cx + x * 0.9, cy + y * 0.9)) for x, y in outline]
        pygame.draw.polygon(surface, darker(TERRAIN_FILL[hexagon.terrain], 0.5), [(x + 3, y + 4) for x, y in corners])
        pygame.draw.polygon(surface, TERRAIN_BORDER[hexagon.terrain], corners)
        pygame.draw.polygon(surface, TERRAIN_FILL[hexagon.terrain], inner)
        pygame.draw.polygon(surface, lighter(TERRAIN_FILL[hexagon.terrain], 0.2), inner, max(1, int(zoom)))
    width = max(1, round(zoom * 0.6))
    for square in course.squares:
        points = [to_px(p) for p in square.polygon]
        fill = ROAD[square.terrain]
        if square.sprint_area:
            fill = lighter(fill, 0.18)
        if square.fall:
            fill = FALL
        pygame.draw.polygon(surface, fill, points)
        if square.sprint_area and not square.fall:
            _hatch(surface, points, SPRINT, zoom)
        pygame.draw.polygon(surface, GRID, points, width)
    dot = max(2, round(zoom * 1.1))
    for square in course.squares:
        if square.peloton_line:
            x, y = to_px(geometry.centres[square.gid])
            pygame.draw.circle(surface, (238, 238, 230), (round(x), round(y)), dot)
    _paint_line(surface, course, geometry, to_px, 0, start=True, zoom=zoom)
    _paint_line(surface, course, geometry, to_px, course.last_row, start=False, zoom=zoom)
    _paint_milestones(surface, course, geometry, to_px, zoom, theme)
    _paint_tokens(surface, course, geometry, to_px, zoom, assets)
    return surface.convert() if pygame.display.get_surface() is not None else surface


def _hatch(surface: pygame.Surface, points: list[tuple[float, float]], colour: tuple[int, int, int],
           zoom: float) -> None:
    """Sprint area: a yellow edge inside the square."""
    pygame.draw.polygon(surface, colour, points, max(1, round(zoom * 0.9)))


def _edge(course: Course, grow: int, start: bool) -> tuple[Point, Point]:
    """The two ends of the line across the road before (start) or after (finish) a row."""
    gids = sorted(course.squares_by_row[grow], key=lambda g: course.squares[g].lane)
    first, last = course.squares[gids[0]].polygon, course.squares[gids[-1]].polygon
    if start:
        return first[0], last[-1]
    half = len(first) // 2
    return first[half - 1], last[half]


def _paint_line(surface: pygame.Surface, course: Course, geometry: BoardGeometry, to_px, grow: int, *, start: bool,
                zoom: float) -> None:
    """A chequered start or finish line across the road."""
    a, b = (to_px(p) for p in _edge(course, grow, start))
    cells = 8
    size = max(2, round(zoom * 2))
    for k in range(cells):
        t0, t1 = k / cells, (k + 1) / cells
        p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        pygame.draw.line(surface, (250, 250, 250) if k % 2 else (20, 20, 20), p0, p1, size)


def _paint_milestones(surface: pygame.Surface, course: Course, geometry: BoardGeometry, to_px, zoom: float,
                      theme: "Theme") -> None:
    """Each hexagon's milestone (its energy) on a white stone, where the road leaves the most room."""
    outline = hexagon_outline(44)
    for order, (placement, hexagon) in enumerate(zip(course.race.placements, course.hexagons)):
        cx, cy = cell_centre(placement.col, placement.row)
        own = [geometry.centres[s.gid] for s in course.squares if s.order == order]
        spot = max(((cx + x, cy + y) for x, y in outline),
                   key=lambda p: min(math.dist(p, c) for c in own))
        x, y = to_px(spot)
        radius = max(9, round(zoom * 6))
        rect = pygame.Rect(0, 0, radius * 2, round(radius * 2.3))
        rect.center = (round(x), round(y))
        pygame.draw.rect(surface, (60, 60, 60), rect.move(2, 2), border_radius=radius)
        pygame.draw.rect(surface, (246, 244, 236), rect, border_radius=radius)
        pygame.draw.rect(surface, TERRAIN_BORDER[hexagon.terrain], rect, 2, border_radius=radius)
        label = theme.text(str(hexagon.milestone), max(14, round(zoom * 6)), (40, 40, 40))
        surface.blit(label, label.get_rect(center=rect.center))


def _paint_tokens(surface: pygame.Surface, course: Course, geometry: BoardGeometry, to_px, zoom: float,
                  assets: "Assets") -> None:
    """Climb, feed-zone and bonus-time tokens beside the road, with their line across it."""
    race = course.race
    colours = {"climb": (200, 40, 36), "feed": (70, 170, 70), "bonus": (40, 110, 200)}
    for token in race.tokens:
        grow = course.row_offsets[token.order] + token.row
        a, b = (to_px(p) for p in _edge(course, grow, True))
        pygame.draw.line(surface, colours[token.kind], a, b, max(2, round(zoom * 1.2)))
        road = to_px(token_position(race, token))
        away = (a[0] - road[0], a[1] - road[1])
        length = math.hypot(*away) or 1.0
        reach = length + zoom * 12
        spot = (road[0] + away[0] / length * reach, road[1] + away[1] / length * reach)
        name = {"climb": f"token_climb_{token.value}", "feed": "token_feed_zone", "bonus": "token_bonus_time"}
        size = max(20, round(zoom * 15))
        image = assets.sprite(name[token.kind], (size, size))
        surface.blit(image, image.get_rect(center=(round(spot[0]), round(spot[1]))))
