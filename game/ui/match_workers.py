"""The match's workers: a bot's decision off the main thread, and the autosave written on its own thread.

:class:`game.ui.match_scene.MatchScene` runs bots, guides and the hard bot's hint as a :class:`BotJob`,
and hands each autosave to an :class:`AutosaveWriter`, so that neither a slow bot nor a slow disk
stalls a frame.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Callable

from game.core.jsonfile import write_text_atomic


class BotJob:
    """A bot's decision (or a guide's hint) computed off the main thread (or at once in instant mode)."""

    def __init__(self, decide: Callable[[], Any], *, run_now: bool) -> None:
        self.decide = decide
        self.result: Any = None
        self.error: BaseException | None = None
        self._finished = threading.Event()
        if run_now:
            self._run()
        else:
            threading.Thread(target=self._run, name="bot", daemon=True).start()

    def _run(self) -> None:
        try:
            self.result = self.decide()
        except Exception as exc:  # a broken bot must not take the game down
            self.error = exc
        finally:
            self._finished.set()

    @property
    def done(self) -> bool:
        return self._finished.is_set()


class AutosaveWriter:
    """Writes the newest autosave on a worker thread; older ones still waiting are skipped.

    The text is encoded on the main thread (a consistent snapshot of the match);
    only the disk work (write, fsync, rename) happens on the worker, which waits
    for the next save instead of being started again for each one.  Outcomes
    (None for success, the OSError otherwise) wait in ``outcomes()`` for the
    scene to report them.
    """

    #: seconds the worker waits for another save before it ends (a new one starts it again)
    IDLE_SECONDS = 30.0

    def __init__(self, write: Callable[[Path, str], None]) -> None:
        self._write = write
        self._wake = threading.Condition()
        self._pending: tuple[Path, str] | None = None
        self._busy = False
        self._closing = False
        self._thread: threading.Thread | None = None
        self._outcomes: list[OSError | None] = []

    def submit(self, path: Path, text: str) -> None:
        with self._wake:
            self._pending = (path, text)
            self._closing = False
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._wake:
                if self._pending is None and not self._closing:
                    self._wake.wait(self.IDLE_SECONDS)
                job, self._pending = self._pending, None
                if job is None:
                    self._thread = None
                    self._wake.notify_all()
                    return
                self._busy = True
            try:
                self._write(*job)
                outcome: OSError | None = None
            except OSError as exc:
                outcome = exc
            with self._wake:
                self._busy = False
                self._outcomes.append(outcome)
                self._wake.notify_all()

    def flush(self) -> None:
        """Wait until everything submitted is on disk (or has failed)."""
        with self._wake:
            while self._pending is not None or self._busy:
                self._wake.wait()

    def close(self) -> None:
        """Finish what was submitted and let the worker end."""
        with self._wake:
            self._closing = True
            self._wake.notify_all()
            while self._thread is not None:
                self._wake.wait()

    def outcomes(self) -> list[OSError | None]:
        with self._wake:
            done, self._outcomes = self._outcomes, []
        return done


def write_autosave(path: Path, text: str) -> None:
    write_text_atomic(path, text)
