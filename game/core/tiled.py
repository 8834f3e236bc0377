"""Tiled maps become plain frozen data, once.

``pytmx.TiledMap`` parses the ``.tmx`` without loading any image; the result is
copied into :class:`MapData` so that rules only ever see numbers and strings.
A missing or malformed file raises :class:`MapError` naming the file and the
problem.  Object classes are read from both Tiled's old ``type`` and its newer
``class`` attribute.  Every map is read with pytmx's defaults, which refuse
property names pytmx reserves for its own attributes (``rotation``, ``x``,
``name``...), so a map stays readable by any pytmx program; a caller may
read an older file's reserved names under new ones (``renamed_properties``).
Hex rotation is never read from Tiled's flip bits (pytmx misreads them): maps
keep a property (Leader 1: ``hex_rotation``) instead.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping
from xml.etree import ElementTree

from game.i18n import Message

if TYPE_CHECKING:
    import pytmx


class MapError(ValueError):
    """A map that cannot be used, with the file and the problem in the message (a :class:`Message`, so a
    player's broken race file is reported in their language)."""


@dataclass(frozen=True)
class MapObject:
    """One Tiled object: a square, a line, a hexagon placement, a token..."""

    id: int
    name: str
    cls: str
    layer: str
    x: float
    y: float
    width: float
    height: float
    rotation: float
    properties: Mapping[str, Any] = field(default_factory=dict)
    points: tuple[tuple[float, float], ...] = ()

    def prop(self, key: str, default: Any = None) -> Any:
        return self.properties.get(key, default)

    def require(self, key: str, source: str) -> Any:
        if key not in self.properties:
            raise MapError(Message("{source}: object {id} ('{name}') has no '{key}' property", source=source,
                                   id=self.id, name=self.name or self.cls, key=key))
        return self.properties[key]


@dataclass(frozen=True)
class MapData:
    """A whole map as plain data."""

    path: str
    orientation: str
    width: int
    height: int
    tile_width: int
    tile_height: int
    properties: Mapping[str, Any]
    objects: tuple[MapObject, ...]
    #: per tile layer name: ((x, y, tile properties), ...) for every non-empty cell
    tiles: Mapping[str, tuple[tuple[int, int, Mapping[str, Any]], ...]] = field(default_factory=dict)
    stagger_axis: str = ""
    stagger_index: str = ""
    hex_side_length: int = 0

    @property
    def name(self) -> str:
        return Path(self.path).name

    def objects_of(self, cls: str) -> tuple[MapObject, ...]:
        return tuple(o for o in self.objects if o.cls == cls)

    def objects_in(self, layer: str) -> tuple[MapObject, ...]:
        return tuple(o for o in self.objects if o.layer == layer)

    def prop(self, key: str, default: Any = None) -> Any:
        return self.properties.get(key, default)

    def require(self, key: str) -> Any:
        if key not in self.properties:
            raise MapError(Message("{source}: the map has no '{key}' property", source=self.name, key=key))
        return self.properties[key]


def _object_class(obj: pytmx.TiledObject) -> str:
    return str(getattr(obj, "type", None) or vars(obj).get("class") or "")


def _rename_properties(root: ElementTree.Element, renamed: Mapping[str, str]) -> None:
    """Give properties their new names in the parsed XML; where the new name is there too, it wins."""
    for properties in root.iter("properties"):
        names = {prop.get("name") for prop in properties.findall("property")}
        for prop in properties.findall("property"):
            new = renamed.get(prop.get("name", ""))
            if new is None:
                continue
            if new in names:
                properties.remove(prop)
            else:
                prop.set("name", new)


def load_map(path: str | Path, renamed_properties: Mapping[str, str] | None = None) -> MapData:
    """Read a ``.tmx`` into :class:`MapData`, or raise MapError saying what is wrong.

    ``renamed_properties`` (old name: new name) reads the properties of older files under their
    current names before pytmx sees them.
    """
    import pytmx  # with the first map read, not at every start of the app

    path = Path(path)
    if not path.is_file():
        raise MapError(Message("{source}: the map file is missing ({path})", source=path.name, path=str(path)))
    try:
        root = ElementTree.parse(path).getroot()
        if renamed_properties:
            _rename_properties(root, renamed_properties)
        raw = pytmx.TiledMap()  # pytmx's defaults, as pytmx.TiledMap(path) reads the file
        raw.filename = str(path)
        raw.parse_xml(root)
    except ElementTree.ParseError as exc:
        raise MapError(Message("{source}: the file is not valid Tiled XML ({detail})", source=path.name,
                               detail=str(exc))) from None
    except Exception as exc:  # pytmx raises many kinds on broken input
        raise MapError(Message("{source}: the map could not be read ({detail})", source=path.name,
                               detail=f"{type(exc).__name__}: {exc}")) from None
    objects = []
    for group in raw.objectgroups:
        for obj in group:
            objects.append(MapObject(
                id=int(obj.id), name=str(obj.name or ""), cls=_object_class(obj),
                layer=str(group.name or ""), x=float(obj.x), y=float(obj.y),
                width=float(obj.width), height=float(obj.height),
                rotation=float(obj.rotation or 0), properties=dict(obj.properties),
                points=tuple((float(p.x), float(p.y)) for p in getattr(obj, "points", ())),
            ))
    tiles = {}
    for layer in raw.visible_layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            cells = []
            for x, y, gid in layer:
                if gid:
                    cells.append((int(x), int(y), dict(raw.get_tile_properties_by_gid(gid) or {})))
            tiles[str(layer.name)] = tuple(cells)
    return MapData(
        path=str(path), orientation=str(raw.orientation), width=int(raw.width), height=int(raw.height),
        tile_width=int(raw.tilewidth), tile_height=int(raw.tileheight),
        properties=dict(raw.properties), objects=tuple(objects), tiles=tiles,
        stagger_axis=str(getattr(raw, "staggeraxis", "") or ""),
        stagger_index=str(getattr(raw, "staggerindex", "") or ""),
        hex_side_length=int(getattr(raw, "hexsidelength", 0) or 0),
    )
