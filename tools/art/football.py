"""Breakaway Football: ball, markers, card frames and backs, flags, chits, coin
and the four team emblems."""
from __future__ import annotations

import math
from typing import Callable

import pygame

from . import icons
from .draw import Canvas, Colour, Pen, arc_points, darker, lighter, mix, star
from .rider_cards import card_shadow

BIG_W, BIG_H = 150, 210
PAPER = (250, 247, 238)
CARD_EDGE = (70, 70, 82)
NAVY = (28, 44, 86)
MAROON = (120, 28, 40)
TURF = (46, 128, 66)
INK = (28, 32, 48)


def ball() -> pygame.Surface:
    canvas = Canvas(32, 22, (70, 34, 16))
    icons.football(Pen(canvas, (15.0, 10.0), 1.15))
    return canvas.finish(shadow=(0.8, 1.4, 1.0, 110))


def ball_marker() -> tuple[pygame.Surface, list[float]]:
    """A pin whose point sits on the yard line; returns the sprite and that point."""
    canvas = Canvas(28, 42, (120, 40, 0))
    pin = arc_points((13.0, 13.0), 11.5, 11.5, 140, 400, 40) + [(13.0, 38.0)]
    Pen(canvas).shaded(pin, (240, 120, 20), (120, 50, 0), (255, 180, 100), light=(1.0, 1.4), width=1.1)
    canvas.circle((13.0, 13.0), 8.4, (255, 252, 244), (120, 50, 0), 0.7)
    icons.football(Pen(canvas, (13.0, 13.0), 0.6, -30.0))
    return canvas.finish(shadow=(1.0, 1.4, 1.2, 110)), [13.0, 38.0]


def first_down_flag() -> tuple[pygame.Surface, list[float]]:
    """The red first-down flag on its pole; returns the sprite and the pole's foot."""
    canvas = Canvas(30, 46, (110, 14, 18))
    canvas.circle((6.0, 42.0), 3.0, (60, 60, 70), (30, 30, 36), 0.6)
    canvas.stroke([(6.0, 42.0), (6.0, 4.0)], (30, 30, 36), 3.0)
    canvas.stroke([(6.0, 42.0), (6.0, 4.0)], (226, 228, 236), 1.6)
    cloth = [(7.0, 4.5), (14.0, 3.0), (21.0, 6.0), (27.0, 5.0), (26.0, 15.0), (20.0, 17.0), (13.0, 14.5), (7.0, 16.5)]
    Pen(canvas).shaded(cloth, (214, 36, 40), (110, 14, 18), (250, 110, 100), light=(0.8, 1.5), width=1.0)
    canvas.circle((6.0, 4.0), 1.8, (250, 210, 60), (120, 80, 10), 0.6)
    return canvas.finish(shadow=(1.2, 1.4, 1.2, 110)), [6.0, 42.0]


def card_base(frame: Colour) -> Canvas:
    canvas = Canvas(BIG_W, BIG_H, CARD_EDGE)
    canvas.rrect((1.0, 1.0, BIG_W - 2.0, BIG_H - 2.0), 9.0, PAPER, CARD_EDGE, 1.0)
    canvas.rrect((6.0, 6.0, BIG_W - 12.0, BIG_H - 12.0), 6.0, frame)
    return canvas


def panel(canvas: Canvas, rect: tuple[float, float, float, float], fill: Colour = PAPER) -> None:
    x, y, w, h = rect
    canvas.rrect(rect, 4.0, fill)
    canvas.rrect_line((x + 2.5, y + 2.5, w - 5.0, h - 5.0), 2.5, mix(fill, (0, 0, 0), 0.12), 0.8)


PLAY_AREAS = {"top": [11, 11, 128, 88], "bottom": [11, 111, 128, 88]}


def play_card_frame() -> pygame.Surface:
    """Offense card: two play halves (the lower one reads upside down), a ball between."""
    canvas = card_base(NAVY)
    for rect in PLAY_AREAS.values():
        x, y, w, h = rect
        panel(canvas, (x, y, w, h))
    canvas.stroke([(14.0, 105.0), (56.0, 105.0)], lighter(NAVY, 0.35), 1.2)
    canvas.stroke([(94.0, 105.0), (136.0, 105.0)], lighter(NAVY, 0.35), 1.2)
    icons.football(Pen(canvas, (75.0, 105.0), 0.62))
    return canvas.finish()


