"""The command line: listing games, starting one, and headless autoplay.

Headless autoplay prints exactly one JSON line and nothing else on stdout;
that line is how games are checked from scripts, so its shape stays stable.
"""
from __future__ import annotations

import json
import os
import re
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Sequence

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game import __version__, i18n  # noqa: E402
from game.core.spec import CONTROLLERS, GameSpec  # noqa: E402
from game.games import all_specs  # noqa: E402
from game.i18n import N_, _, ngettext  # noqa: E402

if TYPE_CHECKING:
    import argparse

    from game.core.match import Match

MAX_AUTOPLAY_ACTIONS = 200_000


class UsageError(Exception):
    """Bad command line: one line on stderr, exit 2."""


@dataclass
class LaunchRequest:
    """What the command line asks the app to open."""

    game_id: str | None = None
    controllers: list[str] | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    autoplay: bool = False
    guided: bool = False
    headless: bool = False
    screenshot: Path | None = None
    frames: int | None = None
    #: --lang: the language for this run (None: the one chosen in Settings, else the system's)
    language: str | None = None
    #: --story: after a headless autoplay, the story picture's path (PNG)
    story: Path | None = None

    def is_plain_start(self) -> bool:
        """Nothing asked for but the launcher, as a double-click opens it (``--frames``, which only ends
        the run, aside): ``game.quick_start`` keeps its first frame for the next such start."""
        return (self.game_id is None and self.controllers is None and not self.options and not self.autoplay
                and not self.guided and not self.headless and self.screenshot is None and self.language is None)


#: argparse's own words that a player meets (usage, help, error lines), given translations in our catalog
#: (argparse asks gettext's "messages" domain, where nothing answers): see :func:`_argparse_in_our_language`
ARGPARSE_WORDS = (
    N_("usage: "), N_("options"), N_("positional arguments"), N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"), N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("expected one argument"),
    N_("expected at least one argument"), N_("expected at most one argument"), N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"), N_("not allowed with argument %s"), N_("one of the arguments %s is required"),
)
_PERCENT_FIELD = re.compile(r"%(?:\([^)]*\))?[a-z%]")


def _argparse_words(message: str) -> str:
    """One of argparse's texts in the current language; the English when a translation lost a %-field
    (argparse formats them itself, and a lost field would turn an error line into a crash)."""
    translated = _(message)
    return translated if sorted(_PERCENT_FIELD.findall(translated)) == sorted(_PERCENT_FIELD.findall(message)) \
        else message


def _argparse_plural(singular: str, plural: str, count: int) -> str:
    translated = ngettext(singular, plural, count)
    english = singular if count == 1 else plural
    return translated if sorted(_PERCENT_FIELD.findall(translated)) == sorted(_PERCENT_FIELD.findall(english)) \
        else english


@contextmanager
def _argparse_in_our_language() -> Iterator[None]:
    """argparse's words from our catalog while our parser is built and parses (``--help``, error lines).

    argparse looks its texts up with ``gettext.gettext`` at the moment it uses them; only for as long
    as our own parser works are those lookups routed to the app's language, so no other parser in
    the process (a test runner's) is touched.
    """
    import argparse
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _argparse_words, _argparse_plural  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def build_parser() -> argparse.ArgumentParser:
    import argparse  # only for a command line with arguments

    class _Parser(argparse.ArgumentParser):
        """Our command line: its help and its error lines in the app's language."""

        def parse_args(self, args=None, namespace=None):  # type: ignore[no-untyped-def, override]
            with _argparse_in_our_language():  # "unrecognized arguments" is said here
                return super().parse_args(args, namespace)

        def parse_known_args(self, args=None, namespace=None):  # type: ignore[no-untyped-def]
            with _argparse_in_our_language():
                return super().parse_known_args(args, namespace)

        def format_help(self) -> str:
            with _argparse_in_our_language():
                return super().format_help()

        def format_usage(self) -> str:
            with _argparse_in_our_language():
                return super().format_usage()

        def error(self, message: str) -> None:  # one line, no usage dump
            raise UsageError(message)

    with _argparse_in_our_language():
        parser = _Parser(prog="breakaway-box", description=_("Breakaway Box: five tabletop games at one screen."))
    parser.add_argument("--list", action="store_true", help=_("print the game ids, one a line"))
    parser.add_argument("--version", action="store_true", help=_("print the version of Breakaway Box"))
    parser.add_argument("--game", metavar="ID", help=_("open this game's setup (or start it when --seats is given)"))
    parser.add_argument("--seats", metavar=_("LIST"), help=_("comma-separated: human, bot:easy, bot:normal, bot:hard"))
    parser.add_argument("--option", metavar=_("KEY=VALUE"), action="append", default=[], help=_("a game option"))
    parser.add_argument("--seed", metavar=_("SEED"), type=int, help=_("seed for a reproducible game"))
    parser.add_argument("--autoplay", action="store_true", help=_("every seat is a bot"))
    parser.add_argument("--guided", action="store_true", help=_("a guided first game: hints for the human seats"))
    parser.add_argument("--headless", action="store_true", help=_("draw nothing (dummy video driver)"))
    parser.add_argument("--screenshot", metavar=_("PATH"), type=Path, help=_("save the canvas as PNG after --frames"))
    parser.add_argument("--frames", metavar="N", type=int, help=_("run N frames, then exit"))
    parser.add_argument("--story", metavar=_("PATH"), type=Path,
                        help=_("with --autoplay --headless: save the game's story (chart, win chance) as PNG; "
                               "a human seat is played by the normal bot, its key moves weighed against the hard "
                               "bot's"))
    parser.add_argument("--lang", metavar=_("CODE"), help=_("language: {codes}").format(codes=", ".join(i18n.LANGUAGES)))
    return parser


