"""Write-behind autosave: the UI hands over a save document and goes on; a background thread
writes it.

An autosave used to run on the key path: encode the match, write, fsync the file and the folder
(about 8 ms on a real disk, far more on a busy one) before the screen could redraw. Now:

- ``DocumentEncoder`` turns the match into the exact bytes ``saves.save`` would write, on the
  caller's (UI) thread, so the document is a consistent snapshot of the state at that action. It
  is cheap even for long games: the event log, most of a state's bytes, is not saved at all
  (format 3: loading rebuilds it by replay), and the action list only grows at its end, so the
  JSON of the actions seen before is kept and only new ones are encoded.
- ``WriteBehind`` writes documents with ``saves.atomic_write`` (temporary file, fsync, rename:
  a crash leaves the old save or the new one, never half of one) on a thread of its own. Only
  the newest pending document of each file is written: a burst of actions while the disk is
  slow costs one write, not one per action. ``flush`` waits until everything handed over is on
  disk; the app calls it when a game is left, saved under a new name, and before it exits.
- The thread is not a daemon and ends when nothing is pending, so even if the program stops by
  an exception or ctrl+c the interpreter waits for the last write before it exits.
- A failed write is never silent: its one-line reason is kept until ``take_errors`` collects it,
  and ``on_error`` (called on the writer's thread; the app posts a message from it) says that
  there is something to collect.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any, Callable

from . import saves
from .match import Match
from .safe_text import safe_text


def _dumps(value: Any) -> str:
    """JSON exactly as ``saves.save`` writes it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class _ListJson:
    """The JSON of a list that mostly grows at its end, its items never changed once appended
    (the action ids: an undo cuts the list's tail, a new action is appended).

    The pieces of the items seen last time are reused for the longest common prefix, found by
    identity (the items are immutable, so an item that is the same object has the same JSON), so
    each call encodes only what is new."""

    def __init__(self) -> None:
        self._items: list[Any] = []
        self._pieces: list[str] = []

    def encode(self, items: list[Any]) -> str:
        old = self._items
        same = 0
        limit = min(len(old), len(items))
        while same < limit and items[same] is old[same]:
            same += 1
        self._pieces[same:] = [_dumps(item) for item in items[same:]]
        self._items = list(items)
        return "[" + ",".join(self._pieces) + "]"


class DocumentEncoder:
    """The bytes of one match's save document (``saves.document``), encoded incrementally.

    The output is byte for byte what ``saves.save`` writes (a test checks it after every action
    and undo of every game); keep one encoder per match."""

    def __init__(self) -> None:
        self._actions = _ListJson()

    def encode(self, match: Match) -> bytes:
        doc = saves.document(match)
        actions = doc.pop("actions")
        state = doc.pop("state")
        parts = [_dumps(doc)[:-1], ',"actions":', self._actions.encode(actions), ',"state":', _dumps(state), "}"]
        return "".join(parts).encode("utf-8")


def _reason(path: Path, exc: BaseException) -> str:
    why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
    return f"Could not save {safe_text(Path(path).name, 80)}: {safe_text(why, 160)}"


class WriteBehind:
    """Save documents written on a background thread, newest only per file (see the module)."""

    def __init__(self, on_error: Callable[[], None] | None = None) -> None:
        self.on_error = on_error
        """Called on the writer's thread after a write failed (``take_errors`` has its reason)."""
        self._cond = threading.Condition()
        self._pending: dict[Path, bytes] = {}
        self._writing = False
        self._thread: threading.Thread | None = None
        self._errors: list[str] = []

    def submit(self, path: Path, data: bytes) -> None:
        """Hand over the newest document of ``path``; returns at once (any older pending
        document of the same file is dropped: it would be overwritten anyway)."""
        with self._cond:
            self._pending.pop(path, None)
            self._pending[path] = data
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="tabletop-autosave", daemon=False)
                self._thread.start()

    def pending(self) -> bool:
        """Whether a document is waiting or being written."""
        with self._cond:
            return bool(self._pending) or self._writing

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every document handed over so far is written (or failed); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._writing, timeout)

    def take_errors(self) -> list[str]:
        """The reasons of the writes that failed since the last call, oldest first."""
        with self._cond:
            errors, self._errors = self._errors, []
        return errors

    def _run(self) -> None:
        while True:
            with self._cond:
                if not self._pending:
                    self._thread = None
                    self._cond.notify_all()
                    return
                path = next(iter(self._pending))
                data = self._pending.pop(path)
                self._writing = True
            failed = False
            try:
                saves.atomic_write(path, data)
            except Exception as exc:  # disk full, permission, a folder gone: reported, not raised
                failed = True
                with self._cond:
                    self._errors.append(_reason(path, exc))
            finally:
                with self._cond:
                    self._writing = False
                    self._cond.notify_all()
            if failed and self.on_error is not None:
                try:
                    self.on_error()
                except Exception:  # an app that is shutting down: take_errors still has it
                    pass
