"""The committed art and sounds: index consistency, required names, sane WAVs,
and that tools/make_assets.py reproduces every committed file byte for byte."""
from __future__ import annotations

import io
import json
import re
import struct
import sys
import wave
from array import array
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"
INDEX = ASSETS / "sprites" / "index.json"

TEAM_COLOURS = ["orange", "sky", "green", "yellow", "blue", "red", "purple", "black", "white"]
GAME_IDS = ["breaking-away", "breakaway-rider", "leader-1", "breakaway-football", "breakout"]
REQUIRED_SPRITES = (
    ["table_felt", "logo", "icon"] + [f"title_{game}" for game in GAME_IDS]
    + [f"title_{game.replace('-', '_')}" for game in GAME_IDS]
    + ["rider", "rider_mask", "rider_shadow"] + [f"rider_{c}" for c in TEAM_COLOURS]
    + ["base_rouleur", "base_leader", "base_climber", "peloton"]
    + [f"d12_face_{n}" for n in range(1, 13)] + ["d12_face_red", "peloton_die_3", "peloton_die_4", "peloton_die_5"]
    + [f"feed_tile_{n}" for n in range(2, 6)] + ["feed_tile_back"]
    + [f"token_climb_{c}" for c in ("1", "2", "3", "4", "hc")] + ["token_feed_zone", "token_bonus_time", "energy_marker"]
    + [f"card_speed_{v}" for v in range(39, 51)]
    + ["card_climb", "card_headwind", "card_sprint", "card_back", "yellow_jersey", "chip_blue", "chip_red"]
    + ["football", "ball_marker", "first_down_flag", "play_card_frame", "play_card_back", "defense_card_frame",
       "gameday_card_frame", "gameday_card_back", "challenge_flag", "timeout_token", "coin_heads", "coin_tails",
       "team_maulers", "team_pharaohs", "team_lightning", "team_fire"]
    + ["wall", "knot_yellow", "knot_blue", "knot_highlight", "arrow_left", "arrow_right", "support_tray"]
    + [f"character_{team}_{n}" for team in ("yellow", "blue") for n in (1, 2, 3)]
    + [f"pattern_{p}" for p in ("stripe", "dot", "chevron", "ring", "cross", "diamond", "wave", "check", "star")]
    + [f"button_icon_{b}" for b in ("play", "rules", "settings", "continue", "undo", "quit", "back", "sound_on",
                                    "sound_off", "next", "prev", "play_pause")]
)
EXACT_SIZES = {
    "table_felt": (256, 256), "icon": (256, 256), "logo": (600, 140), "card_speed_45": (100, 140),
    "card_back": (100, 140), "play_card_frame": (150, 210), "gameday_card_frame": (150, 210),
    **{f"title_{game}": (360, 200) for game in GAME_IDS},
}
SOUNDS = ["card_flick", "card_deal", "dice_roll", "bell", "whistle", "crowd_cheer", "rope_creak", "knot_drop",
          "rider_whoosh", "click", "error", "finish_fanfare", "coin_flip", "chip_clink", "turn_chime"]


@pytest.fixture(scope="module")
def index() -> dict:
    return json.loads(INDEX.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def sheets(index: dict) -> dict[str, pygame.Surface]:
    return {name: pygame.image.load(str(ASSETS / "sprites" / file)) for name, file in index["sheets"].items()}


def sprite(index: dict, sheets: dict[str, pygame.Surface], name: str) -> pygame.Surface:
    entry = index["sprites"][name]
    return sheets[entry["sheet"]].subsurface(pygame.Rect(entry["rect"]))


def test_index_has_the_agreed_shape(index: dict) -> None:
    assert set(index) == {"sheets", "sprites", "geometry"}
    for name, entry in index["sprites"].items():
        if name.startswith("title_") and "-" in name:
            snake = name.replace("-", "_")
            assert index["sprites"][snake] == entry, "title art under a game id is an alias of its snake_case name"
            continue
        assert re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)*", name), name
        assert set(entry) == {"sheet", "rect"}
        assert entry["sheet"] in index["sheets"], name
        assert len(entry["rect"]) == 4 and all(isinstance(v, int) for v in entry["rect"])


def test_every_rect_lies_inside_its_sheet(index: dict, sheets: dict[str, pygame.Surface]) -> None:
    for name, entry in index["sprites"].items():
        x, y, w, h = entry["rect"]
        sheet_w, sheet_h = sheets[entry["sheet"]].get_size()
        assert w > 0 and h > 0, name
        assert 0 <= x and 0 <= y and x + w <= sheet_w and y + h <= sheet_h, name


def test_sprites_do_not_overlap_on_a_sheet(index: dict) -> None:
    by_sheet: dict[str, list[tuple[str, pygame.Rect]]] = {}
    for name, entry in index["sprites"].items():
        if "-" in name:
            continue  # aliases share their target's rect
        by_sheet.setdefault(entry["sheet"], []).append((name, pygame.Rect(entry["rect"])))
    for spots in by_sheet.values():
        for i, (name, rect) in enumerate(spots):
            for other, other_rect in spots[i + 1:]:
                assert not rect.colliderect(other_rect), (name, other)


def test_every_required_sprite_exists_and_is_drawn(index: dict, sheets: dict[str, pygame.Surface]) -> None:
    missing = [name for name in REQUIRED_SPRITES if name not in index["sprites"]]
    assert not missing
    for name in REQUIRED_SPRITES:
        drawn = pygame.mask.from_surface(sprite(index, sheets, name), 8).count()
        assert drawn > 0, f"{name} is blank"


