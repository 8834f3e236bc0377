"""The window, the clock, the main loop and the scene stack.

Everything is drawn on a fixed 1280x720 canvas, letterboxed into a resizable
window (or the whole screen: F11), and mouse positions are mapped back to the
canvas before any scene sees them.  The window is never smaller than the canvas
(unless the screen itself is), so the canvas is never shrunk and no text is
drawn below 14 px; a larger window scales the whole canvas up.  When the window is exactly the canvas size
the window's own surface is the canvas, so presenting a frame copies nothing.
Start-up does only what the first frame needs: fonts, sprites and sounds load
on first use.

Headless screenshots (``--screenshot PATH --frames N``) run N frames with a
fixed time step and no sleeping, with bots deciding at once, then save the
canvas: the same command always gives the same picture.

Start-up is measured (``tools/bench.py``: start to the first launcher frame
against a bare pygame-ce window): rules engines, bots and game scenes are
imported when a game is first set up or played, logging on the first warning,
the first launcher runs no full collection, and the collector leaves what
start-up made alone until the first frame is up (none of it is garbage).
"""
from __future__ import annotations

import gc
import os
import time
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

import pygame

from game import __version__, i18n
from game.core.jsonfile import FileProblem
from game.core.paths import resource_path
from game.core.saves import SaveError, SaveInfo, autosave_path, autosaves, load_match, quarantine, saves_dir
from game.core.settings import load_settings, save_settings, settings_path
from game.core.spec import GameSpec
from game.i18n import _
from game.quick_start import keep_first_frame
from game.scenes.registry import SceneRegistry
from game.ui.assets import Assets, configure_logging, log_warning
from game.ui.picture_cache import LAUNCHER, has_picture, has_prebuilt, prebuilt_variant
from game.ui.scene import SceneManager
from game.ui.theme import CANVAS_SIZE, PALETTE, Theme
from game.ui.viewport import MOUSE_EVENTS, Viewport, screen_size

if TYPE_CHECKING:
    from game.cli import LaunchRequest
    from game.core.match import Match, Seat

FPS = 60
FIXED_DT = 1 / 60
#: frames run for a screenshot when --frames is not given (one second of play)
DEFAULT_SCREENSHOT_FRAMES = 60
MAX_DT = 0.1
#: the pointer's place when the mouse is outside the window
OFF_CANVAS = (-1, -1)
#: set in the environment, the app prints the clock and its processor time once the first frame is up
#: (``tools/bench.py`` times a built app's start with it: a frozen executable cannot be watched from inside)
REPORT_FIRST_FRAME = "BREAKAWAY_BOX_REPORT_FIRST_FRAME"


class App:
    """One running Breakaway Box: window, settings, theme, assets and the scene stack."""

    def __init__(self, specs: Mapping[str, GameSpec], *, instant: bool = False, language: str | None = None) -> None:
        self.specs = dict(specs)
        #: screenshot/test mode: fixed time step, bots decide at once, no waiting
        self.instant = instant
        self.settings, problem = load_settings()
        # --lang for this run, else the language chosen in Settings, else the system's
        i18n.set_language(language or self.settings.language or i18n.system_language())
        #: messages for the player that the launcher shows once (a broken settings file...)
        self.notices: list[str] = [problem] if problem else []
        self.theme = Theme(self.settings.ui_scale)
        self.assets = Assets(self.settings, self.theme)
        # the launcher's tiles show each game's title art: decode it while the window opens, unless the
        # launcher was kept as a picture at an earlier start or ships as one (then nothing needs the art yet)
        if not has_picture(LAUNCHER) and not has_prebuilt(LAUNCHER, prebuilt_variant(i18n.language(),
                                                                                     self.settings.ui_scale)):
            self.assets.prefetch(f"title_{game_id}" for game_id in self.playable_specs())
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(380, 45)
        pygame.display.set_caption(window_title())
        # before the window opens: else pygame-ce loads its own icon for it (~2 ms, through importlib.resources)
        pygame.display.set_icon(_icon())
        self._own_canvas: pygame.Surface | None = None
        self.window = self._open_window()
        self.canvas = self._canvas_for(self.window)
        self.viewport = Viewport(self.window.get_size())
        self.manager = SceneManager()
        self.scenes = SceneRegistry(self)
        self.pointer: tuple[int, int] = OFF_CANVAS
        self.running = True
        self.frame = 0
        self.clock = pygame.time.Clock()
        # what start-up made so far (modules, the game list) lasts as long as the app: the collector
        # leaves it alone until the first frame is up, sparing start-up a pass over it that frees nothing
        gc.freeze()
        self._frozen_at_start = True

    # --- window -----------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error as exc:
                log_warning(__name__, f"Fullscreen is not available ({exc}); using a window.")
                self.settings.fullscreen = False
        # a size chosen on a larger screen (or written by hand) must not put the interface off this one
        size = fitted_window_size(self.settings.window_width, self.settings.window_height)
        self.settings.window_width, self.settings.window_height = size
        shown = pygame.display.get_surface()
        if shown is not None and getattr(self, "window", None) is None and shown.get_size() == size:
            window = shown  # opened by game.quick_start with the kept first frame: it stays on screen
        else:
            window = pygame.display.set_mode(size, pygame.RESIZABLE)
        _ask_for_minimum_size()
        return window

    def _canvas_for(self, window: pygame.Surface) -> pygame.Surface:
        """The window itself at canvas size, else a canvas of our own to scale into it."""
        if window.get_size() == CANVAS_SIZE:
            return window
        if self._own_canvas is None:
            self._own_canvas = pygame.Surface(CANVAS_SIZE).convert()
        return self._own_canvas

    def _use_window(self, window: pygame.Surface) -> None:
        """Draw into a new or resized window from the next frame on."""
        self.window, self.canvas = window, self._canvas_for(window)
        self.viewport.resize(window.get_size())

    def set_fullscreen(self, on: bool) -> None:
        if on != self.settings.fullscreen:
            self.settings.fullscreen = on
            self._use_window(self._open_window())
            self.store_settings()

    def set_window_size(self, size: tuple[int, int]) -> None:
        """Resize the window (remembered for the next start); in fullscreen only remembered."""
        self.settings.window_width, self.settings.window_height = fitted_window_size(*size)
        self.settings.normalised()
        if not self.settings.fullscreen:
            self._use_window(self._open_window())
        self.store_settings()

    def _window_resized(self) -> None:
        surface = pygame.display.get_surface()
        if surface is not None and not self.settings.fullscreen and at_least(*surface.get_size()) != surface.get_size():
            # dragged below the smallest size where every text stays readable (the system ignored the minimum)
            surface = pygame.display.set_mode(at_least(*surface.get_size()), pygame.RESIZABLE)
            _ask_for_minimum_size()
        if surface is not None:
            self._use_window(surface)
            if not self.settings.fullscreen:
                self.settings.window_width, self.settings.window_height = surface.get_size()
                self.settings.normalised()

    # --- settings --------------------------------------------------------------------
    def store_settings(self) -> str | None:
        """Write the settings file; a failure is returned as a sentence (never raised)."""
        try:
            save_settings(self.settings)
        except (OSError, FileProblem) as exc:
            return _("Settings could not be saved ({reason}); they last until you quit.").format(
                reason=exc.__class__.__name__)
        return None

    def set_language(self, code: str) -> None:
        """Speak ``code`` from now on: every screen draws again in it (a match under the menus is set up
        again), and it is kept for next time."""
        self.settings.language = code
        if code != i18n.language():
            i18n.set_language(code)
            self.theme.words_changed()
            pygame.display.set_caption(window_title())
            self._set_tables_again()

    def _set_tables_again(self) -> None:
        """A match under the menus (pause, Settings) is set up again in the new language (its scene's
        ``set_again``), and the menus above it serve the new table."""
        stack = self.manager.stack
        for index, scene in enumerate(stack):
            set_again = getattr(scene, "set_again", None)
            if set_again is None:
                continue
            fresh = set_again()
            stack[index] = fresh
            for above in stack[index + 1:]:
                if getattr(above, "match_scene", None) is scene:
                    above.match_scene = fresh  # type: ignore[attr-defined]
            scene.on_exit()
            fresh.on_enter()

    def apply_settings(self) -> None:
        """Make a changed UI scale take effect (volume and speed are read when used)."""
        self.theme.set_ui_scale(self.settings.ui_scale)

    # --- starting things -------------------------------------------------------------
    def playable_specs(self) -> dict[str, GameSpec]:
        """Games that have a scene to play them in (the launcher shows only these)."""
        return {gid: spec for gid, spec in self.specs.items() if spec.scene is not None}

    def open(self, request: "LaunchRequest", *, ask_before_replacing: bool = True) -> None:
        """The first screen for a command line: a match, a setup, or the launcher.

        A match asked for while an unfinished game of the same game is saved is not
        started over it silently: the player chooses, as on the launcher, between
        continuing that game and starting the new one (Esc continues).
        """
        spec = self.specs.get(request.game_id) if request.game_id else None
        if spec is not None and spec.scene is None:
            self.notices.append(_("{game} cannot be played on screen yet.").format(game=spec.title))
            spec = None
        if spec is None:
            self.go_to_launcher()
        elif request.controllers:
            from game.core.match import Match, default_seats
            match = Match(spec, default_seats(spec, request.controllers), request.options, request.seed or 0,
                          guided=request.guided and spec.guide is not None and "human" in request.controllers)
            unfinished = self._unfinished_game(spec) if ask_before_replacing else None
            if unfinished is None:
                self.start_match(match)
            else:
                self.go_to_launcher()
                self._ask_continue_or_replace(unfinished, match)
        else:
            self.go_to_launcher()
            self.manager.push(self.scenes.setup(spec, options=request.options, seed=request.seed,
                                                guided=request.guided))

    def _unfinished_game(self, spec: GameSpec) -> SaveInfo | None:
        """The unfinished autosave of this game (a broken one is set aside and reported on the launcher)."""
        found, problems = autosaves({spec.id: spec})
        self.notices.extend(problems)
        return found[0] if found else None

    def seat_label(self, game_id: str, name: str) -> str:
        """A stored seat name as shown: a default one (a colour, a game's own seat name) in the reader's
        language, a name a player chose as it is (see :meth:`GameSpec.seat_label`)."""
        spec = self.specs.get(game_id)
        return spec.seat_label(name) if spec is not None else name

    def save_players(self, save: SaveInfo) -> str:
        """The players of a saved game, by their shown names."""
        return ", ".join(self.seat_label(save.game_id, name) for name in save.seat_names)

    def _ask_continue_or_replace(self, save: SaveInfo, match: Match) -> None:
        def play_on() -> None:
            problem = self.continue_game(save.path)
            if problem:
                self.go_to_launcher(problem)
        game = _(save.title)
        turn = ", " + _("turn {turn}").format(turn=save.turn) if save.turn else ""
        self.manager.push(self.scenes.dialog(
            _("Continue your game of {game}?").format(game=game),
            _("An unfinished game of {game} is saved ({players}). Continue it, or start the new game asked for? "
              "Starting the new one replaces the saved game.").format(game=game,
                                                                      players=self.save_players(save) + turn),
            [(_("Start new game"), lambda: self.start_match(match)), (_("Continue"), play_on)], primary=1))

    def go_to_launcher(self, message: str | None = None) -> None:
        if message:
            self.notices.append(message)
        left_screens = bool(self.manager.stack)
        self.manager.reset(self.scenes.launcher())
        self._let_go_of_old_screens(left_screens)

    def start_match(self, match: Match) -> None:
        """Replace everything with the game's own scene: ``spec.scene()(app, match)``."""
        assert match.spec.scene is not None, f"{match.spec.id} has no scene"
        scene_class = match.spec.scene()
        left_screens = bool(self.manager.stack)
        self.manager.reset(scene_class(self, match))
        self._let_go_of_old_screens(left_screens)

    @staticmethod
    def _let_go_of_old_screens(left_screens: bool) -> None:
        """Free the screens just left now: a game scene holds large cached pictures in reference
        cycles (animation callbacks), which would otherwise wait for the collector's next full run.
        At start-up nothing was left, and a full collection would cost the first frame ~10 ms."""
        if left_screens:
            gc.collect()

    def new_match(self, spec: GameSpec, seats: list[Seat], options: Mapping[str, Any], seed: int) -> None:
        from game.core.match import Match
        self.start_match(Match(spec, seats, options, seed))

    def continue_game(self, path: Path) -> str | None:
        """Load an autosave and play on; on failure the file is set aside and the reason returned."""
        try:
            match = load_match(path, self.specs)
        except SaveError as exc:
            return f"{exc} {quarantine(path)}"
        self.start_match(match)
        return None

    # --- the loop --------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """Handle one raw event: app keys and window events here, the rest to the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._window_resized()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
        elif event.type == pygame.WINDOWLEAVE:
            # the mouse left the window: nothing is hovered any more (no tooltip stays behind)
            self.pointer = OFF_CANVAS
            self.manager.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=OFF_CANVAS, rel=(0, 0),
                                                         buttons=(0, 0, 0)))
        elif event.type in MOUSE_EVENTS:
            mapped = self.viewport.translate(event, self.pointer)
            self.pointer = mapped.pos
            self.manager.handle_event(mapped)
        elif event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.DROPFILE):
            self.manager.handle_event(event)

    def step(self, dt: float = FIXED_DT) -> None:
        """One frame: events, update, draw, present."""
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        self.manager.update(dt)
        self.render()
        self.frame += 1
        if self._frozen_at_start:
            self._frozen_at_start = False
            gc.unfreeze()  # the first frame is up: collect as usual

    def render(self) -> None:
        if not self.manager.covers_canvas():
            self.canvas.fill(PALETTE.felt_dark)
        self.manager.draw(self.canvas)
        self.viewport.present(self.canvas, self.window)
        pygame.display.flip()

    def run_frames(self, frames: int | None = None) -> None:
        """Run until quit, or exactly ``frames`` frames with a fixed step and no sleeping."""
        start = self.frame
        while self.running and (frames is None or self.frame - start < frames):
            if frames is not None or self.instant:
                dt = FIXED_DT
            else:
                dt = min(self.clock.tick(FPS) / 1000.0, MAX_DT)
            self.step(dt)

    def quit(self) -> None:
        """Leave cleanly from anywhere: scenes save first (a running match autosaves)."""
        if not self.running:
            return
        self.manager.quit()
        self.store_settings()
        self.running = False

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.canvas, str(path))