def card_back_pattern(canvas: Canvas, colour: Colour, stripe: Colour) -> None:
    """Yard-line stripes clipped to the inner frame of a big card."""
    shape = canvas.blank()
    shape.rrect((6.0, 6.0, BIG_W - 12.0, BIG_H - 12.0), 6.0, (255, 255, 255))

    def lines(layer: Canvas) -> None:
        for k in range(1, 10):
            y = 6.0 + k * (BIG_H - 12.0) / 10
            layer.stroke([(6.0, y), (BIG_W - 6.0, y)], stripe, 1.6 if k != 5 else 2.6)
            for x in (40.0, 110.0):
                layer.stroke([(x - 4.0, y - 9.9), (x + 4.0, y - 9.9)], stripe, 1.0)
    canvas.layer(lines, clip=shape)


def play_card_back() -> pygame.Surface:
    canvas = card_base(TURF)
    card_back_pattern(canvas, TURF, lighter(TURF, 0.22))
    canvas.rrect_line((11.0, 11.0, BIG_W - 22.0, BIG_H - 22.0), 4.0, (250, 250, 244), 1.6)
    canvas.circle((75.0, 92.0), 34.0, NAVY, (250, 250, 244), 2.0)
    icons.football(Pen(canvas, (75.0, 92.0), 2.0, -28.0))
    # the word plate ("OFFENSE" in the player's language) is painted by the scene at 140-166
    return canvas.finish()


#: the text areas (sprite pixels); the labels over the two bubbles are painted by the scene in the
#: player's language ("WIN VS.", "LOSE TO"), in the bands named ``*_label``
DEFENSE_AREAS = {"title": [11, 11, 128, 32], "strength": [11, 47, 128, 52], "win_vs_label": [11, 100, 128, 15],
                 "win_vs": [11, 115, 128, 34], "lose_to_label": [11, 151, 128, 15], "lose_to": [11, 166, 128, 34]}


def defense_card_frame() -> pygame.Surface:
    """Defense card: name, run and pass strengths, and the two bubbles of the plays it wins and loses against
    (their labels are drawn by the scene, in the player's language)."""
    canvas = card_base(MAROON)
    for key, rect in DEFENSE_AREAS.items():
        x, y, w, h = (float(v) for v in rect)
        if key in ("win_vs", "lose_to"):
            canvas.rrect((x, y, w, h), h / 2, PAPER)
            canvas.rrect_line((x + 2.0, y + 2.0, w - 4.0, h - 4.0), h / 2 - 2.0, mix(PAPER, (0, 0, 0), 0.12), 0.8)
        elif key in ("title", "strength"):
            panel(canvas, (x, y, w, h))
    sx, sy, sw, sh = DEFENSE_AREAS["strength"]
    canvas.stroke([(75.0, sy + 4.0), (75.0, sy + sh - 4.0)], mix(PAPER, (0, 0, 0), 0.14), 1.0)
    return canvas.finish()


#: the event window and the four corners; each corner's top band (``*_label``) carries its name, painted by
#: the scene in the player's language ("DEF", "OFF", "PUNT", "FG"), and its well below the value
CORNER_SIZE = (56.0, 34.0)
CORNER_LABEL = 14.0
GAMEDAY_CORNER_AT = {"defense_breakaway": (8, 8), "offense_breakaway": (86, 8), "punt": (8, 168),
                     "field_goal": (86, 168)}
GAMEDAY_AREAS = {"event": [8, 46, 134, 118],
                 **{key: [x, y, int(CORNER_SIZE[0]), int(CORNER_SIZE[1])] for key, (x, y) in GAMEDAY_CORNER_AT.items()},
                 **{f"{key}_label": [x, y, int(CORNER_SIZE[0]), int(CORNER_LABEL)]
                    for key, (x, y) in GAMEDAY_CORNER_AT.items()}}
