"""The files pymdownx.snippets puts into a page: `--8<-- "CHANGELOG.md"` makes the changelog
page change whenever CHANGELOG.md does, though its own source never changes.

MkDocs records no dependency of a page, so the snippets named in its Markdown are read here
(inline `--8<-- "file"`, a block of names between two `--8<--` lines, the `auto_append` files,
and snippets within snippets), and found below `base_path` as the extension finds them. A
line range or section after the name (`file.md:3:9`, `file.md:usage`) names the same file; a
URL has no file; a line escaped with `;` is no snippet.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping, Sequence

#: The extension's name in `markdown_extensions`.
SNIPPETS_EXTENSION = "pymdownx.snippets"

_MARKER = r"-+8<-+"
_INLINE = re.compile(
    rf"""^[ \t]*{_MARKER}[ \t]+(?:"((?:\\"|[^"\r\n])+)"|'((?:\\'|[^'\r\n])+)')[ \t]*\r?$"""
)
_BLOCK = re.compile(rf"^[ \t]*{_MARKER}\r?$")
#: What may follow a snippet's name: line ranges (`:3`, `:3:9`, `:1:2,5:6`) or a section.
_SPECIFIER = re.compile(
    r"(?i)(?::-?[0-9]*(?::-?[0-9]*)?(?:,-?[0-9]*(?::-?[0-9]*)?)*|:[a-z][-_0-9a-z]*)$"
)
#: Snippets within snippets, as deep as anyone nests them.
_MAX_DEPTH = 8


def named_snippets(markdown: str) -> Iterator[str]:
    """The snippet names a page's Markdown gives, in order (repeats included)."""
    if "8<-" not in markdown:  # nearly every page: one search
        return
    in_block = False
    for line in markdown.splitlines():
        if in_block:
            if _BLOCK.match(line):
                in_block = False
                continue
            name = line.strip()
            if name and not name.startswith(";"):
                yield name
            continue
        if "8<-" not in line:
            continue
        inline = _INLINE.match(line)
        if inline is not None:
            quoted = inline.group(1) if inline.group(1) is not None else inline.group(2)
            yield quoted.replace('\\"', '"').replace("\\'", "'")
        elif _BLOCK.match(line):
            in_block = True


class Snippets:
    """pymdownx.snippets' settings for one build, and the files its snippet names resolve to."""

    def __init__(self, settings: Mapping[str, object]) -> None:
        base = settings.get("base_path", ["."])
        bases: Sequence[object] = [base] if isinstance(base, str | os.PathLike) else base  # type: ignore[assignment]
        self.bases = [
            os.path.abspath(os.fspath(b)) for b in bases if isinstance(b, str | os.PathLike)
        ]
        self.restricted = settings.get("restrict_base_path", True) is not False
        appended = settings.get("auto_append", [])
        self.appended = (
            [name for name in appended if isinstance(name, str)]
            if isinstance(appended, list)
            else []
        )
        self._found: dict[str, str | None] = {}
        self._within: dict[str, tuple[str, ...]] = {}

    def files(self, markdown: str) -> tuple[str, ...]:
        """Every file the page's snippets come from, snippets within them too, sorted."""
        found: set[str] = set()
        names = [*named_snippets(markdown), *self.appended]
        self._collect(names, found, 0)
        return tuple(sorted(found))

    def _collect(self, names: list[str], found: set[str], depth: int) -> None:
        for name in names:
            path = self.resolve(name)
            if path is None or path in found:
                continue
            found.add(path)
            if depth < _MAX_DEPTH:
                self._collect(list(self._named_in(path)), found, depth + 1)

    def _named_in(self, path: str) -> tuple[str, ...]:
        named = self._within.get(path)
        if named is None:
            try:
                with open(path, encoding="utf-8", errors="replace") as snippet:
                    named = tuple(named_snippets(snippet.read()))
            except OSError:
                named = ()
            self._within[path] = named
        return named

    def resolve(self, name: str) -> str | None:
        """The file a snippet name gives, or None (a URL, a file not found)."""
        if name in self._found:
            return self._found[name]
        found = None
        if "://" not in name:
            found = self._find(name)
            bare = _SPECIFIER.sub("", name)
            if found is None and bare != name:
                found = self._find(bare)
        self._found[name] = found
        return found

    def _find(self, name: str) -> str | None:
        for base in self.bases:
            if os.path.isdir(base):
                path = os.path.abspath(os.path.join(base, name))
                if self.restricted and not path.startswith(os.path.join(base, "")):
                    continue
                if os.path.isfile(path):
                    return path
            elif os.path.isfile(base) and os.path.basename(base) == name:
                return base
        return None


def build_snippets(
    markdown_extensions: Sequence[object], configs: Mapping[str, object]
) -> Snippets | None:
    """The build's snippets, when pymdownx.snippets is among its Markdown extensions."""
    if SNIPPETS_EXTENSION not in markdown_extensions:
        return None
    settings = configs.get(SNIPPETS_EXTENSION)
    return Snippets(settings if isinstance(settings, Mapping) else {})
