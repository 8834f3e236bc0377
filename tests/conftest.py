"""Headless, isolated test setup: dummy SDL drivers and a temporary user folder."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
# tests speak English unless they choose a language (the app would follow the system's)
os.environ["LANGUAGE"] = "en"

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
TESTS = Path(__file__).resolve().parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

import pytest  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--soak", type=int, default=200,
                     help="random playouts per game in the conformance suite (default 200)")


@pytest.fixture(autouse=True)
def isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own user data and config folders."""
    monkeypatch.setenv("BREAKAWAY_BOX_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
