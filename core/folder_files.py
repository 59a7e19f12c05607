"""Reading a file of a folder the scan holds open."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def read_in_folder(
    name: str, folder: str, folder_fd: int | None, read: Callable[[int], T], unreadable: T
) -> T:
    """`read` of the open file `name` in `folder`, or `unreadable` when it cannot be read.

    Through `folder_fd`, the open folder, no path is walked again.
    """
    try:
        if folder_fd is not None:
            fd = os.open(name, os.O_RDONLY, dir_fd=folder_fd)
        else:
            fd = os.open(os.path.join(folder, name), os.O_RDONLY)
    except OSError:
        return unreadable
    try:
        return read(fd)
    except OSError:
        return unreadable
    finally:
        os.close(fd)
