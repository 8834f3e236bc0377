"""Breakout's guided first game: the next thing to do, and the rule behind each log entry.

``guide(view, seat)`` reads only the view of the seat deciding now and names
one concrete push ("Push slot 3 from the left: your rope then links the bottom
to the top and a character escapes."), in the order a newcomer should think:
take an escape, stop the rival's, mind the closed arrow, mind the void game,
otherwise grow the rope.  The push it names is worked out on the bots' bit
masks with the same rope-distance judgement the normal bot uses (without its
noise), so the advice is sound and always a legal move.  Every hint and every
log entry points at a heading of ``rules_help.md``, written exactly as there.
"""
from __future__ import annotations

from typing import Any

from game.core.protocol import Event
from game.core.spec import Hint
from game.i18n import _

from .bots import (
    BOTTOM, MOVER_ESCAPES, OPPONENT_ESCAPES, PASS, ROW, Position, evaluate, fills_the_wall, moves_for, play,
    rope_distance, spread,
)
from .rules import COLOUR_NAMES, ESCAPES_TO_WIN, FROM_SIDE, SIDES, SLOTS, SPACES
from .views import BreakoutView

#: headings of rules_help.md the hints and the log point at
YOUR_TURN = "Your turn"
NO_PUSHING_BACK = "No pushing straight back"
OUT_OF_PIECES = "Out of pieces"
TYING_A_ROPE = "Tying a rope"
ESCAPING = "Escaping"
WINNING = "Winning"
VOID_GAME = "The void game"
HEADINGS = (YOUR_TURN, NO_PUSHING_BACK, OUT_OF_PIECES, TYING_A_ROPE, ESCAPING, WINNING, VOID_GAME)

#: from this many turns into a round the hints warn that a stalled round voids the game
STALL_WARNING_TURNS = 20

EVENT_RULES = {
    "insert": YOUR_TURN, "blocked": NO_PUSHING_BACK, "pass": OUT_OF_PIECES, "covering": VOID_GAME,
    "escape": ESCAPING, "round": ESCAPING, "game_over": WINNING, "void": VOID_GAME,
}


def event_rule(event: Event) -> str | None:
    """The rules help heading that explains a log entry (every event of the game applies a rule)."""
    return EVENT_RULES.get(event.kind)


def push_fields(move: int, prefix: str = "") -> dict[str, Any]:
    """The slot and 'from the left' of a move in the bots' numbering, as fields of a sentence
    (``prefix`` tells two pushes in one sentence apart)."""
    return {f"{prefix}slot": (move >> 1) + 1, f"{prefix}from_side": _(FROM_SIDE[SIDES[move & 1]])}


def guide(view: BreakoutView, seat: int) -> Hint | None:
    """What ``seat`` should do now, in one or two sentences, and the heading that explains why."""
    if view["over"] or int(view["to_move"]) != seat:
        return None
    if view["supply"][seat] == 0:
        return Hint(_("All your rope pieces are on the wall, so you pass: press Pass or Enter. "
                      "You get a piece back when one of yours is knocked off the wall."), OUT_OF_PIECES)
    position = Position(view)
    rival = _(COLOUR_NAMES[1 - seat])
    moves = position.moves()
    escape = next((m for m in moves if play(position.masks, seat, m)[2] == MOVER_ESCAPES), None)
    if escape is not None:
        if view["escapes"][seat] + 1 >= ESCAPES_TO_WIN:
            return Hint(_("Push slot {slot} {from_side}: your rope then links the bottom to the top, "
                          "your last character escapes and you win.").format(**push_fields(escape)), WINNING)
        return Hint(_("Push slot {slot} {from_side}: your rope then links the bottom to the top "
                      "and a character escapes.").format(**push_fields(escape)), ESCAPING)
    safe = [m for m in moves if not _hands_an_escape(position, m)]
    best = max(safe or moves, key=lambda m: (_value(position, m), -m))
    threat = _rival_escape(position)
    if not safe:
        return Hint(_("{rival} can escape next turn whatever you push. Push slot {slot} {from_side} "
                      "and get ready for the next round.").format(rival=rival, **push_fields(best)), ESCAPING)
    if threat is not None:
        return Hint(_("{rival} could finish a rope next turn by pushing slot {threat_slot} {threat_from_side}. "
                      "Stop it: push slot {slot} {from_side}.").format(rival=rival, **push_fields(threat, "threat_"),
                                                                       **push_fields(best)), ESCAPING)
    if len(safe) < len(moves) and _obvious_but_fatal(position, moves, safe):
        danger = next(m for m in moves if m not in safe)
        return Hint(_("Careful: pushing slot {danger_slot} {danger_from_side} would let {rival} escape. "
                      "Push slot {slot} {from_side} instead.").format(rival=rival, **push_fields(danger, "danger_"),
                                                                      **push_fields(best)), ESCAPING)
    blocked = view["blocked"]
    if blocked is not None:
        closed_side = FROM_SIDE[blocked["side"]]
        closed = _("Slot {slot} {from_side} is closed this turn: no pushing straight back.").format(
            slot=blocked["slot"], from_side=_(closed_side))
        return Hint(f"{closed} {_advice(position, best)}", NO_PUSHING_BACK)
    void_warning = _void_warning(view, position, best)
    if void_warning:
        return Hint(f"{void_warning} {_advice(position, best)}", VOID_GAME)
    if not position.masks[seat] and not position.masks[1 - seat]:
        return Hint(_("Push a piece into slot {slot} {from_side}: every rope starts in slot 1 "
                      "at the bottom and climbs to slot {top}.").format(top=SLOTS, **push_fields(best)), TYING_A_ROPE)
    return Hint(_advice(position, best), _rule_of_advice(position, best))


