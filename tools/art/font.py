"""A small geometric stroke font for the lettering painted into the art.

Glyphs are centre-lines on a grid one unit tall (y grows downward); drawing them
with a thick round pen gives a sporty display face.  Using our own font keeps
the generated pixels identical on every platform (no font files, no FreeType
version differences) and lets outlines be drawn as simply a thicker pen.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]
Path = list[Point]

#: Exponent for rounded letters: below 1 the ellipse turns into a "squircle".
ROUNDNESS = 0.55


def _sq(centre: Point, rx: float, ry: float, a0: float, a1: float, steps: int = 28) -> Path:
    """A squircle arc from angle a0 to a1 in degrees (0 = right, 90 = down)."""
    cx, cy = centre
    pts = []
    for i in range(steps + 1):
        a = math.radians(a0 + (a1 - a0) * i / steps)
        c, s = math.cos(a), math.sin(a)
        x = math.copysign(abs(c) ** ROUNDNESS, c)
        y = math.copysign(abs(s) ** ROUNDNESS, s)
        pts.append((cx + rx * x, cy + ry * y))
    return pts


def _flip(paths: list[Path], width: float) -> list[Path]:
    """Turn a glyph half a turn (9 from 6)."""
    return [[(width - x, 1.0 - y) for x, y in path] for path in paths]


def _glyphs() -> dict[str, tuple[float, list[Path]]]:
    g: dict[str, tuple[float, list[Path]]] = {}
    g["A"] = (0.66, [[(0.0, 1.0), (0.33, 0.0), (0.66, 1.0)], [(0.13, 0.64), (0.53, 0.64)]])
    g["B"] = (0.6, [[(0.28, 0.47), (0.0, 0.47), (0.0, 0.0), (0.28, 0.0)] + _sq((0.28, 0.235), 0.27, 0.235, -90, 90)[1:],
                    [(0.0, 0.47), (0.0, 1.0), (0.3, 1.0)] + _sq((0.3, 0.735), 0.3, 0.265, 90, -90)[1:] + [(0.0, 0.47)]])
    g["C"] = (0.6, [_sq((0.33, 0.5), 0.33, 0.5, -38, -322)])
    g["D"] = (0.64, [[(0.2, 0.0), (0.0, 0.0), (0.0, 1.0), (0.2, 1.0)] + _sq((0.2, 0.5), 0.44, 0.5, 90, 0) +
                     _sq((0.2, 0.5), 0.44, 0.5, 0, -90)[1:] + [(0.2, 0.0)]])
    g["E"] = (0.54, [[(0.54, 0.0), (0.0, 0.0), (0.0, 1.0), (0.54, 1.0)], [(0.0, 0.49), (0.44, 0.49)]])
    g["F"] = (0.52, [[(0.52, 0.0), (0.0, 0.0), (0.0, 1.0)], [(0.0, 0.5), (0.42, 0.5)]])
    g["G"] = (0.64, [_sq((0.33, 0.5), 0.33, 0.5, -40, -360) + [(0.36, 0.5)]])
    g["H"] = (0.6, [[(0.0, 0.0), (0.0, 1.0)], [(0.6, 0.0), (0.6, 1.0)], [(0.0, 0.5), (0.6, 0.5)]])
    g["I"] = (0.0, [[(0.0, 0.0), (0.0, 1.0)]])
    g["J"] = (0.5, [[(0.5, 0.0)] + _sq((0.25, 0.7), 0.25, 0.3, 0, 180)])
    g["K"] = (0.6, [[(0.0, 0.0), (0.0, 1.0)], [(0.58, 0.0), (0.0, 0.62)], [(0.2, 0.45), (0.6, 1.0)]])
    g["L"] = (0.5, [[(0.0, 0.0), (0.0, 1.0), (0.5, 1.0)]])
    g["M"] = (0.78, [[(0.0, 1.0), (0.0, 0.0), (0.39, 0.62), (0.78, 0.0), (0.78, 1.0)]])
    g["N"] = (0.62, [[(0.0, 1.0), (0.0, 0.0), (0.62, 1.0), (0.62, 0.0)]])
    g["O"] = (0.7, [_sq((0.35, 0.5), 0.35, 0.5, 0, 360, 48)])
    g["P"] = (0.58, [[(0.0, 1.0), (0.0, 0.0), (0.3, 0.0)] + _sq((0.3, 0.27), 0.28, 0.27, -90, 90)[1:] + [(0.0, 0.54)]])
    g["Q"] = (0.7, [_sq((0.35, 0.5), 0.35, 0.5, 0, 360, 48), [(0.42, 0.68), (0.72, 1.02)]])
    g["R"] = (0.6, [[(0.0, 1.0), (0.0, 0.0), (0.3, 0.0)] + _sq((0.3, 0.27), 0.28, 0.27, -90, 90)[1:] + [(0.0, 0.54)],
                    [(0.28, 0.54), (0.6, 1.0)]])
    g["S"] = (0.58, [_sq((0.29, 0.25), 0.28, 0.25, -25, -270) + _sq((0.29, 0.75), 0.29, 0.25, -90, 155)[1:]])
    g["T"] = (0.6, [[(0.0, 0.0), (0.6, 0.0)], [(0.3, 0.0), (0.3, 1.0)]])
    g["U"] = (0.6, [[(0.0, 0.0)] + _sq((0.3, 0.55), 0.3, 0.45, 180, 0) + [(0.6, 0.0)]])
    g["V"] = (0.64, [[(0.0, 0.0), (0.32, 1.0), (0.64, 0.0)]])
    g["W"] = (0.9, [[(0.0, 0.0), (0.22, 1.0), (0.45, 0.28), (0.68, 1.0), (0.9, 0.0)]])
    g["X"] = (0.62, [[(0.0, 0.0), (0.62, 1.0)], [(0.62, 0.0), (0.0, 1.0)]])
    g["Y"] = (0.64, [[(0.0, 0.0), (0.32, 0.52), (0.64, 0.0)], [(0.32, 0.52), (0.32, 1.0)]])
    g["Z"] = (0.58, [[(0.0, 0.0), (0.58, 0.0), (0.0, 1.0), (0.58, 1.0)]])
    g["0"] = (0.6, [_sq((0.3, 0.5), 0.3, 0.5, 0, 360, 48)])
    g["1"] = (0.34, [[(0.0, 0.2), (0.3, 0.0), (0.3, 1.0)]])
    g["2"] = (0.58, [_sq((0.29, 0.28), 0.28, 0.28, -170, 20) + [(0.0, 1.0), (0.58, 1.0)]])
    g["3"] = (0.58, [_sq((0.28, 0.255), 0.27, 0.245, -165, 90) + _sq((0.28, 0.745), 0.3, 0.255, -90, 165)[1:]])
    g["4"] = (0.62, [[(0.46, 1.0), (0.46, 0.0), (0.0, 0.68), (0.62, 0.68)]])
    g["5"] = (0.58, [[(0.54, 0.0), (0.05, 0.0), (0.02, 0.46)] + _sq((0.28, 0.68), 0.3, 0.32, -125, 155)])
    six = [_sq((0.3, 0.69), 0.3, 0.31, 0, 360, 40), [(0.0, 0.69), (0.0, 0.42)] + _sq((0.3, 0.42), 0.3, 0.42, 180, 300)]
    g["6"] = (0.6, six)
    g["7"] = (0.58, [[(0.0, 0.0), (0.58, 0.0), (0.18, 1.0)]])
    g["8"] = (0.6, [_sq((0.3, 0.245), 0.26, 0.245, 0, 360, 40), _sq((0.3, 0.745), 0.3, 0.255, 0, 360, 40)])
    g["9"] = (0.6, _flip(six, 0.6))
    g["/"] = (0.44, [[(0.44, 0.0), (0.0, 1.0)]])
    g["-"] = (0.4, [[(0.0, 0.56), (0.4, 0.56)]])
    g["+"] = (0.6, [[(0.3, 0.26), (0.3, 0.86)], [(0.0, 0.56), (0.6, 0.56)]])
    g["."] = (0.0, [[(0.0, 1.0), (0.0, 1.0)]])
    g[":"] = (0.0, [[(0.0, 0.35), (0.0, 0.35)], [(0.0, 1.0), (0.0, 1.0)]])
    g["!"] = (0.0, [[(0.0, 0.0), (0.0, 0.66)], [(0.0, 1.0), (0.0, 1.0)]])
    g["'"] = (0.0, [[(0.0, 0.0), (0.0, 0.25)]])
    g["&"] = (0.66, [[(0.66, 1.0), (0.12, 0.38)] + _sq((0.24, 0.2), 0.18, 0.2, 150, -150) +
                     [(0.06, 0.6)] + _sq((0.28, 0.74), 0.26, 0.26, 200, 90)[1:] + [(0.62, 0.56)]])
    g[" "] = (0.36, [])
    return g


GLYPHS = _glyphs()


@dataclass(frozen=True)


class Layout:
    """Glyph centre-lines already placed in pixels, ready to stroke."""

    paths: list[Path]
    width: float


def layout(text: str, size: float, weight: float = 0.17, spacing: float = 0.16,
           condensed: float = 1.0) -> Layout:
    """Place ``text`` (capitals) with cap height ``size``; x starts at 0, y at the cap top.

    The returned width includes the pen's half-thickness on both ends.
    """
    pen = weight * size
    x = pen / 2
    paths: list[Path] = []
    for ch in text.upper():
        width, strokes = GLYPHS.get(ch, GLYPHS[" "])
        for stroke in strokes:
            paths.append([(x + px * size * condensed, py * size) for px, py in stroke])
        x += width * size * condensed + pen + spacing * size
    total = x - spacing * size - pen / 2 if text else 0.0
    return Layout(paths, total)
