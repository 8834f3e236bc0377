"""Leader 1 bot strength report: the shared strength command with Leader 1's spec.

    python tools/strength_leader1.py --seats bot:hard,bot:easy,bot:easy,bot:easy --games 200 --rotate

Runs tools/strength.py with Leader 1 available under its id (``--game`` is
filled in), so the report also works before the game is in the registry.
``--budget`` scales the hard bot's playouts per decision; the report says
which scale it used.  One rider per player is the default option.
"""
from __future__ import annotations

import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS))
sys.path.insert(0, str(TOOLS.parent))

import strength  # noqa: E402

from game.games import all_specs  # noqa: E402
from game.games.leader1.spec import SPEC  # noqa: E402


def main() -> int:
    strength.all_specs = lambda: {**all_specs(), SPEC.id: SPEC}
    if "--game" not in sys.argv:
        sys.argv[1:1] = ["--game", SPEC.id]
    return strength.main()


if __name__ == "__main__":
    sys.exit(main())
