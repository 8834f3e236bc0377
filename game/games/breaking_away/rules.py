"""Breaking Away: the rules engine (pure Python).

A race of teams of cyclists round a 40-square circuit.  Each cyclist holds a
few movement factors; a move uses exactly one of them, and after everybody has
moved each cyclist receives a replacement factor: 3 plus the riders on the
unbroken run of occupied squares directly ahead (the slipstream), or his lead
on the turn he breaks away alone.  The first eight riders across each sprint
line and the finish score points; the team with most points wins.

Positions are *progress*: squares travelled since the start.  The square on the
board is ``progress % 40``, and every "ahead" or "behind" compares progress, so
a rider never slipstreams off riders a lap away (FAQ).

The Madison (Ton Segers' variant) is a mode of the same engine: teams of two,
one rider racing while the partner rests beside a square, change-overs after the
replacement factors, four laps scored at the start line.

Phases, each with its own decisions:
    allocate  each seat in turn fills its secret movement log sheet (sealed commits)
    place     Madison only: each team names its starter and parks the relief rider
    move      the rider at the head of this turn's order moves (or is proposed for retirement)
    vote      every other seat agrees to or refuses a proposed retirement
    change    Madison only: a team that may change over decides whether to
    over      the race has ended
"""
from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from functools import lru_cache
from operator import attrgetter
from typing import Any, Mapping

from game.core.protocol import Action, Event, GameState, IllegalAction, act
from game.core.rng import Rng
from game.i18n import N_, Message, PluralMessage

from .allocation import limit_for
from .data import (HIGHEST_START_VALUE, LAP, LOWEST_START_VALUE, MADISON_LINES, MADISON_TEAM_SIZE, NORMAL_LINES,
                   NORMAL_TEAM_SIZE, SHEET_LIMITS, SQUARES, STAGGERED_START, Line, line_name, rider_id, rider_name,
                   rider_seat, team_name)
from .riders import FINISHED, RACING, RETIRED, UNPLACED, Rider, lap_of, race_order_key, sort_race_order
from .rules_results import ResultRules
from .rules_sheet import SheetRules, _int_args
from .rules_turn_end import TurnEndRules
from .setup_facts import MADISON_SEATS, NORMAL_SEATS
from .views import BreakingAwayView, LineView, RetireVote, RiderView

#: where each mode's lines are, in order (a move crosses one when the first at or after his start is before
#: his end)
_NORMAL_LINE_PROGRESS = tuple(line.progress for line in NORMAL_LINES)
_MADISON_LINE_PROGRESS = tuple(line.progress for line in MADISON_LINES)
PHASES = ("allocate", "place", "move", "vote", "change", "over")


