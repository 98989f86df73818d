"""YAML content loaded into typed, validated objects, with errors that name file, line and field.

``load_yaml(path)`` parses with ``yaml.SafeLoader`` but keeps where each mapping key and list item
stood, so a later check can point a player (or a content author) at the exact line.
``load_typed(path, Schema)`` turns a file into frozen dataclasses by their type hints
(``str``, ``int``, ``float``, ``bool``, ``Literal``, ``list[X]``, ``tuple[X, ...]``,
``dict[str, X]``, ``X | None``, nested dataclasses). Unknown fields are errors, not warnings.

Every problem is a :class:`ContentError`; nothing here lets a raw traceback reach a player.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from pathlib import Path
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints
from collections.abc import Callable

import yaml

T = TypeVar("T")


class ContentError(Exception):
    """Bad content: which file, which line (1-based, if known), which field, what was expected."""

    def __init__(self, file: str | Path, line: int | None, field: str | None, message: str):
        self.file = str(file)
        self.line = line
        self.field = field
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        what = f" field '{self.field}':" if self.field else ""
        return f"{where}:{what} {self.message}"


class LMap(dict):
    """A YAML mapping that remembers its own line and each key's line (1-based)."""

    line: int = 0
    key_lines: dict

    def line_of(self, key: Any) -> int:
        return self.key_lines.get(key, self.line)


class LList(list):
    """A YAML sequence that remembers its own line and each item's line (1-based)."""

    line: int = 0
    item_lines: list

    def line_of(self, index: int) -> int:
        if 0 <= index < len(self.item_lines):
            return self.item_lines[index]
        return self.line


