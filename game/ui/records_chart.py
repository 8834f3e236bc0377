"""Drawing a player's results in one game over time: each game's result, and the running share of games won.

Races (three or more riders or teams) show the place of each game, first at the top; duels (Football,
Breakout) show each game in a row named won, drawn or lost.  A result's mark has its own shape as well as
its colour (won: a triangle, drawn: a diamond, lost: a cross, any other place: a disc) and stands on a scale
that names it, so colour never carries the meaning alone.  Under it, one line follows the share of all the
player's games won so far.  The same drawing fills the Records screen's card and the saved picture.

Where things lie is worked out by :func:`chart_layout` before drawing, so a screen can tell which game the
pointer is over without drawing anything.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.records import GameHistory, PastGame, number_text
from game.i18n import _, format_percent
from game.ui import draw
from game.ui.theme import PALETTE, SMALL_PX, Theme, darker

#: room between the result plot and the share plot
PLOT_GAP = 12
#: the largest mark's radius; with many games the marks get smaller, never below the smallest
MARK_RADIUS = (3, 8)
#: a place scale names at most this many places (a table of ten shows every third)
PLACE_LABELS = 6


def result_words() -> tuple[str, str, str]:
    """The duel's rows, top to bottom."""
    return _("won"), _("drawn"), _("lost")


