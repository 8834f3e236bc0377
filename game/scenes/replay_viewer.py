"""The replay viewer: a game watched again, move by move, on the game's own table.

The table is drawn by the game's own scene class, built around a match that
only this viewer changes: stepping forward plays the next recorded move on it
and hands the events to the scene (so the move animates as it did), jumping
anywhere rebuilds the state from the replay's checkpoints and the log from the
scene's opening entries (a draw for the lead) and the recorded moves' events,
and tells the scene as after an undo.  The scene never decides anything here:
nobody may act, no bot runs (its ``update`` is never called, only its
animations and per-frame effects advance), nothing is autosaved, no curtain is
raised.

Whose eyes: "Public view" shows only what every player could see; a seat's
view adds that seat's secrets (its hand, its sealed sheet), and the log shows
only entries that perspective may read.  Seats' views open only once the game
has ended: a game still being played is watched by its own players, and a
line under the closed choice says so.

Keys: Left/Right step, Space play/pause, Home/End first/last, V whose view,
S speed, Tab and Enter for the buttons, Esc back to the list.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable, Hashable

import pygame

from game.core.match import LogEntry, Match
from game.core.protocol import Event
from game.core.replay import Replay
from game.i18n import N_, _, format_decimal
from game.ui import draw, hud
from game.ui.focus import Form
from game.ui.match_scene import MatchScene
from game.ui.scene import Scene
from game.ui.theme import CANVAS_SIZE, PALETTE, SMALL_PX, Theme, darker
from game.ui.viewport import MOUSE_EVENTS
from game.ui.widgets import Button, Cycle, Widget

if TYPE_CHECKING:
    from game.app import App

#: playback speeds; each reads as "Speed 0.5x" in the player's language
SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
#: seconds between two moves while playing at 1x, once the last move's animation has ended
STEP_PAUSE = 0.7
CONTROLS_HEIGHT = 214
#: the line under the closed view choice of a game not over (two lines of small text)
NOTE_HEIGHT = 50
MARGIN = 12
#: why only the public view is on offer while a game is not over
SEATS_CLOSED = N_("Players' secrets show here once the game has ended.")


class ReplayTable:
    """Mixed in before a game's scene class: a table that only shows a replay.

    When the watched seat is the one deciding, the table looks as it did to
    that player (their hand spread out, their choices on offer), but no input
    ever reaches it and nothing it submits is played.  Nothing is saved as a
    game in progress, no hand-off curtain is needed, and undo is the viewer's.
    """

    watching = True

    @property
    def can_act(self) -> bool:
        viewer = self.viewer  # type: ignore[attr-defined]
        return viewer is not None and viewer == self.match.current_seat  # type: ignore[attr-defined]

    def submit(self, action: Any) -> bool:
        """Only the replay's own moves are played here."""
        return False

    def autosave(self) -> None:
        """A replay is never saved over a game in progress."""

    def undo(self) -> bool:
        return False

    def needs_curtain(self, seat: int) -> bool:
        return False

    def replay_moved(self) -> None:
        """The match was changed by the viewer: the cached view and log are read again."""
        self._view_key = None  # type: ignore[attr-defined]
        self._changes += 1  # type: ignore[attr-defined]


def replay_table_class(scene_class: type) -> type:
    """The game's scene class with :class:`ReplayTable` in front of it."""
    return type(f"Replay{scene_class.__name__}", (ReplayTable, scene_class), {})


