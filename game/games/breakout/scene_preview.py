"""What a push would do, worked out before the player commits to it (the scene's hover preview).

The preview plays the move on a copy of the game rebuilt from the view, so it
can never disagree with the rules: where the pieces of the slot end up, which
piece would fall out, whether a rope would link bottom to top (for either
colour), whether the wall would be full, and what the opponent could not do
next turn.  It also words why an arrow cannot be used.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.core.protocol import IllegalAction, act
from game.i18n import _, ngettext

from .rules import COVERINGS_TO_VOID, FROM_SIDE, OPPOSITE_SIDE, BreakoutState, push_into_slot
from .views import BreakoutView


@dataclass(frozen=True)
class Preview:
    """The outcome of pushing into ``row`` from ``side`` for ``seat``."""

    seat: int
    row: int
    side: str
    #: the slot after the push
    after: tuple[int | None, ...]
    #: (from_column, to_column, owner) of every piece that slides
    moved: tuple[tuple[int, int, int], ...]
    ejected_owner: int | None
    ejected_column: int | None
    #: who would escape (None: nobody) and the rope that links
    escaper: int | None
    path: tuple[tuple[int, int], ...]
    #: the covering this push would count (0: the wall would not be full)
    covering: int
    #: the game would be void after this push
    voids: bool
    lines: tuple[str, ...]
    #: "good" (you escape), "danger" (the opponent escapes or the game is void) or "" (nothing special)
    mood: str


def preview_push(view: BreakoutView, seat: int, row: int, side: str,
                 name: Callable[[int], str]) -> Preview:
    """Play ``insert side row+1`` on a copy of the game in ``view``; ``name(seat)`` words a player."""
    state = BreakoutState.from_view(view, 0)
    before = list(state.wall[row])
    pushed = push_into_slot(before, side, seat)
    events = state.apply(act("insert", side, row + 1))
    escape = next((e for e in events if e.kind == "escape"), None)
    covering = next((e.data["count"] for e in events if e.kind == "covering"), 0)
    voids = any(e.kind == "void" for e in events)
    escaper = None if escape is None else int(escape.data["seat"])
    path = () if escape is None else tuple((int(r), int(c)) for r, c in escape.data["path"])
    opponent = 1 - seat
    lines = [_push_line(row, side, pushed.moved, pushed.ejected_owner, seat, name)]
    mood = ""
    if escaper == seat:
        lines.append(_("Your rope would link the bottom to the top: one of your characters escapes!"))
        mood = "good"
    elif escaper == opponent:
        lines.append(_("Careful: this completes {player}'s rope, and {player} escapes.").format(player=name(opponent)))
        mood = "danger"
    elif voids:
        lines.append(_("The wall would be full for the {count}th time this round: the game is void.").format(
            count=COVERINGS_TO_VOID))
        mood = "danger"
    else:
        after_wall = [list(cells) for cells in view["wall"]]
        after_wall[row] = list(pushed.row)
        reach = _reach_line(view["wall"], after_wall, seat, name)
        if reach:
            lines.append(reach)
        if covering:
            lines.append(_("The wall would be full: covering {count} of {limit} this round.").format(
                count=covering, limit=COVERINGS_TO_VOID))
    if escaper is None and pushed.ejected_owner is not None and view["supply"][opponent] > 0:
        lines.append(_("{player} could not push straight back {from_side} next turn.").format(
            player=name(opponent), from_side=_(FROM_SIDE[OPPOSITE_SIDE[side]])))
    return Preview(seat, row, side, tuple(pushed.row), pushed.moved, pushed.ejected_owner, pushed.ejected_column,
                   escaper, path, covering, voids, tuple(lines), mood)


def _push_line(row: int, side: str, moved: tuple[tuple[int, int, int], ...], ejected: int | None, seat: int,
               name: Callable[[int], str]) -> str:
    where = {"slot": row + 1, "from_side": _(FROM_SIDE[side])}
    if ejected == seat:
        return _("Slot {slot} {from_side}: your own piece at the far end falls out.").format(**where)
    if ejected is not None:
        return _("Slot {slot} {from_side}: {player}'s piece at the far end falls out.").format(player=name(ejected),
                                                                                             **where)
    if moved:
        count = len(moved)
        return ngettext("Slot {slot} {from_side}: {count} piece slides along one space.",
                        "Slot {slot} {from_side}: {count} pieces slide along one space.", count).format(count=count,
                                                                                                       **where)
    return _("Slot {slot} {from_side}: your piece takes the first space.").format(**where)


def _reach_line(before: list[list[int | None]], after: list[list[int | None]], seat: int,
                name: Callable[[int], str]) -> str:
    """How the push changes the height each rope reaches from the bottom, when it does."""
    opponent = 1 - seat
    sentences = []
    mine_before, mine_after = rope_reach(before, seat), rope_reach(after, seat)
    if mine_after != mine_before:
        sentences.append(_("Your rope would reach slot {slot}.").format(slot=mine_after) if mine_after
                         else _("Your rope would come apart."))
    theirs_before, theirs_after = rope_reach(before, opponent), rope_reach(after, opponent)
    player = name(opponent)
    if not theirs_after and theirs_before:
        sentences.append(_("{player}'s rope would come apart.").format(player=player))
    elif theirs_after > theirs_before:
        sentences.append(_("{player}'s rope would reach slot {slot}.").format(player=player, slot=theirs_after))
    elif theirs_after < theirs_before:
        sentences.append(_("{player}'s rope would drop to slot {slot}.").format(player=player, slot=theirs_after))
    return " ".join(sentences)


def arrow_refusal(view: BreakoutView, seat: int, row: int, side: str) -> str:
    """Why ``seat`` may not push into ``row`` from ``side`` now, in the rules' words ("" when it may)."""
    try:
        BreakoutState.from_view(view, 0).check(act("insert", side, row + 1))
    except IllegalAction as refusal:
        return str(refusal)
    return ""


def rope_reach(wall: list[list[int | None]], seat: int) -> int:
    """How many slots, from the bottom, ``seat``'s pieces connect without a break (0 to 5)."""
    reached = {(0, column) for column in range(len(wall[0])) if wall[0][column] == seat}
    frontier = list(reached)
    while frontier:
        row, column = frontier.pop()
        for near in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
            r, c = near
            if 0 <= r < len(wall) and 0 <= c < len(wall[r]) and near not in reached and wall[r][c] == seat:
                reached.add(near)
                frontier.append(near)
    return max((row + 1 for row, _column in reached), default=0)
