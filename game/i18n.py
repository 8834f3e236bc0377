"""Languages: every player-facing text goes through the gettext catalogs of ``game/locale``.

English is the source language (the msgids); German, French and Italian are
catalogs kept with Babel (``babel.cfg``, ``pybabel extract/update``, see
``tools/i18n_catalogs.py``); ``game.catalogs`` compiles them for the app, from a
source install too.  Call ``_()`` when a text is shown, never at
import time, so ``set_language()`` applies at once: ``App.set_language`` has
every screen lay itself out again with the new words.

Module-level constants are marked with ``N_()`` (it returns the English text
unchanged, for extraction) and translated with ``_()`` where shown;
:class:`Translated` does that for dataclass fields (a game's title, an
option's label), so reading the field always gives the current language.

This module imports only the standard library: rules engines may use it, and
start-up stays cheap.  Babel's number formatting is loaded on the first number
shown with :func:`format_decimal`.
"""
from __future__ import annotations

import gettext
import locale
import math
import os
import re
from pathlib import Path
from typing import Any, Callable

from game import catalogs

SOURCE_LANGUAGE = "en"
#: every language the app speaks, by code, each named in its own language (the Settings list)
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français", "it": "Italiano"}
#: each language's name in English, the source language (what is said when a catalog fails to load)
ENGLISH_NAMES: dict[str, str] = {"en": "English", "de": "German", "fr": "French", "it": "Italian"}
#: a made-up language for layout checks: every text 40 % longer, with accents (``--lang pseudo``)
PSEUDO_LANGUAGE = "pseudo"
PSEUDO_GROWTH = 0.4

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE
#: why the language in use speaks English instead (its catalog could not be read), else None
_catalog_problem: str | None = None
#: the catalog problems already written to the log (the command line and the app both choose a language)
_reported: set[tuple[str, str]] = set()


def available_languages() -> dict[str, str]:
    """Code -> the language's own name, English first."""
    return dict(LANGUAGES)


def language() -> str:
    """The code of the language in use."""
    return _language


def system_language(environ: dict[str, str] | None = None) -> str:
    """The system locale's language when the app speaks it, else English.

    ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` are read as gettext does;
    on systems without them (Windows, macOS apps) the locale module's default is used.
    """
    env = os.environ if environ is None else environ
    candidates: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            candidates.extend(value.split(":"))
            break
    if not candidates and environ is None:
        try:
            found = locale.getlocale()[0]
        except ValueError:
            found = None
        if found:
            candidates.append(found)
    for candidate in candidates:
        code = normalise(candidate)
        if code is not None:
            return code
    return SOURCE_LANGUAGE


def normalise(name: str) -> str | None:
    """The app's code for a locale name ("de_CH.UTF-8", "fr-FR", "Italian_Italy" -> "it"), or None."""
    head = name.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    if head in LANGUAGES:
        return head
    by_english_name = {name.lower(): code for code, name in ENGLISH_NAMES.items()}
    return by_english_name.get(head)


def set_language(code: str) -> None:
    """Speak ``code`` from now on (an unknown code raises ValueError naming the known ones).

    A catalog that cannot be read leaves the words English, never in silence: a line on stderr (the
    log), and :func:`catalog_problem` for the screens (Settings shows it).
    """
    global _translation, _language, _catalog_problem
    if code not in LANGUAGES and code != PSEUDO_LANGUAGE:
        raise ValueError(f"unknown language '{code}'; the languages are: {', '.join(LANGUAGES)}")
    problem = None
    if code == PSEUDO_LANGUAGE:
        translation: gettext.NullTranslations = PseudoTranslations()
    elif code == SOURCE_LANGUAGE:
        translation = gettext.NullTranslations()
    else:
        try:
            translation = catalogs.load(code)
        except catalogs.CatalogProblem as exc:
            translation, problem = gettext.NullTranslations(), str(exc)
            if (code, problem) not in _reported:
                _reported.add((code, problem))
                _report_catalog_problem(code, problem)
    _translation, _language, _catalog_problem = translation, code, problem


def catalog_problem() -> str | None:
    """Why the words are English although another language is chosen (its catalog could not be read),
    as a sentence in English, the only words left; None when the language speaks as it should."""
    if _catalog_problem is None:
        return None
    return (f"The {ENGLISH_NAMES.get(_language, _language)} words could not be loaded, so the texts are English: "
            f"{_catalog_problem}.")


def _report_catalog_problem(code: str, problem: str) -> None:
    """One warning line through the log: on stderr as ``breakaway-box: ...`` (as ``game.ui.assets`` sets
    logging up, which this pygame-free module cannot import), unless the host set logging up itself."""
    import logging
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.WARNING, format="breakaway-box: %(message)s")
    logging.getLogger(__name__).warning("the %s catalog could not be loaded, the texts are English: %s",
                                        ENGLISH_NAMES.get(code, code), problem)


