"""Breakout bots: easy, normal and a searching hard bot.

The bots think on a compact copy of the wall: one 25-bit mask per colour, bit
``row * 5 + column`` (row 0 the bottom slot, column 0 the left end), and moves
as small ints (``row * 2 + side``, side 0 left, 1 right; ``PASS``).  Pushes are
looked up in a table built once from ``rules.push_into_slot``, so the bots
cannot drift from the rules; a test replays random games through both.

* easy: takes an escape when one is on the wall, otherwise plays at random;
* normal: never hands the opponent an escape it can see two plies ahead, and
  otherwise picks the move that best shortens its own rope against the
  opponent's (the rope distance below), with a little noise;
* hard: negamax alpha-beta with iterative deepening, a transposition table,
  killer and history move ordering and the rope-distance evaluation.  Its
  primary limit is a node count (deterministic for a seed); the clock is only
  a ceiling for slow machines, counted from the start of the decision.

Rope distance: the cheapest bottom-to-top path for a colour where its own
pieces cost 0, an empty space 1 and an opponent's piece 2 (it has to be pushed
away first), computed as a 0-1-2 breadth-first search over the 5x5 grid with
bit-parallel layers.
"""
from __future__ import annotations

from abc import abstractmethod

from game.core.bots import Bot, Deadline
from game.core.protocol import Action, act
from game.core.spec import GameSpec
from game.i18n import Message

from .rules import (
    COVERINGS_TO_VOID, ESCAPES_TO_WIN, PIECES_PER_COLOUR, ROUND_TURN_LIMIT, SIDES, SLOTS, SPACES, push_into_slot,
)
from .views import BreakoutView

FULL = (1 << (SLOTS * SPACES)) - 1
ROW = (1 << SPACES) - 1
BOTTOM = ROW
TOP = ROW << (SPACES * (SLOTS - 1))
LEFT_COLUMN = sum(1 << (r * SPACES) for r in range(SLOTS))
RIGHT_COLUMN = LEFT_COLUMN << (SPACES - 1)
NOT_LEFT = FULL & ~LEFT_COLUMN
NOT_RIGHT = FULL & ~RIGHT_COLUMN
PASS = SLOTS * 2
NO_MOVE = -1

#: results of playing one move
GOES_ON, MOVER_ESCAPES, OPPONENT_ESCAPES = 0, 1, 2

#: the cost of an opponent's piece on a rope path (own 0, empty 1)
OPPONENT_PIECE_COST = 2
#: evaluation weights: rope distance difference, and a little for pieces kept in hand
DISTANCE_WEIGHT = 100
SUPPLY_WEIGHT = 3
WIN = 1_000_000

#: per level (node limit, seconds ceiling); scaled by the budget scale
HARD_NODES = 25000
HARD_SECONDS = 0.45
HARD_MAX_DEPTH = 16

#: a round this long is drifting towards a stall: from here the bots vary their pushes more and more
CALM_TURNS = 30
#: how much a void game (a draw) is worth less than an even position to a bot that is not behind
DRAW_CONTEMPT = 60


def void_value(escapes: tuple[int, ...], mover: int) -> int:
    """A void game for ``mover``: a draw, welcome when behind in escapes, a loss of chances otherwise."""
    lead = escapes[mover] - escapes[1 - mover]
    if lead < 0:
        return -lead * WIN // (2 * ESCAPES_TO_WIN)
    return -lead * WIN // (2 * ESCAPES_TO_WIN) - DRAW_CONTEMPT


def fills_the_wall(masks: tuple[int, int]) -> bool:
    return (masks[0] | masks[1]) == FULL


def _build_push_table() -> list[list[tuple[int, int, int]]]:
    """For side*2+mover and the two colours' 5-bit row masks: new masks and the ejected owner (-1 none)."""
    table = []
    for side in SIDES:
        for mover in (0, 1):
            entries = [(0, 0, -1)] * (1 << (2 * SPACES))
            for yellow in range(1 << SPACES):
                for blue in range(1 << SPACES):
                    if yellow & blue:
                        continue
                    row = [0 if yellow >> c & 1 else 1 if blue >> c & 1 else None for c in range(SPACES)]
                    result = push_into_slot(row, side, mover)
                    new_yellow = sum(1 << c for c, cell in enumerate(result.row) if cell == 0)
                    new_blue = sum(1 << c for c, cell in enumerate(result.row) if cell == 1)
                    ejected = -1 if result.ejected_owner is None else result.ejected_owner
                    entries[yellow << SPACES | blue] = (new_yellow, new_blue, ejected)
            table.append(entries)
    return table


PUSH_TABLE = _build_push_table()


def neighbours(cells: int) -> int:
    """Horizontal and vertical neighbours of a set of cells (never diagonal)."""
    return ((cells << SPACES) | (cells >> SPACES) | ((cells << 1) & NOT_LEFT) | ((cells >> 1) & NOT_RIGHT)) & FULL


