"""Pages in, sitemap entries out: URLs, lastmods, priorities, changefreqs, exclusions.

Pure apart from `os.stat` on source files. A scan streams (every page carries its own mtime);
a list from an adapter is resolved in two passes so pages without sources can borrow the
newest lastmod of the pages they list, or of the whole site.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from math import floor
from operator import itemgetter
from typing import Literal
from urllib.parse import unquote

from .dates import (
    FILE_SLACK_SECONDS,
    FIRST_PLAUSIBLE,
    fits_w3c,
    format_lastmod,
    stated_in_future,
    unwritable_time,
)
from .errors import respell
from .options import SCAN_EXCLUDE, SitemapOptions
from .pages import NO_METADATA, Page, SkippedPages, sort_name
from .patterns import WILDCARDS, PathMatcher, RuleTable
from .project_folder import SOURCE_SUFFIXES
from .urls import (
    MAX_LOC_LENGTH,
    base_path,
    encode_file_path,
    encode_link,
    file_serves_url,
    has_dot_segments,
    is_plain_url_path,
    redirects_to_folder,
    url_depth,
    without_dot_segments,
)


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the user should hear about; adapters route it to their generator's log."""

    level: Literal["info", "warning"]
    code: str  # a stable subtype, e.g. "long-url", for filtering (Sphinx's suppress_warnings)
    message: str
    #: The options the message names, for front ends that spell them differently.
    options: tuple[str, ...] = ()
    #: What it is about, for a front end that merges the notices of several sitemaps (the
    #: pattern an unmatched-pattern notice names).
    about: str = ""
    #: The output path of the one page it is about, for a front end that points at the
    #: page's source (Sphinx's `location`).
    page: str = ""

    def describe(self, spelling: Callable[[str], str]) -> str:
        """The message with each option it names spelt the way the user writes options."""
        return respell(self.message, self.options, spelling)

    def naming(self, source: str) -> Notice:
        """The same notice naming its page by `source`, the file the user edits (`guide.md`),
        rather than the output file the generator wrote for it (`guide/index.html`)."""
        if not self.page or source == self.page:
            return self
        message = self.message.replace(f"page {self.page!r}", f"page {source!r}", 1)
        return replace(self, message=message)


Report = Callable[[Notice], None]


@dataclass(slots=True)
class Entry:
    """One `<url>`: `url` is absolute and ASCII (not yet XML-escaped); lastmod in UTC seconds."""

    url: str
    lastmod: int | None
    changefreq: str | None
    priority: float | None


def source_times(
    paths: Iterable[str], build_started_ns: int | None = None, now: int | None = None
) -> dict[str, int]:
    """The modification second of each source file that exists, one `stat` per file.

    From the integer nanoseconds: the float `st_mtime` rounds a time just before a second up.
    A file modified once the build had started, up to `now` (the second), was written by the
    build (a generated stub, such as autosummary's): its time is the build's, so it is left
    out like a missing file. A time past `now` is kept: no build wrote it, a clock ahead did
    (a virtual machine's, WSL's view of Windows files), and the entry maker judges it as it
    does any file time ahead: a page just edited is dated now, not another page's date. (On
    a file server whose own clock runs ahead, a file the build writes there is stamped past
    now too, and so is dated now: the lesser error.)
    """
    written_from = _NEVER if build_started_ns is None else build_started_ns
    future_from = _NEVER if now is None else (now + 1) * 1_000_000_000
    times: dict[str, int] = {}
    for path in paths:
        try:
            modified = os.stat(path).st_mtime_ns
        except OSError:
            continue  # a missing source: the page borrows a time (see resolve_entries)
        if modified < written_from or modified >= future_from:
            times[path] = modified // 1_000_000_000
    return times


#: Later than any file time: no build start given.
_NEVER = 1 << 127


def file_lastmod(
    page: Page, times: Mapping[str, float], clamp: int | None, clamps_given: bool = True
) -> int | None:
    """The second of the newest of the page's sources found in `times` (and of the files it
    takes in, when a source has one), else of its `mtime`;
    no later than `clamp` (`SOURCE_DATE_EPOCH`), but for an `mtime` given by an adapter
    (`clamps_given` false): a commit's time, which is no file time and reproducible already."""
    newest = None
    for source in page.sources:
        known_time = times.get(source)
        if known_time is not None and (newest is None or known_time > newest):
            newest = known_time
    if newest is not None and page.taken_in:
        for source in page.taken_in:
            known_time = times.get(source)
            if known_time is not None and known_time > newest:
                newest = known_time
    if newest is None:
        newest = page.mtime  # the scan's case: known already, no stat
        if newest is None:
            return None
        if not clamps_given:
            clamp = None
    try:
        lastmod = floor(newest)  # the second it falls in, before 1970 too
    except (OverflowError, ValueError):  # inf or nan, from the Python API
        raise unwritable_time(page.path, newest) from None
    return clamp if clamp is not None and lastmod > clamp else lastmod


