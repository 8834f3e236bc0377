"""Sprite sheets, the index, and byte-stable PNG and ICO files.

PNGs are written here with ``zlib`` rather than through SDL_image so that the
same pixels always give the same bytes, whatever image library pygame ships with.
"""
from __future__ import annotations

import json
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

import pygame

PADDING = 2  # empty pixels between sprites, so smoothed edges never bleed together


@dataclass


class Placed:
    name: str
    sheet: str
    rect: tuple[int, int, int, int]


def pack_sheet(sheet: str, sprites: dict[str, pygame.Surface], width: int) -> tuple[pygame.Surface, list[Placed]]:
    """Shelf packing: tallest sprites first, left to right, row by row."""
    order = sorted(sprites, key=lambda n: (-sprites[n].get_height(), -sprites[n].get_width(), n))
    widest = max(s.get_width() for s in sprites.values())
    width = max(width, widest + 2 * PADDING)
    x = y = PADDING
    row_height = 0
    spots: list[Placed] = []
    for name in order:
        w, h = sprites[name].get_size()
        if x + w + PADDING > width:
            x = PADDING
            y += row_height + PADDING
            row_height = 0
        spots.append(Placed(name, sheet, (x, y, w, h)))
        x += w + PADDING
        row_height = max(row_height, h)
    height = y + row_height + PADDING
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    for spot in spots:
        surface.blit(sprites[spot.name], spot.rect[:2])
    return surface, spots


def png_bytes(surface: pygame.Surface) -> bytes:
    """Encode an RGBA PNG (filter 0 on every row, zlib level 9)."""
    width, height = surface.get_size()
    raw = pygame.image.tobytes(surface, "RGBA")
    stride = width * 4
    rows = b"".join(b"\x00" + raw[y * stride:(y + 1) * stride] for y in range(height))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9))
            + chunk(b"IEND", b""))


def ico_bytes(images: list[pygame.Surface]) -> bytes:
    """A Windows icon holding PNG-compressed images (supported since Windows Vista)."""
    blobs = [png_bytes(image) for image in images]
    out = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    for image, blob in zip(images, blobs):
        w, h = image.get_size()
        out += struct.pack("<BBBBHHII", w % 256, h % 256, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
    return out + b"".join(blobs)


def write_if_changed(path: Path, data: bytes) -> None:
    """Leave identical files untouched so their timestamps stay put."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.read_bytes() == data:
        return
    path.write_bytes(data)


def index_json(sheets: dict[str, str], placed: list[Placed], geometry: dict) -> bytes:
    """The sprite index the UI loads: one sprite per line, keys sorted, so diffs stay readable."""
    lines = ["{", ' "sheets": ' + json.dumps(dict(sorted(sheets.items()))) + ",", ' "sprites": {']
    ordered = sorted(placed, key=lambda p: p.name)
    for i, spot in enumerate(ordered):
        entry = json.dumps({"sheet": spot.sheet, "rect": list(spot.rect)})
        lines.append(f"  {json.dumps(spot.name)}: {entry}" + ("," if i < len(ordered) - 1 else ""))
    lines.append(" },")
    lines.append(' "geometry": ' + json.dumps(geometry, sort_keys=True))
    lines.append("}")
    return ("\n".join(lines) + "\n").encode("utf-8")
