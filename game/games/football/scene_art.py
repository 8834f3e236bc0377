"""The football scene's pictures: card faces and backs, the field, painted once and cached.

Cards use the sheet's frames (``play_card_frame``, ``defense_card_frame``,
``gameday_card_frame`` and their backs) with the text areas the sprite index
gives; the words and numbers are drawn over them at the size the card is shown.
Runs are orange, passes blue, as on the printed cards.
"""
from __future__ import annotations

import json
import logging
from functools import lru_cache
from typing import Any, Callable, Hashable, Sequence

import pygame

from game.core.paths import resource_path
from game.i18n import N_, _
from game.ui import draw
from game.ui.theme import MIN_FONT_PX, PALETTE, Theme, darker, hex_colour, lighter, readable_on

from . import field
from .cards import MISS_ICON, TEAMS, DefensePlay, OffensePlay, game_day_card
from .scene_layout import FootballLayout
from .scene_words import corner_text

log = logging.getLogger(__name__)

Size = tuple[int, int]
SPRITE_SIZE = (150, 210)

RUN_FILL = (253, 234, 206)
RUN_INK = (178, 88, 0)
RUN_CHIP = (230, 159, 0)
PASS_FILL = (220, 235, 249)
PASS_INK = (0, 88, 156)
PASS_CHIP = (0, 114, 178)
MAROON = (122, 30, 42)
MAROON_DARK = (84, 18, 28)
NAVY = (30, 42, 84)
OFFENSE_SIDE = (20, 122, 72)
DEFENSE_SIDE = (188, 40, 44)
GOOD_INK = (0, 128, 84)
BAD_INK = (196, 48, 24)
GRASS = (52, 128, 62)
GRASS_LIGHT = (60, 140, 70)
CHALK = (244, 244, 236)
WARNING = (213, 94, 0)
#: where the offense card back's sprite prints its word plate (sprite coordinates, see tools/art/football.py)
OFFENSE_PLATE = [26, 140, 98, 26]
#: the plate on a Game Day card naming whom its play event is for
SIDE_TAGS: dict[tuple[str, str], str] = {("offense", "run"): N_("OFFENSE RUN"), ("offense", "pass"): N_("OFFENSE PASS"),
                                         ("defense", "run"): N_("DEFENSE RUN"), ("defense", "pass"): N_("DEFENSE PASS")}

#: the words the card sprites leave to the scene (none is painted into them), by frame and area
CARD_WORDS: dict[str, dict[str, str]] = {
    # TRANSLATORS: Football: over the two bubbles of a defense card, the plays it wins and loses against
    "defense_card_frame": {"win_vs_label": N_("WIN VS."), "lose_to_label": N_("LOSE TO")},
    # TRANSLATORS: Football: a Game Day card's corners, short: defense's and offense's breakaway, punt, field goal
    "gameday_card_frame": {"defense_breakaway_label": N_("DEF"), "offense_breakaway_label": N_("OFF"),
                           "punt_label": N_("PUNT"), "field_goal_label": N_("FG")},
}
#: the name on the back of a Game Day card, under its star
GAME_DAY_WORDS = N_("GAME DAY")

#: the frames' text areas as generated (sprite pixels), used when the index cannot be read
FALLBACK_AREAS: dict[str, dict[str, list[int]]] = {
    "play_card_frame": {"top": [11, 11, 128, 88], "bottom": [11, 111, 128, 88]},
    "defense_card_frame": {"title": [11, 11, 128, 32], "strength": [11, 47, 128, 52],
                           "win_vs_label": [11, 100, 128, 15], "win_vs": [11, 115, 128, 34],
                           "lose_to_label": [11, 151, 128, 15], "lose_to": [11, 166, 128, 34]},
    "gameday_card_frame": {"event": [8, 46, 134, 118],
                           "defense_breakaway": [8, 8, 56, 34], "defense_breakaway_label": [8, 8, 56, 14],
                           "offense_breakaway": [86, 8, 56, 34], "offense_breakaway_label": [86, 8, 56, 14],
                           "punt": [8, 168, 56, 34], "punt_label": [8, 168, 56, 14],
                           "field_goal": [86, 168, 56, 34], "field_goal_label": [86, 168, 56, 14]},
}
FALLBACK_ANCHORS: dict[str, tuple[float, float]] = {"ball_marker": (13.0, 38.0), "first_down_flag": (6.0, 42.0)}


@lru_cache(maxsize=1)
def _geometry() -> dict[str, Any]:
    path = resource_path("assets", "sprites", "index.json")
    try:
        geometry = json.loads(path.read_text(encoding="utf-8"))["geometry"]
        if isinstance(geometry, dict):
            return geometry
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("Could not read the card geometry from %s (%s); using the built-in one.", path, exc)
    return {}


def card_areas(frame: str) -> dict[str, list[int]]:
    """The text areas of a card frame in sprite pixels (from the sprite index)."""
    areas = _geometry().get(frame, {}).get("areas")
    if isinstance(areas, dict) and set(FALLBACK_AREAS[frame]) <= set(areas):
        return areas
    return FALLBACK_AREAS[frame]


def sprite_anchor(name: str) -> tuple[float, float]:
    anchor = _geometry().get(name, {}).get("anchor")
    try:
        return (float(anchor[0]), float(anchor[1]))
    except (TypeError, IndexError, ValueError):
        return FALLBACK_ANCHORS[name]


