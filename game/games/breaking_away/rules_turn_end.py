"""Breaking Away's turn end: a part of ``BreakingAwayState`` (rules.py).

After everybody has moved each racing rider receives a replacement factor (the slipstream, or the
breakaway bonus), and in the Madison the teams that may change over decide whether to.
"""
from __future__ import annotations

from typing import Any, Mapping

from game.core.protocol import Action, Event
from game.i18n import Message, PluralMessage

from .data import BASE_REPLACEMENT, OVERCROWDED, rider_name, rider_seat
from .riders import FINISHED, RACING, RESTING, Rider, lap_of, race_order_key, sort_race_order
from .rules_fields import BreakingAwayFields

#: replacement events by (rider, factor, reason, details): a race repeats the same few hundred, and events
#: are values (never changed once made), so one object serves every race that gives the same factor
_REPLACEMENT_EVENTS: dict[tuple[Any, ...], Event] = {}


class TurnEndRules(BreakingAwayFields):
    """Replacement factors and Madison change-overs, with the turn's end that gives and offers them."""

    def _end_turn(self) -> list[Event]:
        """Everyone has moved: replacement factors, then (Madison) change-overs, then the next turn."""
        racing_riders = self._racing_this_turn()
        rows, racing, leader = self._turn_end_rows(list(racing_riders))
        for rider, row in zip(racing, rows):  # a row per racing rider, in the same order
            rider.known.append(row[1])
        events = [_REPLACEMENT_EVENTS.get(row) or _replacement_event(row) for row in rows]
        self.sole_leader = leader  # current_sole_leader(): replacement factors move nobody
        if self.madison:
            self.change_queue = [r.seat for r in racing]
            return events + self._next_change()
        return events + self._start_turn(racing, racing_riders)  # nobody stops racing between the turns

    # replacement factors
    def current_sole_leader(self) -> int | None:
        front: int | None = None  # progress may be below 0 (the staggered start)
        leader = None
        for rider in self.riders:
            if rider.status == RACING:
                if front is None or rider.progress > front:
                    front, leader = rider.progress, rider.id
                elif rider.progress == front:
                    leader = None
        return leader

    def replacements(self) -> list[tuple[int, int, str, dict[str, Any]]]:
        """Each racing rider's replacement factor with the reason, front to back.

        3 plus the riders on the unbroken run of occupied squares directly ahead;
        on the first turn with the overcrowding option, riders on a square of 5 or
        more get 3 and such squares count as empty.  The sole leader who was not
        the sole leader a turn ago gets his lead instead (Breaking Away bonus).
        """
        return [_replacement(row) for row in self._replacement_rows()]

    def _replacement_rows(self) -> list[tuple[Any, ...]]:
        """``replacements()`` as flat rows (rider, factor, reason, *detail values): the turn's end keys its
        remembered events on them."""
        return self._turn_end_rows(self.racing())[0]

    def _turn_end_rows(self, racing: list[Rider]) -> tuple[list[tuple[Any, ...]], list[Rider], int | None]:
        """The replacement rows, the racing riders front to back (``racing``, the ``racing()`` list, sorted in
        place) and the sole leader (from that order: ``current_sole_leader()``), worked out once at the turn's
        end."""
        sort_race_order(racing)
        leader = None
        if racing and (len(racing) == 1 or racing[1].progress != racing[0].progress):
            leader = racing[0].id
        if self.overcrowding and self.race_turn == 1:
            rows = self._overcrowded_rows(racing)
        else:  # one walk front to back: a square's run ahead is the square just ahead's riders and run
            rows = []
            square: int | None = None
            on_square = run = 0
            for rider in racing:
                progress = rider.progress
                if progress != square:
                    run = on_square + run if progress + 1 == square else 0
                    square, on_square = progress, 0
                on_square += 1
                rows.append((rider.id, BASE_REPLACEMENT + run, "slipstream" if run else "alone", run))
        breakaway = self._breakaway_bonus(racing, leader)
        if breakaway is not None:  # the sole leader, first in race order
            rows[0] = (breakaway[0], breakaway[1], "breakaway", breakaway[1], breakaway[2])
        return rows, racing, leader

    @staticmethod
    def _overcrowded_rows(racing: list[Rider]) -> list[tuple[Any, ...]]:
        """The first turn's rows with the overcrowding option (front to back): a square of 5 or more gives its
        riders 3 and counts as empty, so every square's riders are counted first."""
        crowd: dict[int, int] = {}  # riders per occupied square, front to back
        for rider in racing:
            crowd[rider.progress] = crowd.get(rider.progress, 0) + 1
        overcrowded = {p for p, n in crowd.items() if n >= OVERCROWDED}
        for p in overcrowded:
            del crowd[p]
        ahead_of: dict[int, int] = {}
        for p in crowd:  # front to back, so the square ahead is counted first
            ahead_of[p] = crowd[p + 1] + ahead_of[p + 1] if p + 1 in crowd else 0
        rows: list[tuple[Any, ...]] = []
        for rider in racing:
            if rider.progress in overcrowded:
                rows.append((rider.id, BASE_REPLACEMENT, "overcrowded", 0))
            else:
                ahead = ahead_of.get(rider.progress, 0)
                rows.append((rider.id, BASE_REPLACEMENT + ahead, "slipstream" if ahead else "alone", ahead))
        return rows

    def breakaway_bonus(self, racing: list[Rider]) -> tuple[int, int, int] | None:
        """(leader, lead, rider he leads) when the sole leader has just gone clear; else None.

        The lead is measured to the second-placed rider, or with the rival option
        to the best-placed rider of another team.  It may be below 3 (FAQ).
        """
        return self._breakaway_bonus(sorted(racing, key=race_order_key), self.current_sole_leader())

    def _breakaway_bonus(self, in_race_order: list[Rider], leader: int | None) -> tuple[int, int, int] | None:
        """``breakaway_bonus`` from the racing riders front to back (the turn's end has them so)."""
        if leader is None or self.same_leader(leader, self.sole_leader):
            return None
        seat = rider_seat(leader)
        rival_only = self.rival_bonus
        for second in in_race_order:  # the best-placed chaser is the first in race order
            if second.id != leader and (not rival_only or second.seat != seat):
                return leader, self.by_id[leader].progress - second.progress, second.id
        return None

    def same_leader(self, rider: int, previous: int | None) -> bool:
        """Whether ``rider`` already led alone a turn ago (Madison: his team did; a relay keeps the lead)."""
        if previous is None:
            return False
        return rider == previous or (self.madison and rider_seat(rider) == rider_seat(previous))

    # Madison change-overs
    def relief_rests_at(self, square: int) -> bool:
        return any(r.status == RESTING and r.relief_square == square for r in self.riders)

    def active_rider(self, seat: int) -> Rider | None:
        return next((r for r in self.team(seat) if r.status in (RACING, FINISHED)), None)

    def change_overdue(self, seat: int) -> bool:
        """Madison: a team must change over at least once a lap; once a lap passes without, it is overdue."""
        rider = self.active_rider(seat)
        return rider is not None and rider.status == RACING and lap_of(rider.progress) > self.changed_lap[seat] + 1

    def may_change_over(self, seat: int) -> bool:
        """The rider must be the outermost of his group and no relief rider may rest beside his square."""
        rider = self.active_rider(seat)
        if rider is None or rider.status != RACING:
            return False
        outermost = max((r for r in self.riders if r.status == RACING and r.progress == rider.progress),
                        key=lambda r: r.arrival)
        return outermost is rider and not self.relief_rests_at(rider.square)

    def _next_change(self) -> list[Event]:
        """Walk the change queue: skip teams that may not change, carry out compulsory changes."""
        events: list[Event] = []
        while self.change_queue:
            seat = self.change_queue[0]
            if not self.may_change_over(seat):
                self.change_queue.pop(0)
            elif self.change_overdue(seat):
                self.change_queue.pop(0)
                events.extend(self._change_over(seat, compulsory=True))
            else:
                self.phase = "change"
                return events
        return events + self._start_turn()

    def _apply_change_decision(self, action: Action) -> list[Event]:
        seat = self.change_queue.pop(0)
        events = self._change_over(seat, compulsory=False) if action.kind == "change" else []
        return events + self._next_change()

    def _change_over(self, seat: int, compulsory: bool) -> list[Event]:
        rider = self.active_rider(seat)
        assert rider is not None
        partner = next(r for r in self.team(seat) if r is not rider)
        partner.status, partner.progress, partner.arrival = RACING, rider.progress, rider.arrival
        partner.relief_square = None
        rider.status, rider.relief_square = RESTING, rider.square
        self.changed_lap[seat] = lap_of(rider.progress)
        if compulsory:
            told = Message("{rider} takes over from {partner} on square {square} (compulsory: a lap went by without "
                           "a change).", rider=rider_name(partner.id), partner=rider_name(rider.id), square=rider.square)
        else:
            told = Message("{rider} takes over from {partner} on square {square}.", rider=rider_name(partner.id),
                           partner=rider_name(rider.id), square=rider.square)
        return [Event(told, "change",
                      {"seat": seat, "out": rider.id, "in": partner.id, "square": rider.square,
                       "progress": rider.progress, "compulsory": compulsory})]


