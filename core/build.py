"""One call for every front end: options and pages (or a folder to scan) in, sitemap files out."""

from __future__ import annotations

import logging
import os
from collections.abc import Collection, Iterable, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain, islice

from .canonical import HomeElsewhere, HtmlSuffix, home_page_elsewhere, html_suffix_disagrees
from .dates import format_lastmod, source_date_epoch
from .entries import (
    Entry,
    EntryMaker,
    FileTimes,
    Notice,
    Report,
    UnmatchedPatterns,
    resolve_entries,
    stream_entries,
)
from .errors import SitemapkitError, file_system_error
from .folder_files import open_regular
from .folder_lock import WAIT_SECONDS, folder_lock
from .gc_pause import paused_gc
from .generator_sitemaps import site_generators, sitemap_switch
from .options import DEFAULT_XML_NAMES, SitemapOptions
from .pages import Page, SkippedPages, scan_output
from .project_folder import TEMPLATE_SAMPLE, a_source_file, all_templates
from .robots import (
    LINK_REPLACED,
    output_sitemap_urls,
    relative_sitemap_lines,
    remove_robots_line,
    sitemap_line,
    unserved_sitemap_lines,
    update_robots,
)
from .robots_rules import Blocked, DisallowedUrls
from .urls import base_path, encode_file_path, local_host
from .writer import (
    FileNames,
    Progress,
    SitemapWriter,
    WriteResult,
    is_own_file,
    listed_files,
    opens_as_sitemap,
    read_own_index,
)

_logger = logging.getLogger("sitemapkit")


def log_notice(notice: Notice) -> None:
    """The default report: the standard `sitemapkit` logger."""
    _logger.log(logging.WARNING if notice.level == "warning" else logging.INFO, notice.message)


#: How many written files a summary line names before it counts the rest.
SHOWN_FILES = 6


def _named(names: list[str]) -> str:
    shown = names[:SHOWN_FILES]
    more = len(names) - len(shown)
    return ", ".join(shown) + (f" and {more:,} more" if more > 0 else "")


@dataclass
class BuildResult(WriteResult):
    """What a build did: for summary lines, adapters' logs and tests."""

    skipped: dict[str, int] = field(default_factory=dict)

    def files_named(self) -> str:
        """The files written, in writing order; a split site's hundreds of parts are counted."""
        return _named(self.files)

    def removed_named(self) -> str:
        """An earlier build's files this one removed (parts a smaller site no longer needs)."""
        return _named(self.removed)

    def describe(self) -> str:
        """The line adapters log: `1 URL in sitemap.xml, sitemap.txt, sitemap-index.xml`."""
        return f"{self.urls:,} URL{'' if self.urls == 1 else 's'} in {self.files_named()}"


class _Generators:
    """The generators a scanned site's pages name, read only when a notice needs them."""

    def __init__(self, root: str | None, first: list[str]) -> None:
        self.root, self.first = root, first

    @cached_property
    def named(self) -> list[str]:
        return [] if self.root is None else site_generators(self.root, self.first)

    def switch(self) -> str:
        """How the generator turns its own sitemaps off, as the end of a notice ("" if unknown)."""
        found = sitemap_switch(self.named)
        if found is None:
            return ""
        generator, how = found
        return f"; {generator} built this site (its pages say so) and writes sitemaps too: {how}"


def _replaced_notice(
    replaced: list[str], names: FileNames, orphaned: list[str], switch: str = ""
) -> Notice:
    """Two tools writing one file take turns silently; the user should hear of it."""
    options = sorted({names.option_naming(name) for name in replaced})
    it = "it" if len(replaced) == 1 else "them"
    return Notice(
        "warning",
        "replaced-file",
        f"replaced {', '.join(replaced)}, which sitemapkit did not recognise as its own: "
        f"if another sitemap plugin or a file in the site's sources writes {it}, turn that off "
        f"or remove {it}, or set {' or '.join(options)} to give sitemapkit's files other names"
        + _orphans(orphaned)
        + switch,
        tuple(options),
    )


