"""Benchmark report (JSON): start time, frame times, bots, playouts, replays, soak, memory.

    python tools/bench.py                          # everything (builds the app once into a temp folder)
    python tools/bench.py --quick                  # fewer repetitions, for a first look
    python tools/bench.py --only start,built-app   # some sections: start, built-app, scenes,
                                                   # playouts, bots, bot-latency, replay, soak, memory, story
    python tools/bench.py --built-app dist/BreakawayBox/BreakawayBox   # time an existing build
    python tools/bench.py --only playouts --baseline-tree ../old   # playouts here and in a checkout of
                                                   # an older commit, side by side in one run
    python tools/bench.py --only bot-latency       # hard bots' answers with one core kept busy, alone
                                                   # and in the app from a human's move to the answer

A report, not a test: the numbers depend on the machine, so targets are read
as ratios where possible (start time against a bare pygame-ce window opened
in the same run).  Targets: start <= 1.3x bare window; every scene mean
frame < 4 ms and p95 < 8 ms at 1280x720; hard bots <= 1 s a move; peak
memory < 200 MB; the built app (onedir) starts, draws its first frame and
quits in <= 1.3x the time of a bare window frozen the same way; scrubbing a replay of 500+ moves
takes under 50 ms a step, and so does the replay viewer's jump to any step; a hard bot's answer with a second
process keeping one core busy ("bot answer under load") p95 <= 1.5 s and max <= 2 s; random playouts at least 3x (Breaking Away,
Leader 1) or 2x (the others) the speed before the engines were tuned
(``PLAYOUT_BASELINES``; with ``--baseline-tree``, a checkout of the commit
before, measured in the same run in turns, CPU rate against CPU rate).  Every figure with a target says ``"met"``.  A game may list extra setups in ``spec.extra["bench"]``
(label, seats, options) for its own rows.  Game rows are all bots in instant
mode (a move every frame); pause rows are the menu over a game just begun.
The story rows time the analysis of a finished game (its chart, win chance and,
at a human's key moments, the hard bot's moves: ``game.core.story``): a typical
game of each with seat 0 a human's, within 20 s.

The start rows compile the sources to bytecode first, as an installed app
would have them (a source file edited since its last run pays for compiling),
and run ``main.py`` as a player starts it, on an English system.  They time a
returning player (settings saved, and the first frame an earlier start kept,
shown before the app loads) and, as ``first_start``, the very first start from
an empty user folder (the first frame shipped for English, shown the same way),
and the same two on a German system (its shipped first frame; the launcher is
painted after it and kept for the next start).  The built-app
rows do the same with the onedir app against a bare window frozen the same way.
"""
from __future__ import annotations

import argparse
import compileall
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
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
print(time.time() - start, time.process_time())
"""

#: ``python main.py`` as a player starts it (no arguments), timed at its first ``pygame.display.flip``:
#: pygame's import is watched so that the flip reports and ends the run; nothing else is changed
APP_FIRST_FRAME = """
import time, sys, os
start = float(sys.argv[1])
os.environ["BREAKAWAY_BOX_HOME"] = sys.argv[3]
main_py = os.path.join(sys.argv[2], "main.py")
sys.path.insert(0, sys.argv[2])
sys.argv = [main_py]


class FirstFlip:
    def find_spec(self, name, path=None, target=None):
        if name != "pygame":
            return None
        sys.meta_path.remove(self)
        from importlib.machinery import PathFinder
        spec = PathFinder.find_spec(name, path)
        load = spec.loader.exec_module

        def exec_module(module):
            load(module)
            flip = module.display.flip

            def first_flip():
                flip()
                print(time.time() - start, time.process_time(), flush=True)
                threading = sys.modules.get("threading")  # pictures being kept are written to the end
                for thread in threading.enumerate() if threading else ():
                    if thread is not threading.main_thread() and not thread.daemon:
                        thread.join()
                os._exit(0)
            module.display.flip = first_flip
        spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, FirstFlip())
with open(main_py, encoding="utf-8") as source:
    code = compile(source.read(), main_py, "exec")
exec(code, {"__name__": "__main__", "__file__": main_py})
"""

#: the bare window as a script of its own, for a frozen build next to the app's: open, draw, report
#: as the app does with BREAKAWAY_BOX_REPORT_FIRST_FRAME set, quit
BARE_WINDOW_APP = """
import time
import pygame
pygame.display.init()
screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
screen.fill((30, 60, 45))
pygame.display.flip()
print(time.time(), time.process_time(), flush=True)
pygame.quit()
"""

PEAK_MEMORY = """
import os, sys, tempfile, resource
from pathlib import Path
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
# this process's own high-water mark: Linux carries ru_maxrss over from the bench process that started
# it, so after the scene rows it would report the bench's peak; VmHWM belongs to this program alone
status = Path("/proc/self/status")
lines = status.read_text().splitlines() if status.exists() else []
peaks = [line.split()[1] for line in lines if line.startswith("VmHWM:")]
print(int(peaks[0]) / 1024 if peaks else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def child_seconds(script: str, *args: str, language: str = "en") -> tuple[float, float]:
    """Wall time from launch to the script's first frame, and the CPU time the process used by then."""
    env = {**os.environ, "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"), "LANGUAGE": language}
    out = subprocess.run([sys.executable, "-c", script, str(time.time()), *args], capture_output=True,
                         text=True, env=env, timeout=120, check=True)
    wall, cpu = out.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