class BreakingAwayState(SheetRules, TurnEndRules, ResultRules, GameState):
    game_id = "breaking-away"
    has_secrets = True
    record_labels = {
        "sprint_points": (N_("most sprint points"), "max"),
        "best_finish": (N_("best place over the finish line"), "min"),
        "lines_won": (N_("most sprints and finishes won"), "max"),
    }

    def __init__(self) -> None:
        self.num_seats = 3
        self.madison = False
        self.open_factors = False
        self.rival_bonus = False
        self.overcrowding = False
        self.staggered = False
        self.riders: list[Rider] = []
        self.by_id: dict[int, Rider] = {}
        self.phase = "allocate"
        self.setup_seat = 0
        self.sealed: list[bool] = []
        self.first_player: int | None = None
        self.place_queue: list[int] = []
        self.race_turn = 0
        self.order: list[int] = []
        #: the racing riders (in stored order) while the turn whose order list is ``_racing_order`` lasts:
        #: a rider stops racing mid-turn only by finishing or retiring, which take him out; any other order
        #: list (a clone's, a hand-built position's, a Madison turn's) means they are counted again
        self._racing_riders: list[Rider] = []
        self._racing_order: list[int] | None = None
        #: with them, how many of them stand at each progress (kept up to date by every move, so a move finds
        #: his slot by one look-up), and a progress at or behind the rearmost (a move can lap nobody unless it
        #: takes him a lap past it)
        self._riders_at: dict[int, int] = {}
        self._rearmost = 0
        self.arrivals = 0
        self.sole_leader: int | None = None
        self.crossings: dict[str, list[int]] = {}
        self.points: list[int] = []
        self.vote: dict[str, Any] | None = None
        self.refused: list[int] = []
        self.change_queue: list[int] = []
        self.changed_lap: list[int] = []
        self.rng = Rng(0)

    # --- creation -------------------------------------------------------------------
    @classmethod
    def new(cls, num_seats: int, options: Mapping[str, Any], seed: int) -> "BreakingAwayState":
        state = cls()
        state.num_seats = num_seats
        state.madison = options.get("mode", "race") == "madison"
        state.open_factors = options.get("factors", "secret") == "open"
        state.rival_bonus = bool(options.get("rival_breakaway", False))
        state.overcrowding = bool(options.get("overcrowding", False))
        state.staggered = bool(options.get("staggered_start", False))
        problems = setup_problems(num_seats, state.madison, state.staggered)
        if problems:
            raise ValueError(" ".join(map(str, problems)))
        state.rng = Rng(seed)
        size = MADISON_TEAM_SIZE if state.madison else NORMAL_TEAM_SIZE
        for seat in range(num_seats):
            for number in range(1, size + 1):
                rank = 0 if state.madison else number
                state.riders.append(Rider(rider_id(seat, number), rank, UNPLACED if state.madison else RACING))
        state.by_id = {r.id: r for r in state.riders}
        state.sealed = [False] * num_seats
        state.points = [0] * num_seats
        state.changed_lap = [-1] * num_seats if state.madison else []
        state.crossings = {line.key: [] for line in state.lines}
        return state

    @property
    def lines(self) -> tuple[Line, ...]:
        return MADISON_LINES if self.madison else NORMAL_LINES

    @property
    def finish_line(self) -> Line:
        return self.lines[-1]

    def team(self, seat: int) -> list[Rider]:
        """A team's riders by number (riders are stored team by team)."""
        size = MADISON_TEAM_SIZE if self.madison else NORMAL_TEAM_SIZE
        return self.riders[seat * size:(seat + 1) * size]

    def racing(self) -> list[Rider]:
        return [r for r in self.riders if r.status == RACING]

    def _racing_this_turn(self) -> list[Rider]:
        """``racing()`` during a turn, counted once per turn instead of at every move (shared: never hand it out)."""
        if self._racing_order is not self.order:
            self._count_racing(self.racing())
        return self._racing_riders

    def _count_racing(self, racing: list[Rider]) -> None:
        """Make ``racing`` (the ``racing()`` riders) this turn's racing riders and count them per progress."""
        riders_at: dict[int, int] = {}
        for rider in racing:
            riders_at[rider.progress] = riders_at.get(rider.progress, 0) + 1
        self._racing_riders, self._racing_order = racing, self.order
        self._riders_at, self._rearmost = riders_at, min(riders_at, default=0)

    # --- whose decision ---------------------------------------------------------------
    def current_seat(self) -> int | None:
        phase = self.phase
        if phase == "move":
            return rider_seat(self.order[0])
        if phase == "allocate":
            return self.setup_seat
        if phase == "vote":
            assert self.vote is not None
            return int(self.vote["waiting"][0])
        if phase == "change":
            return self.change_queue[0]
        if phase == "place":
            return self.place_queue[0]
        return None

    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def to_move(self) -> Rider | None:
        return self.by_id[self.order[0]] if self.phase == "move" else None

    @property
    def turn(self) -> int:
        return self.race_turn

    # --- legal actions ---------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "move":
            rider = self.by_id[self.order[0]]
            rid = rider.id
            if self.madison:
                moves = [act("move", rid, f) for f in self.allowed_factors(rider)]
            else:  # every factor he holds (allowed_factors): the move lists recur, so they are built once
                key = (rid, frozenset(rider.known + rider.secret))  # cheaper to make than the sorted factors
                listed = _MOVE_LISTS.get(key)
                if listed is None:
                    if len(_MOVE_LISTS) > 65536:
                        _MOVE_LISTS.clear()
                    moves = [_move_action(rid, f) for f in sorted(key[1], reverse=True)]
                    listed = _MOVE_LISTS[key] = (moves, [*moves, act("retire", rid)])
                # with 'retire' unless the other teams refused it this turn (may_propose_retirement)
                moves = list(listed[0] if rid in self.refused else listed[1])
            return moves
        if phase == "allocate":
            return self._allocation_actions()
        if phase == "vote":
            return [_AGREE, _REFUSE]
        if phase == "change":
            return [_CHANGE, _STAY]
        if phase == "place":
            return self._placement_actions()
        return []

    def allowed_factors(self, rider: Rider) -> list[int]:
        """The distinct factors the rider may use now (Madison: an overdue change narrows them)."""
        factors = sorted({*rider.known, *rider.secret}, reverse=True)
        if self.madison and self.change_overdue(rider.seat):
            free = [f for f in factors if not self.relief_rests_at((rider.progress + f) % SQUARES)]
            if free:
                return free
        return factors

    # --- moving -------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """``GameState.apply`` with the race's commonest actions (a move, a retirement proposal, a vote)
        accepted inline, on the same conditions as their checks; anything else goes the long way."""
        phase = self.phase
        if phase == "move":
            if not self.madison:
                rider = self.by_id[self.order[0]]
                kind, args = action.kind, action.args
                if kind == "move":
                    if (len(args) == 2 and args[0] == rider.id
                            and (args[1] in rider.known or args[1] in rider.secret)):
                        return self._move(rider, int(args[1]))
                elif kind == "retire" and args == (rider.id,) and rider.id not in self.refused:
                    return self._apply_retire(action)
        elif phase == "vote" and (action is _AGREE or action is _REFUSE):
            return self._apply_vote(action)
        elif phase == "allocate" and action.kind == "factor":
            listed = self._listed_sheet_steps()
            if listed is not None:
                rider, steps = listed
                for step in steps:  # as check: a listed one is this very object, a value for this cyclist
                    if step is action:
                        rider.secret.append(int(action.args[1]))
                        return self._after_sheet_step(rider)
        return super().apply(action)

    # --- checking ----------------------------------------------------------------------
    def check(self, action: Action) -> None:
        phase = self.phase
        if phase == "allocate" and action.kind == "factor":
            listed = self._listed_sheet_steps()
            if listed is not None and any(step is action for step in listed[1]):  # shared: this very object
                return
        if phase == "over":
            raise IllegalAction(Message("The race is over; no more moves can be made."))
        self._CHECKS[phase](self, action)

    def _check_move(self, action: Action) -> None:
        rider = self.by_id[self.order[0]]
        args = action.args
        if (action.kind == "move" and len(args) == 2 and args[0] == rider.id and not self.madison
                and (args[1] in rider.known or args[1] in rider.secret)):
            return  # outside the Madison every factor he holds is allowed
        if action.kind == "retire" and args == (rider.id,) and not self.madison and rider.id not in self.refused:
            return
        name = rider_name(rider.id)
        ints = _int_args(action)
        if action.kind == "retire":
            if ints is None or len(ints) != 1:
                raise IllegalAction(Message("Name the rider to retire, e.g. {example}.",
                                            example=f"'retire {rider.id}'"))
            if ints[0] != rider.id:
                raise IllegalAction(Message("A rider can be proposed for retirement when it is his turn to "
                                            "move; now it is {rider}'s.", rider=name))
            if self.madison:
                raise IllegalAction(Message("Nobody retires in the Madison: a tired rider hands over to his "
                                            "partner."))
            if rider.id in self.refused:
                raise IllegalAction(Message("The other teams refused to let {rider} retire this turn; ask again "
                                            "next turn.", rider=name))
            return
        if action.kind != "move":
            raise IllegalAction(Message("It is {rider}'s turn: choose one of his factors, e.g. {example}.",
                                        rider=name, example=f"'move {rider.id} {rider.factors[0]}'"))
        if ints is None or len(ints) != 2:
            raise IllegalAction(Message("Name the rider and the factor, e.g. {example}.",
                                        example=f"'move {rider.id} {rider.factors[0]}'"))
        if ints[0] != rider.id:
            other = rider_name(ints[0]) if ints[0] in self.by_id else Message("rider {number}", number=ints[0])
            raise IllegalAction(Message("It is {rider}'s turn to move, not {other}'s.", rider=name, other=other))
        factor = ints[1]
        if factor not in rider.known and factor not in rider.secret:
            raise IllegalAction(Message("{rider} has no factor of {factor}; his factors are {held}.", rider=name,
                                        factor=factor, held=", ".join(map(str, rider.factors))))
        allowed = self.allowed_factors(rider)
        if factor not in allowed:
            raise IllegalAction(Message("{team} is overdue for a change-over, so {rider} must land on a square "
                                        "with no relief rider resting beside it: use {factors}.",
                                        team=team_name(rider.seat), rider=name, factors=_either(allowed)))

    def _check_vote(self, action: Action) -> None:
        if action.kind not in ("agree", "refuse") or action.args:
            assert self.vote is not None
            raise IllegalAction(Message("Answer whether {rider} may retire: {agree} or {refuse}.",
                                        rider=rider_name(self.vote["rider"]), agree="'agree'", refuse="'refuse'"))

    def _check_change(self, action: Action) -> None:
        if action.kind not in ("change", "stay") or action.args:
            raise IllegalAction(Message("{team} may change over now: {change} lets the partner take over, {stay} "
                                        "keeps the rider in the race.", team=team_name(self.change_queue[0]),
                                        change="'change'", stay="'stay'"))

    # --- applying ------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        return self._APPLIERS[action.kind](self, action)

    def _begin_race(self) -> list[Event]:
        """All sheets are in: draw the first player, then line up (Madison: place the teams)."""
        self.first_player = self.rng.randrange(self.num_seats)
        events = [Event(Message("{team} is drawn to move first on the first turn.", team=team_name(self.first_player)),
                        "first_player", {"seat": self.first_player}, reveals=True)]
        if self.open_factors:
            sheets = {str(r.id): r.factors for r in self.riders}
            events.append(Event(Message("Factors are open: every team's sheet is shown to the table."), "sheets_revealed",
                                {"factors": sheets}, reveals=True))
        if self.madison:
            self.place_queue = self.clockwise_from(self.first_player)
            self.phase = "place"
            return events
        for rider in sorted(self.riders, key=self._first_turn_key):
            rider.progress = STAGGERED_START[rider.number] if self.staggered else 0
            rider.arrival = self._next_arrival()
        return events + self._start_turn()

    def clockwise_from(self, seat: int) -> list[int]:
        return [(seat + k) % self.num_seats for k in range(self.num_seats)]

    def _next_arrival(self) -> int:
        self.arrivals += 1
        return self.arrivals

    # the turn
    def _first_turn_key(self, rider: Rider) -> tuple[int, int]:
        """Turn 1: from the first player clockwise, every #1 cyclist, then every #2, ..."""
        assert self.first_player is not None
        return rider.rank, (rider.seat - self.first_player) % self.num_seats

    def _start_turn(self, in_race_order: list[Rider] | None = None,
                    racing_riders: list[Rider] | None = None) -> list[Event]:
        """The next turn; ``in_race_order``: the racing riders front to back, when the caller has them, and
        ``racing_riders`` the same in stored order (the turn's ``_racing_this_turn()``)."""
        self.race_turn += 1
        self.refused = []
        if in_race_order is not None:
            racing = in_race_order
        else:
            racing = self.racing()
            if self.race_turn == 1:
                racing.sort(key=self._first_turn_key)
            else:
                sort_race_order(racing)
        self.order = list(map(_BY_ID, racing))
        if racing_riders is not None:  # counted per progress still: nobody moved since the turn's last move
            self._racing_riders, self._racing_order = racing_riders, self.order
            self._rearmost = racing[-1].progress
        self.phase = "move"
        return [Event(_turn_text(self.race_turn, self.order[0]), "turn",
                      {"turn": self.race_turn, "order": list(self.order)})]

    def _apply_move(self, action: Action) -> list[Event]:
        return self._move(self.by_id[int(action.args[0])], int(action.args[1]))

    def _move(self, rider: Rider, factor: int) -> list[Event]:
        known = rider.known
        if factor in known:
            known.remove(factor)
        else:
            rider.secret.remove(factor)
            rider.starting_used.append(factor)
        start = rider.progress
        end = start + factor
        # the slot he takes among the riders already on his square, and the riders this move puts a full
        # lap behind him (less than a lap behind before, a lap or more after: only looked for when the
        # turn's rearmost progress is a lap behind)
        if self._racing_order is not self.order:
            self._count_racing(self.racing())
        riders_at = self._riders_at
        slot = riders_at.get(end, 0)
        riders_at[start] -= 1
        riders_at[end] = slot + 1
        caught_riders = None
        if self._rearmost <= end - LAP:
            caught_riders = [r for r in self._racing_riders
                             if start - LAP < r.progress <= end - LAP and r is not rider]
        rider.progress = end
        self.arrivals = arrival = self.arrivals + 1  # _next_arrival
        rider.arrival = arrival
        order = self.order
        del order[0]
        rid = rider.id
        from_square, to_square = start % SQUARES, end % SQUARES
        events = [Event(_move_text(rid, factor, from_square, to_square), "move",
                        {"rider": rid, "seat": rider.seat, "factor": factor, "from": start,
                         "to": end, "from_square": from_square, "to_square": to_square, "slot": slot})]
        if caught_riders:
            events.append(self._lapping(rider, caught_riders))
        if self.madison:
            lines, line_progress = MADISON_LINES, _MADISON_LINE_PROGRESS
        else:
            lines, line_progress = NORMAL_LINES, _NORMAL_LINE_PROGRESS
        next_line = bisect_left(line_progress, start)  # the first line at or after his start
        if next_line < len(line_progress) and line_progress[next_line] < end:
            events.extend(self._score_crossings(rider, start))
        # _race_is_decided: while he still races, somebody does
        finish = lines[-1]
        if len(self.crossings[finish.key]) >= len(finish.points) or (rider.status != RACING
                                                                     and self._race_is_decided()):
            return events + self._end_race()
        if order:  # _continue_turn
            return events
        return events + self._end_turn()

    def _lapping(self, rider: Rider, caught_riders: list[Rider]) -> Event:
        """A move that takes a rider a full lap clear of others: from now on they ride on opposite sides
        of the centre line and neither gives the other a slipstream (FAQ)."""
        caught = [r.id for r in sorted(caught_riders, key=race_order_key)]
        return Event(Message("{rider} laps {lapped}: a lap apart, they ride on opposite sides of the centre line and "
                             "give each other no slipstream.", rider=rider_name(rider.id),
                             lapped=tuple(rider_name(r) for r in caught)), "lapped",
                     {"rider": rider.id, "seat": rider.seat, "lapped": caught})

    def _score_crossings(self, rider: Rider, start: int) -> list[Event]:
        """Points go in crossing order: the first rider past a line scores most, however far others go."""
        events = []
        for line in self.lines:
            if not start <= line.progress < rider.progress:
                continue
            crossed = self.crossings[line.key]
            crossed.append(rider.id)
            place = len(crossed)
            points = line.points[place - 1] if place <= len(line.points) else 0
            self.points[rider.seat] += points
            events.append(Event(_crossing_text(rider.id, line.key, line.label, place, points),
                                "cross", {"rider": rider.id, "seat": rider.seat, "line": line.key,
                                          "place": place, "points": points, "madison": self.madison}))
            if line.is_finish and not self.madison:
                self._stop_racing(rider, FINISHED)
                events.append(Event(Message("{rider} has finished and leaves the track.", rider=rider_name(rider.id)),
                                    "finished",
                                    {"rider": rider.id, "seat": rider.seat, "place": place}))
        return events

    def _race_is_decided(self) -> bool:
        """The race ends the moment the last scoring place at the finish is taken, or nobody is left racing."""
        finish = self.finish_line
        if len(self.crossings[finish.key]) >= len(finish.points):
            return True
        for rider in self.riders:
            if rider.status == RACING:
                return False
        return True

    def _stop_racing(self, rider: Rider, status: str) -> None:
        """A rider finishes or retires mid-turn: he leaves the turn's racing riders too."""
        if self._racing_order is self.order:
            self._racing_riders.remove(rider)
            self._riders_at[rider.progress] -= 1
        rider.status = status

    def _continue_turn(self) -> list[Event]:
        self.phase = "move"
        if self.order:
            return []
        return self._end_turn()

    # retirement (FAQ: only with every other player's agreement)
    def may_propose_retirement(self, rider: Rider) -> bool:
        return not self.madison and rider.id not in self.refused

    def _apply_retire(self, action: Action) -> list[Event]:
        rider = self.by_id[int(action.args[0])]
        proposed = _proposal_event(rider.seat, rider.id, self.num_seats)
        # the other seats clockwise from his, as the event names them
        self.vote = {"rider": rider.id, "proposer": rider.seat, "waiting": list(proposed.data["voters"]),
                     "agreed": []}
        self.phase = "vote"
        return [proposed]

    def _apply_vote(self, action: Action) -> list[Event]:
        vote = self.vote
        assert vote is not None
        seat = vote["waiting"].pop(0)
        rider_id_ = vote["rider"]
        if action.kind == "refuse":
            self.vote = None
            self.refused.append(rider_id_)
            self.phase = "move"  # _continue_turn: the refused rider is still first in the order
            return [_refusal_event(seat, rider_id_)]
        vote["agreed"].append(seat)
        events = [_agreement_event(seat, rider_id_)]
        if vote["waiting"]:
            return events
        self.vote = None
        rider = self.by_id[rider_id_]
        self._stop_racing(rider, RETIRED)
        self.order.remove(rider.id)
        events.append(Event(Message("{rider} retires from the race.", rider=rider_name(rider.id)), "retired",
                            {"rider": rider.id, "seat": rider.seat, "progress": rider.progress}))
        if self._race_is_decided():
            return events + self._end_race()
        return events + self._continue_turn()

    # the end
    def _end_race(self) -> list[Event]:
        self.phase = "over"
        self.order = []
        self.vote = None
        self.change_queue = []
        outcome = self.outcome()
        return [Event(Message("The race is over. {note}", note=outcome.note), "race_over",
                      {"points": list(self.points), "ranks": list(outcome.ranks), "winner": outcome.winner,
                       "madison": self.madison})]

    # --- information -------------------------------------------------------------------
    def factors_visible(self, rider: Rider, seat: int | None) -> bool:
        if seat == rider.seat:
            return True
        return self.open_factors and self.phase != "allocate"

    def holds_secrets(self, seat: int) -> bool:
        return not self.open_factors or self.phase == "allocate"

    def view(self, seat: int | None) -> BreakingAwayView:
        layout = track_layout(self)
        front = self.front_progress()
        riders: list[RiderView] = []
        for rider in self.riders:
            visible = self.factors_visible(rider, seat)
            shown_rank = rider.rank if (not self.madison or self.sealed[rider.seat] or seat == rider.seat) else 0
            limit = SHEET_LIMITS.get(shown_rank)
            sealed_or_mine = self.sealed[rider.seat] or seat == rider.seat
            hidden_count = None
            if not visible and self.sealed[rider.seat] and limit is not None and len(limit.counts) == 1:
                hidden_count = limit.counts[0] - len(rider.starting_used)
            square, slot, lane, lanes = layout.get(rider.id, (rider.progress % SQUARES, 0, 0, 1))
            riders.append({
                "id": rider.id, "seat": rider.seat, "number": rider.number, "rank": shown_rank,
                "status": rider.status, "progress": rider.progress, "square": square, "slot": slot,
                "lane": lane, "lanes": lanes, "arrival": rider.arrival, "lap": lap_of(rider.progress),
                "lapped": rider.status == RACING and front - rider.progress >= LAP, "relief_square": rider.relief_square,
                "factors": rider.factors if visible else None,
                "known": sorted(rider.known, reverse=True),
                "starting_used": list(rider.starting_used),
                "hidden_count": hidden_count,
                "hidden_sum": (limit.total - sum(rider.starting_used)
                               if not visible and sealed_or_mine and limit is not None else None),
            })
        lines: list[LineView] = [{"key": line.key, "label": line.label, "progress": line.progress, "square": line.square,
                  "points": list(line.points), "crossed": list(self.crossings[line.key]),
                  "places_left": max(0, len(line.points) - len(self.crossings[line.key]))}
                 for line in self.lines]
        vote: RetireVote | None = None
        if self.vote is not None:
            vote = {"rider": self.vote["rider"], "proposer": self.vote["proposer"],
                    "waiting": list(self.vote["waiting"]), "agreed": list(self.vote["agreed"])}
        return {
            "game": self.game_id, "mode": "madison" if self.madison else "race", "num_seats": self.num_seats,
            "seat": seat, "phase": self.phase, "turn": self.race_turn,
            "options": {"factors": "open" if self.open_factors else "secret", "rival_breakaway": self.rival_bonus,
                        "overcrowding": self.overcrowding, "staggered_start": self.staggered},
            "setup_seat": self.setup_seat, "sealed": list(self.sealed), "first_player": self.first_player,
            "place_queue": list(self.place_queue), "to_move": self.order[0] if self.phase == "move" else None,
            "order": list(self.order), "arrivals": self.arrivals, "sole_leader": self.sole_leader,
            "riders": riders, "lines": lines, "points": list(self.points), "vote": vote,
            "refused": list(self.refused), "change_queue": list(self.change_queue),
            "changed_lap": list(self.changed_lap),
            "overdue": [self.change_overdue(s) for s in range(self.num_seats)] if self.madison else [],
            "standings": list(self.outcome().ranks),
        }

    def front_progress(self) -> int:
        """How far the rider furthest on the track has got (0 with nobody racing)."""
        return max((r.progress for r in self.riders if r.status == RACING), default=0)

    def is_lapped(self, rider: Rider) -> bool:
        """Lapped: some rider still on the track is a full lap or more ahead of him."""
        return rider.status == RACING and self.front_progress() - rider.progress >= LAP

    @classmethod
    def from_view(cls, view: Mapping[str, Any], seed: int) -> "BreakingAwayState":
        state = cls()
        state.num_seats = int(view["num_seats"])
        state.madison = view["mode"] == "madison"
        options = view["options"]
        state.open_factors = options["factors"] == "open"
        state.rival_bonus = bool(options["rival_breakaway"])
        state.overcrowding = bool(options["overcrowding"])
        state.staggered = bool(options["staggered_start"])
        state.phase = str(view["phase"])
        state.setup_seat = int(view["setup_seat"])
        state.sealed = list(view["sealed"])
        state.first_player = view["first_player"]
        state.place_queue = list(view["place_queue"])
        state.race_turn = int(view["turn"])
        state.order = list(view["order"])
        state.arrivals = int(view["arrivals"])
        state.sole_leader = view["sole_leader"]
        state.points = list(view["points"])
        state.crossings = {line["key"]: list(line["crossed"]) for line in view["lines"]}
        vote = view["vote"]
        state.vote = None if vote is None else {k: (list(v) if isinstance(v, list) else v) for k, v in vote.items()}
        state.refused = list(view["refused"])
        state.change_queue = list(view["change_queue"])
        state.changed_lap = list(view["changed_lap"])
        state.rng = Rng(seed)
        for data in view["riders"]:
            rider = Rider(int(data["id"]), int(data["rank"]), str(data["status"]))
            rider.progress = int(data["progress"])
            rider.arrival = int(data["arrival"])
            rider.relief_square = data["relief_square"]
            rider.known = list(data["known"])
            rider.starting_used = list(data["starting_used"])
            if data["factors"] is not None:
                rest = Counter(data["factors"]) - Counter(rider.known)
                rider.secret = sorted(rest.elements(), reverse=True)
            elif data["hidden_sum"] is not None:
                rider.secret = sample_hidden_values(state.rng, rider.rank, rider.starting_used,
                                                    int(data["hidden_sum"]), data["hidden_count"])
            state.riders.append(rider)
        state.by_id = {r.id: r for r in state.riders}
        return state

    # --- persistence ---------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "num_seats": self.num_seats, "madison": self.madison, "open_factors": self.open_factors,
            "rival_bonus": self.rival_bonus, "overcrowding": self.overcrowding, "staggered": self.staggered,
            "riders": [r.to_json() for r in self.riders], "phase": self.phase, "setup_seat": self.setup_seat,
            "sealed": list(self.sealed), "first_player": self.first_player, "place_queue": list(self.place_queue),
            "turn": self.race_turn, "order": list(self.order), "arrivals": self.arrivals,
            "sole_leader": self.sole_leader, "crossings": {k: list(v) for k, v in self.crossings.items()},
            "points": list(self.points),
            "vote": None if self.vote is None else {k: (list(v) if isinstance(v, list) else v)
                                                    for k, v in self.vote.items()},
            "refused": list(self.refused), "change_queue": list(self.change_queue),
            "changed_lap": list(self.changed_lap), "rng": self.rng.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "BreakingAwayState":
        state = cls()
        state.num_seats = int(data["num_seats"])
        state.madison = bool(data["madison"])
        state.open_factors = bool(data["open_factors"])
        state.rival_bonus = bool(data["rival_bonus"])
        state.overcrowding = bool(data["overcrowding"])
        state.staggered = bool(data["staggered"])
        state.riders = [Rider.from_json(r) for r in data["riders"]]
        state.by_id = {r.id: r for r in state.riders}
        state.phase = str(data["phase"])
        if state.phase not in PHASES:
            raise ValueError(f"unknown phase {state.phase!r}")
        state.setup_seat = int(data["setup_seat"])
        state.sealed = [bool(s) for s in data["sealed"]]
        first = data["first_player"]
        state.first_player = None if first is None else int(first)
        state.place_queue = [int(s) for s in data["place_queue"]]
        state.race_turn = int(data["turn"])
        state.order = [int(r) for r in data["order"]]
        state.arrivals = int(data["arrivals"])
        leader = data["sole_leader"]
        state.sole_leader = None if leader is None else int(leader)
        state.crossings = {str(k): [int(r) for r in v] for k, v in data["crossings"].items()}
        state.points = [int(p) for p in data["points"]]
        vote = data["vote"]
        state.vote = None if vote is None else {
            "rider": int(vote["rider"]), "proposer": int(vote["proposer"]),
            "waiting": [int(s) for s in vote["waiting"]], "agreed": [int(s) for s in vote["agreed"]]}
        state.refused = [int(r) for r in data["refused"]]
        state.change_queue = [int(s) for s in data["change_queue"]]
        state.changed_lap = [int(v) for v in data["changed_lap"]]
        state.rng = Rng.from_json(data["rng"])
        return state

    def clone(self) -> "BreakingAwayState":
        twin = BreakingAwayState.__new__(BreakingAwayState)
        twin.__dict__.update(self.__dict__)
        twin.riders = [r.copy() for r in self.riders]
        twin.by_id = {r.id: r for r in twin.riders}
        twin.sealed = list(self.sealed)
        twin.place_queue = list(self.place_queue)
        twin.order = list(self.order)
        twin.crossings = {k: list(v) for k, v in self.crossings.items()}
        twin.points = list(self.points)
        twin.vote = None if self.vote is None else {k: (list(v) if isinstance(v, list) else v)
                                                    for k, v in self.vote.items()}
        twin.refused = list(self.refused)
        twin.change_queue = list(self.change_queue)
        twin.changed_lap = list(self.changed_lap)
        twin.rng = self.rng.copy()
        return twin

    #: what checks and what carries out an action, by phase and by kind (built once, not per move)
    _CHECKS = {"allocate": SheetRules._check_allocation, "place": SheetRules._check_placement, "move": _check_move,
               "vote": _check_vote, "change": _check_change}
    _APPLIERS = {"ranks": SheetRules._apply_ranks, "factor": SheetRules._apply_factor,
                 "allocate": SheetRules._apply_allocate, "starter": SheetRules._apply_starter,
                 "relief": SheetRules._apply_relief, "move": _apply_move,
                 "retire": _apply_retire, "agree": _apply_vote, "refuse": _apply_vote,
                 "change": TurnEndRules._apply_change_decision, "stay": TurnEndRules._apply_change_decision}


