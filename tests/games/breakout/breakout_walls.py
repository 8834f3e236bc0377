"""Hand-built Breakout positions from pictures of the wall, top slot first."""
from __future__ import annotations

from game.games.breakout.rules import PIECES_PER_COLOUR, BreakoutState

SYMBOLS = {"Y": 0, "B": 1, ".": None}


def position(*rows: str, to_move: int = 0, escapes: tuple[int, int] = (0, 0), coverings: int = 0,
             blocked: tuple[int, str] | None = None, round_turns: int = 0) -> BreakoutState:
    """A state whose wall is drawn as five strings, slot 5 (top) first, 'Y', 'B' or '.' a space.

    Every piece not drawn is in its owner's supply, so the position is always conserved.
    """
    assert len(rows) == 5 and all(len(r) == 5 for r in rows), "draw 5 slots of 5 spaces"
    state = BreakoutState()
    state.wall = [[SYMBOLS[ch] for ch in row] for row in reversed(rows)]
    state.supply = [PIECES_PER_COLOUR - sum(r.count(ch) for r in rows) for ch in "YB"]
    state.to_move = to_move
    state.escapes = list(escapes)
    state.coverings = coverings
    state.blocked = blocked
    state.round_turns = round_turns
    state.check_invariants()
    return state


def picture(state: BreakoutState) -> tuple[str, ...]:
    """The wall drawn the same way, slot 5 first."""
    letters = {0: "Y", 1: "B", None: "."}
    return tuple("".join(letters[c] for c in row) for row in reversed(state.wall))
