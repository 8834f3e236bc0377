"""What a Breakout seat sees: the shape of ``BreakoutState.view(seat)``.

Nothing in Breakout is hidden, so every seat (and a spectator) gets the same keys and values but
``seat``.  The scene, the guide and the bots read the view through these types, so a renamed key is
found by ``python -m mypy`` rather than at run time.  The form is the JSON one (lists, not tuples).
"""
from __future__ import annotations

from typing import TypedDict


class BlockedInsertion(TypedDict):
    """The insertion the mover may not make now (the no-reversal rule)."""

    slot: int  #: 1-based, as players count the slots
    row: int  #: 0-based row of the wall
    side: str  #: "left" or "right"


class BreakoutView(TypedDict):
    """The whole game; a few derived numbers spare the scene some counting."""

    seat: int | None  #: whose eyes (None: a spectator)
    wall: list[list[int | None]]  #: rows of spaces: the seat whose piece is there, or None
    supply: list[int]  #: pieces off the wall, per seat
    escapes: list[int]
    to_move: int
    round: int
    coverings: int  #: in this round, toward a void game
    moves: int
    round_turns: int
    void_reason: str  #: "" while the game is not void
    blocked: BlockedInsertion | None
    knocked_out: list[int]  #: rival pieces each seat pushed off the wall (player records)
    quickest_escape: list[int]  #: fewest turns of a round before each seat escaped (0: none yet)
    on_wall: list[int]  #: pieces on the wall, per seat
    pieces_per_colour: int
    escapes_to_win: int
    coverings_to_void: int
    round_turn_limit: int
    void: bool
    over: bool
    winner: int | None