def _dated_by_file(page: Page, times: Mapping[str, float] | None) -> bool:
    """Whether an adapter's page took a file's time (a source's), not the commit time it
    gave as `mtime` (`file_lastmod` takes that only when no source has a time)."""
    if page.mtime is None:
        return True
    return times is not None and any(source in times for source in page.sources)


def without_html(url_path: str) -> str:
    """The address a host that hides `.html` serves a page at: `a/b.html` at `a/b`."""
    if url_path == "index.html" or url_path.endswith("/index.html"):
        return url_path[:-10]
    return url_path[:-5]


def _listed_urls_notice(
    code: str, pages: Mapping[str, str], at: str, outcome: str, fix: str
) -> Notice:
    """Pages listed at the URLs the generator links (their canonical ones), which the files it
    wrote do not answer as they should; the first is named."""
    many = len(pages) > 1
    first_path, first_url = next(iter(pages.items()))
    return Notice(
        "warning",
        code,
        f"{len(pages):,} page{'s are' if many else ' is'} listed at {'URLs' if many else 'a URL'} "
        f"{at} (the first: {first_url!r}, written to {first_path!r}), {outcome}: the "
        f"generator's URL settings and the files it writes disagree; {fix}",
    )


def _unserved_notice(pages: Mapping[str, str]) -> Notice:
    """A 404 on a static host until the two agree."""
    return _listed_urls_notice(
        "unserved-url",
        pages,
        "that no file in the output serves",
        f"so on a static host {'they are' if len(pages) > 1 else 'it is'} a 404",
        "make them agree, or serve those URLs from those files",
    )


def _redirected_notice(pages: Mapping[str, str]) -> Notice:
    """A folder's page linked without its slash: a static host answers with a redirect to the
    folder, and search consoles report a listed redirect."""
    return _listed_urls_notice(
        "redirect-url",
        pages,
        f"without the final slash of {'their folders' if len(pages) > 1 else 'its folder'}",
        "which a static host answers with a redirect, and search engines report a listed redirect",
        "end those URLs with '/'",
    )


def _placeholder_epoch_notice(epoch: int) -> Notice:
    """`SOURCE_DATE_EPOCH` before 1990 (Nix sets 1980-01-01) clamps every file time to a
    stand-in: a choice of the build's environment, so an INFO line, naming the cause."""
    return Notice(
        "info",
        "placeholder-lastmod",
        f"SOURCE_DATE_EPOCH is {epoch} ({_shown(epoch)}), before 1990: every later file time "
        "is clamped to it, a stand-in rather than a change, so no page takes a lastmod from "
        "its files; for real lastmods, unset it or set it to the time of the last commit "
        "(git log -1 --format=%ct)",
    )


def _placeholder_times_notice(pages: SkippedPages) -> Notice:
    """Times before the web are what Nix, zip archives or `SOURCE_DATE_EPOCH=0` put there."""
    many = pages.count > 1
    count = f"{pages.count:,} pages have file times" if many else "1 page has a file time"
    return Notice(
        "warning",
        "placeholder-lastmod",
        f"{count} before 1990 ({'the first: ' if many else ''}{pages.first!r}), a stand-in "
        "that tools such as Nix, zip archives or SOURCE_DATE_EPOCH=0 give files, not a time "
        f"the page changed, so {'they are' if many else 'it is'} not used (such a page is "
        "listed with no date); restore the files' times (see the README), or set "
        "lastmod to none",
        ("lastmod",),
    )


def _shown(moment: int) -> str:
    return format_lastmod(moment, False) if fits_w3c(moment) else f"{moment} seconds since 1970"


def _future_files_notice(number: int, first: str, moment: int) -> Notice:
    """One notice for all of them: a whole tree copied from a machine whose clock ran ahead."""
    many = number > 1
    count, their, them = (
        (f"{number:,} pages have", "their", "those files")
        if many
        else ("1 page has", "its", "the file")
    )
    return Notice(
        "warning",
        "future-lastmod",
        f"{count} a file time in the future ({'the first: ' if many else ''}{first!r}, "
        f"{_shown(moment)}), which is not used as {their} lastmod; "
        f"check the computer's clock, then touch {them} to give a true time",
    )


#: The code of the notice for a pattern that matched no page.
UNMATCHED = "unmatched-pattern"
#: The default patterns, for pages a site may not have (a 404 page, the command line's
#: frameworks' files): no mistake when they match none.
DEFAULT_PATTERNS = frozenset({*SCAN_EXCLUDE, "/404.html", "/404/"})
#: The site's own not-found page, at the top (a page named 404 below it, such as an API's
#: `errors/404`, is a page of its own), to find one that is listed.
_NOT_FOUND_PAGES = {  # -> its output path; with Next.js' second one
    "/404.html": "404.html",
    "/404/": "404/index.html",
    "/_not-found.html": "_not-found.html",
    "/_not-found/": "_not-found/index.html",
}
#: What the names of those pages have in them: a `!` pattern with one of these in it brings a
#: form of the page back on purpose, so the INFO line does not name that form.
_NOT_FOUND_NAMES = ("404", "not-found")
#: Generators' folders of sources, which no output path starts with (Hugo's and Zola's
#: `content/`, Hexo's `source/`, Astro's `src/pages/`, Eleventy's `src/`).
_SOURCE_ROOTS = ("content/", "source/", "src/pages/", "src/content/", "src/")
#: Source names a generator writes as their folder's `index.html`.
_FOLDER_PAGES = frozenset({"index", "readme"})


