"""Where everything on the Breakout table sits: the wall, its arrows, trays, panels and characters.

The wall sprite carries its own slot geometry ("geometry"."wall" in
assets/sprites/index.json, in sprite pixels); this module scales it and places
the rest of the table around it, so drawing, hit-testing and animations all
agree on one set of positions.  Yellow (seat 0) sits on the left, Blue on the
right.
"""
from __future__ import annotations

import json
import logging
from typing import Any, Mapping

import pygame

from game.core.paths import resource_path

from .rules import SLOTS, SPACES

log = logging.getLogger(__name__)

Point = tuple[float, float]

#: the wall sprite is drawn this much larger than its sheet size
WALL_SCALE = 1.25
WALL_SPRITE_SIZE = (300, 384)
#: where the wall's frame ends left and right at the slots, and where it meets the ground (sprite pixels)
FRAME_LEFT, FRAME_RIGHT = 12, 288
#: the wall's geometry as generated, used when the index cannot be read
FALLBACK_GEOMETRY: dict[str, Any] = {
    "slot_rects": [[40, 298, 220, 44], [40, 234, 220, 44], [40, 170, 220, 44], [40, 106, 220, 44],
                   [40, 42, 220, 44]],
    "space_width": 44, "spaces": 5, "top": [16, 8, 268],
}
KNOT_SIZE = 50
ARROW_SIZE = (46, 38)
CHARACTER_SIZE = (40, 60)
MINI_KNOT = 30
TRAY_SIZE = (100, 36)
PANEL_WIDTH = 232
PANEL_HEIGHT = 388
CAPTION_HEIGHT = 86
BADGE_WIDTH = 184


def wall_geometry() -> dict[str, Any]:
    """The wall's slot rectangles from the sprite index (sprite pixels, bottom slot first)."""
    path = resource_path("assets", "sprites", "index.json")
    try:
        geometry = json.loads(path.read_text(encoding="utf-8"))["geometry"]["wall"]
        if len(geometry["slot_rects"]) == SLOTS and int(geometry["spaces"]) == SPACES:
            return dict(geometry)
        log.warning("The wall geometry in %s does not have %d slots of %d spaces; using the built-in one.",
                    path, SLOTS, SPACES)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("Could not read the wall geometry from %s (%s); using the built-in one.", path, exc)
    return dict(FALLBACK_GEOMETRY)


def with_shadow(rect: pygame.Rect) -> pygame.Rect:
    """A panel's rectangle grown by its highlight ring and its drop shadow."""
    return pygame.Rect(rect.x - 8, rect.y - 8, rect.width + 20, rect.height + 24)


