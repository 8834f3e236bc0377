"""The movement log sheet before the start: a form with running totals that refuses bad sheets inline.

The player types each cyclist's starting values into boxes (Tab or Space to
the next box, Backspace to erase, Enter to seal); every row shows its running
total and, once something is wrong, every rule it breaks, a short sentence
each (``allocation.sheet_problems``).  Only a sheet without a problem is sent, one ``allocate`` per cyclist
(the Madison first sends the riders' ratings).  "Suggest" fills in a sheet
of the kind that wins races in the bots' simulations, drawn afresh on each
press from the game's seed and the seat: two players at one screen who both
press it do not learn each other's values.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game.core.match import mix_seed
from game.core.protocol import Action, act
from game.core.rng import Rng
from game.i18n import _, ngettext
from game.ui import draw
from game.ui.theme import BODY_PX, MIN_FONT_PX, PALETTE, SMALL_PX, Theme, darker, lighter
from game.ui.widgets import Button, LabelRow

from .allocation import is_complete, limit_for, sheet_problems, sheets_near, value_in_range, value_problems
from .bots import GOOD_SHEETS
from .data import HIGHEST_START_VALUE, LOWEST_START_VALUE, SHEET_LIMITS
from .views import BreakingAwayView

FIELD = (58, 40)
FIELD_GAP = 10
#: a row: the boxes, then up to STATUS_LINES lines saying what is wrong (every problem, in full)
ROW_HEIGHT = 84
STATUS_LINES = 2
STATUS_LINE = 20
#: where one sentence of a status ends and the next begins
SENTENCE_END = re.compile(r"(?<=\.) ")
RANK_BUTTON = (30, 30)
MAX_DIGITS = 2
#: a suggestion moves at most this many points between the values of one of the bots' good sheets
SUGGESTION_SHIFT = 2


@dataclass
class SheetLine:
    """One cyclist on the form: his rating, the text in each box, whether the engine already holds him."""

    rider: int
    number: int
    rank: int
    boxes: list[str] = field(default_factory=list)
    locked: bool = False

    def values(self) -> list[int]:
        return [int(text) for text in self.boxes if text]

    def box_count(self) -> int:
        return max(SHEET_LIMITS[self.rank].counts) if self.rank else 3


class AllocationForm:
    """What the player has typed so far and what is wrong with it."""

    def __init__(self, view: BreakingAwayView, seat: int, madison: bool, seed: int) -> None:
        """``seed``: the game's; with the seat and the number of presses it draws the suggestions."""
        self.seat = seat
        self.madison = madison
        self.seed = seed
        self.suggestions = 0
        #: line index -> the sentences shown under it after a refused seal
        self.problems: dict[int, str] = {}
        mine = [r for r in view["riders"] if r["seat"] == seat]
        self.rated = not madison or all(r["rank"] for r in mine)
        self.lines: list[SheetLine] = []
        for rider in mine:
            rank = rider["rank"] if self.rated else (0 if madison else rider["number"])
            line = SheetLine(rider["id"], rider["number"], rank)
            held = list(rider["factors"] or [])
            line.locked = bool(rank) and is_complete(held, limit_for(rank))
            line.boxes = [str(v) for v in held] + [""] * (line.box_count() - len(held)) if rank else [""] * 3
            self.lines.append(line)
        if madison and not self.rated:
            for line, rank in zip(self.lines, (1, 2)):
                self.set_rank(line, rank)
        #: (line, box) with keyboard focus
        self.focus = self.first_open()

    # --- focus --------------------------------------------------------------------------------
    def first_open(self) -> tuple[int, int]:
        for index, line in enumerate(self.lines):
            if not line.locked:
                return index, 0
        return 0, 0

    def places(self) -> list[tuple[int, int]]:
        return [(i, b) for i, line in enumerate(self.lines) if not line.locked for b in range(line.box_count())]

    def move_focus(self, step: int) -> None:
        places = self.places()
        if not places:
            return
        index = places.index(self.focus) if self.focus in places else -1
        self.focus = places[(index + step) % len(places)]

    def move_row(self, step: int) -> None:
        open_lines = [i for i, line in enumerate(self.lines) if not line.locked]
        if not open_lines:
            return
        row, box = self.focus
        position = open_lines.index(row) if row in open_lines else 0
        row = open_lines[(position + step) % len(open_lines)]
        self.focus = (row, min(box, self.lines[row].box_count() - 1))

    # --- typing -------------------------------------------------------------------------------
    def type_digit(self, digit: str) -> None:
        row, box = self.focus
        line = self.lines[row]
        if line.locked:
            return
        text = line.boxes[box]
        text = digit if len(text) >= MAX_DIGITS else (text + digit).lstrip("0") or "0"
        line.boxes[box] = text
        self.problems.pop(row, None)

    def erase(self) -> None:
        row, box = self.focus
        line = self.lines[row]
        if line.locked:
            return
        if line.boxes[box]:
            line.boxes[box] = line.boxes[box][:-1]
        elif box > 0:
            self.focus = (row, box - 1)
            line.boxes[box - 1] = line.boxes[box - 1][:-1]
        self.problems.pop(row, None)

    def set_rank(self, line: SheetLine, rank: int) -> None:
        """Madison: rate a rider 1-4; the other rider may not have the same rating, so they swap."""
        if line.locked or self.rated:
            return
        for other in self.lines:
            if other is not line and other.rank == rank:
                other.rank = line.rank
                self._fit_boxes(other)
        line.rank = rank
        self._fit_boxes(line)
        self.problems.clear()

    def cycle_rank(self, line: SheetLine) -> None:
        """Madison, by keyboard: the next rating, 1 to 4 and round again (the partner swaps if it was his)."""
        self.set_rank(line, line.rank % len(SHEET_LIMITS) + 1)

    @staticmethod
    def _fit_boxes(line: SheetLine) -> None:
        count = line.box_count()
        line.boxes = (line.boxes + [""] * count)[:count]

    def clear(self) -> None:
        for line in self.lines:
            if not line.locked:
                line.boxes = [""] * line.box_count()
        self.problems.clear()
        self.focus = self.first_open()

    def suggest(self) -> None:
        """A sheet near one of the bots' good sheets for each open cyclist, different from what the boxes hold."""
        rng = Rng(mix_seed(self.seed, self.seat, self.suggestions))
        self.suggestions += 1
        for line in self.lines:
            if line.locked or not line.rank:
                continue
            choices = [values for values in sheets_near(GOOD_SHEETS[line.rank], limit_for(line.rank),
                                                        SUGGESTION_SHIFT) if list(values) != line.values()]
            values = choices[rng.randrange(len(choices))]
            line.boxes = [str(v) for v in values] + [""] * (line.box_count() - len(values))
        self.problems.clear()

    # --- what is wrong --------------------------------------------------------------------------
    def running_problem(self, line: SheetLine) -> str:
        """Problems worth showing while typing: values out of range."""
        return " ".join(map(str, value_problems(line.values())))

    def line_problem(self, line: SheetLine) -> str:
        """Everything wrong with a line, one short sentence per problem ("" when it may be sealed)."""
        if line.locked:
            return ""
        if not line.rank:
            return _("Rate rider {number} first.").format(number=line.rider)
        return " ".join(map(str, sheet_problems(line.values(), limit_for(line.rank))))

    def status(self, index: int) -> tuple[str, str]:
        """(text, mood) under a line: the refusal, a value problem, the points left, or ready."""
        line = self.lines[index]
        if line.locked:
            return _("Sealed."), "good"
        if index in self.problems:
            return self.problems[index], "bad"
        running = self.running_problem(line)
        if running:
            return running, "bad"
        if not line.rank:
            return _("Choose a rating."), "soft"
        limit = limit_for(line.rank)
        left = limit.total - sum(line.values())
        filled = len(line.values())
        if left == 0 and filled in limit.counts:
            return _("Ready."), "good"
        if left < 0:
            return _("{excess} over {total}: lower a value.").format(excess=-left, total=limit.total), "bad"
        return ngettext("{left} point left to place, over {counts} values in all.",
                        "{left} points left to place, over {counts} values in all.", left).format(
            left=left, counts=limit.counts_text()), "soft"

    def total(self, line: SheetLine) -> tuple[int, int]:
        return sum(line.values()), (limit_for(line.rank).total if line.rank else 0)

    def actions(self) -> list[Action] | None:
        """The actions that seal the sheet, or None after marking every line that is wrong."""
        self.problems = {i: p for i, line in enumerate(self.lines) if (p := self.line_problem(line))}
        if self.problems:
            self.focus = (min(self.problems), 0)
            return None
        actions: list[Action] = []
        if not self.rated:
            actions.append(act("ranks", *(line.rank for line in self.lines)))
        for line in self.lines:
            if not line.locked:
                actions.append(act("allocate", line.number, *line.values()))
        return actions


