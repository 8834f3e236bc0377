"""The one source of chance: a small seeded generator owned by the game state.

SplitMix64 keeps its whole state in one integer, so cloning and saving a game
copies a number, and the same seed with the same actions always gives the same
game, also across a save and load.  Nothing here touches the global ``random``.

Playouts draw on every move and shuffle whole decks, and each SplitMix64 step is
a dozen operations on 64-bit integers.  So a generator that keeps drawing works
out the next outputs many at a time: the states side by side in one big integer,
128 bits apart, go through the same shifts, masks and multiplications at once
(:func:`_outputs_ahead`).  The outputs are the very ones drawn one by one.
"""
from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


@lru_cache(maxsize=4096)
def _limit(n: int) -> int:
    """The largest multiple of ``n`` that fits in 64 bits: draws at or above it are redrawn (no modulo bias)."""
    return (1 << 64) - ((1 << 64) % n)


_SMALL = 512
#: _limit(n) for the bounds decks and move lists use, looked up by index
_SMALL_LIMITS: tuple[int, ...] = (0, *(_limit(n) for n in range(1, _SMALL)))
#: every draw below this is below _limit(n) for any n < _SMALL, so it is kept without looking the limit up
_SURELY_KEPT = (1 << 64) - _SMALL

#: outputs worked out at a time once a generator keeps drawing, and how many single draws in a row first
_AHEAD = 64
_DRAWS_BEFORE_AHEAD = 8
#: shuffles of fewer items than this draw one by one
_SHUFFLE_AHEAD = 16
#: after the outputs worked out ahead: above every 64-bit draw, so never kept
_USED_UP = 1 << 64


@lru_cache(maxsize=256)
def _lanes(count: int) -> tuple[int, int, int]:
    """For ``count`` states 128 bits apart: ones in every lane, k times the step in lane k-1, 64-bit masks."""
    ones = sum(1 << (128 * k) for k in range(count))
    steps = sum(((k + 1) * _GOLDEN) << (128 * k) for k in range(count))
    return ones, steps, _MASK * ones


def _outputs_ahead(state: int, count: int) -> tuple[list[int], list[int]]:
    """The next ``count`` outputs from ``state`` and the state after each: SplitMix64 on all lanes at once
    (a lane's product stays below 2**128, so lanes never mix)."""
    ones, steps, masks = _lanes(count)
    x = (state * ones + steps) & masks
    states = array("Q", x.to_bytes(16 * count, "little"))[::2].tolist()
    x = ((x ^ ((x >> 30) & masks)) * 0xBF58476D1CE4E5B9) & masks
    x = ((x ^ ((x >> 27) & masks)) * 0x94D049BB133111EB) & masks
    x ^= (x >> 31) & masks
    return array("Q", x.to_bytes(16 * count, "little"))[::2].tolist(), states