def _output_paths_of(pattern: str, built_from: Mapping[str, Iterable[str]] | None = None) -> str:
    """The output paths a source-file pattern meant, keeping its `!` and leading `/`: those of
    the pages built from a source of that name where `built_from` (output path -> sources)
    has one, else the paths a generator would write such a source to."""
    lead = pattern[: len(pattern) - len(pattern.lstrip("!/"))]
    name_part = pattern[len(lead) :]
    if built_from and WILDCARDS.isdisjoint(name_part):
        written = _built_from_source(name_part, built_from)
        if written:
            shown = [lead + path for path in written[:3]]
            more = f" and {len(written) - 3:,} more" if len(written) > 3 else ""
            built = "the page built from it" if len(written) == 1 else "the pages built from it"
            return f"{' or '.join(shown)}{more}, {built}"
    stem = name_part.rpartition(".")[0]
    for root in _SOURCE_ROOTS:  # Hugo writes `content/about.md` to `about/index.html`
        if stem.startswith(root) and stem != root:
            stem = stem[len(root) :]
            break
    folder, _, name = stem.rpartition("/")
    if name.lower() in _FOLDER_PAGES:
        return f"{lead}{folder + '/' if folder else ''}index.html"
    return f"{lead}{stem}/index.html or {lead}{stem}.html"


def _built_from_source(name: str, built_from: Mapping[str, Iterable[str]]) -> list[str]:
    """Output paths of the pages with a source file whose path ends in `name`."""
    tail = "/" + name.lower()
    found = []
    for path, sources in built_from.items():
        for source in sources:
            if ("/" + source.replace(os.sep, "/").lower()).endswith(tail):
                found.append(path)
                break
    return sorted(found, key=scan_order_key)


def _source_file_patterns(options: SitemapOptions) -> list[tuple[str, str]]:
    """(option, pattern) for each pattern written as a source file (`about.md`)."""
    named = [("exclude", pattern) for pattern in options.exclude]
    named += [("priority_overrides", pattern) for pattern, _ in options.priority_overrides]
    named += [("changefreq_rules", pattern) for pattern, _ in options.changefreq_rules]
    return [
        (option, pattern)
        for option, pattern in named
        if pattern.rstrip("/").lower().endswith(SOURCE_SUFFIXES)
    ]


def source_pattern_notices(
    options: SitemapOptions, built_from: Mapping[str, Iterable[str]] | None = None
) -> Iterator[Notice]:
    """A pattern written as a source file (`about.md`, as MkDocs' `exclude_docs` takes them)
    would leave a page listed without a word: patterns match output paths. Callers ask only
    when no page has such a name (Pelican's static files may). With `built_from` (each page's
    output path -> its sources), the notice names where that source's page was written."""
    for option, pattern in _source_file_patterns(options):
        paths = _output_paths_of(pattern.rstrip("/"), built_from)
        yield Notice(
            "warning",
            "source-pattern",
            f"{option}: the pattern {pattern!r} names a source file, but patterns match the "
            f"pages' output paths ({paths}), so it matches no page; write the output path",
            (option,),
        )


class UnmatchedPatterns:
    """The exclude patterns no page has matched yet, told at the end: a typo, or a path of
    another layout, leaves out nothing and nothing else would say so.

    Not the 404 defaults, and none in a list with a `!` pattern, where what each did is for
    the whole list to say. A page left out has its path tried against one matcher of the
    patterns still unmatched, rebuilt only when one of them matches: nearly no cost per page.
    """

    def __init__(self, patterns: tuple[str, ...]) -> None:
        negated = any(pattern.startswith("!") for pattern in patterns)
        self.patterns = [
            pattern
            for pattern in patterns
            if not negated and pattern.strip() and pattern not in DEFAULT_PATTERNS
        ]
        self._any = PathMatcher(self.patterns)

    def __bool__(self) -> bool:
        return bool(self.patterns)

    def note(self, path: str) -> None:
        """A page left out (by a pattern, its own metadata, or the adapter before the core)."""
        if self._any(path):
            self.patterns = [p for p in self.patterns if not PathMatcher([p])(path)]
            self._any = PathMatcher(self.patterns)


def _above_base_notice(pages: SkippedPages, first_url: str, base_url: str) -> Notice:
    """A link such as `../page.html` from a page at the base's top leaves the site's address:
    a sitemap may list only URLs below its own."""
    many = pages.count > 1
    return Notice(
        "warning",
        "above-base",
        f"{pages.count:,} page{'s are' if many else ' is'} not listed: "
        f"{'their URLs climb' if many else 'its URL climbs'} above the base URL {base_url} "
        f"(the first: {first_url!r}, written to {pages.first!r}), "
        "and a sitemap lists only URLs below its own address; give "
        f"{'those pages URLs' if many else 'the page a URL'} below it",
    )


