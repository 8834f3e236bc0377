"""The cardboard around the Breaking Away track: points table, line boards, the movement log sheet.

Each panel is painted into a cached image keyed by everything it shows, so a
frame where nothing changed only blits it.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Sequence

import pygame

from game.ui import draw
from game.ui.theme import MIN_FONT_PX, PALETTE, SMALL_PX, Theme, darker, hex_colour, lighter, readable_on

from .data import HIGHEST_START_VALUE, LOWEST_START_VALUE, SHEET_LIMITS
from .scene_layout import STANDINGS_ROW, STANDINGS_TITLE
from game.i18n import _, ngettext

from .scene_words import Names, ordinal, short_line_name
from .views import BreakingAwayView, RiderView

#: a factor box on the sheet
BOX = (34, 26)
BOX_GAP = 5
#: where a sheet row's factor boxes start
BOXES_X = 232
SHEET_TITLE = 30
SHEET_ROW = 29
#: the sheet's secondary words ("used", and what is hidden or used in a tight row)
SHEET_SMALL_PX = 14
#: a place on a line's board
CELL_GAP = 4
REPLACEMENT_FILL = (206, 232, 210)
HIDDEN_FILL = (214, 204, 182)


class PanelCache:
    """Panels painted once per key (their content) onto what lies under them, then blitted as they are.

    ``ground`` gives the table under the panel; the panel is painted on a copy
    of it, so the picture is opaque (rounded corners and all) and blits fast.
    """

    def __init__(self) -> None:
        self._images: dict[str, tuple[Hashable, pygame.Surface]] = {}

    def get(self, name: str, key: Hashable, paint: Callable[[pygame.Surface], None],
            ground: Callable[[], pygame.Surface]) -> pygame.Surface:
        cached = self._images.get(name)
        if cached is None or cached[0] != key:
            image = ground().copy()
            paint(image)
            cached = (key, image)
            self._images[name] = cached
        return cached[1]

    def clear(self) -> None:
        self._images.clear()


def rider_chip(surface: pygame.Surface, theme: Theme, centre: tuple[int, int], rider: int, colour_hex: str,
               *, marked: bool = False, radius: int = 12) -> pygame.Rect:
    """A team-coloured disc with the rider's number (boards, the sheet, dialogs), painted once."""
    key = (rider, colour_hex.lower(), marked, radius, theme.version)
    image = _chips.get(key)
    if image is None:
        if len(_chips) > 400:
            _chips.clear()
        image = _chips[key] = _paint_chip(theme, rider, colour_hex, marked, radius)
    rect = image.get_rect(center=centre)
    surface.blit(image, rect)
    return rect


_chips: dict[tuple[Any, ...], pygame.Surface] = {}


def _paint_chip(theme: Theme, rider: int, colour_hex: str, marked: bool, radius: int) -> pygame.Surface:
    colour = hex_colour(colour_hex)
    label = theme.text(str(rider), 14, readable_on(colour))
    width = max(2 * radius, label.get_width() + 10)
    surface = pygame.Surface((width + (12 if marked else 0), 2 * radius + (4 if marked else 0)), pygame.SRCALPHA)
    rect = pygame.Rect(0, 4 if marked else 0, width, 2 * radius)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, darker(colour, 0.45), rect, 2, border_radius=radius)
    surface.blit(label, label.get_rect(center=rect.center))
    if marked:
        chip = pygame.Rect(rect.right - 6, 0, 12, 12)
        draw.team_marker(surface, chip, colour_hex, marked=True, radius=3)
    return surface


# --- the points table ------------------------------------------------------------------------------
@dataclass(frozen=True)
class StandingRow:
    """A team's line in the points panel; before the start ``score`` tells its sheet instead of points."""

    seat: int
    #: the engine's rank (rows are drawn in this order)
    rank: int
    #: the place shown ("2nd", "=2nd", or "" while no points separate the teams)
    place: str
    name: str
    colour: str
    score: str
    note: str
    soft: bool = False


def standing_row_rect(panel: pygame.Rect, y: int) -> pygame.Rect:
    return pygame.Rect(panel.x + 8, y, panel.width - 16, STANDINGS_ROW - 2)


