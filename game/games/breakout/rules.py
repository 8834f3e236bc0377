"""Breakout: two players push rope pieces into a wall until one rope links bottom to top.

The wall is ``wall[row][column]``: row 0 is the bottom slot and row 4 the top
slot; column 0 is the leftmost space and column 4 the rightmost.  A cell holds
the owner's seat (0 Yellow, 1 Blue) or None.  Players name the slots 1 (bottom)
to 5 (top), so actions are ``insert left 1`` .. ``insert right 5`` and ``pass``;
``row = slot - 1``.

Rulings applied (see docs/RULINGS.md and DESIGN.md):
* a piece enters the first space at its end of the slot and pushes the pieces
  directly in front of it one space along; the first gap absorbs the push, and a
  piece pushed past the far end falls out and returns to its owner;
* no immediate reversal: after a move that ejected a piece, the opponent may not
  insert into that slot from the opposite end on the very next turn;
* a player with no pieces in supply passes (and may only pass);
* a link joins one colour's pieces through horizontal and vertical neighbours
  (never diagonal) from the bottom slot to the top slot.  After each insertion
  the mover's link is looked at first, then the opponent's: a push may complete
  the opponent's link, and when it completes both, the mover escapes;
* on an escape every piece goes back, and the player who did not escape starts
  the next round; the first to 3 escapes wins;
* each insertion that leaves the wall full is a covering; 5 coverings in one
  round without an escape void the game (a draw).  A pass changes nothing on
  the wall, so it is no covering;
* a round that reaches ``ROUND_TURN_LIMIT`` turns without an escape voids the
  game too.  The rulebook's void rule ends rounds in which the wall keeps
  filling up; careful players can also stall with the wall one short of full,
  knocking each other's pieces out for ever, and this limit ends that (DESIGN.md).

The game has no chance at all, so the state owns no random generator.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, Mapping

from game.core.protocol import Action, Event, GameState, IllegalAction, Outcome, act
from game.i18n import N_, Message, PluralMessage, SeatName

from .views import BlockedInsertion, BreakoutView

SLOTS = 5
SPACES = 5
PIECES_PER_COLOUR = 13
ESCAPES_TO_WIN = 3
COVERINGS_TO_VOID = 5
#: turns (insertions and passes) one round may last before the game is void: see DESIGN.md
ROUND_TURN_LIMIT = 150
VOID_BY_COVERINGS = "coverings"
VOID_BY_STALLING = "stalled"
SIDES = ("left", "right")
OPPOSITE_SIDE = {"left": "right", "right": "left"}
COLOUR_NAMES = (N_("Yellow"), N_("Blue"))
#: the characters in the order they escape, as the log names them ("Yellow's second character escapes")
# TRANSLATORS: a character named in "{player}'s {which} escapes" (the field {which})
CHARACTER_ORDINALS = (N_("first character"), N_("second character"), N_("third character"))
#: where a push comes from, as a whole phrase: "into slot 3 from the left"
# TRANSLATORS: the end a push comes from, the field {from_side} in "into slot {slot} {from_side}"
FROM_SIDE = {"left": N_("from the left"), "right": N_("from the right")}

Cell = int | None
Wall = list[list[Cell]]


def seat_name(seat: int) -> SeatName:
    """A seat in the engine's words: the player's chosen name on screen, else its colour."""
    return SeatName(seat, Message(COLOUR_NAMES[seat]))


def from_side(side: str) -> Message:
    """'from the left' / 'from the right' in the reader's language."""
    return Message(FROM_SIDE[side])


def empty_wall() -> Wall:
    return [[None] * SPACES for _ in range(SLOTS)]


def entry_column(side: str) -> int:
    """The space a piece enters: column 0 from the left, column 4 from the right."""
    return 0 if side == "left" else SPACES - 1


@dataclass(frozen=True)
class PushResult:
    """What one insertion does to a slot.

    ``moved`` lists ``(from_column, to_column, owner)`` for every piece that
    slid one space along; ``ejected_owner`` is the owner of the piece pushed out
    past the far end (None when a gap absorbed the push or the slot was empty).
    """

    row: list[Cell]
    moved: tuple[tuple[int, int, int], ...]
    ejected_owner: int | None
    ejected_column: int | None
    absorbed_column: int | None


