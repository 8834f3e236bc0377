"""The command line speaks the language asked with --lang: our help texts and argparse's own words."""
from __future__ import annotations

import argparse
import gettext
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import cli, i18n

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def run_main(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANGUAGE": "en"}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          env=env, timeout=60, cwd=ROOT)


def test_help_is_german_with_lang_de():
    result = run_main("--lang", "de", "--help")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("Aufruf: breakaway-box")
    assert "Optionen:" in out and "options:" not in out
    assert "diese Hilfe anzeigen und beenden" in out
    assert "Seed für eine wiederholbare Partie" in out
    assert "usage:" not in out and "show this help message" not in out


def test_an_argparse_error_line_is_german():
    result = run_main("--lang", "de", "--seed", "many")
    assert result.returncode == 2
    assert result.stderr.strip() == "breakaway-box: Fehler: Argument --seed: ungültiger Wert für int: 'many'"
    result = run_main("--lang=de", "--no-such-thing")
    assert result.stderr.strip() == "breakaway-box: Fehler: unbekannte Argumente: --no-such-thing"


@pytest.mark.parametrize("code, usage", [("fr", "utilisation : "), ("it", "uso: "), ("en", "usage: ")])
def test_help_in_french_italian_and_english(code, usage, capsys):
    i18n.set_language(code)
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["--help"])
    assert capsys.readouterr().out.startswith(usage + "breakaway-box")


def test_the_pseudo_language_keeps_argparse_working():
    """A translation that loses one of argparse's %-fields falls back to English rather than crashing."""
    i18n.set_language(i18n.PSEUDO_LANGUAGE)
    with pytest.raises(cli.UsageError) as refused:
        cli.build_parser().parse_args(["--frames", "x"])
    assert "'x'" in str(refused.value)


def test_other_parsers_keep_argparses_own_words():
    i18n.set_language("de")
    cli.build_parser().format_help()
    assert argparse._ is gettext.gettext  # type: ignore[attr-defined]
    assert argparse.ArgumentParser(prog="other").format_usage().startswith("usage: other")


def test_every_argparse_word_keeps_its_fields_in_every_language():
    for code in ("de", "fr", "it"):
        i18n.set_language(code)
        for message in cli.ARGPARSE_WORDS:
            translated = i18n._(message)
            # the same %-fields: argparse fills them in itself (a lost one would fall back to English)
            assert cli._argparse_words(message) == translated, (code, message)
