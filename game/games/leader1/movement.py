"""How far a rider may go and what it costs: free movement, paying squares, risks.

Pure functions over a :class:`Course`.  :func:`search_moves` walks every way a
rider can take this turn (at most his free squares plus six paying squares)
and keeps, for each place he can end on, the best way there: no overtaking
when it can be helped, then no risk, then the lowest cost.  The rules and the
scene's pre-move preview both use it, so what is shown is what is played.
"""
from __future__ import annotations

from typing import AbstractSet, Iterable, Mapping, NamedTuple

from .course import Course

RIDER_TYPES = ("rouleur", "leader", "climber")
#: B.1: free squares by rider type and the terrain the move starts on
FREE_MOVES = {
    "rouleur": {"plain": 3, "mountain": 1, "downhill": 4, "rise": 2},
    "leader": {"plain": 2, "mountain": 2, "downhill": 4, "rise": 2},
    "climber": {"plain": 1, "mountain": 3, "downhill": 4, "rise": 2},
}
#: B.1: energy spent for 1..6 squares beyond the free movement (index = paying squares)
PAYING_COSTS = (0, 1, 3, 5, 8, 11, 15)
MAX_PAYING = len(PAYING_COSTS) - 1
#: B.2: a rider leaves the peloton with a move of at least this many squares
BREAKAWAY_MIN_SQUARES = 4
#: C.1: a move this long (by the starting terrain) leaves the rider behind without slipstream
SLIPSTREAM_BREAKING_MOVE = {"plain": 6, "rise": 6, "mountain": 6, "downhill": 8}
#: C.2: a crack triples the cost; a fall doubles it
CRACK_FACTOR = 3
FALL_FACTOR = 2

SQUARE, FINISH, REJOIN = "square", "finish", "rejoin"
_PELOTON_FRONT = -(10 ** 6)
_NO_CATEGORY = 9


def paying_cost(paying: int) -> int:
    return PAYING_COSTS[paying] if paying > 0 else 0


def free_squares(rider_type: str, terrain: str, *, slipstream: bool = False, descender: bool = False,
                 sprinter_in_area: bool = False) -> int:
    """Free squares of a move: base movement, slipstream and the specialists' extra square (A.3, C.1)."""
    free = FREE_MOVES[rider_type][terrain] + (1 if slipstream else 0)
    if descender and terrain == "downhill":
        free += 1
    if sprinter_in_area:
        free += 1
    return free


def worst_case_factor(crack: bool, fall: bool) -> int:
    """How many times the move's cost a rider must hold before taking its risks.

    A crack triples the cost and a fall doubles it; when one move carries both
    risks the extra payments add up (cost + 2 x cost + 1 x cost).
    """
    return 1 + (CRACK_FACTOR - 1 if crack else 0) + (FALL_FACTOR - 1 if fall else 0)


class MoveOption(NamedTuple):
    """One place a rider can end his move on, and the way the engine takes there (immutable, cheap to make)."""

    kind: str
    #: the square's gid (kind "square"); squares beyond the line (kind "finish"); -1 for "rejoin"
    target: int
    path: tuple[int, ...]
    steps: int
    free: int
    crossed: int
    crack: bool
    fall: bool
    #: paying squares on a mountain pass and the hardest category among them
    mountain_paying: int
    category: int
    #: squares beyond the free movement
    paying: int
    #: energy spent when no risk goes wrong: paying squares plus 1 per occupied square crossed
    cost: int
    #: C.4: one energy back for every free square left unused
    recovered: int
    #: what the rider must hold to try it (C.2: the worst case of its risks)
    energy_needed: int

    @property
    def risky(self) -> bool:
        return self.crack or self.fall

    @property
    def key(self) -> tuple[str, int]:
        return (self.kind, self.target)


def make_option(kind: str, target: int, path: tuple[int, ...], steps: int, free: int, crossed: int,
                fall: bool, mountain_paying: int, category: int) -> MoveOption:
    paying = max(0, steps - free)
    cost = paying_cost(paying) + crossed
    crack = mountain_paying > category
    return MoveOption(kind, target, path, steps, free, crossed, crack, fall, mountain_paying,
                      category if mountain_paying else 0, paying, cost, max(0, free - steps),
                      cost * worst_case_factor(crack, fall))


