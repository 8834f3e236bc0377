"""Placeholder replaced below."""
from game.core.bots import RandomBot


def bot_factory(level, seat, seed, budget_scale=1.0):
    from .spec import SPEC
    return RandomBot(SPEC, seat, level, seed)
