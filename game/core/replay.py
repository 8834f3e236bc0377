"""Replays: any game rebuilt from its seed and moves, steppable both ways.

A replay keeps a clone of the state every few moves, so jumping to any step
replays at most ``CHECKPOINT_EVERY`` actions.  Its text form is small and
readable: a header, one line per seat and one line per move.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping

from .match import LogEntry, Match, Seat
from .protocol import Action, Event, GameState, IllegalAction
from .spec import GameSpec

CHECKPOINT_EVERY = 16
HEADER = "# Breakaway Box replay v1"


class ReplayError(Exception):
    """A replay that cannot be read or played back; the message is for the player."""


@dataclass(frozen=True)
class ReplayStep:
    """The move that led to a step, who made it, and what it caused."""

    seat: int
    action: Action
    events: tuple[Event, ...]


class Replay:
    """A finished or saved game that can be watched step by step."""

    def __init__(self, spec: GameSpec, seats: list[Seat], options: Mapping[str, Any], seed: int,
                 actions: list[tuple[int, Action]]) -> None:
        self.spec = spec
        self.seats = list(seats)
        self.options = {**spec.default_options(), **options}
        self.seed = seed
        self.steps: list[ReplayStep] = []
        self._checkpoints: list[GameState] = []
        state = spec.create(len(seats), self.options, seed)
        for number, (seat, action) in enumerate(actions):
            if number % CHECKPOINT_EVERY == 0:
                self._checkpoints.append(state.clone())
            if state.current_seat() != seat:
                raise ReplayError(f"Move {number + 1} ('{action.text()}') is recorded for the wrong seat.")
            try:
                events = state.apply(action)
            except IllegalAction as exc:
                raise ReplayError(f"Move {number + 1} ('{action.text()}') is refused: {exc}") from None
            self.steps.append(ReplayStep(seat, action, tuple(events)))
        if len(actions) % CHECKPOINT_EVERY == 0:
            self._checkpoints.append(state.clone())
        self.final = state

    @classmethod
    def of_match(cls, match: Match) -> "Replay":
        return cls(match.spec, match.seats, match.options, match.seed, list(match.history))

    def __len__(self) -> int:
        return len(self.steps)

    def state_at(self, step: int) -> GameState:
        """The state after ``step`` moves (0: the start), as a fresh copy."""
        step = max(0, min(step, len(self.steps)))
        base = step // CHECKPOINT_EVERY
        state = self._checkpoints[base].clone()
        for index in range(base * CHECKPOINT_EVERY, step):
            state.apply(self.steps[index].action)
        return state

    def view_at(self, step: int, seat: int | None) -> dict[str, Any]:
        """What ``seat`` could see after ``step`` moves; None gives the public replay."""
        return self.state_at(step).view(seat)

    def log_until(self, step: int, seat: int | None) -> list[LogEntry]:
        return [LogEntry(i, s.seat, e) for i, s in enumerate(self.steps[:step]) for e in s.events if e.visible(seat)]

    # --- text form ------------------------------------------------------------------
    def to_text(self) -> str:
        lines = [HEADER, f"game {self.spec.id}", f"seed {self.seed}",
                 f"options {json.dumps(self.options, sort_keys=True)}"]
        lines += [f"seat {json.dumps(s.to_json(), sort_keys=True)}" for s in self.seats]
        lines += [f"move {step.seat} {step.action.text()}" for step in self.steps]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str, specs: Mapping[str, GameSpec]) -> "Replay":
        """Parse a replay file, or raise ReplayError naming the first bad line."""
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        if not lines or lines[0] != HEADER:
            raise ReplayError("This is not a Breakaway Box replay (the first line is wrong).")
        game_id, seed, options = None, None, None
        seats: list[Seat] = []
        actions: list[tuple[int, Action]] = []
        for number, line in enumerate(lines[1:], start=2):
            word, _, rest = line.partition(" ")
            try:
                if word == "game":
                    game_id = rest.strip()
                elif word == "seed":
                    seed = int(rest)
                elif word == "options":
                    options = json.loads(rest)
                    if not isinstance(options, dict):
                        raise ValueError("options are not a table")
                elif word == "seat":
                    seats.append(Seat.from_json(json.loads(rest)))
                elif word == "move":
                    seat_text, _, action_text = rest.partition(" ")
                    actions.append((int(seat_text), Action.parse(action_text)))
                else:
                    raise ValueError(f"unknown entry '{word}'")
            except (ValueError, KeyError, TypeError, IllegalAction, RecursionError) as exc:
                raise ReplayError(f"Line {number} of the replay cannot be read ({exc}).") from None
        if game_id not in specs:
            raise ReplayError(f"The replay is of an unknown game ({game_id!r}).")
        if seed is None or options is None or not seats:
            raise ReplayError("The replay is missing its seed, options or seats.")
        spec = specs[game_id]
        problems = spec.setup_problems(len(seats), options)
        if problems:
            raise ReplayError("The replay's setup is not valid: " + " ".join(problems))
        return cls(spec, seats, options, seed, actions)
