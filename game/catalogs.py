"""The compiled catalogs the app reads, made from the ``.po`` sources where the app runs from source.

gettext reads compiled ``.mo`` files; the repository keeps only the ``.po`` sources.  The choice:

* **Run from source** (a clone, ``python main.py``): the app compiles a language's ``.po`` itself, with
  the small standard-library compiler below, the first time it speaks that language, and keeps the
  result in the user cache folder under the ``.po``'s length and checksum (``catalogs/messages-de-<key>.mo``;
  zlib's CRC-32, which start-up has loaded anyway, where a cryptographic hash would load OpenSSL).
  A later start reads the kept file (gettext parses it in ~3 ms); an edited ``.po`` has another key, so a
  stale catalog is never read and nothing depends on file times (a clone gives every file the same).
  Compiling costs one start of a language some 10 ms; a cache folder that cannot be written only
  means the catalog is compiled again in memory at the next start.
* **The frozen app** (PyInstaller) ships no ``.po``: ``build.spec`` compiles the ``.mo`` files with the
  same compiler and the app reads them where they lie.

Reading the ``.po`` through Babel at every start was the other way: Babel's import and its parser cost
start-up tens of milliseconds in every language, and the first frame waits for the words.  Shipping
committed ``.mo`` files would need a check that they match the sources on every change.

A catalog that cannot be read (a damaged or missing file) is never a silent switch to English:
:func:`load` raises :class:`CatalogProblem` with a sentence, which ``game.i18n`` writes to stderr and
Settings shows.

This module imports only the standard library (rules engines import ``game.i18n``).
"""
from __future__ import annotations

import gettext
import io
import os
import re
import struct
import tempfile
import zlib
from pathlib import Path

DOMAIN = "messages"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: the languages kept as catalogs (English is the source language: the msgids themselves)
TRANSLATED = ("de", "fr", "it")
#: the folder under the user cache folder where compiled catalogs are kept
CACHE_FOLDER = "catalogs"

#: compiled catalogs made in this process, by the .po's content key (tests switch languages often)
_compiled: dict[str, bytes] = {}


class CatalogProblem(Exception):
    """A catalog that could not be read, as one sentence (in English: its own words are what failed)."""


def po_path(code: str) -> Path:
    """A language's catalog source: ``game/locale/<code>/LC_MESSAGES/messages.po``."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    """Where a frozen app ships a language's compiled catalog (beside where the .po would be)."""
    return po_path(code).with_suffix(".mo")


def source_file(code: str) -> Path:
    """The file a language's words come from: the .po when the app runs from source, else the shipped .mo."""
    source = po_path(code)
    return source if source.is_file() else mo_path(code)


def load(code: str) -> gettext.GNUTranslations:
    """The catalog of ``code``: compiled from its .po (kept in the cache) or the shipped .mo.

    Raises :class:`CatalogProblem` naming the file and what is wrong with it.
    """
    source = po_path(code)
    if source.is_file():
        try:
            data = source.read_bytes()
        except OSError as exc:
            raise CatalogProblem(f"{source} cannot be read ({exc.strerror or exc})") from None
        return _translations(_compiled_catalog(code, data), source)
    shipped = mo_path(code)
    try:
        data = shipped.read_bytes()
    except OSError:
        raise CatalogProblem(f"neither {source.name} nor {shipped.name} is in {source.parent}") from None
    return _translations(data, shipped)


def _translations(mo: bytes, source: Path) -> gettext.GNUTranslations:
    try:
        return gettext.GNUTranslations(io.BytesIO(mo))
    except (OSError, ValueError, UnicodeDecodeError, struct.error) as exc:
        raise CatalogProblem(f"{source} is damaged ({exc})") from None


