"""Top-down cyclists facing right, a tintable jersey mask and the team-coloured riders.

The rider is drawn in three layers: the bike and legs, the team-coloured parts
(torso, sleeves, helmet) and the forearms on top.  The mask is the team layer in
grey shades (white fill, grey outline, half-transparent highlight) minus what the
forearms cover, so multiplying it by any colour and laying it over the neutral
rider gives a correctly shaded team rider; the pre-coloured sprites are made
exactly that way, so they match what a scene tinting at run time would show.
"""
from __future__ import annotations

import pygame

from .draw import Canvas, Colour, Pen, ellipse_points, hex_colour, lighter, mix, soften

WIDTH, HEIGHT = 38, 22          # sprite size: 34 px of bike plus room for outlines
ORIGIN = (2.0, 11.0)            # rear tyre's back edge on the centre line
NUMBER_CENTRE = (15.0, 0.0)     # the clear spot on the rider's back, in local units
NUMBER_RADIUS = 3.6

TEAM_COLOURS: dict[str, str] = {
    "orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442", "blue": "#0072B2",
    "red": "#D55E00", "purple": "#CC79A7", "black": "#2B2B2B", "white": "#F4F4F4",
}

TYRE = (38, 38, 44)
TYRE_EDGE = (14, 14, 20)
RIM = (120, 124, 134)
BAR = (44, 44, 52)
FRAME = (168, 174, 186)
SKIN = (226, 176, 134)
SKIN_EDGE = (150, 100, 70)
SHORTS = (40, 40, 50)
SHORTS_EDGE = (16, 16, 22)
GLOVE = (48, 48, 58)

#: Grey shades of the jersey mask (multiplied by the team colour at run time).
MASK_FILL = (255, 255, 255, 255)
MASK_EDGE = (138, 138, 138, 255)
MASK_VENT = (178, 178, 178, 255)
MASK_SHINE = (255, 255, 255, 140)

TORSO = [(8.8, 0.0), (9.2, -2.6), (11.2, -3.9), (15.0, -4.7), (18.6, -5.6), (20.6, -5.9), (21.9, -5.0),
         (22.2, -2.6), (21.6, 0.0), (22.2, 2.6), (21.9, 5.0), (20.6, 5.9), (18.6, 5.6), (15.0, 4.7),
         (11.2, 3.9), (9.2, 2.6)]
HELMET = [(22.0, 0.0), (22.3, -1.7), (23.4, -2.75), (25.3, -3.05), (27.3, -2.55), (28.6, -1.35), (29.0, 0.0),
          (28.6, 1.35), (27.3, 2.55), (25.3, 3.05), (23.4, 2.75), (22.3, 1.7)]


def bike_and_legs(pen: Pen) -> None:
    """Wheels, bars, shorts and thighs: everything under the jersey."""
    for x0, x1 in ((0.6, 11.4), (22.6, 33.4)):
        pen.capsule([(x0, 0.0), (x1, 0.0)], 2.4, TYRE, TYRE_EDGE, 0.55)
        pen.stroke([(x0 + 1.6, -0.35), (x1 - 1.6, -0.35)], RIM, 0.5)
    pen.stroke([(8.0, 0.0), (27.0, 0.0)], FRAME, 1.3)
    pen.capsule([(26.2, -6.0), (27.6, -5.3), (27.6, 5.3), (26.2, 6.0)], 1.2, BAR, TYRE_EDGE, 0.45)
    for knee_x, side in ((19.4, -1.0), (17.0, 1.0)):
        hip = (11.0, 2.2 * side)
        knee = (knee_x, 5.3 * side)
        mid = ((hip[0] + knee[0]) / 2, (hip[1] + knee[1]) / 2)
        pen.capsule([mid, knee], 2.9, SKIN, SKIN_EDGE, 0.5)
        pen.capsule([hip, mid], 3.3, SHORTS, SHORTS_EDGE, 0.5)
    pen.ellipse((10.6, 0.0), 2.4, 2.8, SHORTS, SHORTS_EDGE, 0.5)


