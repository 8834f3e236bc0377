"""Hot-seat privacy, frame by frame: is a human's secret on screen while everyone at the table looks?

``SecretWatch`` wraps a running match scene.  Every frame the scene draws while
no human decides at the screen (a bot decides, a move animates, a hand-off
waits) is a public frame, and each one must show nothing secret:

* nobody's secrets are chosen (``scene.viewer`` is None);
* the log panel holds exactly the lines everyone may read;
* the picture is the very one drawn for a *twin* of the state that shares only
  the public view with it: every hidden card, factor and tile sampled anew with
  ``from_view(view(None))``.  Whatever a frame shows that its twin does not
  came from a secret, whether the scene read it from ``view``, from the state
  or from a snapshot it kept.

And a human's secrets come back only through that human's curtain: a frame
showing a seat's secrets after a public frame needs that seat to have lifted
its curtain in between (unless it holds no secrets now).

The same watch serves a table drawn inside another screen (the replay viewer
draws a game's table, header and log within its own frame): ``frame`` names
that screen, and its whole pictures are the ones checked and twinned.

``play`` drives the app like the players at the table: it lifts curtains,
closes recaps and stage tables with Enter, answers Breakaway Rider's shared
climb call, and makes a seeded random legal move for the human at the screen
through ``scene.submit``.
"""
from __future__ import annotations

import random
from typing import Any, Callable

import pygame

from game.app import App
from game.core.match import LogEntry, Match, Seat
from game.core.protocol import GameState
from game.games import all_specs
from game.ui.match_scene import MatchScene
from game.ui.scene import Scene
from scene_input import key, step


class SecretWatch:
    """Checks every frame a hot-seat match scene draws (see the module notes)."""

    def __init__(self, scene: MatchScene, *, frame: Scene | None = None) -> None:
        """Watch ``scene``'s table in the frames it draws, or in those ``frame`` draws around it."""
        self.scene = scene
        self.public_frames = 0
        self.private_frames = 0
        #: public frames drawn while a bot decided or its move animated
        self.bot_frames = 0
        #: seats that lifted their curtain, in order
        self.reveals: list[int] = []
        #: private log lines of humans that existed while a public frame was drawn
        self.hidden_lines: set[str] = set()
        #: what went wrong, each kind once (on the first frame that showed it)
        self.problems: list[str] = []
        self._kinds: list[str] = []
        self._revealed: set[int] = set()
        self._screen: int | None = None
        self._twin: tuple[tuple[int, int], GameState] | None = None
        #: the log entries last read, and the public lines made of them
        self._log_read: tuple[list[LogEntry], list[str]] | None = None
        #: the twin's picture and its bytes, kept between frames
        self._twin_picture: pygame.Surface | None = None
        self._twin_bytes = bytearray()
        drawer = frame or scene
        self._draw = drawer.draw
        self._reveal_to = scene.reveal_to
        drawer.draw = self.draw  # type: ignore[method-assign]
        scene.reveal_to = self.reveal_to  # type: ignore[method-assign]

    # --- the wrapped scene methods -------------------------------------------------------------
    def reveal_to(self, seat: int) -> None:
        self.reveals.append(seat)
        self._revealed.add(seat)
        self._reveal_to(seat)

    def draw(self, surface: pygame.Surface) -> None:
        self._draw(surface)
        scene = self.scene
        if scene.can_act:
            self._private_frame()
        else:
            self._public_frame(surface)

    # --- the checks ------------------------------------------------------------------------------
    def problem(self, kind: str, detail: str = "") -> None:
        """Note what went wrong, each kind once: on the first frame that shows it."""
        if kind not in self._kinds:
            self._kinds.append(kind)
            self.problems.append(f"after move {len(self.scene.match.history)}: {kind} {detail}".rstrip())

    def _private_frame(self) -> None:
        scene = self.scene
        seat = scene.viewer
        assert seat is not None
        self.private_frames += 1
        if self._screen is None and seat not in self._revealed and scene.match.state.holds_secrets(seat):
            self.problem("a player's secrets came back without their curtain:", scene.seat_name(seat))
        self._screen = seat

    def _public_frame(self, surface: pygame.Surface) -> None:
        scene = self.scene
        match = scene.match
        self.public_frames += 1
        seat = match.current_seat
        if seat is not None and not match.seats[seat].is_human:
            self.bot_frames += 1
        self._screen = None
        self._revealed.clear()
        if scene.viewer is not None:
            self.problem("a player's secrets are chosen on a public frame:", scene.seat_name(scene.viewer))
        public = self._public_lines()
        shown = [text for text, _chip in scene.log_panel.entries]
        if shown != public[:len(shown)]:  # a table may hold back the lines its animation has not shown yet
            extra = [text for text in shown if text not in public]
            self.problem("the log shows lines not everyone may read:", str(extra[:3]))
        self._compare_with_twin(surface)

    def _public_lines(self) -> list[str]:
        """The log's lines everyone may read; worked out again (with ``hidden_lines``) only when the log
        changed, since a game's log holds hundreds of entries and most frames add none."""
        scene = self.scene
        match = scene.match
        if self._log_read is None or self._log_read[0] != match.log:
            public = [scene.log_text(entry) for entry in match.log if entry.event.visible(None)]
            self.hidden_lines |= {scene.log_text(entry) for entry in match.log
                                  if not entry.event.visible(None) and any(entry.event.visible(human)
                                                                           for human in match.humans())}
            self._log_read = (list(match.log), public)
        return self._log_read[1]

    def twin(self) -> GameState:
        """A state with the same public view and every secret sampled anew (one per position)."""
        match = self.scene.match
        key = (id(match.state), len(match.history))
        if self._twin is None or self._twin[0] != key:
            state = match.state
            twin = type(state).from_view(state.view(None), 1000 + len(match.history))
            assert twin.view(None) == state.view(None), "the twin must share the public view"
            self._twin = (key, twin)
        return self._twin[1]

    def _compare_with_twin(self, surface: pygame.Surface) -> None:
        scene = self.scene
        twin_picture = self._twin_canvas(surface)
        real = scene.match.state
        scene.match.state = self.twin()
        try:
            self._draw(twin_picture)
        finally:
            scene.match.state = real
            scene._view_key = None  # the cached view was the twin's
        # both pictures in one pixel format: equal bytes are equal pixels, compared without a new 3.7 MB
        # buffer per frame; only pictures whose bytes differ are converted and compared colour by colour
        self._twin_bytes[:] = twin_picture.get_view("1")
        if self._twin_bytes == surface.get_view("1"):
            return
        if pygame.image.tobytes(surface, "RGB") != pygame.image.tobytes(twin_picture, "RGB"):
            box = _difference_box(surface, twin_picture)
            self.problem("a public frame differs from its twin's (secrets on screen) inside", str(box))

    def _twin_canvas(self, surface: pygame.Surface) -> pygame.Surface:
        """A blank picture like ``surface`` for the twin: one kept for the whole game, cleared each frame."""
        picture = self._twin_picture
        if picture is None or (picture.get_size(), picture.get_bitsize(), picture.get_masks(), picture.get_pitch()) != (
                surface.get_size(), surface.get_bitsize(), surface.get_masks(), surface.get_pitch()):
            picture = self._twin_picture = pygame.Surface(surface.get_size(), 0, surface)
            self._twin_bytes = bytearray(picture.get_view("1").length)
        picture.fill((0, 0, 0, 0))
        return picture

    def assert_clean(self) -> None:
        assert not self.problems, "\n".join(self.problems)