class IconButton(Button):
    """A transport button showing a drawn symbol (first, back, play, pause, forward, last)."""

    def paint(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        face, edge, ink = self.colours()
        depth = 2 if self.pressed else 5
        base = rect.move(0, 5)
        pygame.draw.rect(surface, darker(face, 0.3), base, border_radius=10)
        plate = rect.move(0, 5 - depth)
        pygame.draw.rect(surface, face, plate, border_radius=10)
        pygame.draw.rect(surface, edge, plate, 2, border_radius=10)
        _icon(surface, self.label, plate.center, ink)


def _icon(surface: pygame.Surface, name: str, centre: tuple[int, int], ink: tuple[int, ...]) -> None:
    x, y = centre
    if name == "pause":
        pygame.draw.rect(surface, ink, (x - 8, y - 9, 6, 18))
        pygame.draw.rect(surface, ink, (x + 2, y - 9, 6, 18))
        return
    if name == "play":
        pygame.draw.polygon(surface, ink, [(x - 7, y - 10), (x + 9, y), (x - 7, y + 10)])
        return
    pointing = 1 if name in ("forward", "last") else -1
    tip = x + 4 * pointing
    pygame.draw.polygon(surface, ink, [(tip - 12 * pointing, y - 9), (tip, y), (tip - 12 * pointing, y + 9)])
    if name in ("first", "last"):
        pygame.draw.rect(surface, ink, (tip if pointing > 0 else tip - 3, y - 9, 3, 18))


class Scrubber(Widget):
    """A bar from the first step to the last: click or drag to any step; Left/Right step when focused."""

    def __init__(self, rect: pygame.Rect, steps: int, value: Callable[[], int], on_pick: Callable[[int], None]) -> None:
        super().__init__(rect, tooltip=_("Click or drag to any step."))
        self.steps = steps
        self.value = value
        self.on_pick = on_pick
        self.dragging = False

    def step_at(self, x: int) -> int:
        share = (x - self.rect.x) / max(1, self.rect.width)
        return max(0, min(self.steps, round(share * self.steps)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            if self.rect.inflate(0, 16).collidepoint(event.pos):
                self.dragging = True
                self.on_pick(self.step_at(event.pos[0]))
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.inflate(0, 16).collidepoint(event.pos)
            if self.dragging:
                self.on_pick(self.step_at(event.pos[0]))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return False

    def look(self) -> Hashable:
        return (self.value(), self.steps, self.hovered or self.dragging)

    def paint(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        track = pygame.Rect(rect.x, rect.centery - 5, rect.width, 10)
        pygame.draw.rect(surface, PALETTE.felt_dark, track, border_radius=5)
        share = self.value() / max(1, self.steps)
        filled = track.copy()
        filled.width = max(10, round(track.width * share))
        pygame.draw.rect(surface, PALETTE.accent, filled, border_radius=5)
        pygame.draw.rect(surface, darker(PALETTE.card_edge, 0.2), track, 1, border_radius=5)
        knob = (track.x + round(track.width * share), track.centery)
        radius = 11 if self.hovered or self.dragging else 9
        pygame.draw.circle(surface, PALETTE.card_light, knob, radius)
        pygame.draw.circle(surface, PALETTE.accent_dark, knob, radius, 3)

    def paint_area(self) -> pygame.Rect:
        return self.rect.inflate(28, 24)


class ReplayViewerScene(Scene):
    """Header (who moved, step n of N), the game's table and log, and the controls under the log."""

    def __init__(self, app: "App", replay: Replay, name: str) -> None:
        super().__init__(app)
        self.replay = replay
        self.name = name
        self.spec = replay.spec
        self.match = Match(replay.spec, replay.seats, replay.options, replay.seed)
        assert replay.spec.scene is not None, f"{replay.spec.id} has no scene"
        self.table: MatchScene = replay_table_class(replay.spec.scene())(app, self.match)
        self.step = 0
        #: whose eyes: None (the public view) or a seat, which only a game that has ended offers
        self.perspective: int | None = None
        self.secrets_open = replay.secrets_open()
        self.speed = 1.0
        self.playing = False
        self._wait = 0.0
        #: how long the last jump took (seconds): the viewer promises well under 50 ms
        self.last_jump_seconds = 0.0
        self.controls = self._layout()
        self.form = Form()
        self._build_controls()
        self.jump(0)

    # --- layout -------------------------------------------------------------------------------
    def _layout(self) -> pygame.Rect:
        """The controls take the bottom of the log's column (or the right end of a log strip)."""
        log = self.table.log_panel.rect
        height = CONTROLS_HEIGHT + self.note_height()
        if log.width >= log.height:
            controls = pygame.Rect(log.right - 300, log.y, 300, log.height)
            log.width = controls.x - MARGIN - log.x
        else:
            bottom = CANVAS_SIZE[1] - MARGIN
            controls = pygame.Rect(log.x, bottom - height, log.width, height)
            log.height = max(80, controls.y - MARGIN - log.y)
        return controls

    def note_height(self) -> int:
        """Room for the line that says why the seats' views are closed (none once the game has ended)."""
        return 0 if self.secrets_open else NOTE_HEIGHT

    def perspectives(self) -> list[tuple[int | None, str]]:
        return [(seat, _("Public view") if seat is None else _("As {name}").format(name=self.table.seat_name(seat)))
                for seat in self.replay.perspectives()]

    def _build_controls(self) -> None:
        inner = self.controls.inflate(-24, -20)
        x, y, width = inner.x, inner.y, inner.width
        swatches: dict[Any, str] = {seat: info.colour for seat, info in enumerate(self.replay.seats)}
        self.view_choice = Cycle((x, y, width, 42), self.perspectives(), self.perspective, self.set_perspective,
                                 swatches=swatches, marked=self.app.settings.colour_blind,
                                 tooltip=_("Whose eyes: the public view, or one player's with their secrets (V)."),
                                 enabled=self.secrets_open, disabled_reason=_(SEATS_CLOSED))
        self.form.add(self.view_choice)
        #: where the closed choice's reason is written, under it
        self.note_rect = pygame.Rect(x + 4, y + 48, width - 8, self.note_height() - 6)
        y += self.note_height()
        self.scrubber = Scrubber(pygame.Rect(x + 8, y + 58, width - 16, 24), len(self.replay), lambda: self.step,
                                 self.jump)
        self.form.add(self.scrubber)
        size = (width - 4 * 6) // 5
        self.buttons: dict[str, IconButton] = {}
        specs = (("first", self.first, _("First step (Home)")), ("back", self.back, _("Step back (Left)")),
                 ("play", self.toggle_play, _("Play or pause (Space)")),
                 ("forward", self.forward, _("Step forward (Right)")),
                 ("last", self.last, _("Last step (End)")))
        for index, (icon, action, tip) in enumerate(specs):
            button = IconButton((x + index * (size + 6), y + 96, size, 42), icon, action, tooltip=tip,
                                primary=icon == "play")
            self.buttons[icon] = button
            self.form.add(button)
        speeds = [(speed, _("Speed {factor}x").format(factor=format_decimal(speed))) for speed in SPEEDS]
        self.speed_choice = Cycle((x, y + 150, width, 42), speeds, self.speed, self.set_speed,
                                  tooltip=_("How fast the moves follow each other (S)."))
        self.form.add(self.speed_choice)
        self.form.focus_first(self.buttons["play"])

    # --- moving through the game ---------------------------------------------------------------
    def jump(self, step: int) -> None:
        """Show the table after ``step`` moves at once (no animation)."""
        started = time.perf_counter()
        step = max(0, min(len(self.replay), step))
        self.step = step
        self.match.state = self.replay.state_at(step)
        self.match.history = [(s.seat, s.action) for s in self.replay.steps[:step]]
        self.match.log = [*(entry for entry in self.table.opening_entries() if self.shown(entry.event)),
                          *(LogEntry(i, s.seat, e) for i, s in enumerate(self.replay.steps[:step]) for e in s.events
                            if self.shown(e))]
        self.table.anims.clear()
        self.table.viewer = self.perspective
        self.table.replay_moved()  # type: ignore[attr-defined]
        self.table.on_undo()
        self._wait = 0.0
        self.last_jump_seconds = time.perf_counter() - started

    def shown(self, event: Event) -> bool:
        """Whether the table is given ``event``: every one once the game is over (it shows each seat only its
        own), only those everyone may read while it is not, so that no secret reaches the table at all."""
        return self.secrets_open or event.visible(None)

    def forward(self) -> None:
        """Play the next move on the table, animated as it was."""
        if self.step >= len(self.replay):
            self.playing = False
            return
        if self.table.anims.busy:
            self.table.anims.finish_all()
        recorded = self.replay.steps[self.step]
        events = [event for event in self.match.state.apply(recorded.action) if self.shown(event)]
        self.match.history.append((recorded.seat, recorded.action))
        self.match.log.extend(LogEntry(self.step, recorded.seat, e) for e in events)
        self.step += 1
        self.table.viewer = self.perspective
        self.table.replay_moved()  # type: ignore[attr-defined]
        self.table.on_events(events)
        self._wait = 0.0

    def back(self) -> None:
        self.playing = False
        self.jump(self.step - 1)

    def first(self) -> None:
        self.playing = False
        self.jump(0)

    def last(self) -> None:
        self.playing = False
        self.jump(len(self.replay))

    def toggle_play(self) -> None:
        if not self.playing and self.step >= len(self.replay):
            self.jump(0)
        self.playing = not self.playing
        self._wait = STEP_PAUSE  # the first move follows at once
        self.buttons["play"].label = "pause" if self.playing else "play"

    def set_perspective(self, seat: int | None) -> None:
        if seat not in self.replay.perspectives():
            return
        self.perspective = seat
        self.view_choice.value = seat
        self.jump(self.step)

    def set_speed(self, speed: float) -> None:
        self.speed = speed

    @staticmethod
    def cycle(choice: Cycle) -> None:
        choice.nudge(1)

    # --- Scene -------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys: dict[int, Callable[[], None]] = {
                pygame.K_ESCAPE: self.leave, pygame.K_LEFT: self.back, pygame.K_RIGHT: self.forward_by_hand,
                pygame.K_SPACE: self.toggle_play, pygame.K_HOME: self.first, pygame.K_END: self.last,
                pygame.K_v: lambda: self.cycle(self.view_choice), pygame.K_s: lambda: self.cycle(self.speed_choice),
            }
            if event.key in keys:
                keys[event.key]()
                return
        if self.form.handle_event(event):
            return
        if event.type in (pygame.MOUSEWHEEL, pygame.MOUSEMOTION) and self.table.log_panel.handle_event(event):
            return
        if event.type in MOUSE_EVENTS and self.table.table_rect.collidepoint(event.pos):
            # pointing, zooming and dragging the board work as in the game; a move it tries is not played
            self.table.handle_table_event(event, self.table.view, self.table.viewer)

    def forward_by_hand(self) -> None:
        self.playing = False
        self.buttons["play"].label = "play"
        self.forward()

    def leave(self) -> None:
        self.app.manager.pop(self)

    def update(self, dt: float) -> None:
        self.form.update(dt)
        table = self.table
        table.viewer = self.perspective
        table.anims.update(dt * self.speed)
        table.update_table(dt * self.speed)
        if self.playing:
            if self.step >= len(self.replay):
                self.playing = False
            elif not table.is_animating():
                self._wait += dt * self.speed
                if self._wait >= STEP_PAUSE:
                    self.forward()
        self.buttons["play"].label = "pause" if self.playing else "play"
        table.arrange_table()  # after a step forward: the table and the log show the step
        table.refresh_log()

    def covers_canvas(self) -> bool:
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.theme.table_texture(surface.get_size()), (0, 0))
        table = self.table
        table.draw_table(surface, table.view, table.viewer)
        table.draw_log(surface)
        self.draw_controls(surface)
        self.draw_header(surface)

    def draw_controls(self, surface: pygame.Surface) -> None:
        draw.cardboard(surface, self.controls, radius=10)
        self.form.draw(surface, self.app.theme)
        if not self.secrets_open:
            theme = self.app.theme
            lines, size = draw.wrap_to_fit(theme, _(SEATS_CLOSED), self.note_rect.width, 2, SMALL_PX)
            step = draw.line_height(theme, size)
            top = self.note_rect.centery - step * len(lines) // 2
            for number, line in enumerate(lines):
                draw.text(surface, theme, line, (self.note_rect.centerx, top + number * step), size=size,
                          colour=PALETTE.ink_soft, align="midtop")

    def draw_header(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        total = len(self.replay)
        where = _("step {step} of {total}").format(step=self.step, total=total)
        hint = _("Space: play   Esc: back")
        title = _("Replay: {game}").format(game=self.spec.title)
        if self.step == 0:
            hud.header(surface, theme, title=title, name=None, colour_hex=None,
                       prompt=_("The start ({where}). Press Space to play.").format(where=where), marked=False,
                       thinking=None, hint=hint)
            return
        seat = self.replay.steps[self.step - 1].seat
        player = self.replay.seats[seat]
        line = _("moved: {where}").format(where=where)
        if self.step == total and self.replay.is_finished():
            winner = self.replay.winner_name()
            line = _("made the last move, {where}: {end}").format(
                where=where, end=_("{name} wins.").format(name=winner) if winner else _("game over."))
        elif self.step == total:
            line = _("made the last move so far, {where}: the game is not finished.").format(where=where)
        hud.header(surface, theme, title=title, name=self.table.seat_name(seat), colour_hex=player.colour, prompt=line,
                   marked=self.app.settings.colour_blind, thinking=None, hint=hint)