def _orphans(orphaned: list[str]) -> str:
    """The sitemaps a replaced index listed: no index lists them now, yet they are served."""
    if not orphaned:
        return ""
    many = len(orphaned) > 1
    return (
        f"; the index replaced listed {', '.join(orphaned)}, still in the output and listed by "
        f"no index now: remove {'them' if many else 'it'} (and whatever writes "
        f"{'them' if many else 'it'})"
    )


def _foreign_twins_notice(twins: list[str], option: str) -> Notice:
    """A `.gz` or `.txt` another tool wrote beside a sitemap sitemapkit rewrote: served, and
    stale."""
    many = len(twins) > 1
    example = "MkDocs' own" if option == "gzip" else "a theme's or an earlier tool's"
    return Notice(
        "warning",
        "foreign-twin",
        f"{', '.join(map(repr, twins))}, beside the sitemap of the same name, "
        f"{'were' if many else 'was'} "
        f"not written by sitemapkit (another sitemap tool's, such as {example}), so "
        f"{'they are' if many else 'it is'} not kept in step with the sitemap: remove "
        f"{'them' if many else 'it'}, or turn {option} on for sitemapkit to write "
        f"{'them' if many else 'it'}",
        (option,),
    )


def _left_over_notice(left_over: list[str], orphaned: list[str]) -> Notice:
    """A file no process touched during this build is an earlier build's: after a move from
    another sitemap plugin, its last sitemap. Replacing it is the point: an INFO line."""
    many = len(left_over) > 1
    return Notice(
        "info",
        "replaced-file",
        f"replaced {', '.join(left_over)}, which an earlier build left (another sitemap "
        f"tool's, as after a move to sitemapkit); {'they were' if many else 'it was'} not "
        "written during this build, so nothing else writes there" + _orphans(orphaned),
    )


def _at_default_names(root: str, options: SitemapOptions) -> list[str]:
    """Sitemap files an earlier build wrote at the default names, when this one writes others:
    they are not kept up to date, yet they are served."""
    current = {options.sitemap_name, options.index_name, options.txt_name}
    found = []
    for name in sorted(set(DEFAULT_XML_NAMES) - current):
        path = os.path.join(root, name)
        if os.path.isfile(path) and is_own_file(path, {}):
            found.append(name)
    return found


def _indexes_named_otherwise_notice(names: list[str]) -> Notice:
    many = len(names) > 1
    return Notice(
        "info",
        "earlier-names",
        f"{' and '.join(names)}, {'indexes' if many else 'an index'} an earlier build wrote "
        f"under {'names' if many else 'a name'} that sitemap_name and index_name no longer "
        f"give, {'are' if many else 'is'} still here and no longer kept up to date; remove "
        f"{'them' if many else 'it'} (and the sitemaps and text files "
        f"{'they list or note' if many else 'it lists or notes'} that this build does not "
        "write, with any .gz twins) by hand",
        ("sitemap_name", "index_name"),
    )


