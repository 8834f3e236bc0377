"""Languages: catalogs complete and current, the language chosen at start or in Settings and applied at
once, numbers and plurals by the language's rules, rules help per language with English anchors."""
from __future__ import annotations

import json
import os
import re
import subprocess
import symtable
import sys
from pathlib import Path

import pygame
import pytest

import i18n_catalogs
import i18n_report
from game import catalogs, i18n
from game.app import App
from game.cli import LaunchRequest, main
from game.core.settings import Settings, load_settings
from game.games import all_specs
from game.i18n import _, english, format_decimal, ngettext
from game.scenes.rules import RulesScene, rules_path
from game.ui import markdown
from game.ui.widgets import Button, Cycle
from scene_input import key, step

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = i18n_catalogs.TRANSLATED


@pytest.fixture(autouse=True)
def english_again():
    """Every test leaves the app speaking English, as the other tests expect."""
    yield
    i18n.set_language("en")


# --- the catalogs --------------------------------------------------------------------------------
def test_every_language_translates_every_extracted_message():
    report = i18n_report.report()
    assert set(report) == set(TRANSLATED)
    for code, entry in report.items():
        assert entry["messages"] > 300, "the extraction found too little: is babel.cfg still right?"
        assert entry["missing"] == 0 and entry["fuzzy"] == 0, \
            f"{code}: {entry['missing']} missing, {entry['fuzzy']} fuzzy, e.g. {entry['untranslated'][:5]}"
        assert entry["translated"] == entry["messages"]


def test_the_report_is_one_json_object_per_language_with_its_counts():
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "i18n_report.py")], capture_output=True,
                            text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    for code in TRANSLATED:
        assert {"messages", "translated", "fuzzy", "missing"} <= set(report[code])


def test_the_committed_template_is_what_the_code_marks():
    from babel.messages.pofile import read_po
    with (i18n_catalogs.TEMPLATE).open("rb") as handle:
        template = {m.id if isinstance(m.id, str) else tuple(m.id) for m in read_po(handle) if m.id}
    assert template == i18n_report.extracted_ids(), "run tools/i18n_catalogs.py extract and update"


