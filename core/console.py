"""The command line's own output: lines for the user that never stop the work they tell of."""

from __future__ import annotations

import contextlib
import os
import sys


def say(text: str) -> None:
    """A line for the user on stderr. One that cannot be shown (stderr closed, or a file on a
    full disk) must not stop a build: the sitemaps matter more than the notice."""
    if sys.stderr is not None:  # `2>&-`: Python has no stream, and print would use stdout
        with contextlib.suppress(OSError, ValueError):
            print(text, file=sys.stderr)


def quiet_stdout() -> None:
    """No second failure (nor a traceback) when Python flushes stdout at exit."""
    if sys.stdout is not None:
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())


class ReportLost(Exception):
    """Standard output could not take the report (a file on a full disk): the work is done."""


def show(text: str) -> None:
    """A line of the report on stdout; nothing when Python has no stdout (`>&-`)."""
    try:
        print(text)
    except BrokenPipeError:  # a reader that stopped early: the caller's exit code 141
        raise
    except OSError as exc:
        raise ReportLost(exc.strerror or str(exc)) from exc


def flush_report() -> None:
    """Where a buffered report fails: a pipe closed early, or a full disk."""
    if sys.stdout is None:
        return
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise ReportLost(exc.strerror or str(exc)) from exc
