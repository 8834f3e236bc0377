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

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.core.match import LogEntry, Match
from game.core.protocol import Event, act
from game.i18n import _
from game.ui.match_scene import MatchScene
from game.ui.theme import BODY_PX
from game.ui.widgets import Button

from .circuit import load_circuit
from .data import rider_seat
from .preview import MovePreview, preview_move
from .rules import BreakingAwayState, track_layout
from .scene_allocation import AllocationForm, AllocationView, form_height
from .scene_art import PATTERN_CHIP, RiderArt
from .scene_decision import FACTOR_BUTTON, RETIRE_LABEL_PX, factor_button_rects, retire_button_rect
from .scene_drawing import MARKER_RADIUS, RaceDrawing
from .scene_layout import STANDINGS_ROW, STANDINGS_TITLE, RiderPlacer, Spot, TableLayout, rider_spots
from .scene_panels import BoardLine, PanelCache, SheetGeometry, SheetRow, standing_row_rect
from .scene_show import RaceShow
from .scene_words import Names, short_line_name
from .views import BreakingAwayView, RiderView

if TYPE_CHECKING:
    from game.app import App

CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
HIT_RADIUS = 16
#: a landing marker closer than this to a rider's spot would hide his number: it moves off the track
MARKER_CLEARANCE = 20
#: a guided game's hint banner: its padding and the gap around it, beyond three lines of text
HINT_MARGIN = 22 + 14

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


class BreakingAwayScene(RaceDrawing, MatchScene):
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

    def rider_data(self, view: BreakingAwayView, rider: int) -> RiderView:
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
    def prompt(self, view: BreakingAwayView, viewer: int | None) -> str:
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
        self.follow_theme()
        if self._placer_marked != self.colour_blind:  # colour-blind mode was switched: patterns need room
            self.placer = self.show.placer = self.rider_placer()
            self.show.reset(self.view)
        self.clock += dt
        self.show.tick(dt)
        if self.allocation is not None:
            self.allocation.update(dt)

    def arrange_table(self) -> None:
        view = self.view
        self.allocation_view(view)  # the sheet form and the buttons input uses, made ready to draw
        self.decision_buttons(view)

    def recap_marks(self, entries: list[LogEntry], view: BreakingAwayView, viewer: int | None) -> list[pygame.Rect]:
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

    def standings_rect(self, view: BreakingAwayView, seat: int) -> pygame.Rect:
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
    def preview_state(self, view: BreakingAwayView) -> BreakingAwayState:
        """A state rebuilt from the view (hidden values sampled): previews read only what the seat may see."""
        key = self._view_key
        if self._preview_state is None or self._preview_state[0] != key:
            self._preview_state = (key, BreakingAwayState.from_view(view, 0))
        return self._preview_state[1]

    def allowed(self, view: BreakingAwayView) -> list[int]:
        """The factors the rider to move may use, biggest first (as the keys number them)."""
        if view["phase"] != "move" or view["to_move"] is None:
            return []
        rider = self.rider_data(view, view["to_move"])
        if rider["factors"] is None:
            return []
        state = self.preview_state(view)
        return state.allowed_factors(state.by_id[rider["id"]])

    def preview(self, view: BreakingAwayView, factor: int) -> tuple[MovePreview, Spot]:
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

    def chosen_factor(self, view: BreakingAwayView) -> int | None:
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
    def handle_table_event(self, event: pygame.event.Event, view: BreakingAwayView, viewer: int | None) -> None:
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

    def click(self, view: BreakingAwayView, pos: tuple[int, int]) -> None:
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

    def key(self, view: BreakingAwayView, event: pygame.event.Event) -> None:
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

    def handle_sheet_tabs(self, event: pygame.event.Event, view: BreakingAwayView) -> bool:
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
    def factor_at(self, view: BreakingAwayView, pos: tuple[int, int]) -> int | None:
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
                for rect, (value, _shown) in zip(geometry.boxes(index, len(row.hand)), row.hand):
                    if rect.move(self.layout.sheet.topleft).collidepoint(pos) and value in allowed:
                        return value
        for factor in allowed:
            if math.dist(self.marker_point(view, factor), pos) <= HIT_RADIUS:
                return factor
        return None

    def marker_point(self, view: BreakingAwayView, factor: int) -> tuple[int, int]:
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

    def relief_square_at(self, view: BreakingAwayView, pos: tuple[int, int]) -> int | None:
        free = self.free_relief_squares(view)
        best = min(free, key=lambda s: math.dist(self.placer.relief(s).pos, pos), default=None)
        if best is not None and math.dist(self.placer.relief(best).pos, pos) <= 26:
            return best
        return None

    def pointed_relief(self, view: BreakingAwayView) -> int | None:
        """The relief spot chosen now: under the pointer, or the one picked with the keys."""
        return self.relief_cursor if self.keyboard else self.relief_square_at(view, self.pointer)

    def free_relief_squares(self, view: BreakingAwayView) -> list[int]:
        taken = {r["relief_square"] for r in view["riders"] if r["status"] == "resting"}
        return [s for s in range(len(self.circuit.squares)) if s not in taken]

    def may_retire(self, view: BreakingAwayView) -> bool:
        return not self.madison and view["to_move"] not in view["refused"]

    def _choosing_starter(self, view: BreakingAwayView) -> bool:
        queue = view["place_queue"]
        return bool(queue) and all(r["status"] == "unplaced" for r in view["riders"] if r["seat"] == queue[0])

    def shown_sheet_seat(self, view: BreakingAwayView) -> int:
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

    def decision_buttons(self, view: BreakingAwayView) -> list[Button]:
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

    def _make_buttons(self, view: BreakingAwayView) -> list[Button]:
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

    def allocation_view(self, view: BreakingAwayView) -> AllocationView | None:
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

    def follow_theme(self) -> None:
        """After a change of the UI scale or language, lay the table out again: every painted word is stale."""
        if self.theme.version != self._theme_version:
            self._theme_version = self.theme.version
            self.layout = self.build_layout()
            self.log_panel.rect = self.layout.log
            self.art = RiderArt(self.assets, self.theme, self.spec.colours)
            self.placer = self.show.placer = self.rider_placer()
            self.show.reset(self.view)
            self._previews.clear()
            self._markers.clear()
            self._buttons_key = None
            self._track_layer = None
            self.panels.clear()
            self.allocation = None
