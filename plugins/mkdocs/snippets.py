"""The files pymdownx.snippets puts into a page: `--8<-- "CHANGELOG.md"` makes the changelog
page change whenever CHANGELOG.md does, though its own source never changes.

MkDocs records no dependency of a page, so the snippets named in its Markdown are read here,
by the extension's documented rules: inline `--8<-- "file"` lines, blocks of names between two
`--8<--` lines (a name starting with `;` is a comment), the `auto_append` files, and the
snippets within the lines a snippet gives (all of the file, its line ranges `file.md:3:9`, or
its section `file.md:usage`). A name is found below the first `base_path` that has it (a base
that is a file gives that file only; `!relative` is the page's own folder). A line escaped
with `;` is no snippet; a URL is no file.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from mkdocs.utils.yaml import RelativeDirPlaceholder

#: The extension's name in `markdown_extensions`.
SNIPPETS_EXTENSION = "pymdownx.snippets"

_MARKER = r"-+8<-+"
#: Nothing may follow the closing quote, as the extension reads it.
_INLINE = re.compile(rf"""^[ \t]*{_MARKER}[ \t]+("(?:\\"|[^"\r\n])+?"|'(?:\\'|[^'\r\n])+?')\r?$""")
_BLOCK = re.compile(rf"^[ \t]*{_MARKER}\r?$")
_SECTION_NAME = re.compile(r"(?i)[a-z][-_0-9a-z]*")
_RANGES = re.compile(r"(?::-?[0-9]*){1,2}(?:,(?=[-0-9:])-?[0-9]*(?::-?[0-9]*)?)*")
_RANGE_CHARACTERS = frozenset("0123456789:,-")
#: No file has a longer name: a longer one is not looked for.
_MAX_NAME = 4096
#: How a false boolean is spelt in the extension's settings (Python-Markdown parses them).
_FALSE_WORDS = frozenset({"false", "no", "n", "off", "0", "none"})


@dataclass(frozen=True)
class Target:
    """A snippet name split as the extension splits it: the file, and the lines it gives."""

    path: str
    ranges: tuple[tuple[int | None, int | None], ...] = ()
    section: str | None = None


def split_name(name: str) -> Target | None:
    """`file.md:3:9` -> the file and its line range; `file.md:usage` -> the file and section;
    None when no file is named (`:3`). The earliest `:` that starts a whole specifier counts."""
    if len(name) > _MAX_NAME:
        return None
    head, colon, tail = name.rpartition(":")
    if colon and _SECTION_NAME.fullmatch(tail):
        path = head.strip()
        return Target(path, section=tail) if path else None
    start = len(name)
    while start and name[start - 1] in _RANGE_CHARACTERS:
        start -= 1
    at = name.find(":", start)
    while at >= 0:
        spec = name[at:]
        if _RANGES.fullmatch(spec):
            path = name[:at].strip()
            return Target(path, _ranges(spec)) if path else None
        at = name.find(":", at + 1)
    path = name.strip()
    return Target(path) if path else None


def _ranges(spec: str) -> tuple[tuple[int | None, int | None], ...]:
    ranges = []
    for part in spec[1:].split(","):
        first, _, last = part.partition(":")
        ranges.append((int(first) if first else None, int(last) if last else None))
    return tuple(ranges)


def named_snippets(markdown: str) -> Iterator[str]:
    """The snippet names in some Markdown, in order, as written (stripped of blanks)."""
    if "8<-" not in markdown:  # nearly every page: one search
        return
    in_block = False
    for line in markdown.splitlines():
        if "8<-" in line and _BLOCK.match(line):
            in_block = not in_block
        elif in_block:
            name = line.strip()
            if name and not name.startswith(";"):
                yield name
        elif "8<-" in line:
            inline = _INLINE.match(line)
            if inline is not None:
                yield inline.group(1)[1:-1].strip()


def selected_lines(lines: list[str], target: Target) -> list[str]:
    """The lines of a snippet file that the target gives."""
    if target.ranges:
        total, chosen = len(lines), []
        for first, last in target.ranges:  # from 1; a negative one counts from the end
            begin = first if first is None else max(first - 1, 0) if first >= 0 else total + first
            end = last if last is None or last >= 0 else total + 1 + last
            chosen.extend(lines[_within(begin, total) : _within(end, total)])
        return chosen
    if target.section is not None:
        marker = re.compile(
            rf"{_MARKER}[ \t]+\[[ \t]*(start|end)[ \t]*:[ \t]*{re.escape(target.section)}[ \t]*\]"
        )
        chosen, inside = [], False
        for line in lines:
            found = marker.search(line) if "8<-" in line else None
            if found is None:
                if inside:
                    chosen.append(line)
            elif found.group(1) == "start":
                inside = True
            else:
                break
        return chosen
    return lines


def _within(at: int | None, total: int) -> int | None:
    return at if at is None else min(max(at, 0), total)


def _as_bool(value: object) -> bool:
    if isinstance(value, str):
        return value.strip().lower() not in _FALSE_WORDS
    return bool(value)


class Snippets:
    """pymdownx.snippets' settings for one build, and the files its snippet names resolve to."""

    def __init__(self, settings: Mapping[str, object]) -> None:
        base = settings.get("base_path", ["."])
        bases = [base] if isinstance(base, str | os.PathLike) else base
        #: None stands for `!relative`: the folder of the page being read.
        self.bases: list[str | None] = []
        for item in bases if isinstance(bases, list | tuple) else ():
            if isinstance(item, RelativeDirPlaceholder):
                self.bases.append(None)
            elif isinstance(item, str | os.PathLike):
                try:
                    self.bases.append(os.path.abspath(os.fspath(item)))
                except Exception:  # a placeholder that cannot say its folder here
                    continue
        self.restricted = _as_bool(settings.get("restrict_base_path", True))
        appended = settings.get("auto_append") or []
        names = (
            [name for name in appended if isinstance(name, str)]
            if isinstance(appended, list)
            else []
        )
        #: Added to every page as the extension adds them: one more block of names.
        self.appended = "\n\n-8<-\n" + "\n\n".join(names) + "\n-8<-\n" if names else ""
        self._appended_names = tuple(named_snippets(self.appended))
        self._found: dict[tuple[tuple[str, ...], str], str | None] = {}
        self._closures: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[str, ...]] = {}
        self._lines: dict[str, list[str]] = {}

    def files(self, markdown: str, page_folder: str) -> tuple[str, ...]:
        """Every file the page's snippets come from, snippets within them too, sorted."""
        if "8<-" in markdown:
            names = tuple(named_snippets(markdown + self.appended))
        else:  # nearly every page: only the appended files, the same for each
            names = self._appended_names
        if not names:
            return ()
        bases = tuple(page_folder if base is None else base for base in self.bases)
        known = self._closures.get((bases, names))
        if known is None:
            known = self._closures[bases, names] = self._closure(bases, names)
        return known

    def _closure(self, bases: tuple[str, ...], names: tuple[str, ...]) -> tuple[str, ...]:
        found: set[str] = set()
        seen: set[Target] = set()
        pending = list(names)
        while pending:  # in any order: the same set
            target = split_name(pending.pop())
            if target is None or target.path.lower().startswith(("https://", "http://")):
                continue
            resolved = self._resolve(bases, target.path)
            if resolved is None:
                continue
            found.add(resolved)
            read = Target(resolved, target.ranges, target.section)
            if read not in seen:
                seen.add(read)
                lines = selected_lines(self._read(resolved), read)
                pending.extend(named_snippets("\n".join(lines)))
        return tuple(sorted(found))

    def _read(self, path: str) -> list[str]:
        lines = self._lines.get(path)
        if lines is None:
            try:
                with open(path, encoding="utf-8", errors="replace") as snippet:
                    lines = snippet.read().splitlines()
            except OSError:
                lines = []
            self._lines[path] = lines
        return lines

    def _resolve(self, bases: tuple[str, ...], name: str) -> str | None:
        key = (bases, name)
        if key not in self._found:
            self._found[key] = self._find(bases, name)
        return self._found[key]

    def _find(self, bases: Sequence[str], name: str) -> str | None:
        for base in bases:
            if os.path.isdir(base):
                path = os.path.abspath(os.path.join(base, name))
                if self.restricted and not path.startswith(os.path.join(base, "")):
                    continue
                if os.path.isfile(path):
                    return path
            elif os.path.isfile(base):  # a base that is a file gives that file alone
                path = os.path.join(os.path.dirname(base), name)
                if os.path.isfile(path) and os.path.samefile(path, base):
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
