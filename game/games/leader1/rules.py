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

import json
from functools import lru_cache
from operator import attrgetter
from typing import Any, Mapping

from game.core.paths import resource_path
from game.core.protocol import Action, Event, GameState, IllegalAction, Outcome, act
from game.core.rng import Die, Rng
from game.i18n import N_, Message, PluralMessage, SeatName

from .course import Course, CourseSquare, course_for
from .movement import (BREAKAWAY_MIN_SQUARES, FINISH, REJOIN, RIDER_TYPES, SLIPSTREAM_BREAKING_MOVE, SQUARE,
                       NO_SQUARES, WAY_ENERGY_NEEDED, MoveOption, free_squares, option_from_way, search_ways)
from .races import SHIPPED_RACES, calendar_for, race_title
from .setup_facts import MAX_RIDERS, SEAT_COLOURS

#: the box holds five riders of each type (matters when six or more players pick one each)
RIDERS_PER_TYPE_IN_BOX = 5
SPECIALITIES = ("sprinter", "descender")
FEED_COLOURS = {"rouleur": "green", "leader": "yellow", "climber": "red"}
#: C.2: the events die must reach these, for the first, second and later risks of a rider
RISK_THRESHOLDS = (5, 8, 11)
#: B.4: energy each peloton rider pays after a fast peloton move
PELOTON_SPEED_COSTS = {5: 1, 6: 2, 7: 3}
#: what a peloton move faster than the table's fastest costs
_TOP_SPEED_COST = max(PELOTON_SPEED_COSTS.values())
#: C.3: this events die result is a puncture
PUNCTURE_FACE = 1
#: D: stage race
STAGE_WIN_SQUARES = 2
BONUS_TIME_SQUARES = 1
ENERGY_CARRY_CAP = 15
LATE_TURNS_ALLOWED = 3

PELOTON, ROAD, FINISHED, OUT = "peloton", "road", "finished", "out"
PHASES = ("setup", "ahead", "breakaway", "pursuit", "behind", "over")


@lru_cache(maxsize=1)
def tables() -> dict[str, Any]:
    """The tunable dice and tiles (maps/leader1/tables.json)."""
    return json.loads(resource_path("maps", "leader1", "tables.json").read_text(encoding="utf-8"))


def peloton_die() -> Die:
    return _die(tuple(tables()["peloton_die"]))


def events_die() -> Die:
    """The plain die that decides risks and punctures (C.2, C.3)."""
    return _die(tuple(range(1, int(tables()["events_die_sides"]) + 1)))


@lru_cache(maxsize=None)
def _die(faces: tuple[int | str, ...]) -> Die:
    """A die by its faces, made once (a die is a value; the peloton's is rolled every turn)."""
    return Die(faces)


def risk_threshold(risks_taken: int) -> int:
    """C.2: the events die result needed for a rider's next risk."""
    return RISK_THRESHOLDS[min(risks_taken, len(RISK_THRESHOLDS) - 1)]


def risk_odds(risks_taken: int) -> float:
    """Chance that the next risk goes well."""
    sides = int(tables()["events_die_sides"])
    return max(0, sides - risk_threshold(risks_taken) + 1) / sides


def carried_energy(energy_left: int) -> int:
    """D.3: leftover energy carried to the next stage, never more than 15."""
    return min(max(0, energy_left), ENERGY_CARRY_CAP)


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


# Words every move's log line holds, made once per value: messages are values, never changed once made,
# so one can stand in many events (the fewer built, the faster a playout).

@lru_cache(maxsize=None)
def _squares(count: int) -> PluralMessage:
    return PluralMessage("{count} square", "{count} squares", count)


@lru_cache(maxsize=None)
def _free_squares_word(count: int) -> PluralMessage:
    return PluralMessage("{count} free", "{count} free", count)


@lru_cache(maxsize=None)
def _paying_squares_word(count: int) -> PluralMessage:
    return PluralMessage("{count} paying", "{count} paying", count)


@lru_cache(maxsize=None)
def _square_word(gid: int) -> Message:
    return Message("square {number}", number=gid)


@lru_cache(maxsize=None)
def _move_details(free: int, paying: int, crossed: int) -> tuple[Message, ...]:
    """A move's free and paying squares and the riders ridden through, as its log line lists them."""
    details: list[Message] = [_free_squares_word(free)]
    if paying:
        details.append(_paying_squares_word(paying))
    if crossed:
        details.append(Message("{count} through riders", count=crossed))
    return tuple(details)


@lru_cache(maxsize=None)
def _energy_words(paid: int, recovered: int, left: int) -> Message:
    """How a move's log line ends: "3 energy, 1 recovered, 40 left."."""
    if recovered:
        return Message("{paid} energy, {recovered} recovered, {left} left.", paid=paid, recovered=recovered,
                       left=left)
    return Message("{paid} energy, {left} left.", paid=paid, left=left)


_FROM_THE_PELOTON = Message("the peloton")


@lru_cache(maxsize=None)
def _ride_words(seat: int, kind: str, steps: int, breakaway: bool) -> Message:
    """How a move to a square begins: "The Orange rouleur rides 5 squares"."""
    rider = rider_name(seat, kind)
    if breakaway:
        return Message("The {rider} breaks away {squares}", rider=rider, squares=_squares(steps))
    return Message("The {rider} rides {squares}", rider=rider, squares=_squares(steps))


def team_colour(seat: int) -> Message:
    """A seat's team colour as a word ("Orange"), the name the log gives a player who chose none."""
    return Message(SEAT_COLOURS[seat % len(SEAT_COLOURS)][0])


def team_name(seat: int) -> SeatName:
    """A player named in a message: the name chosen for the seat where the screen knows it, else his colour."""
    return SeatName(seat, team_colour(seat))