#: the first launcher frame may take at most this many times as long as a bare pygame-ce window
START_TARGET = 1.3


def returning_player_settings(home: Path) -> None:
    """The settings file a player has after quitting once (default settings)."""
    from dataclasses import asdict

    from game.core.settings import Settings
    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(asdict(Settings())), encoding="utf-8")


def against_bare(runs: list[tuple[float, float]], bare: list[tuple[float, float]], **about: Any) -> dict[str, Any]:
    """Median wall time, its ratio to the bare window's, the per-pair ratios' range, the CPU ratio, the target."""
    ratio = statistics.median(w for w, _ in runs) / statistics.median(w for w, _ in bare)
    pair_ratios = sorted(a[0] / b[0] for a, b in zip(runs, bare))
    return {**about, "first_launcher_frame_s": round(statistics.median(w for w, _ in runs), 3),
            "cpu_s": round(statistics.median(c for _, c in runs), 3),
            "ratio": round(ratio, 2), "pair_ratio_range": [round(pair_ratios[0], 2), round(pair_ratios[-1], 2)],
            "cpu_ratio": round(statistics.median(c for _, c in runs) / statistics.median(c for _, c in bare), 2),
            "target_ratio": START_TARGET, "met": ratio <= START_TARGET}


def start_times(repeats: int) -> dict[str, Any]:
    """A bare window and ``python main.py`` to its first launcher frame, measured in turns so that load
    from other programs falls on all alike: the ratio of medians, the range of per-pair ratios, and the
    ratio of CPU times (steadier than wall time on a busy machine; it counts the app's worker threads
    too, which wall time hides).

    The main rows are a returning player's start on an English system: one user folder for every run,
    holding saved settings and what an earlier start that showed the launcher kept (its first frame,
    shown before the app loads: ``game.quick_start``).  ``first_start`` gives every run a new, empty user
    folder: the very first start (the first frame shipped for English, shown before the app loads).
    ``first_start_german`` is that on a German system (its own shipped first frame; the app paints the
    launcher after it and keeps it for the next start), and ``returning_german`` a returning player there."""
    compileall.compile_dir(str(ROOT / "game"), quiet=1)
    homes = Path(tempfile.mkdtemp(prefix="bench-start-"))
    home = str(homes / "returning")
    returning_player_settings(Path(home))
    german_home = str(homes / "returning-german")
    returning_player_settings(Path(german_home))
    # the returning players' earlier start: the launcher shown and quit (keeps its pictures and first frame)
    earlier_start(home)
    earlier_start(german_home, language="de")
    bare, app, first, german, returning_german = [], [], [], [], []
    try:
        for run in range(repeats):
            bare.append(child_seconds(BARE_WINDOW))
            app.append(child_seconds(APP_FIRST_FRAME, str(ROOT), home))
            first.append(child_seconds(APP_FIRST_FRAME, str(ROOT), str(homes / f"first-{run}")))
            german.append(child_seconds(APP_FIRST_FRAME, str(ROOT), str(homes / f"german-{run}"), language="de"))
            returning_german.append(child_seconds(APP_FIRST_FRAME, str(ROOT), german_home, language="de"))
    finally:
        shutil.rmtree(homes, ignore_errors=True)
    return {"bare_window_s": round(statistics.median(w for w, _ in bare), 3),
            "bare_window_cpu_s": round(statistics.median(c for _, c in bare), 3),
            **against_bare(app, bare, measures="python main.py to its first launcher frame, returning player"),
            "first_start": against_bare(first, bare, measures="very first start (empty user folder), English"),
            "first_start_german": against_bare(german, bare, measures="very first start, German"),
            "returning_german": against_bare(returning_german, bare, measures="returning player, German"),
            "repeats": repeats}


def earlier_start(home: str, language: str = "en") -> None:
    """A start as a player makes it that shows the launcher and quits (``--frames 2``)."""
    env = {**os.environ, "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"), "SDL_AUDIODRIVER": "dummy",
           "BREAKAWAY_BOX_HOME": home, "LANGUAGE": language}
    subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "2"], env=env, capture_output=True,
                   timeout=120, check=True, cwd=ROOT)