def _noindex_notice(noindex: SkippedPages) -> Notice:
    pages = f"{noindex.count:,} page{'s' if noindex.count > 1 else ''}"
    return Notice(
        "info",
        "noindex",
        f"{pages} not listed because {'its' if noindex.count == 1 else 'their'} "
        "robots meta tag says noindex (search engines report a listed noindex page as "
        f"an error); the first: {noindex.first}. Turn skip_noindex off to list "
        f"{'it' if noindex.count == 1 else 'them'} anyway",
        ("skip_noindex",),
    )


def unnamed_not_found_forms(patterns: Iterable[str]) -> tuple[str, ...]:
    """The forms of a top not-found page (`/404.html`, `/404/`, and Next.js' `_not-found`
    ones) that no exclude pattern names,
    left out or brought back: `404.html` alone leaves MkDocs' `404/index.html` listed. A
    pattern that brings back many pages (`!**/index.html`) names it only if it has 404 or
    not-found in it (`!/404/`, `!/_not-found.html`)."""
    naming = PathMatcher(
        tuple(
            p[1:] if p.startswith("!") else p
            for p in patterns
            if p[:1] != "!" or any(name in p for name in _NOT_FOUND_NAMES)
        )
    )
    return tuple(form for form, path in _NOT_FOUND_PAGES.items() if not naming(path))


def _not_found_notice(
    listed: SkippedPages, patterns: tuple[str, ...], forms: tuple[str, ...]
) -> Notice:
    """A 404 page is listed when a list of exclude patterns, which replaces the default one,
    leaves it out no more: a sitemap that lists it sends crawlers to a page that says the
    page is missing (a soft 404). INFO: a page may be named 404 for another reason. `forms`
    are the patterns to add: those of the listed pages' names no pattern names."""
    shown = ", ".join(repr(pattern) for pattern in patterns[:3])
    more = f" and {len(patterns) - 3:,} more" if len(patterns) > 3 else ""
    others = f" (and {listed.count - 1:,} more)" if listed.count > 1 else ""
    if patterns:
        why = f"the exclude patterns set ({shown}{more}) replace the default ones, and none of "
        why += "them leaves it out"
    else:
        why = "exclude is set to an empty list, which replaces the default patterns"
    return Notice(
        "info",
        "not-found-listed",
        f"page {listed.first!r}{others} is listed, though it looks like the site's "
        f"not-found page: {why}; add {' and '.join(map(repr, forms))} to exclude unless it is "
        "a page of its own",
        ("exclude",),
    )


def _folder_url(folder: str) -> tuple[str, int]:
    """A folder's encoded URL prefix ('a%20b/') and how many levels deep it is (`url_depth`)."""
    levels = folder.lstrip("/")
    return encode_file_path(folder + "/"), levels.count("/") + 1 if levels else 0


#: Files all written this recently were written by the build that made them, or the checkout.
RECENT_SECONDS = 3600


@dataclass(frozen=True)
class FileTimes:
    """The file times the listed pages took: `recent` ones are of the last hour (a build's, or
    a fresh checkout's), `clamped` ones equal `SOURCE_DATE_EPOCH`'s. A commit's time (a
    git-dates plugin's) is no file time, and is not counted."""

    recent: int = 0
    older: int = 0
    clamped: int = 0
    #: The one time every older time is, when they are all one (an sdist's, an archive's, or
    #: the commit of a history of one).
    one_older: int | None = None
    #: Whether every entry written has that one time (known when an adapter gave the pages:
    #: a generated page borrows it, a duplicate is dropped); None when not counted (a scan).
    all_one: bool | None = None

    @property
    def count(self) -> int:
        return self.recent + self.older

    def nearly_all_recent(self) -> bool:
        """Every page, or all but a tenth (a static file whose time a copy kept, such as a
        search engine's verification page, must not hide the rest)."""
        return self.recent > 0 and self.older <= self.count // 10

    def nearly_all_clamped(self) -> bool:
        """As `nearly_all_recent`, for times clamped to `SOURCE_DATE_EPOCH`."""
        return self.clamped > 1 and self.count - self.clamped <= self.count // 10