def spread(cells: int, within: int) -> int:
    """Grow ``cells`` through ``within`` until nothing more joins."""
    while True:
        grown = cells | (neighbours(cells) & within)
        if grown == cells:
            return cells
        cells = grown


def has_link(mask: int) -> bool:
    """Whether the pieces in ``mask`` link the bottom slot to the top slot."""
    if not mask & BOTTOM or not mask & TOP:
        return False
    return bool(spread(mask & BOTTOM, mask) & TOP)


def rope_distance(own: int, opponent: int) -> int:
    """Cheapest bottom-to-top path: own piece 0, empty space 1, opponent's piece 2.

    ``cells`` is every cell reachable for at most ``cost``; entering an empty
    space adds 1, an opponent's piece 2, own pieces are free.  This is the hot
    spot of the hard bot, hence the inlined neighbour shifts.
    """
    empty = FULL & ~(own | opponent)
    own_start = own & BOTTOM
    one_more = two_more_now = two_more_next = 0
    for cost in range(SLOTS * OPPONENT_PIECE_COST + 1):
        cells = own_start | one_more | two_more_now
        while True:
            grown = cells | (((cells << SPACES) | (cells >> SPACES) | ((cells << 1) & NOT_LEFT)
                              | ((cells >> 1) & NOT_RIGHT)) & own)
            if grown == cells:
                break
            cells = grown
        if cells & TOP:
            return cost
        reach = BOTTOM | (((cells << SPACES) | (cells >> SPACES) | ((cells << 1) & NOT_LEFT)
                           | ((cells >> 1) & NOT_RIGHT)) & FULL)
        one_more = cells | (reach & empty)
        two_more_now, two_more_next = two_more_next, reach & opponent
    return SLOTS * OPPONENT_PIECE_COST + 1


def play(masks: tuple[int, int], mover: int, move: int) -> tuple[tuple[int, int], int, int]:
    """The new masks, the move the opponent may not answer with (or NO_MOVE) and the result."""
    if move == PASS:
        return masks, NO_MOVE, GOES_ON
    row, side = move >> 1, move & 1
    shift = row * SPACES
    yellow, blue = masks
    new_yellow, new_blue, ejected = PUSH_TABLE[side * 2 + mover][((yellow >> shift) & ROW) << SPACES
                                                                 | ((blue >> shift) & ROW)]
    clear = ~(ROW << shift)
    after = ((yellow & clear) | (new_yellow << shift), (blue & clear) | (new_blue << shift))
    blocked = NO_MOVE if ejected < 0 else row * 2 + (1 - side)
    if has_link(after[mover]):
        return after, blocked, MOVER_ESCAPES
    if has_link(after[1 - mover]):
        return after, blocked, OPPONENT_ESCAPES
    return after, blocked, GOES_ON


def moves_for(masks: tuple[int, int], mover: int, blocked: int) -> list[int]:
    if masks[mover].bit_count() >= PIECES_PER_COLOUR:
        return [PASS]
    return [move for move in range(SLOTS * 2) if move != blocked]


def move_action(move: int) -> Action:
    if move == PASS:
        return act("pass")
    return act("insert", SIDES[move & 1], (move >> 1) + 1)


def evaluate(masks: tuple[int, int], mover: int) -> int:
    """The position for ``mover``: shorter rope than the opponent's, and pieces still in hand."""
    own, other = masks[mover], masks[1 - mover]
    distance_gap = rope_distance(other, own) - rope_distance(own, other)
    supply_gap = other.bit_count() - own.bit_count()
    return DISTANCE_WEIGHT * distance_gap + SUPPLY_WEIGHT * supply_gap


class Position:
    """What a bot reads from its view: masks, mover, blocked move, coverings, turns, escapes."""

    def __init__(self, view: BreakoutView) -> None:
        masks = [0, 0]
        for row, cells in enumerate(view["wall"]):
            for column, owner in enumerate(cells):
                if owner is not None:
                    masks[owner] |= 1 << (row * SPACES + column)
        self.masks = (masks[0], masks[1])
        self.mover = int(view["to_move"])
        blocked = view["blocked"]
        self.blocked = NO_MOVE if blocked is None else blocked["row"] * 2 + SIDES.index(blocked["side"])
        self.coverings = int(view["coverings"])
        self.round_turns = int(view["round_turns"])
        self.escapes = tuple(view["escapes"])

    def moves(self) -> list[int]:
        return moves_for(self.masks, self.mover, self.blocked)