def test_compiled_catalogs_are_never_committed():
    """The choice made: .po sources in the repository; the app compiles them (game.catalogs), build.spec too."""
    tracked = subprocess.run(["git", "ls-files", "*.mo"], cwd=ROOT, capture_output=True, text=True)
    if tracked.returncode == 0:
        assert tracked.stdout.strip() == "", "compiled catalogs must not be committed"
    assert "*.mo" in (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    for code in TRANSLATED:
        assert catalogs.po_path(code).is_file()


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_apps_own_compiler_gives_the_catalog_babel_gives(code):
    """The standard-library compiler the app runs at start agrees with Babel's on every entry."""
    import gettext
    import io

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    with catalogs.po_path(code).open("rb") as handle:
        babel_mo = io.BytesIO()
        write_mo(babel_mo, read_po(handle))
    babel_mo.seek(0)
    ours = gettext.GNUTranslations(io.BytesIO(catalogs.compile_po(catalogs.po_path(code).read_text("utf-8"))))
    theirs = gettext.GNUTranslations(babel_mo)
    assert ours._catalog == theirs._catalog and len(ours._catalog) > 300  # type: ignore[attr-defined]
    assert ours._info == theirs._info  # type: ignore[attr-defined]
    assert [ours.plural(n) for n in range(3)] == [theirs.plural(n) for n in range(3)]  # type: ignore[attr-defined]


def test_the_compiler_leaves_out_fuzzy_empty_and_obsolete_entries():
    po = ('msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n"Content-Type: text/plain; '
          'charset=utf-8\\n"\n\n#, fuzzy\nmsgid "Back"\nmsgstr "Zurück"\n\nmsgid "Go"\nmsgstr ""\n\n'
          '#~ msgid "Old"\n#~ msgstr "Alt"\n\nmsgid "Say \\"hi\\"\\n"\nmsgstr ""\n"Sag \\"hallo\\"\\n"\n\n'
          'msgid "{count} card"\nmsgid_plural "{count} cards"\nmsgstr[0] "{count} Karte"\n'
          'msgstr[1] "{count} Karten"\n')
    import gettext
    import io
    translations = gettext.GNUTranslations(io.BytesIO(catalogs.compile_po(po)))
    assert translations.gettext("Back") == "Back" and translations.gettext("Go") == "Go"
    assert translations.gettext("Old") == "Old"
    assert translations.gettext('Say "hi"\n') == 'Sag "hallo"\n'
    assert translations.ngettext("{count} card", "{count} cards", 2) == "{count} Karten"
    with pytest.raises(ValueError, match="line 2"):
        catalogs.compile_po('msgid "a"\nmsgstrr "b"\n')


def test_a_language_is_compiled_once_and_kept_in_the_cache_under_its_sources_checksum(isolated_home, monkeypatch):
    folder = isolated_home / "cache" / catalogs.CACHE_FOLDER
    monkeypatch.setattr(catalogs, "_compiled", {})
    i18n.set_language("de")
    kept = sorted(folder.glob("messages-de-*.mo"))
    assert len(kept) == 1 and _("Back") == "Zurück"
    monkeypatch.setattr(catalogs, "_compiled", {})
    monkeypatch.setattr(catalogs, "compile_po", lambda text: pytest.fail("compiled again although kept"))
    i18n.set_language("de")
    assert _("Back") == "Zurück"


def test_an_edited_source_is_compiled_again_and_the_old_catalog_dropped(isolated_home, tmp_path, monkeypatch):
    locale_dir = tmp_path / "locale"
    source = locale_dir / "de" / "LC_MESSAGES" / "messages.po"
    source.parent.mkdir(parents=True)
    text = catalogs.po_path("de").read_text(encoding="utf-8")
    source.write_text(text, encoding="utf-8")
    monkeypatch.setattr(catalogs, "LOCALE_DIR", locale_dir)
    i18n.set_language("de")
    assert _("Back") == "Zurück"
    source.write_text(text.replace('msgstr "Zurück"', 'msgstr "Zurück!"', 1), encoding="utf-8")
    i18n.set_language("de")
    assert _("Back") == "Zurück!"
    assert len(list((isolated_home / "cache" / catalogs.CACHE_FOLDER).glob("messages-de-*.mo"))) == 1


def test_a_cache_that_cannot_be_written_still_gives_the_words(monkeypatch):
    monkeypatch.setattr(catalogs, "_compiled", {})
    monkeypatch.setattr(catalogs, "_cache_folder", lambda: None)
    i18n.set_language("it")
    assert _("Back") == "Indietro" and i18n.catalog_problem() is None


def test_a_frozen_app_reads_the_shipped_compiled_catalog(tmp_path, monkeypatch):
    shipped = tmp_path / "locale" / "fr" / "LC_MESSAGES" / "messages.mo"
    shipped.parent.mkdir(parents=True)
    shipped.write_bytes(catalogs.compile_po(catalogs.po_path("fr").read_text(encoding="utf-8")))
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path / "locale")
    i18n.set_language("fr")
    assert _("Back") == "Retour" and i18n.catalog_file() == shipped


@pytest.mark.parametrize("damage", ["missing", "garbage"])
def test_a_catalog_that_cannot_be_read_is_said_on_stderr_and_in_settings(damage, tmp_path, monkeypatch, capsys):
    folder = tmp_path / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    if damage == "garbage":
        (folder / "messages.po").write_text("this is no catalog\n", encoding="utf-8")
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path / "locale")
    monkeypatch.setattr(catalogs, "_compiled", {})
    monkeypatch.setattr(i18n, "_reported", set())
    import logging
    monkeypatch.setattr(logging.getLogger(), "handlers", [])
    i18n.set_language("de")
    i18n.set_language("de")  # the command line, then the app: said once
    assert _("Back") == "Back"
    problem = i18n.catalog_problem()
    assert problem is not None and problem.startswith("The German words could not be loaded")
    assert capsys.readouterr().err.count("breakaway-box: the German catalog could not be loaded") == 1
    app = App(all_specs(), instant=True, language="de")
    app.open(LaunchRequest())
    app.manager.push(app.scenes.settings())
    step(app)
    assert app.manager.top.shown_problem() == problem
    app.set_language("en")  # English needs no catalog
    step(app)
    assert i18n.catalog_problem() is None and app.manager.top.shown_problem() is None
    app.quit()


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_every_placeholder_of_their_message(code):
    from babel.messages.pofile import read_po
    with i18n_catalogs.po_path(code).open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        needed = set(re.findall(r"\{\w*\}", ids[0]))  # a singular form may leave out the count
        allowed = set(re.findall(r"\{\w*\}", ids[-1]))
        for text in strings:
            found = set(re.findall(r"\{\w*\}", text))
            assert needed <= found <= allowed, f"{code}: {message.id!r} -> {text!r}"
            if len(strings) == 1:
                assert found == allowed, f"{code}: {message.id!r} -> {text!r}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_language_keeps_a_glossary(code):
    glossary = ROOT / "game" / "locale" / code / "GLOSSARY.md"
    rows = [line for line in glossary.read_text(encoding="utf-8").splitlines() if line.startswith("| ")]
    assert len(rows) > 20


