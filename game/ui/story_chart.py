"""Drawing a finished game's story: its chart panels, the win-chance line and the key moments.

Pure drawing over :class:`game.core.story.Story`: the same picture on the results screen's Story
view and in the ``--story`` PNG.  Lines take their seat's colour; in colour-blind mode every line
also carries its team's pattern chip (as the hud's chips do) and the legend shows them.  Marks for
events are shapes, never colour alone, and a legend names each shape.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from game.core.replay import Replay
from game.core.story import HardMove, KeyMoment, Marker, Panel, Series, Story, label_words, value_at
from game.i18n import N_, SeatNames, _, format_percent
from game.ui import draw
from game.ui.theme import MIN_FONT_PX, PALETTE, SMALL_PX, Theme, darker, hex_colour

#: what each kind of mark is called in the legend (English msgids)
MARK_WORDS: dict[str, str] = {
    "sprint": N_("sprint won"), "finish": N_("first over the finish"), "jersey": N_("yellow jersey"),
    "escape": N_("escapes"), "round": N_("new round"), "touchdown": N_("touchdowns"), "turnover": N_("turnovers"),
    "punt": N_("punts"), "field_goal": N_("field goals"), "quarter": N_("end of a quarter"), "stage": N_("stage won"),
}
#: the shape each kind of mark is drawn with
MARK_SHAPES: dict[str, str] = {
    "sprint": "triangle", "finish": "diamond", "jersey": "triangle", "escape": "triangle", "round": "line",
    "touchdown": "triangle", "turnover": "cross", "punt": "circle", "field_goal": "diamond", "quarter": "line",
    "stage": "diamond",
}
#: the room on the left of a plot for its scale, and the right column's width
SCALE_WIDTH = 52
SIDE_WIDTH = 330
#: colour-blind pattern chips along a line, every so many pixels
CHIP_EVERY = 150
CHIP_SIZE = 16
#: the lines a key moment's hard-bot sentence may take in the list
HARD_LINES = 2
#: the fewest shared words worth leaving out ("…") when a move is told by what differs from another
LEFT_OUT = 2


@dataclass(frozen=True)
class Seats:
    """How the seats look: their colours (#RRGGBB) and the names shown."""

    colours: tuple[str, ...]
    names: tuple[str, ...]

    def namer(self) -> SeatNames:
        return lambda seat: self.names[seat] if 0 <= seat < len(self.names) else None


@dataclass(frozen=True)
class MomentSpot:
    """A key moment on screen: where to click and the step it leads to."""

    rect: pygame.Rect
    step: int


def draw_story(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, story: Story, seats: Seats, *,
               colour_blind: bool = False, chosen: int | None = None, notes: Sequence[str] = ()) -> list[MomentSpot]:
    """Draw the whole story inside ``rect``; returns the key moments' clickable spots (list first, then the
    numbered marks on the line).  ``chosen`` highlights one key moment by its index; ``notes`` says what
    happened at each (:func:`moment_notes`)."""
    draw.cardboard(surface, rect)
    inner = rect.inflate(-32, -28)
    side = pygame.Rect(inner.right - SIDE_WIDTH, inner.top, SIDE_WIDTH, inner.height)
    plots = pygame.Rect(inner.left, inner.top, inner.width - SIDE_WIDTH - 20, inner.height)
    chance_height = max(150, plots.height * 2 // 5)
    chance_rect = pygame.Rect(plots.left, plots.bottom - chance_height, plots.width, chance_height)
    panels = story.panels[:3]
    scale_width = _scale_width(theme, panels)
    panel_area = pygame.Rect(plots.left, plots.top, plots.width, chance_rect.top - plots.top - 12)
    steps = max(1, story.steps)
    if panels:
        height = (panel_area.height - 10 * (len(panels) - 1)) // len(panels)
        for index, panel in enumerate(panels):
            area = pygame.Rect(panel_area.left, panel_area.top + index * (height + 10), panel_area.width, height)
            _draw_panel(surface, theme, area, panel, seats, steps, colour_blind, scale_width=scale_width)
    chance_panel = Panel(_("Chance of winning"), tuple(
        Series(seat, seats.names[seat], tuple((step, chance) for step, chance in enumerate(line)))
        for seat, line in enumerate(story.win_chance)))
    plot = _draw_panel(surface, theme, chance_rect, chance_panel, seats, steps, colour_blind, bounds=(0.0, 1.0),
                       percent=True, axis_words=_("moves"), stepped=False, scale_width=scale_width)
    spots = _draw_moments(surface, theme, plot, story, seats, steps, chosen)
    return _draw_side(surface, theme, side, story, seats, colour_blind, chosen, notes) + spots


def _bounds(panel: Panel) -> tuple[float, float]:
    values = [value for series in panel.series for _step, value in series.points]
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    low = min(low, 0.0)
    return (low, high if high > low else low + 1.0)


def _scale(panel: Panel, bounds: tuple[float, float], percent: bool) -> list[tuple[float, str]]:
    """The values a panel's scale names, with their words: its ends, and the middle when it reads whole."""
    low, high = bounds
    middle = (low + high) / 2
    whole = all(float(value).is_integer() for series in panel.series for _step, value in series.points)
    return [(value, format_percent(value) if percent else _number(value))
            for value in ((low, middle, high) if percent or not whole or middle.is_integer() else (low, high))]


def _scale_width(theme: Theme, panels: Sequence[Panel]) -> int:
    """Room for the scales' words left of the plots, the same for every panel so that their steps line up
    (German "100 %" at 130 % needs more than the usual)."""
    words = [w for panel in panels for _value, w in _scale(panel, _bounds(panel), False)]
    words.append(format_percent(1.0))
    return max(SCALE_WIDTH, max(theme.font(SMALL_PX).size(w)[0] for w in words) + 10)


def _draw_panel(surface: pygame.Surface, theme: Theme, area: pygame.Rect, panel: Panel, seats: Seats, steps: int,
                colour_blind: bool, *, bounds: tuple[float, float] | None = None, percent: bool = False,
                axis_words: str | None = None, stepped: bool = True, scale_width: int = SCALE_WIDTH) -> pygame.Rect:
    """One panel: its title, scale, marks and lines; returns the plot's rectangle."""
    title = draw.fit(theme, label_words(panel.title, seats.namer()), area.width, SMALL_PX)
    draw.text(surface, theme, title, (area.left, area.top), size=SMALL_PX, colour=PALETTE.ink)
    title_height = draw.line_height(theme, SMALL_PX) + 2
    bottom_room = draw.line_height(theme, SMALL_PX) if axis_words else 4
    low, high = bounds or _bounds(panel)
    downwards = panel.downwards
    scale = _scale(panel, (low, high), percent)
    plot = pygame.Rect(area.left + scale_width, area.top + title_height,
                       area.width - scale_width, area.height - title_height - bottom_room)
    pygame.draw.rect(surface, PALETTE.card_light, plot)
    pygame.draw.rect(surface, PALETTE.card_edge, plot, 1)

    def to_y(value: float) -> int:
        share = (value - low) / (high - low)
        return round(plot.top + share * plot.height) if downwards else round(plot.bottom - share * plot.height)

    def to_x(step: int) -> int:
        return round(plot.left + step / steps * plot.width)

    half = draw.line_height(theme, SMALL_PX) // 2  # the scale's words stay beside the plot, clear of the title
    for value, words in scale:
        y = to_y(value)
        pygame.draw.line(surface, PALETTE.card_dark, (plot.left, y), (plot.right - 1, y), 1)
        draw.text(surface, theme, words, (plot.left - 6, max(plot.top + half, min(plot.bottom - half, y))),
                  size=SMALL_PX, colour=PALETTE.ink_soft, align="midright")
    if axis_words:
        draw.text(surface, theme, axis_words, (plot.right, plot.bottom + 1), size=SMALL_PX, colour=PALETTE.ink_soft,
                  align="topright")
        draw.text(surface, theme, "0", (plot.left, plot.bottom + 1), size=SMALL_PX, colour=PALETTE.ink_soft)
        draw.text(surface, theme, str(steps), (plot.right - theme.font(SMALL_PX).size(axis_words)[0] - 16,
                                               plot.bottom + 1), size=SMALL_PX, colour=PALETTE.ink_soft,
                  align="topright")
    for marker in panel.markers:
        _draw_mark(surface, plot, marker, to_x(marker.step), seats)
    for thin in (True, False):
        for series in panel.series:
            if series.thin == thin and series.points:
                _draw_line(surface, series, seats, to_x, to_y, colour_blind, plot, stepped)
    return plot


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _seat_colour(seats: Seats, seat: int | None) -> pygame.Color:
    if seat is None or not 0 <= seat < len(seats.colours):
        return pygame.Color(PALETTE.ink_soft)
    return hex_colour(seats.colours[seat])


def _draw_line(surface: pygame.Surface, series: Series, seats: Seats, to_x: Callable[[int], int],
               to_y: Callable[[float], int], colour_blind: bool, plot: pygame.Rect, stepped: bool) -> None:
    colour = _seat_colour(seats, series.seat)
    points = []
    for index, (step, value) in enumerate(series.points):
        if stepped and index and series.points[index - 1][1] != value and step - series.points[index - 1][0] == 1:
            points.append((to_x(step), to_y(series.points[index - 1][1])))  # a jump: drawn as a step
        points.append((to_x(step), to_y(value)))
    if len(points) == 1:
        points.append(points[0])
    width = 2 if series.thin else 4
    pygame.draw.lines(surface, darker(colour, 0.45), False, points, width + 2)
    pygame.draw.lines(surface, colour, False, points, width)
    if colour_blind and not series.thin and series.seat is not None:
        first, last = series.points[0][0], series.points[-1][0]
        for x in range(points[0][0] + CHIP_EVERY // 2, points[-1][0], CHIP_EVERY):
            step = first + (last - first) * (x - points[0][0]) // max(1, points[-1][0] - points[0][0])
            chip = pygame.Rect(0, 0, CHIP_SIZE, CHIP_SIZE)
            chip.center = (x, to_y(value_at(series.points, step)))
            chip.clamp_ip(plot)
            draw.team_marker(surface, chip, seats.colours[series.seat], marked=True, radius=4)


def _draw_mark(surface: pygame.Surface, plot: pygame.Rect, marker: Marker, x: int, seats: Seats) -> None:
    shape = MARK_SHAPES.get(marker.kind, "circle")
    pygame.draw.line(surface, PALETTE.card_dark, (x, plot.top), (x, plot.bottom - 1), 1)
    if shape == "line":
        return
    _shape(surface, shape, (x, plot.top + 8), _seat_colour(seats, marker.seat))


def _shape(surface: pygame.Surface, shape: str, centre: tuple[int, int], colour: pygame.Color) -> None:
    x, y = centre
    outline = darker(colour, 0.5)
    if shape == "triangle":
        corners = [(x, y + 7), (x - 7, y - 6), (x + 7, y - 6)]
        pygame.draw.polygon(surface, colour, corners)
        pygame.draw.polygon(surface, outline, corners, 2)
    elif shape == "diamond":
        corners = [(x, y - 8), (x + 8, y), (x, y + 8), (x - 8, y)]
        pygame.draw.polygon(surface, colour, corners)
        pygame.draw.polygon(surface, outline, corners, 2)
    elif shape == "cross":
        pygame.draw.line(surface, outline, (x - 7, y - 7), (x + 7, y + 7), 6)
        pygame.draw.line(surface, outline, (x - 7, y + 7), (x + 7, y - 7), 6)
        pygame.draw.line(surface, colour, (x - 6, y - 6), (x + 6, y + 6), 3)
        pygame.draw.line(surface, colour, (x - 6, y + 6), (x + 6, y - 6), 3)
    elif shape == "line":
        pygame.draw.line(surface, PALETTE.ink_soft, (x - 8, y), (x + 8, y), 2)
    else:
        pygame.draw.circle(surface, colour, (x, y), 7)
        pygame.draw.circle(surface, outline, (x, y), 7, 2)


def _draw_moments(surface: pygame.Surface, theme: Theme, plot: pygame.Rect, story: Story, seats: Seats, steps: int,
                  chosen: int | None) -> list[MomentSpot]:
    """Numbered discs on the win-chance line where the key moments are."""
    spots = []
    for index, moment in enumerate(story.key_moments):
        x = round(plot.left + moment.step / steps * plot.width)
        y = round(plot.bottom - story.win_chance[moment.seat][moment.step] * plot.height)
        disc = pygame.Rect(0, 0, 26, 26)
        disc.center = (x, y)
        disc.clamp_ip(plot)
        fill = PALETTE.accent if chosen == index else PALETTE.ink
        pygame.draw.circle(surface, fill, disc.center, 13)
        pygame.draw.circle(surface, _seat_colour(seats, moment.seat), disc.center, 13, 3)
        draw.text(surface, theme, str(index + 1), disc.center, size=SMALL_PX, colour=PALETTE.card_light,
                  align="center")
        spots.append(MomentSpot(disc, moment.step))
    return spots


def moment_words(moment: KeyMoment, seats: Seats) -> str:
    """'Move 123: Orange +45 %' in the reader's language."""
    change = format_percent(abs(moment.change))
    return _("Move {step}: {player} {change}").format(
        step=moment.step, player=seats.names[moment.seat], change=("+" if moment.change > 0 else "\u2212") + change)


def hard_words(moment: KeyMoment, seats: Seats, move: str | None = None) -> str:
    """What the hard bot would have played at a human's key moment, in one sentence ('' when a bot moved):
    'Hard bot: <move> — 34 % instead of 21 %', the chances being the mover's.  The move is told from where
    its words part from the played move's (:func:`what_differs`); ``move`` stands for them (shortened to fit)."""
    hard = moment.hard
    if hard is None:
        return ""
    if hard.same:
        return _("The hard bot would have played the same.")
    if move is None:
        move = _hard_move_words(hard, seats)
    chances = {"move": move, "hard": format_percent(hard.hard), "played": format_percent(hard.played)}
    if hard.seat == moment.seat:
        return _("Hard bot: {move} — {hard} instead of {played}").format(**chances)
    # the moment tells another seat's chance: say whose move the hard bot would have made
    return _("Hard bot for {player}: {move} — {hard} instead of {played}").format(
        player=seats.names[hard.seat], **chances)


def what_differs(move: str, other: str, lead: int = 0) -> str:
    """A move's words from where they part from ``other``'s, with the word before, after the first ``lead``
    words ("…slot 5 from the left." for "Yellow pushes a rope piece into slot 5 from the left.", with ``lead``
    2 "Yellow pushes …slot 5 from the left."); the whole words when there is little to leave out."""
    words, others = move.split(), other.split()
    shared = 0
    while shared < min(len(words), len(others)) and words[shared] == others[shared]:
        shared += 1
    if shared - 1 - lead < LEFT_OUT or shared >= len(words):
        return move
    return " ".join([*words[:lead], "…" + " ".join(words[shared - 1:])])


def _hard_move_words(hard: HardMove, seats: Seats) -> str:
    """The hard bot's move as its sentence tells it: what differs from the move played, no full stop."""
    told = what_differs(label_words(hard.words, seats.namer()), label_words(hard.played_words, seats.namer()))
    return told[:-1] if told.endswith(".") else told


def _hard_lines(theme: Theme, moment: KeyMoment, seats: Seats, width: int) -> list[str]:
    """:func:`hard_words` in at most ``HARD_LINES`` lines of ``width``: the move's words are shortened
    (never the chances after them) until the sentence fits."""
    whole = hard_words(moment, seats)
    hard = moment.hard
    if hard is None or hard.same:
        return draw.wrap(theme, whole, width, SMALL_PX)[:HARD_LINES] if whole else []
    move = _hard_move_words(hard, seats)

    def shortened() -> tuple[str, ...]:
        kept = move.split()
        while True:
            told = move if len(kept) == len(move.split()) else " ".join(kept).rstrip(",;:") + "…"
            lines = draw.wrap(theme, hard_words(moment, seats, told), width, SMALL_PX)
            if len(lines) <= HARD_LINES or not kept:
                return tuple(lines[:HARD_LINES])
            kept.pop()

    return list(theme.layout(("hard lines", whole, width), shortened))


def moment_detail(replay: Replay, story: Story, index: int, seats: Seats) -> str:
    """A key moment told in full, one line a fact, for the note shown while it is pointed at (the list
    shortens the moves' words to fit its column)."""
    moment = story.key_moments[index]
    lines = [moment_words(moment, seats)]
    hard = moment.hard
    if hard is not None and not hard.same:
        lines.append(_("Played: {move}").format(move=label_words(hard.played_words, seats.namer())))
        whole = label_words(hard.words, seats.namer())
        lines.append(hard_words(moment, seats, whole[:-1] if whole.endswith(".") else whole))
    else:
        note = moment_notes(replay, story, seats.namer())[index]
        lines += [text for text in (note, hard_words(moment, seats)) if text]
    return "\n".join(lines)


def moment_notes(replay: Replay, story: Story, names: SeatNames | None = None) -> list[str]:
    """What happened at each key moment: the chart's mark there (a touchdown, a sprint), else a human's move
    that the hard bot would have made otherwise (told by what differs from the hard bot's), else the first
    public event of its move (the move itself), in words."""
    marks = {marker.step: marker for panel in story.panels for marker in panel.markers}
    notes = []
    for moment in story.key_moments:
        if moment.step in marks:
            notes.append(label_words(marks[moment.step].label, names))
            continue
        hard = moment.hard
        if hard is not None and not hard.same:  # the move played, told as the hard bot's is: what differs
            notes.append(what_differs(label_words(hard.played_words, names), label_words(hard.words, names), 2))
            continue
        events = [event for event in replay.steps[moment.step - 1].events if event.visible(None)] \
            if 0 < moment.step <= len(replay.steps) else []
        notes.append(events[0].render(names) if events else "")
    return notes


def _draw_side(surface: pygame.Surface, theme: Theme, side: pygame.Rect, story: Story, seats: Seats,
               colour_blind: bool, chosen: int | None, notes: Sequence[str]) -> list[MomentSpot]:
    """The legend (seats, marks) and the key moments' list, each a button to its step."""
    row = draw.line_height(theme, SMALL_PX) + 6
    y = side.top
    for seat, name in enumerate(seats.names):
        if y + row > side.top + side.height * 2 // 5:
            break
        chip = pygame.Rect(side.left, y + 2, 22, row - 8)
        draw.team_marker(surface, chip, seats.colours[seat], marked=colour_blind, radius=4)
        final = story.win_chance[seat][-1] if seat < len(story.win_chance) else 0.0
        label = draw.fit(theme, name, side.width - 110, SMALL_PX)
        draw.text(surface, theme, label, (chip.right + 8, y), size=SMALL_PX, colour=PALETTE.ink)
        if final >= 1.0:
            draw.text(surface, theme, _("winner"), (side.right, y), size=SMALL_PX, colour=PALETTE.good,
                      align="topright")
        y += row
    kinds = list(dict.fromkeys(m.kind for p in story.panels for m in p.markers if MARK_SHAPES.get(m.kind) != "line"))
    y += 4
    for kind in kinds[:5]:
        _shape(surface, MARK_SHAPES.get(kind, "circle"), (side.left + 11, y + row // 2 - 2),
               pygame.Color(PALETTE.ink_soft))
        words = draw.fit(theme, _(MARK_WORDS.get(kind, kind)), side.width - 30, SMALL_PX)
        draw.text(surface, theme, words, (side.left + 30, y), size=SMALL_PX, colour=PALETTE.ink_soft)
        y += row
    y += 8
    draw.text(surface, theme, _("Key moments"), (side.left, y), size=SMALL_PX + 4, colour=PALETTE.ink)
    y += draw.line_height(theme, SMALL_PX + 4) + 4
    spots = []
    if not story.key_moments:
        draw.paragraph(surface, theme, _("No single move changed the race much."),
                       pygame.Rect(side.left, y, side.width, side.bottom - y), size=SMALL_PX, colour=PALETTE.ink_soft)
    told = _moment_lines(theme, story, seats, notes, side.width - 36, side.bottom - y)
    for index, moment in enumerate(story.key_moments):
        note, hard = told[index]
        box = pygame.Rect(side.left, y, side.width, row + 4 + (row - 6) * (bool(note) + len(hard)))
        if box.bottom > side.bottom:
            break
        fill = PALETTE.accent if chosen == index else PALETTE.card_dark
        pygame.draw.rect(surface, fill, box, border_radius=6)
        pygame.draw.rect(surface, _seat_colour(seats, moment.seat), box.inflate(-2, -2), 2, border_radius=6)
        first_line = box.top + (row + 4) // 2
        draw.text(surface, theme, str(index + 1), (box.left + 14, first_line), size=SMALL_PX, colour=PALETTE.ink,
                  align="center")
        words = draw.fit(theme, moment_words(moment, seats), box.width - 36, SMALL_PX)
        draw.text(surface, theme, words, (box.left + 30, first_line), size=SMALL_PX, colour=PALETTE.ink,
                  align="midleft")
        line = first_line + row - 6
        if note:
            draw.text(surface, theme, draw.fit(theme, note, box.width - 36, SMALL_PX),
                      (box.left + 30, line), size=SMALL_PX, colour=PALETTE.ink_soft, align="midleft")
            line += row - 6
        for words in hard:
            draw.text(surface, theme, words, (box.left + 30, line), size=SMALL_PX, colour=PALETTE.ink, align="midleft")
            line += row - 6
        spots.append(MomentSpot(box, moment.step))
        y += box.height + 6
    return spots


def _moment_lines(theme: Theme, story: Story, seats: Seats, notes: Sequence[str], width: int,
                  room: int) -> list[tuple[str, list[str]]]:
    """Each key moment's note and hard-bot lines, as many as let every moment into the list's ``room``:
    first the notes of the moments with a hard-bot sentence go (it names the move too), then the other
    notes, then the hard-bot sentences (the chart still numbers every moment)."""
    row = draw.line_height(theme, SMALL_PX) + 6
    full = [(notes[index] if index < len(notes) else "", _hard_lines(theme, moment, seats, width))
            for index, moment in enumerate(story.key_moments)]
    fewer = [("" if hard else note, hard) for note, hard in full]
    for told in (full, fewer, [("", hard) for _note, hard in full], [("", []) for _moment in full]):
        height = sum(row + 4 + (row - 6) * (bool(note) + len(hard)) + 6 for note, hard in told)
        if height <= room:
            return told
    return told


def story_picture(theme: Theme, story: Story, seats: Seats, title: str, *, colour_blind: bool = False,
                  notes: Sequence[str] = (), size: tuple[int, int] = (1280, 720)) -> pygame.Surface:
    """The story as a picture of its own (the command line's ``--story`` PNG): on the table, with a title."""
    picture = pygame.Surface(size)
    picture.blit(theme.table_texture(size), (0, 0))
    heading = _("The story of the game: {title}").format(title=title)
    draw.text(picture, theme, draw.fit(theme, heading, size[0] - 48, 30), (24, 14), size=30,
              colour=PALETTE.on_felt)
    draw_story(picture, theme, pygame.Rect(16, 62, size[0] - 32, size[1] - 78), story, seats,
               colour_blind=colour_blind, notes=notes)
    return picture


# --- the compact strip under the replay viewer's scrubber --------------------------------------
#: a key moment's disc on the strip (its number is a number on a piece: MIN_FONT_PX)
STRIP_DISC = 20
#: the room above and below the lines, so that a chance of 0 or 1 is not drawn on the frame
STRIP_PAD = 5


def strip_x(rect: pygame.Rect, steps: int, step: int) -> int:
    """Where ``step`` is across the strip: the same place as on a scrubber of the same width."""
    return round(rect.left + step / max(1, steps) * rect.width)


def strip_y(rect: pygame.Rect, chance: float) -> int:
    return round(rect.bottom - STRIP_PAD - chance * (rect.height - 2 * STRIP_PAD))


def strip_moment_spots(rect: pygame.Rect, story: Story) -> list[MomentSpot]:
    """The key moments' discs on the strip, in the order of ``story.key_moments`` (where to click)."""
    spots = []
    for moment in story.key_moments:
        disc = pygame.Rect(0, 0, STRIP_DISC, STRIP_DISC)
        chance = story.win_chance[moment.seat][moment.step]
        disc.center = (strip_x(rect, story.steps, moment.step), strip_y(rect, chance))
        disc.clamp_ip(rect)
        spots.append(MomentSpot(disc, moment.step))
    return spots


def draw_strip(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, story: Story, seats: Seats, *,
               colour_blind: bool = False) -> None:
    """The win-chance lines in a strip as wide as a scrubber, a picture that can be kept while the replay
    moves: :func:`draw_strip_step` puts the current step on it and :func:`draw_strip_moments` the discs."""
    pygame.draw.rect(surface, PALETTE.card_light, rect)
    half = strip_y(rect, 0.5)
    for x in range(rect.left + 2, rect.right - 2, 8):
        pygame.draw.line(surface, PALETTE.card_dark, (x, half), (x + 3, half), 1)
    steps = max(1, story.steps)
    lines = []
    for seat, line in enumerate(story.win_chance):
        points = []
        for x in range(rect.left, rect.right + 1, 2):
            step = min(steps, round((x - rect.left) / max(1, rect.width) * steps))
            points.append((x, strip_y(rect, line[min(step, len(line) - 1)])))
        lines.append((seat, points))
    for seat, points in lines:
        pygame.draw.lines(surface, darker(_seat_colour(seats, seat), 0.45), False, points, 4)
    for seat, points in lines:
        pygame.draw.lines(surface, _seat_colour(seats, seat), False, points, 2)
    if colour_blind:
        size = 12
        for seat, points in lines:
            # one pattern chip a line, each seat's at its own place along it, so chips do not cover each other
            x, y = points[(seat + 1) * (len(points) - 1) // (len(lines) + 1)]
            chip = pygame.Rect(0, 0, size, size)
            chip.center = (x, y)
            chip.clamp_ip(rect)
            draw.team_marker(surface, chip, seats.colours[seat], marked=True, radius=3)
    pygame.draw.rect(surface, PALETTE.card_edge, rect, 1)


def draw_strip_moments(surface: pygame.Surface, theme: Theme, spots: Sequence[MomentSpot], story: Story,
                       seats: Seats, chosen: int | None = None) -> None:
    """The key moments' numbered discs at ``spots`` (:func:`strip_moment_spots`), over the current step's line
    so that a number is never hidden; ``chosen`` is highlighted."""
    for index, (moment, spot) in enumerate(zip(story.key_moments, spots)):
        fill = PALETTE.accent if chosen == index else PALETTE.ink
        radius = STRIP_DISC // 2
        pygame.draw.circle(surface, fill, spot.rect.center, radius)
        pygame.draw.circle(surface, _seat_colour(seats, moment.seat), spot.rect.center, radius, 2)
        draw.text(surface, theme, str(index + 1), spot.rect.center, size=MIN_FONT_PX,
                  colour=PALETTE.ink if chosen == index else PALETTE.card_light, align="center")


def draw_strip_step(surface: pygame.Surface, rect: pygame.Rect, steps: int, step: int) -> None:
    """The replay's current step on the strip: an upright line with a notch above it, in ink."""
    x = strip_x(rect, steps, step)
    pygame.draw.line(surface, PALETTE.card_light, (x - 2, rect.top + 1), (x - 2, rect.bottom - 2), 1)
    pygame.draw.line(surface, PALETTE.card_light, (x + 2, rect.top + 1), (x + 2, rect.bottom - 2), 1)
    pygame.draw.line(surface, PALETTE.ink, (x, rect.top), (x, rect.bottom - 1), 3)
    pygame.draw.polygon(surface, PALETTE.ink, [(x - 6, rect.top - 7), (x + 6, rect.top - 7), (x, rect.top)])


def draw_progress(surface: pygame.Surface, theme: Theme, bar: pygame.Rect, share: float) -> None:
    """A bar filling as the story is told, with the share done in words under its right end."""
    pygame.draw.rect(surface, PALETTE.card_dark, bar, border_radius=6)
    filled = bar.copy()
    filled.width = round(bar.width * share)
    if filled.width:
        pygame.draw.rect(surface, PALETTE.good, filled, border_radius=6)
    pygame.draw.rect(surface, PALETTE.card_edge, bar, 2, border_radius=6)
    draw.text(surface, theme, format_percent(share), (bar.right, bar.bottom + 2), size=SMALL_PX,
              colour=PALETTE.ink_soft, align="topright")
