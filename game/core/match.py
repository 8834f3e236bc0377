"""A game being played: who sits where, the state, the moves so far, the log.

The match is the only object that changes a state during play.  It records
every action (so a save is the seed plus the list of moves), keeps the log in
plain words, answers whether undo is information-safe, and tells listeners
(autosave, the scene) after every action.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from game.i18n import Message, SeatNames, _, words

from .protocol import Action, Event, GameState, IllegalAction, Outcome
from .spec import CONTROLLERS, GameSpec


@dataclass(frozen=True)
class Seat:
    """A place at the table: a name, a team colour (hex) and who controls it."""

    name: str
    colour: str
    controller: str = "human"

    @property
    def is_human(self) -> bool:
        return self.controller == "human"

    @property
    def bot_level(self) -> str | None:
        return self.controller.split(":", 1)[1] if self.controller.startswith("bot:") else None

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "colour": self.colour, "controller": self.controller}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Seat":
        seat = cls(str(data["name"]), str(data["colour"]), str(data.get("controller", "human")))
        if seat.controller not in CONTROLLERS:
            raise ValueError(f"unknown controller '{seat.controller}'")
        return seat


@dataclass(frozen=True)
class LogEntry:
    """An event with the index of the action that caused it (-1: the setup)."""

    index: int
    seat: int | None
    event: Event


def default_seats(spec: GameSpec, controllers: list[str]) -> list[Seat]:
    """Seats named after their team colours, e.g. for the command line.

    The names are English msgids, shown in the reader's language by :meth:`GameSpec.seat_label`.
    """
    seats = []
    for i, controller in enumerate(controllers):
        colour_name, colour = spec.colours[i % len(spec.colours)]
        name = spec.seat_names[i] if i < len(spec.seat_names) else colour_name
        seats.append(Seat(name, colour, controller))
    return seats


def mix_seed(*parts: int) -> int:
    """A stable 64-bit seed from several numbers (Python's hash() is salted)."""
    value = 0x243F6A8885A308D3
    for part in parts:
        value = ((value ^ (part & 0xFFFFFFFFFFFFFFFF)) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        value ^= value >> 29
    return value


Listener = Callable[["Match", list[Event]], None]


class Match:
    """Seats, options, seed, the live state and its history."""

    def __init__(self, spec: GameSpec, seats: list[Seat], options: Mapping[str, Any], seed: int,
                 bot_budget_scale: float = 1.0, *, guided: bool = False) -> None:
        self.spec = spec
        #: a guided first game: the scene shows the spec's hints to the humans
        self.guided = guided
        #: the seats that asked what the hard bot would do (the game is marked in their records)
        self.hints_used: set[int] = set()
        self.bot_budget_scale = bot_budget_scale
        self.seats = list(seats)
        self.options = {**spec.default_options(), **options}
        self.seed = seed
        self.state: GameState = spec.create(len(seats), self.options, seed)
        self.history: list[tuple[int, Action]] = []
        self.log: list[LogEntry] = []
        self._undo_stack: list[tuple[GameState, int]] = []
        self.listeners: list[Listener] = []

    # --- playing -----------------------------------------------------------------
    @property
    def current_seat(self) -> int | None:
        return self.state.current_seat()

    def is_over(self) -> bool:
        return self.state.is_over()

    def outcome(self) -> Outcome:
        return self.state.outcome()

    def apply(self, action: Action) -> list[Event]:
        """Play an action for the current seat; IllegalAction leaves everything unchanged."""
        seat = self.state.current_seat()
        if seat is None:
            raise IllegalAction(_("The game is over; no more moves can be made."))
        before = self.state.clone() if self.seats[seat].is_human else None
        events = self.state.apply(action)
        index = len(self.history)
        self.history.append((seat, action))
        self.log.extend(LogEntry(index, seat, e) for e in events)
        if before is None or any(e.reveals for e in events) or self.state.current_seat() != seat:
            self._undo_stack.clear()
        else:
            self._undo_stack.append((before, len(self.log) - len(events)))
        for listener in list(self.listeners):
            listener(self, events)
        return events

    # --- undo (information-safe) -----------------------------------------------------
    def can_undo(self) -> bool:
        """Undo only within the current human's own decision, never across a roll, draw or reveal."""
        seat = self.state.current_seat()
        return bool(self._undo_stack) and seat is not None and self.seats[seat].is_human

    def undo(self) -> None:
        if not self.can_undo():
            raise IllegalAction(_("There is nothing you can take back now."))
        state, log_length = self._undo_stack.pop()
        self.state = state
        self.history.pop()
        del self.log[log_length:]
        for listener in list(self.listeners):
            listener(self, [])

    def undoable_steps(self) -> int:
        return len(self._undo_stack) if self.can_undo() else 0

    def undo_floor(self) -> int | None:
        """The earliest step the current human may rewind to (None: nothing can be taken back).

        The steps from there on are exactly that human's own moves since the last
        roll, draw, reveal or move of another seat.
        """
        steps = self.undoable_steps()
        return len(self.history) - steps if steps else None

    def undo_refusal(self, step: int) -> str | None:
        """Why the game cannot be rewound to just before ``step``, in words; None when it can."""
        seat = self.state.current_seat()
        if seat is None:
            return _("The game is over; no more moves can be taken back.")
        if not self.seats[seat].is_human:
            return _("A bot is deciding; undo is for your own moves.")
        if not 0 <= step < len(self.history):
            return _("That is not a move that can be taken back.")
        floor = self.undo_floor()
        if floor is not None and step >= floor:
            return None
        if any(entry.event.reveals for entry in self.log if entry.index >= step):
            return _("A roll, a draw or a reveal came after that move, so it cannot be taken back.")
        mover = self.history[step][0]
        if mover != seat:
            return _("That was {name}'s move; you can only take back your own moves.").format(
                name=self.seat_name(mover))
        others = [s for s, _ in self.history[step:] if s != seat]
        if others:
            return _("{name} has moved since then; you can only take back your own moves.").format(
                name=self.seat_name(others[0]))
        return _("Undo works only within your current turn.")

    def undo_to(self, step: int) -> int:
        """Rewind to just before the move ``step`` (a ``LogEntry.index``); returns how many moves were taken back.

        Information-safe like :meth:`undo`: only the current human's own moves since
        the last roll, draw, reveal or other seat's move; IllegalAction says why not.
        """
        refusal = self.undo_refusal(step)
        if refusal is not None:
            raise IllegalAction(refusal)
        count = len(self.history) - step
        state, log_length = self._undo_stack[-count]
        del self._undo_stack[-count:]
        self.state = state
        del self.history[step:]
        del self.log[log_length:]
        for listener in list(self.listeners):
            listener(self, [])
        return count

    # --- bots ------------------------------------------------------------------------
    def bot_decision(self) -> Callable[[], Action] | None:
        """For a bot's turn: a function that computes its move from copies only.

        It touches nothing shared, so a scene may run it on a worker thread.
        The bot's seed depends on the match seed, the seat and the move number,
        so a loaded game continues exactly as it would have.
        """
        seat = self.state.current_seat()
        if seat is None:
            return None
        level = self.seats[seat].bot_level
        if level is None:
            return None
        bot = self.spec.make_bot(level, seat, mix_seed(self.seed, seat, len(self.history)), self.bot_budget_scale)
        view = self.state.view(seat)
        legal = self.state.legal_actions()
        return lambda: bot.choose(view, legal)

    # --- what a seat may read ------------------------------------------------------------
    def log_for(self, seat: int | None) -> list[LogEntry]:
        return [entry for entry in self.log if entry.event.visible(seat)]

    def since_last_decision(self, seat: int) -> list[LogEntry]:
        """What ``seat`` may read that happened after its own last move (empty before its first one)."""
        last = next((index for index in range(len(self.history) - 1, -1, -1) if self.history[index][0] == seat), None)
        if last is None:
            return []
        return [entry for entry in self.log if entry.index > last and entry.event.visible(seat)]

    # --- names -------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """The name shown for ``seat``: the one its player chose, or its default in the reader's language."""
        return self.spec.seat_label(self.seats[seat].name)

    def names(self) -> SeatNames:
        """The seats' shown names for :meth:`Event.render` and messages (None for a seat not at this table)."""
        def name_of(seat: int) -> str | None:
            return self.seat_name(seat) if 0 <= seat < len(self.seats) else None
        return name_of

    def refusal_words(self, refusal: IllegalAction) -> str:
        """A refused move in the reader's language, each seat called by its shown name."""
        reason = refusal.args[0] if refusal.args else ""
        return words(reason, self.names()) if isinstance(reason, Message) else str(reason)

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    # --- persistence -------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.spec.id,
            "seats": [s.to_json() for s in self.seats],
            "options": dict(self.options),
            "seed": self.seed,
            "guided": self.guided,
            "hints_used": sorted(self.hints_used),
            "actions": [[seat, action.text()] for seat, action in self.history],
            "state": self.state.to_json(),
        }

    @classmethod
    def replay(cls, spec: GameSpec, seats: list[Seat], options: Mapping[str, Any], seed: int,
               actions: list[tuple[int, Action]], *, guided: bool = False) -> "Match":
        """Rebuild a match from its seed and moves; IllegalAction names the first bad move."""
        match = cls(spec, seats, options, seed, guided=guided)
        for number, (seat, action) in enumerate(actions, start=1):
            if match.current_seat != seat:
                raise IllegalAction(_("move {number} ('{move}') was recorded for the wrong seat").format(
                    number=number, move=action.text()))
            try:
                match.apply(action)
            except IllegalAction as exc:
                raise IllegalAction(_("move {number} ('{move}') is refused: {reason}").format(
                    number=number, move=action.text(), reason=match.refusal_words(exc))) from None
        match._undo_stack.clear()
        return match
