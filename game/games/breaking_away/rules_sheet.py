"""Breaking Away's movement log sheets and the Madison's line-up: a part of ``BreakingAwayState`` (rules.py).

Before the race each team fills its secret sheet, one value or one cyclist at a time, and seals it;
in the Madison each team then names its starter and parks its relief rider.
"""
from __future__ import annotations

from game.core.protocol import Action, Event, IllegalAction, act
from game.i18n import Message

from .allocation import is_complete, limit_for, next_values, sheet_problem, step_problem
from .data import SHEET_LIMITS, SQUARES, rider_name, team_name
from .riders import RACING, RESTING, UNPLACED, Rider
from .rules_fields import BreakingAwayFields

#: the factor actions a sheet may take next, by (cyclist, rank, how many values so far, their sum)
_SHEET_STEPS: dict[tuple[int, ...], list[Action]] = {}


class SheetRules(BreakingAwayFields):
    """The sheets (allocate) and the Madison's placement (place): their actions, checks and effects."""

    # --- the actions of the sheets and the line-up -------------------------------------------
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


def _int_args(action: Action) -> list[int] | None:
    if all(isinstance(a, int) for a in action.args):
        return [int(a) for a in action.args]
    return None