def can_no_longer_score(state: BreakingAwayState, rider: Rider) -> bool:
    """The bots' condition for agreeing to a retirement.

    A cyclist can no longer score when no line ahead of him has a scoring place
    left, or when at least as many riders as there are scoring places at the
    finish have already finished or are a full lap (40 squares) or more ahead
    of him: he has been lapped by the whole scoring field.
    """
    open_lines = [line for line in state.lines if rider.progress <= line.progress
                  and len(state.crossings[line.key]) < len(line.points)]
    if not open_lines:
        return True
    finish = state.finish_line
    ahead = sum(1 for r in state.riders if r.status == FINISHED
                or (r.status == RACING and r.progress - rider.progress >= LAP))
    return ahead >= len(finish.points)


_BY_ID = attrgetter("id")


# the commonest events' words, remembered (messages are values: a race repeats the same few thousand)
@lru_cache(maxsize=4096)
def _crossing_text(rider: int, line_key: str, line_label: str, place: int, points: int) -> Message:
    if points:
        return PluralMessage("{rider} crosses the {line} in place {place} and scores {count} point.",
                             "{rider} crosses the {line} in place {place} and scores {count} points.", points,
                             rider=rider_name(rider), line=line_name(line_key, line_label), place=place)
    return Message("{rider} crosses the {line} in place {place} and scores nothing.", rider=rider_name(rider),
                   line=line_name(line_key, line_label), place=place)


