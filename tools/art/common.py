"""The table felt, the Breakaway Box wordmark, the app icon and the launcher's
title art for the five games."""
from __future__ import annotations

import math

import pygame

from . import icons
from .breakout import BLUE as KNOT_BLUE, YELLOW as KNOT_YELLOW, character, knot, slot_rects, wall
from .draw import (Canvas, Colour, Pen, Random, arc_points, darker, font, lighter, mix, regular_polygon,
                   rounded_rect_points)
from .leader1 import BASE_COLOURS
from .rider_cards import chip, speed_card, yellow_jersey
from .riders import TEAM_COLOURS, draw_cyclist, hex_colour

TITLE_W, TITLE_H = 360, 200
NAVY = (22, 30, 58)
CREAM = (255, 250, 236)


# -- table felt -------------------------------------------------------------------

FELT = (30, 86, 64)


def wrapped_noise(rng: Random, cells: int, size: int) -> pygame.Surface:
    """Smooth value noise that tiles: a random grid repeated 3 x 3, scaled up, middle copy kept."""
    grid = [[round(rng.random() * 255) for _ in range(cells)] for _ in range(cells)]
    small = pygame.Surface((cells * 3, cells * 3), pygame.SRCALPHA)
    for y in range(cells * 3):
        for x in range(cells * 3):
            v = grid[y % cells][x % cells]
            small.set_at((x, y), (v, v, v, 255))
    big = pygame.transform.smoothscale(small, (size * 3, size * 3))
    return big.subsurface((size, size, size, size)).copy()


