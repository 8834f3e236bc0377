"""Just enough Markdown for rules help: headings, paragraphs, lists, and pictures of the pieces.

Rules text is written by people for people; this reads it into blocks and lays
them out as lines for a given width, so the rules screen can scroll smoothly
through pre-wrapped lines.  Emphasis markers are dropped (one font, one weight).

A line on its own ``![Caption in words](sprite:SPRITE_NAME)`` is a picture: the
sprite of that name (assets/sprites/index.json), centred, at most
``PICTURE_MAX_HEIGHT`` px high, with its caption under it.  Headings' lines
carry their text as ``anchor`` so a screen can open the page at a heading.

A translated rules file ends each heading with `` {#English heading}``: the
heading shows without it and keeps the English heading as its anchor, so
links naming English headings (the log, the guides) open the same section.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from . import draw
from .theme import BODY_PX, HEADING_PX, PALETTE, SMALL_PX, SUBHEADING_PX, Theme

_EMPHASIS = re.compile(r"(\*\*|__|`)")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_BULLET = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ANCHOR = re.compile(r"^(.*?)\s*\{#([^}]+)\}$")
_PICTURE = re.compile(r"^\s*!\[([^\]]*)\]\(\s*sprite:([^)\s]+)\s*\)\s*$")

#: pictures are scaled down to this height at most
PICTURE_MAX_HEIGHT = 160
#: sprites lower than this (a rider, a chip) are enlarged by a whole factor, up to ENLARGED_HEIGHT
SMALL_PICTURE_HEIGHT = 64
ENLARGED_HEIGHT = 96


@dataclass(frozen=True)
class Block:
    kind: str            # "heading", "paragraph", "bullet", "rule", "picture"
    text: str = ""
    level: int = 0       # heading level (1-3) or list depth (0, 1...)
    marker: str = ""     # "•" or "3." for list items
    sprite: str = ""     # a picture's sprite name
    anchor: str = ""     # a heading's name for links (its English heading; empty: its text)


@dataclass(frozen=True)
class Line:
    text: str
    y: int
    x: int
    size: int
    colour: tuple[int, ...]
    marker: str = ""
    rule: bool = False
    #: how far down the line reaches (text: the font's line size; a picture: its height)
    height: int = 0
    #: a heading's text, so the page can be opened there
    anchor: str = ""
    #: a picture: the sprite's name and the size it is drawn at
    sprite: str = ""
    sprite_size: tuple[int, int] = (0, 0)


def clean(text: str) -> str:
    text = _LINK.sub(r"\1", text)
    text = _EMPHASIS.sub("", text)
    return re.sub(r"(?<![\w*])\*(?!\s)([^*]+?)\*(?!\w)", r"\1", text).strip()


def parse(source: str) -> list[Block]:
    """Markdown text -> blocks; consecutive text lines join into one paragraph."""
    blocks: list[Block] = []
    buffer: list[str] = []
    item: list[str] | None = None
    item_meta: tuple[int, str] = (0, "")

    def flush() -> None:
        nonlocal item
        if buffer:
            blocks.append(Block("paragraph", clean(" ".join(buffer))))
            buffer.clear()
        if item is not None:
            blocks.append(Block("bullet", clean(" ".join(item)), item_meta[0], item_meta[1]))
            item = None

    for raw in source.splitlines():
        line = raw.rstrip()
        if not line.strip():
            flush()
            continue
        heading = _HEADING.match(line)
        bullet = _BULLET.match(line)
        picture = _PICTURE.match(line)
        if picture:
            flush()
            blocks.append(Block("picture", clean(picture.group(1)), sprite=picture.group(2)))
        elif heading:
            flush()
            text, anchor = split_anchor(heading.group(2))
            blocks.append(Block("heading", clean(text), min(3, len(heading.group(1))), anchor=clean(anchor)))
        elif re.fullmatch(r"\s*([-*_])(\s*\1){2,}\s*", line):
            flush()
            blocks.append(Block("rule"))
        elif bullet:
            flush()
            depth = len(bullet.group(1).replace("\t", "    ")) // 2
            marker = bullet.group(2) if bullet.group(2)[0].isdigit() else "•"
            item, item_meta = [bullet.group(3)], (min(depth, 3), marker.replace(")", "."))
        elif item is not None and raw.startswith((" ", "\t")):
            item.append(line.strip())
        else:
            if item is not None:
                flush()
            buffer.append(line.strip())
    flush()
    return blocks


HEADING_SIZES = {1: HEADING_PX + 4, 2: HEADING_PX - 2, 3: SUBHEADING_PX}


def picture_size(native: tuple[int, int], width: int) -> tuple[int, int]:
    """A sprite's size on the page: at most PICTURE_MAX_HEIGHT high and the page wide; small ones enlarged."""
    w, h = max(1, native[0]), max(1, native[1])
    enlarge = max(1, ENLARGED_HEIGHT // h) if h < SMALL_PICTURE_HEIGHT else 1
    scale = min(PICTURE_MAX_HEIGHT / h, width / w, float(enlarge))
    return max(1, round(w * scale)), max(1, round(h * scale))


def split_anchor(heading: str) -> tuple[str, str]:
    """A heading's shown text and its anchor: "Stürze {#Crashes}" -> ("Stürze", "Crashes")."""
    found = _ANCHOR.match(heading.strip())
    if found is None:
        return heading, heading
    return found.group(1), found.group(2).strip()


def heading_key(text: str) -> str:
    """How headings are compared: emphasis, case and spacing do not matter."""
    return " ".join(clean(text).lower().split())


def layout(blocks: list[Block], theme: Theme, width: int,
           sprite_size: Callable[[str], tuple[int, int]] | None = None) -> tuple[list[Line], int]:
    """Wrapped lines with their positions; returns the lines and the total height.

    ``sprite_size`` gives a picture's sprite size (pictures are left out without it).
    """
    lines: list[Line] = []
    y = 0
    for index, block in enumerate(blocks):
        if block.kind == "heading":
            size = HEADING_SIZES[block.level]
            if index:
                y += 22 if block.level == 1 else 14
            colour = PALETTE.ink if block.level < 3 else PALETTE.ink_soft
            line_size = theme.font(size).get_linesize()
            for i, text in enumerate(draw.wrap(theme, block.text, width, size)):
                anchor = (block.anchor or block.text) if i == 0 else ""
                lines.append(Line(text, y, 0, size, colour, height=line_size, anchor=anchor))
                y += line_size
            if block.level == 1:
                lines.append(Line("", y + 4, 0, size, PALETTE.card_edge, rule=True, height=2))
                y += 12
            y += 6
        elif block.kind == "rule":
            lines.append(Line("", y + 8, 0, BODY_PX, PALETTE.card_edge, rule=True, height=2))
            y += 22
        elif block.kind == "picture":
            if sprite_size is None:
                continue
            w, h = picture_size(sprite_size(block.sprite), width)
            y += 8
            lines.append(Line("", y, (width - w) // 2, BODY_PX, PALETTE.ink, height=h, sprite=block.sprite,
                              sprite_size=(w, h)))
            y += h + 6
            line_size = theme.font(SMALL_PX).get_linesize()
            for text in draw.wrap(theme, block.text, width - 40, SMALL_PX):
                x = (width - theme.font(SMALL_PX).size(text)[0]) // 2
                lines.append(Line(text, y, x, SMALL_PX, PALETTE.ink_soft, height=line_size))
                y += line_size
            y += 14
        else:
            indent = 0 if block.kind == "paragraph" else 30 + 28 * block.level
            line_size = theme.font(BODY_PX).get_linesize()
            line_height = line_size + 3
            for i, text in enumerate(draw.wrap(theme, block.text, width - indent, BODY_PX)):
                marker = block.marker if block.kind == "bullet" and i == 0 else ""
                lines.append(Line(text, y, indent, BODY_PX, PALETTE.ink, marker, height=line_size))
                y += line_height
            y += 12 if block.kind == "paragraph" else 6
    return lines, y
