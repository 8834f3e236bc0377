"""The gettext catalogs, kept with Babel's own command line (pybabel):

    python tools/i18n_catalogs.py extract   # game/**.py -> game/locale/messages.pot
    python tools/i18n_catalogs.py update    # merge the .pot into every language's messages.po
    python tools/i18n_catalogs.py compile   # every messages.po -> messages.mo (the app reads these)

The .po files are the sources kept in the repository; the .mo files are built
from them (by the test setup, by build.spec and by this tool) and never committed.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "game" / "locale"
TEMPLATE = LOCALE / "messages.pot"
DOMAIN = "messages"
TRANSLATED = ("de", "fr", "it")
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


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def stale_catalogs() -> list[str]:
    """Languages whose .mo is missing or older than their .po."""
    return [code for code in TRANSLATED
            if not mo_path(code).exists() or mo_path(code).stat().st_mtime < po_path(code).stat().st_mtime]


def compile_catalogs(only_stale: bool = False) -> None:
    """Build every language's .mo from its .po (fuzzy entries are left out, as gettext expects)."""
    for code in (stale_catalogs() if only_stale else TRANSLATED):
        pybabel("compile", "-i", str(po_path(code)), "-o", str(mo_path(code)), "-l", code, "-D", DOMAIN)


def main(argv: list[str]) -> int:
    commands = {"extract": extract, "update": update, "compile": compile_catalogs}
    if len(argv) != 1 or argv[0] not in commands:
        print(f"usage: python tools/i18n_catalogs.py {{{','.join(commands)}}}", file=sys.stderr)
        return 2
    commands[argv[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