GAMEDAY_CORNER_COLOURS = {"defense_breakaway": (200, 46, 46), "offense_breakaway": (36, 140, 72),
                          "punt": (64, 96, 170), "field_goal": (214, 160, 20)}


def gameday_card_frame() -> pygame.Surface:
    """Game Day card: the play event in the middle, four coloured corner boxes, a star top and bottom."""
    frame = (36, 40, 52)
    canvas = card_base(frame)
    x, y, w, h = GAMEDAY_AREAS["event"]
    panel(canvas, (x, y, w, h))
    for key, colour in GAMEDAY_CORNER_COLOURS.items():
        x, y, w, h = (float(v) for v in GAMEDAY_AREAS[key])
        canvas.rrect((x, y, w, h), 5.0, colour, (250, 250, 244), 1.4)
        canvas.rrect((x + 3.0, y + CORNER_LABEL, w - 6.0, h - CORNER_LABEL - 3.0), 3.0, lighter(colour, 0.82))
    canvas.polygon(star((75.0, 26.0), 9.0, 4.0, 5), (250, 210, 60))
    canvas.polygon(star((75.0, 185.0), 8.0, 3.6, 5), (250, 210, 60))
    return canvas.finish()


def gameday_card_back() -> pygame.Surface:
    frame = (36, 40, 52)
    canvas = card_base(frame)
    shape = canvas.blank()
    shape.rrect((6.0, 6.0, BIG_W - 12.0, BIG_H - 12.0), 6.0, (255, 255, 255))

    def rays(layer: Canvas) -> None:
        for k in range(18):
            a0 = math.radians(k * 20)
            a1 = math.radians(k * 20 + 10)
            layer.polygon([(75.0, 100.0), (75.0 + 200 * math.cos(a0), 100.0 + 200 * math.sin(a0)),
                           (75.0 + 200 * math.cos(a1), 100.0 + 200 * math.sin(a1))], (48, 54, 70))
    canvas.layer(rays, clip=shape)
    canvas.rrect_line((11.0, 11.0, BIG_W - 22.0, BIG_H - 22.0), 4.0, (250, 210, 60), 1.6)
    canvas.polygon(star((75.0, 84.0), 36.0, 16.0, 5), (250, 210, 60), (120, 84, 10), 1.4)
    # the card's name ("GAME DAY") is painted by the scene under the star, in the player's language
    return canvas.finish()


def challenge_flag(spent: bool = False) -> pygame.Surface:
    """A coach's red challenge flag on a short stick; grey once spent."""
    red = (128, 128, 134) if spent else (218, 34, 40)
    edge = darker(red, 0.5)
    canvas = Canvas(44, 44, edge)
    canvas.stroke([(9.0, 40.0), (15.0, 4.0)], (40, 34, 30), 3.4)
    canvas.stroke([(9.0, 40.0), (15.0, 4.0)], (196, 150, 96), 1.8)
    cloth = [(14.8, 5.0), (24.0, 3.0), (32.0, 7.0), (40.0, 6.0), (37.0, 17.0), (39.5, 26.0), (31.0, 26.5),
             (23.0, 23.0), (12.4, 24.5)]
    Pen(canvas).shaded(cloth, red, edge, lighter(red, 0.45), light=(1.2, 1.6), width=1.2)
    canvas.stroke([(17.0, 12.0), (25.0, 10.5), (33.0, 14.0)], darker(red, 0.22), 1.0)
    canvas.circle((15.0, 3.6), 2.2, (250, 210, 60), (120, 80, 10), 0.7)
    return canvas.finish(shadow=(1.0, 1.5, 1.4, 110))


def timeout_token() -> pygame.Surface:
    canvas = Canvas(34, 34, (14, 20, 40))
    c = (16.0, 16.0)
    canvas.circle(c, 14.4, (250, 210, 60), (110, 76, 10), 1.0)
    canvas.circle(c, 12.0, NAVY)
    icons.stopwatch(Pen(canvas, (16.0, 16.8), 0.8), (255, 255, 255), (14, 20, 40), (218, 34, 40))
    return canvas.finish(shadow=(0.8, 1.2, 1.0, 120))