@lru_cache(maxsize=4096)
def _turn_text(turn: int, first: int) -> Message:
    if turn == 1:
        return Message("Turn {turn}: riders move from the first player clockwise, cyclists 1 first; {rider} "
                       "starts.", turn=turn, rider=rider_name(first))
    return Message("Turn {turn}: riders move from the front of the race to the back; {rider} starts.",
                   turn=turn, rider=rider_name(first))


@lru_cache(maxsize=1 << 16)
def _move_text(rider: int, factor: int, from_square: int, to_square: int) -> Message:
    return Message("{rider} uses {factor}: square {start} to {end}.", rider=rider_name(rider), factor=factor,
                   start=from_square, end=to_square)


# the retirement votes' events, remembered whole (events are values; half a random race's actions are these)
@lru_cache(maxsize=4096)
def _proposal_event(seat: int, rider: int, num_seats: int) -> Event:
    voters = [(seat + k) % num_seats for k in range(1, num_seats)]  # clockwise, not his
    return Event(Message("{team} proposes to retire {rider}; every other team must agree.", team=team_name(seat),
                         rider=rider_name(rider)), "retire_proposed", {"rider": rider, "seat": seat, "voters": voters})


@lru_cache(maxsize=4096)
def _refusal_event(seat: int, rider: int) -> Event:
    return Event(Message("{team} refuses: {rider} stays in the race.", team=team_name(seat), rider=rider_name(rider)),
                 "retire_refused", {"rider": rider, "seat": seat})


