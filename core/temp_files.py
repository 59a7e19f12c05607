"""Temporary files in the output folder, named so that a later build can tell whose they are.

Every file is written under a temporary name and renamed into place when complete. A build
stopped outright (SIGKILL, a machine that went down) cannot remove its own: the next build on
the same machine removes those whose process is gone and that nobody has written to for a
while. The machine's name is part of the name: a process number means nothing elsewhere (a
container, another host sharing the folder).
"""

from __future__ import annotations

import itertools
import os
import re
import socket
import time
from typing import IO

#: What every temporary name starts with (after `robots.txt` for that file's).
MARK = ".sitemapkit-"
#: The starts of the temporary names a build looks for in the output folder.
STARTS = (MARK, "robots.txt" + MARK)
#: Seconds a temporary file must have gone unwritten before it counts as left behind: a large
#: build closes each finished part and renames them all at the end.
IDLE_SECONDS = 600
#: Seconds after which one from another machine is left behind too: a CI container has a new
#: name on every run, and no build writes sitemaps for a day.
FOREIGN_IDLE_SECONDS = 86_400

_HOST = re.sub(r"[^A-Za-z0-9-]", "-", socket.gethostname())[:40] or "host"
_NAME = re.compile(r"(?:robots\.txt)?\.sitemapkit-(.+)-(\d+)-\d+\.tmp")
_counter = itertools.count()


def temp_name(stem: str = "") -> str:
    """A name no other file of this process has: `<stem>.sitemapkit-<host>-<pid>-<n>.tmp`."""
    return f"{stem}{MARK}{_HOST}-{os.getpid()}-{next(_counter)}.tmp"


#: Windows opens a file `os.open` makes in text mode unless told: `\n` would be written `\r\n`.
BINARY = getattr(os, "O_BINARY", 0)


def open_temp(folder: str, made: list[str]) -> tuple[str, IO[bytes]]:
    """A new file in `folder` (next to its final place), with the umask's usual permissions.

    Its path is in `made` before the file exists, so a Ctrl-C at any point leaves none that
    the cleanup of `made` misses (a path whose file was never made costs a failed remove).
    """
    while True:
        path = os.path.join(folder, temp_name())
        made.append(path)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | BINARY, 0o666)
        except FileExistsError:  # not ours to remove
            made.remove(path)
            continue
        return path, os.fdopen(fd, "wb")


def left_behind(folder: str, name: str) -> bool:
    """Whether `name` in `folder` is a temporary file of a build that is gone: on this machine,
    one whose process has ended (asked only where that sends no signal: on Windows, `os.kill`
    ends the process); from another machine, one a day old.
    """
    match = _NAME.fullmatch(name)
    if match is None:
        return False
    try:
        idle = time.time() - os.lstat(os.path.join(folder, name)).st_mtime
    except OSError:
        return False
    if match.group(1) != _HOST:  # its process cannot be asked about from here
        return idle > FOREIGN_IDLE_SECONDS
    pid = int(match.group(2))
    if pid == os.getpid() or os.name != "posix" or idle <= IDLE_SECONDS:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True  # gone
    except (OSError, OverflowError):  # another user's process: alive
        return False
    return False
