"""Scenes by name: what ``heist-table screenshot`` renders and what the game chooser opens.

A factory is registered under a name with :func:`register_scene` and called as
``factory(app, **options)``; it returns a Scene, or a list of scenes bottom first (an overlay
brings what it sits on: ``[TitleScene(), CurtainScene("Jigen")]``). Every factory must work with
no options at all, because that is how ``screenshot`` builds it; the chooser passes
``game=<id>`` and, for an episode, ``episode=<episode id>`` to a game's set-up scene (the ``setup``
name in data/games.yaml)::

    from game.ui.registry import register_scene

    @register_scene("mytitle-setup")
    def _setup(app, game="mytitle", episode="first-heist"):
        return MyTitleSetupScene(episode)

The modules that register scenes are the shell's (:data:`SCENE_MODULES`) and each title's UI module
(its spec's ``ui``, from the one list of titles :data:`game.titles.TITLES`); a listed module that
does not exist yet is skipped. A title's UI package (``game/<title>/ui/__init__.py``) should
import the modules that register its scenes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

SCENE_MODULES = (
    "game.ui.scenes",        # title, chooser, settings, curtain, quit-confirm
)


def scene_modules() -> tuple[str, ...]:
    """The shell's scene modules, then every title's UI module."""
    from game.engine.titles import scene_modules as title_scenes

    return (*SCENE_MODULES, *title_scenes())

SceneFactory = Callable[..., Any]  # (app, **options) -> Scene | Sequence[Scene]
SCENES: dict[str, SceneFactory] = {}
_loaded = False


def register_scene(name: str) -> Callable[[SceneFactory], SceneFactory]:
    """Decorator: register ``factory(app, **options)`` under ``name``."""
    def deco(factory: SceneFactory) -> SceneFactory:
        if name in SCENES and SCENES[name] is not factory:
            raise ValueError(f"a scene named {name!r} is already registered")
        SCENES[name] = factory
        return factory
    return deco


def load_scene_modules() -> None:
    """Import every module of SCENE_MODULES (once), so their scenes are registered."""
    global _loaded
    if _loaded:
        return
    for name in scene_modules():
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and (name == exc.name or name.startswith(exc.name + ".")):
                continue  # that part of the game is not built yet
            raise
    _loaded = True


def scene_names() -> list[str]:
    load_scene_modules()
    return sorted(SCENES)


def is_registered(name: str | None) -> bool:
    if not name:
        return False
    load_scene_modules()
    return name in SCENES


def build_scenes(name: str, app: Any, **options: Any) -> list[Any]:
    """The scenes (bottom first) that the factory ``name`` makes; KeyError names the known ones."""
    load_scene_modules()
    try:
        factory = SCENES[name]
    except KeyError:
        raise KeyError(f"no scene named {name!r}; known scenes: {', '.join(sorted(SCENES))}") from None
    made = factory(app, **options)
    if isinstance(made, Sequence):
        return list(made)
    return [made]


def open_scene(name: str, app: Any, **options: Any) -> None:
    """Push the scenes of ``name`` onto the app's stack."""
    for scene in build_scenes(name, app, **options):
        app.stack.push(scene)


# ------------------------------------------------------------------- "Continue" on the title screen

# A title's offer to go on with its latest unfinished game: ``offer()`` returns None, or
# ``(saved_at, note, build)``, ``note`` a short sentence ("Ruby Red · round 4") and ``build()`` the
# scenes to push, bottom first. The title screen shows the most recent offer of all.
ContinueOffer = tuple[Any, str, Callable[[], list[Any]]]
CONTINUE_OFFERS: list[Callable[[], ContinueOffer | None]] = []


def register_continue(offer: Callable[[], ContinueOffer | None]) -> Callable[[], ContinueOffer | None]:
    """Decorator: a title's "Continue" offer (see :data:`CONTINUE_OFFERS`)."""
    if offer not in CONTINUE_OFFERS:
        CONTINUE_OFFERS.append(offer)
    return offer


def latest_continue() -> ContinueOffer | None:
    """The most recent unfinished game any title offers to continue, or None."""
    load_scene_modules()
    offers = [o for o in (f() for f in CONTINUE_OFFERS) if o is not None]
    return max(offers, key=lambda o: o[0]) if offers else None


# ------------------------------------------------------------ saves a "Continue" had to pass over

# A save that reads but whose moves today's rules refuse (one made before the rules changed) can
# never be continued. A title's offer records it here, with the file's stamp (its modification time
# and size), and passes over it, then and for as long as the file is unchanged; the title screen
# names it in one sentence (:func:`refused_notice`). Nothing here writes to the file.
REFUSED_SAVES: dict[str, Any] = {}   # the file's path → its stamp when its moves were refused


def save_stamp(path: Any) -> Any:
    """What tells a file changed since it was last looked at (None if it cannot be read)."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def note_refused_save(path: Any, stamp: Any = None) -> None:
    """Record that the moves of the save at ``path`` no longer replay: never offered again."""
    REFUSED_SAVES[str(path)] = stamp if stamp is not None else save_stamp(path)


def is_refused_save(path: Any, stamp: Any = None) -> bool:
    """True when the save at ``path``, unchanged since, was found refused on replay."""
    known = REFUSED_SAVES.get(str(path))
    return known is not None and known == (stamp if stamp is not None else save_stamp(path))


def refused_notice() -> str | None:
    """One sentence for the title screen naming the saves of the saves folder passed over because
    their moves no longer replay (those still there, unchanged), or None."""
    from pathlib import Path

    from game.engine import resources
    from game.engine.i18n import t

    try:
        folder = resources.saves_dir()
    except OSError:
        return None
    paths = [Path(p) for p in sorted(REFUSED_SAVES) if Path(p).parent == folder and is_refused_save(Path(p))]
    if not paths:
        return None
    if len(paths) == 1:
        return t("i11_fu.refused_one", path=str(paths[0]))
    return t("i11_fu.refused_many", count=len(paths), folder=str(paths[0].parent))