def children_cpu_seconds() -> float:
    """CPU time of finished child processes so far (0 where the platform does not tell)."""
    try:
        import resource
    except ImportError:
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def reported_first_frame(command: list[str], home: str) -> tuple[float, float]:
    """Wall and CPU time from launch to the first frame of a command that reports it as the app does with
    BREAKAWAY_BOX_REPORT_FIRST_FRAME (the app started as a player starts it, no arguments); the process is
    ended there."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "BREAKAWAY_BOX_HOME": home,
           "LANGUAGE": "en", "PYGAME_HIDE_SUPPORT_PROMPT": "1", "BREAKAWAY_BOX_REPORT_FIRST_FRAME": "1"}
    launch = time.time()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        stamp, cpu = process.stdout.readline().split()[-2:]  # type: ignore[union-attr]
    finally:
        process.kill()
        process.communicate()
    return float(stamp) - launch, float(cpu)


def whole_run(command: list[str], home: str) -> tuple[float, float]:
    """Wall and CPU time of a whole run of a command: start, first frame, quit."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "BREAKAWAY_BOX_HOME": home,
           "LANGUAGE": "en"}
    cpu, t0 = children_cpu_seconds(), time.perf_counter()
    subprocess.run(command, env=env, capture_output=True, timeout=120, check=True)
    return time.perf_counter() - t0, children_cpu_seconds() - cpu


def build_onedir(out: Path, source: Path = ROOT / "build.spec", name: str = "BreakawayBox") -> Path | None:
    """Build a onedir app into ``out`` from a spec file or a script; None when PyInstaller is not installed."""
    if importlib.util.find_spec("PyInstaller") is None:
        return None
    # a script is frozen as build.spec freezes the app: onedir, modules as plain .pyc files
    script_options = ([] if source.suffix == ".spec"
                      else ["--onedir", "--debug", "noarchive", "--name", name, "--specpath", str(out)])
    subprocess.run([sys.executable, "-m", "PyInstaller", str(source), *script_options, "--noconfirm", "--log-level",
                    "ERROR", "--distpath", str(out / "dist"), "--workpath", str(out / "work")],
                   cwd=ROOT, capture_output=True, text=True, timeout=1800, check=True)
    return out / "dist" / name / (f"{name}.exe" if os.name == "nt" else name)


def built_bare_window(out: Path) -> Path | None:
    """The bare window frozen by PyInstaller the same way (onedir): the built app's yardstick."""
    out.mkdir(parents=True, exist_ok=True)
    script = out / "bare_window.py"
    script.write_text(BARE_WINDOW_APP, encoding="utf-8")
    return build_onedir(out, script, "BareWindow")


def built_app_start(repeats: int, exe: Path | None, bare_exe: Path | None) -> dict[str, Any]:
    """The onedir app from launch to its first launcher frame, started as a player starts it (it reports
    the frame with BREAKAWAY_BOX_REPORT_FIRST_FRAME set and is ended there), next to a bare pygame-ce
    window frozen the same way, in turns; warm disk (one run of each first).  Returning player (one user
    folder) and very first start (a new one each run).  ``whole_run`` times launch, first frame and quit
    (``--frames 1``) of both.  Builds both into a temp folder when no paths are given."""
    folder = Path(tempfile.mkdtemp(prefix="bench-build-"))
    given = {"app": str(exe) if exe else "onedir, built for this run",
             "bare_window_app": str(bare_exe) if bare_exe else "onedir, built for this run"}
    try:
        if exe is None:
            exe = build_onedir(folder / "app")
        if bare_exe is None and exe is not None:
            bare_exe = built_bare_window(folder / "bare")
        if exe is None or bare_exe is None:
            return {"built_app_start": {"skipped": "PyInstaller is not installed (pip install pyinstaller)"}}
        home = str(folder / "returning")
        returning_player_settings(Path(home))
        reported_first_frame([str(bare_exe)], home)
        whole_run([str(exe), "--frames", "2"], home)  # the returning player's earlier start
        bare, built, first, bare_runs, built_runs = [], [], [], [], []
        for run in range(repeats):
            bare.append(reported_first_frame([str(bare_exe)], home))
            built.append(reported_first_frame([str(exe)], home))
            first.append(reported_first_frame([str(exe)], str(folder / f"first-{run}")))
            bare_runs.append(whole_run([str(bare_exe)], home))
            built_runs.append(whole_run([str(exe), "--frames", "1"], home))
        whole = against_bare(built_runs, bare_runs, measures="launch, first frame and quit (--frames 1)")
        return {"built_app_start": {
            **given,
            "bare_window_s": round(statistics.median(w for w, _ in bare), 3),
            "bare_window_cpu_s": round(statistics.median(c for _, c in bare), 3),
            **against_bare(built, bare, measures="launch to first launcher frame, returning player"),
            "first_start": against_bare(first, bare, measures="the same, very first start (empty user folder), "
                                                              "English"),
            "whole_run": {"s": whole["first_launcher_frame_s"], "cpu_s": whole["cpu_s"], "ratio": whole["ratio"],
                          "cpu_ratio": whole["cpu_ratio"], "measures": whole["measures"]},
            "repeats": repeats}}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def frame_stats(app, frames: int) -> dict[str, float]:
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        app.step()
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    mean, p95 = statistics.fmean(times), percentile(times, 0.95)
    return {"mean_ms": round(mean, 2), "p95_ms": round(p95, 2), "target_mean_ms": SCENE_TARGET["mean_ms"],
            "target_p95_ms": SCENE_TARGET["p95_ms"],
            "met": mean <= SCENE_TARGET["mean_ms"] and p95 <= SCENE_TARGET["p95_ms"]}


