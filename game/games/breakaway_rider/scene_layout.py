"""Where everything sits on the Breakaway Rider table (canvas coordinates).

The table area is split in three: a narrow column on the left for the stage,
the pace and the deck; a grid of seat panels (each rider's open pile, jersey,
chips and last result) in seat order, which is also the order of play; and
along the bottom the hand of the rider at the screen with the action panel
(preview and Play button) beside it.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

Point = tuple[float, float]

#: the card sprites' own size (2.5:3.5)
CARD_SPRITE = (100, 140)
#: cards in the hand at the bottom
HAND_CARD = (90, 126)
HAND_GAP = 8
#: how far a chosen or pointed-at hand card rises
HAND_LIFT = 18
#: the top card of a seat's open pile
PILE_CARD = (72, 101)
#: the deck in the info column
DECK_CARD = (80, 112)
#: a special card lying crosswise on a pile (its footprint once turned), and how far each lies from the last
CROSS_SIZE = (72, 52)
CROSS_STEP = (8, 12)
#: full steps of the crosswise fan; the cards after them close up
CROSS_FULL_STEPS = 2
CHIP = 26
JERSEY = (56, 53)
MINI_BACK = (16, 22)
INFO_WIDTH = 196
GUTTER = 12
HAND_ZONE_HEIGHT = 176
ACTION_WIDTH = 250


@dataclass(frozen=True)
class SeatCell:
    """One rider's panel and the spots on it that animations fly to."""

    rect: pygame.Rect
    pile: pygame.Rect
    jersey: pygame.Rect
    chips: pygame.Rect
    hand_spot: pygame.Rect
    result: pygame.Rect

    @property
    def pile_centre(self) -> Point:
        return (float(self.pile.centerx), float(self.pile.centery))

    def cross_centre(self, index: int) -> Point:
        """The centre of the ``index``-th special card lying crosswise on the pile's top speed card.  The
        first three fan out a full step; the next ones close up to a quarter step until the fan is one step
        wider, so even a tall stack stays off the jersey, the chips and the panel's title."""
        steps = min(CROSS_FULL_STEPS + 1, min(index, CROSS_FULL_STEPS) + max(0, index - CROSS_FULL_STEPS) / 4)
        return (float(self.pile.centerx + 18 + CROSS_STEP[0] * steps),
                float(self.pile.centery + 16 - CROSS_STEP[1] * steps))

    @property
    def hand_centre(self) -> Point:
        return (float(self.hand_spot.centerx), float(self.hand_spot.centery))

    @property
    def jersey_centre(self) -> Point:
        return (float(self.jersey.centerx), float(self.jersey.centery))

    @property
    def chips_centre(self) -> Point:
        return (float(self.chips.x + CHIP // 2), float(self.chips.centery))

    @property
    def notes(self) -> pygame.Rect:
        """Right of the pile, under the jersey or the chips: minutes and waiting headwinds."""
        return pygame.Rect(self.chips.x, self.chips.bottom + 4, self.rect.right - 12 - self.chips.x,
                           self.pile.bottom - self.chips.bottom - 4)


def grid_shape(seats: int) -> tuple[int, int]:
    """(columns, rows) of seat panels: two or three across, one or two rows."""
    if seats <= 3:
        return seats, 1
    if seats == 4:
        return 2, 2
    return 3, 2


class TableLayout:
    """All fixed rectangles for a table of ``seats`` riders inside ``table``."""

    def __init__(self, table: pygame.Rect, seats: int) -> None:
        self.table = table
        self.seats = seats
        top_height = table.height - HAND_ZONE_HEIGHT - GUTTER
        self.info = pygame.Rect(table.x, table.y, INFO_WIDTH, top_height)
        self.seat_area = pygame.Rect(self.info.right + GUTTER, table.y, table.right - self.info.right - GUTTER,
                                     top_height)
        self.hand_zone = pygame.Rect(table.x, table.bottom - HAND_ZONE_HEIGHT, table.width, HAND_ZONE_HEIGHT)
        self.action = pygame.Rect(self.hand_zone.right - ACTION_WIDTH, self.hand_zone.y + 8, ACTION_WIDTH,
                                  self.hand_zone.height - 8)
        self.hand_area = pygame.Rect(self.hand_zone.x, self.hand_zone.y, self.action.x - GUTTER - self.hand_zone.x,
                                     self.hand_zone.height)
        self.stage_panel = pygame.Rect(self.info.x, self.info.y, INFO_WIDTH, 62)
        self.pace_panel = pygame.Rect(self.info.x, self.stage_panel.bottom + GUTTER, INFO_WIDTH, 196)
        self.deck_panel = pygame.Rect(self.info.x, self.pace_panel.bottom + GUTTER, INFO_WIDTH,
                                      self.info.bottom - self.pace_panel.bottom - GUTTER)
        deck_card = pygame.Rect((0, 0), DECK_CARD)
        deck_card.midleft = (self.deck_panel.x + 16, self.deck_panel.centery + 4)
        self.deck_card = deck_card
        self.cells = [self._cell(seat) for seat in range(seats)]
        #: where penalty chips come from and go back to: the bank beside the pace
        self.bank: Point = (float(self.pace_panel.right - 30), float(self.pace_panel.bottom - 30))

    def _cell(self, seat: int) -> SeatCell:
        columns, rows = grid_shape(self.seats)
        width = (self.seat_area.width - GUTTER * (columns - 1)) // columns
        height = min(250, (self.seat_area.height - GUTTER * (rows - 1)) // rows)
        block = rows * height + GUTTER * (rows - 1)
        top = self.seat_area.y + (self.seat_area.height - block) // 2 if rows == 1 else self.seat_area.y
        column, row = seat % columns, seat // columns
        rect = pygame.Rect(self.seat_area.x + column * (width + GUTTER), top + row * (height + GUTTER), width, height)
        pile = pygame.Rect(rect.x + 18, rect.y + 72, *PILE_CARD)
        #: right of the pile and its crosswise cards: the jersey or the chips on top, notes below
        right = pygame.Rect(pile.right + 38, pile.y, rect.right - 10 - pile.right - 38, PILE_CARD[1])
        jersey = pygame.Rect((0, 0), JERSEY)
        jersey.midtop = (right.centerx, right.y)
        chips = pygame.Rect(right.x, right.y + 6, right.width, CHIP)
        hand_spot = pygame.Rect(rect.right - 66, rect.y + 10, 52, 26)
        result = pygame.Rect(rect.x + 14, rect.bottom - 32, rect.width - 28, 24)
        return SeatCell(rect, pile, jersey, chips, hand_spot, result)

    def hand_rects(self, count: int) -> list[pygame.Rect]:
        """The hand's cards left to right, resting (not lifted)."""
        y = self.hand_zone.bottom - HAND_CARD[1] - 10
        x = self.hand_area.x + 14
        step = HAND_CARD[0] + HAND_GAP
        room = self.hand_area.width - 28
        if count > 1 and count * step - HAND_GAP > room:
            step = (room - HAND_CARD[0]) // (count - 1)
        return [pygame.Rect(x + i * step, y, *HAND_CARD) for i in range(count)]

    def hand_slot_centre(self, index: int, count: int) -> Point:
        rects = self.hand_rects(max(count, index + 1))
        return (float(rects[index].centerx), float(rects[index].centery))

    @property
    def deck_centre(self) -> Point:
        return (float(self.deck_card.centerx), float(self.deck_card.centery))

    @property
    def set_aside_centre(self) -> Point:
        """Where headwinds dealt at the start are put aside: beside the deck."""
        return (float(self.deck_card.right + 26), float(self.deck_card.y + 97))
