"""Supersampled vector drawing on pygame surfaces.

Every sprite is drawn at ``SS`` times its real size and shrunk with smoothscale,
which gives clean anti-aliased edges with plain ``pygame.draw`` calls.  All
coordinates given to a :class:`Canvas` are in real (1x) pixels and may be
fractional.

Transparent pixels carry the sprite's outline colour (with alpha 0) so that
smoothscale, which averages colour and alpha separately, never pulls a dark or
black fringe into the edges.
"""
from __future__ import annotations

import math
from typing import Callable, Iterable, Sequence

import pygame

from . import font

SS = 4  # supersampling factor: drawn at 4x, shown at 1x

Colour = tuple[int, int, int] | tuple[int, int, int, int]
Point = tuple[float, float]

pygame.transform.set_smoothscale_backend("GENERIC")  # same bytes on every CPU


def hex_colour(text: str) -> tuple[int, int, int]:
    text = text.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


def mix(a: Colour, b: Colour, t: float) -> tuple[int, int, int]:
    """Blend from colour ``a`` (t=0) to ``b`` (t=1)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def darker(c: Colour, amount: float = 0.42) -> tuple[int, int, int]:
    """The one-tone darker outline of a fill colour (a little cooler, like ink)."""
    base = mix(c, (12, 14, 26), amount)
    return base


def lighter(c: Colour, amount: float = 0.35) -> tuple[int, int, int]:
    """The single highlight tone of a fill colour."""
    return mix(c, (255, 255, 250), amount)


class Canvas:
    """A supersampled drawing surface that yields a real-size sprite."""

    def __init__(self, width: float, height: float, edge: Colour = (20, 20, 28)) -> None:
        self.width = int(math.ceil(width))
        self.height = int(math.ceil(height))
        self.edge = edge[:3]
        self.surf = pygame.Surface((self.width * SS, self.height * SS), pygame.SRCALPHA)
        self.surf.fill((*self.edge, 0))

    # -- coordinate helpers -------------------------------------------------
    @staticmethod
    def pt(p: Point) -> tuple[int, int]:
        return (round(p[0] * SS), round(p[1] * SS))

    def blank(self) -> "Canvas":
        """An empty canvas of the same size, for layers that get blended or clipped."""
        return Canvas(self.width, self.height, self.edge)

    # -- primitives -----------------------------------------------------------
    def polygon(self, pts: Sequence[Point], fill: Colour | None,
                outline: Colour | None = None, width: float = 1.2) -> None:
        """A filled polygon with an outline of ``width`` drawn outside its edge."""
        if len(pts) < 3:
            return
        if outline is not None:
            self.stroke(pts, outline, width * 2, closed=True)
        if fill is not None:
            pygame.draw.polygon(self.surf, fill, [self.pt(p) for p in pts])

    def circle(self, centre: Point, radius: float, fill: Colour | None,
               outline: Colour | None = None, width: float = 1.2) -> None:
        c = self.pt(centre)
        if outline is not None:
            pygame.draw.circle(self.surf, outline, c, round((radius + width) * SS))
        if fill is not None:
            pygame.draw.circle(self.surf, fill, c, round(radius * SS))

    def ring(self, centre: Point, radius: float, colour: Colour, width: float) -> None:
        """A circle line of ``width`` centred on ``radius``."""
        outer = round((radius + width / 2) * SS)
        pygame.draw.circle(self.surf, colour, self.pt(centre), outer, max(1, round(width * SS)))

    def rrect(self, rect: tuple[float, float, float, float], radius: float, fill: Colour | None,
              outline: Colour | None = None, width: float = 1.2) -> None:
        """A rounded rectangle; the outline grows outward by ``width``."""
        x, y, w, h = rect
        if outline is not None:
            pygame.draw.rect(self.surf, outline, self._rect((x - width, y - width, w + 2 * width, h + 2 * width)),
                             border_radius=round((radius + width) * SS))
        if fill is not None:
            pygame.draw.rect(self.surf, fill, self._rect(rect), border_radius=round(radius * SS))

    def rrect_line(self, rect: tuple[float, float, float, float], radius: float, colour: Colour,
                   width: float) -> None:
        """The border line of a rounded rectangle, drawn inside ``rect``."""
        pygame.draw.rect(self.surf, colour, self._rect(rect), max(1, round(width * SS)),
                         border_radius=round(radius * SS))

    def rect(self, rect: tuple[float, float, float, float], fill: Colour) -> None:
        pygame.draw.rect(self.surf, fill, self._rect(rect))

    def stroke(self, pts: Sequence[Point], colour: Colour, width: float, closed: bool = False) -> None:
        """A thick polyline with round caps and joins."""
        stroke_path(self.surf, [(p[0] * SS, p[1] * SS) for p in pts], colour, width * SS, closed)

    def text(self, string: str, pos: Point, size: float, fill: Colour, *, outline: Colour | None = None,
             outline_width: float = 0.0, weight: float = 0.17, spacing: float = 0.16, italic: float = 0.0,
             align: str = "center", shadow: Colour | None = None, shadow_offset: Point = (0.0, 0.0),
             condensed: float = 1.0) -> float:
        """Draw capital text with the built-in stroke font; returns its width in pixels.

        ``pos`` is the anchor on the baseline row: align picks left, center or right,
        and y is the vertical centre of the capitals.
        """
        layout = font.layout(string, size, weight, spacing, condensed)
        x0 = pos[0] - {"left": 0.0, "center": layout.width / 2, "right": layout.width}[align]
        top = pos[1] - size / 2
        passes: list[tuple[Colour, float, Point]] = []
        if shadow is not None:
            passes.append((shadow, weight * size + 2 * outline_width, shadow_offset))
        if outline is not None:
            passes.append((outline, weight * size + 2 * outline_width, (0.0, 0.0)))
        passes.append((fill, weight * size, (0.0, 0.0)))
        for colour, thickness, (dx, dy) in passes:
            for path in layout.paths:
                pts = []
                for gx, gy in path:
                    x = x0 + gx + italic * (size - gy) + dx
                    y = top + gy + dy
                    pts.append((x, y))
                self.stroke(pts, colour, thickness)
        return layout.width

    # -- layers ---------------------------------------------------------------
    def layer(self, draw: Callable[["Canvas"], None], alpha: int = 255,
              clip: "Canvas | None" = None) -> None:
        """Draw into a fresh layer, optionally clip it to another canvas's shape, blend it on."""
        layer = self.blank()
        draw(layer)
        if clip is not None:
            layer.clip_to(clip)
        if alpha < 255:
            layer.surf.set_alpha(alpha)
        self.surf.blit(layer.surf, (0, 0))

    def clip_to(self, shape: "Canvas") -> None:
        """Keep only what lies inside ``shape``'s opaque pixels."""
        mask = shape.surf.copy()
        mask.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
        self.surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)

    def paste_big(self, canvas: "Canvas", pos: Point = (0.0, 0.0), angle: float = 0.0,
                  scale: float = 1.0, center: bool = False) -> None:
        """Blit another supersampled canvas, keeping its full resolution."""
        big = canvas.surf
        if angle or scale != 1.0:
            big = pygame.transform.rotozoom(big, angle, scale)
        if center:
            rect = big.get_rect(center=self.pt(pos))
        else:
            rect = big.get_rect(topleft=self.pt(pos))
        self.surf.blit(big, rect)

    def finish(self, shadow: tuple[float, float, float, int] | None = None) -> pygame.Surface:
        """Shrink to real size; ``shadow`` = (dx, dy, blur, alpha) adds a soft drop shadow."""
        small = pygame.transform.smoothscale(self.surf, (self.width, self.height))
        if shadow is None:
            return small
        return drop_shadow(small, *shadow)

    def _rect(self, rect: tuple[float, float, float, float]) -> pygame.Rect:
        x, y, w, h = rect
        x0, y0 = round(x * SS), round(y * SS)
        x1, y1 = round((x + w) * SS), round((y + h) * SS)
        return pygame.Rect(x0, y0, x1 - x0, y1 - y0)


