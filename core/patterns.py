"""gitignore-style patterns on output paths, compiled once, with a fast path for plain names."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Generic, TypeVar

from pathspec import GitIgnoreSpec

#: `re.error`'s place in the regular expression a pattern becomes, which is not the pattern's.
_AT_POSITION = re.compile(r" at position \d+")

#: Characters that make a pattern more than a plain name.
WILDCARDS = frozenset("*?[]\\!")
T = TypeVar("T")


def check_pattern(pattern: str) -> str | None:
    """Why a pattern cannot be used, or None when it compiles."""
    if not pattern.strip():
        return "an empty pattern matches nothing; remove it"
    if "://" in pattern:  # no output path holds one: the pattern would match nothing
        lead = "!" if pattern.startswith("!") else ""
        path = lead + "/" + pattern.split("://", 1)[1].partition("/")[2]
        return (
            "patterns match output paths, not URLs; write the path below the base URL, such "
            f"as {path!r} for a site at the host's root"
        )
    body = pattern.removeprefix("!")
    if body.startswith("^") or body.endswith("$"):  # no file name has either, in practice
        glob = as_glob(pattern)
        fix = f"write {glob!r}" if glob else "rewrite it as one, such as '/tag/' or '*.json'"
        return (
            "it looks like a regular expression (as pelican-sitemap's exclude took), while "
            f"patterns are gitignore-style; {fix}"
        )
    try:
        GitIgnoreSpec.from_lines([pattern])
    except Exception as exc:  # pathspec raises several types for bad globs
        said = _AT_POSITION.sub("", str(exc))  # a place in the expression made of it
        return f"expected a gitignore-style pattern ({said})"
    return None


def as_glob(regex: str) -> str | None:
    """A simple regular expression of a URL path (`^/tag/`, `\\.json$`, `^drafts/.*\\.html$`)
    as the gitignore-style pattern meant; None for one with groups, classes or repeats.

    pelican-sitemap searched the whole URL, so an expression not anchored at its start
    matches in any folder (`/tag/.*` is `**/tag/`)."""
    lead = "!" if regex.startswith("!") else ""
    body = regex.removeprefix("!")
    anchored, ends = body.startswith("^"), body.endswith("$")
    body = body.removeprefix("^").removesuffix("$").replace("\\.", "\0")
    wild = ".*" in body
    rest = body.replace(".*", "")
    if any(char in rest for char in "()|[]{}+?\\*."):
        return None  # more than a path with wildcards: no pattern says the same
    if body.endswith("/.*"):
        body = body[:-2]  # everything in the folder: the folder
    body = body.replace("/.*", "/**/*").replace(".*", "*").replace("\0", ".")
    if not body.strip("/*"):
        only_root = anchored and ends and not wild  # `^$`, `^/$`: the home page alone
        return lead + ("/index.html" if only_root else "*")
    if anchored:
        body = body if body.startswith("/") else "/" + body
    elif body.startswith("/") or "/" in body.rstrip("/"):
        body = "**/" + body.lstrip("/")  # found anywhere in the URL
    elif ends and not body.startswith("*"):
        body = "*" + body  # `\\.json$`: any name ending so
    return lead + body


def _required_texts(pattern: str) -> tuple[str, ...]:
    """Texts every path a pattern matches contains (none when they cannot be told cheaply).

    The runs of the pattern's own characters between wildcards and slashes, longest first
    (`old/*.html`: `.html` and `old`); patterns with bracket expressions or escapes are left
    to the full matcher.
    """
    if "[" in pattern or "\\" in pattern:
        return ()
    runs = re.split(r"[*?/]+", pattern.rstrip())  # git drops trailing spaces
    return tuple(sorted((run for run in runs if run), key=len, reverse=True))


def _top_name(pattern: str) -> str | None:
    """The name a pattern such as `/200.html` or `/_gatsby/` matches at the top only."""
    if not pattern.startswith("/"):
        return None
    name = pattern[1:]
    return name if _is_plain_name(name) else None


def _is_plain_name(pattern: str) -> bool:
    """A pattern such as `404.html` or `drafts/` that matches any path segment equal to it."""
    name = pattern[:-1] if pattern.endswith("/") else pattern
    plain = bool(name) and "/" not in name and WILDCARDS.isdisjoint(name)
    return plain and name == name.rstrip()  # git drops trailing spaces: left to pathspec


class PathMatcher:
    """True for paths any pattern matches (gitignore semantics, negations included)."""

    def __init__(self, patterns: Iterable[str]) -> None:
        items = [p for p in patterns if p.strip()]
        self._names: frozenset[str] = frozenset()
        self._dir_names: frozenset[str] = frozenset()
        self._spec: GitIgnoreSpec | None = None
        self._words: tuple[str, ...] = ()
        self._spec_texts: tuple[tuple[str, ...], ...] | None = None
        self._top_names: frozenset[str] = frozenset()
        self._top_dirs: frozenset[str] = frozenset()
        self._tops = False
        if any(p.startswith("!") for p in items):
            self._spec = GitIgnoreSpec.from_lines(items)
            return
        self._names = frozenset(p for p in items if _is_plain_name(p) and not p.endswith("/"))
        self._dir_names = frozenset(p[:-1] for p in items if _is_plain_name(p) and p.endswith("/"))
        self._words = tuple(self._names | self._dir_names)
        # `/200.html` and `/_gatsby/`: the path's first segment is looked up, no search.
        tops = {p: _top_name(p) for p in items if not _is_plain_name(p)}
        self._top_names = frozenset(n for n in tops.values() if n and not n.endswith("/"))
        self._top_dirs = frozenset(n[:-1] for n in tops.values() if n and n.endswith("/"))
        self._tops = bool(self._top_names or self._top_dirs)
        rest = [p for p, top in tops.items() if top is None]
        if rest:
            self._spec = GitIgnoreSpec.from_lines(rest)
            required = [_required_texts(p) for p in rest]
            # A path that lacks a text of each pattern matches none of them: skip the spec.
            self._spec_texts = tuple(required) if all(required) else None

    def __bool__(self) -> bool:
        return bool(self._names or self._dir_names or self._tops or self._spec)

    def __call__(self, path: str) -> bool:
        if self._tops:  # one test per path: the patterns' names are in sets
            first, slash, _ = path.partition("/")
            if first in self._top_names or (slash and first in self._top_dirs):
                return True
        # A plain name can equal a segment only if it occurs in the path: test that first.
        for word in self._words:
            if word in path:
                segments = path.split("/")
                if self._names.intersection(segments):
                    return True
                if self._dir_names.intersection(segments[:-1]):
                    return True
                break
        if self._spec is None:
            return False
        if self._spec_texts is not None:
            for texts in self._spec_texts:
                for text in texts:
                    if text not in path:
                        break
                else:
                    break  # this pattern may match: the spec decides
            else:
                return False
        return bool(self._spec.match_file(path))


class RuleTable(Generic[T]):
    """Pattern -> value rules where the last matching pattern wins, as in .gitignore."""

    def __init__(self, rules: Sequence[tuple[str, T]]) -> None:
        self._rules = [(number, PathMatcher([p]), value) for number, (p, value) in enumerate(rules)]
        self._patterns = [pattern for pattern, _ in rules]
        #: Rules no path has matched yet: bookkeeping only until each one has.
        self._unused = set(range(len(rules)))

    def __bool__(self) -> bool:
        return bool(self._rules)

    def lookup(self, path: str) -> T | None:
        found: T | None = None
        unused = self._unused
        for number, matcher, value in self._rules:
            if matcher(path):
                found = value
                if unused:
                    unused.discard(number)
        return found

    def unused(self) -> list[str]:
        """The patterns no path looked up has matched so far."""
        return [p for n, p in enumerate(self._patterns) if n in self._unused and p.strip()]
