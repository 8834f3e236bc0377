"""Leader 1 on screen: the teams' rider cards, the general classification and the bar (a part of
``Leader1Scene``, scene.py)."""
from __future__ import annotations

from typing import Any

import pygame

from game.i18n import _
from game.ui import draw
from game.ui.theme import MIN_FONT_PX, PALETTE
from game.ui.widgets import Button

from .dice import RISK_THRESHOLDS
from .rules import Leader1State
from .scene_panels import (CARD_GAP, CARD_HEIGHT, HEADER_HEIGHT, SPECIALITY_TITLES, energy_card, gc_hexagon, ordinal,
                           team_badge, team_header, tile_spots)
from .scene_words import phase_doing, place_word
from .views import Leader1View, RiderView


class TeamCards:
    """The teams' rider cards, the general classification and the bar at the foot of ``Leader1Scene``."""

    # --- the bar -----------------------------------------------------------------------------------------
    def draw_bar(self, surface: pygame.Surface, view: Leader1View) -> None:
        rect = self.bar_rect
        draw.cardboard(surface, rect, fill=PALETTE.card, radius=8, lifted=False)
        buttons = self.action_buttons()
        for button, _hotkey in buttons:
            button.draw(surface, self.theme)
        target = self.enter_button()
        if target is not None:
            target.draw_focus(surface)
        x = buttons[-1][0].rect.right + 16 if buttons else rect.x + 14
        note = self.bar_note(view)
        if note:
            lines, px = self.note_lines(note, rect.right - x - 12, rect.height - 4, [b for b, _key in buttons])
            step = draw.line_height(self.theme, px)
            top = rect.centery - step * len(lines) // 2
            for index, words in enumerate(lines):
                draw.text(surface, self.theme, words, (x, top + index * step), size=px, colour=PALETTE.ink_soft)

    def note_lines(self, note: str, width: int, height: int, buttons: list[Button]) -> tuple[list[str], int]:
        """The bar's note between the buttons and the bar's end: one line when it fits, else two (smaller if
        need be); when even two cannot hold it whole (long words, a large interface), the sentence about the
        button under the mouse or Enter's (a note tells one sentence per button: "Rouleur: fast on the
        flat."), so nothing is cut."""
        px = draw.fitting_size(self.theme, note, width, 18, 16)
        if px is not None:
            return [note], px
        largest = next((size for size in range(18, MIN_FONT_PX, -1)
                        if 2 * draw.line_height(self.theme, size) <= height), MIN_FONT_PX)
        lines, px = self.two_lines(note, width, largest)
        if " ".join(lines).split() == note.split():  # whole
            return lines, px
        sentences = [part for part in note.replace(". ", ".\n").split("\n") if part]
        hovered = next((button for button in buttons if button.hovered), None) or self.enter_button()
        about = next((sentence for sentence in sentences if hovered is not None
                      and sentence.split(":")[0].strip() in hovered.label), sentences[0])
        return self.two_lines(about, width, largest)

    def two_lines(self, note: str, width: int, largest: int) -> tuple[list[str], int]:
        """``note`` in two lines of ``width``: broken between sentences where that fits at 16 px or more, else
        wrapped at the largest size that allows two lines."""
        sentences = note.replace(". ", ".\n").split("\n")
        for px in range(largest, min(largest, 16) - 1, -1):
            font = self.theme.font(px)
            splits = [[" ".join(sentences[:cut]), " ".join(sentences[cut:])] for cut in range(1, len(sentences))]
            fitting = [lines for lines in splits if all(font.size(line)[0] <= width for line in lines)]
            if fitting:
                return min(fitting, key=lambda lines: max(font.size(line)[0] for line in lines)), px
        return draw.wrap_to_fit(self.theme, note, width, 2, largest)

    def bar_note(self, view: Leader1View) -> str:
        """A line beside the buttons: what the choices or the lit squares mean, or what the others are doing."""
        seat = self.match.current_seat
        if seat is None:
            return _("The race is over.")
        if not self.can_act:
            return _("{name} decides now ({phase}).").format(name=self.seat_name(seat),
                                                              phase=phase_doing(view["phase"]))
        if view["phase"] == "setup":
            if any(action.kind == "pick" for action in self.match.state.legal_actions()):
                return _("Rouleur: fast on the flat. Leader: steady everywhere. Climber: strong on passes.")
            return _("Sprinter: +1 free square near a flat finish. Descender: +1 free square downhill.")
        if view["phase"] == "breakaway":
            rider = self.deciding_rider()
            if rider is None:
                return ""
            name = self.rider_words(view["riders"][rider])
            if len(self.own_peloton_riders()) > 1:
                return _("Attacking: {rider}; green free, orange paying - N or click a table for another "
                         "rider").format(rider=name)
            return _("Attacking: {rider}; green free, orange paying").format(rider=name)
        if self.previews():
            return _("Lit squares: green free, orange paying (cost shown), red ring = risk.")
        return ""

    # --- the teams' cards and the general classification ------------------------------------------------
    def draw_cards(self, surface: pygame.Surface) -> None:
        """The energy tables: one opaque picture per team (see :meth:`arrange_cards`), re-blitted."""
        surface.blits(self._team_blits, doreturn=False)

    def arrange_cards(self, view: Leader1View, viewer: int | None) -> None:
        """The energy tables' pictures and where their cards, tiles and tips are to be clicked or pointed at:
        worked out in the update, once per change of the game, and only blitted by the drawing."""
        key = (self._changes, id(self.match.state), len(self.match.history), viewer, self.colour_blind,
               self.deciding_rider(), self.theme.px(100), id(view))
        if key != self._cards_key:
            self._cards_key = key
            self._team_blits = self.team_pictures(view, viewer)

    def team_pictures(self, view: Leader1View, viewer: int | None) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """One energy table per player, one line per rider (picked riders only, during the setup).

        Each table is painted over the felt it sits on, so it blits opaque; the same look is painted once.
        """
        rect = self.cards_rect
        width = (rect.width - (self.columns - 1) * CARD_GAP) // self.columns
        self._tile_rects = []
        self._card_rects = {}
        self._tip_spots = []
        deciding = self.deciding_rider()
        finished = {rider_id: place for place, rider_id in
                    enumerate(self.match.state.finish_order() if view["phase"] != "setup" else (), start=1)}
        blits = []
        for seat in range(view["num_seats"]):
            col, row = seat % self.columns, seat // self.columns
            block = pygame.Rect(rect.x + col * (width + CARD_GAP), rect.y + row * (self.team_height + CARD_GAP),
                                width, self.team_height)
            colour = self.match.seats[seat].colour
            header = (self.seat_name(seat), colour, seat + 1, self.colour_blind,
                      seat == view["leader_seat"] and view["phase"] != "setup")
            cards = []
            for index, rider in enumerate(r for r in view["riders"] if r["seat"] == seat):
                card = pygame.Rect(4, HEADER_HEIGHT + index * (CARD_HEIGHT + CARD_GAP), block.width - 8, CARD_HEIGHT)
                own = viewer is not None and seat == viewer
                tiles = tuple(view["my_tiles"].get(str(rider["id"]), [])) if own else None
                values = tiles if tiles is not None else (0,) * int(rider["tiles"])
                shown = rider["energy"] if view["phase"] != "setup" else self.course.energy  # type: ignore[union-attr]
                cards.append((rider["kind"], rider["place"], rider["speciality"], rider["risks"], tiles, values,
                               shown, self.place_text(rider, finished), rider["id"] == view["current_rider"],
                               rider["id"] == deciding and view["phase"] == "breakaway", self.badge(rider)))
                self._card_rects[rider["id"]] = card.move(block.topleft)
                self._tip_spots.extend(self.card_tips(card.move(block.topleft), rider, tiles, values))
                if tiles is not None:
                    self._tile_rects.extend((spot.move(card.topleft).move(block.topleft), rider["id"], value)
                                            for spot, value in tile_spots(pygame.Rect((0, 0), card.size), values))
            look = ("leader1-team", block.topleft, block.size, header, tuple(cards))
            blits.append((self.theme.image(look, lambda b=block, h=header, c=tuple(cards): self.paint_team(b, h, c)),
                          block))
        return blits

    @staticmethod
    def card_tips(card: pygame.Rect, rider: RiderView, tiles: tuple[int, ...] | None,
                  values: tuple[int, ...]) -> list[tuple[pygame.Rect, str, int]]:
        """Where a rider's line shows his speciality, his risk boxes and his feed tiles (as ``energy_card``
        lays them out), each with what it is: the tips under the mouse explain them."""
        spots: list[tuple[pygame.Rect, str, int]] = []
        if rider["speciality"]:
            spots.append((pygame.Rect(card.x + 44, card.y + 30, 22, 22), str(rider["speciality"]), 0))
        for index, threshold in enumerate(RISK_THRESHOLDS):
            taken = int(rider["risks"])
            kind = "risk_crossed" if taken > index else ("risk_next" if taken == index else "risk_later")
            spots.append((pygame.Rect(card.x + 70 + 25 * index, card.y + 30, 24, 22), kind, threshold))
        for spot, value in tile_spots(card, values):
            spots.append((spot, "tile_own" if tiles is not None else "tile_hidden", value))
        return spots

    @staticmethod
    def tip_words(kind: str, number: int) -> str:
        """What a part of an energy table means, in a sentence or two."""
        if kind in SPECIALITY_TITLES:
            letter = _(SPECIALITY_TITLES[kind])[:1].upper()  # as the chip shows it
            if kind == "sprinter":
                return _("Sprinter ({letter}): one more free square in the sprint area before a flat finish.").format(
                    letter=letter)
            return _("Descender ({letter}): one more free square on a downhill.").format(letter=letter)
        if kind == "risk_next":
            return _("Risk box {value}: his next risk of a crack or a fall needs {value} or more on the events "
                     "die. Taking it crosses this box out.").format(value=number)
        if kind == "risk_later":
            return _("Risk box {value}: once the boxes before it are crossed out, a risk of a crack or a fall "
                     "needs {value} or more on the events die.").format(value=number)
        if kind == "risk_crossed":
            return _("Crossed out: a risk he has already taken. Each risk of a crack or a fall crosses out a "
                     "box, and the next one needs a higher roll.")
        if kind == "tile_own":
            return _("Feed tile: +{value} energy. Click it on your turn to eat it (E eats your smallest).").format(
                value=number)
        return _("A feed tile, face down: only its owner knows how much energy it gives. He may eat it on his "
                 "turn.")

    def paint_team(self, block: pygame.Rect, header: tuple[Any, ...], cards: tuple[Any, ...]) -> pygame.Surface:
        """A team's energy table over the felt under it: its header, then each rider's line (each painted once)."""
        top = self.theme.image(("leader1-team-top", block.topleft, block.size, header),
                               lambda: self.paint_team_top(block, header))
        image = top.copy()
        colour = header[1]
        width = block.width - 8
        for index, look in enumerate(cards):
            card = self.theme.image(("leader1-card", width, colour, look), lambda k=look: self.paint_card(width, colour, k))
            image.blit(card, (4, HEADER_HEIGHT + index * (CARD_HEIGHT + CARD_GAP)))
        if not cards:
            draw.text(image, self.theme, _("picking..."), (block.width // 2, HEADER_HEIGHT + 14), size=18,
                      colour=PALETTE.ink_soft, align="midtop")
        return image

    def paint_team_top(self, block: pygame.Rect, header: tuple[Any, ...]) -> pygame.Surface:
        image = pygame.Surface(block.size, 0, self.app.canvas)
        image.blit(self.theme.table_texture(), (0, 0), block)
        name, colour, number, marked, leads = header
        team_header(image, self.theme, image.get_rect(), name, colour, number=number, marked=marked, leads=leads)
        return image

    def paint_card(self, width: int, colour: str, look: tuple[Any, ...]) -> pygame.Surface:
        """One rider's line of his energy table (see-through corners)."""
        kind, place, speciality, risks, tiles, values, shown, place_text, active, selected, badge = look
        image = pygame.Surface((width, CARD_HEIGHT), pygame.SRCALPHA)
        rider = {"kind": kind, "place": place, "speciality": speciality, "risks": risks, "tiles": len(values)}
        energy_card(image, self.theme, image.get_rect(), rider, self.icons, colour,
                    tiles=list(tiles) if tiles is not None else None, badge=badge, active=active, selected=selected,
                    place_text=place_text, assets=self.assets, energy_shown=shown)
        return image

    def badge(self, rider: RiderView) -> str:
        """The rider's colour-blind badge (team number, type letter), or '' with colours alone."""
        return team_badge(rider["seat"], rider["kind"], self.view["riders_per_player"]) if self.colour_blind else ""

    @staticmethod
    def place_text(rider: RiderView, finished: dict[int, int]) -> str:
        if rider["place"] == "finished":
            return ordinal(finished.get(rider["id"], 0)) if rider["id"] in finished else place_word("finished")
        if rider["place"] == "out":
            word = "out"
        elif rider["fallen"]:
            word = "fallen"
        elif rider["punctured"]:
            word = "flat"
        elif rider["place"] == "peloton":
            word = "dropping" if rider["dropping"] else "peloton"
        else:
            word = "draft" if rider["slipstream"] else "road"
        return place_word(word)

    def draw_gc(self, surface: pygame.Surface, view: Leader1View) -> None:
        state = self.match.state
        assert isinstance(state, Leader1State)
        rect = self.board_rect.inflate(-60, -40)
        ranking = state.general_classification() if state.is_stage_race else state.rider_ranking()
        title = _("General classification  (G to close)") if state.is_stage_race else _("Race order  (G to close)")
        gc_hexagon(surface, self.theme, rect, view["riders"], ranking,
                   lambda rid: self.match.seats[view["riders"][rid]["seat"]].colour, self.colour_blind, title,
                   self.rider_words)
