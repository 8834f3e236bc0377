"""Start-up: the launcher's static art is kept as a picture in the user cache folder and shown from it
at the next start (exactly the same pixels, painted again whenever it is missing, stale or damaged);
a very first start in English shows the picture shipped in assets/pictures; and the garbage collector
leaves what start-up made alone until the first frame is up."""
from __future__ import annotations

import dataclasses
import gc
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from game.app import REPORT_FIRST_FRAME, App
from game.games import all_specs
from game.scenes.launcher import LauncherScene
from game.ui import picture_cache
from game.ui.picture_cache import KEEP, LAUNCHER, kept_pictures, load_picture, store_picture
from high_card_scene import high_card_spec
from game.cli import LaunchRequest
from ui_support import make_app, run_until, specs, step

ROOT = Path(__file__).resolve().parents[2]


def wait_for_kept_pictures() -> None:
    for thread in threading.enumerate():
        if thread.name.startswith("keep-picture-"):
            thread.join()


@pytest.fixture
def paintings(monkeypatch: pytest.MonkeyPatch) -> list[LauncherScene]:
    """Every time a launcher paints its backdrop instead of reading the kept picture."""
    painted: list[LauncherScene] = []
    paint = LauncherScene.paint_backdrop

    def counting(scene: LauncherScene, surface: pygame.Surface) -> None:
        painted.append(scene)
        paint(scene, surface)

    monkeypatch.setattr(LauncherScene, "paint_backdrop", counting)
    return painted


def first_frame(game_specs=None) -> bytes:
    """A new app's first launcher frame, as the player sees it; the picture it keeps is written."""
    app = make_app(game_specs=game_specs)
    step(app)
    wait_for_kept_pictures()
    return pygame.image.tobytes(app.canvas, "RGB")


def test_the_next_start_shows_the_kept_picture_pixel_for_pixel(paintings):
    painted = first_frame()
    assert len(paintings) == 1 and len(kept_pictures(LAUNCHER)) == 1
    app = make_app()
    step(app)  # the picture straight onto the canvas
    assert pygame.image.tobytes(app.canvas, "RGB") == painted
    step(app)  # the backdrop later frames re-blit, from the picture too
    assert pygame.image.tobytes(app.canvas, "RGB") == painted
    assert len(paintings) == 1, "the second start read the picture instead of painting"


def test_a_start_with_a_kept_picture_decodes_no_art():
    first_frame(all_specs())  # the five games' tiles show their title art
    app = make_app(game_specs=all_specs())
    assert app.assets._prefetch is None, "nothing on the first frame needs the title art"
    step(app)
    assert not app.assets._sheets


@pytest.mark.parametrize("damage", [b"", b"not a picture\n", None])
def test_a_damaged_picture_is_painted_again_and_replaced(paintings, damage):
    painted = first_frame()
    [path] = kept_pictures(LAUNCHER)
    whole = path.read_bytes()
    path.write_bytes(whole[:-100] if damage is None else damage)
    assert first_frame() == painted
    assert len(paintings) == 2 and path.read_bytes() == whole


def with_pitch(pitch: str) -> dict:
    changed = dataclasses.replace(high_card_spec(), pitch=pitch)
    return {**specs(), changed.id: changed}


def test_what_the_tiles_show_is_part_of_the_key_and_recent_looks_are_all_kept(paintings):
    shown = first_frame()
    other = first_frame(with_pitch("A different sentence on the tile."))
    assert other != shown and len(paintings) == 2
    assert first_frame() == shown and first_frame(with_pitch("A different sentence on the tile.")) == other
    assert len(paintings) == 2, "both looks were kept: switching between them paints nothing"
    for number in range(KEEP):
        first_frame(with_pitch(f"Pitch number {number}."))
    assert len(kept_pictures(LAUNCHER)) == KEEP
    first_frame()
    assert len(paintings) == 2 + KEEP + 1, "the least recently shown look was dropped"


def leave_an_unfinished_game() -> None:
    app = make_app(LaunchRequest(game_id="high-card", controllers=["human", "bot:easy"], seed=2))
    scene = app.manager.find(high_card_spec().scene())
    run_until(app, lambda: scene.can_act)
    scene.play(scene.view["hand"][0])
    step(app, 5)
    app.quit()


def test_a_game_to_continue_gets_its_own_picture_and_both_looks_are_kept(paintings):
    without = first_frame()
    leave_an_unfinished_game()
    painted_before = len(paintings)
    with_save = first_frame()
    assert with_save != without and len(paintings) == painted_before + 1
    assert first_frame() == with_save and len(paintings) == painted_before + 1
    assert len(kept_pictures(LAUNCHER)) == 2


def test_a_picture_is_only_read_back_for_its_key_and_size_in_any_pixel_layout():
    pygame.display.init()
    window = pygame.display.set_mode((64, 48))
    picture = pygame.Surface((64, 48), 0, window)
    picture.fill((10, 120, 40))
    pygame.draw.circle(picture, (240, 200, 10), (20, 20), 12)
    writer = store_picture("sample", "key one", picture)
    assert writer is not None
    writer.join()
    same = pygame.Surface((64, 48), 0, window)
    assert load_picture("sample", "key one", same)
    assert pygame.image.tobytes(same, "RGB") == pygame.image.tobytes(picture, "RGB")
    assert not load_picture("sample", "key two", same)
    assert not load_picture("sample", "key one", pygame.Surface((48, 64), 0, window))
    other_layout = pygame.Surface((64, 48), 0, 24)
    assert load_picture("sample", "key one", other_layout), "read through a surface of the file's layout"
    assert pygame.image.tobytes(other_layout, "RGB") == pygame.image.tobytes(picture, "RGB")
    assert not load_picture("missing", "key one", same)
    with pytest.raises(ValueError):
        store_picture("sample", "two\nlines", picture)


