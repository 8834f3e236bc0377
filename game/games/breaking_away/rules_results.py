"""Breaking Away's results: a part of ``BreakingAwayState`` (rules.py).

Placings, standings and the outcome with its note, the summary, the records, and the invariants a
race keeps.
"""
from __future__ import annotations

from typing import Any

from game.core.protocol import Outcome
from game.i18n import Message, PluralMessage

from .data import LAP, SHEET_LIMITS, rider_seat, team_name
from .riders import RACING, RETIRED, race_order_key
from .rules_fields import BreakingAwayFields


class ResultRules(BreakingAwayFields):
    """Who is placed where, who wins and why, and what a finished race records."""

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
