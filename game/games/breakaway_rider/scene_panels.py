"""The cardboard panels of the table: one per rider, and the stage, pace and deck column.

Each panel is painted once for what it shows (a :class:`SeatLook` or the
column's numbers) and re-blitted every frame, so a frame costs a few blits.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable

import pygame

from game.i18n import _, ngettext
from game.ui import draw
from game.ui.theme import CANVAS_SIZE, MIN_FONT_PX, PALETTE, Theme, darker, lighter

from .cards import HEADWIND, HEADWIND_PENALTY, Card, pile_top
from .scene_art import BACK, JERSEY_SPRITE, CardArt
from .scene_layout import CHIP, CROSS_SIZE, MINI_BACK, SeatCell, TableLayout

#: the colour of each result's words
TONE_COLOURS: dict[str, tuple[int, int, int]] = {
    "good": PALETTE.good, "bad": PALETTE.danger, "jersey": PALETTE.accent_dark, "pace": PALETTE.ink,
    "better": (0, 114, 178), "neutral": PALETTE.ink_soft, "waiting": PALETTE.ink_soft,
}
#: how opaque the veil over last round's card is (the card stays readable, plainly not this round's)
LAST_ROUND_VEIL = 150
#: panels are painted with room for their shadow around them
PAD = 6
#: the pace's digits and its unit, and the least room between the digits and the words above and below
PACE_PX = 60
PACE_UNIT_PX = 20
PACE_GAP = 8
#: the line under a rider's name: the gap between the subtitle and the total, and the total kept room for
SUBTITLE_GAP = 12
WIDEST_TOTAL = 88


def fitting_paragraph(theme: Theme, wordings: tuple[str, ...], rect: pygame.Rect, largest: int = 18) -> tuple[str, int]:
    """The first wording, at the largest size from ``largest`` down, whose wrapped lines all fit ``rect`` with
    every word whole on its line (the last wording at the smallest size when none does)."""
    def measure() -> tuple[str, int]:
        for text in wordings:
            for size in range(largest, MIN_FONT_PX - 1, -1):
                font = theme.font(size)
                if (len(draw.wrap(theme, text, rect.width, size)) * draw.line_height(theme, size) <= rect.height
                        and all(font.size(word)[0] <= rect.width for word in text.split())):
                    return text, size
        return wordings[-1], MIN_FONT_PX
    return theme.layout(("fitting paragraph", wordings, rect.size, largest), measure)


def wrapped_within(theme: Theme, text: str, width: int, lines: int, largest: int) -> tuple[list[str], int] | None:
    """``text`` wrapped into at most ``lines`` lines of ``width``, every word whole, at the largest size from
    ``largest`` down (None when even the smallest needs more)."""
    for size in range(largest, MIN_FONT_PX - 1, -1):
        wrapped = draw.wrap(theme, text, width, size)
        if len(wrapped) <= lines and all(theme.font(size).size(word)[0] <= width for word in text.split()):
            return wrapped, size
    return None


@dataclass(frozen=True)
class SeatLook:
    """Everything a rider's panel shows; a new look repaints the panel."""

    name: str
    colour: str
    #: colour-blind mode: the team chip carries its pattern and the panel its seat number
    marked: bool
    number: int
    subtitle: str
    hand_count: int
    total: int
    pile: tuple[Card, ...]
    opening: Card | None
    jersey: bool
    minutes: int
    headwinds: int
    result: str
    result_tone: str
    #: not played this round yet: the card on the pile is last round's, drawn under a veil
    waiting: bool
    width: int
    height: int


def signed(value: int) -> str:
    """+1, 0, -4 with a real minus sign."""
    if value > 0:
        return f"+{value}"
    return "0" if value == 0 else f"\u2212{-value}"