# --- judging pushes ----------------------------------------------------------------------------------
def _value(position: Position, move: int) -> int:
    masks = play(position.masks, position.mover, move)[0]
    return evaluate(masks, position.mover)


def _hands_an_escape(position: Position, move: int) -> bool:
    """The push completes the rival's rope, or leaves the rival a push that does."""
    masks, blocked, result = play(position.masks, position.mover, move)
    if result == OPPONENT_ESCAPES:
        return True
    rival = 1 - position.mover
    return any(play(masks, rival, reply)[2] == MOVER_ESCAPES for reply in moves_for(masks, rival, blocked))


def _rival_escape(position: Position) -> int | None:
    """A push that would let the rival escape if it were the rival's turn now (None: there is none)."""
    rival = 1 - position.mover
    for reply in moves_for(position.masks, rival, -1):
        if reply != PASS and play(position.masks, rival, reply)[2] == MOVER_ESCAPES:
            return reply
    return None


def _obvious_but_fatal(position: Position, moves: list[int], safe: list[int]) -> bool:
    """Worth a warning when one of the pushes that look best by the ropes alone would hand over an escape."""
    tempting = max(moves, key=lambda m: (_value(position, m), -m))
    return tempting not in safe


def _void_warning(view: BreakoutView, position: Position, move: int) -> str:
    """A sentence on how close the round is to a void game, or ""."""
    coverings, limit = int(view["coverings"]), int(view["coverings_to_void"])
    masks = play(position.masks, position.mover, move)[0]
    if coverings + 1 >= limit and fills_the_wall(masks):
        return _("Filling the wall now would void the game (a draw).")
    if coverings == 1:
        return _("The wall has been full once this round; at {limit} times the game is void.").format(limit=limit)
    if coverings:
        return _("The wall has been full {count} times this round; at {limit} times the game is void.").format(
            count=coverings, limit=limit)
    turns, turn_limit = int(view["round_turns"]), int(view["round_turn_limit"])
    if turns >= turn_limit - STALL_WARNING_TURNS:
        return _("This round has lasted {turns} turns; at {limit} without an escape the game is void.").format(
            turns=turns, limit=turn_limit)
    return ""


def _advice(position: Position, move: int) -> str:
    """'Push slot 2 from the left: ...' with what the push does for the ropes."""
    seat, rival = position.mover, 1 - position.mover
    masks = play(position.masks, seat, move)[0]
    mine_before, mine_after = rope_reach_of_mask(position.masks[seat]), rope_reach_of_mask(masks[seat])
    theirs_before, theirs_after = rope_reach_of_mask(position.masks[rival]), rope_reach_of_mask(masks[rival])
    knocked = position.masks[rival].bit_count() - masks[rival].bit_count()
    push = push_fields(move)
    rival_name = _(COLOUR_NAMES[rival])
    if mine_after > mine_before == 0:
        return _("Push slot {slot} {from_side}: it starts your rope in slot 1, at the bottom of the wall.").format(
            **push)
    if mine_after > mine_before:
        return _("Push slot {slot} {from_side}: your rope then reaches slot {reach} of {total}.").format(
            reach=mine_after, total=SLOTS, **push)
    if theirs_after < theirs_before:
        return _("Push slot {slot} {from_side}: it breaks {rival}'s rope, which then reaches only slot {reach}."
                 ).format(rival=rival_name, reach=theirs_after, **push)
    if knocked > 0:
        return _("Push slot {slot} {from_side}: it knocks one of {rival}'s pieces off the wall.").format(
            rival=rival_name, **push)
    before = rope_distance(position.masks[seat], position.masks[rival])
    after = rope_distance(masks[seat], masks[rival])
    if after < before:
        return _("Push slot {slot} {from_side}: it brings your pieces closer to a rope from slot 1 to slot {top}."
                 ).format(top=SLOTS, **push)
    return _("Push slot {slot} {from_side}: it keeps {rival}'s rope from getting closer to the top.").format(
        rival=rival_name, **push)


def _rule_of_advice(position: Position, move: int) -> str:
    """Growing or breaking ropes is explained under the rope rule; knocking pieces out under the turn."""
    seat, rival = position.mover, 1 - position.mover
    masks = play(position.masks, seat, move)[0]
    if masks[rival].bit_count() < position.masks[rival].bit_count() and \
            rope_reach_of_mask(masks[seat]) <= rope_reach_of_mask(position.masks[seat]):
        return YOUR_TURN
    return TYING_A_ROPE


def rope_reach_of_mask(mask: int) -> int:
    """How many slots, from the bottom, the pieces in ``mask`` connect without a break (0 to 5)."""
    joined = spread(mask & BOTTOM, mask)
    return max((row + 1 for row in range(SLOTS) if joined >> (row * SPACES) & ROW), default=0)
