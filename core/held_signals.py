"""Ctrl-C and SIGTERM held off while a finished set of sitemap files is put in place.

The files are renamed into place one by one; a signal between two renames would leave some
files of the new set beside others of the old (an index naming parts that list other URLs).
So the signals are noted, not acted on, until the last rename, and then raised.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

_HELD = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def held_signals() -> Iterator[None]:
    """Hold SIGINT and SIGTERM inside the block; after it, raise the one that stops more
    (SIGTERM), once. A block that fails raises its own error: the signal is dropped.

    Only the main thread may set handlers (elsewhere the block runs as it is), and a handler
    installed from outside Python, which cannot be put back, is left in place.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []

    def note(signum: int, frame: FrameType | None) -> None:
        caught.append(signum)

    previous: dict[signal.Signals, Callable[[int, FrameType | None], Any] | int] = {}
    for held in _HELD:
        handler = signal.getsignal(held)
        if handler is not None:
            previous[held] = handler
            signal.signal(held, note)
    try:
        yield
    finally:
        for held, handler in previous.items():
            signal.signal(held, handler)
    if caught:  # its own handler now: KeyboardInterrupt, the CLI's exit, or the process's end
        signal.raise_signal(signal.SIGTERM if signal.SIGTERM in caught else caught[0])
