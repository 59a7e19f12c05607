"""The files pymdownx.snippets puts into a page: `--8<-- "CHANGELOG.md"` makes the changelog
page change whenever CHANGELOG.md does, though its own source never changes.

MkDocs records no dependency of a page, so the snippets named in its Markdown are read here,
by the extension's documented rules: inline `--8<-- "file"` lines, blocks of names between two
`--8<--` lines (a name starting with `;` is a comment), the `auto_append` files, and the
snippets within the lines a snippet gives (all of the file, its line ranges `file.md:3:9`, or
its section `file.md:usage`). A name is found below the first `base_path` that has it (a base
that is a file gives that file only; `!relative` is the page's own folder). A line escaped
with `;` is no snippet; a URL is no file when the extension downloads URLs; a snippet already
being read (a loop) is not read again inside itself.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from mkdocs.utils.yaml import RelativeDirPlaceholder

from .markdown_extensions import extension_settings

#: The extension's name in `markdown_extensions`.
SNIPPETS_EXTENSION = "pymdownx.snippets"

_MARKER = r"-+8<-+"
#: Nothing may follow the closing quote, as the extension reads it.
_INLINE = re.compile(rf"""^[ \t]*{_MARKER}[ \t]+("(?:\\"|[^"\r\n])+?"|'(?:\\'|[^'\r\n])+?')\r?$""")
_BLOCK = re.compile(rf"^[ \t]*{_MARKER}\r?$")
_SECTION_NAME = re.compile(r"(?i)[a-z][-_0-9a-z]*")
#: A section's start or end, where it begins (after its `;` escapes, not inside a run of them
#: or of dashes: a line of many dashes is read once).
_SECTION_MARK = re.compile(
    rf"(?i)(?<![;-])(;*){_MARKER}[ \t]+\[[ \t]*(start|end)[ \t]*:[ \t]*([a-z][-_0-9a-z]*)[ \t]*\]"
)
#: Snippets within snippets, deeper than anyone nests them (the extension stops short of
#: Python's recursion limit).
_MAX_DEPTH = 200
_NUMBER = re.compile(r"-?[0-9]*").fullmatch
_RANGE_CHARACTERS = frozenset("0123456789:,-")
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
    head, colon, tail = name.rpartition(":")
    if colon and _SECTION_NAME.fullmatch(tail):
        path = head.strip()
        return Target(path, section=tail) if path else None
    start = len(name)
    while start and name[start - 1] in _RANGE_CHARACTERS:
        start -= 1
    at = _ranges_start(name[start:])
    if at is not None:
        path, ranges = name[: start + at].strip(), _ranges(name[start + at :])
        return Target(path, ranges) if path and ranges is not None else None
    path = name.strip()
    return Target(path) if path else None


def _ranges_start(run: str) -> int | None:
    """Where in `run` (digits, `:`, `,`, `-`) the earliest whole line-range specifier starts,
    in one pass: `:A`, `:A:B`, then any number of `,A` or `,A:B` (not empty), each A and B
    an optional `-` and digits."""
    parts = run.split(",")
    # Whether the parts from each one on can all follow a comma.
    follows = [True] * (len(parts) + 1)
    for index in range(len(parts) - 1, 0, -1):
        part = parts[index]
        follows[index] = follows[index + 1] and part != "" and _numbers(part, 2)
    offset = 0
    for index, part in enumerate(parts):
        if follows[index + 1]:
            colons = [at for at, character in enumerate(part) if character == ":"]
            for at in colons[-2:]:  # a first part holds one or two colons
                if _numbers(part[at + 1 :], 2):
                    return offset + at
        offset += len(part) + 1
    return None


def _numbers(text: str, most: int) -> bool:
    """Whether `text` is at most `most` `:`-separated numbers, each maybe empty or negative."""
    numbers = text.split(":")
    return len(numbers) <= most and all(_NUMBER(number) for number in numbers)


def _ranges(spec: str) -> tuple[tuple[int | None, int | None], ...] | None:
    ranges = []
    for part in spec[1:].split(","):
        first, _, last = part.partition(":")
        try:
            ranges.append((int(first) if first else None, int(last) if last else None))
        except ValueError:  # a lone `-`: the extension fails the page itself
            return None
    return tuple(ranges)


def page_lines(markdown: str) -> list[str]:
    """A page's lines as Python-Markdown hands them to the extension, before it normalises
    line endings (a `\r` before `\n` ends a marker's line too; a lone one is no line end)."""
    return markdown.split("\n")


def named_snippets(lines: Iterable[str]) -> Iterator[str]:
    """The snippet names in some lines of Markdown, in order, as written (stripped of blanks)."""
    in_block = False
    for line in lines:
        marked = "8<-" in line
        if marked and _BLOCK.match(line):
            in_block = not in_block
        elif in_block:
            name = line.strip()
            if name and not name.startswith(";") and not (marked and _INLINE.match(line)):
                yield name  # an inline snippet inside a block is no name, and is skipped
        elif marked:
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
        chosen, inside = [], False
        for line in lines:
            mark = _SECTION_MARK.search(line) if "8<-" in line else None
            if mark is None or mark.group(1):  # text (an escaped marker too)
                if inside:
                    chosen.append(line)
            elif mark.group(3) != target.section:
                continue  # another section's marker is no text of this one
            elif mark.group(2) == "start":
                inside = True  # a second start changes nothing
            else:
                break  # its end, a marker spelt otherwise, or an end before any start
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
        self.downloads = _as_bool(settings.get("url_download", False))
        encoding = settings.get("encoding", "utf-8")
        self.encoding = encoding if isinstance(encoding, str) else "utf-8"
        appended = settings.get("auto_append") or []
        names = [n for n in appended if isinstance(n, str)] if isinstance(appended, list) else []
        #: Added to every page as the extension adds them: one more block of names.
        self.appended = "\n\n-8<-\n" + "\n\n".join(names) + "\n-8<-\n" if names else ""
        self._appended_names = tuple(named_snippets(page_lines(self.appended)))
        self._found: dict[tuple[tuple[str, ...], str], str | None] = {}
        self._lines: dict[str, list[str]] = {}
        self._closures: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[str, ...]] = {}

    def page_text(self, markdown: str, files: tuple[str, ...]) -> str:
        """The page's Markdown as the extensions after this one read it: as it is (none after
        it puts files into pages)."""
        return markdown

    def files(self, markdown: str, page_folder: str) -> tuple[str, ...]:
        """Every file the page's snippets come from, snippets within them too, sorted."""
        if not markdown.strip():  # Python-Markdown renders an empty page without extensions
            return ()
        if "8<-" in markdown:
            names = tuple(named_snippets(page_lines(markdown + self.appended)))
        else:  # nearly every page: only the appended files, the same for each
            names = self._appended_names
        if not names:
            return ()
        bases = tuple(page_folder if base is None else base for base in self.bases)
        known = self._closures.get((bases, names))
        if known is None:
            found: set[str] = set()
            self._walk(bases, names, set(), found, 0)
            known = self._closures[bases, names] = tuple(sorted(found))
        return known

    def _walk(
        self,
        bases: tuple[str, ...],
        names: Iterable[str],
        reading: set[str],
        found: set[str],
        depth: int,
    ) -> None:
        """Add the files `names` give, and those their lines name, to `found`; a file being
        read (`reading`, as the extension spells its path) is not read again inside itself."""
        for name in names:
            target = split_name(name)
            if target is None:
                continue
            if self.downloads and target.path.lower().startswith(("https://", "http://")):
                continue  # downloaded: no file
            path = self._resolve(bases, target.path)
            if path is None or path in reading or depth >= _MAX_DEPTH:
                continue
            found.add(path)
            lines = selected_lines(self._read(path), target)
            reading.add(path)
            self._walk(bases, named_snippets(lines), reading, found, depth + 1)
            reading.discard(path)

    def _read(self, path: str) -> list[str]:
        """A snippet's lines as the extension reads them (a final line ending gives an empty
        last line; an empty file has none)."""
        lines = self._lines.get(path)
        if lines is None:
            try:
                with open(path, encoding=self.encoding, errors="replace") as snippet:
                    text = snippet.read()
            except (OSError, LookupError):  # LookupError: an encoding Python does not know
                text = ""
            lines = self._lines[path] = text.split("\n") if text else []
        return lines

    def _resolve(self, bases: tuple[str, ...], name: str) -> str | None:
        key = (bases, name)
        if key not in self._found:
            self._found[key] = self._find(bases, name)
        return self._found[key]

    def _find(self, bases: Sequence[str], name: str) -> str | None:
        """The path of the file, spelt as the extension spells it."""
        for base in bases:
            if os.path.isdir(base):
                if self.restricted:
                    path = os.path.abspath(os.path.join(base, name))
                    if not path.startswith(os.path.join(base, "")):
                        continue
                else:
                    path = os.path.join(base, name)  # as written: `b/../a.md` needs a `b/`
                if os.path.isfile(path):
                    return path
            elif os.path.isfile(base):  # a base that is a file gives that file alone
                path = os.path.join(os.path.dirname(base), name)
                if os.path.isfile(path) and os.path.samefile(path, base):
                    return path
        return None


def build_snippets(
    markdown_extensions: Sequence[object], configs: Mapping[str, object]
) -> Snippets | None:
    """The build's snippets, when pymdownx.snippets is among its Markdown extensions."""
    settings = extension_settings(markdown_extensions, configs, SNIPPETS_EXTENSION)
    return None if settings is None else Snippets(settings)