def paint_standings(surface: pygame.Surface, theme: Theme, heading: str, title: str, rows: Sequence[StandingRow],
                    marked: bool) -> None:
    rect = surface.get_rect()
    draw.cardboard(surface, rect.inflate(-2, -2), lifted=False, inner_line=False)
    shown = draw.text(surface, theme, heading, (rect.x + 14, rect.y + 10), size=SMALL_PX, colour=PALETTE.ink)
    size = draw.fitting_size(theme, title, rect.right - 14 - shown.right - 12, SMALL_PX)
    if size is not None:  # the turn is also in the infield; the title gives way to the heading
        draw.text(surface, theme, title, (rect.right - 14, rect.y + 10 + (SMALL_PX - size) // 2), size=size,
                  colour=PALETTE.ink_soft, align="topright")
    pygame.draw.line(surface, PALETTE.card_edge, (rect.x + 12, STANDINGS_TITLE - 4), (rect.right - 12,
                                                                                     STANDINGS_TITLE - 4), 1)
    # room for the widest place ("=10th" and up) once places are shown; none while the teams are level
    chip_x = max(46, 14 + theme.font(SMALL_PX).size(f"={ordinal(max(10, len(rows)))}")[0]) if any(
        row.place for row in rows) else 6
    y = STANDINGS_TITLE
    for row in rows:
        line = standing_row_rect(rect, y)
        if row.place:
            draw.text(surface, theme, row.place, (line.x + 6, line.centery), size=SMALL_PX,
                      colour=PALETTE.ink_soft, align="midleft")
        chip = pygame.Rect(line.x + chip_x, line.centery - 9, 18, 18)
        draw.team_marker(surface, chip, row.colour, marked=marked, radius=4)
        name_size, score_size, note_size = standing_sizes(theme, row, line.right - ROW_MARGIN - chip.right - 8)
        score_rect = draw.text(surface, theme, row.score, (line.right - ROW_MARGIN, line.centery), size=score_size,
                               colour=PALETTE.ink_soft if row.soft else PALETTE.ink, align="midright")
        words_left = score_rect.x - ROW_GAP
        if row.note:
            words_left = draw.text(surface, theme, row.note, (words_left, line.centery), size=note_size,
                                   colour=PALETTE.danger, align="midright").x - ROW_GAP
        name = draw.fit(theme, row.name, words_left - chip.right - 8, name_size)  # only past the smallest size
        draw.text(surface, theme, name, (chip.right + 8, line.centery), size=name_size, colour=PALETTE.ink,
                  align="midleft")
        y += STANDINGS_ROW


#: a standings row's margin inside the panel's edge, and the gap between its words
ROW_MARGIN = 8
ROW_GAP = 10


def standing_sizes(theme: Theme, row: StandingRow, width: int) -> tuple[int, int, int]:
    """Sizes of a row's name, score and note that fit them side by side in ``width``: each as large as it
    goes, the score and note giving way first (to 14 px), then the name; past that the name is cut."""
    def measure() -> tuple[int, int, int]:
        largest = 20 if row.score.isdigit() else SMALL_PX
        words = [(row.name, SMALL_PX), (row.score, largest)] + ([(row.note, SMALL_PX)] if row.note else [])
        gaps = ROW_GAP * (len(words) - 1)

        def wide(sizes: list[int]) -> int:
            return sum(theme.font(size).size(text)[0] for (text, _), size in zip(words, sizes)) + gaps
        sizes = [size for _, size in words]
        # the score and note shrink first, then the name, a pixel at a time, the largest first
        for order in (range(1, len(words)), range(len(words))):
            while wide(sizes) > width:
                shrinkable = [i for i in order if sizes[i] > MIN_FONT_PX]
                if not shrinkable:
                    break
                sizes[max(shrinkable, key=lambda i: (sizes[i], i))] -= 1
        return sizes[0], sizes[1], sizes[2] if row.note else SMALL_PX
    return theme.layout(("standing sizes", row.name, row.score, row.note, width), measure)


# --- the line boards in the infield ------------------------------------------------------------------
@dataclass(frozen=True)
class BoardLine:
    key: str
    title: str
    square: int
    points: tuple[int, ...]
    #: (rider, colour) in crossing order, as far as the show has got
    crossed: tuple[tuple[int, str], ...]
    #: the line the leader rides for now
    next_up: bool


def board_lines(view: BreakingAwayView, colour_of: Callable[[int], str],
                hidden: Callable[[str], set[int]]) -> list[BoardLine]:
    """The lines' boards as shown now: crossings still being ridden to are left out."""
    lines = []
    front = max((r["progress"] for r in view["riders"] if r["status"] == "racing"), default=0)
    heading_for = next((line["key"] for line in view["lines"] if front <= line["progress"]), None)
    if view["phase"] == "over":
        heading_for = None
    for line in view["lines"]:
        held = hidden(line["key"])
        crossed = tuple((rider, colour_of(rider)) for rider in line["crossed"] if rider not in held)
        lines.append(BoardLine(line["key"], short_line_name(line), line["square"], tuple(line["points"]), crossed,
                               line["key"] == heading_for))
    return lines


def paint_boards(surface: pygame.Surface, theme: Theme, lines: Sequence[BoardLine], progress: tuple[str, str, str],
                 marked: bool, top_gap: int = 0) -> None:
    """Race progress across the top; under it one board per line: places, points, who took them.

    ``progress`` is (left, right, short left): the short left words make room for the right ones
    in a narrow infield.  ``top_gap`` leaves room above for the line's tag (the Madison puts it in
    the infield).
    """
    rect = surface.get_rect()
    rect.y += top_gap
    rect.height -= top_gap
    left, right, short_left = progress
    font = theme.font(SMALL_PX)
    if font.size(left)[0] + font.size(right)[0] + 24 > rect.width:
        left = short_left
    if draw.fitting_size(theme, right, rect.width - font.size(left)[0] - 24, SMALL_PX) is None:
        left = ""  # the turn and the lap are in the standings' title too
    draw.text(surface, theme, left, (rect.x + 4, rect.y), size=SMALL_PX, colour=PALETTE.on_felt)
    right, size = draw.shrink_to_fit(theme, right, rect.width - font.size(left)[0] - 24, SMALL_PX)
    draw.text(surface, theme, right, (rect.right - 4, rect.y + (SMALL_PX - size) // 2), size=size,
              colour=PALETTE.on_felt_soft, align="topright")
    top = rect.y + 26
    gap = 8
    width = (rect.width - gap * (len(lines) - 1)) // max(1, len(lines))
    height = rect.bottom - top
    for index, line in enumerate(lines):
        board = pygame.Rect(rect.x + index * (width + gap), top, width, height)
        paint_board(surface, theme, board, line, marked)


def paint_board(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, line: BoardLine, marked: bool) -> None:
    places = len(line.points)
    taken = len(line.crossed)
    fill = PALETTE.card_light if line.next_up else PALETTE.card
    draw.cardboard(surface, rect, fill=fill, radius=8, lifted=False, inner_line=False)
    if line.next_up:
        pygame.draw.rect(surface, PALETTE.accent, rect, 3, border_radius=8)
    shown, size = draw.shrink_to_fit(theme, line.title, rect.width - 16, SMALL_PX)
    title = draw.text(surface, theme, shown, (rect.x + 8, rect.y + 5 + (SMALL_PX - size) // 2), size=size,
                      colour=PALETTE.ink)
    where = theme.text(_("sq {square}").format(square=line.square), 14, PALETTE.ink_soft)
    if title.right + 8 + where.get_width() <= rect.right - 8:
        surface.blit(where, where.get_rect(topright=(rect.right - 8, rect.y + 7)))
    columns = 4
    rows = (places + columns - 1) // columns
    footer = 20
    grid_top = rect.y + 28
    cell_w = (rect.width - 12 - CELL_GAP * (columns - 1)) // columns
    cell_h = min(40, (rect.bottom - footer - 4 - grid_top - CELL_GAP * (rows - 1)) // max(1, rows))
    for place in range(places):
        row, column = divmod(place, columns)
        cell = pygame.Rect(rect.x + 6 + column * (cell_w + CELL_GAP), grid_top + row * (cell_h + CELL_GAP),
                           cell_w, cell_h)
        points = line.points[place]
        if place < taken:
            rider, colour = line.crossed[place]
            pygame.draw.rect(surface, lighter(hex_colour(colour), 0.55), cell, border_radius=5)
            rider_chip(surface, theme, (cell.centerx, cell.y + cell_h // 2 + 5), rider, colour, marked=marked,
                       radius=min(10, cell_h // 2 - 6))
            draw.text(surface, theme, f"+{points}", (cell.centerx, cell.y + 1), size=14, colour=PALETTE.ink,
                      align="midtop")
        else:
            pygame.draw.rect(surface, PALETTE.card_dark if place else lighter(PALETTE.accent, 0.45), cell,
                             border_radius=5)
            draw.text(surface, theme, str(points), cell.center, size=SMALL_PX, colour=PALETTE.ink, align="center")
    left = sum(line.points[taken:])
    # the long wording where it fits, else a shorter one (a narrow board, long words)
    wordings = ((_("all places taken"), _("all taken")) if taken >= places
                else (ngettext("{count} point left", "{count} points left", left).format(count=left),
                      ngettext("{count} pt left", "{count} pts left", left).format(count=left)))
    footer_text, size = next(((words, fitting) for words in wordings
                              if (fitting := draw.fitting_size(theme, words, rect.width - 12, 14)) is not None),
                             None) or draw.shrink_to_fit(theme, wordings[-1], rect.width - 12, 14)
    draw.text(surface, theme, footer_text, (rect.centerx, rect.bottom - 4), size=size, colour=PALETTE.ink_soft,
              align="midbottom")


# --- the movement log sheet ------------------------------------------------------------------------
@dataclass(frozen=True)
class SheetRow:
    rider: int
    where: str
    #: ``where`` in fewer letters, for a tight row
    short_where: str
    #: factors in hand as (value, "start" | "replacement"), hidden ones as (None, "hidden")
    hand: tuple[tuple[int | None, str], ...]
    used: tuple[int, ...]
    hidden: str
    #: ``hidden`` in fewer letters, for a tight row
    short_hidden: str
    to_move: bool
    dim: bool


def sheet_rows(view: BreakingAwayView, seat: int) -> list[SheetRow]:
    """A team's sheet from the view: what each cyclist holds (or how much is hidden), what he has used."""
    rows = []
    for rider in view["riders"]:
        if rider["seat"] != seat:
            continue
        known = Counter(rider["known"])
        hand: list[tuple[int | None, str]] = []
        hidden = short_hidden = ""
        if rider["status"] in ("finished", "retired"):
            pass  # out of the race: nothing left to choose from
        elif rider["factors"] is not None:
            starting = Counter(rider["factors"]) - known
            hand = [(v, "replacement") for v in known.elements()] + [(v, "start") for v in starting.elements()]
            hand.sort(key=lambda item: -(item[0] or 0))
        else:
            hand = sorted(((v, "replacement") for v in known.elements()), key=lambda item: -(item[0] or 0))
            count, total = rider["hidden_count"], rider["hidden_sum"]
            if count is not None:
                hand += [(None, "hidden")] * count
                hidden = _("sum {total}").format(total=total) if count else ""
                short_hidden = f"Σ {total}" if count else ""
            elif total is not None:
                used = len(rider["starting_used"])
                # counts his unused total allows (a total of 3 cannot be spread over none)
                options = [c - used for c in SHEET_LIMITS[rider["rank"]].counts
                           if (c - used) * LOWEST_START_VALUE <= total <= (c - used) * HIGHEST_START_VALUE]
                if len(options) == 1:  # the table can work his count out
                    hand += [(None, "hidden")] * options[0]
                    hidden = _("sum {total}").format(total=total) if options[0] else ""
                    short_hidden = f"Σ {total}" if options[0] else ""
                else:
                    hidden = _("{some} or {last} · sum {total}").format(
                        some=", ".join(map(str, options[:-1])), last=options[-1], total=total)
                    short_hidden = f"{'/'.join(map(str, options))} · Σ {total}"
        where = where_words(view, rider)
        rows.append(SheetRow(rider["id"], where, short_where_words(where, rider), tuple(hand),
                             tuple(rider["starting_used"]), hidden, short_hidden, rider["id"] == view["to_move"],
                             rider["status"] in ("finished", "retired")))
    return rows


def where_words(view: BreakingAwayView, rider: RiderView) -> str:
    status = rider["status"]
    if status == "finished":
        finish = view["lines"][-1]
        place = finish["crossed"].index(rider["id"]) + 1 if rider["id"] in finish["crossed"] else 0
        return _("finished {place}").format(place=ordinal(place)) if place else _("finished")
    if status == "retired":
        return _("retired")
    if status == "resting":
        square = rider["relief_square"]
        return _("resting") if square is None else _("resting by {square}").format(square=square)
    if status == "unplaced":
        return _("not placed yet")
    if rider["lapped"]:
        return _("square {square} · lapped").format(square=rider["square"])
    return _("square {square} · lap {lap}").format(square=rider["square"], lap=rider["lap"] + 1)


def short_where_words(rider_where: str, rider: RiderView) -> str:
    """A big UI scale: 'sq 30 · lap 2' for 'square 30 · lap 2' (other words stay as they are)."""
    if rider["status"] != "racing":
        return rider_where
    if rider["lapped"]:
        return _("sq {square} · lapped").format(square=rider["square"])
    return _("sq {square} · lap {lap}").format(square=rider["square"], lap=rider["lap"] + 1)


def factor_box_rects(origin: tuple[int, int], count: int) -> list[pygame.Rect]:
    x, y = origin
    return [pygame.Rect(x + i * (BOX[0] + BOX_GAP), y, *BOX) for i in range(count)]


def paint_factor_box(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, value: int | None, kind: str, *,
                     lit: bool = False, dim: bool = False) -> None:
    fill = {"start": PALETTE.card_light, "replacement": REPLACEMENT_FILL, "hidden": HIDDEN_FILL}[kind]
    if lit:
        fill = lighter(PALETTE.accent, 0.35)
    if dim:
        fill = PALETTE.card_dark
    pygame.draw.rect(surface, fill, rect, border_radius=5)
    pygame.draw.rect(surface, PALETTE.card_edge if not lit else PALETTE.accent_dark, rect, 2, border_radius=5)
    draw.text(surface, theme, "?" if value is None else str(value), rect.center, size=SMALL_PX,
              colour=PALETTE.ink_faint if dim else PALETTE.ink, align="center")


class SheetGeometry:
    """Where the sheet's rows and factor boxes are (shared by painting and clicking)."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect

    def row(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 8, self.rect.y + SHEET_TITLE + 4 + index * SHEET_ROW, self.rect.width - 16,
                           SHEET_ROW - 3)

    def boxes(self, index: int, count: int) -> list[pygame.Rect]:
        row = self.row(index)
        return factor_box_rects((row.x + BOXES_X, row.centery - BOX[1] // 2), count)

    def tab(self, index: int, count: int) -> pygame.Rect:
        """A team's tab in the title row (factors open): right-aligned chips."""
        width = 30
        right = self.rect.right - 12
        return pygame.Rect(right - (count - index) * (width + 4), self.rect.y + 6, width, 20)


def paint_sheet(surface: pygame.Surface, theme: Theme, title: str, rows: Sequence[SheetRow], colour: str,
                tabs: Sequence[tuple[str, bool]], lit: int | None, playable: bool, marked: bool) -> None:
    """The movement log sheet of one team (``lit``: the factor under the pointer for the rider to move)."""
    local = surface.get_rect()
    geometry = SheetGeometry(local)
    draw.cardboard(surface, local.inflate(-2, -2), fill=PALETTE.card_light, lifted=False, inner_line=False)
    draw.text(surface, theme, title, (local.x + 14, local.y + 6), size=SMALL_PX, colour=PALETTE.ink)
    for index, (tab_colour, active) in enumerate(tabs):
        tab = geometry.tab(index, len(tabs))
        draw.team_marker(surface, tab, tab_colour, marked=marked, radius=5)
        if active:
            pygame.draw.rect(surface, PALETTE.ink, tab.inflate(6, 6), 2, border_radius=7)
    pygame.draw.line(surface, PALETTE.card_edge, (local.x + 10, SHEET_TITLE), (local.right - 10, SHEET_TITLE), 1)
    used_header = not tabs and any(row.used for row in rows)  # the title row is free: "used" heads the column
    if used_header:
        draw.text(surface, theme, _("used"), (geometry.row(0).right - 8, local.y + 8), size=SHEET_SMALL_PX,
                  colour=PALETTE.ink_faint, align="topright")
    if not rows:
        draw.text(surface, theme, _("No sheet to show."), (local.x + 14, SHEET_TITLE + 12), size=SMALL_PX,
                  colour=PALETTE.ink_soft)
    for index, row in enumerate(rows):
        line = geometry.row(index)
        lit_value = lit if row.to_move and playable else None
        key = (row, colour, lit_value, marked, used_header, line.size, theme.version)
        image = _rows.get(key)
        if image is None:
            if len(_rows) > 300:
                _rows.clear()
            image = _rows[key] = paint_sheet_row(theme, line.size, row, colour, lit_value, marked, not used_header)
        surface.blit(image, line)


#: painted sheet rows by content: a turn changes one or two rows of a sheet, not all of them
_rows: dict[tuple[Any, ...], pygame.Surface] = {}


def paint_sheet_row(theme: Theme, size: tuple[int, int], row: SheetRow, colour: str, lit: int | None,
                    marked: bool, label_used: bool = True) -> pygame.Surface:
    """One cyclist's line: number, where he is, the factors in hand (hidden ones as '?'), the values used.

    ``label_used``: the row says "used" before its used values (else the sheet heads that column).
    """
    surface = pygame.Surface(size, pygame.SRCALPHA)
    line = surface.get_rect()
    if row.to_move:
        pygame.draw.rect(surface, lighter(PALETTE.accent, 0.6), line, border_radius=6)
        pygame.draw.rect(surface, PALETTE.accent, (line.x, line.y, 5, line.height), border_radius=2)
    rider_chip(surface, theme, (line.x + 24, line.centery), row.rider, colour, marked=marked, radius=11)
    ink = PALETTE.ink_faint if row.dim else PALETTE.ink
    where = row.where
    if theme.font(SMALL_PX).size(where)[0] > BOXES_X - 54:  # a big UI scale (or long words): "sq 30 · lap 2"
        where = row.short_where
    draw.text(surface, theme, draw.fit(theme, where, BOXES_X - 54, SMALL_PX), (line.x + 48, line.centery),
              size=SMALL_PX, colour=ink, align="midleft")
    boxes = factor_box_rects((line.x + BOXES_X, line.centery - BOX[1] // 2), len(row.hand))
    for box, (value, kind) in zip(boxes, row.hand):
        paint_factor_box(surface, theme, box, value, kind, lit=lit is not None and value == lit, dim=row.dim)
    x = (boxes[-1].right if boxes else line.x + BOXES_X - BOX_GAP) + 12
    size = SMALL_PX
    for size in (SMALL_PX, SHEET_SMALL_PX):  # what is hidden and what is used, smaller in a tight row
        font = theme.font(size)
        label_width = theme.font(SHEET_SMALL_PX).size(_("used"))[0] + 6 if label_used else 0
        used_width = label_width + sum(font.size(str(v))[0] + 8 for v in row.used) - 8 if row.used else 0
        used_x = line.right - 8 - used_width
        if font.size(row.hidden)[0] <= used_x - 10 - x:
            break
    hidden = row.hidden
    if hidden and theme.font(size).size(hidden)[0] > used_x - 10 - x:
        hidden = row.short_hidden
    if hidden:
        hidden = draw.fit(theme, hidden, used_x - 10 - x, size)
        draw.text(surface, theme, hidden, (x, line.centery), size=size, colour=PALETTE.ink_soft, align="midleft")
    if row.used:
        ux = used_x
        if label_used:
            ux = draw.text(surface, theme, _("used"), (used_x, line.centery), size=SHEET_SMALL_PX,
                           colour=PALETTE.ink_faint, align="midleft").right + 6
        for value in row.used:
            text = draw.text(surface, theme, str(value), (ux, line.centery), size=size,
                             colour=PALETTE.ink_faint, align="midleft")
            pygame.draw.line(surface, PALETTE.danger, (text.x - 2, text.centery + 1), (text.right + 2,
                                                                                         text.centery - 1), 2)
            ux = text.right + 8
    return surface


def legend_text(names: Names, seat: int, viewer: int | None, open_factors: bool) -> str:
    if seat == viewer:
        return _("Your movement log sheet · {team}").format(team=names.team(seat))
    if open_factors:
        return _("{team}'s sheet (factors are open)").format(team=names.team(seat))
    return _("{team}'s sheet (hidden values)").format(team=names.team(seat))
