"""The generator's outputs worked out ahead are exactly the SplitMix64 draws made one at a time."""
from game.core.rng import Rng

_MASK = (1 << 64) - 1


def one_at_a_time(state: int):
    """Reference SplitMix64: (state after the draw, output)."""
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield state, z ^ (z >> 31)


def reference_randrange(draws, n: int) -> tuple[int, int]:
    limit = (1 << 64) - ((1 << 64) % n)
    for state, z in draws:
        if z < limit:
            return state, z % n
    raise AssertionError


def test_long_runs_of_draws_match_the_one_at_a_time_generator():
    rng = Rng(7)
    draws = one_at_a_time(rng.state)
    for k in range(500):  # several look-aheads' worth, with bounds small and large
        n = (3, 8, 99, 511, 512, 10**12)[k % 6]
        state, expected = reference_randrange(draws, n)
        assert rng.randrange(n) == expected
        assert rng.state == state


def test_a_state_set_from_outside_is_drawn_from_at_once():
    rng = Rng(3)
    for _ in range(100):
        rng.randrange(6)  # outputs are now worked out ahead
    rng.state = 12345
    state, expected = reference_randrange(one_at_a_time(12345), 6)
    assert rng.randrange(6) == expected and rng.state == state
    other = Rng(state=rng.state)
    assert [rng.randrange(10) for _ in range(80)] == [other.randrange(10) for _ in range(80)]


def test_a_deck_shuffle_is_fisher_yates_on_the_one_at_a_time_draws():
    for size in (5, 17, 99, 600):
        rng = Rng(size)
        draws = one_at_a_time(rng.state)
        expected = list(range(size))
        for i in range(size - 1, 0, -1):
            state, j = reference_randrange(draws, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        deck = list(range(size))
        rng.shuffle(deck)
        assert deck == expected
        assert rng.state == state
