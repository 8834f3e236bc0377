"""Leader 1 on screen: the phases and a rider's place in words."""
from __future__ import annotations

from game.i18n import N_, _

#: the phases as the board's title box names them
PHASE_TITLES = {"setup": N_("Choosing riders"), "ahead": N_("Breakaway riders move"), "breakaway": N_("Attacks"),
                "pursuit": N_("The peloton rolls"), "behind": N_("Dropped riders move"), "over": N_("Race over")}
#: the phases as the bar's note names them inside a sentence ("Ann decides now (attacks).")
PHASE_DOINGS = {"setup": N_("choosing riders"), "ahead": N_("breakaway riders move"), "breakaway": N_("attacks"),
                "pursuit": N_("the peloton rolls"), "behind": N_("dropped riders move"), "over": N_("race over")}
#: a rider's place on his energy table, in a word or two
PLACE_WORDS = {"finished": N_("finished"), "out": N_("out"), "fallen": N_("fallen"), "flat": N_("flat"),
               "dropping": N_("dropping"), "peloton": N_("peloton"), "draft": N_("draft"), "road": N_("road")}


def phase_title(phase: str) -> str:
    """A phase as the board's title box names it, in the reader's language."""
    return _(PHASE_TITLES[phase])


def phase_doing(phase: str) -> str:
    """A phase as the bar's note names it inside a sentence."""
    return _(PHASE_DOINGS[phase])


def place_word(place: str) -> str:
    """A rider's place (``PLACE_WORDS``) in the reader's language."""
    return _(PLACE_WORDS[place])
