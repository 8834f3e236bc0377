"""Which messages each language still lacks: one JSON object on stdout.

    python tools/i18n_report.py            # {"de": {"messages": 312, "translated": 312, "fuzzy": 0,
                                           #         "missing": 0, "untranslated": [], "stale": [], ...}, ...}

``messages`` counts the texts extracted from the code now (a fresh extraction,
not the committed .pot); ``missing`` those without a finished translation in
the language's .po (absent, empty, or fuzzy); ``untranslated`` lists them and
``fuzzy`` / ``stale`` list the fuzzy ones and the .po entries the code no longer has.
The exit code is 1 when any language is short of 100 %.
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import i18n_catalogs  # noqa: E402


def extracted_ids() -> set[Any]:
    """The msgids the code marks now (plural messages by their singular and plural pair)."""
    from babel.messages.pofile import read_po
    with tempfile.TemporaryDirectory() as folder:
        template = Path(folder) / "messages.pot"
        i18n_catalogs.pybabel("extract", "-F", str(i18n_catalogs.ROOT / "babel.cfg"), "-o", str(template),
                              "--no-location", *i18n_catalogs.MESSAGE_KEYWORDS, str(i18n_catalogs.ROOT))
        with template.open("rb") as handle:
            catalog = read_po(handle)
    return {message.id if isinstance(message.id, str) else tuple(message.id) for message in catalog if message.id}


def language_report(code: str, wanted: set[Any]) -> dict[str, Any]:
    from babel.messages.pofile import read_po
    with i18n_catalogs.po_path(code).open("rb") as handle:
        catalog = read_po(handle)
    done, fuzzy, present = set(), set(), set()
    for message in catalog:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else tuple(message.id)
        present.add(key)
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if message.fuzzy:
            fuzzy.add(key)
        elif all(strings):
            done.add(key)
    missing = sorted(map(str, wanted - done))
    return {"messages": len(wanted), "translated": len(wanted & done), "fuzzy": len(wanted & fuzzy),
            "missing": len(missing), "untranslated": missing,
            "fuzzy_messages": sorted(map(str, wanted & fuzzy)), "stale": sorted(map(str, present - wanted))}


def report() -> dict[str, dict[str, Any]]:
    wanted = extracted_ids()
    return {code: language_report(code, wanted) for code in i18n_catalogs.TRANSLATED}


def main() -> int:
    result = report()
    print(json.dumps(result, ensure_ascii=False, indent=1))
    return 0 if all(entry["missing"] == 0 for entry in result.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
