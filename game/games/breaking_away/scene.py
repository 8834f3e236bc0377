"""Breaking Away on screen: the circuit from the Tiled map, the riders, the sheets, the sprint boards.

What a player sees: the oval drawn from ``maps/breaking_away/circuit.tmx`` at
whatever scale fits, riders in their team colour with their number, stacked
inside to outside on their square (a lapped group on the other side of the
centre line); the start, sprint and finish lines named beside the track; in
the infield the race's progress and a board per line with its places, points
and who took them.  Under the track the movement log sheet of the player at
the screen (every team's, by tabs, when factors are open) and the decision
panel: the rider to move is ringed, each of his factors shows its landing
square on the track, and the one pointed at (or chosen with the keys) is
previewed with what it would score before Enter or a click plays it.
Retirement proposals, the other teams' answers and the Madison's change-overs
and relief riders are buttons in that panel.  Before the start the sheet is a
form (scene_allocation).  Riders slide square by square; the bell rings at a
sprint line; replacement factors pop up over the riders at the end of a turn.

Keys: allocation — digits, Tab/Space to the next box, Backspace, Enter seals.
Race — 1-4 or the arrows choose a factor, Enter (or Space) rides it, R proposes
the rider's retirement, Tab flips through the teams' sheets when factors are
open.  Votes — A agrees, R refuses.  Madison — C changes over, S stays; at the
placement 1/2 choose the starter, arrows and Enter park the relief rider.
"""
from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING, Any, Mapping

import pygame

from game.core.match import LogEntry, Match
from game.core.protocol import Event, act
from game.i18n import N_, _, ngettext
from game.ui import draw
from game.ui.match_scene import MatchScene
from game.ui.theme import BODY_PX, PALETTE, SMALL_PX, lighter
from game.ui.widgets import Button

from .circuit import load_circuit
from .data import LAP, rider_seat
from .preview import MovePreview, preview_move
from .rules import BreakingAwayState, track_layout
from .scene_allocation import AllocationForm, AllocationView, form_height
from .scene_art import GHOST_ALPHA, PATTERN_CHIP, RiderArt, TrackPainter
from .scene_decision import (
    FACTOR_BUTTON, RETIRE_LABEL_PX, DecisionContent, factor_button_rects, paint_decision, retire_button_rect,
    title_room_beside,
)
from .scene_layout import (
    STANDINGS_ROW, STANDINGS_TITLE, RiderPlacer, Spot, TableLayout, group_sizes, rider_spots,
)
from .scene_panels import (
    BoardLine, PanelCache, SheetGeometry, SheetRow, StandingRow, board_lines, legend_text, paint_boards, paint_sheet,
    paint_standings, sheet_rows, standing_row_rect,
)
from .scene_show import RaceShow
from .scene_words import Names, listing_and, ordinal, preview_lines, race_progress, shared_places, short_line_name

if TYPE_CHECKING:
    from game.app import App

CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
HIT_RADIUS = 16
MARKER_RADIUS = 12
#: a landing marker closer than this to a rider's spot would hide his number: it moves off the track
MARKER_CLEARANCE = 20
#: the Madison's lap-line tag sits at the top of the infield, above the boards
BOARD_GAP_MADISON = 30
#: a guided game's hint banner: its padding and the gap around it, beyond three lines of text
HINT_MARGIN = 22 + 14


#: a team's sheet before the start, as the points panel and the waiting card say it
SHEET_SEALED, SHEET_FILLING, SHEET_WAITING = N_("sealed"), N_("filling in"), N_("waiting")

#: recap frames closer than this are drawn as one (the base draws each ring up to 8 px outside its box)
MARK_REACH = 10


def merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rectangles with every pair closer than MARK_REACH joined into one, in first-seen order."""
    result: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        joined = True
        while joined:
            joined = False
            for other in result:
                if rect.inflate(2 * MARK_REACH, 2 * MARK_REACH).colliderect(other):
                    result.remove(other)
                    rect.union_ip(other)
                    joined = True
                    break
        result.append(rect)
    return result


def swallowing(marks: list[pygame.Rect], others: list[pygame.Rect]) -> list[pygame.Rect]:
    """The marks grown over every one of ``others`` (unmarked riders) closer than MARK_REACH, so that no
    frame is drawn across a neighbour's number."""
    grown = merged(marks)
    changed = True
    while changed:
        changed = False
        for index, mark in enumerate(grown):
            near = [other for other in others if not mark.contains(other)
                    and mark.inflate(2 * MARK_REACH, 2 * MARK_REACH).colliderect(other)]
            if near:
                grown[index] = mark.unionall(near)
                changed = True
        if changed:
            grown = merged(grown)
    return grown