def scaled(area: list[int], size: Size) -> pygame.Rect:
    sx, sy = size[0] / SPRITE_SIZE[0], size[1] / SPRITE_SIZE[1]
    return pygame.Rect(round(area[0] * sx), round(area[1] * sy), round(area[2] * sx), round(area[3] * sy))


#: how much narrower than drawn a card's word may be set when it is too long even at 14 px (condensed type)
CONDENSED = 0.78
#: extra space between the rows of a wrapped text (accents over capitals clear the row above)
ROW_GAP = 2


def row_height(theme: Theme, px: int) -> int:
    """From one row of a wrapped text to the next at ``px``."""
    return theme.font(px).get_linesize() + ROW_GAP


def rows_height(theme: Theme, rows: Sequence[str], px: int) -> int:
    """How tall ``rows`` of a wrapped text stand at ``px``: a row apart each, the last as tall as it is drawn
    (accents over capitals may make a row taller than the font's line)."""
    if not rows:
        return 0
    return row_height(theme, px) * (len(rows) - 1) + max(theme.text(row, px).get_height() for row in rows)


def word_wrap(theme: Theme, content: str, width: int, max_lines: int, size: int,
              smallest: int = MIN_FONT_PX) -> tuple[list[str], int] | None:
    """``content`` on at most ``max_lines`` lines of ``width``, broken between words only, at the largest
    size from ``size`` down to ``smallest``; None when no size holds it (a word wider than the line)."""
    def measure() -> tuple[tuple[str, ...], int] | None:
        words = content.split()
        for px in range(size, smallest - 1, -1):
            font = theme.font(px)
            if any(font.size(word)[0] > width for word in words):
                continue
            lines = draw.wrap(theme, content, width, px)
            if len(lines) <= max_lines:
                return tuple(lines), px
        return None
    found = theme.layout(("word wrap", content, width, max_lines, size, smallest), measure)
    return None if found is None else (list(found[0]), found[1])


def name_lines(name: str) -> list[str]:
    """A play or defense name on at most two lines: 'Outside' / 'Run', 'Cover 2' stays whole."""
    words = name.split()
    if len(words) == 1 or len(name) <= 7:
        return [name]
    if len(words) == 3:
        return [" ".join(words[:2]), words[2]]
    return [words[0], " ".join(words[1:])]


class PictureCache:
    """Pictures by key, painted once; the oldest go first when it is full, all go when the UI scale changes.

    The football table paints many small pictures (every card face, every line of
    the story); keeping them here leaves the shared theme cache to the widgets.
    """

    def __init__(self, theme: Theme, limit: int) -> None:
        self.theme = theme
        self.limit = limit
        self._pictures: dict[Hashable, pygame.Surface] = {}
        self._version = theme.version

    def get(self, key: Hashable, paint: Callable[[], pygame.Surface]) -> pygame.Surface:
        if self._version != self.theme.version:
            self._pictures.clear()
            self._version = self.theme.version
        picture = self._pictures.get(key)
        if picture is None:
            if len(self._pictures) >= self.limit:
                del self._pictures[next(iter(self._pictures))]
            picture = self._pictures[key] = paint()
        return picture


