"""The files the markdown-include extension puts into a page: `{!CHANGELOG.md!}` makes the
changelog page change whenever CHANGELOG.md does.

The extension replaces each `{!name!}` (or `{!name!lines=1 3-5}`) in a page's Markdown, code
blocks too, with the file's lines before any other reading of the page, and the `{!...!}` in
that file with theirs. A name is taken from the user's home (`~`) or is absolute, else is
below its `base_path` (the working folder by default; `!relative`, the page's folder), for
the page and for every file it includes alike. A file that cannot be read is left out by the
extension: it dates nothing. Every file a page includes dates it, whichever of its lines the
page shows.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Mapping, Sequence

from mkdocs.utils.yaml import RelativeDirPlaceholder

from .markdown_extensions import extension_settings

#: The extension's name in `markdown_extensions`.
MARKDOWN_INCLUDE_EXTENSION = "markdown_include.include"

#: `{!name!}`, with the lines wanted after it: what the extension reads as an include.
_INCLUDE = re.compile(r"\{!\s*(.+?)\s*!(?:\blines\b=[0-9 -]+)?\}")
#: Includes within includes, deeper than anyone nests them.
_MAX_DEPTH = 100


class MarkdownIncludes:
    """markdown-include's settings for one build, and the files a page's includes read."""

    def __init__(self, settings: Mapping[str, object]) -> None:
        base = settings.get("base_path", ".")
        #: None stands for `!relative`: the folder of the page being read.
        self.base: str | None = os.path.abspath(".")
        if isinstance(base, RelativeDirPlaceholder):
            self.base = None
        elif isinstance(base, str | os.PathLike):
            with contextlib.suppress(Exception):  # a placeholder that cannot say its folder here
                self.base = os.path.abspath(os.fspath(base))  # `!relative $docs_dir` too
        encoding = settings.get("encoding", "utf-8")
        self.encoding = encoding if isinstance(encoding, str) else "utf-8"
        self._texts: dict[str, str | None] = {}

    def files(self, markdown: str, page_folder: str) -> tuple[str, ...]:
        """Every file the page includes, includes within them too, sorted (names are found
        below one base, the page's folder only with `!relative`)."""
        if "{!" not in markdown:  # nearly every page
            return ()
        found: set[str] = set()
        self._walk(markdown, self.base or page_folder, found, 0)
        return tuple(sorted(found))

    def _walk(self, text: str, base: str, found: set[str], depth: int) -> None:
        for name in _INCLUDE.findall(text):
            path = os.path.expanduser(name)
            path = os.path.normpath(os.path.join(base, path))  # an absolute one stays
            if path in found or depth >= _MAX_DEPTH:
                continue
            included = self._read(path)
            if included is None:
                continue
            found.add(path)
            if "{!" in included:
                self._walk(included, base, found, depth + 1)

    def _read(self, path: str) -> str | None:
        if path not in self._texts:
            try:
                with open(path, encoding=self.encoding) as included:
                    self._texts[path] = included.read()
            except (OSError, UnicodeError, LookupError):  # as the extension, which skips it
                self._texts[path] = None
        return self._texts[path]


def build_markdown_includes(
    markdown_extensions: Sequence[object], configs: Mapping[str, object]
) -> MarkdownIncludes | None:
    """The build's includes, when markdown-include is among its Markdown extensions."""
    settings = extension_settings(markdown_extensions, configs, MARKDOWN_INCLUDE_EXTENSION)
    return None if settings is None else MarkdownIncludes(settings)
