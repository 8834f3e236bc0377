"""Replays: every finished game kept, and unfinished ones so far, to watch again.

A list, newest first (game, date, players, winner, moves), scrolled with the
wheel, the arrows or Page Up/Down; Enter or a double click opens the selected
game in the replay viewer (a game not over in the public view only).  Export
writes a finished game's replay text to the exports folder and says where (a
game not over has none: the file would hold every hidden card), with the key
moments of its story after the moves (a story never told is told first, on a
worker thread behind a progress bar, and kept beside the replay); Import reads
a replay file from a typed path or a file dropped onto the window; Delete asks
first.  A file that cannot be read is reported in words and set aside; the
rest of the list is never affected.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Hashable, Mapping

import pygame

from game.core.archive import (
    EXPORT_CLOSED, KEEP_NEWEST, ReplayEntry, clean_path_text, delete_entry, export_replay, import_replay, list_entries,
    load_story, open_entry, save_story, set_aside_broken,
)
from game.core.replay import Replay, ReplayError
from game.core.spec import GameSpec
from game.core.story import Story, seat_names
from game.i18n import _
from game.scenes.story import StoryTeller
from game.ui import draw
from game.ui.menu import MenuScene, screen_title
from game.ui.story_chart import Seats, draw_progress, moment_notes
from game.ui.theme import BODY_PX, HEADING_PX, PALETTE, SMALL_PX, Theme, darker
from game.ui.widgets import Button, ChoiceList, Label, Panel, TextInput, Widget

if TYPE_CHECKING:
    from game.app import App

LIST_RECT = pygame.Rect(70, 128, 1140, 456)
#: the card shown while a story is told for an export
TELLING_RECT = pygame.Rect(340, 220, 600, 280)
ROW_HEIGHT = 56
HEADER_ROW = 34
#: list columns: x offsets inside the list
COLUMNS = {"game": 18, "date": 250, "players": 440, "result": 800, "moves": 1100}


class ReplayList(ChoiceList):
    """The scrolling list of games; Up/Down choose, Enter (or a double click) opens."""

    row_height = ROW_HEIGHT
    header = HEADER_ROW
    page = 6

    def __init__(self, rect: pygame.Rect, entries: list[ReplayEntry], on_open: Callable[[ReplayEntry], None],
                 *, colour_blind: bool, specs: Mapping[str, GameSpec], selected: int = 0) -> None:
        super().__init__(rect, entries, on_open=lambda index: on_open(self.entries[index]), selected=selected)
        self.colour_blind = colour_blind
        #: the games, for the players' names as shown (a default name reads in the reader's language)
        self.specs = specs

    @property
    def entries(self) -> list[ReplayEntry]:
        return self.items

    def current(self) -> ReplayEntry | None:
        return self.entries[self.selected] if self.entries else None

    def look(self) -> Hashable:
        return (tuple(self.entries), self.selected, self.top, self.colour_blind)

    def paint_area(self) -> pygame.Rect:
        return self.rect.inflate(8, 8)

    def paint(self, surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
        dx, dy = rect.x - self.rect.x, rect.y - self.rect.y
        draw.cardboard(surface, rect, lifted=False, inner_line=False)
        for key, label in (("game", _("Game")), ("date", _("Played")), ("players", _("Players")),
                           ("result", _("Result")), ("moves", _("Moves"))):
            align = "topright" if key == "moves" else "topleft"
            x = rect.x + COLUMNS[key] + (6 if key == "moves" else 0)
            draw.text(surface, theme, label, (x, rect.y + 8), size=SMALL_PX, colour=PALETTE.ink_soft, align=align)
        pygame.draw.line(surface, PALETTE.card_edge, (rect.x + 12, rect.y + HEADER_ROW - 2),
                         (rect.right - 12, rect.y + HEADER_ROW - 2), 2)
        if not self.entries:
            message = _("No replays yet. Every game you finish is kept here, and games in progress show how far "
                         "they got. You can also import a replay file someone sent you.")
            draw.paragraph(surface, theme, message, pygame.Rect(rect.x + 160, rect.y + 150, rect.width - 320, 120),
                           size=BODY_PX, colour=PALETTE.ink_soft, align="center")
            return
        for index in range(self.top, min(len(self.entries), self.top + self.visible_rows)):
            row = self.row_rect(index)
            assert row is not None
            self.paint_row(surface, theme, row.move(dx, dy), self.entries[index], index == self.selected)
        self.paint_scrollbar(surface, rect)

    def paint_row(self, surface: pygame.Surface, theme: Theme, row: pygame.Rect, entry: ReplayEntry,
                  selected: bool) -> None:
        if selected:
            self.paint_selected_row(surface, row)
        else:
            pygame.draw.line(surface, darker(PALETTE.card, 0.1), (row.x + 8, row.bottom + 2),
                             (row.right - 8, row.bottom + 2), 1)
        x0 = row.x - 6
        centre = row.centery
        title, size = draw.shrink_to_fit(theme, _(entry.title), 220, BODY_PX)
        draw.text(surface, theme, title, (x0 + COLUMNS["game"], centre), size=size, colour=PALETTE.ink,
                  align="midleft")
        played, size = draw.shrink_to_fit(theme, entry.played_at or _("date unknown"),
                                          COLUMNS["players"] - COLUMNS["date"] - 12, SMALL_PX)
        draw.text(surface, theme, played, (x0 + COLUMNS["date"], centre), size=size, colour=PALETTE.ink_soft,
                  align="midleft")
        x = x0 + COLUMNS["players"]
        limit = x0 + COLUMNS["result"] - 16
        spec = self.specs.get(entry.game_id)
        names = [spec.seat_label(name) for name in entry.names] if spec else list(entry.names)
        for number, (name, colour) in enumerate(zip(names, entry.colours + ("#888888",) * len(names))):
            # a name is shown whole (smaller if need be) or not at all: "+3" says how many more played
            more = f"+{len(names) - number}"
            room = min(130, limit - theme.font(SMALL_PX).size(more)[0] - 12 - (x + 21))
            size = draw.fitting_size(theme, name, room, SMALL_PX) if room > 0 else None
            if size is None:
                draw.text(surface, theme, more, (x, centre), size=SMALL_PX, colour=PALETTE.ink_soft, align="midleft")
                break
            chip = pygame.Rect(x, centre - 8, 16, 16)
            draw.team_marker(surface, chip, colour, marked=self.colour_blind, radius=4)
            x = draw.text(surface, theme, name, (chip.right + 5, centre), size=size, colour=PALETTE.ink,
                          align="midleft").right + 14
        if entry.autosave:
            result, colour = _("so far (still being played)"), PALETTE.accent_dark
        elif entry.winner:
            winner = spec.seat_label(entry.winner) if spec else entry.winner
            result, colour = _("{name} won").format(name=winner), PALETTE.ink
        elif entry.finished:
            result, colour = _("no single winner"), PALETTE.ink_soft
        else:
            result, colour = _("unfinished"), PALETTE.ink_soft
        result, size = draw.shrink_to_fit(theme, result, 250, SMALL_PX)
        draw.text(surface, theme, result, (x0 + COLUMNS["result"], centre), size=size, colour=colour,
                  align="midleft")
        draw.text(surface, theme, str(entry.moves), (x0 + COLUMNS["moves"], centre), size=BODY_PX,
                  colour=PALETTE.ink, align="midright")

class ReplaysScene(MenuScene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.entries: list[ReplayEntry] = []
        self.list: ReplayList | None = None
        self._selected = 0
        self._export: Button | None = None
        self._delete: Button | None = None

    # --- data ------------------------------------------------------------------------------
    def refresh(self, select: Path | None = None) -> None:
        """Read the archive and the autosaves again; broken files are set aside and reported."""
        try:
            self.entries, problems = list_entries(self.app.playable_specs())
        except OSError as exc:
            self.entries, problems = [], [_("The replays folder could not be read ({reason}).").format(
                reason=exc.strerror or exc.__class__.__name__)]
        self.messages.extend(problems)
        if select is not None:
            self._selected = next((i for i, e in enumerate(self.entries) if e.path == select), 0)
        self.rebuild()

    def on_enter(self) -> None:
        self.refresh()
        super().on_enter()
        self.show_messages()

    def on_resume(self) -> None:
        super().on_resume()
        self.show_messages()

    def selected(self) -> ReplayEntry | None:
        return self.list.current() if self.list is not None else None

    # --- widgets ---------------------------------------------------------------------------------
    def build(self) -> None:
        if self.list is not None:
            self._selected = self.list.selected
        self.list = ReplayList(LIST_RECT, self.entries, self.watch, colour_blind=self.app.settings.colour_blind,
                               specs=self.app.specs, selected=self._selected)
        self.form.add(self.list)
        has = bool(self.entries)
        entry = self.list.current()
        can_delete = has and entry is not None and not entry.autosave
        can_export = entry is not None and entry.finished
        buttons = self.button_row([
            (_("Watch"), self.watch_selected, {"primary": True, "enabled": has,
                                            "disabled_reason": _("There is no replay to watch yet."),
                                            "tooltip": _("Open the selected game (Enter or double click).")}),
            (_("Export"), self.export_selected, {"enabled": can_export,
                                              "disabled_reason": _(EXPORT_CLOSED) if has
                                              else _("There is no replay to export."),
                                              "tooltip": _("Save its replay as a text file you can send.")}),
            (_("Import…"), self.ask_import, {"tooltip": _("Add a replay file (or drop one onto the window).")}),
            (_("Delete"), self.ask_delete, {"enabled": can_delete,
                                         "disabled_reason": _("A game still being played cannot be deleted here.")
                                         if has else _("There is nothing to delete."),
                                         "tooltip": _("Delete the selected replay (asks first).")}),
            (_("Back"), self.on_back, {}),
        ], 640, 612, width=196, gap=16)
        self._export, self._delete = buttons[1], buttons[3]

    def default_focus(self) -> Widget | None:
        return self.list

    def update(self, dt: float) -> None:
        super().update(dt)
        entry = self.selected()
        if self._delete is not None:
            self._delete.enabled = entry is not None and not entry.autosave
        if self._export is not None:
            self._export.enabled = entry is not None and entry.finished
            self._export.disabled_reason = _(EXPORT_CLOSED) if entry is not None else _("There is no replay to export.")

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        super().draw_backdrop(surface)
        screen_title(surface, self.theme, _("Replays"),
                     _("Finished games (the newest {count}) from any seat; games still being played in the "
                       "public view").format(count=KEEP_NEWEST), y=24)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:
            self.import_from(Path(event.file))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE and self.selected() is not None:
            self.ask_delete()
            return
        super().handle_event(event)

    def on_back(self) -> None:
        self.app.manager.pop(self)

    # --- actions ----------------------------------------------------------------------------------
    def watch_selected(self) -> None:
        entry = self.selected()
        if entry is not None:
            self.watch(entry)

    def watch(self, entry: ReplayEntry) -> None:
        try:
            replay = open_entry(entry, self.app.playable_specs())
        except ReplayError as exc:
            problem = _("'{game}' of {date} cannot be played back: {reason}").format(
                game=_(entry.title), date=entry.played_at, reason=exc)
            self.messages.append(set_aside_broken(entry.path, problem))
            self.refresh()
            self.show_messages()
            return
        self.app.manager.push(self.app.scenes.replay_viewer(replay, entry.stem))

    def export_selected(self) -> None:
        """Export the selected game with its story's key moments, telling the story first if it never was."""
        entry = self.selected()
        if entry is None:
            return
        try:
            replay = open_entry(entry, self.app.playable_specs())
        except ReplayError as exc:
            self.messages.append(_("'{game}' cannot be exported: {reason}").format(game=_(entry.title), reason=exc))
            self.show_messages()
            return
        story = None if entry.autosave else load_story(entry.path, len(replay), len(replay.seats))
        if story is None and replay.secrets_open():
            self.app.manager.push(StoryForExportScene(self.app, replay,
                                                      lambda teller: self.export_told(entry, replay, teller)))
            return
        self.export(entry, replay, story)

    def export_told(self, entry: ReplayEntry, replay: Replay, teller: StoryTeller) -> None:
        """The story was told for the export: keep it beside the replay, then export (without key moments if
        it could not be told, and say why)."""
        if teller.story is not None:
            problem = save_story(entry.path, teller.story)
        else:
            problem = teller.problem
        if problem:
            self.messages.append(problem)
        self.export(entry, replay, teller.story)

    def export(self, entry: ReplayEntry, replay: Replay, story: Story | None) -> None:
        names = Seats(tuple(seat.colour for seat in replay.seats), seat_names(replay)).namer()
        notes = moment_notes(replay, story, names) if story is not None else []
        try:
            path = export_replay(replay, entry.stem, story, notes)
        except ReplayError as exc:
            self.messages.append(_("'{game}' cannot be exported: {reason}").format(game=_(entry.title), reason=exc))
        except OSError as exc:
            self.messages.append(_("The replay could not be written ({reason}).").format(
                reason=exc.strerror or exc.__class__.__name__))
        else:
            saved = _("The replay was saved as:\n\n{path}\n\nSend this file to anyone with Breakaway Box; they can "
                      "add it with Import.").format(path=path)
            self.app.manager.push(self.app.scenes.dialog(_("Replay exported"), saved, [(_("OK"), lambda: None)]))
        self.show_messages()

    def ask_delete(self) -> None:
        entry = self.selected()
        if entry is None or entry.autosave:
            return
        who = ", ".join(entry.names)
        self.app.manager.push(self.app.scenes.dialog(
            _("Delete this replay?"), _("{game}, {date}: {players}. The replay file is deleted for good.").format(
                game=_(entry.title), date=entry.played_at or _("date unknown"), players=who),
            [(_("Delete"), lambda: self.delete(entry)), (_("Keep it"), lambda: None)], primary=1))

    def delete(self, entry: ReplayEntry) -> None:
        problem = delete_entry(entry)
        if problem:
            self.messages.append(problem)
        self.refresh()

    def ask_import(self) -> None:
        self.app.manager.push(ImportScene(self.app, self.import_from))

    def import_from(self, source: Path) -> None:
        try:
            entry, new = import_replay(source, self.app.playable_specs())
        except ReplayError as exc:
            self.messages.append(_("'{file}' cannot be imported: {reason}").format(file=source.name or source,
                                                                                    reason=exc))
            self.show_messages()
            return
        self.refresh(select=entry.path)
        note = _("It is now at the top of your replays.") if new else _("It was already in your replays.")
        spec = self.app.specs.get(entry.game_id)
        names = ", ".join(spec.seat_label(name) if spec else name for name in entry.names)
        about = _("{label}: {value}").format(label=_(entry.title), value=names)
        self.app.manager.push(self.app.scenes.dialog(
            _("Replay imported") if new else _("Already there"), f"{about}. {note}",
            [(_("Watch now"), lambda: self.watch(entry)), (_("OK"), lambda: None)]))


class StoryForExportScene(MenuScene):
    """Over the replays: the story of a game told on a worker thread before its export, so that the file can
    list the key moments; a progress bar fills, Cancel (or Esc) stops and exports nothing."""

    opaque = False

    def __init__(self, app: "App", replay: Replay, on_told: Callable[[StoryTeller], None]) -> None:
        super().__init__(app)
        self.on_told = on_told
        self.teller = StoryTeller(replay)
        self.teller.start()
        #: the telling's progress as this frame shows it (the worker moves it at any moment)
        self.progress = 0.0
        self.bar = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        panel = Panel(TELLING_RECT, _("Exporting the replay"), title_size=HEADING_PX - 2)
        self.form.add(panel)
        inner = panel.inner
        self.form.add(Label((inner.x, inner.y + 4, inner.width, 84),
                            _("First the story of the game is told, so that the file lists its key moments. "
                              "It is kept for next time."), size=SMALL_PX, colour=PALETTE.ink_soft))
        self.bar = pygame.Rect(inner.x, inner.y + 96, inner.width, 22)
        self.button_row([(_("Cancel"), self.on_back, {"tooltip": _("Stop; nothing is exported.")})],
                        TELLING_RECT.centerx, TELLING_RECT.bottom - 74, width=230)

    def update(self, dt: float) -> None:
        self.progress = self.teller.progress
        if self.teller.done():
            self.app.manager.pop(self)
            self.on_told(self.teller)
            return
        super().update(dt)

    def draw_front(self, surface: pygame.Surface) -> None:
        draw_progress(surface, self.theme, self.bar, self.progress)
        super().draw_front(surface)

    def on_back(self) -> None:
        self.app.manager.pop(self)

    def on_exit(self) -> None:
        self.teller.cancel()


