"""Results: who won, everyone's rank and score, the game's own summary.

Shown over the final table (dimmed) once the last animation has finished; like
the hot-seat curtain it ignores keys and clicks for its first moments, so a key
pressed for the last move does not start a rematch.  Nothing has the keyboard
focus at first either: Enter pressed again and again to hurry the last animation
does nothing here until the player moves the focus (Tab or an arrow key lands on
Rematch), so only a deliberate choice starts a new game.
Rematch keeps the seats and options with a new seed.  Opening it keeps the
game: its replay goes to the archive and the human seats' results to their
records (both only once per game, however often the screen is shown), and any
new personal best or disk problem is told here.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core.archive import archive_match
from game.core.records import hints_note, record_match
from game.core.replay import Replay
from game.i18n import N_, _, format_decimal, ngettext
from game.scenes.curtain import GUARD_SECONDS
from game.ui import draw
from game.ui.anim import Tween, ease_out_back
from game.ui.menu import MenuScene
from game.ui.theme import MIN_FONT_PX, PALETTE, SMALL_PX, hex_colour, lighter, readable_on
from game.ui.widgets import Button, Panel

if TYPE_CHECKING:
    from pathlib import Path

    from game.app import App
    from game.ui.match_scene import MatchScene

ORDINALS = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}
#: input ignored during the first moments (pointer moves still show what is under the mouse)
GUARDED_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)
#: from this many seats the standings take two columns
TWO_COLUMNS_FROM = 7
#: text width inside the summary box (panel 800 minus margins)
SUMMARY_WIDTH = 800 - 108 - 28
#: the headline's largest size
HEADLINE_PX = 44
#: the panel's top band (the winner's colour) and the room under it
BANNER_HEIGHT = 128
BELOW_BANNER = 22
#: the standings' column heads
TABLE_HEAD = 28
#: room above the summary box, between it and the personal-bests note, and above the buttons
ABOVE_SUMMARY = 10
BETWEEN_BOXES = 12
ABOVE_BUTTONS = 16
#: the buttons' top above the panel's bottom edge (50 px buttons, 26 px margin)
BUTTONS_FROM_BOTTOM = 76
#: room between two of the summary's lines, the smallest size it may take to fit whole, and its scroll keys
SUMMARY_GAP = 2
SUMMARY_SMALLEST = 16
#: the personal bests' text width in their own box, and how far they are indented after their star in the
#: summary's box when they share it
NOTES_WIDTH = 800 - 108 - 52
STAR_INDENT = 24
#: the standings' row height, and the closer one when the room is short
TALL_ROW, SHORT_ROW = 44, 34
#: the tallest the panel gets (the canvas is 720 px high), and the least felt left under it
PANEL_MARGIN = 10
PANEL_HEIGHT_MAX = 700
SUMMARY_KEYS = {pygame.K_PAGEDOWN: 3, pygame.K_PAGEUP: -3, pygame.K_HOME: -10 ** 6, pygame.K_END: 10 ** 6}


def ordinal(rank: int) -> str:
    return _(ORDINALS[rank]) if rank in ORDINALS else _("{rank}th").format(rank=rank)


def score_text(score: float) -> str:
    return format_decimal(score, 0 if float(score).is_integer() else 1, group=False)


@dataclass(frozen=True)
class BoxLine:
    """A line of the summary's box: its words, whether it starts one of the box's entries, and what it is
    ("summary", "best" for a personal best, "problem")."""

    text: str
    first: bool
    kind: str


@dataclass(frozen=True)
class WordsLayout:
    """How the panel is shared (see :meth:`ResultsScene.words_layout`)."""

    row_height: int
    #: the personal bests are in the summary's box (scrolled with it), not in their own
    merged: bool
    box_height: int
    size: int
    lines: tuple[BoxLine, ...]
    #: lines in view (all of them unless the box scrolls)
    view: int


class ResultsScene(MenuScene):
    opaque = False

    def __init__(self, app: "App", match_scene: "MatchScene") -> None:
        super().__init__(app)
        self.match_scene = match_scene
        self.match = match_scene.match
        self.outcome = self.match.outcome()
        self.summary = [line for line in match_scene.results_summary_lines() if line]
        self.pop_in = Tween(0.6, 1.0, 0.0 if app.instant else 0.45 * app.settings.animation_factor, ease_out_back)
        self.pop_in.start()
        self._rematch: Button | None = None
        #: new personal bests, in words
        self.bests: list[str] = []
        #: what could not be kept (replay or records), in words
        self.problems: list[str] = []
        self._kept = False
        #: where the game's replay was archived (its story is kept beside it)
        self.archive_path: Path | None = None
        self.age = 0.0
        #: summary lines scrolled out of view above (a long summary scrolls)
        self.summary_scroll = 0

    def keep_game(self) -> None:
        """Archive the replay and add the game to the records, once (a reloaded game is already archived)."""
        if self._kept:
            return
        self._kept = True
        archived = archive_match(self.match)
        self.archive_path = archived.path
        if archived.problem:
            self.problems.append(archived.problem)
        if archived.new:
            self.bests, problem = record_match(self.match)
            if problem:
                self.problems.append(problem)

    def on_enter(self) -> None:
        self.keep_game()
        super().on_enter()

    def notes(self) -> list[tuple[str, bool]]:
        """Lines under the standings: (text, is a problem)."""
        hints = hints_note(self.match)
        return ([(line, False) for line in self.bests] + [(hints, False)] * bool(hints)
                + [(line, True) for line in self.problems])

    def note_height(self) -> int:
        """The outcome's note (at most two lines) and the room under it; 0 without one."""
        if not self.outcome.note:
            return 0
        lines = len(draw.wrap(self.theme, self.match_scene.words_for(self.outcome.note), 800 - 100, SMALL_PX))
        return min(2, lines) * draw.line_height(self.theme, SMALL_PX) + 10

    def notes_height(self, size: int = SMALL_PX) -> int:
        notes = self.notes()
        if not notes:
            return 0
        lines = sum(len(draw.wrap(self.theme, text, NOTES_WIDTH, size)) for text, _ in notes)
        return lines * draw.line_height(self.theme, size) + 20

    def standings(self) -> list[int]:
        """Seats best first (ties keep seat order)."""
        return sorted(range(len(self.match.seats)), key=lambda s: (self.outcome.ranks[s], s))

    def headline(self) -> str:
        winner = self.outcome.winner
        if winner is not None:
            return _("{name} wins!").format(name=self.match_scene.seat_name(winner))
        best = [s for s in range(len(self.match.seats)) if self.outcome.ranks[s] == 1]
        if len(best) == len(self.match.seats):
            return _("A draw")
        if len(best) > 1:
            names = _(" and ").join(self.match_scene.seat_name(s) for s in best)
            return _("A shared victory: {names}").format(names=names)
        return _("The game ends without a winner")

    def rank_layout(self) -> tuple[int, int, int]:
        """Columns, rows per column and row height of the standings: two columns past six seats,
        so a nine-team race still leaves room for the game's summary; closer rows when the summary
        would not fit whole under taller ones."""
        seats = len(self.match.seats)
        columns = 2 if seats > TWO_COLUMNS_FROM - 1 else 1
        return columns, -(-seats // columns), self.words_layout().row_height

    def fixed_height(self, table_height: int, notes: bool, box: bool) -> int:
        """Everything in the panel but the summary's box: banner, note, the standings (``table_height``
        for their rows), the personal bests' box (``notes``), the room above the summary's (``box``) and the
        buttons."""
        height = BANNER_HEIGHT + BELOW_BANNER + self.note_height() + TABLE_HEAD + table_height
        if box:
            height += ABOVE_SUMMARY
        if notes and self.notes():
            height += BETWEEN_BOXES + self.notes_height()
        return height + ABOVE_BUTTONS + BUTTONS_FROM_BOTTOM

    def words_layout(self) -> "WordsLayout":
        """How the standings, the summary and the personal bests share the panel (PANEL_HEIGHT_MAX at most):

        * taller rows for the standings while the summary fits whole under them (up to five rows);
        * the summary whole, at the largest size down to SUMMARY_SMALLEST that lets it, above its own
          box of personal bests; else scrolled (the wheel, Page Up/Down) at that smallest size;
        * when the personal bests leave the summary too little room to scroll in, both in one box,
          the summary first, scrolled as one.
        """
        def measure() -> WordsLayout:
            seats = len(self.match.seats)
            rows = -(-seats // (2 if seats > TWO_COLUMNS_FROM - 1 else 1))
            notes = [(text, "problem" if problem else "best") for text, problem in self.notes()]
            summary = [(text, "summary") for text in self.summary]
            if summary:
                for row_height in ((TALL_ROW, SHORT_ROW) if rows <= 5 else (SHORT_ROW,)):
                    whole = self._whole(summary, PANEL_HEIGHT_MAX - self.fixed_height(rows * row_height, True, True))
                    if whole is not None:
                        return WordsLayout(row_height, False, whole[2], whole[0], whole[1], len(whole[1]))
                room = PANEL_HEIGHT_MAX - self.fixed_height(rows * SHORT_ROW, True, True)
                merged = bool(notes) and room < self._scroll_room()
            else:
                row_height = TALL_ROW if rows <= 5 else SHORT_ROW
                if not notes or self.fixed_height(rows * row_height, True, False) <= PANEL_HEIGHT_MAX:
                    return WordsLayout(row_height, False, 0, SMALL_PX, (), 0)
                merged = True  # personal bests alone too many for the panel: they scroll
            entries = summary + notes if merged else summary
            if merged:
                room = PANEL_HEIGHT_MAX - self.fixed_height(rows * SHORT_ROW, False, True)
                whole = self._whole(entries, room)
                if whole is not None:
                    return WordsLayout(SHORT_ROW, True, whole[2], whole[0], whole[1], len(whole[1]))
            lines = self.box_lines(entries, SUMMARY_SMALLEST)
            # the smallest size shows the most; a line of the room goes to the hint telling how to see the rest
            step = draw.line_height(self.theme, SUMMARY_SMALLEST) + SUMMARY_GAP
            view = max(1, (room - 20 - draw.line_height(self.theme, SMALL_PX)) // step)
            return WordsLayout(SHORT_ROW, merged, room, SUMMARY_SMALLEST, lines, view)
        return self.theme.layout(("results words", tuple(self.summary), tuple(self.notes()), len(self.match.seats),
                                  self.note_height()), measure)

    def box_lines(self, entries: list[tuple[str, str]], size: int) -> tuple[BoxLine, ...]:
        """The box's entries wrapped at ``size`` (personal bests indented after their star)."""
        return tuple(BoxLine(line, number == 0, kind) for text, kind in entries
                     for number, line in enumerate(draw.wrap(self.theme, text, SUMMARY_WIDTH if kind == "summary"
                                                             else SUMMARY_WIDTH - STAR_INDENT, size)))

    def _whole(self, entries: list[tuple[str, str]], room: int) -> tuple[int, tuple[BoxLine, ...], int] | None:
        """(size, lines, box height) of the entries shown whole in a box of at most ``room`` at the largest
        size down to SUMMARY_SMALLEST; None when even that needs more room."""
        for size in range(SMALL_PX, SUMMARY_SMALLEST - 1, -1):
            lines = self.box_lines(entries, size)
            height = len(lines) * draw.line_height(self.theme, size) + SUMMARY_GAP * (len(entries) - 1) + 20
            if height <= room:
                return size, lines, height
        return None

    def _scroll_room(self) -> int:
        """The least box a scrolled summary is given: three lines and the hint under them."""
        return 20 + draw.line_height(self.theme, SMALL_PX) + 3 * (draw.line_height(self.theme, SUMMARY_SMALLEST)
                                                                   + SUMMARY_GAP)

    def content_height(self) -> int:
        """Banner, note, table of ranks, summary, personal bests and buttons: the panel hugs them
        with no empty band between (PANEL_HEIGHT_MAX at most; then the summary scrolls)."""
        layout = self.words_layout()
        _, rows, row_height = self.rank_layout()
        return min(PANEL_HEIGHT_MAX, self.fixed_height(rows * row_height, not layout.merged, bool(layout.lines))
                   + layout.box_height)

    def summary_box(self) -> pygame.Rect:
        """Where the summary goes: under the standings, above the personal bests and the buttons."""
        rect = self.panel.rect
        _, rows, row_height = self.rank_layout()
        top = (rect.y + BANNER_HEIGHT + BELOW_BANNER + self.note_height() + TABLE_HEAD + rows * row_height
               + ABOVE_SUMMARY)
        return pygame.Rect(rect.x + 54, top, rect.width - 108, self.words_layout().box_height)

    def summary_layout(self) -> tuple[int, tuple[BoxLine, ...], int]:
        """(size, wrapped lines, lines in view) of the summary's box."""
        layout = self.words_layout()
        return layout.size, layout.lines, layout.view

    def summary_scroll_limit(self) -> int:
        _size, lines, view = self.summary_layout()
        return max(0, len(lines) - view)

    def scroll_summary(self, lines: int) -> bool:
        """Scroll the summary by ``lines`` (down when positive); False when it does not scroll."""
        limit = self.summary_scroll_limit()
        if not limit:
            return False
        self.summary_scroll = max(0, min(limit, self.summary_scroll + lines))
        return True

    def build(self) -> None:
        rect = pygame.Rect(0, 0, 800, self.content_height())
        rect.center = (640, min(372, 720 - PANEL_MARGIN - rect.height // 2))
        self.panel = Panel(rect, "")
        self.form.add(self.panel)
        buttons = self.button_row([(_("Rematch"), self.rematch, {"primary": True,
                                                              "tooltip": _("Same players and options, new deal.")}),
                                   (_("Story"), self.open_story,
                                    {"tooltip": _("The game in a chart: who could still win, move by move.")}),
                                   (_("Main menu"), self.to_launcher, {})],
                                  640, self.panel.rect.bottom - BUTTONS_FROM_BOTTOM, width=230)
        self._rematch = buttons[0]

    #: no keyboard focus at first: Enter pressed to hurry the last animation must not start a rematch
    focus_at_start = False

    def rematch(self) -> None:
        self.match_scene.rematch()

    def open_story(self) -> None:
        from game.scenes.story import StoryScene
        self.app.manager.push(StoryScene(self.app, Replay.of_match(self.match), self.archive_path))

    def to_launcher(self) -> None:
        self.app.go_to_launcher()

    def on_back(self) -> None:
        self.to_launcher()

    @property
    def accepting_input(self) -> bool:
        """Like the curtain: keys and clicks meant for the last move must not start a rematch."""
        return self.app.instant or self.age >= GUARD_SECONDS

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.accepting_input and event.type in GUARDED_EVENTS:
            return
        if event.type == pygame.MOUSEWHEEL and self.scroll_summary(-3 * event.y):
            return
        if event.type == pygame.KEYDOWN and event.key in SUMMARY_KEYS:
            if self.scroll_summary(SUMMARY_KEYS[event.key]):
                return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        self.age += dt
        # the summary may have fewer lines than when it was scrolled (another language, another size)
        self.summary_scroll = min(self.summary_scroll, self.summary_scroll_limit())
        super().update(dt)
        self.pop_in.advance(dt)

    def banner(self) -> tuple[pygame.Rect, tuple[int, ...]]:
        """The winner's coloured band across the top of the panel, and its colour."""
        rect = self.panel.rect
        winner = self.outcome.winner
        colour = hex_colour(self.match.seats[winner].colour) if winner is not None else PALETTE.card_dark
        return pygame.Rect(rect.x + 8, rect.y + 8, rect.width - 16, BANNER_HEIGHT - 8), tuple(colour)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The dimmed table, the panel and the standings: all fixed once the game is over."""
        draw.scrim(surface)
        self.panel.draw(surface, self.theme)
        rect = self.panel.rect
        band, banner_colour = self.banner()
        pygame.draw.rect(surface, banner_colour, band, border_top_left_radius=8, border_top_right_radius=8)
        pygame.draw.line(surface, PALETTE.card_edge, band.bottomleft, band.bottomright, 2)
        ink = readable_on(banner_colour)
        draw.text(surface, self.theme, _("{game}: final standings").format(game=self.match.spec.title),
                  (band.centerx, band.y + 18),
                  size=SMALL_PX, colour=ink, align="midtop")
        y = band.bottom + BELOW_BANNER
        if self.outcome.note:
            draw.paragraph(surface, self.theme, self.match_scene.words_for(self.outcome.note),
                           pygame.Rect(rect.x + 50, y, rect.width - 100, 60), size=SMALL_PX, colour=PALETTE.ink_soft,
                           align="center", max_lines=2)
            y += self.note_height()
        y = self.draw_table_of_ranks(surface, rect, y)
        notes_height = self.notes_height()
        above_buttons = rect.bottom - BUTTONS_FROM_BOTTOM - ABOVE_BUTTONS
        if notes_height and not self.words_layout().merged:
            self.draw_notes(surface, rect, above_buttons - notes_height)

    def draw_front(self, surface: pygame.Surface) -> None:
        """The headline pops in over the banner; then the buttons."""
        band, banner_colour = self.banner()
        room = self.headline_room()
        title = self.theme.text(self.headline(), self.headline_size(room), readable_on(banner_colour))
        scale = float(self.pop_in.value)  # type: ignore[arg-type]
        if scale != 1.0:
            title = pygame.transform.smoothscale_by(title, scale)
        surface.blit(title, title.get_rect(center=room.center))
        if self.words_layout().lines:
            self.draw_summary(surface)
        super().draw_front(surface)

    def headline_room(self) -> pygame.Rect:
        """The banner under its line of words ("...: final standings"): the headline's room."""
        band, _colour = self.banner()
        top = band.y + 18 + draw.line_height(self.theme, SMALL_PX) + 2
        return pygame.Rect(band.x + 20, top, band.width - 40, band.bottom - 4 - top)

    def headline_size(self, room: pygame.Rect) -> int:
        """The headline's size: 44 px where it fits the banner, smaller for long names and words."""
        def measure() -> int:
            headline = self.headline()
            return next((size for size in range(HEADLINE_PX, MIN_FONT_PX, -1)
                         if self.theme.font(size).size(headline)[0] <= room.width
                         and draw.line_height(self.theme, size) <= room.height), MIN_FONT_PX)
        return self.theme.layout(("results headline", self.headline(), room.size), measure)

    def draw_table_of_ranks(self, surface: pygame.Surface, rect: pygame.Rect, y: int) -> int:
        """Place, player and score, in one column or, for many seats, two side by side."""
        seats = self.standings()
        columns, rows, row_height = self.rank_layout()
        width = (rect.width - 140 - 40 * (columns - 1)) // columns
        place_width = 110 if columns == 1 else 62
        for column in range(columns):
            left = rect.x + 70 + column * (width + 40)
            right = left + width
            draw.text(surface, self.theme, _("Place"), (left, y), size=SMALL_PX, colour=PALETTE.ink_soft)
            draw.text(surface, self.theme, _("Player"), (left + place_width, y), size=SMALL_PX, colour=PALETTE.ink_soft)
            draw.text(surface, self.theme, _("Score"), (right, y), size=SMALL_PX, colour=PALETTE.ink_soft,
                      align="topright")
            row_y = y + TABLE_HEAD
            for seat in seats[column * rows:(column + 1) * rows]:
                self.draw_rank_row(surface, seat, pygame.Rect(left - 16, row_y, right - left + 32, row_height - 6),
                                   place_width)
                row_y += row_height
        return y + TABLE_HEAD + rows * row_height

    def draw_rank_row(self, surface: pygame.Surface, seat: int, row: pygame.Rect, place_width: int) -> None:
        player = self.match.seats[seat]
        rank = self.outcome.ranks[seat]
        left, right = row.x + 16, row.right - 16
        if rank == 1:
            pygame.draw.rect(surface, lighter(PALETTE.accent, 0.6), row, border_radius=8)
        draw.text(surface, self.theme, ordinal(rank), (left, row.centery), size=24, colour=PALETTE.ink,
                  align="midleft")
        chip = pygame.Rect(left + place_width, row.centery - 13, 26, 26)
        draw.team_marker(surface, chip, player.colour, marked=self.app.settings.colour_blind)
        score = draw.text(surface, self.theme, score_text(self.outcome.scores[seat]), (right, row.centery), size=24,
                          colour=PALETTE.ink, align="midright")
        # two columns: the short form
        name = self.match_scene.seat_name(seat)
        if player.bot_level is not None:
            name += "  " + (_("(bot, {level})").format(level=_(player.bot_level)) if place_width > 100
                            else _("(bot)"))
        name, size = draw.shrink_to_fit(self.theme, name, score.x - chip.right - 26, 22)
        draw.text(surface, self.theme, name, (chip.right + 14, row.centery), size=size, colour=PALETTE.ink,
                  align="midleft")

    def draw_notes(self, surface: pygame.Surface, rect: pygame.Rect, y: int) -> None:
        """New personal bests (a star each) and problems (in warning ink), just above the buttons."""
        box = pygame.Rect(rect.x + 54, y, rect.width - 108, self.notes_height())
        pygame.draw.rect(surface, lighter(PALETTE.accent, 0.7), box, border_radius=8)
        pygame.draw.rect(surface, PALETTE.accent_dark, box, 1, border_radius=8)
        line_y = box.y + 10
        for text, problem in self.notes():
            if not problem:
                _star(surface, (box.x + 20, line_y + draw.line_height(self.theme, SMALL_PX) // 2))
            used = draw.paragraph(surface, self.theme, text, pygame.Rect(box.x + 38, line_y, NOTES_WIDTH, 200),
                                  size=SMALL_PX, colour=PALETTE.danger if problem else PALETTE.ink)
            line_y += used

    def draw_summary(self, surface: pygame.Surface) -> None:
        """The game's own summary: all of it, smaller when that makes it fit, else scrolled with the wheel
        or Page Up/Down (a hint at its foot says so, and a bar at its side shows where the view is)."""
        box = self.summary_box()
        pygame.draw.rect(surface, PALETTE.card_light, box, border_radius=8)
        pygame.draw.rect(surface, PALETTE.card_dark, box, 1, border_radius=8)
        inner = box.inflate(-28, -20)
        size, lines, view = self.summary_layout()
        scroll = min(self.summary_scroll, max(0, len(lines) - view))  # in range: see update()
        step = draw.line_height(self.theme, size)
        line_y = inner.y
        for number, line in enumerate(lines[scroll:scroll + view]):
            if line.first and number:
                line_y += SUMMARY_GAP
            x = inner.x if line.kind == "summary" else inner.x + STAR_INDENT
            if line.kind == "best" and line.first:
                _star(surface, (inner.x + 9, line_y + step // 2), radius=min(9, step // 2))
            draw.text(surface, self.theme, line.text, (x, line_y), size=size,
                      colour=PALETTE.danger if line.kind == "problem" else PALETTE.ink)
            line_y += step
        if view >= len(lines):
            return
        below = len(lines) - view - scroll
        if below:
            wordings = (ngettext("{count} more line below: wheel or Page Down", "{count} more lines below: wheel or "
                                 "Page Down", below), ngettext("{count} more line below", "{count} more lines below",
                                                               below))
        else:
            wordings = (_("The end: wheel or Page Up to go back"), _("The end"))
        hint, hint_size = wordings[-1].format(count=below), MIN_FONT_PX
        for wording in wordings:
            fitting = draw.fitting_size(self.theme, wording.format(count=below), inner.width, SMALL_PX)
            if fitting is not None:
                hint, hint_size = wording.format(count=below), fitting
                break
        draw.text(surface, self.theme, hint, (inner.right, inner.bottom), size=hint_size, colour=PALETTE.accent_dark,
                  align="bottomright")
        track = pygame.Rect(box.right - 9, box.y + 8, 4, box.height - 16)
        pygame.draw.rect(surface, PALETTE.card_dark, track, border_radius=2)
        knob_h = max(16, track.height * view // len(lines))
        knob_y = track.y + (track.height - knob_h) * scroll // max(1, len(lines) - view)
        pygame.draw.rect(surface, PALETTE.ink_soft, (track.x, knob_y, 4, knob_h), border_radius=2)


def _star(surface: pygame.Surface, centre: tuple[int, int], radius: int = 9) -> None:
    """A small gold star: a personal best."""
    x, y = centre
    points = [(x + math.sin(i * math.pi / 5) * (radius if i % 2 == 0 else radius * 0.45),
               y - math.cos(i * math.pi / 5) * (radius if i % 2 == 0 else radius * 0.45)) for i in range(10)]
    pygame.draw.polygon(surface, PALETTE.accent, points)
    pygame.draw.polygon(surface, PALETTE.accent_dark, points, 1)