class BreakingAwayScene(MatchScene):
    """The track above, the sheet and the decision panel below it, points and the log on the right."""

    def __init__(self, app: "App", match: Match) -> None:
        super().__init__(app, match)
        view = self.view
        self.madison = view["mode"] == "madison"
        self.circuit = load_circuit()
        self._log_area = self.log_panel.rect
        self.layout = self.build_layout()
        self.log_panel.rect = self.layout.log
        self.art = RiderArt(self.assets, self.theme, self.spec.colours)
        self.placer = self.rider_placer()
        self.names = Names([seat.colour for seat in match.seats], self.spec.colours)
        self.show = RaceShow(self.placer, self.anims, self.play_sound, lambda: self.animation_factor)
        self.show.reset(view)
        self.panels = PanelCache()
        self._track_layer: pygame.Surface | None = None
        self._theme_version = self.theme.version
        self._boards: tuple[Any, list[BoardLine], tuple[str, str, str]] | None = None
        self._sheet_rows: tuple[Any, tuple[SheetRow, ...]] | None = None
        self._preview_state: tuple[Any, BreakingAwayState] | None = None
        self._previews: dict[tuple[Any, int], tuple[MovePreview, Spot]] = {}
        self._markers: dict[tuple[Any, ...], tuple[int, int]] = {}
        self.clock = 0.0
        #: the factor chosen with the keys (index into the allowed factors) and the one under the pointer
        self.selected = 0
        self.hover_factor: int | None = None
        self.hover_rider: int | None = None
        self.pointer = (-1, -1)
        self.keyboard = False
        #: the team whose sheet is shown (factors open: any team, by tabs)
        self.sheet_seat: int | None = None
        #: "retire" while the player confirms a retirement proposal
        self.confirming: str | None = None
        self.relief_cursor = 0
        self.allocation: AllocationView | None = None
        self._allocation_key: tuple[Any, ...] | None = None
        self.buttons: list[Button] = []
        #: the letter (or digit) that presses each button now
        self.button_keys: dict[str, Button] = {}
        self._buttons_key: tuple[Any, ...] | None = None
        self.button_focus = 0

    def build_layout(self) -> TableLayout:
        """The table's rectangles; a guided game keeps the top free for its hint banner (three lines of text)."""
        room = 0
        if getattr(self.match, "guided", False) and self.spec.guide is not None:
            room = 3 * self.theme.font(BODY_PX).get_linesize() + HINT_MARGIN
        return TableLayout.build(self.table_rect, self._log_area, self.circuit, madison=self.madison,
                                 teams=self.view["num_seats"], hint_room=room)

    # --- names and colours -------------------------------------------------------------------------
    def colour(self, seat: int) -> str:
        return self.match.seats[seat].colour

    def rider_colour(self, rider: int) -> str:
        return self.colour(rider_seat(rider))

    def rider_name(self, rider: int) -> str:
        return self.names.rider(rider)

    def rider_data(self, view: Mapping[str, Any], rider: int) -> Mapping[str, Any]:
        return next(r for r in view["riders"] if r["id"] == rider)

    @property
    def animation_factor(self) -> float:
        """A bot filling in its secret sheet has nothing to show, so its steps are not held back."""
        state = self.match.state
        seat = self.match.current_seat
        if getattr(state, "phase", "") == "allocate" and seat is not None and not self.match.seats[seat].is_human:
            return 0.0
        return super().animation_factor

    # --- hooks ---------------------------------------------------------------------------------------
    def prompt(self, view: dict[str, Any], viewer: int | None) -> str:
        phase = view["phase"]
        if phase == "allocate":
            return _("Fill in your secret sheet, then seal it.")
        if phase == "place":
            if self._choosing_starter(view):
                return _("Choose which rider starts (1 or 2); the other rests beside the track.")
            return _("Park your relief rider beside a free square (click one, or arrows and Enter).")
        if phase == "vote":
            vote = view["vote"]
            return _("May {rider} retire? A: agree, R: refuse.").format(rider=self.rider_name(vote["rider"]))
        if phase == "change":
            return _("Change over to your rested partner? C: change over, S: stay.")
        if self.confirming == "retire":
            return _("Ask the other teams to retire {rider}? Enter asks, N cancels.").format(
                rider=self.rider_name(view["to_move"]))
        return _("Move {rider}: pick a factor, Enter to ride.").format(rider=self.rider_name(view["to_move"]))

    def on_events(self, events: list[Event]) -> None:
        self._previews.clear()
        self._markers.clear()
        self.confirming = None
        self.hover_factor = None
        self.selected = 0
        self.show.play(events, self.view, self.names.team)

    def on_undo(self) -> None:
        self._previews.clear()
        self._markers.clear()
        self.confirming = None
        self.allocation = None
        self.show.reset(self.view)

    def on_resume(self) -> None:
        super().on_resume()
        self._buttons_key = None

    def rider_placer(self) -> RiderPlacer:
        """Places riders so that the numbers (and the colour-blind patterns) of a bunch never overlap."""
        numbers = [rider["id"] for rider in self.view["riders"]]
        self._placer_marked = self.colour_blind
        return RiderPlacer(self.circuit, self.layout.fit, self.art.number_room(numbers, self.colour_blind))

    def update_table(self, dt: float) -> None:
        if self._placer_marked != self.colour_blind:  # colour-blind mode was switched: patterns need room
            self.placer = self.show.placer = self.rider_placer()
            self.show.reset(self.view)
        self.clock += dt
        self.show.tick(dt)
        if self.allocation is not None:
            self.allocation.update(dt)

    def recap_marks(self, entries: list[LogEntry], view: dict[str, Any], viewer: int | None) -> list[pygame.Rect]:
        """Where the entries of a recap changed the table: each rider who moved (or took over, or was parked),
        where he stands now, the boards of the lines crossed and the points rows of the teams that scored.

        Squares only left behind are not outlined: an empty frame reads as a stray highlight, and the recap
        says where each move started.  A rider in a bunch is framed with his bunch, and frames close to each
        other become one, so that no outline runs across a number."""
        spots = rider_spots(self.placer, view["riders"])
        boxes = {rider: self.rider_rect(spot) for rider, spot in spots.items()}
        bunches: dict[int, pygame.Rect] = {}  # a rider in a bunch is framed with it: no frame cuts a number
        for rider in view["riders"]:
            if rider["status"] == "racing":
                box = boxes[rider["id"]]
                bunches[rider["progress"]] = bunches[rider["progress"]].union(box) if rider["progress"] in bunches \
                    else box
        bunch_of = {r["id"]: bunches[r["progress"]] for r in view["riders"] if r["status"] == "racing"}
        keys = [line["key"] for line in view["lines"]]
        marks: list[pygame.Rect] = []
        for entry in entries:
            kind, data = entry.event.kind, entry.event.data
            riders = {"move": ("rider",), "change": ("in",), "relief": ("rider",)}.get(kind, ())
            for rider in (data.get(name) for name in riders):
                if isinstance(rider, int) and rider in boxes:
                    marks.append(bunch_of.get(rider, boxes[rider]))
            if kind == "cross" and data["line"] in keys:
                marks.append(self.board_rect(keys.index(data["line"]), len(keys)))
                if data["points"]:
                    marks.append(self.standings_rect(view, int(data["seat"])))
        return swallowing(marks, list(bunches.values()))

    def rider_rect(self, spot: Spot) -> pygame.Rect:
        """The box round a rider's number (and pattern) on the track."""
        width, height = self.placer.number_room
        x, y = self.art.number_point(spot)
        if self.colour_blind:
            x += (PATTERN_CHIP - 4) / 2
        return pygame.Rect(round(x - width / 2) - 2, round(y - height / 2) - 2, round(width) + 4, round(height) + 4)

    def standings_rect(self, view: Mapping[str, Any], seat: int) -> pygame.Rect:
        """A team's row in the points table (teams by rank, as drawn)."""
        order = sorted(range(view["num_seats"]), key=lambda s: (view["standings"][s], s))
        rect = self.layout.standings
        return standing_row_rect(rect, rect.y + STANDINGS_TITLE + order.index(seat) * STANDINGS_ROW)

    def results_summary_lines(self) -> list[str]:
        """Who took each line first (one line: the results panel is short with many teams), then the points
        each line gave each team, finish first."""
        view = self.view
        firsts = [f"{short_line_name(line)} {self.rider_name(line['crossed'][0])}"
                  for line in view["lines"] if line["crossed"]]
        lines = [_("First across: {lines}").format(lines=" · ".join(firsts))] if firsts else []
        for line in reversed(view["lines"]):
            totals: dict[int, int] = {}
            for place, rider in enumerate(line["crossed"][:len(line["points"])]):
                seat = rider_seat(rider)
                totals[seat] = totals.get(seat, 0) + line["points"][place]
            ranked = sorted(totals.items(), key=lambda item: -item[1])
            parts = " · ".join(f"{self.names.team(seat)} {points}" for seat, points in ranked)
            parts = parts or _("nobody crossed")
            if line is view["lines"][-1] and view["phase"] == "over":
                lines.append(_("{line} (turn {turn}): {points}").format(line=short_line_name(line), turn=view["turn"],
                                                                        points=parts))
            else:
                lines.append(_("{line}: {points}").format(line=short_line_name(line), points=parts))
        return lines

    # --- the log in the players' colours -------------------------------------------------------------
    def log_text(self, entry: LogEntry) -> str:
        """The engine's words with each team called by the colour its player chose."""
        return entry.event.render(self.names.seat)

    def log_seat(self, entry: LogEntry) -> int | None:
        """The team an entry is about; none for the table's own lines ("Turn 2: riders move...", the end of
        the race), whoever's move brought them about."""
        seat = entry.event.data.get("seat")
        return seat if isinstance(seat, int) and 0 <= seat < len(self.match.seats) else None

    # --- previews ------------------------------------------------------------------------------------
    def preview_state(self, view: Mapping[str, Any]) -> BreakingAwayState:
        """A state rebuilt from the view (hidden values sampled): previews read only what the seat may see."""
        key = self._view_key
        if self._preview_state is None or self._preview_state[0] != key:
            self._preview_state = (key, BreakingAwayState.from_view(view, 0))
        return self._preview_state[1]

    def allowed(self, view: Mapping[str, Any]) -> list[int]:
        """The factors the rider to move may use, biggest first (as the keys number them)."""
        if view["phase"] != "move" or view["to_move"] is None:
            return []
        rider = self.rider_data(view, view["to_move"])
        if rider["factors"] is None:
            return []
        state = self.preview_state(view)
        return state.allowed_factors(state.by_id[rider["id"]])

    def preview(self, view: Mapping[str, Any], factor: int) -> tuple[MovePreview, Spot]:
        """What ``factor`` would do, and where the rider would stand."""
        key = (self._view_key, factor)
        cached = self._previews.get(key)
        if cached is None:
            state = self.preview_state(view)
            rider = view["to_move"]
            result = preview_move(state, rider, factor)
            after = state.clone()
            mover = after.by_id[rider]
            mover.progress = result.land
            mover.arrival = after.arrivals + 1
            square, slot, lane, lanes = track_layout(after).get(rider, (result.square, result.slot, 0, 1))
            size = sum(1 for r in after.racing() if r.progress == result.land)
            spot = self.placer.place(square, slot, max(1, size), lane, lanes)
            cached = self._previews[key] = (result, spot)
        return cached

    def chosen_factor(self, view: Mapping[str, Any]) -> int | None:
        """The factor previewed now: under the pointer, else the one chosen with the keys."""
        allowed = self.allowed(view)
        if not allowed or not self.can_act:
            return None
        if self.hover_factor in allowed and not self.keyboard:
            return self.hover_factor
        return allowed[min(self.selected, len(allowed) - 1)]

    # --- playing -------------------------------------------------------------------------------------
    def ride(self, factor: int) -> None:
        view = self.view
        if view["to_move"] is not None:
            self.play_move(act("move", view["to_move"], factor))

    def ask_retirement(self) -> None:
        view = self.view
        if view["to_move"] is None:
            return
        if self.confirming == "retire":
            self.confirming = None
            self.play_move(act("retire", view["to_move"]))
        else:
            self.confirming = "retire"
            self._buttons_key = None

    def cancel(self) -> None:
        self.confirming = None
        self._buttons_key = None

    def seal_sheet(self) -> None:
        """Send the typed sheet if nothing is wrong with it; otherwise the form marks what is."""
        form = self.allocation.form if self.allocation else None
        if form is None or self.anims.busy:
            return
        actions = form.actions()
        if actions is None:
            self.play_sound("error")
            return
        for action in actions:
            if not self.submit(action):
                self.play_sound("error")
                break
        self.allocation = None

    # --- input ---------------------------------------------------------------------------------------
    def handle_table_event(self, event: pygame.event.Event, view: dict[str, Any], viewer: int | None) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            self.keyboard = False
        hurry = event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and event.key in CONFIRM_KEYS)
        if self.anims.busy and self.can_act and hurry:
            self.anims.finish_all()
            return
        phase = view["phase"]
        if phase == "allocate":
            allocation = self.allocation_view(view)
            if allocation is not None and allocation.handle_event(event):
                self.keyboard = event.type == pygame.KEYDOWN
            return
        if self.handle_sheet_tabs(event, view):
            return
        for button in self.decision_buttons(view):
            if button.handle_event(event):
                return
        if event.type == pygame.MOUSEMOTION:
            self.hover_factor = self.factor_at(view, event.pos)
            self.hover_rider = self.rider_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(view, event.pos)
        elif event.type == pygame.KEYDOWN:
            self.keyboard = True
            self.key(view, event)

    def click(self, view: Mapping[str, Any], pos: tuple[int, int]) -> None:
        if not self.can_act:
            return
        phase = view["phase"]
        if phase == "move":
            factor = self.factor_at(view, pos)
            if factor is not None:
                self.ride(factor)
        elif phase == "place" and not self._choosing_starter(view):
            square = self.relief_square_at(view, pos)
            if square is not None:
                self.play_move(act("relief", square))

    def key(self, view: Mapping[str, Any], event: pygame.event.Event) -> None:
        if not self.can_act:
            return
        phase = view["phase"]
        key, text = event.key, (event.unicode or "").lower()
        buttons = self.decision_buttons(view)
        if phase == "move" and self.confirming is None:
            allowed = self.allowed(view)
            if text.isdigit() and 1 <= int(text) <= len(allowed):
                self.selected = int(text) - 1
            elif key in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB) and allowed:
                back = key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                step = -1 if back else 1
                self.selected = (min(self.selected, len(allowed) - 1) + step) % len(allowed)
            elif key in CONFIRM_KEYS and allowed:
                self.ride(allowed[min(self.selected, len(allowed) - 1)])
            elif text == "r" and view["to_move"] is not None and self.may_retire(view):
                self.ask_retirement()
            return
        if phase == "place" and not self._choosing_starter(view):
            free = self.free_relief_squares(view)
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and free:
                step = -1 if key in (pygame.K_LEFT, pygame.K_DOWN) else 1
                later = [s for s in free if (s - self.relief_cursor) * step > 0]
                self.relief_cursor = (min(later, key=lambda s: abs(s - self.relief_cursor)) if later
                                      else (max(free) if step < 0 else min(free)))
            elif key in CONFIRM_KEYS and self.relief_cursor in free:
                self.play_move(act("relief", self.relief_cursor))
            return
        letter = "a" if text == "y" else text
        if letter in self.button_keys and self.button_keys[letter] in buttons:
            self.button_keys[letter].activate()
            return
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB) and buttons:
            step = -1 if key == pygame.K_LEFT or event.mod & pygame.KMOD_SHIFT else 1
            self.button_focus = (self.button_focus + step) % len(buttons)
        elif key in CONFIRM_KEYS and buttons:
            buttons[min(self.button_focus, len(buttons) - 1)].activate()
        elif key == pygame.K_BACKSPACE and self.confirming:
            self.cancel()

    def handle_sheet_tabs(self, event: pygame.event.Event, view: Mapping[str, Any]) -> bool:
        """Factors open: the team chips in the sheet's title (or Tab) show another team's sheet."""
        if view["options"]["factors"] != "open" or view["phase"] == "allocate":
            return False
        seats = list(range(view["num_seats"]))
        current = self.shown_sheet_seat(view)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self.sheet_seat = seats[(seats.index(current) + step) % len(seats)]
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            geometry = SheetGeometry(self.layout.sheet)
            for seat in seats:
                if geometry.tab(seat, len(seats)).inflate(4, 4).collidepoint(event.pos):
                    self.sheet_seat = seat
                    self.play_sound("click")
                    return True
        return False

    # --- what the pointer is on ----------------------------------------------------------------------
    def factor_at(self, view: Mapping[str, Any], pos: tuple[int, int]) -> int | None:
        """A factor under the pointer: its button, its box on the sheet, or its landing marker on the track."""
        allowed = self.allowed(view)
        if not allowed or not self.can_act or self.confirming:
            return None
        for factor, rect in zip(allowed, self.factor_button_rects(len(allowed))):
            if rect.collidepoint(pos):
                return factor
        rows = self.sheet_rows(view, self.shown_sheet_seat(view))
        geometry = SheetGeometry(self.layout.sheet)
        for index, row in enumerate(rows):
            if row.to_move:
                for rect, (value, _) in zip(geometry.boxes(index, len(row.hand)), row.hand):
                    if rect.move(self.layout.sheet.topleft).collidepoint(pos) and value in allowed:
                        return value
        for factor in allowed:
            if math.dist(self.marker_point(view, factor), pos) <= HIT_RADIUS:
                return factor
        return None

    def marker_point(self, view: Mapping[str, Any], factor: int) -> tuple[int, int]:
        """Where a factor's landing marker is drawn: on its landing spot, or, when riders already crowd
        that spot, just outside the track beside the square (a line leads back to the spot)."""
        key = ("marker", self._view_key, factor)
        cached = self._markers.get(key)
        if cached is None:
            preview, spot = self.preview(view, factor)
            crowded = any(math.dist(spot.pos, other.pos) < MARKER_CLEARANCE
                          for rider, other in self.show.targets.items() if rider != view["to_move"])
            point = self.callout_point(preview.square, (2 * MARKER_RADIUS, 2 * MARKER_RADIUS)) if crowded else \
                (round(spot.x), round(spot.y))
            cached = self._markers[key] = point
        return cached

    def rider_at(self, pos: tuple[int, int]) -> int | None:
        best, best_distance = None, float(HIT_RADIUS)
        for rider in self.show.targets:
            spot = self.show.spot(rider)
            if spot is not None and (distance := math.dist(spot.pos, pos)) <= best_distance:
                best, best_distance = rider, distance
        return best

    def relief_square_at(self, view: Mapping[str, Any], pos: tuple[int, int]) -> int | None:
        free = self.free_relief_squares(view)
        best = min(free, key=lambda s: math.dist(self.placer.relief(s).pos, pos), default=None)
        if best is not None and math.dist(self.placer.relief(best).pos, pos) <= 26:
            return best
        return None

    def pointed_relief(self, view: Mapping[str, Any]) -> int | None:
        """The relief spot chosen now: under the pointer, or the one picked with the keys."""
        return self.relief_cursor if self.keyboard else self.relief_square_at(view, self.pointer)

    def free_relief_squares(self, view: Mapping[str, Any]) -> list[int]:
        taken = {r["relief_square"] for r in view["riders"] if r["status"] == "resting"}
        return [s for s in range(len(self.circuit.squares)) if s not in taken]

    def may_retire(self, view: Mapping[str, Any]) -> bool:
        return not self.madison and view["to_move"] not in view["refused"]

    def _choosing_starter(self, view: Mapping[str, Any]) -> bool:
        queue = view["place_queue"]
        return bool(queue) and all(r["status"] == "unplaced" for r in view["riders"] if r["seat"] == queue[0])

    def shown_sheet_seat(self, view: Mapping[str, Any]) -> int:
        """The viewer's own sheet; with open factors the chosen tab; with nobody at the screen the mover's team."""
        if view["options"]["factors"] == "open" and self.sheet_seat is not None:
            return self.sheet_seat
        if self.viewer is not None:
            return self.viewer
        if view["to_move"] is not None:
            return rider_seat(view["to_move"])
        return self.match.current_seat or 0

    # --- the decision panel's buttons -----------------------------------------------------------------
    def factor_button_rects(self, count: int) -> list[pygame.Rect]:
        return factor_button_rects(self.layout.decision, count)

    def decision_buttons(self, view: Mapping[str, Any]) -> list[Button]:
        """The buttons the decision panel offers now (rebuilt when the decision changes)."""
        key = (view["phase"], self._view_key, self.can_act, self.confirming)
        if key == self._buttons_key:
            return self.buttons
        self._buttons_key = key
        self.button_focus = 0
        self.button_keys = {}
        self.buttons = self._make_buttons(view) if self.can_act else []
        return self.buttons

    def _keyed(self, letter: str, button: Button) -> Button:
        """A button its letter (shown in its label, the same in every language) also presses."""
        self.button_keys[letter] = button
        return button

    def _make_buttons(self, view: Mapping[str, Any]) -> list[Button]:
        panel = self.layout.decision
        phase = view["phase"]
        bottom = panel.bottom - 58
        if phase == "move":
            if self.confirming == "retire":
                return [Button(pygame.Rect(panel.x + 14, bottom, 200, 44), _("Ask them (Enter)"),
                               self.ask_retirement, danger=True, size=20),
                        self._keyed("n", Button(pygame.Rect(panel.right - 14 - 140, bottom, 140, 44), _("Cancel (N)"),
                                                self.cancel, size=20))]
            buttons = [Button(pygame.Rect(panel.right - 14 - 84, panel.y + 40, 84, FACTOR_BUTTON[1]), _("Ride"),
                              self.ride_selected, primary=True, size=22, tooltip=_("Ride the chosen factor (Enter)."))]
            if self.may_retire(view):
                label = _("Retire (R)")
                buttons.append(Button(retire_button_rect(self.theme, panel, label), label,
                                      self.ask_retirement, size=RETIRE_LABEL_PX,
                                      tooltip=_("Propose to retire this rider; every other team must agree.")))
            return buttons
        if phase == "vote":
            return [self._keyed("a", Button(pygame.Rect(panel.x + 14, bottom, 160, 44), _("Agree (A)"),
                                            lambda: self.play_move(act("agree")), primary=True, size=20)),
                    self._keyed("r", Button(pygame.Rect(panel.x + 186, bottom, 160, 44), _("Refuse (R)"),
                                            lambda: self.play_move(act("refuse")), size=20))]
        if phase == "change":
            return [self._keyed("c", Button(pygame.Rect(panel.x + 14, bottom, 190, 44), _("Change over (C)"),
                                            lambda: self.play_move(act("change")), primary=True, size=20)),
                    self._keyed("s", Button(pygame.Rect(panel.x + 216, bottom, 140, 44), _("Stay (S)"),
                                            lambda: self.play_move(act("stay")), size=20))]
        if phase == "place" and self._choosing_starter(view):
            team = [r for r in view["riders"] if r["seat"] == view["place_queue"][0]]
            return [self._keyed(str(i + 1), Button(
                        pygame.Rect(panel.x + 14 + i * 176, bottom, 166, 44),
                        _("{key}: {rider} starts").format(key=i + 1, rider=rider["id"]),
                        lambda rid=rider["id"]: self.play_move(act("starter", rid)), primary=i == 0, size=20,
                        tooltip=_("Rated as cyclist {rank}.").format(rank=rider["rank"])))
                    for i, rider in enumerate(team)]
        return []

    def ride_selected(self) -> None:
        factor = self.chosen_factor(self.view)
        if factor is not None:
            self.ride(factor)

    def allocation_view(self, view: Mapping[str, Any]) -> AllocationView | None:
        """The sheet form for the human filling it in now (built again for another seat or after an undo)."""
        if view["phase"] != "allocate" or not self.can_act or self.viewer is None:
            return None
        key = (self.viewer, view["setup_seat"])
        if self.allocation is None or self._allocation_key != key:
            form = AllocationForm(view, self.viewer, self.madison, self.match.seed)
            table = self.layout.table
            guided = self.layout.track.y > table.y  # the hint banner above says what the introduction would
            panel = table.inflate(-40, -36)
            if guided:  # just under the banner, over the track's START plaque
                panel = pygame.Rect(panel.x, self.layout.track.y - 4, panel.width, table.bottom - 14 - self.layout.track.y)
            panel.height = min(panel.height, form_height(len(form.lines), intro=not guided))
            self.allocation = AllocationView(self.theme, panel, form, self.rider_name, self.names.team(self.viewer),
                                             self.seal_sheet, self.play_sound, intro=not guided)
            self._allocation_key = key
        return self.allocation

    # --- drawing -------------------------------------------------------------------------------------
    def felt(self, rect: pygame.Rect) -> pygame.Surface:
        """The bare table under ``rect``."""
        return self.theme.table_texture().subsurface(rect)

    def allocation_ground(self, rect: pygame.Rect) -> pygame.Surface:
        """The table under the sheet form: felt and track."""
        ground = self.theme.table_texture().subsurface(rect).copy()
        ground.blit(self.track_layer(), (self.layout.track.x - rect.x, self.layout.track.y - rect.y))
        return ground

    def track_layer(self) -> pygame.Surface:
        if self._track_layer is None:
            painter = TrackPainter(self.theme, self.circuit, self.layout, self.placer)
            self._track_layer = painter.paint(self.theme.table_texture(), madison=self.madison)
        return self._track_layer

    def draw_table(self, surface: pygame.Surface, view: dict[str, Any], viewer: int | None) -> None:
        if self.theme.version != self._theme_version:  # the UI scale changed: every painted word is stale
            self._theme_version = self.theme.version
            self.layout = self.build_layout()
            self.log_panel.rect = self.layout.log
            self.art = RiderArt(self.assets, self.theme, self.spec.colours)
            self.placer = self.show.placer = self.rider_placer()
            self.show.reset(view)
            self._previews.clear()
            self._markers.clear()
            self._buttons_key = None
            self._track_layer = None
            self.panels.clear()
            self.allocation = None
        surface.blit(self.track_layer(), self.layout.track)
        if view["phase"] == "allocate":
            self.draw_standings(surface, view)
            self.draw_allocation(surface, view)
            return
        self.draw_boards(surface, view)
        factor = self.chosen_factor(view)
        self.draw_relief_choices(surface, view)
        self.draw_chosen_path(surface, view, factor)
        self.draw_riders(surface, view)
        self.draw_landing_marks(surface, view, factor)
        self.draw_bubbles(surface)
        self.draw_banner(surface)
        self.draw_standings(surface, view)
        self.draw_sheet(surface, view, factor)
        self.draw_decision(surface, view, factor)
        if self.hover_rider is not None and not self.keyboard:
            self.draw_rider_card(surface, view, self.hover_rider)

    def board_content(self, view: Mapping[str, Any]) -> tuple[list[BoardLine], tuple[str, str, str]]:
        """The boards and the progress words, worked out once per state (and per crossing still being ridden)."""
        key = (self._view_key, tuple(sorted(self.show.pending)))
        if self._boards is None or self._boards[0] != key:
            lines = board_lines(view, self.rider_colour, self.show.hidden_crossings)
            self._boards = (key, lines, race_progress(view, self.names))
        return self._boards[1], self._boards[2]

    def draw_boards(self, surface: pygame.Surface, view: Mapping[str, Any]) -> None:
        rect = self.layout.infield
        lines, progress = self.board_content(view)
        gap = BOARD_GAP_MADISON if self.madison else 0
        key = (tuple(lines), progress, self.colour_blind)
        image = self.panels.get("boards", key, lambda image: paint_boards(image, self.theme, lines, progress,
                                                                          self.colour_blind, gap),
                                lambda: self.track_layer().subsurface(rect.move(-self.layout.track.x,
                                                                                -self.layout.track.y)))
        surface.blit(image, rect)
        for index, line in enumerate(lines):
            flash = self.show.flashes.get(line.key)
            if flash is not None:
                board = self.board_rect(index, len(lines))
                glow = float(flash.value)  # type: ignore[arg-type]
                pygame.draw.rect(surface, lighter(PALETTE.accent, 0.5 * (1 - glow)), board.inflate(8, 8),
                                 max(2, round(6 * glow)), border_radius=11)

    def board_rect(self, index: int, count: int) -> pygame.Rect:
        """The ``index``-th line's board in the infield (as paint_boards lays them out)."""
        rect = self.layout.infield
        top = rect.y + 26 + (BOARD_GAP_MADISON if self.madison else 0)
        width = (rect.width - 8 * (count - 1)) // max(1, count)
        return pygame.Rect(rect.x + index * (width + 8), top, width, rect.bottom - top)

    def draw_relief_choices(self, surface: pygame.Surface, view: Mapping[str, Any]) -> None:
        """Madison placement: the free spots beside the track, the one pointed at (or chosen) lit."""
        if view["phase"] != "place" or self._choosing_starter(view) or not self.can_act:
            return
        free = self.free_relief_squares(view)
        pointed = self.pointed_relief(view)
        for square in free:
            spot = self.placer.relief(square)
            lit = square == pointed
            pygame.draw.circle(surface, PALETTE.accent if lit else PALETTE.on_felt_soft,
                               (round(spot.x), round(spot.y)), 9 if lit else 5, 0 if lit else 2)
        if pointed in free:
            team = view["place_queue"][0]
            resting = next((r for r in view["riders"] if r["seat"] == team and r["status"] == "resting"), None)
            if resting is not None:
                self.art.draw(surface, self.placer.relief(pointed), self.colour(team), resting["id"],
                              marked=self.colour_blind, alpha=GHOST_ALPHA)

    def draw_chosen_path(self, surface: pygame.Surface, view: Mapping[str, Any], chosen: int | None) -> None:
        """The squares the chosen factor rides over, under the riders."""
        if chosen is None or not self.can_act or self.anims.busy or self.confirming:
            return
        preview, _ = self.preview(view, chosen)
        self.draw_path(surface, preview.start, preview.land)

    def draw_landing_marks(self, surface: pygame.Surface, view: Mapping[str, Any], chosen: int | None) -> None:
        """Every factor's landing square as a numbered marker; the chosen one as a ghost rider with its path."""
        allowed = self.allowed(view)
        if not allowed or not self.can_act or self.anims.busy or self.confirming:
            return
        for factor in allowed:
            if factor == chosen:
                continue
            _, spot = self.preview(view, factor)
            centre = self.marker_point(view, factor)
            if centre != (round(spot.x), round(spot.y)):
                pygame.draw.line(surface, PALETTE.accent_dark, centre, spot.pos, 2)
                pygame.draw.circle(surface, PALETTE.accent_dark, (round(spot.x), round(spot.y)), 3)
            pygame.draw.circle(surface, (*PALETTE.card_light, 255), centre, MARKER_RADIUS)
            pygame.draw.circle(surface, PALETTE.accent_dark, centre, MARKER_RADIUS, 2)
            draw.text(surface, self.theme, str(factor), centre, size=14, colour=PALETTE.ink, align="center")
        if chosen is not None:
            preview, spot = self.preview(view, chosen)
            rider = view["to_move"]
            self.art.draw(surface, spot, self.rider_colour(rider), rider, marked=self.colour_blind,
                          alpha=GHOST_ALPHA, shadow=False)
            self.draw_callout(surface, spot, preview)

    def draw_path(self, surface: pygame.Surface, start: int, land: int) -> None:
        """The squares the chosen factor rides over, as a dotted trail along the middle of the track."""
        for progress in range(start + 1, land):
            x, y = self.placer.across(progress, 0.5)
            pygame.draw.circle(surface, PALETTE.accent, (round(x), round(y)), 3)

    def draw_callout(self, surface: pygame.Surface, spot: Spot, preview: MovePreview) -> None:
        """A tag beside the ghost, off the track: the points the move would score and the factor it would earn."""
        parts = []
        if preview.points:
            parts.append(ngettext("+{count} pt", "+{count} pts", preview.points).format(count=preview.points))
        if preview.replacement is not None:
            word = _("bonus {factor}") if preview.reason == "breakaway" else _("then {factor}")
            parts.append(word.format(factor=preview.replacement))
        elif preview.finishes:
            parts.append(_("finishes"))
        label = self.theme.text(" · ".join(parts), SMALL_PX, PALETTE.ink)
        tag = label.get_rect().inflate(14, 8)
        tag.center = self.callout_point(preview.square, tag.size)
        fill = lighter(PALETTE.accent, 0.35) if preview.points else PALETTE.card_light
        pygame.draw.line(surface, PALETTE.accent_dark, (round(spot.x), round(spot.y)), tag.center, 2)
        pygame.draw.rect(surface, fill, tag, border_radius=7)
        pygame.draw.rect(surface, PALETTE.accent_dark, tag, 2, border_radius=7)
        surface.blit(label, label.get_rect(center=tag.center))

    def callout_point(self, square: int, size: tuple[int, int]) -> tuple[int, int]:
        """Just outside the track beside ``square``, pushed back over its edge where the table ends."""
        (ix, iy), (ox, oy) = self.placer.across(square, 0.0), self.placer.across(square, 1.0)
        length = math.hypot(ox - ix, oy - iy) or 1.0
        ux, uy = (ox - ix) / length, (oy - iy) / length
        reach = abs(ux) * size[0] / 2 + abs(uy) * size[1] / 2 + 8
        tag = pygame.Rect(0, 0, *size)
        tag.center = (round(ox + ux * reach), round(oy + uy * reach))
        tag.clamp_ip(self.layout.track)
        return tag.center

    def draw_riders(self, surface: pygame.Surface, view: Mapping[str, Any]) -> None:
        """The bunch first (bodies, then every number on top), then the riders on the move over it;
        the one to move (or proposed for retirement) ringed."""
        to_move = view["to_move"] if view["phase"] == "move" else None
        vote = view["vote"]
        marked_rider = vote["rider"] if vote else None
        show = self.show
        still, moving = [], []
        for rider in show.spots:
            spot = show.spot(rider)
            if spot is not None:
                (moving if rider in show.journeys or rider in show.leaving else still).append((rider, spot))
        for rider, spot in still:
            if rider in (to_move, marked_rider):
                pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
                colour = PALETTE.danger if rider == marked_rider else PALETTE.accent
                pygame.draw.circle(surface, lighter(colour, 0.3 * pulse), (round(spot.x), round(spot.y)),
                                   round(20 + 2 * pulse), 3)
            self.art.draw(surface, spot, self.rider_colour(rider), rider, marked=self.colour_blind,
                          number_disc=False)
        if self.colour_blind:
            for rider, spot in still:
                self.art.draw_pattern(surface, spot, self.rider_colour(rider), rider)
        for rider, spot in still:
            self.art.draw_number(surface, spot, self.rider_colour(rider), rider)
        for rider, spot in moving:
            self.art.draw(surface, spot, self.rider_colour(rider), rider, marked=self.colour_blind,
                          alpha=show.alpha(rider))

    def draw_bubbles(self, surface: pygame.Surface) -> None:
        fills = {"slipstream": (206, 232, 210), "alone": PALETTE.card_light, "breakaway": PALETTE.accent,
                 "overcrowded": PALETTE.card_dark, "change": PALETTE.focus}
        for bubble in self.show.bubbles:
            spot = self.show.spot(bubble.rider)
            if spot is None:
                continue
            t = float(bubble.tween.value)  # type: ignore[arg-type]
            rise = 10 * min(1.0, t * 4)
            alpha = 255 if t < 0.75 else int(255 * (1 - t) / 0.25)
            label = self.theme.text(bubble.text, 16, PALETTE.ink)
            tag = label.get_rect().inflate(10, 4)
            tag.midbottom = (round(spot.x), round(spot.y - 14 - rise))
            card = pygame.Surface(tag.size, pygame.SRCALPHA)
            pygame.draw.rect(card, fills.get(bubble.kind, PALETTE.card_light), card.get_rect(), border_radius=6)
            pygame.draw.rect(card, PALETTE.card_edge, card.get_rect(), 1, border_radius=6)
            card.blit(label, label.get_rect(center=card.get_rect().center))
            card.set_alpha(alpha)
            surface.blit(card, tag)

    def draw_banner(self, surface: pygame.Surface) -> None:
        if self.show.banner is None:
            return
        text, tween = self.show.banner
        t = float(tween.value)  # type: ignore[arg-type]
        alpha = int(255 * min(1.0, t * 6, (1 - t) * 4))
        label = self.theme.text(text, 30, PALETTE.ink)
        card = pygame.Surface(label.get_rect().inflate(40, 18).size, pygame.SRCALPHA)
        pygame.draw.rect(card, PALETTE.card_light, card.get_rect(), border_radius=12)
        pygame.draw.rect(card, PALETTE.accent, card.get_rect(), 3, border_radius=12)
        card.blit(label, label.get_rect(center=card.get_rect().center))
        card.set_alpha(max(0, alpha))
        surface.blit(card, card.get_rect(center=self.layout.infield.center))

    def draw_standings(self, surface: pygame.Surface, view: Mapping[str, Any]) -> None:
        """Teams by rank with their points (before the start: whose sheet is sealed); the team deciding now
        is ringed (over the cached picture)."""
        rect = self.layout.standings
        rows = self.standing_rows(view)
        if view["phase"] == "allocate":
            heading, title = _("Sheets"), _("Before the start")
        else:
            heading, title = _("Points"), _("Turn {turn}").format(turn=view["turn"])
        key = (rows, heading, title, self.colour_blind)
        image = self.panels.get("standings", key, lambda image: paint_standings(image, self.theme, heading, title,
                                                                                rows, self.colour_blind),
                                lambda: self.felt(rect))
        surface.blit(image, rect)
        deciding = self.match.current_seat
        for index, row in enumerate(rows):
            if row.seat == deciding:
                line = standing_row_rect(rect, rect.y + STANDINGS_TITLE + index * STANDINGS_ROW)
                pygame.draw.rect(surface, PALETTE.accent, line.inflate(2, 2), 2, border_radius=6)

    def standing_rows(self, view: Mapping[str, Any]) -> tuple[StandingRow, ...]:
        """The points panel's rows in the engine's order; places only once points (or laps) part the teams."""
        seats = range(view["num_seats"])
        if view["phase"] == "allocate":
            states = [self.sheet_state(view, seat) for seat in seats]
            return tuple(StandingRow(seat, seat, "", self.seat_label(seat), self.colour(seat), _(states[seat]), "",
                                     soft=states[seat] == SHEET_WAITING) for seat in seats)
        lost = self.laps_lost(view) if self.madison else [0] * view["num_seats"]
        points = [view["points"][seat] - self.show.hidden_points(seat) for seat in seats]
        places = shared_places([(lost[seat], -points[seat]) for seat in seats])
        rows = (StandingRow(seat, view["standings"][seat], places[seat], self.seat_label(seat), self.colour(seat),
                            str(points[seat]), ngettext("-{count} lap", "-{count} laps", lost[seat]).format(
                                count=lost[seat]) if lost[seat] else "")
                for seat in seats)
        return tuple(sorted(rows, key=lambda row: (row.rank, row.seat)))

    @staticmethod
    def sheet_state(view: Mapping[str, Any], seat: int) -> str:
        """A team's sheet before the start (English msgid): sealed, being filled in, or waiting its turn."""
        if view["sealed"][seat]:
            return SHEET_SEALED
        return SHEET_FILLING if seat == view["setup_seat"] else SHEET_WAITING

    def seat_label(self, seat: int) -> str:
        """'Anna (Orange)', or just 'Orange' when the seat is named after its colour."""
        name, team = self.seat_name(seat), self.names.team(seat)
        if name in (team, self.names.teams[seat]):
            return team
        return _("{name} ({team})").format(name=name, team=team)

    def laps_lost(self, view: Mapping[str, Any]) -> list[int]:
        """Madison distance: whole laps each team is behind the team furthest on."""
        distance: dict[int, int] = {}
        for rider in view["riders"]:
            if rider["status"] in ("racing", "finished"):
                distance[rider["seat"]] = rider["progress"]
        front = max(distance.values(), default=0)
        return [(front - distance[s]) // LAP if s in distance else 0 for s in range(view["num_seats"])]

    def draw_sheet(self, surface: pygame.Surface, view: Mapping[str, Any], factor: int | None) -> None:
        """The shown team's sheet; the row of the rider to move is marked over the cached picture
        (so a move repaints only the rows that changed), and lit inside it while the player chooses."""
        rect = self.layout.sheet
        seat = self.shown_sheet_seat(view)
        rows = self.sheet_rows(view, seat)
        open_factors = view["options"]["factors"] == "open"
        tabs = tuple((self.colour(s), s == seat) for s in range(view["num_seats"])) if open_factors else ()
        title = legend_text(self.names, seat, self.viewer, open_factors)
        playable = self.can_act and view["phase"] == "move" and not self.confirming
        painted = rows if playable else tuple(dataclasses.replace(row, to_move=False) for row in rows)
        key = (painted, title, tabs, factor if playable else None, playable, self.colour_blind, self.colour(seat))
        image = self.panels.get("sheet", key, lambda image: paint_sheet(image, self.theme, title, painted,
                                                                        self.colour(seat), tabs, factor, playable,
                                                                        self.colour_blind),
                                lambda: self.felt(rect))
        surface.blit(image, rect)
        if not playable:
            geometry = SheetGeometry(rect)
            for index, row in enumerate(rows):
                if row.to_move:
                    line = geometry.row(index)
                    pygame.draw.rect(surface, PALETTE.accent, line.inflate(2, 2), 2, border_radius=6)
                    pygame.draw.rect(surface, PALETTE.accent, (line.x, line.y, 5, line.height), border_radius=2)

    def sheet_rows(self, view: Mapping[str, Any], seat: int) -> tuple[SheetRow, ...]:
        """A team's sheet rows, worked out once per state."""
        key = (self._view_key, seat)
        if self._sheet_rows is None or self._sheet_rows[0] != key:
            self._sheet_rows = (key, tuple(sheet_rows(view, seat)))
        return self._sheet_rows[1]

    def draw_decision(self, surface: pygame.Surface, view: Mapping[str, Any], factor: int | None) -> None:
        panel = self.layout.decision
        buttons = self.decision_buttons(view)
        content = self.decision_content(view, factor)
        image = self.panels.get("decision", (content, self.colour_blind),
                                lambda image: paint_decision(image, self.theme, content, self.colour_blind),
                                lambda: self.felt(panel))
        surface.blit(image, panel)
        for index, button in enumerate(buttons):
            button.draw(surface, self.theme)
            if index == self.button_focus and (view["phase"] != "move" or self.confirming):
                button.draw_focus(surface)

    def decision_content(self, view: Mapping[str, Any], chosen: int | None) -> DecisionContent:
        """What the decision panel says now."""
        phase = view["phase"]
        if phase == "over":
            return DecisionContent(_("The race is over."), (_("The results are on the table."),), line_budget=2)
        if not self.can_act:
            return self.waiting_content(view)
        if phase == "move":
            return self.move_content(view, chosen)
        if phase == "vote":
            vote = view["vote"]
            rider = self.rider_data(view, vote["rider"])
            return DecisionContent(_("May {rider} retire?").format(rider=self.rider_name(vote["rider"])),
                                   (_("{team} asks; every team must agree.").format(
                                       team=self.names.team(vote["proposer"])),
                                    _("He is on square {square}, lap {lap}.").format(square=rider["square"],
                                                                                    lap=rider["lap"] + 1)), 36)
        if phase == "change":
            seat = view["change_queue"][0]
            team = [r for r in view["riders"] if r["seat"] == seat]
            out = next(r for r in team if r["status"] == "racing")
            rest = next(r for r in team if r["status"] == "resting")
            takes_over = (_("{rider} would take over from {number} (overdue).") if view["overdue"][seat]
                          else _("{rider} would take over from {number}."))
            return DecisionContent(_("Change over on square {square}?").format(square=out["square"]),
                                   (takes_over.format(rider=self.rider_name(rest["id"]), number=out["id"]),), 36)
        if phase == "place" and self._choosing_starter(view):
            first, second = (r for r in view["riders"] if r["seat"] == view["place_queue"][0])
            return DecisionContent(_("{team}: who starts?").format(team=self.names.team(view["place_queue"][0])),
                                   (_("{first} is cyclist {first_rank}, {second} cyclist {second_rank}.").format(
                                       first=first["id"], first_rank=first["rank"], second=second["id"],
                                       second_rank=second["rank"]),
                                    _("The other rests beside the track.")), 36)
        if phase == "place":
            pointed = self.pointed_relief(view)
            chosen_square = (_("Beside square {square}.").format(square=pointed)
                             if pointed in self.free_relief_squares(view) else "")
            return DecisionContent(_("Park your relief rider"),
                                   (_("Click a free spot outside the track, or pick one with the arrows and Enter."),
                                    chosen_square), 36, line_budget=3)
        return DecisionContent(_("Your sheet"))

    def move_content(self, view: Mapping[str, Any], chosen: int | None) -> DecisionContent:
        """The rider to move, a button per factor (keys 1-4), and the chosen factor's preview."""
        rider = view["to_move"]
        if self.confirming == "retire":
            return DecisionContent(_("Retire {rider}?").format(rider=self.rider_name(rider)),
                                   (_("Every other team must agree. If they do, he leaves the race for good."),),
                                   line_budget=2)
        data = self.rider_data(view, rider)
        factors = tuple((factor, factor == chosen) for factor in self.allowed(view))
        settled = len(view["order"]) <= 1
        lines = tuple(preview_lines(self.preview(view, chosen)[0], settled)[:3]) if chosen is not None else ()
        name = self.rider_name(rider)
        return DecisionContent(_("{rider} · square {square}").format(rider=name, square=data["square"]), lines, 94,
                               factors, title_room=title_room_beside(self.layout.decision, retire_button_rect(
                                   self.theme, self.layout.decision, _("Retire (R)"))) if self.may_retire(view) else 28,
                               short_title=_("{rider} · sq {square}").format(rider=name, square=data["square"]))

    def waiting_content(self, view: Mapping[str, Any]) -> DecisionContent:
        """Someone else decides: who, and (while riding) the riders still to move this turn."""
        phase = view["phase"]
        seat = self.match.current_seat
        who = self.seat_label(seat) if seat is not None else ""
        if phase == "move":
            chips = tuple((rider, self.rider_colour(rider)) for rider in view["order"])
            return DecisionContent(_("{rider} is moving").format(rider=self.rider_name(view["to_move"])),
                                   (_("Still to move this turn:"), _("{name} decides.").format(name=who)), 38,
                                   chips=chips, line_budget=3)
        if phase == "vote":
            vote = view["vote"]
            waiting = ", ".join(self.names.team(s) for s in vote["waiting"])
            return DecisionContent(_("Vote: may {rider} retire?").format(rider=self.rider_name(vote["rider"])),
                                   (_("Waiting for: {teams}.").format(teams=waiting),))
        if phase == "change":
            return DecisionContent(_("{name} may change over").format(name=who), (_("Waiting for the decision."),))
        if phase == "place":
            return DecisionContent(_("{name} places the team").format(name=who),
                                   (_("A starter on the line, a partner beside the track to take over later."),),
                                   line_budget=2)
        return DecisionContent(_("{name} decides").format(name=who))

    def draw_rider_card(self, surface: pygame.Surface, view: Mapping[str, Any], rider: int) -> None:
        """Pointing at a rider: who he is, where, and his factors as far as the viewer may know them."""
        spot = self.show.spot(rider)
        data = next((r for r in view["riders"] if r["id"] == rider), None)
        if spot is None or data is None:
            return
        lines = [self.rider_name(rider)]
        if data["status"] == "racing":
            size = group_sizes(view["riders"])[data["progress"]]
            square, lap = data["square"], data["lap"] + 1
            lines.append(_("square {square}, lap {lap}, alone").format(square=square, lap=lap) if size == 1 else
                         _("square {square}, lap {lap}: {place} of {count} from the inside").format(
                             square=square, lap=lap, place=ordinal(data["slot"] + 1), count=size))
        elif data["status"] == "resting":
            lines.append(_("resting beside square {square}").format(square=data["relief_square"]))
        if data["factors"] is not None:
            lines.append(_("factors {values}").format(values=" ".join(map(str, data["factors"]))))
        else:
            known = " ".join(map(str, data["known"]))
            if data["hidden_sum"] is not None:
                hidden = _("{count} hidden (sum {total})").format(count=data["hidden_count"] or "?",
                                                                  total=data["hidden_sum"])
            else:
                hidden = _("hidden")
            lines.append(_("factors {known} + {hidden}").format(known=known, hidden=hidden) if known
                         else _("factors {hidden}").format(hidden=hidden))
        width = max(self.theme.font(SMALL_PX).size(line)[0] for line in lines) + 24
        card = pygame.Rect(0, 0, width, 22 * len(lines) + 14)
        card.midbottom = (round(spot.x), round(spot.y) - 24)
        card.clamp_ip(self.layout.track)
        draw.cardboard(surface, card, fill=PALETTE.card_light, radius=8)
        for index, line in enumerate(lines):
            draw.text(surface, self.theme, line, (card.x + 12, card.y + 8 + 22 * index), size=SMALL_PX,
                      colour=PALETTE.ink if index == 0 else PALETTE.ink_soft)

    def draw_allocation(self, surface: pygame.Surface, view: Mapping[str, Any]) -> None:
        """Before the start: the human's sheet form, or who is still filling in."""
        allocation = self.allocation_view(view)
        if allocation is not None:
            allocation.draw(surface, self.draw_sheet_rider, self.allocation_ground)
            return
        sealed = []
        for seat in range(view["num_seats"]):
            sealed.append((self.names.team(seat), self.colour(seat), self.sheet_state(view, seat)))
        card = pygame.Rect(0, 0, 560, 64 + 30 * len(sealed))
        card.center = self.layout.track.center
        draw.cardboard(surface, card)
        seat = view["setup_seat"]
        heading = _("{name} is filling in a movement log sheet").format(name=self.seat_label(seat))
        heading, size = draw.shrink_to_fit(self.theme, heading, card.width - 48, 20)
        draw.text(surface, self.theme, heading, (card.x + 24, card.y + 18 + (20 - size) // 2), size=size)
        for index, (name, colour, state) in enumerate(sealed):
            y = card.y + 56 + 30 * index
            chip = pygame.Rect(card.x + 24, y, 20, 20)
            draw.team_marker(surface, chip, colour, marked=self.colour_blind, radius=4)
            draw.text(surface, self.theme, _("{team}: {state}").format(team=name, state=_(state)),
                      (chip.right + 10, chip.centery), size=SMALL_PX,
                      colour=PALETTE.ink if state != SHEET_WAITING else PALETTE.ink_soft, align="midleft")

    def draw_sheet_rider(self, surface: pygame.Surface, centre: tuple[int, int], rider: int) -> None:
        portrait = self.art.portrait(self.rider_colour(rider), rider, self.colour_blind)
        surface.blit(portrait, portrait.get_rect(center=centre))

