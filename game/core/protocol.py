"""The one state API that all five games implement.

A game is a :class:`GameState` subclass.  Scenes, bots, the match, saves, the
command line and the conformance tests only ever talk to this interface, so a
rule lives in exactly one place: the game's engine.

Design (see docs/ARCHITECTURE.md):
* decisions are sequential: ``current_seat()`` says who decides now; simultaneous
  choices are secret commits followed by a reveal;
* chance is resolved inside ``apply`` with the state's own seeded :class:`Rng`;
* actions are small immutable values with a text form;
* hidden information leaves the state only through ``view(seat)``.
"""
from __future__ import annotations

import re
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Sequence

from game.i18n import Message, SeatNames, english_words, message_from_json, words

Scalar = int | str
#: what ``GameState.view(seat)`` returns: JSON-ready data, read by scenes, guides and bots.  Each game
#: spells its own out as a ``TypedDict`` in ``game/games/<game>/views.py`` (a TypedDict is a
#: ``Mapping[str, Any]``), so that a misspelt or renamed key is found by ``python -m mypy``, not at run time.
View = Mapping[str, Any]
_INT = re.compile(r"-?\d+")


class IllegalAction(ValueError):
    """A refused move.  The message is a sentence a player understands."""


@dataclass(frozen=True, order=True, init=False)
class Action:
    """A move: a verb and a few scalar arguments, e.g. ``insert left 3``."""

    kind: str
    args: tuple[Scalar, ...] = ()

    def __init__(self, kind: str, args: tuple[Scalar, ...] = ()) -> None:
        # frozen: fields are written once here, straight into the instance dict (a frozen
        # dataclass's own __init__ pays for object.__setattr__ per field; playouts make millions)
        fields_ = self.__dict__
        fields_["kind"] = kind
        fields_["args"] = args

    def text(self) -> str:
        return " ".join([self.kind, *(str(a) for a in self.args)])

    __str__ = text

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read the text form back; numeric words become ints."""
        words = text.split()
        if not words:
            raise IllegalAction("An empty move was given.")
        args = tuple(int(w) if _INT.fullmatch(w) else w for w in words[1:])
        return cls(words[0], args)


#: every action made by ``act``, shared: actions are immutable, a game has few distinct ones, and
#: legal_actions() lists rebuilt each move then hold the same objects (``in`` matches them by identity)
_ACTIONS: dict[tuple[str, tuple[Scalar, ...]], Action] = {}
_ACTIONS_LIMIT = 1 << 16


def act(kind: str, *args: Scalar) -> Action:
    """Shorthand constructor: ``act("insert", "left", 3)``.  Arguments are ints and strings (never
    bools or floats, which would share a cached action with the equal int)."""
    key = (kind, args)
    action = _ACTIONS.get(key)
    if action is None:
        if len(_ACTIONS) >= _ACTIONS_LIMIT:
            _ACTIONS.clear()
        action = _ACTIONS[key] = Action(kind, args)
    return action


_NO_DATA: Mapping[str, Any] = {}
#: ``Event``'s last two fields by name, for events made in playouts' hot loops: a call with keyword
#: arguments costs half as much again as one without (``Event(text, kind, data, EVERYONE, REVEALS)``)
EVERYONE: None = None
REVEALS = True


class Event:
    """Something that happened, for the log and the animations.

    ``message`` holds the words as a :class:`~game.i18n.Message` (an English message id with
    fields, put into the reader's language when shown) or, for words that need none, plain text.
    ``visible_to`` limits who may read it (None: everybody).  ``reveals`` marks a
    die roll, a card draw or a reveal: undo never goes back across it.
    ``kind`` and ``data`` let scenes animate and play sounds without parsing text.

    A value: never changed once made, equal to an event with the same fields.  A plain class with
    slots rather than a frozen dataclass, because every action makes one or more: slots are
    written and read faster than an instance dictionary, and nothing guards them per write.
    """

    __slots__ = ("message", "kind", "data", "visible_to", "reveals")

    message: Message | str
    kind: str
    data: Mapping[str, Any]
    visible_to: tuple[int, ...] | None
    reveals: bool

    def __init__(self, message: Message | str, kind: str = "info", data: Mapping[str, Any] = _NO_DATA,
                 visible_to: tuple[int, ...] | None = None, reveals: bool = False) -> None:
        self.message = message
        self.kind = kind
        self.data = {} if data is _NO_DATA else data
        self.visible_to = visible_to
        self.reveals = reveals

    @property
    def text(self) -> str:
        """The words in the current language, with the engine's own names for seats."""
        return words(self.message)

    def render(self, names: SeatNames | None = None) -> str:
        """The words in the current language, each seat called by ``names(seat)`` where it gives one."""
        return words(self.message, names)

    def english(self) -> str:
        """The words in English (digests, the command line)."""
        return english_words(self.message)

    def _fields(self) -> tuple[Any, ...]:
        return self.message, self.kind, self.data, self.visible_to, self.reveals

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._fields() == other._fields()
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.kind, self.visible_to, self.reveals))

    def __repr__(self) -> str:
        return (f"Event(message={self.message!r}, kind={self.kind!r}, data={self.data!r}, "
                f"visible_to={self.visible_to!r}, reveals={self.reveals!r})")

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        """Plain data: ``text`` in English, and the message (id and fields) it is made from, if any."""
        out: dict[str, Any] = {"text": self.english(), "kind": self.kind}
        if isinstance(self.message, Message):
            out["message"] = self.message.to_json()
        if self.data:
            out["data"] = dict(self.data)
        if self.visible_to is not None:
            out["visible_to"] = list(self.visible_to)
        if self.reveals:
            out["reveals"] = True
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Event":
        vis = data.get("visible_to")
        return cls(
            message=message_from_json(data["message"]) if "message" in data else str(data["text"]),
            kind=str(data.get("kind", "info")),
            data=dict(data.get("data", {})),
            visible_to=None if vis is None else tuple(int(s) for s in vis),
            reveals=bool(data.get("reveals", False)),
        )


