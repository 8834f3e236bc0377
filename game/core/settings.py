"""Player settings, stored as JSON in the user config folder."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game.i18n import LANGUAGES, N_, _

from .jsonfile import FileProblem, read_json, set_aside, write_json_atomic
from .paths import config_dir

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
UI_SCALES = (1.0, 1.15, 1.3)


@dataclass
class Settings:
    fullscreen: bool = False
    window_width: int = 1280
    window_height: int = 720
    volume: float = 0.6
    muted: bool = False
    animation_speed: str = "normal"
    colour_blind: bool = False
    ui_scale: float = 1.0
    #: when a human's turn comes, a panel lists what the other seats did since their last move
    recap_since_last_turn: bool = True
    #: the language's code (game.i18n.LANGUAGES); empty: follow the system's language
    language: str = ""

    def normalised(self) -> "Settings":
        """Clamp every field to a usable value (a hand-edited file cannot break the app)."""
        self.window_width = min(max(int(self.window_width), 640), 7680)
        self.window_height = min(max(int(self.window_height), 360), 4320)
        self.volume = min(max(float(self.volume), 0.0), 1.0)
        if self.animation_speed not in ANIMATION_SPEEDS:
            self.animation_speed = "normal"
        if self.ui_scale not in UI_SCALES:
            self.ui_scale = 1.0
        self.fullscreen, self.muted, self.colour_blind = bool(self.fullscreen), bool(self.muted), bool(self.colour_blind)
        self.recap_since_last_turn = bool(self.recap_since_last_turn)
        if self.language not in LANGUAGES:
            self.language = ""
        return self

    @property
    def animation_factor(self) -> float:
        """Multiplier on animation durations; 0 shows end states at once."""
        return {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}[self.animation_speed]


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings (defaults when absent) and a problem message, if any."""
    path = settings_path()
    if not path.exists():
        return Settings(), None
    try:
        raw = read_json(path, N_("The settings file"))
        if not isinstance(raw, dict):
            raise FileProblem(_("The settings file does not hold settings."))
        known = {f.name for f in fields(Settings)}
        values: dict[str, Any] = {k: v for k, v in raw.items() if k in known}
        return Settings(**values).normalised(), None
    except (FileProblem, TypeError, ValueError) as exc:
        moved = set_aside(path)
        return Settings(), _("{problem} Default settings are used; the old file was kept as {file}.").format(
            problem=exc, file=moved.name)


def save_settings(settings: Settings) -> None:
    write_json_atomic(settings_path(), asdict(settings.normalised()))
