"""Write maps/breaking_away/circuit.tmx: the Breaking Away oval as a Tiled map.

    python tools/make_breaking_away_map.py

Deterministic: the same file every run (the output is committed).  The circuit
is a stadium oval of 40 equal squares on its centre line, travelled clockwise
on screen: squares 35-4 on the top straight (square 0, the start, just right of
its middle), 5-14 round the right bend, 15-24 along the bottom (square 20, the
finish, just left of its middle) and 25-34 round the left bend (square 33, the
sprint, near its top).

Layers (object groups):
  squares   40 polygons, class "square", with the properties the scene places
            riders from: index, angle (direction of travel in degrees, 0 = east,
            90 = south), inside/outside (the square's inner and outer edge at
            its middle), inner_lane/outer_lane (the middle of each side of the
            centre line: lapped riders on one side, those who lapped them on the
            other), relief (beside the outer border, where a Madison relief rider
            rests) and label (inside the oval, for the square's number)
  lines     the start, sprint and finish lines across the middle of squares 0,
            33 and 20: polylines of class "line" with properties line and square
  centre    the dashed centre line, one closed polygon of class "centre"
"""
from __future__ import annotations

import math
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.games.breaking_away.data import FINISH_SQUARE, SPRINT_SQUARE, SQUARES, START_SQUARE  # noqa: E402

OUTPUT = ROOT / "maps" / "breaking_away" / "circuit.tmx"

MAP_WIDTH, MAP_HEIGHT = 1280, 720
TILE = 16
CENTRE_X, CENTRE_Y = MAP_WIDTH / 2, MAP_HEIGHT / 2
#: the centre line's bend radius and the track's width
BEND_RADIUS = 200.0
TRACK_WIDTH = 128.0
SQUARES_PER_STRAIGHT = 10
SQUARES_PER_BEND = (SQUARES - 2 * SQUARES_PER_STRAIGHT) // 2
#: every square is this long on the centre line
SQUARE_LENGTH = math.pi * BEND_RADIUS / SQUARES_PER_BEND
HALF_STRAIGHT = SQUARES_PER_STRAIGHT * SQUARE_LENGTH / 2
RELIEF_OFFSET = TRACK_WIDTH / 2 + 24
LABEL_OFFSET = -(TRACK_WIDTH / 2 + 18)
#: points along each bent edge of a square on a bend
BEND_STEPS = 4

LINES = (("start", START_SQUARE), ("sprint", SPRINT_SQUARE), ("finish", FINISH_SQUARE))


def along(distance: float, offset: float) -> tuple[float, float, float]:
    """(x, y, heading in degrees) at ``distance`` along the centre line from square 0's start line edge,
    moved ``offset`` outwards (negative: towards the infield)."""
    s = distance % (SQUARES * SQUARE_LENGTH)
    top_right = HALF_STRAIGHT
    right_bend = top_right + SQUARES_PER_BEND * SQUARE_LENGTH
    bottom = right_bend + 2 * HALF_STRAIGHT
    left_bend = bottom + SQUARES_PER_BEND * SQUARE_LENGTH
    radius = BEND_RADIUS + offset
    if s < top_right:
        return CENTRE_X + s, CENTRE_Y - radius, 0.0
    if s < right_bend:
        theta = (s - top_right) / BEND_RADIUS
        return (CENTRE_X + HALF_STRAIGHT + radius * math.sin(theta), CENTRE_Y - radius * math.cos(theta),
                math.degrees(theta))
    if s < bottom:
        return CENTRE_X + HALF_STRAIGHT - (s - right_bend), CENTRE_Y + radius, 180.0
    if s < left_bend:
        theta = (s - bottom) / BEND_RADIUS
        return (CENTRE_X - HALF_STRAIGHT - radius * math.sin(theta), CENTRE_Y + radius * math.cos(theta),
                180.0 + math.degrees(theta))
    return CENTRE_X - HALF_STRAIGHT + (s - left_bend), CENTRE_Y - radius, 0.0


def square_polygon(index: int) -> list[tuple[float, float]]:
    start, end = index * SQUARE_LENGTH, (index + 1) * SQUARE_LENGTH
    steps = [start + (end - start) * k / BEND_STEPS for k in range(BEND_STEPS + 1)]
    outer = [along(s, TRACK_WIDTH / 2)[:2] for s in steps]
    inner = [along(s, -TRACK_WIDTH / 2)[:2] for s in reversed(steps)]
    points = outer + inner
    simplified = [p for i, p in enumerate(points) if i == 0 or _far(p, points[i - 1])]
    return _without_straight_middles(simplified)


