"""Languages: every player-facing text goes through the gettext catalogs of ``game/locale``.

English is the source language (the msgids); German, French and Italian are
catalogs kept with Babel (``babel.cfg``, ``pybabel extract/update``; the .mo
files are compiled by the test setup and the packaging step, see
``tools/i18n_catalogs.py``).  Call ``_()`` when a text is shown, never at
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
import os
from pathlib import Path
from typing import Any

DOMAIN = "messages"
SOURCE_LANGUAGE = "en"
#: every language the app speaks, by code, each named in its own language (the Settings list)
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français", "it": "Italiano"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


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
    by_english_name = {"english": "en", "german": "de", "french": "fr", "italian": "it"}
    return by_english_name.get(head)


def set_language(code: str) -> None:
    """Speak ``code`` from now on (an unknown code raises ValueError naming the known ones)."""
    global _translation, _language
    if code not in LANGUAGES:
        raise ValueError(f"unknown language '{code}'; the languages are: {', '.join(LANGUAGES)}")
    if code == SOURCE_LANGUAGE:
        translation: gettext.NullTranslations = gettext.NullTranslations()
    else:
        translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
    _translation, _language = translation, code


def catalog_file() -> Path | None:
    """The compiled catalog in use (None in English): a picture of translated words is stamped with it."""
    return None if _language == SOURCE_LANGUAGE else LOCALE_DIR / _language / "LC_MESSAGES" / f"{DOMAIN}.mo"


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
    return babel_format_decimal(number, format=pattern, locale=_language)


def format_percent(share: float) -> str:
    """A share (0.25) as a percentage in the current language ("25 %" in French and German)."""
    from babel.numbers import format_percent as babel_format_percent
    return babel_format_percent(share, locale=_language)


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
