"""Leader 1's panels: every rider's energy table, the dice, the move preview card, the GC hexagon.

Each energy table shows what the rulebook's energy block holds: the rider
(jersey on his coloured base), his energy, sprinter or descender, the risk
boxes 5 / 8 / 11 crossed so far, and his kept feed tiles (face up only for the
viewer's own riders, backs for everyone else's).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from game.i18n import N_, _, ngettext, words
from game.ui import draw
from game.ui.theme import PALETTE, darker, hex_colour

from .guide import rider_words
from .preview import MovePreview
from .dice import RISK_THRESHOLDS

if TYPE_CHECKING:
    from game.ui.assets import Assets
    from game.ui.theme import Theme

CARD_HEIGHT = 56
CARD_GAP = 4
HEADER_HEIGHT = 26
TILE_PX = 22
BASE_COLOURS = {"rouleur": (46, 150, 60), "leader": (236, 196, 40), "climber": (210, 52, 40)}
#: the rider types and specialities as titles (a button, an energy table's line); their first letters mark them
TYPE_TITLES = {"rouleur": N_("Rouleur"), "leader": N_("Leader"), "climber": N_("Climber")}
SPECIALITY_TITLES = {"sprinter": N_("Sprinter"), "descender": N_("Descender")}
#: squares around the general classification hexagon (the start square is extra)
GC_LOOP = 24
#: the peloton's stand (tools/art/leader1.py ``peloton``) in its own units, the road running up it, and the
#: part of it the riders stand on: left, top, right, bottom
PELOTON_STAND = (96.0, 44.0)
PELOTON_FLOOR = (9.0, 7.0, 87.0, 37.0)
#: riders abreast in one row of the stand before a second row starts behind it
PELOTON_ROW = 6


def peloton_spots(count: int) -> list[tuple[float, float]]:
    """Where ``count`` riders stand on the peloton's stand (its units): one row across the road for up to
    six, else two, the front row (top) filled first."""
    if count <= 0:
        return []
    left, top, right, bottom = PELOTON_FLOOR
    rows = 1 if count <= PELOTON_ROW else 2
    per_row = math.ceil(count / rows)
    spots = []
    for index in range(count):
        row, col = divmod(index, per_row)
        in_row = min(per_row, count - row * per_row)
        step = (right - left) / in_row
        y = (top + bottom) / 2 if rows == 1 else top + (bottom - top) * (0.27 if row == 0 else 0.73)
        spots.append((left + step * (col + 0.5), y))
    return spots


def type_title(kind: str) -> str:
    """A rider type as a title in the reader's language ("Climber")."""
    return _(TYPE_TITLES[kind])


def type_letter(kind: str) -> str:
    """The letter a colour-blind badge gives a rider type: the first of its title in the reader's language."""
    return type_title(kind)[:1].upper()


