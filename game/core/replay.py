"""Replays: any game rebuilt from its seed and moves, steppable both ways.

A replay keeps a clone of the state every few moves, so jumping to any step
replays at most ``CHECKPOINT_EVERY`` actions.  Its text form is small and
readable: a header, one line per seat and one line per move, plus an ``info``
line (date, title, winner) that lets a list show the game without replaying it.
Replay files come from other people too, so reading one never trusts it: every
problem becomes a :class:`ReplayError` with a sentence for the player.
"""
from __future__ import annotations

import hashlib
import json
import math
import re
import time
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from game.i18n import _, english, format_decimal

from .match import LogEntry, Match, Seat
from .protocol import Action, Event, GameState, IllegalAction, View
from .spec import GameSpec

CHECKPOINT_EVERY = 16
HEADER = "# Breakaway Box replay v1"
#: a line for people reading the file, skipped when it is read back
COMMENT = "#"
#: a replay longer than this is not one this app wrote (the longest games have a few thousand moves)
MAX_REPLAY_CHARS = 2_000_000
MAX_NAME_LENGTH = 40
_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")
#: header lines that a replay has at most once
ONCE_ONLY = ("game", "seed", "options", "info")
#: what a game's rules may raise on nonsense from a hand-edited file, besides IllegalAction
_BAD_DATA = (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError)


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
        #: what the file said about itself (date, title...): shown in lists, never trusted for play
        self.info: dict[str, Any] = {}
        try:
            state = spec.create(len(seats), self.options, seed)
        except _BAD_DATA as exc:
            raise ReplayError(_("The replay's game cannot be set up ({reason}).").format(reason=exc)) from None
        for number, (seat, action) in enumerate(actions):
            if number % CHECKPOINT_EVERY == 0:
                self._checkpoints.append(state.clone())
            if state.current_seat() is None:
                raise ReplayError(_("Move {number} ('{move}') comes after the end of the game.").format(
                    number=number + 1, move=action.text()))
            if state.current_seat() != seat:
                raise ReplayError(_("Move {number} ('{move}') is recorded for the wrong seat.").format(
                    number=number + 1, move=action.text()))
            try:
                events = state.apply(action)
            except IllegalAction as exc:
                raise ReplayError(_("Move {number} ('{move}') is refused: {reason}").format(
                    number=number + 1, move=action.text(), reason=exc)) from None
            except _BAD_DATA as exc:
                raise ReplayError(_("Move {number} ('{move}') cannot be played ({reason}).").format(
                    number=number + 1, move=action.text(), reason=exc.__class__.__name__)) from None
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

    def view_at(self, step: int, seat: int | None) -> View:
        """What ``seat`` could see after ``step`` moves; None gives the public replay, the only one of a
        game not over (see :meth:`secrets_open`)."""
        return self.state_at(step).view(self.eyes(seat))

    def log_until(self, step: int, seat: int | None) -> list[LogEntry]:
        eyes = self.eyes(seat)
        return [LogEntry(i, s.seat, e) for i, s in enumerate(self.steps[:step]) for e in s.events if e.visible(eyes)]

    def is_finished(self) -> bool:
        return self.final.is_over()

    def secrets_open(self) -> bool:
        """Whether a seat's secrets (hand, sheet, tiles) may be shown: only once the game has ended.

        A game still being played is watched by its own players, rivals of the seats they would look
        through: until its end every seat choice gives the public view.
        """
        return self.final.is_over()

    def eyes(self, seat: int | None) -> int | None:
        """Whose view ``seat`` may have: itself once the game is over, else the public view (None)."""
        return seat if self.secrets_open() else None

    def perspectives(self) -> list[int | None]:
        """The views on offer: the public one, and each seat's once the game is over."""
        return [None, *range(len(self.seats))] if self.secrets_open() else [None]

    def winner_name(self) -> str | None:
        """The winner's name as shown, once the game is over (None: unfinished, a draw or no winner)."""
        if not self.final.is_over():
            return None
        winner = self.final.outcome().winner
        return self.spec.seat_label(self.seats[winner].name) if winner is not None else None

    def digest(self) -> str:
        """Identifies the game itself (seed, setup, moves), whatever its info line says."""
        return game_digest(self.spec.id, self.seed, self.options, self.seats, [(s.seat, s.action) for s in self.steps])

    # --- text form ------------------------------------------------------------------
    def to_text(self) -> str:
        info = {**self.info, **game_info(self.spec, self.seats, len(self.steps), self.final)}
        return replay_text(self.spec.id, self.seed, self.options, self.seats,
                           [(s.seat, s.action) for s in self.steps], info)

    @classmethod
    def from_text(cls, text: str, specs: Mapping[str, GameSpec]) -> "Replay":
        """Parse a replay file, or raise ReplayError naming the first bad line."""
        header = read_header(text)
        game_id, seed, options = header.game_id, header.seed, header.options
        if game_id is None or game_id not in specs:
            raise ReplayError(_("The replay is of an unknown game ({game}).").format(game=repr(game_id)))
        if seed is None or options is None or not header.seats:
            raise ReplayError(_("The replay is missing its seed, options or seats."))
        spec = specs[game_id]
        problems = spec.setup_problems(len(header.seats), options)
        if problems:
            raise ReplayError(_("The replay's setup is not valid: {problems}").format(problems=" ".join(problems)))
        replay = cls(spec, list(header.seats), options, seed, header.moves)
        replay.info = dict(header.info)
        return replay


