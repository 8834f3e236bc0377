"""No screen draws text smaller than 14 px at 1280x720 (docs/ART.md: numbers on pieces are the smallest),
and no screen cuts, clips, overlaps, touches or spills its text, at 100 % and 130 % UI scale, in English
and in every other language: German, French, Italian and the pseudo-language (every word 40 % longer).
Every screen means the shell's (launcher, settings, replays, records, dialogs) and every game's setup,
table with humans and with bots, pause, curtain, results, rules and replay; and the tables as players
met them (the launcher with games to continue, a Breaking Away race, a Rider table with bots, a won
Breakout, a football table between plays) in every language at both sizes.

Every screen of the monkey test is opened and driven for a few dozen frames of
random input (so hover, focus and previews draw too) while two things are
watched: every font created (the theme's or any other), and every rendered
text that is scaled afterwards (a label squeezed to fit).  Offenders are
listed with the screen, the size and the line of code that asked for it.

The second watch (:class:`LayoutWatch`) follows every rendered line to the
surface it lands on: it must lie inside that surface (inside the clip's width
for a scrolled box), inside the panel under it, not over other text, and not
be shortened with an ellipsis or run out of lines; no text may touch other text,
lie under a button or break a word without a hyphen, and no button's label may be
shrunk well below its row's.  Dialogs, which the monkey meets only by chance, are
opened on purpose.
"""
from __future__ import annotations

import functools
import sys
import weakref
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.i18n import _
from game.scenes.rules import STRIP as RULES_STRIP
from game.ui import draw, widgets
from game.ui.focus import TOOLTIP_DELAY
from game.ui.theme import CANVAS_SIZE, MIN_FONT_PX

import screen_monkey as monkey

FRAMES = 40
ROOT = Path(__file__).resolve().parents[1]
#: pygame's default font draws smaller than its nominal size; the theme asks it for 1.5x
DEFAULT_FONT_FACTOR = 1.5


@functools.cache
def _app_source(filename: str) -> tuple[str, str] | None:
    """(path from the repository, file name) of ``filename`` when it is the app's own code, else None."""
    path = Path(filename)
    return (str(path.relative_to(ROOT)), path.name) if ROOT / "game" in path.parents else None


def _caller(skip: tuple[str, ...] = ("theme.py",)) -> str:
    """The first line of the app's own code outside the ``skip`` modules that led here.  The frames are walked
    as they are (a traceback would read every file's source lines, and this is asked for often)."""
    frame = sys._getframe(1)
    while frame is not None:
        source = _app_source(frame.f_code.co_filename)
        if source is not None and source[1] not in skip:
            return f"{source[0]}:{frame.f_lineno}"
        frame = frame.f_back
    return "?"