def percentile(ordered: list[float], fraction: float) -> float:
    """The value ``fraction`` of the way up a sorted list (the p95 of 20 samples is the 19th)."""
    return ordered[max(0, min(len(ordered) - 1, int(len(ordered) * fraction + 0.5) - 1))]


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
            "target": SCENE_TARGET, "met": all(r["met"] for r in rows.values()),
            "not_met": [name for name, r in rows.items() if not r["met"]]}


#: random playouts a second before the engines were tuned ("Speed: engines fast enough for deeper bots"),
#: and the multiple each row must reach.  The Breakaway Rider 6-rider row was not in the issue: it is
#: the default row's figure times the two rows' ratio measured at the same commit (1.11).
PLAYOUT_BASELINES: dict[str, tuple[float, float]] = {
    "breaking-away/default": (88, 3), "breaking-away/6 teams, 24 riders": (47, 3),
    "breakaway-rider/default": (117, 2), "breakaway-rider/6 riders": (130, 2),
    "leader-1/default": (40, 3), "leader-1/12 riders": (14.7, 3),
    "breakaway-football/default": (54, 2), "breakout/default": (126, 2),
}
SCENE_TARGET = {"mean_ms": 4.0, "p95_ms": 8.0}
HARD_BOT_MAX_S = 1.0


#: random playouts of one bench table for some seconds, in the source tree given: prints
#: [playouts a wall second, playouts a CPU second], or null when that tree has no such table
PLAYOUT_RUN = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
seconds, wanted = float(sys.argv[2]), sys.argv[3]
from game.core.rng import Rng
from game.games import all_specs
for spec in all_specs().values():
    for setup in [{"label": "default", "seats": spec.default_seats, "options": {}}, *spec.extra.get("bench", ())]:
        if f"{spec.id}/{setup['label']}" != wanted:
            continue
        count, start, cpu_start, seed = 0, time.perf_counter(), time.process_time(), 0
        while time.perf_counter() - start < seconds:
            state = spec.create(setup["seats"], setup["options"], seed)
            rng = Rng(seed)
            while not state.is_over():
                state.apply(rng.choice(state.legal_actions()))
            count += 1
            seed += 1
        print(json.dumps([count / (time.perf_counter() - start), count / (time.process_time() - cpu_start)]))
        sys.exit(0)
print("null")
"""


def playout_rates(tree: Path, key: str, seconds: float) -> tuple[float, float] | None:
    """(per wall second, per CPU second) of one table's random playouts in a source tree, in a process of its own."""
    out = subprocess.run([sys.executable, "-c", PLAYOUT_RUN, str(tree), str(seconds), key], capture_output=True,
                         text=True, timeout=600, check=True, cwd=tree)
    rates = json.loads(out.stdout.strip().splitlines()[-1])
    return None if rates is None else (rates[0], rates[1])


