"""Pages in, sitemap entries out: URLs, lastmods, priorities, changefreqs, exclusions.

Pure apart from `os.stat` on source files. A scan streams (every page carries its own mtime);
a list from an adapter is resolved in two passes so pages without sources can borrow the
newest lastmod of the pages they list, or of the whole site.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Literal

from .options import SitemapOptions
from .pages import Page, sort_name
from .patterns import PathMatcher, RuleTable
from .urls import (
    MAX_LOC_LENGTH,
    encode_file_path,
    encode_url_path,
    url_depth,
    url_path_for_file,
)


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the user should hear about; adapters route it to their generator's log."""

    level: Literal["info", "warning"]
    code: str  # a stable subtype, e.g. "long-url", for filtering (Sphinx's suppress_warnings)
    message: str


Report = Callable[[Notice], None]


@dataclass(slots=True)
class Entry:
    """One `<url>`: `url` is absolute and ASCII (not yet XML-escaped); lastmod in UTC seconds."""

    url: str
    lastmod: int | None
    changefreq: str | None
    priority: float | None


def _newest_mtime(paths: Iterable[str]) -> float | None:
    """The newest modification time among files that exist (a missing one is skipped)."""
    newest: float | None = None
    for path in paths:
        try:
            mtime = os.stat(path).st_mtime
        except OSError:
            continue
        if newest is None or mtime > newest:
            newest = mtime
    return newest


class EntryMaker:
    """Applies the options to pages, one at a time, and counts what it skips and why."""

    def __init__(self, options: SitemapOptions, report: Report, clamp: int | None) -> None:
        if options.base_url is None:
            raise ValueError("EntryMaker needs a base URL")
        self.base_url = options.base_url
        self.options = options
        self.report = report
        self.clamp = clamp
        self.skipped: Counter[str] = Counter()
        self._excluded = PathMatcher(options.exclude)
        self._priorities = RuleTable(options.priority_overrides)
        self._changefreqs = RuleTable(options.changefreq_rules)
        self._use_mtime = options.lastmod == "mtime"
        self._excluding = bool(self._excluded)
        self._pretty_urls = options.pretty_urls
        self._has_priority_rules = bool(self._priorities)
        self._has_changefreq_rules = bool(self._changefreqs)
        self._depth_priorities: dict[int, float] = {}

    def file_time(self, page: Page) -> int | None:
        """Newest mtime of the page's sources, else the known mtime, clamped for reproducibility."""
        if not self._use_mtime:
            return None
        newest = _newest_mtime(page.sources) if page.sources else None
        if newest is None:
            newest = page.mtime  # the scan's case: known already, no stat
        if newest is None:
            return None
        seconds = int(newest)
        return seconds if self.clamp is None or seconds <= self.clamp else self.clamp

    def make(self, page: Page) -> Entry | None:
        """The entry for a page, or None when it is excluded or cannot be listed."""
        meta = page.meta
        if meta.exclude or (self._excluding and self._excluded(page.path)):
            self.skipped["excluded"] += 1
            return None
        if page.url is not None:
            url_path = encode_url_path(page.url.lstrip("/"))
        else:
            url_path = encode_file_path(url_path_for_file(page.path, self._pretty_urls))
        url = self.base_url + url_path
        if len(url) > MAX_LOC_LENGTH:
            self.skipped["URL too long"] += 1
            self.report(
                Notice(
                    "warning",
                    "long-url",
                    f"page {page.path!r} skipped: its URL has {len(url):,} characters and "
                    f"sitemaps allow at most {MAX_LOC_LENGTH:,}; shorten its path",
                )
            )
            return None
        lastmod = meta.lastmod if meta.lastmod is not None else self.file_time(page)
        return Entry(url, lastmod, self._changefreq(page), self._priority(page, url_path))

    def _priority(self, page: Page, url_path: str) -> float | None:
        if page.meta.priority is not None:
            return page.meta.priority
        if self._has_priority_rules:
            override = self._priorities.lookup(page.path)
            if override is not None:
                return override
        if not self.options.priority:
            return None
        depth = url_depth(url_path)
        priority = self._depth_priorities.get(depth)
        if priority is None:
            step, floor = self.options.priority_step, self.options.priority_floor
            priority = self._depth_priorities[depth] = max(floor, 1.0 - step * depth)
        return priority

    def _changefreq(self, page: Page) -> str | None:
        if page.meta.changefreq is not None:
            return page.meta.changefreq
        if self._has_changefreq_rules:
            rule = self._changefreqs.lookup(page.path)
            if rule is not None:
                return rule
        return self.options.changefreq


def stream_entries(pages: Iterable[Page], maker: EntryMaker) -> Iterator[Entry]:
    """Entries in page order, one at a time (the scan: each page knows its own mtime)."""
    return filter(None, map(maker.make, pages))  # C-level loop; an Entry is never falsy


def _path_key(page: Page) -> list[str]:
    """The scan's order, so a page list and a scan of the same site list URLs alike."""
    segments = page.path.split("/")
    if "index.html" not in page.path:  # no segment to rename: skip the per-segment loop
        return segments
    return [sort_name(segment) for segment in segments]


def resolve_entries(pages: Iterable[Page], maker: EntryMaker) -> list[Entry]:
    """Entries for an adapter's page list: sorted like a scan, duplicates dropped, lastmods filled.

    A page without any known time takes the newest lastmod of the pages it `lists`, else the
    newest of the whole site, so a rebuild without changes is byte-identical.
    """
    unique: dict[str, Page] = {}
    for page in pages:
        unique.setdefault(page.path, page)
    ordered = sorted(unique.values(), key=_path_key)
    made: list[tuple[Page, Entry]] = []
    seen_urls: set[str] = set()
    for page in ordered:
        entry = maker.make(page)
        if entry is None:
            continue
        if entry.url in seen_urls:
            maker.skipped["duplicate URL"] += 1
            continue
        seen_urls.add(entry.url)
        made.append((page, entry))
    if maker.options.lastmod == "none":
        return [entry for _, entry in made]
    by_path = {page.path: entry for page, entry in made}
    known = [entry.lastmod for _, entry in made if entry.lastmod is not None]
    site_newest = max(known) if known else None
    for page, entry in made:
        if entry.lastmod is None:
            listed = [by_path[p].lastmod for p in page.lists if p in by_path]
            listed_known = [t for t in listed if t is not None]
            entry.lastmod = max(listed_known) if listed_known else site_newest
    return [entry for _, entry in made]