def _earlier_names_notice(
    names: list[str], options: SitemapOptions, root: str, written: Collection[str]
) -> Notice:
    many = len(names) > 1
    also: list[str] = []
    # The parts an earlier index lists, unless this build writes them (the same sitemap_name).
    listed: set[str] = set()
    for name in names:
        index = read_own_index(os.path.join(root, name))
        listed |= listed_files(index) if index is not None else set()
    parts = sorted(
        name
        for name in listed - set(written) - set(names)
        if not name.endswith(".gz") and os.path.isfile(os.path.join(root, name))
    )
    if len(parts) > 3:
        also.append(f"the {len(parts):,} sitemaps {'they list' if many else 'it lists'}")
    elif parts:
        also.append(", ".join(parts))
    if any(os.path.isfile(os.path.join(root, name + ".gz")) for name in names):
        also.append(f"{'their' if many else 'its'} .gz twin{'s' if many else ''}")
    text = _DEFAULT_OPTIONS.txt_name
    if text not in written and os.path.isfile(os.path.join(root, text)):
        also.append(text)
    series = ", ".join(also[:-1]) + " and " + also[-1] if len(also) > 1 else "".join(also)
    clauses = [f"and {series}"] if also else []
    if text in written:  # not when split: the earlier build's sitemap.txt is left then
        clauses.append(f"but not {text}, which this build writes")
    extra = f" ({', '.join(clauses)})" if clauses else ""
    changed = tuple(
        option
        for option in ("sitemap_name", "index_name")
        if getattr(options, option) != getattr(_DEFAULT_OPTIONS, option)
    ) or ("sitemap_name", "index_name")
    return Notice(
        "info",
        "earlier-names",
        f"{' and '.join(names)}, written by an earlier build under the default "
        f"name{'s' if many else ''}, {'are' if many else 'is'} still here and no longer kept "
        f"up to date, as {' and '.join(changed)} name{'' if len(changed) > 1 else 's'} "
        f"{'other files' if len(changed) > 1 else 'another file'} now; remove "
        f"{'them' if many else 'it'}{extra} by hand",
        changed,
    )


_DEFAULT_OPTIONS = SitemapOptions()


def build_sitemaps(
    output_dir: str | os.PathLike[str],
    options: SitemapOptions,
    pages: Iterable[Page] | None = None,
    *,
    report: Report = log_notice,
    progress: Progress | None = None,
    build_started_ns: int | None = None,
    left_out: Iterable[str] = (),
    peer_files: Collection[str] = (),
) -> BuildResult:
    """Write sitemap.xml, sitemap.txt, the index (and parts, gzip twins, robots.txt line).

    `pages` is what an adapter knows; None scans `output_dir` for HTML files, streaming, so
    memory stays flat however large the site. `build_started_ns` is when the generator's
    build began, by `sitemapkit.dates.build_start_ns()`: a source modified since was written by
    the build itself. `left_out` are the paths of pages the adapter left out itself (drafts,
    a search page): an exclude pattern that names one of them is not told it matched nothing.
    `peer_files` are files another plugin writes that the adapter has warned of already (a
    peer's `sitemap.xml`): replacing them is that warning's news, not a second warning's.
    """
    root = os.fspath(output_dir)

    def waiting() -> None:
        report(
            Notice(
                "info",
                "waiting",
                f"{root} is locked (another sitemapkit build writing into it, or a `flock` "
                f"around this one); waiting up to {WAIT_SECONDS:.0f} seconds",
            )
        )

    def gave_up() -> None:
        report(
            Notice(
                "warning",
                "waiting",
                f"{root} stayed locked for {WAIT_SECONDS:.0f} seconds, longer than a sitemap "
                "build takes: writing anyway (a `flock` on the output folder around the build "
                "holds it; lock another file)",
            )
        )

    with paused_gc(), folder_lock(root, waiting, gave_up):
        try:
            return _build(
                root, options, pages, report, progress, build_started_ns, left_out, peer_files
            )
        except OSError as exc:  # the writer has already removed its temporary files
            raise file_system_error(exc, root) from exc


def remove_sitemaps(output_dir: str | os.PathLike[str], options: SitemapOptions) -> list[str]:
    """Take out the sitemaps an earlier build wrote into a folder that no longer gets any (a
    subsite now listed in its main site's sitemap), and the robots.txt line it added: only
    files sitemapkit wrote. Returns what went."""
    root = os.fspath(output_dir)
    try:
        removed = SitemapWriter(root, options).write(()).removed
        gone = remove_robots_line(root)
    except OSError as exc:
        raise file_system_error(exc, root) from exc
    return removed + (["robots.txt"] if gone == "file" else ["robots.txt's line"] if gone else [])