@lru_cache(maxsize=None)
def rider_name(seat: int, kind: str) -> Message:
    """A rider's name in messages ("Orange rouleur"): his team's colour and his type, one term per type so
    that each language can order the words as it names riders."""
    colour = team_colour(seat)
    if kind == "leader":
        return Message("{colour} leader", colour=colour)
    if kind == "climber":
        return Message("{colour} climber", colour=colour)
    return Message("{colour} rouleur", colour=colour)


def rider_type_word(kind: str) -> Message:
    """A rider type as a word: rouleur, leader, climber."""
    if kind == "leader":
        return Message("leader")
    if kind == "climber":
        return Message("climber")
    return Message("rouleur")


class Rider:
    """One rider: who owns him, what he is, and where he is in this stage."""

    FIELDS = ("id", "seat", "kind", "speciality", "energy", "place", "square", "stamp", "risks", "slipstream",
              "fallen", "fallen_turn", "punctured", "punctured_turn", "dropping", "tiles", "feed_zones", "finish_turn",
              "finish_beyond", "finish_seq", "in_peloton_at_finish", "attack_turn", "bonuses", "gc", "energy_left",
              "out_stage", "out_reason")
    __slots__ = FIELDS

    def __init__(self, rider_id: int, seat: int, kind: str) -> None:
        self.id = rider_id
        self.seat = seat
        self.kind = kind
        self.speciality = ""
        self.energy = 0
        self.place = PELOTON
        self.square = -1
        self.stamp = 0
        self.risks = 0
        self.slipstream = False
        self.fallen = False
        self.fallen_turn = -9
        self.punctured = False
        self.punctured_turn = -9
        self.dropping = False
        self.tiles: list[int] = []
        #: C.4: how many of the stage's feed zones (in road order) he has passed, each worth one tile
        self.feed_zones = 0
        self.finish_turn = -1
        self.finish_beyond = 0
        self.finish_seq = -1
        self.in_peloton_at_finish = False
        self.attack_turn = -1
        self.bonuses = 0
        self.gc = 0
        self.energy_left = 0
        self.out_stage = -1
        self.out_reason = ""

    @property
    def name(self) -> str:
        return _rider_name(self.seat, self.kind)

    @property
    def label(self) -> Message:
        """His name in messages, read in the reader's language."""
        return rider_name(self.seat, self.kind)

    @property
    def racing(self) -> bool:
        return self.place in (PELOTON, ROAD)

    def reset_for_stage(self, energy: int) -> None:
        self.energy = energy
        self.place = PELOTON if self.out_stage < 0 else OUT
        self.square = -1
        self.stamp = 0
        self.risks = 0
        self.slipstream = False
        self.fallen = False
        self.fallen_turn = -9
        self.punctured = False
        self.punctured_turn = -9
        self.dropping = False
        self.tiles = []
        self.feed_zones = 0
        self.finish_turn = -1
        self.finish_beyond = 0
        self.finish_seq = -1
        self.in_peloton_at_finish = False
        self.attack_turn = -1
        self.bonuses = 0

    def to_json(self) -> dict[str, Any]:
        data = dict(zip(self.FIELDS, _RIDER_FIELDS(self)))
        data["tiles"] = list(self.tiles)
        return data

    def copy(self) -> "Rider":
        """An independent copy (his tiles in a list of their own)."""
        other = Rider.__new__(Rider)
        for name, value in zip(self.FIELDS, _RIDER_FIELDS(self)):
            setattr(other, name, value)
        other.tiles = list(self.tiles)
        return other

    @classmethod
    def from_json(cls, data: Mapping[str, Any], with_tiles: bool = True) -> "Rider":
        """A rider from a save (``with_tiles``) or a view (his tiles are then only a count: none are set)."""
        rider = cls.__new__(cls)
        for name in cls.FIELDS:
            # a field added since older saves were written takes the value those saves stand for
            setattr(rider, name, data[name] if name in data else _ADDED_FIELDS[name])
        rider.id, rider.seat, rider.kind = int(data["id"]), int(data["seat"]), str(data["kind"])
        if rider.kind not in RIDER_TYPES:
            raise ValueError(f"unknown rider type {rider.kind!r}")
        rider.tiles = list(map(int, data["tiles"])) if with_tiles else []
        return rider


@lru_cache(maxsize=None)
def _rider_name(seat: int, kind: str) -> str:
    """'Green rouleur': the team's colour and the rider's type (every log line names riders)."""
    return f"{SEAT_COLOURS[seat % len(SEAT_COLOURS)][0]} {kind}"


def _slipstream_message(followers: list[Message], leader: Message) -> Message:
    """C.1: who rides in whose slipstream ("The Orange rouleur and the Sky climber will ride in ...")."""
    if len(followers) == 1:
        return Message("The {rider} will ride in the {leader}'s slipstream.", rider=followers[0], leader=leader)
    riders = followers[0]
    for follower in followers[1:-1]:
        riders = Message("{riders} and the {rider}", riders=riders, rider=follower)
    return Message("The {riders} and the {rider} will ride in the {leader}'s slipstream.", riders=riders,
                   rider=followers[-1], leader=leader)


def _feed_tiles_word(colour: str) -> Message:
    """A feed pile by its colour, as in "the green tiles are gone"."""
    if colour == "yellow":
        return Message("yellow tiles")
    if colour == "red":
        return Message("red tiles")
    return Message("green tiles")


def _feed_tile_word(colour: str) -> Message:
    """One feed tile by its colour, as in "takes a green feed tile"."""
    if colour == "yellow":
        return Message("yellow feed tile")
    if colour == "red":
        return Message("red feed tile")
    return Message("green feed tile")


#: fields added since the first saves, with the value an older save stands for
_ADDED_FIELDS = {"feed_zones": 0}
#: every field of a rider at once (views and saves read them many times a second)
_RIDER_FIELDS = attrgetter(*Rider.FIELDS)


