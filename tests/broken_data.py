"""The one check every title's data tests make of a broken file: ``check-data`` and the loader name
the file, the line and the field, and the command prints them."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.engine.checkdata import run_checks


def assert_named(root: Path, folder: str, name: str, old: str, new: str, field: str, words: str, *,
                 check_data: Callable[[Path], list[Any]], checker: str, listed: str) -> Any:
    """``old`` replaced by ``new`` in ``data/<folder>/<name>`` under ``root``: exactly one problem, on
    ``field`` (or a field below it), saying ``words``, at that field's line (a field inside the list
    ``listed`` may name the entry's line instead), and the ``checker`` of check-data prints it."""
    path = root / "data" / folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    broken = text.replace(old, new, 1)
    path.write_text(broken, encoding="utf-8")
    problems = check_data(root)
    assert len(problems) == 1, problems
    problem = problems[0]
    assert Path(problem.file).name == name
    assert problem.field is not None and problem.field.startswith(field), problem
    assert words in problem.message, problem
    lines = broken.splitlines()
    assert problem.line is not None and 1 <= problem.line <= len(lines)
    key = field.split(".")[-1].split("[")[0]
    assert key in lines[problem.line - 1] or field.startswith(f"{listed}["), (problem, lines[problem.line - 1])
    out = io.StringIO()
    assert run_checks(root, out, only=[checker]) == 1
    said = out.getvalue()
    assert f"{name}:{problem.line}" in said and f"field '{problem.field}'" in said, said
    return problem
