"""The monkey: random clicks, drags, wheel turns, keys and window resizes on every screen.

The driver behind ``tests/test_monkey.py``, the text-size checks and ``tools/monkey.py`` (the
long run).  Each screen is opened in a fresh app (headless, instant bots, its own temporary
user folder) and fed seeded random input for N frames: clicks and right
clicks, drags across frames, hovering, the wheel, keys (Tab and Shift+Tab,
Enter, Esc, arrows, digits, letters, space, Backspace, F1, Page Up/Down...),
now and then a window resize, F11 or a window close.  When the input leaves
the screen (Esc, Back, Quit, a rematch), a screen opened on top stays a few
frames and is then closed, and a screen that is gone is opened again: the
count of each is reported, so nothing is left unnoticed.  A finished match is
started again.  Any exception is recorded with the screen, the seed, the frame,
the last input events and the command that reproduces it.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
import traceback
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# SDL turns SIGTERM and Ctrl+C into a window close, which the monkey answers by starting the app
# again: without SDL's handlers the run stops as any program does
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")

import pygame  # noqa: E402

from game.core.rng import Rng  # noqa: E402
from scene_input import KEY_TEXT, scancode_of  # noqa: E402

if TYPE_CHECKING:
    from game.app import App
    from game.core.match import Match
    from game.core.spec import GameSpec
    from game.ui.scene import Scene

#: frames a screen opened on top of the one under test may stay before it is closed
GRACE_FRAMES = 90
#: input events kept for a report
EVENTS_KEPT = 40
WINDOW_SIZES = ((1280, 720), (800, 600), (1024, 576), (1600, 900), (1920, 1080), (960, 720), (1366, 768))
KEYS = (
    [pygame.K_TAB] * 6 + [pygame.K_RETURN] * 5 + [pygame.K_ESCAPE] * 2
    + [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN] * 4 + [pygame.K_SPACE] * 2
    + [pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_F1, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME,
       pygame.K_END, pygame.K_KP_ENTER, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_PLUS]
    + list(range(pygame.K_0, pygame.K_9 + 1)) * 2 + list(range(pygame.K_a, pygame.K_z + 1))
)


def key_text(code: int, shift: bool) -> str:
    if pygame.K_a <= code <= pygame.K_z or pygame.K_0 <= code <= pygame.K_9:
        text = chr(code)
        return text.upper() if shift else text
    return KEY_TEXT.get(code, "")


# --- the screens -----------------------------------------------------------------------------
@dataclass
class Target:
    """A screen under test: ``open`` builds it in an app and returns the scene instance."""

    name: str
    open: Callable[["App", int], "Scene"]
    #: a match screen whose game ended is opened again (a finished table takes little input)
    match_screen: bool = False


def _launcher(app: "App", _attempt: int) -> "Scene":
    app.go_to_launcher()
    return app.manager.top


def _over_launcher(make: Callable[["App"], "Scene"]) -> Callable[["App", int], "Scene"]:
    def open_screen(app: "App", _attempt: int) -> "Scene":
        app.go_to_launcher()
        app.manager.push(make(app))
        return app.manager.top
    return open_screen


def _new_match(spec: "GameSpec", controllers: list[str], seed: int, guided: bool = False) -> "Match":
    from game.core.match import Match, default_seats
    seats = default_seats(spec, controllers)
    try:
        return Match(spec, seats, {}, seed, guided=guided)
    except TypeError:  # a match without guided games
        return Match(spec, seats, {}, seed)


def _finished_match(spec: "GameSpec", seed: int) -> "Match":
    """A game between humans played to its end with random legal moves."""
    match = _new_match(spec, ["human"] * spec.default_seats, seed)
    rng = Rng(seed)
    while not match.is_over():
        match.apply(rng.choice(match.state.legal_actions()))
    return match


def _match_screen(spec: "GameSpec", bots: bool) -> Callable[["App", int], "Scene"]:
    def open_screen(app: "App", attempt: int) -> "Scene":
        controllers = ["human"] + (["bot:easy"] if bots else ["human"]) * (spec.default_seats - 1)
        app.start_match(_new_match(spec, controllers, 100 + attempt, guided=not bots))
        return app.manager.stack[0]
    return open_screen


def _over_match(spec: "GameSpec", what: str) -> Callable[["App", int], "Scene"]:
    """Pause, a curtain or the results over a game.  A pause or curtain left for the table is opened again
    over that same table while its game goes on (building a table takes most of a reopening's time)."""
    def open_screen(app: "App", attempt: int) -> "Scene":
        from game.ui.match_scene import MatchScene
        stack = app.manager.stack
        table_left = (what != "results" and len(stack) == 1 and isinstance(stack[0], MatchScene)
                      and stack[0].spec is spec and not stack[0].match.is_over())
        if what == "results":
            app.start_match(_finished_match(spec, 200 + attempt))
        elif not table_left:
            humans = what == "curtain"
            controllers = ["human"] + (["human"] if humans else ["bot:easy"]) * (spec.default_seats - 1)
            app.start_match(_new_match(spec, controllers, 300 + attempt))
        match_scene = app.manager.stack[0]
        for scene in app.manager.stack[1:]:  # a curtain the match opened by itself
            app.manager.pop(scene)
            break
        if what == "results":
            app.manager.push(app.scenes.results(match_scene))
        elif what == "pause":
            app.manager.push(app.scenes.pause(match_scene))
        else:
            seat = match_scene.match.current_seat
            app.manager.push(app.scenes.curtain(match_scene, 0 if seat is None else seat))
        return app.manager.top
    return open_screen


def _replay_viewer(spec: "GameSpec") -> Callable[["App", int], "Scene"]:
    def open_screen(app: "App", attempt: int) -> "Scene":
        from game.core.replay import Replay
        app.go_to_launcher()
        app.manager.push(app.scenes.replay_viewer(Replay.of_match(_finished_match(spec, 400 + attempt)),
                                                  f"monkey-{spec.id}"))
        return app.manager.top
    return open_screen


def _with_played_games(make: Callable[["App"], "Scene"]) -> Callable[["App", int], "Scene"]:
    """A list screen over a few finished games (archived replays, records of the human seats)."""
    def open_screen(app: "App", attempt: int) -> "Scene":
        if attempt == 0:
            from game.core.archive import archive_match
            from game.core.records import record_match
            for number, spec in enumerate(app.playable_specs().values()):
                match = _finished_match(spec, 500 + number)
                archive_match(match)
                record_match(match)
        return _over_launcher(make)(app, attempt)
    return open_screen


def targets(app: "App") -> list[Target]:
    """Every screen of the app, the optional ones only when this version has them."""
    scenes = app.scenes
    found = [Target("launcher", _launcher), Target("settings", _over_launcher(lambda a: a.scenes.settings()))]
    if hasattr(scenes, "replays"):
        found.append(Target("replays", _with_played_games(lambda a: a.scenes.replays())))
    if hasattr(scenes, "records"):
        found.append(Target("records", _with_played_games(lambda a: a.scenes.records())))
    for spec in app.playable_specs().values():
        found += [
            Target(f"setup/{spec.id}", _over_launcher(lambda a, s=spec: a.scenes.setup(s))),
            Target(f"rules/{spec.id}", _over_launcher(lambda a, s=spec: a.scenes.rules(s))),
            Target(f"match-humans/{spec.id}", _match_screen(spec, bots=False), match_screen=True),
            Target(f"match-bots/{spec.id}", _match_screen(spec, bots=True), match_screen=True),
            Target(f"pause/{spec.id}", _over_match(spec, "pause")),
            Target(f"curtain/{spec.id}", _over_match(spec, "curtain")),
            Target(f"results/{spec.id}", _over_match(spec, "results")),
        ]
        if hasattr(scenes, "replay_viewer"):
            found.append(Target(f"replay/{spec.id}", _replay_viewer(spec)))
    return found


# --- the monkey ------------------------------------------------------------------------------
@dataclass
class Report:
    """What happened on one screen."""

    scene: str
    seed: int
    frames: int = 0
    exceptions: list[dict[str, Any]] = field(default_factory=list)
    #: the screen was gone (Esc, Back, a rematch...) and was opened again
    reopened_left: int = 0
    #: the app quit (Quit, window closed) and was started again
    reopened_quit: int = 0
    #: a screen opened on top was closed after GRACE_FRAMES
    closed_on_top: int = 0
    #: a match screen whose game ended was opened again
    reopened_finished: int = 0
    worst_frame_ms: float = 0.0
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {key: value for key, value in self.__dict__.items()}


class Monkey:
    """Seeded random input for one screen, one frame at a time."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        #: events waiting for later frames (the rest of a drag)
        self.pending: list[list[pygame.event.Event]] = []
        self.recent: list[str] = []
        self.window_size = (1280, 720)

    def note(self, frame: int, text: str) -> None:
        self.recent.append(f"frame {frame}: {text}")
        del self.recent[:-EVENTS_KEPT]

    def position(self) -> tuple[int, int]:
        width, height = self.window_size
        if self.rng.random() < 0.02:  # at or just past the edge
            return (self.rng.choice((-3, 0, width - 1, width + 2)), self.rng.randint(-3, height + 2))
        return (self.rng.randrange(width), self.rng.randrange(height))

    def events_for(self, frame: int) -> list[pygame.event.Event]:
        events = self.pending.pop(0) if self.pending else []
        count = self.rng.choice((0, 0, 0, 1, 1, 1, 1, 2))
        for _ in range(count):
            events.extend(self.random_input(frame))
        return events

    def random_input(self, frame: int) -> list[pygame.event.Event]:
        roll = self.rng.random()
        if roll < 0.38:
            return self.key(frame)
        if roll < 0.62:
            return self.click(frame)
        if roll < 0.76:
            pos = self.position()
            self.note(frame, f"move to {pos}")
            return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
        if roll < 0.84:
            return self.drag(frame)
        if roll < 0.985:
            y = self.rng.choice((-3, -1, -1, 1, 1, 3))
            self.note(frame, f"wheel {y}")
            return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                       precise_y=float(y))]
        if roll < 0.9965:
            return self.resize(frame)
        if roll < 0.9985:
            self.note(frame, "F11")
            return self.key_events(pygame.K_F11, 0)
        self.note(frame, "window close")
        return [pygame.event.Event(pygame.QUIT)]

    def key(self, frame: int) -> list[pygame.event.Event]:
        code = self.rng.choice(KEYS)
        mod = 0
        if self.rng.random() < 0.12:
            mod = pygame.KMOD_LSHIFT
        elif self.rng.random() < 0.02:
            mod = pygame.KMOD_LCTRL
        self.note(frame, f"key {pygame.key.name(code)}" + (" +shift" if mod & pygame.KMOD_SHIFT else "")
                  + (" +ctrl" if mod & pygame.KMOD_CTRL else ""))
        return self.key_events(code, mod)

    @staticmethod
    def key_events(code: int, mod: int) -> list[pygame.event.Event]:
        text = key_text(code, bool(mod & pygame.KMOD_SHIFT))
        scancode = scancode_of(code)
        return [pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=scancode),
                pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=text, scancode=scancode)]

    def click(self, frame: int) -> list[pygame.event.Event]:
        pos = self.position()
        button = self.rng.choice((1, 1, 1, 1, 1, 1, 3))
        self.note(frame, f"click {button} at {pos}")
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]

    def drag(self, frame: int) -> list[pygame.event.Event]:
        start, end = self.position(), self.position()
        steps = self.rng.randint(2, 10)
        self.note(frame, f"drag {start} -> {end} over {steps} frames")
        for step in range(1, steps + 1):
            pos = (start[0] + (end[0] - start[0]) * step // steps, start[1] + (end[1] - start[1]) * step // steps)
            motion = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))]
            if step == steps:
                motion.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
            if step - 1 < len(self.pending):
                self.pending[step - 1].extend(motion)
            else:
                self.pending.append(motion)
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]

    def resize(self, frame: int) -> list[pygame.event.Event]:
        """What a player dragging the window's corner causes: a new window size and the event."""
        size = self.rng.choice(WINDOW_SIZES)
        self.note(frame, f"resize window to {size}")
        pygame.display.set_mode(size, pygame.RESIZABLE)
        self.window_size = size
        return [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]


def scene_seed(name: str, seed: int) -> int:
    """Each screen's own input stream: the same whichever other screens run."""
    return (seed * 1_000_003 + zlib.crc32(name.encode())) & 0xFFFFFFFF


def new_app() -> "App":
    from game.app import App
    from game.games import all_specs
    return App(all_specs(), instant=True)


def _failure_key(error: BaseException) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else "?"
    return f"{error.__class__.__name__} at {where}"


def run_scene(name: str, frames: int, seed: int, *, max_exceptions: int = 5) -> Report:
    """Random input on one screen for ``frames`` frames in a fresh app and user folder."""
    home = tempfile.mkdtemp(prefix="monkey-")
    previous_home = os.environ.get("BREAKAWAY_BOX_HOME")
    os.environ["BREAKAWAY_BOX_HOME"] = home
    report = Report(name, seed)
    monkey = Monkey(Rng(scene_seed(name, seed)))
    started = time.perf_counter()
    try:
        app = new_app()
        target = next((t for t in targets(app) if t.name == name), None)
        if target is None:
            raise SystemExit(f"no screen '{name}'; see --list")
        attempt = 0
        scene = target.open(app, attempt)
        off_screen = finished = 0
        seen: dict[str, int] = {}
        for frame in range(frames):
            for event in monkey.events_for(frame):
                pygame.event.post(event)
            t0 = time.perf_counter()
            try:
                app.step()
            except Exception as exc:  # the finding this tool exists for
                key = _failure_key(exc)
                seen[key] = seen.get(key, 0) + 1
                if seen[key] == 1 and len(report.exceptions) < max_exceptions:
                    report.exceptions.append({
                        "scene": name, "seed": seed, "frame": frame, "error": key,
                        "traceback": traceback.format_exc(limit=12), "last_events": list(monkey.recent),
                        "reproduce": f"python tools/monkey.py --scene {name} --seed {seed} --frames {frame + 1}"})
                    print(f"{name} seed {seed} frame {frame}: {key}\n{traceback.format_exc(limit=12)}"
                          f"  last input: {monkey.recent[-5:]}\n  reproduce: python tools/monkey.py --scene {name} "
                          f"--seed {seed} --frames {frame + 1}", file=sys.stderr)
                pygame.event.clear()
                monkey.pending.clear()
                attempt += 1
                app = new_app()
                scene = target.open(app, attempt)
                continue
            report.worst_frame_ms = max(report.worst_frame_ms, (time.perf_counter() - t0) * 1000)
            if not app.running:
                report.reopened_quit += 1
                attempt += 1
                pygame.event.clear()
                app = new_app()
                monkey.window_size = app.window.get_size()
                scene = target.open(app, attempt)
                continue
            monkey.window_size = app.window.get_size()
            stack = app.manager.stack
            if scene not in stack:
                report.reopened_left += 1
                attempt += 1
                scene = target.open(app, attempt)
                off_screen = 0
            elif stack[-1] is not scene:
                off_screen += 1
                if off_screen > GRACE_FRAMES:
                    report.closed_on_top += 1
                    app.manager.pop(stack[stack.index(scene) + 1])
                    off_screen = 0
            else:
                off_screen = 0
            if target.match_screen and scene.match.is_over():  # type: ignore[attr-defined]
                finished += 1
                if finished > GRACE_FRAMES:
                    report.reopened_finished += 1
                    attempt += 1
                    scene = target.open(app, attempt)
                    finished = 0
        report.frames = frames
        app.quit()
    finally:
        report.seconds = round(time.perf_counter() - started, 1)
        report.worst_frame_ms = round(report.worst_frame_ms, 1)
        if previous_home is None:
            os.environ.pop("BREAKAWAY_BOX_HOME", None)
        else:
            os.environ["BREAKAWAY_BOX_HOME"] = previous_home
        shutil.rmtree(home, ignore_errors=True)
    return report


def scene_names() -> list[str]:
    home = tempfile.mkdtemp(prefix="monkey-")
    previous = os.environ.get("BREAKAWAY_BOX_HOME")
    os.environ["BREAKAWAY_BOX_HOME"] = home
    try:
        return [target.name for target in targets(new_app())]
    finally:
        if previous is None:
            os.environ.pop("BREAKAWAY_BOX_HOME", None)
        else:
            os.environ["BREAKAWAY_BOX_HOME"] = previous
        shutil.rmtree(home, ignore_errors=True)
