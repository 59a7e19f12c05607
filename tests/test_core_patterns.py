"""The pattern matcher's shortcuts never change pathspec's answer."""

from __future__ import annotations

import itertools

import pytest
from pathspec import GitIgnoreSpec

from sitemapkit.patterns import PathMatcher

PATTERNS = [
    "404.html",
    "404/",
    "docs",
    "/search.html",
    "genindex-*.html",
    "docs/p*.html",
    "a/b/",
    "**/x.html",
    "*.htm",
    "/a/**/z.html",
    "sec?ion-1/",
    "x*y/z",
    "[ab].html",
    "q\\*.html",
    "foo.html ",  # git drops the trailing space
    "z.html\\ ",  # an escaped one it keeps
    " z",
    "#comment",
    "!docs/pa.html",
]
SEGMENTS = ["a", "b", "docs", "404", "404.html", "search.html", "genindex-1.html", "pa.html"]
SEGMENTS += ["x.html", "z.html", "foo.html", "section-1", "x1y", "z", " z", "q*.html", "i.htm"]
PATHS = ["/".join(p) for n in (1, 2, 3) for p in itertools.product(SEGMENTS, repeat=n)]


@pytest.mark.parametrize("pattern", PATTERNS)
def test_each_pattern_agrees_with_pathspec(pattern: str) -> None:
    matcher, spec = PathMatcher([pattern]), GitIgnoreSpec.from_lines([pattern])
    wrong = [path for path in PATHS if matcher(path) != bool(spec.match_file(path))]
    assert wrong == []


@pytest.mark.parametrize("patterns", list(itertools.combinations(PATTERNS, 3))[::7])
def test_pattern_sets_agree_with_pathspec(patterns: tuple[str, ...]) -> None:
    matcher, spec = PathMatcher(patterns), GitIgnoreSpec.from_lines(patterns)
    wrong = [path for path in PATHS[::5] if matcher(path) != bool(spec.match_file(path))]
    assert wrong == []
