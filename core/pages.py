"""What the core is told about a page, by an adapter or by a scan of an output folder."""

from __future__ import annotations

import os
from collections.abc import Generator, Iterable, Mapping
from dataclasses import dataclass, replace
from operator import attrgetter

from .dates import parse_lastmod
from .noindex import file_head_marks, outputs_marked
from .options import CHANGEFREQ_WORDS, as_number, parse_bool
from .page_heads import starts_as_html
from .project_folder import TEMPLATE_SUFFIXES, in_template_place
from .redirect_stubs import STUB_MAX_BYTES, is_stub_file

HTML_SUFFIXES = (".html", ".htm")


def served_as_html(name: str, folder: str) -> bool:
    """Whether a static host serves the file `name` in `folder` as an HTML page: by its
    `.html` or `.htm` suffix, or, for a name without any suffix (Pelican's `{slug}` save-as,
    which such sites set their host up to serve as HTML), when it opens as HTML. A `notes.txt`
    is text whatever it holds."""
    if name.lower().endswith(HTML_SUFFIXES):
        return True
    return "." not in name and starts_as_html(name, folder)


@dataclass(frozen=True, slots=True)
class PageMetadata:
    """What is known of one page beyond its path: an author's statements, each winning over
    what the options would compute, and whether its robots meta tag says noindex."""

    exclude: bool = False
    lastmod: int | None = None
    priority: float | None = None
    changefreq: str | None = None
    #: Not an author's key (adapters set it): the page's `<meta name="robots">` says noindex.
    noindex: bool = False
    #: Not an author's key either: the page's meta refresh sends visitors elsewhere at once.
    redirect: bool = False


NO_METADATA = PageMetadata()
MARKED_NOINDEX = PageMetadata(noindex=True)
MARKED_REDIRECT = PageMetadata(redirect=True)


def with_noindex(meta: PageMetadata) -> PageMetadata:
    """The same statements, for a page whose robots meta tag says noindex."""
    return MARKED_NOINDEX if meta is NO_METADATA else replace(meta, noindex=True)


def with_redirect(meta: PageMetadata) -> PageMetadata:
    """The same statements, for a page that only sends visitors on (a meta refresh)."""
    return MARKED_REDIRECT if meta is NO_METADATA else replace(meta, redirect=True)


@dataclass(slots=True)
class SkippedPages:
    """Pages left out for one reason: a count and the first, for one notice."""

    count: int = 0
    first: str = ""

    def note(self, path: str) -> None:
        if not self.count:
            self.first = path
        self.count += 1


@dataclass(slots=True)  # not frozen: a scan makes a million, and frozen __init__ costs 3x
class Page:
    """One output page.

    `path` is the output file relative to the output root, '/'-separated. `url` is the URL path
    relative to the base URL when the generator knows it (already percent-encoded; valid %XX are
    kept); otherwise it is derived from `path`. `sources` are the files the page is built from;
    `lists` are output paths of pages a listing shows (it takes their newest lastmod, or its
    sources' when those are newer). `mtime` is a modification time already known: the CLI's
    scan of output files, or the commit time an adapter's git plugin gives (which
    `SOURCE_DATE_EPOCH` does not clamp, as it clamps file times). `taken_in` are files whose
    text the page shows in part (a snippet, an included changelog): they date it beside a
    source of its own that has a time, never alone (a generated page that includes a footer is
    no older than its generator's output), and a pattern naming one names no page built from it.
    """

    path: str
    url: str | None = None
    sources: tuple[str, ...] = ()
    lists: tuple[str, ...] = ()
    meta: PageMetadata = NO_METADATA
    mtime: float | None = None
    taken_in: tuple[str, ...] = ()


def marked_from_heads(
    root: str, pages: list[Page], paths: Iterable[str] | None = None
) -> list[Page]:
    """`pages`, those whose written file says noindex, or redirects at once, marked so.

    For generators that hand plugins no rendered page: the file below `root` is read back,
    so a tag from a template, a directive or another plugin counts alike. Only the files at
    `paths` are read (by default, those of the pages not excluded by their own metadata).
    """
    read = [page.path for page in pages if not page.meta.exclude] if paths is None else paths
    noindex, redirects = outputs_marked(root, read)
    if not noindex and not redirects:
        return pages
    marked = []
    for page in pages:
        if page.path in noindex:
            page = replace(page, meta=with_noindex(page.meta))
        if page.path in redirects:
            page = replace(page, meta=with_redirect(page.meta))
        marked.append(page)
    return marked


