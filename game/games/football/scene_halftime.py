"""The halftime screen: the first half in numbers, and who kicks off the second.

Players get a breather between the halves: the score by quarter, what each
team made of its drives (first downs, yards, turnovers, breakaways), the time
outs given back, and who kicks off to start the second half.  Everything is
read from the public log of the first half; the screen waits for a player
(Continue, or Enter) before the second half's kickoff is shown.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from game.core.match import LogEntry
from game.i18n import N_, _
from game.ui import draw
from game.ui.theme import MIN_FONT_PX, PALETTE, SMALL_PX, Theme

from .board import quarter_label
from .scene_art import word_wrap

#: the card's width, its score rows and the room left at its foot for the Continue button (canvas pixels)
CARD_WIDTH = 720
ROW = 34
BUTTON_ROOM = 78
STAT_ROWS: tuple[tuple[str, str], ...] = (
    ("drives", N_("Drives")), ("first_downs", N_("First downs")), ("yards", N_("Yards gained")),
    ("turnovers", N_("Turnovers")), ("breakaways", N_("Breakaways")),
)


@dataclass(frozen=True)
class HalfTime:
    """The first half as the halftime screen tells it (two of everything: seat 0, seat 1)."""

    teams: tuple[str, str]
    colours: tuple[str, str]
    quarters: tuple[tuple[int, int], tuple[int, int]]
    #: a pair for each of ``STAT_ROWS``, in its order
    stats: tuple[tuple[int, int], ...]
    kicker: int

    @property
    def half(self) -> tuple[int, int]:
        first, second = self.quarters
        return (first[0] + second[0], first[1] + second[1])


def first_half(entries: Sequence[LogEntry], teams: Sequence[str], colours: Sequence[str],
               kicker: int) -> HalfTime:
    """The numbers of the half from its public log ``entries`` (up to the halftime line)."""
    at_end: dict[int, list[int]] = {}
    stats = {name: [0, 0] for name, _label in STAT_ROWS}
    for entry in entries:
        kind, data = entry.event.kind, entry.event.data
        seat = data.get("seat")
        if kind == "quarter_end":
            at_end[int(data["quarter"])] = list(data["score"])
        elif seat not in (0, 1):
            continue
        elif kind == "drive":
            stats["drives"][seat] += 1
        elif kind == "breakaway":
            stats["breakaways"][seat] += 1
        elif kind == "turnover" or (kind == "return" and data.get("result") == "fumble"):
            stats["turnovers"][seat] += 1
        if kind == "play" and seat in (0, 1):
            if data.get("result") == "first_down":
                stats["first_downs"][seat] += 1
            if "from" in data and "to" in data and not data.get("incomplete"):
                gained = (data["to"] - data["from"]) * (1 if seat == 0 else -1)
                stats["yards"][seat] += 5 * gained
    first = at_end.get(1, [0, 0])
    half = at_end.get(2, first)
    quarters = ((first[0], first[1]), (half[0] - first[0], half[1] - first[1]))
    return HalfTime((teams[0], teams[1]), (colours[0], colours[1]), quarters,
                    tuple((stats[name][0], stats[name][1]) for name, _label in STAT_ROWS), kicker)


TITLE_PX = 34


def team_row(theme: Theme) -> int:
    """From one team's score row to the next (taller at a big UI scale)."""
    return max(ROW, theme.font(26).get_linesize() + 4)


def card_height(theme: Theme) -> int:
    """The card's height: title and note, the score table, a row per statistic and the kickoff line, the
    button's room (every row as tall as its words at the UI scale)."""
    return (14 + theme.font(TITLE_PX).get_linesize() + theme.font(SMALL_PX).get_linesize() + 12
            + row_step(theme) + 2 * team_row(theme) + 18 + (len(STAT_ROWS) + 3) * row_step(theme) + 6 + BUTTON_ROOM)