class _BreakoutBot(Bot):
    def choose(self, view: BreakoutView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        position = Position(view)
        action = move_action(self.pick(position))
        assert action in legal, f"the bot chose {action.text()}, which is not allowed"
        return action

    @abstractmethod
    def pick(self, position: Position) -> int:
        """The move (as a small int) this level plays in ``position``."""

    def escaping_move(self, position: Position, moves: list[int]) -> int | None:
        for move in moves:
            if play(position.masks, position.mover, move)[2] == MOVER_ESCAPES:
                return move
        return None


class EasyBot(_BreakoutBot):
    """Random moves, but it never misses an escape that is one push away."""

    def pick(self, position: Position) -> int:
        moves = position.moves()
        escape = self.escaping_move(position, moves)
        return escape if escape is not None else self.rng.choice(moves)


class NormalBot(_BreakoutBot):
    """Two plies of safety and a greedy rope-distance choice with a little noise.

    Two greedy bots (or a bot and a careful player) can answer each other with
    the same two pushes for ever, each knocking the other's piece back out.
    The noise therefore grows once a round has gone on for ``CALM_TURNS``: the
    bot then tries other safe pushes, which breaks such loops long before the
    stalled round voids the game (``ROUND_TURN_LIMIT``).
    """

    NOISE = 40
    NOISE_GROWTH = 8

    def noise(self, round_turns: int) -> int:
        return self.NOISE + self.NOISE_GROWTH * max(0, round_turns - CALM_TURNS)

    def pick(self, position: Position) -> int:
        moves = position.moves()
        escape = self.escaping_move(position, moves)
        if escape is not None:
            return escape
        mover = position.mover
        noise = self.noise(position.round_turns)
        scored = []
        for move in moves:
            masks, blocked, result = play(position.masks, mover, move)
            if result == OPPONENT_ESCAPES:
                score = -WIN
            elif self._opponent_can_escape(masks, mover, blocked):
                score = -WIN // 2
            elif move != PASS and fills_the_wall(masks) and position.coverings + 1 >= COVERINGS_TO_VOID:
                score = void_value(position.escapes, mover)
            else:
                score = evaluate(masks, mover)
            scored.append((score + self.rng.randrange(noise), move))
        return max(scored)[1]

    @staticmethod
    def _opponent_can_escape(masks: tuple[int, int], mover: int, blocked: int) -> bool:
        opponent = 1 - mover
        return any(play(masks, opponent, reply)[2] == MOVER_ESCAPES
                   for reply in moves_for(masks, opponent, blocked))


class _OutOfBudget(Exception):
    """The node limit or the clock ran out inside an iteration."""


EXACT, LOWER, UPPER = 0, 1, 2


class HardBot(_BreakoutBot):
    """Iterative-deepening negamax with alpha-beta, a transposition table and move ordering.

    Once a round passes ``CALM_TURNS`` the bot picks at random among the pushes
    within ``margin`` of the best (a growing margin, at most ``MAX_MARGIN``), so
    two careful players do not repeat the same two pushes until the round
    stalls; escapes and lost positions are never blurred by it.
    """

    MARGIN_GROWTH = 4
    MAX_MARGIN = 120

    def __init__(self, spec: GameSpec, seat: int, level: str, seed: int, *,
                 node_limit: int = HARD_NODES, seconds: float = HARD_SECONDS) -> None:
        super().__init__(spec, seat, level, seed)
        self.node_limit = node_limit
        self.seconds = seconds
        self.nodes = 0
        #: the clock of the decision under way: started by ``choose`` (or by ``pick`` when called alone)
        self.started: Deadline | None = None
        self.deadline = Deadline(seconds)
        self.table: dict[tuple[int, ...], tuple[int, int, int, int]] = {}
        self.evaluations: dict[tuple[tuple[int, int], int], int] = {}
        self.killers: dict[int, int] = {}
        self.history = [0] * (PASS + 1)
        self.void_value = 0
        self.root_mover = seat
        self.root_turns = 0
        self.depth_reached = 0

    def choose(self, view: BreakoutView, legal: list[Action]) -> Action:
        self.started = Deadline(self.seconds)  # reading the view is part of the decision too
        try:
            return super().choose(view, legal)
        finally:
            self.started = None

    def pick(self, position: Position) -> int:
        self.nodes = 0
        self.deadline = self.started or Deadline(self.seconds)
        self.void_value = void_value(position.escapes, position.mover)
        self.root_mover = position.mover
        self.root_turns = position.round_turns
        margin = min(self.MAX_MARGIN, self.MARGIN_GROWTH * max(0, position.round_turns - CALM_TURNS))
        root_moves = position.moves()
        self.rng.shuffle(root_moves)
        best = root_moves[0]
        best_score = 0
        for depth in range(1, HARD_MAX_DEPTH + 1):
            try:
                score, move = self._root(position, root_moves, depth, margin)
            except _OutOfBudget:
                break
            best, best_score = move, score
            self.depth_reached = depth
            root_moves.remove(move)
            root_moves.insert(0, move)
            if abs(score) >= WIN - HARD_MAX_DEPTH:
                break
        self.reason = self.why(best_score)
        return best

    @staticmethod
    def why(score: int) -> Message:
        """One line for a hint: a forced escape either way, or the rope race."""
        if score >= WIN - HARD_MAX_DEPTH:
            return Message("This push forces an escape.")
        if score <= -(WIN - HARD_MAX_DEPTH):
            return Message("Your rival can force an escape whatever you push; this holds out longest.")
        return Message("Looking several pushes ahead, this brings your rope closest to linking, compared with your rival's.")

    def _root(self, position: Position, moves: list[int], depth: int, margin: int) -> tuple[int, int]:
        """The best score and the move to play: the best, or with a ``margin`` one as good within it.

        The window stays ``margin`` below the best score so far, so every move
        within the margin gets an exact score (a move outside it only a bound).
        """
        beta = WIN + 1
        best_score = -WIN - 1
        scored = []
        for move in moves:
            alpha = max(-WIN - 1, best_score - margin)
            score = self._score_move(position.masks, position.mover, move, position.coverings,
                                     depth, -beta, -alpha, 0)
            scored.append((score, move))
            best_score = max(best_score, score)
        if margin == 0 or abs(best_score) >= WIN - HARD_MAX_DEPTH:
            return best_score, next(move for score, move in scored if score == best_score)
        close = [move for score, move in scored if score >= best_score - margin]
        return best_score, self.rng.choice(close)

    def _score_move(self, masks: tuple[int, int], mover: int, move: int, coverings: int,
                    depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value of ``move`` for ``mover``; alpha and beta are from the opponent's side."""
        after, blocked, result = play(masks, mover, move)
        if result == MOVER_ESCAPES:
            return WIN - ply
        if result == OPPONENT_ESCAPES:
            return -(WIN - ply)
        draw_value = self.void_value if mover == self.root_mover else -self.void_value
        if move != PASS and fills_the_wall(after):
            coverings += 1
            if coverings >= COVERINGS_TO_VOID:
                return draw_value
        if self.root_turns + ply + 1 >= ROUND_TURN_LIMIT:
            return draw_value
        return -self._negamax(after, 1 - mover, blocked, coverings, depth - 1, alpha, beta, ply + 1)

    def _negamax(self, masks: tuple[int, int], mover: int, blocked: int, coverings: int,
                 depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if self.nodes > self.node_limit or (self.nodes & 63 == 0 and self.deadline.passed()):
            raise _OutOfBudget
        if depth <= 0:
            known = self.evaluations.get((masks, mover))
            if known is None:
                known = self.evaluations[(masks, mover)] = evaluate(masks, mover)
            return known
        turns_left = min(ROUND_TURN_LIMIT - self.root_turns - ply, HARD_MAX_DEPTH + 1)
        key = (masks[0], masks[1], mover, blocked, coverings, turns_left)
        entry = self.table.get(key)
        table_move = NO_MOVE
        if entry is not None:
            entry_depth, entry_score, entry_flag, table_move = entry
            if entry_depth >= depth and (entry_flag == EXACT
                                         or (entry_flag == LOWER and entry_score >= beta)
                                         or (entry_flag == UPPER and entry_score <= alpha)):
                return entry_score
        original_alpha = alpha
        best_score, best_move = -WIN - 1, NO_MOVE
        for move in self._ordered(moves_for(masks, mover, blocked), table_move, ply):
            score = self._score_move(masks, mover, move, coverings, depth, -beta, -alpha, ply)
            if score > best_score:
                best_score, best_move = score, move
            if score > alpha:
                alpha = score
            if alpha >= beta:
                self.killers[ply] = move
                self.history[move] += depth * depth
                break
        flag = UPPER if best_score <= original_alpha else LOWER if best_score >= beta else EXACT
        self.table[key] = (depth, best_score, flag, best_move)
        return best_score

    def _ordered(self, moves: list[int], table_move: int, ply: int) -> list[int]:
        killer = self.killers.get(ply, NO_MOVE)
        history = self.history
        return sorted(moves, key=lambda m: (m != table_move, m != killer, -history[m]))


def make_bot(spec: GameSpec, level: str, seat: int, seed: int, budget_scale: float = 1.0) -> Bot:
    """The bot for a level; ``budget_scale`` thins the hard bot's node limit (strength runs)."""
    if level == "easy":
        return EasyBot(spec, seat, level, seed)
    if level == "normal":
        return NormalBot(spec, seat, level, seed)
    if level == "hard":
        return HardBot(spec, seat, level, seed, node_limit=max(200, int(HARD_NODES * budget_scale)))
    raise ValueError(f"unknown bot level '{level}'")
