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

The story strip: under the scrubber of a game that has ended, each seat's
chance of winning over the game and its key moments (numbered discs), with
the current step marked; a click goes to that step, a disc to its moment.  A
story told before is read from beside the replay in the archive; else "Tell
the story" tells it on a worker thread (a progress bar, Cancel) and keeps it
there.  Under the strip, "Story" (or G) opens the whole story once it is
told: the game's own chart beside the win chance, the key moments with their
notes; a key moment chosen there is shown here, and Back returns here as it
was.  A game not over has no strip and no story: it would give its secrets
away.

Keys: Left/Right step, Space play/pause, Home/End first/last, 1 to 5 the key
moments, G the whole story, V whose view, S speed, Tab and Enter for the
buttons (Enter on the strip: the next key moment), Esc back to the list.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable, Hashable

import pygame

from game.core.archive import find_archived, load_story, save_story
from game.core.match import LogEntry, Match
from game.core.protocol import Event
from game.core.replay import Replay
from game.core.story import Story, seat_names
from game.scenes.story import StoryScene, StoryTeller
from game.i18n import N_, _, format_decimal
from game.ui import draw, hud
from game.ui.focus import Form
from game.ui.match_scene import MatchScene
from game.ui.scene import Scene
from game.ui.story_chart import (
    MomentSpot, Seats, draw_progress, draw_strip, draw_strip_moments, draw_strip_step, moment_notes, moment_words,
    strip_moment_spots,
)
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
#: the story strip under the scrubber of a game that has ended, and the room it takes with its gap
STRIP_HEIGHT = 50
STRIP_ROOM = 58
#: the Story button's row under the strip, and the room it takes with its gap
STORY_ROW_HEIGHT = 38
STORY_ROW_ROOM = 46
#: the keys that go to the first five key moments, as on the story screen
MOMENT_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_5: 4}


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


