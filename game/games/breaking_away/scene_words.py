"""The words of the Breaking Away table: team and rider names, move previews, race progress.

Teams are named after the colour their player chose at setup: the engine's
messages name a team by its seat, and :meth:`Names.seat` gives the screen's
name for it (the chosen colour, in the reader's language).
"""
from __future__ import annotations

from functools import cache
from typing import Sequence

from game.i18n import N_, PSEUDO_LANGUAGE, SOURCE_LANGUAGE, _, language, ngettext

from .data import SQUARES, TEAM_COLOURS, rider_name
from .preview import MovePreview
from .views import BreakingAwayView, LineView

#: an ordinal's pattern by the language's ordinal category (CLDR: 'one' is 1st, 21st...; French 'one' is 1er)
ORDINAL_PATTERNS = {"one": N_("{number}st"), "two": N_("{number}nd"), "few": N_("{number}rd"),
                    "other": N_("{number}th"), "many": N_("{number}th")}
#: the boards' titles; also what the race progress line rides for
SHORT_LINE_NAMES = {"sprint1": N_("1st sprint"), "sprint2": N_("2nd sprint"), "finish": N_("Finish")}


@cache
def _ordinal_category(code: str, place: int) -> str:
    from babel import Locale
    return Locale.parse(SOURCE_LANGUAGE if code == PSEUDO_LANGUAGE else code).ordinal_form(place)


def ordinal(place: int) -> str:
    """'3rd', '3.', '3e', '3°': a place as the reader's language writes it."""
    return _(ORDINAL_PATTERNS[_ordinal_category(language(), place)]).format(number=place)


def shared_places(scores: Sequence[tuple[int, ...]]) -> list[str]:
    """Each team's place by its score (lower is better), "=2nd" when shared; no places at all while every
    team has the same score (at the start nobody is first, whatever the tie-break says)."""
    if len(set(scores)) <= 1:
        return [""] * len(scores)
    places = []
    for score in scores:
        better = sum(1 for other in scores if other < score)
        shared = sum(1 for other in scores if other == score) > 1
        places.append(("=" if shared else "") + ordinal(better + 1))
    return places


def short_line_name(line: LineView) -> str:
    """'1st sprint', 'Finish', 'Lap 2': the title of a line's board."""
    key = line["key"]
    if line["label"] == "final sprint":
        return _("Final sprint")
    if key.startswith("lap"):
        return _("Lap {number}").format(number=key[3:])
    return _(SHORT_LINE_NAMES[key])


def line_target(line: LineView) -> str:
    """What the leader rides for, inside a sentence: '2nd sprint', 'finish', 'lap 2 line'."""
    key, label = line["key"], line["label"]
    if key.startswith("lap"):
        return _("lap {number} line").format(number=key[3:])
    if key == "finish":
        return _(label)  # 'finish', 'final sprint'
    return _(SHORT_LINE_NAMES[key])


class Names:
    """Team words from the seats' colours; rider words like 'Orange 12'."""

    def __init__(self, seat_colours: Sequence[str], colours: Sequence[tuple[str, str]]) -> None:
        by_value = {value.lower(): name for name, value in colours}
        #: each team's colour name in English (the msgid)
        self.teams = [by_value.get(colour.lower(), TEAM_COLOURS[i % len(TEAM_COLOURS)][0])
                      for i, colour in enumerate(seat_colours)]

    def team(self, seat: int) -> str:
        return _(self.teams[seat])

    def seat(self, seat: int) -> str | None:
        """The name a message gives a seat: its chosen colour (None for a seat the table does not have)."""
        return self.team(seat) if 0 <= seat < len(self.teams) else None

    def rider(self, rider: int) -> str:
        return rider_name(rider).render(self.seat)


def landing_words(preview: MovePreview) -> str:
    if preview.finishes:
        return _("Over the finish line.")
    if preview.slot:
        return ngettext("To square {square}, outside {count} rider.", "To square {square}, outside {count} riders.",
                        preview.slot).format(square=preview.square, count=preview.slot)
    return _("To square {square}.").format(square=preview.square)


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def crossing_words(preview: MovePreview) -> list[str]:
    lines = []
    for crossing in preview.crossings:
        line, place = capitalised(str(crossing.label)), ordinal(crossing.place)
        if crossing.points:
            lines.append(ngettext("{line} {place}: +{count} point.", "{line} {place}: +{count} points.",
                                  crossing.points).format(line=line, place=place, count=crossing.points))
        else:
            lines.append(_("{line} {place}: no points left.").format(line=line, place=place))
    return lines