@dataclass(frozen=True)
class Outcome:
    """Standings: a rank per seat (1 is best, ties share a rank) and a score.

    ``winner`` is the winning seat once the game is over, None for a draw, a
    void game or a game still running.  ``note`` says why in plain words.
    """

    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    winner: int | None = None
    note: Message | str = ""

    @staticmethod
    def from_scores(scores: Sequence[float], higher_is_better: bool = True,
                    over: bool = False, note: Message | str = "") -> "Outcome":
        """Rank seats by score; a unique best seat wins once the game is over."""
        sign = 1 if higher_is_better else -1
        ranks = tuple(1 + sum(1 for other in scores if sign * other > sign * mine) for mine in scores)
        best = [seat for seat, r in enumerate(ranks) if r == 1]
        winner = best[0] if over and len(best) == 1 else None
        return Outcome(ranks, tuple(scores), winner, note)

    def value_for(self, seat: int) -> float:
        """1.0 for first place down to 0.0 for last: what bots maximise."""
        n = len(self.ranks)
        if n <= 1:
            return 1.0
        return (n - self.ranks[seat]) / (n - 1)


class GameState(ABC):
    """Base class of every game's engine.  Pure Python: never imports pygame.

    Subclasses implement the abstract methods; ``apply`` is the only way in and
    guarantees that a refused action leaves the state exactly as it was.
    """

    game_id: ClassVar[str] = ""
    #: True when some seat holds information others may not see (hands, factors).
    has_secrets: ClassVar[bool] = False
    #: personal bests kept in player records: key -> (label, "max" or "min")
    record_labels: ClassVar[dict[str, tuple[str, str]]] = {}
    #: False where the outcome's score only repeats a place (Leader 1: its best rider's place), so the
    #: records' charts tell the seat's place alone instead of a "score" that reads like a second place
    score_in_records: ClassVar[bool] = True

    num_seats: int

    # --- creation -----------------------------------------------------------------
    @classmethod
    @abstractmethod
    def new(cls, num_seats: int, options: Mapping[str, Any], seed: int) -> "GameState":
        """A fresh game; all chance later comes from an Rng seeded with ``seed``."""

    # --- whose decision -------------------------------------------------------------
    @abstractmethod
    def current_seat(self) -> int | None:
        """The seat that decides now, or None when the game is over."""

    def is_over(self) -> bool:
        return self.current_seat() is None

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the current seat may take now (never empty before the end)."""

    # --- moving ---------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` for the current seat and return what happened."""
        if self.is_over():
            raise IllegalAction("The game is over; no more moves can be made.")
        self.check(action)
        return self._apply(action)

    def check(self, action: Action) -> None:
        """Raise IllegalAction with a reason when ``action`` is not allowed now.

        The default compares with ``legal_actions()``; games override it to say
        *why* a move is refused ("cyclist 2's values add up to 24 ...").
        """
        if action not in self.legal_actions():
            raise IllegalAction(f"'{action.text()}' is not a move you can make now.")

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Carry out an action that ``check`` accepted."""

    # --- results --------------------------------------------------------------------
    @abstractmethod
    def outcome(self) -> Outcome:
        """Standings now (provisional while the game runs)."""

    @abstractmethod
    def summary(self) -> dict[str, Any]:
        """The game-specific part of the command line's JSON result."""

    @property
    @abstractmethod
    def turn(self) -> int:
        """How many game turns (rounds) have been started; for summaries."""

    # --- information ----------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may see (None: a spectator), as JSON-ready data.

        Other seats' secrets, the order of decks and the RNG state are never in it.
        """

    @classmethod
    @abstractmethod
    def from_view(cls, view: Mapping[str, Any], seed: int) -> "GameState":
        """A full state consistent with ``view``: hidden parts sampled with ``seed``.

        This is how bots determinize what their seat cannot see.
        """

    def record_stats(self, seat: int) -> dict[str, float]:
        """This seat's numbers for ``record_labels`` at the end of a game (only those that apply)."""
        return {}

    def check_invariants(self) -> None:
        """Raise AssertionError when a conservation rule is broken (cards, pieces).

        The conformance playouts call it after every action.
        """

    def holds_secrets(self, seat: int) -> bool:
        """Whether ``seat`` has private information now (drives the hot-seat curtain)."""
        return self.has_secrets

    # --- persistence ----------------------------------------------------------------
    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Everything, RNG included, as JSON-ready data."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: Mapping[str, Any]) -> "GameState":
        """Inverse of ``to_json``; raises ValueError/KeyError/TypeError on bad data."""

    def clone(self) -> "GameState":
        """An independent copy.  Games may override with something faster."""
        return type(self).from_json(self.to_json())

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
