"""Drawing primitives shared by widgets, scenes and games: cardboard, text, team marks.

Flat colours with a one-tone darker outline and one highlight (docs/ART.md); shadows
are a single translucent offset shape, cached by size.
"""
from __future__ import annotations

import marshal

import pygame

from game import i18n

from .theme import MIN_FONT_PX, PALETTE, Theme, darker, hex_colour, lighter, readable_on, team_pattern

Colour = tuple[int, ...] | pygame.Color

_shadow_cache: dict[tuple[int, int, int, int], pygame.Surface] = {}


def shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int = 10, offset: int = 6, alpha: int = 90) -> None:
    """A soft drop shadow under ``rect`` (two stacked translucent shapes)."""
    key = (rect.width, rect.height, radius, alpha)
    shade = _shadow_cache.get(key)
    if shade is None:
        shade = pygame.Surface((rect.width + 8, rect.height + 8), pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, alpha // 2), shade.get_rect(), border_radius=radius + 4)
        pygame.draw.rect(shade, (0, 0, 0, alpha // 2), shade.get_rect().inflate(-8, -8), border_radius=radius)
        if len(_shadow_cache) > 256:
            _shadow_cache.clear()
        _shadow_cache[key] = shade
    surface.blit(shade, (rect.x - 4 + offset // 2, rect.y - 4 + offset))


def popping_banner(surface: pygame.Surface, band: pygame.Rect, text: pygame.Surface, fill: Colour, *,
                   alpha: int, appear: float, edge: Colour = PALETTE.card_edge, inset: int = 6) -> None:
    """A table's banner ("Touchdown!", "Blue escapes"): a card with its words centred, faded to ``alpha`` and
    growing from 85 % to full size as ``appear`` goes from 0 to 1, over a soft shadow."""
    layer = pygame.Surface(band.size, pygame.SRCALPHA)
    cardboard(layer, layer.get_rect().inflate(-inset, -inset), fill=fill, edge=edge, lifted=False, inner_line=False)
    layer.blit(text, text.get_rect(center=layer.get_rect().center))
    layer.set_alpha(alpha)
    scale = 0.85 + 0.15 * appear
    if scale < 1:
        layer = pygame.transform.smoothscale_by(layer, scale)
    shadow(surface, band.inflate(-6, -6), 10, 5, alpha // 3)
    surface.blit(layer, layer.get_rect(center=band.center))


def cardboard(surface: pygame.Surface, rect: pygame.Rect, *, fill: Colour = PALETTE.card,
              edge: Colour = PALETTE.card_edge, radius: int = 10, lifted: bool = True, inner_line: bool = True) -> None:
    """A printed-cardboard panel: shadow, flat face, darker edge, a light top highlight."""
    if lifted:
        shadow(surface, rect, radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    highlight = pygame.Rect(rect.x + radius, rect.y + 2, max(0, rect.width - 2 * radius), 2)
    surface.fill(lighter(fill, 0.45), highlight)
    pygame.draw.rect(surface, edge, rect, 2, border_radius=radius)
    if inner_line and rect.width > 40 and rect.height > 40:
        pygame.draw.rect(surface, darker(fill, 0.12), rect.inflate(-12, -12), 1, border_radius=max(2, radius - 4))


_scrim_cache: dict[tuple[tuple[int, int], tuple[int, ...]], pygame.Surface] = {}


def scrim(surface: pygame.Surface, colour: tuple[int, int, int, int] = PALETTE.scrim) -> None:
    """Darken everything below an overlay."""
    key = (surface.get_size(), tuple(colour))
    veil = _scrim_cache.get(key)
    if veil is None:
        veil = pygame.Surface(surface.get_size())
        veil.fill(colour[:3])
        veil.set_alpha(colour[3])
        _scrim_cache[key] = veil
    surface.blit(veil, (0, 0))


def text(surface: pygame.Surface, theme: Theme, content: str, pos: tuple[int, int], *, size: int = 20,
         colour: Colour = PALETTE.ink, align: str = "topleft") -> pygame.Rect:
    """Blit one line of text anchored by ``align`` (any pygame.Rect point name)."""
    rendered = theme.text(content, size, colour)
    rect = rendered.get_rect(**{align: pos})
    surface.blit(rendered, rect)
    return rect


def wrap(theme: Theme, content: str, width: int, size: int = 20, *, fill_lines: bool = True) -> list[str]:
    """Split text into lines that fit ``width``; explicit newlines are kept (measured once, then cached).

    A word too long for a line of its own, or (with ``fill_lines``) one that would leave a third of its
    line empty, is hyphenated where the language's dictionary allows it (:func:`hyphen_breaks`).  A name
    (a game's title) passes ``fill_lines=False``: it moves whole to the next line rather than be split."""
    key = ("wrap", i18n.language(), content, width, size, fill_lines)
    return list(theme.layout(key, lambda: tuple(_wrap_lines(theme, content, width, size, fill_lines))))


#: a line with this share of its width or more left empty takes the first part of a hyphenated word
FILL_SHARE = 1 / 3
#: the dictionary of each language the app speaks (the pseudo-language is English made longer)
HYPHENATION_DICTIONARIES = {"en": "en_US", "de": "de_DE", "fr": "fr", "it": "it_IT"}
_hyphenators: dict[str, object | None] = {}


def hyphen_breaks(word: str) -> list[int]:
    """Where ``word`` may be broken with a hyphen, in the language in use (pyphen's dictionaries, loaded
    on the first word that needs one, see :func:`_patterns`), and after a hyphen it holds."""
    code = HYPHENATION_DICTIONARIES.get(i18n.language(), "en_US")
    if code not in _hyphenators:
        _hyphenators[code] = _dictionary(code)
    hyphenator = _hyphenators[code]
    positions = hyphenator.positions(word) if hyphenator is not None else ()  # type: ignore[attr-defined]
    letters = [index for index in positions if word[index - 1].isalpha() and word[index].isalpha()]
    after_hyphens = [index + 1 for index, letter in enumerate(word[:-1]) if letter in "-\u2010" and index > 0]
    return sorted(set(letters + after_hyphens))


def _dictionary(code: str) -> object | None:
    """pyphen's dictionary for ``code``; None when it cannot be read (words then break only at their own
    hyphens, or where they must: a missing file never stops the app drawing)."""
    try:
        import pyphen
        path = pyphen.LANGUAGES[pyphen.language_fallback(code)]
        if path not in pyphen.hdcache:
            pyphen.hdcache[path] = _patterns(pyphen, path, code)
        return pyphen.Pyphen(lang=code, left=2, right=3)
    except (ImportError, KeyError, OSError, ValueError) as exc:
        import logging  # (not before it is needed: a first launcher frame loads no more than it shows)
        logging.getLogger(__name__).warning("No hyphenation dictionary for %s (%s): long words break where they "
                                            "must.", code, exc)
        return None


def _patterns(pyphen, path, code: str):  # type: ignore[no-untyped-def]
    """The dictionary's patterns as pyphen parses them (German's take half a second), kept in the user
    cache folder after the first time (read back in about a tenth of that)."""
    from game.core.paths import cache_dir
    kept = cache_dir() / f"hyphenation-{code}-{pyphen.__version__}.marshal"
    try:
        patterns, maxlen = marshal.loads(kept.read_bytes())
        if isinstance(patterns, dict) and isinstance(maxlen, int):
            parsed = pyphen.HyphDict.__new__(pyphen.HyphDict)
            parsed.patterns, parsed.cache, parsed.maxlen = patterns, {}, maxlen
            return parsed
    except (OSError, ValueError, EOFError, TypeError):
        pass  # not kept yet, or damaged: parsed again below
    parsed = pyphen.HyphDict(path)
    plain = all(type(start) is int and all(type(value) is int for value in values)
                for start, values in parsed.patterns.values())
    if plain:  # (a few languages' patterns carry alternatives that marshal cannot keep)
        try:
            kept.parent.mkdir(parents=True, exist_ok=True)
            partial = kept.with_suffix(".partial")
            partial.write_bytes(marshal.dumps((parsed.patterns, parsed.maxlen)))
            partial.replace(kept)
        except OSError as exc:
            import logging
            logging.getLogger(__name__).info("The hyphenation patterns could not be kept (%s).", exc)
    return parsed


def _hyphenated(font: pygame.font.Font, word: str, room: int) -> tuple[str, str] | None:
    """(head ending in a hyphen, rest) with the longest head that fits ``room``; None if none does."""
    if len(word) < 4:
        return None
    for index in reversed(hyphen_breaks(word)):
        head = word[:index] if word[index - 1] in "-\u2010" else word[:index] + "-"
        if font.size(head)[0] <= room:
            return head, word[index:]
    return None


def _forced(font: pygame.font.Font, word: str, width: int) -> tuple[str, str]:
    """A word with no allowed break that fits (a long number, a narrow box): cut where it must, with a hyphen."""
    cut = len(word) - 1
    while cut > 1 and font.size(word[:cut] + "-")[0] > width:
        cut -= 1
    return word[:cut] + "-", word[cut:]


#: French sets a space before these and after « : a line never starts with the one or ends with the other
_CLOSING_MARKS, _OPENING_MARKS = set(";:!?»"), set("«")


def _words(paragraph: str) -> list[str]:
    """The paragraph's words, a French mark kept with its word ("voit ;" never leaves ";" to start a line)."""
    words: list[str] = []
    for word in paragraph.split(" "):
        if words and word and set(word) <= _CLOSING_MARKS:
            words[-1] += " " + word
        elif words and words[-1] and set(words[-1]) <= _OPENING_MARKS:
            words[-1] += " " + word
        else:
            words.append(word)
    return words


def _wrap_lines(theme: Theme, content: str, width: int, size: int, fill_lines: bool) -> list[str]:
    font = theme.font(size)

    def fits(text: str) -> bool:
        return font.size(text)[0] <= width

    lines: list[str] = []
    for paragraph in content.split("\n"):
        line = ""
        for word in _words(paragraph):
            while True:
                trial = word if not line else f"{line} {word}"
                if fits(trial) or len(word) < 2 and not line:
                    line = trial
                    break
                if line:
                    room = width - font.size(line + " ")[0]
                    split = _hyphenated(font, word, room) if fill_lines and room >= width * FILL_SHARE else None
                    if split is None:
                        lines.append(line)
                        line = ""
                        continue
                    lines.append(f"{line} {split[0]}")
                else:
                    split = _hyphenated(font, word, width) or _forced(font, word, width)
                    lines.append(split[0])
                line, word = "", split[1]
        lines.append(line)
    return lines


#: letters reaching furthest above and below a line: accented capitals push a rendered line's letters down
TALL_LETTERS = "ÀÉÖÜÇŸÅgjqÿ"


def line_height(theme: Theme, size: int = 20) -> int:
    """The step from one line of text to the next at ``size``: the font's line spacing, or more when a
    line with accented capitals (German's Ä, the pseudo-language's Ÿ) renders taller, so that stacked
    lines never overlap whatever letters they hold."""
    def measure() -> int:
        font = theme.font(size)
        return max(font.get_linesize(), font.size(TALL_LETTERS)[1])
    return theme.layout(("line height", size), measure)


def paragraph(surface: pygame.Surface, theme: Theme, content: str, rect: pygame.Rect, *, size: int = 20,
              colour: Colour = PALETTE.ink, align: str = "left", max_lines: int | None = None) -> int:
    """Wrapped text inside ``rect``; returns the height used.  Overflow ends with an ellipsis."""
    lines = wrap(theme, content, rect.width, size)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = fit(theme, lines[-1] + "…", rect.width, size)
    step = line_height(theme, size)
    y = rect.y
    for line in lines:
        rendered = theme.text(line, size, colour)
        if align == "center":
            surface.blit(rendered, rendered.get_rect(midtop=(rect.centerx, y)))
        else:
            surface.blit(rendered, (rect.x, y))
        y += step
    return y - rect.y


def fit(theme: Theme, content: str, width: int, size: int = 20) -> str:
    """Shorten text with an ellipsis until it fits ``width`` (measured once, then cached)."""
    return theme.layout(("fit", content, width, size), lambda: _fitted(theme, content, width, size))


def _fitted(theme: Theme, content: str, width: int, size: int) -> str:
    font = theme.font(size)
    if font.size(content)[0] <= width:
        return content
    while content and font.size(content + "…")[0] > width:
        content = content[:-1]
    return content.rstrip() + "…"


def size_for_height(theme: Theme, size: int, height: int, smallest: int = MIN_FONT_PX) -> int:
    """The largest size up to ``size`` whose line fits ``height`` (never below ``smallest``): a short field."""
    def measure() -> int:
        for trial in range(size, smallest, -1):
            if theme.font(trial).get_linesize() <= height:
                return trial
        return smallest
    return theme.layout(("size for height", size, height, smallest), measure)


def fitting_size(theme: Theme, content: str, width: int, size: int, smallest: int = MIN_FONT_PX) -> int | None:
    """The largest size from ``size`` down to ``smallest`` at which one line fits ``width``; None if none does."""
    def measure() -> int | None:
        for trial in range(size, smallest - 1, -1):
            if theme.font(trial).size(content)[0] <= width:
                return trial
        return None
    return theme.layout(("fitting size", content, width, size, smallest), measure)


def shrink_to_fit(theme: Theme, content: str, width: int, size: int,
                  smallest: int = MIN_FONT_PX) -> tuple[str, int]:
    """One line at the largest size that fits (never below ``smallest``), shortened only past that."""
    fitting = fitting_size(theme, content, width, size, smallest)
    if fitting is not None:
        return content, fitting
    return fit(theme, content, width, smallest), smallest


def wrap_to_fit(theme: Theme, content: str, width: int, lines: int, size: int,
                smallest: int = MIN_FONT_PX, *, fill_lines: bool = True) -> tuple[list[str], int]:
    """Wrapped into at most ``lines`` lines at the largest size that allows it (the last line
    shortened only when even ``smallest`` needs more lines); ``fill_lines`` as for :func:`wrap`."""
    for trial in range(size, smallest - 1, -1):
        wrapped = wrap(theme, content, width, trial, fill_lines=fill_lines)
        if len(wrapped) <= lines and all(theme.font(trial).size(line)[0] <= width for line in wrapped):
            return wrapped, trial
    wrapped = wrap(theme, content, width, smallest, fill_lines=fill_lines)[:lines]
    wrapped[-1] = fit(theme, wrapped[-1] + "…", width, smallest)
    return wrapped, smallest


def team_marker(surface: pygame.Surface, rect: pygame.Rect, colour_hex: str, *, marked: bool = False,
                radius: int = 6) -> None:
    """A team colour chip; with ``marked`` (colour-blind mode) it also carries the team's pattern."""
    colour = hex_colour(colour_hex)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    pygame.draw.rect(surface, darker(colour, 0.45), rect, 2, border_radius=radius)
    if marked:
        team_pattern_mark(surface, rect, colour_hex)


def team_pattern_mark(surface: pygame.Surface, rect: pygame.Rect, colour_hex: str) -> None:
    """Draw the team's shape (stripe, dot, chevron, ...) in readable ink over ``rect``."""
    ink = readable_on(hex_colour(colour_hex))
    pattern = team_pattern(colour_hex)
    cx, cy = rect.center
    r = max(3, min(rect.width, rect.height) // 4)
    if pattern == "stripe":
        pygame.draw.line(surface, ink, (rect.left + 3, rect.bottom - 4), (rect.right - 4, rect.top + 3), 3)
    elif pattern == "dot":
        pygame.draw.circle(surface, ink, (cx, cy), r)
    elif pattern == "chevron":
        pygame.draw.lines(surface, ink, False, [(cx - r, cy - r // 2), (cx, cy + r // 2), (cx + r, cy - r // 2)], 3)
    elif pattern == "ring":
        pygame.draw.circle(surface, ink, (cx, cy), r + 1, 2)
    elif pattern == "cross":
        pygame.draw.line(surface, ink, (cx - r, cy - r), (cx + r, cy + r), 3)
        pygame.draw.line(surface, ink, (cx - r, cy + r), (cx + r, cy - r), 3)
    elif pattern == "bar":
        pygame.draw.line(surface, ink, (cx - r - 2, cy), (cx + r + 2, cy), 4)
    elif pattern == "diamond":
        pygame.draw.polygon(surface, ink, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)])
    elif pattern == "check":
        pygame.draw.lines(surface, ink, False, [(cx - r, cy), (cx - r // 3, cy + r * 2 // 3), (cx + r, cy - r)], 3)
    else:
        pygame.draw.rect(surface, ink, rect.inflate(-6, -6), 1, border_radius=3)


def key_hint(surface: pygame.Surface, theme: Theme, label: str, pos: tuple[int, int], *,
             colour: Colour = PALETTE.on_felt_soft, align: str = "midbottom") -> pygame.Rect:
    """A quiet line such as 'Esc: menu   Tab: next' at the screen's edge."""
    return text(surface, theme, label, pos, size=18, colour=colour, align=align)
