"""Leader 1's stage race between stages and at its end: what each stage gave, in rows and in words.

``stage_summary`` reads one stage's result (the engine's ``stage_results``): the
finish order with each rider's turns behind the winner, the general
classification after it with the squares behind the leader, what the stage
moved each rider's token (the stage win, bonus time, turns lost) and the energy
he carries into the next stage (D.3, at most 15).  ``StageBreakScene`` shows it
over the table after every stage but the last and waits for the players
(Continue or Enter); with bots alone it closes by itself after a moment.
``race_summary_lines`` tells the whole race for the results screen.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from game.i18n import _, ngettext, words
from game.ui import draw
from game.ui.menu import MenuScene
from game.ui.theme import HEADING_PX, PALETTE, SMALL_PX, darker, lighter
from game.ui.widgets import Button, Widget

from .course import course_for
from .races import race_title
from .scene_panels import ordinal
from .views import Leader1View, RiderView

if TYPE_CHECKING:
    from game.app import App

    from .scene import Leader1Scene

#: seconds the screen between stages stays up when only bots ride (nobody is there to press Enter)
BOTS_ONLY_SECONDS = 4.0
BAND_HEIGHT = 74
ROW_HEIGHT = 28
PANEL_WIDTH = 1040


@dataclass(frozen=True)
class FinishRow:
    rider: int
    place: int
    turns_behind: int


@dataclass(frozen=True)
class StandingRow:
    rider: int
    place: int
    squares_behind: int
    #: squares the stage moved his token: +2 for the win, +1 per bonus time, -1 per turn behind the winner
    gained: int
    bonuses: int
    #: energy taken into the next stage (0 for a rider out of the race)
    carried: int
    out: bool


@dataclass(frozen=True)
class StageSummary:
    stage: int
    stages: int
    race: str
    finish: tuple[FinishRow, ...]
    standings: tuple[StandingRow, ...]


def race_name(key: str) -> str:
    """A race of the calendar by its title in the reader's language."""
    return words(race_title(course_for(key).race))


def stage_summary(view: Leader1View, stage: int) -> StageSummary:
    """What stage ``stage`` (0 = the first) of a stage race gave, from a view's stage results."""
    results = view["stage_results"]
    result = results[stage]
    order = list(result["finish_order"])
    gaps = list(result.get("turns_behind", [0] * len(order)))
    finish = tuple(FinishRow(rider, place, gap) for place, (rider, gap) in enumerate(zip(order, gaps), start=1))
    count = len(view["riders"])
    squares = list(result.get("gc_squares", [0] * count))
    before = list(results[stage - 1].get("gc_squares", [0] * count)) if stage > 0 else [0] * count
    bonuses = list(result.get("bonuses", [0] * count))
    carried = list(result.get("carried", [0] * count))
    out_stage = list(result.get("out_stage", [-1] * count))
    ranking = list(result.get("gc", order))
    standing = [r for r in ranking if out_stage[r] < 0]
    best = max((squares[r] for r in standing), default=0)
    rows = []
    for place, rider in enumerate(ranking, start=1):
        if out_stage[rider] >= 0 and out_stage[rider] < stage:
            continue  # out in an earlier stage: that stage's summary told of it
        rows.append(StandingRow(rider, place, best - squares[rider], squares[rider] - before[rider], bonuses[rider],
                                carried[rider], out_stage[rider] >= 0))
    return StageSummary(stage, len(view["calendar"]), race_name(view["calendar"][stage]), finish, tuple(rows))


def turns_words(turns: int) -> str:
    if turns <= 0:
        # TRANSLATORS: a rider who finished a stage in the same turn as its winner
        return _("same turn")
    return ngettext("+{count} turn", "+{count} turns", turns).format(count=turns)