def _to_priority(value: object) -> float:
    number = as_number(value, float)
    if number is None or not 0.0 <= number <= 1.0:
        raise ValueError("expected a number from 0.0 to 1.0, such as 0.8")
    return float(number)


def _to_changefreq(value: object) -> str:
    if isinstance(value, str) and value.strip().lower() in CHANGEFREQ_WORDS:
        return value.strip().lower()
    raise ValueError("expected one of " + ", ".join(CHANGEFREQ_WORDS))


_PARSERS = {
    "exclude": parse_bool,
    "lastmod": parse_lastmod,
    "priority": _to_priority,
    "changefreq": _to_changefreq,
}
#: Canonical per-page metadata keys; adapters map their generator's spelling onto these.
METADATA_KEYS = tuple(_PARSERS)


def parse_page_metadata(values: Mapping[str, object]) -> tuple[PageMetadata, list[str]]:
    """Read canonical keys with lenient spellings (YAML, reST fields and Pelican give strings).

    Returns the metadata and one problem per bad key ("key 'priority': 2 is not valid; ..."),
    which the adapter reports as a warning naming the page; bad keys are ignored.
    """
    parsed: dict[str, object] = {}
    problems: list[str] = []
    for key, value in values.items():
        parser = _PARSERS.get(key)
        if parser is None:
            problems.append(f"key {key!r} is not known; use one of: " + ", ".join(METADATA_KEYS))
            continue
        try:
            parsed[key] = parser(value)
        except ValueError as exc:
            problems.append(f"key {key!r}: {value!r} is not valid; {exc}")
    return PageMetadata(**parsed), problems  # type: ignore[arg-type]


def sort_name(name: str) -> str:
    """Sort key of one path segment: a folder's index page comes first, then names in order."""
    return "" if name == "index.html" else name


def _inside(root_real: str, path: str, real: str | None = None) -> bool:
    real = os.path.realpath(path) if real is None else real
    return real == root_real or real.startswith(os.path.join(root_real, ""))  # `/`, `E:\\`


#: Where folders can be listed by descriptor, `stat` runs relative to the open folder
#: (fstatat): no walk of the whole path per page.
_BY_DESCRIPTOR = os.scandir in os.supports_fd and hasattr(os, "O_DIRECTORY")
_NAME = attrgetter("name")


#: Where a folder that is no symbolic link may lead elsewhere all the same (a junction).
_JUNCTIONS = os.name == "nt"

#: The folder npm installs packages into: a hand-written site's root may hold one.
NODE_PACKAGES = "node_modules"


def _in_scan_order(it: Iterable[os.DirEntry[str]]) -> list[os.DirEntry[str]]:
    """`sort_name` order: by name (a C-level key), then the index page moved to the front."""
    entries = sorted(it, key=_NAME)
    for position, entry in enumerate(entries):
        if entry.name == "index.html":
            if position:
                entries.insert(0, entries.pop(position))
            break
    return entries


def _list_folder(path: str) -> tuple[list[os.DirEntry[str]], int | None]:
    """A folder's entries in scan order, and the open descriptor they stat through, if any."""
    if not _BY_DESCRIPTOR:
        with os.scandir(path) as it:
            return _in_scan_order(it), None
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        with os.scandir(fd) as it:
            return _in_scan_order(it), fd
    except BaseException:
        os.close(fd)
        raise


#: Names sitemap files go by: a folder below the top holding one has a sitemap of its own
#: (a version or a language a generator built there).
SITEMAP_FILE_NAMES = frozenset(
    {"sitemap.xml", "sitemap-index.xml", "sitemap_index.xml", "sitemapindex.xml", "sitemap.xml.gz"}
)


