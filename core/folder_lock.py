"""One sitemapkit build at a time in an output folder.

Two builds writing into one folder at once (two CI jobs on one workspace, a watcher's rebuild
beside a manual one) would interleave their files: an index naming the other build's parts,
a part removed as stale while the other lists it. The second build waits for the first.

The lock is the folder's own (`flock` on its descriptor): no file is written for it, and a
build killed outright releases it with its process. Where that is not possible (Windows, a
file system without locks), builds are not kept apart.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]


@contextmanager
def folder_lock(root: str, waiting: Callable[[], None]) -> Iterator[None]:
    """Hold the folder for the block; `waiting` is called once if another build holds it."""
    if fcntl is None:
        yield
        return
    try:
        fd = os.open(root, os.O_RDONLY)
    except OSError:  # a missing folder: the build says so
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            waiting()
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:  # no locks on this file system: as on Windows
            pass
        yield
    finally:
        with contextlib.suppress(OSError):
            os.close(fd)  # and with it the lock