class CardArt:
    """Paints cards and the field and keeps each picture until the UI scale changes."""

    def __init__(self, assets: Any, theme: Theme) -> None:
        self.assets = assets
        self.theme = theme
        self.pictures = PictureCache(theme, 300)

    def _cached(self, key: Hashable, paint: Callable[[], pygame.Surface]) -> pygame.Surface:
        return self.pictures.get(key, paint)

    def _frame(self, name: str, size: Size) -> pygame.Surface:
        return self.assets.sprite(name, size).copy()

    def _text(self, surface: pygame.Surface, words: str, pos: tuple[int, int], size: int,
              colour: tuple[int, ...], align: str = "topleft") -> pygame.Rect:
        return draw.text(surface, self.theme, words, pos, size=size, colour=colour, align=align)

    # --- offense cards ----------------------------------------------------------------------------
    def offense_face(self, team: str, number: int, top_end: int, size: Size, upright: bool = True,
                     dim_other: bool = False, warn: tuple[bool, bool] = (False, False)) -> pygame.Surface:
        """An offense card with ``top_end`` at the top; the other end upright (hand) or upside down (table)."""
        key = ("offense", team, number, top_end, size, upright, dim_other, warn)
        return self._cached(key, lambda: self._paint_offense(team, number, top_end, size, upright, dim_other, warn))

    def _paint_offense(self, team: str, number: int, top_end: int, size: Size, upright: bool, dim_other: bool,
                       warn: tuple[bool, bool]) -> pygame.Surface:
        card = TEAMS[team].offense_card(number)
        surface = self._frame("play_card_frame", size)
        areas = card_areas("play_card_frame")
        top, bottom = scaled(areas["top"], size), scaled(areas["bottom"], size)
        big = size[0] >= 150
        self._offense_end(surface, top, card.play(top_end), big, warn[0])
        other = pygame.Surface(bottom.size, pygame.SRCALPHA)
        self._offense_end(other, other.get_rect(), card.play(3 - top_end), big, warn[1])
        if not upright:
            other = pygame.transform.rotate(other, 180)
        if dim_other:
            veil = pygame.Surface(other.get_size(), pygame.SRCALPHA)
            veil.fill((30, 42, 84, 110))
            other.blit(veil, (0, 0))
        surface.blit(other, bottom)
        return surface

    def _offense_end(self, surface: pygame.Surface, rect: pygame.Rect, play: OffensePlay, big: bool,
                     warn: bool) -> tuple[list[pygame.Rect], pygame.Rect | None]:
        """One end of an offense card in ``rect``; returns where the name's lines and the low-percentage
        target were drawn (the target keeps the top-right corner: the name's first line stops short of it)."""
        run = play.kind == "run"
        fill, ink = (RUN_FILL, RUN_INK) if run else (PASS_FILL, PASS_INK)
        pygame.draw.rect(surface, fill, rect, border_radius=6)
        pygame.draw.rect(surface, darker(fill, 0.18), rect, 1, border_radius=6)
        name_px, number_px = (22, 46) if big else (18, 28)
        pad = 8 if big else 5
        # the name's lines at one size; a second line keeps clear of the strength in the bottom-right corner
        names = name_lines(_(play.play_type))
        full = rect.width - 2 * pad
        radius = 10 if big else 7
        target_room = 2 * radius + 2 if play.low_percentage else 0

        # the strength a little smaller when the name's last line needs the room beside it (long words)
        def rooms_beside(number: int) -> list[int]:
            rooms = [full] * len(names)
            if len(names) > 1:
                rooms[-1] -= self.theme.font(number).size(str(play.strength))[0] + 2
            rooms[0] -= target_room
            return rooms

        def sizes_in(rooms: list[int]) -> list[int | None]:
            return [draw.fitting_size(self.theme, words, room, name_px) for words, room in zip(names, rooms)]

        rooms, sizes = rooms_beside(number_px), sizes_in(rooms_beside(number_px))
        for smaller in range(number_px - 2, 17, -2):
            if all(sizes):
                break
            if all(sizes_in(rooms_beside(smaller))):
                number_px, rooms, sizes = smaller, rooms_beside(smaller), sizes_in(rooms_beside(smaller))
        name_px = min(size or MIN_FONT_PX for size in sizes)
        line = self.theme.font(name_px).get_linesize()
        # a word too long even at 14 px is set narrower (condensed), as tall as the others, rather than cut
        name_rects = [self._word(surface, words, (rect.x + pad, rect.y + pad - 2 + index * line), name_px, ink, room)
                      for index, (words, room) in enumerate(zip(names, rooms))]
        kind = _("RUN") if run else _("PASS")
        if big:
            kind, kind_px = draw.shrink_to_fit(self.theme, kind, rect.width - 2 * pad - self.theme.font(
                number_px).size("9")[0] - 4, 18)
            self._text(surface, kind, (rect.x + pad, rect.bottom - pad + 2), kind_px, lighter(ink, 0.25), "bottomleft")
        self._text(surface, str(play.strength), (rect.right - pad, rect.bottom - pad + (6 if big else 4)), number_px,
                   ink, "bottomright")
        target = None
        if play.low_percentage:
            centre = (rect.right - pad - radius + 2, rect.y + pad + radius - 2)
            pygame.draw.circle(surface, CHALK, centre, radius)
            pygame.draw.circle(surface, BAD_INK, centre, radius, 2)
            pygame.draw.circle(surface, BAD_INK, centre, radius // 2, 2)
            target = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            target.center = centre
        if warn:
            pygame.draw.line(surface, WARNING, (rect.x + 4, rect.y + 4), (rect.right - 4, rect.bottom - 4), 3)
        return name_rects, target

    def offense_back(self, formation: str, size: Size) -> pygame.Surface:
        return self._cached(("offense_back", formation, size), lambda: self._paint_offense_back(formation, size))

    def _paint_offense_back(self, formation: str, size: Size) -> pygame.Surface:
        """The back of an offense card with its word plate ("OFFENSE") in the reader's language, the plate as
        wide as the word needs (up to the card's inner frame)."""
        surface = self._paint_back("play_card_back", formation, size, NAVY)
        plate = scaled(OFFENSE_PLATE, size)
        room = size[0] - 2 * round(size[0] * 11 / SPRITE_SIZE[0]) - 8  # inside the chalk line round the back
        word, px = draw.shrink_to_fit(self.theme, _("OFFENSE"), room, 18 if size[0] >= 150 else MIN_FONT_PX)
        text = self.theme.text(word, px, CHALK)
        plate.width = max(plate.width, text.get_width() + 12)
        plate.height = max(plate.height, text.get_height() + 2)
        plate.center = scaled(OFFENSE_PLATE, size).center
        pygame.draw.rect(surface, NAVY, plate, border_radius=max(4, plate.height // 4))
        pygame.draw.rect(surface, CHALK, plate, 2, border_radius=max(4, plate.height // 4))
        surface.blit(text, text.get_rect(center=plate.center))
        return surface

    def _paint_back(self, sprite: str, formation: str, size: Size, plate: tuple[int, int, int]) -> pygame.Surface:
        surface = self._frame(sprite, size)
        px = 20 if size[0] >= 150 else 18
        label = self.theme.text(formation, px, CHALK)
        band = pygame.Rect(0, 0, min(size[0] - 16, label.get_width() + 18), label.get_height() + 8)
        band.midtop = (size[0] // 2, round(size[1] * 0.055))
        pygame.draw.rect(surface, plate, band, border_radius=8)
        pygame.draw.rect(surface, CHALK, band, 2, border_radius=8)
        surface.blit(label, label.get_rect(center=band.center))
        flipped = pygame.transform.rotate(surface.subsurface(band).copy(), 180)
        surface.blit(flipped, flipped.get_rect(midbottom=(size[0] // 2, size[1] - band.y)))
        return surface

    # --- defense cards -----------------------------------------------------------------------------
    def defense_back(self, formation: str, size: Size) -> pygame.Surface:
        return self._cached(("defense_back", formation, size), lambda: self._paint_defense_back(formation, size))

    def _paint_defense_back(self, formation: str, size: Size) -> pygame.Surface:
        surface = self._frame("defense_card_frame", size)
        inner = surface.get_rect().inflate(-round(size[0] * 0.1), -round(size[0] * 0.1))
        pygame.draw.rect(surface, MAROON, inner, border_radius=6)
        for step in range(0, inner.height, 12):
            pygame.draw.line(surface, lighter(MAROON, 0.08), (inner.x, inner.y + step), (inner.right - 1,
                                                                                          inner.y + step), 2)
        radius = round(size[0] * 0.24)
        centre = inner.center
        pygame.draw.circle(surface, MAROON_DARK, centre, radius + 4)
        pygame.draw.circle(surface, CHALK, centre, radius + 4, 3)
        shield = [(centre[0] - radius * 0.6, centre[1] - radius * 0.55), (centre[0] + radius * 0.6,
                                                                          centre[1] - radius * 0.55),
                  (centre[0] + radius * 0.6, centre[1] + radius * 0.05), (centre[0], centre[1] + radius * 0.7),
                  (centre[0] - radius * 0.6, centre[1] + radius * 0.05)]
        pygame.draw.polygon(surface, CHALK, shield)
        pygame.draw.polygon(surface, MAROON, [(x * 0.7 + centre[0] * 0.3, y * 0.7 + centre[1] * 0.3)
                                              for x, y in shield])
        word_px = 20 if size[0] >= 150 else 18
        word = self.theme.text(draw.fit(self.theme, _("DEFENSE"), size[0] - 30, word_px), word_px, CHALK)
        plate = word.get_rect(midtop=(centre[0], centre[1] + radius + 10)).inflate(14, 6)
        pygame.draw.rect(surface, MAROON_DARK, plate, border_radius=8)
        pygame.draw.rect(surface, CHALK, plate, 2, border_radius=8)
        surface.blit(word, word.get_rect(center=plate.center))
        px = 20 if size[0] >= 150 else 18
        label = self.theme.text(formation, px, CHALK)
        band = pygame.Rect(0, 0, min(size[0] - 16, label.get_width() + 18), label.get_height() + 8)
        band.midtop = (size[0] // 2, round(size[1] * 0.06))
        pygame.draw.rect(surface, MAROON_DARK, band, border_radius=8)
        pygame.draw.rect(surface, CHALK, band, 2, border_radius=8)
        surface.blit(label, label.get_rect(center=band.center))
        flipped = pygame.transform.rotate(surface.subsurface(band).copy(), 180)
        surface.blit(flipped, flipped.get_rect(midbottom=(size[0] // 2, size[1] - band.y)))
        return surface

    def defense_hand_face(self, team: str, number: int, top_end: int, size: Size) -> pygame.Surface:
        """A defense card in the hand: both defenses upright, ``top_end`` first, run | pass strengths."""
        key = ("defense_hand", team, number, top_end, size)
        return self._cached(key, lambda: self._paint_defense_hand(team, number, top_end, size))

    def _paint_defense_hand(self, team: str, number: int, top_end: int, size: Size) -> pygame.Surface:
        card = TEAMS[team].defense_card(number)
        surface = self._frame("defense_card_frame", size)
        areas = card_areas("play_card_frame")
        inner = surface.get_rect().inflate(-round(size[0] * 0.1), -round(size[0] * 0.1))
        pygame.draw.rect(surface, MAROON, inner, border_radius=5)
        for area_name, end in (("top", top_end), ("bottom", 3 - top_end)):
            self._defense_end(surface, scaled(areas[area_name], size), card.play(end))
        mid = (size[0] // 2, size[1] // 2)
        pygame.draw.circle(surface, CHALK, mid, 4)
        return surface

    def _defense_end(self, surface: pygame.Surface, rect: pygame.Rect, play: DefensePlay) -> None:
        """Name on one or two lines, then the run (orange) and pass (blue) strengths; ½ marks Prevent.

        The chips grow with the UI scale so their digits stay inside, and the name takes the room above them
        (see :meth:`_defense_name`)."""
        pygame.draw.rect(surface, PALETTE.card_light, rect, border_radius=6)
        half = self.theme.text("½", 20, MAROON) if play.prevent else None
        beside = half.get_width() + 4 if half else 0
        lines, px, chip_h = self._defense_name(_(play.name), rect.width - 10, rect.height)
        chip_w = min(self.theme.px(30), (rect.width - 14 - beside) // 2)
        step = self.theme.font(px).get_linesize()
        for index, words in enumerate(lines):
            self._word(surface, words, (rect.x + 5, rect.y + 1 + index * step), px, MAROON, rect.width - 10)
        for index, (value, colour) in enumerate(((play.run_strength, RUN_CHIP), (play.pass_strength, PASS_CHIP))):
            chip = pygame.Rect(rect.x + 5 + index * (chip_w + 4), rect.bottom - chip_h - 2, chip_w, chip_h)
            pygame.draw.rect(surface, colour, chip, border_radius=6)
            pygame.draw.rect(surface, darker(colour, 0.35), chip, 1, border_radius=6)
            digits = self._ink_fitted(str(value), chip_h - 6, 18, readable_on(colour))
            ink = digits.get_bounding_rect()
            surface.blit(digits, (chip.centerx - ink.centerx, chip.centery - ink.centery))
        if half:
            surface.blit(half, half.get_rect(bottomright=(rect.right - 6, rect.bottom - 1)))

    def _defense_name(self, name: str, width: int, height: int) -> tuple[list[str], int, int]:
        """A defense's name and the chips under it in ``width`` x ``height``: (lines, size, chip height).

        In order of preference: two lines, or one, above chips as tall as the UI scale makes them; two lines
        above chips no shorter than at 100 %; one line set narrower by :meth:`_word`; 14 px at least."""
        chip = self.theme.px(19)

        def room(lines: list[str], px: int) -> int:
            """The height left for the chips under ``lines`` at ``px``."""
            font = self.theme.font(px)
            return height - 4 - (font.get_linesize() * (len(lines) - 1) + font.get_height())

        def measure() -> tuple[tuple[str, ...], int, int]:
            two, one = name_lines(name), [name]
            for lines, least in ((two, chip), (one, chip), (two, 19)):
                for px in range(18, MIN_FONT_PX - 1, -1):
                    if room(lines, px) >= least and all(self.theme.font(px).size(words)[0] <= width
                                                        for words in lines):
                        return tuple(lines), px, min(chip, room(lines, px))
            for px in range(18, MIN_FONT_PX - 1, -1):
                if room(one, px) >= 19 and self._condenses(name, width, px):
                    return (name,), px, min(chip, room(one, px))
            return (name,), MIN_FONT_PX, chip
        lines, px, chip_height = self.theme.layout(("defense name", name, width, height), measure)
        return list(lines), px, chip_height

    def defense_face(self, team: str, number: int, end: int, size: Size) -> pygame.Surface:
        """A revealed defense: the called end on the frame's title, strength, Win vs and Lose to areas."""
        return self._cached(("defense_face", team, number, end, size),
                            lambda: self._paint_defense(team, number, end, size))

    def _paint_defense(self, team: str, number: int, end: int, size: Size) -> pygame.Surface:
        play = TEAMS[team].defense_card(number).play(end)
        surface = self._frame("defense_card_frame", size)
        areas = {name: scaled(area, size) for name, area in card_areas("defense_card_frame").items()}
        big = size[0] >= 150
        self._defense_title(surface, play, areas["title"], 24 if big else 18)
        strength = areas["strength"]
        half = strength.width // 2
        # both labels at one size, the largest at which both fit their cells
        label_px = min(draw.fitting_size(self.theme, label, half - 4, 18) or MIN_FONT_PX
                       for label in (_("RUN"), _("PASS")))
        for index, (label, value, ink) in enumerate(((_("RUN"), play.run_strength, RUN_INK),
                                                     (_("PASS"), play.pass_strength, PASS_INK))):
            cell = pygame.Rect(strength.x + index * half, strength.y, half, strength.height)
            below = self._word(surface, label, (cell.centerx, cell.y + 2), label_px, ink, cell.width - 4, "midtop")
            # the value as large as the room under its label allows (a big UI scale makes both taller)
            room = pygame.Rect(cell.x, below.y + self.theme.font(label_px).get_ascent() + 3, cell.width,
                               cell.bottom - 2 - (below.y + self.theme.font(label_px).get_ascent() + 3))
            number = self._ink_fitted(str(value), room.height, 40 if big else 26, ink)
            ink_rect = number.get_bounding_rect()
            surface.blit(number, (room.centerx - ink_rect.centerx, room.centery - ink_rect.centery))
        for name in ("win_vs", "lose_to"):
            band = areas[f"{name}_label"]
            label = CARD_WORDS["defense_card_frame"][f"{name}_label"]
            # on the card's maroon frame, as wide as the frame's inside
            room = size[0] - 2 * round(size[0] * 6 / SPRITE_SIZE[0]) - 6
            label, label_px = draw.shrink_to_fit(self.theme, _(label), room, MIN_FONT_PX)
            self._text(surface, label, (band.centerx, band.centery + 1), label_px, (250, 236, 200), "center")
            bubble = areas[name]
            plays = [_(words) for words in (play.win_vs if name == "win_vs" else play.lose_to)]
            px = self._bubble_size(plays, bubble)
            line = self.theme.font(px).get_linesize()
            top = bubble.centery - line * len(plays) // 2
            for index, words in enumerate(plays):
                shown = draw.fit(self.theme, words, bubble.width - 8, px)
                self._text(surface, shown, (bubble.centerx, top + index * line), px, PALETTE.ink, "midtop")
        return surface

    def _defense_title(self, surface: pygame.Surface, play: DefensePlay, title: pygame.Rect, px: int) -> None:
        """The defense's name in its band, smaller rather than cut; Prevent adds that it halves the offense,
        under the name when both fit, else as a ½ at the band's end (as on the cards in the hand)."""
        if play.prevent:
            name, name_px = draw.shrink_to_fit(self.theme, _(play.name), title.width - 6, min(px, 20))
            note = _("halves the offense")
            both = self.theme.font(name_px).get_linesize() + self.theme.font(MIN_FONT_PX).get_linesize()
            if both <= title.height + 4 and draw.fitting_size(self.theme, note, title.width - 6, MIN_FONT_PX):
                self._text(surface, name, (title.centerx, title.y - 1), name_px, MAROON, "midtop")
                self._text(surface, note, (title.centerx, title.bottom + 1), MIN_FONT_PX, MAROON, "midbottom")
                return
            half = self.theme.text("½", 20, MAROON)
            room = title.width - 2 * (half.get_width() + 12)
            name, name_px = draw.shrink_to_fit(self.theme, _(play.name), room, px)
            self._text(surface, name, title.center, name_px, MAROON, "center")
            surface.blit(half, half.get_rect(midright=(title.right - 4, title.centery)))
            return
        name, name_px = draw.shrink_to_fit(self.theme, _(play.name), title.width - 6, px)
        self._text(surface, name, title.center, name_px, MAROON, "center")

    def _word(self, surface: pygame.Surface, words: str, pos: tuple[int, int], px: int, colour: tuple[int, ...],
              room: int, align: str = "topleft") -> pygame.Rect:
        """``words`` in ``room``: as drawn, set narrower (condensed) when a little too wide even at 14 px, cut
        only past that."""
        rendered = self.theme.text(words, px, colour)
        if rendered.get_width() > room:
            if rendered.get_width() * CONDENSED > room:
                return self._text(surface, draw.fit(self.theme, words, room, px), pos, px, colour, align)
            rendered = pygame.transform.smoothscale(rendered, (room, rendered.get_height()))
        rect = rendered.get_rect(**{align: pos})
        surface.blit(rendered, rect)
        return rect

    def _ink_fitted(self, words: str, height: int, size: int, colour: tuple[int, ...]) -> pygame.Surface:
        """``words`` rendered at the largest size up to ``size`` whose ink is no taller than ``height``
        (numbers: their ink is what shows), 14 px at least."""
        for px in range(size, MIN_FONT_PX - 1, -2):
            rendered = self.theme.text(words, px, colour)
            if rendered.get_bounding_rect().height <= height:
                return rendered
        return self.theme.text(words, MIN_FONT_PX, colour)

    def _bubble_size(self, plays: Sequence[str], bubble: pygame.Rect) -> int:
        """The largest size up to 18 px at which a bubble's plays fit it, one a line (14 px at least)."""
        for px in range(18, MIN_FONT_PX - 1, -1):
            font = self.theme.font(px)
            if font.get_linesize() * len(plays) <= bubble.height + 2 and \
                    all(font.size(words)[0] <= bubble.width - 8 for words in plays):
                return px
        return MIN_FONT_PX

    # --- Game Day cards ----------------------------------------------------------------------------
    def gameday_back(self, size: Size) -> pygame.Surface:
        return self._cached(("gameday_back", size), lambda: self._paint_gameday_back(size))

    def _paint_gameday_back(self, size: Size) -> pygame.Surface:
        """The back: its star from the sprite, the card's name under it in the reader's language."""
        surface = self._frame("gameday_card_back", size)
        area = scaled([16, 122, 118, 68], size)
        for px in range(34 if size[0] >= 150 else 24, MIN_FONT_PX - 1, -1):
            wrapped = word_wrap(self.theme, _(GAME_DAY_WORDS), area.width, 2, px, px)
            if wrapped is not None and len(wrapped[0]) * row_height(self.theme, px) <= area.height:
                break
        if wrapped is None:
            wrapped = ([draw.fit(self.theme, _(GAME_DAY_WORDS), area.width, MIN_FONT_PX)], MIN_FONT_PX)
        lines, px = wrapped
        line = row_height(self.theme, px)
        y = area.centery - line * len(lines) // 2
        for index, words in enumerate(lines):
            colour = (250, 210, 60) if index == len(lines) - 1 and len(lines) > 1 else (250, 250, 244)
            centre = (area.centerx, y + line // 2)
            for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (-1, -1), (1, 1), (-1, 1), (1, -1)):
                self._text(surface, words, (centre[0] + dx, centre[1] + dy), px, (20, 22, 30), "center")
            self._text(surface, words, centre, px, colour, "center")
            y += line
        return surface

    def gameday_face(self, number: int, size: Size) -> pygame.Surface:
        return self._cached(("gameday", number, size), lambda: self._paint_gameday(number, size))

    def _paint_gameday(self, number: int, size: Size) -> pygame.Surface:
        card = game_day_card(number)
        surface = self._frame("gameday_card_frame", size)
        areas = {name: scaled(area, size) for name, area in card_areas("gameday_card_frame").items()}
        for name, value in (("defense_breakaway", card.defense_breakaway), ("offense_breakaway",
                                                                             card.offense_breakaway),
                            ("punt", card.punt), ("field_goal", card.field_goal)):
            box, band = areas[name], areas[f"{name}_label"]
            # the corner's name on its coloured band, its value in the light well under it
            label = CARD_WORDS["gameday_card_frame"][f"{name}_label"]
            label, label_px = draw.shrink_to_fit(self.theme, _(label), band.width - 4, MIN_FONT_PX)
            band_colour = surface.get_at((band.x + 3, band.centery))[:3]
            self._text(surface, label, (band.centerx, band.centery + 1), label_px, readable_on(band_colour), "center")
            well = pygame.Rect(box.x + 3, band.bottom, box.width - 6, box.bottom - 3 - band.bottom)
            if value == MISS_ICON:
                cross = well.inflate(-well.width // 2 + 4, -6)
                pygame.draw.line(surface, BAD_INK, cross.topleft, cross.bottomright, 3)
                pygame.draw.line(surface, BAD_INK, cross.bottomleft, cross.topright, 3)
            else:
                text = corner_text(value) if "breakaway" in name else str(value)
                text, px = draw.shrink_to_fit(self.theme, text, well.width - 2, 18)
                self._text(surface, text, (well.centerx, well.centery + 1), px, PALETTE.ink, "center")
        self._paint_event(surface, card.event, areas["event"], size[0] >= 150)
        return surface

    def _paint_event(self, surface: pygame.Surface, event: Any, window: pygame.Rect, big: bool) -> None:
        """The play event in its window: the title (two lines at most, broken between words), the plate
        naming whom it is for, and its effect; smaller rather than cut, the title first."""
        box = window.inflate(-8, -6)
        tag_room = window.width - 14
        title_words = event.title_words.render()
        title_width = window.width - 6  # the title may fill the window (long German words at 130 %)
        titles: list[str] | None = None
        tag_lines: list[str] = []
        tag_px = MIN_FONT_PX
        layouts = [(tag, self._effect_height(event, box.width, MIN_FONT_PX, condensed))
                   for condensed in (False, True)
                   for tag in self._tag_layouts(_(SIDE_TAGS[(event.side, event.kind)]), tag_room)]
        for (tag_lines, tag_px), effect_least in layouts:
            plate_height = row_height(self.theme, tag_px) * len(tag_lines) + 2
            for title_px in range(20 if big else 18, MIN_FONT_PX - 1, -1):
                wrapped = word_wrap(self.theme, title_words, title_width, 2, title_px, title_px)
                if wrapped is None:
                    continue
                titles = wrapped[0]
                used = 2 + len(titles) * row_height(self.theme, title_px) + 2 + plate_height + 4
                if box.height - used >= effect_least:
                    break
            else:
                continue  # no title leaves the effect its room: a smaller plate, then the name narrower
            break
        if titles is None:  # a word too long for the window even small: cut where it must be
            titles, title_px = draw.wrap_to_fit(self.theme, title_words, title_width, 2, MIN_FONT_PX)
        tag_line = row_height(self.theme, tag_px)
        plate_height = tag_line * len(tag_lines) + 2
        line = row_height(self.theme, title_px)
        y = box.y + 2
        for words in titles:
            self._text(surface, words, (box.centerx, y), title_px, PALETTE.ink, "midtop")
            y += line
        side_colour = OFFENSE_SIDE if event.side == "offense" else DEFENSE_SIDE
        widest = max(self.theme.font(tag_px).size(words)[0] for words in tag_lines)
        plate = pygame.Rect(0, 0, min(window.width - 4, min(widest, tag_room) + 12), plate_height)
        plate.midtop = (box.centerx, y + 2)
        pygame.draw.rect(surface, side_colour, plate, border_radius=7)
        for index, words in enumerate(tag_lines):
            self._word(surface, words, (plate.centerx, plate.y + 1 + index * tag_line), tag_px, CHALK, tag_room,
                       "midtop")
        self._paint_effect(surface, event, pygame.Rect(box.x, plate.bottom + 4, box.width, box.bottom - plate.bottom - 4),
                           window.width - 6, 44 if big else 30)

    def _tag_layouts(self, words: str, width: int) -> list[tuple[list[str], int]]:
        """The ways to set the plate naming whom an event is for, the roomiest first: on one line at the
        largest size that fits, on two lines from 18 px down, then on one line set narrower at 14 px."""
        one_line = word_wrap(self.theme, words, width, 1, 18)
        layouts = [one_line] if one_line else []
        for px in range(18, MIN_FONT_PX - 1, -1):
            two_lines = word_wrap(self.theme, words, width, 2, px, px)
            if two_lines and len(two_lines[0]) == 2:
                layouts.append(two_lines)
        if self._condenses(words, width, MIN_FONT_PX):
            layouts.append(([words], MIN_FONT_PX))
        return layouts or [([draw.fit(self.theme, words, width, MIN_FONT_PX)], MIN_FONT_PX)]

    def _effect_parts(self, event: Any) -> tuple[str, str | None]:
        """(the big word or number, the penalty's name under it or None)."""
        if event.effect == "modifier":
            return f"{event.value:+d}", None
        if event.effect == "penalty" and event.penalty is not None:
            return _("PENALTY"), _(event.penalty.name)
        return {"fumble": _("FUMBLE"), "interception": _("INTERCEPTED"), "incomplete": _("INCOMPLETE")}[event.effect], None

    def _effect_height(self, event: Any, width: int, px: int, condensed: bool = False) -> int:
        """The least height an event's effect needs (its words at ``px``, a modifier's ink at 24 px);
        ``condensed``: a penalty's name on one line set narrower, where it fits so."""
        if event.effect == "modifier":
            return self.theme.text(f"{event.value:+d}", 24, PALETTE.ink).get_bounding_rect().height
        word, name = self._effect_parts(event)
        height = self.theme.font(px).get_linesize()
        if name is not None:
            one_line = condensed and self._condenses(name, width, px)
            rows = 1 if one_line else len(draw.wrap(self.theme, name, width, px)[:2])
            height += rows * self.theme.font(px).get_linesize()
        return height

    def _condenses(self, words: str, width: int, px: int) -> bool:
        """Whether ``words`` fit ``width`` on one line at ``px`` when set narrower (:meth:`_word`)."""
        return self.theme.font(px).size(words)[0] * CONDENSED <= width

    def _paint_effect(self, surface: pygame.Surface, event: Any, room: pygame.Rect, width: int, big_px: int) -> None:
        """The effect centred in ``room``: a modifier as large as it fits, a penalty with its name, or the word."""
        ink = GOOD_INK if event.colour == "green" else BAD_INK
        word, name = self._effect_parts(event)
        if event.effect == "modifier":
            number = self._ink_fitted(word, room.height, big_px, ink)
            shape = number.get_bounding_rect()
            surface.blit(number, (room.centerx - shape.centerx, room.centery - shape.centery))
            return
        for px in range(22, MIN_FONT_PX - 1, -1):
            shown, word_px = draw.shrink_to_fit(self.theme, word, width, px)
            rows: list[str] = []
            name_px = min(px, 18)
            if name is not None:
                rows, name_px = draw.wrap_to_fit(self.theme, name, room.width, 2, name_px)
            height = self.theme.font(word_px).get_linesize() + len(rows) * self.theme.font(name_px).get_linesize()
            if height <= room.height or px == MIN_FONT_PX:
                break
        if height > room.height and name is not None and len(rows) > 1 and self._condenses(name, room.width, name_px):
            rows = [name]  # the name on one line, set narrower, rather than run out of its room
            height = self.theme.font(word_px).get_linesize() + self.theme.font(name_px).get_linesize()
        y = room.centery - height // 2
        y = self._text(surface, shown, (room.centerx, y), word_px, ink, "midtop").bottom
        for text in rows:
            self._word(surface, text, (room.centerx, y), name_px, ink, room.width, "midtop")
            y += self.theme.font(name_px).get_linesize()

    # --- the field ---------------------------------------------------------------------------------------
    def _end_zone_name(self, words: str, zone: Size, ink: tuple[int, ...]) -> pygame.Surface | None:
        """A team's name as painted along its end zone (before it is turned): one line, or two when smaller
        would not do, never cut; None when it does not fit at the smallest size."""
        length, depth = zone[1] - 10, zone[0] - 8
        wrapped = word_wrap(self.theme, words, length, 1, 22) or word_wrap(self.theme, words, length, 2, 18)
        if wrapped is None:
            return None
        lines, px = wrapped
        rendered = [self.theme.text(text, px, ink) for text in lines]
        line = row_height(self.theme, px)
        height = line * (len(rendered) - 1) + rendered[-1].get_height()
        if height > depth:
            return None
        picture = pygame.Surface((length, height), pygame.SRCALPHA)
        for index, text in enumerate(rendered):
            picture.blit(text, text.get_rect(midtop=(length // 2, index * line)))
        return picture

    def field_layer(self, layout: FootballLayout, labels: list[str], colours: list[str],
                    marked: bool) -> pygame.Surface:
        """The grass, the 21 yard lines, numbers and both end zones (seat 0 defends the left one)."""
        key = ("field", layout.field.size, tuple(labels), tuple(colours), marked)
        return self._cached(key, lambda: self._paint_field(layout, labels, colours, marked))

    def _paint_field(self, layout: FootballLayout, labels: list[str], colours: list[str],
                     marked: bool) -> pygame.Surface:
        rect = layout.field
        surface = pygame.Surface(rect.size)
        surface.fill(GRASS)

        def lx(x: float) -> int:
            return round(layout.line_x(x) - rect.x)

        for band in range(0, field.GOAL_LINE, 2):
            if (band // 2) % 2 == 0:
                pygame.draw.rect(surface, GRASS_LIGHT, (lx(band), 0, lx(band + 2) - lx(band), rect.height))
        for seat in (0, 1):
            zone = layout.end_zone(seat).move(-rect.x, -rect.y)
            colour = hex_colour(colours[seat])
            pygame.draw.rect(surface, darker(colour, 0.25), zone)
            surface.set_clip(zone)
            for step in range(-rect.height, zone.width + rect.height, 14):
                start = (zone.x + step, zone.y)
                end = (zone.x + step + rect.height, zone.bottom)
                pygame.draw.line(surface, darker(colour, 0.35), start, end, 3)
            surface.set_clip(None)
            name = self._end_zone_name(_(labels[seat]).upper(), zone.size, readable_on(darker(colour, 0.25)))
            if name is None:  # a name longer than the end zone even when small: the team's emblem instead
                side = zone.width - 10
                name = self.assets.sprite(f"team_{labels[seat].lower()}", (side, side))
            else:
                name = pygame.transform.rotate(name, 90 if seat == 0 else -90)
            surface.blit(name, name.get_rect(center=zone.center))
            if marked:
                chip = pygame.Rect(0, 0, 16, 16)
                chip.bottomleft = (zone.x + 3, zone.bottom - 4) if seat == 0 else (zone.right - 19, zone.bottom - 4)
                draw.team_marker(surface, chip, colours[seat], marked=True, radius=4)
        for x in range(field.GOAL_LINE + 1):
            width = 4 if x in (0, field.GOAL_LINE) else 2
            pygame.draw.line(surface, CHALK, (lx(x), 0), (lx(x), rect.height), width)
        for x in (4, 10, 16):
            for y in (26, rect.height - 27):
                pygame.draw.polygon(surface, (240, 210, 70), [(lx(x) - 5, y), (lx(x) + 5, y), (lx(x), y + 6)])
        for x in range(2, field.GOAL_LINE - 1, 2):
            yards = 5 * min(x, field.GOAL_LINE - x)
            number = self.theme.text(str(yards), 18, CHALK)
            surface.blit(number, number.get_rect(midtop=(lx(x), 4)))
            surface.blit(number, number.get_rect(midbottom=(lx(x), rect.height - 3)))
        for x in range(1, field.GOAL_LINE):
            pygame.draw.circle(surface, CHALK, (lx(x), layout.ball_y - rect.y), 2)
        pygame.draw.rect(surface, CHALK, surface.get_rect(), 3)
        pygame.draw.rect(surface, darker(GRASS, 0.5), surface.get_rect(), 1)
        return surface.convert() if pygame.display.get_surface() is not None else surface
