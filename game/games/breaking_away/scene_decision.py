"""The decision panel under the track: what the player at the screen decides now, or who decides.

The scene says *what* the panel shows as a :class:`DecisionContent` (a title,
a few lines, the factor buttons of the rider to move, the riders still to move)
and the panel is painted once per content; the push buttons (Ride, Agree,
Change over...) are widgets drawn over it.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import draw
from game.ui.theme import PALETTE, SMALL_PX, Theme, darker, lighter

from .scene_panels import rider_chip

FACTOR_BUTTON = (62, 50)
FACTOR_TOP = 38
FACTOR_GAP = 8
LINE_HEIGHT = 20
CHIP_STEP = 29
#: the height of the row of riders still to move (a marked chip stands a little taller than its disc)
CHIP_ROW = 32
#: the retirement button at the panel's top right: its height, label size, and the narrowest it gets
RETIRE_BUTTON_HEIGHT, RETIRE_LABEL_PX, RETIRE_BUTTON_WIDTH = 28, 16, 112
#: the gap kept between the title and the retirement button
TITLE_GAP = 14


def retire_button_rect(theme: Theme, panel: pygame.Rect, label: str) -> pygame.Rect:
    """The retirement button: as wide as its label at full size asks ("Aufgeben (R)" at 130 %)."""
    width = max(RETIRE_BUTTON_WIDTH, theme.font(RETIRE_LABEL_PX).size(label)[0] + 16 + 8)
    return pygame.Rect(panel.right - 14 - width, panel.y + 6, width, RETIRE_BUTTON_HEIGHT)


def title_room_beside(panel: pygame.Rect, button: pygame.Rect) -> int:
    """The room right of the title kept free for ``button`` (the title starts 14 px in)."""
    return panel.right - button.x + TITLE_GAP


@dataclass(frozen=True)
class DecisionContent:
    title: str
    lines: tuple[str, ...] = ()
    lines_top: int = 38
    #: the rider to move's factors as (value, chosen)
    factors: tuple[tuple[int, bool], ...] = ()
    #: riders still to move this turn as (rider, colour), in a row under the first line (however it wraps)
    chips: tuple[tuple[int, str], ...] = ()
    title_room: int = 28
    #: a shorter title for when the full one does not fit (a big UI scale)
    short_title: str = ""
    #: how many lines the text may take when wrapped (0: one per line given)
    line_budget: int = 0


def factor_button_rects(panel: pygame.Rect, count: int) -> list[pygame.Rect]:
    return [pygame.Rect(panel.x + 14 + i * (FACTOR_BUTTON[0] + FACTOR_GAP), panel.y + FACTOR_TOP, *FACTOR_BUTTON)
            for i in range(count)]


def line_step(theme: Theme) -> int:
    """The distance between the panel's lines: 20 px, more when a big UI scale makes the text taller."""
    return max(LINE_HEIGHT, theme.font(SMALL_PX).get_linesize())


def fitted_lines(theme: Theme, content: DecisionContent, panel: pygame.Rect) -> list[str]:
    """The lines, wrapped to the panel; when a rider's preview does not fit, its first lines (where he lands:
    the ghost on the track shows it) give way to what the move scores and earns."""
    width = panel.width - 28
    if not content.factors:
        budget = content.line_budget or len(content.lines)
        wrapped = [text for line in content.lines for text in (draw.wrap(theme, line, width, SMALL_PX) or [""])]
        if len(wrapped) <= budget:
            return wrapped
        return wrapped[:budget - 1] + [draw.fit(theme, " ".join(wrapped[budget - 1:]), width, SMALL_PX)]
    room = max(1, (panel.height - content.lines_top - 2) // line_step(theme))
    blocks = [draw.wrap(theme, line, width, SMALL_PX) for line in content.lines]
    while len(blocks) > 1 and sum(len(block) for block in blocks) > room:
        blocks.pop(0)
    return [text for block in blocks for text in block][:room]


def paint_decision(surface: pygame.Surface, theme: Theme, content: DecisionContent, marked: bool) -> None:
    panel = surface.get_rect()
    draw.cardboard(surface, panel, fill=PALETTE.card_light, lifted=False, inner_line=False)
    room = panel.width - content.title_room
    full = content.title if not content.short_title or theme.font(20).size(content.title)[0] <= room \
        else content.short_title
    title = draw.fit(theme, full, room, 20)
    draw.text(surface, theme, title, (panel.x + 14, panel.y + 10), size=20)
    for index, ((value, chosen), rect) in enumerate(zip(content.factors,
                                                        factor_button_rects(panel, len(content.factors)))):
        fill = lighter(PALETTE.accent, 0.2) if chosen else PALETTE.card
        pygame.draw.rect(surface, darker(fill, 0.3), rect.move(0, 4), border_radius=9)
        pygame.draw.rect(surface, fill, rect, border_radius=9)
        pygame.draw.rect(surface, darker(fill, 0.45), rect, 2, border_radius=9)
        draw.text(surface, theme, str(value), (rect.centerx, rect.centery + 3), size=26, align="center")
        draw.text(surface, theme, str(index + 1), (rect.x + 6, rect.y + 2), size=14, colour=PALETTE.ink_soft)
        if chosen:
            pygame.draw.rect(surface, PALETTE.focus, rect.inflate(8, 8), 3, border_radius=12)
    y = panel.y + content.lines_top
    chips_after = len(draw.wrap(theme, content.lines[0], panel.width - 28, SMALL_PX)) if content.chips else -1
    for index, line in enumerate(fitted_lines(theme, content, panel)):
        if index == chips_after:
            paint_chips(surface, theme, content.chips, panel, y + CHIP_ROW // 2, marked)
            y += CHIP_ROW
        if line:
            draw.text(surface, theme, line, (panel.x + 14, y), size=SMALL_PX, colour=PALETTE.ink_soft)
        y += line_step(theme)


def paint_chips(surface: pygame.Surface, theme: Theme, chips: tuple[tuple[int, str], ...], panel: pygame.Rect,
                centre_y: int, marked: bool) -> None:
    """The riders still to move, in a row from the panel's left as far as it has room."""
    x = panel.x + 26
    for rider, colour in chips:
        if x > panel.right - 16:
            break
        chip = rider_chip(surface, theme, (x, centre_y), rider, colour, marked=marked, radius=11)
        x += max(CHIP_STEP, chip.width + 4)  # a big UI scale widens the numbers