def _build(
    root: str,
    options: SitemapOptions,
    pages: Iterable[Page] | None,
    report: Report,
    progress: Progress | None,
    build_started_ns: int | None,
    left_out: Iterable[str],
    peer_files: Collection[str],
) -> BuildResult:
    if options.base_url is None:
        raise SitemapkitError(
            "base_url: no base URL is set; sitemaps need absolute URLs, "
            "so set it to the address the site is served from, e.g. https://example.com/",
            ("base_url",),
        )
    if not os.path.isdir(root):
        raise SitemapkitError(f"output folder {root!r} does not exist; build the site first")
    host = local_host(options.base_url) if pages is not None else None  # the CLI warns itself
    if host is not None:  # a preview's address: fine, unless this build is published
        report(
            Notice(
                "info",
                "local-host",
                f"the sitemap's URLs are on {host}, which crawlers cannot reach: fine for a "
                "preview; a build to publish needs the address the site is served from",
            )
        )
    if pages is None:
        elsewhere = home_page_elsewhere(root, options.base_url)
        if elsewhere is not None:
            report(_home_page_elsewhere_notice(elsewhere, options.base_url))
    maker = EntryMaker(options, report, source_date_epoch(), build_started_ns)
    if maker.unmatched:
        for path in left_out:
            maker.unmatched.note(path)
    stubs = _Stubs(maker.unmatched)
    first: list[Page] = []  # the scan's first pages, looked at for front matter at the end
    sitemaps_below: list[str] = []  # a scan's sitemap files in folders below the top
    templates: list[str] = []  # the first template file the scan found
    if pages is None:
        noindex = options.skip_noindex is True
        scanned = iter(scan_output(root, stubs, noindex, sitemaps_below, templates))
        first = list(islice(scanned, TEMPLATE_SAMPLE))  # no step added for the other pages
        entries: Iterable[Entry] = stream_entries(chain(first, scanned), maker)
    else:
        entries = resolve_entries(pages, maker)
    disallowed = _robots_rules(root)
    site_path = base_path(options.base_url)
    if disallowed:  # each URL's whole path, from the `/` after its host
        path_start = len(options.base_url) - len(site_path)
        entries = _noting_disallowed(entries, disallowed, path_start)
    writer = SitemapWriter(root, options, progress, build_started_ns)
    written = writer.write(entries)
    for found in disallowed.blocked() if disallowed else ():
        report(_disallowed_notice(found, at_root=site_path == "/"))
    if disallowed and written.urls:  # the index itself: crawlers given it would read nothing
        index_url = options.base_url + encode_file_path(options.index_name)
        for rule, crawlers in disallowed.blockers(index_url[path_start:]).items():
            found = Blocked(rule, index_url, 1, set(crawlers))
            report(_index_disallowed_notice(found, at_root=site_path == "/"))
    generators = _Generators(root if pages is None else None, [page.path for page in first])
    if pages is None:  # the form of a few top pages' canonical links
        disagrees = html_suffix_disagrees(root, options.base_url, options.clean_urls, maker.kept)
        if disagrees is not None:
            report(_html_suffix_notice(disagrees, options))
    if sitemaps_below:
        nested = _sitemaps_of_listed_folders(root, sitemaps_below, maker)
        if nested:
            report(_nested_sitemaps_notice(nested, generators.switch()))
    if maker.redirects.count:  # an adapter's pages found to redirect, as the scan's stubs
        stubs.first = stubs.first or maker.redirects.first
        stubs.count += maker.redirects.count
    if stubs.count:
        maker.skipped["redirect stub"] = stubs.count
        report(_stubs_notice(stubs, scanned=pages is None))
    result = BuildResult(**vars(written), skipped=dict(maker.skipped))
    said = {*written.left_over, *peer_files}  # an INFO line, and a peer's warning, say it
    fresh = [name for name in written.replaced if name not in said]
    if fresh:
        sitemaps = any(name.endswith((".xml", ".xml.gz")) for name in fresh)
        switch = generators.switch() if sitemaps else ""
        report(_replaced_notice(fresh, writer.names, written.orphaned, switch))
    if written.left_over:
        report(_left_over_notice(written.left_over, [] if fresh else written.orphaned))
    for option, suffix in (("gzip", ".gz"), ("txt", ".txt")):
        twins = [name for name in written.foreign_twins if name.endswith(suffix)]
        if twins:
            report(_foreign_twins_notice(twins, option))
    earlier = _at_default_names(root, options)
    if earlier:
        report(_earlier_names_notice(earlier, options, root, written.files))
    if written.renamed_indexes:
        report(_indexes_named_otherwise_notice(written.renamed_indexes))
    if written.urls and all_templates(root, [page.path for page in first]):
        report(
            _templates_notice(
                "the pages start with front matter ('---'), as a generator's templates and "
                f"sources do (such as {first[0].path!r})"
            )
        )
    elif written.urls and templates and not generators.named:  # a built site's copied file
        report(
            _templates_notice(
                f"the folder holds a template file ({templates[0]!r}), which a generator "
                "renders into pages and no built site holds"
            )
        )
    if written.urls == 0:
        nothing_found = pages is None and not maker.skipped and not stubs.count
        report(
            _no_pages_notice(
                maker.skipped["excluded"],
                maker.excluded_by_page,
                maker.noindex.count,
                written.removed,
                source=a_source_file(root) if nothing_found else None,
            )
        )
    elif written.urls > 1:
        told = _warn_if_build_times(maker, report, scanned=pages is None)
        times = maker.file_times
        # Known exactly from an adapter's pages; a scan's pages each have their own time.
        one = times.all_one if times.all_one is not None else times.older >= written.urls
        # A notice of build times may be about the pages dated by files alone, not all.
        told_all = told and times.count >= written.urls
        if not told_all and times.one_older is not None and one:
            report(_one_lastmod_notice(times.one_older, scanned=pages is None))
    if options.robots:
        try:
            _robots_step(root, options.base_url, options.index_name, written.urls, result, report)
        except OSError as exc:  # the sitemaps are in place: say so, and what robots.txt needs
            problem = file_system_error(exc, os.path.join(root, "robots.txt"))
            line = sitemap_line(options.base_url, options.index_name)
            report(
                Notice(
                    "warning",
                    "robots",
                    f"the sitemaps were written, but robots.txt was not updated: {problem}; "
                    f"crawlers need this line in it: {line}",
                )
            )
    return result


