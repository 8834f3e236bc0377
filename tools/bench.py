"""Benchmark report (JSON): start time, frame times, bots, playouts, memory.

    python tools/bench.py              # everything
    python tools/bench.py --quick      # fewer repetitions, for a first look

A report, not a test: the numbers depend on the machine, so targets are read
as ratios where possible (start time against a bare pygame-ce window opened
in the same run).  Targets: start <= 1.3x bare window; every scene mean
frame < 4 ms and p95 < 8 ms at 1280x720; hard bots <= 1 s a move; peak
memory < 200 MB.  A game may list extra setups in ``spec.extra["bench"]``
(label, seats, options) for its own rows.  Game rows are all bots in instant
mode (a move every frame); pause rows are the menu over a game just begun.

Measure with compiled bytecode (``python -m compileall -q game``, or without
PYTHONDONTWRITEBYTECODE), or the start time includes compiling the sources.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

BARE_WINDOW = """
import time, sys
start = float(sys.argv[1])
import pygame
pygame.display.init()
screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
screen.fill((30, 60, 45))
pygame.display.flip()
print(time.time() - start)
"""

APP_FIRST_FRAME = """
import time, sys, os, tempfile
start = float(sys.argv[1])
os.environ["BREAKAWAY_BOX_HOME"] = tempfile.mkdtemp()
sys.path.insert(0, sys.argv[2])
from game.games import all_specs
from game.app import App
app = App(all_specs())
app.go_to_launcher()
app.step()
print(time.time() - start)
"""

PEAK_MEMORY = """
import os, sys, tempfile, resource
os.environ["BREAKAWAY_BOX_HOME"] = tempfile.mkdtemp()
sys.path.insert(0, sys.argv[1])
from game.games import all_specs
from game.app import App
from game.core.match import Match, default_seats
specs = all_specs()
app = App(specs, instant=True)
app.go_to_launcher()
app.run_frames(60)
for spec in specs.values():
    if spec.scene is None:
        continue
    # the most seats the default options allow (some games need an option for their largest tables)
    seats = max(n for n in range(spec.min_seats, spec.max_seats + 1) if not spec.setup_problems(n, {}))
    app.start_match(Match(spec, default_seats(spec, ["bot:easy"] * seats), {}, 1))
    app.run_frames(300)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def child_seconds(script: str, *args: str) -> float:
    env = {**os.environ, "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy")}
    out = subprocess.run([sys.executable, "-c", script, str(time.time()), *args], capture_output=True,
                         text=True, env=env, timeout=120, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def start_times(repeats: int) -> dict[str, Any]:
    bare = [child_seconds(BARE_WINDOW) for _ in range(repeats)]
    app = [child_seconds(APP_FIRST_FRAME, str(ROOT)) for _ in range(repeats)]
    bare_median, app_median = statistics.median(bare), statistics.median(app)
    return {"bare_window_s": round(bare_median, 3), "first_launcher_frame_s": round(app_median, 3),
            "ratio": round(app_median / bare_median, 2), "target_ratio": 1.3, "repeats": repeats}


def frame_stats(app, frames: int) -> dict[str, float]:
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        app.step()
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return {"mean_ms": round(statistics.fmean(times), 2), "p95_ms": round(times[int(len(times) * 0.95) - 1], 2)}


def bench_setups(spec) -> list[dict[str, Any]]:
    default = {"label": "default", "seats": spec.default_seats, "options": {}}
    return [default, *spec.extra.get("bench", ())]


def scene_frames(frames: int) -> dict[str, Any]:
    import tempfile
    os.environ["BREAKAWAY_BOX_HOME"] = tempfile.mkdtemp()
    from game.app import App
    from game.core.match import Match, default_seats
    from game.games import all_specs
    from game.ui.match_scene import MatchScene
    specs = all_specs()
    app = App(specs, instant=True)
    rows: dict[str, Any] = {}
    shared: list[tuple[str, Callable[[], Any]]] = [("launcher", app.scenes.launcher), ("settings", app.scenes.settings)]
    for spec in specs.values():
        shared.append((f"setup/{spec.id}", lambda spec=spec: app.scenes.setup(spec)))
        shared.append((f"rules/{spec.id}", lambda spec=spec: app.scenes.rules(spec)))
    for name, make in shared:
        app.manager.reset(make())
        rows[name] = frame_stats(app, frames)
    app.manager.reset(app.scenes.launcher())
    app.manager.push(app.scenes.dialog("Quit Breakaway Box?", "Unfinished games are saved; you can continue "
                                       "them next time.", [("Quit", app.quit), ("Stay", lambda: None)]))
    rows["dialog"] = frame_stats(app, frames)
    for spec in specs.values():
        if spec.scene is None:
            continue
        for setup in bench_setups(spec):
            seats = default_seats(spec, ["bot:easy"] * setup["seats"])
            app.start_match(Match(spec, seats, setup["options"], 3))
            rows[f"game/{spec.id}/{setup['label']}"] = frame_stats(app, frames)
        app.start_match(Match(spec, default_seats(spec, ["bot:easy"] * spec.default_seats), {}, 3))
        app.step()
        app.manager.push(app.scenes.pause(app.manager.find(MatchScene)))
        rows[f"pause/{spec.id}"] = frame_stats(app, frames)
    worst_mean = max(r["mean_ms"] for r in rows.values())
    worst_p95 = max(r["p95_ms"] for r in rows.values())
    return {"frames_each": frames, "scenes": rows, "worst_mean_ms": worst_mean, "worst_p95_ms": worst_p95,
            "target": {"mean_ms": 4.0, "p95_ms": 8.0}}


def playouts(seconds: float) -> dict[str, Any]:
    from game.core.rng import Rng
    from game.games import all_specs
    rows = {}
    for spec in all_specs().values():
        for setup in bench_setups(spec):
            count, start, seed = 0, time.perf_counter(), 0
            while time.perf_counter() - start < seconds:
                state = spec.create(setup["seats"], setup["options"], seed)
                rng = Rng(seed)
                while not state.is_over():
                    state.apply(rng.choice(state.legal_actions()))
                count += 1
                seed += 1
            rows[f"{spec.id}/{setup['label']}"] = round(count / (time.perf_counter() - start), 1)
    return {"random_playouts_per_second": rows}


def bot_times(decisions: int) -> dict[str, Any]:
    from game.core.rng import Rng
    from game.games import all_specs
    rows: dict[str, Any] = {}
    for spec in all_specs().values():
        states = []
        for seed in range(decisions):
            state = spec.create(spec.default_seats, {}, seed)
            rng = Rng(seed)
            for _ in range(rng.randrange(40)):
                if state.is_over():
                    break
                state.apply(rng.choice(state.legal_actions()))
            if not state.is_over():
                states.append(state)
        for level in ("easy", "normal", "hard"):
            times = []
            for number, state in enumerate(states):
                seat = state.current_seat()
                bot = spec.make_bot(level, seat, number)
                t0 = time.perf_counter()
                bot.choose(state.view(seat), state.legal_actions())
                times.append(time.perf_counter() - t0)
            if times:
                rows[f"{spec.id}/{level}"] = {"mean_s": round(statistics.fmean(times), 4),
                                              "max_s": round(max(times), 4), "decisions": len(times)}
    return {"bot_decision": rows, "target_hard_max_s": 1.0}


def replay_scrub() -> dict[str, Any]:
    from game.core.match import Match, default_seats
    from game.core.replay import Replay
    from game.games import all_specs
    rows = {}
    for spec in all_specs().values():
        match = Match(spec, default_seats(spec, ["bot:easy"] * spec.default_seats), {}, 8)
        while not match.is_over() and len(match.history) < 500:
            match.apply(match.bot_decision()())
        replay = Replay.of_match(match)
        worst = 0.0
        for step in range(len(replay), -1, -max(1, len(replay) // 50)):
            t0 = time.perf_counter()
            replay.state_at(step)
            worst = max(worst, time.perf_counter() - t0)
        rows[spec.id] = {"actions": len(replay), "worst_step_ms": round(worst * 1000, 2)}
    return {"replay_scrub": rows, "target_ms": 50}


def peak_memory() -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-c", PEAK_MEMORY, str(ROOT)], capture_output=True, text=True,
                         timeout=600, check=True)
    return {"peak_memory_mb": round(float(out.stdout.strip().splitlines()[-1]), 1), "target_mb": 200}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    report: dict[str, Any] = {"python": sys.version.split()[0], "cores": os.cpu_count()}
    report["start"] = start_times(3 if args.quick else 7)
    report.update(scene_frames(120 if args.quick else 600))
    report.update(playouts(1.0 if args.quick else 3.0))
    report.update(bot_times(3 if args.quick else 8))
    report.update(replay_scrub())
    report.update(peak_memory())
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