def push_into_slot(row: list[Cell], side: str, seat: int) -> PushResult:
    """Insert ``seat``'s piece at ``side`` of ``row``; the contiguous pieces in front slide along."""
    step = 1 if side == "left" else -1
    start = entry_column(side)
    columns = [start + step * k for k in range(SPACES)]
    run = 0
    while run < SPACES and row[columns[run]] is not None:
        run += 1
    after = list(row)
    ejected_owner = ejected_column = absorbed_column = None
    if run == SPACES:
        ejected_column = columns[-1]
        ejected_owner = row[ejected_column]
        run -= 1
    else:
        absorbed_column = columns[run]
    moved = []
    for k in range(run - 1, -1, -1):
        source, target = columns[k], columns[k + 1]
        owner = row[source]
        assert owner is not None
        after[target] = owner
        moved.append((source, target, owner))
    after[start] = seat
    return PushResult(after, tuple(moved), ejected_owner, ejected_column, absorbed_column)


def link_group(wall: Wall, seat: int) -> list[tuple[int, int]]:
    """All of ``seat``'s pieces connected (never diagonally) to both the bottom and the top slot.

    Empty when ``seat`` has no link.  Sorted by (row, column).
    """
    if seat not in wall[0] or seat not in wall[SLOTS - 1]:
        return []
    from_bottom = _reachable(wall, seat, 0)
    if not any(row == SLOTS - 1 for row, _ in from_bottom):
        return []
    return sorted(from_bottom & _reachable(wall, seat, SLOTS - 1))


def link_path(wall: Wall, seat: int) -> list[tuple[int, int]]:
    """A shortest chain of ``seat``'s pieces from the bottom slot up to the top, bottom first."""
    starts = [(0, c) for c in range(SPACES) if wall[0][c] == seat]
    parent: dict[tuple[int, int], tuple[int, int] | None] = {cell: None for cell in starts}
    queue = deque(starts)
    while queue:
        cell = queue.popleft()
        if cell[0] == SLOTS - 1:
            path = []
            step: tuple[int, int] | None = cell
            while step is not None:
                path.append(step)
                step = parent[step]
            return path[::-1]
        for near in _neighbours(*cell):
            if near not in parent and wall[near[0]][near[1]] == seat:
                parent[near] = cell
                queue.append(near)
    return []