class PathInput(TextInput):
    """A text field for a file path: long paths show their end, where the file name is."""

    def shown_text(self, font: pygame.font.Font, room: int) -> tuple[int, str]:
        start = 0
        while start < self.caret and font.size(self.text[start:self.caret])[0] > room:
            start += 1
        shown = self.text[start:]
        while shown and font.size(shown)[0] > room:
            shown = shown[:-1]
        return start, shown


class ImportScene(MenuScene):
    """Import a replay: type or paste its path, or drop the file onto the window."""

    opaque = False

    def __init__(self, app: "App", on_import: Callable[[Path], None]) -> None:
        super().__init__(app)
        self.on_import = on_import
        self.path_text = ""
        self.field: PathInput | None = None

    def build(self) -> None:
        panel = Panel(pygame.Rect(240, 200, 800, 320), _("Import a replay"), title_size=HEADING_PX - 2)
        self.form.add(panel)
        inner = panel.inner
        self.form.add(Label((inner.x, inner.y + 4, inner.width, 60),
                            _("Type the full path of a replay file (.txt), or drag the file from your file manager "
                              "and drop it onto this window."), size=SMALL_PX, colour=PALETTE.ink_soft))
        example = _("for example  {path}").format(path="~/Downloads/2024-05-01_1432_breakout.txt")
        self.field = PathInput((inner.x, inner.y + 78, inner.width, 48), self.path_text, self._typed,
                               max_length=1000, placeholder=example)
        self.form.add(self.field)
        self.button_row([(_("Import"), self.submit, {"primary": True}), (_("Cancel"), self.on_back, {})],
                        panel.rect.centerx, panel.rect.bottom - 74, width=200)

    def _typed(self, text: str) -> None:
        self.path_text = text

    def default_focus(self) -> Widget | None:
        return self.field

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:
            self.app.manager.pop(self)
            self.on_import(Path(event.file))
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.form.focus is self.field:
            self.submit()
            return
        super().handle_event(event)

    def submit(self) -> None:
        self.app.manager.pop(self)
        self.on_import(clean_path_text(self.path_text))

    def on_back(self) -> None:
        self.app.manager.pop(self)