class EntryMaker:
    """Applies the options to pages and counts what it skips and why."""

    def __init__(
        self,
        options: SitemapOptions,
        report: Report,
        clamp: int | None,
        build_started_ns: int | None = None,
        now: int | None = None,
    ) -> None:
        if options.base_url is None:
            raise ValueError("EntryMaker needs a base URL")
        self.base_url = options.base_url
        self.base_folder = base_path(options.base_url).lstrip("/")
        self.options = options
        self.report = report
        self.clamp = clamp
        self.build_started_ns = build_started_ns
        #: The latest lastmods believed, stated and from files: later ones are a wrong clock
        #: or a typo, not a change.
        self.now = int(time.time()) if now is None else now
        self.latest_file = self.now + FILE_SLACK_SECONDS
        #: The latest lastmod written: now, or `SOURCE_DATE_EPOCH` when it is later (a commit
        #: from a fast clock), so a reproducible build stays reproducible.
        self.ceiling = self.now if clamp is None else max(self.now, clamp)
        #: Whether a page's own `mtime` is clamped too: the scan's is a file's time; an
        #: adapter's is a commit's (`resolve_entries` turns it off).
        self.clamps_given = True
        #: Pages whose own time was refused (in the future, or a stand-in): no other page's
        #: time is theirs, so they stay without a lastmod unless they list pages. Kept only
        #: where other pages' times are lent (`resolve_entries`); a scan streams.
        self.untimed: set[str] | None = None
        #: How many listed pages took file times, and of when: known once every entry is made.
        self.file_times = FileTimes()
        #: Pages left without a lastmod for a file time in the future: how many, and the first.
        self.future_files = 0
        self.first_future: tuple[str, int] = ("", 0)
        #: Pages left without a lastmod for a file time before 1990 (a tool's stand-in).
        self.placeholder_times = SkippedPages()
        #: Pages whose URL no written file serves -> that URL; a copy of a page that is
        #: listed once, at its own file (a translation's copy), is taken out again.
        self.unserved: dict[str, str] = {}
        #: Pages listed at a folder's URL without its slash (`late` for `late/index.html`).
        self.redirected: dict[str, str] = {}
        #: Pages whose URL climbs above the base URL (`../page.html`), and the first one's URL.
        self.above_base = SkippedPages()
        self.first_above_base_url = ""
        self.skipped: Counter[str] = Counter()
        #: Pages whose robots meta tag says noindex, left out unless `skip_noindex` is false.
        self.noindex = SkippedPages()
        #: Pages an adapter found to redirect at once (a meta refresh): never listed.
        self.redirects = SkippedPages()
        #: Pages left out by their own statement (front matter, a field), not by a pattern.
        self.excluded_by_page = 0
        self._excluded = PathMatcher(options.exclude)
        #: Exclude patterns no page left out has matched yet, told at the end.
        self.unmatched = UnmatchedPatterns(options.exclude)
        #: A list of patterns replaces the default ones, and may drop the 404 page's (an empty
        #: list too; Sphinx's adapter leaves its 404 page out by name before the core): each
        #: form a pattern names (`404.html`, `!/404/`) is the user's choice, the others are not.
        self._not_found_forms = unnamed_not_found_forms(options.exclude)
        self._not_found = PathMatcher(self._not_found_forms) if self._not_found_forms else None
        #: Not-found pages listed because the patterns set leave none of them out.
        self.not_found_listed = SkippedPages()
        #: The names of those pages (`404`, Next.js' `_not-found`): the forms to name.
        self._not_found_named: set[str] = set()
        self._priorities = RuleTable(options.priority_overrides)
        self._changefreqs = RuleTable(options.changefreq_rules)
        self._depth_priorities: dict[int, float] = {}

    def kept(self, path: str) -> bool:
        """Whether the exclude patterns keep a page's path (its own statements aside)."""
        return not self._excluded(path)

    def entries(
        self, pages: Iterable[Page], times: Mapping[str, float] | None = None
    ) -> Iterator[tuple[Page, Entry]]:
        """Each listed page with its entry, in page order, one at a time.

        A page's file time is the newest of its sources found in `times`, else its own
        `mtime`. Everything the loop needs is bound to a local first: a scan makes millions.
        """
        base, skipped, clamp = self.base_url, self.skipped, self.clamp
        clamps_given = self.clamps_given
        excluded = self._excluded if self._excluded else None
        priority_rules = self._priorities if self._priorities else None
        changefreq_rules = self._changefreqs if self._changefreqs else None
        pretty, clean = self.options.pretty_urls, self.options.clean_urls
        use_mtime = self.options.lastmod == "mtime"
        times = times or {}
        default_changefreq = self.options.changefreq
        want_priority = self.options.priority
        by_depth = self._depth_priorities
        latest, ceiling, recent_from = self.latest_file, self.ceiling, self.now - RECENT_SECONDS
        recent = older = clamped = 0  # pages taking file times: of the last hour, older, clamped
        committed = 0  # of the older ones, those dated by the commit an adapter gave
        one_older, varied = 0, False  # whether the older ones are all one time
        folders: dict[str, tuple[str, int]] = {}  # folder -> (its encoded URL prefix, depth)
        skip_noindex = self.options.skips_noindex
        unmatched = self.unmatched
        not_found = self._not_found
        path = listed = ""  # the last page's path, and the last listed page's
        for page in pages:
            path, meta, url = page.path, page.meta, page.url
            if meta.exclude or (excluded is not None and excluded(path)):
                skipped["excluded"] += 1
                if meta.exclude:
                    self.excluded_by_page += 1
                if unmatched:  # until each pattern has matched a page
                    unmatched.note(path)
                continue
            if meta.noindex and skip_noindex:
                self.noindex.note(path)
                continue
            if meta.redirect:
                self.redirects.note(path)
                continue
            if not_found is not None and ("404" in path or "not-found" in path) and not_found(path):
                self.not_found_listed.note(path)
                self._not_found_named.add("404" if "404" in path else "_not-found")
            if url is not None:
                depth = -1  # counted below, if a priority needs it
                url_path = url.lstrip("/")
                if not is_plain_url_path(url_path):
                    url_path = encode_link(url_path)
                if (
                    url_path[:1] == "." or "/." in url_path or "%2" in url_path
                ) and has_dot_segments(url_path):  # `fr/../a.html`, as a browser resolves it
                    resolved = without_dot_segments(url_path, self.base_folder)
                    if resolved is None:
                        self._note_above_base(path, url_path)
                        continue
                    url_path = resolved
                serves: bool | None = file_serves_url(path, url_path)
                if serves and url_path[-1:] != "/" and redirects_to_folder(path, url_path):
                    serves = None  # served, but by a redirect: `redirect-url`
            else:  # a file path: its folder is encoded once, its name checked alone
                serves = True
                folder, sep, name = path.rpartition("/")
                if not sep:
                    prefix, depth = "", 0
                else:
                    known = folders.get(folder)
                    if known is None:
                        known = folders[folder] = _folder_url(folder)
                    prefix, depth = known
                if name == "index.html":  # a folder's page does not count as a level
                    if pretty:
                        name = ""
                elif name and name != "index.htm":  # listed by its name, yet a folder's page
                    depth += 1
                else:
                    depth = -1  # not a file name: counted as a URL below
                url_path = prefix + (name if is_plain_url_path(name) else encode_file_path(name))
            if clean and url_path.endswith(".html"):
                url_path = without_html(url_path)
            loc = base + url_path
            if len(loc) > MAX_LOC_LENGTH:
                self._too_long(page, loc)
                continue
            if not serves:  # told after the length: a URL left out is not served either
                if serves is None:
                    self.redirected[path] = url_path
                else:
                    self.unserved[path] = url_path
            lastmod = meta.lastmod
            if lastmod is None:
                if use_mtime:
                    mtime = page.mtime
                    if type(mtime) is int and clamp is None and not page.sources:  # a scan's
                        lastmod = mtime
                    else:
                        lastmod = file_lastmod(page, times, clamp, clamps_given)
                    if lastmod is not None:
                        if lastmod < recent_from:
                            if lastmod < FIRST_PLAUSIBLE:  # a tool's stand-in
                                self.placeholder_times.note(page.path)
                                if self.untimed is not None:
                                    self.untimed.add(page.path)
                                lastmod = None
                            else:
                                older += 1
                                if lastmod != one_older:  # nearly always the first only
                                    varied = older > 1
                                    one_older = lastmod
                                if not (clamps_given or _dated_by_file(page, times)):
                                    committed += 1  # a commit's time: no file time
                                elif lastmod == clamp:
                                    clamped += 1
                        elif lastmod > latest:
                            self._note_future_file(page, lastmod)
                            lastmod = None
                        else:
                            by_file = clamps_given or _dated_by_file(page, times)  # no commit
                            if by_file:
                                recent += 1
                            if lastmod > ceiling:  # a clock a little ahead: no later
                                lastmod = ceiling  # than now (or SOURCE_DATE_EPOCH, ahead)
                            if by_file and lastmod == clamp:
                                clamped += 1
            elif stated_in_future(lastmod, self.now):
                lastmod = self._instead_of_future(page, lastmod, times)
            if meta is NO_METADATA:  # the common case: nothing the author stated
                priority = changefreq = None
            else:
                priority, changefreq = meta.priority, meta.changefreq
            if changefreq is None:
                if changefreq_rules is not None:
                    changefreq = changefreq_rules.lookup(path)
                if changefreq is None:
                    changefreq = default_changefreq
            if priority is None:
                if priority_rules is not None:
                    priority = priority_rules.lookup(path)
                if priority is None and want_priority:
                    if depth < 0:
                        depth = url_depth(url_path)
                    priority = by_depth.get(depth)
                    if priority is None:
                        priority = self._depth_priority(depth)
            listed = path
            yield page, Entry(loc, lastmod, changefreq, priority)
        same = None if varied or not older else one_older
        self.file_times = FileTimes(recent, older - committed, clamped, same)
        for notice in self._unmatched_notices(listed or path):
            self.report(notice)
        if self.future_files:
            self.report(_future_files_notice(self.future_files, *self.first_future))
        if self.unserved:
            self.report(_unserved_notice(self.unserved))
        if self.redirected:
            self.report(_redirected_notice(self.redirected))
        if self.above_base.count:
            self.report(_above_base_notice(self.above_base, self.first_above_base_url, base))
        if self.placeholder_times.count:
            clamp = self.clamp
            if clamp is not None and clamp < FIRST_PLAUSIBLE:  # the cause: not the files
                self.report(_placeholder_epoch_notice(clamp))
            else:
                self.report(_placeholder_times_notice(self.placeholder_times))
        if self.noindex.count:
            skipped["noindex"] = self.noindex.count
            self.report(_noindex_notice(self.noindex))
        if self.not_found_listed.count:
            self.report(
                _not_found_notice(
                    self.not_found_listed,
                    self.options.exclude,
                    tuple(
                        form
                        for form in self._not_found_forms
                        if any(name in form for name in self._not_found_named)
                    ),
                )
            )

    def _unmatched_notices(self, a_path: str) -> Iterator[Notice]:
        """A pattern that matched no page (a typo, or a path of another layout: `guide.html`
        where dirhtml writes `guide/index.html`) leaves out nothing, and nothing else says so.
        `a_path` is one page's path, to show the form paths take."""
        if not a_path:
            return
        example = f" such as {a_path!r}"
        rules = (self._priorities, "priority_overrides"), (self._changefreqs, "changefreq_rules")
        unmatched = [("exclude", pattern) for pattern in self.unmatched.patterns]
        unmatched += [(option, pattern) for table, option in rules for pattern in table.unused()]
        for option, pattern in unmatched:
            if pattern.rstrip("/").lower().endswith(SOURCE_SUFFIXES):
                continue  # its own notice says what to write (source_pattern_notices)
            pages = "page" if option == "exclude" else "listed page"
            decoded = unquote(pattern)
            encoded = (  # copied from a URL: paths are files' names, as written on disk
                f" (file names as written on disk: {decoded!r}, not {pattern!r})"
                if decoded != pattern and "%" in pattern
                else ""
            )
            yield Notice(  # INFO: a pattern kept for pages to come (`drafts/`) is no mistake
                "info",
                UNMATCHED,
                f"{option}: the pattern {pattern!r} matches no {pages}, so it has no effect; "
                f"patterns match the pages' output paths{example}{encoded}",
                (option,),
                about=f"{option} {pattern}",
            )

    def _note_above_base(self, path: str, url_path: str) -> None:
        self.skipped["URL above the base URL"] += 1
        if not self.above_base.count:
            self.first_above_base_url = url_path
        self.above_base.note(path)

    def _note_future_file(self, page: Page, lastmod: int) -> None:
        """A file time in the future is no change: counted for one notice, left unwritten
        (past the year 9999 too, which a file system can store and no W3C date can hold)."""
        if not self.future_files:
            self.first_future = (page.path, lastmod)
        self.future_files += 1
        if self.untimed is not None:
            self.untimed.add(page.path)

    def believes_file_time(self, seconds: int) -> bool:
        """Neither a tool's stand-in before 1990 nor ahead of the clock (as the page loop
        judges each file time, counting them as it goes)."""
        return FIRST_PLAUSIBLE <= seconds <= self.latest_file

    def _instead_of_future(self, page: Page, stated: int, times: Mapping[str, float]) -> int | None:
        """A stated lastmod in the future is a typo: warn, and take the file's time instead."""
        use_mtime = self.options.lastmod == "mtime"
        lastmod = file_lastmod(page, times, self.clamp, self.clamps_given) if use_mtime else None
        if lastmod is not None and not self.believes_file_time(lastmod):
            lastmod = None
        elif lastmod is not None:
            lastmod = min(lastmod, self.ceiling)
        if lastmod is None and self.untimed is not None:
            self.untimed.add(page.path)
        instead = "takes its file's time" if lastmod is not None else "gets no lastmod"
        self.report(
            Notice(
                "warning",
                "future-lastmod",
                f"page {page.path!r}: the lastmod its metadata states, "
                f"{_shown(stated)}, is in the future, so it is ignored and the "
                f"page {instead}; correct the date in the page",
                page=page.path,
            )
        )
        return lastmod

    def excludes(self, path: str) -> bool:
        """Whether the exclude patterns leave the page at `path` out."""
        return bool(self._excluded) and self._excluded(path)

    def _depth_priority(self, depth: int) -> float:
        step, floor = self.options.priority_step, self.options.priority_floor
        priority = self._depth_priorities[depth] = max(floor, 1.0 - step * depth)
        return priority

    def _too_long(self, page: Page, loc: str) -> None:
        self.skipped["URL too long"] += 1
        self.report(
            Notice(
                "warning",
                "long-url",
                f"page {page.path!r} skipped: its URL has {len(loc):,} characters and "
                f"sitemaps allow at most {MAX_LOC_LENGTH:,}; shorten its path",
                page=page.path,
            )
        )


