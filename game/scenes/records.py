"""Records: for every name used at the table, games played and won and personal bests, per game, and a
chart of each game's results over time.

Names are listed the most recently seen first (then the one with the most
games); Up/Down or a click chooses one, and the card beside it shows each game
played under that name (Page Up/Down or the wheel over it when they do not all fit).  The chooser at the
card's top (Tab to it, then Left/Right), or a click on a game's row, turns the card to one game's chart: the
result of each game and the share of games won so far; pointing at a game tells it, and Save picture keeps
the chart as a PNG in the pictures folder.  A damaged records file is reported once and set aside (records
start afresh), never a crash.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Hashable

import pygame

from game.core.records import (GameHistory, game_history, load_records, number_text, player_records,
                                players_in_order, record_label)
from game.i18n import _, format_percent, ngettext
from game.ui import draw
from game.ui.menu import MenuScene, screen_title
from game.ui.records_chart import ChartLayout, chart_layout, draw_history, records_picture
from game.ui.saved_pictures import save_and_tell
from game.ui.theme import BODY_PX, PALETTE, SMALL_PX, Theme, darker
from game.ui.widgets import Button, ChoiceList, Cycle, Widget

if TYPE_CHECKING:
    from game.app import App

NAMES_RECT = pygame.Rect(70, 128, 300, 456)
CARD_RECT = pygame.Rect(392, 128, 818, 456)
NAME_ROW = 46
#: width of the game's title on the card
GAME_COLUMN = 230
#: the card without its margins; its top row holds the name and the chooser of what the card shows
CARD_INNER = CARD_RECT.inflate(-40, -32)
CHOOSER_RECT = pygame.Rect(CARD_INNER.right - 380, CARD_INNER.y - 4, 380, 44)
CHART_RECT = pygame.Rect(CARD_INNER.x, CHOOSER_RECT.bottom + 14, CARD_INNER.width,
                         CARD_INNER.bottom - CHOOSER_RECT.bottom - 14)
NO_HISTORY = GameHistory((), ())


def capitalised(text: str) -> str:
    """The first letter upper case, the rest as written (German nouns keep their capitals)."""
    return text[:1].upper() + text[1:]


def shown_player_name(app: "App", name: str) -> str:
    """A name with records as the table showed it: a seat's default name (a colour) in the reader's language."""
    return next((spec.seat_label(name) for spec in app.specs.values() if name in spec.default_seat_names()), name)


class NameList(ChoiceList):
    """The names with records; Up/Down or a click chooses whose records are shown."""

    row_height = NAME_ROW
    header = 5
    page = 8

    def __init__(self, rect: pygame.Rect, names: list[tuple[str, int]], on_choose: Callable[[int], None],
                 selected: int = 0) -> None:
        super().__init__(rect, names, on_choose=on_choose, selected=selected)

    @property
    def names(self) -> list[tuple[str, int]]:
        return self.items

    def look(self) -> Hashable:
        return (tuple(self.names), self.selected, self.top)

    def paint(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        dx, dy = rect.x - self.rect.x, rect.y - self.rect.y
        draw.cardboard(surface, rect, lifted=False, inner_line=False)
        for index in range(self.top, min(len(self.names), self.top + self.visible_rows)):
            row = self.row_rect(index)
            assert row is not None
            row = row.move(dx, dy)
            name, games = self.names[index]
            if index == self.selected:
                self.paint_selected_row(surface, row)
            shown, size = draw.shrink_to_fit(theme, name, row.width - 110, BODY_PX)
            draw.text(surface, theme, shown, (row.x + 14, row.centery), size=size, colour=PALETTE.ink,
                      align="midleft")
            draw.text(surface, theme, ngettext("{count} game", "{count} games", games).format(count=games),
                      (row.right - 12, row.centery),
                      size=SMALL_PX, colour=PALETTE.ink_soft, align="midright")
        self.paint_scrollbar(surface, rect)


class RecordsScene(MenuScene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.data: dict[str, Any] = {"players": {}}
        self.names: list[tuple[str, int]] = []
        self.chosen = 0
        self.problem: str | None = None
        self.list: NameList | None = None
        #: the first of the chosen player's games shown on the card
        self.card_first = 0
        #: the game whose chart the card shows (None: every game's totals)
        self.shown_game: str | None = None
        self.history = NO_HISTORY
        self.duel = False
        #: where the chart's parts lie (None: no chart on the card)
        self.layout: ChartLayout | None = None
        #: the game of the chart under the pointer, told under the chart
        self.hovered_game: int | None = None
        self.chooser: Cycle | None = None
        self.save_button: Button | None = None
        #: where the totals card drew each game's row (a click there opens that game's chart)
        self.rows: list[tuple[pygame.Rect, str]] = []
        #: the game whose row on the totals card is under the pointer
        self.hovered_row: str | None = None

    def on_enter(self) -> None:
        try:
            self.data, self.problem = load_records()
        except OSError as exc:
            self.data = {"players": {}}
            self.problem = _("The records file could not be read or set aside ({reason}).").format(
                reason=exc.strerror or exc.__class__.__name__)
        players = self.data["players"]
        self.names = [(name, sum(e["played"] for e in players[name].values())) for name in
                      players_in_order(self.data)]
        super().on_enter()
        if self.problem:
            self.app.manager.push(self.app.scenes.dialog(_("Please note"), self.problem, [(_("OK"), lambda: None)]))
            self.problem = None

    def build(self) -> None:
        # records are kept by the stored name; a default name (a colour) reads in the reader's language
        shown = [(shown_player_name(self.app, name), games) for name, games in self.names]
        self.list = NameList(NAMES_RECT, shown, self.choose, self.chosen)
        self.form.add(self.list)
        if not self.names:
            self.chooser = self.save_button = None
            self.back = self.form.add(Button((640 - 110, 612, 220, 50), _("Back"), self.on_back, primary=True))
            return
        self.chooser = Cycle(CHOOSER_RECT, self.chart_choices(), self.shown_game, self.show_game)
        self.form.add(self.chooser)
        self.save_button, self.back = self.button_row([
            (_("Save picture"), self.save_chart, {"tooltip": _("Save this chart as a picture in your pictures "
                                                                "folder.")}),
            (_("Back"), self.on_back, {})], 640, 612, width=240)
        self.arrange_chart()

    def default_focus(self) -> Widget | None:
        return self.list if self.names else self.back

    def choose(self, index: int) -> None:
        self.chosen = index
        self.card_first = 0
        if self.shown_game not in self.games_of(self.names[index][0]):
            self.shown_game = None
        if self.chooser is not None:
            self.chooser.choices = self.chart_choices()
            self.chooser.value = self.shown_game
        self.arrange_chart()

    def chart_choices(self) -> list[tuple[str | None, str]]:
        """What the card can show for the chosen name: every game's totals, then each game's chart."""
        specs = self.app.specs
        games = self.games_of(self.names[self.chosen][0]) if self.names else []
        return [(None, _("All games")), *((gid, specs[gid].title if gid in specs else gid) for gid in games)]

    def show_game(self, game_id: str | None) -> None:
        self.shown_game = game_id
        self.hovered_row = None
        self.arrange_chart()

    def row_at(self, pos: tuple[int, int]) -> str | None:
        """The game whose row on the totals card lies under ``pos`` (None on the charts)."""
        if self.shown_game is not None:
            return None
        return next((game_id for rect, game_id in self.rows if rect.collidepoint(pos)), None)

    def arrange_chart(self) -> None:
        """The shown game's history and where its chart lies; Save picture only when there is a chart."""
        self.hovered_game = None
        name = self.names[self.chosen][0] if self.names else ""
        self.history = game_history(self.data, name, self.shown_game) if self.shown_game else NO_HISTORY
        spec = self.app.specs.get(self.shown_game or "")
        self.duel = spec.max_seats == 2 if spec else all(game.seats == 2 for game in self.history.games)
        self.layout = chart_layout(self.theme, CHART_RECT, self.duel) if self.history.games else None
        if self.save_button is not None:
            self.save_button.enabled = self.layout is not None
            self.save_button.disabled_reason = (
                _("Choose one game's chart first with the arrows at the top; that chart is saved as a "
                  "picture.") if self.shown_game is None
                else _("This game has no chart yet."))

    def save_chart(self) -> None:
        if self.layout is None or self.shown_game is None:
            return
        name = self.names[self.chosen][0]
        game_id, history, duel = self.shown_game, self.history, self.duel
        spec = self.app.specs.get(game_id)
        title = spec.title if spec else game_id
        save_and_tell(self, lambda: records_picture(self.theme, history, duel, shown_player_name(self.app, name),
                                                    title), game_id, "records", name)

    def games_of(self, name: str) -> list[str]:
        """The games a name has records in: in the box's order, then games no longer installed."""
        records = player_records(self.data, name)
        specs = self.app.specs
        return [gid for gid in specs if gid in records] + [gid for gid in records if gid not in specs]

    def scroll_card(self, step: int) -> None:
        """Show the chosen player's games from a later (or earlier) one when they do not all fit."""
        games = len(self.games_of(self.names[self.chosen][0])) if self.names else 0
        self.card_first = max(0, min(games - 1, self.card_first + step))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hovered_game = self.layout.game_at(event.pos, len(self.history.games)) if self.layout else None
            self.hovered_row = self.row_at(event.pos)
        totals = self.shown_game is None
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        clicked_row = self.row_at(event.pos) if clicked else None
        if clicked_row is not None and self.chooser is not None:
            self.chooser.value = clicked_row
            self.show_game(clicked_row)
        elif totals and event.type == pygame.MOUSEWHEEL and CARD_RECT.collidepoint(self.app.pointer):
            self.scroll_card(-1 if event.y > 0 else 1)
        elif totals and event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_card(-1 if event.key == pygame.K_PAGEUP else 1)
        else:
            super().handle_event(event)

    def on_back(self) -> None:
        self.app.manager.pop(self)

    def backdrop_key(self) -> Hashable:
        return self.chosen, self.card_first, self.shown_game, self.hovered_game, self.hovered_row

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        super().draw_backdrop(surface)
        screen_title(surface, self.theme, _("Records"),
                     _("Games played and won, and personal bests, by the name used at the table"), y=24)
        draw.cardboard(surface, CARD_RECT)
        if not self.names:
            message = _("No records yet. Finish a game with a human player, and the results for the name used at "
                         "the table appear here: games played and won, and personal bests.")
            draw.paragraph(surface, self.theme, message, CARD_RECT.inflate(-120, -300), size=BODY_PX,
                           colour=PALETTE.ink_soft, align="center")
            return
        name = self.names[self.chosen][0]
        shown, size = draw.shrink_to_fit(self.theme, shown_player_name(self.app, name),
                                         CHOOSER_RECT.left - CARD_INNER.left - 16, 30)
        draw.text(surface, self.theme, shown, (CARD_INNER.x, CHOOSER_RECT.centery), size=size, colour=PALETTE.ink,
                  align="midleft")
        if self.shown_game is None:
            self.draw_player(surface, name)
        elif self.layout is None:
            spec = self.app.specs.get(self.shown_game)
            message = _("No result of {game} is kept game by game for this name yet: the chart begins with the "
                        "next game finished.").format(game=spec.title if spec else self.shown_game)
            draw.paragraph(surface, self.theme, message, CHART_RECT.inflate(-100, -60).move(0, 30), size=BODY_PX,
                           colour=PALETTE.ink_soft, align="center")
        else:
            draw_history(surface, self.theme, self.layout, self.history, self.duel, shown=self.hovered_game)

    def draw_player(self, surface: pygame.Surface, name: str) -> None:
        """Every game's totals and personal bests, a row each."""
        theme = self.theme
        card = CARD_INNER
        # numbers right-aligned under their headings, as far apart as the headings and widest values need
        small, body = theme.font(SMALL_PX), theme.font(BODY_PX)
        played = card.x + GAME_COLUMN + 14 + small.size(_("Played"))[0]
        won = played + 14 + max(small.size(_("Won"))[0], body.size("999")[0])
        rate = won + 14 + max(small.size(_("Win %"))[0], body.size("100 %")[0])
        columns = {"played": played, "won": won, "rate": rate}
        bests_x = rate + 24
        bests_width = card.right - bests_x
        y = card.y + 50
        for key, label in (("played", _("Played")), ("won", _("Won")), ("rate", _("Win %"))):
            draw.text(surface, theme, label, (columns[key], y), size=SMALL_PX, colour=PALETTE.ink_soft,
                      align="topright")
        draw.text(surface, theme, _("Game"), (card.x, y), size=SMALL_PX, colour=PALETTE.ink_soft)
        draw.text(surface, theme, _("Personal bests"), (bests_x, y), size=SMALL_PX, colour=PALETTE.ink_soft)
        y += 28
        pygame.draw.line(surface, PALETTE.card_edge, (card.x, y - 4), (card.right, y - 4), 2)
        specs = self.app.specs
        records = player_records(self.data, name)
        order = self.games_of(name)
        line_height = theme.font(SMALL_PX).get_linesize()
        first = min(self.card_first, len(order) - 1)
        self.rows = []
        for game_id in order[first:]:
            record = records[game_id]
            spec = specs.get(game_id)
            title = spec.title if spec else game_id
            labels = dict(spec.state_class.record_labels) if spec else {}
            bests = [_("{label}: {value}").format(label=capitalised(record_label(key, labels)),
                                                  value=number_text(value))
                     for key, value in sorted(record.best.items(), key=lambda kv: list(labels).index(kv[0])
                                              if kv[0] in labels else len(labels))]
            best_lines = [line for best in bests for line in draw.wrap(theme, best, bests_width, SMALL_PX)]
            height = max(40, len(best_lines) * line_height + 14)
            last = game_id == order[-1]
            if y + height > card.bottom - (0 if last and not first else line_height):
                self._draw_more(surface, card, y, first, order.index(game_id), len(order))
                return

            row = pygame.Rect(card.x - 8, y - 2, card.width + 26, height + 4)
            self.rows.append((row, game_id))
            if game_id == self.hovered_row:  # lit, with an arrow in the card's margin: a click opens the chart
                pygame.draw.rect(surface, darker(PALETTE.card, 0.06), row, border_radius=6)
                tip = (card.right + 13, y + 18)
                pygame.draw.polygon(surface, PALETTE.ink_soft,
                                    [(tip[0] - 7, tip[1] - 7), tip, (tip[0] - 7, tip[1] + 7)])
            centre = y + 18
            shown, size = draw.shrink_to_fit(theme, title, GAME_COLUMN, BODY_PX)
            title_y = centre - 8 if record.hinted else centre
            draw.text(surface, theme, shown, (card.x, title_y), size=size, colour=PALETTE.ink, align="midleft")
            if record.hinted:
                mark, mark_size = draw.shrink_to_fit(theme, _("with hints: {count}").format(count=record.hinted),
                                                     GAME_COLUMN, SMALL_PX)
                draw.text(surface, theme, mark, (card.x, centre + 12), size=mark_size, colour=PALETTE.ink_soft,
                          align="midleft")
            rate = format_percent(record.won / record.played) if record.played else "–"
            for key, text in (("played", str(record.played)), ("won", str(record.won)), ("rate", rate)):
                draw.text(surface, theme, text, (columns[key], centre), size=BODY_PX, colour=PALETTE.ink,
                          align="midright")
            best_y = y + 6
            for line in best_lines or ["–"]:
                draw.text(surface, theme, line, (bests_x, best_y), size=SMALL_PX,
                          colour=PALETTE.ink if bests else PALETTE.ink_faint)
                best_y += line_height
            y += height + 6
            pygame.draw.line(surface, darker(PALETTE.card, 0.12), (card.x, y - 3), (card.right, y - 3), 1)
        if first:
            self._draw_more(surface, card, y, first, len(order), len(order))

    def _draw_more(self, surface: pygame.Surface, card: pygame.Rect, y: int, first: int, end: int,
                   total: int) -> None:
        """Which games the card shows when not all fit, and how to see the others."""
        note = _("Games {first} to {last} of {total}: Page Up/Down or the wheel for the others").format(
            first=first + 1, last=end, total=total)
        shown, size = draw.shrink_to_fit(self.theme, note, card.width, SMALL_PX)
        draw.text(surface, self.theme, shown, (card.x, y), size=size, colour=PALETTE.ink_soft)