class TextWatch:
    """Records fonts below the minimum and rendered text scaled below it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.offenders: dict[str, str] = {}
        self.renders = 0
        self.rendered: weakref.WeakKeyDictionary[pygame.Surface, float] = weakref.WeakKeyDictionary()
        watch = self
        original_font = pygame.font.Font

        class WatchedFont(original_font):  # type: ignore[misc, valid-type]
            def __init__(self, file=None, size: int = 20, *args, **kwargs) -> None:
                super().__init__(file, size, *args, **kwargs)
                self.pixels = size / DEFAULT_FONT_FACTOR if file is None else size
                if self.pixels < MIN_FONT_PX - 0.01:
                    watch.offend(_caller(), f"a font of {self.pixels:.0f} px")

            def render(self, text, *args, **kwargs):
                surface = super().render(text, *args, **kwargs)
                watch.renders += 1
                watch.rendered[surface] = self.pixels
                return surface

        monkeypatch.setattr(pygame.font, "Font", WatchedFont)
        for name in ("scale", "smoothscale", "scale_by", "smoothscale_by", "rotozoom"):
            monkeypatch.setattr(pygame.transform, name, self._watched_scale(getattr(pygame.transform, name)))

    def offend(self, where: str, what: str) -> None:
        self.offenders.setdefault(where, what)

    def _watched_scale(self, scale):
        def watched(surface, *args, **kwargs):
            result = scale(surface, *args, **kwargs)
            # no isinstance: with the layout watch on, ``pygame.Surface`` is its watched class, and a rendered
            # line is a plain surface
            pixels = self.rendered.get(surface)
            if pixels is not None and surface.get_height() > 0:
                shown = pixels * result.get_height() / surface.get_height()
                if shown < MIN_FONT_PX - 0.5:
                    self.offend(_caller(DRAWING_HELPERS), f"text rendered at {pixels:.0f} px and scaled to {shown:.1f} px")
            return result
        return watched


# --- no text clipped, cut or overflowing its panel ----------------------------------------------
#: known cases inside a game's own scene drawing, being fixed in those files: (screen, UI scale, file) ->
#: what was found there.  A listed file's findings on that screen at that scale are not failures yet;
#: empty this as those fixes arrive.  Nothing outside game/games/ may be listed here.
KNOWN_GAME_SCENE_CLIPPING: dict[tuple[str, float, str], tuple[str, ...]] = {}

UI_SCALES_CHECKED = (1.0, 1.3)
#: where text is drawn for others: a problem is told at the line that asked for it
DRAWING_HELPERS = ("theme.py", "draw.py")
#: heights of surfaces painted as strips of one long page (the rules): lines cross their edges
TILED_HEIGHTS = (RULES_STRIP,)
#: a line of text may reach this far past its panel (antialiasing, the line gap below descenders)
SLACK_PX = 2
#: two texts on one line closer than this read as one ("Bot (normal)Gesamt +1")
TOUCHING_GAP_PX = 4
#: a rectangle that meets every other: stands in for a line of no size, which pygame finds meeting none
EVERYWHERE = pygame.Rect(-1 << 20, -1 << 20, 1 << 21, 1 << 21)
#: a button's label shrunk below this share of the largest label in its row reads as a fault
SHRUNK_LABEL_SHARE = 0.85
#: where buttons are drawn for the screens: a problem with a button is told at the screen that drew it
BUTTON_DRAWERS = ("widgets.py", "focus.py", "menu.py")
#: where a line of wrapped text may end inside a word: after a hyphen or a dash it shows
HYPHENS = "-\u2010\u2011\u2013\u2014"


def word_cut_without_hyphen(content: str, lines: list[str]) -> str | None:
    """The first place where ``lines`` (``content`` wrapped: one space or newline taken at each break) end
    inside a word without showing a hyphen; None also for lines that are not such a wrapping."""
    at = 0
    for line in lines:
        if content.startswith(line, at):
            end, shows_hyphen = at + len(line), line.endswith(tuple(HYPHENS))
        elif line.endswith("-") and content.startswith(line[:-1], at):
            end, shows_hyphen = at + len(line) - 1, True  # a hyphen put in
        else:
            return None
        if at < end < len(content) and content[end] not in " \n" and content[end - 1] not in " \n" \
                and not shows_hyphen:
            return f"'{line}' | '{content[end:end + 12]}'"
        at = end + (end < len(content) and content[end] in " \n")
    return None


#: a picture's pixel at least this opaque hides what lies under it
OPAQUE_ALPHA = 160
#: a line counts as wholly hidden under a picture when it hides this share of the line's sampled points;
#: hiding more than none but less than this leaves the line cut (words half under a stamp)
HIDDEN_SHARE = 0.9


def _hidden_share(picture: pygame.Surface, line: pygame.Rect) -> float:
    """How much of a line under ``picture`` (``line`` in the picture's pixels) the picture hides: its alpha
    sampled on a 3 x 7 grid over the line (a veil is translucent, a stamp on it opaque only where it lies)."""
    whole_alpha = picture.get_alpha()
    if whole_alpha is not None and whole_alpha < OPAQUE_ALPHA:
        return 0.0
    colorkey = picture.get_colorkey()
    if not picture.get_flags() & pygame.SRCALPHA and colorkey is None:
        return 1.0
    bounds = picture.get_rect()
    points = [(line.x + line.width * (2 * i + 1) // 14, line.y + line.height * (2 * j + 1) // 6)
              for i in range(7) for j in range(3)]
    points = [point for point in points if bounds.collidepoint(point)]
    if not points:
        return 1.0
    hidden = 0
    for point in points:
        colour = picture.get_at(point)
        if colour.a >= OPAQUE_ALPHA and (colorkey is None or tuple(colour)[:3] != tuple(colorkey)[:3]):
            hidden += 1
    return hidden / len(points)


class LayoutWatch:
    """Watches every text drawn: clipped by its surface, outside the panel it sits on, or cut short.

    Panels are the cardboard and shadowed shapes drawn with ``game.ui.draw`` (panels, cards,
    tooltips); they are remembered per surface and carried along when that surface is blitted
    onto another (a cached backdrop onto the canvas), so text drawn later over them is checked
    against the topmost panel under its centre.  Text is every surface made by ``Font.render``.
    Cut text is a label shortened with an ellipsis (``draw.fit``) or a paragraph that ran out
    of lines.  Text drawn over other text is unreadable too (their ink overlapping by a tenth
    of the smaller or more), unless a panel was laid between them (a tooltip over a list), and so
    is text touching other text on its line ("Bot (normal)Gesamt +1").  Buttons are watched as
    they are drawn: no text may lie under one (a description running under it), and no label
    may be shrunk well below the labels of the buttons beside it in its row.  Wrapped text may
    break a word only where it puts a hyphen.
    """

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.problems: dict[str, str] = {}
        self.texts: weakref.WeakKeyDictionary[pygame.Surface, str] = weakref.WeakKeyDictionary()
        #: where each rendered text has ink (its surface also holds the line's ascent and descent)
        self.ink: weakref.WeakKeyDictionary[pygame.Surface, pygame.Rect] = weakref.WeakKeyDictionary()
        self.panels: weakref.WeakKeyDictionary[pygame.Surface, list[pygame.Rect]] = weakref.WeakKeyDictionary()
        #: the lines of text on each surface that no panel has covered since
        self.lines: weakref.WeakKeyDictionary[pygame.Surface, list[tuple[pygame.Rect, str]]] = \
            weakref.WeakKeyDictionary()
        watch = self
        original_font = pygame.font.Font
        plain_surface = pygame.Surface

        class WatchedFont(original_font):  # type: ignore[misc, valid-type]
            def render(self, text, *args, **kwargs):
                surface = super().render(text, *args, **kwargs)
                watch.texts[surface] = str(text)
                watch.ink[surface] = surface.get_bounding_rect()
                return surface

        class WatchedSurface(plain_surface):  # type: ignore[misc, valid-type]
            def blit(self, source, dest, area=None, special_flags=0):
                watch.blitted(self, source, dest, area)
                return super().blit(source, dest, area, special_flags)

            def fill(self, colour, rect=None, special_flags=0):
                if rect is None or pygame.Rect(rect).contains(self.get_rect()):
                    watch.panels.pop(self, None)
                    watch.lines.pop(self, None)
                    watch.buttons.pop(self, None)
                else:
                    watch.covered(self, pygame.Rect(rect))
                return super().fill(colour, rect, special_flags)

        monkeypatch.setattr(pygame.font, "Font", WatchedFont)
        monkeypatch.setattr(pygame, "Surface", WatchedSurface)
        # a sprite is loaded or scaled by pygame as a plain surface, and a card painted on a copy of it would
        # hide its words from the watch: each sprite is handed out as a watched copy of the same pixels
        from game.ui import assets as assets_module
        original_sprite = assets_module.Assets.sprite
        watched_sprites: weakref.WeakKeyDictionary[pygame.Surface, pygame.Surface] = weakref.WeakKeyDictionary()

        def watched_sprite(assets, name, size=None, tint=None):
            sprite = original_sprite(assets, name, size, tint)
            if isinstance(sprite, WatchedSurface):
                return sprite
            if sprite not in watched_sprites:
                copy = WatchedSurface(sprite.get_size(), sprite.get_flags(), sprite)
                plain_surface.blit(copy, sprite, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)  # the same pixels
                if sprite.get_colorkey() is not None:
                    copy.set_colorkey(sprite.get_colorkey())
                watched_sprites[sprite] = copy
            return watched_sprites[sprite]
        monkeypatch.setattr(assets_module.Assets, "sprite", watched_sprite)
        for name in ("scale", "smoothscale", "scale_by", "smoothscale_by"):
            monkeypatch.setattr(pygame.transform, name, self._text_kept_when_scaled(getattr(pygame.transform, name)))
        from game import app as app_module
        canvases: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

        def watched_canvas(app, window):
            if app not in canvases:
                canvases[app] = WatchedSurface(CANVAS_SIZE)
            return canvases[app]
        monkeypatch.setattr(app_module.App, "_canvas_for", watched_canvas)
        original_render = app_module.App.render

        def render(app) -> None:
            watch.panels.pop(app.canvas, None)
            watch.lines.pop(app.canvas, None)
            watch.buttons.pop(app.canvas, None)
            original_render(app)
        monkeypatch.setattr(app_module.App, "render", render)

        original_rect = pygame.draw.rect

        def filled_rect(surface, colour, rect, width=0, *args, **kwargs):
            if width == 0:
                watch.covered(surface, pygame.Rect(rect))
            return original_rect(surface, colour, rect, width, *args, **kwargs)
        monkeypatch.setattr(pygame.draw, "rect", filled_rect)
        for name in ("shadow", "cardboard"):
            monkeypatch.setattr(draw, name, self._panel_recorder(getattr(draw, name)))
        original_fit, original_paragraph = draw.fit, draw.paragraph

        def fit(theme, content, width, size=20):
            shown = original_fit(theme, content, width, size)
            if shown != content:
                watch.offend(_caller(DRAWING_HELPERS), f"'{content}' cut to '{shown}'")
            return shown

        def paragraph(surface, theme, content, rect, *, size=20, max_lines=None, **kwargs):
            lines = draw.wrap(theme, content, rect.width, size)
            if max_lines is not None and len(lines) > max_lines:
                watch.offend(_caller(DRAWING_HELPERS), f"'{content[:60]}' needs {len(lines)} lines, has {max_lines}")
            return original_paragraph(surface, theme, content, rect, size=size, max_lines=max_lines, **kwargs)
        original_wrap = draw.wrap

        def wrap(theme, content, width, size=20, **kwargs):
            lines = original_wrap(theme, content, width, size, **kwargs)
            cut = word_cut_without_hyphen(content, lines)
            if cut is not None:
                watch.offend(_caller(DRAWING_HELPERS), f"'{content[:60]}' breaks a word without a hyphen: {cut}")
            return lines
        monkeypatch.setattr(draw, "fit", fit)
        monkeypatch.setattr(draw, "paragraph", paragraph)
        monkeypatch.setattr(draw, "wrap", wrap)
        #: the buttons drawn on each surface since it was last cleared: (rect, label, size it is shown at)
        self.buttons: weakref.WeakKeyDictionary[pygame.Surface, list[tuple[pygame.Rect, str, int]]] = \
            weakref.WeakKeyDictionary()
        original_button_draw = widgets.Button.draw

        def button_draw(button, surface, theme):
            watch.button_drawn(surface, theme, button)
            return original_button_draw(button, surface, theme)
        monkeypatch.setattr(widgets.Button, "draw", button_draw)

    def offend(self, where: str, what: str) -> None:
        self.problems.setdefault(where, what)

    def button_drawn(self, surface: pygame.Surface, theme, button) -> None:
        """No text under the button's face; its label not much smaller than those of its row's other buttons."""
        if not button.visible:
            return
        face = button.rect.inflate(-2 * SLACK_PX, -2 * SLACK_PX)
        for line, text in self.lines.get(surface, ()):
            if line.colliderect(face):
                self.offend(_caller(DRAWING_HELPERS + BUTTON_DRAWERS),
                            f"'{text}' at {tuple(line)} lies under the button '{button.label}' {tuple(button.rect)}")
        if type(button).paint is not widgets.Button.paint:
            return  # a button that draws its own face (an icon) rather than its label
        size = draw.fitting_size(theme, button.label, button.rect.width - 16, button.label_size(theme)) or MIN_FONT_PX
        drawn = self.buttons.setdefault(surface, [])
        drawn[:] = [entry for entry in drawn if entry[0] != button.rect]
        drawn.append((pygame.Rect(button.rect), button.label, size))
        row = [entry for entry in drawn if entry[0].y == button.rect.y and entry[0].height == button.rect.height]
        largest = max(row, key=lambda entry: entry[2])
        smallest = min(row, key=lambda entry: entry[2])
        if smallest[2] < largest[2] * SHRUNK_LABEL_SHARE:
            self.offend(_caller(DRAWING_HELPERS + BUTTON_DRAWERS),
                        f"the button '{smallest[1]}' is labelled at {smallest[2]} px beside '{largest[1]}' at "
                        f"{largest[2]} px in its row")

    def meets(self, content: str, ink: pygame.Rect, target: pygame.Surface) -> None:
        """Text drawn over other text, or touching it on the same line, is told at the line that drew it.

        Only the lines that reach into the ink widened by the touching gap can overlap or touch it, so those
        are picked out first (a surface holds many lines); a line or ink of no size is always looked at."""
        lines = self.lines.get(target, [])
        if ink.width and ink.height:
            near = ink.inflate(2 * TOUCHING_GAP_PX, 0)
            lines = [lines[index] for index in near.collidelistall(
                [line if line.width and line.height else EVERYWHERE for line, _text in lines])]
        for line, text in lines:
            if text == content:
                continue
            overlap = line.clip(ink)
            if overlap.width * overlap.height * 10 > min(line.width * line.height, ink.width * ink.height):
                self.offend(_caller(DRAWING_HELPERS), f"'{content}' at {tuple(ink)} is drawn over '{text}' at "
                            f"{tuple(line)}")
                continue
            shared = min(line.bottom, ink.bottom) - max(line.top, ink.top)
            gap = max(line.left, ink.left) - min(line.right, ink.right)
            if shared * 2 >= min(line.height, ink.height) and gap < TOUCHING_GAP_PX:
                self.offend(_caller(DRAWING_HELPERS), f"'{content}' at {tuple(ink)} touches '{text}' at {tuple(line)}")

    def covered(self, surface: pygame.Surface, rect: pygame.Rect, picture: pygame.Surface | None = None,
                origin: tuple[int, int] = (0, 0)) -> None:
        """Lines wholly under a filled shape or a picture are gone (a value painted over by its new value).

        A picture (whose pixel (0, 0) lands at ``origin``) hides a line only where it is opaque over nearly
        all of it: a veil that dims a card leaves the card's words readable, so they still count, and a
        picture with words of its own over part of a line (a stamp on a card's words) leaves it cut (a fade
        at a scrolled page's edge hides lines in part on purpose)."""
        lines = self.lines.get(surface)
        if lines:
            contains = rect.contains
            kept = []
            for line, text in lines:
                if not contains(line):
                    kept.append((line, text))
                    continue
                hidden = 1.0 if picture is None else _hidden_share(picture, line.move(-origin[0], -origin[1]))
                if hidden < HIDDEN_SHARE:
                    kept.append((line, text))
                    if hidden > 0 and self.lines.get(picture):  # a label's plate, not a fade or a shadow
                        self.offend(_caller(DRAWING_HELPERS), f"'{text}' at {tuple(line)} is partly hidden under a "
                                    f"picture drawn over it")
            if len(kept) < len(lines):
                self.lines[surface] = kept

    def _text_kept_when_scaled(self, scale):
        """A line squeezed to fit its room (a word set narrower) is still that line where it lands."""
        def scaled(surface, *args, **kwargs):
            result = scale(surface, *args, **kwargs)
            content = self.texts.get(surface)  # (``pygame.Surface`` is the watched class here: no isinstance)
            if content is not None:
                self.texts[result] = content
                self.ink[result] = result.get_bounding_rect()
            return result
        return scaled

    def _panel_recorder(self, original):
        def recorded(surface, rect, *args, **kwargs):
            self.panels.setdefault(surface, []).append(pygame.Rect(rect))
            self.lines[surface] = [(line, text) for line, text in self.lines.get(surface, ())
                                   if not line.colliderect(rect)]  # a card laid over them hides them
            return original(surface, rect, *args, **kwargs)
        return recorded

    def blitted(self, target: pygame.Surface, source: pygame.Surface, dest, area) -> None:
        offset = pygame.Rect(dest, (0, 0)).topleft if not isinstance(dest, pygame.Rect) else dest.topleft
        content = self.texts.get(source)
        if content is None:  # a picture: it hides the lines under it, and brings its own panels and lines
            landed = pygame.Rect(offset, source.get_size() if area is None else pygame.Rect(area).size)
            clip = target.get_clip().clip(landed)
            if area is not None:  # only that part of the source lands, at ``offset``
                offset = (offset[0] - pygame.Rect(area).x, offset[1] - pygame.Rect(area).y)
            self.covered(target, landed, source, offset)
            carried = self.panels.get(source)
            if carried:
                self.panels.setdefault(target, []).extend(rect.move(offset) for rect in carried
                                                          if rect.move(offset).colliderect(landed))
            carried_lines = []
            for line, text in self.lines.get(source, ()):
                seen = line.move(offset).clip(clip)  # what the target's clip lets through
                if seen.width and seen.height:
                    carried_lines.append((seen, text))
            if carried_lines and target.get_height() not in TILED_HEIGHTS:
                for seen, text in carried_lines:
                    self.meets(text, seen, target)
            if carried_lines:
                self.lines.setdefault(target, []).extend(carried_lines)
            return
        if not content.strip():
            return
        shown = pygame.Rect(offset, source.get_size() if area is None else pygame.Rect(area).size)
        if area is not None and pygame.Rect(area).width < source.get_width():
            self.offend(_caller(DRAWING_HELPERS), f"'{content}' shown only in part")
        clip = target.get_clip()
        whole = target.get_rect()
        if target.get_height() in TILED_HEIGHTS:
            # a line crossing a strip's top or bottom edge goes on in the next strip: only its width counts
            if shown.left < whole.left or shown.right > whole.right:
                self.offend(_caller(DRAWING_HELPERS), f"'{content}' at {tuple(shown)} is wider than its page")
        elif clip == whole:
            if not whole.contains(shown):
                self.offend(_caller(DRAWING_HELPERS), f"'{content}' at {tuple(shown)} runs off the {whole.size} surface")
        elif shown.colliderect(clip) and (shown.left < clip.left or shown.right > clip.right):
            # a clipped list scrolls up and down; a line wider than its box is cut
            self.offend(_caller(DRAWING_HELPERS), f"'{content}' at {tuple(shown)} is cut by its box {tuple(clip)}")
        ink = self.ink[source].move(offset) if area is None else shown
        self.meets(content, ink, target)
        self.lines.setdefault(target, []).append((ink, content))
        under = [rect for rect in self.panels.get(target, ()) if rect.collidepoint(shown.center)]
        if under and not under[-1].inflate(2 * SLACK_PX, 2 * SLACK_PX).contains(shown):
            self.offend(_caller(DRAWING_HELPERS), f"'{content}' at {tuple(shown)} overflows its panel {tuple(under[-1])}")


def _app_at_scale(scale: float):
    def new_app():
        app = original_new_app()
        app.settings.ui_scale = scale
        app.apply_settings()
        return app
    original_new_app = monkey.new_app
    return new_app


def test_only_game_scene_drawing_is_listed_as_known():
    assert all(where.startswith("game/games/") for _, _, where in KNOWN_GAME_SCENE_CLIPPING)


def _unexpected(screen: str, scale: float, problems: dict[str, str]) -> list[str]:
    known = {where for (name, at, where) in KNOWN_GAME_SCENE_CLIPPING if name == screen and at == scale}
    return [f"  {where}: {what}" for where, what in sorted(problems.items())
            if where.split(":")[0] not in known]


@pytest.mark.parametrize("scale", UI_SCALES_CHECKED)
@pytest.mark.parametrize("screen", monkey.scene_names())
def test_no_text_clipped_overflowing_or_below_14_px(screen, scale, monkeypatch):
    """Every screen in English at each size: its text fits, overlaps no other text and is drawn at 14 px or
    more (both watches see the same run, so each screen is played once a size)."""
    small = TextWatch(monkeypatch)
    watch = LayoutWatch(monkeypatch)
    monkeypatch.setattr(monkey, "new_app", _app_at_scale(scale))
    report = monkey.run_scene(screen, FRAMES, seed=5)
    assert not report.exceptions, report.exceptions[0]["traceback"]
    assert small.renders > 0, f"{screen} drew no text through pygame.font"
    assert not small.offenders, f"text below {MIN_FONT_PX} px on {screen} at {round(scale * 100)} %:\n" + \
        "\n".join(f"  {where}: {what}" for where, what in sorted(small.offenders.items()))
    unexpected = _unexpected(screen, scale, watch.problems)
    assert not unexpected, f"text cut or overflowing on {screen} at {round(scale * 100)} %:\n" + "\n".join(unexpected)


# --- every screen in every language ------------------------------------------------------------------
#: German, French, Italian and the pseudo-language (every word 40 % longer than English) at 100 % and 130 %
#: (French and Italian break their lines elsewhere than German does: each is checked at the largest size)
LANGUAGE_RUNS = [(code, scale) for scale in UI_SCALES_CHECKED for code in ("de", "fr", "it", i18n.PSEUDO_LANGUAGE)]


def test_every_language_the_app_speaks_is_checked():
    checked = {code for code, _scale in LANGUAGE_RUNS}
    assert checked == (set(i18n.LANGUAGES) - {i18n.SOURCE_LANGUAGE}) | {i18n.PSEUDO_LANGUAGE}


def _app_in_language(code: str, scale: float):
    def new_app():
        app = at_scale()
        app.set_language(code)
        return app
    at_scale = _app_at_scale(scale)
    return new_app


@pytest.mark.parametrize("language, scale", LANGUAGE_RUNS, ids=[f"{code}-{round(scale * 100)}" for code, scale in
                                                                LANGUAGE_RUNS])
@pytest.mark.parametrize("screen", monkey.scene_names())
def test_no_text_clipped_overflowing_or_small_in_every_language(screen, language, scale, monkeypatch):
    """Every screen of the shell and of every game, in each language: its text fits, overlaps no other text
    and is drawn at 14 px or more (a label shrunk to fit longer words must not go below)."""
    small = TextWatch(monkeypatch)
    watch = LayoutWatch(monkeypatch)
    monkeypatch.setattr(monkey, "new_app", _app_in_language(language, scale))
    try:
        report = monkey.run_scene(screen, FRAMES, seed=5)
    finally:
        i18n.set_language("en")
    assert not report.exceptions, report.exceptions[0]["traceback"]
    problems = {**watch.problems, **{where: f"{what} (below {MIN_FONT_PX} px)" for where, what in
                                     small.offenders.items()}}
    assert not problems, f"text cut, overflowing or too small on {screen} at {round(scale * 100)} % in " \
        f"{language}:\n" + "\n".join(f"  {where}: {what}" for where, what in sorted(problems.items()))


def _dialogs() -> dict[str, tuple[str, str, list[str]]]:
    """Dialogs opened on purpose (the monkey meets them only by chance), in the current language:
    (title, message, buttons)."""
    return {
        "quit": (_("Quit Breakaway Box?"), _("Unfinished games are saved; you can continue them next time."),
                 [_("Quit"), _("Stay")]),
        "problems": (_("Please note"), "The settings file could not be read (JSONDecodeError); the defaults are "
                     "used.\n\n'autosave-breakout.json' is incomplete or damaged (KeyError). It was kept as "
                     "autosave-breakout.broken-1.json.", [_("OK")]),
        "continue": (_("Continue your game of {game}?").format(game=_("Breakaway Football")),
                     _("An unfinished game of {game} is saved ({players}). Continue it, or start the new game asked "
                       "for? Starting the new one replaces the saved game.").format(
                         game=_("Breakaway Football"), players="Lightning, Fire, " + _("turn {turn}").format(turn=48)),
                     [_("Start new game"), _("Continue")]),
    }


DIALOGS = sorted(_dialogs())


@pytest.mark.parametrize("language, scale", [("en", 1.0), ("en", 1.3), *LANGUAGE_RUNS])
@pytest.mark.parametrize("dialog", DIALOGS)
def test_no_dialog_text_clipped_or_overflowing(dialog, scale, language, monkeypatch):
    watch = LayoutWatch(monkeypatch)
    app = _app_in_language(language, scale)()
    app.go_to_launcher()
    title, message, labels = _dialogs()[dialog]
    app.manager.push(app.scenes.dialog(title, message, [(label, lambda: None) for label in labels]))
    for button in app.manager.top.form.widgets:
        # the pointer rests on each button until its tooltip shows: a few frames, one as long as the delay
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        app.run_frames(3)
        app.step(TOOLTIP_DELAY)
        app.run_frames(3)
    i18n.set_language("en")
    assert watch.problems == {}, f"text cut or overflowing in the {dialog} dialog at {round(scale * 100)} % " \
        f"({language}):\n" + "\n".join(f"  {where}: {what}" for where, what in sorted(watch.problems.items()))
    app.quit()


# --- the tables as players met them --------------------------------------------------------------------
#: every language at both interface sizes checked
EVERY_LANGUAGE_AND_SIZE = [(code, scale) for code in i18n.LANGUAGES for scale in UI_SCALES_CHECKED]


def _played_until(spec_id: str, controllers: list[str], seed: int, done) -> "object":
    """A match of ``spec_id`` played with seeded random legal moves until ``done(match)``."""
    from game.core.rng import Rng
    from game.games import all_specs
    match = monkey._new_match(all_specs()[spec_id], controllers, seed)
    rng = Rng(seed)
    while not done(match) and not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    return match


def _launcher_with_saves(app) -> None:
    """Every game has an unfinished game to continue: its tile adds a Continue button over its others."""
    from game.core.jsonfile import json_text
    from game.core.saves import autosave_path, match_to_save
    for spec in app.playable_specs().values():
        match = _played_until(spec.id, ["human"] * spec.default_seats, 7, lambda m: len(m.history) >= 3)
        path = autosave_path(spec.id)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json_text(match_to_save(match)), encoding="utf-8")
    app.go_to_launcher()


def _breaking_away_race(app) -> None:
    """The race with a human rider to move: the decision panel with its Retire button."""
    match = _played_until("breaking-away", ["human", "bot:normal", "bot:normal"], 3,
                          lambda m: m.state.view(None)["phase"] == "move" and m.current_seat == 0)
    app.start_match(match)


def _rider_table(app) -> None:
    """Three riders, two of them normal bots: names, 'Bot (normal)' beside the totals, the pace band."""
    match = monkey._new_match(_spec("breakaway-rider"), ["human", "bot:normal", "bot:normal"], 3)
    app.start_match(match)


def _breakout_won(app) -> None:
    """A game of Breakout played to its end, its table under the results."""
    app.start_match(_played_until("breakout", ["bot:easy", "bot:easy"], 11, lambda m: False))


def _football_last_play(app) -> None:
    """Between plays, the bot to call: the play before lies dimmed on the table, its two cards stamped as the
    last play (a human to call would see the hand there instead)."""
    def between_plays(match) -> bool:
        view = match.state.view(0)
        return (match.current_seat == 1 and bool(view.get("reveal")) and view["calls"] == [None, None]
                and view["phase"] not in ("breakaway_choice", "challenge", "penalty"))
    app.start_match(_played_until("breakaway-football", ["human", "bot:normal"], 5, between_plays))
    app.run_frames(2)
    slots = app.manager.top.show.pic.slots.values()
    assert slots and all(slot.last for slot in slots), "the play before lies on the table"


def _spec(spec_id: str):
    from game.games import all_specs
    return all_specs()[spec_id]


TABLES_MET = {"launcher with saves": _launcher_with_saves, "breaking-away race": _breaking_away_race,
              "breakaway-rider table": _rider_table, "breakout won": _breakout_won,
              "football last play": _football_last_play}


@pytest.mark.parametrize("language, scale", EVERY_LANGUAGE_AND_SIZE,
                         ids=[f"{code}-{round(scale * 100)}" for code, scale in EVERY_LANGUAGE_AND_SIZE])
@pytest.mark.parametrize("table", sorted(TABLES_MET))
def test_tables_as_players_met_them(table, language, scale, monkeypatch):
    """The screens where players found words touching, cut without a hyphen, shortened, running under a
    button or a label shrunk below its row's: every language at 100 % and 130 %."""
    small = TextWatch(monkeypatch)
    watch = LayoutWatch(monkeypatch)
    app = _app_in_language(language, scale)()
    try:
        TABLES_MET[table](app)
        app.run_frames(60)
        form = getattr(app.manager.top, "form", None)
        for button in [widget for widget in (form.widgets if form else ()) if isinstance(widget, widgets.Button)]:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            app.run_frames(2)
    finally:
        i18n.set_language("en")
    problems = {**watch.problems, **{where: f"{what} (below {MIN_FONT_PX} px)" for where, what in
                                     small.offenders.items()}}
    app.quit()
    assert not problems, f"text cut, touching, under a button or shrunk on the {table} at {round(scale * 100)} % " \
        f"in {language}:\n" + "\n".join(f"  {where}: {what}" for where, what in sorted(problems.items()))


# --- every card face of Breakaway Football ------------------------------------------------------------------
@pytest.mark.parametrize("language, scale", EVERY_LANGUAGE_AND_SIZE,
                         ids=[f"{code}-{round(scale * 100)}" for code, scale in EVERY_LANGUAGE_AND_SIZE])
def test_every_football_card_face_keeps_its_words_apart(language, scale, monkeypatch):
    """Every Game Day card on the table and every defense card in the hand, in every language at 100 % and
    130 %: the event's title, its plate and its effect (a penalty's name) never run into each other, nor
    the lines of a defense's name (the monkey meets only the cards a game happens to deal)."""
    from game.games.football.cards import GAME_DAY_DECK, TEAMS
    from game.games.football.scene_art import CardArt
    from game.games.football.scene_layout import HAND_CARD, TABLE_CARD
    small = TextWatch(monkeypatch)
    watch = LayoutWatch(monkeypatch)
    app = _app_in_language(language, scale)()
    try:
        art = CardArt(app.assets, app.theme)
        for number in range(1, len(GAME_DAY_DECK) + 1):
            art.gameday_face(number, TABLE_CARD)
        for team in TEAMS.values():
            for number in range(1, len(team.defense) + 1):
                art.defense_hand_face(team.name, number, 1, HAND_CARD)
    finally:
        i18n.set_language("en")
    problems = {**watch.problems, **{where: f"{what} (below {MIN_FONT_PX} px)" for where, what in
                                     small.offenders.items()}}
    app.quit()
    assert not problems, f"card words running into each other at {round(scale * 100)} % in {language}:\n" + \
        "\n".join(f"  {where}: {what}" for where, what in sorted(problems.items()))