_PSEUDO_LETTERS = str.maketrans("aeiouyAEIOUYcnsz", "àéîöûÿÀÉÎÖÛŸçñšž")
_FIELD = re.compile(r"(\{[^{}]*\})")
_WORD = re.compile(r"[^\W\d_]+")


def pseudo(text: str) -> str:
    """``text`` as the pseudo-language has it: accented letters and every word 40 % longer (fields kept
    as they are), so a layout that holds it holds German, French and Italian."""
    parts = _FIELD.split(text)
    return "".join(part if index % 2 else _WORD.sub(_lengthened, part.translate(_PSEUDO_LETTERS))
                   for index, part in enumerate(parts))


def _lengthened(word: re.Match[str]) -> str:
    letters = word.group(0)
    return letters + "·" * math.ceil(len(letters) * PSEUDO_GROWTH)


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-language's catalog: every message lengthened by :func:`pseudo`."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


def catalog_file() -> Path | None:
    """The file the words in use come from (its .po, or a frozen app's .mo; None in English and the
    pseudo-language): a picture of translated words is stamped with it."""
    return None if _language in (SOURCE_LANGUAGE, PSEUDO_LANGUAGE) else catalogs.source_file(_language)


def _(message: str) -> str:
    """``message`` in the current language (English when the catalog lacks it)."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count``, by the language's plural rule."""
    return _translation.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Mark a module-level text for extraction; translate it with ``_()`` where it is shown."""
    return message


def format_decimal(number: float, digits: int | None = None, *, group: bool = True) -> str:
    """A number as the current language writes it (decimal comma in German, French, Italian):
    ``digits`` fixes the decimals (None: as many as it has), ``group`` separates thousands."""
    from babel.numbers import format_decimal as babel_format_decimal
    pattern = None
    if digits is not None or not group:
        whole = "#,##0" if group else "0"
        pattern = whole + ("." + "0" * digits if digits else "" if digits is not None else ".###")
    return babel_format_decimal(number, format=pattern, locale=_babel_locale())


def format_percent(share: float) -> str:
    """A share (0.25) as a percentage in the current language ("25 %" in French and German)."""
    from babel.numbers import format_percent as babel_format_percent
    return babel_format_percent(share, locale=_babel_locale())


def _babel_locale() -> str:
    """The locale Babel writes numbers in (the pseudo-language writes them as German does: commas)."""
    return "de" if _language == PSEUDO_LANGUAGE else _language


class Translated:
    """A dataclass field holding English text that reads as the current language.

    ``title: str = Translated()`` stores what the constructor is given and
    returns ``_(stored)`` on every read; ``Translated("")`` gives a default.
    The field takes part in the dataclass as an ordinary str field.
    """

    _NO_DEFAULT = object()

    def __init__(self, default: Any = _NO_DEFAULT) -> None:
        self.default = default

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = f"_{name}_text"

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            if self.default is Translated._NO_DEFAULT:
                raise AttributeError("no default")  # dataclasses read this as "a required field"
            return self.default
        text = instance.__dict__[self.slot]
        return _(text) if text else text

    def __set__(self, instance: Any, value: str) -> None:
        if self.slot in instance.__dict__:
            from dataclasses import FrozenInstanceError
            raise FrozenInstanceError(f"cannot assign to field '{self.slot[1:-5]}'")
        instance.__dict__[self.slot] = value


def english(instance: Any, name: str) -> str:
    """The English text of a :class:`Translated` field (stable across languages: file names, logs)."""
    return instance.__dict__[f"_{name}_text"]


# --- words made at the edge ------------------------------------------------------------------------
#: the names a screen shows for seats ("Seat 2" -> "Ben"); None from it keeps the engine's own name
SeatNames = Callable[[int], "str | None"]


class Message:
    """Words made at the edge: an English message id with named fields, put into words when read.

    Engines say what happened, what was refused and how a game ended with messages, never with
    finished sentences, so they stay pure and a save or replay made in one language reads in
    another.  ``Message("{team} seals its sheet.", team=SeatName(0, TEAM))`` renders
    as the current language has it; field values may be plain text, numbers, :class:`Number`,
    :class:`SeatName`, other messages, or a tuple of those (joined with ", ").  ``str(message)``
    is the current language; :meth:`english` is the source text (files, digests, the command line).

    Built for every event of every playout, so it is slotted and formats nothing until read.
    """

    __slots__ = ("msgid", "fields", "plural", "count")

    msgid: str
    fields: dict[str, Any]
    plural: str | None
    count: int

    def __init__(self, msgid: str, /, **fields: Any) -> None:
        self.msgid = msgid
        self.fields = fields
        self.plural = None
        self.count = 0

    def render(self, names: SeatNames | None = None, *, translate: bool = True) -> str:
        """The words in the current language (``translate=False``: in English); ``names(seat)`` gives
        the name shown for a :class:`SeatName` (None from it keeps the engine's own name)."""
        if self.plural is None:
            pattern = _(self.msgid) if translate else self.msgid
        elif translate:
            pattern = ngettext(self.msgid, self.plural, self.count)
        else:
            pattern = self.msgid if self.count == 1 else self.plural
        if not self.fields:
            return pattern
        return pattern.format_map({key: _render_field(value, names, translate) for key, value in self.fields.items()})

    def english(self, names: SeatNames | None = None) -> str:
        """The source text: stable across languages."""
        return self.render(names, translate=False)

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, **{self.fields!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Message):
            return (self.msgid, self.plural, self.count, self.fields) == (other.msgid, other.plural, other.count,
                                                                          other.fields)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.msgid, self.plural, self.count))

    def to_json(self) -> dict[str, Any]:
        """A plain-data form (message ids and fields), read back by :func:`message_from_json`."""
        out: dict[str, Any] = {"msgid": self.msgid}
        if self.plural is not None:
            out["plural"], out["count"] = self.plural, self.count
        if self.fields:
            out["fields"] = {key: _field_to_json(value) for key, value in self.fields.items()}
        return out


