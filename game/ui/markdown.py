"""Just enough Markdown for rules help: headings, paragraphs, bullet and numbered lists.

Rules text is written by people for people; this reads it into blocks and lays
them out as lines for a given width, so the rules screen can scroll smoothly
through pre-wrapped lines.  Emphasis markers are dropped (one font, one weight).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from . import draw
from .theme import BODY_PX, HEADING_PX, PALETTE, SUBHEADING_PX, Theme

_EMPHASIS = re.compile(r"(\*\*|__|`)")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_BULLET = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


@dataclass(frozen=True)
class Block:
    kind: str            # "heading", "paragraph", "bullet", "rule"
    text: str = ""
    level: int = 0       # heading level (1-3) or list depth (0, 1...)
    marker: str = ""     # "•" or "3." for list items


@dataclass(frozen=True)
class Line:
    text: str
    y: int
    x: int
    size: int
    colour: tuple[int, ...]
    marker: str = ""
    rule: bool = False


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
        if heading:
            flush()
            blocks.append(Block("heading", clean(heading.group(2)), min(3, len(heading.group(1)))))
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


def layout(blocks: list[Block], theme: Theme, width: int) -> tuple[list[Line], int]:
    """Wrapped lines with their positions; returns the lines and the total height."""
    lines: list[Line] = []
    y = 0
    for index, block in enumerate(blocks):
        if block.kind == "heading":
            size = HEADING_SIZES[block.level]
            if index:
                y += 22 if block.level == 1 else 14
            colour = PALETTE.ink if block.level < 3 else PALETTE.ink_soft
            for text in draw.wrap(theme, block.text, width, size):
                lines.append(Line(text, y, 0, size, colour))
                y += theme.font(size).get_linesize()
            if block.level == 1:
                lines.append(Line("", y + 4, 0, size, PALETTE.card_edge, rule=True))
                y += 12
            y += 6
        elif block.kind == "rule":
            lines.append(Line("", y + 8, 0, BODY_PX, PALETTE.card_edge, rule=True))
            y += 22
        else:
            indent = 0 if block.kind == "paragraph" else 30 + 28 * block.level
            line_height = theme.font(BODY_PX).get_linesize() + 3
            for i, text in enumerate(draw.wrap(theme, block.text, width - indent, BODY_PX)):
                marker = block.marker if block.kind == "bullet" and i == 0 else ""
                lines.append(Line(text, y, indent, BODY_PX, PALETTE.ink, marker))
                y += line_height
            y += 12 if block.kind == "paragraph" else 6
    return lines, y