def _templates_notice(why: str) -> Notice:
    """Eleventy's `src/`, Hexo's `source/`: pages with front matter, or template files (with a
    page copied as it is), are a generator's input."""
    return Notice(
        "warning",
        "templates",
        f"{why}, so this folder looks like the site's sources, not the site built from them, "
        "and the sitemaps written into it may be published from there; give the folder the "
        "generator builds the site into",
    )


def _html_suffix_notice(found: HtmlSuffix, options: SitemapOptions) -> Notice:
    """Pages that name their clean address (Next.js', SvelteKit's) listed with `.html`, or the
    reverse: search engines index what the pages name, and the sitemap then lists none of it."""
    said = f"{found.path!r} names {found.link} as its address (its canonical link)"
    if options.clean_urls:
        fix = "with .html, while clean_urls lists it without: turn clean_urls off"
    else:
        needs = "" if options.pretty_urls else " (and pretty_urls, which it needs)"
        fix = (
            "without .html, while the sitemap lists it with: if the host serves pages there "
            f"(as hosts of Next.js and SvelteKit sites, or VitePress' cleanUrls, do), set "
            f"clean_urls{needs}"
        )
    return Notice(
        "warning",
        "clean-urls",
        f"{said}, {fix} for the sitemap to list the addresses the pages name ({found.listed} now)",
        ("clean_urls", "pretty_urls"),
    )


def _home_page_elsewhere_notice(found: HomeElsewhere, base_url: str) -> Notice:
    """The home page's canonical link is the generator's word for where the site is served
    from (a base URL without the site's subpath, or the host without `www.`)."""
    return Notice(
        "warning",
        "canonical-base",
        f"{found.said(base_url, 'the base URL')}, so search engines index the pages at other "
        "addresses than the sitemap lists; set the base URL to the address the site is served "
        f"from (such as {found.folder}), or correct the generator's link",
        ("base_url",),
    )


