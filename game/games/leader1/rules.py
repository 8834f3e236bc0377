"""Leader 1's rules engine: setup, the six phases of a game turn, events and stage races.

A game is one race, or a calendar of stages (a stage race).  Decisions, in order:

* setup (A.2, A.3): from the peloton leader round the table, each player picks
  his riders' types (``pick rouleur``) and names his sprinter and descender
  (``speciality <rider> sprinter``);
* each game turn (B):
  1. ``ahead``: riders ahead of the peloton move, front rider first
     (``move <square>``, ``finish <squares past the line>``);
  2. ``breakaway``: from the peloton leader round the table, each player may
     send riders out of the peloton (``breakaway <rider> <square>``,
     ``breakaway-finish <rider> <k>``), let one drop back (``drop <rider>``)
     or stop (``pass``);
  3-4. ``pursuit``: the peloton leader declares a chase or not (``pursue`` /
     ``roll``); the peloton die is rolled and the peloton moves, absorbs,
     charges its speed and drops who cannot pay;
  5. ``behind``: riders behind the peloton move (``move``, ``finish``,
     ``rejoin``); after a red face, once they are placed, every rider rolls
     for a puncture (C.3);
  6. the peloton token passes to the next player.
* ``feed <rider> <value>`` eats a kept feed tile whenever the player decides.

Every number the rulebook does not fix (dice faces, tiles, hexagon rows and
milestones) comes from the map data; see DESIGN.md for how they were chosen.
"""
from __future__ import annotations

from typing import Any, Mapping, cast

from game.core.protocol import Action, Event, GameState, IllegalAction, Outcome, act
from game.core.rng import Rng
from game.i18n import N_, Message

from .course import Course, course_for
from .dice import tables
from .movement import FINISH, REJOIN, RIDER_TYPES, SQUARE, WAY_ENERGY_NEEDED, MoveOption
from .races import SHIPPED_RACES, calendar_for, race_title
from .rider import FEED_COLOURS, FINISHED, OUT, PELOTON, ROAD, Rider
from .rules_peloton import PelotonRules
from .rules_refusals import RefusalRules
from .rules_riding import RidingRules
from .rules_stages import StageRules, carried_energy
from .rules_words import team_name
from .setup_facts import MAX_RIDERS
from .views import Leader1View, StageResult

#: the box holds five riders of each type (matters when six or more players pick one each)
RIDERS_PER_TYPE_IN_BOX = 5
SPECIALITIES = ("sprinter", "descender")
#: D: stage race
LATE_TURNS_ALLOWED = 3

PHASES = ("setup", "ahead", "breakaway", "pursuit", "behind", "over")


#: the kinds of action each phase takes (feed aside)
_PHASE_ACTIONS = {"setup": ("pick", "speciality"), "ahead": ("move", "finish", "rejoin", "stay"),
                  "behind": ("move", "finish", "rejoin", "stay"),
                  "breakaway": ("breakaway", "breakaway-finish", "drop", "pass"), "pursuit": ("roll", "pursue")}


class _ActionsByKey(dict):
    """The action that plays a move option, by the option's key, each made once (legal action lists are long):
    a move by the rider who is to move, or (``breakaway_rider`` >= 0) a breakaway by that rider."""

    def __init__(self, breakaway_rider: int = -1) -> None:
        super().__init__()
        self.breakaway_rider = breakaway_rider

    def __missing__(self, key: tuple[str, int]) -> Action:
        kind, target = key
        rider = self.breakaway_rider
        if rider >= 0:
            action = act("breakaway-finish" if kind == FINISH else "breakaway", rider, target)
        else:
            action = act("move", target) if kind == SQUARE else act("finish", target) if kind == FINISH \
                else act("rejoin")
        self[key] = action
        return action


_MOVE_ACTIONS = _ActionsByKey()


class _BreakawayActions(dict):
    """Per rider id, his breakaway actions by option key."""

    def __missing__(self, rider_id: int) -> _ActionsByKey:
        actions = self[rider_id] = _ActionsByKey(rider_id)
        return actions


_BREAKAWAY_ACTIONS = _BreakawayActions()
_STAY, _PASS, _ROLL, _PURSUE = act("stay"), act("pass"), act("roll"), act("pursue")


def _copy_results(results: list[StageResult]) -> list[StageResult]:
    """A deep enough copy of the stage results (dicts of numbers, lists and dicts of those)."""
    def copy(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: copy(v) for k, v in value.items()}
        if isinstance(value, list):
            return [copy(v) for v in value]
        return value
    return [copy(result) for result in results]


