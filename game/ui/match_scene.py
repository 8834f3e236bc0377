"""The shared in-game scene that every game's scene subclasses.

A game scene only draws its table and turns input into actions; this base does
everything else the same way for all five games: bots on a worker thread,
hot-seat privacy (the curtain), refused moves as toasts, autosave after every
action (encoded at once, written to disk on a worker thread so a slow disk
never stalls a frame), pause and undo, the header bar, the log, and the
results at the end.

Contract for game scenes
------------------------
Construction: ``GameSpec.scene`` is a zero-argument callable returning the
class (import it lazily there, so engines stay free of pygame); the app builds
the scene as ``SceneClass(app, match)``.  A subclass with its own ``__init__``
calls ``super().__init__(app, match)`` first.

Hooks (override what you need; all have harmless defaults):

``draw_table(surface, view, viewer)``
    Draw the game on the 1280x720 canvas inside ``self.table_rect`` (the
    header, the log and the toasts are drawn by the base around and over it).
    ``view`` is ``match.state.view(viewer)``: draw nothing that is not in it.
    Must not change state: read tweens' ``value``, never advance them here.
``handle_table_event(event, view, viewer)``
    Input on the table: mouse positions are already canvas coordinates, keys
    carry ``unicode`` and ``mod``.  Call ``self.submit(action)`` to play; it
    returns False when the move was refused (the reason is toasted for you).
    Esc (pause), F1 (rules) and the wheel over the log are taken before this.
    Offer keyboard play too (e.g. arrows to choose, Enter to play).
``on_events(events)``
    The events of every applied action, a human's or a bot's: queue
    animations on ``self.anims`` and sounds with ``self.play_sound``.
``update_table(dt)``
    Per-frame time for the scene's own effects (hover glow, idle motion).
``is_animating() -> bool``
    True while something must finish before the next decision (bots wait,
    the curtain waits, the results wait).  Default: ``self.anims.busy``.
``prompt(view, viewer) -> str``
    One line after the current player's name in the header: what they may do
    now ("Click a card to play it").  Shown only while that human is at the
    screen; bots get "is thinking..." instead.
``results_summary_lines() -> list[str]``
    Game-specific lines for the results screen ("Yellow jersey: Anna").
``on_undo()``
    After an undo from the pause menu restored an earlier state.

Attributes and helpers:

* ``self.app``: ``app.settings`` (``colour_blind``, ``animation_speed``...),
  ``app.theme``, ``app.assets``, ``app.scenes`` (push other screens with
  ``self.app.manager.push(self.app.scenes.rules(self.spec))``);
* ``self.match`` (seats, history, ``current_seat``, ``log_for``), ``self.spec``;
* ``self.viewer``: the seat whose secrets may be drawn now (None: public view);
  ``self.view``: the view for it, cached; ``self.can_act``: the seat deciding
  now is a human at the screen (use it for hover highlights and hints);
* ``self.table_rect``: where to draw; ``log_side = "bottom"`` (class
  attribute) moves the log under the table for wide boards;
* fonts and colours: ``self.theme.font(px)`` / ``self.theme.text(str, px,
  colour)`` (cached), ``game.ui.theme.PALETTE`` (felt, card, ink, accent...),
  ``self.seat_colour(seat)``, ``self.seat_name(seat)``, ``self.colour_blind``;
  ``game.ui.draw`` has ``cardboard`` (panel with shadow), ``text``,
  ``paragraph``, ``team_marker`` (colour chip with the colour-blind pattern);
* frame budget (4 ms for the whole frame): ``self.theme.image(key, paint)``
  keeps a picture painted once for ``key`` (until the UI scale changes), so
  draw what changes only move by move once and blit it; ``draw.wrap`` and
  ``draw.fit`` remember their measurements; widgets cache their own looks;
* sprites: ``self.assets.sprite(name, size=None, tint=None)`` (a drawn
  stand-in if missing), ``self.assets.has_sprite(name)``;
* sound: ``self.play_sound(name)`` plays ``assets/sounds/<name>.wav``
  (volume and mute from the settings; silent in screenshot mode);
* animation: ``self.anims`` is a :class:`game.ui.anim.Timeline` at the
  player's speed ("off" and screenshot mode jump to end states at once);
  ``Tween``, ``Together``, ``Wait``, ``Call`` and easings live in
  ``game.ui.anim``;
* ``self.toast(text)`` for a message of your own.
"""
from __future__ import annotations

import logging
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.core.jsonfile import json_text, write_text_atomic
from game.core.match import Match
from game.core.protocol import Action, Event, IllegalAction
from game.core.saves import autosave_path, match_to_save

from . import hud
from .anim import Timeline
from .scene import Scene
from .theme import CANVAS_SIZE, Theme, hex_colour
from .widgets import LogPanel, colour_of