@lru_cache(maxsize=4096)
def _agreement_event(seat: int, rider: int) -> Event:
    return Event(Message("{team} agrees to retire {rider}.", team=team_name(seat), rider=rider_name(rider)),
                 "retire_agreed", {"rider": rider, "seat": seat})


def _either(values: list[int]) -> Message | str:
    """'9', '9 or 7', '9, 8 or 7'."""
    words = [str(v) for v in values]
    if len(words) == 1:
        return words[0]
    return Message("{some} or {last}", some=", ".join(words[:-1]), last=words[-1])


def track_layout(state: BreakingAwayState) -> dict[int, tuple[int, int, int, int]]:
    """Where each rider on the track is drawn: (square, slot, lane, lanes).

    ``slot`` counts from the inside of his group; riders a lap apart sharing a
    square ride on different sides of the centre line: ``lane`` 0 (inside) is
    the group furthest behind, ``lanes`` how many groups share the square.
    """
    groups: dict[int, dict[int, list[Rider]]] = {}
    for rider in state.riders:
        if rider.status == RACING:
            groups.setdefault(rider.progress % SQUARES, {}).setdefault(rider.progress, []).append(rider)
    layout = {}
    for square, by_progress in groups.items():
        progresses = sorted(by_progress)
        for lane, progress in enumerate(progresses):
            for slot, rider in enumerate(sorted(by_progress[progress], key=lambda r: r.arrival)):
                layout[rider.id] = (square, slot, lane, len(progresses))
    return layout