def behind_words(row: StandingRow) -> str:
    """His gap to the leader of the general classification, in a few words."""
    if row.out:
        return _("eliminated")
    if row.squares_behind <= 0:
        # TRANSLATORS: the rider first on the general classification
        return _("in the lead")
    return ngettext("{count} square behind", "{count} squares behind", row.squares_behind).format(
        count=row.squares_behind)


def gap_words(row: StandingRow) -> str:
    """His gap to the leader in a table's column headed "Behind": "leads", "2 squares"."""
    if row.out:
        return _("eliminated")
    if row.squares_behind <= 0:
        # TRANSLATORS: in the column "Behind" of the general classification, for the rider in the lead
        return _("leads")
    return ngettext("{count} square", "{count} squares", row.squares_behind).format(count=row.squares_behind)


def gained_words(row: StandingRow, won: bool) -> str:
    """What the stage did to his token: a signed number of squares, with the stage win or bonus time that
    moved it forward ("+3 (win, bonus)"); turns lost on the winner are in the finish's own column."""
    sign = f"+{row.gained}" if row.gained > 0 else str(row.gained)
    reasons = []
    if won:
        # TRANSLATORS: short, in a table: the squares came from winning the stage
        reasons.append(_("win"))
    if row.bonuses:
        # TRANSLATORS: short, in a table: the squares came from bonus time
        reasons.append(_("bonus"))
    return _("{squares} ({reasons})").format(squares=sign, reasons=", ".join(reasons)) if reasons else sign


def race_summary_lines(view: Leader1View, rider_name: Callable[[RiderView], str]) -> list[str]:
    """The whole stage race for the results: its length, the general classification and the bonus times,
    then each stage's podium and turns and the energy carried from it (``rider_name`` names a view's rider
    as the table does)."""
    riders = view["riders"]
    results = view["stage_results"]
    total = sum(int(result["turns"]) for result in results)
    lines = [ngettext("A stage race of {count} stage, {turns} turns in all.",
                      "A stage race of {count} stages, {turns} turns in all.", len(results)).format(
        count=len(results), turns=total)]
    if not results:
        return lines
    final = stage_summary(view, len(results) - 1)
    ranking = [row for row in final.standings if not row.out]
    lines.append(_("General classification: {riders}.").format(riders=", ".join(
        _("{place}. {rider} ({behind})").format(place=row.place, rider=rider_name(riders[row.rider]),
                                               behind=behind_words(row)) for row in ranking)))
    won = [(riders[row.rider], sum(int(r.get("bonuses", [0] * len(riders))[row.rider]) for r in results))
           for row in ranking]
    earned = [_("{rider} {count}").format(rider=rider_name(rider), count=count) for rider, count in won if count]
    if earned:
        lines.append(_("Bonus times won: {riders}.").format(riders=", ".join(earned)))
    for stage in range(len(results)):
        summary = stage_summary(view, stage)
        turns = int(results[stage]["turns"])
        podium = ", ".join(_("{place} {rider}").format(place=ordinal(row.place), rider=rider_name(riders[row.rider]))
                           for row in summary.finish[:3]) or _("nobody finished")
        lines.append(ngettext("Stage {stage} ({race}, {count} turn): {podium}.",
                              "Stage {stage} ({race}, {count} turns): {podium}.", turns).format(
            stage=stage + 1, race=summary.race, count=turns, podium=podium))
        out = [rider_name(riders[row.rider]) for row in summary.standings if row.out]
        if out:
            lines.append(_("Eliminated in stage {stage}: {riders}.").format(stage=stage + 1, riders=", ".join(out)))
        if stage + 1 < len(results):
            carried = ", ".join(_("{rider} {energy}").format(rider=rider_name(riders[row.rider]), energy=row.carried)
                                for row in summary.standings if not row.out)
            if carried:
                lines.append(_("Energy carried into stage {stage}: {riders}.").format(stage=stage + 2, riders=carried))
    return lines


