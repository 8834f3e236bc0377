"""Leader 1's riding: a part of ``Leader1State`` (rules.py), kept apart by step of the game turn."""
from __future__ import annotations

from typing import Any, Mapping

from game.core.protocol import Event
from game.i18n import Message

from .dice import events_die, risk_threshold
from .movement import (BREAKAWAY_MIN_SQUARES, FINISH, NO_SQUARES, SLIPSTREAM_BREAKING_MOVE, SQUARE, WAY_ENERGY_NEEDED,
                       MoveOption, free_squares, option_from_way, search_ways)
from .rider import FEED_COLOURS, FINISHED, PELOTON, ROAD, Rider
from .rules_fields import Leader1Fields
from .rules_words import (_FROM_THE_PELOTON, _energy_words, _feed_tile_word, _feed_tiles_word, _move_details,
                          _ride_words, _slipstream_message, _square_word, _squares)


class RidingRules(Leader1Fields):
    """Where a rider may ride (his move options, what he can pay) and his move: slipstream, risks, feed tiles,
    the finish."""

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