def paint_halftime(theme: Theme, half: HalfTime, colour_blind: bool) -> pygame.Surface:
    """The screen's card (without its Continue button, which the scene places over the foot)."""
    surface = pygame.Surface((CARD_WIDTH, card_height(theme)), pygame.SRCALPHA)
    rect = surface.get_rect()
    draw.cardboard(surface, rect.inflate(-6, -6), fill=PALETTE.card_light, radius=14)
    y = 14
    title, title_px = draw.shrink_to_fit(theme, _("Halftime"), rect.width - 60, TITLE_PX)
    draw.text(surface, theme, title, (rect.centerx, y), size=title_px, colour=PALETTE.ink, align="midtop")
    y += theme.font(TITLE_PX).get_linesize()
    note, note_px = draw.shrink_to_fit(theme, _("Time outs are back to 3 each."), rect.width - 60, SMALL_PX)
    draw.text(surface, theme, note, (rect.centerx, y), size=note_px, colour=PALETTE.ink_soft, align="midtop")
    y += theme.font(SMALL_PX).get_linesize() + 12
    name_x, columns = 40, (rect.width - 380, rect.width - 230, rect.width - 90)
    name_room = columns[0] - 60 - name_x - 30
    headings = (quarter_label(1), quarter_label(2), _("Half"))
    for x, heading in zip(columns, headings):
        words, px = draw.shrink_to_fit(theme, heading, 148, SMALL_PX)
        draw.text(surface, theme, words, (x, y), size=px, colour=PALETTE.ink_soft, align="midtop")
    y += row_step(theme)
    for seat in (0, 1):
        chip = pygame.Rect(0, 0, 18, 18)
        chip.midleft = (name_x, y + team_row(theme) // 2)
        draw.team_marker(surface, chip, half.colours[seat], marked=colour_blind, radius=4)
        words, px = draw.shrink_to_fit(theme, half.teams[seat], name_room, 22)
        draw.text(surface, theme, words, (chip.right + 10, chip.centery), size=px, colour=PALETTE.ink,
                  align="midleft")
        values = (half.quarters[0][seat], half.quarters[1][seat], half.half[seat])
        for index, (x, value) in enumerate(zip(columns, values)):
            draw.text(surface, theme, str(value), (x, chip.centery), size=26 if index == 2 else 22,
                      colour=PALETTE.ink, align="center")
        y += team_row(theme)
    y += 8
    pygame.draw.line(surface, PALETTE.card_edge, (name_x, y), (rect.width - name_x, y), 2)
    y += 10
    left, right = rect.centerx - 190, rect.centerx + 190
    for seat, x in ((0, left), (1, right)):
        words, px = draw.shrink_to_fit(theme, half.teams[seat], 220, SMALL_PX)
        draw.text(surface, theme, words, (x, y), size=px, colour=PALETTE.ink_soft, align="midtop")
    y += row_step(theme)
    label_room = right - left - 110
    for (_name, label), values in zip(STAT_ROWS, half.stats):
        words, px = draw.shrink_to_fit(theme, _(label), label_room, SMALL_PX)
        draw.text(surface, theme, words, ((left + right) // 2, y), size=px, colour=PALETTE.ink, align="midtop")
        for seat, x in ((0, left), (1, right)):
            draw.text(surface, theme, str(values[seat]), (x, y), size=SMALL_PX, colour=PALETTE.ink, align="midtop")
        y += row_step(theme)
    kicker, receiver = half.teams[half.kicker], half.teams[1 - half.kicker]
    kickoff = _("{kicker} kicks off to {receiver} to start the second half.").format(kicker=kicker,
                                                                                    receiver=receiver)
    wrapped = word_wrap(theme, kickoff, rect.width - 60, 2, SMALL_PX)
    rows, px = wrapped if wrapped is not None else ([draw.fit(theme, kickoff, rect.width - 60, MIN_FONT_PX)],
                                                    MIN_FONT_PX)
    y += 6
    for row in rows:
        draw.text(surface, theme, row, (rect.centerx, y), size=px, colour=PALETTE.ink, align="midtop")
        y += row_step(theme)
    return surface


def row_step(theme: Theme) -> int:
    """From one stats row to the next (taller at a big UI scale)."""
    return max(24, theme.font(SMALL_PX).get_linesize() + 2)