def team_parts(pen: Pen, fill: Colour, edge: Colour, shine: Colour, vent: Colour) -> None:
    """Torso, sleeves and helmet in the given tones (team colour or mask greys)."""
    for side in (-1.0, 1.0):
        pen.capsule([(20.6, 5.2 * side), (23.4, 5.6 * side)], 2.6, fill, edge, 0.5)
    pen.shaded(TORSO, fill, edge, shine, light=(0.9, 1.3), width=0.55)
    pen.shaded(HELMET, fill, edge, shine, light=(0.6, 0.9), width=0.55)
    for dy in (-1.3, 0.0, 1.3):
        pen.stroke([(23.6, dy * 1.15), (27.6, dy)], vent, 0.55)


def forearms(pen: Pen) -> None:
    """Bare forearms and gloves reaching the brake hoods, drawn over the sleeves."""
    for side in (-1.0, 1.0):
        pen.capsule([(23.4, 5.6 * side), (26.4, 5.5 * side)], 1.9, SKIN, SKIN_EDGE, 0.45)
        pen.circle((27.2, 5.45 * side), 1.15, GLOVE, TYRE_EDGE, 0.4)


def colour_tones(colour: Colour) -> tuple[Colour, Colour, Colour, Colour]:
    """Fill, outline, highlight and vent tones for a team colour drawn directly."""
    return colour, mix(colour, (0, 0, 0), 0.46), lighter(colour, 0.42), mix(colour, (0, 0, 0), 0.3)


def draw_cyclist(pen: Pen, colour: Colour) -> None:
    """A whole rider in a team colour, for groups and illustrations."""
    bike_and_legs(pen)
    team_parts(pen, *colour_tones(colour))
    forearms(pen)


def _pen(canvas: Canvas) -> Pen:
    return Pen(canvas, ORIGIN)


def neutral_rider() -> pygame.Surface:
    canvas = Canvas(WIDTH, HEIGHT, TYRE_EDGE)
    pen = _pen(canvas)
    bike_and_legs(pen)
    team_parts(pen, (250, 250, 250), (150, 152, 160), (255, 255, 255), (196, 198, 204))
    forearms(pen)
    return canvas.finish()


def jersey_mask() -> pygame.Surface:
    """White-on-transparent jersey area: multiply by a team colour and lay over ``rider``."""
    team = Canvas(WIDTH, HEIGHT, MASK_EDGE)
    team_parts(_pen(team), MASK_FILL, MASK_EDGE, MASK_SHINE, MASK_VENT)
    cover = Canvas(WIDTH, HEIGHT, TYRE_EDGE)
    forearms(_pen(cover))
    keep = pygame.Surface(cover.surf.get_size(), pygame.SRCALPHA)
    keep.fill((255, 255, 255, 255))
    holes = cover.surf.copy()
    holes.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
    keep.blit(holes, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    team.surf.blit(keep, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return team.finish()


def tinted(rider: pygame.Surface, mask: pygame.Surface, colour: Colour) -> pygame.Surface:
    """What a scene does at run time: the mask multiplied by the colour, laid over the rider."""
    paint = mask.copy()
    paint.fill((*colour[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
    out = rider.copy()
    out.blit(paint, (0, 0))
    return out


def rider_shadow() -> pygame.Surface:
    """A soft dark silhouette to draw a few pixels below-right of the rider."""
    canvas = Canvas(WIDTH, HEIGHT, (0, 0, 0))
    pen = _pen(canvas)
    pen.capsule([(1.0, 0.0), (33.0, 0.0)], 3.2, (0, 0, 0))
    pen.polygon(TORSO, (0, 0, 0), (0, 0, 0), 0.6)
    pen.polygon(ellipse_points((25.2, 0.0), 3.6, 3.2), (0, 0, 0))
    pen.stroke([(26.2, -6.0), (27.6, -5.3), (27.6, 5.3), (26.2, 6.0)], (0, 0, 0), 1.8)
    small = canvas.finish()
    small.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
    return soften(small, 1)


def sprites() -> dict[str, pygame.Surface]:
    rider = neutral_rider()
    mask = jersey_mask()
    out = {"rider": rider, "rider_mask": mask, "rider_shadow": rider_shadow()}
    for name, code in TEAM_COLOURS.items():
        out[f"rider_{name}"] = tinted(rider, mask, hex_colour(code))
    return out


def geometry() -> dict:
    """Where the scene paints the rider's number (sprite pixels, facing right)."""
    return {"number_centre": [round(ORIGIN[0] + NUMBER_CENTRE[0], 1), round(ORIGIN[1] + NUMBER_CENTRE[1], 1)],
            "number_radius": NUMBER_RADIUS, "length": 34}