def table_felt() -> pygame.Surface:
    """A 256 x 256 seamless dark green baize: soft mottling, fine grain and stray fibres.

    Noise layers (each tiling) are scaled down with a multiply and added onto the
    felt colour lowered by half their range, so the average stays ``FELT``.
    """
    size = 256
    rng = Random(2024)
    grain_bytes = bytearray()
    for _ in range(size * size // 4):
        grain_bytes += rng.next_u32().to_bytes(4, "little")
    indexed = pygame.image.frombytes(bytes(grain_bytes), (size, size), "P")
    indexed.set_palette([(v, v, v) for v in range(256)])
    grain = pygame.Surface((size, size), pygame.SRCALPHA)
    grain.blit(indexed, (0, 0))
    layers = [(wrapped_noise(rng, 8, size), 22), (wrapped_noise(rng, 32, size), 14), (grain, 14)]
    felt = pygame.Surface((size, size), pygame.SRCALPHA)
    lift = sum(amount for _, amount in layers) // 2
    felt.fill((FELT[0] - lift * 4 // 5, FELT[1] - lift, FELT[2] - lift * 9 // 10, 255))
    for layer, amount in layers:
        shade = layer.copy()
        shade.fill((amount * 4 // 5 * 256 // 255, amount * 256 // 255, amount * 9 // 10 * 256 // 255),
                   special_flags=pygame.BLEND_RGB_MULT)
        felt.blit(shade, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    fibres = Canvas(size, size, FELT)
    for k in range(340):
        x, y = rng.uniform(0, size), rng.uniform(0, size)
        a = rng.uniform(0, math.pi)
        length = rng.uniform(2.0, 6.0)
        bend = rng.uniform(-1.0, 1.0)
        colour = lighter(FELT, 0.16) if k % 3 else darker(FELT, 0.25)
        pts = [(x + math.cos(a) * length * t + bend * math.sin(a) * t * t * 2,
                y + math.sin(a) * length * t - bend * math.cos(a) * t * t * 2) for t in (0.0, 0.5, 1.0)]
        for dx in (-size, 0, size):
            for dy in (-size, 0, size):
                moved = [(px + dx, py + dy) for px, py in pts]
                if all(-8 < px < size + 8 and -8 < py < size + 8 for px, py in moved):
                    fibres.stroke(moved, colour, 0.45)
    layer = fibres.finish()
    layer.set_alpha(120)
    felt.blit(layer, (0, 0))
    return felt


# -- lettering helpers --------------------------------------------------------------


def fitted_size(text: str, max_size: float, max_width: float, weight: float, spacing: float) -> float:
    width = font.layout(text, max_size, weight, spacing).width + max_size * 0.2
    return max_size if width <= max_width else max_size * max_width / width


def title_banner(canvas: Canvas, lines: list[str], accent: Colour) -> None:
    """A slanted dark banner bottom-left carrying the game's name (small kicker over big name)."""
    big = lines[-1]
    size = fitted_size(big, 34.0, 300.0, 0.2, 0.08)
    width = font.layout(big, size, 0.2, 0.08).width + size * 0.25
    kicker = lines[0] if len(lines) > 1 else None
    top = 150.0 if kicker is None else 132.0
    right = max(width, font.layout(kicker, 15.0, 0.2, 0.16).width if kicker else 0.0) + 34.0
    band = canvas.blank()
    band.polygon([(0.0, top - 4.0), (right + 18.0, top - 4.0), (right, TITLE_H), (0.0, TITLE_H)], (14, 18, 34))
    canvas.layer(lambda layer: layer.surf.blit(band.surf, (0, 0)), alpha=215)
    canvas.polygon([(0.0, top - 8.0), (right + 21.0, top - 8.0), (right + 19.0, top - 4.0), (0.0, top - 4.0)], accent)
    if kicker:
        canvas.text(kicker, (14.0, top + 10.0), 13.0, accent, weight=0.2, spacing=0.2, align="left", italic=0.16)
    y = TITLE_H - 8.0 - size / 2
    canvas.text(big, (14.0, y), size, CREAM, outline=(8, 10, 20), outline_width=2.0, weight=0.2, spacing=0.08,
                align="left", italic=0.16, shadow=(0, 0, 0), shadow_offset=(1.5, 2.0))


# -- title art ---------------------------------------------------------------------------


def grass(canvas: Canvas, base: Colour, stripe: Colour, width: float = 26.0, slant: float = 60.0) -> None:
    canvas.rect((0.0, 0.0, TITLE_W, TITLE_H), base)
    k = -4
    while k * width * 2 < TITLE_W + slant:
        x = k * width * 2
        canvas.polygon([(x, 0.0), (x + width, 0.0), (x + width + slant, TITLE_H), (x + slant, TITLE_H)], stripe)
        k += 1


def title_breaking_away() -> pygame.Surface:
    """Riders on the circuit's bend, one of them breaking away toward the sprint line."""
    canvas = Canvas(TITLE_W, TITLE_H)
    grass(canvas, (64, 136, 66), (72, 146, 72))
    centre, radius = (180.0, 440.0), 380.0
    arc = arc_points(centre, radius, radius, 230, 310, 80)
    canvas.stroke(arc, (236, 236, 228), 86.0)
    kerb = canvas.blank()
    kerb.stroke(arc, (255, 255, 255), 86.0)
    road = canvas.blank()
    road.stroke(arc, (255, 255, 255), 78.0)

    def kerbs(layer: Canvas) -> None:
        for k in range(0, 60):
            if k % 2:
                a0, a1 = 230 + k * 1.5, 230 + k * 1.5 + 1.5
                layer.polygon(arc_points(centre, radius + 46, radius + 46, a0, a1, 2)[::-1] +
                              arc_points(centre, radius - 46, radius - 46, a0, a1, 2), (206, 44, 40))
    canvas.layer(kerbs, clip=kerb)
    canvas.stroke(arc, (92, 96, 104), 78.0)

    def squares(layer: Canvas) -> None:
        for k in range(0, 22):
            a = math.radians(231 + k * 3.8)
            layer.stroke([(centre[0] + (radius - 39) * math.cos(a), centre[1] + (radius - 39) * math.sin(a)),
                          (centre[0] + (radius + 39) * math.cos(a), centre[1] + (radius + 39) * math.sin(a))],
                         (120, 124, 132), 0.9)
        for k in range(0, 40):
            a0 = 230 + k * 2.2
            layer.stroke(arc_points(centre, radius, radius, a0, a0 + 1.1, 2), (236, 236, 228), 1.2)
        a0 = 290.5
        for row in range(8):
            for col in range(2):
                if (row + col) % 2 == 0:
                    r0 = radius - 39 + row * 9.75
                    layer.polygon(arc_points(centre, r0, r0, a0 + col * 1.2, a0 + col * 1.2 + 1.2, 2) +
                                  arc_points(centre, r0 + 9.75, r0 + 9.75, a0 + col * 1.2 + 1.2, a0 + col * 1.2, 2),
                                  (240, 240, 236))
        layer.stroke([(centre[0] + (radius - 39) * math.cos(math.radians(a0 + 1.2)),
                       centre[1] + (radius - 39) * math.sin(math.radians(a0 + 1.2))),
                      (centre[0] + (radius + 39) * math.cos(math.radians(a0 + 1.2)),
                       centre[1] + (radius + 39) * math.sin(math.radians(a0 + 1.2)))], (30, 30, 34), 0.6)
    canvas.layer(squares, clip=road)
    riders = [(282.0, -4.0, "yellow"), (267.5, -16.0, "red"), (266.5, 15.0, "blue"), (262.5, 0.0, "green"),
              (258.5, -17.0, "orange"), (257.5, 16.0, "sky"), (253.5, -1.0, "purple"), (249.5, 14.0, "white"),
              (248.5, -18.0, "black")]
    for angle, offset, name in riders:
        a = math.radians(angle)
        r = radius + offset
        pos = (centre[0] + r * math.cos(a), centre[1] + r * math.sin(a))
        shadow_pen = Pen(canvas, (pos[0] + 2.0, pos[1] + 2.5), 1.45, angle + 90.0)
        shadow = canvas.blank()
        shadow_pen.on(shadow).capsule([(0.0, 0.0), (33.0, 0.0)], 8.0, (0, 0, 0))
        canvas.layer(lambda layer, s=shadow: layer.surf.blit(s.surf, (0, 0)), alpha=60)
        draw_cyclist(Pen(canvas, pos, 1.45, angle + 90.0), hex_colour(TEAM_COLOURS[name]))
    for k, dy in enumerate((-6.0, 0.0, 6.0)):
        r = radius - 4.0 + dy
        back = arc_points(centre, r, r, 277.4 - k * 0.6, 275.0 - k * 1.4, 6)
        canvas.stroke(back, (255, 255, 255), 1.3)
    title_banner(canvas, ["BREAKING AWAY"], (244, 164, 30))
    return canvas.finish()


def wood(canvas: Canvas, base: Colour, seed: int) -> None:
    """Planks with grain lines."""
    rng = Random(seed)
    canvas.rect((0.0, 0.0, TITLE_W, TITLE_H), base)
    plank = 40.0
    for k in range(6):
        y0 = k * plank
        tone = mix(base, (0, 0, 0), 0.06 * (k % 2))
        canvas.rect((0.0, y0, TITLE_W, plank), tone)
        for _ in range(7):
            y = y0 + rng.uniform(4.0, plank - 4.0)
            pts = [(x, y + 1.6 * math.sin(x / rng.uniform(18.0, 40.0) + rng.uniform(0, 6))) for x in range(-10, 380, 10)]
            canvas.stroke(pts, mix(tone, (0, 0, 0), 0.12), 0.7)
        canvas.stroke([(0.0, y0), (TITLE_W, y0)], mix(base, (0, 0, 0), 0.35), 1.2)


def title_breakaway_rider() -> pygame.Surface:
    """A fan of speed cards beside the yellow jersey, penalty chips on the table."""
    canvas = Canvas(TITLE_W, TITLE_H)
    wood(canvas, (132, 84, 52), 11)
    for k, value in enumerate((44, 46, 47, 49, 50)):
        angle = -30.0 + k * 15.0
        a = math.radians(angle - 90.0)
        pos = (100.0 + 60.0 * math.cos(a), 170.0 + 60.0 * math.sin(a))
        card = speed_card(value)
        shade = Canvas(card.width + 12, card.height + 12, (0, 0, 0))
        shade.rrect((6.0, 6.0, card.width, card.height), 7.0, (0, 0, 0))
        canvas.layer(lambda layer, s=shade, p=pos, an=angle: layer.paste_big(s, (p[0] + 3.0, p[1] + 4.0), -an,
                                                                            0.92, center=True), alpha=70)
        canvas.paste_big(card, pos, -angle, 0.92, center=True)
    jersey = yellow_jersey()
    canvas.layer(lambda layer: layer.paste_big(jersey, (268.0, 82.0), 8.0, 1.9, center=True))
    for k, (x, y, blue) in enumerate(((230.0, 150.0, True), (252.0, 158.0, False), (276.0, 148.0, True),
                                      (300.0, 160.0, True), (322.0, 150.0, False))):
        c = chip((36, 96, 196), 1) if blue else chip((204, 40, 44), 5)
        canvas.paste_big(c, (x, y), 0.0, 1.05, center=True)
    title_banner(canvas, ["BREAKAWAY", "RIDER"], (250, 212, 40))
    return canvas.finish()


HEX_R = 36.0
TERRAIN = {"plain": ((110, 176, 86), (40, 140, 60)), "rise": ((176, 176, 92), (236, 140, 30)),
           "mountain": ((168, 140, 110), (206, 40, 40)), "down": ((140, 160, 120), (30, 30, 36))}


def hex_points(centre: tuple[float, float], r: float) -> list[tuple[float, float]]:
    return regular_polygon(centre, r, 6, 0.0)


def title_leader_1() -> pygame.Surface:
    """Route hexagons with a mountain road, riders on their bases and the peloton."""
    canvas = Canvas(TITLE_W, TITLE_H)
    canvas.rect((0.0, 0.0, TITLE_W, TITLE_H), (40, 60, 52))
    w, h = HEX_R * 1.5, HEX_R * math.sqrt(3)
    layout = {}
    for col in range(-1, 8):
        for row in range(-1, 4):
            cx = 20.0 + col * w
            cy = 10.0 + row * h + (h / 2 if col % 2 else 0.0)
            kind = "plain" if col < 2 else "rise" if col == 2 else "mountain" if col < 6 else "down"
            layout[(col, row)] = ((cx, cy), kind)
    for (col, row), (centre, kind) in layout.items():
        fill, border = TERRAIN[kind]
        canvas.polygon(hex_points(centre, HEX_R - 1.5), fill, border, 1.6)
        if kind == "mountain":
            for dx, dy, r in ((-12.0, -8.0, 7.0), (8.0, -14.0, 9.0), (10.0, 10.0, 6.0)):
                x, y = centre[0] + dx, centre[1] + dy
                canvas.polygon([(x - r, y + r * 0.7), (x, y - r * 0.7), (x + r, y + r * 0.7)], mix(fill, (60, 40, 20), 0.3))
                canvas.polygon([(x - r * 0.35, y - r * 0.45), (x, y - r * 0.7), (x + r * 0.35, y - r * 0.45)],
                               (250, 250, 246))
        elif kind == "plain":
            for k in range(3):
                canvas.stroke([(centre[0] - 14.0, centre[1] - 10.0 + k * 9), (centre[0] + 10.0, centre[1] - 14.0 + k * 9)],
                              mix(fill, (255, 255, 200), 0.18), 1.2)
    road = [(-10.0, 128.0), (40.0, 120.0), (80.0, 100.0), (120.0, 104.0), (160.0, 78.0), (200.0, 84.0),
            (232.0, 60.0), (262.0, 84.0), (300.0, 70.0), (340.0, 96.0), (372.0, 90.0)]
    smooth = []
    for (x0, y0), (x1, y1) in zip(road, road[1:]):
        for t in range(8):
            f = t / 8
            f2 = (1 - math.cos(f * math.pi)) / 2
            smooth.append((x0 + (x1 - x0) * f, y0 + (y1 - y0) * f2))
    smooth.append(road[-1])
    canvas.stroke(smooth, (240, 236, 224), 26.0)
    canvas.stroke(smooth, (96, 98, 106), 22.0)
    for k in range(0, len(smooth) - 1, 3):
        canvas.stroke(smooth[k:k + 2], (240, 236, 224), 1.0)
    icons.mountain(Pen(canvas, (246.0, 30.0), 1.3), (206, 40, 40), (110, 16, 20), (255, 255, 255))
    canvas.circle((246.0, 30.0 + 4.0), 6.0, (255, 255, 255), (110, 16, 20), 1.0)
    canvas.text("1", (246.0, 34.0), 7.0, (110, 16, 20), weight=0.24)

    def base_rider(x: float, y: float, role: str, team: str, heading: float) -> None:
        colour = BASE_COLOURS[role]
        canvas.circle((x + 1.5, y + 2.0), 15.0, (0, 0, 0, 255))
        canvas.circle((x, y), 14.0, darker(colour, 0.2), darker(colour, 0.55), 1.0)
        canvas.circle((x - 0.6, y - 0.8), 11.8, lighter(colour, 0.4))
        canvas.circle((x + 0.3, y + 0.4), 11.5, colour)
        a = math.radians(heading)
        draw_cyclist(Pen(canvas, (x - 14.0 * math.cos(a), y - 14.0 * math.sin(a)), 0.8, heading),
                     hex_colour(TEAM_COLOURS[team]))
    base_rider(232.0, 62.0, "climber", "blue", -20.0)
    base_rider(196.0, 84.0, "leader", "red", 10.0)
    base_rider(158.0, 79.0, "rouleur", "orange", -25.0)
    stand = Pen(canvas, (60.0, 116.0), 1.0, -12.0)
    stand.polygon(rounded_rect_points(-46.0, -20.0, 92.0, 40.0, 10.0), (86, 92, 104), (30, 34, 42), 1.2)
    for (x, y), name in zip([(-44.0, -8.0), (-44.0, 8.0), (-20.0, -13.0), (-22.0, 2.0), (-22.0, 15.0),
                             (2.0, -8.0), (0.0, 8.0)], ["sky", "purple", "green", "yellow", "black", "white", "red"]):
        draw_cyclist(Pen(canvas, stand.map([(x, y)])[0], 0.78, -12.0), hex_colour(TEAM_COLOURS[name]))
    title_banner(canvas, ["LEADER 1"], (226, 52, 46))
    return canvas.finish()


def title_breakaway_football() -> pygame.Surface:
    """The field near the goal line: ball on its marker, the first-down flag ahead."""
    canvas = Canvas(TITLE_W, TITLE_H)
    canvas.rect((0.0, 0.0, TITLE_W, TITLE_H), (46, 130, 64))
    yard = 12.0
    for k in range(-2, 30):
        x = 20.0 + k * yard * 5
        if k % 2:
            canvas.rect((x, 0.0, yard * 5, TITLE_H), (52, 140, 70))
    end_zone = 296.0
    canvas.rect((end_zone, 0.0, TITLE_W - end_zone, TITLE_H), (180, 40, 36))
    for k in range(-6, 12):
        y = k * 22.0
        canvas.polygon([(end_zone, y), (end_zone + 64.0, y + 64.0), (end_zone + 64.0, y + 74.0), (end_zone, y + 10.0)],
                       (160, 32, 30))
    canvas.text("FIRE", (330.0, 86.0), 26.0, (250, 150, 40), outline=(90, 14, 14), outline_width=1.6, weight=0.2)
    for k in range(0, 7):
        x = end_zone - k * yard * 5
        canvas.stroke([(x, 0.0), (x, TITLE_H)], (240, 244, 236), 2.0 if k else 3.0)
        for j in range(1, 5):
            tx = x - j * yard
            for ty in (64.0, 134.0):
                canvas.stroke([(tx, ty - 3.0), (tx, ty + 3.0)], (240, 244, 236), 1.0)
    for k, label in ((2, "10"), (4, "20")):
        x = end_zone - k * yard * 5
        canvas.text(label, (x, 22.0), 16.0, (240, 244, 236), weight=0.2, spacing=0.5)
    ball_x = end_zone - 2 * yard * 5 + 3 * yard
    canvas.stroke([(ball_x, 0.0), (ball_x, TITLE_H)], (60, 140, 230), 2.2)
    first_down = ball_x + 10 * yard
    canvas.stroke([(first_down, 0.0), (first_down, TITLE_H)], (250, 220, 40), 2.2)
    flag = Pen(canvas, (first_down, 58.0), 1.3)
    flag.stroke([(0.0, 0.0), (0.0, -36.0)], (30, 30, 36), 3.0)
    flag.polygon([(0.0, -36.0), (18.0, -31.0), (0.0, -24.0)], (214, 36, 40), (110, 14, 18), 0.8)
    shade = canvas.blank()
    icons.football(Pen(shade, (ball_x + 3.0, 104.0), 2.6, -20.0), (0, 0, 0), (0, 0, 0), (0, 0, 0))
    canvas.layer(lambda layer: layer.surf.blit(shade.surf, (0, 0)), alpha=70)
    icons.football(Pen(canvas, (ball_x, 98.0), 2.6, -20.0))
    pin = Pen(canvas, (ball_x, 48.0), 1.6)
    pin.polygon(arc_points((0.0, -14.0), 10.0, 10.0, 140, 400, 30) + [(0.0, 8.0)], (240, 120, 20), (120, 50, 0), 1.0)
    pin.circle((0.0, -14.0), 6.0, (255, 252, 244))
    title_banner(canvas, ["BREAKAWAY", "FOOTBALL"], (120, 210, 90))
    return canvas.finish()


def title_breakout() -> pygame.Surface:
    """The red wall by night, ropes tied across it, one escapee on top and one climbing."""
    canvas = Canvas(TITLE_W, TITLE_H)
    canvas.rect((0.0, 0.0, TITLE_W, TITLE_H), (22, 30, 62))
    rng = Random(5)
    for _ in range(46):
        canvas.circle((rng.uniform(0, TITLE_W), rng.uniform(0, 130)), rng.uniform(0.4, 1.1), (220, 226, 255))
    canvas.circle((52.0, 36.0), 15.0, (250, 244, 210))
    canvas.circle((60.0, 30.0), 13.0, (22, 30, 62))
    beam = canvas.blank()
    beam.polygon([(90.0, 200.0), (100.0, -10.0), (170.0, -10.0), (112.0, 200.0)], (255, 250, 200))
    canvas.layer(lambda layer: layer.surf.blit(beam.surf, (0, 0)), alpha=36)
    canvas.rect((0.0, 182.0, TITLE_W, 18.0), (34, 40, 52))
    scale = 0.4
    origin = (206.0, 44.0)
    canvas.paste_big(wall(), origin, 0.0, scale)
    pattern = ["ybyb.", "yb.b.", ".bbyy", "yby..", ".by.y"]
    knots = {"y": knot(KNOT_YELLOW), "b": knot(KNOT_BLUE)}
    for (x, y, w, hgt), row in zip(slot_rects(), pattern):
        for j, ch in enumerate(row):
            if ch != ".":
                pos = (origin[0] + (x + j * 44 + 22) * scale, origin[1] + (y + hgt / 2) * scale)
                canvas.paste_big(knots[ch], pos, 0.0, scale, center=True)
    top_y = origin[1] + 8 * scale
    canvas.paste_big(character(KNOT_BLUE, 1), (origin[0] + 62.0, top_y - 16.0), 0.0, 0.8, center=True)
    climb_x = origin[0] + (40 + 44 + 22) * scale
    canvas.paste_big(character(KNOT_YELLOW, 3), (climb_x, origin[1] + 150 * scale), -8.0, 0.8, center=True)
    title_banner(canvas, ["BREAKOUT"], (244, 200, 36))
    return canvas.finish()


TITLES = {"breaking-away": title_breaking_away, "breakaway-rider": title_breakaway_rider,
          "leader-1": title_leader_1, "breakaway-football": title_breakaway_football, "breakout": title_breakout}


# -- wordmark and icon ----------------------------------------------------------------------


def logo() -> pygame.Surface:
    """BREAKAWAY BOX: slanted white letters with speed lines, BOX on a yellow box lid."""
    ink = (10, 14, 30)
    canvas = Canvas(600, 140, ink)
    word, size, italic = "BREAKAWAY", 48.0, 0.18
    x0 = 40.0
    word_w = font.layout(word, size, 0.21, 0.06).width + italic * size
    for k, (y, length) in enumerate(((44.0, 26.0), (58.0, 34.0), (72.0, 22.0))):
        canvas.stroke([(x0 - 8.0 - length, y), (x0 - 10.0, y)], (250, 190, 40), 4.0 - k * 0.6)
    canvas.text(word, (x0, 58.0), size, CREAM, outline=ink, outline_width=3.4, weight=0.21, spacing=0.06,
                italic=italic, align="left", shadow=(232, 84, 30), shadow_offset=(4.0, 5.0))
    lid = Canvas(136, 104, ink)
    lid.polygon(rounded_rect_points(10.0, 14.0, 116.0, 76.0, 10.0), (250, 206, 40), ink, 3.2)
    lid.polygon(rounded_rect_points(10.0, 14.0, 116.0, 14.0, 7.0), (255, 232, 120))
    lid.rect((10.0, 24.0, 116.0, 4.0), (250, 206, 40))
    lid.stroke([(10.0, 28.0), (126.0, 28.0)], (190, 140, 10), 1.4)
    lid.text("BOX", (68.0, 59.0), 34.0, (24, 30, 58), weight=0.23, spacing=0.06)
    canvas.paste_big(lid, (x0 + word_w + 76.0, 62.0), 5.0, 1.0, center=True)
    canvas.text("FIVE TABLETOP GAMES", (x0 + 8.0, 114.0), 13.0, (250, 206, 40), weight=0.2, spacing=0.32,
                align="left", italic=0.18, outline=ink, outline_width=1.6)
    return canvas.finish()


def app_icon(size: int = 256) -> pygame.Surface:
    """A navy tile with a yellow medallion and a cyclist breaking away."""
    s = size / 256
    canvas = Canvas(size, size, (10, 16, 40))
    canvas.polygon(rounded_rect_points(8 * s, 8 * s, 240 * s, 240 * s, 52 * s), (52, 80, 150), (10, 16, 40), 4 * s)
    canvas.polygon(rounded_rect_points(12 * s, 14 * s, 232 * s, 230 * s, 48 * s), (30, 52, 110))
    canvas.circle((128 * s, 124 * s), 86 * s, (250, 206, 40), (10, 16, 40), 5 * s)
    canvas.circle((122 * s, 118 * s), 76 * s, (255, 232, 120))
    canvas.circle((130 * s, 126 * s), 76 * s, (250, 206, 40))
    for k, (y, length) in enumerate(((96.0, 60.0), (124.0, 74.0), (152.0, 52.0))):
        canvas.stroke([(20 * s, y * s), ((20 + length) * s, y * s)], (255, 255, 255), 9 * s)
    icons.cyclist_side(Pen(canvas, (140 * s, 132 * s), 3.7 * s), (18, 28, 64), 2.6)
    return canvas.finish()


def aliases() -> dict[str, str]:
    """Title art is also listed under the game ids themselves (``title_breaking-away``)."""
    return {f"title_{game_id}": f"title_{game_id.replace('-', '_')}" for game_id in TITLES if "-" in game_id}


def sprites() -> dict[str, pygame.Surface]:
    out = {"table_felt": table_felt(), "logo": logo(), "icon": app_icon()}
    for game_id, draw in TITLES.items():
        out[f"title_{game_id.replace('-', '_')}"] = draw()
    return out