def _index_disallowed_notice(found: Blocked, at_root: bool) -> Notice:
    """`Disallow: /sitemap` keeps crawlers from the sitemap files themselves."""
    said = (
        f"the sitemap index {found.first} is disallowed for {' and '.join(sorted(found.crawlers))} "
        f"by robots.txt line {found.rule.line}, {found.rule.text!r}: crawlers may not fetch it, "
        "so they read none of the sitemaps; allow it in robots.txt"
    )
    if at_root:
        return Notice("warning", "robots-disallow", said)
    return Notice("info", "robots-disallow", "if the output's robots.txt is the host's: " + said)


def _disallowed_notice(found: Blocked, at_root: bool) -> Notice:
    """A warning for the host's robots.txt. Below the host's root the file is only the host's
    where the host serves it so (Read the Docs serves the default version's): an INFO line."""
    if at_root:
        return Notice("warning", "robots-disallow", found.describe(), ("exclude",))
    return Notice(
        "info",
        "robots-disallow",
        "if the output's robots.txt is the host's (as Read the Docs serves the default "
        "version's at the root): " + found.describe(),
        ("exclude",),
    )


class _Stubs(SkippedPages):
    """The scan's redirect stubs: pages left out before the entries, so a pattern naming
    one of them is not told it matched nothing."""

    __slots__ = ("_unmatched",)

    def __init__(self, unmatched: UnmatchedPatterns) -> None:
        super().__init__()
        self._unmatched = unmatched

    def note(self, path: str) -> None:
        super().note(path)
        if self._unmatched:
            self._unmatched.note(path)


def _robots_rules(root: str) -> DisallowedUrls | None:
    """The rules of the output's robots.txt, matched against the URLs' whole paths."""
    try:
        with open_regular(os.path.join(root, "robots.txt")) as file:
            return DisallowedUrls(file.read().decode("utf-8", "replace"))
    except OSError:  # none (the usual case), or unreadable: the robots step will say so
        return None


def _noting_disallowed(
    entries: Iterable[Entry], disallowed: DisallowedUrls, path_start: int
) -> Iterator[Entry]:
    """The entries, each URL noted on the way: `path_start` is where the base URL's `/` is."""
    for entry in entries:
        disallowed.note(entry.url, entry.url[path_start:])
        yield entry


def _no_pages_notice(
    excluded: int,
    by_page: int,
    noindex: int,
    removed: list[str] | None = None,
    *,
    source: str | None = None,
) -> Notice:
    """When pages said so themselves (an old release's docs that say noindex, pages whose
    front matter excludes them), nothing to list is what the site says: an INFO line. No
    pages at all, or only patterns' exclusions (the default `404.html` among them), may be a
    wrong folder or a broad pattern: a warning. A scanned folder of `source` files and no
    page is a generator's sources (Hugo's `content/`), not the site it builds."""
    gone = (
        f", and the sitemap files an earlier build wrote were removed ({', '.join(removed)})"
        if removed
        else ""
    )
    if not by_page and not noindex:
        by_patterns = f" ({excluded:,} left out by exclude patterns)" if excluded else ""
        sources = (
            f"; the folder holds a generator's sources (such as {source!r}) and no HTML page: "
            "give the folder the generator builds the site into"
            if source is not None
            else ""
        )
        return Notice(
            "warning",
            "no-pages",
            f"no pages to list{by_patterns}, so no sitemap was written{gone}{sources}",
            ("exclude",),
        )
    counts = [f"{excluded:,} excluded"] if excluded else []
    counts += [f"{noindex:,} saying noindex"] if noindex else []
    return Notice(
        "info",
        "no-pages",
        f"every page was left out ({', '.join(counts)}), so no sitemap was written{gone}",
    )


