"""Breaking Away's pictures: the circuit painted once from the map, and the riders.

The track is painted at twice the size and scaled down (clean edges on the
bends) into one opaque layer the scene blits every frame.  Riders are the
``rider_<colour>`` sprites (or the white rider with its jersey mask tinted for
colours without their own sprite), turned along the track and cached by
heading, with the number on an upright white disc where the sprite index says
the number goes, and the team's pattern beside it in colour-blind mode.
"""
from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Sequence

import pygame

from game.core.paths import resource_path
from game.i18n import _
from game.ui import draw
from game.ui.theme import PALETTE, Theme, darker, hex_colour, lighter

from .circuit import Circuit
from .scene_layout import RIDER_LENGTH, RiderPlacer, Spot, TableLayout

if TYPE_CHECKING:
    from game.ui.assets import Assets

#: headings are cached in steps of this many degrees
ANGLE_STEP = 4
SUPERSAMPLE = 2
TRACK_DARK = (82, 90, 99)
TRACK_LIGHT = (92, 100, 110)
TRACK_EDGE = (30, 34, 40)
TRACK_LINE = (196, 202, 208)
APRON = (58, 84, 72)
INFIELD = (36, 80, 62)
NUMBER_PX = 14
#: the track squares' printed numbers, kept at this size on the canvas at every UI scale
SQUARE_NUMBER_PX = 15
#: the colour-blind pattern chip beside a number disc
PATTERN_CHIP = 14
DISC_RADIUS = 9
#: how solid a previewed rider (the ghost on his landing square) is
GHOST_ALPHA = 150


def rider_geometry() -> tuple[float, tuple[float, float]]:
    """The sprite's drawn length and the number's centre, from the sprite index's geometry table."""
    try:
        data = json.loads(resource_path("assets", "sprites", "index.json").read_text(encoding="utf-8"))
        spot = data["geometry"]["rider"]
        return float(spot["length"]), (float(spot["number_centre"][0]), float(spot["number_centre"][1]))
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return 34.0, (17.0, 11.0)