def _compiled_catalog(code: str, po: bytes) -> bytes:
    """The .mo image of a .po's bytes: from this process, the cache folder, or compiled now (and kept)."""
    digest = f"{len(po):x}{zlib.crc32(po):08x}"
    if digest in _compiled:
        return _compiled[digest]
    folder = _cache_folder()
    kept = folder / f"{DOMAIN}-{code}-{digest}.mo" if folder is not None else None
    mo = _read_kept(kept)
    if mo is None:
        try:
            mo = compile_po(po.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise CatalogProblem(f"{po_path(code)} cannot be compiled ({exc})") from None
        if kept is not None:
            _keep(kept, mo)
    _compiled[digest] = mo
    return mo


def _cache_folder() -> Path | None:
    from game.core.paths import cache_dir
    try:
        return cache_dir() / CACHE_FOLDER
    except OSError:
        return None


def _read_kept(path: Path | None) -> bytes | None:
    if path is None:
        return None
    try:
        return path.read_bytes()
    except OSError:
        return None


def _keep(path: Path, mo: bytes) -> None:
    """Write the compiled catalog atomically and drop the language's ones made from older sources
    (``messages-de-<key>.mo``); a folder that cannot be written to only means compiling again next time."""
    language_files = path.name.rsplit("-", 1)[0] + "-*.mo"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        for old in path.parent.glob(language_files):
            old.unlink(missing_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        with os.fdopen(handle, "wb") as file:
            file.write(mo)
        os.replace(temporary, path)
    except OSError:
        pass


# --- the compiler ----------------------------------------------------------------------------------
_ESCAPE = re.compile(r'\\([\\trn"])')
_ESCAPED = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"'}
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")\s*$")


def _unquote(quoted: str) -> str:
    if len(quoted) < 2 or quoted[0] != '"' or quoted[-1] != '"':
        raise ValueError(f"not a quoted string: {quoted}")
    body = quoted[1:-1]
    return _ESCAPE.sub(lambda match: _ESCAPED[match.group(1)], body) if "\\" in body else body


class _Entry:
    """One .po entry as it is read: its texts by keyword ("msgid", "msgstr[1]", ...) and its fuzzy flag."""

    __slots__ = ("texts", "fuzzy", "last")

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}
        self.fuzzy = False
        #: the keyword a continued string ("...") adds to
        self.last: str | None = None

    def finished(self) -> tuple[str | None, str, str | None, list[str]] | None:
        """(context, msgid, msgid_plural, msgstrs), or None for an entry gettext leaves out."""
        if "msgid" not in self.texts:
            return None
        msgid = self.texts["msgid"]
        strings = [self.texts[key] for key in sorted(key for key in self.texts if key.startswith("msgstr"))]
        if not strings or not all(strings) or (self.fuzzy and msgid != ""):
            return None
        return self.texts.get("msgctxt"), msgid, self.texts.get("msgid_plural"), strings


def parse_po(text: str) -> list[tuple[str | None, str, str | None, list[str]]]:
    """The finished entries of a .po text as (context, msgid, msgid_plural, msgstrs), the header first.

    Left out as gettext's ``msgfmt`` and Babel leave them out: fuzzy entries (but the header),
    obsolete ones (``#~``), and those with an empty translation.  A line that is none of the .po
    forms raises ValueError naming its number.
    """
    entries: list[tuple[str | None, str, str | None, list[str]]] = []
    entry = _Entry()

    def next_entry() -> _Entry:
        done = entry.finished()
        if done is not None:
            entries.append(done)
        return _Entry()

    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        if line.startswith("#"):  # a comment, a flag or an obsolete entry: after a translation, a new entry
            if any(key.startswith("msgstr") for key in entry.texts):
                entry = next_entry()
            if line.startswith("#,") and "fuzzy" in line[2:].replace(" ", "").split(","):
                entry.fuzzy = True
            entry.last = None
            continue
        if line.startswith('"'):
            if entry.last is None:
                raise ValueError(f"line {number}: a string that continues nothing")
            entry.texts[entry.last] += _unquote(line)
            continue
        match = _KEYWORD.match(line)
        if match is None:
            raise ValueError(f"line {number}: not a .po line: {line[:60]}")
        keyword, index, quoted = match.groups()
        key = f"msgstr[{int(index or 0):03}]" if keyword.startswith("msgstr") else keyword
        if keyword in ("msgctxt", "msgid") and ("msgid" in entry.texts and keyword == "msgctxt"
                                                or any(name.startswith("msgstr") for name in entry.texts)):
            entry = next_entry()
        entry.texts[key] = _unquote(quoted)
        entry.last = key
    next_entry()
    return entries


def compile_po(text: str) -> bytes:
    """A .po text as a GNU .mo image (what gettext reads), as ``msgfmt`` writes it."""
    pairs: dict[bytes, bytes] = {}
    for context, msgid, plural, strings in parse_po(text):
        key = msgid if plural is None else msgid + "\0" + plural
        if context is not None:
            key = context + "\x04" + key
        pairs[key.encode("utf-8")] = "\0".join(strings).encode("utf-8")
    keys = sorted(pairs)
    ids = b"".join(key + b"\0" for key in keys)
    strs = b"".join(pairs[key] + b"\0" for key in keys)
    count = len(keys)
    header_size = 7 * 4
    key_table = header_size
    value_table = key_table + count * 8
    ids_start = value_table + count * 8
    strs_start = ids_start + len(ids)
    key_offsets: list[int] = []
    value_offsets: list[int] = []
    id_at = str_at = 0
    for key in keys:
        key_offsets += [len(key), ids_start + id_at]
        value_offsets += [len(pairs[key]), strs_start + str_at]
        id_at += len(key) + 1
        str_at += len(pairs[key]) + 1
    header = struct.pack("<7I", 0x950412DE, 0, count, key_table, value_table, 0, 0)
    return (header + struct.pack(f"<{2 * count}I", *key_offsets) + struct.pack(f"<{2 * count}I", *value_offsets)
            + ids + strs)
