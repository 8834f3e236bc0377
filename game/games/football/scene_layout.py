"""Where everything sits on the football table (canvas pixels), worked out once from the table rect.

From top to bottom: the scoreboard, the field (21 yard lines between two end
zones), then one of two bottoms: the *hand* (the coach at the screen picks a
card) or the *table* (both play cards, the Game Day card and its deck, the story
of the play), each with a bar of choice buttons at the foot.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import pygame

from . import field

SCOREBOARD_HEIGHT = 62
FIELD_HEIGHT = 128
END_ZONE_WIDTH = 62
GAP = 6
#: cards in the hand and on the table (2.5 : 3.5, the sprites' proportions)
HAND_CARD = (108, 151)
TABLE_CARD = (188, 262)
DECK_CARD = (120, 168)
HAND_GAP = 8
INFO_HEIGHT = 48
BAR_HEIGHT = 52
STORY_HEIGHT = 66
LABEL_HEIGHT = 26
#: more cards than this go on two rows
ONE_ROW = 8


@dataclass(frozen=True)
class FootballLayout:
    """Every place on the table for one table rectangle (computed once; callers never change the rects)."""

    table: pygame.Rect

    # --- bands ---------------------------------------------------------------------------------
    @cached_property
    def scoreboard(self) -> pygame.Rect:
        return pygame.Rect(self.table.x, self.table.y, self.table.width, SCOREBOARD_HEIGHT)

    @cached_property
    def field(self) -> pygame.Rect:
        return pygame.Rect(self.table.x, self.scoreboard.bottom + GAP, self.table.width, FIELD_HEIGHT)

    @cached_property
    def bottom(self) -> pygame.Rect:
        top = self.field.bottom + GAP + 2
        return pygame.Rect(self.table.x, top, self.table.width, self.table.bottom - top)

    @cached_property
    def bar(self) -> pygame.Rect:
        """The choice buttons (and a line of help) at the foot of the table."""
        bottom = self.bottom
        return pygame.Rect(bottom.x + 6, bottom.bottom - BAR_HEIGHT - 2, bottom.width - 12, BAR_HEIGHT)

    # --- the field ------------------------------------------------------------------------------
    @cached_property
    def line_spacing(self) -> float:
        return (self.field.width - 2 * END_ZONE_WIDTH) / field.GOAL_LINE

    def line_x(self, x: float) -> float:
        """Canvas x of yard line ``x`` counted from seat 0's goal line (fractions while sliding)."""
        return self.field.x + END_ZONE_WIDTH + x * self.line_spacing

    def end_zone(self, seat: int) -> pygame.Rect:
        """The end zone behind ``seat``'s own goal line (seat 0 defends the left one)."""
        f = self.field
        if seat == 0:
            return pygame.Rect(f.x, f.y, END_ZONE_WIDTH, f.height)
        return pygame.Rect(f.right - END_ZONE_WIDTH, f.y, END_ZONE_WIDTH, f.height)

    @cached_property
    def ball_y(self) -> int:
        return self.field.y + self.field.height // 2 + 8

    def goal_post(self, attacking_seat: int) -> tuple[float, float]:
        """Where a kick of ``attacking_seat`` goes through: the back of the other end zone."""
        zone = self.end_zone(1 - attacking_seat)
        x = zone.x + zone.width * (0.7 if attacking_seat == 0 else 0.3)
        return (x, zone.centery)

    # --- the hand ---------------------------------------------------------------------------------
    @cached_property
    def info(self) -> pygame.Rect:
        bottom = self.bottom
        return pygame.Rect(bottom.x + 6, bottom.y, bottom.width - 12, INFO_HEIGHT)

    def hand_rects(self, count: int) -> list[pygame.Rect]:
        """Card places in the hand: one row up to 8 cards, else two rows (the first one longer)."""
        if count <= 0:
            return []
        per_row = count if count <= ONE_ROW else math.ceil(count / 2)
        rows = [per_row, count - per_row] if count > per_row else [count]
        width, height = HAND_CARD
        area_top = self.info.bottom + 8
        area_height = self.bar.y - 8 - area_top
        used = len(rows) * height + (len(rows) - 1) * HAND_GAP
        top = area_top + max(0, (area_height - used) // 2)
        rects: list[pygame.Rect] = []
        for index, in_row in enumerate(rows):
            row_width = in_row * width + (in_row - 1) * HAND_GAP
            left = self.table.centerx - row_width // 2
            y = top + index * (height + HAND_GAP)
            rects.extend(pygame.Rect(left + i * (width + HAND_GAP), y, width, height) for i in range(in_row))
        return rects

    def hand_columns(self, count: int) -> int:
        return count if count <= ONE_ROW else math.ceil(count / 2)

    # --- the table ----------------------------------------------------------------------------------
    @cached_property
    def _group_left(self) -> int:
        width = 3 * TABLE_CARD[0] + 16 + 28 + 22 + DECK_CARD[0]
        return self.table.x + (self.table.width - width) // 2

    @cached_property
    def cards_top(self) -> int:
        return self.bottom.y + LABEL_HEIGHT

    @cached_property
    def offense_slot(self) -> pygame.Rect:
        return pygame.Rect(self._group_left, self.cards_top, *TABLE_CARD)

    @cached_property
    def defense_slot(self) -> pygame.Rect:
        return pygame.Rect(self.offense_slot.right + 16, self.cards_top, *TABLE_CARD)

    @cached_property
    def gameday_slot(self) -> pygame.Rect:
        return pygame.Rect(self.defense_slot.right + 28, self.cards_top, *TABLE_CARD)

    @cached_property
    def deck(self) -> pygame.Rect:
        return pygame.Rect(self.gameday_slot.right + 22, self.cards_top + 24, *DECK_CARD)

    def slot(self, side: str) -> pygame.Rect:
        return self.offense_slot if side == "offense" else self.defense_slot

    @cached_property
    def story(self) -> pygame.Rect:
        top = self.cards_top + TABLE_CARD[1] + 8
        return pygame.Rect(self.bottom.x + 6, top, self.bottom.width - 12, self.bar.y - 8 - top)

    @cached_property
    def coin_centre(self) -> tuple[int, int]:
        return (self.field.centerx, self.field.centery)
