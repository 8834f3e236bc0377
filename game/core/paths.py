"""Where files live: bundled resources (source tree or frozen app) and user folders.

``BREAKAWAY_BOX_HOME`` points the user folders somewhere else (tests use a
temporary folder so they never touch a player's saves).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from types import ModuleType

APP_NAME = "BreakawayBox"
_SOURCE_ROOT = Path(__file__).resolve().parents[2]


def resource_path(*parts: str) -> Path:
    """A bundled file: under PyInstaller's unpack folder when frozen, else the source tree."""
    base = Path(getattr(sys, "_MEIPASS", _SOURCE_ROOT))
    return base.joinpath(*parts)


def _home_override() -> Path | None:
    value = os.environ.get("BREAKAWAY_BOX_HOME")
    return Path(value) if value else None


def _platform_dirs() -> ModuleType:
    """platformdirs, imported only when no home override says where the folders are."""
    import platformdirs
    return platformdirs


def data_dir() -> Path:
    """Saves, records and user races."""
    home = _home_override()
    path = home / "data" if home else Path(_platform_dirs().user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """Settings."""
    home = _home_override()
    path = home / "config" if home else Path(_platform_dirs().user_config_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def pictures_dir() -> Path:
    """Pictures the player saves (charts): in the system's pictures folder, where people look for their pictures."""
    home = _home_override()
    path = home / "pictures" if home else Path(_platform_dirs().user_pictures_dir()) / "Breakaway Box"
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_dir() -> Path:
    """Files the app can always make again (pictures kept to start faster); safe to delete."""
    home = _home_override()
    path = home / "cache" if home else Path(_platform_dirs().user_cache_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path
