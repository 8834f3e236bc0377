"""Leader 1's peloton: a part of ``Leader1State`` (rules.py), kept apart by step of the game turn."""
from __future__ import annotations

from game.core.protocol import Event
from game.i18n import Message

from .course import CourseSquare
from .dice import events_die, peloton_die, tables
from .rider import PELOTON, ROAD, Rider
from .rules_fields import Leader1Fields
from .rules_words import team_name

#: B.4: energy each peloton rider pays after a fast peloton move
PELOTON_SPEED_COSTS = {5: 1, 6: 2, 7: 3}
#: what a peloton move faster than the table's fastest costs
_TOP_SPEED_COST = max(PELOTON_SPEED_COSTS.values())
#: C.3: this events die result is a puncture
PUNCTURE_FACE = 1


class PelotonRules(Leader1Fields):
    """The peloton's move (B.3, B.4), who it absorbs and drops, feed zones, punctures."""

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
