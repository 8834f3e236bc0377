"""The one source of chance: a small seeded generator owned by the game state.

SplitMix64 keeps its whole state in one integer, so cloning and saving a game
copies a number, and the same seed with the same actions always gives the same
game, also across a save and load.  Nothing here touches the global ``random``.
"""
from __future__ import annotations

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


class Rng:
    """Deterministic random numbers; ``state`` is a plain int for JSON."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        self.state = (state if state is not None else (seed * _GOLDEN) ^ 0x632BE59BD9B4E019) & _MASK

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
        state = self.state
        while True:
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < _SURELY_KEPT or z < _SMALL_LIMITS[n]:
                self.state = state
                return z % n

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
        state = self.state
        golden, mask, small_limits = _GOLDEN, _MASK, _SMALL_LIMITS
        surely_kept = _SURELY_KEPT if len(items) <= _SMALL else 0
        for i in range(len(items) - 1, 0, -1):
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
