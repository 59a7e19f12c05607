"""Reading the files of a folder held open, so no path is walked again for each file."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import BinaryIO, TypeVar

from .temp_files import BINARY

T = TypeVar("T")

#: Where files can be opened relative to an open folder (not on Windows).
DIR_FD = os.open in os.supports_dir_fd and hasattr(os, "O_DIRECTORY")
#: Opening a FIFO to read waits for a writer, forever when none comes; with this flag it does
#: not (a regular file is read as ever).
NO_WAIT = getattr(os, "O_NONBLOCK", 0)


def open_regular(path: str) -> BinaryIO:
    """The regular file at `path`, open to read. A FIFO or a device at a sitemap's or
    robots.txt's name is no file to read (a plain `open` would wait on a FIFO for good): an
    OSError, as for a folder."""
    fd = os.open(path, os.O_RDONLY | NO_WAIT | BINARY)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            if stat.S_ISDIR(mode):
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
            raise OSError(errno.EINVAL, "not a regular file", path)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


@contextmanager
def open_folder(path: str) -> Iterator[int | None]:
    """The folder's descriptor for `read_in_folder`, or None where that is not possible."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY) if DIR_FD else None
    except OSError:
        fd = None
    try:
        yield fd
    finally:
        if fd is not None:
            os.close(fd)


def read_in_folder(
    name: str, folder: str, folder_fd: int | None, read: Callable[[int], T], unreadable: T
) -> T:
    """`read` of the open file `name` in `folder`, or `unreadable` when it cannot be read.

    Through `folder_fd`, the open folder, no path is walked again.
    """
    try:
        if folder_fd is not None:
            fd = os.open(name, os.O_RDONLY | NO_WAIT | BINARY, dir_fd=folder_fd)
        else:
            fd = os.open(os.path.join(folder, name), os.O_RDONLY | NO_WAIT | BINARY)
    except OSError:
        return unreadable
    try:
        return read(fd)
    except OSError:
        return unreadable
    finally:
        os.close(fd)
