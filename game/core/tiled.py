"""Tiled maps become plain frozen data, once.

``pytmx.TiledMap`` parses the ``.tmx`` without loading any image; the result is
copied into :class:`MapData` so that rules only ever see numbers and strings.
A missing or malformed file raises :class:`MapError` naming the file and the
problem.  Object classes are read from both Tiled's old ``type`` and its newer
``class`` attribute.  Hex rotation is never read from Tiled's flip bits (pytmx
misreads them): maps keep a ``rotation`` property instead.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    import pytmx


class MapError(ValueError):
    """A map that cannot be used, with the file and the problem in the message."""


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
            raise MapError(f"{source}: object {self.id} ('{self.name or self.cls}') has no '{key}' property")
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
            raise MapError(f"{self.name}: the map has no '{key}' property")
        return self.properties[key]


def _object_class(obj: pytmx.TiledObject) -> str:
    return str(getattr(obj, "type", None) or vars(obj).get("class") or "")


def load_map(path: str | Path) -> MapData:
    """Read a ``.tmx`` into :class:`MapData`, or raise MapError saying what is wrong."""
    from xml.etree import ElementTree

    import pytmx  # with the first map read, not at every start of the app

    path = Path(path)
    if not path.is_file():
        raise MapError(f"{path.name}: the map file is missing ({path})")
    try:
        # property names such as "rotation" would otherwise clash with pytmx's own attributes
        raw = pytmx.TiledMap(str(path), allow_duplicate_names=True)
    except ElementTree.ParseError as exc:
        raise MapError(f"{path.name}: the file is not valid Tiled XML ({exc})") from None
    except Exception as exc:  # pytmx raises many kinds on broken input
        raise MapError(f"{path.name}: the map could not be read ({type(exc).__name__}: {exc})") from None
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
