"""Leader 1's words for riders, teams, squares, energy and feed tiles in the log.

Words every move's log line holds are made once per value: messages are values, never changed once made,
so one can stand in many events (the fewer built, the faster a playout).
"""
from __future__ import annotations

from functools import lru_cache

from game.i18n import Message, PluralMessage, SeatName

from .setup_facts import SEAT_COLOURS


@lru_cache(maxsize=None)
def _squares(count: int) -> PluralMessage:
    return PluralMessage("{count} square", "{count} squares", count)


@lru_cache(maxsize=None)
def _free_squares_word(count: int) -> PluralMessage:
    return PluralMessage("{count} free", "{count} free", count)


@lru_cache(maxsize=None)
def _paying_squares_word(count: int) -> PluralMessage:
    return PluralMessage("{count} paying", "{count} paying", count)


@lru_cache(maxsize=None)
def _square_word(gid: int) -> Message:
    return Message("square {number}", number=gid)


@lru_cache(maxsize=None)
def _move_details(free: int, paying: int, crossed: int) -> tuple[Message, ...]:
    """A move's free and paying squares and the riders ridden through, as its log line lists them."""
    details: list[Message] = [_free_squares_word(free)]
    if paying:
        details.append(_paying_squares_word(paying))
    if crossed:
        details.append(Message("{count} through riders", count=crossed))
    return tuple(details)


@lru_cache(maxsize=None)
def _energy_words(paid: int, recovered: int, left: int) -> Message:
    """How a move's log line ends: "3 energy, 1 recovered, 40 left."."""
    if recovered:
        return Message("{paid} energy, {recovered} recovered, {left} left.", paid=paid, recovered=recovered,
                       left=left)
    return Message("{paid} energy, {left} left.", paid=paid, left=left)


_FROM_THE_PELOTON = Message("the peloton")


@lru_cache(maxsize=None)
def _ride_words(seat: int, kind: str, steps: int, breakaway: bool) -> Message:
    """How a move to a square begins: "The Orange rouleur rides 5 squares"."""
    rider = rider_name(seat, kind)
    if breakaway:
        return Message("The {rider} breaks away {squares}", rider=rider, squares=_squares(steps))
    return Message("The {rider} rides {squares}", rider=rider, squares=_squares(steps))


def team_colour(seat: int) -> Message:
    """A seat's team colour as a word ("Orange"), the name the log gives a player who chose none."""
    return Message(SEAT_COLOURS[seat % len(SEAT_COLOURS)][0])


def team_name(seat: int) -> SeatName:
    """A player named in a message: the name chosen for the seat where the screen knows it, else his colour."""
    return SeatName(seat, team_colour(seat))


@lru_cache(maxsize=None)
def rider_name(seat: int, kind: str) -> Message:
    """A rider's name in messages ("Orange rouleur"): his team's colour and his type, one term per type so
    that each language can order the words as it names riders."""
    colour = team_colour(seat)
    if kind == "leader":
        return Message("{colour} leader", colour=colour)
    if kind == "climber":
        return Message("{colour} climber", colour=colour)
    return Message("{colour} rouleur", colour=colour)


def rider_type_word(kind: str) -> Message:
    """A rider type as a word: rouleur, leader, climber."""
    if kind == "leader":
        return Message("leader")
    if kind == "climber":
        return Message("climber")
    return Message("rouleur")


@lru_cache(maxsize=None)
def _rider_name(seat: int, kind: str) -> str:
    """'Green rouleur': the team's colour and the rider's type (every log line names riders)."""
    return f"{SEAT_COLOURS[seat % len(SEAT_COLOURS)][0]} {kind}"


def _slipstream_message(followers: list[Message], leader: Message) -> Message:
    """C.1: who rides in whose slipstream ("The Orange rouleur and the Sky climber will ride in ...")."""
    if len(followers) == 1:
        return Message("The {rider} will ride in the {leader}'s slipstream.", rider=followers[0], leader=leader)
    riders = followers[0]
    for follower in followers[1:-1]:
        riders = Message("{riders} and the {rider}", riders=riders, rider=follower)
    return Message("The {riders} and the {rider} will ride in the {leader}'s slipstream.", riders=riders,
                   rider=followers[-1], leader=leader)


def _feed_tiles_word(colour: str) -> Message:
    """A feed pile by its colour, as in "the green tiles are gone"."""
    if colour == "yellow":
        return Message("yellow tiles")
    if colour == "red":
        return Message("red tiles")
    return Message("green tiles")


def _feed_tile_word(colour: str) -> Message:
    """One feed tile by its colour, as in "takes a green feed tile"."""
    if colour == "yellow":
        return Message("yellow feed tile")
    if colour == "red":
        return Message("red feed tile")
    return Message("green feed tile")