def _copy_results(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A deep enough copy of the stage results (dicts of numbers, lists and dicts of those)."""
    def copy(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: copy(v) for k, v in value.items()}
        if isinstance(value, list):
            return [copy(v) for v in value]
        return value
    return [copy(result) for result in results]


class Leader1State(GameState):
    """The whole game: riders, peloton, feed tiles, the calendar and whose decision it is."""

    game_id = "leader-1"
    has_secrets = True
    record_labels = {
        "turns_to_win": (N_("fastest race win, in turns"), "min"),
        "stage_wins": (N_("most stage wins in a stage race"), "max"),
        "gc_lead": (N_("biggest winning lead on the general classification, in squares"), "max"),
    }

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
        self.stage_results: list[dict[str, Any]] = []
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

    # --- positions -----------------------------------------------------------------------------------
    def occupied_squares(self, exclude: int = -1) -> tuple[set[int], set[int]]:
        """(squares riders stand on, squares of punctured riders that may only be crossed)."""
        occupied: set[int] = set()
        no_stop: set[int] = set()
        for r in self.riders:
            if r.place != ROAD or r.id == exclude or r.fallen:
                continue
            (no_stop if r.punctured else occupied).add(r.square)
        return occupied, no_stop

    def _position_occupancy(self) -> tuple[frozenset[int], frozenset[int]]:
        """:meth:`occupied_squares` of the position, frozen (the search keeps them as they are, without a copy),
        worked out once for all its riders."""
        occupied: list[int] = []
        no_stop: list[int] = []
        for r in self.riders:
            if r.place == ROAD and not r.fallen:
                (no_stop if r.punctured else occupied).append(r.square)
        occupancy = self._occupancy = (frozenset(occupied), frozenset(no_stop) if no_stop else NO_SQUARES)
        return occupancy

    def peloton_first_squares(self) -> tuple[int, ...]:
        """The squares just ahead of the peloton: a breaking-away rider's first step lands on one."""
        if self._first_squares[0] != (self.stage, self.peloton):
            self._first_squares = ((self.stage, self.peloton), self._find_first_squares())
        return self._first_squares[1]

    def _find_first_squares(self) -> tuple[int, ...]:
        course = self.course
        rear, front = self.rear_grow(), self.front_grow()
        first: set[int] = set()
        for grow in range(max(0, rear), min(front, course.last_row) + 1):
            for gid in course.squares_by_row[grow]:
                nexts = course.forward[gid] or (-1,)
                first.update(n for n in nexts if n < 0 or course.squares[n].grow > front)
        return tuple(sorted(first, key=lambda g: (g < 0, g)))

    def move_options(self, rider_id: int) -> dict[tuple[str, int], MoveOption]:
        """Where a rider may end his move now, with the way and the cost (affordable or not)."""
        rider = self.riders[rider_id]
        cache_key = (rider_id, rider.place == PELOTON, False)
        options = self._options.get(cache_key)
        if options is None:
            ways, free = self._ways(rider)
            options = self._options[cache_key] = {key: option_from_way(key, way, free) for key, way in ways.items()}
        return options

    def affordable_options(self, rider_id: int) -> dict[tuple[str, int], MoveOption]:
        """The moves a rider can afford now, with the way and the cost: :meth:`move_options` without the
        ones he cannot pay for, in the same order, from the shorter search (what the bots weigh)."""
        rider = self.riders[rider_id]
        cache_key = (rider_id, rider.place == PELOTON, True)
        options = self._options.get(cache_key)
        if options is None:
            ways, free = self._ways(rider, affordable=True)
            energy = rider.energy
            options = self._options[cache_key] = {key: option_from_way(key, way, free) for key, way in ways.items()
                                                  if way[WAY_ENERGY_NEEDED] <= energy}
        return options

    def _option(self, rider: Rider, key: tuple[str, int]) -> MoveOption:
        """One of :meth:`move_options`, made alone (a move played needs only its own)."""
        ways, free = self._ways(rider, affordable=True)  # a move played is one he can afford
        return option_from_way(key, ways[key], free)

    def _ways(self, rider: Rider, affordable: bool = False) -> tuple[Mapping[tuple[str, int], tuple], int]:
        """The search behind :meth:`move_options` (shared, never changed) and the rider's free squares.

        ``affordable``: only the ways he can afford need be there as :meth:`move_options` has them (the
        legal moves): the search stops sooner (see ``search_ways``)."""
        breakaway = rider.place == PELOTON
        cache_key = (rider.id, breakaway, affordable)
        found = self._found.get(cache_key)
        if found is not None:
            return found
        if affordable:
            found = self._found.get((rider.id, breakaway, False))  # every way holds the affordable ones
            if found is not None:
                return found
        course = self.course
        # the position's squares as they are, his own among them: a walk looks only at squares ahead of
        # where it starts, so his own square never stands in his way (and the search keeps one key per position)
        occupied, no_stop = self._occupancy or self._position_occupancy()
        if breakaway:
            front = course.squares[course.line[self.peloton]]
            free = free_squares(rider.kind, front.terrain, descender=rider.speciality == "descender",
                                sprinter_in_area=rider.speciality == "sprinter" and front.sprint_area)
            ways = search_ways(course, self.peloton_first_squares(), free, occupied, no_stop,
                               min_steps=BREAKAWAY_MIN_SQUARES, energy=rider.energy if affordable else None)
        else:
            square = course.squares[rider.square]
            free = free_squares(rider.kind, square.terrain, slipstream=rider.slipstream,
                                descender=rider.speciality == "descender",
                                sprinter_in_area=rider.speciality == "sprinter" and square.sprint_area)
            rejoin = None
            if self.peloton_arrived_turn < 0 and not (rider.place == ROAD
                                                      and square.grow > course.line_grow(self.peloton)):
                rejoin = course.line_grow(self.peloton - 1)  # behind the peloton he may catch it up
            ways = search_ways(course, rider.square, free, occupied, no_stop, rejoin_from_grow=rejoin,
                               energy=rider.energy if affordable else None)
        found = self._found[cache_key] = (ways, free)
        return found

    def affordable(self, rider: Rider, option: MoveOption) -> bool:
        """No move may leave a rider with negative energy, whatever its risks bring (C.2)."""
        return option.energy_needed <= rider.energy

    def refusal(self, rider: Rider, option: MoveOption) -> Message:
        """Why an unaffordable move is refused, in words."""
        if option.risky:
            if option.crack and option.fall:
                risks = Message("a crack and a fall")
            else:
                risks = Message("a crack") if option.crack else Message("a fall")
            return Message("The {rider} has {energy} energy; this move costs {cost} and risks {risks}, "
                           "so he needs {needed} to try it.", rider=rider.label, energy=rider.energy,
                           cost=option.cost, risks=risks, needed=option.energy_needed)
        return Message("The {rider} has {energy} energy; this move costs {cost}.", rider=rider.label,
                       energy=rider.energy, cost=option.cost)

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

    def _phase_hint(self) -> Message:
        if self.phase == "setup":
            return Message("choose your riders ('pick rouleur') and your sprinter and descender "
                           "('speciality 0 sprinter').")
        if self.phase in ("ahead", "behind"):
            rider = self.riders[self.current_rider_id()]
            return Message("the {rider} moves now ('move <square>', 'finish <squares past the line>' or 'rejoin').",
                           rider=rider.label)
        if self.phase == "breakaway":
            return Message("send riders out of the peloton ('breakaway <rider> <square>'), 'drop <rider>' or 'pass'.")
        return Message("the peloton leader rolls the peloton die ('roll') or chases with +1 ('pursue').")

    def _check_feed(self, seat: int, args: tuple[Any, ...]) -> None:
        if len(args) != 2 or not all(isinstance(a, int) for a in args):
            raise IllegalAction(Message("Eat a feed tile with 'feed <rider> <value>', e.g. 'feed 0 3'."))
        rider_id, value = args
        if not 0 <= rider_id < len(self.riders) or self.riders[rider_id].seat != seat:
            raise IllegalAction(Message("Rider {number} is not one of your riders.", number=rider_id))
        rider = self.riders[rider_id]
        if not rider.racing:
            raise IllegalAction(Message("The {rider} is no longer racing.", rider=rider.label))
        if value not in rider.tiles:
            raise IllegalAction(Message("The {rider} holds no feed tile worth {value}.", rider=rider.label,
                                        value=value))

    def _explain_setup(self, action: Action) -> None:
        mine = self.seat_riders(self.setup_seat)
        if len(action.args) != (1 if action.kind == "pick" else 2):
            raise IllegalAction(Message("Use 'pick rouleur' (or leader, climber) and 'speciality <rider> sprinter' "
                                        "(or descender)."))
        if action.kind == "pick":
            if len(mine) >= self.riders_per_player:
                raise IllegalAction(PluralMessage("You already have your {count} rider; now choose who sprints and "
                                                  "who descends.", "You already have your {count} riders; now choose "
                                                  "who sprints and who descends.", self.riders_per_player))
            choice = action.args[0] if action.args else ""
            if choice not in RIDER_TYPES:
                raise IllegalAction(Message("'{choice}' is not a rider type; pick a rouleur, a leader or a climber.",
                                            choice=choice))
            raise IllegalAction(Message("You cannot pick a {choice} now; available: {available}.",
                                        choice=rider_type_word(choice),
                                        available=tuple(map(rider_type_word,
                                                            self._types_available(self.setup_seat)))))
        if len(mine) < self.riders_per_player:
            raise IllegalAction(Message("Pick all your riders before choosing their specialities."))
        raise IllegalAction(Message("Name your sprinter first, then your descender: one of your riders each, "
                                    "never both on the same rider."))

    def _explain_move(self, rider: Rider, action: Action, kind: str, args: tuple[Any, ...]) -> None:
        options = self.move_options(rider.id)
        if kind == "stay":
            raise IllegalAction(Message("The {rider} can still move; a rider may not stand still.",
                                        rider=rider.label))
        if kind == "rejoin":
            option = options.get((REJOIN, -1))
            if option is None:
                raise IllegalAction(Message("The {rider} cannot reach the peloton this turn.", rider=rider.label))
            raise IllegalAction(self.refusal(rider, option))
        if len(args) != 1 or not isinstance(args[0], int):
            raise IllegalAction(Message("Give one number: '{move} 12'.", move=kind))
        self._explain_target(rider, options, SQUARE if kind == "move" else FINISH, args[0])

    def _explain_target(self, rider: Rider, options: Mapping[tuple[str, int], MoveOption], kind: str,
                        target: int) -> None:
        if kind == SQUARE and not 0 <= target < len(self.course.squares):
            raise IllegalAction(Message("There is no square {number} on this race.", number=target))
        option = options.get((kind, target))
        if option is None:
            where = Message("square {number}", number=target) if kind == SQUARE else \
                PluralMessage("{count} square past the finish line", "{count} squares past the finish line", target)
            raise IllegalAction(Message("The {rider} cannot reach {where} this turn (free squares, then at most "
                                        "six paying squares, straight or diagonally, never through a rider unless "
                                        "the road is blocked).", rider=rider.label, where=where))
        raise IllegalAction(self.refusal(rider, option))

    def _explain_breakaway(self, seat: int, action: Action, kind: str, args: tuple[Any, ...]) -> None:
        if not args or not isinstance(args[0], int) or not 0 <= args[0] < len(self.riders) \
                or self.riders[args[0]].seat != seat:
            raise IllegalAction(Message("Name one of your riders by number, e.g. 'breakaway 0 25'."))
        rider = self.riders[args[0]]
        if rider.place != PELOTON:
            raise IllegalAction(Message("The {rider} is not in the peloton.", rider=rider.label))
        if rider.dropping:
            raise IllegalAction(Message("The {rider} is already letting the peloton go this turn.",
                                        rider=rider.label))
        if len(args) != 2 or not isinstance(args[1], int):
            raise IllegalAction(Message("Give the rider and one number: '{move} {number} 25'.", move=kind,
                                        number=rider.id))
        options = self.move_options(rider.id)
        target_kind = SQUARE if kind == "breakaway" else FINISH
        if target_kind == SQUARE and 0 <= args[1] < len(self.course.squares) and (SQUARE, args[1]) not in options:
            raise IllegalAction(Message("To break away the {rider} must ride at least {count} squares ahead of the "
                                        "peloton and can reach no further than his free squares plus six; square "
                                        "{number} is not among them.", rider=rider.label,
                                        count=BREAKAWAY_MIN_SQUARES, number=args[1]))
        self._explain_target(rider, options, target_kind, args[1])

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

    # --- riding ---------------------------------------------------------------------------------------------
    def riders_behind(self, square: int) -> list[Rider]:
        """C.1: riders exactly behind ``square`` (the square straight ahead of theirs)."""
        straight = self.course.straight_next
        return [r for r in self.riders if straight[r.square] == square and r.place == ROAD and not r.fallen]

    def _followers(self, square: int) -> list[Rider]:
        """riders_behind(square) for a rider about to leave it (never himself: the square straight on is
        ahead), without a look at every rider when the position's occupied squares show nobody there."""
        if self._occupancy is not None:
            occupied, no_stop = self._occupancy
            behind = self.course.straight_behind[square]
            if occupied.isdisjoint(behind) and no_stop.isdisjoint(behind):
                return []
        return self.riders_behind(square)

    def _ride(self, rider: Rider, option: MoveOption) -> list[Event]:
        """One rider's placement: risks, payment, slipstream, feed zone, bonus time, finish."""
        course = self.course
        # the option's fields read once (every move of a playout comes here)
        kind, target, path, steps, free, crossed, crack, fall, _, _, paying, cost, recovered, _ = option
        breakaway = rider.place == PELOTON
        if breakaway:
            rider.attack_turn = self.turn_in_stage
            start_square = course.squares[course.line[self.peloton]]
            start_grow = course.line_grow(self.peloton)  # front_grow()
            followers: list[Rider] = []
        else:
            start_square = course.squares[rider.square]
            start_grow = start_square.grow
            followers = self._followers(rider.square)
        events: list[Event] = []
        paid = cost
        cracked = fell = False
        if crack:
            cracked, roll_events = self._run_risk(rider, "crack")
            events.extend(roll_events)
            if cracked:
                paid += cost * 2
        if fall:
            fell, roll_events = self._run_risk(rider, "fall")
            events.extend(roll_events)
            if fell:
                paid += cost
        energy_left = rider.energy = rider.energy - paid + recovered
        assert energy_left >= 0, "a move left a rider with negative energy"
        rider.slipstream = False
        rider.punctured = False
        breaks_slipstream = steps >= SLIPSTREAM_BREAKING_MOVE[start_square.terrain]
        for follower in followers:
            follower.slipstream = not breaks_slipstream
        where_from = _FROM_THE_PELOTON if breakaway else _square_word(start_square.gid)
        data: dict[str, Any] = {"rider": rider.id, "from": -1 if breakaway else start_square.gid,
                                "to": target, "kind": kind, "path": list(path), "steps": steps, "free": free,
                                "paying": paying, "crossed": crossed, "cost": paid, "recovered": recovered,
                                "breakaway": breakaway,
                                "slipstream_to": [f.id for f in followers] if followers and not breaks_slipstream
                                else []}
        if kind == SQUARE:
            end_grow = course.squares[target].grow
            rider.place = ROAD
            rider.square = target
            self.stamp_counter += 1
            rider.stamp = self.stamp_counter
            move = _ride_words(rider.seat, rider.kind, steps, breakaway)
        elif kind == FINISH:
            end_grow = course.rows_total - 1 + target
            move = Message("The {rider} sprints out of the peloton and crosses the line", rider=rider.label) \
                if breakaway else Message("The {rider} crosses the line", rider=rider.label)
        else:
            # back in the peloton he stands with it, at its front: the lines it has passed are behind him too
            end_grow = max(course.squares[path[-1]].grow, self.front_grow())
            rider.place = PELOTON
            rider.square = -1
            rider.slipstream = False
            move = Message("The {rider} rides {squares} and rejoins the peloton", rider=rider.label,
                           squares=_squares(steps))
        text = Message("{move} from {start} ({details}): {energy}", move=move, start=where_from,
                       details=_move_details(steps if steps < free else free, paying, crossed),
                       energy=_energy_words(paid, recovered, energy_left))
        events.insert(0, Event(text, "move", data))
        if followers and not breaks_slipstream:
            events.append(Event(_slipstream_message([f.label for f in followers], rider.label), "slipstream",
                                {"riders": [f.id for f in followers], "from": rider.id}))
        elif followers:
            events.append(Event(Message("The {rider}'s long move leaves no slipstream behind him.", rider=rider.label),
                                "slipstream_lost", {"riders": [f.id for f in followers], "from": rider.id}))
        if course.passes_marked_row(start_grow, end_grow):
            events.extend(self._pass_lines(rider, start_grow, end_grow))
        if kind == FINISH:
            events.extend(self._finish(rider, target, in_peloton=False))
        if fell:
            rider.fallen = True
            rider.fallen_turn = self.turn_in_stage
            rider.stamp = -self.stamp_counter
            events.append(Event(Message("The {rider} falls: he pays double and misses his next turn.",
                                        rider=rider.label), "fallen",
                                {"rider": rider.id, "square": rider.square}))
        elif rider.place == ROAD:
            rider.fallen = False
        if cracked:
            events.append(Event(Message("The {rider} cracks on the climb and pays three times the cost.",
                                        rider=rider.label), "cracked",
                                {"rider": rider.id}))
        return events

    def _run_risk(self, rider: Rider, kind: str) -> tuple[bool, list[Event]]:
        """C.2: roll the events die against the rider's next threshold; True when it goes wrong."""
        needed = risk_threshold(rider.risks)
        rider.risks += 1
        roll = events_die().roll(self.rng)
        failed = int(roll) < needed
        fields = {"rider": rider.label, "roll": roll, "needed": needed}
        if kind == "crack":
            text = Message("The {rider} risks a crack: rolls {roll}, needs {needed} or more - cracks!", **fields) \
                if failed else Message("The {rider} risks a crack: rolls {roll}, needs {needed} or more - safe.",
                                       **fields)
        else:
            text = Message("The {rider} risks a fall: rolls {roll}, needs {needed} or more - falls!", **fields) \
                if failed else Message("The {rider} risks a fall: rolls {roll}, needs {needed} or more - safe.",
                                       **fields)
        return failed, [Event(text, "risk", {"rider": rider.id, "risk": kind, "roll": roll, "needed": needed,
                                             "failed": failed}, reveals=True)]

    def _pass_lines(self, rider: Rider, start_grow: int, end_grow: int) -> list[Event]:
        """Feed zones and bonus-time lines crossed between two rows (C.4, D.2): asked only when the course's
        ``passes_marked_row`` says the move passes one."""
        course = self.course
        events = self._pass_feed_zones(rider, start_grow, end_grow)
        for index, row in enumerate(course.bonus_rows):
            if start_grow < row <= end_grow and self.bonus_taken[index] == -1:
                self.bonus_taken[index] = rider.id
                rider.bonuses += 1
                events.append(Event(Message("The {rider} is first over the bonus-time line.", rider=rider.label),
                                    "bonus_time",
                                    {"rider": rider.id, "line": index}))
        return events

    def _take_tile(self, rider: Rider) -> list[Event]:
        """C.4: a tile of the rider's colour, kept secret until eaten (taken at once, before anyone else moves)."""
        colour = FEED_COLOURS[rider.kind]
        pile = self.piles[colour]
        if not pile:
            return [Event(Message("The {rider} passes the feed zone, but the {tiles} are gone.", rider=rider.label,
                                  tiles=_feed_tiles_word(colour)), "feed_empty", {"rider": rider.id})]
        value = pile.pop(self.rng.randrange(len(pile)))
        rider.tiles.append(value)
        return [Event(Message("The {rider} takes a {tile}.", rider=rider.label, tile=_feed_tile_word(colour)),
                      "feed_taken", {"rider": rider.id, "colour": colour}),
                Event(Message("Your {rider}'s feed tile is worth {value}.", rider=rider.label, value=value),
                      "feed_tile",
                      {"rider": rider.id, "value": value}, visible_to=(rider.seat,), reveals=True)]

    def _eat_tile(self, rider: Rider, value: int) -> list[Event]:
        rider.tiles.remove(value)
        rider.energy += value
        self.eaten[FEED_COLOURS[rider.kind]].append(value)
        return [Event(Message("The {rider} eats a feed tile worth {value}: {energy} energy.", rider=rider.label,
                              value=value, energy=rider.energy), "feed_eaten",
                      {"rider": rider.id, "value": value}, reveals=True)]

    def _finish(self, rider: Rider, beyond: int, in_peloton: bool) -> list[Event]:
        events = []
        for value in sorted(rider.tiles):
            events.extend(self._eat_tile(rider, value))
        self.finish_counter += 1
        rider.place = FINISHED
        rider.square = -1
        rider.finish_turn = self.turn_in_stage
        rider.finish_beyond = beyond
        rider.finish_seq = self.finish_counter
        rider.in_peloton_at_finish = in_peloton
        rider.energy_left = rider.energy
        text = Message("The {rider} finishes with the peloton with {energy} energy left.", rider=rider.label,
                       energy=rider.energy) if in_peloton else \
            Message("The {rider} finishes with {energy} energy left.", rider=rider.label, energy=rider.energy)
        events.append(Event(text, "finish",
                            {"rider": rider.id, "turn": self.turn_in_stage, "beyond": beyond,
                             "in_peloton": in_peloton}))
        return events

    # --- the peloton ------------------------------------------------------------------------------------------
    def _peloton_moves(self, pursue: bool) -> list[Event]:
        """B.3-B.5: roll, move, absorb, charge the speed, drop who cannot pay (a red face: punctures after B.5)."""
        course = self.course
        events: list[Event] = []
        face = peloton_die().roll(self.rng)
        red = face == "red"
        moves = int(tables()["red_face_moves"]) if red else int(face)
        in_peloton = [r for r in self.riders if r.place == PELOTON]
        staying = [r for r in in_peloton if not r.dropping]
        leaving = [r for r in in_peloton if r.dropping]
        extras = []
        if not staying:
            moves += 1
            extras.append(Message("+1, nobody left in it"))
        if pursue:
            moves += 1
            extras.append(Message("+1 for the chase"))
        self.last_roll = str(face)
        leader = team_name(self.leader_seat)
        roller = Message("{team} declares a chase and rolls the peloton die", team=leader) if pursue else \
            Message("{team} rolls the peloton die", team=leader)
        shown = Message("the red face (4, then punctures)") if red else str(face)
        text = Message("{roll}: {face} ({extras}); the peloton moves {moves}.", roll=roller, face=shown,
                       extras=tuple(extras), moves=moves) if extras else \
            Message("{roll}: {face}; the peloton moves {moves}.", roll=roller, face=shown, moves=moves)
        events.append(Event(text, "peloton_roll", {"face": face, "moves": moves, "pursue": pursue, "seat": self.leader_seat},
                            reveals=True))
        old_front_grow = self.front_grow()
        old_index = self.peloton
        self.peloton += moves
        new_front_grow = self.front_grow()
        arrived = self.peloton >= len(course.line)
        absorbed = [r for r in self.riders if r.place == ROAD and course.squares[r.square].grow > old_front_grow
                    and (arrived or course.squares[r.square].grow <= new_front_grow)]
        events.append(Event(Message("The peloton rides {moves} squares.", moves=moves), "peloton_move",
                            {"from": old_index, "to": self.peloton, "moves": moves,
                             "path": list(course.line[old_index + 1:self.peloton + 1])}))
        if course.passes_marked_row(old_front_grow, new_front_grow):  # the same rows for all who stay in it
            for rider in staying:
                events.extend(self._pass_feed_zones(rider, old_front_grow, new_front_grow))
        for rider in absorbed:
            events.extend(self._pass_feed_zones(rider, course.squares[rider.square].grow, new_front_grow))
            rider.place = PELOTON
            rider.square = -1
            rider.slipstream = False
            rider.fallen = False
            rider.punctured = False
            events.append(Event(Message("The peloton swallows the {rider}.", rider=rider.label), "absorbed",
                                {"rider": rider.id}))
        for index, row in enumerate(course.bonus_rows):
            if old_front_grow < row <= new_front_grow and self.bonus_taken[index] == -1:
                self.bonus_taken[index] = -2
                events.append(Event(Message("The peloton crosses the bonus-time line first; nobody takes the bonus."),
                                    "bonus_lost", {"line": index}))
        speed_cost = PELOTON_SPEED_COSTS[moves] if moves in PELOTON_SPEED_COSTS else \
            0 if moves < 5 else _TOP_SPEED_COST
        dropped: list[Rider] = []
        if speed_cost:
            for rider in sorted(staying + absorbed, key=self.peloton_rank):
                if rider.energy < speed_cost:
                    events.extend(self._eat_to_reach(rider, speed_cost))
                if rider.energy >= speed_cost:
                    rider.energy -= speed_cost
                else:
                    dropped.append(rider)
            events.append(Event(Message("At speed {moves} every rider in the peloton pays {cost} energy.",
                                        moves=moves, cost=speed_cost),
                                "peloton_cost", {"cost": speed_cost, "moves": moves}))
        if arrived:
            self.peloton_arrived_turn = self.turn_in_stage
        events.extend(self._place_behind_peloton(leaving, "let_go"))
        for rider in leaving:
            # let go, he rode with the peloton up to his square: a feed zone he is past is his too
            events.extend(self._pass_feed_zones(rider, old_front_grow, course.squares[rider.square].grow))
        events.extend(self._place_behind_peloton(dropped, "dropped"))
        if arrived:
            beyond = self.peloton - len(course.line) + 1
            finishers = [r for r in self.riders if r.place == PELOTON]
            finishers.sort(key=lambda r: (-r.energy, self.peloton_rank(r)))
            events.append(Event(Message("The peloton crosses the finish line."), "peloton_arrives",
                                {"beyond": beyond}))
            for rider in finishers:
                events.extend(self._finish(rider, beyond, in_peloton=True))
        self.punctures_due = red
        self._start_behind_phase()
        return events

    def _pass_feed_zones(self, rider: Rider, start_grow: int, end_grow: int) -> list[Event]:
        """C.4: a tile for each feed zone passed between two rows, once per zone (a rider placed back
        behind a zone he passed with the peloton does not draw again when he rides over it)."""
        events: list[Event] = []
        course = self.course
        if not course.passes_marked_row(start_grow, end_grow):
            return events
        for index, row in enumerate(course.feed_rows):
            if index >= rider.feed_zones and start_grow < row <= end_grow:
                rider.feed_zones = index + 1
                events.extend(self._take_tile(rider))
        return events

    def _eat_to_reach(self, rider: Rider, needed: int) -> list[Event]:
        """A rider short of energy for the peloton's speed eats kept tiles, smallest first, rather than drop."""
        events: list[Event] = []
        if rider.energy + sum(rider.tiles) < needed:
            return events
        for value in sorted(rider.tiles):
            if rider.energy >= needed:
                break
            events.extend(self._eat_tile(rider, value))
        return events

    def _place_behind_peloton(self, riders: list[Rider], reason: str) -> list[Event]:
        """B.5: riders left behind go on the free squares just behind the peloton, in classification order."""
        if not riders:
            return []
        course = self.course
        rear = min(self.rear_grow(), course.rows_total)
        occupied, no_stop = self.occupied_squares()
        taken = occupied | no_stop
        candidates: list[CourseSquare] = []
        for grow in range(rear - 1, -1, -1):  # row by row back from the peloton's rear, until all have room
            if len(candidates) >= len(riders):
                break
            line_square = course.squares[course.line[course.line_at_row[grow]]]
            line_lane = line_square.lane if line_square.grow == grow else None  # the line has one square a row
            row = [course.squares[g] for g in course.squares_by_row[grow] if g not in taken]
            row.sort(key=lambda s: (0 if line_lane is None else abs(s.lane - line_lane), s.lane))
            candidates.extend(row)
        # after its first move the peloton leaves at least 3 rows of 3 lanes behind it, 4 rows when all
        # its riders leave it (+1): room for everyone who can be left behind
        assert len(candidates) >= len(riders), "no room behind the peloton"
        events = []
        for rider, square in zip(sorted(riders, key=self.peloton_rank), candidates):
            rider.place = ROAD
            rider.square = square.gid
            rider.slipstream = False
            rider.fallen = False
            rider.punctured = reason == "puncture"
            self.stamp_counter += 1
            rider.stamp = self.stamp_counter
            if reason == "dropped":
                text = Message("The {rider} cannot pay for the speed and is left behind the peloton.",
                               rider=rider.label)
            elif reason == "let_go":
                text = Message("The {rider} lets the peloton go and waits behind it.", rider=rider.label)
            else:
                text = Message("The {rider} punctures and drops behind the peloton.", rider=rider.label)
            events.append(Event(text, "punctured" if reason == "puncture" else "dropped",
                                {"rider": rider.id, "square": square.gid, "reason": reason}))
        return events

    def _punctures(self) -> list[Event]:
        """C.3: with the peloton and the riders behind it placed, every rider (a fallen one too), in
        classification order, rolls the events die; a 1 is a puncture.  Nobody moves again this turn."""
        events: list[Event] = []
        in_peloton_punctured: list[Rider] = []
        rolls = []
        die = events_die()
        for rider_id in self.classification():
            rider = self.riders[rider_id]
            roll = int(die.roll(self.rng))
            rolls.append([rider.id, roll])
            if roll != PUNCTURE_FACE:
                continue
            rider.punctured_turn = self.turn_in_stage
            if rider.place == PELOTON:
                in_peloton_punctured.append(rider)
                continue
            rider.punctured = True
            rider.slipstream = False
            if rider.fallen_turn == self.turn_in_stage:
                text = Message("The {rider} punctures too; he already misses his next turn.", rider=rider.label)
            elif rider.fallen:
                text = Message("The {rider} punctures where he lies and rides last next turn.", rider=rider.label)
            else:
                for follower in self.riders_behind(rider.square):
                    follower.slipstream = False
                text = Message("The {rider} punctures: he stays on his square and rides last next turn.",
                               rider=rider.label)
            events.append(Event(text, "punctured", {"rider": rider.id, "square": rider.square}))
        rolled = tuple(Message("{rider} {roll}", rider=self.riders[r].label, roll=v) for r, v in rolls)
        events.insert(0, Event(Message("Red face: the riders are placed; every rider checks for a puncture "
                                       "({rolls}).", rolls=rolled),
                               "puncture_rolls", {"rolls": rolls}, reveals=True))
        events.extend(self._place_behind_peloton(in_peloton_punctured, "puncture"))
        return events

    # --- end of a stage ------------------------------------------------------------------------------------------
    def finish_order(self) -> list[int]:
        """Riders who finished this stage, first to last: by turn, then further past the line, then earlier."""
        done = [r for r in self.riders if r.place == FINISHED]
        done.sort(key=lambda r: (r.finish_turn, -r.finish_beyond, r.finish_seq))
        return [r.id for r in done]

    def _end_stage(self) -> list[Event]:
        events: list[Event] = []
        order = self.finish_order()
        self.stage_turns.append(self.turn_in_stage)
        result: dict[str, Any] = {"race": self.calendar[self.stage], "finish_order": order,
                                  "turns": self.turn_in_stage, "breakaway_win": False, "winner_turns_clear": 0}
        if order:
            winner = self.riders[order[0]]
            clear = 0 if winner.in_peloton_at_finish or winner.attack_turn < 0 else \
                winner.finish_turn - winner.attack_turn
            result["winner_turns_clear"] = clear
            result["breakaway_win"] = clear > 0
        if self.is_stage_race:
            events.extend(self._update_general_classification(order))
            result["gc"] = self.general_classification()
            # for the summaries between stages and at the end: where each rider stands, what he earned
            # with bonus time, and the energy he takes into the next stage (D.3), by rider id
            result["gc_squares"] = [rider.gc for rider in self.riders]
            result["bonuses"] = [rider.bonuses for rider in self.riders]
            result["carried"] = [carried_energy(rider.energy_left) if rider.out_stage < 0 else 0
                                 for rider in self.riders]
            result["out_stage"] = [rider.out_stage for rider in self.riders]
            result["turns_behind"] = [self.riders[r].finish_turn - self.riders[order[0]].finish_turn for r in order]
        self.stage_results.append(result)
        self.turns_before += self.turn_in_stage
        race = race_title(self.course.race)
        text = Message("The {rider} wins {race}.", rider=self.riders[order[0]].label, race=race) if order else \
            Message("Nobody finishes {race}.", race=race)
        events.append(Event(text, "stage_end",
                            {"stage": self.stage, "finish_order": order}))
        remaining = [r for r in self.riders if r.out_stage < 0]
        if self.stage + 1 < len(self.calendar) and remaining:
            self.stage += 1
            if all(r.out_stage >= 0 for r in self.seat_riders(self.leader_seat)):
                self.leader_seat = self._next_leader()
            events.extend(self._start_stage())
        else:
            self.phase = "over"
            self.pending = []
            self.breakaway_seats = []
            self.punctures_due = False
            events.append(Event(Message("The race is over."), "game_over", {}))
        return events

    def _update_general_classification(self, order: list[int]) -> list[Event]:
        """D: +2 for the stage win, +1 per bonus time, -1 per turn behind the winner; eliminations."""
        events: list[Event] = []
        if order:
            winner = self.riders[order[0]]
            winner.gc += STAGE_WIN_SQUARES
            for rider_id in order:
                rider = self.riders[rider_id]
                rider.gc -= rider.finish_turn - winner.finish_turn
        for rider in self.riders:
            if rider.out_stage >= 0 and rider.out_stage < self.stage:
                continue
            rider.gc += rider.bonuses * BONUS_TIME_SQUARES
            if rider.place == FINISHED:
                rider.energy_left = rider.energy
        standing = [r for r in self.riders if r.out_stage < 0]
        if standing:
            best = max(r.gc for r in standing)
            loop = int(tables()["gc_loop_squares"])
            for rider in standing:
                if best - rider.gc >= loop:
                    rider.out_stage = self.stage
                    rider.out_reason = "lapped on the general classification"
                    events.append(Event(Message("The {rider} is lapped on the general classification and is "
                                                "eliminated.", rider=rider.label), "eliminated",
                                        {"rider": rider.id, "reason": rider.out_reason}))
        return events

    def general_classification(self) -> list[int]:
        """D: riders still in by squares on the GC hexagon, ties to more energy left; then the eliminated."""
        standing = [r for r in self.riders if r.out_stage < 0]
        out = [r for r in self.riders if r.out_stage >= 0]
        standing.sort(key=lambda r: (-r.gc, -r.energy_left, r.id))
        out.sort(key=lambda r: (-r.out_stage, -r.gc, r.id))
        return [r.id for r in standing + out]

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

    def view(self, seat: int | None) -> dict[str, Any]:
        data = self._shared_json(seat)
        data["riders"] = [self._public_rider(r) for r in self.riders]
        data["my_tiles"] = {str(r.id): list(r.tiles) for r in self.riders if seat is not None and r.seat == seat}
        data["pile_sizes"] = {c: len(p) for c, p in self.piles.items()}
        data["current_rider"] = self.current_rider_id()
        return data

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