def status_lines(theme: Theme, text: str, width: int) -> tuple[list[str], int, int]:
    """A row's status in its room (STATUS_LINES lines of STATUS_LINE px), as (lines, size, line step): a
    sentence a line when they fit so, else wrapped; smaller (never below 14 px) before anything is cut."""
    room = STATUS_LINES * STATUS_LINE
    sentences = SENTENCE_END.split(text)
    for size in range(SMALL_PX, MIN_FONT_PX - 1, -1):
        font = theme.font(size)
        step = max(STATUS_LINE, font.get_linesize())
        lines = max(1, room // step)
        if len(sentences) <= lines and all(font.size(sentence)[0] <= width for sentence in sentences):
            return sentences, size, step
        wrapped = draw.wrap(theme, text, width, size)
        if len(wrapped) <= lines and all(font.size(line)[0] <= width for line in wrapped):
            return wrapped, size, step
    wrapped = draw.wrap(theme, text, width, MIN_FONT_PX)
    return wrapped[:lines - 1] + [draw.fit(theme, " ".join(wrapped[lines - 1:]), width, MIN_FONT_PX)], MIN_FONT_PX, step


def key_lines(theme: Theme, text: str, width: int, height: int) -> tuple[list[str], int, int]:
    """The keys line, or two when it is too wide (broken between two keys, as evenly as it goes), as
    (lines, size, line step) within ``height``; smaller (never below 14 px) before anything is cut."""
    parts = text.split(" · ")
    for size in range(SMALL_PX, MIN_FONT_PX - 1, -1):
        font = theme.font(size)
        step = max(KEYS_LINE, font.get_linesize())
        if font.size(text)[0] <= width:
            return [text], size, step
        if len(parts) > 1 and 2 * step <= height + step - font.get_height():
            halves = [(" · ".join(parts[:cut]), " · ".join(parts[cut:])) for cut in range(1, len(parts))]
            first, second = min(halves, key=lambda pair: max(font.size(pair[0])[0], font.size(pair[1])[0]))
            if max(font.size(first)[0], font.size(second)[0]) <= width:
                return [first, second], size, step
    return [draw.fit(theme, text, width, MIN_FONT_PX)], MIN_FONT_PX, KEYS_LINE


#: the form's title, and the introduction under it (left out when a guided game's hint already says it)
TITLE_HEIGHT = 56
INTRO_HEIGHT = 48
#: the title's top in the panel, its sizes (it gets no smaller than TITLE_SMALL while the introduction
#: can), the gap under it, and the least room left between the introduction and the first row
TITLE_TOP = 18
TITLE_PX, TITLE_SMALL = 26, 20
INTRO_GAP = 2
ABOVE_ROWS = 4


@dataclass(frozen=True)
class Heading:
    title_size: int
    intro: tuple[str, ...]
    intro_size: int
    #: where the introduction starts below the title's top, and its line step
    intro_top: int
    intro_step: int


def heading_layout(theme: Theme, title: str, intro: str, width: int, room: int) -> Heading:
    """The title on one line and the introduction wrapped under it, together within ``room`` px: the
    introduction at the largest size that lets it, the title too (down to TITLE_SMALL first, then to the
    smallest, 14 px, when even the smallest introduction needs it); lines step by their real height."""
    def measure() -> Heading:
        titles = [size for size in range(TITLE_PX, MIN_FONT_PX - 1, -1) if theme.font(size).size(title)[0] <= width]
        titles = titles or [MIN_FONT_PX]
        if not intro:
            size = next((size for size in titles if draw.line_height(theme, size) <= room), titles[-1])
            return Heading(size, (), SMALL_PX, 0, 0)
        for smallest_title in (TITLE_SMALL, MIN_FONT_PX):
            for intro_size in range(SMALL_PX, MIN_FONT_PX - 1, -1):
                lines = draw.wrap(theme, intro, width, intro_size)
                if any(theme.font(intro_size).size(line)[0] > width for line in lines):
                    continue  # a word wider than the panel
                step = draw.line_height(theme, intro_size)
                for size in (size for size in titles if size >= smallest_title):
                    top = draw.line_height(theme, size) + INTRO_GAP
                    if top + len(lines) * step <= room:
                        return Heading(size, tuple(lines), intro_size, top, step)
        size = titles[-1]
        top = draw.line_height(theme, size) + INTRO_GAP
        step = draw.line_height(theme, MIN_FONT_PX)
        lines = draw.wrap(theme, intro, width, MIN_FONT_PX)
        shown = max(1, (room - top) // step)
        if len(lines) > shown:
            lines = lines[:shown - 1] + [draw.fit(theme, " ".join(lines[shown - 1:]), width, MIN_FONT_PX)]
        return Heading(size, tuple(lines), MIN_FONT_PX, top, step)
    return theme.layout(("sheet heading", title, intro, width, room), measure)


#: under the rows: a gap, the buttons, the keys line and the bottom margin
BUTTONS_GAP = 8
BUTTON_HEIGHT = 48
#: the keys line; long words break it in two at a " · "
KEYS_LINE = 22
KEYS_HEIGHT = 14 + 2 * KEYS_LINE
FOOT_MARGIN = 12


def form_height(lines: int, intro: bool = True) -> int:
    """The form's height: title, introduction, a row per cyclist, the buttons and the keys line
    (which team has sealed its sheet is told in the points panel beside the form)."""
    return (TITLE_HEIGHT + (INTRO_HEIGHT if intro else 0) + lines * ROW_HEIGHT + BUTTONS_GAP + BUTTON_HEIGHT
            + KEYS_HEIGHT + FOOT_MARGIN)


class AllocationGeometry:
    """The form's rectangles inside its panel."""

    def __init__(self, panel: pygame.Rect, lines: int, madison: bool, intro: bool = True) -> None:
        self.panel = panel
        self.lines = lines
        self.madison = madison
        self.intro = intro
        self.top = panel.y + TITLE_HEIGHT + (INTRO_HEIGHT if intro else 0)

    def row(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.panel.x + 24, self.top + index * ROW_HEIGHT, self.panel.width - 48, ROW_HEIGHT - 4)

    def field(self, index: int, box: int) -> pygame.Rect:
        row = self.row(index)
        x = row.x + (380 if self.madison else 250) + box * (FIELD[0] + FIELD_GAP)
        return pygame.Rect(x, row.y + 2, *FIELD)

    def rank_button(self, index: int, rank: int) -> pygame.Rect:
        row = self.row(index)
        return pygame.Rect(row.x + 222 + (rank - 1) * (RANK_BUTTON[0] + 6), row.y + 11, *RANK_BUTTON)

    def total(self, index: int) -> pygame.Rect:
        row = self.row(index)
        return pygame.Rect(row.right - 120, row.y + 2, 120, FIELD[1])

    def status(self, index: int) -> pygame.Rect:
        """Under the boxes, to the row's right end: what the row lacks or everything wrong with it."""
        row, first = self.row(index), self.field(index, 0)
        return pygame.Rect(first.x, first.bottom + 1, row.right - first.x, STATUS_LINES * STATUS_LINE)

    def buttons_y(self) -> int:
        return self.top + self.lines * ROW_HEIGHT + BUTTONS_GAP


class AllocationView:
    """Draws the form and turns clicks and keys into form edits (the scene submits the actions)."""

    def __init__(self, theme: Theme, panel: pygame.Rect, form: AllocationForm, names: Callable[[int], str],
                 team: str, on_seal: Callable[[], None], play_sound: Callable[[str], None], *,
                 intro: bool = True) -> None:
        self.theme = theme
        self.form = form
        self.geometry = AllocationGeometry(panel, len(form.lines), form.madison, intro)
        self.rider_name = names
        self.team = team
        self.play_sound = play_sound
        y = self.geometry.buttons_y()
        font = theme.font(22)  # the buttons' label size

        def asked(label: str, least: int) -> int:
            return max(least, font.size(label)[0] + 28)
        suggest, clear, seal = _("Suggest values (S)"), _("Clear (C)"), _("Seal my sheet (Enter)")
        suggest_width, clear_width = asked(suggest, 250), asked(clear, 130)
        # each as wide as its label asks; the Seal button grows to the left up to the Clear button
        seal_width = min(asked(seal, 270), panel.width - 48 - suggest_width - 10 - clear_width - 16)
        self.seal_button = Button(pygame.Rect(panel.right - 24 - seal_width, y, seal_width, BUTTON_HEIGHT), seal,
                                  on_seal, primary=True, tooltip=_("Send your sheet; it stays secret."))
        self.suggest_button = Button(pygame.Rect(panel.x + 24, y, suggest_width, BUTTON_HEIGHT), suggest,
                                     self.suggest,
                                     tooltip=_("Fill in a sheet of a kind that races well (another on each press)."))
        self.clear_button = Button(pygame.Rect(panel.x + 24 + suggest_width + 10, y, clear_width, BUTTON_HEIGHT),
                                   clear, self.clear)
        self.buttons = [self.suggest_button, self.clear_button, self.seal_button]
        LabelRow(self.buttons)
        self.clock = 0.0
        self._picture: tuple[tuple[Any, ...], pygame.Surface] | None = None

    def suggest(self) -> None:
        self.form.suggest()
        self.play_sound("card_flick")

    def clear(self) -> None:
        self.form.clear()
        self.play_sound("click")

    # --- input ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        geometry = self.geometry
        for index, line in enumerate(self.form.lines):
            if line.locked:
                continue
            for box in range(line.box_count()):
                if geometry.field(index, box).collidepoint(pos):
                    self.form.focus = (index, box)
                    return True
            if self.form.madison and not self.form.rated:
                for rank in SHEET_LIMITS:
                    if geometry.rank_button(index, rank).collidepoint(pos):
                        self.form.set_rank(line, rank)
                        self.play_sound("click")
                        return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        form = self.form
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.seal_button.activate()
        elif key == pygame.K_TAB:
            form.move_focus(-1 if shift else 1)
        elif key in (pygame.K_SPACE, pygame.K_RIGHT):
            form.move_focus(1)
        elif key == pygame.K_LEFT:
            form.move_focus(-1)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            form.move_row(-1 if key == pygame.K_UP else 1)
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            form.erase()
        elif event.unicode and event.unicode.isdigit():
            form.type_digit(event.unicode)
        elif event.unicode.lower() == "s":
            self.suggest_button.activate()
        elif event.unicode.lower() == "c":
            self.clear_button.activate()
        elif event.unicode.lower() == "r" and form.madison and not form.rated:
            form.cycle_rank(form.lines[form.focus[0]])
            self.play_sound("click")
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        self.clock = (self.clock + dt) % 1.0

    # --- drawing -------------------------------------------------------------------------------
    def look(self) -> tuple[Any, ...]:
        """Everything the form's picture depends on (it is painted again only when this changes)."""
        form = self.form
        caret = form.focus if self.clock < 0.55 else None
        return (tuple((tuple(line.boxes), line.rank, line.locked) for line in form.lines), form.focus, caret,
                tuple(sorted(form.problems.items())))

    def draw(self, surface: pygame.Surface, draw_rider: Callable[[pygame.Surface, tuple[int, int], int], None],
             ground: Callable[[pygame.Rect], pygame.Surface]) -> None:
        """The form (from its cached picture, on ``ground``: what lies under it), then its buttons."""
        area = self.geometry.panel.inflate(16, 20)
        look = self.look()
        if self._picture is None or self._picture[0] != look:
            picture = ground(area).copy()
            local = AllocationGeometry(self.geometry.panel.move(-area.x, -area.y), len(self.form.lines),
                                       self.form.madison, self.geometry.intro)
            self._paint(picture, local, draw_rider)
            self._picture = (look, picture.convert() if pygame.display.get_surface() is not None else picture)
        surface.blit(self._picture[1], area)
        for button in self.buttons:
            button.draw(surface, self.theme)

    def _paint(self, surface: pygame.Surface, geometry: "AllocationGeometry",
               draw_rider: Callable[[pygame.Surface, tuple[int, int], int], None]) -> None:
        theme = self.theme
        panel = geometry.panel
        draw.cardboard(surface, panel)
        title = _("{team}: fill in your movement log sheet").format(team=self.team)
        intro = ""
        if geometry.intro:
            intro = _("Give each cyclist whole numbers from {low} to {high}. Nobody else sees them; the lower ones "
                      "keep a rider in the bunch, a big one lets him break away.").format(
                low=LOWEST_START_VALUE, high=HIGHEST_START_VALUE)
            if self.form.madison and not self.form.rated:
                intro = _("Rate your two riders as two different cyclists (1 is the strongest), then give each whole "
                          "numbers from {low} to {high}. Nobody else sees them.").format(
                    low=LOWEST_START_VALUE, high=HIGHEST_START_VALUE)
        room = geometry.top - panel.y - TITLE_TOP - ABOVE_ROWS
        heading = heading_layout(theme, title, intro, panel.width - 48, room)
        draw.text(surface, theme, title, (panel.x + 24, panel.y + TITLE_TOP), size=heading.title_size)
        for number, words in enumerate(heading.intro):
            draw.text(surface, theme, words, (panel.x + 24, panel.y + TITLE_TOP + heading.intro_top
                                              + number * heading.intro_step), size=heading.intro_size,
                      colour=PALETTE.ink_soft)
        for index, line in enumerate(self.form.lines):
            self._draw_line(surface, geometry, index, line, draw_rider)
        if self.form.madison and not self.form.rated:
            hint = _("R: change the rating · Type the numbers · Tab: next box · Backspace: erase · S: suggest · "
                     "Enter: seal")
        else:
            hint = _("Type the numbers · Tab: next box · Backspace: erase · S: suggest · Enter: seal")
        top = geometry.buttons_y() + BUTTON_HEIGHT + 14
        lines, size, step = key_lines(theme, hint, panel.width - 24, panel.bottom - top - 4)
        for index, words in enumerate(lines):
            draw.text(surface, theme, words, (panel.centerx, top + index * step), size=size,
                      colour=PALETTE.ink_soft, align="midtop")

    def _draw_line(self, surface: pygame.Surface, geometry: "AllocationGeometry", index: int, line: SheetLine,
                   draw_rider: Callable[[pygame.Surface, tuple[int, int], int], None]) -> None:
        theme = self.theme
        form = self.form
        row = geometry.row(index)
        if index % 2 == 0:
            pygame.draw.rect(surface, lighter(PALETTE.card, 0.25), row.inflate(12, 2), border_radius=8)
        draw_rider(surface, (row.x + 34, row.y + 30), line.rider)
        title = _("Cyclist {number}").format(number=line.number) if not form.madison else self.rider_name(line.rider)
        draw.text(surface, theme, title, (row.x + 76, row.y + 6), size=BODY_PX)
        if line.rank:
            limit = limit_for(line.rank)
            rule = _("{total} over {counts}").format(total=limit.total, counts=limit.counts_text())
            draw.text(surface, theme, rule, (row.x + 76, row.y + 32), size=SMALL_PX, colour=PALETTE.ink_soft)
        if form.madison and not form.rated:
            for rank in SHEET_LIMITS:
                rect = geometry.rank_button(index, rank)
                active = line.rank == rank
                fill = PALETTE.accent if active else PALETTE.card_light
                pygame.draw.rect(surface, fill, rect, border_radius=6)
                pygame.draw.rect(surface, darker(fill, 0.4), rect, 2, border_radius=6)
                draw.text(surface, theme, str(rank), rect.center, size=SMALL_PX, align="center")
        for box in range(line.box_count()):
            self._draw_field(surface, geometry.field(index, box), index, box, line)
        total, target = self.form.total(line)
        mood_colour = PALETTE.good if total == target and not form.line_problem(line) else (
            PALETTE.danger if total > target else PALETTE.ink)
        box = geometry.total(index)
        draw.text(surface, theme, f"{total} / {target}" if target else "", (box.right, box.centery), size=26,
                  colour=mood_colour, align="midright")
        text, mood = form.status(index)
        colour = {"good": PALETTE.good, "bad": PALETTE.danger, "soft": PALETTE.ink_soft}[mood]
        status = geometry.status(index)
        lines, size, step = status_lines(theme, text, status.width)
        for number, words in enumerate(lines):
            draw.text(surface, theme, words, (status.x, status.y + number * step), size=size, colour=colour)

    def _draw_field(self, surface: pygame.Surface, rect: pygame.Rect, index: int, box: int, line: SheetLine) -> None:
        theme = self.theme
        text = line.boxes[box] if box < len(line.boxes) else ""
        focused = self.form.focus == (index, box) and not line.locked
        bad = bool(text) and not value_in_range(int(text))
        fill = PALETTE.card_dark if line.locked else (255, 252, 240)
        pygame.draw.rect(surface, fill, rect, border_radius=6)
        edge = PALETTE.danger if bad else (PALETTE.focus if focused else PALETTE.card_edge)
        pygame.draw.rect(surface, edge, rect, 3 if focused or bad else 2, border_radius=6)
        optional = line.rank == 1 and box == 3
        if text:
            label = draw.text(surface, theme, text, rect.center, size=26, colour=PALETTE.ink, align="center")
        else:
            label = pygame.Rect(rect.centerx, rect.centery - 12, 0, 24)
            if optional:
                draw.text(surface, theme, _("opt."), rect.center, size=14, colour=PALETTE.ink_faint, align="center")
        if focused and self.clock < 0.55:
            x = label.right + 2
            pygame.draw.line(surface, PALETTE.ink, (x, rect.y + 10), (x, rect.bottom - 10), 2)