#: A walker's state beside his square is one int, added to the square to tell states apart in one look
#: (no tuple per step tried): its fields sit above the square's bits (a course has far fewer squares), a
#: step onto a square that risks nothing keeps it as it is, and a paying step adds what the square adds
#: with one ``|`` and one ``+``.  A walker that has crossed, risked and climbed nothing has state 0.
_SQUARE_SPAN = 1 << 16
#: the hardest category on a pass so far, as one bit for every category from it to 8 (none: no bit),
#: so that the hardest of two is the ``|`` of their bits
_CATEGORY_BITS = tuple(sum(_SQUARE_SPAN << level for level in range(category, _NO_CATEGORY))
                       for category in range(_NO_CATEGORY + 1))
_FALL_BIT = _SQUARE_SPAN << _NO_CATEGORY
#: paying squares on a pass (at most six: three bits)
_MOUNTAIN_UNIT = _FALL_BIT << 1
#: occupied squares crossed, above everything else
_CROSSED_SHIFT = (_MOUNTAIN_UNIT << 3).bit_length() - 1
_CROSSED_UNIT = 1 << _CROSSED_SHIFT
_RISKS_MASK = _CROSSED_UNIT - _SQUARE_SPAN
#: the risk fields of a state (fall, paying squares on a pass, hardest category) -> (fall, mountain, category)
_RISK_FIELDS = {fall * _FALL_BIT + mountain * _MOUNTAIN_UNIT + _CATEGORY_BITS[category]: (fall, mountain, category)
                for fall in (False, True) for mountain in range(MAX_PAYING + 1) for category in range(_NO_CATEGORY + 1)}
#: the risk fields of a state -> how many times its cost the rider must hold (``worst_case_factor``)
_RISK_FACTORS = {bits: worst_case_factor(mountain > category, fall)
                 for bits, (fall, mountain, category) in _RISK_FIELDS.items()}


class _RoadFacts:
    """What the search reads of each square, in flat lists (a course is searched thousands of times).

    Every list also holds, at its end, the squares past the finish line, so that square -k (k squares
    past the line) is read as ``list[-k]`` like any other: the search then needs no test for them."""

    __slots__ = ("beyond", "nexts", "marks", "climbs", "grow", "path_steps", "destinations")

    def __init__(self, course: Course, beyond: int) -> None:
        #: how many squares past the line the lists cover (a walk goes at most that far)
        self.beyond = beyond
        past_line = range(-beyond, 0)
        #: the squares a step may go to; -1 (one square past the line) after the last row
        self.nexts = tuple(ahead or (-1,) for ahead in course.forward) + tuple((k - 1,) for k in past_line)
        arrival_mountain = course.arrival_terrain == "mountain"
        #: what a paying step onto the square adds to a walker's state: a fall risk and the category of a pass
        #: (``|``), one paying square on a pass (``+``)
        self.marks = tuple((_FALL_BIT if s.fall else 0) | _CATEGORY_BITS[s.category if s.terrain == "mountain"
                                                                          else _NO_CATEGORY]
                           for s in course.squares) + \
            (_CATEGORY_BITS[course.arrival_category if arrival_mountain else _NO_CATEGORY],) * beyond
        self.climbs = tuple(_MOUNTAIN_UNIT if s.terrain == "mountain" else 0 for s in course.squares) + \
            (_MOUNTAIN_UNIT if arrival_mountain else 0,) * beyond
        #: past the line no row rejoins the peloton
        self.grow = tuple(s.grow for s in course.squares) + (-1,) * beyond
        #: what a step adds to the path: the square, nothing past the line
        self.path_steps = tuple((s.gid,) for s in course.squares) + ((),) * beyond
        #: the destination a step onto the square reaches
        self.destinations = tuple((SQUARE, s.gid) for s in course.squares) + tuple((FINISH, -k) for k in past_line)


