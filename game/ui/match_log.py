"""The match log: the panel of plain-words entries beside the board, and where each entry leads.

Only a match shows it (:class:`game.ui.match_scene.MatchScene`); the general widgets it builds on
live in :mod:`game.ui.widgets`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable, Sequence

import pygame

from game.i18n import N_, _, ngettext

from . import draw
from .theme import PALETTE, SMALL_PX, Theme
from .widgets import WHEEL_LINES, Widget, _is_click


@dataclass(frozen=True)
class LogLinks:
    """Where a log entry leads: the move that made it (for "Undo to here") and the rule behind it."""

    step: int | None = None
    rule: str | None = None


LogRow = tuple[str, "tuple[int, ...] | None"] | tuple[str, "tuple[int, ...] | None", LogLinks]
NO_LINKS = LogLinks()
BOOK_SIZE = 18
REWIND_LABEL = N_("Undo to here")


class LogPanel(Widget):
    """A scrollable list of plain-words entries, newest at the bottom and in view.

    Scrolling up stops following new entries until the player scrolls back down.
    Entries may carry :class:`LogLinks`: one with a rule shows a book mark that
    calls ``on_rule(heading)``; one whose step is at or after ``rewind_from``
    offers "Undo to here" under the mouse and calls ``on_rewind(step)`` when
    clicked.  With ``browsing`` on (the scene's key to read the log), Up/Down
    walk the entries and Enter does what a click would.
    """

    def __init__(self, rect: pygame.Rect | Sequence[int], title: str | None = None, *, size: int = SMALL_PX,
                 dark: bool = True, empty_text: str | None = None,
                 on_rule: Callable[[str], None] | None = None, on_rewind: Callable[[int], None] | None = None,
                 book_icon: pygame.Surface | None = None) -> None:
        super().__init__(rect)
        #: English texts, put into the reader's language when drawn (the language may change mid-game)
        self.title = N_("Game log") if title is None else title
        self.empty_text = N_("Nothing has happened yet.") if empty_text is None else empty_text
        self.size = size
        self.dark = dark
        self.on_rule = on_rule
        self.on_rewind = on_rewind
        self.book_icon = book_icon
        #: entries from this step on may be rewound to (None: none may)
        self.rewind_from: int | None = None
        self.entries: list[tuple[str, tuple[int, ...] | None]] = []
        self.links: list[LogLinks] = []
        #: entries wrapped into lines so far (new entries are wrapped as they come, never the whole log again)
        self._lines: list[tuple[str, tuple[int, ...] | None, bool]] = []
        #: the entry each wrapped line belongs to
        self._line_entry: list[int] = []
        self._wrapped = 0
        self._wrapped_version = -1
        self.scroll = 0          # lines scrolled up from the bottom
        self._theme: Theme | None = None
        self._box: pygame.Surface | None = None
        #: bumped when the entries change; the painted panel is kept until it or the look changes
        self._version = 0
        self._painted: pygame.Surface | None = None
        self._painted_key: Hashable = None
        #: the entry under the mouse, and whether the mouse is on its book mark
        self.hover_entry: int | None = None
        self.hover_book = False
        #: reading the log with the keys: the chosen entry
        self.browsing = False
        self.cursor: int | None = None
        #: width kept free at the right of the title row for a button the scene lays over it
        self.header_reserve = 0

    def title_room(self) -> int:
        """The width the title may take: the row, less the margins and the reserved corner."""
        return self.rect.width - 28 - (self.header_reserve + 10 if self.header_reserve else 0)

    def set_entries(self, entries: Sequence[LogRow]) -> None:
        """Entries as (text, colour of a marker chip or None[, LogLinks]); cheap when unchanged."""
        rows = [(row[0], row[1]) for row in entries]
        links = [row[2] if len(row) > 2 else NO_LINKS for row in entries]  # type: ignore[misc]
        if rows == self.entries and links == self.links:
            return
        old = self.entries
        if self.scroll and len(rows) > len(old):
            self.scroll += self._count_lines(rows[len(old):])
        if rows[:len(old)] != old:
            self._lines, self._line_entry, self._wrapped = [], [], 0
        self.entries = rows
        self.links = links
        self._version += 1
        if self.cursor is not None:
            self.cursor = min(self.cursor, len(rows) - 1) if rows else None
        if self.hover_entry is not None and self.hover_entry >= len(rows):
            self.hover_entry, self.hover_book = None, False

    def body(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 12, self.rect.y + 44, self.rect.width - 24, self.rect.height - 56)

    def _text_width(self) -> int:
        """Room for the text: after the chip, and before the book marks when the log has rules to open."""
        return self.body().width - 22 - (BOOK_SIZE + 6 if self.on_rule is not None else 0)

    def _count_lines(self, entries: Sequence[tuple[str, tuple[int, ...] | None]]) -> int:
        if self._theme is None:
            return len(entries)
        return sum(len(draw.wrap(self._theme, text, self._text_width(), self.size)) for text, _ in entries)

    def _wrap(self, theme: Theme) -> list[tuple[str, tuple[int, ...] | None, bool]]:
        if self._wrapped_version != theme.version:
            self._lines, self._line_entry, self._wrapped, self._wrapped_version = [], [], 0, theme.version
        if self._wrapped < len(self.entries):
            width = self._text_width()
            for index in range(self._wrapped, len(self.entries)):
                text, chip = self.entries[index]
                for i, line in enumerate(draw.wrap(theme, text, width, self.size)):
                    self._lines.append((line, chip, i == 0))
                    self._line_entry.append(index)
            self._wrapped = len(self.entries)
        return self._lines

    def visible_lines(self, theme: Theme) -> int:
        return max(1, self.body().height // draw.line_height(theme, self.size))

    def max_scroll(self, theme: Theme) -> int:
        return max(0, len(self._wrap(theme)) - self.visible_lines(theme))

    def scroll_by(self, lines: int) -> None:
        limit = self.max_scroll(self._theme) if self._theme else 10 ** 6
        self.scroll = max(0, min(limit, self.scroll + lines))

    # --- what an entry offers -------------------------------------------------------------
    def can_rewind(self, index: int) -> bool:
        step = self.links[index].step
        return (self.on_rewind is not None and self.rewind_from is not None and step is not None
                and step >= self.rewind_from)

    def rule_of(self, index: int) -> str | None:
        return self.links[index].rule if self.on_rule is not None else None

    def _shown_rows(self, theme: Theme) -> list[tuple[int, int]]:
        """(line index, y) of the lines in view."""
        lines = self._wrap(theme)
        self.scroll = min(self.scroll, self.max_scroll(theme))
        end = len(lines) - self.scroll
        start = max(0, end - self.visible_lines(theme))
        line_height = draw.line_height(theme, self.size)
        top = self.body().y
        return [(index, top + (index - start) * line_height) for index in range(start, end)]

    def entry_rect(self, index: int) -> pygame.Rect | None:
        """Where entry ``index`` is drawn now (None: scrolled out of view, or not drawn yet)."""
        if self._theme is None:
            return None
        return self._entry_span(self._shown_rows(self._theme), index, draw.line_height(self._theme, self.size))

    def book_of(self, index: int) -> pygame.Rect | None:
        """Where entry ``index``'s book mark is drawn now (None: no rule, or out of view)."""
        span = self.entry_rect(index)
        if span is None or self._theme is None or self.rule_of(index) is None:
            return None
        return self.book_rect(span.y + 1, draw.line_height(self._theme, self.size))

    def book_rect(self, y: int, line_height: int) -> pygame.Rect:
        return pygame.Rect(self.body().right - BOOK_SIZE - 4, y + (line_height - BOOK_SIZE) // 2, BOOK_SIZE,
                           BOOK_SIZE)

    def hit(self, pos: tuple[int, int]) -> tuple[int | None, bool]:
        """(entry under ``pos`` or None, whether ``pos`` is on that entry's book mark)."""
        if self._theme is None or not self.body().collidepoint(pos):
            return None, False
        line_height = draw.line_height(self._theme, self.size)
        for index, y in self._shown_rows(self._theme):
            if y <= pos[1] < y + line_height:
                entry = self._line_entry[index]
                first = self._lines[index][2]
                on_book = (first and self.rule_of(entry) is not None
                           and self.book_rect(y, line_height).inflate(8, 6).collidepoint(pos))
                return entry, on_book
        return None, False

    def _open(self, index: int, *, book: bool) -> bool:
        """A click on an entry: its rule from the book mark, else rewind to it when that is allowed."""
        rule = self.rule_of(index)
        step = self.links[index].step
        if book and rule is not None and self.on_rule is not None:
            self.on_rule(rule)
            return True
        if self.can_rewind(index) and self.on_rewind is not None and step is not None:
            self.on_rewind(step)
            return True
        return False

    def _enter(self, index: int) -> None:
        """Enter on the chosen entry: rewind to it, else open its rule, else ask to rewind (which says why not)."""
        step = self.links[index].step
        if self._open(index, book=False):
            return
        if self.rule_of(index) is not None:
            self._open(index, book=True)
        elif step is not None and self.on_rewind is not None:
            self.on_rewind(step)

    # --- keyboard reading -------------------------------------------------------------------
    def start_browsing(self) -> None:
        self.browsing = True
        self.cursor = len(self.entries) - 1 if self.entries else None
        self.scroll = 0

    def stop_browsing(self) -> None:
        self.browsing = False
        self.cursor = None

    def move_cursor(self, step: int) -> None:
        if not self.entries:
            return
        self.cursor = max(0, min(len(self.entries) - 1, (self.cursor if self.cursor is not None else 0) + step))
        self._scroll_to_cursor()

    def _scroll_to_cursor(self) -> None:
        """Keep the chosen entry's lines in view."""
        if self._theme is None or self.cursor is None:
            return
        lines = self._wrap(self._theme)
        mine = [i for i, entry in enumerate(self._line_entry) if entry == self.cursor]
        visible = self.visible_lines(self._theme)
        end = len(lines) - self.scroll
        if mine[0] < end - visible:
            self.scroll = len(lines) - (mine[0] + visible)
        elif mine[-1] >= end:
            self.scroll = len(lines) - mine[-1] - 1
        self.scroll = max(0, min(self.max_scroll(self._theme), self.scroll))

    def cursor_help(self) -> str:
        """The keys that do something on the chosen entry, for a hint line."""
        parts = [_("Up/Down: choose")]
        if self.cursor is not None and self.can_rewind(self.cursor):
            parts.append(_("Enter: undo to here"))
            if self.rule_of(self.cursor) is not None:
                parts.append(_("F1: its rule"))
        elif self.cursor is not None and self.rule_of(self.cursor) is not None:
            parts.append(_("Enter: its rule"))
        elif self.cursor is not None and self.links[self.cursor].step is not None and self.on_rewind is not None:
            parts.append(_("Enter: undo to here?"))
        parts.append(_("Esc: back"))
        return "   ".join(parts)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            self.hover_entry, self.hover_book = self.hit(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(event.pos):
            self.scroll_by(WHEEL_LINES * (1 if event.y > 0 else -1))
            return True
        elif _is_click(event) and self.rect.collidepoint(event.pos):
            entry, on_book = self.hit(event.pos)
            if entry is None or not (on_book or self.can_rewind(entry)):
                return False
            return event.type == pygame.MOUSEBUTTONUP or self._open(entry, book=on_book)
        elif event.type == pygame.KEYDOWN and self.browsing:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.move_cursor(-1 if event.key == pygame.K_UP else 1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.cursor is not None:
                self._enter(self.cursor)
                return True
            if event.key == pygame.K_F1 and self.cursor is not None and self.rule_of(self.cursor) is not None:
                return self._open(self.cursor, book=True)
        if event.type == pygame.KEYDOWN and (self.focused or self.browsing):
            moves = {pygame.K_PAGEUP: 8, pygame.K_PAGEDOWN: -8, pygame.K_HOME: 10 ** 6, pygame.K_END: -10 ** 6}
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return True
        return False

    def wants_key(self, event: pygame.event.Event) -> bool:
        return event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        """Blit the panel, painted again only when its entries or their look changed (a long log
        is dozens of text lines: painting them every frame would cost a millisecond)."""
        self._theme = theme
        if self._painted is None or self._paint_key(theme) != self._painted_key:
            home = self.rect
            self.rect = pygame.Rect((0, 0), home.size)  # paint at the panel's own origin
            try:
                panel = self._painted
                if panel is None or panel.get_size() != home.size:
                    panel = pygame.Surface(home.size, pygame.SRCALPHA)
                else:
                    panel.fill((0, 0, 0, 0))
                self._paint(panel, theme)
            finally:
                self.rect = home
            self._painted = panel
            self._painted_key = self._paint_key(theme)  # after painting, which may have clamped the scroll
        surface.blit(self._painted, self.rect)

    def _paint_key(self, theme: Theme) -> Hashable:
        return (self._version, self.rect.size, self.title, self.scroll, self.browsing, self.cursor,
                self.hover_entry, self.hover_book, self.rewind_from, self.header_reserve, theme.version)

    def _paint(self, surface: pygame.Surface, theme: Theme) -> None:
        fill = (20, 30, 26, 215) if self.dark else PALETTE.card
        ink = PALETTE.on_felt if self.dark else PALETTE.ink
        soft = PALETTE.on_felt_soft if self.dark else PALETTE.ink_soft
        if self._box is None or self._box.get_size() != self.rect.size:
            self._box = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            pygame.draw.rect(self._box, fill, self._box.get_rect(), border_radius=10)
        surface.blit(self._box, self.rect)
        edge = PALETTE.focus if self.browsing else ((70, 92, 82) if self.dark else PALETTE.card_edge)
        pygame.draw.rect(surface, edge, self.rect, 2, border_radius=10)
        heading, size = draw.shrink_to_fit(theme, _(self.title), self.title_room(), SMALL_PX)
        title = draw.text(surface, theme, heading, (self.rect.x + 14, self.rect.y + 12), size=size, colour=soft)
        lines = self._wrap(theme)
        if not lines:
            draw.paragraph(surface, theme, _(self.empty_text), self.body(), size=self.size, colour=soft)
        shown = self._shown_rows(theme)
        body = self.body()
        line_height = draw.line_height(theme, self.size)
        marked = self._marked_entry()
        if marked is not None:
            self._draw_entry_mark(surface, theme, shown, marked, line_height)
        for index, y in shown:
            line, chip, first = lines[index]
            entry = self._line_entry[index]
            if chip is not None and first:
                pygame.draw.rect(surface, chip, (body.x, y + line_height // 2 - 6, 12, 12), border_radius=3)
            draw.text(surface, theme, line, (body.x + 20, y), size=self.size, colour=ink)
            if first and self.rule_of(entry) is not None:
                self._draw_book(surface, self.book_rect(y, line_height), entry == self.hover_entry and self.hover_book)
        if marked is not None and self.can_rewind(marked) and not (marked == self.hover_entry and self.hover_book):
            self._draw_rewind_tag(surface, theme, shown, marked)
        if self.scroll:
            # beside the title: the long wording when there is room, else a shorter one
            right = self.rect.right - 14 - (self.header_reserve + 10 if self.header_reserve else 0)
            room = right - title.right - 12
            for note in (ngettext("{count} newer line below", "{count} newer lines below", self.scroll),
                         ngettext("{count} newer below", "{count} newer below", self.scroll), "+{count}"):
                note = note.format(count=self.scroll)
                size = draw.fitting_size(theme, note, room, SMALL_PX)
                if size is not None:
                    draw.text(surface, theme, note, (right, self.rect.y + 12), size=size,
                              colour=PALETTE.accent, align="topright")
                    break
        if len(lines) > len(shown):
            track = pygame.Rect(self.rect.right - 8, body.y, 4, body.height)
            pygame.draw.rect(surface, (255, 255, 255, 40) if self.dark else PALETTE.card_dark, track, border_radius=2)
            share = len(shown) / len(lines)
            knob_h = max(20, int(track.height * share))
            top = track.y + int((track.height - knob_h) * (1 - self.scroll / max(1, self.max_scroll(theme))))
            pygame.draw.rect(surface, soft, (track.x, top, 4, knob_h), border_radius=2)

    def _marked_entry(self) -> int | None:
        """The entry to pick out: the keyboard's choice, else a rewindable entry or rule under the mouse."""
        if self.browsing:
            return self.cursor
        if self.hover_entry is not None and (self.can_rewind(self.hover_entry) or self.hover_book):
            return self.hover_entry
        return None

    def _entry_span(self, shown: list[tuple[int, int]], entry: int, line_height: int) -> pygame.Rect | None:
        ys = [y for index, y in shown if self._line_entry[index] == entry]
        if not ys:
            return None
        body = self.body()
        return pygame.Rect(body.x - 6, ys[0] - 1, body.width + 4, ys[-1] + line_height - ys[0] + 2)

    def _draw_entry_mark(self, surface: pygame.Surface, theme: Theme, shown: list[tuple[int, int]], entry: int,
                         line_height: int) -> None:
        span = self._entry_span(shown, entry, line_height)
        if span is None:
            return
        pygame.draw.rect(surface, (54, 74, 64) if self.dark else PALETTE.card_light, span, border_radius=6)
        if self.browsing:
            pygame.draw.rect(surface, PALETTE.focus, span, 2, border_radius=6)

    def _draw_rewind_tag(self, surface: pygame.Surface, theme: Theme, shown: list[tuple[int, int]],
                         entry: int) -> None:
        """A small accent tag on the entry's first line: clicking it (or Enter) rewinds to there."""
        line_height = draw.line_height(theme, self.size)
        span = self._entry_span(shown, entry, line_height)
        if span is None:
            return
        label = theme.text(_(REWIND_LABEL), SMALL_PX, PALETTE.ink)
        tag = label.get_rect().inflate(14, 2)
        right = span.right - 4 - (BOOK_SIZE + 6 if self.rule_of(entry) is not None else 0)
        tag.topright = (right, span.y + 1)
        tag.height = max(tag.height, line_height)
        pygame.draw.rect(surface, PALETTE.accent, tag, border_radius=6)
        pygame.draw.rect(surface, PALETTE.accent_dark, tag, 1, border_radius=6)
        surface.blit(label, label.get_rect(center=tag.center))

    def _draw_book(self, surface: pygame.Surface, rect: pygame.Rect, hot: bool) -> None:
        """The book mark of an entry with a rule behind it; lit under the mouse."""
        if hot:
            pygame.draw.rect(surface, PALETTE.accent_dark, rect.inflate(6, 4), border_radius=4)
        if self.book_icon is not None:
            surface.blit(self.book_icon, self.book_icon.get_rect(center=rect.center))
            return
        pygame.draw.rect(surface, PALETTE.accent, rect.inflate(-2, -4), border_radius=2)
        pygame.draw.line(surface, PALETTE.ink, (rect.centerx, rect.y + 3), (rect.centerx, rect.bottom - 4), 1)