def replacement_words(preview: MovePreview, settled: bool = True) -> str:
    """The factor he would be given at the end of the turn; ``settled``: nobody else moves after him."""
    if preview.replacement is None:
        return _("He leaves the track with his points.")
    value, reason = preview.replacement, preview.reason
    if reason == "breakaway":
        text = _("Then: a breakaway bonus of {factor}.") if settled else _("So far: a breakaway bonus of {factor}.")
        return text.format(factor=value)
    if reason == "overcrowded":
        return _("Then: 3, his square is overcrowded.") if settled else _("So far: 3, his square is overcrowded.")
    if reason == "slipstream":
        ahead = value - 3
        if settled:
            text = ngettext("Then: {factor} = 3 + {count} rider ahead.", "Then: {factor} = 3 + {count} riders ahead.",
                            ahead)
        else:
            text = ngettext("So far: {factor} = 3 + {count} rider ahead.",
                            "So far: {factor} = 3 + {count} riders ahead.", ahead)
        return text.format(factor=value, count=ahead)
    return _("Then: 3, nobody directly ahead.") if settled else _("So far: 3, nobody directly ahead.")


def preview_lines(preview: MovePreview, settled: bool = True) -> list[str]:
    """Where the move lands, what it scores, what it earns (``settled``: he is the last to move this turn)."""
    return [landing_words(preview), *crossing_words(preview), replacement_words(preview, settled)]


def next_line(view: BreakingAwayView, progress: int) -> LineView | None:
    """The first line a rider at ``progress`` has still to cross."""
    return next((line for line in view["lines"] if progress <= line["progress"]), None)


def listing_and(words: Sequence[str]) -> str:
    """'Sky', 'Sky and Red', 'Sky, Red and Green'."""
    if len(words) == 1:
        return words[0]
    return _("{some} and {last}").format(some=", ".join(words[:-1]), last=words[-1])


def race_progress(view: BreakingAwayView, names: Names) -> tuple[str, str, str]:
    """('Turn 6 · lap 2/3', 'Sky 23 leads · 9 to the 2nd sprint', 'Lap 2/3'): the infield's top line.

    The third is the left part for a narrow infield (the turn is shown in the standings too).
    """
    laps = 4 if view["mode"] == "madison" else 3
    if view["phase"] == "over":
        winners = [seat for seat, rank in enumerate(view["standings"]) if rank == 1]
        best = listing_and([names.team(seat) for seat in winners])
        points = view["points"][winners[0]]
        if len(winners) == 1:
            outcome = ngettext("{team} wins with {count} point", "{team} wins with {count} points", points)
        else:
            outcome = ngettext("{team} share with {count} point", "{team} share with {count} points", points)
        return (ngettext("Race over after {count} turn", "Race over after {count} turns", view["turn"]).format(
            count=view["turn"]), outcome.format(team=best, count=points), _("Race over"))
    if view["phase"] in ("allocate", "place"):
        doing = (_("Starters on the line, partners beside the track") if view["phase"] == "place"
                 else _("The teams fill in their sheets"))
        return (_("Before the start"), doing, _("Before the start"))
    turn = _("Turn {turn}").format(turn=view["turn"])
    racing = [r for r in view["riders"] if r["status"] == "racing"]
    if not racing:
        return (turn, _("Nobody is left on the track."), turn)
    leader = max(racing, key=lambda r: (r["progress"], -r["arrival"]))
    lap = min(laps, max(1, (leader["progress"] - 1) // SQUARES + 1))
    left = _("Turn {turn} · lap {lap}/{laps}").format(turn=max(1, view["turn"]), lap=lap, laps=laps)
    short = _("Lap {lap}/{laps}").format(lap=lap, laps=laps)
    line = next_line(view, leader["progress"])
    if line is None:
        return (left, _("{rider} leads").format(rider=names.rider(leader["id"])), short)
    squares = line["progress"] - leader["progress"] + 1
    leads = ngettext("{rider} leads · {count} to the {line}", "{rider} leads · {count} to the {line}", squares)
    return (left, leads.format(rider=names.rider(leader["id"]), count=squares, line=line_target(line)), short)
