"""Lupin's code talks between modules through public names only (issue #12).

Every module of game/lupin is parsed with ``ast``. A private name (``_x``, not a dunder) may be used
only in the module that defines it: ``self._x`` / ``state._x`` / ``mod._x`` for an ``_x`` defined
elsewhere (another module's method or function), and ``from m import _x`` from another module,
are cross-module private accesses, and each is listed with its file and line. A subclass may use
what its base classes define (``self._x`` in a class whose ancestor in game/lupin defines ``_x``).
Private names of game/ui, which Lupin's UI uses and this check cannot make public (game/ui is the
shared shell's), are listed in ``OUTSIDE`` with the line that uses them.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LUPIN = ROOT / "game" / "lupin"


def _defined(tree: ast.AST) -> set[str]:
    """The private names a module defines: functions, classes, methods, assigned names and attributes
    it sets on ``self`` (``self._x = ...``)."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            out.add(node.attr)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
    return {n for n in out if _private(n)}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


# (file under game/, private name) of game/ui that Lupin's code uses: the shared shell's, not Lupin's
OUTSIDE = {
    ("lupin/session_bench.py", "_text_cache"), ("lupin/session_bench.py", "_shape_cache"),
    ("lupin/session_bench.py", "_layers"),          # Canvas's caches, counted by the bench
    ("lupin/ui/replay_scene.py", "_is_left"),       # game/ui/widgets.py
    ("lupin/ui/replay_scene.py", "_colours"),       # Button._colours, overridden by GlyphButton
}


def _classes(trees: list[ast.AST]) -> dict[str, tuple[set[str], list[str]]]:
    """Each class of these modules: the names its body defines (methods, ``self.x = ...``), its bases."""
    out: dict[str, tuple[set[str], list[str]]] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                names = {n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
                names |= {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)
                          and isinstance(n.ctx, ast.Store) and isinstance(n.value, ast.Name) and n.value.id == "self"}
                bases = [b.id if isinstance(b, ast.Name) else b.attr for b in node.bases
                         if isinstance(b, (ast.Name, ast.Attribute))]
                out[node.name] = (names, bases)
    return out


def _inherited(cls: str, classes: dict[str, tuple[set[str], list[str]]]) -> set[str]:
    names: set[str] = set()
    todo, seen = list(classes.get(cls, (set(), []))[1]), set()
    while todo:
        base = todo.pop()
        if base in seen or base not in classes:
            continue
        seen.add(base)
        names |= classes[base][0]
        todo.extend(classes[base][1])
    return names


def cross_module_private(root: Path = LUPIN, project: Path = ROOT / "game") -> list[str]:
    """Private names used in a module of ``root`` that it does not define, among those some module
    of ``project`` defines (a private name of the standard library is not this test's business)."""
    ours: set[str] = set()
    for path in sorted({*project.rglob("*.py"), *root.rglob("*.py")}):
        ours |= _defined(ast.parse(path.read_text(encoding="utf-8")))
    trees = {path: ast.parse(path.read_text(encoding="utf-8"), filename=str(path)) for path in sorted(root.rglob("*.py"))}
    classes = _classes(list(trees.values()))
    found: list[str] = []
    for path, tree in trees.items():
        own = _defined(tree)
        rel = path.relative_to(root.parent)
        allowed: dict[int, set[str]] = {}   # id of a `self._x` node -> the names its class inherits
        for cls in ast.walk(tree):
            if isinstance(cls, ast.ClassDef):
                inherited = _inherited(cls.name, classes)
                for n in ast.walk(cls):
                    if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self":
                        allowed[id(n)] = inherited
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ours and node.attr not in own \
                    and node.attr not in allowed.get(id(node), ()) and (str(rel), node.attr) not in OUTSIDE:
                found.append(f"{rel}:{node.lineno}: .{node.attr}")
            elif isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.name in ours and (str(rel), alias.name) not in OUTSIDE:
                        found.append(f"{rel}:{node.lineno}: from {node.module} import {alias.name}")
    return found


def test_no_module_of_lupin_uses_another_modules_private_names():
    found = cross_module_private()
    assert not found, (f"{len(found)} cross-module private access(es); give the name a public "
                       "spelling or move the caller next to it:\n" + "\n".join(found))


def test_the_check_finds_a_private_call_across_modules(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "a.py").write_text("class S:\n    def _hidden(self):\n        return self._n\n"
                              "    def __init__(self):\n        self._n = 1\n\n\ndef _helper():\n    return S()._hidden()\n")
    (pkg / "b.py").write_text("from pkg.a import _helper, S\n\ndef f(state):\n    return state._hidden()\n"
                              "import argparse\nA = argparse._SubParsersAction\n\n\n"
                              "class T(S):\n    def g(self):\n        return self._hidden()\n")
    found = cross_module_private(pkg, pkg)
    assert len(found) == 2 and all("b.py" in line for line in found), found


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_the_base_box_cards_do_not_import_the_expansions():
    cards = LUPIN / "rules" / "cards"
    base = _imports(cards / "base.py")
    assert not {m for m in base if m.startswith(("game.lupin.rules.cards.expansion", "game.lupin.rules.cards_expansion"))}, \
        sorted(base)
    shared = _imports(cards / "shared.py")
    assert not {m for m in shared if m.startswith("game.lupin.rules.cards.")}, sorted(shared)
    assert "game.lupin.rules.cards.base" not in _imports(cards / "expansion.py")
