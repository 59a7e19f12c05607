"""gitignore-style patterns on output paths, compiled once, with a fast path for plain names."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Generic, TypeVar

from pathspec import GitIgnoreSpec

_WILDCARDS = frozenset("*?[]\\!")
T = TypeVar("T")


def check_pattern(pattern: str) -> str | None:
    """Why a pattern cannot be used, or None when it compiles."""
    try:
        GitIgnoreSpec.from_lines([pattern])
    except Exception as exc:  # pathspec raises several types for bad globs
        return f"expected a gitignore-style pattern ({exc})"
    return None


def _is_plain_name(pattern: str) -> bool:
    """A pattern such as `404.html` or `drafts/` that matches any path segment equal to it."""
    name = pattern[:-1] if pattern.endswith("/") else pattern
    return bool(name) and "/" not in name and not (_WILDCARDS & set(name))


class PathMatcher:
    """True for paths any pattern matches (gitignore semantics, negations included)."""

    def __init__(self, patterns: Iterable[str]) -> None:
        items = [p for p in patterns if p.strip()]
        self._names: frozenset[str] = frozenset()
        self._dir_names: frozenset[str] = frozenset()
        self._spec: GitIgnoreSpec | None = None
        self._words: tuple[str, ...] = ()
        if any(p.startswith("!") for p in items):
            self._spec = GitIgnoreSpec.from_lines(items)
            return
        self._names = frozenset(p for p in items if _is_plain_name(p) and not p.endswith("/"))
        self._dir_names = frozenset(p[:-1] for p in items if _is_plain_name(p) and p.endswith("/"))
        self._words = tuple(self._names | self._dir_names)
        rest = [p for p in items if not _is_plain_name(p)]
        if rest:
            self._spec = GitIgnoreSpec.from_lines(rest)

    def __bool__(self) -> bool:
        return bool(self._names or self._dir_names or self._spec)

    def __call__(self, path: str) -> bool:
        # A plain name can equal a segment only if it occurs in the path: test that first.
        for word in self._words:
            if word in path:
                segments = path.split("/")
                if self._names.intersection(segments):
                    return True
                if self._dir_names.intersection(segments[:-1]):
                    return True
                break
        return self._spec is not None and bool(self._spec.match_file(path))


class RuleTable(Generic[T]):
    """Pattern -> value rules where the last matching pattern wins, as in .gitignore."""

    def __init__(self, rules: Sequence[tuple[str, T]]) -> None:
        self._rules = [(PathMatcher([pattern]), value) for pattern, value in rules]

    def __bool__(self) -> bool:
        return bool(self._rules)

    def lookup(self, path: str) -> T | None:
        found: T | None = None
        for matcher, value in self._rules:
            if matcher(path):
                found = value
        return found