def test_no_function_hides_the_translation_function_behind_a_local_underscore():
    """``for _, x in ...`` in a function that also calls ``_()`` breaks it (UnboundLocalError)."""
    offenders = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        table = symtable.symtable(path.read_text(encoding="utf-8"), str(path), "exec")
        if not any(symbol.get_name() == "_" and symbol.is_imported() for symbol in table.get_symbols()):
            continue
        stack = list(table.get_children())
        while stack:
            scope = stack.pop()
            stack.extend(scope.get_children())
            if scope.get_type() == "function" and "_" in scope.get_identifiers():
                symbol = scope.lookup("_")
                if symbol.is_local() and symbol.is_referenced():
                    offenders.append(f"{path.relative_to(ROOT)}:{scope.get_lineno()} {scope.get_name()}")
    assert not offenders, offenders


# --- the language in use -------------------------------------------------------------------------
def test_set_language_applies_at_once_and_english_is_the_source():
    assert _("Back") == "Back"
    i18n.set_language("de")
    assert _("Back") == "Zurück"
    i18n.set_language("fr")
    assert _("Back") == "Retour"
    i18n.set_language("it")
    assert _("Back") == "Indietro"
    i18n.set_language("en")
    assert _("Back") == "Back"
    assert list(i18n.available_languages()) == ["en", "de", "fr", "it"]
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        i18n.set_language("xx")


@pytest.mark.parametrize("environ, expected", [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "fr_CH.UTF-8"}, "fr"), ({"LC_ALL": "it_IT"}, "it"),
    ({"LANGUAGE": "ja:fr:de", "LANG": "de_DE.UTF-8"}, "fr"), ({"LANG": "ja_JP.UTF-8"}, "en"), ({}, "en"),
    ({"LANG": "C"}, "en"), ({"LANG": "German_Germany.1252"}, "de"),
])
def test_the_default_follows_the_system_locale_and_falls_back_to_english(environ, expected):
    assert i18n.system_language(environ) == expected


def test_plural_forms_follow_each_language():
    i18n.set_language("fr")  # French counts 0 as singular
    assert ngettext("{count} game", "{count} games", 0).format(count=0) == "0 partie"
    assert ngettext("{count} game", "{count} games", 2).format(count=2) == "2 parties"
    i18n.set_language("de")
    assert ngettext("{count} game", "{count} games", 0).format(count=0) == "0 Partien"
    assert ngettext("{count} game", "{count} games", 1).format(count=1) == "1 Partie"


def test_numbers_are_written_as_the_language_writes_them():
    assert format_decimal(1234.5, 1) == "1,234.5"
    assert format_decimal(1234.0, 0, group=False) == "1234"
    i18n.set_language("de")
    assert format_decimal(1234.5, 1) == "1.234,5"
    assert format_decimal(0.5) == "0,5"
    assert format_decimal(1234.25, group=False) == "1234,25"
    i18n.set_language("fr")
    assert format_decimal(1234.5, 1).replace("\u202f", " ") == "1 234,5"
    i18n.set_language("it")
    assert format_decimal(2.0, 0) == "2"


def test_game_titles_and_options_read_in_the_language_and_stay_english_in_files():
    spec = all_specs()["leader-1"]
    i18n.set_language("de")
    assert spec.option("riders").label == "Fahrer pro Spieler"
    assert spec.players_label == "2–10 Spieler"
    assert english(spec, "title") == "Leader 1"
    i18n.set_language("it")
    assert all_specs()["breakout"].pitch.startswith("Spingi i pezzi di corda")
    assert english(all_specs()["breakout"], "pitch").startswith("Push rope pieces")


