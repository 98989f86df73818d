"""Write Tiled maps (``.tmx``) and read tilesets (``.tsx``): the file format side of tools/mapgen.

The output is what Tiled 1.10 itself saves: an orthogonal map, CSV tile data (one row per line),
external tilesets referenced by relative paths, properties sorted by name and typed
(``bool``/``int``/``float``; text untyped). Objects carry their kind both as ``type`` (Tiled ≤ 1.8
and ≥ 1.10 write it) and as ``class`` (Tiled 1.9 wrote only that), so any Tiled opens them.
Nothing here imports pygame.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union
from xml.sax.saxutils import escape, quoteattr

TILED_VERSION = "1.10"
TILED_EDITOR_VERSION = "1.10.2"


# ----------------------------------------------------------------------------- tilesets

@dataclass(frozen=True)
class TilesetInfo:
    """What a ``.tsx`` says: its name, size and each tile's properties by local id."""

    path: Path
    name: str
    tilecount: int
    tiles: dict[int, dict[str, Any]]

    def find(self, **wanted: Any) -> int | None:
        """The local id of the first tile whose properties include all of ``wanted``."""
        for tid in sorted(self.tiles):
            props = self.tiles[tid]
            if all(k in props and props[k] == v and type(props[k]) is type(v) for k, v in wanted.items()):
                return tid
        return None


def _typed(prop: ET.Element) -> Any:
    kind = prop.get("type", "string")
    value = prop.get("value")
    if value is None:
        value = prop.text or ""
    if kind == "bool":
        return value.strip().lower() == "true"
    if kind == "int":
        return int(value)
    if kind == "float":
        return float(value)
    return value


def read_properties(element: ET.Element) -> dict[str, Any]:
    out: dict[str, Any] = {}
    props = element.find("properties")
    if props is not None:
        for prop in props.findall("property"):
            out[prop.get("name", "")] = _typed(prop)
    return out


def read_tsx(path: str | Path) -> TilesetInfo:
    path = Path(path)
    root = ET.parse(path).getroot()
    tiles = {int(t.get("id", "0")): read_properties(t) for t in root.findall("tile")}
    count = int(root.get("tilecount", "0") or 0) or (max(tiles) + 1 if tiles else 0)
    return TilesetInfo(path=path, name=root.get("name", path.stem), tilecount=count, tiles=tiles)


# ----------------------------------------------------------------------------- the map

@dataclass
class TileLayer:
    name: str
    gids: list[list[int]]          # rows of global tile ids, 0 for "no tile"
    visible: bool = True


@dataclass
class MapObject:
    name: str
    kind: str | None               # written as type= and class=
    x: float
    y: float
    width: float = 0
    height: float = 0
    props: dict[str, Any] = field(default_factory=dict)
    text: str | None = None        # a text object (labels)
    point: bool = False


@dataclass
class ObjectLayer:
    name: str
    objects: list[MapObject]
    color: str | None = None
    visible: bool = True


Layer = Union[TileLayer, ObjectLayer]


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else repr(float(v))


def property_xml(name: str, value: Any, indent: str) -> str:
    if isinstance(value, bool):
        return f'{indent}<property name={quoteattr(name)} type="bool" value="{str(value).lower()}"/>'
    if isinstance(value, int):
        return f'{indent}<property name={quoteattr(name)} type="int" value="{value}"/>'
    if isinstance(value, float):
        return f'{indent}<property name={quoteattr(name)} type="float" value="{_num(value)}"/>'
    return f"{indent}<property name={quoteattr(name)} value={quoteattr(str(value))}/>"


def _properties(props: dict[str, Any], indent: str) -> list[str]:
    if not props:
        return []
    return ([f"{indent}<properties>"]
            + [property_xml(k, props[k], indent + " ") for k in sorted(props)]
            + [f"{indent}</properties>"])


def tmx_text(*, cols: int, rows: int, tile: int, tilesets: list[tuple[str, int]],
             layers: list[Layer], properties: dict[str, Any] | None = None) -> str:
    """The text of a ``.tmx`` file. ``tilesets`` are (relative .tsx path, firstgid)."""
    body: list[str] = []
    layer_id = 0
    object_id = 0
    for layer in layers:
        layer_id += 1
        hidden = "" if layer.visible else ' visible="0"'
        if isinstance(layer, TileLayer):
            if len(layer.gids) != rows or any(len(r) != cols for r in layer.gids):
                raise ValueError(f"layer {layer.name!r} is not {cols}×{rows}")
            body.append(f' <layer id="{layer_id}" name={quoteattr(layer.name)} '
                        f'width="{cols}" height="{rows}"{hidden}>')
            body.append('  <data encoding="csv">')
            csv_rows = [",".join(str(g) for g in row) for row in layer.gids]
            body.append(",\n".join(csv_rows))
            body.append("</data>")
            body.append(" </layer>")
            continue
        color = f" color={quoteattr(layer.color)}" if layer.color else ""
        if not layer.objects:
            body.append(f' <objectgroup id="{layer_id}" name={quoteattr(layer.name)}{color}{hidden}/>')
            continue
        body.append(f' <objectgroup id="{layer_id}" name={quoteattr(layer.name)}{color}{hidden}>')
        for obj in layer.objects:
            object_id += 1
            attrs = f'id="{object_id}"'
            if obj.name:
                attrs += f" name={quoteattr(obj.name)}"
            if obj.kind:
                attrs += f" type={quoteattr(obj.kind)} class={quoteattr(obj.kind)}"
            attrs += f' x="{_num(obj.x)}" y="{_num(obj.y)}"'
            if not obj.point:
                attrs += f' width="{_num(obj.width)}" height="{_num(obj.height)}"'
            inner = _properties(obj.props, "   ")
            if obj.point:
                inner.append("   <point/>")
            if obj.text is not None:
                inner.append('   <text pixelsize="18" wrap="1" color="#ffffff" bold="1" halign="center" '
                             f'valign="center">{escape(obj.text)}</text>')
            if inner:
                body.append(f"  <object {attrs}>")
                body.extend(inner)
                body.append("  </object>")
            else:
                body.append(f"  <object {attrs}/>")
        body.append(" </objectgroup>")
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="{TILED_VERSION}" tiledversion="{TILED_EDITOR_VERSION}" orientation="orthogonal" '
        f'renderorder="right-down" width="{cols}" height="{rows}" tilewidth="{tile}" tileheight="{tile}" '
        f'infinite="0" nextlayerid="{layer_id + 1}" nextobjectid="{object_id + 1}">',
    ]
    head += _properties(properties or {}, " ")
    head += [f' <tileset firstgid="{firstgid}" source={quoteattr(source)}/>' for source, firstgid in tilesets]
    return "\n".join(head + body + ["</map>"]) + "\n"


def write_text(path: str | Path, text: str) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(text, encoding="utf-8", newline="\n")