class Rng:
    """Deterministic random numbers; ``state`` is a plain int for JSON.

    ``_outputs`` holds outputs worked out ahead and ``_states`` the state before each (and after the last);
    ``_states[_at]`` must equal ``state`` for ``_outputs[_at]`` to be the next draw, so a state set from
    outside simply leaves them unused.
    """

    __slots__ = ("state", "_outputs", "_states", "_at", "_single_draws")

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        self.state = (state if state is not None else (seed * _GOLDEN) ^ 0x632BE59BD9B4E019) & _MASK
        self._outputs: list[int] = []
        self._states: list[int] = [-1]
        self._at = 0
        self._single_draws = 0

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """Uniform in 0..n-1, without modulo bias (next_u64 inlined: playouts call this every move)."""
        if not 0 < n < _SMALL:
            if n <= 0:
                raise ValueError("randrange needs a positive bound")
            return self._randrange_large(n)
        at = self._at
        states = self._states
        if states[at] == self.state:
            z = self._outputs[at]
            if z < _SURELY_KEPT or z < _SMALL_LIMITS[n]:
                at += 1
                self._at = at
                self.state = states[at]
                return z % n
            if z == _USED_UP:
                self._look_ahead()
                return self.randrange(n)
        elif self._single_draws >= _DRAWS_BEFORE_AHEAD:
            self._look_ahead()
            return self.randrange(n)
        else:
            self._single_draws += 1
        state = self.state
        while True:
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < _SURELY_KEPT or z < _SMALL_LIMITS[n]:
                self.state = state
                return z % n

    def _look_ahead(self) -> None:
        """Work out the next outputs together, followed by the mark that they are used up."""
        outputs, states = _outputs_ahead(self.state, _AHEAD)
        outputs.append(_USED_UP)
        self._outputs = outputs
        self._states = [self.state, *states]
        self._at = 0
        self._single_draws = 0

    def _randrange_large(self, n: int) -> int:
        """``randrange`` for a bound of _SMALL or more."""
        limit = _limit(n)
        while True:
            z = self.next_u64()
            if z < limit:
                return z % n

    def randint(self, low: int, high: int) -> int:
        """Uniform in low..high inclusive."""
        return low + self.randrange(high - low + 1)

    def random(self) -> float:
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self.randrange(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates in place (the same draws as ``randrange(i + 1)`` from the top down, inlined)."""
        top = len(items) - 1
        if _SHUFFLE_AHEAD <= top < _SMALL - 1:
            outputs, states = _outputs_ahead(self.state, top)
            for i, z in zip(range(top, 0, -1), outputs):
                n = i + 1
                if z < _SURELY_KEPT or z < _SMALL_LIMITS[n]:
                    j = z % n
                    items[i], items[j] = items[j], items[i]
                else:  # redrawn: the rest one by one, from the state before this draw
                    self.state = states[top - i - 1] if i < top else self.state
                    self._shuffle_from(items, i)
                    return
            self.state = states[-1]
            return
        self._shuffle_from(items, top)

    def _shuffle_from(self, items: list[T], top: int) -> None:
        """Fisher-Yates from index ``top`` down, one draw at a time."""
        state = self.state
        golden, mask, small_limits = _GOLDEN, _MASK, _SMALL_LIMITS
        surely_kept = _SURELY_KEPT if top < _SMALL else 0
        for i in range(top, 0, -1):
            n = i + 1
            while True:
                state = (state + golden) & mask
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
                z ^= z >> 31
                if z < surely_kept or z < (small_limits[n] if n < _SMALL else _limit(n)):
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def weighted(self, items: Sequence[T], weights: Sequence[float]) -> T:
        total = sum(weights)
        pick = self.random() * total
        for item, weight in zip(items, weights):
            pick -= weight
            if pick < 0:
                return item
        return items[-1]

    def fork(self) -> "Rng":
        """An independent generator derived from this one (advances this one)."""
        return Rng(state=self.next_u64())

    def copy(self) -> "Rng":
        return Rng(state=self.state)

    def to_json(self) -> int:
        return self.state

    @classmethod
    def from_json(cls, state: int) -> "Rng":
        if not isinstance(state, int) or isinstance(state, bool) or not 0 <= state <= _MASK:
            raise ValueError("the random generator's state is not a 64-bit number")
        return cls(state=state)


@dataclass(frozen=True)
class Die:
    """A die by its faces, e.g. the Leader 1 peloton die or a plain d12."""

    faces: tuple[int | str, ...]

    @classmethod
    def plain(cls, sides: int) -> "Die":
        return cls(tuple(range(1, sides + 1)))

    def roll(self, rng: Rng) -> int | str:
        return self.faces[rng.randrange(len(self.faces))]


def shuffled(rng: Rng, cards: Sequence[T]) -> list[T]:
    """A new shuffled list: the deck helper every card game starts from."""
    deck = list(cards)
    rng.shuffle(deck)
    return deck