class PluralMessage(Message):
    """A message with a singular and a plural form chosen by ``count`` (by each language's plural rule);
    ``count`` is also a field: ``PluralMessage("{count} card", "{count} cards", n)``."""

    __slots__ = ()

    def __init__(self, singular: str, plural: str, count: int, /, **fields: Any) -> None:
        super().__init__(singular, count=count, **fields)
        self.plural = plural
        self.count = count


class Number:
    """A number written as the reader's language writes it (``Number(2.5, 1)`` is "2,5" in German)."""

    __slots__ = ("value", "digits")

    def __init__(self, value: float, digits: int | None = None) -> None:
        self.value = value
        self.digits = digits

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Number) and (self.value, self.digits) == (other.value, other.digits)

    def __hash__(self) -> int:
        return hash((self.value, self.digits))

    def __repr__(self) -> str:
        return f"Number({self.value!r}, {self.digits!r})"


class SeatName:
    """A seat named in a message: the name its player chose where the screen knows it, else the engine's
    own (``default``, a message such as "Seat {number}" or a colour)."""

    __slots__ = ("seat", "default")

    def __init__(self, seat: int, default: "Message | str") -> None:
        self.seat = seat
        self.default = default

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SeatName) and (self.seat, self.default) == (other.seat, other.default)

    def __hash__(self) -> int:
        return hash(self.seat)

    def __repr__(self) -> str:
        return f"SeatName({self.seat!r}, {self.default!r})"


def _render_field(value: Any, names: SeatNames | None, translate: bool) -> Any:
    if isinstance(value, (str, int)):
        return value
    if isinstance(value, Message):
        return value.render(names, translate=translate)
    if isinstance(value, SeatName):
        chosen = names(value.seat) if names is not None else None
        if chosen is not None:
            return chosen
        return _render_field(value.default, names, translate)
    if isinstance(value, Number):
        if not translate:
            return f"{value.value:.{value.digits}f}" if value.digits is not None else f"{value.value:g}"
        return format_decimal(value.value, value.digits, group=False)
    if isinstance(value, (tuple, list)):
        return ", ".join(str(_render_field(item, names, translate)) for item in value)
    return value


def _field_to_json(value: Any) -> Any:
    if isinstance(value, Message):
        return {"message": value.to_json()}
    if isinstance(value, SeatName):
        return {"seat": value.seat, "default": _field_to_json(value.default)}
    if isinstance(value, Number):
        return {"number": value.value, "digits": value.digits}
    if isinstance(value, (tuple, list)):
        return {"list": [_field_to_json(item) for item in value]}
    return value


def _field_from_json(data: Any) -> Any:
    if not isinstance(data, dict):
        return data
    if "message" in data:
        return message_from_json(data["message"])
    if "seat" in data:
        return SeatName(int(data["seat"]), _field_from_json(data["default"]))
    if "number" in data:
        return Number(data["number"], data.get("digits"))
    if "list" in data:
        return tuple(_field_from_json(item) for item in data["list"])
    raise ValueError(f"not a message field: {data!r}")


def message_from_json(data: Any) -> Message:
    """A message read back from :meth:`Message.to_json` (ValueError on anything else)."""
    if not isinstance(data, dict) or not isinstance(data.get("msgid"), str):
        raise ValueError(f"not a message: {data!r}")
    fields = {str(key): _field_from_json(value) for key, value in dict(data.get("fields", {})).items()}
    if "plural" in data:
        fields.pop("count", None)
        return PluralMessage(data["msgid"], str(data["plural"]), int(data["count"]), **fields)
    return Message(data["msgid"], **fields)


def words(text: "Message | str", names: SeatNames | None = None) -> str:
    """Text or a message, in the current language: where an engine may still hand over plain text."""
    return text.render(names) if isinstance(text, Message) else text


def english_words(text: "Message | str") -> str:
    """Text or a message in English (files, digests, the command line's JSON)."""
    return text.english() if isinstance(text, Message) else text