class RiderArt:
    """Rider sprites by colour and heading, number discs, shadows: all cached."""

    def __init__(self, assets: "Assets", theme: Theme, colours: Sequence[tuple[str, str]]) -> None:
        self.assets = assets
        self.theme = theme
        self.names = {value.lower(): name.lower() for name, value in colours}
        base = assets.sprite("rider")
        self.scale = RIDER_LENGTH / max(1, base.get_width())
        self.size = (RIDER_LENGTH, max(1, round(base.get_height() * self.scale)))
        _, (nx, ny) = rider_geometry()
        #: the number's offset from the sprite's centre, along and across the direction of travel
        self.number_offset = ((nx - base.get_width() / 2) * self.scale, (ny - base.get_height() / 2) * self.scale)
        self._bodies: dict[str, pygame.Surface] = {}
        self._turned: dict[tuple[str, int, int], pygame.Surface] = {}
        self._discs: dict[tuple[str, str, bool], pygame.Surface] = {}
        self._patterns: dict[str, pygame.Surface] = {}
        self._riders: dict[tuple[str, int, int, bool, bool, int], tuple[pygame.Surface, tuple[int, int]]] = {}

    def body(self, colour_hex: str) -> pygame.Surface:
        """The rider facing east in the team colour, at table size."""
        key = colour_hex.lower()
        body = self._bodies.get(key)
        if body is None:
            name = self.names.get(key)
            sprite = f"rider_{name}" if name else ""
            if name and self.assets.has_sprite(sprite):
                body = self.assets.sprite(sprite, self.size).copy()
            else:
                colour = hex_colour(colour_hex)
                body = self.assets.sprite("rider", self.size).copy()
                jersey = self.assets.sprite("rider_mask", self.size, (colour.r, colour.g, colour.b))
                body.blit(jersey, (0, 0))
            self._bodies[key] = body
        return body

    def turned(self, colour_hex: str, angle: float, alpha: int = 255) -> pygame.Surface:
        """The body turned to ``angle`` (the sprite faces east; pygame turns anticlockwise)."""
        step = round(angle / ANGLE_STEP) % (360 // ANGLE_STEP)
        key = (colour_hex.lower(), step, alpha)
        surface = self._turned.get(key)
        if surface is None:
            source = self.body(colour_hex) if colour_hex else self.assets.sprite("rider_shadow", self.size)
            surface = pygame.transform.rotate(source, -step * ANGLE_STEP)
            if alpha < 255:
                surface = surface.copy()
                surface.set_alpha(alpha)
            if len(self._turned) > 3000:
                self._turned.clear()
            self._turned[key] = surface
        return surface

    def disc(self, number: int, colour_hex: str, marked: bool) -> pygame.Surface:
        """The white number disc (a pill for three digits); in colour-blind mode with the team's pattern."""
        key = (str(number), colour_hex.lower(), marked)
        surface = self._discs.get(key)
        if surface is None:
            label = self.theme.text(str(number), NUMBER_PX, PALETTE.ink)
            width = max(2 * DISC_RADIUS, label.get_width() + 6)
            height = 2 * DISC_RADIUS
            pattern = 14 if marked else 0
            surface = pygame.Surface((width + pattern + 2, height + 2), pygame.SRCALPHA)
            pill = pygame.Rect(1, 1, width, height)
            pygame.draw.rect(surface, PALETTE.card_light, pill, border_radius=DISC_RADIUS)
            pygame.draw.rect(surface, darker(hex_colour(colour_hex), 0.5), pill, 2, border_radius=DISC_RADIUS)
            surface.blit(label, label.get_rect(center=pill.center))
            if marked:
                chip = pygame.Rect(pill.right - 3, pill.centery - 7, 14, 14)
                draw.team_marker(surface, chip, colour_hex, marked=True, radius=3)
            self._discs[key] = surface
        return surface

    def portrait(self, colour_hex: str, number: int, marked: bool) -> pygame.Surface:
        """The rider at twice the table size, facing east, with his number: for the sheet form."""
        key = (f"portrait {colour_hex.lower()}", number, int(marked))
        surface = self._turned.get(key)  # type: ignore[arg-type]
        if surface is None:
            body = pygame.transform.smoothscale_by(self.body(colour_hex), 1.6)
            surface = pygame.Surface((body.get_width() + 16, body.get_height() + 8), pygame.SRCALPHA)
            surface.blit(body, (8, 4))
            disc = self.disc(number, colour_hex, marked)
            along, _ = self.number_offset
            centre = (surface.get_width() // 2 + round(along * 1.6), surface.get_height() // 2)
            surface.blit(disc, disc.get_rect(center=centre))
            self._turned[key] = surface  # type: ignore[index]
        return surface

    def number_room(self, numbers: Sequence[int], marked: bool) -> tuple[float, float]:
        """The upright box the widest of these numbers needs on the track: its disc, and in colour-blind
        mode the pattern chip beside it (see ``draw_pattern``)."""
        width = max((self.disc(number, "#FFFFFF", False).get_width() - 2 for number in numbers), default=2 * DISC_RADIUS)
        return (float(width + (PATTERN_CHIP - 4 if marked else 0)), float(2 * DISC_RADIUS))

    def number_point(self, spot: Spot) -> tuple[float, float]:
        along, across = self.number_offset
        a = math.radians(spot.angle)
        return (spot.x + math.cos(a) * along - math.sin(a) * across, spot.y + math.sin(a) * along + math.cos(a) * across)

    def draw(self, surface: pygame.Surface, spot: Spot, colour_hex: str, number: int, *, marked: bool = False,
             alpha: int = 255, shadow: bool = True, number_disc: bool = True) -> None:
        """One rider (shadow, body and, unless ``number_disc`` is False, the number) in a single blit of a
        picture cached by heading."""
        step = round(spot.angle / ANGLE_STEP) % (360 // ANGLE_STEP)
        key = (colour_hex.lower(), number if number_disc else 0, step, marked, shadow, alpha)
        cached = self._riders.get(key)
        if cached is None:
            cached = self._compose(colour_hex, number if number_disc else None, step * ANGLE_STEP, marked, shadow,
                                   alpha)
            if alpha in (255, GHOST_ALPHA):  # a fading rider changes every frame: not worth keeping
                if len(self._riders) > 4000:
                    self._riders.clear()
                self._riders[key] = cached
        image, offset = cached
        surface.blit(image, (round(spot.x) + offset[0], round(spot.y) + offset[1]))

    def draw_number(self, surface: pygame.Surface, spot: Spot, colour_hex: str, number: int, *,
                    marked: bool = False) -> None:
        """Just the number disc (drawn after every body of a bunch, so no rider hides another's number)."""
        disc = self.disc(number, colour_hex, marked)
        nx, ny = self.number_point(Spot(spot.x, spot.y, round(spot.angle / ANGLE_STEP) * ANGLE_STEP))
        shift = (disc.get_width() - 2 * DISC_RADIUS - 2) // 2 if marked else 0
        surface.blit(disc, disc.get_rect(center=(round(nx + shift), round(ny))))

    def draw_pattern(self, surface: pygame.Surface, spot: Spot, colour_hex: str, number: int) -> None:
        """Colour-blind mode in a bunch: the team's pattern chip just right of where the number disc goes,
        drawn before every disc so that no chip ever hides a neighbour's number."""
        key = colour_hex.lower()
        chip = self._patterns.get(key)
        if chip is None:
            chip = pygame.Surface((PATTERN_CHIP, PATTERN_CHIP), pygame.SRCALPHA)
            draw.team_marker(chip, chip.get_rect(), colour_hex, marked=True, radius=3)
            self._patterns[key] = chip
        nx, ny = self.number_point(Spot(spot.x, spot.y, round(spot.angle / ANGLE_STEP) * ANGLE_STEP))
        half = self.disc(number, colour_hex, False).get_width() // 2
        surface.blit(chip, chip.get_rect(midleft=(round(nx) + half - 4, round(ny))))

    def _compose(self, colour_hex: str, number: int | None, angle: float, marked: bool, shadow: bool,
                 alpha: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """Shadow, body and number disc on one surface; returns it and its top-left relative to the rider."""
        parts: list[tuple[pygame.Surface, tuple[float, float]]] = []
        if shadow:
            parts.append((self.turned("", angle, 150), (2.0, 4.0)))
        parts.append((self.turned(colour_hex, angle), (0.0, 0.0)))
        if number is not None:
            disc = self.disc(number, colour_hex, marked)
            nx, ny = self.number_point(Spot(0.0, 0.0, angle))
            shift = (disc.get_width() - 2 * DISC_RADIUS - 2) // 2 if marked else 0
            parts.append((disc, (nx + shift, ny)))
        rects = [image.get_rect(center=(round(x), round(y))) for image, (x, y) in parts]
        bounds = rects[0].unionall(rects[1:])
        picture = pygame.Surface(bounds.size, pygame.SRCALPHA)
        for (image, _point), rect in zip(parts, rects):
            picture.blit(image, rect.move(-bounds.x, -bounds.y))
        if alpha < 255:
            picture.set_alpha(alpha)
        return picture, bounds.topleft


class TrackPainter:
    """Paints the circuit (squares, borders, centre line, lines, numbers) into one layer."""

    def __init__(self, theme: Theme, circuit: Circuit, layout: TableLayout, placer: RiderPlacer) -> None:
        self.theme = theme
        self.circuit = circuit
        self.layout = layout
        self.placer = placer

    def paint(self, backdrop: pygame.Surface, *, madison: bool) -> pygame.Surface:
        area = self.layout.track
        layer = pygame.Surface(area.size)
        layer.blit(backdrop, (0, 0), area)
        big = pygame.Surface((area.width * SUPERSAMPLE, area.height * SUPERSAMPLE), pygame.SRCALPHA)
        fit = self.layout.fit

        def canvas(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
            return [((x - area.x) * SUPERSAMPLE, (y - area.y) * SUPERSAMPLE) for x, y in fit.points(points)]

        self._paint_apron(big, canvas, madison)
        squares = [canvas(shape.polygon) for shape in self.circuit.squares]
        edge = max(4, round(fit.length(10) * SUPERSAMPLE))
        for polygon in squares:
            pygame.draw.polygon(big, TRACK_EDGE, polygon, edge)
        for index, polygon in enumerate(squares):
            pygame.draw.polygon(big, TRACK_LIGHT if index % 2 else TRACK_DARK, polygon)
        for polygon in squares:
            pygame.draw.polygon(big, (*TRACK_LINE, 90), polygon, SUPERSAMPLE)
        self._paint_centre(big, canvas(self.circuit.centre))
        for line in self.circuit.lines:
            self._paint_line(big, canvas(line.points), line.key, madison)
        smooth = pygame.transform.smoothscale(big, area.size)
        layer.blit(smooth, (0, 0))
        self._paint_numbers(layer, area)
        self._paint_plaques(layer, area, madison)
        return layer.convert() if pygame.display.get_surface() is not None else layer

    def _paint_apron(self, big: pygame.Surface, canvas, madison: bool) -> None:
        """A band beside the outer border (the relief riders' bench in the Madison) and the infield lawn."""
        outer = []
        inner = []
        for shape in self.circuit.squares:
            (ix, iy), (ox, oy) = shape.inside, shape.outside
            reach = 1.36 if madison else 1.12
            outer.append((ix + (ox - ix) * reach, iy + (oy - iy) * reach))
            inner.append((ix - (ox - ix) * 0.12, iy - (oy - iy) * 0.12))
        pygame.draw.polygon(big, APRON if madison else darker(APRON, 0.2), canvas(outer))
        pygame.draw.polygon(big, darker(APRON, 0.45), canvas(outer), 2 * SUPERSAMPLE)
        pygame.draw.polygon(big, INFIELD, canvas(inner))

    def _paint_centre(self, big: pygame.Surface, points: list[tuple[float, float]]) -> None:
        """The dashed centre line (lapped riders ride on the other side of it)."""
        dash, gap = 9 * SUPERSAMPLE, 7 * SUPERSAMPLE
        pen = 0.0
        drawing = True
        closed = points + points[:1]
        for (x0, y0), (x1, y1) in zip(closed, closed[1:]):
            length = math.dist((x0, y0), (x1, y1))
            t = 0.0
            while t < length:
                room = (dash if drawing else gap) - pen
                step = min(room, length - t)
                if drawing:
                    a, b = t / length, (t + step) / length
                    pygame.draw.line(big, (*TRACK_LINE, 170), (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                                     (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), SUPERSAMPLE)
                t += step
                pen += step
                if pen >= (dash if drawing else gap) - 1e-6:
                    pen = 0.0
                    drawing = not drawing

    def _paint_line(self, big: pygame.Surface, ends: list[tuple[float, float]], key: str, madison: bool) -> None:
        """Start: a white bar; sprint: a double bar; finish: a chequered band.  The Madison uses only the start."""
        (x0, y0), (x1, y1) = ends[0], ends[-1]
        length = math.dist((x0, y0), (x1, y1)) or 1.0
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        nx, ny = -uy, ux
        faded = madison and key != "start"
        white = (*PALETTE.card_light, 70 if faded else 255)
        width = 4 * SUPERSAMPLE
        if key == "finish" and not faded:
            cells = 8
            size = length / cells
            for row in (-1, 0):
                for i in range(cells):
                    colour = (20, 20, 20, 255) if (i + row) % 2 else white
                    a = (x0 + ux * size * i + nx * size * 0.55 * row, y0 + uy * size * i + ny * size * 0.55 * row)
                    quad = [a, (a[0] + ux * size, a[1] + uy * size),
                            (a[0] + ux * size + nx * size * 0.55, a[1] + uy * size + ny * size * 0.55),
                            (a[0] + nx * size * 0.55, a[1] + ny * size * 0.55)]
                    pygame.draw.polygon(big, colour, quad)
            return
        offsets = (-5 * SUPERSAMPLE, 5 * SUPERSAMPLE) if key == "sprint" else (0,)
        for off in offsets:
            pygame.draw.line(big, white, (x0 + nx * off, y0 + ny * off), (x1 + nx * off, y1 + ny * off), width)

    def _paint_numbers(self, layer: pygame.Surface, area: pygame.Rect) -> None:
        for shape in self.circuit.squares:
            x, y = self.placer.label(shape.index)
            colour = PALETTE.on_felt if shape.index % 5 == 0 else PALETTE.on_felt_soft
            # printed on the board: the same size at every UI scale, so neighbouring squares' numbers never touch
            text = self.theme.text(str(shape.index), round(SQUARE_NUMBER_PX / self.theme.ui_scale), colour)
            layer.blit(text, text.get_rect(center=(round(x - area.x), round(y - area.y))))

    def _paint_plaques(self, layer: pygame.Surface, area: pygame.Rect, madison: bool) -> None:
        """A named tag beside each line, outside the track: START, SPRINT, FINISH (Madison: the lap line)."""
        words = {"start": _("START / LAP LINE") if madison else _("START"), "sprint": _("SPRINT"), "finish": _("FINISH")}
        for line in self.circuit.lines:
            if madison and line.key != "start":
                continue
            inside, outside = self.layout.fit.points(line.points[:1] + line.points[-1:])
            dx, dy = outside[0] - inside[0], outside[1] - inside[1]
            norm = math.hypot(dx, dy) or 1.0
            if madison:  # the relief riders rest outside: the tag goes in the infield
                x, y = inside[0] - dx / norm * 32, inside[1] - dy / norm * 32
            else:
                x, y = outside[0] + dx / norm * 16, outside[1] + dy / norm * 16
            label = self.theme.text(words[line.key], 14, PALETTE.ink)
            tag = label.get_rect().inflate(12, 4)
            tag.center = (round(x - area.x), round(y - area.y))
            tag.clamp_ip(layer.get_rect().inflate(-4, -4))
            fill = lighter(PALETTE.accent, 0.25) if line.key != "start" else PALETTE.card_light
            pygame.draw.rect(layer, fill, tag, border_radius=5)
            pygame.draw.rect(layer, PALETTE.card_edge, tag, 1, border_radius=5)
            layer.blit(label, label.get_rect(center=tag.center))

