"""Draw every sprite and synthesise every sound of Breakaway Box.

    python tools/make_assets.py [output folder, default: assets/]

Writes assets/sprites/<sheet>.png, assets/sprites/index.json,
assets/sounds/<name>.wav, assets/icon.png and assets/icon.ico.  Everything is
drawn with pygame from code (no input files, no network) and the output is
byte-for-byte the same on every run, so the committed files can be checked
against a fresh run.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame  # noqa: E402

from art import breakout, common, football, leader1, pack, rider_cards, riders, sounds, ui  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ICON_SIZES = (256, 128, 64, 48, 32, 16)

#: sheet name -> (sheet width in pixels, the sprites on it)
SheetPlan = dict[str, tuple[int, dict[str, pygame.Surface]]]


def build_sprites() -> tuple[SheetPlan, dict]:
    """Draw all sprites, grouped by the sheet they go on, plus geometry for the scenes."""
    football_sprites, football_geometry = football.sprites()
    breakout_sprites, breakout_geometry = breakout.sprites()
    plan: SheetPlan = {
        "common": (1024, common.sprites()),
        "riders": (256, riders.sprites()),
        "leader1": (512, leader1.sprites()),
        "rider_cards": (1024, rider_cards.sprites()),
        "football": (1024, football_sprites),
        "breakout": (512, breakout_sprites),
        "ui": (256, ui.sprites()),
    }
    geometry = {"rider": riders.geometry(), **football_geometry, **breakout_geometry}
    return plan, geometry


def generate(out_dir: Path) -> list[Path]:
    """Write every asset under ``out_dir``; returns the files written (or left unchanged)."""
    written: list[Path] = []

    def emit(relative: str, data: bytes) -> None:
        path = out_dir / relative
        pack.write_if_changed(path, data)
        written.append(path)

    plan, geometry = build_sprites()
    sheets: dict[str, str] = {}
    placed: list[pack.Placed] = []
    names: set[str] = set()
    for sheet, (width, sprites) in plan.items():
        clash = names & sprites.keys()
        if clash:
            raise ValueError(f"sprite names used twice: {sorted(clash)}")
        names |= sprites.keys()
        surface, spots = pack.pack_sheet(sheet, sprites, width)
        sheets[sheet] = f"{sheet}.png"
        placed.extend(spots)
        emit(f"sprites/{sheet}.png", pack.png_bytes(surface))
    by_name = {spot.name: spot for spot in placed}
    for alias, target in common.aliases().items():
        placed.append(pack.Placed(alias, by_name[target].sheet, by_name[target].rect))
    emit("sprites/index.json", pack.index_json(sheets, placed, geometry))

    icon = plan["common"][1]["icon"]
    emit("icon.png", pack.png_bytes(icon))
    emit("icon.ico", pack.ico_bytes([icon if size == 256 else common.app_icon(size) for size in ICON_SIZES]))

    for name, data in sounds.render_all().items():
        emit(f"sounds/{name}.wav", data)
    return written


def main(argv: list[str]) -> int:
    out_dir = Path(argv[1]) if len(argv) > 1 else ROOT / "assets"
    files = generate(out_dir)
    print(f"wrote {len(files)} files under {out_dir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