def playouts(seconds: float, rounds: int, baseline_tree: Path | None = None) -> dict[str, Any]:
    """Random playouts a second per bench table: ``apply(rng.choice(legal_actions()))`` until the end.

    Per wall second (as the issue's baselines were taken, so its fixed targets are read on it) and per
    CPU second, which other programs loading the machine disturb less; the median of ``rounds`` runs of
    ``seconds`` each, every run in a process of its own.  A busy machine slows both, and a quiet one beats
    the fixed figures easily: the honest comparison is old against new in one run.  With
    ``baseline_tree`` (a checkout of an older commit, e.g. ``git worktree add ../old <commit>``) every
    run here is paired with the same run there, straight after it, and the target multiple is read on
    the median of the pairs' CPU-rate ratios (``multiple``; each pair's in ``pair_multiples``): a pair
    shares the machine's mood of the moment, which a ratio of two separate medians does not.
    ``multiple_over_issue_figure`` stays beside it."""
    from game.games import all_specs
    rows: dict[str, Any] = {}
    for spec in all_specs().values():
        for setup in bench_setups(spec):
            key = f"{spec.id}/{setup['label']}"
            here, there = [], []
            for _ in range(rounds):
                here.append(playout_rates(ROOT, key, seconds))
                if baseline_tree is not None:
                    there.append(playout_rates(baseline_tree, key, seconds))
            wall = statistics.median(rate[0] for rate in here if rate)
            cpu = statistics.median(rate[1] for rate in here if rate)
            row: dict[str, Any] = {"per_second": round(wall, 1), "per_cpu_second": round(cpu, 1)}
            baseline, multiple = PLAYOUT_BASELINES.get(key, (None, None))
            if baseline is not None:
                row.update(issue_figure=baseline, target_multiple=multiple,
                           multiple_over_issue_figure=round(wall / baseline, 2))
            pairs = [(new, old) for new, old in zip(here, there) if new and old]
            if pairs:
                old_wall = statistics.median(old[0] for _, old in pairs)
                old_cpu = statistics.median(old[1] for _, old in pairs)
                pair_multiples = [new[1] / old[1] for new, old in pairs]
                cpu_multiple = statistics.median(pair_multiples)
                row.update(baseline_tree_per_second=round(old_wall, 1), baseline_tree_per_cpu_second=round(old_cpu, 1),
                           multiple=round(cpu_multiple, 2), pair_multiples=[round(m, 2) for m in pair_multiples],
                           wall_multiple=round(statistics.median(new[0] / old[0] for new, old in pairs), 2))
                if multiple is not None:
                    row["met"] = cpu_multiple >= multiple
            elif multiple is not None:
                row["met"] = wall >= baseline * multiple
            rows[key] = row
    report: dict[str, Any] = {"random_playouts_per_second": rows, "seconds_per_run": seconds, "rounds": rounds}
    if baseline_tree is not None:
        report["baseline_tree"] = str(baseline_tree)
    return report


#: where in a game the bot rows take their decisions, as fractions of its length (opening to end)
BOT_SAMPLE_POINTS = (0.02, 0.25, 0.5, 0.75, 0.95)


def positions_for(spec, seats: int, games: int, points: tuple[float, ...]) -> list[Any]:
    """States across seeded games of easy bots at ``seats`` seats (the opening, the middle, the end)."""
    states = []
    for seed in range(games):
        state = spec.create(seats, {}, seed)
        bots = {seat: spec.make_bot("easy", seat, seed * 31 + seat) for seat in range(seats)}
        actions = []
        while not state.is_over() and len(actions) < 5000:
            seat = state.current_seat()
            action = bots[seat].choose(state.view(seat), state.legal_actions())
            state.apply(action)
            actions.append(action)
        wanted = sorted({min(len(actions) - 1, int(len(actions) * p)) for p in points})
        state = spec.create(seats, {}, seed)
        for index, action in enumerate(actions):
            if wanted and index == wanted[0]:
                states.append(state.clone())
                wanted.pop(0)
            state.apply(action)
    return states


def sampled_states(spec, games: int, points: tuple[float, ...]) -> list[Any]:
    """States from whole games of easy bots (default table, seeds 0, 1, ...) at the given fractions of
    each game's length: the opening, the middle and the end, not only the first few decisions."""
    return positions_for(spec, spec.default_seats, games, points)


def bot_times(games: int) -> dict[str, Any]:
    """Time normal and hard decisions at states sampled across whole games: mean, p95 and max per level."""
    from game.games import all_specs
    rows: dict[str, Any] = {}
    for spec in all_specs().values():
        states = sampled_states(spec, games, BOT_SAMPLE_POINTS)
        for level in ("normal", "hard"):
            times = []
            for number, state in enumerate(states):
                seat = state.current_seat()
                bot = spec.make_bot(level, seat, number)
                view, legal = state.view(seat), state.legal_actions()
                t0 = time.perf_counter()
                bot.choose(view, legal)
                times.append(time.perf_counter() - t0)
            times.sort()
            row: dict[str, Any] = {"mean_s": round(statistics.fmean(times), 4),
                                   "p95_s": round(percentile(times, 0.95), 4), "max_s": round(times[-1], 4),
                                   "decisions": len(times), "games": games}
            if level == "hard":
                row.update(target_max_s=HARD_BOT_MAX_S, met=times[-1] <= HARD_BOT_MAX_S)
            rows[f"{spec.id}/{level}"] = row
    return {"bot_decision": rows, "sample_points": list(BOT_SAMPLE_POINTS), "target_hard_max_s": HARD_BOT_MAX_S}


