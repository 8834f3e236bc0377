"""The gettext catalogs, kept with Babel's own command line (pybabel):

    python tools/i18n_catalogs.py extract   # game/**.py -> game/locale/messages.pot
    python tools/i18n_catalogs.py update    # merge the .pot into every language's messages.po
    python tools/i18n_catalogs.py compile   # every messages.po -> messages.mo (what a frozen app ships)

The .po files are the sources kept in the repository.  The app run from source compiles them itself
(``game.catalogs``); ``compile`` writes the .mo files beside them for ``build.spec``, with the same
compiler, and they are never committed.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.catalogs import DOMAIN, LOCALE_DIR as LOCALE, TRANSLATED, compile_po, mo_path, po_path  # noqa: E402

TEMPLATE = LOCALE / "messages.pot"
__all__ = ["DOMAIN", "LOCALE", "TEMPLATE", "TRANSLATED", "compile_catalogs", "extract", "mo_path", "po_path",
           "pybabel", "update"]
#: the engines' words made at the edge (game.i18n.Message, PluralMessage), extracted beside _() and ngettext()
MESSAGE_KEYWORDS = ("-k", "Message", "-k", "PluralMessage:1,2")


def pybabel(*args: str) -> None:
    """Run one pybabel command in-process (the same code as the pybabel executable)."""
    from babel.messages.frontend import CommandLineInterface
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract() -> None:
    pybabel("extract", "-F", str(ROOT / "babel.cfg"), "-o", str(TEMPLATE), "--no-location", "--sort-output",
            "--project", "Breakaway Box", "--copyright-holder", "Breakaway Box",
            "-c", "TRANSLATORS:", *MESSAGE_KEYWORDS, str(ROOT))


def update() -> None:
    pybabel("update", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "--no-wrap", "--ignore-obsolete")


def compile_catalogs() -> None:
    """Write every language's .mo beside its .po (fuzzy and empty entries left out, as gettext expects)."""
    for code in TRANSLATED:
        mo_path(code).write_bytes(compile_po(po_path(code).read_text(encoding="utf-8")))


def main(argv: list[str]) -> int:
    commands = {"extract": extract, "update": update, "compile": compile_catalogs}
    if len(argv) != 1 or argv[0] not in commands:
        print(f"usage: python tools/i18n_catalogs.py {{{','.join(commands)}}}", file=sys.stderr)
        return 2
    commands[argv[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