class TableLayout:
    """Every position on the Breakout table for one ``table`` rectangle."""

    def __init__(self, table: pygame.Rect, geometry: Mapping[str, Any]) -> None:
        self.table = table
        self.geometry = geometry
        width, height = (round(n * WALL_SCALE) for n in WALL_SPRITE_SIZE)
        self.wall = pygame.Rect(0, 0, width, height)
        self.wall.centerx = table.centerx
        self.wall.y = table.y + 50
        self.slots = [self._scaled(rect) for rect in geometry["slot_rects"]]
        self.space_width = geometry["space_width"] * WALL_SCALE
        top_x, top_y, top_width = geometry["top"]
        #: the standing line on top of the wall: left x, right x, y of the feet
        self.top_left = self.wall.x + top_x * WALL_SCALE
        self.top_right = self.top_left + top_width * WALL_SCALE
        self.top_y = self.wall.y + top_y * WALL_SCALE + 4
        self.ground = self.wall.bottom - 4
        self.frame_left = self.wall.x + FRAME_LEFT * WALL_SCALE
        self.frame_right = self.wall.x + FRAME_RIGHT * WALL_SCALE
        left_panel = pygame.Rect(table.x + 8, table.y + 8, PANEL_WIDTH, PANEL_HEIGHT)
        right_panel = left_panel.copy()
        right_panel.right = table.right - 8
        self.panels = (left_panel, right_panel)
        bottom_y = self.wall.bottom + 8
        self.round_badge = pygame.Rect(left_panel.x, bottom_y, BADGE_WIDTH, CAPTION_HEIGHT)
        self.covering_badge = pygame.Rect(right_panel.right - BADGE_WIDTH, bottom_y, BADGE_WIDTH, CAPTION_HEIGHT)
        self.caption = pygame.Rect(self.round_badge.right + 10, bottom_y,
                                   self.covering_badge.x - self.round_badge.right - 20, CAPTION_HEIGHT)
        #: the parts of the cached board that differ from the bare felt (each with room for borders and
        #: shadows); the wall with its trays comes last
        self.board_regions = [with_shadow(rect) for rect in (*self.panels, self.round_badge, self.covering_badge,
                                                               self.caption)]
        self.board_regions.append(self.wall.union(self.tray_rect("left")).union(self.tray_rect("right")))

    def _scaled(self, rect: list[int]) -> pygame.Rect:
        x, y, w, h = (n * WALL_SCALE for n in rect)
        return pygame.Rect(round(self.wall.x + x), round(self.wall.y + y), round(w), round(h))

    # --- the wall -------------------------------------------------------------------
    def cell_centre(self, row: int, column: int) -> Point:
        slot = self.slots[row]
        return (slot.x + (column + 0.5) * self.space_width, float(slot.centery))

    def cell_rect(self, row: int, column: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, KNOT_SIZE, KNOT_SIZE)
        rect.center = (round(self.cell_centre(row, column)[0]), round(self.cell_centre(row, column)[1]))
        return rect

    def outside(self, row: int, side: str) -> Point:
        """Just outside the slot's ``side`` end, over its arrow: where a piece waits to enter or leaves."""
        centre = self.arrow_rect(row, side).center
        return (float(centre[0]), float(self.slots[row].centery))

    def arrow_rect(self, row: int, side: str) -> pygame.Rect:
        rect = pygame.Rect((0, 0), ARROW_SIZE)
        rect.centery = self.slots[row].centery
        if side == "left":
            rect.right = round(self.frame_left) - 4
        else:
            rect.x = round(self.frame_right) + 4
        return rect

    def arrow_hit_rect(self, row: int, side: str) -> pygame.Rect:
        """A little larger than the arrow, so it is easy to point at."""
        return self.arrow_rect(row, side).inflate(12, 26)

    def tray_rect(self, side: str) -> pygame.Rect:
        """The support tray at the foot of the wall on ``side``: ejected pieces drop into it."""
        rect = pygame.Rect((0, 0), TRAY_SIZE)
        rect.bottom = self.wall.bottom + 6
        rect.centerx = self.arrow_rect(0, side).centerx + (-10 if side == "left" else 10)
        return rect

    def tray_point(self, side: str) -> Point:
        rect = self.tray_rect(side)
        return (float(rect.centerx), float(rect.centery - 6))

    # --- around the wall ---------------------------------------------------------------
    def panel(self, seat: int) -> pygame.Rect:
        return self.panels[seat]

    def side_of(self, seat: int) -> str:
        return "left" if seat == 0 else "right"

    def supply_cell(self, seat: int, index: int) -> pygame.Rect:
        """The ``index``-th mini knot of ``seat``'s supply (5 a row) inside its panel."""
        panel = self.panels[seat]
        per_row = 5
        gap = 8
        width = per_row * MINI_KNOT + (per_row - 1) * gap
        x0 = panel.centerx - width // 2
        y0 = panel.y + 128
        column, row = index % per_row, index // per_row
        return pygame.Rect(x0 + column * (MINI_KNOT + gap), y0 + row * (MINI_KNOT + gap), MINI_KNOT, MINI_KNOT)

    def foot_spot(self, seat: int, place: int) -> Point:
        """Feet of the ``place``-th waiting character of ``seat`` (0: nearest the wall, next to climb)."""
        tray = self.tray_rect(self.side_of(seat))
        step = CHARACTER_SIZE[0] + 10
        if seat == 0:
            return (float(tray.x - 30 - place * step), float(self.ground))
        return (float(tray.right + 30 + place * step), float(self.ground))

    def top_spot(self, seat: int, place: int) -> Point:
        """Feet of ``seat``'s ``place``-th escaped character on top of the wall (Yellow left, Blue right)."""
        step = CHARACTER_SIZE[0] + 8
        if seat == 0:
            return (self.top_left + 26 + place * step, float(self.top_y))
        return (self.top_right - 26 - place * step, float(self.top_y))

    def bottom_of_column(self, column: int) -> Point:
        """Where a climber starts up the wall below ``column`` of the bottom slot."""
        return (self.cell_centre(0, column)[0], float(self.ground))
