"""The one place where every shared scene is registered.

Scenes open each other through ``app.scenes.<name>(...)`` instead of importing
each other: no import cycles, nothing built at import time, and the list of
screens of the app reads top to bottom here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from game.core.spec import GameSpec

if TYPE_CHECKING:
    from game.app import App
    from game.core.match import Seat
    from game.core.replay import Replay
    from game.ui.match_scene import MatchScene
    from game.ui.scene import Scene


class SceneRegistry:
    """Factories for the shared scenes; each imports its module on first use."""

    def __init__(self, app: "App") -> None:
        self.app = app

    def launcher(self) -> "Scene":
        from .launcher import LauncherScene
        return LauncherScene(self.app)

    def setup(self, spec: GameSpec, *, seats: Sequence["Seat"] | None = None,
              options: Mapping[str, Any] | None = None, seed: int | None = None, guided: bool = False) -> "Scene":
        from .setup import SetupScene
        return SetupScene(self.app, spec, seats=seats, options=options, seed=seed, guided=guided)

    def curtain(self, match_scene: "MatchScene", seat: int) -> "Scene":
        from .curtain import CurtainScene
        return CurtainScene(self.app, match_scene, seat)

    def pause(self, match_scene: "MatchScene") -> "Scene":
        from .pause import PauseScene
        return PauseScene(self.app, match_scene)

    def settings(self) -> "Scene":
        from .settings import SettingsScene
        return SettingsScene(self.app)

    def rules(self, spec: GameSpec, heading: str | None = None) -> "Scene":
        from .rules import RulesScene
        return RulesScene(self.app, spec, heading)

    def results(self, match_scene: "MatchScene") -> "Scene":
        from .results import ResultsScene
        return ResultsScene(self.app, match_scene)

    def replays(self) -> "Scene":
        from .replays import ReplaysScene
        return ReplaysScene(self.app)

    def replay_viewer(self, replay: "Replay", name: str) -> "Scene":
        from .replay_viewer import ReplayViewerScene
        return ReplayViewerScene(self.app, replay, name)

    def records(self) -> "Scene":
        from .records import RecordsScene
        return RecordsScene(self.app)

    def dialog(self, title: str, message: str, buttons: Sequence[tuple[str, Callable[[], None]]],
               primary: int = 0) -> "Scene":
        from game.ui.menu import DialogScene
        return DialogScene(self.app, title, message, buttons, primary=primary)
