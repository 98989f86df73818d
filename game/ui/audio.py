"""Sound: short effects and a quiet music loop, never a crash.

The sounds are WAV files under ``assets/sound/`` made by ``tools/sound/make.py`` (synthesised with
the standard library). :data:`AUDIO` is the game's one player: :meth:`Audio.init` opens the mixer
when the window opens; if that fails (no sound card, no driver, a broken file) the game goes on
silent and every call here does nothing. ``play(name)`` is safe to call from anywhere, before
``init`` or in tests, and returns whether a sound was started.

Levels: the settings' volume is the effects' level; the music plays at :data:`MUSIC_LEVEL` of it,
lower than the effects. Mute silences both at once; Music turns the loop on or off. Every change
applies at once (the Settings screen calls the app, which calls here) and the app saves it.

What the table hears is public: sounds are chosen from what every seat may know (each
title maps its own events to effects), never from a seat's hidden information.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame

from game.engine import resources

EFFECTS = ("click", "dice", "shot", "blow", "flip", "card", "alarm", "clock_warn", "time_up", "curtain")
MUSIC = "music"
MUSIC_LEVEL = 0.35   # the music's level relative to the effects'
CHANNELS = 12


def sound_dir() -> Path:
    return resources.assets_dir() / "sound"


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Hide what C libraries print on stderr (ALSA lists every missing sound card) for a moment."""
    try:
        fd = sys.stderr.fileno()
        saved = os.dup(fd)
    except (OSError, ValueError, AttributeError):
        yield
        return
    try:
        with open(os.devnull, "w", encoding="ascii") as null:
            sys.stderr.flush()
            os.dup2(null.fileno(), fd)
            yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)


class Audio:
    """The mixer, the loaded sounds and the levels (see the module docstring)."""

    def __init__(self) -> None:
        self.ready = False
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.volume = 0.7
        self.muted = False
        self.music = True
        self.problem: str | None = None   # why there is no sound (for the curious: --selftest, logs)
        self.music_playing = False

    # -------------------------------------------------------------- set-up
    def init(self, volume: float = 0.7, muted: bool = False, music: bool = True) -> bool:
        """Open the mixer and load the sounds; False (and silence) when that is not possible."""
        self.volume, self.muted, self.music = max(0.0, min(1.0, float(volume))), bool(muted), bool(music)
        if self.ready:
            self.apply()
            return True
        try:
            with _quiet_stderr():
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=1024)
            pygame.mixer.set_num_channels(CHANNELS)
        except (pygame.error, OSError, NotImplementedError) as exc:
            self.problem = f"no sound: {exc}"
            self.ready = False
            return False
        self.sounds = {}
        for name in EFFECTS:
            path = sound_dir() / f"{name}.wav"
            try:
                self.sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError, FileNotFoundError) as exc:
                self.problem = f"{path.name}: {exc}"
        self.ready = True
        self.apply()
        return True

    def quit(self) -> None:
        """Stop everything and close the mixer (the game goes silent)."""
        if self.ready:
            try:
                pygame.mixer.music.stop()
                pygame.mixer.quit()
            except pygame.error:
                pass
        self.ready = False
        self.music_playing = False
        self.sounds = {}

    # -------------------------------------------------------------- levels
    @property
    def effects_level(self) -> float:
        return 0.0 if self.muted else self.volume

    @property
    def music_level(self) -> float:
        return 0.0 if (self.muted or not self.music) else self.volume * MUSIC_LEVEL

    def apply(self) -> None:
        """Put the current levels on every sound, every channel and the music."""
        if not self.ready:
            return
        try:
            level = self.effects_level
            for sound in self.sounds.values():
                sound.set_volume(level)
            for i in range(pygame.mixer.get_num_channels()):
                pygame.mixer.Channel(i).set_volume(1.0)   # the level is the sounds'; channels pass it on
            pygame.mixer.music.set_volume(self.music_level)
            if self.music_level > 0:
                self.start_music()
            elif self.music_playing:
                pygame.mixer.music.pause()
                self.music_playing = False
        except pygame.error as exc:
            self.problem = str(exc)

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, float(volume)))
        self.apply()

    def set_muted(self, flag: bool) -> None:
        self.muted = bool(flag)
        self.apply()

    def set_music(self, flag: bool) -> None:
        self.music = bool(flag)
        self.apply()

    # -------------------------------------------------------------- playing
    def play(self, name: str) -> bool:
        """Start the effect ``name`` (see :data:`EFFECTS`); False when silent or unknown."""
        if not self.ready or self.muted or self.volume <= 0:
            return False
        sound = self.sounds.get(name)
        if sound is None:
            return False
        try:
            return sound.play() is not None
        except pygame.error:
            return False

    def start_music(self) -> None:
        """Loop the music (resumed where it was paused), when it is on and audible."""
        if not self.ready or self.music_level <= 0 or self.music_playing:
            return
        try:
            if pygame.mixer.music.get_pos() > 0:
                pygame.mixer.music.unpause()
            else:
                pygame.mixer.music.load(str(sound_dir() / f"{MUSIC}.wav"))
                pygame.mixer.music.play(loops=-1)
            pygame.mixer.music.set_volume(self.music_level)
            self.music_playing = True
        except pygame.error as exc:
            self.problem = f"music: {exc}"


AUDIO = Audio()


def play(name: str) -> bool:
    """Play the effect ``name`` through the game's player (nothing happens when it is silent)."""
    return AUDIO.play(name)


__all__ = ["AUDIO", "Audio", "EFFECTS", "MUSIC", "MUSIC_LEVEL", "play", "sound_dir"]
