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

#: the frames' text areas as generated (sprite pixels), used when the index cannot be read
FALLBACK_AREAS: dict[str, dict[str, list[int]]] = {
    "play_card_frame": {"top": [11, 11, 128, 88], "bottom": [11, 111, 128, 88]},
    "defense_card_frame": {"title": [11, 11, 128, 34], "strength": [11, 51, 128, 58], "win_vs": [11, 127, 128, 32],
                           "lose_to": [11, 167, 128, 32]},
    "gameday_card_frame": {"defense_breakaway": [9, 9, 40, 27], "offense_breakaway": [101, 9, 40, 27],
                           "event": [11, 40, 128, 130], "punt": [9, 174, 40, 27], "field_goal": [101, 174, 40, 27]},
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
                     warn: bool) -> None:
        run = play.kind == "run"
        fill, ink = (RUN_FILL, RUN_INK) if run else (PASS_FILL, PASS_INK)
        pygame.draw.rect(surface, fill, rect, border_radius=6)
        pygame.draw.rect(surface, darker(fill, 0.18), rect, 1, border_radius=6)
        name_px, number_px = (22, 46) if big else (18, 28)
        pad = 8 if big else 5
        # the name's lines at one size; a second line keeps clear of the strength in the bottom-right corner
        names = name_lines(_(play.play_type))
        full = rect.width - 2 * pad
        rooms = [full] * (len(names) - 1) + [full - self.theme.font(number_px).size(str(play.strength))[0] - 2
                                             if len(names) > 1 else full]
        name_px = min(draw.fitting_size(self.theme, words, room, name_px) or MIN_FONT_PX
                      for words, room in zip(names, rooms))
        line = self.theme.font(name_px).get_linesize()
        for index, (words, room) in enumerate(zip(names, rooms)):
            shown = draw.fit(self.theme, words, room, name_px)
            self._text(surface, shown, (rect.x + pad, rect.y + pad - 2 + index * line), name_px, ink)
        kind = _("RUN") if run else _("PASS")
        if big:
            kind = draw.fit(self.theme, kind, rect.width - 2 * pad - self.theme.font(number_px).size("9")[0] - 4, 18)
            self._text(surface, kind, (rect.x + pad, rect.bottom - pad + 2), 18, lighter(ink, 0.25), "bottomleft")
        self._text(surface, str(play.strength), (rect.right - pad, rect.bottom - pad + (6 if big else 4)), number_px,
                   ink, "bottomright")
        if play.low_percentage:
            radius = 10 if big else 7
            centre = (rect.right - pad - radius + 2, rect.y + pad + radius - 2)
            pygame.draw.circle(surface, CHALK, centre, radius)
            pygame.draw.circle(surface, BAD_INK, centre, radius, 2)
            pygame.draw.circle(surface, BAD_INK, centre, radius // 2, 2)
        if warn:
            pygame.draw.line(surface, WARNING, (rect.x + 4, rect.y + 4), (rect.right - 4, rect.bottom - 4), 3)

    def offense_back(self, formation: str, size: Size) -> pygame.Surface:
        return self._cached(("offense_back", formation, size), lambda: self._paint_offense_back(formation, size))

    def _paint_offense_back(self, formation: str, size: Size) -> pygame.Surface:
        """The back of an offense card, its word plate ("OFFENSE" on the sprite) in the reader's language."""
        surface = self._paint_back("play_card_back", formation, size, NAVY)
        plate = scaled(OFFENSE_PLATE, size)
        pygame.draw.rect(surface, NAVY, plate, border_radius=max(4, plate.height // 4))
        pygame.draw.rect(surface, CHALK, plate, 2, border_radius=max(4, plate.height // 4))
        px = 18 if size[0] >= 150 else MIN_FONT_PX
        word = draw.fit(self.theme, _("OFFENSE"), plate.width - 8, px)
        self._text(surface, word, plate.center, px, CHALK, "center")
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
        """Name on one or two lines, then the run (orange) and pass (blue) strengths; ½ marks Prevent."""
        pygame.draw.rect(surface, PALETTE.card_light, rect, border_radius=6)
        line = 19
        for index, words in enumerate(name_lines(_(play.name))):
            self._text(surface, words, (rect.x + 5, rect.y + 1 + index * line), 18, MAROON)
        chip_w, chip_h = 30, 19
        for index, (value, colour) in enumerate(((play.run_strength, RUN_CHIP), (play.pass_strength, PASS_CHIP))):
            chip = pygame.Rect(rect.x + 5 + index * (chip_w + 4), rect.bottom - chip_h - 2, chip_w, chip_h)
            pygame.draw.rect(surface, colour, chip, border_radius=6)
            pygame.draw.rect(surface, darker(colour, 0.35), chip, 1, border_radius=6)
            self._text(surface, str(value), chip.center, 18, readable_on(colour), "center")
        if play.prevent:
            self._text(surface, "½", (rect.right - 6, rect.bottom - 1), 20, MAROON, "bottomright")

    def defense_face(self, team: str, number: int, end: int, size: Size) -> pygame.Surface:
        """A revealed defense: the called end on the frame's title, strength, Win vs and Lose to areas."""
        return self._cached(("defense_face", team, number, end, size),
                            lambda: self._paint_defense(team, number, end, size))

    def _paint_defense(self, team: str, number: int, end: int, size: Size) -> pygame.Surface:
        play = TEAMS[team].defense_card(number).play(end)
        surface = self._frame("defense_card_frame", size)
        areas = {name: scaled(area, size) for name, area in card_areas("defense_card_frame").items()}
        big = size[0] >= 150
        title = areas["title"]
        if play.prevent:
            # the name and the note share the title band, one above the other (the strengths start below it)
            self._text(surface, _(play.name), (title.centerx, title.y - 1), 20 if big else 18, MAROON, "midtop")
            note = draw.fit(self.theme, _("halves the offense"), title.width - 6, MIN_FONT_PX)
            self._text(surface, note, (title.centerx, title.bottom + 1), MIN_FONT_PX, MAROON, "midbottom")
        else:
            self._text(surface, _(play.name), title.center, 24 if big else 18, MAROON, "center")
        strength = areas["strength"]
        half = strength.width // 2
        for index, (label, value, ink) in enumerate(((_("RUN"), play.run_strength, RUN_INK),
                                                     (_("PASS"), play.pass_strength, PASS_INK))):
            cell = pygame.Rect(strength.x + index * half, strength.y, half, strength.height)
            label, label_px = draw.shrink_to_fit(self.theme, label, cell.width - 4, 18)
            self._text(surface, label, (cell.centerx, cell.y + 4), label_px, ink, "midtop")
            self._text(surface, str(value), (cell.centerx, cell.bottom + 4), 40 if big else 26, ink, "midbottom")
        for name in ("win_vs", "lose_to"):
            bubble = areas[name]
            plays = [_(words) for words in (play.win_vs if name == "win_vs" else play.lose_to)]
            px = self._bubble_size(plays, bubble)
            line = self.theme.font(px).get_linesize()
            top = bubble.centery - line * len(plays) // 2
            for index, words in enumerate(plays):
                shown = draw.fit(self.theme, words, bubble.width - 8, px)
                self._text(surface, shown, (bubble.centerx, top + index * line), px, PALETTE.ink, "midtop")
        return surface

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
        return self.assets.sprite("gameday_card_back", size)

    def gameday_face(self, number: int, size: Size) -> pygame.Surface:
        return self._cached(("gameday", number, size), lambda: self._paint_gameday(number, size))

    def _paint_gameday(self, number: int, size: Size) -> pygame.Surface:
        card = game_day_card(number)
        surface = self._frame("gameday_card_frame", size)
        areas = {name: scaled(area, size) for name, area in card_areas("gameday_card_frame").items()}
        for name, value in (("defense_breakaway", card.defense_breakaway), ("offense_breakaway",
                                                                             card.offense_breakaway),
                            ("punt", card.punt), ("field_goal", card.field_goal)):
            box = areas[name]
            well = pygame.Rect(box.x + 3, box.y + round(box.height * 0.36), box.width - 6, round(box.height * 0.58))
            if value == MISS_ICON:
                cross = well.inflate(-well.width // 2 + 4, -6)
                pygame.draw.line(surface, BAD_INK, cross.topleft, cross.bottomright, 3)
                pygame.draw.line(surface, BAD_INK, cross.bottomleft, cross.topright, 3)
            else:
                text = corner_text(value) if "breakaway" in name else str(value)
                self._text(surface, text, (well.centerx, well.centery + 1), 18, PALETTE.ink, "center")
        event = card.event
        box = areas["event"].inflate(-8, -6)
        # the title in two lines at most and the side tag in one, smaller rather than cut (a big UI scale)
        titles, title_px = draw.wrap_to_fit(self.theme, event.title_words.render(), box.width, 2,
                                            20 if size[0] >= 150 else 18)
        line = self.theme.font(title_px).get_linesize()
        y = box.y + 2
        for words in titles:
            self._text(surface, words, (box.centerx, y), title_px, PALETTE.ink, "midtop")
            y += line
        side_colour = OFFENSE_SIDE if event.side == "offense" else DEFENSE_SIDE
        tag_words, tag_px = draw.shrink_to_fit(self.theme, _(SIDE_TAGS[(event.side, event.kind)]),
                                               areas["event"].width - 10, 18)  # the plate may fill the window
        tag = self.theme.text(tag_words, tag_px, CHALK)
        plate = tag.get_rect(midtop=(box.centerx, y + 4)).inflate(min(12, areas["event"].width - tag.get_width()), 4)
        pygame.draw.rect(surface, side_colour, plate, border_radius=7)
        surface.blit(tag, tag.get_rect(center=plate.center))
        ink = GOOD_INK if event.colour == "green" else BAD_INK
        effect_top = plate.bottom + 6
        if event.effect == "modifier":
            self._text(surface, f"{event.value:+d}", (box.centerx, effect_top), 44 if size[0] >= 150 else 30, ink,
                       "midtop")
        elif event.effect == "penalty" and event.penalty is not None:
            penalty, penalty_px = draw.shrink_to_fit(self.theme, _("PENALTY"), box.width, 22)
            below = self._text(surface, penalty, (box.centerx, effect_top), penalty_px, ink, "midtop").bottom
            names, name_px = draw.wrap_to_fit(self.theme, _(event.penalty.name), box.width, 2, 18)
            for index, text in enumerate(names):
                self._text(surface, text, (box.centerx, below + index * self.theme.font(name_px).get_linesize()),
                           name_px, ink, "midtop")
        else:
            word = {"fumble": _("FUMBLE"), "interception": _("INTERCEPTED"), "incomplete": _("INCOMPLETE")}[event.effect]
            word, px = draw.shrink_to_fit(self.theme, word, box.width, 22)
            self._text(surface, word, (box.centerx, effect_top + 6), px, ink, "midtop")
        return surface

    # --- the field ---------------------------------------------------------------------------------------
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
            ink = readable_on(darker(colour, 0.25))
            words, px = draw.shrink_to_fit(self.theme, _(labels[seat]).upper(), zone.height - 10, 22)
            name = self.theme.text(words, px, ink)
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
