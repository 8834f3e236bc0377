"""How far a rider may go and what it costs: free movement, paying squares, risks.

Pure functions over a :class:`Course`.  :func:`search_moves` walks every way a
rider can take this turn (at most his free squares plus six paying squares)
and keeps, for each place he can end on, the best way there: no overtaking
when it can be helped, then no risk, then the lowest cost.  The rules and the
scene's pre-move preview both use it, so what is shown is what is played.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import AbstractSet, Iterable

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


@dataclass(frozen=True)
class MoveOption:
    """One place a rider can end his move on, and the way the engine takes there."""

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


def _preference(steps: int, free: int, crossed: int, fall: bool, mountain: int, category: int,
                path: tuple[int, ...]) -> tuple:
    """Sort key among the ways to one destination (smaller is taken).

    A rider does not overtake through occupied squares when he can avoid it;
    when he must, he takes the longest way (B.1).  Otherwise the safe way, then
    the cheap one, then the short one.
    """
    paying = steps - free
    cost = (PAYING_COSTS[paying] if paying > 0 else 0) + crossed
    crack = mountain > category
    risky = crack or fall
    return (crossed > 0, -steps if crossed else 0, risky, cost * worst_case_factor(crack, fall), cost, steps, path)


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
    squares = course.squares
    forward = course.forward
    arrival_mountain = course.arrival_terrain == "mountain"
    arrival_category = course.arrival_category
    max_steps = free + MAX_PAYING
    best: dict[tuple[str, int], tuple] = {}
    ways: dict[tuple[str, int], tuple] = {}
    # a walker: (node, crossed, fall, mountain_paying, category, path); node < 0 is -k, k squares past the line
    first_nodes: tuple[int, ...] = ()
    if isinstance(start, int):
        layer = [(start, 0, False, 0, _NO_CATEGORY, ())]
    else:
        first_nodes = tuple(start)
        layer = [(_PELOTON_FRONT, 0, False, 0, _NO_CATEGORY, ())]
    for step in range(1, max_steps + 1):
        paying = step > free
        seen: set[tuple[int, int, bool, int, int]] = set()
        following = []
        for node, crossed, fall, mountain, category, path in layer:
            if node == _PELOTON_FRONT:
                nexts = first_nodes
            elif node < 0:
                nexts = (node - 1,)
            else:
                nexts = forward[node] or (-1,)
            open_nexts = [n for n in nexts if n < 0 or n not in occupied]
            blocked = not open_nexts
            n_crossed = crossed + 1 if blocked else crossed
            for nxt in (nexts if blocked else open_nexts):
                n_fall, n_mountain, n_category = fall, mountain, category
                if nxt >= 0:
                    if paying:
                        square = squares[nxt]
                        if square.fall:
                            n_fall = True
                        if square.terrain == "mountain":
                            n_mountain += 1
                            if square.category < n_category:
                                n_category = square.category
                elif paying and arrival_mountain:
                    n_mountain += 1
                    n_category = min(n_category, arrival_category)
                state_key = (nxt, n_crossed, n_fall, n_mountain, n_category)
                if state_key in seen:
                    continue
                seen.add(state_key)
                n_path = path + (nxt,) if nxt >= 0 else path
                if nxt >= 0 and rejoin_from_grow is not None and squares[nxt].grow >= rejoin_from_grow:
                    key = (REJOIN, -1)
                elif step < min_steps or blocked or (nxt >= 0 and nxt in no_stop):
                    following.append((nxt, n_crossed, n_fall, n_mountain, n_category, n_path))
                    continue
                else:
                    following.append((nxt, n_crossed, n_fall, n_mountain, n_category, n_path))
                    key = (SQUARE, nxt) if nxt >= 0 else (FINISH, -nxt)
                preference = _preference(step, free, n_crossed, n_fall, n_mountain, n_category, n_path)
                if key not in best or preference < best[key]:
                    best[key] = preference
                    ways[key] = (step, n_crossed, n_fall, n_mountain, n_category, n_path)
        layer = following
        if not layer:
            break
    options = {}
    for (kind, target), (steps, crossed, fall, mountain, category, path) in ways.items():
        options[(kind, target)] = make_option(kind, target, path, steps, free, crossed, fall, mountain, category)
    return options
