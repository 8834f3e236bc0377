"""The story of a finished game, opened from the results screen or from the replay viewer: its chart,
the win-chance line and the key moments.

The win chance takes some seconds of playouts, so it is told on a worker thread while a progress
bar fills (Cancel stops it and goes back); the story is then kept beside the game's replay in the
archive, so it is told once.  A click on a key moment (or its number key) shows that move in the
replay viewer: the viewer the story was opened from (the story closes over it), else a new one;
Save picture keeps the story's chart as a PNG in the player's pictures folder.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Hashable

import pygame

from game.core.archive import load_story, save_story
from game.core.replay import Replay
from game.core.story import Story, StoryCancelled, seat_names, tell
from game.i18n import _, format_percent
from game.ui import draw
from game.ui.focus import tooltip
from game.ui.menu import MenuScene
from game.ui.saved_pictures import save_and_tell
from game.ui.story_chart import MomentSpot, Seats, draw_story, moment_detail, moment_notes, story_picture
from game.ui.theme import HEADING_PX, PALETTE, SMALL_PX

if TYPE_CHECKING:
    from game.app import App

STORY_RECT = pygame.Rect(16, 62, 1248, 580)
BUTTONS_Y = 656
PROGRESS_RECT = pygame.Rect(340, 250, 600, 200)
MOMENT_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_5: 4}


class StoryTeller:
    """Tells a replay's story on a worker thread; the scene reads ``progress``, ``story`` and ``problem``."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.progress = 0.0
        self.story: Story | None = None
        self.problem: str | None = None
        self._cancel = threading.Event()
        self._thread = threading.Thread(target=self._run, name="story", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def cancel(self) -> None:
        self._cancel.set()

    def running(self) -> bool:
        return self._thread.is_alive()

    def done(self) -> bool:
        return not self.running() and (self.story is not None or self.problem is not None)

    def _run(self) -> None:
        try:
            self.story = tell(self.replay, self._moved, self._cancel.is_set)
        except StoryCancelled:
            self.problem = ""
        except (ValueError, KeyError, IndexError, TypeError, AssertionError) as exc:
            self.problem = _("The story of this game could not be told ({reason}).").format(
                reason=exc.__class__.__name__)

    def _moved(self, share: float) -> None:
        self.progress = share


class StoryScene(MenuScene):
    """The story over the screen it was opened from (the results or a replay viewer); Back returns there."""

    def __init__(self, app: "App", replay: Replay, archive_path: Path | None, *, story: Story | None = None,
                 watch: Callable[[int], None] | None = None) -> None:
        """``replay`` is a finished game and ``archive_path`` its archived replay, beside which its story is
        kept; ``story`` one told already (else it is read from there, or told here).  ``watch`` shows a step in
        the replay viewer this screen was opened from; without it a key moment opens a viewer of its own."""
        super().__init__(app)
        self.replay = replay
        self.spec = replay.spec
        self.archive_path = archive_path
        self.watch = watch
        self.seats = Seats(tuple(seat.colour for seat in replay.seats), seat_names(replay))
        self.story = story
        if story is None and archive_path is not None:
            self.story = load_story(archive_path, len(replay), len(replay.seats))
        self.teller: StoryTeller | None = None
        if self.story is None:
            self.teller = StoryTeller(self.replay)
            self.teller.start()
        self.spots: list[MomentSpot] = []
        #: the key moment under the pointer (highlighted in the list and on the line), and its note in full
        self.hovered: int | None = None
        self.hover_note = ""

    def build(self) -> None:
        if self.story is None:
            self.button_row([(_("Cancel"), self.cancel, {"tooltip": _("Stop and go back to the results.")})],
                            640, PROGRESS_RECT.bottom - 70, width=230)
        else:
            # Back keeps its place in the middle; Save picture stands to its right, clear of the hint on the left
            self.button_row([(_("Back"), self.go_back, {"primary": True}),
                             (_("Save picture"), self.save_picture,
                              {"tooltip": _("Save this chart as a picture in your pictures folder.")})],
                            640 + (230 + 18) // 2, BUTTONS_Y, width=230)

    def backdrop_key(self) -> Hashable:
        return (self.story is not None, self.hovered)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        heading = _("The story of the game: {title}").format(title=self.spec.title)
        draw.text(surface, self.theme, draw.fit(self.theme, heading, 1232, HEADING_PX), (24, 14), size=HEADING_PX,
                  colour=PALETTE.on_felt)
        if self.story is None:
            draw.cardboard(surface, PROGRESS_RECT)
            draw.paragraph(surface, self.theme, _("Playing the game on from every stage to see who could still win..."),
                           PROGRESS_RECT.inflate(-40, -30), size=SMALL_PX, colour=PALETTE.ink, align="center",
                           max_lines=2)
            return
        self.spots = draw_story(surface, self.theme, STORY_RECT, self.story, self.seats,
                                colour_blind=self.app.settings.colour_blind, chosen=self.hovered,
                                notes=moment_notes(self.replay, self.story, self.seats.namer()))
        if self.story.key_moments:
            draw.paragraph(surface, self.theme, _("Click a key moment to watch the game from there."),
                           pygame.Rect(STORY_RECT.left + 8, BUTTONS_Y - 4, 490, 60), size=SMALL_PX,
                           colour=PALETTE.on_felt_soft, max_lines=2)

    def draw_front(self, surface: pygame.Surface) -> None:
        if self.teller is not None and self.story is None:
            bar = pygame.Rect(PROGRESS_RECT.x + 40, PROGRESS_RECT.y + 86, PROGRESS_RECT.width - 80, 22)
            pygame.draw.rect(surface, PALETTE.card_dark, bar, border_radius=6)
            filled = bar.copy()
            filled.width = round(bar.width * self.teller.progress)
            if filled.width:
                pygame.draw.rect(surface, PALETTE.good, filled, border_radius=6)
            pygame.draw.rect(surface, PALETTE.card_edge, bar, 2, border_radius=6)
            draw.text(surface, self.theme, format_percent(self.teller.progress), (bar.right, bar.bottom + 4),
                      size=SMALL_PX, colour=PALETTE.ink_soft, align="topright")
        super().draw_front(surface)
        if self.hover_note and self.hovered is not None and self.hovered < len(self.spots):
            box = self.spots[self.hovered].rect
            tooltip(surface, self.theme, self.hover_note, (box.centerx - 200, box.bottom))

    def update(self, dt: float) -> None:
        teller = self.teller
        if teller is not None and self.story is None and teller.done():
            if teller.story is not None:
                self.story = teller.story
                if self.archive_path is not None:
                    problem = save_story(self.archive_path, teller.story)
                    if problem:
                        self.messages.append(problem)
                self.rebuild()
            elif teller.problem:
                self.messages.append(teller.problem)
                self.teller = None
                self.go_back()
            self.show_messages()
        super().update(dt)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.story is not None:
            if event.type == pygame.MOUSEMOTION:
                self._hover(self._spot_at(event.pos))
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                index = self._spot_at(event.pos)
                if index is not None:
                    self.open_moment(index)
                    return
            elif event.type == pygame.KEYDOWN and event.key in MOMENT_KEYS:
                if MOMENT_KEYS[event.key] < len(self.story.key_moments):
                    self.open_moment(MOMENT_KEYS[event.key])
                    return
            elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) \
                    and self.story.key_moments:
                self._hover(self._next_moment(-1 if event.key == pygame.K_UP else 1))
                return
        super().handle_event(event)

    def _next_moment(self, direction: int) -> int:
        """Up and Down read the key moments in full one after the other, as the pointer does."""
        count = len(self.story.key_moments) if self.story is not None else 0
        if self.hovered is None:
            return 0 if direction > 0 else count - 1
        return (self.hovered + direction) % count

    def _spot_at(self, pos: tuple[int, int]) -> int | None:
        steps = [moment.step for moment in self.story.key_moments] if self.story is not None else []
        for spot in self.spots:
            if spot.rect.collidepoint(pos) and spot.step in steps:
                return steps.index(spot.step)
        return None

    def _hover(self, index: int | None) -> None:
        if index != self.hovered:
            self.hover_note = (moment_detail(self.replay, self.story, index, self.seats)
                               if self.story is not None and index is not None else "")
        self.hovered = index

    def open_moment(self, index: int) -> None:
        """A key moment's move in the replay viewer: the one this story was opened from (back to it), else a
        new one over the story."""
        assert self.story is not None
        step = self.story.key_moments[index].step
        if self.watch is not None:
            self.go_back()
            self.watch(step)
            return
        viewer = self.app.scenes.replay_viewer(self.replay, self.spec.title)
        viewer.jump(step)  # type: ignore[attr-defined]
        self.app.manager.push(viewer)

    def save_picture(self) -> None:
        """The story as the command line's --story picture draws it, saved under the game's name and the day."""
        story = self.story
        if story is None:
            return
        notes = moment_notes(self.replay, story, self.seats.namer())
        save_and_tell(self, lambda: story_picture(self.theme, story, self.seats, self.spec.title,
                                                  colour_blind=self.app.settings.colour_blind, notes=notes),
                      self.spec.id, "story")

    def cancel(self) -> None:
        if self.teller is not None:
            self.teller.cancel()
        self.go_back()

    def go_back(self) -> None:
        self.app.manager.pop(self)

    def on_back(self) -> None:
        if self.story is None:
            self.cancel()
        else:
            self.go_back()