@dataclass(frozen=True)
class ReplayHeader:
    """Everything a replay file says, read without playing a move."""

    game_id: str | None
    seed: int | None
    options: dict[str, Any] | None
    seats: tuple[Seat, ...]
    info: Mapping[str, Any]
    moves: list[tuple[int, Action]]


def read_header(text: str) -> ReplayHeader:
    """Read a replay file's lines (not its moves' legality), or raise ReplayError naming the first bad line."""
    if not isinstance(text, str):
        raise ReplayError(_("This is not a Breakaway Box replay (it is not text)."))
    if len(text) > MAX_REPLAY_CHARS:
        raise ReplayError(_("This file is too large to be a Breakaway Box replay ({count} characters).").format(
            count=format_decimal(len(text))))
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line]
    if not lines or lines[0] != HEADER:
        if lines and lines[0].startswith("# Breakaway Box replay"):
            raise ReplayError(_("This replay was written by another version of Breakaway Box ('{theirs}'); this "
                                "version reads '{ours}'.").format(theirs=lines[0][2:60], ours=HEADER[2:]))
        raise ReplayError(_("This is not a Breakaway Box replay (the first line is wrong)."))
    game_id: str | None = None
    seed: int | None = None
    options: dict[str, Any] | None = None
    info: dict[str, Any] = {}
    seats: list[Seat] = []
    moves: list[tuple[int, Action]] = []
    given_once: set[str] = set()
    for number, line in enumerate(lines[1:], start=2):
        if line.startswith(COMMENT):
            continue  # words for people (an export's key moments), not part of the game
        word, _space, rest = line.partition(" ")
        try:
            if word in ONCE_ONLY:
                if word in given_once:
                    raise ValueError(f"'{word}' is given twice")
                given_once.add(word)
            if word == "game":
                game_id = rest.strip()
            elif word == "seed":
                seed = int(rest)
            elif word == "options":
                options = json.loads(rest)
                if not isinstance(options, dict):
                    raise ValueError("options are not a table")
            elif word == "info":
                parsed = json.loads(rest)
                if not isinstance(parsed, dict):
                    raise ValueError("info is not a table")
                info = parsed
            elif word == "seat":
                seats.append(_seat(json.loads(rest)))
            elif word == "move":
                seat_text, _space, action_text = rest.partition(" ")
                moves.append((int(seat_text), Action.parse(action_text)))
            else:
                raise ValueError(f"unknown entry '{word[:30]}'")
        except (ValueError, KeyError, TypeError, IllegalAction, RecursionError) as exc:
            raise ReplayError(_("Line {number} of the replay cannot be read ({reason}).").format(
                number=number, reason=str(exc)[:120])) from None
    return ReplayHeader(game_id, seed, options, tuple(seats), info, moves)


def _seat(data: Any) -> Seat:
    """A seat from a file: a short printable name and a #RRGGBB colour (drawn as is, so checked here)."""
    if not isinstance(data, dict):
        raise ValueError("a seat is not a table")
    seat = Seat.from_json(data)
    if not seat.name.strip() or len(seat.name) > MAX_NAME_LENGTH or not seat.name.isprintable():
        raise ValueError(f"the seat name {seat.name[:MAX_NAME_LENGTH]!r} is not a usable name")
    if not _COLOUR.fullmatch(seat.colour):
        raise ValueError(f"the seat colour {seat.colour[:20]!r} is not a colour like #E69F00")
    return seat


def game_digest(game_id: str, seed: int, options: Mapping[str, Any], seats: Sequence[Seat],
                moves: Sequence[tuple[int, Action]]) -> str:
    """A short fingerprint of one game: the same game archived twice has the same one."""
    body = replay_text(game_id, seed, options, seats, moves, None)
    return hashlib.sha1(body.encode("utf-8")).hexdigest()[:10]


def game_info(spec: GameSpec, seats: Sequence[Seat], moves: int, state: GameState) -> dict[str, Any]:
    """The ``info`` line's facts about a game as it stands."""
    over = state.is_over()
    winner = state.outcome().winner if over else None
    return {"title": english(spec, "title"), "moves": moves, "over": over,
            "winner": seats[winner].name if winner is not None else None}


def match_text(match: Match, played_at: str | None = None) -> str:
    """A match's replay text, written from its moves without playing them again."""
    info = {"played_at": played_at or time.strftime("%Y-%m-%d %H:%M"),
            **game_info(match.spec, match.seats, len(match.history), match.state)}
    return replay_text(match.spec.id, match.seed, match.options, match.seats, match.history, info)


def replay_text(game_id: str, seed: int, options: Mapping[str, Any], seats: Sequence[Seat],
                moves: Sequence[tuple[int, Action]], info: Mapping[str, Any] | None) -> str:
    lines = [HEADER, f"game {game_id}", f"seed {seed}", f"options {json.dumps(dict(options), sort_keys=True)}"]
    if info:
        lines.append(f"info {json.dumps(_plain(info), sort_keys=True)}")
    lines += [f"seat {json.dumps(s.to_json(), sort_keys=True)}" for s in seats]
    lines += [f"move {seat} {action.text()}" for seat, action in moves]
    return "\n".join(lines) + "\n"


def _plain(info: Mapping[str, Any]) -> dict[str, Any]:
    """Info values that JSON writes back faithfully (a file's odd values are dropped, not copied on)."""
    return {str(k): v for k, v in info.items()
            if v is None or isinstance(v, (str, bool, int)) or (isinstance(v, float) and math.isfinite(v))}
