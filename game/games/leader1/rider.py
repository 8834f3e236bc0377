"""A Leader 1 rider: who owns him, what he is, where he is in the stage, and how he is saved."""
from __future__ import annotations

from operator import attrgetter
from typing import Any, Mapping

from game.i18n import Message

from .movement import RIDER_TYPES
from .rules_words import _rider_name, rider_name

#: the colour of the feed tiles a rider takes, by his type
FEED_COLOURS = {"rouleur": "green", "leader": "yellow", "climber": "red"}
#: where a rider is: in the peloton, on the road ahead of or behind it, past the line, out of the race
PELOTON, ROAD, FINISHED, OUT = "peloton", "road", "finished", "out"


class Rider:
    """One rider: who owns him, what he is, and where he is in this stage."""

    FIELDS = ("id", "seat", "kind", "speciality", "energy", "place", "square", "stamp", "risks", "slipstream",
              "fallen", "fallen_turn", "punctured", "punctured_turn", "dropping", "tiles", "feed_zones", "finish_turn",
              "finish_beyond", "finish_seq", "in_peloton_at_finish", "attack_turn", "bonuses", "gc", "energy_left",
              "out_stage", "out_reason")
    __slots__ = FIELDS

    def __init__(self, rider_id: int, seat: int, kind: str) -> None:
        """A rider as the box holds him: what lasts a whole race is set here, what a stage changes is set by
        ``reset_for_stage`` (the one place for those fields)."""
        self.id = rider_id
        self.seat = seat
        self.kind = kind
        self.speciality = ""
        self.gc = 0
        self.energy_left = 0
        self.out_stage = -1
        self.out_reason = ""
        self.reset_for_stage(0)

    @property
    def name(self) -> str:
        return _rider_name(self.seat, self.kind)

    @property
    def label(self) -> Message:
        """His name in messages, read in the reader's language."""
        return rider_name(self.seat, self.kind)

    @property
    def racing(self) -> bool:
        return self.place in (PELOTON, ROAD)

    def reset_for_stage(self, energy: int) -> None:
        """Ready for a stage's start with ``energy``: in the peloton unless out of the race, everything a stage
        changes set back."""
        self.energy = energy
        self.place = PELOTON if self.out_stage < 0 else OUT
        self.square = -1
        self.stamp = 0
        self.risks = 0
        self.slipstream = False
        self.fallen = False
        self.fallen_turn = -9
        self.punctured = False
        self.punctured_turn = -9
        self.dropping = False
        self.tiles: list[int] = []
        #: C.4: how many of the stage's feed zones (in road order) he has passed, each worth one tile
        self.feed_zones = 0
        self.finish_turn = -1
        self.finish_beyond = 0
        self.finish_seq = -1
        self.in_peloton_at_finish = False
        self.attack_turn = -1
        self.bonuses = 0

    def to_json(self) -> dict[str, Any]:
        data = dict(zip(self.FIELDS, _RIDER_FIELDS(self)))
        data["tiles"] = list(self.tiles)
        return data

    def copy(self) -> "Rider":
        """An independent copy (his tiles in a list of their own)."""
        other = Rider.__new__(Rider)
        for name, value in zip(self.FIELDS, _RIDER_FIELDS(self)):
            setattr(other, name, value)
        other.tiles = list(self.tiles)
        return other

    @classmethod
    def from_json(cls, data: Mapping[str, Any], with_tiles: bool = True) -> "Rider":
        """A rider from a save (``with_tiles``) or a view (his tiles are then only a count: none are set)."""
        rider = cls.__new__(cls)
        for name in cls.FIELDS:
            # a field added since older saves were written takes the value those saves stand for
            setattr(rider, name, data[name] if name in data else _ADDED_FIELDS[name])
        rider.id, rider.seat, rider.kind = int(data["id"]), int(data["seat"]), str(data["kind"])
        if rider.kind not in RIDER_TYPES:
            raise ValueError(f"unknown rider type {rider.kind!r}")
        rider.tiles = list(map(int, data["tiles"])) if with_tiles else []
        return rider


#: fields added since the first saves, with the value an older save stands for
_ADDED_FIELDS = {"feed_zones": 0}


#: every field of a rider at once (views and saves read them many times a second)
_RIDER_FIELDS = attrgetter(*Rider.FIELDS)