GOLD = (232, 184, 56)
GOLD_EDGE = (128, 88, 20)


def coin(heads: bool) -> pygame.Surface:
    canvas = Canvas(54, 54, GOLD_EDGE)
    c = (26.0, 26.0)
    canvas.circle(c, 24.0, darker(GOLD, 0.15), GOLD_EDGE, 1.2)
    for k in range(48):
        a = math.radians(k * 7.5)
        canvas.stroke([(c[0] + 21.6 * math.cos(a), c[1] + 21.6 * math.sin(a)),
                       (c[0] + 23.6 * math.cos(a), c[1] + 23.6 * math.sin(a))], GOLD_EDGE, 0.7)
    canvas.circle((25.3, 25.3), 19.6, (250, 222, 130))
    canvas.circle((26.4, 26.4), 19.2, GOLD)
    canvas.ring(c, 16.4, darker(GOLD, 0.2), 0.9)
    emboss = darker(GOLD, 0.32)
    # the two faces tell themselves apart by their pictures alone (no words to translate)
    if heads:
        icons.helmet(Pen(canvas, (25.5, 26.0), 1.35), (246, 206, 96), emboss, emboss)
    else:
        icons.goal_post(Pen(canvas, (26.0, 26.5), 1.35), emboss, 2.6)
    return canvas.finish(shadow=(1.0, 1.6, 1.4, 120))


SHIELD = [(48.0, 6.0), (62.0, 11.0), (80.0, 11.0), (82.0, 40.0), (76.0, 62.0), (62.0, 78.0), (48.0, 88.0),
          (34.0, 78.0), (20.0, 62.0), (14.0, 40.0), (16.0, 11.0), (34.0, 11.0)]


def emblem(main: Colour, trim: Colour, name: str, art: Callable[[Canvas], None]) -> pygame.Surface:
    """A shield badge with a ribbon carrying the team name."""
    edge = darker(main, 0.55)
    canvas = Canvas(98, 98, edge)
    Pen(canvas).polygon(SHIELD, trim, edge, 1.4)
    inner = [(x * 0.88 + 48 * 0.12, y * 0.88 + 47 * 0.12) for x, y in SHIELD]
    Pen(canvas).shaded(inner, main, None, lighter(main, 0.3), light=(1.4, 1.8))
    art(canvas)
    canvas.polygon([(2.0, 68.0), (14.0, 68.0), (14.0, 84.0), (2.0, 84.0), (6.0, 76.0)], darker(trim, 0.3), edge, 1.0)
    canvas.polygon([(96.0, 68.0), (84.0, 68.0), (84.0, 84.0), (96.0, 84.0), (92.0, 76.0)], darker(trim, 0.3), edge, 1.0)
    canvas.polygon([(9.0, 63.0), (89.0, 63.0), (89.0, 80.0), (9.0, 80.0)], trim, edge, 1.2)
    size = 10.0 if len(name) <= 7 else 8.6
    canvas.text(name, (49.0, 71.8), size, (255, 255, 255), outline=edge, outline_width=1.4, weight=0.22,
                spacing=0.1, condensed=0.9 if len(name) > 7 else 1.0)
    return canvas.finish(shadow=(1.5, 2.0, 1.8, 120))


def maulers() -> pygame.Surface:
    brown, orange = (110, 64, 36), (236, 128, 36)

    def art(canvas: Canvas) -> None:
        ink = darker(brown, 0.45)
        for dx, dy in ((-14.0, 34.0), (-5.0, 26.5), (5.0, 26.5), (14.0, 34.0)):
            x, y = 48.0 + dx, dy
            canvas.polygon([(x - 2.2, y - 4.0), (x + dx * 0.05, y - 11.0), (x + 2.2, y - 4.0)], (255, 250, 240), ink, 0.8)
            canvas.circle((x, y), 4.8, orange, ink, 1.2)
        pad = ([(48.0, 38.0)] + arc_points((48.0, 49.0), 13.0, 10.0, -60, 240, 24))
        canvas.polygon(pad, orange, ink, 1.2)
        canvas.stroke(arc_points((48.0, 49.0), 9.0, 6.5, 200, 250, 6), lighter(orange, 0.5), 1.2)
    return emblem(brown, orange, "MAULERS", art)


