"""Exceptions that carry a message fit to show a site owner, never a traceback."""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Callable

from .temp_files import MARK as TEMP_MARK

#: What a message quotes (a rule, a URL, a value): the user's text, never respelt.
_QUOTED = re.compile(r"""((?<!\w)'[^']*'(?!\w)|(?<!\w)"[^"]*"(?!\w))""")  # not `site's`


def respell(message: str, options: tuple[str, ...], spelling: Callable[[str], str]) -> str:
    """`message` with each of the `options` it names spelt the way the user writes options
    (`--sitemap-name`, `sitemapkit_sitemap_name`, `SITEMAPKIT['sitemap_name']`), outside what
    it quotes: `'Disallow: /exclude/'` stays as robots.txt has it."""
    if not options:
        return message
    names = re.compile(r"\b(?:" + "|".join(map(re.escape, options)) + r")\b")
    parts = _QUOTED.split(message)  # odd positions: the quoted parts
    return "".join(
        part if index % 2 else names.sub(lambda match: spelling(match.group()), part)
        for index, part in enumerate(parts)
    )


class SitemapkitError(Exception):
    """A user mistake or an environment problem: front ends print the message and stop.

    `options` are the options the message names, for front ends that spell them differently.
    """

    def __init__(self, message: str, options: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.options = options

    def spelled(self, spelling: Callable[[str], str]) -> str:
        """The message with the options it names spelt the way the user writes them."""
        return respell(str(self), self.options, spelling)


class OptionError(SitemapkitError):
    """A bad option value; front ends re-spell `option` the way their users write it."""

    def __init__(self, option: str, value: object, allowed: str) -> None:
        self.option = option
        self.value = value
        self.allowed = allowed
        super().__init__(self.describe(option), (option,))

    def describe(self, spelling: str, value: str | None = None) -> str:
        """The message with the option named as the user wrote it (`--max-urls`, `SITEMAPKIT`),
        and its value as they wrote it (`true` in TOML), by default as Python shows it."""
        shown = repr(self.value) if value is None else value
        return f"{spelling}: {shown} is not valid; {self.allowed}"

    def spelled(self, spelling: Callable[[str], str]) -> str:
        return self.describe(spelling(self.option))


class UnknownOptionError(OptionError):
    """A setting that names no option (a misspelling, most often): its value is not at fault."""

    def describe(self, spelling: str, value: str | None = None) -> str:
        return f"{spelling} is not an option ({self.allowed})"


_ACCESS = (
    "give the user running the build read and write access to it, and to the output folder "
    "it is in (a folder built by another user, or in a container, keeps that user's permissions)"
)
#: The access fix for a folder (the output folder itself, or one of its folders).
_FOLDER_ACCESS = (
    "give the user running the build read and write access to it (a folder built by another "
    "user, or in a container, keeps that user's permissions)"
)
_SPACE = "free some space on that disk, then build again"
#: What to do about the operating-system errors a build meets in practice (by errno name:
#: not every system has every one).
_FIXES = {
    code: fix
    for name, fix in (
        ("EACCES", _ACCESS),
        ("EPERM", _ACCESS),
        ("EROFS", "the file system is read-only; build into a writable folder"),
        ("ENOSPC", _SPACE),
        ("EDQUOT", _SPACE),
        ("EFBIG", "the file is larger than this process may write; raise the limit (ulimit -f)"),
        ("EMFILE", "this process may not open more files; raise the limit (ulimit -n)"),
    )
    if (code := getattr(errno, name, None)) is not None
}
#: Windows' sharing violation: it replaces no file another program holds open.
_SHARING_VIOLATION = 32
_HELD_OPEN = (
    "another program has the file open (a server, an editor, a sync or virus scanner); close "
    "it or wait for it, then build again"
)


def file_system_error(exc: OSError, folder: str) -> SitemapkitError:
    """An error of the disk or its permissions, as a message that names the file and the fix.

    `folder` is named when the error names no file (a failed write to an open file).
    """
    named = exc.filename2 if exc.filename2 is not None else exc.filename  # a rename's target
    where = os.fsdecode(named) if named is not None else folder
    parent, name = os.path.split(where)
    if name.startswith(TEMP_MARK) and name.endswith(".tmp"):  # a temporary file of ours
        where = parent or os.curdir
    reason = exc.strerror or str(exc) or type(exc).__name__
    if getattr(exc, "winerror", None) == _SHARING_VIOLATION:
        fix = _HELD_OPEN
    elif exc.errno in (errno.EACCES, errno.EPERM) and os.path.isdir(where):
        fix = _FOLDER_ACCESS
    else:
        fix = _FIXES.get(exc.errno or 0, "check the output folder and its disk, then build again")
    return SitemapkitError(f"{where}: {reason}; {fix}")