def _sitemaps_of_listed_folders(root: str, found: list[str], maker: EntryMaker) -> list[str]:
    """Those of the files at sitemaps' names below the top that are sitemaps, in folders with a
    page this sitemap lists (its first, as the scan finds it, stands for them: a folder of
    redirect stubs, or one the patterns leave out, lists none)."""
    kept = []
    listing: dict[str, bool] = {}
    for path in found:
        if not opens_as_sitemap(os.path.join(root, *path.split("/"))):
            continue
        folder = path.rpartition("/")[0]
        if folder not in listing:
            with closing(scan_output(os.path.join(root, *folder.split("/")))) as pages:
                first = next(pages, None)
            listing[folder] = first is not None and not maker.excludes(f"{folder}/{first.path}")
        if listing[folder]:
            kept.append(path)
    return kept


def _nested_sitemaps_notice(found: list[str], switch: str = "") -> Notice:
    """`found`: the sitemap files in listed folders below the top, told a folder at a time."""
    folders: dict[str, str] = {}
    for path in found:
        folders.setdefault(path.rpartition("/")[0] + "/", path)
    folder, file = next(iter(folders.items()))
    others = len(folders) - 1
    more = f" (and {others:,} more folder{'s' if others > 1 else ''})" if others else ""
    return Notice(
        "warning",
        "nested-sitemap",
        f"{folder}{more} has a sitemap of its own ({file}), listing the pages of its folder, "
        f"which this sitemap lists too: each URL is in two sitemaps, with lastmods that may "
        f"differ; leave the folder out here (--exclude '/{folder}') and name its sitemap in "
        "robots.txt, or remove that sitemap (and stop what writes it)" + switch,
    )


def _stubs_notice(stubs: SkippedPages, scanned: bool) -> Notice:
    writers = (
        "Hugo's aliases and jekyll-redirect-from" if scanned else "redirect plugins and templates"
    )
    return Notice(
        "info",
        "redirect-stubs",
        f"{stubs.count:,} redirect stub{'s' if stubs.count > 1 else ''} not listed (a page "
        f"whose meta refresh sends visitors to another address at once, as {writers} write); "
        f"the first: {stubs.first}",
    )


def _warn_if_build_times(maker: EntryMaker, report: Report, scanned: bool) -> bool:
    """Nearly every file time recent: a scan right after a generator that rewrites every page
    (its lastmods are the build's, a warning), or an adapter's sources fresh from a clone, as
    on CI (an INFO line: a new site's sources are recent too, and `--strict` must pass). Or
    nearly every one clamped to `SOURCE_DATE_EPOCH`: one time for all, from the same causes."""
    times = maker.file_times
    clamp = maker.clamp
    if clamp is not None and times.nearly_all_clamped():
        pages = "every page" if times.clamped == times.count else _of_the(times.clamped, times)
        said = (
            f"the files of {pages} with a file time are as new as SOURCE_DATE_EPOCH "
            f"({format_lastmod(clamp, False)}) or newer, so each is dated that one time"
        )
        why = (
            "after a fresh clone (as on CI) every source is newer than it"
            if not scanned
            else "a generator that rewrites every page on each build makes every file newer"
        ) + ", so that is not when each page changed"
    elif times.nearly_all_recent():
        pages = "every page" if not times.older else _of_the(times.recent, times)
        said = (
            f"the files of {pages} with a file time were modified in the last hour, so their "
            "lastmods are about now"
        )
        why = (
            "after a fresh clone (as on CI) that is the checkout's time, not when each page changed"
            if not scanned
            else "a generator that rewrites every page on each build gives them the build's "
            "time, not the time each page changed"
        )
    else:
        return False
    if not scanned:
        report(
            Notice(
                "info",
                "recent-sources",
                f"{said}: {why}; restore the files' times from git before building (see the "
                "README), unless every page did just change",
            )
        )
        return True
    report(
        Notice(
            "warning",
            "build-times",
            f"{said}: {why}, and search engines learn to ignore such lastmods; set lastmod to "
            "none, or keep the times of unchanged pages between builds (see the README), "
            "unless every page did change",
            ("lastmod",),
        )
    )
    return True


