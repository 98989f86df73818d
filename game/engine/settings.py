"""The player's settings, remembered between runs in settings.json in the user's data folder.

A missing file gives the defaults; a corrupt one is reported, kept aside as
``settings.json.corrupt`` (never silently overwritten) and the defaults are used.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from pathlib import Path

from game.engine import resources
from game.engine.storage import atomic_write_text

WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))


@dataclass
class Settings:
    language: str = "en"
    window_size: tuple[int, int] = (1600, 900)
    fullscreen: bool = False
    volume: float = 0.7
    muted: bool = False
    music: bool = True
    colourblind: bool = False
    planning_minutes: int = 15

    @classmethod
    def path(cls) -> Path:
        return resources.user_dir() / "settings.json"

    @classmethod
    def load(cls) -> tuple[Settings, str | None]:
        """The saved settings and, when the file was unusable, a sentence saying so."""
        path = cls.path()
        if not path.exists():
            return cls(), None
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(raw, dict):
                raise ValueError("not a JSON object")
            s = cls()
            if raw.get("language") in ("it", "en"):
                s.language = raw["language"]
            size = raw.get("window_size")
            if (isinstance(size, list) and len(size) == 2
                    and all(isinstance(v, int) and 320 <= v <= 8192 for v in size)):
                s.window_size = (size[0], size[1])
            if isinstance(raw.get("fullscreen"), bool):
                s.fullscreen = raw["fullscreen"]
            if isinstance(raw.get("volume"), (int, float)) and not isinstance(raw.get("volume"), bool):
                s.volume = min(1.0, max(0.0, float(raw["volume"])))
            for flag in ("muted", "music"):
                if isinstance(raw.get(flag), bool):
                    setattr(s, flag, raw[flag])
            if isinstance(raw.get("colourblind"), bool):
                s.colourblind = raw["colourblind"]
            minutes = raw.get("planning_minutes")
            if isinstance(minutes, int) and not isinstance(minutes, bool) and 1 <= minutes <= 60:
                s.planning_minutes = minutes
            return s, None
        except (OSError, ValueError) as exc:
            kept = path.with_name(path.name + ".corrupt")
            try:
                path.replace(kept)
            except OSError:
                kept = path
            return cls(), f"Settings file {path} could not be read ({exc}); kept as {kept}, defaults used."

    def save(self) -> None:
        data = dataclasses.asdict(self)
        data["window_size"] = list(self.window_size)
        atomic_write_text(self.path(), json.dumps(data, indent=2) + "\n")