#: the names of a replacement row's detail values, by reason
_DETAIL_NAMES = {"breakaway": ("lead", "over"), "overcrowded": ("riders_ahead",), "slipstream": ("riders_ahead",),
                 "alone": ("riders_ahead",)}


def _replacement(row: tuple[Any, ...]) -> tuple[int, int, str, dict[str, Any]]:
    """A replacement row as ``replacements()`` gives it: (rider, factor, reason, details by name)."""
    reason = row[2]
    return row[0], row[1], reason, dict(zip(_DETAIL_NAMES[reason], row[3:]))


def _replacement_event(row: tuple[Any, ...]) -> Event:
    """The event of a replacement row, made once and remembered in ``_REPLACEMENT_EVENTS``."""
    if len(_REPLACEMENT_EVENTS) > 65536:
        _REPLACEMENT_EVENTS.clear()
    rider, factor, reason, detail = _replacement(row)
    event = _REPLACEMENT_EVENTS[row] = Event(
        replacement_text(rider, factor, reason, detail), "replacement",
        {"rider": rider, "seat": rider_seat(rider), "factor": factor, "reason": reason, **detail})
    return event


def replacement_text(rider: int, factor: int, reason: str, detail: Mapping[str, Any]) -> Message:
    """The replacement factor a rider is given, and why."""
    name = rider_name(rider)
    if reason == "breakaway":
        return PluralMessage("{rider} breaks away: bonus {count} ({count} square clear of {chaser}).",
                             "{rider} breaks away: bonus {count} ({count} squares clear of {chaser}).", factor,
                             rider=name, chaser=rider_name(detail["over"]))
    if reason == "overcrowded":
        return Message("{rider} gets 3: his square is overcrowded on the first turn.", rider=name)
    ahead = detail["riders_ahead"]
    if ahead:
        return PluralMessage("{rider} gets {factor} = 3 + {count} rider ahead.",
                             "{rider} gets {factor} = 3 + {count} riders ahead.", ahead, rider=name, factor=factor)
    return Message("{rider} gets 3: nobody on the square directly ahead.", rider=name)