def _one_lastmod_notice(lastmod: int, scanned: bool) -> Notice:
    """Every URL dated by one time, not of the last hour: files copied with one time (an
    sdist, an archive unpacked), which says nothing of when each page changed; for an
    adapter's pages also a history of one commit, or one file every page takes in (a snippet
    appended to each) being the newest. An INFO line: a site written in one go has one time
    too. Stated dates are the author's: never told."""
    day = format_lastmod(lastmod, False)
    if scanned:
        said = (
            f"every URL is dated the same, {day}: the output files all carry one time, as "
            "files unpacked from an archive or an sdist do, which is not when each page changed"
        )
    else:
        said = (
            f"every URL is dated the same, {day}: the newest of every page's sources (or its "
            "commit) has that one time, as when files are unpacked from an archive or an sdist, "
            "a history has one commit, or one file every page takes in is the newest"
        )
    return Notice(
        "info",
        "same-lastmod",
        f"{said}; build from files that keep their own times (a git checkout with the times "
        "restored, see the README), or set lastmod to none, unless the whole site did change "
        "at that time",
        ("lastmod",),
    )


def _of_the(some: int, times: FileTimes) -> str:
    return f"{some:,} of the {times.count:,} pages"


def _robots_step(
    root: str, base_url: str, index_name: str, urls: int, result: BuildResult, report: Report
) -> None:
    """The Sitemap line: added or updated for a site at the host root, else taken out."""
    if urls == 0:
        removed = remove_robots_line(root)
        if removed == "line":
            result.files.append("robots.txt")
        elif removed == "file":
            result.removed.append("robots.txt")
        return
    done = update_robots(root, base_url, index_name)
    if done is None:
        removed = remove_robots_line(root)  # an earlier build's line, from the host root
        if removed == "line":
            result.files.append("robots.txt")
        elif removed == "file":
            result.removed.append("robots.txt")
        taken_out = {
            "line": " (an earlier build's line was taken out)",
            "file": " (the robots.txt an earlier build wrote was taken out)",
        }.get(removed, "")
        index_url = base_url + encode_file_path(index_name)
        if not removed and index_url in output_sitemap_urls(root):  # the site's own line
            report(
                Notice(
                    "info",
                    "robots",
                    "the site is not at the host root, and the robots.txt it copies already "
                    f"names {index_url}: crawlers read it only if the host serves that file at "
                    "its root (Read the Docs does for the default version)",
                )
            )
            return
        report(
            Notice(
                "info",
                "robots",
                "the site is not at the host root, so robots.txt gets no Sitemap line here"
                + taken_out
                + "; add this line to the host's robots.txt: "
                + sitemap_line(base_url, index_name),
            )
        )
    elif done.startswith(("wrote", "added", "updated")):
        result.files.append("robots.txt")
        if done.endswith(LINK_REPLACED):
            report(Notice("info", "robots", done))
    elif done.endswith("left unchanged"):
        line = sitemap_line(base_url, index_name)
        report(Notice("info", "robots", f"{done}; crawlers need this line in it: {line}"))
    if done is not None:
        named = output_sitemap_urls(root)  # the Sitemap lines, ours among them
        for url in relative_sitemap_lines(named):
            report(
                Notice(
                    "info",
                    "robots-unserved",
                    f"robots.txt has the line Sitemap: {url}, which is no full address, so "
                    "crawlers skip it: remove it from the robots.txt the site copies, or write "
                    f"the address in full (the line crawlers need is "
                    f"{sitemap_line(base_url, index_name)})",
                )
            )
        for url in unserved_sitemap_lines(root, base_url, named):
            report(
                Notice(
                    "info",
                    "robots-unserved",
                    f"robots.txt names the sitemap {url}, which no file in the output serves "
                    "(an earlier sitemap's name?); unless another part of the host serves it, "
                    "crawlers get a 404 for it: remove that line from the robots.txt the site "
                    f"copies (the line crawlers need is {sitemap_line(base_url, index_name)})",
                )
            )