#: per course (by identity; the course is held, so its id stays its own) the facts the search reads
_FACTS: dict[int, tuple[Course, _RoadFacts]] = {}
#: squares past the line the facts cover at first (a walk of the longest free movement goes 13 steps)
_BEYOND_LINE = 16


def _facts(course: Course, steps: int = _BEYOND_LINE) -> _RoadFacts:
    """The course's facts, covering at least ``steps`` squares past the line."""
    entry = _FACTS.get(id(course))
    if entry is None or entry[0] is not course or entry[1].beyond < steps:
        entry = _FACTS[id(course)] = (course, _RoadFacts(course, max(steps, _BEYOND_LINE)))
    return entry[1]


def search_moves(course: Course, start: int | Iterable[int], free: int, occupied: AbstractSet[int],
                 no_stop: AbstractSet[int] = frozenset(), rejoin_from_grow: int | None = None,
                 min_steps: int = 1) -> dict[tuple[str, int], MoveOption]:
    """Every destination reachable this move, with the way taken there.

    ``start`` is the rider's square, or the squares just ahead of the peloton
    for a rider breaking away (his first step lands on one of them).
    ``occupied`` squares hold riders: nobody passes through them unless every
    square ahead is occupied (then +1 energy each, never stopping there).
    ``no_stop`` squares (a punctured rider's) may be crossed but not ended on.
    ``rejoin_from_grow``: for a rider behind the peloton, reaching this row
    means rejoining it (the move ends there).
    """
    ways = search_ways(course, start, free, occupied, no_stop, rejoin_from_grow, min_steps)
    return {key: option_from_way(key, way, free) for key, way in ways.items()}


#: where a way found by :func:`search_ways` keeps the energy a rider must hold to try it
WAY_ENERGY_NEEDED = 3


def option_from_way(key: tuple[str, int], way: tuple, free: int) -> MoveOption:
    """The :class:`MoveOption` of one way found by :func:`search_ways`: what :func:`make_option` makes of
    it, with the cost and the energy needed the search has already worked out."""
    energy_needed, cost, steps, path, state = way[3:]
    crossed = state >> _CROSSED_SHIFT
    fall, mountain, category = _RISK_FIELDS[state & _RISKS_MASK]
    return MoveOption(key[0], key[1], path, steps, free, crossed, mountain > category, fall, mountain,
                      category if mountain else 0, steps - free if steps > free else 0, cost,
                      free - steps if free > steps else 0, energy_needed)


def search_ways(course: Course, start: int | Iterable[int], free: int, occupied: AbstractSet[int],
                no_stop: AbstractSet[int] = frozenset(), rejoin_from_grow: int | None = None,
                min_steps: int = 1, energy: int | None = None) -> Mapping[tuple[str, int], tuple]:
    """:func:`search_moves` before the options are made: per destination a tuple
    that :func:`option_from_way` turns into the option (``way[WAY_ENERGY_NEEDED]``
    is what the rider must hold to try it).  The result may be shared: never change it.

    With ``energy``, only the ways a rider holding that much can try are sure to be
    there as the full search finds them (the legal moves, in the same order); others
    may be missing or not the preferred ones, so filter by ``WAY_ENERGY_NEEDED``.  The
    search then stops where every further step costs more than the rider holds.

    The last few searches are remembered by everything they depend on: a bot
    rebuilding the position it was given from its view, or riders of one type
    in the peloton, search the very same moves again.  No more than a few:
    kept longer, searches made the garbage collector's full passes over the
    courses' data cost more than they saved.
    """
    start_key = start if isinstance(start, int) else tuple(start)
    # the paying squares within reach decide where the search may stop, so energies that pay for as many
    # share one search, made for the most of them (PAYING_COSTS[reach + 1] - 1)
    reach = MAX_PAYING if energy is None else _PAYING_WITHIN.get(energy, MAX_PAYING if energy > 0 else 0)
    key = (id(course), start_key, free, min_steps, rejoin_from_grow, frozenset(occupied),
           frozenset(no_stop) if no_stop else NO_SQUARES, reach)
    ways = _RECENT.get(key)
    if ways is None:
        known = _FACTS.get(id(course))  # _facts(), looked up here without a call while they cover the walk
        facts = known[1] if known is not None and known[0] is course and known[1].beyond >= free + MAX_PAYING \
            else _facts(course, free + MAX_PAYING)
        ways = _walk(course, facts, start_key, free, occupied, no_stop, rejoin_from_grow, min_steps,
                     None if reach == MAX_PAYING else PAYING_COSTS[reach + 1] - 1)
        if len(_RECENT) >= _RECENT_LIMIT:
            del _RECENT[next(iter(_RECENT))]
        _RECENT[key] = ways
    return ways


