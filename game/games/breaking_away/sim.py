"""A compact copy of a race in progress, for the bots to play out thousands of times.

The engine in ``rules.py`` is the authority; this model repeats only what a
race needs once the riders are moving (moves, crossings and points, the
replacement factors with the breakaway bonus and first-turn overcrowding, the
finish, the Madison change-overs) on plain lists, without events, checks or
hidden information, which makes a playout about ten times faster.  A test
plays random races through both and compares them turn by turn, so the two
cannot drift apart.
"""
from __future__ import annotations

from typing import Callable

from .data import BASE_REPLACEMENT, LAP, OVERCROWDED, SQUARES
from .riders import FINISHED, RACING, RESTING, lap_of
from .rules import BreakingAwayState

#: status codes on the plain lists
ON_TRACK, DONE, OFF, RESTS = 0, 1, 2, 3
_STATUS = {RACING: ON_TRACK, FINISHED: DONE, RESTING: RESTS}

#: Madison change-over policy: (sim, seat) -> change now?
ChangePolicy = Callable[["RaceSim", int], bool]


class RaceSim:
    """Riders by index: progress, arrival, seat, status, hand; lines by index: progress, points, crossed.

    ``occupancy`` counts the riders on the track per progress value.
    """

    __slots__ = ("progress", "arrival", "seat", "status", "hand", "rank", "partner", "relief", "order", "turn",
                 "sole_leader", "line_progress", "line_points", "crossed", "points", "finishers", "arrivals",
                 "rival_bonus", "overcrowding", "madison", "changed_lap", "over", "num_seats", "ids", "occupancy")

    @classmethod
    def from_state(cls, state: BreakingAwayState) -> "RaceSim":
        sim = cls.__new__(cls)
        index = {r.id: i for i, r in enumerate(state.riders)}
        sim.ids = [r.id for r in state.riders]
        sim.progress = [r.progress for r in state.riders]
        sim.arrival = [r.arrival for r in state.riders]
        sim.seat = [r.seat for r in state.riders]
        sim.status = [_STATUS.get(r.status, OFF) for r in state.riders]
        sim.hand = [r.known + r.secret for r in state.riders]
        sim.rank = [r.rank for r in state.riders]
        sim.relief = [r.relief_square if r.status == RESTING else None for r in state.riders]
        sim.partner = [-1] * len(state.riders)
        if state.madison:
            for i, r in enumerate(state.riders):
                sim.partner[i] = next(index[o.id] for o in state.team(r.seat) if o is not r)
        sim.order = [index[r] for r in state.order]
        sim.turn = state.race_turn
        sim.sole_leader = index[state.sole_leader] if state.sole_leader is not None else -1
        sim.line_progress = [line.progress for line in state.lines]
        sim.line_points = [line.points for line in state.lines]
        sim.crossed = [len(state.crossings[line.key]) for line in state.lines]
        sim.points = list(state.points)
        sim.finishers = [index[r] for r in state.crossings[state.finish_line.key]]
        sim.arrivals = state.arrivals
        sim.rival_bonus = state.rival_bonus
        sim.overcrowding = state.overcrowding
        sim.madison = state.madison
        sim.changed_lap = list(state.changed_lap)
        sim.over = state.phase == "over"
        sim.num_seats = state.num_seats
        sim.occupancy = {}
        for i in sim.on_track():
            sim.occupancy[sim.progress[i]] = sim.occupancy.get(sim.progress[i], 0) + 1
        return sim

    def clone(self) -> "RaceSim":
        twin = RaceSim.__new__(RaceSim)
        for name in ("rank", "partner", "ids", "line_progress", "line_points", "rival_bonus", "overcrowding",
                     "madison", "num_seats", "turn", "sole_leader", "arrivals", "over"):
            setattr(twin, name, getattr(self, name))
        for name in ("progress", "arrival", "seat", "status", "relief", "order", "crossed", "points",
                     "finishers", "changed_lap"):
            setattr(twin, name, list(getattr(self, name)))
        twin.hand = [list(h) for h in self.hand]
        twin.occupancy = dict(self.occupancy)
        return twin

    # --- the rules, compactly ---------------------------------------------------------
    def on_track(self) -> list[int]:
        status = self.status
        return [i for i in range(len(status)) if status[i] == ON_TRACK]

    def overdue(self, seat: int, rider: int) -> bool:
        return lap_of(self.progress[rider]) > self.changed_lap[seat] + 1

    def allowed(self, rider: int) -> list[int]:
        factors = sorted(set(self.hand[rider]), reverse=True)
        if self.madison and self.overdue(self.seat[rider], rider):
            free = [f for f in factors if (self.progress[rider] + f) % SQUARES not in self.relief]
            if free:
                return free
        return factors

    def move(self, rider: int, factor: int, change_policy: ChangePolicy) -> None:
        """The rider at the head of the order moves; ends the turn when he was the last."""
        self.hand[rider].remove(factor)
        start = self.progress[rider]
        land = start + factor
        self.progress[rider] = land
        occupancy = self.occupancy
        if occupancy[start] == 1:
            del occupancy[start]
        else:
            occupancy[start] -= 1
        self.arrivals += 1
        self.arrival[rider] = self.arrivals
        self.order.pop(0)
        line_progress = self.line_progress
        for j in range(len(line_progress)):
            if start <= line_progress[j] < land:
                place = self.crossed[j]
                self.crossed[j] = place + 1
                table = self.line_points[j]
                if place < len(table):
                    self.points[self.seat[rider]] += table[place]
                if j == len(line_progress) - 1:
                    self.finishers.append(rider)
                    if not self.madison:
                        self.status[rider] = DONE
        if self.status[rider] == ON_TRACK:
            occupancy[land] = occupancy.get(land, 0) + 1
        if self.crossed[-1] >= len(self.line_points[-1]) or ON_TRACK not in self.status:
            self.over = True
        elif not self.order:
            self.end_turn(change_policy)

    def replacements(self) -> list[tuple[int, int]]:
        racing = self.on_track()
        progress = self.progress
        crowd: dict[int, int] = {}
        for i in racing:
            crowd[progress[i]] = crowd.get(progress[i], 0) + 1
        overcrowded: set[int] = set()
        if self.overcrowding and self.turn == 1:
            overcrowded = {p for p, n in crowd.items() if n >= OVERCROWDED}
            for p in overcrowded:
                del crowd[p]
        ahead_of: dict[int, int] = {}
        for p in sorted(crowd, reverse=True):
            ahead_of[p] = crowd[p + 1] + ahead_of[p + 1] if p + 1 in crowd else 0
        leader, lead = self.breakaway(racing)
        out = []
        for i in racing:
            if i == leader:
                out.append((i, lead))
            elif progress[i] in overcrowded:
                out.append((i, BASE_REPLACEMENT))
            else:
                out.append((i, BASE_REPLACEMENT + ahead_of.get(progress[i], 0)))
        return out

    def front_riders(self, racing: list[int]) -> list[int]:
        front = max(self.progress[i] for i in racing)
        return [i for i in racing if self.progress[i] == front]

    def breakaway(self, racing: list[int]) -> tuple[int, int]:
        """(sole leader who just went clear, his lead) or (-1, 0)."""
        if not racing:
            return -1, 0
        leaders = self.front_riders(racing)
        leader = leaders[0]
        previous = self.sole_leader
        if len(leaders) != 1 or leader == previous or (
                self.madison and previous >= 0 and self.seat[leader] == self.seat[previous]):
            return -1, 0
        chasers = [self.progress[i] for i in racing
                   if i != leader and (not self.rival_bonus or self.seat[i] != self.seat[leader])]
        if not chasers:
            return -1, 0
        return leader, self.progress[leader] - max(chasers)

    def end_turn(self, change_policy: ChangePolicy) -> None:
        for i, factor in self.replacements():
            self.hand[i].append(factor)
        racing = self.on_track()
        leaders = self.front_riders(racing)
        self.sole_leader = leaders[0] if len(leaders) == 1 else -1
        ordered = sorted(racing, key=lambda i: (-self.progress[i], self.arrival[i]))
        if self.madison:
            for rider in ordered:
                self.consider_change(rider, change_policy)
            ordered = sorted(self.on_track(), key=lambda i: (-self.progress[i], self.arrival[i]))
        self.turn += 1
        self.order = ordered

    def may_change(self, rider: int) -> bool:
        p = self.progress[rider]
        if p % SQUARES in self.relief:
            return False
        latest = max(self.arrival[i] for i in self.on_track() if self.progress[i] == p)
        return latest == self.arrival[rider]

    def consider_change(self, rider: int, change_policy: ChangePolicy) -> None:
        seat = self.seat[rider]
        if self.status[rider] != ON_TRACK or not self.may_change(rider):
            return
        if not self.overdue(seat, rider) and not change_policy(self, seat):
            return
        partner = self.partner[rider]
        self.status[partner], self.status[rider] = ON_TRACK, RESTS
        self.progress[partner], self.arrival[partner] = self.progress[rider], self.arrival[rider]
        self.relief[partner], self.relief[rider] = None, self.progress[rider] % SQUARES
        self.changed_lap[seat] = lap_of(self.progress[rider])

    # --- standings -----------------------------------------------------------------------
    def active(self, seat: int) -> int:
        """Madison: the team's rider on the track (or past the finish), -1 before the start."""
        for i in range(len(self.status)):
            if self.seat[i] == seat and self.status[i] in (ON_TRACK, DONE):
                return i
        return -1

    def ranks(self) -> list[int]:
        """Standings as in the engine: points then best-placed rider (Madison: laps lost first)."""
        place = {rider: k for k, rider in enumerate(self.finishers)}
        road = sorted((i for i in self.on_track() if i not in place),
                      key=lambda i: (-self.progress[i], self.arrival[i]))
        for k, rider in enumerate(road):
            place[rider] = len(self.finishers) + k
        best = [999] * self.num_seats
        for rider, k in place.items():
            seat = self.seat[rider]
            best[seat] = min(best[seat], k)
        if self.madison:
            distance = [self.progress[a] if a >= 0 else None for a in map(self.active, range(self.num_seats))]
            front = max((d for d in distance if d is not None), default=0)
            lost = [(front - d) // LAP if d is not None else 99 for d in distance]
            keys = [(lost[s], -self.points[s], best[s]) for s in range(self.num_seats)]
        else:
            keys = [(-self.points[s], best[s]) for s in range(self.num_seats)]
        return [1 + sum(1 for other in keys if other < mine) for mine in keys]
