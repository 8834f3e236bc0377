"""The box lid: every playable game as a tile, plus Continue, Replays, Records, Settings and Quit.

Only games whose spec has a scene are shown.  A game's tile offers Continue
when an unfinished autosave exists; autosaves that cannot be read are set
aside by ``autosaves()`` and reported here in words, never silently dropped.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import __version__
from game.core import spec as spec_module
from game.core.saves import SaveInfo, autosaves
from game.core.spec import TEAM_COLOURS, GameSpec
from game.i18n import _, catalog_file, language
from game.ui import assets as assets_module
from game.ui import draw
from game.ui import theme as theme_module
from game.ui import widgets as widgets_module
from game.ui.menu import MenuScene
from game.ui.picture_cache import (LAUNCHER, LAUNCHER_FRONT, folder_stamp, load_picture, load_prebuilt,
                                   painting_code, prebuilt_variant, source_stamp, store_picture)
from game.ui.theme import MIN_FONT_PX, PALETTE, SMALL_PX, darker, hex_colour, lighter, readable_on
from game.ui.widgets import Button, LabelRow, Widget

if TYPE_CHECKING:
    from game.app import App

TILE_TOP = 148
TILE_HEIGHT = 456
TILE_GAP = 16
#: the title art's height when the words leave room for it; it gives way to them down to the smallest
#: (a tile with a game to continue, in German at 130 %, needs nearly all of it)
ART_HEIGHT = 150
SMALLEST_ART = 56
MAX_TILE_WIDTH = 300
#: a tile's text: the title may take two lines, the pitch is never cut (it gets smaller first, and at
#: 130 % its smallest is still 18 px on the canvas)
TITLE_PX = 24
PITCH_SIZES = (SMALL_PX, 17, 16, 15, MIN_FONT_PX)
TEXT_PAD = 12
#: the art's top margin, the gap under it, and the gap between the pitch and the buttons
ART_TOP, ART_GAP, BUTTON_GAP = 10, 12, 8
#: the tile's buttons: a row of two at the bottom, and a Continue button over them for a saved game
BUTTON_HEIGHT, ROW_TOP, CONTINUE_TOP = 48, 64, 64 + 60
TILE_BUTTON_PX = 20
#: the row of buttons under the tiles (wide enough for "Einstellungen" at 130 %)
BOTTOM_BUTTON_WIDTH, BOTTOM_GAP = 230, 18


class LauncherScene(MenuScene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.saves: dict[str, SaveInfo] = {}
        self.tiles: list[tuple[GameSpec, pygame.Rect]] = []
        self._first: Button | None = None
        self.art_height = ART_HEIGHT
        self.pitch_size = SMALL_PX

    # --- data ------------------------------------------------------------------------
    def refresh(self) -> None:
        """Re-read autosaves (a game may have been saved or finished meanwhile)."""
        self.messages.extend(self.app.notices)
        self.app.notices.clear()
        found, problems = autosaves(self.app.playable_specs())
        self.messages.extend(problems)
        self.saves = {}
        for info in found:
            self.saves.setdefault(info.game_id, info)

    def on_enter(self) -> None:
        self.refresh()
        super().on_enter()
        self.show_messages()

    def on_resume(self) -> None:
        self.refresh()
        super().on_resume()
        self.show_messages()

    # --- widgets -----------------------------------------------------------------------
    def build(self) -> None:
        specs = list(self.app.playable_specs().values())
        self.tiles = []
        self._first = None
        if specs:
            width = min(MAX_TILE_WIDTH, (1280 - 64 - TILE_GAP * (len(specs) - 1)) // len(specs))
            x = 640 - (width * len(specs) + TILE_GAP * (len(specs) - 1)) // 2
            row: list[Button] = []
            for spec in specs:
                rect = pygame.Rect(x, TILE_TOP, width, TILE_HEIGHT)
                self.tiles.append((spec, rect))
                row += self._tile_buttons(spec, rect)
                x += width + TILE_GAP
            LabelRow(row)  # every tile's New, Play and Rules at one size
        bottom_row = [
            (_("Replays"), self.open_replays, {"tooltip": _("Watch finished games again; import or export replays.")}),
            (_("Records"), self.open_records, {"tooltip": _("Games played and won, and personal bests, by name.")}),
            (_("Settings"), self.open_settings, {}),
            (_("Quit"), self.ask_quit, {})]
        bottom = self.button_row(bottom_row, 640, 618, width=BOTTOM_BUTTON_WIDTH, gap=BOTTOM_GAP)
        if self._first is None:
            self._first = bottom[0]

    def _text_height(self, spec: GameSpec, width: int, pitch_size: int) -> int:
        """Title, players and the whole pitch of one tile at ``pitch_size``, measured as ``draw_tile`` lays
        them out (down to the bottom of the pitch's last line)."""
        title_lines, title_size = draw.wrap_to_fit(self.theme, spec.title, width, 2, TITLE_PX, SMALL_PX, fill_lines=False)
        pitch_lines = len(draw.wrap(self.theme, spec.pitch, width, pitch_size))
        return (len(title_lines) * self.theme.font(title_size).get_linesize() + 4
                + self.theme.font(SMALL_PX).size(spec.players_label)[1] + 8
                + pitch_lines * draw.line_height(self.theme, pitch_size))

    def buttons_top(self, spec: GameSpec, rect: pygame.Rect) -> int:
        """Where a tile's highest button begins: the pitch ends above it."""
        return rect.bottom - (CONTINUE_TOP if spec.id in self.saves else ROW_TOP)

    def _tile_layout(self, width: int) -> tuple[int, int]:
        """(art height, pitch size) shared by every tile: the words first, the art in the room left."""
        for pitch_size in PITCH_SIZES:
            art = min(ART_HEIGHT, min(self.buttons_top(spec, rect) - BUTTON_GAP - rect.y - ART_TOP - ART_GAP
                                      - self._text_height(spec, width, pitch_size) for spec, rect in self.tiles))
            if art >= SMALLEST_ART:
                return art, pitch_size
        return SMALLEST_ART, PITCH_SIZES[-1]

    def _tile_buttons(self, spec: GameSpec, rect: pygame.Rect) -> list[Button]:
        """A tile's buttons; returns its bottom row (New or Play, and Rules)."""
        inner = rect.inflate(-2 * TEXT_PAD, 0)
        half = (inner.width - 10) // 2
        y = rect.bottom - ROW_TOP
        save = self.saves.get(spec.id)
        if save is not None:
            label = _("Continue (turn {turn})").format(turn=save.turn) if save.turn else _("Continue")
            if self.theme.font(TILE_BUTTON_PX).size(label)[0] > inner.width - 16:
                label = _("Continue")  # the turn is in the tooltip too
            tip = _("Saved {date}: {players}").format(date=save.saved_at, players=self.app.save_players(save))
            if save.turn:
                tip += ", " + _("turn {turn}").format(turn=save.turn)
            cont = self.form.add(Button((inner.x, rect.bottom - CONTINUE_TOP, inner.width, BUTTON_HEIGHT), label,
                                        lambda p=save.path: self.continue_game(p), primary=True, size=TILE_BUTTON_PX,
                                        tooltip=tip))
            self._first = self._first or cont  # type: ignore[assignment]
        play = self.form.add(Button((inner.x, y, half, BUTTON_HEIGHT), _("New") if save else _("Play"),
                                    lambda s=spec: self.play(s), primary=save is None, size=TILE_BUTTON_PX,
                                    tooltip=_("Start a new game of {game}: choose players and options.").format(
                                        game=spec.title)
                                    + (" " + _("It replaces the unfinished game once it begins.") if save else "")))
        rules = self.form.add(Button((inner.x + half + 10, y, half, BUTTON_HEIGHT), _("Rules"),
                                     lambda s=spec: self.show_rules(s), size=TILE_BUTTON_PX,
                                     tooltip=_("How to play {game}.").format(game=spec.title)))
        if self._first is None:
            self._first = play  # type: ignore[assignment]
        return [play, rules]  # type: ignore[list-item]

    def default_focus(self) -> Widget | None:
        return self._first

    # --- actions ------------------------------------------------------------------------
    def play(self, spec: GameSpec) -> None:
        self.app.manager.push(self.app.scenes.setup(spec))

    def show_rules(self, spec: GameSpec) -> None:
        self.app.manager.push(self.app.scenes.rules(spec))

    def continue_game(self, path) -> None:
        problem = self.app.continue_game(path)
        if problem:
            self.messages.append(problem)
            self.refresh()
            self.rebuild()
            self.show_messages()

    def open_replays(self) -> None:
        self.app.manager.push(self.app.scenes.replays())

    def open_records(self) -> None:
        self.app.manager.push(self.app.scenes.records())

    def open_settings(self) -> None:
        self.app.manager.push(self.app.scenes.settings())

    def ask_quit(self) -> None:
        self.app.manager.push(self.app.scenes.dialog(
            _("Quit Breakaway Box?"), _("Unfinished games are saved; you can continue them next time."),
            [(_("Quit"), self.app.quit), (_("Stay"), lambda: None)]))

    def on_back(self) -> None:
        self.ask_quit()

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The app's first frame, when nothing is hovered or focused by keyboard yet, is two pictures (kept
        or shipped): the backdrop, and the band of buttons at rest below the tiles, so it renders no text;
        later frames re-blit the backdrop made on the second frame and draw the buttons over it."""
        if self.app.frame != 0 or self._backdrop is not None:
            super().draw(surface)
            return
        if self.show_picture(surface):
            if self.show_front_at_rest(surface):
                return
            self.draw_front(surface)
        else:
            super().draw(surface)
        self.keep_front_at_rest(surface)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """The lid and the tiles as kept from an earlier start or shipped with the app when they look the
        same, else painted (and kept for the next start): at start-up that is one file read instead of
        ~20 ms of art."""
        if not self.show_picture(surface):
            self.paint_backdrop(surface)
            store_picture(LAUNCHER, self.picture_key(surface.get_size()), surface)

    def show_picture(self, surface: pygame.Surface) -> bool:
        """The backdrop onto ``surface`` from a picture kept at an earlier start, else from the one shipped
        for the language and scale in use; False when neither shows what painting would."""
        size = surface.get_size()
        return (load_picture(LAUNCHER, self.picture_key(size), surface)
                or load_prebuilt(LAUNCHER, self.prebuilt_variant(), self.shown_key(size), surface))

    # --- the first frame's buttons as a picture ---------------------------------------------
    def front_band(self, size: tuple[int, int]) -> pygame.Rect:
        """The full-width band from the highest button's margin to the bottom: every widget and the key hint."""
        top = min((widget.paint_area().top for widget in self.form.widgets), default=size[1])
        return pygame.Rect(0, max(0, top), size[0], size[1] - max(0, top))

    def front_key(self, size: tuple[int, int]) -> str | None:
        """What the buttons look like at rest; None when something is hovered, pressed, focused by keyboard
        or has a tooltip, or a widget is drawn anew every frame (the picture would not show that)."""
        form = self.form
        if form.keyboard_mode or form.tooltip_target() is not None:
            return None
        looks = []
        for widget in form.widgets:
            look = widget.look()
            if look is None or getattr(widget, "hovered", False) or getattr(widget, "pressed", False):
                return None
            looks.append((type(widget).__name__, tuple(widget.rect), widget.visible, look))
        return repr((tuple(looks), _("Arrows or Tab to choose, Enter to press, F11: fullscreen"),
                     tuple(self.front_band(size))))

    def show_front_at_rest(self, surface: pygame.Surface) -> bool:
        """The band of buttons at rest onto ``surface`` from its kept or shipped picture."""
        size = surface.get_size()
        front = self.front_key(size)
        if front is None:
            return False
        band = self.front_band(size)
        picture = pygame.Surface(band.size, 0, surface)
        if not (load_picture(LAUNCHER_FRONT, self.front_picture_key(size, front), picture)
                or load_prebuilt(LAUNCHER_FRONT, self.prebuilt_variant(), repr((self.shown_key(size), front)),
                                 picture)):
            return False
        surface.blit(picture, band)
        return True

    def keep_front_at_rest(self, surface: pygame.Surface) -> None:
        """Keep the band of buttons just drawn at rest for the next start's first frame."""
        front = self.front_key(surface.get_size())
        if front is not None:
            band = self.front_band(surface.get_size())
            store_picture(LAUNCHER_FRONT, self.front_picture_key(surface.get_size(), front),
                          surface.subsurface(band).copy())

    def front_picture_key(self, size: tuple[int, int], front: str) -> str:
        """The kept band's key: the backdrop's, the buttons' looks, and the code that paints the buttons."""
        return repr((self.picture_key(size), front, source_stamp(widgets_module.__file__)))

    def front_at_rest_picture(self, size: tuple[int, int]) -> tuple[str, pygame.Surface] | None:
        """(shipped key, picture) of the band of buttons at rest as the first frame shows it
        (``tools/make_start_pictures.py``); None when the buttons are not at rest."""
        front = self.front_key(size)
        if front is None:
            return None
        canvas = pygame.Surface(size, 0, self.app.canvas)
        self.paint_backdrop(canvas)
        self.draw_front(canvas)
        return repr((self.shown_key(size), front)), canvas.subsurface(self.front_band(size)).copy()

    def prebuilt_variant(self) -> str:
        return prebuilt_variant(language(), self.theme.ui_scale)

    def shown_key(self, size: tuple[int, int]) -> str:
        """Everything ``paint_backdrop`` shows (the words in the language in use, the sizes, which games
        have a game to continue) and the pygame-ce, SDL, SDL_ttf, SDL_image and smoothscale code (SSE2 on
        every x86-64 processor, NEON on ARM ones) that draw, decode and scale it: the same on every copy
        of the app on such machines, so it is the key of the shipped picture."""
        return repr(self._shown(size))

    def picture_key(self, size: tuple[int, int]) -> str:
        """What is shown, and the code, art and words (the language's catalog) it is painted with."""
        words = catalog_file()
        code = source_stamp(__file__, draw.__file__, theme_module.__file__, assets_module.__file__,
                            spec_module.__file__, str(words) if words else None)
        return repr((*self._shown(size), code, folder_stamp(self.app.assets.root / "sprites")))

    def _shown(self, size: tuple[int, int]) -> tuple[object, ...]:
        tiles = tuple((spec.id, spec.title, spec.players_label, spec.pitch, spec.id in self.saves, tuple(rect))
                      for spec, rect in self.tiles)
        return (__version__, painting_code(), language(), self.theme.ui_scale, tuple(size), tiles)

    def paint_backdrop(self, surface: pygame.Surface) -> None:
        """The lid and the tiles change only when the screen is built again (saves are re-read then)."""
        if self.tiles:  # measured here, not in build(): showing a kept picture measures no text
            self.art_height, self.pitch_size = self._tile_layout(self.tiles[0][1].width - 2 * TEXT_PAD)
        surface.blit(self.theme.table_texture(surface.get_size()), (0, 0))
        self.draw_title(surface)
        draw.text(surface, self.theme, f"v{__version__}", (1268, 716), size=SMALL_PX,
                  colour=PALETTE.on_felt_soft, align="bottomright")
        if not self.tiles:
            message = _("No game can be played yet. Games appear here as soon as they are installed.")
            lines = draw.wrap(self.theme, message, 520, 22)
            box = pygame.Rect(0, 0, 600, len(lines) * draw.line_height(self.theme, 22) + 64)
            box.center = (640, 360)
            draw.cardboard(surface, box)
            draw.paragraph(surface, self.theme, message, box.inflate(-80, -64), size=22, align="center")
        for index, (spec, rect) in enumerate(self.tiles):
            self.draw_tile(surface, spec, rect, index)

    def draw_front(self, surface: pygame.Surface) -> None:
        super().draw_front(surface)
        draw.key_hint(surface, self.theme, _("Arrows or Tab to choose, Enter to press, F11: fullscreen"),
                      (640, 716))

    def draw_title(self, surface: pygame.Surface) -> None:
        title = "Breakaway Box"
        size = round(60 / self.theme.ui_scale)  # the box's name keeps its size at every UI scale
        for offset, colour in ((4, (0, 0, 0)), (0, PALETTE.card_light)):
            draw.text(surface, self.theme, title, (640 + offset // 2, 30 + offset), size=size, colour=colour,
                      align="midtop")
        stripe_y = 100
        total = len(TEAM_COLOURS[:7]) * 44
        x = 640 - total // 2
        for _name, colour in TEAM_COLOURS[:7]:
            pygame.draw.rect(surface, hex_colour(colour), (x, stripe_y, 40, 6), border_radius=3)
            x += 44
        draw.text(surface, self.theme,
                  _("Tabletop racing and football at one screen: with friends, or against bots"),
                  (640, 116), size=SMALL_PX, colour=PALETTE.on_felt_soft, align="midtop")

    def draw_tile(self, surface: pygame.Surface, spec: GameSpec, rect: pygame.Rect, index: int) -> None:
        draw.cardboard(surface, rect, radius=12)
        art = pygame.Rect(rect.x + 10, rect.y + ART_TOP, rect.width - 20, self.art_height)
        sprite_name = f"title_{spec.id}"
        if self.app.assets.has_sprite(sprite_name):
            image = self.app.assets.sprite(sprite_name)
            scale = min(art.width / image.get_width(), art.height / image.get_height())
            size = (max(1, int(image.get_width() * scale)), max(1, int(image.get_height() * scale)))
            image = self.app.assets.sprite(sprite_name, size)
            pygame.draw.rect(surface, PALETTE.felt_dark, art, border_radius=8)
            surface.blit(image, image.get_rect(center=art.center))
        else:
            self.draw_title_card(surface, spec, art, index)
        pygame.draw.rect(surface, PALETTE.card_edge, art, 2, border_radius=8)
        width = rect.width - 2 * TEXT_PAD
        x, y = rect.x + TEXT_PAD, art.bottom + ART_GAP
        title_lines, title_size = draw.wrap_to_fit(self.theme, spec.title, width, 2, TITLE_PX, SMALL_PX, fill_lines=False)
        for line in title_lines:
            draw.text(surface, self.theme, line, (x, y), size=title_size)
            y += self.theme.font(title_size).get_linesize()
        players = draw.text(surface, self.theme, spec.players_label, (x + 26, y + 4), size=SMALL_PX,
                            colour=PALETTE.ink_soft)
        _people_icon(surface, (x, players.centery))
        y += 4 + self.theme.font(SMALL_PX).size(spec.players_label)[1] + 8  # as _text_height measures it
        pitch = pygame.Rect(x, y, width, self.buttons_top(spec, rect) - BUTTON_GAP - y)
        draw.paragraph(surface, self.theme, spec.pitch, pitch, size=self.pitch_size, colour=PALETTE.ink,
                       max_lines=max(1, pitch.height // draw.line_height(self.theme, self.pitch_size)))

    def draw_title_card(self, surface: pygame.Surface, spec: GameSpec, art: pygame.Rect, index: int) -> None:
        """A printed box-lid stand-in: the title on a team-coloured band with racing stripes."""
        colour = hex_colour(TEAM_COLOURS[index % 7][1])
        clip = surface.get_clip()
        surface.set_clip(art)
        pygame.draw.rect(surface, darker(colour, 0.25), art, border_radius=8)
        for i in range(-2, art.width // 22 + 3):
            x = art.x + i * 22
            pygame.draw.polygon(surface, darker(colour, 0.35), [(x, art.bottom), (x + 10, art.bottom),
                                                                (x + 10 + art.height // 2, art.y),
                                                                (x + art.height // 2, art.y)])
        words = draw.wrap(self.theme, spec.title.upper(), art.width - 24, 26)[:2]
        line_height = self.theme.font(26).get_linesize()
        band = pygame.Rect(art.x, 0, art.width, line_height * len(words) + 24)
        band.centery = art.centery
        pygame.draw.rect(surface, lighter(colour, 0.15), band)
        pygame.draw.line(surface, darker(colour, 0.5), band.topleft, band.topright, 2)
        pygame.draw.line(surface, darker(colour, 0.5), band.bottomleft, band.bottomright, 2)
        ink = readable_on(lighter(colour, 0.15))
        y = band.y + 12
        for word_line in words:
            shown = draw.fit(self.theme, word_line, band.width - 16, 26)
            draw.text(surface, self.theme, shown, (band.centerx, y), size=26, colour=ink, align="midtop")
            y += line_height
        surface.set_clip(clip)


def _people_icon(surface: pygame.Surface, left_centre: tuple[int, int]) -> None:
    """Two little pawns: 'players'."""
    x, y = left_centre
    for dx, shade in ((10, PALETTE.ink_faint), (0, PALETTE.ink_soft)):
        pygame.draw.circle(surface, shade, (x + dx + 6, y - 4), 4)
        pygame.draw.rect(surface, shade, (x + dx + 1, y + 1, 10, 7), border_top_left_radius=5,
                         border_top_right_radius=5)