#: a hard bot's answer with one core kept busy by another process: p95 and max in seconds
BOT_ANSWER_TARGET = {"p95_s": 1.5, "max_s": 2.0}
#: seeded games per table size whose early, middle and late positions the hard bots answer
BOT_ANSWER_GAMES = 2
BOT_ANSWER_POINTS = (0.03, 0.15, 0.4, 0.65, 0.9)
BUSY_LOOP = "import sys, time\nend = time.time() + float(sys.argv[1])\nwhile time.time() < end:\n    pass\n"


def table_sizes(spec) -> list[int]:
    """The tables a player typically sets up: two and four seats where the game allows them, else its default."""
    sizes = sorted({max(spec.min_seats, min(spec.max_seats, n)) for n in (2, 4)})
    return sizes or [spec.default_seats]


def bot_answers_under_load(games: int) -> dict[str, Any]:
    """Hard bots answer positions from seeded games while a second process keeps one core busy.

    The bot thinks on a worker thread as in the app, and the main thread keeps
    drawing frames meanwhile (a scene's frame costs about this much), so the
    figure is the wall time from the question to the answer that a player
    waits for.  Positions with a single legal move are left out: the app plays
    those at once.
    """
    import threading
    from game.games import all_specs
    rows: dict[str, Any] = {}
    busy = subprocess.Popen([sys.executable, "-c", BUSY_LOOP, "600"])
    try:
        for spec in all_specs().values():
            times = []
            for seats in table_sizes(spec):
                for number, state in enumerate(positions_for(spec, seats, games, BOT_ANSWER_POINTS)):
                    legal = state.legal_actions()
                    if len(legal) < 2:
                        continue
                    seat = state.current_seat()
                    bot = spec.make_bot("hard", seat, 1000 * seats + number)
                    view = state.view(seat)
                    t0 = time.perf_counter()
                    worker = threading.Thread(target=bot.choose, args=(view, legal))
                    worker.start()
                    while worker.is_alive():
                        frame_work(0.004)
                        worker.join(0.012)
                    times.append(time.perf_counter() - t0)
            times.sort()
            p95, worst = percentile(times, 0.95), times[-1]
            rows[spec.id] = {"p95_s": round(p95, 3), "max_s": round(worst, 3), "mean_s": round(statistics.fmean(times), 3),
                             "decisions": len(times), "seats": table_sizes(spec),
                             "target_p95_s": BOT_ANSWER_TARGET["p95_s"], "target_max_s": BOT_ANSWER_TARGET["max_s"],
                             "met": p95 <= BOT_ANSWER_TARGET["p95_s"] and worst <= BOT_ANSWER_TARGET["max_s"]}
    finally:
        busy.kill()
        busy.wait()
    return {"bot_answer_under_load": rows, "sample_points": list(BOT_ANSWER_POINTS), "games_per_table": games}


#: answers a human waits for in the app, per game (a human's move, then the bots' replies, whole games)
IN_APP_ANSWERS = 40
#: seconds a scene may wait on a screen of its own (a stage's table, halftime) before the player goes on
PLAYER_READS = 0.5


def answers_in_app(answers: int) -> dict[str, Any]:
    """From a human's move to the bot's answer on the table, in the running app with one core kept busy.

    Each game runs in the app as a player meets it (real frame clock, animations at normal speed): the
    first seat is a human who plays a random legal move as soon as the table lets them, the other seats
    are hard bots.  The figure is the wall time from the move (the click) to the frame on which the
    bot's answer is played and starts to animate.  A screen that waits for the player (a stage's table,
    halftime) is dismissed with Enter after ``PLAYER_READS`` seconds; answers across it are not counted.
    """
    import random
    import tempfile
    os.environ["BREAKAWAY_BOX_HOME"] = tempfile.mkdtemp()
    import pygame
    from game.app import MAX_DT, App
    from game.core.match import Match, default_seats
    from game.games import all_specs
    from game.ui.match_scene import MatchScene
    specs = all_specs()
    app = App(specs)
    clock = pygame.time.Clock()
    rows: dict[str, Any] = {}
    busy = subprocess.Popen([sys.executable, "-c", BUSY_LOOP, "3600"])
    try:
        for spec in specs.values():
            seats = max(spec.min_seats, min(spec.max_seats, 2 if spec.max_seats == 2 else spec.default_seats))
            chooser, times, seed = random.Random(7), [], 0
            while len(times) < answers and seed < 20:
                seed += 1
                app.start_match(Match(spec, default_seats(spec, ["human"] + ["bot:hard"] * (seats - 1)), {}, seed))
                clock.tick()
                asked_at: float | None = None
                answered_at_length = 0
                waiting_since: float | None = None
                while len(times) < answers:
                    app.step(min(clock.tick(60) / 1000.0, MAX_DT))
                    now = time.perf_counter()
                    scene = app.manager.top
                    if not isinstance(scene, MatchScene):
                        break  # the results: this game is over
                    match = scene.match
                    if asked_at is not None and len(match.history) >= answered_at_length:
                        times.append(now - asked_at)
                        asked_at = None
                    if scene.is_animating() and not scene.anims.busy:
                        waiting_since = waiting_since or now
                        if now - waiting_since > PLAYER_READS:
                            asked_at = waiting_since = None
                            scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN,
                                                                  mod=0, unicode="\r", scancode=40))
                        continue
                    waiting_since = None
                    seat = match.current_seat
                    if seat is None or not match.seats[seat].is_human or scene.is_animating() or asked_at is not None:
                        continue
                    action = chooser.choice(match.state.legal_actions())
                    length = len(match.history)
                    clicked = time.perf_counter()
                    if scene.play_move(action) and match.current_seat is not None \
                            and not match.seats[match.current_seat].is_human:
                        asked_at, answered_at_length = clicked, length + 2
            times.sort()
            p95, worst = percentile(times, 0.95), times[-1]
            rows[spec.id] = {"p95_s": round(p95, 3), "max_s": round(worst, 3), "mean_s": round(statistics.fmean(times), 3),
                             "answers": len(times), "seats": seats,
                             "target_p95_s": BOT_ANSWER_TARGET["p95_s"], "target_max_s": BOT_ANSWER_TARGET["max_s"],
                             "met": p95 <= BOT_ANSWER_TARGET["p95_s"] and worst <= BOT_ANSWER_TARGET["max_s"]}
    finally:
        busy.kill()
        busy.wait()
    return {"answers_in_app_under_load": rows}


