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

from game.core.protocol import Action, Event, GameState, IllegalAction, Outcome, act
from game.core.rng import Rng
from game.i18n import N_, Message, PluralMessage

from .allocation import is_complete, limit_for, next_values, sheet_problem, step_problem
from .data import (BASE_REPLACEMENT, HIGHEST_START_VALUE, LAP, LOWEST_START_VALUE, MADISON_LINES, MADISON_SEATS,
                   MADISON_TEAM_SIZE, NORMAL_LINES, NORMAL_SEATS, NORMAL_TEAM_SIZE, OVERCROWDED, SHEET_LIMITS, SQUARES,
                   STAGGERED_START, Line, line_name, rider_id, rider_name, rider_number, rider_seat, team_name)
from .views import BreakingAwayView, LineView, RetireVote, RiderView

RACING, FINISHED, RETIRED, RESTING, UNPLACED = "racing", "finished", "retired", "resting", "unplaced"
#: where each mode's lines are, in order (a move crosses one when the first at or after his start is before
#: his end)
_NORMAL_LINE_PROGRESS = tuple(line.progress for line in NORMAL_LINES)
_MADISON_LINE_PROGRESS = tuple(line.progress for line in MADISON_LINES)
PHASES = ("allocate", "place", "move", "vote", "change", "over")


class Rider:
    """One cyclist: where he is and the factors on his sheet.

    ``secret`` holds the starting values not used yet (hidden from other seats
    unless factors are open); ``known`` holds replacement factors, which the race
    director announces to the table.  ``arrival`` orders riders on a square:
    the lower number arrived first and rides on the inside.
    """

    __slots__ = ("id", "seat", "number", "rank", "progress", "arrival", "status", "secret", "known",
                 "starting_used", "relief_square")

    def __init__(self, rid: int, rank: int, status: str) -> None:
        self.id = rid
        self.seat = rider_seat(rid)
        self.number = rider_number(rid)
        self.rank = rank
        self.progress = 0
        self.arrival = 0
        self.status = status
        self.secret: list[int] = []
        self.known: list[int] = []
        self.starting_used: list[int] = []
        self.relief_square: int | None = None

    @property
    def factors(self) -> list[int]:
        return sorted(self.known + self.secret, reverse=True)

    @property
    def square(self) -> int:
        return self.progress % SQUARES

    def copy(self) -> "Rider":
        """An independent twin (field by field: clones copy every rider, bots clone often)."""
        twin = Rider.__new__(Rider)
        twin.id, twin.seat, twin.number, twin.rank = self.id, self.seat, self.number, self.rank
        twin.progress, twin.arrival, twin.status = self.progress, self.arrival, self.status
        twin.secret, twin.known, twin.starting_used = self.secret[:], self.known[:], self.starting_used[:]
        twin.relief_square = self.relief_square
        return twin

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "rank": self.rank, "progress": self.progress, "arrival": self.arrival,
                "status": self.status, "secret": list(self.secret), "known": list(self.known),
                "starting_used": list(self.starting_used), "relief_square": self.relief_square}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Rider":
        rider = cls(int(data["id"]), int(data["rank"]), str(data["status"]))
        rider.progress = int(data["progress"])
        rider.arrival = int(data["arrival"])
        rider.secret = [int(v) for v in data["secret"]]
        rider.known = [int(v) for v in data["known"]]
        rider.starting_used = [int(v) for v in data["starting_used"]]
        square = data.get("relief_square")
        rider.relief_square = None if square is None else int(square)
        return rider


