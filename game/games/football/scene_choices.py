"""Breakaway Football on screen: the choice buttons, the notes beside the hand and the bar's words (a part of
``FootballScene``, scene.py)."""
from __future__ import annotations

from dataclasses import dataclass, field as dataclass_field

import pygame

from game.core.protocol import Action, IllegalAction, act
from game.i18n import N_, _, ngettext
from game.ui import draw
from game.ui.theme import MIN_FONT_PX, PALETTE, SMALL_PX
from game.ui.widgets import Button

from . import board, field
from .cards import TEAMS
from .scene_art import ROW_GAP, row_height, rows_height, word_wrap
from .scene_layout import HAND_CARD
from .scene_words import (breakaway_choice_words, challenge_words, defense_preview, field_goal_label, formation_plays,
                          odds_lines, offense_preview, penalty_choice_words, percent, play_name)
from .views import FootballView

#: phases in which the coach at the screen picks one of its cards
HAND_PHASES = ("offense_call", "defense_call", "kick_discard", "retrieve", "clock_discard")
CALL_PHASES = ("offense_call", "defense_call")
BUTTON_HEIGHT = 42
BUTTON_GAP = 10
#: (label size, padding, space before the key) from roomy to tight, the first that fits the bar is used
BUTTON_STYLES = ((20, 30, "  "), (18, 22, " "), (18, 14, " "))
#: the hint over the hand while a discard pays for an announced play
PAY_FOR_HINTS: dict[str, str] = {
    "punt": N_("Discard an offense card to pay for the punt: click it (or use the arrows and Enter)."),
    "coffin": N_("Discard an offense card to pay for the coffin-corner punt: click it (or use the arrows and "
                 "Enter)."),
    "fieldgoal": N_("Discard an offense card to pay for the field goal: click it (or use the arrows and Enter)."),
    "hailmary": N_("Discard an offense card to pay for the Hail Mary: click it (or use the arrows and Enter)."),
    "kneel": N_("Discard an offense card to pay for the kneel: click it (or use the arrows and Enter)."),
    "play": N_("Discard an offense card to pay for the play: click it (or use the arrows and Enter)."),
}
@dataclass
class Choice:
    """A button in the bar: what it plays, its key, and what it means."""

    label: str
    action: Action
    key: int
    help: str
    button: Button = dataclass_field(init=False)
    enabled: bool = True
    reason: str = ""


