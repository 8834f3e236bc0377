"""What a move would do, before it is made: the scene highlights these squares.

:func:`reachable_squares` lists, for one rider, every place he can end his
move on now with the engine's own numbers (the same search the rules use):
free and paying squares, the cost, the energy back, any risk with its odds,
and whether he may try it (and why not).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.core.protocol import Action, act
from game.i18n import Message

from .movement import FINISH, REJOIN, SQUARE, MoveOption
from .dice import risk_odds, risk_threshold
from .rules import PELOTON, Leader1State


@dataclass(frozen=True)
class MovePreview:
    """One highlighted destination."""

    action: Action
    #: "square", "finish" (``target`` squares past the line) or "rejoin"
    kind: str
    target: int
    path: tuple[int, ...]
    steps: int
    free: int
    paying: int
    crossed: int
    cost: int
    recovered: int
    #: (risk, events die result needed, chance it goes well), in the order they are rolled
    risks: tuple[tuple[str, int, float], ...]
    energy_needed: int
    #: energy left if every risk goes well
    energy_after: int
    allowed: bool
    reason: Message | str = ""


def _action_for(rider_id: int, option: MoveOption, breakaway: bool) -> Action:
    if breakaway:
        return act("breakaway-finish" if option.kind == FINISH else "breakaway", rider_id, option.target)
    if option.kind == SQUARE:
        return act("move", option.target)
    if option.kind == FINISH:
        return act("finish", option.target)
    return act("rejoin")


def reachable_squares(state: Leader1State, rider_id: int) -> list[MovePreview]:
    """Every destination of a rider's move now, nearest first (empty for a rider not on the race)."""
    rider = state.riders[rider_id]
    if not rider.racing or state.phase in ("setup", "over"):
        return []
    breakaway = rider.place == PELOTON
    legal = set(state.legal_actions())
    previews = []
    for option in state.move_options(rider_id).values():
        risks = []
        taken = rider.risks
        for name, on in (("crack", option.crack), ("fall", option.fall)):
            if on:
                risks.append((name, risk_threshold(taken), round(risk_odds(taken), 3)))
                taken += 1
        action = _action_for(rider_id, option, breakaway)
        affordable = state.affordable(rider, option)
        allowed = affordable and action in legal
        reason: Message | str = ""
        if not affordable:
            reason = state.refusal(rider, option)
        elif not allowed:
            reason = Message("It is not the {rider}'s move now.", rider=rider.label)
        previews.append(MovePreview(
            action=action, kind=option.kind, target=option.target, path=option.path, steps=option.steps,
            free=min(option.steps, option.free), paying=option.paying, crossed=option.crossed, cost=option.cost,
            recovered=option.recovered, risks=tuple(risks), energy_needed=option.energy_needed,
            energy_after=rider.energy - option.cost + option.recovered, allowed=allowed, reason=reason))
    order = {SQUARE: 0, REJOIN: 1, FINISH: 2}
    previews.sort(key=lambda p: (order[p.kind], p.steps, p.target))
    return previews
