"""Monkey test: random clicks, drags, wheel turns, keys and window resizes on every screen.

    python tools/monkey.py                          # every screen, 20,000 frames each
    python tools/monkey.py --frames 2000 --seed 7   # shorter, another seed
    python tools/monkey.py --scene match-bots/breakout --seed 7 --frames 20000   # one screen
    python tools/monkey.py --list                   # the screens
    python tools/monkey.py --shard 1/2              # half of the screens (run 2/2 beside it)

The long run of the driver the tests use (``tests/screen_monkey.py``, which says what input it
gives).  Any exception is printed with the screen, the seed, the frame, the last input events and
the command that reproduces it; the JSON report goes last.  Exit code 1 when anything raised.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from screen_monkey import run_scene, scene_names  # noqa: E402

DEFAULT_FRAMES = 20_000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--frames", type=int, default=DEFAULT_FRAMES, help="frames on each screen")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scene", action="append", help="only this screen (repeatable); see --list")
    parser.add_argument("--shard", metavar="I/N", help="only the I-th of N equal parts of the screens")
    parser.add_argument("--list", action="store_true", help="print the screens, one a line")
    args = parser.parse_args()
    names = scene_names()
    if args.list:
        print("\n".join(names))
        return 0
    if args.scene:
        unknown = [name for name in args.scene if name not in names]
        if unknown:
            parser.error(f"unknown screens {unknown}; see --list")
        names = args.scene
    if args.shard:
        part, parts = (int(n) for n in args.shard.split("/"))
        names = names[part - 1::parts]
    reports = []
    for name in names:
        report = run_scene(name, args.frames, args.seed)
        reports.append(report)
        print(f"{name}: {report.frames} frames, {len(report.exceptions)} exception(s), "
              f"{report.seconds} s", file=sys.stderr)
    exceptions = [e for report in reports for e in report.exceptions]
    print(json.dumps({"frames_each": args.frames, "seed": args.seed, "screens": len(reports),
                      "exceptions": exceptions, "clean": not exceptions,
                      "per_screen": [{k: v for k, v in r.to_json().items() if k != "exceptions"}
                                     for r in reports]}))
    return 1 if exceptions else 0


if __name__ == "__main__":
    sys.exit(main())