_SECOND_OF_PAIR = itemgetter(1)


def stream_entries(pages: Iterable[Page], maker: EntryMaker) -> Iterator[Entry]:
    """Entries in page order, one at a time (the scan: each page knows its own mtime, and
    is an HTML file, so a pattern with a source file's suffix matches none)."""
    for notice in source_pattern_notices(maker.options):
        maker.report(notice)
    return map(_SECOND_OF_PAIR, maker.entries(pages))


def scan_order_key(path: str) -> str:
    """The scan's order as one string, so a page list and a scan of a site list URLs alike.

    Segments joined by NUL (below every character of a name) compare like the lists of
    segments would; a folder's index page sorts first (`sort_name`).
    """
    count = path.count("index.html")
    if count == 0:
        return path.replace("/", "\0")
    if count == 1 and (path == "index.html" or path.endswith("/index.html")):
        return path[:-10].replace("/", "\0")  # a folder's page: the common case with index.html
    return "\0".join([sort_name(segment) for segment in path.split("/")])


def resolve_entries(pages: Iterable[Page], maker: EntryMaker) -> list[Entry]:
    """Entries for an adapter's page list: sorted like a scan, duplicates dropped, lastmods filled.

    A page without any known time takes the newest lastmod of the pages it `lists` (listed
    themselves or not), else the newest of the whole site, so a rebuild without changes is
    byte-identical; a page with sources that also lists pages takes the newest of both.
    """
    # Two sources written to one file (MkDocs' `foo.md` and `foo/index.md`, Sphinx dirhtml's
    # `guide` and `guide/index`): the generator writes them in the order given, so the last
    # one is the file served, and its dates and marks are the page's.
    unique = {page.path: page for page in pages}
    named_sources = bool(_source_file_patterns(maker.options))  # nearly never
    if named_sources and not any(path.lower().endswith(SOURCE_SUFFIXES) for path in unique):
        built_from = {path: page.sources for path, page in unique.items()}
        for notice in source_pattern_notices(maker.options, built_from):
            maker.report(notice)
    ordered = [unique[path] for path in sorted(unique, key=scan_order_key)]
    times = None
    maker.clamps_given = False  # an adapter's `mtime` is a commit's time, not a file's
    if maker.options.lastmod == "mtime":
        sources = {source for page in ordered for source in page.sources}
        sources.update(source for page in ordered if page.sources for source in page.taken_in)
        times = source_times(sources, maker.build_started_ns, maker.now)
    made: list[tuple[Page, Entry]] = []
    seen_urls: dict[str, int] = {}  # URL -> where its pair is in `made`
    untimed: set[str] = set()
    maker.untimed = untimed
    unserved = maker.unserved
    for pair in maker.entries(ordered, times):
        url = pair[1].url
        at = seen_urls.get(url)
        if at is None:
            seen_urls[url] = len(made)
            made.append(pair)
            continue
        maker.skipped["duplicate URL"] += 1
        if unserved:  # the page whose file serves the URL is the one listed (not a copy)
            if made[at][0].path in unserved and pair[0].path not in unserved:
                made[at], pair = pair, made[at]
            unserved.pop(pair[0].path, None)  # not listed: its notice would name a ghost
        maker.redirected.pop(pair[0].path, None)
    if maker.options.lastmod == "none":
        return [entry for _, entry in made]
    unknown = [pair for pair in made if pair[1].lastmod is None]
    both = [pair for pair in made if pair[0].lists and pair[1].lastmod is not None]
    if not unknown and not both:
        return _with_one_time_told(made, maker)
    lastmods = {page.path: entry.lastmod for page, entry in made if entry.lastmod is not None}
    shown = shown_lastmods(lastmods, unique, made, times or {}, maker)
    for page, entry in both:  # a template that shows articles changes when either does
        listed = [t for t in map(shown.get, page.lists) if t is not None]
        if listed and entry.lastmod is not None and page.meta.lastmod is None:
            entry.lastmod = max(entry.lastmod, *listed)
    site_newest = max(lastmods.values()) if lastmods else None
    if site_newest is not None and not fits_w3c(site_newest):  # name the page, not a borrower
        page_path = next(path for path, time in lastmods.items() if time == site_newest)
        raise unwritable_time(page_path, site_newest)
    for page, entry in unknown:
        listed = [t for t in map(shown.get, page.lists) if t is not None]
        if listed:
            entry.lastmod = max(listed)
        elif page.path not in untimed:  # a page of no file: as new as the site
            entry.lastmod = site_newest
    return _with_one_time_told(made, maker)