def minimum_window_size() -> tuple[int, int]:
    """The canvas at full size, the smallest window in which no text falls below 14 px; on a screen
    smaller than that, the largest window of the canvas's shape that the screen holds."""
    width, height = CANVAS_SIZE
    desktops = pygame.display.get_desktop_sizes() if pygame.display.get_init() else []
    if desktops:
        shrink = min(1.0, desktops[0][0] / width, desktops[0][1] / height)
        width, height = round(width * shrink), round(height * shrink)
    return width, height


def at_least(width: int, height: int) -> tuple[int, int]:
    """A window size raised to the minimum in each direction."""
    smallest = minimum_window_size()
    return max(width, smallest[0]), max(height, smallest[1])


def fitted_window_size(width: int, height: int) -> tuple[int, int]:
    """A window size raised to the minimum and lowered to what the screen holds."""
    width, height = at_least(width, height)
    screen = screen_size()
    if screen is None:
        return width, height
    return min(width, screen[0]), min(height, screen[1])


def _ask_for_minimum_size() -> None:
    """Tell the system how small the window may be dragged (older pygame-ce: resizes are raised afterwards)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = minimum_window_size()
    except (AttributeError, pygame.error):
        pass


def window_title() -> str:
    return f"Breakaway Box {__version__}"


def _icon() -> pygame.Surface:
    """The app icon (assets/icon.png, drawn by tools/make_assets.py); a drawn lid if it is missing."""
    try:
        return pygame.image.load(str(resource_path("assets") / "icon.png"))
    except (OSError, pygame.error, FileNotFoundError):
        return _drawn_icon()


def _drawn_icon() -> pygame.Surface:
    """A small cardboard box lid with an orange band."""
    icon = pygame.Surface((32, 32), pygame.SRCALPHA)
    pygame.draw.rect(icon, PALETTE.card, (2, 4, 28, 24), border_radius=4)
    pygame.draw.rect(icon, PALETTE.card_edge, (2, 4, 28, 24), 2, border_radius=4)
    pygame.draw.rect(icon, PALETTE.accent, (2, 13, 28, 7))
    pygame.draw.circle(icon, (0, 114, 178), (16, 16), 5)
    return icon


def run(request: "LaunchRequest", specs: dict[str, GameSpec]) -> int:
    """Open the app for a command line and run it until the player quits (exit code)."""
    instant = request.screenshot is not None or request.headless
    # a picture of a game leaves the player's saved game of it as it was (both are kept)
    kept = _SavedGame(request.game_id) if request.screenshot is not None and request.game_id else None
    app = App(specs, instant=instant, language=request.language)
    try:
        app.open(request, ask_before_replacing=kept is None)
        frames = request.frames
        if frames is None and request.screenshot is not None:
            frames = DEFAULT_SCREENSHOT_FRAMES
        app.run_frames(1)  # the first frame as early as possible; then what start-up could wait for
        if os.environ.get(REPORT_FIRST_FRAME):
            print(time.time(), time.process_time(), flush=True)
        if request.is_plain_start() and not app.settings.fullscreen:
            keep_first_frame(app.window, window_title(), settings_path(), saves_dir())
        configure_logging()
        app.run_frames(None if frames is None else frames - 1)
        if request.screenshot is not None:
            app.screenshot(request.screenshot)
    finally:
        app.assets.finish_prefetch()
        pygame.quit()
        if kept is not None:
            kept.restore()
    return 0


class _SavedGame:
    """A game's autosave as it was before a run, put back afterwards (or removed if there was none)."""

    def __init__(self, game_id: str) -> None:
        self.path = autosave_path(game_id)
        self.content = self.path.read_bytes() if self.path.exists() else None

    def restore(self) -> None:
        if self.content is None:
            self.path.unlink(missing_ok=True)
        else:
            self.path.write_bytes(self.content)