class Panels:
    """Paints and caches the seat panels and the info column."""

    def __init__(self, theme: Theme, art: CardArt, layout: TableLayout) -> None:
        self.theme = theme
        self.art = art
        self.layout = layout
        #: each seat's panel as painted, with the look and the words' version (another language repaints) it shows
        self._seats: dict[int, tuple[tuple[int, SeatLook], pygame.Surface]] = {}
        self._column: dict[str, tuple[Hashable, pygame.Surface]] = {}

    # --- seats ------------------------------------------------------------------------------------
    def seat(self, surface: pygame.Surface, seat: int, look: SeatLook) -> None:
        cached = self._seats.get(seat)
        if cached is None or cached[0] != (self.theme.version, look):
            cached = ((self.theme.version, look), self._paint_seat(seat, self.layout.cells[seat], look))
            self._seats[seat] = cached
        surface.blit(cached[1], self._area(self.layout.cells[seat].rect))

    @staticmethod
    def _area(rect: pygame.Rect) -> pygame.Rect:
        """A panel with the room its shadow needs."""
        return pygame.Rect(rect.x - PAD, rect.y - PAD, rect.width + 2 * PAD + 4, rect.height + 2 * PAD + 6)

    def _felt(self, area: pygame.Rect) -> pygame.Surface:
        """The bare table under ``area``: panels are painted on it, so they blit without transparency."""
        return self.theme.table_texture(CANVAS_SIZE).subsurface(area).copy()

    def _seat_frame(self, cell: SeatCell, look: SeatLook) -> pygame.Surface:
        """The parts of a seat's panel that never change: card, team chip and name."""
        key = ("seat frame", cell.rect.topleft, cell.rect.size, look.name, look.colour, look.marked, look.number,
               look.subtitle)
        return self.theme.image(key, lambda: self._paint_seat_frame(cell, look))

    def _paint_seat_frame(self, cell: SeatCell, look: SeatLook) -> pygame.Surface:
        theme = self.theme
        area = self._area(cell.rect)
        image = self._felt(area)
        panel = cell.rect.move(-area.x, -area.y)
        draw.cardboard(image, panel, fill=PALETTE.card)
        chip = pygame.Rect(panel.x + 14, panel.y + 12, 24, 24)
        draw.team_marker(image, chip, look.colour, marked=look.marked)
        name_x = chip.right + 10
        if look.marked:
            # the seat number (the order of play, and the key that claims the climb call) as a second sign
            badge = pygame.Rect(chip.right + 6, chip.y + 1, 22, 22)
            pygame.draw.rect(image, PALETTE.ink, badge, border_radius=11)
            draw.text(image, theme, str(look.number), badge.center, size=18, colour=PALETTE.card_light,
                      align="center")
            name_x = badge.right + 8
        spot = cell.hand_spot.move(-area.x, -area.y)
        name, size = draw.shrink_to_fit(theme, look.name, spot.x - name_x - 4, 22)  # smaller before it is cut
        draw.text(image, theme, name, (name_x, chip.centery), size=size, colour=PALETTE.ink, align="midleft")
        back = self.art.image(BACK, MINI_BACK)
        for offset in (4, 0):
            image.blit(back, (spot.x + offset, spot.centery - MINI_BACK[1] // 2 - offset // 2))
        line_y = panel.y + 50
        draw.text(image, theme, look.subtitle, (panel.x + 14, line_y), size=self.subtitle_size(panel, look.subtitle),
                  colour=PALETTE.ink_soft, align="midleft")
        pygame.draw.line(image, PALETTE.card_dark, (panel.x + 12, line_y + 13), (panel.right - 12, line_y + 13), 1)
        return image

    def subtitle_size(self, panel: pygame.Rect, subtitle: str) -> int:
        """One size for the line under the name: the subtitle ('Bot (normal)') on the left and the total on
        the right, the largest at which both fit with a gap between them (the widest total a race sees)."""
        def measure() -> int:
            widest_total = _("Total {total}").format(total=signed(-WIDEST_TOTAL))
            room = panel.width - 28 - SUBTITLE_GAP
            for size in range(18, MIN_FONT_PX - 1, -1):
                font = self.theme.font(size)
                if font.size(subtitle)[0] + font.size(widest_total)[0] <= room:
                    return size
            return MIN_FONT_PX
        return self.theme.layout(("rider subtitle", panel.width, subtitle), measure)

    def _paint_seat(self, seat: int, cell: SeatCell, look: SeatLook) -> pygame.Surface:
        theme = self.theme
        area = self._area(cell.rect)
        image = self._seat_frame(cell, look).copy()

        def local(rect: pygame.Rect) -> pygame.Rect:
            return rect.move(-area.x, -area.y)

        panel = local(cell.rect)
        spot = local(cell.hand_spot)
        draw.text(image, theme, str(look.hand_count), (spot.x + MINI_BACK[0] + 10, spot.centery), size=20,
                  colour=PALETTE.ink, align="midleft")
        draw.text(image, theme, _("Total {total}").format(total=signed(look.total)), (panel.right - 14, panel.y + 50),
                  size=self.subtitle_size(panel, look.subtitle), colour=PALETTE.ink, align="midright")
        self._paint_pile(image, cell, local(cell.pile), look)
        self._paint_right(image, cell, local, look)
        if look.result:
            result = local(cell.result)
            colour = TONE_COLOURS.get(look.result_tone, PALETTE.ink_soft)
            # a hollow dot for a rider still to play, a full one for this round's result
            pygame.draw.circle(image, colour, (result.x + 6, result.centery), 5, 2 if look.waiting else 0)
            words, size = draw.shrink_to_fit(theme, look.result, result.width - 18, 18)  # smaller before it is cut
            draw.text(image, theme, words, (result.x + 18, result.centery), size=size,
                      colour=colour if look.result_tone != "pace" else PALETTE.ink, align="midleft")
        return image

    def _paint_pile(self, image: pygame.Surface, cell: SeatCell, pile_rect: pygame.Rect, look: SeatLook) -> None:
        if look.opening is not None:
            self.art.card(image, look.opening, pile_rect)
            return
        top, crosswise = pile_top(list(look.pile))
        if top is None and not crosswise:
            slot = pile_rect.inflate(-2, -2)
            pygame.draw.rect(image, darker(PALETTE.card, 0.1), slot, border_radius=8)
            pygame.draw.rect(image, PALETTE.card_dark, slot, 2, border_radius=8)
            words = slot.inflate(-8, -8)
            text, size = fitting_paragraph(self.theme, (_("no card yet"),), words)
            height = len(draw.wrap(self.theme, text, words.width, size)) * draw.line_height(self.theme, size)
            draw.paragraph(image, self.theme, text, words.move(0, (words.height - height) // 2), size=size,
                           colour=PALETTE.ink_faint, align="center")
            return
        depth = min(3, len(look.pile) - 1 - len(crosswise))
        for layer in range(depth, 0, -1):
            under = pile_rect.move(-2 * layer, 2 * layer)
            pygame.draw.rect(image, PALETTE.card_light, under, border_radius=7)
            pygame.draw.rect(image, PALETTE.card_edge, under, 1, border_radius=7)
        if top is not None:
            self.art.card(image, top, pile_rect)
        shift = pygame.Vector2(pile_rect.center) - pygame.Vector2(cell.pile.center)
        covered = pile_rect.copy()
        for index, card in enumerate(crosswise):
            x, y = cell.cross_centre(index)
            centre = (round(x + shift.x), round(y + shift.y))
            self.art.crosswise(image, card, centre, CROSS_SIZE[::-1])
            covered.union_ip(pygame.Rect((0, 0), CROSS_SIZE[::-1]).move(centre[0] - CROSS_SIZE[1] // 2,
                                                                       centre[1] - CROSS_SIZE[0] // 2))
        if look.waiting:
            veil = pygame.Surface(covered.inflate(6, 6).size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (*PALETTE.card, LAST_ROUND_VEIL), veil.get_rect(), border_radius=8)
            image.blit(veil, covered.inflate(6, 6))

    def _paint_right(self, image: pygame.Surface, cell: SeatCell, local, look: SeatLook) -> None:
        theme = self.theme
        notes = local(cell.notes)
        if look.jersey:
            jersey = local(cell.jersey)
            image.blit(self.art.image(JERSEY_SPRITE, jersey.size), jersey)
            # centred under the jersey, and inside the card's edge
            room = min(notes.width + 20, 2 * (local(cell.rect).right - 10 - jersey.centerx))
            # TRANSLATORS: Breakaway Rider: under the yellow jersey, the rider who wears it
            label, size = draw.shrink_to_fit(theme, _("breakaway"), room, 18)
            draw.text(image, theme, label, (jersey.centerx, jersey.bottom + 2), size=size,
                      colour=PALETTE.accent_dark, align="midtop")
            if look.headwinds:
                # under the jersey, centred like it: the notes column is narrower than the words
                words, size = draw.shrink_to_fit(theme, self.next_card_words(look.headwinds), room, 18)
                draw.text(image, theme, words, (jersey.centerx, jersey.bottom + 24), size=size, colour=PALETTE.danger,
                          align="midtop")
            return
        chips = local(cell.chips)
        if look.minutes:
            self.art.chips(image, look.minutes, chips.topleft, CHIP, chips.width)
            draw.text(image, theme, _("{minutes} min").format(minutes=look.minutes), (chips.x, chips.bottom + 4),
                      size=20, colour=PALETTE.danger)
        else:
            draw.text(image, theme, _("{minutes} min").format(minutes=0), (chips.x, chips.y + 4), size=18,
                      colour=PALETTE.ink_faint)
        if look.headwinds:
            words, size = draw.shrink_to_fit(theme, self.next_card_words(look.headwinds), notes.width, 18)
            draw.text(image, theme, words, (notes.x, notes.y + 24), size=size, colour=PALETTE.danger)

    @staticmethod
    def next_card_words(headwinds: int) -> str:
        """What the headwinds on a pile will take off its rider's next speed card."""
        # TRANSLATORS: Breakaway Rider: beside a pile, the headwind waiting for the rider's next speed card
        return _("next card \u2212{speed}").format(speed=HEADWIND_PENALTY * headwinds)

    # --- the info column ----------------------------------------------------------------------------
    def column(self, surface: pygame.Surface, *, stage: int, stages: int, pace: int | None, setter: str,
               climb_by: str | None, deck_count: int, set_aside: int, simple: bool) -> None:
        """The stage, the pace and the deck: three small panels, each repainted only when it changes."""
        layout = self.layout
        self.blit_cached(surface, "stage", layout.stage_panel, (stage, stages),
                          lambda image, rect: self._paint_stage(image, rect, stage, stages))
        self.blit_cached(surface, "pace", layout.pace_panel, (pace, setter, climb_by),
                          lambda image, rect: self._paint_pace(image, rect, pace, setter, climb_by is not None))
        self.blit_cached(surface, "deck", layout.deck_panel, (deck_count, set_aside, simple),
                          lambda image, rect: self._paint_deck(image, rect, deck_count, 0 if simple else set_aside))

    def blit_cached(self, surface: pygame.Surface, name: str, rect: pygame.Rect, key: Hashable,
                     paint: Callable[[pygame.Surface, pygame.Rect], None]) -> None:
        """Blit the layer ``name`` over ``rect``, painted on the bare felt again only when ``key`` changed (or
        the words did: another language)."""
        area = self._area(rect)
        key = (self.theme.version, key)
        cached = self._column.get(name)
        if cached is None or cached[0] != key:
            image = self._felt(area)
            paint(image, rect.move(-area.x, -area.y))
            cached = self._column[name] = (key, image)
        surface.blit(cached[1], area)

    def _paint_stage(self, image: pygame.Surface, rect: pygame.Rect, stage: int, stages: int) -> None:
        draw.cardboard(image, rect, fill=PALETTE.card)
        words, size = draw.shrink_to_fit(self.theme, _("Stage {stage} of {stages}").format(stage=stage, stages=stages),
                                         rect.width - 20, 24)
        draw.text(image, self.theme, words, rect.center, size=size, colour=PALETTE.ink, align="center")

    def _paint_pace(self, image: pygame.Surface, rect: pygame.Rect, pace: int | None, setter: str,
                    climbing: bool) -> None:
        """The pace, who set it and the rule it brings; every line measured, so a larger UI scale takes a
        smaller size (or shorter words) before anything would run off the card or over another line."""
        theme = self.theme
        draw.cardboard(image, rect, fill=PALETTE.card_light if not climbing else lighter(PALETTE.danger, 0.82))
        label = draw.text(image, theme, _("Pace"), (rect.centerx, rect.y + 12), size=18, colour=PALETTE.ink_soft,
                          align="midtop")
        # TRANSLATORS: Breakaway Rider: the pace card's rule band, two short lines (the line break is yours to place)
        band_words = _("Climb: no passing\nand no slipstream") if climbing else _("Slipstream: up to\n2 km/h below")
        # two lines as the words break them, else two lines wherever they fit, else (long words at a large
        # UI scale) three
        for wording, lines in ((band_words, 2), (band_words.replace("\n", " "), 2), (band_words, 3)):
            found = wrapped_within(theme, wording, rect.width - 32, lines, 18)
            if found is not None:
                band_lines, band_size = found
                break
        else:  # three lines wherever the words break, hyphenated where they must
            band_lines, band_size = draw.wrap_to_fit(theme, band_words.replace("\n", " "), rect.width - 32, 3, 18)
        pitch = theme.font(band_size).get_linesize()
        band = pygame.Rect(rect.x + 8, 0, rect.width - 16, max(2, len(band_lines)) * pitch + 8)
        band.bottom = rect.bottom - 8
        if pace is None:
            draw.text(image, theme, "\u2013", (rect.centerx, rect.y + 58), size=40, colour=PALETTE.ink,
                      align="center")
            # under the dash; higher up (the dash is thin) when the rule band needs the room
            words_top = min(rect.y + 86, max(rect.y + 66, band.y - 2 - 2 * theme.font(MIN_FONT_PX).get_linesize()))
            words = pygame.Rect(rect.x + 14, words_top, rect.width - 28, band.y - 2 - words_top)
            text, size = fitting_paragraph(theme, (_("{name} sets it with the first card").format(name=setter),
                                                   _("Set by the first card")), words)
            draw.paragraph(image, theme, text, words, size=size, colour=PALETTE.ink_soft, align="center")
        else:
            text = _("set by {name}").format(name=setter)
            if draw.fitting_size(theme, text, rect.width - 24, 18) is None:  # a long name: the name alone says it
                text = setter
            text, size = draw.shrink_to_fit(theme, text, rect.width - 24, 18)
            set_by_top = min(rect.y + 108, band.y - 2 - theme.font(size).get_height())
            self._paint_pace_number(image, rect, pace, label.bottom + PACE_GAP, set_by_top - PACE_GAP // 2)
            draw.text(image, theme, text, (rect.centerx, set_by_top), size=size, colour=PALETTE.ink_soft,
                      align="midtop")
        if climbing:
            pygame.draw.rect(image, PALETTE.danger, band, border_radius=8)
        colour = PALETTE.card_light if climbing else PALETTE.ink_faint
        for number, line in enumerate(band_lines):
            draw.text(image, theme, line, (band.centerx, band.y + 4 + pitch * number), size=band_size, colour=colour,
                      align="midtop")

    def _paint_pace_number(self, image: pygame.Surface, rect: pygame.Rect, pace: int, top: int, bottom: int) -> None:
        """The pace in big digits with 'km/h' beside them, centred between ``top`` and ``bottom`` (the digits'
        own ink, not the font's line box): at a larger UI scale they take a smaller size before they would
        touch the word above them or the name below."""
        theme = self.theme
        digits = str(pace)
        for size in range(PACE_PX, MIN_FONT_PX - 1, -2):
            font, unit_font = theme.font(size), theme.font(PACE_UNIT_PX)
            ink_height = max(font.metrics(digit)[0][3] for digit in digits)
            width = font.size(digits)[0] + 6 + unit_font.size("km/h")[0]
            if ink_height <= bottom - top and width <= rect.width - 16:
                break
        baseline = top + (bottom - top + ink_height) // 2
        x = rect.centerx - width // 2
        number = draw.text(image, theme, digits, (x, baseline - font.get_ascent()), size=size, colour=PALETTE.ink)
        draw.text(image, theme, "km/h", (number.right + 6, baseline - unit_font.get_ascent()), size=PACE_UNIT_PX,
                  colour=PALETTE.ink)

    def _paint_deck(self, image: pygame.Surface, rect: pygame.Rect, deck_count: int, set_aside: int) -> None:
        theme = self.theme
        draw.cardboard(image, rect, fill=PALETTE.card)
        deck_card = self.layout.deck_card.move(rect.x - self.layout.deck_panel.x, rect.y - self.layout.deck_panel.y)
        if deck_count:
            for layer in range(min(3, deck_count - 1), 0, -1):
                self.art.card(image, None, deck_card.move(-2 * layer, -2 * layer), shadow=layer == 3)
            self.art.card(image, None, deck_card)
        else:
            pygame.draw.rect(image, darker(PALETTE.card, 0.1), deck_card, border_radius=8)
            pygame.draw.rect(image, PALETTE.card_dark, deck_card, 2, border_radius=8)
        text_x = deck_card.right + 10
        number = draw.text(image, theme, str(deck_count), (text_x, deck_card.y - 2), size=30, colour=PALETTE.ink)
        room = rect.right - 6 - text_x
        icon = pygame.Rect(deck_card.right + 14, deck_card.y + 98, 22, 31)  # where the set-aside headwinds land
        # the words under the number, one line each, at the largest size that keeps them apart and above the
        # set-aside headwinds (a larger UI scale takes a smaller size)
        # TRANSLATORS: Breakaway Rider: under the number of cards in the deck, two short lines
        left_words = ngettext("card\nleft", "cards\nleft", deck_count)
        top = max(deck_card.y + 30, number.bottom - 2)
        bottom = icon.y - 2 if set_aside else rect.bottom - 8
        fits = False
        for size in range(18, MIN_FONT_PX - 1, -1):
            font = theme.font(size)
            left = draw.wrap(theme, left_words, room, size)
            pitch = font.get_linesize()
            lines = len(left) + (1 if set_aside else 0)
            whole = all(font.size(word)[0] <= room for word in left_words.split())
            fits = whole and len(left) <= 2 and (lines - 1) * pitch + font.get_height() <= bottom - top
            if fits:
                break
        for line_number, line in enumerate(left):
            draw.text(image, theme, line, (text_x, top + pitch * line_number), size=size, colour=PALETTE.ink_soft)
        if set_aside and fits:  # (the headwind card under the words says it too, where they find no room)
            # TRANSLATORS: Breakaway Rider: beside the headwinds set aside at the deal (shown as "x2" under it)
            aside, aside_size = draw.shrink_to_fit(theme, _("aside"), room, size)
            aside_y = max(deck_card.y + 76, top + pitch * len(left))
            draw.text(image, theme, aside, (text_x, aside_y), size=aside_size, colour=PALETTE.ink_soft)
        if set_aside:
            self.art.card(image, HEADWIND, icon, shadow=False)
            draw.text(image, theme, f"\u00d7{set_aside}", (icon.right + 6, icon.centery), size=20,
                      colour=PALETTE.ink, align="midleft")
