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
import i18n_catalogs  # noqa: E402

# the compiled catalogs are built from the .po sources, never committed (tests/test_i18n.py checks both);
# once, by the process that starts the run: pytest-xdist's workers (PYTEST_XDIST_WORKER) start after it,
# and two processes writing one .mo at once could leave a third reading half a file
if "PYTEST_XDIST_WORKER" not in os.environ:
    try:
        i18n_catalogs.compile_catalogs(only_stale=True)
    except ImportError as exc:  # Babel builds them: a venv made before it was required lacks it
        pytest.exit(f"{exc}: install the requirements (pip install -r requirements.txt)", returncode=4)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--soak", type=int, default=200,
                     help="random playouts per game in the conformance suite (default 200)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of the built app (tests/test_packaging.py) count as slow: they build it first."""
    for item in items:
        if "built_app" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own user data and config folders."""
    monkeypatch.setenv("BREAKAWAY_BOX_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