@dataclass(frozen=True)
class ChartLayout:
    """Where a chart's parts lie: the result plot above, the share plot below, the line telling one game."""

    results: pygame.Rect
    share: pygame.Rect
    #: top of the x axis's numbers and words, under the share plot
    axis_y: int
    #: top of the (at most two) lines that tell one game
    detail_y: int
    #: the whole chart, the scale on the left included
    area: pygame.Rect

    def x_of(self, index: int, count: int) -> int:
        """The centre of game ``index`` of ``count`` (the games share the width evenly)."""
        return self.results.left + round((index + 0.5) * self.results.width / max(1, count))

    def game_at(self, pos: tuple[int, int], count: int) -> int | None:
        """The game whose column is under ``pos`` in either plot (None: outside them)."""
        band = pygame.Rect(self.results.left, self.results.top, self.results.width,
                           self.share.bottom - self.results.top)
        if not count or not band.collidepoint(pos):
            return None
        return min(count - 1, (pos[0] - band.left) * count // band.width)


def chart_layout(theme: Theme, rect: pygame.Rect, duel: bool) -> ChartLayout:
    """Split ``rect`` into the chart's parts, the scale on the left as wide as its longest word."""
    font = theme.font(SMALL_PX)
    scale_words = (*result_words(), format_percent(1.0)) if duel else ("10", format_percent(1.0))
    scale_width = max(font.size(word)[0] for word in scale_words) + 14
    line = draw.line_height(theme, SMALL_PX)
    title = line + 2
    free = rect.height - 2 * title - PLOT_GAP - 3 * line - 8  # the axis line, then two lines telling a game
    results_height = free * 3 // 5
    left = rect.left + scale_width
    results = pygame.Rect(left, rect.top + title, rect.right - left, results_height)
    share = pygame.Rect(left, results.bottom + PLOT_GAP + title, results.width, free - results_height)
    return ChartLayout(results, share, share.bottom + 2, share.bottom + line + 8, rect.copy())


def game_words(game: PastGame, duel: bool) -> str:
    """'Game 27, 2024-05-03: place 2 of 4, score 43, hardest bot: hard' (a duel: 'a win') in the reader's
    language."""
    if duel:
        result = _("a win") if game.won else _("a draw") if game.drawn else _("a loss")
    else:
        result = _("place {place} of {seats}").format(place=game.place, seats=game.seats)
    parts = [result]
    if game.score is not None:
        parts.append(_("score {score}").format(score=number_text(game.score)))
    parts.append(_("hardest bot: {level}").format(level=_(game.bots)) if game.bots else _("no bots"))
    return _("Game {number}, {date}: {result}").format(number=game.number, date=game.date, result=", ".join(parts))


def draw_history(surface: pygame.Surface, theme: Theme, layout: ChartLayout, history: GameHistory, duel: bool, *,
                 shown: int | None = None) -> None:
    """Draw a non-empty history into ``layout``; ``shown`` is the game pointed at (told under the chart and
    marked by a band), else the latest game is told."""
    games = history.games
    count = len(games)
    spacing = layout.results.width / count
    radius = max(MARK_RADIUS[0], min(MARK_RADIUS[1], int(spacing / 2) - 1))
    results_title = _("Result of each game") if duel else _("Place in each game (1 = won)")
    share_title = _("Share of all games won so far: {share}").format(share=format_percent(history.win_share[-1]))
    for plot, title in ((layout.results, results_title), (layout.share, share_title)):
        _frame(surface, theme, layout, plot, title)
        if shown is not None:
            band = pygame.Rect(0, plot.top + 1, max(3, round(spacing)), plot.height - 2)
            band.centerx = layout.x_of(shown, count)
            pygame.draw.rect(surface, PALETTE.card_dark, band.clip(plot.inflate(-2, 0)))
    _results_panel(surface, theme, layout, games, duel, radius)
    _share_panel(surface, theme, layout, history, radius)
    _axis(surface, theme, layout, games)
    told = games[-1 if shown is None else shown]
    lines, size = draw.wrap_to_fit(theme, game_words(told, duel), layout.area.width, 2, SMALL_PX)
    for number, line in enumerate(lines):
        draw.text(surface, theme, line, (layout.area.left, layout.detail_y + number * draw.line_height(theme, size)),
                  size=size, colour=PALETTE.ink)


def _frame(surface: pygame.Surface, theme: Theme, layout: ChartLayout, plot: pygame.Rect, title: str) -> None:
    """A plot's title above it (from the chart's left edge), then its light paper with an edge."""
    shown, size = draw.shrink_to_fit(theme, title, layout.area.width, SMALL_PX)
    draw.text(surface, theme, shown, (layout.area.left, plot.top - 2), size=size, colour=PALETTE.ink,
              align="bottomleft")
    pygame.draw.rect(surface, PALETTE.card_light, plot)
    pygame.draw.rect(surface, PALETTE.card_edge, plot, 1)


def _scale_line(surface: pygame.Surface, theme: Theme, plot: pygame.Rect, y: int, words: str) -> None:
    pygame.draw.line(surface, PALETTE.card_dark, (plot.left + 1, y), (plot.right - 2, y), 1)
    draw.text(surface, theme, words, (plot.left - 8, y), size=SMALL_PX, colour=PALETTE.ink_soft, align="midright")


def _results_panel(surface: pygame.Surface, theme: Theme, layout: ChartLayout, games: tuple[PastGame, ...],
                   duel: bool, radius: int) -> None:
    plot = layout.results
    inner = plot.inflate(0, -2 * (MARK_RADIUS[1] + 6))
    if duel:
        rows = [inner.top + round(inner.height * share) for share in (0.0, 0.5, 1.0)]
        for y, words in zip(rows, result_words()):
            _scale_line(surface, theme, plot, y, words)
        points = [(layout.x_of(i, len(games)), rows[0 if g.won else 1 if g.drawn else 2]) for i, g in
                  enumerate(games)]
    else:
        last = max(2, max(max(g.seats, g.place) for g in games))
        # every place up to six, fewer for larger tables or where lines would touch (a large interface)
        room = inner.height / (last - 1)
        step = max(-(-(last - 1) // (PLACE_LABELS - 1)), -(-draw.line_height(theme, SMALL_PX) // max(1, int(room))))

        def place_y(place: int) -> int:
            return inner.top + round(inner.height * (place - 1) / (last - 1))

        places = list(range(1, last + 1, step))
        if places[-1] != last:  # the last place is always named, the one before it yields when too close
            places[-1 if last - places[-1] < step else len(places):] = [last]
        for place in places:
            _scale_line(surface, theme, plot, place_y(place), str(place))
        points = [(layout.x_of(i, len(games)), place_y(g.place)) for i, g in enumerate(games)]
        if len(points) > 1:
            pygame.draw.lines(surface, PALETTE.card_edge, False, points, 2 if radius > 4 else 1)
    for game, point in zip(games, points):
        _mark(surface, "won" if game.won else "drawn" if game.drawn else "lost" if duel else "place", point, radius)


def _mark(surface: pygame.Surface, kind: str, centre: tuple[int, int], radius: int) -> None:
    """A result's mark: its shape says what its colour says."""
    x, y = centre
    if kind == "won":
        corners = [(x, y - radius - 1), (x + radius + 1, y + radius), (x - radius - 1, y + radius)]
        pygame.draw.polygon(surface, PALETTE.good, corners)
        pygame.draw.polygon(surface, darker(PALETTE.good, 0.5), corners, 2 if radius > 4 else 1)
    elif kind == "drawn":
        corners = [(x, y - radius), (x + radius, y), (x, y + radius), (x - radius, y)]
        pygame.draw.polygon(surface, PALETTE.accent, corners)
        pygame.draw.polygon(surface, PALETTE.accent_dark, corners, 2 if radius > 4 else 1)
    elif kind == "lost":
        outline = darker(PALETTE.danger, 0.5)
        for width, colour, reach in ((5 if radius > 4 else 3, outline, radius), (3 if radius > 4 else 1,
                                                                                  PALETTE.danger, radius - 1)):
            pygame.draw.line(surface, colour, (x - reach, y - reach), (x + reach, y + reach), width)
            pygame.draw.line(surface, colour, (x - reach, y + reach), (x + reach, y - reach), width)
    else:
        pygame.draw.circle(surface, PALETTE.card_light, centre, radius)
        pygame.draw.circle(surface, PALETTE.ink_soft, centre, radius, 2 if radius > 4 else 1)


def _share_panel(surface: pygame.Surface, theme: Theme, layout: ChartLayout, history: GameHistory,
                 radius: int) -> None:
    plot = layout.share
    inner = plot.inflate(0, -12)

    def share_y(share: float) -> int:
        return inner.bottom - round(inner.height * share)

    halfway = inner.height // 2 >= draw.line_height(theme, SMALL_PX)
    for share in (0.0, 0.5, 1.0) if halfway else (0.0, 1.0):
        _scale_line(surface, theme, plot, share_y(share), format_percent(share))
    count = len(history.win_share)
    points = [(layout.x_of(i, count), share_y(share)) for i, share in enumerate(history.win_share)]
    if len(points) == 1:
        pygame.draw.circle(surface, PALETTE.focus, points[0], radius)
        pygame.draw.circle(surface, darker(PALETTE.focus, 0.45), points[0], radius, 2)
        return
    pygame.draw.lines(surface, darker(PALETTE.focus, 0.45), False, points, 5)
    pygame.draw.lines(surface, PALETTE.focus, False, points, 3)


def _axis(surface: pygame.Surface, theme: Theme, layout: ChartLayout, games: tuple[PastGame, ...]) -> None:
    """The games' numbers at both ends under the share plot, and what they count in the middle."""
    count = len(games)
    for index in sorted({0, count - 1}):
        draw.text(surface, theme, str(games[index].number), (layout.x_of(index, count), layout.axis_y),
                  size=SMALL_PX, colour=PALETTE.ink_soft, align="midtop")
    if count > 1:  # the words between the two numbers, clear of both
        font = theme.font(SMALL_PX)
        left = layout.x_of(0, count) + font.size(str(games[0].number))[0] // 2 + 24
        right = layout.x_of(count - 1, count) - font.size(str(games[-1].number))[0] // 2 - 24
        words, size = draw.shrink_to_fit(theme, _("games in the order played"), right - left, SMALL_PX)
        draw.text(surface, theme, words, ((left + right) // 2, layout.axis_y), size=size, colour=PALETTE.ink_soft,
                  align="midtop")


def records_picture(theme: Theme, history: GameHistory, duel: bool, player: str, title: str, *,
                    size: tuple[int, int] = (1280, 720)) -> pygame.Surface:
    """The chart as a picture of its own (saved from the Records screen): on the table, with a heading."""
    picture = pygame.Surface(size)
    picture.blit(theme.table_texture(size), (0, 0))
    heading = _("Records of {name}: {game}").format(name=player, game=title)
    draw.text(picture, theme, draw.fit(theme, heading, size[0] - 48, 30), (24, 14), size=30, colour=PALETTE.on_felt)
    card = pygame.Rect(16, 62, size[0] - 32, size[1] - 78)
    draw.cardboard(picture, card)
    draw_history(picture, theme, chart_layout(theme, card.inflate(-48, -36), duel), history, duel)
    return picture
