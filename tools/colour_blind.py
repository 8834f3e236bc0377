"""See a screenshot as a player with deuteranopia (or protanopia) would.

    python tools/colour_blind.py shot.png                # writes shot-deuteranopia.png
    python tools/colour_blind.py shot.png --kind protanopia --out other.png
    python tools/colour_blind.py --teams                 # how far apart the team colours stay

Uses the Machado, Oliveira and Fernandes (2009) simulation matrices at full
severity, applied in linear RGB.  Open the written PNG and check that every
team on the table can still be told apart (by pattern, number or shape where
the colours merge).  ``--teams`` prints the pairs of team colours that become
hard to tell apart, which is where patterns must do the work.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

MATRICES = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
}
#: colour pairs closer than this (Euclidean distance in 0-255 sRGB) after simulation count as confusable
CONFUSABLE_DISTANCE = 60.0


def _to_linear(channel: int) -> float:
    c = channel / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(linear: float) -> int:
    linear = min(max(linear, 0.0), 1.0)
    c = linear * 12.92 if linear <= 0.0031308 else 1.055 * linear ** (1 / 2.4) - 0.055
    return round(c * 255)


def simulate(rgb: tuple[int, int, int], kind: str = "deuteranopia") -> tuple[int, int, int]:
    """The colour as seen with the given colour-vision deficiency."""
    linear = [_to_linear(c) for c in rgb]
    row = MATRICES[kind]
    return tuple(_to_srgb(sum(m * c for m, c in zip(line, linear))) for line in row)  # type: ignore[return-value]


def simulate_image(source: Path, target: Path, kind: str) -> None:
    import pygame

    image = pygame.image.load(str(source))
    width, height = image.get_size()
    data = bytearray(pygame.image.tobytes(image, "RGB"))
    cache: dict[bytes, bytes] = {}
    for i in range(0, len(data), 3):
        pixel = bytes(data[i:i + 3])
        seen = cache.get(pixel)
        if seen is None:
            seen = bytes(simulate((pixel[0], pixel[1], pixel[2]), kind))
            cache[pixel] = seen
        data[i:i + 3] = seen
    pygame.image.save(pygame.image.frombytes(bytes(data), (width, height), "RGB"), str(target))


def confusable_team_pairs(kind: str = "deuteranopia") -> list[tuple[str, str, float]]:
    """Team colour pairs that are close after simulation, closest first."""
    from game.core.spec import TEAM_COLOURS

    seen = {name: simulate(_hex(code), kind) for name, code in TEAM_COLOURS}
    names = list(seen)
    pairs = []
    for a in range(len(names)):
        for b in range(a + 1, len(names)):
            distance = sum((x - y) ** 2 for x, y in zip(seen[names[a]], seen[names[b]])) ** 0.5
            if distance < CONFUSABLE_DISTANCE:
                pairs.append((names[a], names[b], round(distance, 1)))
    return sorted(pairs, key=lambda pair: pair[2])


def _hex(code: str) -> tuple[int, int, int]:
    code = code.lstrip("#")
    return int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("image", nargs="?", type=Path, help="a screenshot (PNG)")
    parser.add_argument("--kind", choices=sorted(MATRICES), default="deuteranopia")
    parser.add_argument("--out", type=Path, help="where to write the simulated PNG")
    parser.add_argument("--teams", action="store_true", help="list team colours that become confusable")
    args = parser.parse_args()
    if args.teams:
        for a, b, distance in confusable_team_pairs(args.kind):
            print(f"{a} / {b}: {distance} apart with {args.kind} (patterns or numbers must tell them apart)")
    if args.image:
        target = args.out or args.image.with_name(f"{args.image.stem}-{args.kind}.png")
        simulate_image(args.image, target, args.kind)
        print(target)
    if not args.teams and not args.image:
        parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
