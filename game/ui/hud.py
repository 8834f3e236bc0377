"""The parts of the in-game screen that every game shares: header bar, toasts, recap, hint.

The header answers the two questions a player at the table always has: whose
turn is it, and what may they do.  Toasts explain a refused move for a few
seconds without hiding the table or losing anything.  The recap card tells a
player coming back to the table what the others did; the hint card of a
guided game says what to do next.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.i18n import N_, _, ngettext

from . import draw
from .theme import BODY_PX, MIN_FONT_PX, PALETTE, SMALL_PX, SUBHEADING_PX, Theme, darker, hex_colour, lerp_colour
from .widgets import CLEAR_KEY

HEADER_HEIGHT = 68
#: the header's name of the seat to play and its line of what to do, before shrinking to fit
HEADER_NAME_PX = 26
HEADER_LINE_PX = 22
TOAST_SECONDS = 4.0
TOAST_FADE = 0.4


@dataclass
class Toast:
    text: str
    kind: str = "error"       # "error" (refused move), "info" (saved, undone)
    left: float = TOAST_SECONDS


class Toasts:
    """A short queue of messages; newest at the bottom, each fading out on its own."""

    def __init__(self, limit: int = 3) -> None:
        self.items: list[Toast] = []
        self.limit = limit

    def show(self, text: str, kind: str = "error") -> None:
        self.items = [t for t in self.items if t.text != text]
        self.items.append(Toast(text, kind))
        del self.items[:-self.limit]

    def clear(self) -> None:
        self.items = []

    def update(self, dt: float) -> None:
        for toast in self.items:
            toast.left -= dt
        self.items = [t for t in self.items if t.left > 0]

    def texts(self) -> list[str]:
        return [t.text for t in self.items]

    def draw(self, surface: pygame.Surface, theme: Theme, area: pygame.Rect) -> None:
        """Newest first, dropping down from the top of ``area`` (just under the header's prompt)."""
        y = area.y + 6
        for toast in reversed(self.items):
            lines = draw.wrap(theme, toast.text, min(640, area.width - 80), BODY_PX)
            line_height = theme.font(BODY_PX).get_linesize()
            width = max(theme.font(BODY_PX).size(line)[0] for line in lines) + 72
            rect = pygame.Rect(0, 0, width, line_height * len(lines) + 24)
            slide = min(1.0, (TOAST_SECONDS - toast.left) / 0.15)
            rect.midtop = (area.centerx, y - round((1 - slide) * 12))
            alpha = int(255 * min(1.0, toast.left / TOAST_FADE))
            layer = theme.image(("toast", toast.text, toast.kind, rect.size),
                                lambda: _toast_layer(theme, toast.kind, lines, rect.size))
            layer.set_alpha(alpha)
            draw.shadow(surface, rect.inflate(-4, -6).move(0, -2), 10, 4, alpha // 3)
            surface.blit(layer, rect)
            y = rect.bottom + 8


def _toast_layer(theme: Theme, kind: str, lines: list[str], size: tuple[int, int]) -> pygame.Surface:
    """One toast's card, drawn once and then faded as a whole."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    local = layer.get_rect()
    line_height = theme.font(BODY_PX).get_linesize()
    edge = PALETTE.danger if kind == "error" else PALETTE.good
    draw.cardboard(layer, local.inflate(-4, -6).move(0, -2), fill=PALETTE.card_light, edge=edge,
                   lifted=False, inner_line=False)
    pygame.draw.rect(layer, edge, (local.x + 2, local.y + 1, 10, local.height - 8),
                     border_top_left_radius=10, border_bottom_left_radius=10)
    _mark(layer, (local.x + 34, local.centery - 2), kind, edge)
    ty = local.y + 10
    for line in lines:
        draw.text(layer, theme, line, (local.x + 54, ty), colour=PALETTE.ink)
        ty += line_height
    return layer


def _mark(surface: pygame.Surface, centre: tuple[int, int], kind: str, colour: tuple[int, ...]) -> None:
    """'!' in a circle for a refusal, a tick for good news (drawn: the font lacks the glyphs)."""
    x, y = centre
    pygame.draw.circle(surface, colour, centre, 12)
    if kind == "error":
        pygame.draw.line(surface, PALETTE.card_light, (x, y - 6), (x, y + 2), 3)
        pygame.draw.circle(surface, PALETTE.card_light, (x, y + 6), 2)
    else:
        pygame.draw.lines(surface, PALETTE.card_light, False, [(x - 6, y), (x - 2, y + 5), (x + 6, y - 5)], 3)


def header(surface: pygame.Surface, theme: Theme, *, title: str, name: str | None, colour_hex: str | None,
           prompt: str, marked: bool, thinking: float | None, hint: str | None = None) -> None:
    """The top bar: game title | colour chip + whose turn | what to do | key hint.

    ``thinking`` is the bot's thinking time (animates the dots), None for humans.
    The bar is painted once per text shown and re-blitted; its shade falls on the table.
    """
    width = surface.get_width()
    hint = _("Esc: menu") if hint is None else hint
    if thinking is not None and name is not None:
        line, colour = _("is thinking") + "." * (1 + int(thinking * 3) % 3), PALETTE.accent
    else:
        line, colour = prompt, PALETTE.on_felt
    key = ("header", width, title, name, colour_hex, line, colour, marked, hint)
    bar = theme.image(key, lambda: _header_bar(surface, theme, title, name, colour_hex, line, colour, marked, hint))
    surface.blit(bar, (0, 0))
    shade = theme.image(("header shade", width), lambda: _header_shade(width))
    surface.blit(shade, (0, HEADER_HEIGHT))


def _header_shade(width: int) -> pygame.Surface:
    shade = pygame.Surface((width, 8), pygame.SRCALPHA)
    for i in range(8):
        shade.fill((0, 0, 0, 70 - i * 9), (0, i, width, 1))
    return shade


def _header_bar(like: pygame.Surface, theme: Theme, title: str, name: str | None, colour_hex: str | None, line: str,
                colour: tuple[int, int, int], marked: bool, hint: str) -> pygame.Surface:
    """The bar's picture (``line`` in ``colour`` after the name); what it leaves untouched stays see-through.

    Whose turn and what to do always show in full: when the line does not fit, the game's title
    (the player knows which game this is) gives up its place first, then the line gets smaller,
    then it takes two lines; only past the smallest text is its end shortened.
    """
    width = like.get_width()
    surface = pygame.Surface((width, HEADER_HEIGHT + 2), 0, like)
    surface.fill(CLEAR_KEY)
    bar = pygame.Rect(0, 0, width, HEADER_HEIGHT)
    pygame.draw.rect(surface, PALETTE.wood_dark, bar)
    pygame.draw.rect(surface, PALETTE.wood, bar.inflate(0, -8).move(0, -2))
    pygame.draw.line(surface, (0, 0, 0), (0, bar.bottom - 1), (width, bar.bottom - 1), 2)
    surface.set_colorkey(CLEAR_KEY)
    hint_rect = draw.key_hint(surface, theme, hint, (width - 20, bar.centery), align="midright")
    name_width = 0
    if name is not None:
        name_width = 32 + 14 + theme.font(HEADER_NAME_PX).size(name)[0] + 18
    line_size = HEADER_LINE_PX if name is not None else SUBHEADING_PX
    with_title = 20 + theme.font(SMALL_PX).size(title)[0] + 26
    keep_title = theme.font(line_size).size(line)[0] <= hint_rect.x - 24 - with_title - name_width
    x = 20
    if keep_title:
        draw.text(surface, theme, title, (x, bar.centery), size=SMALL_PX, colour=PALETTE.on_felt_soft, align="midleft")
        x = with_title
        pygame.draw.line(surface, PALETTE.wood_dark, (x - 13, 14), (x - 13, bar.bottom - 14), 2)
    if name is not None:
        chip = pygame.Rect(x, bar.centery - 16, 32, 32)
        if colour_hex:
            draw.team_marker(surface, chip, colour_hex, marked=marked)
            pygame.draw.rect(surface, hex_colour(colour_hex), chip.inflate(8, 8), 2, border_radius=9)
        x = chip.right + 14
        name_rect = draw.text(surface, theme, name, (x, bar.centery), size=HEADER_NAME_PX, colour=PALETTE.card_light,
                              align="midleft")
        x = name_rect.right + 18
    room = hint_rect.x - 24 - x
    one_line = draw.fitting_size(theme, line, room, line_size, SMALL_PX)
    if one_line is not None:
        draw.text(surface, theme, line, (x, bar.centery + 1), size=one_line, colour=colour, align="midleft")
        return surface
    lines, size = draw.wrap_to_fit(theme, line, room, 2, SMALL_PX)
    line_height = theme.font(size).get_linesize()
    y = bar.centery + 1 - line_height * len(lines) // 2
    for text in lines:
        draw.text(surface, theme, text, (x, y), size=size, colour=colour)
        y += line_height
    return surface


# --- "Since your last turn" -----------------------------------------------------------------------
RECAP_TITLE = N_("Since your last turn")
RECAP_WIDTH = 580
RECAP_FOOTER = N_("Click, Enter, Space or Esc to continue")


class Recap:
    """What the other seats did since a human's last move, on a card over the table until dismissed.

    ``rows`` are (text, chip colour or None) in log order; ``marks`` are table
    rectangles to outline while the card is up.  The card is painted once (per
    UI scale) and placed where it covers the fewest marks.
    """

    def __init__(self, rows: list[tuple[str, tuple[int, ...] | None]], marks: list[pygame.Rect],
                 area: pygame.Rect) -> None:
        self.rows = rows
        self.marks = [pygame.Rect(mark) for mark in marks]
        self.area = area
        self.elapsed = 0.0
        self._card: pygame.Surface | None = None
        self._card_version = -1
        self.rect = pygame.Rect(0, 0, 0, 0)

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def card(self, theme: Theme) -> pygame.Surface:
        if self._card is None or self._card_version != theme.version:
            self._card = _recap_card(theme, self.rows, min(RECAP_WIDTH, self.area.width - 40),
                                     self.area.height - 40)
            self._card_version = theme.version
            self.rect = self._place(self._card.get_size())
        return self._card

    def _place(self, size: tuple[int, int]) -> pygame.Rect:
        """The middle of the table, else its top or bottom: whichever hides the least of the marks."""
        rect = pygame.Rect((0, 0), size)
        spots = []
        for anchor in ("center", "midtop", "midbottom"):
            spot = rect.copy()
            if anchor == "center":
                spot.center = self.area.center
            elif anchor == "midtop":
                spot.midtop = (self.area.centerx, self.area.y + 16)
            else:
                spot.midbottom = (self.area.centerx, self.area.bottom - 16)
            hidden = sum(spot.clip(mark).width * spot.clip(mark).height for mark in self.marks)
            spots.append((hidden, len(spots), spot))
        return min(spots)[2]

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        self.draw_marks(surface)
        card = self.card(theme)
        draw.shadow(surface, self.rect.inflate(-4, -6), 12, 8, 110)
        surface.blit(card, self.rect)

    def draw_marks(self, surface: pygame.Surface) -> None:
        """Pulsing outlines around what changed (a dark line under a light one, seen on any board)."""
        pulse = (math.sin(self.elapsed * 5.0) + 1) / 2
        colour = lerp_colour(PALETTE.accent, PALETTE.card_light, pulse)
        grow = 3 + round(3 * pulse)
        for mark in self.marks:
            ring = mark.inflate(2 * grow, 2 * grow)
            pygame.draw.rect(surface, PALETTE.ink, ring.inflate(4, 4), 2, border_radius=10)
            pygame.draw.rect(surface, colour, ring, 3, border_radius=9)


def _recap_card(theme: Theme, rows: list[tuple[str, tuple[int, ...] | None]], width: int,
                max_height: int) -> pygame.Surface:
    """The card: title, the newest entries that fit (older ones counted), and how to close it."""
    line = draw.line_height(theme, BODY_PX)
    title_height = draw.line_height(theme, SUBHEADING_PX)
    footer, footer_px = draw.shrink_to_fit(theme, _(RECAP_FOOTER), width - 40, SMALL_PX)
    footer_height = draw.line_height(theme, footer_px)
    room = max(line, max_height - title_height - footer_height - 64)
    wrapped = [(draw.wrap(theme, text, width - 80, BODY_PX), chip) for text, chip in rows]
    shown: list[tuple[list[str], tuple[int, ...] | None]] = []
    used = 0
    for lines, chip in reversed(wrapped):
        need = len(lines) * line + 4
        if used + need > room - (line if len(shown) + 1 < len(wrapped) else 0):
            break
        shown.insert(0, (lines, chip))
        used += need
    earlier = len(wrapped) - len(shown)
    if earlier:
        used += line
    height = 24 + title_height + 10 + used + 10 + footer_height + 18
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    local = card.get_rect()
    draw.cardboard(card, local, fill=PALETTE.card_light, edge=PALETTE.accent_dark, lifted=False)
    pygame.draw.rect(card, PALETTE.accent, (0, 0, 10, height), border_top_left_radius=10,
                     border_bottom_left_radius=10)
    y = 20
    draw.text(card, theme, _(RECAP_TITLE), (32, y), size=SUBHEADING_PX, colour=PALETTE.ink)
    y += title_height + 6
    pygame.draw.line(card, PALETTE.card_dark, (32, y), (width - 24, y), 2)
    y += 10
    if earlier:
        earlier_entries = ngettext("{count} earlier entry in the log", "{count} earlier entries in the log", earlier)
        draw.text(card, theme, "... " + earlier_entries.format(count=earlier),
                  (56, y), size=SMALL_PX, colour=PALETTE.ink_soft)
        y += line
    for lines, chip in shown:
        if chip is not None:
            pygame.draw.rect(card, chip, (32, y + line // 2 - 7, 14, 14), border_radius=3)
            pygame.draw.rect(card, darker(chip, 0.4), (32, y + line // 2 - 7, 14, 14), 1, border_radius=3)
        for text in lines:
            draw.text(card, theme, text, (56, y), colour=PALETTE.ink)
            y += line
        y += 4
    draw.text(card, theme, footer, (width // 2, height - 14), size=footer_px, colour=PALETTE.ink_soft,
              align="midbottom")
    return card


# --- the guided game's hint ---------------------------------------------------------------------------
HINT_WIDTH = 760
WHY_SIZE = (118, 40)
WHY_LABEL = N_("Why? (F1)")
WHY_PX = 18


def why_size(theme: Theme) -> tuple[int, int]:
    """The "Why?" button's size: at least ``WHY_SIZE``, wider where the reader's language or the interface
    size needs it for the whole label."""
    return max(WHY_SIZE[0], theme.font(WHY_PX).size(_(WHY_LABEL))[0] + 28), WHY_SIZE[1]


def hint_lines(theme: Theme, text: str, room: int, stacked: bool) -> tuple[list[str], int]:
    """The hint wrapped to ``room``: at most three lines beside the "Why?" button (ten stacked over the log
    column), smaller down to 16 px first, then more lines (the card grows), then down to 14 px; cut only past
    all that."""
    def measure() -> tuple[list[str], int]:
        limits = (10, 13, 16) if stacked else (3, 4, 5, 6)
        for smallest in (16, MIN_FONT_PX):
            for limit in limits:
                for size in range(BODY_PX, smallest - 1, -1):
                    wrapped = draw.wrap(theme, text, room, size)
                    if len(wrapped) <= limit and all(theme.font(size).size(part)[0] <= room for part in wrapped):
                        return wrapped, size
        return draw.wrap_to_fit(theme, text, room, limits[-1], BODY_PX)
    return theme.layout(("hint lines", text, room, stacked), measure)


def hint_card(theme: Theme, text: str, width: int, with_why: bool, *, stacked: bool = False) -> pygame.Surface:
    """The hint's card: an accent edge, a pointer mark, the text, and room for the "Why?" button:
    beside the text, or under it when ``stacked`` (a narrow card over the log column)."""
    beside = 0 if stacked else (why_size(theme)[0] + 24 if with_why else 20)
    room = width - 76 - (20 if stacked else beside)
    lines, size = hint_lines(theme, text, room, stacked)
    line = draw.line_height(theme, size)
    text_height = len(lines) * line + 22
    if stacked:
        height = text_height + (WHY_SIZE[1] + 10 if with_why else 0)
    else:
        height = max(WHY_SIZE[1] + 20, text_height)
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    local = card.get_rect()
    draw.cardboard(card, local, fill=PALETTE.card_light, edge=PALETTE.accent_dark, lifted=False, inner_line=False)
    pygame.draw.rect(card, PALETTE.accent, (0, 0, 10, height), border_top_left_radius=10,
                     border_bottom_left_radius=10)
    centre = (38, (text_height if stacked else height) // 2)
    pygame.draw.circle(card, PALETTE.accent, centre, 15)
    pygame.draw.circle(card, PALETTE.accent_dark, centre, 15, 2)
    x, y = centre
    pygame.draw.polygon(card, PALETTE.card_light, [(x - 5, y - 8), (x + 7, y), (x - 5, y + 8)])
    y = ((text_height if stacked else height) - len(lines) * line) // 2
    for text_line in lines:
        draw.text(card, theme, text_line, (66, y), size=size, colour=PALETTE.ink)
        y += line
    return card