def stroke_path(surf: pygame.Surface, pts: Sequence[Point], colour: Colour, width: float,
                closed: bool = False) -> None:
    """Draw a thick polyline in surface pixels: quads per segment, discs at joints."""
    radius = width / 2
    points = list(pts)
    if closed and len(points) > 2:
        points.append(points[0])
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy)
        if length < 1e-6:
            continue
        nx, ny = -dy / length * radius, dx / length * radius
        quad = [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)]
        pygame.draw.polygon(surf, colour, [(round(x), round(y)) for x, y in quad])
    r = max(1, round(radius))
    for x, y in points:
        pygame.draw.circle(surf, colour, (round(x), round(y)), r)


def drop_shadow(sprite: pygame.Surface, dx: float, dy: float, blur: float, alpha: int) -> pygame.Surface:
    """The sprite over a blurred dark copy of its silhouette (the sprite must leave room)."""
    shade = sprite.copy()
    shade.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
    shade.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    shade = soften(shade, blur)
    out = pygame.Surface(sprite.get_size(), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    out.blit(shade, (round(dx), round(dy)))
    out.blit(sprite, (0, 0))
    return out


def soften(surface: pygame.Surface, radius: float) -> pygame.Surface:
    """Gaussian blur that keeps fully transparent surroundings transparent."""
    r = max(1, round(radius))
    return pygame.transform.gaussian_blur(surface, r, repeat_edge_pixels=False)


def regular_polygon(centre: Point, radius: float, sides: int, rotation: float = -90.0) -> list[Point]:
    cx, cy = centre
    return [(cx + radius * math.cos(math.radians(rotation + i * 360 / sides)),
             cy + radius * math.sin(math.radians(rotation + i * 360 / sides))) for i in range(sides)]


def star(centre: Point, outer: float, inner: float, points: int = 5, rotation: float = -90.0) -> list[Point]:
    cx, cy = centre
    pts = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(rotation + i * 180 / points)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def arc_points(centre: Point, rx: float, ry: float, a0: float, a1: float, steps: int = 24) -> list[Point]:
    """Points on an elliptic arc, angles in degrees (0 = right, 90 = down)."""
    cx, cy = centre
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / steps))) for i in range(steps + 1)]


