"""Leader 1's end of a stage: a part of ``Leader1State`` (rules.py), kept apart by step of the game turn."""
from __future__ import annotations

from game.core.protocol import Event
from game.i18n import Message

from .dice import tables
from .races import race_title
from .rider import FINISHED
from .rules_fields import Leader1Fields
from .views import StageResult

#: D: stage race
STAGE_WIN_SQUARES = 2
BONUS_TIME_SQUARES = 1
ENERGY_CARRY_CAP = 15


def carried_energy(energy_left: int) -> int:
    """D.3: leftover energy carried to the next stage, never more than 15."""
    return min(max(0, energy_left), ENERGY_CARRY_CAP)


class StageRules(Leader1Fields):
    """The end of a stage: its finish order, results and the general classification."""

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
        result: StageResult = {"race": self.calendar[self.stage], "finish_order": order,
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