if TYPE_CHECKING:
    from game.app import App

    from .assets import Assets

log = logging.getLogger(__name__)

#: seconds a bot's move stays "thinking" at normal animation speed, so humans can follow
BOT_MIN_DELAY = 0.7
LOG_WIDTH = 300
LOG_HEIGHT = 150
MARGIN = 12


class BotJob:
    """A bot's decision computed off the main thread (or at once in instant mode)."""

    def __init__(self, decide: Callable[[], Action], *, run_now: bool) -> None:
        self.decide = decide
        self.result: Action | None = None
        self.error: BaseException | None = None
        self._finished = threading.Event()
        if run_now:
            self._run()
        else:
            threading.Thread(target=self._run, name="bot", daemon=True).start()

    def _run(self) -> None:
        try:
            self.result = self.decide()
        except Exception as exc:  # a broken bot must not take the game down
            self.error = exc
        finally:
            self._finished.set()

    @property
    def done(self) -> bool:
        return self._finished.is_set()


class AutosaveWriter:
    """Writes the newest autosave on a worker thread; older ones still waiting are skipped.

    The text is encoded on the main thread (a consistent snapshot of the match);
    only the disk work (write, fsync, rename) happens on the worker, which waits
    for the next save instead of being started again for each one.  Outcomes
    (None for success, the OSError otherwise) wait in ``outcomes()`` for the
    scene to report them.
    """

    #: seconds the worker waits for another save before it ends (a new one starts it again)
    IDLE_SECONDS = 30.0

    def __init__(self, write: Callable[[Path, str], None]) -> None:
        self._write = write
        self._wake = threading.Condition()
        self._pending: tuple[Path, str] | None = None
        self._busy = False
        self._closing = False
        self._thread: threading.Thread | None = None
        self._outcomes: list[OSError | None] = []

    def submit(self, path: Path, text: str) -> None:
        with self._wake:
            self._pending = (path, text)
            self._closing = False
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._wake:
                if self._pending is None and not self._closing:
                    self._wake.wait(self.IDLE_SECONDS)
                job, self._pending = self._pending, None
                if job is None:
                    self._thread = None
                    self._wake.notify_all()
                    return
                self._busy = True
            try:
                self._write(*job)
                outcome: OSError | None = None
            except OSError as exc:
                outcome = exc
            with self._wake:
                self._busy = False
                self._outcomes.append(outcome)
                self._wake.notify_all()

    def flush(self) -> None:
        """Wait until everything submitted is on disk (or has failed)."""
        with self._wake:
            while self._pending is not None or self._busy:
                self._wake.wait()

    def close(self) -> None:
        """Finish what was submitted and let the worker end."""
        with self._wake:
            self._closing = True
            self._wake.notify_all()
            while self._thread is not None:
                self._wake.wait()

    def outcomes(self) -> list[OSError | None]:
        with self._wake:
            done, self._outcomes = self._outcomes, []
        return done


def write_autosave(path: Path, text: str) -> None:
    write_text_atomic(path, text)