def test_an_unwritable_cache_folder_costs_a_painting_not_the_app(monkeypatch, paintings):
    def refuse(*args, **kwargs):
        raise PermissionError("read-only")

    monkeypatch.setattr(picture_cache.tempfile, "mkstemp", refuse)
    painted = first_frame()
    assert first_frame() == painted and len(paintings) == 2
    assert not kept_pictures(LAUNCHER)


def test_a_cache_folder_that_cannot_be_made_costs_a_painting_not_the_app(isolated_home, paintings):
    isolated_home.mkdir(parents=True, exist_ok=True)
    (isolated_home / "cache").write_text("a file where the folder should be")
    painted = first_frame()
    assert first_frame() == painted and len(paintings) == 2


def test_the_collector_leaves_start_up_alone_until_the_first_frame_then_runs_as_usual():
    app = make_app()
    assert gc.get_freeze_count() > 0, "modules and the game list are set aside, not scanned"
    step(app)
    assert gc.get_freeze_count() == 0 and gc.isenabled()


def test_the_shipped_launcher_picture_is_what_painting_gives_now():
    sys.path.insert(0, str(ROOT / "tools"))
    from make_start_pictures import NotCheckableHere, stale_pictures
    try:
        stale = stale_pictures()
    except NotCheckableHere as exc:
        pytest.skip(str(exc))
    assert stale == [], "the launcher's art, words or painting changed: run tools/make_start_pictures.py"


@pytest.fixture
def scaled_as_shipped():
    """Smoothscale as the machines the pictures ship for (another test may have chosen another backend)."""
    sys.path.insert(0, str(ROOT / "tools"))
    from make_start_pictures import SHIPPED_SMOOTHSCALE
    backend = pygame.transform.get_smoothscale_backend()
    try:
        pygame.transform.set_smoothscale_backend(SHIPPED_SMOOTHSCALE)
    except ValueError:
        pytest.skip(f"this processor scales with {backend}: the launcher is painted, not shown from the picture")
    yield
    pygame.transform.set_smoothscale_backend(backend)


def test_a_very_first_start_in_english_shows_the_shipped_pictures_and_decodes_no_art_and_no_font(
        paintings, scaled_as_shipped):
    app = make_app(game_specs=all_specs())
    assert app.assets._prefetch is None, "nothing on the first frame needs the title art"
    step(app)
    assert not app.theme._fonts, "the first frame's buttons are a picture too: no text is rendered"
    first = pygame.image.tobytes(app.canvas, "RGB")
    step(app)
    assert not paintings and not app.assets._sheets
    assert not kept_pictures(LAUNCHER), "the shipped picture is not copied into the cache"
    scene = app.manager.top
    painted = pygame.Surface(app.canvas.get_size(), 0, app.canvas)
    scene.paint_backdrop(painted)
    assert pygame.image.tobytes(scene._backdrop, "RGB") == pygame.image.tobytes(painted, "RGB")
    scene.draw_front(painted)
    assert first == pygame.image.tobytes(painted, "RGB"), "the first frame is exactly the launcher as drawn"


def test_a_first_frame_with_a_button_under_the_pointer_draws_the_buttons(paintings):
    first_frame()
    app = make_app()
    target = app.manager.top.form.widgets[0].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    assert app.theme._fonts, "a hovered button is drawn as it looks now, not as the picture at rest"
    assert len(paintings) == 1


def test_the_shipped_picture_is_never_shown_in_another_language(paintings):
    app = App(all_specs(), instant=True, language="de")
    app.open(LaunchRequest())
    assert app.assets._prefetch is not None, "German is painted at its first start: its art is decoded early"
    step(app)
    assert len(paintings) == 1
    wait_for_kept_pictures()
    assert len(kept_pictures(LAUNCHER)) == 1, "and kept for the next start"


def test_a_launcher_that_looks_different_from_the_shipped_picture_is_painted(paintings):
    leave_an_unfinished_game_of_breakout()
    app = make_app(game_specs=all_specs())
    step(app)
    assert len(paintings) == 1, "a game to continue changes the tiles: the shipped picture does not show them"


def leave_an_unfinished_game_of_breakout() -> None:
    app = make_app(LaunchRequest(game_id="breakout", controllers=["human", "human"], seed=3), game_specs=all_specs())
    step(app, 3)
    app.quit()


def test_the_launcher_as_shipped_has_no_text_cut_or_overflowing(monkeypatch):
    """The text-size checks see a start's launcher from its picture; here they watch it painted."""
    from test_text_size import LayoutWatch
    watch = LayoutWatch(monkeypatch)
    app = make_app(game_specs=all_specs())
    scene = app.manager.top
    canvas = pygame.Surface(app.canvas.get_size(), 0, app.canvas)
    scene.paint_backdrop(canvas)
    scene.draw_front(canvas)
    assert watch.problems == {}


def test_a_start_asked_to_report_its_first_frame_prints_the_clock_and_its_processor_time(isolated_home):
    env = {**os.environ, "BREAKAWAY_BOX_HOME": str(isolated_home), REPORT_FIRST_FRAME: "1"}
    before = time.time()
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "2"], capture_output=True, text=True,
                            env=env, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    stamp, processor = (float(number) for number in result.stdout.split()[-2:])
    assert before < stamp < time.time() and 0 < processor < 60