class ChoiceBar:
    """The choice buttons, the notes beside the hand and the words in the bar of ``FootballScene``."""

    # --- the choice buttons ------------------------------------------------------------------------------
    def current_choices(self, view: FootballView) -> list[Choice]:
        key = (len(self.match.history), self.viewer, self.ready(), view["phase"], self.theme.version)
        if key != self._choices_key:
            self.choices = self.build_choices(view) if self.ready() else []
            self._place_buttons(self.choices, primary=view["phase"] not in HAND_PHASES)
            self._choices_key = key
            self.button_focus = 0
            self.hover_button = None
        return self.choices

    def build_choices(self, view: FootballView) -> list[Choice]:
        phase = view["phase"]
        help_text = odds_lines(view)
        odds = board.button_odds(view)
        c: list[Choice] = []
        if phase == "toss":
            c = [Choice(_("Receive"), act("receive"), pygame.K_r, _("Receive the opening kickoff: your offense starts.")),
                 Choice(_("Kick"), act("kick"), pygame.K_k, _("Kick off: the other team's offense starts."))]
        elif phase == "kickoff":
            c = [Choice(_("Kick off"), act("kickoff"), pygame.K_k, help_text["kickoff"]),
                 Choice(_("Onside kick {chance}").format(chance=percent(odds["onside"])), act("onside"), pygame.K_o,
                        help_text["onside"])]
        elif phase == "offense_call" and not view["two_point"]:
            c = [Choice(_("Punt"), act("punt"), pygame.K_p, help_text["punt"])]
            if view["options"]["coffin_corner"]:
                c.append(Choice(_("Coffin punt"), act("coffin"), pygame.K_c, help_text["coffin"]))
            hail_mary = (_("Hail Mary {chance}").format(chance=percent(odds["hailmary"]))
                         if field.hail_mary_allowed(view["ball"]) else _("Hail Mary"))
            time_out = _("Time out ({count})").format(count=view["timeouts"][view["to_move"]])
            c += [Choice(field_goal_label(view), act("fieldgoal"), pygame.K_f, help_text["fieldgoal"]),
                  Choice(hail_mary, act("hailmary"), pygame.K_h, help_text["hailmary"]),
                  Choice(_("Kneel"), act("kneel"), pygame.K_k, help_text["kneel"]),
                  Choice(time_out, act("timeout"), pygame.K_t, help_text["timeout"])]
        elif phase == "defense_call" and not view["two_point"]:
            c = [Choice(_("Time out ({count})").format(count=view["timeouts"][view["to_move"]]), act("timeout"),
                        pygame.K_t, _("Time out: the offense must take a card back, so its clock runs longer."))]
        elif phase in ("offense_audible", "defense_audible"):
            keep, turn, turn_type = self.audible_words(view)
            restricted = (phase == "offense_audible" and not view["two_point"]
                          and field.restricted_pass(turn_type, view["ball"]))
            audible = (_("Audible to {play} (penalty!)") if restricted else _("Audible to {play}")).format(play=turn)
            audible_help = (_("Audible: turn the card round and run {play} instead. It is not allowed here: a yard "
                              "line lost, the down replayed.") if restricted else
                            _("Audible: turn the card round and run {play} instead.")).format(play=turn)
            c = [Choice(_("Keep {play}").format(play=keep), act("keep"), pygame.K_k,
                        _("Keep the call: {play}.").format(play=keep)),
                 Choice(audible, act("audible"), pygame.K_a, audible_help)]
        elif phase == "ice":
            c = [Choice(_("Let them kick {chance}").format(chance=percent(odds["fieldgoal"])), act("noice"),
                        pygame.K_n, help_text["noice"]),
                 Choice(_("Ice the kicker: {chance}").format(chance=percent(odds["fieldgoal_iced"])), act("ice"),
                        pygame.K_i, help_text["ice"])]
        elif phase == "breakaway_choice":
            value, event = breakaway_choice_words(view)
            c = [Choice(_("Breakaway value"), act("breakaway"), pygame.K_b, _("Take the {value}.").format(value=value)),
                 Choice(_("Play event"), act("event"), pygame.K_e, _("Take the {event}.").format(event=event))]
        elif phase == "challenge":
            flag, stand = challenge_words(view)
            flags_left = 1 if view["flags"][view["to_move"]] else 0
            c = [Choice(_("Let it stand"), act("nochallenge"), pygame.K_n, _("Let it stand: {result}.").format(
                        result=stand)),
                 Choice(ngettext("Throw the flag ({count} left)", "Throw the flag ({count} left)",
                                 flags_left).format(count=flags_left), act("challenge"), pygame.K_c,
                        ngettext("Throw the flag: {result}. You have {count} flag left, none after it.",
                                 "Throw the flag: {result}. You have {count} flags left.",
                                 flags_left).format(result=flag, count=flags_left))]
        elif phase == "penalty":
            accept, decline = penalty_choice_words(view)
            c = [Choice(_("Accept"), act("accept"), pygame.K_a, _("Accept: {result}.").format(result=accept)),
                 Choice(_("Decline"), act("decline"), pygame.K_d, _("Decline: {result}.").format(result=decline))]
        elif phase == "conversion":
            c = [Choice(_("Extra point {chance}").format(chance=percent(odds["extrapoint"])), act("extrapoint"),
                        pygame.K_x, help_text["extrapoint"]),
                 Choice(_("Go for two"), act("twopoint"), pygame.K_2, help_text["twopoint"])]
        state = self.match.state
        for choice in c:
            try:
                state.check(choice.action)
            except IllegalAction as exc:
                choice.enabled, choice.reason = False, str(exc)
        return c

    def audible_words(self, view: FootballView) -> tuple[str, str, str]:
        """(the play called now, the play at the other end, the other end's play type in English) of the coach's
        face-down card."""
        commit = view["commit"]
        seat = view["to_move"]
        if not commit:
            return _("the call"), _("the other end"), ""
        card, end = commit["card"], commit["end"]
        team = TEAMS[self.team(seat)]
        if seat == view["offense"]:
            chosen = team.offense_card(card)
            return play_name(chosen.play(end)), play_name(chosen.play(3 - end)), chosen.play(3 - end).play_type
        defense = team.defense_card(card)
        return _(defense.play(end).name), _(defense.play(3 - end).name), defense.play(3 - end).name

    def _place_buttons(self, choices: list[Choice], primary: bool) -> None:
        """Right-aligned in the bar; the first is the default (Enter) outside the hand.

        Many buttons (all the kicks with the optional rules on) get a smaller label and less padding.
        """
        bar = self.layout.bar
        for px, padding, spacer in BUTTON_STYLES:
            font = self.theme.font(px)
            labels = [f"{choice.label}{spacer}[{self.key_name(choice.key)}]" for choice in choices]
            widths = [font.size(label)[0] + padding for label in labels]
            if sum(widths) + BUTTON_GAP * (len(widths) - 1) <= bar.width:
                break
        x = bar.right
        for choice, label, width in reversed(list(zip(choices, labels, widths))):
            x -= width
            rect = pygame.Rect(x, bar.centery - BUTTON_HEIGHT // 2 - 3, width, BUTTON_HEIGHT)
            choice.button = Button(rect, label, lambda a=choice.action: self.play(a), size=px,
                                   primary=primary and choice is choices[0], enabled=choice.enabled,
                                   tooltip=choice.help, disabled_reason=choice.reason)
            x -= BUTTON_GAP

    @staticmethod
    def key_name(key: int) -> str:
        return pygame.key.name(key).upper()

    def draw_info(self, surface: pygame.Surface, view: FootballView, side: str, cards: list[int],
                  choices: list[Choice]) -> None:
        rect = self.layout.info.copy()
        lines = self.info_lines(view, side, cards, choices)
        rows, _overflow = self.info_layout(lines, rect.width - 24, self.info_room(len(cards)))
        line_height = max(row_height(self.theme, size) for _, size, _ in rows) if rows else 0
        used = rows_height(self.theme, [text for text, _, _ in rows], rows[0][1]) if rows else 0
        rect.height = max(rect.height, used + 4)
        draw.cardboard(surface, rect, fill=PALETTE.card_light, lifted=False, inner_line=False, radius=8)
        y = rect.y + (rect.height - used) // 2
        for shown, size, index in rows:
            colour = PALETTE.ink if index == 0 else PALETTE.ink_soft
            draw.text(surface, self.theme, shown, (rect.x + 12, y), size=size, colour=colour)
            y += line_height

    def info_room(self, count: int) -> int:
        """How tall the box over the hand may grow: down to the cards (a raised card included)."""
        rects = self.layout.hand_rects(count)
        top = rects[0].y if rects else self.layout.bar.y
        return max(self.layout.info.height, top - 6 - 4 - self.layout.info.y)

    def fitted_info(self, lines: list[str], width: int, height: int) -> list[tuple[str, int, int]] | None:
        """The info lines as drawn, (words, size, which line) a row: whole and wrapped between words at the
        largest size (down to 14 px) that fits ``height``, so a formation's six plays or a defense's whole
        preview stay readable; None when even that does not fit."""
        def measure() -> tuple[tuple[str, int, int], ...] | None:
            for px in range(SMALL_PX, MIN_FONT_PX - 1, -1):
                rows: list[tuple[str, int, int]] = []
                for index, line in enumerate(lines):
                    wrapped = word_wrap(self.theme, line, width, 8, px, px)
                    if wrapped is None:
                        break
                    rows += [(text, px, index) for text in wrapped[0]]
                else:
                    if rows_height(self.theme, [text for text, _, _ in rows], px) + 4 <= height:
                        return tuple(rows)
            return None
        found = self.theme.layout(("football info", tuple(lines), width, height), measure)
        return None if found is None else list(found)

    def info_layout(self, lines: list[str], width: int, height: int) -> tuple[list[tuple[str, int, int]], list[str]]:
        """(the rows the box over the hand shows, the lines told elsewhere): both lines when they fit, else the
        first, the second going beside the buttons or into a note by the pointed card."""
        lines = lines[:2]
        rows = self.fitted_info(lines, width, height)
        if rows is not None:
            return rows, []
        if len(lines) == 2:  # one flowing paragraph, the second line's own rows quieter
            rows = self.fitted_info([" ".join(lines)], width, height)
            if rows is not None:
                first_words = len(lines[0].split())
                marked: list[tuple[str, int, int]] = []
                seen = 0
                for text, px, _index in rows:
                    marked.append((text, px, 0 if seen < first_words else 1))
                    seen += len(text.split())
                return marked, []
        rows = self.fitted_info(lines[:1], width, height)
        if rows is not None:
            return rows, lines[1:]
        # the first line as much as the box holds, the whole of both in the note
        return [(draw.fit(self.theme, lines[0], width, MIN_FONT_PX), MIN_FONT_PX, 0)], lines

    def draw_info_overflow(self, surface: pygame.Surface, view: FootballView, choices: list[Choice]) -> None:
        """The info line the box over the hand has no room for: left of the buttons when the bar has room,
        else in a note by the pointed card or button (a hint nobody points at waits for the pointer)."""
        side, cards = self.hand_cards(view)
        lines = self.info_lines(view, side, cards, choices)
        _rows, overflow = self.info_layout(lines, self.layout.info.width - 24, self.info_room(len(cards)))
        if not overflow:
            return
        bar = self.layout.bar
        width = (choices[0].button.rect.x if choices else bar.right) - bar.x - 20
        fitted = self.bar_rows(tuple(overflow), width) if width > 120 else None
        if fitted is not None:
            words = self.bar_words(tuple(fitted[0]), fitted[1], width)
            surface.blit(words, words.get_rect(midleft=(bar.x + 6, bar.centery - 2)))
            return
        pointed = self.pointed_choice(choices)
        if pointed is not None and (self.hover_button is not None or self.focus_zone == "buttons"):
            self.draw_note(surface, "\n".join(overflow), pointed.button.rect, above=True)
            return
        index = self.hover[0] if self.hover is not None else (
            self.focus_index if self.keyboard and self.focus_zone == "cards" else None)
        rects = self.layout.hand_rects(len(cards))
        if index is not None and index < len(rects):
            card = rects[index]
            self.draw_note(surface, "\n".join(overflow), card, above=card.centery > bar.y - HAND_CARD[1])

    def draw_note(self, surface: pygame.Surface, words: str, near: pygame.Rect, *, above: bool,
                  warning: bool = False) -> None:
        """A dark note with ``words`` (each line wrapped) just above or below ``near``, kept on the table."""
        width = min(620, self.table_rect.width - 24)
        rows = [row for line in words.split("\n") for row in draw.wrap(self.theme, line, width - 24, SMALL_PX)]
        line_height = row_height(self.theme, SMALL_PX)
        rect = pygame.Rect(0, 0, max(self.theme.font(SMALL_PX).size(row)[0] for row in rows) + 24,
                           line_height * len(rows) - ROW_GAP + 16)
        if above:
            rect.midbottom = (near.centerx, near.y - 6)
        else:
            rect.midtop = (near.centerx, near.bottom + 6)
        rect.clamp_ip(self.table_rect.inflate(-8, -8))
        draw.shadow(surface, rect, 8, 4)
        pygame.draw.rect(surface, (34, 30, 26), rect, border_radius=8)
        pygame.draw.rect(surface, PALETTE.danger if warning else PALETTE.accent, rect, 2, border_radius=8)
        y = rect.y + 8
        for row in rows:
            draw.text(surface, self.theme, row, (rect.x + 12, y), size=SMALL_PX, colour=PALETTE.card_light)
            y += line_height

    def info_lines(self, view: FootballView, side: str, cards: list[int], choices: list[Choice]) -> list[str]:
        """Two lines over the hand: what the pointed play or button does, else what to do and the keys."""
        if self.hover_button is not None and self.hover_button < len(choices):
            choice = choices[self.hover_button]
            return [choice.help, choice.reason or _("Click to choose, or press the key in brackets.")]
        if self.keyboard and self.focus_zone == "buttons" and choices:
            choice = choices[min(self.button_focus, len(choices) - 1)]
            return [choice.help, choice.reason or _("Enter chooses it; Tab goes back to the cards.")]
        phase = view["phase"]
        seat = view["to_move"]
        team = self.team(seat)
        pointed: tuple[int, int] | None = None
        if self.hover is not None and self.hover[0] < len(cards):
            pointed = (cards[self.hover[0]], self.hover[1])
        elif self.keyboard and cards and self.focus_index < len(cards):
            card = cards[self.focus_index]
            pointed = (card, self.top_end(side, card) if phase in CALL_PHASES else 1)
        offense_seat = view["offense"]
        formation = (view["calls"][offense_seat] or {}).get("formation") if phase == "defense_call" else None
        if pointed is not None and phase in CALL_PHASES:
            card, end = pointed
            if side == "offense":
                return offense_preview(team, card, end, view["ball"], view["two_point"])
            return defense_preview(team, card, end, self.team(offense_seat), formation)
        if pointed is not None:
            card = TEAMS[team].offense_card(pointed[0])
            said = (_("Take back this card: {top} / {bottom} ({formation}).") if phase == "retrieve" else
                    _("Discard this card: {top} / {bottom} ({formation})."))
            return [said.format(top=play_name(card.ends[0]), bottom=play_name(card.ends[1]), formation=card.formation),
                    _("Click it (or Enter) to choose it.")]
        keys = _("Point at a play to read it, click it to call it face down (keys: 1-9 or arrows, R turns, Enter).")
        latest = self.show.pic.story[-1] if self.show.pic.story else ""
        if phase == "offense_call":
            if view["two_point"]:
                return [_("Two-point try from their 10: any of your 15 cards, one untimed play."), keys]
            where = _("Your ball, {down} {spot}.").format(down=board.down_and_distance(view),
                                                           spot=field.on_yard_line(view["ball"], "your").render())
            # what just happened, else (too long for the box: the story and the log tell it) where the ball is
            room = self.info_room(len(cards))
            told = latest and self.fitted_info([latest], self.layout.info.width - 24, room) is not None
            return [latest if told else where, keys]
        if phase == "defense_call":
            plays = formation_plays(self.team(offense_seat), formation) if formation else []
            pairs = " · ".join(f"{play_name(a)} / {play_name(b)}" for a, b in zip(plays[::2], plays[1::2]))
            return [_("{team} shows {formation}: {plays}").format(team=self.team_label(offense_seat),
                                                                   formation=formation, plays=pairs),
                    _("Point at a defense to see what it does to these plays; click it to call it (R turns, Enter).")]
        if phase == "retrieve":
            return [_("Time out: choose the offense card to take back from your discard pile."),
                    _("Click a card, or use the arrows and Enter.")]
        if phase == "clock_discard":
            count = view["pending"].get("count", 1)
            other = 1 - seat
            return [ngettext("{team} has {theirs} offense cards left and you {yours}: discard {count} more to match "
                             "the clock.", "{team} has {theirs} offense cards left and you {yours}: discard {count} "
                             "more to match the clock.", count).format(
                        team=self.team_label(other), theirs=view["hand_counts"][other], yours=view["hand_counts"][seat],
                        count=count),
                    _("Click a card, or use the arrows and Enter.")]
        announced = str(view["pending"].get("announce", ""))
        help_line = odds_lines(view).get(announced, "")
        pay_for = PAY_FOR_HINTS.get(announced, PAY_FOR_HINTS["play"])
        return [_(pay_for), help_line]

    def cached_bar_text(self, view: FootballView, choices: list[Choice]) -> tuple[str, ...]:
        key = (len(self.match.history), self.viewer, self.hover_button, self.keyboard, self.button_focus,
               self.anims.busy, self.can_act, len(choices))
        if self._bar_text is None or self._bar_text[0] != key:
            self._bar_text = (key, tuple(self.bar_text(view, choices, False)))
        return self._bar_text[1]

    def bar_text(self, view: FootballView, choices: list[Choice], hand: bool) -> list[str]:
        """The words beside the buttons: the pointed button's meaning, else what the choice is about."""
        if hand:
            return []
        if self.hover_button is not None and self.hover_button < len(choices):
            choice = choices[self.hover_button]
            return [choice.help] + ([choice.reason] if choice.reason else [])
        if self.keyboard and choices:
            return [choices[min(self.button_focus, len(choices) - 1)].help]
        if choices:
            return self.bar_context(view) or [choice.help for choice in choices]
        seat = view["to_move"]
        if view["phase"] == "over":
            return [board.prompt(view)]
        if seat is None:
            return []
        if self.anims.busy:
            return [_("Click or press Enter to hurry the animation.")]
        if self.match.seats[seat].is_human and seat != self.viewer:
            coach = self.coach_name(seat)
            if coach is None:
                return [_("{team} decides next.").format(team=self.team_label(seat))]
            return [_("{coach} ({team}) decides next.").format(coach=coach, team=self.team_label(seat))]
        return [board.prompt(view)]

    def bar_context(self, view: FootballView) -> list[str]:
        """One line of context for choices whose buttons already say what they do."""
        phase = view["phase"]
        seat = view["to_move"]
        other = 1 - seat
        if phase in ("offense_audible", "defense_audible"):
            call = view["calls"][other] or {}
            if phase == "offense_audible":
                shown = _("{team} shows the {formation} formation.")
            elif call.get("audible"):
                shown = _("{team} shows the {formation} formation and called an audible.")
            else:
                shown = _("{team} shows the {formation} formation and kept its call.")
            return [shown.format(team=self.team_label(other), formation=call.get("formation", "?"))]
        if phase == "kickoff":
            return [_("You scored: kick off, or gamble on an onside kick from midfield to keep the ball.")]
        if phase == "ice":
            odds = board.button_odds(view)
            return [_("{team} tries a field goal from distance {distance}: {chance}, or {iced} if you ice the "
                      "kicker.").format(team=self.team_label(other), distance=odds["fieldgoal_distance"],
                                        chance=percent(odds["fieldgoal"]), iced=percent(odds["fieldgoal_iced"]))]
        return []

    def bar_rows(self, lines: tuple[str, ...], width: int) -> tuple[list[str], int] | None:
        """The help beside the buttons as drawn: every line whole, wrapped between words, at the largest size
        (down to 14 px) at which all of them fit the bar's height; None when even the smallest does not."""
        height = self.layout.bar.height
        for px in range(SMALL_PX, MIN_FONT_PX - 1, -1):
            room = (height + ROW_GAP) // row_height(self.theme, px)
            rows: list[str] = []
            for line in lines:
                wrapped = word_wrap(self.theme, line, width, room, px, px)
                if wrapped is None:
                    break
                rows += wrapped[0]
            else:
                if len(rows) <= room and rows_height(self.theme, rows, px) <= height:
                    return rows, px
        return None

    def bar_words(self, rows: tuple[str, ...], px: int, width: int) -> pygame.Surface:
        """The help left of the buttons, painted once per wording."""
        return self.words.get(("bar", rows, px, width), lambda: self._paint_bar_words(rows, px, width))

    def _paint_bar_words(self, rows: tuple[str, ...], px: int, width: int) -> pygame.Surface:
        line_height = row_height(self.theme, px)
        surface = pygame.Surface((max(1, width), self.layout.bar.height), pygame.SRCALPHA)
        y = (surface.get_height() - rows_height(self.theme, rows, px)) // 2
        for row in rows:
            draw.text(surface, self.theme, row, (0, y), size=px, colour=PALETTE.on_felt)
            y += line_height
        return surface

    def draw_buttons(self, surface: pygame.Surface, choices: list[Choice], hand: bool) -> None:
        for index, choice in enumerate(choices):
            choice.button.draw(surface, self.theme)
            if self.keyboard and index == self.button_focus and (not hand or self.focus_zone == "buttons"):
                choice.button.draw_focus(surface)
