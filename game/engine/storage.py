"""Files in the user's data folder written atomically: a temp file, flushed and synced, renamed.

A crash mid-write leaves either the old file or the new one, never half of one; the temporary
file a kill leaves behind is removed at the next start (:func:`remove_stray_temp_files`).
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path


def atomic_write_text(path: str | Path, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


# The temporary files atomic_write_text makes: ".<target name>.<8 letters of tempfile's>.tmp".
TEMP_NAME = re.compile(r"^\.(?P<target>.+)\.[a-z0-9_]{8}\.tmp$")


def remove_stray_temp_files(folder: str | Path) -> list[Path]:
    """Delete what a write killed half-way left in ``folder``: only files named like our own
    temporary files (:data:`TEMP_NAME`, so never a save, which ends in ``.json``), not in sub-folders.
    Returns what was removed; a folder that is missing or cannot be read is left alone."""
    removed: list[Path] = []
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return removed
    for path in entries:
        if not TEMP_NAME.match(path.name) or path.is_symlink() or not path.is_file():
            continue
        try:
            path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed
