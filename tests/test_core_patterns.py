"""The pattern matcher's shortcuts never change pathspec's answer."""

from __future__ import annotations

import itertools

import pytest
from pathspec import GitIgnoreSpec

from sitemapkit.patterns import PathMatcher, as_glob

PATTERNS = [
    "404.html",
    "404/",
    "docs",
    "/search.html",
    "/a/",
    "/404.html",
    "/docs",
    "/z ",  # git drops the trailing space: left to pathspec
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


def test_a_negated_pattern_lists_a_page_below_an_excluded_folder() -> None:
    """Unlike git, which never looks inside a folder it ignores, a `!` pattern brings back a
    page of an excluded folder: the list says which pages to leave out, not which to read."""
    matcher = PathMatcher(["drafts/", "!drafts/keep.html"])
    assert matcher("drafts/a.html")
    assert not matcher("drafts/keep.html")
    assert matcher("x/drafts/keep.html")  # a pattern with a slash inside is anchored at the top


@pytest.mark.parametrize(
    ("regex", "glob"),
    [
        ("^/tag/", "/tag/"),
        ("^tag/.*", "/tag/"),
        (r"\.json$", "*.json"),
        (r"^drafts/.*\.html$", "/drafts/**/*.html"),
        ("!^/keep/", "!/keep/"),
        ("^$", "/index.html"),  # the home page alone
        ("^/$", "/index.html"),
        ("^", "*"),  # every URL
        ("$", "*"),
        ("^/.*$", "*"),
        ("/tag/.*$", "**/tag/"),  # not anchored: pelican-sitemap found it anywhere
        (r"^/a/\.*$", None),  # an escaped dot repeated: no wildcard of a pattern
        ("^/tags*/", None),
        ("^/(tag|category)/", None),  # more than wildcards: no pattern says the same
        (r"^/a\d+/", None),
    ],
)
def test_a_regular_expression_is_read_as_the_pattern_it_meant(regex: str, glob: str | None) -> None:
    """pelican-sitemap's exclude took regular expressions of URLs: each simple one gets the
    gitignore-style pattern that leaves out the same pages."""
    assert as_glob(regex) == glob