class _LineLoader(yaml.SafeLoader):
    pass


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LMap:
    loader.flatten_mapping(node)
    result = LMap()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError as err:
            raise yaml.constructor.ConstructorError(
                "while constructing a mapping", node.start_mark, "found an unhashable key",
                key_node.start_mark) from err
        if key in result:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key '{key}'", key_node.start_mark)
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> LList:
    result = LList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def parse_yaml(text: str, file: str | Path) -> Any:
    """Parse YAML text (safe subset) keeping line numbers; syntax errors become ContentError."""
    try:
        return yaml.load(text, Loader=_LineLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "unreadable YAML"
        raise ContentError(file, line, None, f"YAML syntax error: {problem}") from None
    except yaml.YAMLError as exc:
        raise ContentError(file, None, None, f"YAML syntax error: {exc}") from None


def load_yaml(path: str | Path) -> Any:
    """Read and parse one YAML file; a missing or unreadable file is a ContentError too."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(path, None, None, "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(path, None, None, f"cannot read the file: {exc}") from None
    return parse_yaml(text, path)


# --------------------------------------------------------------------------- typed conversion

_TYPE_WORDS = {str: "a text", int: "a whole number", float: "a number", bool: "true or false"}


def _describe(tp: Any) -> str:
    if tp in _TYPE_WORDS:
        return _TYPE_WORDS[tp]
    origin = get_origin(tp)
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in get_args(tp))
    if origin in (list, tuple):
        return "a list"
    if origin is dict:
        return "a mapping"
    if dataclasses.is_dataclass(tp):
        return "a mapping"
    if origin in (Union, types.UnionType):
        return " or ".join(_describe(a) for a in get_args(tp) if a is not type(None))
    return getattr(tp, "__name__", str(tp))


def _got(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    return f"{value!r}"


class _Ctx:
    def __init__(self, file: str | Path):
        self.file = file

    def fail(self, line: int | None, field: str | None, message: str) -> typing.NoReturn:
        raise ContentError(self.file, line, field or None, message)


def _join(field: str, part: Any) -> str:
    if isinstance(part, int):
        return f"{field}[{part}]"
    return f"{field}.{part}" if field else str(part)


def convert(value: Any, tp: Any, ctx: _Ctx, line: int | None, field: str) -> Any:
    """Convert one parsed YAML value to the type ``tp`` or fail naming the field."""
    if tp is Any:
        return value
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        args = get_args(tp)
        if value is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return convert(value, arg, ctx, line, field)
            except ContentError as exc:
                errors.append(exc)
        if len(errors) == 1:
            raise errors[0]
        ctx.fail(line, field, f"expected {_describe(tp)}, got {_got(value)}")
    if origin is Literal:
        if value not in get_args(tp):
            ctx.fail(line, field, f"expected {_describe(tp)}, got {_got(value)}")
        return value
    if tp is bool:
        if not isinstance(value, bool):
            ctx.fail(line, field, f"expected true or false, got {_got(value)}")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            ctx.fail(line, field, f"expected a whole number, got {_got(value)}")
        return value
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            ctx.fail(line, field, f"expected a number, got {_got(value)}")
        return float(value)
    if tp is str:
        if not isinstance(value, str):
            ctx.fail(line, field, f"expected a text, got {_got(value)}")
        return value
    if origin in (list, tuple):
        if not isinstance(value, list):
            ctx.fail(line, field, f"expected a list, got {_got(value)}")
        args = get_args(tp)
        item_tp = args[0] if args else Any
        items = []
        for i, item in enumerate(value):
            item_line = value.line_of(i) if isinstance(value, LList) else line
            items.append(convert(item, item_tp, ctx, item_line, _join(field, i)))
        return tuple(items) if origin is tuple else items
    if origin is dict:
        if not isinstance(value, dict):
            ctx.fail(line, field, f"expected a mapping, got {_got(value)}")
        key_tp, val_tp = get_args(tp) or (Any, Any)
        out = {}
        for key, item in value.items():
            key_line = value.line_of(key) if isinstance(value, LMap) else line
            k = convert(key, key_tp, ctx, key_line, _join(field, key))
            out[k] = convert(item, val_tp, ctx, key_line, _join(field, key))
        return out
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _convert_dataclass(value, tp, ctx, line, field)
    validator = getattr(tp, "from_content", None)
    if callable(validator):
        try:
            return validator(value)
        except (TypeError, ValueError) as exc:
            ctx.fail(line, field, str(exc))
    raise TypeError(f"content schema uses an unsupported type {tp!r}")


def _convert_dataclass(value: Any, cls: type, ctx: _Ctx, line: int | None, field: str) -> Any:
    if not isinstance(value, dict):
        ctx.fail(line, field, f"expected a mapping, got {_got(value)}")
    hints = get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    own_line = value.line if isinstance(value, LMap) else line
    unknown = [k for k in value if k not in fields]
    if unknown:
        key = unknown[0]
        key_line = value.line_of(key) if isinstance(value, LMap) else line
        ctx.fail(key_line, _join(field, key),
                 "unknown field; expected one of: " + ", ".join(sorted(fields)))
    kwargs = {}
    for name, f in fields.items():
        if name not in value:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                ctx.fail(own_line, _join(field, name), f"missing (expected {_describe(hints[name])})")
            continue
        key_line = value.line_of(name) if isinstance(value, LMap) else line
        kwargs[name] = convert(value[name], hints[name], ctx, key_line, _join(field, name))
    obj = cls(**kwargs)
    check = getattr(obj, "validate", None)
    if callable(check):
        try:
            check()
        except ValueError as exc:
            ctx.fail(own_line, field or None, str(exc))
    return obj


def load_typed(path: str | Path, schema: type[T], *, root_field: str = "") -> T:
    """Load a YAML file into ``schema`` (a dataclass or any type ``convert`` knows)."""
    data = load_yaml(path)
    ctx = _Ctx(path)
    line = data.line if isinstance(data, (LMap, LList)) else 1
    return convert(data, schema, ctx, line, root_field)


def fail_at(path: str | Path, node: Any, key: Any, message: str, field: str | None = None) -> typing.NoReturn:
    """Raise a ContentError for ``key`` of a parsed mapping/list ``node`` (for hand-written checks)."""
    line = None
    if isinstance(node, LMap):
        line = node.line_of(key)
    elif isinstance(node, LList) and isinstance(key, int):
        line = node.line_of(key)
    raise ContentError(path, line, field if field is not None else str(key), message)


class FileProblem(ValueError):
    """A problem of a whole file (a count, an entry too many) found at ``field``, a path such as
    ``guards``, ``tiles[3].icons`` or ``colours[3].id``: :func:`load_checked` names that field and
    its line. Raised by a schema's ``check()``."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def line_of(raw: Any, field: str) -> int | None:
    """The line of ``field`` (``tiles[3].icons``) in a file parsed by :func:`load_yaml` (the
    nearest line found when the path goes deeper than the file)."""
    node, line = raw, getattr(raw, "line", None)
    for key, index in re.findall(r"([A-Za-z_]\w*)|\[(\d+)\]", field):
        step: Any = key or int(index)
        try:
            line = node.line_of(step)
            node = node[step]
        except (AttributeError, KeyError, IndexError, TypeError):
            break
    return line


def load_checked(path: str | Path, schema: type[T]) -> T:
    """A data file read into ``schema`` and checked as a whole (its ``check()`` raising
    :class:`FileProblem`); a problem names the file, the line and the field."""
    loaded = load_typed(path, schema)
    try:
        loaded.check()  # type: ignore[attr-defined]
    except FileProblem as exc:
        raise ContentError(path, line_of(load_yaml(path), exc.field), exc.field, str(exc)) from None
    return loaded


# A registry of content loaders used by `heist-table check-data`: each takes the content root and
# returns the list of problems it found (empty when everything is fine).
Checker = Callable[[Path], list[ContentError]]
CHECKERS: dict[str, Checker] = {}


def register_checker(name: str) -> Callable[[Checker], Checker]:
    def deco(fn: Checker) -> Checker:
        CHECKERS[name] = fn
        return fn
    return deco