def pharaohs() -> pygame.Surface:
    blue, gold = (32, 64, 150), (236, 190, 50)

    def art(canvas: Canvas) -> None:
        canvas.circle((48.0, 30.0), 9.0, (250, 214, 90))
        canvas.polygon([(26.0, 58.0), (48.0, 22.0), (70.0, 58.0)], gold, darker(blue, 0.4), 1.2)
        canvas.polygon([(48.0, 22.0), (70.0, 58.0), (54.0, 58.0)], darker(gold, 0.18))
        for k in range(1, 4):
            y = 22.0 + k * 9.0
            canvas.stroke([(48.0 - k * 5.5, y), (48.0 + k * 5.5, y)], darker(gold, 0.3), 0.9)
        canvas.polygon([(40.0, 44.0), (48.0, 40.0), (56.0, 44.0), (48.0, 48.0)], (255, 255, 255), darker(blue, 0.4), 0.8)
        canvas.circle((48.0, 44.0), 2.2, blue)
    return emblem(blue, gold, "PHARAOHS", art)


def lightning() -> pygame.Surface:
    blue, yellow = (24, 130, 210), (250, 220, 40)

    def art(canvas: Canvas) -> None:
        for k, x in enumerate((26.0, 70.0)):
            canvas.stroke([(x, 26.0 + k * 6), (x + (6 if k else -6), 36.0 + k * 6)], (200, 236, 255), 1.4)
        icons.bolt(Pen(canvas, (48.0, 38.0), 2.1), yellow, darker(blue, 0.5), 1.0)
    return emblem(blue, yellow, "LIGHTNING", art)


def fire() -> pygame.Surface:
    red, orange = (196, 36, 30), (250, 150, 30)

    def art(canvas: Canvas) -> None:
        outer = ([(48.0, 60.0)] + arc_points((48.0, 46.0), 16.0, 14.0, 90, 200, 10)[1:] +
                 [(30.0, 32.0), (38.0, 38.0), (40.0, 18.0), (50.0, 30.0), (56.0, 14.0), (60.0, 34.0), (66.0, 28.0)] +
                 arc_points((48.0, 46.0), 16.0, 14.0, -20, 90, 10))
        canvas.polygon(outer, orange, darker(red, 0.45), 1.2)
        inner = ([(48.0, 58.0)] + arc_points((48.0, 49.0), 9.0, 9.0, 90, 200, 8)[1:] +
                 [(42.0, 40.0), (47.0, 44.0), (50.0, 32.0), (55.0, 44.0)] + arc_points((48.0, 49.0), 9.0, 9.0, -20, 90, 8))
        canvas.polygon(inner, (255, 226, 90))
    return emblem(red, orange, "FIRE", art)


def sprites() -> tuple[dict[str, pygame.Surface], dict]:
    marker, marker_anchor = ball_marker()
    flag, flag_anchor = first_down_flag()
    out = {
        "football": ball(), "ball_marker": marker, "first_down_flag": flag,
        "play_card_frame": play_card_frame(), "play_card_back": play_card_back(),
        "defense_card_frame": defense_card_frame(), "gameday_card_frame": gameday_card_frame(),
        "gameday_card_back": gameday_card_back(), "big_card_shadow": card_shadow(BIG_W, BIG_H, 9.0),
        "challenge_flag": challenge_flag(), "challenge_flag_spent": challenge_flag(spent=True),
        "timeout_token": timeout_token(), "coin_heads": coin(True), "coin_tails": coin(False),
        "team_maulers": maulers(), "team_pharaohs": pharaohs(), "team_lightning": lightning(), "team_fire": fire(),
    }
    geometry = {
        "ball_marker": {"anchor": marker_anchor},
        "first_down_flag": {"anchor": flag_anchor},
        "play_card_frame": {"areas": PLAY_AREAS},
        "defense_card_frame": {"areas": DEFENSE_AREAS},
        "gameday_card_frame": {"areas": GAMEDAY_AREAS},
    }
    return out, geometry