class MatchScene(Scene):
    """Base of every game's scene: owns the match and all shared play mechanics."""

    #: where the log goes: "right" (a column) or "bottom" (a strip under the table)
    log_side: str = "right"

    def __init__(self, app: "App", match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.spec = match.spec
        self.anims = Timeline(lambda: self.animation_factor)
        humans = match.humans()
        #: the last human seat that was at the screen (a single human always is)
        self.last_human: int | None = humans[0] if len(humans) == 1 else None
        #: the seat whose private information may be drawn now; None: public view
        self.viewer: int | None = self.last_human
        self.toasts = hud.Toasts()
        self.table_rect, log_rect = self._layout()
        self.log_panel = LogPanel(log_rect)
        self._bot: BotJob | None = None
        self._bot_key: tuple[int, int] | None = None
        self._bot_wait = 0.0
        self._thinking = 0.0
        self._curtain_up = False
        self._results_shown = False
        self._save_failed = False
        self._saver = AutosaveWriter(lambda path, text: write_autosave(path, text))
        self._view_key: tuple[Any, ...] | None = None
        self._view: dict[str, Any] = {}
        #: bumped whenever the match changes (an action, an undo): the log is re-read only then
        self._changes = 0
        self._log_for: tuple[int, int | None] | None = None

    # --- what subclasses use --------------------------------------------------------
    @property
    def theme(self) -> Theme:
        return self.app.theme

    @property
    def assets(self) -> "Assets":
        return self.app.assets

    @property
    def animation_factor(self) -> float:
        """Duration multiplier: 0 when animations are off or in instant (screenshot) mode."""
        return 0.0 if self.app.instant else self.app.settings.animation_factor

    @property
    def colour_blind(self) -> bool:
        return self.app.settings.colour_blind

    @property
    def view(self) -> dict[str, Any]:
        """``match.state.view(self.viewer)``, computed once per state change."""
        key = (id(self.match.state), len(self.match.history), self.viewer)
        if key != self._view_key:
            self._view = self.match.state.view(self.viewer)
            self._view_key = key
        return self._view

    @property
    def can_act(self) -> bool:
        """A human seat decides now and is the one at the screen."""
        seat = self.match.current_seat
        return seat is not None and self.match.seats[seat].is_human and seat == self.viewer and not self._curtain_up

    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def seat_colour(self, seat: int) -> pygame.Color:
        return hex_colour(self.match.seats[seat].colour)

    def play_sound(self, name: str, volume: float = 1.0) -> None:
        if not self.app.instant:
            self.assets.play(name, volume)

    def toast(self, text: str, kind: str = "error") -> None:
        self.toasts.show(text, kind)

    def submit(self, action: Action) -> bool:
        """Play ``action`` for the human at the screen; a refusal becomes a toast."""
        seat = self.match.current_seat
        if seat is None:
            self.toast("The game is over; no more moves can be made.")
            return False
        if not self.match.seats[seat].is_human:
            self.toast(f"Please wait: it is {self.seat_name(seat)}'s turn.")
            return False
        if not self.can_act:
            return False
        try:
            events = self.match.apply(action)
        except IllegalAction as exc:
            self.toast(str(exc))
            return False
        self._after_action(events)
        return True

    # --- hooks for subclasses -------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, view: dict[str, Any], viewer: int | None) -> None:
        """Draw the game inside ``self.table_rect``."""

    def handle_table_event(self, event: pygame.event.Event, view: dict[str, Any], viewer: int | None) -> None:
        """Turn input into ``self.submit(action)`` calls."""

    def on_events(self, events: list[Event]) -> None:
        """Queue animations and sounds for the events of an applied action."""

    def update_table(self, dt: float) -> None:
        """The scene's own per-frame effects."""

    def is_animating(self) -> bool:
        return self.anims.busy

    def prompt(self, view: dict[str, Any], viewer: int | None) -> str:
        return "Your move."

    def results_summary_lines(self) -> list[str]:
        return []

    def on_undo(self) -> None:
        """An undo restored an earlier state."""

    # --- the shared mechanics ----------------------------------------------------------
    def _layout(self) -> tuple[pygame.Rect, pygame.Rect]:
        width, height = CANVAS_SIZE
        top = hud.HEADER_HEIGHT + MARGIN
        if self.log_side == "bottom":
            log_rect = pygame.Rect(MARGIN, height - LOG_HEIGHT - MARGIN, width - 2 * MARGIN, LOG_HEIGHT)
            table = pygame.Rect(MARGIN, top, width - 2 * MARGIN, log_rect.y - MARGIN - top)
        else:
            log_rect = pygame.Rect(width - LOG_WIDTH - MARGIN, top, LOG_WIDTH, height - top - MARGIN)
            table = pygame.Rect(MARGIN, top, log_rect.x - 2 * MARGIN, height - top - MARGIN)
        return table, log_rect

    def _after_action(self, events: list[Event]) -> None:
        self._view_key = None
        self._changes += 1
        self.on_events(events)
        self.autosave()

    def autosave(self) -> None:
        """Save the match as it is now (written atomically in the background); see ``report_saves``."""
        if self.match.is_over():
            return
        self._saver.submit(autosave_path(self.spec.id), json_text(match_to_save(self.match)))

    def flush_autosave(self) -> None:
        """Wait until the last autosave is on disk: before leaving, finishing, or reading it back."""
        self._saver.flush()
        self.report_saves()

    def report_saves(self) -> None:
        """A failed save is shown once, never fatal; so is saving working again."""
        for problem in self._saver.outcomes():
            if problem is not None:
                if not self._save_failed:
                    self.toast(f"The game could not be saved ({problem.strerror or problem.__class__.__name__}). "
                               "You can play on, but quitting will lose it.")
                self._save_failed = True
            elif self._save_failed:
                self.toast("Saving works again.", "info")
                self._save_failed = False

    def remove_autosave(self) -> None:
        self.flush_autosave()
        try:
            autosave_path(self.spec.id).unlink(missing_ok=True)
        except OSError as exc:
            log.warning("Could not remove the finished game's autosave: %s", exc)

    def undo(self) -> bool:
        """Take back the current human's last step (from the pause menu)."""
        try:
            self.match.undo()
        except IllegalAction as exc:
            self.toast(str(exc))
            return False
        self.anims.clear()
        self._view_key = None
        self._changes += 1
        self.on_undo()
        self.autosave()
        self.toast("Your last move was taken back.", "info")
        return True

    def reveal_to(self, seat: int) -> None:
        """The curtain was lifted by ``seat``'s player: their secrets may be drawn now."""
        self._curtain_up = False
        self.viewer = seat
        self.last_human = seat

    def needs_curtain(self, seat: int) -> bool:
        """Hand-off needed: another human, with secrets, and more than one human at the table."""
        return (len(self.match.humans()) > 1 and seat != self.last_human
                and self.match.state.holds_secrets(seat))

    def _settle_turn(self) -> None:
        """Give the screen to the human who decides now, through the curtain if needed."""
        seat = self.match.current_seat
        if seat is None or not self.match.seats[seat].is_human or seat == self.viewer:
            return
        if self.needs_curtain(seat):
            self._curtain_up = True
            self.app.manager.push(self.app.scenes.curtain(self, seat))
            return
        self.viewer = seat
        self.last_human = seat

    def _run_bot(self, dt: float) -> None:
        seat = self.match.current_seat
        key = (id(self.match.state), len(self.match.history))
        if self._bot is None or self._bot_key != key:
            decide = self.match.bot_decision()
            if decide is None:
                return
            self._bot = BotJob(decide, run_now=self.app.instant)
            self._bot_key = key
            self._bot_wait = 0.0
            return
        self._bot_wait += dt
        if not self._bot.done or self._bot_wait < BOT_MIN_DELAY * self.animation_factor:
            return
        job, self._bot = self._bot, None
        action = job.result
        try:
            if job.error is not None or action is None:
                raise IllegalAction(f"the bot failed ({job.error!r})")
            events = self.match.apply(action)
        except IllegalAction as exc:
            log.warning("%s's bot move was refused (%s); playing the first legal move instead.",
                        self.seat_name(seat), exc)
            events = self.match.apply(self.match.state.legal_actions()[0])
        self._after_action(events)

    def _finish(self) -> None:
        """The game is over and its last animation done: results on top."""
        self._results_shown = True
        self.remove_autosave()
        self.app.manager.push(self.app.scenes.results(self))

    def rematch(self) -> None:
        """Same seats and options, a new seed."""
        seed = int.from_bytes(os.urandom(4), "big")
        self.app.new_match(self.spec, list(self.match.seats), dict(self.match.options), seed)

    # --- Scene --------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.autosave()

    def on_exit(self) -> None:
        self._saver.close()
        self.report_saves()

    def on_quit(self) -> None:
        self.autosave()
        self.flush_autosave()

    def on_resume(self) -> None:
        self._view_key = None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.push(self.app.scenes.pause(self))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.app.manager.push(self.app.scenes.rules(self.spec))
            return
        if event.type in (pygame.MOUSEWHEEL, pygame.MOUSEMOTION) and self.log_panel.handle_event(event):
            return
        self.handle_table_event(event, self.view, self.viewer)

    def update(self, dt: float) -> None:
        self.report_saves()
        self.anims.update(dt)
        self.update_table(dt)
        self.toasts.update(dt)
        seat = self.match.current_seat
        is_bot = seat is not None and not self.match.seats[seat].is_human
        self._thinking = self._thinking + dt if is_bot else 0.0
        if self.is_animating():
            return
        if self.match.is_over():
            if not self._results_shown:
                self._finish()
            return
        if is_bot:
            self._run_bot(dt)
        else:
            self._settle_turn()

    def covers_canvas(self) -> bool:
        return True  # draw() starts with the whole table

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.theme.table_texture(surface.get_size()), (0, 0))
        view = self.view
        self.draw_table(surface, view, self.viewer)
        self.draw_log(surface)
        self.draw_header(surface, view)
        self.toasts.draw(surface, self.theme, self.table_rect)

    def draw_log(self, surface: pygame.Surface) -> None:
        if self._log_for != (self._changes, self.viewer):
            chips = [colour_of(seat.colour) for seat in self.match.seats]
            entries = [(entry.event.text, chips[entry.seat] if entry.seat is not None else None)
                       for entry in self.match.log_for(self.viewer)]
            self.log_panel.set_entries(entries)
            self._log_for = (self._changes, self.viewer)
        self.log_panel.draw(surface, self.theme)

    def draw_header(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        seat = self.match.current_seat
        title = self.spec.title
        if seat is None:
            outcome = self.match.outcome()
            text = "Game over"
            if outcome.winner is not None:
                text = f"Game over: {self.seat_name(outcome.winner)} wins"
            hud.header(surface, self.theme, title=title, name=None, colour_hex=None, prompt=text,
                       marked=self.colour_blind, thinking=None)
            return
        player = self.match.seats[seat]
        if not player.is_human:
            prompt, thinking = "", self._thinking
        elif self.can_act:
            prompt, thinking = self.prompt(view, self.viewer), None
        else:
            prompt, thinking = "is next.", None
        hud.header(surface, self.theme, title=title, name=player.name, colour_hex=player.colour, prompt=prompt,
                   marked=self.colour_blind, thinking=thinking, hint="Esc: menu   F1: rules")

