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
from game.core.paths import config_dir

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.set_language("en")


def run_main(*args: str, system_language: str = "en") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANGUAGE": system_language}
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
    assert "--option SCHLÜSSEL=WERT" in out and "--screenshot PFAD" in out, "the placeholders are words too"
    assert "usage:" not in out and "show this help message" not in out


def test_help_follows_the_settings_language_then_the_systems():
    """Without --lang the command line speaks as the app would open: the language chosen in Settings, else
    the system's; --lang still comes first."""
    assert run_main("--help", system_language="fr").stdout.startswith("utilisation : breakaway-box")
    settings_file = config_dir() / "settings.json"
    settings_file.write_text('{"language": "it"}', encoding="utf-8")
    assert run_main("--help", system_language="fr").stdout.startswith("uso: breakaway-box")
    assert run_main("--help", "--lang", "de", system_language="fr").stdout.startswith("Aufruf: breakaway-box")
    settings_file.write_text("{broken", encoding="utf-8")
    assert run_main("--help", system_language="fr").stdout.startswith("utilisation : breakaway-box")
    assert settings_file.read_text(encoding="utf-8") == "{broken", "the app itself reports a broken file"


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


def test_a_fresh_clone_speaks_every_language_from_its_first_start(tmp_path):
    """A new player's way in: a clean clone (no compiled catalog in it), started with the interpreter that
    runs the tests: its help, its error lines and its launcher are German with --lang de."""
    clone = tmp_path / "clone"
    try:
        cloned = subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], capture_output=True,
                                text=True, timeout=120)
    except FileNotFoundError:
        pytest.skip("git is not installed")
    if cloned.returncode != 0:
        pytest.skip(f"not a git checkout: {cloned.stderr.strip()}")
    assert not list(clone.glob("game/locale/*/LC_MESSAGES/*.mo")), "a clone carries no compiled catalog"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANGUAGE": "en",
           "BREAKAWAY_BOX_HOME": str(tmp_path / "home")}
    env.pop("PYTHONPATH", None)

    def start(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, timeout=120,
                              cwd=clone)

    shown = start("main.py", "--lang", "de", "--help")
    assert shown.returncode == 0 and shown.stderr == "", shown.stderr
    assert shown.stdout.startswith("Aufruf: breakaway-box") and "diese Hilfe anzeigen und beenden" in shown.stdout
    shot = start("main.py", "--lang", "de", "--headless", "--screenshot", str(tmp_path / "shot.png"), "--frames", "2")
    assert shot.returncode == 0 and shot.stderr == "" and (tmp_path / "shot.png").is_file(), shot.stderr
    assert list((tmp_path / "home" / "cache" / "catalogs").glob("messages-de-*.mo")), "compiled once, then kept"
    refused = start("main.py", "--lang", "it", "--frames", "0")
    assert refused.stderr.strip() == "breakaway-box: errore: --frames deve essere almeno 1"
    launcher = start("-c", "from game.app import App\n"
                           "from game.cli import LaunchRequest\n"
                           "from game.games import all_specs\n"
                           "from game.ui.widgets import Button\n"
                           "app = App(all_specs(), instant=True, language='fr')\n"
                           "app.open(LaunchRequest())\n"
                           "app.step()\n"
                           "print('|'.join(w.label for w in app.manager.top.form.widgets if isinstance(w, Button)))\n")
    assert launcher.returncode == 0 and launcher.stderr == "", launcher.stderr
    assert "Paramètres" in launcher.stdout.split("|") and "Règles" in launcher.stdout.split("|")