class Leader1State(RidingRules, PelotonRules, StageRules, RefusalRules, GameState):
    """The whole game: riders, peloton, feed tiles, the calendar and whose decision it is."""

    game_id = "leader-1"
    has_secrets = True
    record_labels = {
        "turns_to_win": (N_("fastest race win, in turns"), "min"),
        "stage_wins": (N_("most stage wins in a stage race"), "max"),
        "gc_lead": (N_("biggest winning lead on the general classification, in squares"), "max"),
    }
    score_in_records = False  # the outcome's score is the best rider's place

    def __init__(self) -> None:
        self.num_seats = 2
        self.riders_per_player = 1
        self.calendar: tuple[str, ...] = (SHIPPED_RACES[0],)
        self.stage = 0
        self.phase = "setup"
        self.turn_in_stage = 0
        self.turns_before = 0
        self.stage_turns: list[int] = []
        self.leader_seat = 0
        self.setup_seat = 0
        self.setup_done: list[int] = []
        self.riders: list[Rider] = []
        self.peloton = 1
        self.peloton_arrived_turn = -1
        self.pending: list[int] = []
        self.behind_group: list[int] = []
        self.breakaway_seats: list[int] = []
        self.stamp_counter = 0
        self.finish_counter = 0
        self.bonus_taken: list[int] = []
        self.piles: dict[str, list[int]] = {}
        self.eaten: dict[str, list[int]] = {}
        self.stage_results: list[StageResult] = []
        self.last_roll: str = ""
        #: C.3: the red face came up this turn; every rider rolls once the riders behind are placed
        self.punctures_due = False
        self.rng = Rng(0)
        #: per (rider, breaking away, affordable only) the options worked out for this position
        self._options: dict[tuple[int, bool, bool], dict[tuple[str, int], MoveOption]] = {}
        self._found: dict[tuple[int, bool, bool], tuple[Mapping[tuple[str, int], tuple], int]] = {}
        #: occupied_squares() of the position, worked out once for all its riders
        self._occupancy: tuple[frozenset[int], frozenset[int]] | None = None
        #: the pending riders as last sorted this phase (a queue that is a tail of it is still in order;
        #: whoever gives ``pending`` a new list empties it)
        self._sorted_queue: tuple[int, ...] = ()
        #: ((stage, peloton), peloton_first_squares()) for the last peloton position asked about
        self._first_squares: tuple[tuple[int, int], tuple[int, ...]] = ((-1, -1), ())
        self._course: Course | None = None
        self._legal: list[Action] | None = None
        self._course_stage = -1

    # --- creation -------------------------------------------------------------------------------
    @classmethod
    def new(cls, num_seats: int, options: Mapping[str, Any], seed: int) -> "Leader1State":
        state = cls()
        state.num_seats = num_seats
        state.riders_per_player = int(options.get("riders", 1))
        stages = int(options.get("stages", 0))
        state.calendar = calendar_for(stages) if stages > 1 else (str(options.get("race", SHIPPED_RACES[0])),)
        state.rng = Rng(seed)
        state.leader_seat = state.rng.randrange(num_seats)
        state.setup_seat = state.leader_seat
        state.phase = "setup"
        state._settle()
        return state

    @property
    def course(self) -> Course:
        """The road of the current stage (looked up once per state and stage)."""
        course = self._course
        if course is None or self._course_stage != self.stage:
            course = self._course = course_for(self.calendar[self.stage])
            self._course_stage = self.stage
        return course

    @property
    def is_stage_race(self) -> bool:
        return len(self.calendar) > 1

    # --- whose decision ---------------------------------------------------------------------------
    def current_seat(self) -> int | None:
        phase = self.phase
        if phase == "ahead" or phase == "behind":
            return self.riders[self.pending[0] if self.pending else -1].seat
        if phase == "breakaway":
            return self.breakaway_seats[0]
        if phase == "over":
            return None
        if phase == "setup":
            return self.setup_seat
        return self.leader_seat

    def is_over(self) -> bool:
        """Only the end of the game leaves nobody to decide (read on every move of a playout)."""
        return self.phase == "over"

    def current_rider_id(self) -> int:
        """In the ahead and behind phases: the rider who moves now (-1 otherwise)."""
        if self.phase not in ("ahead", "behind") or not self.pending:
            return -1
        return self.pending[0]

    def seat_riders(self, seat: int) -> list[Rider]:
        return [r for r in self.riders if r.seat == seat]

    # --- classification ----------------------------------------------------------------------------
    def front_grow(self) -> int:
        return self.course.line_grow(self.peloton)

    def rear_grow(self) -> int:
        return self.course.line_grow(self.peloton - 1)

    def peloton_on_road(self) -> bool:
        return self.peloton_arrived_turn < 0

    def peloton_squares(self) -> list[int]:
        """The squares the peloton covers (two rows of the line, the road's whole width); none once it has arrived."""
        if not self.peloton_on_road():
            return []
        course = self.course
        rear, front = self.rear_grow(), min(self.front_grow(), course.last_row)
        return [gid for grow in range(max(0, rear), front + 1) for gid in course.squares_by_row[grow]]

    def peloton_rank(self, rider: Rider) -> tuple[int, int]:
        """C.3: in the peloton the leader's riders come first (rouleur, leader, climber), then clockwise."""
        return ((rider.seat - self.leader_seat) % self.num_seats, RIDER_TYPES.index(rider.kind))

    def order_key(self, rider: Rider) -> tuple[int, int, int, int]:
        """Larger is further ahead: road riders by row, then the later arrival; the peloton as one block."""
        if rider.place == ROAD:
            return (self.course.squares[rider.square].grow, 1, rider.stamp, 0)
        seat_order, type_order = self.peloton_rank(rider)
        return (self.front_grow(), 0, -seat_order, -type_order)

    def classification(self) -> list[int]:
        """Racing riders from the front of the race to the back (B.1, C.3)."""
        racing = [r for r in self.riders if r.racing]
        return [r.id for r in sorted(racing, key=self.order_key, reverse=True)]

    def is_ahead_of_peloton(self, rider: Rider) -> bool:
        return rider.place == ROAD and self.peloton_on_road() and \
            self.course.squares[rider.square].grow > self.front_grow()

    # --- legal actions ------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal_actions()
        return list(self._legal)

    def _compute_legal_actions(self) -> list[Action]:
        phase = self.phase
        actions: list[Action] = []
        if phase == "ahead" or phase == "behind":
            rider = self.riders[self.pending[0] if self.pending else -1]  # current_rider_id()
            seat = rider.seat  # current_seat()
            energy = rider.energy
            ways = self._ways(rider, affordable=True)[0]
            needed = WAY_ENERGY_NEEDED
            actions = [_MOVE_ACTIONS[key] for key, way in ways.items() if way[needed] <= energy]
            if not actions:
                actions = [_STAY]
        elif phase == "breakaway":
            seat = self.breakaway_seats[0]  # current_seat()
            for rider in self.riders:
                if rider.seat != seat or rider.place != PELOTON or rider.dropping:
                    continue
                energy = rider.energy
                by_key = _BREAKAWAY_ACTIONS[rider.id]
                needed = WAY_ENERGY_NEEDED
                actions.extend([by_key[key] for key, way in self._ways(rider, affordable=True)[0].items()
                                if way[needed] <= energy])
                actions.append(act("drop", rider.id))
            actions.append(_PASS)
        elif phase == "pursuit":
            seat = self.leader_seat  # current_seat()
            actions = [_ROLL, _PURSUE]
        elif phase == "setup":
            return self._setup_actions()
        else:
            return []
        actions.extend(self._feed_actions(seat))
        return actions

    def _feed_actions(self, seat: int) -> list[Action]:
        actions: list[Action] = []
        for rider in [r for r in self.riders if r.tiles]:  # most of the time nobody holds a tile
            if rider.seat == seat and (rider.place == PELOTON or rider.place == ROAD):
                actions.extend([act("feed", rider.id, value) for value in sorted(set(rider.tiles))])
        return actions

    def _setup_actions(self) -> list[Action]:
        mine = self.seat_riders(self.setup_seat)
        if len(mine) < self.riders_per_player:
            return [act("pick", kind) for kind in self._types_available(self.setup_seat)]
        if self.riders_per_player == 1:
            return [act("speciality", mine[0].id, s) for s in SPECIALITIES]
        if not any(r.speciality == "sprinter" for r in mine):
            return [act("speciality", r.id, "sprinter") for r in mine]
        return [act("speciality", r.id, "descender") for r in mine if not r.speciality]

    def _types_available(self, seat: int) -> list[str]:
        """A.2: up to five players ride their own team of three; from six, riders come from the box's five of each."""
        taken_by_seat = {r.kind for r in self.seat_riders(seat)}
        if self.num_seats <= 5:
            return [k for k in RIDER_TYPES if k not in taken_by_seat]
        return [k for k in RIDER_TYPES if sum(r.kind == k for r in self.riders) < RIDERS_PER_TYPE_IN_BOX]

    # --- checking --------------------------------------------------------------------------------------
    def check(self, action: Action) -> None:
        assert self.phase != "over"
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal_actions()
        for known in legal:  # most often one of the very actions legal_actions() gave
            if known is action:
                return
        kind, args = action.kind, action.args
        if kind == "feed":
            self._check_feed(self._deciding_seat(), args)
            return
        if kind not in _PHASE_ACTIONS[self.phase]:
            raise IllegalAction(Message("'{move}' is not a move now; {hint}", move=action.text(),
                                        hint=self._phase_hint()))
        if action in legal:
            return
        seat = self._deciding_seat()
        if self.phase == "setup":
            self._explain_setup(action)
        if kind in ("move", "finish", "rejoin", "stay"):
            self._explain_move(self.riders[self.current_rider_id()], action, kind, args)
        if kind in ("breakaway", "breakaway-finish", "drop"):
            self._explain_breakaway(seat, action, kind, args)
        raise IllegalAction(Message("'{move}' is not a move you can make now; {hint}", move=action.text(),
                                    hint=self._phase_hint()))

    def _deciding_seat(self) -> int:
        seat = self.current_seat()
        assert seat is not None
        return seat

    # --- applying ----------------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        kind, args = action.kind, action.args
        events: list[Event]
        if kind == "feed":
            events = self._eat_tile(self.riders[int(args[0])], int(args[1]))
        elif kind in ("move", "finish", "rejoin"):
            rider = self.riders[self.pending[0]]
            target = (REJOIN, -1) if kind == "rejoin" else (SQUARE if kind == "move" else FINISH, int(args[0]))
            option = self._option(rider, target)
            self.pending.pop(0)
            events = self._ride(rider, option)
        elif kind == "pick":
            events = self._apply_pick(str(args[0]))
        elif kind == "speciality":
            events = self._apply_speciality(self.riders[int(args[0])], str(args[1]))
        elif kind == "stay":
            rider = self.riders[self.pending.pop(0)]
            rider.slipstream = False
            events = [Event(Message("The {rider} is boxed in and cannot move.", rider=rider.label), "stay",
                            {"rider": rider.id})]
        elif kind in ("breakaway", "breakaway-finish"):
            rider = self.riders[int(args[0])]
            option = self._option(rider, (SQUARE if kind == "breakaway" else FINISH, int(args[1])))
            events = self._ride(rider, option)
        elif kind == "drop":
            rider = self.riders[int(args[0])]
            rider.dropping = True
            events = [Event(Message("The {rider} will let the peloton go this turn.", rider=rider.label), "drop",
                            {"rider": rider.id})]
        elif kind == "pass":
            seat = self.breakaway_seats.pop(0)
            events = [Event(Message("{team} keeps the rest in the peloton.", team=team_name(seat)), "pass",
                            {"seat": seat})]
        else:
            events = self._peloton_moves(pursue=kind == "pursue")
        # what was worked out for the position goes once the steps that need no decision are made too
        # (they read none of it)
        events.extend(self._settle())
        self._forget()
        return events

    def _forget(self) -> None:
        """Drop what was worked out for the position before an action changed it."""
        self._options = {}
        self._found = {}
        self._occupancy = None
        self._legal = None

    # --- setup ---------------------------------------------------------------------------------------------
    def _apply_pick(self, kind: str) -> list[Event]:
        rider = Rider(len(self.riders), self.setup_seat, kind)
        self.riders.append(rider)
        team = team_name(rider.seat)
        if kind == "leader":
            text = Message("{team} picks a leader.", team=team)
        elif kind == "climber":
            text = Message("{team} picks a climber.", team=team)
        else:
            text = Message("{team} picks a rouleur.", team=team)
        return [Event(text, "pick", {"seat": rider.seat, "rider": rider.id, "type": kind})]

    def _apply_speciality(self, rider: Rider, speciality: str) -> list[Event]:
        rider.speciality = speciality
        text = Message("The {rider} will be the sprinter.", rider=rider.label) if speciality == "sprinter" else \
            Message("The {rider} will be the descender.", rider=rider.label)
        return [Event(text, "speciality", {"rider": rider.id, "speciality": speciality})]

    def _setup_finished_for(self, seat: int) -> bool:
        mine = self.seat_riders(seat)
        if len(mine) < self.riders_per_player:
            return False
        wanted = 1 if self.riders_per_player == 1 else 2
        return sum(1 for r in mine if r.speciality) >= wanted

    # --- phase machine ---------------------------------------------------------------------------------------
    def _settle(self) -> list[Event]:
        """Advance through every step that needs no decision, until someone must decide."""
        events: list[Event] = []
        while True:
            if self.phase == "setup":
                if len(self.seat_riders(self.setup_seat)) < self.riders_per_player and \
                        self.riders_per_player == len(RIDER_TYPES) and self.num_seats <= 4:
                    for kind in RIDER_TYPES:
                        events.extend(self._apply_pick(kind))
                if not self._setup_finished_for(self.setup_seat):
                    return events
                self.setup_done.append(self.setup_seat)
                if len(self.setup_done) < self.num_seats:
                    self.setup_seat = (self.setup_seat + 1) % self.num_seats
                    continue
                events.extend(self._start_stage())
                continue
            phase = self.phase
            if phase == "ahead" or phase == "behind":
                riders = self.riders
                pending = self.pending
                for rider_id in pending:
                    if riders[rider_id].place != ROAD:
                        pending = self.pending = [rid for rid in pending if riders[rid].place == ROAD]
                        break
                if pending:  # a rider on the road is still to move: someone races (most steps end here)
                    # the queue is sorted once a phase: then riders only leave it from the front
                    queue = tuple(pending)
                    if queue != self._sorted_queue[len(self._sorted_queue) - len(queue):]:
                        pending.sort(key=lambda rid: self._queue_key(riders[rid]), reverse=True)
                        self._sorted_queue = tuple(pending)
                    return events
            if phase == "over":
                return events
            if not self._anyone_racing():
                events.extend(self._end_stage())
                continue
            if phase == "ahead" or phase == "behind":
                if self.phase == "ahead":
                    self.phase = "breakaway"
                    self.breakaway_seats = [s % self.num_seats for s in
                                            range(self.leader_seat, self.leader_seat + self.num_seats)]
                    continue
                if self.punctures_due:
                    self.punctures_due = False
                    events.extend(self._punctures())
                events.extend(self._end_turn())
                continue
            if self.phase == "breakaway":
                if not self.peloton_on_road():
                    self.breakaway_seats = []
                while self.breakaway_seats and not self._has_rider_in_peloton(self.breakaway_seats[0]):
                    self.breakaway_seats.pop(0)
                if self.breakaway_seats:
                    return events
                if self.peloton_on_road():
                    self.phase = "pursuit"
                    return events
                self._start_behind_phase()
                continue
            return events

    def _has_rider_in_peloton(self, seat: int) -> bool:
        for rider in self.riders:
            if rider.seat == seat and rider.place == PELOTON:
                return True
        return False

    def _anyone_racing(self) -> bool:
        for rider in self.riders:
            if rider.place == PELOTON or rider.place == ROAD:
                return True
        return False

    def _queue_key(self, rider: Rider) -> tuple[int, int, int]:
        """B.5: dropped riders in classification order, then riders who punctured last turn: the riders to
        move stand on the road, so their order_key() is their row and their arrival (without its constants)."""
        punctured_last = 1 if self.phase == "behind" and rider.punctured_turn == self.turn_in_stage - 1 else 0
        return (-punctured_last, self.course.squares[rider.square].grow, rider.stamp)

    def _start_stage(self) -> list[Event]:
        course = self.course
        self.phase = "ahead"
        self.turn_in_stage = 0
        self.peloton = 1
        self.peloton_arrived_turn = -1
        self.bonus_taken = [-1] * len(course.bonus_rows)
        full = sorted(int(v) for v in tables()["feed_tiles"])
        self.piles = {colour: list(full) for colour in FEED_COLOURS.values()}
        self.eaten = {colour: [] for colour in FEED_COLOURS.values()}
        for rider in self.riders:
            carry = carried_energy(rider.energy_left) if self.stage > 0 else 0
            rider.reset_for_stage(course.energy + carry)
        if self.stage > 0:
            text = Message("Stage {stage} of {stages}: {race}. Every rider starts with {energy} energy plus what he "
                           "carried over (at most 15).", stage=self.stage + 1, stages=len(self.calendar),
                           race=race_title(course.race), energy=course.energy)
        else:
            text = Message("Stage {stage} of {stages}: {race}. Every rider starts with {energy} energy.",
                           stage=self.stage + 1, stages=len(self.calendar), race=race_title(course.race),
                           energy=course.energy)
        events = [Event(text,
                        "stage_start", {"stage": self.stage, "race": self.calendar[self.stage],
                                        "energy": course.energy})]
        return events + self._begin_turn()

    def _begin_turn(self) -> list[Event]:
        self.turn_in_stage += 1
        last = self.turn_in_stage - 1
        ahead, behind = [], []
        squares = self.course.squares
        # is_ahead_of_peloton(), with the peloton's front looked up once
        front = self.front_grow() if self.peloton_on_road() else None
        for rider in self.riders:
            rider.dropping = False
            if rider.place != ROAD or rider.fallen_turn == last:
                continue
            if front is not None and squares[rider.square].grow > front and rider.punctured_turn != last:
                ahead.append(rider.id)
            else:
                behind.append(rider.id)
        self.punctures_due = False
        self.pending = ahead
        self._sorted_queue = ()
        self.behind_group = behind
        self.phase = "ahead"
        return [Event(Message("Turn {turn}: {team} leads the peloton.", turn=self.turn_in_stage,
                              team=team_name(self.leader_seat)), "turn",
                      {"turn": self.turn_in_stage, "leader": self.leader_seat})]

    def _start_behind_phase(self) -> None:
        self.phase = "behind"
        self.pending = [rid for rid in self.behind_group if self.riders[rid].place == ROAD]
        self._sorted_queue = ()

    def _end_turn(self) -> list[Event]:
        events = []
        if self.peloton_arrived_turn >= 0 and self.turn_in_stage >= self.peloton_arrived_turn + LATE_TURNS_ALLOWED:
            for rider in self.riders:
                if rider.place == ROAD:
                    events.extend(self._out_of_time(rider))
        if not self._anyone_racing():
            return events + self._end_stage()
        self.leader_seat = self._next_leader()
        events.append(Event(Message("The peloton token passes to {team}.", team=team_name(self.leader_seat)),
                            "token", {"seat": self.leader_seat}))
        return events + self._begin_turn()

    def _next_leader(self) -> int:
        """B.6: the token goes clockwise, past players whose riders are all out of a stage race."""
        for step in range(1, self.num_seats + 1):
            seat = (self.leader_seat + step) % self.num_seats
            for rider in self.riders:
                if rider.seat == seat and rider.out_stage < 0:
                    return seat
        return (self.leader_seat + 1) % self.num_seats

    def _out_of_time(self, rider: Rider) -> list[Event]:
        rider.place = OUT
        rider.energy_left = rider.energy
        if self.is_stage_race:
            rider.out_stage = self.stage
            rider.out_reason = "finished more than 3 turns after the peloton"
            text = Message("The {rider} is more than 3 turns behind the peloton and is eliminated.",
                           rider=rider.label)
        else:
            rider.out_reason = "still on the road when the race closed"
            text = Message("The {rider} is more than 3 turns behind the peloton and is not classified.",
                           rider=rider.label)
        return [Event(text, "eliminated" if self.is_stage_race else "unplaced",
                      {"rider": rider.id, "reason": rider.out_reason})]

    # --- results ------------------------------------------------------------------------------------------------
    def rider_ranking(self) -> list[int]:
        """All riders from best to worst: GC in a stage race, else the finish then the road order."""
        if self.is_stage_race and self.stage_results:
            return self.general_classification()
        finished = self.finish_order()
        racing = self.classification()
        rest = [r for r in self.riders if r.id not in finished and r.id not in racing]
        rest.sort(key=lambda r: (-(self.course.squares[r.square].grow if r.square >= 0 else -1), r.id))
        return finished + racing + [r.id for r in rest]

    def outcome(self) -> Outcome:
        if not self.riders:
            return Outcome.from_scores([0.0] * self.num_seats, over=False)
        ranking = self.rider_ranking()
        best = [float(len(ranking) + 1)] * self.num_seats
        for place, rider_id in enumerate(ranking, start=1):
            seat = self.riders[rider_id].seat
            best[seat] = min(best[seat], float(place))
        note: Message | str = ""
        if self.phase == "over" and ranking:
            winner = self.riders[ranking[0]].label
            note = Message("The {rider} wins the general classification.", rider=winner) if self.is_stage_race \
                else Message("The {rider} wins.", rider=winner)
        return Outcome.from_scores(best, higher_is_better=False, over=self.phase == "over", note=note)

    def summary(self) -> dict[str, Any]:
        names = {r.id: r.name for r in self.riders}
        last = self.stage_results[-1] if self.stage_results else None
        order = last["finish_order"] if last else self.finish_order()
        data: dict[str, Any] = {
            "race": self.calendar[self.stage] if not self.is_stage_race else list(self.calendar),
            "finish_order": [names[r] for r in order],
            "energy_left": {r.name: (r.energy_left if r.place in (FINISHED, OUT) else r.energy) for r in self.riders},
            "turns": self.turn,
            "breakaway_win": bool(last and last["breakaway_win"]),
            "winner_turns_clear": last["winner_turns_clear"] if last else 0,
        }
        if self.is_stage_race:
            data["gc"] = [names[r] for r in self.general_classification()]
            data["eliminated"] = [names[r.id] for r in self.riders if r.out_stage >= 0]
            data["stage_turns"] = list(self.stage_turns)
            data["stage_winners"] = [names[s["finish_order"][0]] if s["finish_order"] else None
                                     for s in self.stage_results]
        else:
            data["unplaced"] = [r.name for r in self.riders if r.place == OUT]
        return data

    def record_stats(self, seat: int) -> dict[str, float]:
        """Bests for the player records: a single race won in few turns; stage wins and the final GC lead."""
        if self.phase != "over":
            return {}
        won = self.outcome().winner == seat
        if not self.is_stage_race:
            order = self.stage_results[-1]["finish_order"] if self.stage_results else []
            return {"turns_to_win": float(self.riders[order[0]].finish_turn)} if won and order else {}
        stats = {"stage_wins": float(sum(1 for result in self.stage_results if result["finish_order"]
                                         and self.riders[result["finish_order"][0]].seat == seat))}
        ranking = self.general_classification()
        rivals = [self.riders[r].gc for r in ranking if self.riders[r].seat != seat and self.riders[r].out_stage < 0]
        if won and rivals:
            stats["gc_lead"] = float(self.riders[ranking[0]].gc - max(rivals))
        return stats

    @property
    def turn(self) -> int:
        return self.turns_before + (self.turn_in_stage if self.phase != "over" else 0)

    def holds_secrets(self, seat: int) -> bool:
        return any(r.tiles for r in self.seat_riders(seat))

    def check_invariants(self) -> None:
        full = sorted(int(v) for v in tables()["feed_tiles"])
        if self.phase != "setup":
            for kind, colour in FEED_COLOURS.items():
                kept = [v for r in self.riders if r.kind == kind for v in r.tiles]
                assert sorted(self.piles[colour] + self.eaten[colour] + kept) == full, f"a {colour} tile went missing"
        squares = [r.square for r in self.riders if r.place == ROAD and not r.fallen]
        assert len(squares) == len(set(squares)), "two riders share a square"
        for rider in self.riders:
            assert rider.energy >= 0, f"the {rider.name} has negative energy"
            if rider.place == ROAD:
                assert 0 <= rider.square < len(self.course.squares)
                if self.peloton_on_road():
                    grow = self.course.squares[rider.square].grow
                    assert grow > self.front_grow() or grow < self.rear_grow(), \
                        f"the {rider.name} stands inside the peloton"
        assert len(self.riders) <= MAX_RIDERS

    # --- information ------------------------------------------------------------------------------------------------
    def _public_rider(self, rider: Rider) -> dict[str, Any]:
        data = rider.to_json()
        data["tiles"] = len(rider.tiles)
        data["name"] = rider.name
        return data

    def view(self, seat: int | None) -> Leader1View:
        data = self._shared_json(seat)
        data["riders"] = [self._public_rider(r) for r in self.riders]
        data["my_tiles"] = {str(r.id): list(r.tiles) for r in self.riders if seat is not None and r.seat == seat}
        data["pile_sizes"] = {c: len(p) for c, p in self.piles.items()}
        data["current_rider"] = self.current_rider_id()
        return cast(Leader1View, data)

    def _shared_json(self, seat: int | None) -> dict[str, Any]:
        """What views and saves both hold (riders, tiles and piles aside)."""
        return {
            "game": self.game_id, "num_seats": self.num_seats, "seat": seat,
            "riders_per_player": self.riders_per_player, "calendar": list(self.calendar), "stage": self.stage,
            "phase": self.phase, "turn_in_stage": self.turn_in_stage, "turns_before": self.turns_before,
            "stage_turns": list(self.stage_turns), "leader_seat": self.leader_seat, "setup_seat": self.setup_seat,
            "setup_done": list(self.setup_done), "peloton": self.peloton, "peloton_arrived_turn": self.peloton_arrived_turn,
            "pending": list(self.pending), "behind_group": list(self.behind_group),
            "breakaway_seats": list(self.breakaway_seats), "stamp_counter": self.stamp_counter,
            "finish_counter": self.finish_counter, "bonus_taken": list(self.bonus_taken),
            "eaten": {c: list(v) for c, v in self.eaten.items()},
            "stage_results": _copy_results(self.stage_results), "last_roll": self.last_roll,
            "punctures_due": self.punctures_due,
        }

    @classmethod
    def from_view(cls, view: Mapping[str, Any], seed: int) -> "Leader1State":
        state = cls._from_common(view)
        state.rng = Rng(seed)
        seat = view["seat"]
        mine = {int(k): list(map(int, v)) for k, v in view["my_tiles"].items()}
        counts = {int(r["id"]): int(r["tiles"]) for r in view["riders"]}
        full = sorted(int(v) for v in tables()["feed_tiles"])
        state.piles = {}
        if view["phase"] != "setup":
            for kind, colour in FEED_COLOURS.items():
                unseen = list(full)
                for value in list(view["eaten"][colour]) + [v for rid, vs in mine.items()
                                                            if state.riders[rid].kind == kind for v in vs]:
                    unseen.remove(int(value))
                state.rng.shuffle(unseen)
                for rider in state.riders:
                    if rider.kind != kind:
                        continue
                    if rider.id in mine and rider.seat == seat:
                        rider.tiles = list(mine[rider.id])
                    else:
                        rider.tiles = [unseen.pop() for _ in range(counts[rider.id])]
                state.piles[colour] = sorted(unseen)
        return state

    @classmethod
    def _from_common(cls, data: Mapping[str, Any]) -> "Leader1State":
        state = cls()
        state.num_seats = int(data["num_seats"])
        state.riders_per_player = int(data["riders_per_player"])
        state.calendar = tuple(str(k) for k in data["calendar"])
        state.stage = int(data["stage"])
        state.phase = str(data["phase"])
        if state.phase not in PHASES:
            raise ValueError(f"unknown phase {state.phase!r}")
        state.turn_in_stage = int(data["turn_in_stage"])
        state.turns_before = int(data["turns_before"])
        state.stage_turns = [int(t) for t in data["stage_turns"]]
        state.leader_seat = int(data["leader_seat"])
        state.setup_seat = int(data["setup_seat"])
        state.setup_done = [int(s) for s in data["setup_done"]]
        state.riders = [Rider.from_json(r, with_tiles=False) for r in data["riders"]]
        state.peloton = int(data["peloton"])
        state.peloton_arrived_turn = int(data["peloton_arrived_turn"])
        state.pending = [int(r) for r in data["pending"]]
        state.behind_group = [int(r) for r in data["behind_group"]]
        state.breakaway_seats = [int(s) for s in data["breakaway_seats"]]
        state.stamp_counter = int(data["stamp_counter"])
        state.finish_counter = int(data["finish_counter"])
        state.bonus_taken = [int(b) for b in data["bonus_taken"]]
        state.eaten = {str(c): [int(v) for v in vs] for c, vs in data["eaten"].items()}
        state.stage_results = _copy_results(data["stage_results"])
        state.last_roll = str(data["last_roll"])
        state.punctures_due = bool(data.get("punctures_due", False))
        return state

    def clone(self) -> "Leader1State":
        """An independent copy made field by field (bots copy states many times a move), without JSON."""
        state = Leader1State.__new__(Leader1State)
        state.__dict__.update(self.__dict__)  # numbers, strings and tuples are shared; lists and dicts copied
        state.stage_turns = list(self.stage_turns)
        state.setup_done = list(self.setup_done)
        state.riders = [rider.copy() for rider in self.riders]
        state.pending = list(self.pending)
        state.behind_group = list(self.behind_group)
        state.breakaway_seats = list(self.breakaway_seats)
        state.bonus_taken = list(self.bonus_taken)
        state.piles = {colour: list(pile) for colour, pile in self.piles.items()}
        state.eaten = {colour: list(values) for colour, values in self.eaten.items()}
        state.stage_results = _copy_results(self.stage_results)
        state.rng = self.rng.copy()
        state._forget()
        return state

    def to_json(self) -> dict[str, Any]:
        data = self._shared_json(None)
        data["riders"] = [r.to_json() for r in self.riders]
        data["piles"] = {c: list(p) for c, p in self.piles.items()}
        data["rng"] = self.rng.to_json()
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Leader1State":
        state = cls._from_common(data)
        state.riders = [Rider.from_json(r) for r in data["riders"]]
        state.piles = {str(c): [int(v) for v in p] for c, p in data["piles"].items()}
        state.rng = Rng.from_json(data["rng"])
        for key in state.calendar:
            course_for(key)
        return state