def translate(pts: Iterable[Point], dx: float, dy: float) -> list[Point]:
    return [(x + dx, y + dy) for x, y in pts]


class Random:
    """A tiny fixed-seed generator (xorshift32) so the art never depends on ``random``."""

    def __init__(self, seed: int) -> None:
        self.state = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def next_u32(self) -> int:
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def random(self) -> float:
        return self.next_u32() / 4294967296.0

    def uniform(self, a: float, b: float) -> float:
        return a + (b - a) * self.random()


def ellipse_points(centre: Point, rx: float, ry: float, steps: int = 40) -> list[Point]:
    return arc_points(centre, rx, ry, 0, 360, steps)[:-1]


class Pen:
    """Draws figures in their own coordinates onto a canvas (move, scale, turn).

    Figures that appear in several places (a cyclist in its sprite, in the peloton
    and in the title art) are written once against a Pen.
    """

    def __init__(self, canvas: Canvas, origin: Point = (0.0, 0.0), scale: float = 1.0,
                 angle: float = 0.0) -> None:
        self.canvas = canvas
        self.origin = origin
        self.scale = scale
        self.angle = angle
        a = math.radians(angle)
        self._cos, self._sin = math.cos(a) * scale, math.sin(a) * scale

    def map(self, pts: Iterable[Point]) -> list[Point]:
        ox, oy = self.origin
        c, s = self._cos, self._sin
        return [(ox + x * c - y * s, oy + x * s + y * c) for x, y in pts]

    def on(self, canvas: Canvas) -> "Pen":
        """The same placement on another canvas (for layers and clip shapes)."""
        return Pen(canvas, self.origin, self.scale, self.angle)

    def polygon(self, pts: Sequence[Point], fill: Colour | None, outline: Colour | None = None,
                width: float = 1.0) -> None:
        self.canvas.polygon(self.map(pts), fill, outline, width * self.scale)

    def circle(self, centre: Point, radius: float, fill: Colour | None, outline: Colour | None = None,
               width: float = 1.0) -> None:
        self.canvas.circle(self.map([centre])[0], radius * self.scale, fill, outline, width * self.scale)

    def ellipse(self, centre: Point, rx: float, ry: float, fill: Colour | None,
                outline: Colour | None = None, width: float = 1.0) -> None:
        self.polygon(ellipse_points(centre, rx, ry), fill, outline, width)

    def stroke(self, pts: Sequence[Point], colour: Colour, width: float, closed: bool = False) -> None:
        self.canvas.stroke(self.map(pts), colour, width * self.scale, closed)

    def capsule(self, pts: Sequence[Point], width: float, fill: Colour, outline: Colour | None = None,
                outline_width: float = 1.0) -> None:
        """A thick rounded stroke with an outline around it (limbs, tyres, bars)."""
        if outline is not None:
            self.stroke(pts, outline, width + 2 * outline_width)
        self.stroke(pts, fill, width)

    def shaded(self, pts: Sequence[Point], fill: Colour, outline: Colour | None, highlight: Colour,
               light: Point = (0.9, 1.1), width: float = 1.0) -> None:
        """A polygon lit from the top-left: a highlight rim, then the fill slid toward the light."""
        self.polygon(pts, highlight, outline, width)
        shape = self.canvas.blank()
        self.on(shape).polygon(pts, (255, 255, 255))
        shifted = translate(pts, light[0], light[1])
        self.canvas.layer(lambda layer: self.on(layer).polygon(shifted, fill), clip=shape)


def rounded_rect_points(x: float, y: float, w: float, h: float, r: float, steps: int = 8) -> list[Point]:
    """Outline of a rounded rectangle as a polygon (so a Pen can move and turn it)."""
    r = min(r, w / 2, h / 2)
    pts: list[Point] = []
    for cx, cy, a0 in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90), (x + r, y + r, 180)):
        pts.extend(arc_points((cx, cy), r, r, a0, a0 + 90, steps))
    return pts