def frame_work(seconds: float) -> None:
    """Python work on the main thread for about ``seconds``, as a frame's drawing holds the interpreter."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


#: replays are scrubbed over games at least this long (where a game's setups reach it)
REPLAY_ACTIONS = 500


def long_match(spec, tries: int = 12):
    """The first finished game of at least REPLAY_ACTIONS random moves over the game's bench setups and
    seeds 8, 9, ...; the longest one found when none is that long (some games end sooner)."""
    from game.core.match import Match, default_seats
    from game.core.rng import Rng
    longest = None
    for attempt in range(tries):
        for setup in reversed(bench_setups(spec)):
            seed = 8 + attempt
            match = Match(spec, default_seats(spec, ["human"] * setup["seats"]), setup["options"], seed)
            rng = Rng(seed)
            while not match.is_over():
                match.apply(rng.choice(match.state.legal_actions()))
            if longest is None or len(match.history) > len(longest[0].history):
                longest = (match, setup["label"])
            if len(match.history) >= REPLAY_ACTIONS:
                return longest
    return longest


def replay_scrub() -> dict[str, Any]:
    """Worst time to show any step of a long replay (the viewer's view and log), stepping back one move
    at a time from the end and jumping across the whole game as a dragged slider does."""
    from game.core.replay import Replay
    from game.games import all_specs
    rows = {}
    for spec in all_specs().values():
        match, label = long_match(spec)
        replay = Replay.of_match(match)
        steps = list(range(len(replay), -1, -1))
        steps += [(i * 7919) % (len(replay) + 1) for i in range(200)]
        times, cpu_times = [], []
        for step in steps:
            t0, c0 = time.perf_counter(), time.thread_time()
            replay.view_at(step, 0)
            replay.log_until(step, 0)
            times.append(time.perf_counter() - t0)
            cpu_times.append(time.thread_time() - c0)
        rows[spec.id] = {"setup": label, "seed": match.seed, "actions": len(replay),
                         "worst_step_ms": round(max(times) * 1000, 2), "target_ms": 50, "met": max(times) * 1000 < 50,
                         "worst_step_cpu_ms": round(max(cpu_times) * 1000, 2),
                         "mean_step_ms": round(statistics.fmean(times) * 1000, 2)}
    return {"replay_scrub": rows, "replay_min_actions": REPLAY_ACTIONS, "target_ms": 50}


def viewer_jumps() -> dict[str, Any]:
    """Worst time of the replay viewer's jump (state, log and the table told as after an undo) across a long
    replay of every game, each jump's best of three, as a player dragging through it waits for them."""
    os.environ["BREAKAWAY_BOX_HOME"] = tempfile.mkdtemp()
    from game.app import App
    from game.core.replay import Replay
    from game.games import all_specs
    specs = all_specs()
    app = App(specs, instant=True)
    rows = {}
    for spec in specs.values():
        match, label = long_match(spec)
        app.go_to_launcher()
        viewer = app.scenes.replay_viewer(Replay.of_match(match), "bench")
        app.manager.push(viewer)
        app.step()
        worst = 0.0
        for target in range(0, len(match.history) + 1, 37):
            best = float("inf")
            for _ in range(3):
                viewer.jump(target)
                best = min(best, viewer.last_jump_seconds)
            worst = max(worst, best)
        rows[spec.id] = {"setup": label, "actions": len(match.history), "worst_jump_ms": round(worst * 1000, 2),
                         "target_ms": 50, "met": worst * 1000 < 50}
    app.quit()
    return {"replay_viewer_jump": rows}


def soak_throughput(seconds: float) -> dict[str, Any]:
    """Games per second per game of ``tools/soak.py`` (invariants checked after every move)."""
    sys.path.insert(0, str(ROOT / "tools"))
    from soak import soak_one
    from game.games import all_specs
    rows: dict[str, Any] = {}
    for level in ("random", "easy"):
        for spec in all_specs().values():
            count, start = 0, time.perf_counter()
            while time.perf_counter() - start < seconds:
                soak_one(spec, 1 + count, level, 50_000)
                count += 1
            rows.setdefault(level, {})[spec.id] = round(count / (time.perf_counter() - start), 1)
    return {"soak_games_per_second": rows}


def peak_memory() -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-c", PEAK_MEMORY, str(ROOT)], capture_output=True, text=True,
                         timeout=600, check=True)
    peak = float(out.stdout.strip().splitlines()[-1])
    return {"peak_memory_mb": round(peak, 1), "target_mb": 200, "met": peak <= 200}


