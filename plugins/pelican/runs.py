"""Build runs: pages gathered while Pelican writes, sitemaps written once the output is complete.

A run starts on `get_generators` and ends on `finalized`; both fire on every build, so an
`--autoreload` rebuild starts from nothing. i18n_subsites runs each subsite inside the main
site's run: a finished subsite hands its pages to the run around it, and only the outermost
run writes, with the pages of every subsite below its own output folder.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import re
import sys
import weakref
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

from sitemapkit import (
    Notice,
    OptionError,
    Page,
    SitemapkitError,
    SitemapOptions,
    build_sitemaps,
)
from sitemapkit.build import remove_sitemaps
from sitemapkit.dates import build_start_ns
from sitemapkit.entries import UNMATCHED, Report, UnmatchedPatterns
from sitemapkit.gc_pause import paused_gc
from sitemapkit.options import OPTION_NAMES, closest_option, means_the_opposite
from sitemapkit.pages import HTML_SUFFIXES, marked_from_heads, served_as_html
from sitemapkit.patterns import PathMatcher, as_glob
from sitemapkit.urls import file_url_path, local_host, normalise_base_url, path_below

from .pages import (
    LISTING,
    PUBLISHED,
    STATIC,
    ListingTables,
    UrlTemplates,
    Written,
    content_page,
    content_writes,
    own_pages,
    static_pages,
)
from .settings import PELICAN_OPTION_SPECS, SETTING, PelicanOptions, read_options, spelling

logger = logging.getLogger(__name__)


@dataclass
class SiteRun:
    """One Pelican run: its output folder, its SITEURL and the files it wrote."""

    pelican: Any
    output_path: str
    siteurl: str
    written: list[Written] = field(default_factory=list)
    #: The static generators' lists of files (`Static` objects), read at the end: a plugin may
    #: add to them after `static_generator_finalized`.
    static_lists: list[list[Any]] = field(default_factory=list)
    subsites: list[SiteRun] = field(default_factory=list)
    #: (path as written, content, output_file) of each file written for an article or page.
    content_files: list[tuple[str, Any, object]] = field(default_factory=list)
    listing_tables: ListingTables = field(default_factory=ListingTables)
    #: When the run began (for the first run of a Pelican object, when it registered the
    #: plugins): a source modified since was written by the build, not an author.
    started_ns: int = field(default_factory=build_start_ns)
    #: `SITEMAPKIT` checked as the outermost run starts, or the message saying what is wrong.
    options: PelicanOptions | str | None = None

    def pages(self) -> list[Written]:
        """Every file of this run: content at its own page (not stubs), listings resolved."""
        own = own_pages(content_writes(self.content_files, self.output_path))
        own_path = {key: write.path for key, write in own.items()}
        templates = UrlTemplates()
        contents = [content_page(write, templates) for write in own.values()]
        resolved = list(contents)
        for written in self.written:
            if written.shown:  # an index shows thousands: C-level lookups
                lists = tuple(filter(None, map(own_path.get, map(id, written.shown))))
                written = dataclasses.replace(
                    written, page=dataclasses.replace(written.page, lists=lists), shown=()
                )
            resolved.append(written)
        statics = (static for files in self.static_lists for static in files)
        resolved += static_pages(statics, contents, self.output_path)
        return resolved


def _is_running(pelican: Any) -> bool:
    """Whether `pelican.run()` is on the call stack (a subsite starts inside its main site's)."""
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_name == "run" and frame.f_locals.get("self") is pelican:
            return True
        frame = frame.f_back
    return False


class Runs:
    """The runs in progress, outermost first; `current` is the innermost (read once per file)."""

    def __init__(self) -> None:
        self.stack: list[SiteRun] = []
        self.current: SiteRun | None = None
        #: When each Pelican object still initialising registered the plugins, innermost last
        #: (a plugin may make another Pelican object from `initialized`).
        self._registering: list[int] = []
        #: Each initialised Pelican object -> when it registered the plugins, until it runs:
        #: a plugin may write sources from `initialized`, before the run's `get_generators`.
        self._registered: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()

    def register(self) -> None:
        """Pelican is registering the plugins of a new Pelican object."""
        self._registering.append(build_start_ns())

    def initialized(self, pelican: Any) -> None:
        """That object is initialised: its registration time is its first run's start. (An
        author's edit between creating a Pelican object and running it counts as the build's,
        which only a script that waits between the two would see.)"""
        if self._registering:
            with contextlib.suppress(TypeError):  # an object weak references cannot name
                self._registered[pelican] = self._registering.pop()

    def start(self, pelican: Any) -> None:
        """A new build, nested in the runs still going; runs that ended in an error are dropped.

        A failed run never reached `finalized` and must not take the new one for its subsite.
        `--autoreload` goes on after a failed build with the same Pelican object (a new one only
        when the settings file changes): a subsite always has a Pelican object of its own.
        """
        while self.stack and (
            self.stack[-1].pelican is pelican or not _is_running(self.stack[-1].pelican)
        ):
            self.stack.pop()
        settings = pelican.settings
        started = self._registered.pop(pelican, None)
        if started is None:  # a rebuild (`--autoreload`), or an object Pelican did not announce
            started = build_start_ns()
        output_path, siteurl = str(settings["OUTPUT_PATH"]), str(settings.get("SITEURL") or "")
        run = SiteRun(pelican, output_path, siteurl, started_ns=started)
        if not self.stack:  # checked before the build, not after it: a typo fails at once
            run.options = checked_options(settings)
        self.stack.append(run)
        self.current = run

    def finish(self, pelican: Any) -> SiteRun | None:
        """End `pelican`'s run; return it when it is the outermost one (time to write)."""
        if not self.stack or self.stack[-1].pelican is not pelican:
            return None
        run = self.stack.pop()
        self.current = self.stack[-1] if self.stack else None
        if self.stack:
            self.stack[-1].subsites.append(run)
            return None
        return run


def _rebased(written: Written, path_prefix: str, url_prefix: str, pretty: bool) -> Page:
    page = written.page
    if not path_prefix:
        return page
    url = page.url
    if url is not None:
        url = url_prefix + url.lstrip("/")
    elif url_prefix and url_prefix != path_prefix:  # Pelican links it below its SITEURL
        url = url_prefix + file_url_path(page.path, pretty)
    return dataclasses.replace(
        page,
        path=path_prefix + page.path,
        url=url,
        lists=tuple(path_prefix + listed for listed in page.lists),
    )


def _moved_notice(run: SiteRun, path_prefix: str, url_prefix: str) -> Notice:
    """A subsite whose SITEURL path is not its folder: Pelican links one, a host serves the
    other."""
    return Notice(
        "warning",
        "subsite-url",
        f"the subsite in {path_prefix} has SITEURL {run.siteurl!r}, so its pages are listed "
        f"at {url_prefix}, where Pelican links them, yet a static host serves its files at "
        f"{path_prefix}: give it a SITEURL that ends in {path_prefix.rstrip('/')}, or an "
        f"OUTPUT_PATH that ends in {url_prefix.rstrip('/')} (or serve one at the other)",
    )


def _prefixes(run: SiteRun, main: SiteRun) -> tuple[str, str] | str:
    """Where a subsite's files and URLs sit below the main site's, or why it is not listed."""
    try:
        relative = os.path.relpath(run.output_path, main.output_path)
    except ValueError:  # Windows: another drive
        relative = os.path.abspath(run.output_path)
    if relative == os.curdir:
        return "", ""
    if relative.startswith(os.pardir) or os.path.isabs(relative):
        return (
            f"is written to {os.path.abspath(run.output_path)}, outside OUTPUT_PATH "
            f"{os.path.abspath(main.output_path)}, so its pages are not in the main site's "
            "sitemap"
        )
    path_prefix = relative.replace(os.sep, "/") + "/"
    main_url, sub_url = _absolute(main.siteurl), _absolute(run.siteurl)
    if main_url is None or sub_url is None:  # a relative SITEURL: the files' own paths
        return path_prefix, path_prefix
    below = path_below(sub_url, main_url)
    if below is not None:
        return path_prefix, below
    return (
        f"in {path_prefix} has SITEURL {run.siteurl!r}, outside the main site's "
        f"{main.siteurl!r}, so its pages are not in the main site's sitemap (a sitemap lists "
        "the URLs below its own address only)"
    )


def _absolute(siteurl: str) -> str | None:
    """An absolute SITEURL in one spelling (host case, trailing slash), else None."""
    return _as_base_url(siteurl)[0]


def _as_base_url(siteurl: str) -> tuple[str | None, str]:
    """SITEURL as a base URL, or None and why it cannot be one: a relative one (as in a
    development build) is not absolute, an absolute one may name a file or carry a query."""
    if ":" not in siteurl:  # `/blog`, ``: no scheme at all
        return None, "sitemaps need absolute URLs"
    try:
        return normalise_base_url(siteurl), ""
    except ValueError as problem:
        return None, f"as a base URL {problem}"


def _wanted(
    written: Written, options: PelicanOptions, static: PathMatcher, output_path: str
) -> bool:
    status = written.status
    if status == PUBLISHED:
        return True
    if status == LISTING:  # not a template's sitemap.xml, opensearch.xml or humans.txt
        folder, _, name = written.page.path.rpartition("/")  # `TAG_SAVE_AS = "tag/{slug}"`
        return served_as_html(name, os.path.join(output_path, *folder.split("/")))
    if status == STATIC:
        if not (static and static(written.page.path)):
            return False
        if written.attached_to == "draft":
            return options.include_drafts
        return written.attached_to != "hidden" or options.include_hidden
    if status == "draft":
        return options.include_drafts
    if status == "hidden":
        # Hidden content is left out of menus and indexes, not off the site: one saved as
        # the home page (`Save_as: index.html`, to keep it out of the menu) is the site's root.
        return options.include_hidden or written.page.path == "index.html"
    return False


@dataclass
class Separate:
    """A subsite that cannot be in the main site's sitemap, and why: one with an absolute
    SITEURL of its own gets a sitemap of its own, in its own output folder."""

    run: SiteRun
    why: str


@dataclass
class Sites:
    """One run's sites: the pages of the main sitemap (its own and its subsites', with paths
    below the main output), the subsites that need a sitemap of their own, the paths of the
    pages left out, and the output folders of subsites listed in the main sitemap."""

    pages: list[Page]
    separate: list[Separate]
    left_out: list[str]
    merged_folders: list[str]
    #: Told with the main sitemap's notices, once every file is written.
    notices: list[Notice] = field(default_factory=list)


def pages_of(main: SiteRun, options: PelicanOptions) -> Sites:
    """The main site's pages and its subsites', and which subsites need sitemaps of their own."""
    pages: list[Page] = []
    separate: list[Separate] = []
    left_out: list[str] = []
    merged_folders: list[str] = []
    notices: list[Notice] = []
    rendered: list[str] = []  # the paths of HTML pages, whose heads are read
    static = PathMatcher(options.include_static)
    statics_unmatched = UnmatchedPatterns(options.include_static)
    a_static = ""  # one static file's path, to show the form paths take
    runs = [main]
    while runs:
        run = runs.pop(0)
        runs.extend(run.subsites)
        prefixes = _prefixes(run, main)
        if isinstance(prefixes, str):
            separate.append(Separate(run, prefixes))
            continue
        if prefixes[0]:
            merged_folders.append(run.output_path)
        if prefixes[1] and prefixes[0] != prefixes[1]:
            notices.append(_moved_notice(run, *prefixes))
        run_left_out: list[str] = []
        statics: list[str] | None = [] if statics_unmatched else None
        listed = _listed(run, options, static, run_left_out, statics)
        pretty = options.core.pretty_urls
        for written in listed:
            page = _rebased(written, *prefixes, pretty)
            pages.append(page)
            if _rendered(written):
                rendered.append(page.path)
        left_out += [prefixes[0] + path for path in run_left_out]
        for path in statics or ():
            statics_unmatched.note(prefixes[0] + path)
            a_static = a_static or prefixes[0] + path
    notices += _unmatched_static_notices(statics_unmatched, a_static)
    checked = _checked(pages, main.output_path, options, rendered)
    return Sites(checked, separate, left_out, merged_folders, notices)


def _unmatched_static_notices(unmatched: UnmatchedPatterns, a_static: str) -> list[Notice]:
    """An `include_static` pattern that matched no static file of Pelican's (a typo, or
    files another plugin copies, which Pelican does not know as static files)."""
    example = f" such as {a_static!r}" if a_static else ""
    return [
        Notice(
            "info",
            UNMATCHED,
            f"include_static: the pattern {pattern!r} matches no static file of Pelican's, "
            f"so it lists nothing; patterns match the files' output paths{example} (files "
            "another plugin copies are not Pelican's static files)",
            ("include_static",),
            about=f"include_static {pattern}",
        )
        for pattern in unmatched.patterns
    ]


def _listed(
    run: SiteRun,
    options: PelicanOptions,
    static: PathMatcher,
    left_out: list[str],
    statics: list[str] | None = None,
) -> list[Written]:
    """The files of one run that its sitemap lists; the others' paths go to `left_out`
    (drafts, hidden content: a pattern naming them is not one that matches nothing). With
    `statics`, the paths of the static files go there too."""
    listed = []
    for written in run.pages():
        if statics is not None and written.status == STATIC:
            statics.append(written.page.path)
        if _wanted(written, options, static, run.output_path) and (
            written.status != STATIC or _copied(run.output_path, written.page.path)
        ):
            listed.append(written)
        else:
            left_out.append(written.page.path)
    return listed


def _copied(output_path: str, path: str) -> bool:
    """Whether Pelican copied a static file: an `{attach}` link to a missing file still makes
    one, with a warning, and nothing is copied."""
    return os.path.isfile(os.path.join(output_path, *path.split("/")))


def _rendered(written: Written) -> bool:
    """Whether a file is an HTML page: every file Pelican renders for content or a listing
    that is listed (`ARTICLE_SAVE_AS = "{slug}"` writes one without a suffix), and a static
    file with an HTML suffix."""
    return written.status != STATIC or written.page.path.lower().endswith(HTML_SUFFIXES)


def _checked(
    pages: list[Page], output_path: str, options: PelicanOptions, html: list[str]
) -> list[Page]:
    """The pages, those whose written head (of the `html` ones) says noindex, or redirects at
    once, marked so."""
    if options.core.skips_noindex:
        pages = marked_from_heads(output_path, pages, html)
    return pages


def write_separate(
    subsite: Separate,
    options: PelicanOptions,
    started_ns: int,
    report: Report,
    peer_files: tuple[str, ...] = (),
) -> None:
    """A subsite on an address of its own: its sitemap in its own output folder, at that
    address (and robots.txt there, when the address is a host's root). A set-up of its own,
    not a mistake: INFO lines, so `--fatal warnings` passes."""
    run, base_url = subsite.run, _absolute(subsite.run.siteurl)
    if base_url is None:
        logger.info(
            "sitemapkit: the subsite %s, and with a relative SITEURL it cannot have one of its "
            "own; set its SITEURL to the address it is served from",
            subsite.why,
        )
        return
    left_out: list[str] = []
    listed = _listed(run, options, PathMatcher(options.include_static), left_out)
    pages = [written.page for written in listed]
    try:
        result = build_sitemaps(
            run.output_path,
            dataclasses.replace(options.core, base_url=base_url),
            _checked(
                pages,
                run.output_path,
                options,
                [written.page.path for written in listed if _rendered(written)],
            ),
            report=named_by_source(report, pages, run.pelican.settings["PATH"]),
            build_started_ns=started_ns,
            left_out=left_out,
            peer_files=peer_files,
        )
    except SitemapkitError as error:
        logger.error("sitemapkit: the subsite %s: %s", subsite.why, error.spelled(spelling))
        return
    logger.info(
        "sitemapkit: the subsite %s; it has a sitemap of its own in %s: %s",
        subsite.why,
        run.output_path,
        result.describe(),
    )


#: What Pelican users change for a notice, by its code.
_URLS_AGREE = (
    "; in Pelican, each *_URL setting (or a page's Url) and its *_SAVE_AS (or Save_as) must "
    "agree: '{slug}/' with '{slug}/index.html', '{slug}.html' with '{slug}.html'"
)
_PELICAN_FIXES = {"unserved-url": _URLS_AGREE, "redirect-url": _URLS_AGREE}


def warn_of_preview_base_url(base_url: str, siteurl: str) -> None:
    """`SITEMAPKIT = {'base_url': 'http://localhost:8000/'}` in pelicanconf.py reaches the
    publish build through `from pelicanconf import *`, whose SITEURL is the public address."""
    host = local_host(base_url)
    if host is None:
        return
    try:
        public = normalise_base_url(siteurl)
    except ValueError:
        return
    if local_host(public) is None and public != base_url:
        logger.warning(
            "sitemapkit: %s['base_url'] is %s, on %s, which crawlers cannot reach, while "
            "SITEURL is %s: the sitemap lists preview addresses; where publishconf.py takes "
            "pelicanconf.py's settings (`from pelicanconf import *`), unset it there with "
            "%s = {**%s, 'base_url': None}, or remove it so the sitemap follows SITEURL",
            SETTING,
            base_url,
            host,
            public,
            SETTING,
            SETTING,
        )


def _templates_writing(settings: Any, options: SitemapOptions) -> str:
    """The settings with which Pelican renders a template to one of sitemapkit's names, as its
    docs suggest for a sitemap (`DIRECT_TEMPLATES` with `SITEMAP_SAVE_AS`), told as the fix."""
    names = {options.sitemap_name, options.txt_name, options.index_name}
    names |= {name + ".gz" for name in names}
    found = [
        f"{key} = {value!r}"
        for key, value in sorted(settings.items())
        if key.endswith("_SAVE_AS") and isinstance(value, str) and value.lstrip("/") in names
    ]
    pages = settings.get("TEMPLATE_PAGES")
    if isinstance(pages, dict):
        found += [
            f"TEMPLATE_PAGES[{template!r}] = {output!r}"
            for template, output in sorted(pages.items(), key=str)
            if isinstance(output, str) and output.lstrip("/") in names
        ]
    if not found:
        return ""
    return (
        f"; Pelican renders a template there itself ({', '.join(found)}): remove "
        f"{'that setting' if len(found) == 1 else 'those settings'} (and the template's name "
        "from DIRECT_TEMPLATES), as sitemapkit writes the sitemaps"
    )


def named_by_source(report: Report, pages: list[Page], content_path: str) -> Report:
    """`report`, a notice about one page naming its file in the content folder
    (`articles/typo.md`), as Pelican's own messages do, rather than the file written for it
    (`typo.html`). A listing's template is no file of the content: its page keeps its path."""
    sources: dict[str, str] = {}

    def named(notice: Notice) -> None:
        if notice.page:
            if not sources:
                sources.update(_content_sources(pages, content_path))
            source = sources.get(notice.page)
            if source is not None:
                notice = notice.naming(source)
        report(notice)

    return named


def _content_sources(pages: list[Page], content_path: str) -> dict[str, str]:
    """Output path -> the page's source relative to the content folder, where it is in it."""
    root = os.path.join(os.path.abspath(content_path), "")
    return {
        page.path: page.sources[0][len(root) :].replace(os.sep, "/")
        for page in pages
        if page.sources and page.sources[0].startswith(root)
    }


def _log_notice(notice: Notice) -> None:
    level = logging.WARNING if notice.level == "warning" else logging.INFO
    fix = _PELICAN_FIXES.get(notice.code, "")
    logger.log(level, "sitemapkit: %s%s", notice.describe(spelling), fix)


#: pelican-sitemap's module names: the namespace plugin, and the old pelican-plugins one.
PEER_MODULES = frozenset({"pelican.plugins.sitemap", "sitemap"})
PEER_SETTING = "SITEMAP"


def warn_about_peer(pelican: Any) -> tuple[str, ...]:
    """pelican-sitemap writes `sitemap.xml` at the end of the build too (and is loaded
    unasked when installed and PLUGINS is unset): the files published would be a mix. The
    file it writes is returned when it is loaded: replacing it needs no second warning."""
    loaded = {getattr(plugin, "__name__", "") for plugin in getattr(pelican, "plugins", ())}
    peer = sorted(loaded & PEER_MODULES)
    setting = pelican.settings.get(PEER_SETTING)
    if peer:
        text = isinstance(setting, dict) and setting.get("format") == "txt"
        theirs = "sitemap.txt" if text else "sitemap.xml"
        logger.warning(
            "sitemapkit: pelican-sitemap (%s) is loaded too and writes %s as well, "
            "so the published files would be a mix of the two; remove it from PLUGINS (or "
            "uninstall it): sitemapkit writes the sitemap, its text twin and the index",
            peer[0],
            theirs,
        )
        return (theirs,)
    if excludes := _peer_excludes(setting):
        globs = [glob for glob in map(as_glob, excludes) if glob is not None]
        logger.warning(
            "sitemapkit: %s['exclude'] is pelican-sitemap's setting and is not read, so the "
            "pages it left out are listed; write them in SITEMAPKIT['exclude'] as patterns of "
            "output paths (pelican-sitemap's are regular expressions of URLs)%s, and remove %s",
            PEER_SETTING,
            f", such as {globs!r}" if globs else "",
            PEER_SETTING,
        )
    elif PEER_SETTING in pelican.settings:  # left from a move to sitemapkit
        logger.info(
            "sitemapkit: %s is pelican-sitemap's setting and is not read; sitemapkit's "
            "options go in SITEMAPKIT (its priorities and changefreqs in priority_overrides "
            "and changefreq_rules)",
            PEER_SETTING,
        )
    return ()


def _unmatched_in_every_sitemap(held: list[list[Notice]]) -> list[Notice]:
    """The notices of each sitemap written, a pattern that matched no page told only when it
    matched none in any of them: the options are the same for a subsite's own sitemap."""
    unmatched = [{n.about for n in notices if n.code == UNMATCHED} for notices in held]
    everywhere = set.intersection(*unmatched)
    told = set()
    kept = []
    for notices in held:
        for notice in notices:
            if notice.code == UNMATCHED:
                if notice.about not in everywhere or notice.about in told:
                    continue
                told.add(notice.about)
            kept.append(notice)
    return kept


def _peer_excludes(setting: object) -> list[str]:
    """The regular expressions of pelican-sitemap's SITEMAP setting that leave pages out:
    those pages would now be listed."""
    excludes = setting.get("exclude") if isinstance(setting, dict) else None
    if isinstance(excludes, str | re.Pattern):
        excludes = [excludes]
    if not isinstance(excludes, list | tuple):
        return []  # pelican-sitemap reports a setting it cannot read
    return [
        regex if isinstance(regex, str) else regex.pattern
        for regex in excludes
        if isinstance(regex, str) or isinstance(getattr(regex, "pattern", None), str)
    ]


def checked_options(settings: Any) -> PelicanOptions | str:
    """`SITEMAPKIT` read, or an ERROR logged (it fails `--fatal errors`) and its message."""
    # Errors are logged outside `except`: `--fatal errors` raises from the log call, and
    # inside the handler Python would chain our exception's traceback onto Pelican's.
    _warn_of_stray_settings(settings)
    try:
        return read_options(settings)
    except OptionError as error:
        problem = error.describe(spelling(error.option))
    if getattr(type(logger), "fatal_lvl", logging.CRITICAL + 1) <= logging.ERROR:
        earlier = (
            "(Pelican stops here, as --fatal errors asks: the output folder is left as it was)"
        )
    else:
        earlier = _earlier(settings)
    logger.error("sitemapkit: %s; no sitemap will be written %s", problem, earlier)
    return problem


def _warn_of_stray_settings(settings: Any) -> None:
    """`SITEMAPKIT_GZIP = True`, in Pelican's own style, is read by nobody: one warning with
    the dict to write instead (each name as the option it is closest to)."""
    stray = sorted(str(key) for key in settings if str(key).startswith(SETTING + "_"))
    if not stray:
        return
    meant = {}
    for name in stray:
        option = closest_option(
            name[len(SETTING) + 1 :], OPTION_NAMES | {spec.name for spec in PELICAN_OPTION_SPECS}
        )
        if option is not None and not means_the_opposite(name[len(SETTING) + 1 :], option):
            meant[option] = settings[name]
    merged = (
        {**settings.get(SETTING, {}), **meant} if isinstance(settings.get(SETTING), dict) else meant
    )
    logger.warning(
        "sitemapkit: %s %s not read: sitemapkit's options go in one dict%s",
        ", ".join(stray),
        "is" if len(stray) == 1 else "are",
        f", such as {SETTING} = {merged!r}"
        if merged
        else f" ({SETTING} = {{...}}), with names from the README's options table",
    )


def _earlier(settings: Any) -> str:
    """What becomes of the sitemap an earlier build wrote, when this one writes none."""
    if settings.get("DELETE_OUTPUT_DIRECTORY"):
        return "(and DELETE_OUTPUT_DIRECTORY removes the one an earlier build wrote)"
    return "(one an earlier build wrote is left as it was)"


def write_sitemaps(main: SiteRun) -> None:
    """Write with the options checked as the run started; problems are logged."""
    options = checked_options(main.pelican.settings) if main.options is None else main.options
    if isinstance(options, str):
        return  # said as the build started
    if options.core.base_url is None:
        if not main.siteurl.strip():
            # pelican-quickstart's pelicanconf.py: a development build, where a warning on
            # every build would fail `--fatal warnings` for nothing.
            logger.info(
                "sitemapkit: no sitemap in a development build (SITEURL is empty, as in "
                "pelicanconf.py); a build with publishconf.py, which sets SITEURL, writes it "
                "(or set SITEMAPKIT = {'base_url': 'https://example.com/'})"
            )
            return
        logger.warning(
            "sitemapkit: no sitemap was written: SITEURL is %r, and %s; set SITEURL to the "
            "address the site is served from (as publishconf.py does), or set SITEMAPKIT = "
            "{'base_url': 'https://example.com/'}",
            main.siteurl,
            _as_base_url(main.siteurl)[1],
        )
        return
    peer_files = warn_about_peer(main.pelican)
    warn_of_preview_base_url(options.core.base_url, main.siteurl)
    # Told once every file is written: with `--fatal warnings` Pelican raises on the first
    # warning, which must not stop the step between the sitemaps and robots.txt.
    held: list[list[Notice]] = [[]]  # the main site's, then each separate subsite's
    problem = None
    try:
        with paused_gc():  # see sitemapkit.gc_pause: Pelican keeps every document in memory
            sites = pages_of(main, options)
            held[0] += sites.notices
            result = build_sitemaps(
                main.output_path,
                options.core,
                sites.pages,
                report=named_by_source(held[0].append, sites.pages, main.pelican.settings["PATH"]),
                build_started_ns=main.started_ns,
                left_out=sites.left_out,
                peer_files=peer_files,
            )
            for subsite in sites.separate:
                held.append([])
                write_separate(subsite, options, main.started_ns, held[-1].append, peer_files)
            # A subsite that had an address of its own before: its old sitemaps would go on
            # being served (at /fr/sitemap.xml), listing the old address.
            removed = [(f, remove_sitemaps(f, options.core)) for f in sites.merged_folders]
    except SitemapkitError as error:
        problem = error.spelled(spelling)
    writers = _templates_writing(main.pelican.settings, options.core)
    for notice in _unmatched_in_every_sitemap(held):
        if notice.code == "replaced-file" and notice.level == "warning" and writers:
            notice = dataclasses.replace(notice, message=notice.message + writers)
        _log_notice(notice)
    for folder, names in removed if problem is None else ():
        if names:
            logger.info(
                "sitemapkit: the subsite in %s is listed in the main site's sitemap now, so the "
                "sitemap files an earlier build wrote there were removed: %s",
                folder,
                ", ".join(names),
            )
    if problem is None:
        if result.urls:
            logger.info("sitemapkit: listed %s", result.describe())
        return
    logger.error(
        "sitemapkit: %s; no sitemap was written %s", problem, _earlier(main.pelican.settings)
    )
