"""The files the markdown-include extension puts into a page: `{!CHANGELOG.md!}` makes the
changelog page change whenever CHANGELOG.md does.

The extension replaces each `{!name!}` (or `{!name!lines=1 3-5}`) in a line of a page's
Markdown, code blocks too, with the file's lines before any other reading of the page (so
snippets in them are read as the page's), and the `{!...!}` in that file with theirs. A name
is taken from the user's home (`~`) or is absolute (and used as written), else is below its
`base_path` (the working folder by default; `!relative`, the page's folder), for the page and
for every file it includes alike. A file that cannot be read dates nothing, and the includes
after it on its line are dropped unread, as the extension drops them; an incomplete character
at a file's end is dropped as its reader drops it. Every file a page includes dates it,
whichever of its lines the page shows.
"""

from __future__ import annotations

import codecs
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
        self.base: str | None = None
        #: Whether names can be found: not below a placeholder that cannot say its folder.
        self.usable = True
        if not isinstance(base, RelativeDirPlaceholder):
            try:
                self.base = os.path.abspath(os.fspath(base))  # type: ignore[call-overload]
            except Exception:  # the extension cannot open any file there either
                self.usable = False
        encoding = settings.get("encoding", "utf-8")
        self.encoding = encoding if isinstance(encoding, str) else "utf-8"
        self._texts: dict[str, str | None] = {}

    def files(self, markdown: str, page_folder: str) -> tuple[str, ...]:
        """Every file the page includes, includes within them too, sorted (names are found
        below one base, the page's folder only with `!relative`)."""
        if "{!" not in markdown or not self.usable:  # nearly every page
            return ()
        found: dict[str, None] = {}
        self._walk(markdown.split("\n"), self.base or page_folder, found, set(), 0)
        return tuple(sorted(found))

    def page_text(self, markdown: str, files: tuple[str, ...]) -> str:
        """The page's Markdown as the extensions after this one read it: with the files it
        includes (their lines where the includes were; here, after the page's)."""
        texts = [self._texts.get(path) for path in files]
        return "\n".join([markdown, *(text for text in texts if text)])

    def _walk(
        self, lines: list[str], base: str, found: dict[str, None], reading: set[str], depth: int
    ) -> None:
        """Add the files the includes on `lines` read, and those within them, to `found`; a
        file being read (`reading`) is not walked again inside itself."""
        for line in lines:
            if "{!" not in line:
                continue
            for match in _INCLUDE.finditer(line):
                name = os.path.expanduser(match[1])
                path = name if os.path.isabs(name) else os.path.normpath(os.path.join(base, name))
                text = self._read(path)
                if text is None:
                    break  # the extension drops the rest of the line's includes
                found[path] = None
                if "{!" in text and path not in reading and depth < _MAX_DEPTH:
                    reading.add(path)
                    self._walk(text.splitlines(), base, found, reading, depth + 1)
                    reading.discard(path)

    def _read(self, path: str) -> str | None:
        """A file's text as the extension's reader gives it, or None if it cannot be read."""
        if path not in self._texts:
            try:
                with open(path, "rb") as included:
                    data = included.read()
                # Not final: an incomplete character at the end is dropped, not an error.
                self._texts[path] = codecs.getincrementaldecoder(self.encoding)().decode(data)
            except (OSError, UnicodeError, LookupError):
                self._texts[path] = None
        return self._texts[path]


def build_markdown_includes(
    markdown_extensions: Sequence[object], configs: Mapping[str, object]
) -> MarkdownIncludes | None:
    """The build's includes, when markdown-include is among its Markdown extensions."""
    settings = extension_settings(markdown_extensions, configs, MARKDOWN_INCLUDE_EXTENSION)
    return None if settings is None else MarkdownIncludes(settings)