def _neighbours(row: int, column: int) -> list[tuple[int, int]]:
    """Horizontal and vertical neighbours only: knots on the diagonal do not count."""
    cells = [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
    return [(r, c) for r, c in cells if 0 <= r < SLOTS and 0 <= c < SPACES]


#: every cell's neighbours, worked out once (the reachability search asks for them at every step)
_NEIGHBOURS: dict[tuple[int, int], list[tuple[int, int]]] = {
    (row, column): _neighbours(row, column) for row in range(SLOTS) for column in range(SPACES)}


def _reachable(wall: Wall, seat: int, start_row: int) -> set[tuple[int, int]]:
    seen = {(start_row, c) for c in range(SPACES) if wall[start_row][c] == seat}
    stack = list(seen)
    neighbours = _NEIGHBOURS
    while stack:
        for near in neighbours[stack.pop()]:
            if near not in seen and wall[near[0]][near[1]] == seat:
                seen.add(near)
                stack.append(near)
    return seen


_PASS = act("pass")
#: the insertions by the one the no-reversal rule blocks (None: all ten)
_INSERTS: dict[tuple[int, str] | None, list[Action]] = {}


def wall_is_full(wall: Wall) -> bool:
    return all(cell is not None for row in wall for cell in row)


class BreakoutState(GameState):
    """The whole game: the wall, the supplies, the escapes and whose turn it is."""

    game_id = "breakout"
    has_secrets = False
    #: personal bests for the player records (see ``record_stats``)
    record_labels = {
        "turns_to_win": (N_("fastest win, in turns"), "min"),
        "quickest_escape": (N_("quickest escape, in turns of its round"), "min"),
        "pieces_knocked_out": (N_("most rival pieces knocked out"), "max"),
    }

    def __init__(self) -> None:
        self.num_seats = 2
        self.wall: Wall = empty_wall()
        self.supply = [PIECES_PER_COLOUR, PIECES_PER_COLOUR]
        self.escapes = [0, 0]
        self.to_move = 0
        self.round = 1
        self.coverings = 0
        self.moves = 0
        self.round_turns = 0
        #: why the game was declared void: "" (it was not), VOID_BY_COVERINGS or VOID_BY_STALLING
        self.void_reason = ""
        #: the insertion the mover may not make now: (row, side), from the no-reversal rule
        self.blocked: tuple[int, str] | None = None
        #: for the player records: rival pieces each seat has pushed off the wall this game, and the
        #: fewest turns a round lasted before each seat escaped in it (0: no escape yet)
        self.knocked_out = [0, 0]
        self.quickest_escape = [0, 0]

    @classmethod
    def new(cls, num_seats: int, options: Mapping[str, Any], seed: int) -> "BreakoutState":
        """Yellow (seat 0) begins; ``seed`` is unused because nothing is left to chance."""
        if num_seats != 2:
            raise ValueError(Message("Breakout is played by exactly 2 players."))
        return cls()

    # --- whose decision -------------------------------------------------------------
    @property
    def void(self) -> bool:
        return bool(self.void_reason)

    def winner(self) -> int | None:
        for seat, count in enumerate(self.escapes):
            if count >= ESCAPES_TO_WIN:
                return seat
        return None

    def current_seat(self) -> int | None:
        if self.void_reason or self.winner() is not None:
            return None
        return self.to_move

    def legal_actions(self) -> list[Action]:
        if self.is_over():
            return []
        if self.supply[self.to_move] == 0:
            return [_PASS]
        inserts = _INSERTS.get(self.blocked)
        if inserts is None:
            inserts = _INSERTS[self.blocked] = [act("insert", side, row + 1) for row in range(SLOTS)
                                                for side in SIDES if (row, side) != self.blocked]
        return list(inserts)

    # --- refusals ---------------------------------------------------------------------
    def check(self, action: Action) -> None:
        if action.kind == "pass":
            self._check_pass(action)
        elif action.kind == "insert":
            self._check_insert(action)
        else:
            raise IllegalAction(Message("Insert a rope piece, e.g. 'insert left 3', or 'pass' when you have none left."))

    def _check_pass(self, action: Action) -> None:
        """Passing is only for a player whose pieces are all on the wall."""
        if action.args:
            raise IllegalAction(Message("'pass' takes nothing after it."))
        if self.supply[self.to_move] > 0:
            raise IllegalAction(Message("You still have pieces; you cannot pass."))

    def _check_insert(self, action: Action) -> None:
        if len(action.args) != 2 or action.args[0] not in SIDES:
            raise IllegalAction(Message("Say which end and which slot, e.g. 'insert left 3' or 'insert right 1'."))
        slot = action.args[1]
        if not isinstance(slot, int) or not 1 <= slot <= SLOTS:
            raise IllegalAction(Message("There is no slot {slot}; the slots are numbered 1 (bottom) to {slots} (top).",
                                        slot=str(slot), slots=SLOTS))
        if self.supply[self.to_move] == 0:
            raise IllegalAction(
                Message("You have no rope pieces left; you must pass until one of yours falls off the wall."))
        side = str(action.args[0])
        if (slot - 1, side) == self.blocked:
            raise IllegalAction(Message(
                "You may not insert {from_side} into slot {slot} right after your opponent ejected a piece there "
                "{from_other_side}.", from_side=from_side(side), slot=slot, from_other_side=from_side(OPPOSITE_SIDE[side])))

    # --- moving -----------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        seat = self.to_move
        self.moves += 1
        self.round_turns += 1
        self.blocked = None
        if action.kind == "pass":
            self.to_move = 1 - seat
            events = [Event(Message("{player} has no rope pieces left and passes.", player=seat_name(seat)), "pass",
                            {"seat": seat})]
            return events + self._round_turn_limit()
        side, slot = str(action.args[0]), int(action.args[1])
        events = [self._insert(seat, side, slot - 1)]
        escaper = self._escaper_after_move(seat)
        if escaper is not None:
            events.extend(self._escape(escaper, seat))
            return events
        self.to_move = 1 - seat
        if self.blocked is not None and self.supply[self.to_move] > 0:
            events.append(self._blocked_notice())
        if wall_is_full(self.wall):
            events.extend(self._count_covering())
        if not self.void:
            events.extend(self._round_turn_limit())
        return events

    def _insert(self, seat: int, side: str, row: int) -> Event:
        """Place a piece and push; an ejected piece goes back to its owner's supply."""
        result = push_into_slot(self.wall[row], side, seat)
        self.wall[row] = result.row
        self.supply[seat] -= 1
        slot = row + 1
        where = {"player": seat_name(seat), "slot": slot, "from_side": from_side(side)}
        text: Message
        if result.ejected_owner is not None:
            self.supply[result.ejected_owner] += 1
            if result.ejected_owner != seat:
                self.knocked_out[seat] += 1
            self._no_immediate_reversal(row, side)
            if result.ejected_owner == seat:
                text = Message("{player} pushes a rope piece into slot {slot} {from_side}; {player}'s own piece at the "
                               "far end falls out and returns to {player}.", **where)
            else:
                text = Message("{player} pushes a rope piece into slot {slot} {from_side}; {owner}'s piece at the far "
                               "end falls out and returns to {owner}.", owner=seat_name(result.ejected_owner), **where)
        elif result.moved:
            text = PluralMessage("{player} pushes a rope piece into slot {slot} {from_side}, sliding {count} piece one "
                                 "space along.",
                                 "{player} pushes a rope piece into slot {slot} {from_side}, sliding {count} pieces one "
                                 "space along.", len(result.moved), **where)
        else:
            text = Message("{player} pushes a rope piece into slot {slot} {from_side}.", **where)
        data = {
            "seat": seat, "slot": slot, "row": row, "side": side, "column": entry_column(side),
            "pushed": [list(m) for m in result.moved],
            "ejected": result.ejected_owner, "ejected_column": result.ejected_column,
            "gap_column": result.absorbed_column,
        }
        return Event(text, "insert", data)

    def _no_immediate_reversal(self, row: int, side: str) -> None:
        """After an ejection the opponent may not push straight back from the other end."""
        self.blocked = (row, OPPOSITE_SIDE[side])

    def _blocked_notice(self) -> Event:
        assert self.blocked is not None
        row, side = self.blocked
        return Event(Message("{player} may not push straight back into slot {slot} {from_side} on this turn.",
                             player=seat_name(self.to_move), slot=row + 1, from_side=from_side(side)),
                     "blocked", {"seat": self.to_move, "slot": row + 1, "row": row, "side": side})

    def _escaper_after_move(self, mover: int) -> int | None:
        """The mover's link counts first; otherwise the push may have completed the opponent's."""
        for seat in (mover, 1 - mover):
            if link_group(self.wall, seat):
                return seat
        return None

    def _escape(self, seat: int, mover: int) -> list[Event]:
        """A character climbs out; all pieces go back and the other player starts the next round."""
        both = seat == mover and bool(link_group(self.wall, 1 - mover))
        self.escapes[seat] += 1
        character = self.escapes[seat]
        if not self.quickest_escape[seat] or self.round_turns < self.quickest_escape[seat]:
            self.quickest_escape[seat] = self.round_turns
        fields = {"player": seat_name(seat), "which": Message(CHARACTER_ORDINALS[character - 1]),
                  "character": character, "total": ESCAPES_TO_WIN}
        if seat == mover and both:
            text = Message("{player}'s rope now links the bottom slot to the top (so does {other}'s, but the mover's "
                           "link counts first): {player}'s {which} escapes ({character} of {total}).",
                           other=seat_name(1 - seat), **fields)
        elif seat == mover:
            text = Message("{player}'s rope now links the bottom slot to the top: {player}'s {which} escapes "
                           "({character} of {total}).", **fields)
        else:
            text = Message("{mover}'s push completes {player}'s rope from the bottom slot to the top: {player}'s "
                           "{which} escapes ({character} of {total}).", mover=seat_name(mover), **fields)
        events = [Event(
            text,
            "escape",
            {"seat": seat, "mover": mover, "character": character, "escapes": list(self.escapes),
             "path": [list(cell) for cell in link_path(self.wall, seat)],
             "group": [list(cell) for cell in link_group(self.wall, seat)],
             "wall": [list(row) for row in self.wall]},
        )]
        self._return_all_pieces()
        if self.escapes[seat] >= ESCAPES_TO_WIN:
            events.append(Event(Message("All {total} of {player}'s characters have escaped: {player} wins the game.",
                                        total=ESCAPES_TO_WIN, player=seat_name(seat)),
                                "game_over", {"winner": seat, "escapes": list(self.escapes)}))
            return events
        self.round += 1
        self.to_move = 1 - seat
        events.append(Event(
            Message("All rope pieces go back to their owners. Round {round} begins; {player} starts.",
                    round=self.round, player=seat_name(self.to_move)),
            "round", {"round": self.round, "starter": self.to_move}))
        return events

    def _return_all_pieces(self) -> None:
        self.wall = empty_wall()
        self.supply = [PIECES_PER_COLOUR, PIECES_PER_COLOUR]
        self.coverings = 0
        self.round_turns = 0
        self.blocked = None

    def _count_covering(self) -> list[Event]:
        """An insertion that leaves the wall full covers it; the fifth covering in a round voids the game."""
        self.coverings += 1
        events = [Event(Message("The wall is full: covering {count} of {limit} in this round.",
                                count=self.coverings, limit=COVERINGS_TO_VOID),
                        "covering", {"count": self.coverings, "limit": COVERINGS_TO_VOID})]
        if self.coverings >= COVERINGS_TO_VOID:
            self.void_reason = VOID_BY_COVERINGS
            events.append(Event(
                Message("The wall has been covered {limit} times in this round without an escape: the game is void "
                        "and counts as a draw. Start a new game for a rematch.", limit=COVERINGS_TO_VOID),
                "void", {"reason": VOID_BY_COVERINGS, "coverings": self.coverings, "escapes": list(self.escapes)}))
        return events

    def _round_turn_limit(self) -> list[Event]:
        """A round that stalls for ROUND_TURN_LIMIT turns without an escape voids the game."""
        if self.round_turns < ROUND_TURN_LIMIT:
            return []
        self.void_reason = VOID_BY_STALLING
        return [Event(
            Message("Round {round} has lasted {limit} turns without an escape: the game is void and counts as a "
                    "draw. Start a new game for a rematch.", round=self.round, limit=ROUND_TURN_LIMIT),
            "void", {"reason": VOID_BY_STALLING, "turns": self.round_turns, "escapes": list(self.escapes)})]

    # --- results ----------------------------------------------------------------------
    def outcome(self) -> Outcome:
        if self.void:
            if self.void_reason == VOID_BY_COVERINGS:
                why = Message("The wall was covered {limit} times in one round: the game is void (a draw).",
                              limit=COVERINGS_TO_VOID)
            else:
                why = Message("A round lasted {limit} turns without an escape: the game is void (a draw).",
                              limit=ROUND_TURN_LIMIT)
            return Outcome((1, 1), tuple(float(e) for e in self.escapes), None, why)
        winner = self.winner()
        note: Message | str = "" if winner is None else Message("{player}'s {total} characters escaped first.",
                                                                 player=seat_name(winner), total=ESCAPES_TO_WIN)
        return Outcome.from_scores([float(e) for e in self.escapes], over=winner is not None, note=note)

    def record_stats(self, seat: int) -> dict[str, float]:
        """The finished game's bests for ``seat``: the game's length only when this seat won it."""
        if not self.is_over():
            return {}
        stats: dict[str, float] = {"pieces_knocked_out": float(self.knocked_out[seat])}
        if self.winner() == seat:
            stats["turns_to_win"] = float(self.moves)
        if self.quickest_escape[seat]:
            stats["quickest_escape"] = float(self.quickest_escape[seat])
        return stats

    def summary(self) -> dict[str, Any]:
        return {"escapes": {str(seat): n for seat, n in enumerate(self.escapes)}, "void": self.void,
                "void_reason": self.void_reason, "rounds": self.round, "coverings": self.coverings,
                "moves": self.moves}

    @property
    def turn(self) -> int:
        """Turns started: every insertion or pass is a turn."""
        return self.moves + (0 if self.is_over() else 1)

    def check_invariants(self) -> None:
        """13 pieces a colour, always on the wall or in a supply; someone can always move."""
        for seat in (0, 1):
            on_wall = sum(cell == seat for row in self.wall for cell in row)
            assert self.supply[seat] >= 0, f"{COLOUR_NAMES[seat]}'s supply is negative"
            assert on_wall + self.supply[seat] == PIECES_PER_COLOUR, \
                f"{COLOUR_NAMES[seat]} has {on_wall} pieces on the wall and {self.supply[seat]} in supply"
        assert all(cell in (None, 0, 1) for row in self.wall for cell in row), "a space holds something odd"
        assert sum(self.supply) > 0, "both supplies are empty, so nobody could move"
        assert self.coverings < COVERINGS_TO_VOID or self.void, "too many coverings without a void game"
        assert self.round_turns < ROUND_TURN_LIMIT or self.void, "a stalled round went on"
        assert max(self.escapes) <= ESCAPES_TO_WIN and min(self.escapes) >= 0, "impossible escape count"
        if not self.is_over():
            assert self.legal_actions(), "no legal move before the end"

    # --- information ------------------------------------------------------------------
    def _fields(self) -> dict[str, Any]:
        return {
            "wall": [list(row) for row in self.wall], "supply": list(self.supply), "escapes": list(self.escapes),
            "to_move": self.to_move, "round": self.round, "coverings": self.coverings, "moves": self.moves,
            "round_turns": self.round_turns, "void_reason": self.void_reason,
            "blocked": None if self.blocked is None else list(self.blocked),
            "knocked_out": list(self.knocked_out), "quickest_escape": list(self.quickest_escape),
        }

    def view(self, seat: int | None) -> BreakoutView:
        """Everything is public; a few derived numbers spare the scene some counting."""
        blocked: BlockedInsertion | None = None
        if self.blocked is not None:
            blocked = {"slot": self.blocked[0] + 1, "row": self.blocked[0], "side": self.blocked[1]}
        return {
            "seat": seat, "wall": [list(row) for row in self.wall], "supply": list(self.supply),
            "escapes": list(self.escapes), "to_move": self.to_move, "round": self.round, "coverings": self.coverings,
            "moves": self.moves, "round_turns": self.round_turns, "void_reason": self.void_reason, "blocked": blocked,
            "knocked_out": list(self.knocked_out), "quickest_escape": list(self.quickest_escape),
            "on_wall": [sum(cell == s for row in self.wall for cell in row) for s in (0, 1)],
            "pieces_per_colour": PIECES_PER_COLOUR, "escapes_to_win": ESCAPES_TO_WIN,
            "coverings_to_void": COVERINGS_TO_VOID, "round_turn_limit": ROUND_TURN_LIMIT, "void": self.void,
            "over": self.is_over(), "winner": self.winner(),
        }

    @classmethod
    def from_view(cls, view: Mapping[str, Any], seed: int) -> "BreakoutState":
        """Nothing is hidden, so the view rebuilds the game exactly."""
        blocked = view["blocked"]
        fields = dict(view)
        fields["blocked"] = None if blocked is None else [blocked["row"], blocked["side"]]
        return cls._from_fields(fields)

    def to_json(self) -> dict[str, Any]:
        return self._fields()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "BreakoutState":
        return cls._from_fields(data)

    @classmethod
    def _from_fields(cls, data: Mapping[str, Any]) -> "BreakoutState":
        state = cls()
        wall = data["wall"]
        if len(wall) != SLOTS or any(len(row) != SPACES for row in wall):
            raise ValueError(f"the wall must have {SLOTS} slots of {SPACES} spaces")
        if any(cell not in (None, 0, 1) or isinstance(cell, bool) for row in wall for cell in row):
            raise ValueError("a space of the wall holds something other than a Yellow or Blue piece")
        state.wall = [list(row) for row in wall]
        state.supply = [int(n) for n in data["supply"]]
        state.escapes = [int(n) for n in data["escapes"]]
        if len(state.supply) != 2 or len(state.escapes) != 2:
            raise ValueError("supplies and escapes are kept for exactly 2 players")
        state.to_move = int(data["to_move"])
        if state.to_move not in (0, 1):
            raise ValueError("the player to move must be 0 (Yellow) or 1 (Blue)")
        state.round = int(data["round"])
        state.coverings = int(data["coverings"])
        state.moves = int(data["moves"])
        state.round_turns = int(data["round_turns"])
        state.void_reason = str(data["void_reason"])
        if state.void_reason not in ("", VOID_BY_COVERINGS, VOID_BY_STALLING):
            raise ValueError(f"unknown reason for a void game: {state.void_reason!r}")
        # games saved before the player records kept these counters start them at nothing
        state.knocked_out = [int(n) for n in data.get("knocked_out", (0, 0))]
        state.quickest_escape = [int(n) for n in data.get("quickest_escape", (0, 0))]
        if len(state.knocked_out) != 2 or len(state.quickest_escape) != 2:
            raise ValueError("the record counters are kept for exactly 2 players")
        blocked = data["blocked"]
        if blocked is not None:
            row, side = int(blocked[0]), str(blocked[1])
            if not 0 <= row < SLOTS or side not in SIDES:
                raise ValueError("the blocked insertion names no slot end")
            state.blocked = (row, side)
        try:
            state.check_invariants()
        except AssertionError as exc:
            raise ValueError(f"the position is impossible: {exc}") from None
        return state

    def clone(self) -> "BreakoutState":
        twin = BreakoutState()
        twin.wall = [list(row) for row in self.wall]
        twin.supply = list(self.supply)
        twin.escapes = list(self.escapes)
        twin.to_move, twin.round, twin.coverings = self.to_move, self.round, self.coverings
        twin.moves, twin.round_turns, twin.blocked = self.moves, self.round_turns, self.blocked
        twin.void_reason = self.void_reason
        twin.knocked_out = list(self.knocked_out)
        twin.quickest_escape = list(self.quickest_escape)
        return twin