def sample_hidden_values(rng: Rng, rank: int, used: list[int], hidden_sum: int,
                         hidden_count: int | None) -> list[int]:
    """Starting values another seat may still hold, consistent with everything the table has seen."""
    if hidden_count is None:
        sizes = [c - len(used) for c in limit_for(rank).counts]
        counts = [n for n in sizes if n >= 0 and n * LOWEST_START_VALUE <= hidden_sum <= n * HIGHEST_START_VALUE]
        hidden_count = counts[rng.randrange(len(counts))]
    values = []
    left = hidden_sum
    for remaining in range(hidden_count, 0, -1):
        if remaining == 1:
            values.append(left)
            break
        low = max(LOWEST_START_VALUE, left - HIGHEST_START_VALUE * (remaining - 1))
        high = min(HIGHEST_START_VALUE, left - LOWEST_START_VALUE * (remaining - 1))
        value = rng.randint(low, high)
        values.append(value)
        left -= value
    return sorted(values, reverse=True)


def setup_problems(num_seats: int, madison: bool, staggered: bool) -> list[Message]:
    """What is wrong with a seat count and mode, as messages."""
    problems = []
    low, high = MADISON_SEATS if madison else NORMAL_SEATS
    if not low <= num_seats <= high:
        if madison:
            problems.append(Message("A Madison takes {low} to {high} teams of two, not {count}.", low=low, high=high,
                                    count=num_seats))
        else:
            problems.append(Message("A normal race takes {low} to {high} teams, not {count}; for more teams choose "
                                    "the Madison.", low=low, high=high, count=num_seats))
    if madison and staggered:
        problems.append(Message("The staggered start is for the normal race; in the Madison every team's first "
                                "rider starts on the start line."))
    return problems


_AGREE, _REFUSE, _CHANGE, _STAY = act("agree"), act("refuse"), act("change"), act("stay")


@lru_cache(maxsize=None)
def _move_action(rider: int, factor: int) -> Action:
    return act("move", rider, factor)


#: the move actions (highest factor first) by (rider, his distinct factors) outside the Madison: without and
#: with 'retire'
_MOVE_LISTS: dict[tuple[int, frozenset[int]], tuple[list[Action], list[Action]]] = {}