def lap_of(progress: int) -> int:
    """The lap (0-based) a rider is riding: stopping on the start line still belongs to the lap before."""
    return max(0, (progress - 1) // SQUARES)


class BreakingAwayState(GameState):
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

    def _allocation_actions(self) -> list[Action]:
        listed = self._listed_sheet_steps()
        if listed is None:
            return [act("ranks", a, b) for a in SHEET_LIMITS for b in SHEET_LIMITS if a < b]
        return list(listed[1])

    def _listed_sheet_steps(self) -> tuple[Rider, list[Action]] | None:
        """The cyclist whose starting values are being filled in (the team's lowest-numbered one whose values
        are not complete) and the factor actions he may take next (a remembered list, shared: copy it before
        handing it out); None while a Madison team has still to rate its riders."""
        team = self.team(self.setup_seat)
        if self.madison and not team[0].rank:
            return None
        for rider in team:
            values = rider.secret
            count, total = len(values), sum(values)  # counted once, for the check and the key
            limit = SHEET_LIMITS[rider.rank]
            if count not in limit.counts or total != limit.total:  # not is_complete(values, limit)
                break
        else:
            raise AssertionError("a sealed sheet has no cyclist left to fill")
        # the values a sheet may take next depend only on how many it has and their sum
        key = (rider.number, rider.rank, count, total)
        actions = _SHEET_STEPS.get(key)
        if actions is None:
            if len(_SHEET_STEPS) > 65536:
                _SHEET_STEPS.clear()
            actions = _SHEET_STEPS[key] = [act("factor", rider.number, v) for v in next_values(values, limit)]
        return rider, actions

    def _placement_actions(self) -> list[Action]:
        seat = self.place_queue[0]
        team = self.team(seat)
        if all(r.status == UNPLACED for r in team):
            return [act("starter", r.id) for r in team]
        return [act("relief", square) for square in self.free_relief_squares()]

    def free_relief_squares(self) -> list[int]:
        """Madison: a relief rider must rest beside a square where no other relief rider rests."""
        taken = {r.relief_square for r in self.riders if r.status == RESTING}
        return [s for s in range(SQUARES) if s not in taken]

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

    def _check_allocation(self, action: Action) -> None:
        seat = self.setup_seat
        team = self.team(seat)
        name = team_name(seat)
        kinds = ("ranks", "factor", "allocate") if self.madison else ("factor", "allocate")
        if action.kind not in kinds:
            if self.madison and not team[0].rank:
                raise IllegalAction(Message("{team} is filling in its movement log sheet: use {example}.",
                                            team=name, example="'ranks 1 2'"))
            raise IllegalAction(Message("{team} is filling in its movement log sheet: use {example} or {other}.",
                                        team=name, example="'factor 1 8'", other="'allocate 1 10 10 10'"))
        ints = _int_args(action)
        if action.kind == "ranks":
            if team[0].rank:
                raise IllegalAction(Message("{team}'s riders are already rated {first} and {second}.", team=name,
                                            first=team[0].rank, second=team[1].rank))
            if ints is None or len(ints) != 2 or not all(1 <= v <= 4 for v in ints) or ints[0] == ints[1]:
                raise IllegalAction(Message("Rate your two riders as two different cyclists from 1 to 4, "
                                            "e.g. {example}.", example="'ranks 1 2'"))
            return
        if self.madison and not team[0].rank:
            raise IllegalAction(Message("{team} must first rate its two riders, e.g. {example}.", team=name,
                                        example="'ranks 1 2'"))
        size = len(team)
        if ints is None or not ints or not 1 <= ints[0] <= size:
            example = "factor 1 8" if action.kind == "factor" else "allocate 1 12 10 8"
            raise IllegalAction(Message("Name one of your cyclists, 1 to {size}, then the values, e.g. {example}.",
                                        size=size, example=f"'{example}'"))
        rider = team[ints[0] - 1]
        limit = limit_for(rider.rank)
        if action.kind == "factor":
            if len(ints) != 2:
                raise IllegalAction(Message("Add one value at a time, e.g. {example}.",
                                            example=f"'factor {rider.number} 8'"))
            problem = step_problem(rider.secret, ints[1], limit, rider.number)
        else:
            if is_complete(rider.secret, limit):
                raise IllegalAction(Message("cyclist {number}'s values are already set ({values}).",
                                            number=rider.number, values=", ".join(map(str, rider.secret))))
            problem = sheet_problem(ints[1:], limit, rider.number)
        if problem:
            raise IllegalAction(problem)

    def _check_placement(self, action: Action) -> None:
        seat = self.place_queue[0]
        team = self.team(seat)
        ints = _int_args(action)
        if all(r.status == UNPLACED for r in team):
            ids = [r.id for r in team]
            if action.kind != "starter" or ints is None or len(ints) != 1 or ints[0] not in ids:
                raise IllegalAction(Message("{team} chooses which rider starts: {first} or {second}; the other "
                                            "rests as relief rider.", team=team_name(seat),
                                            first=f"'starter {ids[0]}'", second=f"'starter {ids[1]}'"))
            return
        if action.kind != "relief" or ints is None or len(ints) != 1 or not 0 <= ints[0] < SQUARES:
            raise IllegalAction(Message("Park {team}'s relief rider beside a square, e.g. {example} "
                                        "(squares 0 to {last}).", team=team_name(seat), example="'relief 12'",
                                        last=SQUARES - 1))
        if self.relief_rests_at(ints[0]):
            raise IllegalAction(Message("A relief rider already rests beside square {square}; only one relief "
                                        "rider may rest at each square.", square=ints[0]))

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

    # allocation
    def _apply_ranks(self, action: Action) -> list[Event]:
        seat = self.setup_seat
        for rider, rank in zip(self.team(seat), action.args):
            rider.rank = int(rank)
        return [Event(Message("{team} rates its riders as cyclists {first} and {second}.", team=team_name(seat),
                              first=action.args[0], second=action.args[1]),
                      "ranks", {"seat": seat, "ranks": list(action.args)}, visible_to=(seat,))]

    def _apply_factor(self, action: Action) -> list[Event]:
        seat = self.setup_seat
        rider = self.team(seat)[int(action.args[0]) - 1]
        rider.secret.append(int(action.args[1]))
        return self._after_sheet_step(rider)

    def _apply_allocate(self, action: Action) -> list[Event]:
        seat = self.setup_seat
        rider = self.team(seat)[int(action.args[0]) - 1]
        rider.secret = [int(v) for v in action.args[1:]]
        return self._after_sheet_step(rider)

    def _after_sheet_step(self, rider: Rider) -> list[Event]:
        limit, values = SHEET_LIMITS[rider.rank], rider.secret  # is_complete(values, limit)
        if len(values) not in limit.counts or sum(values) != limit.total:
            return []
        seat = rider.seat
        events = [Event(Message("Cyclist {number} ({rider}) starts with {values}.", number=rider.number,
                                rider=rider_name(rider.id), values=", ".join(map(str, values))),
                        "sheet", {"seat": seat, "rider": rider.id, "values": list(values)}, visible_to=(seat,))]
        # only a step that completes a cyclist can complete the sheet
        if all(is_complete(r.secret, limit_for(r.rank)) for r in self.team(seat)):
            events.extend(self._seal_sheet(seat))
        return events

    def _seal_sheet(self, seat: int) -> list[Event]:
        """A complete sheet is sealed: nobody may change it, the next team fills its own."""
        self.sealed[seat] = True
        events = [Event(Message("{team} has sealed its movement log sheet.", team=team_name(seat)), "sealed",
                        {"seat": seat, "ranks": [r.rank for r in self.team(seat)]})]
        if seat + 1 < self.num_seats:
            self.setup_seat = seat + 1
            return events
        return events + self._begin_race()

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

    # Madison placement
    def _apply_starter(self, action: Action) -> list[Event]:
        starter = self.by_id[int(action.args[0])]
        partner = next(r for r in self.team(starter.seat) if r is not starter)
        starter.status = RACING
        starter.progress = 0
        starter.arrival = self._next_arrival()
        partner.status = RESTING
        return [Event(Message("{rider} lines up on the start line; {partner} will rest.", rider=rider_name(starter.id),
                              partner=rider_name(partner.id)),
                      "starter", {"seat": starter.seat, "rider": starter.id, "relief": partner.id})]

    def _apply_relief(self, action: Action) -> list[Event]:
        seat = self.place_queue.pop(0)
        relief = next(r for r in self.team(seat) if r.status == RESTING)
        relief.relief_square = int(action.args[0])
        events = [Event(Message("{rider} rests beside square {square}.", rider=rider_name(relief.id),
                                square=relief.relief_square), "relief",
                        {"seat": seat, "rider": relief.id, "square": relief.relief_square})]
        if not self.place_queue:
            events.extend(self._start_turn())
        return events

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

    def _end_turn(self) -> list[Event]:
        """Everyone has moved: replacement factors, then (Madison) change-overs, then the next turn."""
        racing_riders = self._racing_this_turn()
        rows, racing, leader = self._turn_end_rows(list(racing_riders))
        for rider, row in zip(racing, rows):  # a row per racing rider, in the same order
            rider.known.append(row[1])
        events = [_REPLACEMENT_EVENTS.get(row) or _replacement_event(row) for row in rows]
        self.sole_leader = leader  # current_sole_leader(): replacement factors move nobody
        if self.madison:
            self.change_queue = [r.seat for r in racing]
            return events + self._next_change()
        return events + self._start_turn(racing, racing_riders)  # nobody stops racing between the turns

    # replacement factors
    def current_sole_leader(self) -> int | None:
        front: int | None = None  # progress may be below 0 (the staggered start)
        leader = None
        for rider in self.riders:
            if rider.status == RACING:
                if front is None or rider.progress > front:
                    front, leader = rider.progress, rider.id
                elif rider.progress == front:
                    leader = None
        return leader

    def replacements(self) -> list[tuple[int, int, str, dict[str, Any]]]:
        """Each racing rider's replacement factor with the reason, front to back.

        3 plus the riders on the unbroken run of occupied squares directly ahead;
        on the first turn with the overcrowding option, riders on a square of 5 or
        more get 3 and such squares count as empty.  The sole leader who was not
        the sole leader a turn ago gets his lead instead (Breaking Away bonus).
        """
        return [_replacement(row) for row in self._replacement_rows()]

    def _replacement_rows(self) -> list[tuple[Any, ...]]:
        """``replacements()`` as flat rows (rider, factor, reason, *detail values): the turn's end keys its
        remembered events on them."""
        return self._turn_end_rows(self.racing())[0]

    def _turn_end_rows(self, racing: list[Rider]) -> tuple[list[tuple[Any, ...]], list[Rider], int | None]:
        """The replacement rows, the racing riders front to back (``racing``, the ``racing()`` list, sorted in
        place) and the sole leader (from that order: ``current_sole_leader()``), worked out once at the turn's
        end."""
        sort_race_order(racing)
        leader = None
        if racing and (len(racing) == 1 or racing[1].progress != racing[0].progress):
            leader = racing[0].id
        if self.overcrowding and self.race_turn == 1:
            rows = self._overcrowded_rows(racing)
        else:  # one walk front to back: a square's run ahead is the square just ahead's riders and run
            rows = []
            square: int | None = None
            on_square = run = 0
            for rider in racing:
                progress = rider.progress
                if progress != square:
                    run = on_square + run if progress + 1 == square else 0
                    square, on_square = progress, 0
                on_square += 1
                rows.append((rider.id, BASE_REPLACEMENT + run, "slipstream" if run else "alone", run))
        breakaway = self._breakaway_bonus(racing, leader)
        if breakaway is not None:  # the sole leader, first in race order
            rows[0] = (breakaway[0], breakaway[1], "breakaway", breakaway[1], breakaway[2])
        return rows, racing, leader

    @staticmethod
    def _overcrowded_rows(racing: list[Rider]) -> list[tuple[Any, ...]]:
        """The first turn's rows with the overcrowding option (front to back): a square of 5 or more gives its
        riders 3 and counts as empty, so every square's riders are counted first."""
        crowd: dict[int, int] = {}  # riders per occupied square, front to back
        for rider in racing:
            crowd[rider.progress] = crowd.get(rider.progress, 0) + 1
        overcrowded = {p for p, n in crowd.items() if n >= OVERCROWDED}
        for p in overcrowded:
            del crowd[p]
        ahead_of: dict[int, int] = {}
        for p in crowd:  # front to back, so the square ahead is counted first
            ahead_of[p] = crowd[p + 1] + ahead_of[p + 1] if p + 1 in crowd else 0
        rows: list[tuple[Any, ...]] = []
        for rider in racing:
            if rider.progress in overcrowded:
                rows.append((rider.id, BASE_REPLACEMENT, "overcrowded", 0))
            else:
                ahead = ahead_of.get(rider.progress, 0)
                rows.append((rider.id, BASE_REPLACEMENT + ahead, "slipstream" if ahead else "alone", ahead))
        return rows

    def breakaway_bonus(self, racing: list[Rider]) -> tuple[int, int, int] | None:
        """(leader, lead, rider he leads) when the sole leader has just gone clear; else None.

        The lead is measured to the second-placed rider, or with the rival option
        to the best-placed rider of another team.  It may be below 3 (FAQ).
        """
        return self._breakaway_bonus(sorted(racing, key=race_order_key), self.current_sole_leader())

    def _breakaway_bonus(self, in_race_order: list[Rider], leader: int | None) -> tuple[int, int, int] | None:
        """``breakaway_bonus`` from the racing riders front to back (the turn's end has them so)."""
        if leader is None or self.same_leader(leader, self.sole_leader):
            return None
        seat = rider_seat(leader)
        rival_only = self.rival_bonus
        for second in in_race_order:  # the best-placed chaser is the first in race order
            if second.id != leader and (not rival_only or second.seat != seat):
                return leader, self.by_id[leader].progress - second.progress, second.id
        return None

    def same_leader(self, rider: int, previous: int | None) -> bool:
        """Whether ``rider`` already led alone a turn ago (Madison: his team did; a relay keeps the lead)."""
        if previous is None:
            return False
        return rider == previous or (self.madison and rider_seat(rider) == rider_seat(previous))

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

    # Madison change-overs
    def relief_rests_at(self, square: int) -> bool:
        return any(r.status == RESTING and r.relief_square == square for r in self.riders)

    def active_rider(self, seat: int) -> Rider | None:
        return next((r for r in self.team(seat) if r.status in (RACING, FINISHED)), None)

    def change_overdue(self, seat: int) -> bool:
        """Madison: a team must change over at least once a lap; once a lap passes without, it is overdue."""
        rider = self.active_rider(seat)
        return rider is not None and rider.status == RACING and lap_of(rider.progress) > self.changed_lap[seat] + 1

    def may_change_over(self, seat: int) -> bool:
        """The rider must be the outermost of his group and no relief rider may rest beside his square."""
        rider = self.active_rider(seat)
        if rider is None or rider.status != RACING:
            return False
        outermost = max((r for r in self.riders if r.status == RACING and r.progress == rider.progress),
                        key=lambda r: r.arrival)
        return outermost is rider and not self.relief_rests_at(rider.square)

    def _next_change(self) -> list[Event]:
        """Walk the change queue: skip teams that may not change, carry out compulsory changes."""
        events: list[Event] = []
        while self.change_queue:
            seat = self.change_queue[0]
            if not self.may_change_over(seat):
                self.change_queue.pop(0)
            elif self.change_overdue(seat):
                self.change_queue.pop(0)
                events.extend(self._change_over(seat, compulsory=True))
            else:
                self.phase = "change"
                return events
        return events + self._start_turn()

    def _apply_change_decision(self, action: Action) -> list[Event]:
        seat = self.change_queue.pop(0)
        events = self._change_over(seat, compulsory=False) if action.kind == "change" else []
        return events + self._next_change()

    def _change_over(self, seat: int, compulsory: bool) -> list[Event]:
        rider = self.active_rider(seat)
        assert rider is not None
        partner = next(r for r in self.team(seat) if r is not rider)
        partner.status, partner.progress, partner.arrival = RACING, rider.progress, rider.arrival
        partner.relief_square = None
        rider.status, rider.relief_square = RESTING, rider.square
        self.changed_lap[seat] = lap_of(rider.progress)
        if compulsory:
            told = Message("{rider} takes over from {partner} on square {square} (compulsory: a lap went by without "
                           "a change).", rider=rider_name(partner.id), partner=rider_name(rider.id), square=rider.square)
        else:
            told = Message("{rider} takes over from {partner} on square {square}.", rider=rider_name(partner.id),
                           partner=rider_name(rider.id), square=rider.square)
        return [Event(told, "change",
                      {"seat": seat, "out": rider.id, "in": partner.id, "square": rider.square,
                       "progress": rider.progress, "compulsory": compulsory})]

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

    # --- results -------------------------------------------------------------------------
    def placings(self) -> list[int]:
        """Riders from best placed to worst: finishers in finishing order, then the road order."""
        finished = list(self.crossings[self.finish_line.key])
        on_road = [r.id for r in sorted(self.racing(), key=race_order_key) if r.id not in finished]
        return finished + on_road

    def laps_lost(self) -> list[int]:
        """Madison distance: whole laps each team is behind the leading team (0 on the lead lap)."""
        distance = {}
        for seat in range(self.num_seats):
            rider = self.active_rider(seat)
            distance[seat] = rider.progress if rider is not None else None
        known = [d for d in distance.values() if d is not None]
        front = max(known) if known else 0
        return [(front - d) // LAP if d is not None else 99 for d in distance.values()]

    def standing_keys(self) -> list[tuple[int, ...]]:
        place = {rid: i for i, rid in enumerate(self.placings())}
        best = [min((place[r.id] for r in self.team(seat) if r.id in place), default=999)
                for seat in range(self.num_seats)]
        if self.madison:
            lost = self.laps_lost()
            return [(lost[s], -self.points[s], best[s]) for s in range(self.num_seats)]
        return [(-self.points[s], best[s]) for s in range(self.num_seats)]

    def outcome(self) -> Outcome:
        keys = self.standing_keys()
        ranks = tuple(1 + sum(1 for other in keys if other < mine) for mine in keys)
        over = self.phase == "over"
        best = [s for s, r in enumerate(ranks) if r == 1]
        winner = best[0] if over and len(best) == 1 else None
        return Outcome(ranks, tuple(float(p) for p in self.points), winner, self._outcome_note(ranks, winner))

    def _outcome_note(self, ranks: tuple[int, ...], winner: int | None) -> Message:
        if winner is None:
            leaders = [team_name(s) for s, r in enumerate(ranks) if r == 1]
            if len(leaders) == 1:
                return Message("Leading: {team}.", team=leaders[0])
            return Message("Leading: {teams} and {team}.", teams=tuple(leaders[:-1]), team=leaders[-1])
        name = team_name(winner)
        points = self.points[winner]
        tied = [s for s in range(self.num_seats) if s != winner and self.points[s] == points]
        if self.madison:
            lost = self.laps_lost()
            ahead = [s for s in range(self.num_seats) if lost[s] > lost[winner] and self.points[s] > points]
            if ahead:
                return Message("{team} wins the Madison on distance: the teams with more points lost a lap.",
                               team=name)
            tied = [s for s in tied if lost[s] == lost[winner]]
        if tied:
            return PluralMessage("{team} wins: tied on {count} point with {others}, but had the best-placed rider.",
                                 "{team} wins: tied on {count} points with {others}, but had the best-placed rider.",
                                 points, team=name, others=tuple(team_name(s) for s in tied))
        return PluralMessage("{team} wins with {count} point.", "{team} wins with {count} points.", points, team=name)

    def summary(self) -> dict[str, Any]:
        return {
            "mode": "madison" if self.madison else "race",
            "points": {str(s): p for s, p in enumerate(self.points)},
            "crossings": {key: list(ids) for key, ids in self.crossings.items()},
            "retired": [r.id for r in self.riders if r.status == RETIRED],
        }

    def record_stats(self, seat: int) -> dict[str, float]:
        """The team's points, its best place over the finish (if a rider scored there) and the sprints it won."""
        if self.phase != "over":
            return {}
        finish = self.finish_line
        stats: dict[str, float] = {"sprint_points": float(self.points[seat])}
        places = [place for place, rid in enumerate(self.crossings[finish.key][:len(finish.points)], 1)
                  if rider_seat(rid) == seat]
        if places:
            stats["best_finish"] = float(min(places))
        won = sum(1 for line in self.lines if self.crossings[line.key][:1]
                  and rider_seat(self.crossings[line.key][0]) == seat)
        if won:
            stats["lines_won"] = float(won)
        return stats

    def check_invariants(self) -> None:
        awarded = 0
        for line in self.lines:
            ids = self.crossings[line.key]
            assert len(set(ids)) == len(ids), f"a rider crossed the {line.label} twice"
            awarded += sum(line.points[: len(ids)])
            assert all(self.by_id[rid].progress > line.progress for rid in ids), \
                f"a rider is recorded past the {line.label} without having crossed it"
        assert awarded == sum(self.points), "points were awarded that no crossing explains"
        if self.phase in ("move", "vote", "change"):
            waiting = set(self.order)
            for rider in self.riders:
                if rider.status != RACING:
                    continue
                held = len(rider.known) + len(rider.secret)
                full = self.phase == "change" or rider.id in waiting
                counts = SHEET_LIMITS[rider.rank].counts
                assert held in counts if full else held + 1 in counts, f"{rider.id} holds {held} factors"

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
    _CHECKS = {"allocate": _check_allocation, "place": _check_placement, "move": _check_move,
               "vote": _check_vote, "change": _check_change}
    _APPLIERS = {"ranks": _apply_ranks, "factor": _apply_factor, "allocate": _apply_allocate,
                 "starter": _apply_starter, "relief": _apply_relief, "move": _apply_move,
                 "retire": _apply_retire, "agree": _apply_vote, "refuse": _apply_vote,
                 "change": _apply_change_decision, "stay": _apply_change_decision}


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


def race_order_key(rider: Rider) -> tuple[int, int]:
    """Front to back; on a shared square the rider who arrived first (the inside one) first."""
    return -rider.progress, rider.arrival


_BY_ARRIVAL, _BY_PROGRESS, _BY_ID = attrgetter("arrival"), attrgetter("progress"), attrgetter("id")


def sort_race_order(riders: list[Rider]) -> None:
    """``riders.sort(key=race_order_key)`` as two stable sorts on plain attributes (no Python call per rider:
    the race sorts its riders every turn)."""
    riders.sort(key=_BY_ARRIVAL)
    riders.sort(key=_BY_PROGRESS, reverse=True)


#: the names of a replacement row's detail values, by reason
_DETAIL_NAMES = {"breakaway": ("lead", "over"), "overcrowded": ("riders_ahead",), "slipstream": ("riders_ahead",),
                 "alone": ("riders_ahead",)}


def _replacement(row: tuple[Any, ...]) -> tuple[int, int, str, dict[str, Any]]:
    """A replacement row as ``replacements()`` gives it: (rider, factor, reason, details by name)."""
    reason = row[2]
    return row[0], row[1], reason, dict(zip(_DETAIL_NAMES[reason], row[3:]))


def _replacement_event(row: tuple[Any, ...]) -> Event:
    """The event of a replacement row, made once and remembered in ``_REPLACEMENT_EVENTS``."""
    if len(_REPLACEMENT_EVENTS) > 65536:
        _REPLACEMENT_EVENTS.clear()
    rider, factor, reason, detail = _replacement(row)
    event = _REPLACEMENT_EVENTS[row] = Event(
        replacement_text(rider, factor, reason, detail), "replacement",
        {"rider": rider, "seat": rider_seat(rider), "factor": factor, "reason": reason, **detail})
    return event


def replacement_text(rider: int, factor: int, reason: str, detail: Mapping[str, Any]) -> Message:
    """The replacement factor a rider is given, and why."""
    name = rider_name(rider)
    if reason == "breakaway":
        return PluralMessage("{rider} breaks away: bonus {count} ({count} square clear of {chaser}).",
                             "{rider} breaks away: bonus {count} ({count} squares clear of {chaser}).", factor,
                             rider=name, chaser=rider_name(detail["over"]))
    if reason == "overcrowded":
        return Message("{rider} gets 3: his square is overcrowded on the first turn.", rider=name)
    ahead = detail["riders_ahead"]
    if ahead:
        return PluralMessage("{rider} gets {factor} = 3 + {count} rider ahead.",
                             "{rider} gets {factor} = 3 + {count} riders ahead.", ahead, rider=name, factor=factor)
    return Message("{rider} gets 3: nobody on the square directly ahead.", rider=name)


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
#: replacement events by (rider, factor, reason, details): a race repeats the same few hundred, and events
#: are values (never changed once made), so one object serves every race that gives the same factor
_REPLACEMENT_EVENTS: dict[tuple[Any, ...], Event] = {}
@lru_cache(maxsize=None)
def _move_action(rider: int, factor: int) -> Action:
    return act("move", rider, factor)


#: the move actions (highest factor first) by (rider, his distinct factors) outside the Madison: without and
#: with 'retire'
_MOVE_LISTS: dict[tuple[int, frozenset[int]], tuple[list[Action], list[Action]]] = {}
#: the factor actions a sheet may take next, by (cyclist, rank, how many values so far, their sum)
_SHEET_STEPS: dict[tuple[int, ...], list[Action]] = {}


def _int_args(action: Action) -> list[int] | None:
    if all(isinstance(a, int) for a in action.args):
        return [int(a) for a in action.args]
    return None