def ordinal(n: int) -> str:
    """A place as the reader's language writes it ("1st", "1.", "1er", "1º")."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return _("{number}th").format(number=n)
    if n % 10 == 1:
        return _("{number}st").format(number=n)
    if n % 10 == 2:
        return _("{number}nd").format(number=n)
    return _("{number}rd").format(number=n)


class RiderIcons:
    """A rider in his team's jersey on his type's coloured base, turned along the road; cached."""

    def __init__(self, assets: "Assets", theme: "Theme", colours: Sequence[tuple[str, str]]) -> None:
        self.assets = assets
        self.theme = theme
        self.sprite_names = {value.lower(): f"rider_{name.lower()}" for name, value in colours}
        self._cache: dict[tuple[Any, ...], pygame.Surface] = {}

    def body(self, colour_hex: str, length: int) -> pygame.Surface:
        key = ("body", colour_hex, length)
        if key not in self._cache:
            base = self.assets.sprite("rider")
            size = (length, max(1, round(base.get_height() * length / base.get_width())))
            name = self.sprite_names.get(colour_hex.lower(), "")
            if name and self.assets.has_sprite(name):
                image = self.assets.sprite(name, size)
            else:
                colour = hex_colour(colour_hex)
                image = self.assets.sprite("rider", size).copy()
                image.blit(self.assets.sprite("rider_mask", size, (colour.r, colour.g, colour.b)), (0, 0))
            self._cache[key] = image
        return self._cache[key]

    def rider(self, colour_hex: str, kind: str, length: int, heading: float, *, badge: str = "",
              faded: bool = False) -> pygame.Surface:
        """The rider on his base, rotated to ``heading`` degrees (screen, clockwise from east).

        ``badge`` (colour-blind mode): the team's number, and his type's letter when a team rides
        several riders, on a white disc ringed in the team colour, upright over the jersey.
        """
        step = round(heading / 6) * 6 % 360
        key = ("rider", colour_hex, kind, length, step, badge, faded)
        if key not in self._cache:
            base_size = round(length * 0.95)
            body = self.body(colour_hex, length)
            side = math.ceil(math.hypot(length, body.get_height())) + 4
            image = pygame.Surface((side, side), pygame.SRCALPHA)
            centre = (side // 2, side // 2)
            base = self.assets.sprite(f"base_{kind}", (base_size, base_size))
            image.blit(base, base.get_rect(center=centre))
            turned = pygame.transform.rotate(body, -step)
            image.blit(turned, turned.get_rect(center=centre))
            if badge:
                number_badge(image, self.theme, centre, badge, colour_hex)
            if faded:
                image.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
            self._cache[key] = image
        return self._cache[key]

    def peloton(self, width: int, height: int, colours: Sequence[str]) -> pygame.Surface:
        """The peloton's stand at ``width`` x ``height`` with a rider in each team colour of ``colours`` (the
        riders in it), heading up the picture; cached."""
        key = ("peloton", width, height, tuple(colours))
        if key not in self._cache:
            image = self.assets.sprite("peloton", (width, height)).copy()
            scale = width / PELOTON_STAND[0]
            spots = peloton_spots(len(colours))
            along = (PELOTON_FLOOR[3] - PELOTON_FLOOR[1]) / (1 if len(colours) <= PELOTON_ROW else 2)
            length = max(6, round(min(along * 0.95, 22.0) * scale))
            for (x, y), colour in zip(spots, colours):
                body = pygame.transform.rotate(self.body(colour, length), 90)
                image.blit(body, body.get_rect(center=(round(x * scale), round(y * scale))))
            self._cache[key] = image
        return self._cache[key]

    def icon(self, colour_hex: str, kind: str, size: int, badge: str = "") -> pygame.Surface:
        """The rider upright (heading up) for the energy tables."""
        return self.rider(colour_hex, kind, size, -90.0, badge=badge)


def number_badge(surface: pygame.Surface, theme: "Theme", centre: tuple[int, int], label: str,
                 colour_hex: str) -> None:
    """A team's number (colour-blind mode): dark figures on a white pill ringed in the team colour."""
    text = theme.text(label, 14, PALETTE.ink)
    box = text.get_rect(center=centre).inflate(8, 2)
    box.width = max(box.width, box.height)
    box.center = centre
    pygame.draw.rect(surface, (250, 250, 246), box, border_radius=box.height // 2)
    pygame.draw.rect(surface, hex_colour(colour_hex), box, 2, border_radius=box.height // 2)
    surface.blit(text, text.get_rect(center=box.center))


def team_badge(seat: int, kind: str, riders_per_player: int) -> str:
    """What a rider's colour-blind badge reads: the team number, plus R/L/C when a team has several riders."""
    return f"{seat + 1}{type_letter(kind) if riders_per_player > 1 else ''}"


def team_header(surface: pygame.Surface, theme: "Theme", rect: pygame.Rect, name: str, colour_hex: str, *,
                number: int, marked: bool, leads: bool) -> None:
    """A player's energy table: the team's colour, the player's name, the peloton token if he holds it.

    In colour-blind mode the colour chip carries the team's number, as its riders' badges do.
    """
    draw.cardboard(surface, rect, radius=8, lifted=False, inner_line=False)
    chip = pygame.Rect(rect.x + 8, rect.y + 6, 16, 16)
    draw.team_marker(surface, chip, colour_hex, radius=8)
    if marked:
        number_badge(surface, theme, chip.center, str(number), colour_hex)
    room = rect.width - 40
    if leads:
        long_label = _("peloton token")
        wide = theme.font(18).size(name)[0] + theme.font(14).size(long_label)[0] + 60 <= rect.width
        token = theme.text(long_label if wide else _("token"), 14, PALETTE.card_light)
        badge = token.get_rect(topright=(rect.right - 10, rect.y + 6)).inflate(10, 4)
        pygame.draw.rect(surface, (46, 48, 56), badge, border_radius=6)
        surface.blit(token, token.get_rect(center=badge.center))
        room = badge.x - rect.x - 38
    draw.text(surface, theme, draw.fit(theme, name, room, 18), (rect.x + 30, rect.y + 3), size=18,
              colour=PALETTE.ink)


def energy_card(surface: pygame.Surface, theme: "Theme", rect: pygame.Rect, rider: dict[str, Any],
                icons: RiderIcons, colour_hex: str, *, tiles: list[int] | None, badge: str, active: bool,
                selected: bool, place_text: str, assets: "Assets", energy_shown: int) -> list[tuple[pygame.Rect, int]]:
    """One rider's line of the energy table; returns the rectangles of his face-up tiles (to eat them by clicking)."""
    fill = PALETTE.card_light if active or selected else PALETTE.card
    if rider["place"] in ("finished", "out"):
        fill = PALETTE.card_dark
    pygame.draw.rect(surface, fill, rect, border_radius=6)
    pygame.draw.rect(surface, darker(fill, 0.25), rect, 1, border_radius=6)
    if selected or active:
        pygame.draw.rect(surface, PALETTE.focus if selected else PALETTE.accent, rect, 3, border_radius=6)
    icon = icons.icon(colour_hex, rider["kind"], 34, badge)
    surface.blit(icon, icon.get_rect(center=(rect.x + 22, rect.centery)))
    marker = assets.sprite("energy_marker", (18, 18))
    energy = theme.text(str(energy_shown), 24, PALETTE.ink)
    energy_rect = energy.get_rect(topright=(rect.right - 8, rect.y + 2))
    surface.blit(energy, energy_rect)
    surface.blit(marker, marker.get_rect(midright=(energy_rect.x - 3, energy_rect.centery)))
    title = theme.text(type_title(rider["kind"]), 18, PALETTE.ink)
    surface.blit(title, (rect.x + 44, rect.y + 4))
    room = energy_rect.x - 24 - (rect.x + 50 + title.get_width())
    status_width = theme.font(14).size(place_text)[0]
    status_on_top = status_width <= room
    if status_on_top:
        draw.text(surface, theme, place_text, (rect.x + 50 + title.get_width(), rect.y + 8), size=14,
                  colour=PALETTE.ink_soft)
    y = rect.y + 30
    x = rect.x + 44
    speciality = rider["speciality"]
    chip = pygame.Rect(x, y, 22, 22)
    if speciality:
        pygame.draw.rect(surface, (40, 110, 200) if speciality == "sprinter" else (60, 60, 60), chip,
                         border_radius=5)
        draw.text(surface, theme, _(SPECIALITY_TITLES[speciality])[:1].upper(), chip.center, size=16,
                  colour=PALETTE.card_light,
                  align="center")
    x += 26
    for index, threshold in enumerate(RISK_THRESHOLDS):
        box = pygame.Rect(x, y, 24, 22)
        pygame.draw.rect(surface, PALETTE.card_light, box)
        pygame.draw.rect(surface, PALETTE.ink_soft, box, 1)
        draw.text(surface, theme, str(threshold), box.center, size=14, colour=PALETTE.ink_soft, align="center")
        if rider["risks"] > index:
            pygame.draw.line(surface, PALETTE.danger, box.topleft, box.bottomright, 2)
            pygame.draw.line(surface, PALETTE.danger, box.bottomleft, box.topright, 2)
        x += 25
    values = tiles if tiles is not None else [0] * int(rider["tiles"])
    spots = tile_spots(rect, values)
    for spot, value in spots:
        surface.blit(assets.sprite(f"feed_tile_{value}" if value else "feed_tile_back", (TILE_PX, TILE_PX)), spot)
    end = spots[-1][0].right if spots else tile_spots(rect, [0])[0][0].x
    if not status_on_top and rect.right - 8 - end - 4 >= status_width:
        draw.text(surface, theme, place_text, (rect.right - 8, rect.y + 41), size=14, colour=PALETTE.ink_soft,
                  align="midright")
    return [(spot, value) for spot, value in spots if value]


def tile_spots(rect: pygame.Rect, values: Sequence[int]) -> list[tuple[pygame.Rect, int]]:
    """Where a rider's kept tiles sit on his line (after the speciality and the risk boxes)."""
    x = rect.x + 44 + 26 + 25 * len(RISK_THRESHOLDS) + 6
    spots = []
    for value in values:
        if x + TILE_PX > rect.right - 4:
            break
        spots.append((pygame.Rect(x, rect.y + 30, TILE_PX, TILE_PX), value))
        x += TILE_PX + 2
    return spots


def die_face(assets: "Assets", kind: str, face: str, size: int) -> pygame.Surface:
    """The peloton die (3, 4, 5 or the red face) or the events die (1-12)."""
    if face == "red":
        return assets.sprite("d12_face_red", (size, size))
    if kind == "peloton":
        return assets.sprite(f"peloton_die_{face}", (size, size))
    return assets.sprite(f"d12_face_{face}", (size, size))


def dice_panel(surface: pygame.Surface, theme: "Theme", rect: pygame.Rect, assets: "Assets",
               peloton_face: str, events_face: str, events_note: str) -> None:
    """The two dice in the board's corner: the peloton die and the events die, with what was needed."""
    draw.cardboard(surface, rect, radius=8)
    size = 44
    half = rect.width // 2
    for index, (kind, face, label) in enumerate((("peloton", peloton_face, _("Peloton")),
                                                 ("events", events_face, events_note or _("Events")))):
        shown = face
        spot = pygame.Rect(rect.x + index * half, rect.y, half, rect.height)
        if shown:
            image = die_face(assets, kind, shown, size)
            surface.blit(image, image.get_rect(midtop=(spot.centerx, rect.y + 6)))
        else:
            pygame.draw.circle(surface, PALETTE.card_dark, (spot.centerx, rect.y + 6 + size // 2), size // 2, 2)
        draw.text(surface, theme, draw.fit(theme, label, half - 6, 14), (spot.centerx, rect.bottom - 6), size=14,
                  colour=PALETTE.ink_soft, align="midbottom")


def preview_lines(rider_name: str, preview: MovePreview,
                  words_of: Callable[[Any], str] = words) -> list[tuple[str, tuple[int, int, int]]]:
    """The preview card's sentences: squares, free and paying parts, cost, risks with their odds (a refusal
    put into words by ``words_of``: riders as the table names them)."""
    steps = preview.steps
    if preview.kind == "finish":
        first = ngettext("{rider} crosses the line, {past} past it: {count} square",
                         "{rider} crosses the line, {past} past it: {count} squares", steps)
    elif preview.kind == "rejoin":
        first = ngettext("{rider} rejoins the peloton: {count} square", "{rider} rejoins the peloton: {count} squares",
                         steps)
    else:
        first = ngettext("{rider} rides to square {square}: {count} square",
                         "{rider} rides to square {square}: {count} squares", steps)
    lines = [(first.format(rider=rider_name, past=preview.target, square=preview.target, count=steps), PALETTE.ink)]
    parts = [ngettext("{count} free", "{count} free", preview.free).format(count=preview.free)]
    if preview.paying:
        parts.append(ngettext("{count} paying", "{count} paying", preview.paying).format(count=preview.paying))
    if preview.crossed:
        parts.append(_("{count} through riders").format(count=preview.crossed))
    cost = _("{parts} = {cost} energy").format(parts=" + ".join(parts), cost=preview.cost)
    if preview.recovered:
        cost = _("{cost}, {count} back for unused free squares").format(cost=cost, count=preview.recovered)
    lines.append((_("{cost} ({left} left)").format(cost=cost, left=preview.energy_after), PALETTE.ink))
    for risk, needed, odds in preview.risks:
        text = _("Risk of a crack (x3 cost): events die {needed}+, {percent}% safe") if risk == "crack" else \
            _("Risk of a fall (x2 cost, miss a turn): events die {needed}+, {percent}% safe")
        lines.append((text.format(needed=needed, percent=round(odds * 100)), PALETTE.danger))
    if preview.risks:
        lines.append((_("He needs {energy} energy to try it.").format(energy=preview.energy_needed), PALETTE.ink_soft))
    if not preview.allowed:
        lines.append((words_of(preview.reason), PALETTE.danger))
    return lines


def gc_hexagon(surface: pygame.Surface, theme: "Theme", rect: pygame.Rect, riders: list[dict[str, Any]],
               ranking: list[int], colour_of: Callable[[int], str], marked: bool, title: str,
               name_of: Callable[[dict[str, Any]], str] = rider_words) -> None:
    """The general classification hexagon: 24 squares round it and the start square, a token per rider
    (``name_of`` names a rider as the table does: in his player's colour)."""
    draw.cardboard(surface, rect, radius=12)
    draw.text(surface, theme, title, (rect.centerx, rect.y + 12), size=24, align="midtop")
    centre = (rect.x + rect.height // 2 + 20, rect.y + rect.height // 2 + 16)
    radius = rect.height // 2 - 50
    corners = [(centre[0] + radius * math.cos(math.radians(-90 + 60 * i)),
                centre[1] + radius * math.sin(math.radians(-90 + 60 * i))) for i in range(6)]
    pygame.draw.polygon(surface, (214, 196, 160), corners)
    pygame.draw.polygon(surface, PALETTE.card_edge, corners, 3)
    spots = []
    for k in range(GC_LOOP):
        side, t = divmod(k, GC_LOOP // 6)
        a, b = corners[side], corners[(side + 1) % 6]
        f = (t + 0.5) / (GC_LOOP // 6)
        spots.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
    for k, (x, y) in enumerate(spots):
        box = pygame.Rect(0, 0, 22, 22)
        box.center = (round(x), round(y))
        pygame.draw.rect(surface, PALETTE.card_light if k else (250, 250, 250), box, border_radius=4)
        pygame.draw.rect(surface, PALETTE.ink_soft, box, 1, border_radius=4)
    by_spot: dict[int, int] = {}
    for rider in riders:
        if rider["out_stage"] >= 0:
            continue
        k = rider["gc"] % GC_LOOP
        stack = by_spot.get(k, 0)
        by_spot[k] = stack + 1
        x, y = spots[k]
        inward = (centre[0] - x, centre[1] - y)
        length = math.hypot(*inward) or 1
        spot = (x + inward[0] / length * (20 + 16 * stack), y + inward[1] / length * (20 + 16 * stack))
        chip = pygame.Rect(0, 0, 16, 16)
        chip.center = (round(spot[0]), round(spot[1]))
        draw.team_marker(surface, chip, colour_of(rider["id"]), marked=False, radius=8)
        if marked:
            number_badge(surface, theme, chip.center, str(rider["seat"] + 1), colour_of(rider["id"]))
    names = {r["id"]: r for r in riders}
    x = rect.x + rect.height + 40
    y = rect.y + 56
    leader_gc = names[ranking[0]]["gc"] if ranking else 0
    for place, rider_id in enumerate(ranking[:12], start=1):
        rider = names[rider_id]
        chip = pygame.Rect(x, y + 3, 14, 14)
        draw.team_marker(surface, chip, colour_of(rider_id), marked=False, radius=7)
        if marked:
            number_badge(surface, theme, chip.center, str(rider["seat"] + 1), colour_of(rider_id))
        gap = leader_gc - rider["gc"]
        if rider["out_stage"] >= 0:
            note = _("eliminated")
        elif place == 1:
            # TRANSLATORS: the rider first on the general classification
            note = _("in the lead")
        else:
            note = ngettext("{count} square behind", "{count} squares behind", gap).format(count=gap)
        line = _("{place}. {rider} - {note}").format(place=place, rider=name_of(rider), note=note)
        line, px = draw.shrink_to_fit(theme, line, rect.right - x - 30, 18)
        draw.text(surface, theme, line, (x + 22, y), size=px)
        y += 24
        if y > rect.bottom - 30:
            break


def paint_band(surface: pygame.Surface, polygons: list[list[tuple[float, float]]], colour: tuple[int, int, int],
               clip: pygame.Rect) -> None:
    """The peloton's two rows, darkened (opaque colours: no per-frame alpha layer)."""
    for points in polygons:
        if any(clip.collidepoint(p) for p in points):
            pygame.draw.polygon(surface, colour, points)
            pygame.draw.polygon(surface, darker(colour, 0.3), points, 1)


def mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