#: the last searches (oldest first) by all they depend on; see ``search_ways``
_RECENT: dict[tuple, Mapping[tuple[str, int], tuple]] = {}
_RECENT_LIMIT = 8
#: no squares at all: the one empty set the searches and the positions share
NO_SQUARES: frozenset[int] = frozenset()
#: energy -> the most paying squares that energy pays for (from PAYING_COSTS[MAX_PAYING] on, all of them)
_PAYING_WITHIN = {energy: max(p for p in range(MAX_PAYING + 1) if PAYING_COSTS[p] <= energy)
                  for energy in range(PAYING_COSTS[MAX_PAYING])}


def _walk(course: Course, facts: _RoadFacts, start: int | tuple[int, ...], free: int, occupied: AbstractSet[int],
          no_stop: AbstractSet[int], rejoin_from_grow: int | None, min_steps: int,
          afford: int | None = None) -> dict[tuple[str, int], tuple]:
    """Walk every way, one step at a time, keeping per destination the preferred way.

    A walker is (square, state, path): the state holds the occupied squares crossed, the fall risk, the
    paying squares on a pass and the hardest category among them, in one int (``_SQUARE_SPAN``); of the
    walkers that reach the same square and state on a step only the first goes on.  The preferred way
    is the smallest preference: a rider does not overtake through occupied squares when he can avoid
    it; when he must, he takes the longest way (B.1).  Otherwise the safe way, then the cheap one, then
    the short one, then the first path in road order.  Squares past the line are -1, -2, ...

    The free steps come first and risk nothing, so they have a loop of their own.

    ``afford``: the most energy a way may cost to matter.  Once every further step
    costs more, a destination's preferred way can change only where the way found
    overtakes or risks something (a longer overtaking way, or a safe one, comes
    first); with no such way affordable the walk stops, else it goes on to the end.
    """
    nexts_of = facts.nexts
    marks = facts.marks
    climbs = facts.climbs
    grow = facts.grow
    path_steps = facts.path_steps
    destinations = facts.destinations
    risk_factors = _RISK_FACTORS
    max_steps = free + MAX_PAYING
    rejoin_grow = rejoin_from_grow if rejoin_from_grow is not None else 1 << 30
    # per destination: the preference (crossed > 0, -steps if crossed, risky, energy needed, cost, steps, path)
    # followed by the way's state (a path fixes it, so it never decides)
    best: dict[tuple[str, int], tuple] = {}
    best_get = best.get
    # where a step from a square next to occupied ones may go, and whether that means riding through them
    # (from any other square a step goes wherever the road does)
    moves: dict[int, tuple[tuple[int, ...], bool]] = {}
    if isinstance(start, int):
        layer = [(start, 0, ())]
    else:
        layer = [(_PELOTON_FRONT, 0, ())]
        moves[_PELOTON_FRONT] = (start, False) if occupied.isdisjoint(start) else _open_steps(start, occupied)
    for step in range(1, free + 1):
        # a free step: nobody has risked anything yet, so a walker's state is what he crossed
        may_stop = step >= min_steps
        # the states reached on this step (a dict: storing a key costs less than calling set.add)
        seen: dict[int, None] = {}
        following: list[tuple[int, int, tuple[int, ...]]] = []
        append = following.append
        for node, state, path in layer:
            if node in moves:
                steps_to, blocked = moves[node]
                if blocked:
                    state += _CROSSED_UNIT
                stops = may_stop and not blocked
            else:
                steps_to = nexts_of[node]
                if occupied.isdisjoint(steps_to):
                    stops = may_stop
                else:
                    steps_to, blocked = moves[node] = _open_steps(steps_to, occupied)
                    if blocked:
                        state += _CROSSED_UNIT
                    stops = may_stop and not blocked
            for nxt in steps_to:
                state_key = state + nxt
                if state_key in seen:
                    continue
                seen[state_key] = None
                n_path = path + path_steps[nxt]
                if grow[nxt] >= rejoin_grow:
                    key = _REJOIN_KEY
                else:
                    append((nxt, state, n_path))
                    if not stops or nxt in no_stop:
                        continue
                    key = destinations[nxt]
                known = best_get(key)
                # a way there that does not overtake is preferred to any that does, and to a later one
                if state:
                    if known is not None and not known[0]:
                        continue
                    crossed = state >> _CROSSED_SHIFT
                    candidate = (True, -step, False, crossed, crossed, step, n_path, state)
                else:
                    if known is not None and not known[0] and known[5] < step:
                        continue
                    candidate = (False, 0, False, 0, 0, step, n_path, 0)
                if known is None or candidate < known:
                    best[key] = candidate
        layer = following
        if not layer:
            return best
    for step in range(free + 1, max_steps + 1):
        base_cost = PAYING_COSTS[step - free]
        if afford is not None and base_cost > afford:
            # (a loop rather than any() over a generator: most walks with an energy bound come here)
            for way in best.values():
                if (way[0] or way[2]) and way[3] <= afford:
                    afford = None  # a way found overtakes or risks: walk on to the end
                    break
            else:
                break
        may_stop = step >= min_steps
        seen = {}
        following = []
        append = following.append
        for node, state, path in layer:
            # the free steps' look-up of where a walker may go, written out again on purpose: one shared
            # look-up (a dict filling itself on a miss) made 12-rider playouts about 7 % slower
            if node in moves:
                steps_to, blocked = moves[node]
                if blocked:
                    state += _CROSSED_UNIT
                stops = may_stop and not blocked
            else:
                steps_to = nexts_of[node]
                if occupied.isdisjoint(steps_to):
                    stops = may_stop
                else:
                    steps_to, blocked = moves[node] = _open_steps(steps_to, occupied)
                    if blocked:
                        state += _CROSSED_UNIT
                    stops = may_stop and not blocked
            for nxt in steps_to:
                n_state = (state | marks[nxt]) + climbs[nxt]
                state_key = n_state + nxt
                if state_key in seen:
                    continue
                # the same walk without the fall risk, found first on this step, is better all the way
                if n_state & _FALL_BIT and state_key - _FALL_BIT in seen:
                    continue
                seen[state_key] = None
                n_path = path + path_steps[nxt]
                if grow[nxt] >= rejoin_grow:
                    key = _REJOIN_KEY
                else:
                    append((nxt, n_state, n_path))
                    if not stops or nxt in no_stop:
                        continue
                    key = destinations[nxt]
                known = best_get(key)
                if n_state:
                    crossed = n_state >> _CROSSED_SHIFT
                    # a way there that does not overtake is preferred to any that does, and a safe one to a later
                    # one (which costs more)
                    if known is not None and not known[0] and (crossed or (not known[2] and known[5] < step)):
                        continue
                    cost = base_cost + crossed
                    factor = risk_factors[n_state & _RISKS_MASK]
                    candidate = (crossed > 0, -step if crossed else 0, factor > 1, cost * factor, cost, step, n_path,
                                 n_state)
                else:
                    # nothing crossed, risked or climbed (the most common way): the same, written out
                    if known is not None and not known[0] and not known[2] and known[5] < step:
                        continue
                    candidate = (False, 0, False, base_cost, base_cost, step, n_path, 0)
                if known is None or candidate < known:
                    best[key] = candidate
        layer = following
        if not layer:
            break
    return best


_REJOIN_KEY = (REJOIN, -1)


def _open_steps(nexts: tuple[int, ...], occupied: AbstractSet[int]) -> tuple[tuple[int, ...], bool]:
    """The free squares among ``nexts``; all of them, to ride through, when every one is occupied (B.1)."""
    open_steps = [n for n in nexts if n not in occupied]
    return (tuple(open_steps), False) if open_steps else (nexts, True)
