"""The wall as the player sees it while a move is being animated.

The engine jumps from one position to the next; players need to watch the
piece come out of the supply, the slot slide along, a knocked-out piece drop
into the support and go home, the rope light up and a character climb it.
:class:`WallShow` turns a move's events into timeline steps.  Each step shows a
snapshot of the table (:class:`Shown`) plus pieces in flight (:class:`Mover`);
when the last step is done the scene draws the view again.  The snapshots are
worked out with the rules' own push, from the position shown before the move.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from game.core.protocol import Event
from game.i18n import _
from game.ui.anim import Timeline, Tween, ease_in_out_cubic, ease_out_cubic, linear

from .rules import CHARACTER_ORDINALS, ESCAPES_TO_WIN, PIECES_PER_COLOUR, SLOTS, SPACES, empty_wall, push_into_slot
from .scene_layout import KNOT_SIZE, Point, TableLayout
from .views import BreakoutView

#: seconds at normal speed (the timeline scales them by the player's animation speed)
TO_SLOT_SECONDS = 0.28
SLIDE_SECONDS = 0.32
DROP_SECONDS = 0.36
HOME_SECONDS = 0.34
HIGHLIGHT_SECONDS = 0.55
CLIMB_STEP_SECONDS = 0.16
RETURN_SECONDS = 0.5
BANNER_SECONDS = {"covering": 1.0, "escape": 1.0, "round": 1.2, "game_over": 1.8, "void": 1.8, "pass": 0.9}


def ease_in_quad(t: float) -> float:
    """Speeds up like a falling piece."""
    return t * t


@dataclass
class Shown:
    """What the table shows: the wall, the supplies, the escapes and the round's counters."""

    wall: list[list[int | None]]
    supply: list[int]
    escapes: list[int]
    coverings: int
    round: int
    #: whose panel is lit: the player whose move is being shown, then the one to move
    to_move: int

    @classmethod
    def of_view(cls, view: BreakoutView) -> "Shown":
        return cls([list(row) for row in view["wall"]], list(view["supply"]), list(view["escapes"]),
                   int(view["coverings"]), int(view["round"]), int(view["to_move"]))

    def copy(self) -> "Shown":
        return Shown([list(row) for row in self.wall], list(self.supply), list(self.escapes), self.coverings,
                     self.round, self.to_move)


@dataclass(eq=False)
class Mover:
    """A knot or a character in flight along ``points`` while its tween runs."""

    kind: str
    owner: int
    points: list[Point]
    tween: Tween
    number: int = 0

    def position(self) -> Point:
        return along(self.points, float(self.tween.ease(self.tween.progress)))


@dataclass
class Banner:
    """A message across the wall for a moment (an escape, a covering, a new round)."""

    text: str
    seat: int | None
    tween: Tween
    kind: str = ""


@dataclass
class Highlight:
    """The linking rope lighting up knot by knot from the bottom."""

    seat: int
    cells: list[tuple[int, int]]
    tween: Tween = field(default_factory=lambda: Tween(0.0, 1.0, 0.0))

    def lit(self) -> list[tuple[int, int]]:
        count = math.ceil(float(self.tween.value) * len(self.cells) - 1e-9)
        return self.cells[:max(0, count)]


def along(points: list[Point], t: float) -> Point:
    """The point a fraction ``t`` of the way along the polyline ``points`` (by length)."""
    if len(points) == 1:
        return points[0]
    lengths = [math.dist(a, b) for a, b in zip(points, points[1:])]
    total = sum(lengths)
    if total <= 0:
        return points[-1]
    distance = max(0.0, min(1.0, t)) * total
    for (a, b), length in zip(zip(points, points[1:]), lengths):
        if distance <= length and length > 0:
            f = distance / length
            return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
        distance -= length
    return points[-1]