def _far(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) > 0.01 or abs(a[1] - b[1]) > 0.01


def _without_straight_middles(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Drop points that lie on a straight edge (the straights need only four corners)."""
    kept = []
    n = len(points)
    for i, (x, y) in enumerate(points):
        (px, py), (nx, ny) = points[i - 1], points[(i + 1) % n]
        if abs((x - px) * (ny - py) - (y - py) * (nx - px)) > 0.5:
            kept.append((x, y))
    return kept


def fmt(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def prop(name: str, value: object) -> str:
    if isinstance(value, bool):
        return f'<property name="{name}" type="bool" value="{str(value).lower()}"/>'
    if isinstance(value, int):
        return f'<property name="{name}" type="int" value="{value}"/>'
    if isinstance(value, float):
        return f'<property name="{name}" type="float" value="{fmt(value)}"/>'
    return f'<property name="{name}" value={quoteattr(str(value))}/>'


def shape(object_id: int, name: str, cls: str, points: list[tuple[float, float]], properties: dict,
          kind: str = "polygon") -> str:
    x0, y0 = points[0]
    relative = " ".join(f"{fmt(x - x0)},{fmt(y - y0)}" for x, y in points)
    props = "".join(f"\n    {prop(k, v)}" for k, v in properties.items())
    return (f'  <object id="{object_id}" name="{name}" type="{cls}" x="{fmt(x0)}" y="{fmt(y0)}">\n'
            f"   <properties>{props}\n   </properties>\n"
            f'   <{kind} points="{relative}"/>\n  </object>')


def square_properties(index: int) -> dict:
    middle = (index + 0.5) * SQUARE_LENGTH
    props: dict[str, object] = {"index": index, "angle": round(along(middle, 0)[2], 2)}
    for name, offset in (("inside", -TRACK_WIDTH / 2), ("outside", TRACK_WIDTH / 2),
                         ("inner_lane", -TRACK_WIDTH / 4), ("outer_lane", TRACK_WIDTH / 4),
                         ("relief", RELIEF_OFFSET), ("label", LABEL_OFFSET)):
        x, y, _ = along(middle, offset)
        props[f"{name}_x"] = round(x, 2)
        props[f"{name}_y"] = round(y, 2)
    return props


def build() -> str:
    objects_squares, objects_lines = [], []
    object_id = 1
    for index in range(SQUARES):
        objects_squares.append(shape(object_id, f"square {index}", "square", square_polygon(index),
                                     square_properties(index)))
        object_id += 1
    for key, square in LINES:
        middle = (square + 0.5) * SQUARE_LENGTH
        ends = [along(middle, -TRACK_WIDTH / 2)[:2], along(middle, TRACK_WIDTH / 2)[:2]]
        objects_lines.append(shape(object_id, f"{key} line", "line", ends, {"line": key, "square": square},
                                   kind="polyline"))
        object_id += 1
    samples = SQUARES * BEND_STEPS
    centre_points = _without_straight_middles(
        [along(k * SQUARES * SQUARE_LENGTH / samples, 0)[:2] for k in range(samples)])
    centre = shape(object_id, "centre line", "centre", centre_points, {"dashed": True})
    object_id += 1
    map_props = {"title": "Breaking Away circuit", "squares": SQUARES, "start_square": START_SQUARE,
                 "sprint_square": SPRINT_SQUARE, "finish_square": FINISH_SQUARE, "track_width": TRACK_WIDTH,
                 "direction": "clockwise"}
    props = "".join(f"\n  {prop(k, v)}" for k, v in map_props.items())
    newline = "\n"
    header = (f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
              f'width="{MAP_WIDTH // TILE}" height="{MAP_HEIGHT // TILE}" tilewidth="{TILE}" tileheight="{TILE}" '
              f'infinite="0" nextlayerid="4" nextobjectid="{object_id}">')
    return f"""<?xml version="1.0" encoding="UTF-8"?>
{header}
 <properties>{props}
 </properties>
 <objectgroup id="1" name="squares">
{newline.join(objects_squares)}
 </objectgroup>
 <objectgroup id="2" name="lines">
{newline.join(objects_lines)}
 </objectgroup>
 <objectgroup id="3" name="centre">
{centre}
 </objectgroup>
</map>
"""


def main() -> int:
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(build(), encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