def _with_one_time_told(made: list[tuple[Page, Entry]], maker: EntryMaker) -> list[Entry]:
    """The entries, the maker told whether they all carry the one file time (`FileTimes`)."""
    one_older = maker.file_times.one_older
    if one_older is not None:
        all_one = all(entry.lastmod == one_older for _, entry in made)
        maker.file_times = replace(maker.file_times, all_one=all_one)
    return [entry for _, entry in made]


def shown_lastmods(
    lastmods: dict[str, int],
    pages: Mapping[str, Page],
    made: list[tuple[Page, Entry]],
    times: Mapping[str, float],
    maker: EntryMaker,
) -> Mapping[str, int]:
    """The lastmods listings take: also of pages they show that the sitemap leaves out.

    A post excluded from the sitemap (or a duplicate URL) still changes the listings showing it.
    """
    missing = {path for page, _ in made for path in page.lists if path not in lastmods}
    if not missing:
        return lastmods
    shown = dict(lastmods)
    for path in missing:
        page = pages.get(path)
        if page is None:
            continue
        time = page.meta.lastmod
        if time is None or stated_in_future(time, maker.now):  # a typo, as for listed pages
            time = file_lastmod(page, times, maker.clamp, maker.clamps_given)
            if time is not None and not maker.believes_file_time(time):
                time = None
        if time is not None:
            shown[path] = min(time, maker.ceiling)
    return shown