def scan_output(
    root: str,
    stubs: SkippedPages | None = None,
    read_noindex: bool = False,
    sitemaps: list[str] | None = None,
    templates: list[str] | None = None,
) -> Generator[Page, None, None]:
    """Every *.html / *.htm (in any case) below `root`, depth-first in sorted name order.

    Symbolic links are followed only while they stay inside `root` (and never into a folder
    already on the current path, so a link loop ends). Hidden files and folders are skipped,
    and so are redirect stubs, noted in `stubs`. With `read_noindex`, each page's head is read
    and a page whose robots meta tag says noindex comes marked so. The sitemap files found
    below the top (`SITEMAP_FILE_NAMES`) are added to `sitemaps`, and the first template file
    found where sources keep them (`TEMPLATE_SUFFIXES`, `in_template_place`) to `templates`.
    """
    stubs = SkippedPages() if stubs is None else stubs
    sitemaps = [] if sitemaps is None else sitemaps
    templates = [] if templates is None else templates
    root_real = os.path.realpath(root)
    # One generator with a stack of open folders: `yield from` per level would cost a frame
    # per level for every page.
    entries, fd = _list_folder(root)
    stack = [(iter(entries), fd, root, root_real, "", frozenset({root_real}))]
    try:
        while stack:
            listing, folder_fd, folder, folder_real, prefix, active = stack[-1]
            for entry in listing:
                name = entry.name
                if name.startswith("."):
                    continue
                if entry.is_symlink() and not _inside(root_real, os.path.join(folder, name)):
                    continue
                try:
                    is_dir = entry.is_dir()
                except OSError:  # a link that loops (`x -> x`) leads nowhere, like a broken one
                    continue
                if is_dir:
                    if name == NODE_PACKAGES:  # packages' tests and docs, no page of the site
                        continue
                    path = os.path.join(folder, name)
                    # A plain folder's real path is its parent's and its name: resolving each
                    # one whole would walk every level again (a thousand-deep tree, minutes).
                    if _JUNCTIONS or entry.is_symlink():
                        real = os.path.realpath(path)
                    else:
                        real = os.path.join(folder_real, name)
                    if real not in active and _inside(root_real, path, real):
                        try:
                            entries, fd = _list_folder(path)
                        except FileNotFoundError:  # removed while the build ran
                            continue
                        listed = (iter(entries), fd, path, real, prefix + name + "/")
                        stack.append((*listed, active | {real}))
                        break
                elif (
                    name.endswith(HTML_SUFFIXES) or name[-5:].lower().endswith(HTML_SUFFIXES)
                ) and entry.is_file():  # `.HTM` from older tools: only other names pay for it
                    try:
                        stat = entry.stat()
                    except FileNotFoundError:  # removed while the build ran: no page now
                        continue
                    except OSError as exc:  # through a folder's descriptor: the name alone
                        exc.filename = os.path.join(folder, name)
                        raise
                    size = stat.st_size  # compared here: a page of any size pays no call
                    if size <= STUB_MAX_BYTES and is_stub_file(name, folder, size, folder_fd):
                        stubs.note(prefix + name)
                        continue
                    marked = False
                    if read_noindex:  # the head is read anyway: a themed redirect page too
                        marked, redirects = file_head_marks(name, folder, folder_fd)
                        if redirects:
                            stubs.note(prefix + name)
                            continue
                    yield Page(  # by position: keywords cost more, a million times
                        prefix + name,
                        None,
                        (),
                        (),
                        MARKED_NOINDEX if marked else NO_METADATA,
                        stat.st_mtime_ns // 1_000_000_000,
                    )
                elif prefix and name in SITEMAP_FILE_NAMES and entry.is_file():  # no FIFO
                    sitemaps.append(prefix + name)
                elif (
                    not templates
                    and name.lower().endswith(TEMPLATE_SUFFIXES)
                    and in_template_place(prefix)
                ):
                    templates.append(prefix + name)
            else:
                fd = stack.pop()[1]
                if fd is not None:
                    os.close(fd)
    finally:
        for _, fd, *_ in stack:
            if fd is not None:
                os.close(fd)