def _difference_box(one: pygame.Surface, other: pygame.Surface) -> pygame.Rect:
    """The rectangle holding every pixel that differs (to say where the secret was drawn)."""
    mask = pygame.mask.Mask(one.get_size())
    width, height = one.get_size()
    for y in range(0, height, 2):
        for x in range(0, width, 2):
            if one.get_at((x, y)) != other.get_at((x, y)):
                mask.set_at((x, y))
    boxes = mask.get_bounding_rects()
    return boxes[0].unionall(boxes[1:]) if boxes else pygame.Rect(0, 0, 0, 0)


def top_name(app: App) -> str:
    return type(app.manager.top).__name__


def play(app: App, scene: MatchScene, *, seed: int, until: Callable[[], bool], frames: int = 20000,
         choose: Callable[[random.Random, list[Any]], Any] | None = None) -> None:
    """Play as the humans at the table would until ``until()`` (or the results): Enter lifts curtains and
    closes recaps, stage tables and the shared climb call; the human at the screen makes a random
    legal move (``choose`` picks among the legal actions)."""
    rng = random.Random(seed)
    pick = choose or (lambda r, actions: r.choice(actions))
    looked_at = -1  # the position the player at the screen has seen for a frame (then the recap may open)
    for _ in range(frames):
        if until() or top_name(app) == "ResultsScene":
            return
        top = app.manager.top
        if top is not scene:
            key(app, pygame.K_RETURN)  # the curtain, a stage table: guarded for a moment, then lifted
        elif scene.recap is not None:
            key(app, pygame.K_RETURN)
        elif getattr(scene, "climb_call", None) is not None:
            key(app, pygame.K_RETURN)  # nobody claims the climb at the shared call
        elif scene.can_act and not scene.is_animating() and looked_at == len(scene.match.history):
            scene.submit(pick(rng, scene.match.state.legal_actions()))
            step(app)
        elif scene.can_act and not scene.is_animating():
            looked_at = len(scene.match.history)
            step(app)
        else:
            step(app)
    raise AssertionError(f"the game did not get there in {frames} frames; top scene {top_name(app)}")


def open_table(game_id: str, seats: list[Seat], seed: int = 4, *, instant: bool = False) -> tuple[App, MatchScene]:
    """A fresh game of ``game_id`` at fast animations, so that every move the table watches is drawn."""
    app = App(all_specs(), instant=instant)
    app.settings.animation_speed = "fast"
    app.start_match(Match(app.specs[game_id], seats, {}, seed))
    scene = app.manager.find(MatchScene)
    assert scene is not None
    return app, scene