def story_analysis() -> dict[str, Any]:
    """Seconds to tell the story (chart, win chance, the hard bot's moves) of a typical game of each game: normal
    bots at the default table, one fixed seed, seat 0 told as a human's (as a player opens it from the results);
    the target is STORY_TARGET seconds."""
    from game.core.match import Match, default_seats
    from game.core.replay import Replay
    from game.core.story import tell
    from game.games import all_specs
    rows: dict[str, Any] = {}
    for spec in all_specs().values():
        match = Match(spec, default_seats(spec, ["bot:normal"] * spec.default_seats), {}, 1)
        while not match.is_over():
            decide = match.bot_decision()
            assert decide is not None
            match.apply(decide())
        seats = default_seats(spec, ["human"] + ["bot:normal"] * (spec.default_seats - 1))
        replay = Replay(spec, seats, match.options, match.seed, list(match.history))
        start = time.perf_counter()
        tell(replay)
        seconds = time.perf_counter() - start
        rows[spec.id] = {"moves": len(replay), "seconds": round(seconds, 2), "met": seconds <= STORY_TARGET}
    return {"story_analysis": rows, "target_seconds": STORY_TARGET, "met": all(r["met"] for r in rows.values())}


#: a typical game's story is told within this many seconds on the two-core machine
STORY_TARGET = 20.0
SECTIONS = ("start", "built-app", "scenes", "playouts", "bots", "bot-latency", "replay", "soak", "memory", "story")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", metavar="LIST", help="comma-separated sections: " + ", ".join(SECTIONS))
    parser.add_argument("--built-app", metavar="PATH", type=Path, help="time this built executable instead of "
                        "building one")
    parser.add_argument("--baseline-tree", metavar="PATH", type=Path, help="playouts: a checkout of an older "
                        "commit to measure side by side with this one (git worktree add PATH COMMIT)")
    parser.add_argument("--bare-window-app", metavar="PATH", type=Path, help="with --built-app: the bare window "
                        "frozen the same way (built when not given)")
    args = parser.parse_args()
    chosen = SECTIONS if not args.only else tuple(word.strip() for word in args.only.split(","))
    unknown = set(chosen) - set(SECTIONS)
    if unknown:
        parser.error(f"unknown sections {sorted(unknown)}; use {', '.join(SECTIONS)}")
    report: dict[str, Any] = {"python": sys.version.split()[0], "cores": os.cpu_count()}
    if "start" in chosen:
        report["start"] = start_times(5 if args.quick else 15)
    if "built-app" in chosen:
        report.update(built_app_start(5 if args.quick else 15, args.built_app, args.bare_window_app))
    if "scenes" in chosen:
        report.update(scene_frames(120 if args.quick else 600))
    if "playouts" in chosen:
        # side by side, five pairs (the multiple is their median); three runs otherwise
        rounds = 1 if args.quick else 5 if args.baseline_tree is not None else 3
        report.update(playouts(1.0 if args.quick else 2.0, rounds, args.baseline_tree))
    if "bots" in chosen:
        report.update(bot_times(1 if args.quick else 4))
    if "bot-latency" in chosen:
        report.update(bot_answers_under_load(1 if args.quick else BOT_ANSWER_GAMES))
        report.update(answers_in_app(10 if args.quick else IN_APP_ANSWERS))
    if "replay" in chosen:
        report.update(replay_scrub())
        report.update(viewer_jumps())
    if "soak" in chosen:
        report.update(soak_throughput(1.0 if args.quick else 4.0))
    if "memory" in chosen:
        report.update(peak_memory())
    if "story" in chosen:
        report["story"] = story_analysis()
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