def test_starting_the_app_does_not_load_babel_before_the_first_frame():
    """Start-up stays cheap: gettext only; Babel's number formats load with the first number shown."""
    script = ("import sys, tempfile, os\n"
              "os.environ['BREAKAWAY_BOX_HOME'] = tempfile.mkdtemp()\n"
              "from game.games import all_specs\n"
              "from game.app import App\n"
              "app = App(all_specs(), language='de')\n"
              "app.go_to_launcher()\n"
              "app.step()\n"
              "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] == 'babel')))\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120,
                            env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == []


# --- the command line ----------------------------------------------------------------------------
def test_lang_on_the_command_line_refuses_an_unknown_code_in_one_line(capsys):
    assert main(["--lang", "xx"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown language 'xx'" in err and "en, de, fr, it" in err


def test_command_line_errors_speak_the_language_asked_for(capsys):
    assert main(["--lang", "de", "--game", "chess"]) == 2
    assert capsys.readouterr().err.startswith("breakaway-box: Fehler: unbekanntes Spiel „chess“")
    assert main(["--lang=it", "--frames", "0"]) == 2
    assert "--frames deve essere almeno 1" in capsys.readouterr().err


def test_lang_opens_the_app_in_that_language_without_changing_the_saved_choice():
    from game.cli import request_from_args
    request = request_from_args(["--lang", "fr"], all_specs())
    assert request.language == "fr"
    app = App(all_specs(), instant=True, language=request.language)
    app.open(request)
    step(app)
    assert "Paramètres" in [w.label for w in app.manager.top.form.widgets if isinstance(w, Button)]
    assert load_settings()[0].language == ""
    app.quit()


# --- Settings ------------------------------------------------------------------------------------
def test_an_unknown_language_in_the_settings_file_follows_the_system_again():
    assert Settings(language="tlh").normalised().language == ""
    assert Settings(language="it").normalised().language == "it"


def test_choosing_a_language_in_settings_redraws_every_screen_at_once_and_is_kept():
    app = App(all_specs(), instant=True)
    app.open(LaunchRequest())
    step(app)
    app.manager.push(app.scenes.settings())
    step(app)
    settings = app.manager.top
    language = next(w for w in settings.form.widgets if isinstance(w, Cycle) and w.value == "en")
    assert settings.form.focus is language, "the language comes first on the Settings screen"
    while language.value != "de":
        key(app, pygame.K_RIGHT)
    step(app)
    assert i18n.language() == "de"
    assert [label for label, _help, _top in app.manager.top.rows][0] == "Sprache"
    assert load_settings()[0].language == "de"
    key(app, pygame.K_ESCAPE)
    step(app)
    labels = [w.label for w in app.manager.top.form.widgets if isinstance(w, Button)]
    assert "Einstellungen" in labels and "Regeln" in labels
    app.quit()
    again = App(all_specs(), instant=True)
    assert i18n.language() == "de" and again.settings.language == "de"


# --- rules help per language ---------------------------------------------------------------------
def test_a_translated_heading_shows_its_own_words_and_answers_to_the_english_one():
    blocks = markdown.parse("# Stürze {#Crashes}\n\nText.\n\n## Windschatten  {#Slipstream}\n")
    assert [(b.text, b.anchor) for b in blocks if b.kind == "heading"] == [("Stürze", "Crashes"),
                                                                           ("Windschatten", "Slipstream")]
    plain = markdown.parse("# Crashes\n")[0]
    assert (plain.text, plain.anchor) == ("Crashes", "Crashes")


def test_the_rules_screen_reads_the_language_file_and_opens_at_an_english_heading(tmp_path, monkeypatch):
    spec = all_specs()["breakout"]
    english_file = rules_path(spec, "en")
    headings = [b.text for b in markdown.parse(english_file.read_text(encoding="utf-8")) if b.kind == "heading"]
    target = headings[-1]
    german = "\n\n".join(f"## Abschnitt {n} {{#{heading}}}\n\n" + "Text. " * 300 for n, heading in enumerate(headings))
    folder = tmp_path / "breakout"
    folder.mkdir()
    (folder / "rules_help.md").write_text(english_file.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "rules_help.de.md").write_text(german, encoding="utf-8")
    module = sys.modules[spec.state_class.__module__]
    monkeypatch.setattr(module, "__file__", str(folder / "rules.py"))
    assert rules_path(spec, "de") == folder / "rules_help.de.md"
    assert rules_path(spec, "fr") == folder / "rules_help.md"  # no French file: the English one
    app = App(all_specs(), instant=True, language="de")
    app.open(LaunchRequest())
    app.manager.push(RulesScene(app, spec, heading=target))
    step(app, 3)
    page = app.manager.top
    shown = [line.text for line in page.lines if line.anchor]
    assert shown[0] == "Abschnitt 0" and all("{#" not in text for text in shown)
    assert page.scroll > 0 and page.heading_top(target) is not None
    app.set_language("en")
    step(app, 2)
    assert page.path.name == "rules_help.md"
    assert [line.text for line in page.lines if line.anchor][0] == headings[0]
    app.quit()


def test_every_translated_rules_file_names_only_english_headings_and_all_of_them():
    """Links from the log and the guides name English headings: each must open in every language."""
    for translated in sorted((ROOT / "game" / "games").glob("*/rules_help.*.md")):
        source = translated.with_name("rules_help.md")
        wanted = {markdown.heading_key(b.text) for b in markdown.parse(source.read_text(encoding="utf-8"))
                  if b.kind == "heading"}
        text = translated.read_text(encoding="utf-8")
        untagged = [line for line in text.splitlines()
                    if re.match(r"#{1,6}\s", line) and not re.search(r"\{#[^}]+\}\s*$", line)]
        anchors = {markdown.heading_key(b.anchor) for b in markdown.parse(text) if b.kind == "heading"}
        name = translated.relative_to(ROOT)
        assert not untagged, f"{name}: headings without {{#English heading}}: {untagged[:3]}"
        assert anchors <= wanted, f"{name}: anchors that are no English heading: {sorted(anchors - wanted)[:3]}"
        assert wanted <= anchors, f"{name}: English headings with no section: {sorted(wanted - anchors)[:3]}"


def test_the_launcher_picture_kept_between_runs_is_never_shown_in_another_language():
    keys = {}
    for code in ("en", "de"):
        app = App(all_specs(), instant=True, language=code)
        app.open(LaunchRequest())
        step(app)
        keys[code] = app.manager.top.picture_key((1280, 720))
        assert repr(code) in keys[code]
        app.quit()
    assert keys["en"] != keys["de"]


# --- the wording: glossaries kept, counts in plural forms, each language's typography -------------------
def catalog_entries(code: str) -> list[tuple[str | tuple[str, ...], list[str]]]:
    """(msgid, or (singular, plural); translations) of a language's finished entries."""
    from babel.messages.pofile import read_po
    with i18n_catalogs.po_path(code).open("rb") as handle:
        catalog = read_po(handle)
    return [(message.id if isinstance(message.id, str) else tuple(message.id),
             [message.string] if isinstance(message.string, str) else list(message.string))
            for message in catalog if message.id]


def rules_help_prose(code: str) -> dict[str, str]:
    """Each game's rules help in ``code`` without its anchors, code spans and link targets (English there)."""
    protected = re.compile(r"\{#[^}]*\}|`[^`]*`|\]\([^)]*\)")
    return {str(path.relative_to(ROOT)): protected.sub(" ", path.read_text(encoding="utf-8"))
            for path in sorted((ROOT / "game" / "games").glob(f"*/rules_help.{code}.md"))}


def glossary_rows(code: str) -> list[tuple[str, str]]:
    """(English, translation) of every row of a language's glossary tables."""
    rows = []
    for line in (ROOT / "game" / "locale" / code / "GLOSSARY.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) >= 2 and not set(cells[0]) <= {"-"} and cells[0] != "English":
            rows.append((cells[0], cells[1]))
    return rows


#: German terms settled once (the glossary's own rows and every text follow them): (what the English says,
#: the German every translation of it holds, a German word that must never stand for it)
GERMAN_TERMS = (
    (r"\bpeloton\b", r"Hauptfeld", r"^Feld$"),
    (r"\byellow jersey\b", r"\bgelbe[ns]? Trikot", r"\bGelbe[ns]? Trikot"),
    (r"\bovertime\b", r"Overtime|OVERTIME", r"Verlängerung"),
    (r"\bstage race\b", r"Etappenrennen", r"Rundfahrt"),
    (r"\bmovement\b.*\bsheet\b", r"Bewegungsbogen", r"^Bogen$"),
    (r"(?-i:^turn\b)|\{turn\}", r"Spielrunde", r"^Runde$|^Zug$"),
)


@pytest.mark.parametrize("english, german, never", GERMAN_TERMS)
def test_the_german_glossary_settles_each_term_once_and_every_text_follows_it(english, german, never):
    for source, target in glossary_rows("de"):
        if re.search(english, source, re.I) and not source.startswith("a player"):
            assert re.search(german, target) and not re.search(never, target), \
                f"GLOSSARY.md contradicts itself: {source} -> {target}"
    for msgid, strings in catalog_entries("de"):
        ids = [msgid] if isinstance(msgid, str) else list(msgid)
        if any(re.search(english, text, re.I) for text in ids):
            for text in strings:
                assert re.search(german, text), f"{ids[0]!r} -> {text!r}: the glossary says {german}"
                assert not re.search(never, text), f"{ids[0]!r} -> {text!r}"
    for name, prose in rules_help_prose("de").items():
        loose = re.compile(never.strip("^$")) if never.startswith("^") else re.compile(never)
        if not never.startswith("^"):
            assert not loose.search(prose), f"{name}: {loose.pattern} where the glossary says {german}"


def test_german_says_round_only_of_a_lap_or_a_breakout_round():
    """„Runde“ is a lap on Breaking Away's track and a round of Breakout; a game turn is „Spielrunde“."""
    for msgid, strings in catalog_entries("de"):
        english = msgid if isinstance(msgid, str) else " ".join(msgid)
        for text in strings:
            if re.search(r"(?<!Spiel)\bRunden?\b", text):
                assert re.search(r"\blaps?\b|\bround\b|Grand loop|lapped", english, re.I), f"{english!r} -> {text!r}"


#: English words a translation must not keep, and spellings each glossary rules out
FORBIDDEN = {
    "de": (r"\bvs\.?(?=\s)", r"\bmin\b(?!\.)", r"\bEnter drücken\b", r"\b(?:Klicken|Ziehen) oder\b", r"\bSpace\b",
           r"\bRundfahrt\b", r"\bVerlängerung\b"),
    "fr": (r"\bvs\.?(?=\s)", r"\bEnter\b", r"\bSpace\b", r"\bEsc\b", r"\b(?:reste|encore) \{\w+\} pts?\b"),
    "it": (r"\bvs\.?(?=\s)", r"\bEnter\b", r"\bSpace\b", r"\bcart[ae] (?:attacco|difesa)\b", r"\bLime\b",
           r"\bBUON[OA]\b", r"\bbuono\b"),
}


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_translation_keeps_english_words_or_spellings_its_glossary_rules_out(code):
    offenders = [(msgid, text, pattern) for msgid, strings in catalog_entries(code) for text in strings
                 for pattern in FORBIDDEN[code] if re.search(pattern, text)]
    offenders += [(name, "", pattern) for name, prose in rules_help_prose(code).items()
                  for pattern in FORBIDDEN[code] if re.search(pattern, prose)]
    assert not offenders, offenders[:6]


@pytest.mark.parametrize("code", ["fr", "it"])
def test_french_and_italian_write_the_typographic_apostrophe(code):
    straight = re.compile(r"[^\W\d_][*_]*'[*_]*[^\W\d_]")
    offenders = [text for msgid, strings in catalog_entries(code) for text in strings
                 if straight.search(re.sub(r"'[^' ]*'|‘[^’]*’", "", text))]
    offenders += [f"{name}: {found.group(0)}" for name, prose in rules_help_prose(code).items()
                  for found in straight.finditer(prose)]
    assert not offenders, offenders[:6]


#: counted English nouns: a number field right before one of them is a count, which needs a plural form
#: (nouns only: "moves", "laps", "escapes" and "lines" are verbs after a name, as in "{rider} moves")
COUNTED = ("squares", "points", "cards", "turns", "values", "riders", "players", "teams", "times", "steps",
           "hexagons", "characters", "seats", "tokens", "games", "stages", "pieces", "rows", "minutes",
           "yards", "cyclists", "yard lines")
#: fields that are never a count of one: a rule's limit, a total, the top of a range, a list such as "3 or 4",
#: names
NEVER_ONE_FIELDS = ("limit", "total", "most", "least", "high", "counts", "first", "second", "lines")
#: counts that are never 1 where the message is used (a rule's constant, a limit, a size), with the reason
NEVER_ONE = {
    "The peloton rides {moves} squares.": "the peloton die moves 3 to 6",
    "Undo ({steps} steps)": "the pause menu says plain 'Undo' for one step",
    "Give {counts} values, not {given}.": "a sheet line takes 3 or 4 values",
    "This round has lasted {turns} turns; at {limit} without an escape the game is void.": "said from turn 20 on",
    "The wall has been full {count} times this round; at {limit} times the game is void.":
        "'once' has its own message",
    "This file is too large to be a Breakaway Box replay ({count} characters).": "megabytes of text",
    "{players} players with {riders} riders each makes {total}; at most {most} riders take part.":
        "one rider each never exceeds the limit",
    "To break away the {rider} must ride at least {count} squares ahead of the peloton and can reach no further than "
    "his free squares plus six; square {number} is not among them.": "the rule's 4 squares",
    "{count} hexagons ({terrain}), flat finish, {energy} energy per rider": "a race has 6 hexagons or more",
    "{count} hexagons ({terrain}), mountain-top finish, {energy} energy per rider": "a race has 6 hexagons or more",
    "{leader} drew the highest card and wears the yellow jersey for stage 1. The cards go back, the deck is shuffled "
    "and everyone is dealt {count} cards; {leader} opens.": "the rule's hand of 6",
    "With {players} players, riders per player: {allowed} (not {riders}).": "a race has two players or more",
}


def test_every_count_before_a_counted_noun_is_a_plural_message():
    """"1 squares", "1 Felder", "1 points": a number field before a counted noun needs ngettext/PluralMessage
    (ranges "{low} to {high}" and totals "of {total}" are never one)."""
    never_one = "|".join(NEVER_ONE_FIELDS)
    count_before_noun = re.compile(r"(?<!to )(?<!of )\{(?!(?:" + never_one + r")\})\w+\} (?:more )?(?:"
                                   + "|".join(COUNTED) + r")\b")
    offenders = []
    for msgid, _strings in catalog_entries("de"):
        if isinstance(msgid, str) and msgid not in NEVER_ONE:
            if count_before_noun.search(msgid) or "(s)" in msgid:
                offenders.append(msgid)
    assert not offenders, offenders
    for msgid in NEVER_ONE:
        assert any(found == msgid for found, _strings in catalog_entries("de")), f"no longer a message: {msgid!r}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_translation_adds_no_counted_noun_to_a_bare_number(code):
    """A singular message whose translation puts a plural noun after a number field ("{count} Felder" for
    "{count}") would read "1 Felder": such a message needs plural forms too."""
    nouns = {"de": r"Felder|Punkte|Karten|Züge|Spielrunden|Werte|Fahrer|Sechsecke|Schritte",
             "fr": r"cases|points|cartes|tours|valeurs|coureurs|hexagones|étapes",
             "it": r"caselle|punti|carte|turni|valori|corridori|esagoni|passi"}[code]
    added = re.compile(r"\{(count|left|more|steps|limit|turns|moves|total|most|number|counts|yards|lines|minutes|"
                       r"squares|points|cards|riders|players)\} (?:" + nouns + r")\b")
    offenders = []
    for msgid, strings in catalog_entries(code):
        if isinstance(msgid, str) and msgid not in NEVER_ONE:
            for field in added.findall(strings[0]):
                if not re.search(r"\{" + field + r"\} (?:more )?[a-z]+s\b", msgid) \
                        and not re.search(r"(?:to|of) \{" + field + r"\}", msgid):
                    offenders.append((msgid, strings[0]))
    assert not offenders, offenders[:6]


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_singular_form_of_a_count_says_its_noun_in_the_singular(code):
    """A plural message's first form is what "1 ..." reads: "1 Felder" there would be wrong again."""
    nouns = {"de": r"Felder|Punkte|Karten|Züge|Spielrunden|Runden|Werte|Sechsecke|Schritte|Minuten|Partien|Linien",
             "fr": r"cases|points|cartes|tours|valeurs|coureurs|hexagones|étapes|parties|lignes|joueurs",
             "it": r"caselle|punti|carte|turni|valori|corridori|esagoni|passi|minuti|partite|linee|giocatori"}[code]
    plural_noun = re.compile(r"\{count\}\s+(?:\w+\s+)?(?:" + nouns + r")\b")
    offenders = [(msgid[0], strings[0]) for msgid, strings in catalog_entries(code)
                 if not isinstance(msgid, str) and plural_noun.search(strings[0])]
    assert not offenders, offenders[:6]