def parse_seats(spec: GameSpec, text: str) -> list[str]:
    controllers = [word.strip() for word in text.split(",") if word.strip()]
    for word in controllers:
        if word not in CONTROLLERS:
            raise UsageError(_("seat '{seat}' is not allowed; use {allowed}").format(
                seat=word, allowed=", ".join(CONTROLLERS)))
    if not spec.min_seats <= len(controllers) <= spec.max_seats:
        raise UsageError(_("{game} takes {low} to {high} seats, not {count}").format(
            game=spec.id, low=spec.min_seats, high=spec.max_seats, count=len(controllers)))
    return controllers


def parse_options(spec: GameSpec, pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise UsageError(_("option '{option}' must look like KEY=VALUE").format(option=pair))
        try:
            options[key] = spec.option(key).parse(value)
        except KeyError:
            known = ", ".join(o.key for o in spec.options) or _("none")
            raise UsageError(_("{game} has no option '{key}'; its options are: {known}").format(
                game=spec.id, key=key, known=known)) from None
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    return options


def request_from_args(argv: Sequence[str] | None, specs: dict[str, GameSpec]) -> LaunchRequest:
    if argv is not None and not argv:
        return LaunchRequest()  # a plain start (the player's): argparse would cost it ~4 ms
    args = build_parser().parse_args(argv)
    request = LaunchRequest(seed=args.seed, autoplay=args.autoplay, guided=args.guided, headless=args.headless,
                            screenshot=args.screenshot, frames=args.frames, language=args.lang, story=args.story)
    if args.lang is not None and args.lang not in i18n.LANGUAGES and args.lang != i18n.PSEUDO_LANGUAGE:
        raise UsageError(_("unknown language '{code}'; the languages are: {codes}").format(
            code=args.lang, codes=", ".join(i18n.LANGUAGES)))
    if args.frames is not None and args.frames < 1:
        raise UsageError(_("--frames must be at least 1"))
    if args.game is None:
        if args.seats or args.option or args.autoplay or args.guided:
            raise UsageError(_("--seats, --option, --autoplay and --guided need --game ID"))
        return request
    if args.game not in specs:
        raise UsageError(_("unknown game '{game}'; the games are: {games}").format(
            game=args.game, games=", ".join(specs)))
    spec = specs[args.game]
    request.game_id = spec.id
    request.options = parse_options(spec, args.option)
    if args.seats:
        request.controllers = parse_seats(spec, args.seats)
    elif args.autoplay:
        request.controllers = ["bot:normal"] * spec.default_seats
    if args.autoplay and request.controllers and args.story is None:  # a story keeps its human seats (autoplay)
        request.controllers = [c if c.startswith("bot:") else "bot:normal" for c in request.controllers]
    if request.controllers is not None:
        problems = spec.setup_problems(len(request.controllers), {**spec.default_options(), **request.options})
        if problems:
            raise UsageError(" ".join(problems))
    if args.headless and args.screenshot is None and not args.autoplay:
        raise UsageError(_("--headless without --screenshot needs --autoplay"))
    if args.story is not None and not (args.headless and args.autoplay and args.screenshot is None):
        raise UsageError(_("--story needs --autoplay --headless (and no --screenshot)"))
    return request


def autoplay(spec: GameSpec, controllers: list[str], options: dict[str, Any], seed: int,
             story_path: Path | None = None) -> dict[str, Any]:
    """Play a whole game between bots and return the result line's data; with ``story_path``, also tell
    the game's story, save its picture there and add its win chances and key moments to the line.  A human
    seat (kept only for a story) is played by the normal bot, and the story weighs its key moves against
    the hard bot's as a human's."""
    from game.core.match import Match, default_seats, mix_seed
    match = Match(spec, default_seats(spec, controllers), options, seed)
    while not match.is_over():
        if len(match.history) >= MAX_AUTOPLAY_ACTIONS:
            raise RuntimeError(f"{spec.id} seed {seed}: no end after {MAX_AUTOPLAY_ACTIONS} actions")
        seat = match.current_seat
        assert seat is not None
        if match.seats[seat].is_human:
            bot = spec.make_bot("normal", seat, mix_seed(seed, seat, len(match.history)))
            match.apply(bot.choose(match.state.view(seat), match.state.legal_actions()))
            continue
        decide = match.bot_decision()
        assert decide is not None
        match.apply(decide())
    outcome = match.outcome()
    standings = sorted(({"seat": i, "name": match.seats[i].name, "rank": outcome.ranks[i],
                         "score": outcome.scores[i]} for i in range(len(match.seats))),
                       key=lambda row: (row["rank"], row["seat"]))
    result = {
        "game": spec.id, "seed": seed, "seats": controllers, "turns": match.state.turn,
        "actions": len(match.history), "standings": standings, "winner": outcome.winner,
        "summary": match.state.summary(),
    }
    if story_path is not None:
        result["story"] = save_story(match, story_path)
    return result


def save_story(match: "Match", path: Path) -> dict[str, Any]:
    """Tell a finished match's story, save it as a 1280x720 PNG at ``path``; its command-line summary."""
    from game.core.replay import Replay
    from game.core.story import seat_names, tell
    replay = Replay.of_match(match)
    story = tell(replay)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from game.core.settings import load_settings
    from game.ui.story_chart import Seats, moment_notes, story_picture
    from game.ui.theme import Theme
    pygame.init()
    try:
        seats = Seats(tuple(seat.colour for seat in match.seats), seat_names(replay))
        picture = story_picture(Theme(), story, seats, match.spec.title, colour_blind=load_settings()[0].colour_blind,
                                notes=moment_notes(replay, story, seats.namer()))
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(picture, str(path))
    finally:
        pygame.quit()
    return story.summary()


def language_asked(argv: Sequence[str]) -> str | None:
    """The code after --lang (or in --lang=CODE), read before parsing so that errors are in that language."""
    for index, word in enumerate(argv):
        if word == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith("--lang="):
            return word.partition("=")[2]
    return None


def chosen_language() -> str | None:
    """The language chosen in Settings, read without touching the file (None: none chosen, or a file that
    cannot be read: the app itself reports that once it opens)."""
    from game.core.settings import settings_path
    try:
        chosen = json.loads(settings_path().read_text(encoding="utf-8")).get("language")
    except (OSError, UnicodeDecodeError, ValueError, AttributeError, RecursionError):
        return None
    return chosen if chosen in i18n.LANGUAGES else None


def command_line_language(argv: Sequence[str]) -> str:
    """The language the command line speaks in (its help, its errors): as the app would open, --lang first,
    then the one chosen in Settings, then the system's."""
    asked = language_asked(argv)
    if asked in i18n.LANGUAGES or asked == i18n.PSEUDO_LANGUAGE:
        return asked
    return chosen_language() or i18n.system_language()


def main(argv: Sequence[str] | None = None) -> int:
    specs = all_specs()
    if argv is None:
        argv = sys.argv[1:]
    if argv:  # a plain start has nothing to say here: the app chooses its language as it opens
        i18n.set_language(command_line_language(argv))
    try:
        if "--version" in argv:
            print(f"Breakaway Box {__version__}")
            return 0
        if "--list" in argv:
            print("\n".join(specs))
            return 0
        request = request_from_args(argv, specs)
    except UsageError as exc:
        print(_("breakaway-box: error: {problem}").format(problem=exc), file=sys.stderr)
        return 2
    if request.seed is None:
        request.seed = int.from_bytes(os.urandom(4), "big")
    if request.headless and request.screenshot is None:
        assert request.game_id is not None and request.controllers is not None
        result = autoplay(specs[request.game_id], request.controllers, request.options, request.seed, request.story)
        print(json.dumps(result))
        return 0
    if request.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    from game.app import run
    return run(request, specs)