def test_sizes_other_code_relies_on(index: dict) -> None:
    for name, size in EXACT_SIZES.items():
        assert tuple(index["sprites"][name]["rect"][2:]) == size, name
    rider_w, rider_h = index["sprites"]["rider"]["rect"][2:]
    assert 32 <= rider_w <= 40 and rider_w > rider_h, "riders face right and are about 34 px long"
    for colour in TEAM_COLOURS + ["mask", "shadow"]:
        assert index["sprites"][f"rider_{colour}"]["rect"][2:] == [rider_w, rider_h]


def test_rider_mask_covers_only_the_rider(index: dict, sheets: dict[str, pygame.Surface]) -> None:
    rider = pygame.mask.from_surface(sprite(index, sheets, "rider"), 8)
    mask = pygame.mask.from_surface(sprite(index, sheets, "rider_mask"), 8)
    assert 0 < mask.count() < rider.count()
    assert mask.overlap_area(rider, (0, 0)) == mask.count()
    cx, cy = index["geometry"]["rider"]["number_centre"]
    assert mask.get_at((round(cx), round(cy))), "the number disc sits on the jersey"


def test_wall_geometry_matches_the_wall_sprite(index: dict) -> None:
    wall = index["geometry"]["wall"]
    width, height = index["sprites"]["wall"]["rect"][2:]
    slots = wall["slot_rects"]
    assert len(slots) == 5
    assert all(w == 5 * wall["space_width"] for _, _, w, _ in slots)
    assert [y for _, y, _, _ in slots] == sorted((y for _, y, _, _ in slots), reverse=True), "bottom slot first"
    for x, y, w, h in slots:
        assert 0 <= x and 0 <= y and x + w <= width and y + h <= height
    knot_w, knot_h = index["sprites"]["knot_yellow"]["rect"][2:]
    assert knot_w <= wall["space_width"] and knot_h <= min(h for *_, h in slots)


def test_anchor_geometry_lies_inside_its_sprite(index: dict) -> None:
    for name in ("ball_marker", "first_down_flag"):
        x, y = index["geometry"][name]["anchor"]
        w, h = index["sprites"][name]["rect"][2:]
        assert 0 <= x <= w and 0 <= y <= h
    for name in ("play_card_frame", "defense_card_frame", "gameday_card_frame"):
        w, h = index["sprites"][name]["rect"][2:]
        for area in index["geometry"][name]["areas"].values():
            ax, ay, aw, ah = area
            assert 0 <= ax and 0 <= ay and ax + aw <= w and ay + ah <= h, name


@pytest.mark.parametrize("name", SOUNDS)
def test_sound_is_a_short_quiet_wav(name: str) -> None:
    with wave.open(str(ASSETS / "sounds" / f"{name}.wav"), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 44100)
        frames = wav.getnframes()
        samples = array("h", wav.readframes(frames))
    if sys.byteorder == "big":
        samples.byteswap()
    assert 0.05 <= frames / 44100 <= 2.0
    peak = max(abs(v) for v in samples)
    assert 32767 * 10 ** (-30 / 20) < peak <= 32767 * 10 ** (-6 / 20), "peak between -30 and -6 dBFS"
    assert abs(samples[-1]) < 200, "ends without a click"


def ico_images(data: bytes) -> list[pygame.Surface]:
    """The PNG-compressed images inside a Windows icon file."""
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1)
    images = []
    for i in range(count):
        w, h, _, _, _, _, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        image = pygame.image.load(io.BytesIO(data[offset:offset + length]), "icon.png")
        assert image.get_size() == (w or 256, h or 256)
        images.append(image)
    return images


def test_app_icon_png_and_ico() -> None:
    assert pygame.image.load(str(ASSETS / "icon.png")).get_size() == (256, 256)
    sizes = [image.get_width() for image in ico_images((ASSETS / "icon.ico").read_bytes())]
    assert {256, 48, 32, 16} <= set(sizes)


def pixels(image: pygame.Surface) -> tuple[tuple[int, int], bytes]:
    return image.get_size(), pygame.image.tobytes(image, "RGBA")


def same_content(fresh: Path, committed: Path) -> bool:
    """Identical bytes; for images, identical pixels (zlib builds may pack PNGs differently)."""
    a, b = fresh.read_bytes(), committed.read_bytes()
    if a == b:
        return True
    if fresh.suffix == ".png":
        return pixels(pygame.image.load(io.BytesIO(a), "a.png")) == pixels(pygame.image.load(io.BytesIO(b), "b.png"))
    if fresh.suffix == ".ico":
        return [pixels(i) for i in ico_images(a)] == [pixels(i) for i in ico_images(b)]
    return False


def test_generator_reproduces_the_committed_files(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_assets
    finally:
        sys.path.remove(str(ROOT / "tools"))
    written = make_assets.generate(tmp_path)
    fresh = {p.relative_to(tmp_path).as_posix() for p in written}
    generated_places = [ASSETS / "sprites", ASSETS / "sounds"]
    committed = {p.relative_to(ASSETS).as_posix() for folder in generated_places for p in folder.rglob("*")
                 if p.is_file()} | {"icon.png", "icon.ico"}
    assert fresh == committed, "assets/sprites and assets/sounds hold exactly what the generator writes"
    changed = [name for name in sorted(fresh) if not same_content(tmp_path / name, ASSETS / name)]
    assert not changed, f"run `python tools/make_assets.py` and commit: {changed}"