class StageBreakScene(MenuScene):
    """Between two stages: the stage's finish, the general classification after it and the energy each
    rider takes into the next stage; Continue (Enter) starts the next stage."""

    opaque = False

    def __init__(self, app: "App", match_scene: "Leader1Scene", summary: StageSummary,
                 on_close: Callable[[], None]) -> None:
        super().__init__(app)
        self.match_scene = match_scene
        self.summary = summary
        self.on_close = on_close
        self.age = 0.0
        self.bots_only = not match_scene.match.humans()
        self.closed = False
        self._continue: Button | None = None
        rows = max(len(summary.finish), len(summary.standings), 1)
        self.panel = pygame.Rect(0, 0, PANEL_WIDTH, BAND_HEIGHT + 84 + rows * ROW_HEIGHT + 96)
        self.panel.center = (640, 372)

    def build(self) -> None:
        label = _("Start stage {number} (Enter)").format(number=self.summary.stage + 2)
        width = max(300, self.theme.font(22).size(label)[0] + 48)
        self._continue = Button((0, 0, width, 50), label, self.close, primary=True, size=22)
        self._continue.rect.midbottom = (self.panel.centerx, self.panel.bottom - 18)
        self.form.add(self._continue)

    def default_focus(self) -> Widget | None:
        return self._continue

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.app.manager.pop(self)
        self.on_close()

    def on_back(self) -> None:
        self.app.manager.push(self.app.scenes.pause(self.match_scene))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.age += dt
        if self.bots_only and (self.app.instant or self.age >= BOTS_ONLY_SECONDS
                               * max(0.3, self.app.settings.animation_factor)):
            self.close()

    def backdrop_key(self) -> Any:
        return (self.app.settings.colour_blind,)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        super().draw_backdrop(surface)
        theme = self.theme
        scene = self.match_scene
        summary = self.summary
        panel = self.panel
        riders = scene.view["riders"]
        draw.cardboard(surface, panel, radius=14)
        band = pygame.Rect(panel.x + 8, panel.y + 8, panel.width - 16, BAND_HEIGHT)
        pygame.draw.rect(surface, darker(PALETTE.accent, 0.1), band, border_top_left_radius=10,
                         border_top_right_radius=10)
        title = _("Stage {stage} of {stages} is over: {race}").format(stage=summary.stage + 1, stages=summary.stages,
                                                                      race=summary.race)
        title, px = draw.shrink_to_fit(theme, title, band.width - 40, HEADING_PX)
        draw.text(surface, theme, title, (band.centerx, band.y + 10), size=px, colour=PALETTE.ink, align="midtop")
        following = scene.view["calendar"][summary.stage + 1]
        note = _("Next: stage {stage}, {race}: {energy} energy for each rider, plus what he carries "
                 "(at most 15).").format(stage=summary.stage + 2, race=race_name(following),
                                         energy=course_for(following).energy)
        note, px = draw.shrink_to_fit(theme, note, band.width - 40, SMALL_PX)
        draw.text(surface, theme, note, (band.centerx, band.bottom - 8), size=px, colour=PALETTE.ink,
                  align="midbottom")
        top = band.bottom + 16
        left = pygame.Rect(panel.x + 30, top, 360, panel.bottom - top - 90)
        right = pygame.Rect(left.right + 30, top, panel.right - 30 - left.right - 30, left.height)
        self.draw_finish(surface, left, riders)
        self.draw_standings(surface, right, riders)

    def colour_of(self, riders: Sequence[RiderView], rider: int) -> str:
        return self.match_scene.match.seats[int(riders[rider]["seat"])].colour

    def rider_chip(self, surface: pygame.Surface, x: int, centre_y: int, colour: str) -> None:
        chip = pygame.Rect(x, centre_y - 8, 16, 16)
        draw.team_marker(surface, chip, colour, marked=self.app.settings.colour_blind, radius=8)

    def draw_finish(self, surface: pygame.Surface, box: pygame.Rect, riders: Sequence[RiderView]) -> None:
        theme = self.theme
        draw.text(surface, theme, _("Stage finish"), (box.x, box.y), size=22, colour=PALETTE.ink)
        y = box.y + 34
        heading, px = draw.shrink_to_fit(theme, _("Behind the winner"), 200, SMALL_PX - 2)
        draw.text(surface, theme, heading, (box.right, y), size=px, colour=PALETTE.ink_soft, align="topright")
        y += 24
        if not self.summary.finish:
            draw.text(surface, theme, _("Nobody finished this stage."), (box.x, y), size=SMALL_PX,
                      colour=PALETTE.ink_soft)
        for row in self.summary.finish:
            centre = y + ROW_HEIGHT // 2
            draw.text(surface, theme, ordinal(row.place), (box.x + 36, centre), size=SMALL_PX, colour=PALETTE.ink,
                      align="midright")
            self.rider_chip(surface, box.x + 44, centre, self.colour_of(riders, row.rider))
            gap, gap_px = draw.shrink_to_fit(theme, turns_words(row.turns_behind), 130, SMALL_PX)
            room = box.right - theme.font(gap_px).size(gap)[0] - 10 - (box.x + 68)
            name, px = draw.shrink_to_fit(theme, self.match_scene.rider_words(riders[row.rider]), room, SMALL_PX)
            draw.text(surface, theme, name, (box.x + 68, centre), size=px, colour=PALETTE.ink, align="midleft")
            draw.text(surface, theme, gap, (box.right, centre), size=gap_px, colour=PALETTE.ink_soft, align="midright")
            y += ROW_HEIGHT

    def draw_standings(self, surface: pygame.Surface, box: pygame.Rect, riders: Sequence[RiderView]) -> None:
        theme = self.theme
        winner = self.summary.finish[0].rider if self.summary.finish else -1
        draw.text(surface, theme, _("General classification"), (box.x, box.y), size=22, colour=PALETTE.ink)
        energy_x = box.right
        moved_x = box.right - 150
        behind_x = box.right - 270
        y = box.y + 34
        for heading, x, room in ((_("Behind"), behind_x, 104), (_("This stage"), moved_x, 112),
                                 (_("Energy carried"), energy_x, 140)):
            heading, px = draw.shrink_to_fit(theme, heading, room, SMALL_PX - 2)
            draw.text(surface, theme, heading, (x, y), size=px, colour=PALETTE.ink_soft, align="topright")
        y += 24
        name_room = behind_x - 110 - (box.x + 62)
        for row in self.summary.standings:
            centre = y + ROW_HEIGHT // 2
            if row.place == 1 and not row.out:
                pygame.draw.rect(surface, lighter(PALETTE.accent, 0.55), (box.x - 6, y + 1, box.width + 12,
                                                                          ROW_HEIGHT - 2), border_radius=6)
            ink = PALETTE.ink_faint if row.out else PALETTE.ink
            draw.text(surface, theme, f"{row.place}.", (box.x + 30, centre), size=SMALL_PX, colour=ink,
                      align="midright")
            self.rider_chip(surface, box.x + 38, centre, self.colour_of(riders, row.rider))
            name, px = draw.shrink_to_fit(theme, self.match_scene.rider_words(riders[row.rider]), name_room, SMALL_PX)
            draw.text(surface, theme, name, (box.x + 62, centre), size=px, colour=ink, align="midleft")
            gap, px = draw.shrink_to_fit(theme, gap_words(row), 104, SMALL_PX)
            draw.text(surface, theme, gap, (behind_x, centre), size=px, colour=PALETTE.danger if row.out else ink,
                      align="midright")
            moved, px = draw.shrink_to_fit(theme, gained_words(row, row.rider == winner), 112, SMALL_PX)
            draw.text(surface, theme, moved, (moved_x, centre), size=px, colour=ink, align="midright")
            carried = "-" if row.out else f"+{row.carried}"
            draw.text(surface, theme, carried, (energy_x, centre), size=SMALL_PX, colour=ink, align="midright")
            y += ROW_HEIGHT
