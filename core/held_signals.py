"""Ctrl-C and SIGTERM held off while a finished set of sitemap files is put in place.

The files are renamed into place one by one; a signal between two renames would leave some
files of the new set beside others of the old (an index naming parts that list other URLs).
So the signals are noted, not acted on, until the last rename, and then raised as they came.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

_HELD = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def held_signals() -> Iterator[None]:
    """Hold SIGINT and SIGTERM inside the block; raise them after it, in order, once each.

    Only the main thread may set handlers (elsewhere the block runs as it is), and a handler
    installed from outside Python, which cannot be put back, is left in place.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []

    def note(signum: int, frame: FrameType | None) -> None:
        caught.append(signum)

    previous = {}
    for held in _HELD:
        if signal.getsignal(held) is not None:
            previous[held] = signal.signal(held, note)
    try:
        yield
    finally:
        for held, handler in previous.items():
            signal.signal(held, handler)
        for signum in dict.fromkeys(caught):
            signal.raise_signal(signum)  # its own handler now: KeyboardInterrupt, or the end
