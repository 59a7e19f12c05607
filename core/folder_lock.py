"""One sitemapkit build at a time in an output folder.

Two builds writing into one folder at once (two CI jobs on one workspace, a watcher's rebuild
beside a manual one) would interleave their files: an index naming the other build's parts,
a part removed as stale while the other lists it. The second build waits for the first.

The lock is the folder's own (`flock` on its descriptor): no file is written for it, and a
build killed outright releases it with its process. A lock held longer than a sitemap step
takes is someone else's (a `flock site/ ...` wrapper around this very build): after
`WAIT_SECONDS` the build goes on, and says so. Where locks are not possible (Windows, a file
system without them), builds are not kept apart.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]


#: How long a build waits for the folder's lock before it writes anyway.
WAIT_SECONDS = 30.0
_POLL_SECONDS = 0.05


@contextmanager
def folder_lock(
    root: str, waiting: Callable[[], None], gave_up: Callable[[], None]
) -> Iterator[None]:
    """Hold the folder for the block; `waiting` is called once if another holds it, and
    `gave_up` if it still does after `WAIT_SECONDS` (the block then runs without it)."""
    if fcntl is None:
        yield
        return
    try:
        fd = os.open(root, os.O_RDONLY)
    except OSError:  # a missing folder: the build says so
        yield
        return
    try:
        if not _locked(fd):
            waiting()
            until = time.monotonic() + WAIT_SECONDS
            while not _locked(fd):
                if time.monotonic() > until:
                    gave_up()
                    break
                time.sleep(_POLL_SECONDS)
        yield
    finally:
        with contextlib.suppress(OSError):
            os.close(fd)  # and with it the lock


def _locked(fd: int) -> bool:
    """Whether the lock is ours now (True too where the file system has no locks)."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:  # no locks on this file system: as on Windows
        pass
    return True