class WallShow:
    """Animation state of the Breakout table: snapshots, pieces in flight, banners, the lit rope."""

    def __init__(self, layout: TableLayout, anims: Timeline, sound: Callable[[str], None],
                 name: Callable[[int], str], view: BreakoutView) -> None:
        self.layout = layout
        self.anims = anims
        self.sound = sound
        self.name = name
        #: the table at rest, as the next move's animation starts from it
        self.rest = Shown.of_view(view)
        #: the snapshot drawn while animating (None: draw the view)
        self.shown: Shown | None = None
        self.movers: list[Mover] = []
        self.banner: Banner | None = None
        self.highlight: Highlight | None = None
        #: the seat whose next character is climbing now (so it is not drawn at the foot)
        self.climbing: int | None = None
        #: the game is won: the last escape's wall and lit rope stay on the table under the results
        self.keep_final = False
        #: seconds since the last blocked-arrow notice and the last covering (for a short pulse)
        self.blocked_age = 99.0
        self.covering_age = 99.0

    # --- state ----------------------------------------------------------------------------
    def current(self, view: BreakoutView) -> Shown:
        return self.shown if self.shown is not None else Shown.of_view(view)

    def reset(self, view: BreakoutView, winning_escape: Mapping[str, Any] | None = None) -> None:
        """Forget every animation (after an undo, a load or a replay's jump): the view is the truth,
        except that a won game keeps its winning rope (``winning_escape``: the last escape event's data)."""
        self.rest = Shown.of_view(view)
        self.shown = None
        self.movers.clear()
        self.banner = None
        self.highlight = None
        self.climbing = None
        self.keep_final = False
        if view["over"] and winning_escape is not None:
            self._keep_winning_rope(view, winning_escape)

    def _keep_winning_rope(self, view: BreakoutView, data: Mapping[str, Any]) -> None:
        """The table as the winning move left it: the rules send every piece home when the last character
        is out, but the wall stays up, its rope lit, as it does when the game is won in play."""
        final = Shown.of_view(view)
        final.wall = [list(row) for row in data["wall"]]
        final.supply = [PIECES_PER_COLOUR - sum(owner == seat for row in final.wall for owner in row)
                        for seat in range(len(final.supply))]
        self.shown = final
        path = [(int(r), int(c)) for r, c in data["path"]]
        self.highlight = Highlight(int(data["seat"]), path, Tween(1.0, 1.0, 0.0))
        self.keep_final = True

    def tick(self, dt: float) -> None:
        self.blocked_age += dt
        self.covering_age += dt

    # --- turning events into steps ---------------------------------------------------------
    def play(self, events: list[Event], view_after: BreakoutView) -> None:
        """Queue the animation of one move's events; the table ends as ``view_after``."""
        plan = self.rest.copy()
        plan.to_move = next((int(e.data["seat"]) for e in events if e.kind in ("insert", "pass")), plan.to_move)
        if self.shown is None:
            self.shown = plan.copy()
        self.keep_final = any(event.kind == "game_over" for event in events)
        for event in events:
            handler = getattr(self, f"_on_{event.kind}", None)
            if handler is not None:
                handler(plan, event.data)
        self.rest = Shown.of_view(view_after)
        self.anims.call(self._settle)

    def _settle(self) -> None:
        """The last queued step: back to drawing the view, unless more moves are queued behind
        or the game was just won (the winning rope stays lit under the results)."""
        if not self.anims.queue and not self.keep_final:
            self.shown = None
            self.movers.clear()
            self.highlight = None
            self.climbing = None

    def _show(self, snapshot: Shown) -> Callable[[], None]:
        def apply() -> None:
            self.shown = snapshot
        return apply

    def _fly(self, mover: Mover, *, sound_start: str = "", sound_end: str = "") -> None:
        """Queue one flight: the mover appears when its turn comes and disappears when it lands."""
        def start() -> None:
            self.movers.append(mover)
            if sound_start:
                self.sound(sound_start)

        def end() -> None:
            if mover in self.movers:
                self.movers.remove(mover)
            if sound_end:
                self.sound(sound_end)
        self.anims.add(mover.tween, on_start=start, on_done=end)

    def _together(self, movers: list[Mover], seconds: float, ease: Callable[[float], float], *,
                  sound_start: str = "") -> None:
        """Several movers sharing one tween (a slot sliding along, all pieces going home)."""
        shared = Tween(0.0, 1.0, seconds, ease)
        for mover in movers:
            mover.tween = shared

        def start() -> None:
            self.movers.extend(movers)
            if sound_start:
                self.sound(sound_start)

        def end() -> None:
            for mover in movers:
                if mover in self.movers:
                    self.movers.remove(mover)
        self.anims.add(shared, on_start=start, on_done=end)

    def _banner(self, text: str, seat: int | None, kind: str, sound: str = "") -> None:
        tween = Tween(0.0, 1.0, BANNER_SECONDS[kind], linear)
        banner = Banner(text, seat, tween, kind)

        def start() -> None:
            self.banner = banner
            if sound:
                self.sound(sound)

        def end() -> None:
            if self.banner is banner:
                self.banner = None
        self.anims.add(tween, on_start=start, on_done=end)

    def _supply_point(self, seat: int, index: int) -> Point:
        centre = self.layout.supply_cell(seat, max(0, min(PIECES_PER_COLOUR - 1, index))).center
        return (float(centre[0]), float(centre[1]))

    # --- one handler per event kind ---------------------------------------------------------
    def _on_insert(self, plan: Shown, data: Mapping[str, Any]) -> None:
        """From the supply to the slot's end, then the push: the slot slides, a piece may fall out."""
        layout = self.layout
        seat, row, side = int(data["seat"]), int(data["row"]), str(data["side"])
        before = list(plan.wall[row])
        result = push_into_slot(before, side, seat)
        far_side = "right" if side == "left" else "left"
        entry = 0 if side == "left" else SPACES - 1
        start = self._supply_point(seat, plan.supply[seat] - 1)
        plan.supply[seat] -= 1
        self.anims.call(self._show(plan.copy()))
        self._fly(Mover("knot", seat, [start, layout.outside(row, side)],
                        Tween(0.0, 1.0, TO_SLOT_SECONDS, ease_in_out_cubic)))
        leaving = {source for source, _target, _owner in result.moved}
        if result.ejected_column is not None:
            leaving.add(result.ejected_column)
        plan.wall[row] = [None if column in leaving else owner for column, owner in enumerate(before)]
        self.anims.call(self._show(plan.copy()))
        sliding = [Mover("knot", seat, [layout.outside(row, side), layout.cell_centre(row, entry)], Tween(0, 1, 0))]
        sliding += [Mover("knot", owner, [layout.cell_centre(row, source), layout.cell_centre(row, target)],
                          Tween(0, 1, 0)) for source, target, owner in result.moved]
        if result.ejected_owner is not None and result.ejected_column is not None:
            sliding.append(Mover("knot", result.ejected_owner, [layout.cell_centre(row, result.ejected_column),
                                                                layout.outside(row, far_side)], Tween(0, 1, 0)))
        self._together(sliding, SLIDE_SECONDS, ease_out_cubic, sound_start="rope_creak")
        plan.wall[row] = list(result.row)
        self.anims.call(self._show(plan.copy()))
        owner = result.ejected_owner
        if owner is None:
            return
        tray = layout.tray_point(far_side)
        self._fly(Mover("knot", owner, [layout.outside(row, far_side), tray],
                        Tween(0.0, 1.0, DROP_SECONDS, ease_in_quad)), sound_end="knot_drop")
        resting = Mover("knot", owner, [tray], Tween(0.0, 1.0, 0.14, linear))
        self._fly(resting)
        self._fly(Mover("knot", owner, [tray, self._supply_point(owner, plan.supply[owner])],
                        Tween(0.0, 1.0, HOME_SECONDS, ease_in_out_cubic)))
        plan.supply[owner] += 1
        self.anims.call(self._show(plan.copy()))

    def _on_blocked(self, plan: Shown, data: Mapping[str, Any]) -> None:
        def notice() -> None:
            self.blocked_age = 0.0
        self.anims.call(notice)

    def _on_covering(self, plan: Shown, data: Mapping[str, Any]) -> None:
        plan.coverings = int(data["count"])
        snapshot = plan.copy()

        def count() -> None:
            self.shown = snapshot
            self.covering_age = 0.0
        self.anims.call(count)
        self._banner(_("The wall is full: covering {count} of {limit}").format(count=data["count"], limit=data["limit"]),
                     None, "covering", "turn_chime")

    def _on_escape(self, plan: Shown, data: Mapping[str, Any]) -> None:
        """The rope lights up, the next character climbs it to the top, then every piece goes home."""
        layout = self.layout
        seat = int(data["seat"])
        path = [(int(r), int(c)) for r, c in data["path"]]
        plan.wall = [list(row) for row in data["wall"]]
        self.anims.call(self._show(plan.copy()))
        highlight = Highlight(seat, path, Tween(0.0, 1.0, HIGHLIGHT_SECONDS, linear))

        def light() -> None:
            self.highlight = highlight
        self.anims.add(highlight.tween, on_start=light)
        place = plan.escapes[seat]
        points = [layout.foot_spot(seat, 0), layout.bottom_of_column(path[0][1])]
        points += [(x, y + KNOT_SIZE / 2) for x, y in (layout.cell_centre(r, c) for r, c in path)]
        points += [(layout.cell_centre(SLOTS - 1, path[-1][1])[0], layout.top_y), layout.top_spot(seat, place)]
        climb = Mover("character", seat, points, Tween(0.0, 1.0, CLIMB_STEP_SECONDS * len(points), ease_in_out_cubic),
                      number=place + 1)

        def begin_climb() -> None:
            self.climbing = seat
        self.anims.call(begin_climb)
        self._fly(climb, sound_end="crowd_cheer")
        plan.escapes[seat] += 1
        escaped = plan.copy()

        def arrive() -> None:
            self.shown = escaped
            self.climbing = None
        self.anims.call(arrive)
        character = int(data["character"])
        self._banner(_("{player}'s {which} escapes! ({character} of {total})").format(
            player=self.name(seat), which=_(CHARACTER_ORDINALS[character - 1]), character=character,
            total=ESCAPES_TO_WIN), seat, "escape")
        if not self.keep_final:
            self._return_all_pieces(plan)

    def _return_all_pieces(self, plan: Shown) -> None:
        """Every piece on the wall flies back to its owner's supply."""
        emptied = Shown(empty_wall(), list(plan.supply), list(plan.escapes), plan.coverings, plan.round, plan.to_move)
        homeward = []
        for row in range(SLOTS):
            for column in range(SPACES):
                owner = plan.wall[row][column]
                if owner is None:
                    continue
                target = self._supply_point(owner, plan.supply[owner])
                plan.supply[owner] += 1
                homeward.append(Mover("knot", owner, [self.layout.cell_centre(row, column), target], Tween(0, 1, 0)))

        def empty() -> None:
            self.highlight = None
            self.shown = emptied
        self.anims.call(empty)
        self._together(homeward, RETURN_SECONDS, ease_in_out_cubic)
        plan.wall = empty_wall()
        plan.supply = [PIECES_PER_COLOUR, PIECES_PER_COLOUR]
        plan.coverings = 0
        self.anims.call(self._show(plan.copy()))

    def _on_round(self, plan: Shown, data: Mapping[str, Any]) -> None:
        plan.round = int(data["round"])
        self.anims.call(self._show(plan.copy()))
        self._banner(_("Round {round}: {player} starts").format(round=data["round"], player=self.name(int(data["starter"]))),
                     None, "round", "turn_chime")

    def _on_game_over(self, plan: Shown, data: Mapping[str, Any]) -> None:
        winner = int(data["winner"])
        self._banner(_("All three characters are out: {player} wins!").format(player=self.name(winner)), winner,
                     "game_over", "finish_fanfare")

    def _on_void(self, plan: Shown, data: Mapping[str, Any]) -> None:
        self._banner(_("No escape this round: the game is void"), None, "void", "bell")

    def _on_pass(self, plan: Shown, data: Mapping[str, Any]) -> None:
        seat = int(data["seat"])
        self._banner(_("{player} has no pieces left and passes").format(player=self.name(seat)), seat, "pass", "click")