class StoryStrip(Scrubber):
    """Each seat's chance of winning over the game, under the scrubber and as wide: a click or a drag goes to
    that step as on the scrubber, a click on a numbered disc to its key moment; Enter goes to the next one."""

    def __init__(self, rect: pygame.Rect, steps: int, value: Callable[[], int], on_pick: Callable[[int], None],
                 seats: Seats, colour_blind: bool) -> None:
        super().__init__(rect, steps, value, on_pick)
        self.tooltip = _("Each player's chance of winning over the game. Click to go to that step; the numbered "
                         "discs are the key moments (keys 1 to 5).")
        self.seats = seats
        self.colour_blind = colour_blind
        self.story: Story | None = None
        self.spots: list[MomentSpot] = []
        #: what each key moment says in its tooltip: the move, the seat, the change and what happened
        self.moment_tips: list[str] = []
        #: the key moment under the pointer (its disc is highlighted)
        self.hovered_moment: int | None = None
        #: a problem keeping the story (it is shown all the same), said in the tooltip
        self.problem = ""
        self._picture_key: tuple[Any, ...] = ()
        self.visible = False

    def show(self, story: Story, notes: list[str]) -> None:
        """Show a told story: its discs' places and words are worked out here, once."""
        self.story = story
        self.spots = strip_moment_spots(self.rect, story)
        self.moment_tips = [f"{moment_words(moment, self.seats)}\n{note}".strip()
                            for moment, note in zip(story.key_moments, notes + [""] * len(story.key_moments))]
        self._picture_key = (hash(story.win_chance), story.key_moments, self.seats, self.colour_blind)
        self.visible = True

    def moment_at(self, pos: tuple[int, int]) -> int | None:
        for index, spot in enumerate(self.spots):
            if spot.rect.inflate(6, 6).collidepoint(pos):
                return index
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.story is None:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered_moment = self.moment_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            moment = self.moment_at(event.pos)
            if moment is not None:
                self.on_pick(self.story.key_moments[moment].step)
                return True
            if not self.rect.collidepoint(event.pos):
                return False
        return super().handle_event(event)

    def activate(self) -> None:
        """Enter: the next key moment after the step shown (from the last one, the first again)."""
        if self.story is None or not self.story.key_moments:
            return
        steps = [moment.step for moment in self.story.key_moments]
        self.on_pick(next((step for step in steps if step > self.value()), steps[0]))

    def tooltip_text(self) -> str:
        if self.hovered_moment is not None and self.hovered_moment < len(self.moment_tips):
            return self.moment_tips[self.hovered_moment]
        return f"{self.tooltip}\n{self.problem}" if self.problem else self.tooltip

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        """The kept picture of the lines and discs, then the current step over it."""
        story = self.story
        if story is None:
            return

        def painted() -> pygame.Surface:
            picture = pygame.Surface(self.rect.size, 0, surface)
            draw_strip(picture, theme, picture.get_rect(), story, self.seats, colour_blind=self.colour_blind)
            return picture

        surface.blit(theme.image((StoryStrip, self.rect.size, self._picture_key), painted), self.rect)
        draw_strip_step(surface, self.rect, self.steps, self.value())
        draw_strip_moments(surface, theme, self.spots, story, self.seats, self.hovered_moment)


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
        #: the archived replay file the story is kept beside (None: a game not over, or one not archived)
        self.story_file = find_archived(replay.digest()) if replay.is_finished() else None
        self.teller: StoryTeller | None = None
        #: the telling's progress as this frame shows it (the worker moves it at any moment)
        self.telling_progress = 0.0
        #: why the story could not be told, in words (shown where the strip would be)
        self.story_problem = ""
        self.controls = self._layout()
        self.form = Form()
        self._build_controls()
        self.jump(0)

    # --- layout -------------------------------------------------------------------------------
    def _layout(self) -> pygame.Rect:
        """The controls take the bottom of the log's column (or the right end of a log strip)."""
        log = self.table.log_panel.rect
        height = CONTROLS_HEIGHT + self.note_height() + self.strip_room()
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

    def strip_room(self) -> int:
        """Room for the story strip and the Story button under it: only a game that has ended has a story."""
        return STRIP_ROOM + STORY_ROW_ROOM if self.replay.is_finished() else 0

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
        self._build_strip(pygame.Rect(x + 8, y + 94, width - 16, STRIP_HEIGHT),
                          pygame.Rect(x, y + 94 + STRIP_ROOM, width, STORY_ROW_HEIGHT))
        y += self.strip_room()
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

    def _build_strip(self, rect: pygame.Rect, story_rect: pygame.Rect) -> None:
        """The strip, its Tell button, the telling's Cancel and the Story button under them; which of them
        shows is settled by :meth:`show_strip_parts`.  A game not over gets none of them."""
        self.strip_rect = rect
        self.strip: StoryStrip | None = None
        self.tell_button: Button | None = None
        self.cancel_button: Button | None = None
        self.story_button: Button | None = None
        if not self.replay.is_finished():
            return
        seats = Seats(tuple(seat.colour for seat in self.replay.seats), seat_names(self.replay))
        self.strip = StoryStrip(rect, len(self.replay), lambda: self.step, self.jump, seats,
                                self.app.settings.colour_blind)
        self.form.add(self.strip)
        self.tell_button = Button(rect.inflate(0, -6), _("Tell the story"), self.tell_story,
                                  tooltip=_("Play the game on from every stage to show each player's chance of "
                                            "winning and the key moments (takes some seconds)."))
        self.form.add(self.tell_button)
        self.cancel_button = Button((rect.right - 136, rect.y + 3, 136, rect.height - 6), _("Cancel"),
                                    self.cancel_story, tooltip=_("Stop telling the story."))
        self.form.add(self.cancel_button)
        self.story_button = Button(story_rect, _("Story"), self.open_story,
                                   tooltip=_("The whole story: the game's own chart, who could still win and the "
                                             "key moments with their notes (G)."),
                                   disabled_reason=_("The story opens here once it is told (the button above)."))
        self.form.add(self.story_button)
        if self.story_file is not None:
            told = load_story(self.story_file, len(self.replay), len(self.replay.seats))
            if told is not None:
                self.show_story(told)
        self.show_strip_parts()

    def show_strip_parts(self) -> None:
        """The strip and an open Story button once told; else the Tell button, or the progress and Cancel while
        telling."""
        if self.strip is None or self.tell_button is None or self.cancel_button is None or self.story_button is None:
            return
        told = self.strip.story is not None
        self.story_button.enabled = told
        self.tell_button.visible = not told and self.teller is None and not self.story_problem
        self.cancel_button.visible = not told and self.teller is not None
        if self.form.focus is not None and not self.form.focus.visible:
            self.form.set_focus(self.strip if told else self.cancel_button if self.cancel_button.visible
                                else self.buttons["play"])

    def show_story(self, story: Story) -> None:
        assert self.strip is not None
        self.strip.show(story, moment_notes(self.replay, story, self.strip.seats.namer()))

    def tell_story(self) -> None:
        """Tell the story on a worker thread; :meth:`update` shows and keeps it when it is done."""
        if self.strip is None or self.teller is not None:
            return
        self.teller = StoryTeller(self.replay)
        self.telling_progress = 0.0
        self.teller.start()
        self.show_strip_parts()

    def open_story(self) -> None:
        """The whole story over the viewer, once told; a key moment chosen there is shown here."""
        if self.strip is None or self.strip.story is None:
            return
        self.app.manager.push(StoryScene(self.app, self.replay, self.story_file, story=self.strip.story,
                                         watch=self.go_to_moment))

    def cancel_story(self) -> None:
        if self.teller is not None:
            self.teller.cancel()
        self.teller = None
        self.show_strip_parts()

    def _story_told(self, teller: StoryTeller) -> None:
        """The worker is done: show the story and keep it beside the replay, or say why there is none."""
        self.teller = None
        if teller.story is not None:
            self.show_story(teller.story)
            if self.story_file is not None and self.strip is not None:
                self.strip.problem = save_story(self.story_file, teller.story) or ""
        elif teller.problem:
            self.story_problem = teller.problem
        self.show_strip_parts()

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
            if event.key == pygame.K_g:
                self.open_story()
                return
            if event.key in MOMENT_KEYS and self.strip is not None and self.strip.story is not None:
                moments = self.strip.story.key_moments
                if MOMENT_KEYS[event.key] < len(moments):
                    self.go_to_moment(moments[MOMENT_KEYS[event.key]].step)
                return
        if self.form.handle_event(event):
            return
        if event.type in (pygame.MOUSEWHEEL, pygame.MOUSEMOTION) and self.table.log_panel.handle_event(event):
            return
        if event.type in MOUSE_EVENTS and self.table.table_rect.collidepoint(event.pos):
            # pointing, zooming and dragging the board work as in the game; a move it tries is not played
            self.table.handle_table_event(event, self.table.view, self.table.viewer)

    def go_to_moment(self, step: int) -> None:
        """A key moment's step, held there (playing stops)."""
        self.playing = False
        self.jump(step)

    def forward_by_hand(self) -> None:
        self.playing = False
        self.buttons["play"].label = "play"
        self.forward()

    def leave(self) -> None:
        self.app.manager.pop(self)

    def on_exit(self) -> None:
        """A story still being told is not needed any more."""
        self.cancel_story()

    def update(self, dt: float) -> None:
        teller = self.teller
        if teller is not None:
            self.telling_progress = teller.progress
            if teller.done():
                self._story_told(teller)
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
        self.draw_strip_state(surface)
        self.form.draw(surface, self.app.theme)
        if not self.secrets_open:
            theme = self.app.theme
            lines, size = draw.wrap_to_fit(theme, _(SEATS_CLOSED), self.note_rect.width, 2, SMALL_PX)
            step = draw.line_height(theme, size)
            top = self.note_rect.centery - step * len(lines) // 2
            for number, line in enumerate(lines):
                draw.text(surface, theme, line, (self.note_rect.centerx, top + number * step), size=size,
                          colour=PALETTE.ink_soft, align="midtop")

    def draw_strip_state(self, surface: pygame.Surface) -> None:
        """Where the strip goes while it has no story: the telling's progress, or why it could not be told."""
        theme = self.app.theme
        rect = self.strip_rect
        if self.teller is not None and self.cancel_button is not None:
            bar = pygame.Rect(rect.x, rect.y + 4, self.cancel_button.rect.x - 12 - rect.x, 18)
            draw_progress(surface, theme, bar, self.telling_progress)
        elif self.story_problem:
            lines, size = draw.wrap_to_fit(theme, self.story_problem, rect.width, 2, SMALL_PX)
            height = draw.line_height(theme, size)
            for number, line in enumerate(lines):
                draw.text(surface, theme, line, (rect.centerx, rect.y + number * height), size=size,
                          colour=PALETTE.ink_soft, align="midtop")

    def draw_header(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        total = len(self.replay)
        where = _("step {step} of {total}").format(step=self.step, total=total)
        told = self.strip is not None and self.strip.story is not None
        hint = _("Space: play   G: story   Esc: back") if told else _("Space: play   Esc: back")
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
