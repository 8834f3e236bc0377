"""Breaking Away's riders: one cyclist's state, where he races, and the order of the race.

Pure Python, shared by the engine (``rules.py``) and its parts (``rules_sheet.py``, ``rules_turn_end.py``,
``rules_results.py``).
"""
from __future__ import annotations

from operator import attrgetter
from typing import Any, Mapping

from .data import SQUARES, rider_number, rider_seat

RACING, FINISHED, RETIRED, RESTING, UNPLACED = "racing", "finished", "retired", "resting", "unplaced"


class Rider:
    """One cyclist: where he is and the factors on his sheet.

    ``secret`` holds the starting values not used yet (hidden from other seats
    unless factors are open); ``known`` holds replacement factors, which the race
    director announces to the table.  ``arrival`` orders riders on a square:
    the lower number arrived first and rides on the inside.
    """

    __slots__ = ("id", "seat", "number", "rank", "progress", "arrival", "status", "secret", "known",
                 "starting_used", "relief_square")

    def __init__(self, rid: int, rank: int, status: str) -> None:
        self.id = rid
        self.seat = rider_seat(rid)
        self.number = rider_number(rid)
        self.rank = rank
        self.progress = 0
        self.arrival = 0
        self.status = status
        self.secret: list[int] = []
        self.known: list[int] = []
        self.starting_used: list[int] = []
        self.relief_square: int | None = None

    @property
    def factors(self) -> list[int]:
        return sorted(self.known + self.secret, reverse=True)

    @property
    def square(self) -> int:
        return self.progress % SQUARES

    def copy(self) -> "Rider":
        """An independent twin (field by field: clones copy every rider, bots clone often)."""
        twin = Rider.__new__(Rider)
        twin.id, twin.seat, twin.number, twin.rank = self.id, self.seat, self.number, self.rank
        twin.progress, twin.arrival, twin.status = self.progress, self.arrival, self.status
        twin.secret, twin.known, twin.starting_used = self.secret[:], self.known[:], self.starting_used[:]
        twin.relief_square = self.relief_square
        return twin

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "rank": self.rank, "progress": self.progress, "arrival": self.arrival,
                "status": self.status, "secret": list(self.secret), "known": list(self.known),
                "starting_used": list(self.starting_used), "relief_square": self.relief_square}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Rider":
        rider = cls(int(data["id"]), int(data["rank"]), str(data["status"]))
        rider.progress = int(data["progress"])
        rider.arrival = int(data["arrival"])
        rider.secret = [int(v) for v in data["secret"]]
        rider.known = [int(v) for v in data["known"]]
        rider.starting_used = [int(v) for v in data["starting_used"]]
        square = data.get("relief_square")
        rider.relief_square = None if square is None else int(square)
        return rider


def lap_of(progress: int) -> int:
    """The lap (0-based) a rider is riding: stopping on the start line still belongs to the lap before."""
    return max(0, (progress - 1) // SQUARES)


def race_order_key(rider: Rider) -> tuple[int, int]:
    """Front to back; on a shared square the rider who arrived first (the inside one) first."""
    return -rider.progress, rider.arrival


_BY_ARRIVAL, _BY_PROGRESS = attrgetter("arrival"), attrgetter("progress")


def sort_race_order(riders: list[Rider]) -> None:
    """``riders.sort(key=race_order_key)`` as two stable sorts on plain attributes (no Python call per rider:
    the race sorts its riders every turn)."""
    riders.sort(key=_BY_ARRIVAL)
    riders.sort(key=_BY_PROGRESS, reverse=True)
