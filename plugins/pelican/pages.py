"""What Pelican's writer tells us about one file, as the core's `Page` (site-relative paths).

URLs follow the object that owns the file: content objects and listings know where they are
served from (`*_URL` may differ from `*_SAVE_AS`); when nothing better is known the core
derives the URL from the output path.
"""

from __future__ import annotations

import dataclasses
import logging
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, time
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pelican.contents import Article, Content
from pelican.contents import Page as PelicanPage
from sitemapkit import Page, PageMetadata, parse_page_metadata
from sitemapkit.dates import iso_datetime
from sitemapkit.pages import NO_METADATA

logger = logging.getLogger(__name__)

#: Canonical metadata key -> Pelican spellings (lower-cased by Pelican), first found wins.
#: `private`, `priority` and `changefreq` are pelican-sitemap's; `modified` is Pelican's own.
METADATA_SPELLINGS: dict[str, tuple[str, ...]] = {
    "exclude": ("sitemap_exclude", "private"),
    "priority": ("sitemap_priority", "priority"),
    "changefreq": ("sitemap_changefreq", "changefreq"),
    "lastmod": ("sitemap_lastmod", "modified"),
}
_ALL_SPELLINGS = frozenset(name for names in METADATA_SPELLINGS.values() for name in names)
#: Any other key that starts like ours is a typo (`Sitemap_exlude`) or MkDocs' `sitemap:`.
_OUR_PREFIX = "sitemap"
_KNOWN_KEYS = ", ".join(names[0].capitalize() for names in METADATA_SPELLINGS.values())
LISTING_OWNERS = ("tag", "category", "author")
PUBLISHED, LISTING, STATIC, SEARCH = "published", "listing", "static", "search"


@dataclass(slots=True)  # not frozen: one per written file, and frozen __init__ costs 3x
class Written:
    """One output file: its page, relative to its own site, and what kind of file it is.

    `status` is the content's status (published, draft, hidden), LISTING or STATIC.
    """

    page: Page
    status: str
    #: A listing's articles, turned into the paths of their own pages once all are written.
    shown: tuple[Any, ...] = ()
    #: A static file `{attach}` moved beside a draft or hidden post: that post's status.
    attached_to: str | None = None


@dataclass(slots=True)
class ContentWrite:
    """A file written with an article or page in its context: its own page, or a stub for it."""

    content: Any
    path: str
    output_file: object


#: Content classes whose URL and save-as settings Pelican formats with the same fields: the
#: settings' prefix for published or hidden content, and for drafts.
_TEMPLATE_KINDS: dict[type, tuple[str, str]] = {
    Article: ("ARTICLE", "DRAFT"),
    PelicanPage: ("PAGE", "DRAFT_PAGE"),
}


def save_as_suffix(content: Any, draft: bool, default_lang: bool) -> str | None:
    """What the content's `*_SAVE_AS` adds to its `*_URL`, by its settings alone.

    '' when they are the same, 'index.html' for folder URLs (`{slug}/`), None when the URL must
    be asked for. The settings are the ones Pelican picks: by class, draft status and language.
    Pelican formats both templates with the same fields, so a literal suffix stays literal: the
    URL is the output path without it, where asking for `content.url` would expand the template
    again (about 10 µs a page).
    """
    kinds = _TEMPLATE_KINDS.get(type(content))
    if kinds is None:
        return None
    settings = content.settings
    prefix = (kinds[1] if draft else kinds[0]) + ("" if default_lang else "_LANG")
    url, save_as = settings.get(prefix + "_URL"), settings.get(prefix + "_SAVE_AS")
    if not (isinstance(url, str) and isinstance(save_as, str) and save_as.startswith(url)):
        return None
    suffix = save_as[len(url) :]
    return None if "{" in suffix or "}" in suffix else suffix


class UrlTemplates:
    """`save_as_suffix`, answered once per content class, settings and kind (a site has few)."""

    def __init__(self) -> None:
        self._answers: dict[tuple[type, int, bool, bool], str | None] = {}
        self._settings: list[object] = []  # kept alive, so their ids stay unique meanwhile

    def save_as_suffix(self, content: Any, draft: bool) -> str | None:
        settings = getattr(content, "settings", None)
        default_lang = bool(getattr(content, "in_default_lang", True))
        key = (type(content), id(settings), draft, default_lang)
        if key not in self._answers:
            self._answers[key] = save_as_suffix(content, draft, default_lang)
            self._settings.append(settings)
        return self._answers[key]


def own_pages(writes: Iterable[ContentWrite]) -> dict[int, ContentWrite]:
    """Each content object's own page: its only file, else the one at its `save_as`.

    Other plugins may write more files for an object (redirect stubs); only then is Pelican
    asked for `save_as`, which it expands from the URL settings on every access.
    """
    by_object: dict[int, list[ContentWrite]] = {}
    for write in writes:
        by_object.setdefault(id(write.content), []).append(write)
    own: dict[int, ContentWrite] = {}
    for key, candidates in by_object.items():
        if len(candidates) == 1:
            own[key] = candidates[0]
            continue
        save_as = candidates[0].content.save_as
        own.update((key, c) for c in candidates if c.output_file == save_as)
    return own


def site_path(path: str, output_path: str) -> str | None:
    """The '/'-separated path of a written file below OUTPUT_PATH, or None when outside it."""
    prefix = output_path.rstrip(os.sep) + os.sep
    if path.startswith(prefix) and os.sep + os.pardir + os.sep not in path:
        return path[len(prefix) :].replace(os.sep, "/")  # Pelican joins paths to OUTPUT_PATH
    relative = os.path.relpath(path, output_path)
    if relative == os.curdir or relative.startswith(os.pardir):
        return None
    return relative.replace(os.sep, "/")


def _unless_path(url: object, path: str) -> str | None:
    """A URL worth passing on: None when it is just the file's path (the core derives that).

    An empty URL names the site's root, which only `index.html` serves: for any other file
    it is Pelican's "not set" (`YEAR_ARCHIVE_URL` and its kin default to it).
    """
    if not isinstance(url, str) or url == path or (not url and path != "index.html"):
        return None
    return url


def page_metadata(content: Any, name: str) -> PageMetadata:
    """The author's sitemap statements; bad values are warned about, naming the page."""
    metadata: Mapping[str, Any] = getattr(content, "metadata", {}) or {}
    if _ALL_SPELLINGS.isdisjoint(metadata) and not _mentions_our_prefix(metadata):
        return NO_METADATA  # most pages: two C-level checks
    unknown = [
        key
        for key in metadata
        if isinstance(key, str) and key.startswith(_OUR_PREFIX) and key not in _ALL_SPELLINGS
    ]
    if unknown:
        name = getattr(content, "relative_source_path", None) or name
    for key in sorted(unknown):
        logger.warning(
            "sitemapkit: %s: metadata %s is not known and is ignored; use %s",
            name,
            key.capitalize(),
            _KNOWN_KEYS,
        )
    values: dict[str, Any] = {}
    spelled: dict[str, str] = {}
    for key, spellings in METADATA_SPELLINGS.items():
        for spelling in spellings:
            if spelling in metadata:
                value = metadata[spelling]
                if spelling == "modified":
                    if _is_file_time(content, value):
                        continue  # not the author's statement: the core reads the file's time
                    modified = getattr(content, "modified", value)
                    if _before_publication(modified, content, name):
                        continue  # a typo: the page takes its file's time
                    value = _as_date_if_midnight(modified)
                else:
                    value = _in_site_zone(value, content)
                values[key], spelled[key] = value, spelling
                break
    meta, problems = parse_page_metadata(values)
    if problems:  # Pelican computes relative_source_path on each access: only when needed
        name = getattr(content, "relative_source_path", None) or name
    for problem in problems:
        key = next(k for k in values if problem.startswith(f"key {k!r}: "))
        detail = problem.removeprefix(f"key {key!r}: ")
        logger.warning("sitemapkit: %s: metadata %s: %s", name, spelled[key].capitalize(), detail)
    return meta


def _before_publication(modified: object, content: Any, name: str) -> bool:
    """Whether `Modified` is earlier than the article's `Date` (a typo in one of them), told
    with a warning: a lastmod before the page was published is no time it changed.

    A date alone (midnight) is compared as that day: `Modified: 2024-03-01` on an article
    published that morning is no earlier.
    """
    published = getattr(content, "date", None)
    if not isinstance(modified, datetime) or not isinstance(published, datetime):
        return False
    if _is_file_time(content, published.replace(tzinfo=None)):
        return False  # `DEFAULT_DATE = "fs"` dated it by its file (a checkout's): no statement
    if (modified.tzinfo is None) != (published.tzinfo is None):
        return False
    if modified.time() == time():
        earlier = modified.date() < published.date()
    else:
        earlier = modified < published
    if earlier:
        name = getattr(content, "relative_source_path", None) or name
        logger.warning(
            "sitemapkit: %s: metadata Modified (%s) is earlier than its Date (%s), so it is "
            "ignored and the page takes its file's time; correct whichever date is wrong",
            name,
            modified.isoformat(sep=" "),
            published.isoformat(sep=" "),
        )
    return earlier


def _as_date_if_midnight(value: object) -> object:
    """`Modified: 2024-03-01` means that day, in every zone: the core writes a date as itself.

    Pelican reads it as midnight in `TIMEZONE`, which east of UTC is the day before in UTC.
    """
    if isinstance(value, datetime) and value.time() == time() and value.tzinfo is not None:
        return value.date()
    return value


def _in_site_zone(value: object, content: Any) -> object:
    """A date-time without a zone is in `TIMEZONE`, as Pelican reads `Date` and `Modified`."""
    if not isinstance(value, str) or len(value.strip()) <= len("2024-03-01"):
        return value  # not text, or a date alone: the core reads it as that day
    try:
        moment = iso_datetime(value.strip())
    except ValueError:
        return value  # the core names the bad value
    settings = getattr(content, "settings", None)
    zone_name = settings.get("TIMEZONE") if isinstance(settings, Mapping) else None
    if moment.tzinfo is not None or not isinstance(zone_name, str):
        return value
    try:
        return moment.replace(tzinfo=ZoneInfo(zone_name))
    except (ZoneInfoNotFoundError, ValueError):
        return value  # Pelican itself refuses such a zone


def _mentions_our_prefix(metadata: Mapping[str, Any]) -> bool:
    try:
        return _OUR_PREFIX in "\0".join(metadata)  # a join and a search: cheap on every page
    except TypeError:  # a plugin's key that is not a string
        return any(isinstance(key, str) and _OUR_PREFIX in key for key in metadata)


def _is_file_time(content: Any, modified: object) -> bool:
    """Whether `modified` is the copy of the file's time that `DEFAULT_DATE = "fs"` makes.

    Pelican takes it as naive local time, then reads it in `TIMEZONE`: hours off wherever the
    build machine's zone differs.
    """
    settings = getattr(content, "settings", None)
    if not isinstance(settings, Mapping) or settings.get("DEFAULT_DATE") != "fs":
        return False
    if not isinstance(modified, datetime) or modified.tzinfo is not None:
        return False
    try:
        return modified == datetime.fromtimestamp(os.stat(content.source_path).st_mtime)
    except (AttributeError, TypeError, OSError, ValueError, OverflowError):
        return False


def content_page(write: ContentWrite, templates: UrlTemplates) -> Written:
    """An article's or page's own file, at the URL Pelican links to."""
    content, path, status = write.content, write.path, str(write.content.status)
    # A URL Pelican states as `…/index.html` (`ARTICLE_URL = "{slug}/index.html"`) is kept:
    # the page's links and canonical tag say so, and `pretty_urls` is for URLs of files.
    folder_page = path.endswith("/index.html")
    if hasattr(content, "override_url"):  # `Url:` metadata
        url = _unless_path(content.url, path)
        if url is None and folder_page and content.url == path:
            url = path
    elif hasattr(content, "override_save_as"):
        url = None  # served where it is written; the core derives the URL from the path
    else:
        suffix = templates.save_as_suffix(content, draft=status == "draft")
        if suffix == "":  # the URL template is the save-as one: the URL is the path
            url = path if folder_page else None
        elif suffix is not None and path.endswith(suffix):
            url = path[: -len(suffix)]
        else:
            url = _unless_path(content.url, path)
            if url is None and folder_page and content.url == path:
                url = path
    source = getattr(content, "source_path", None)
    return Written(
        Page(
            path,
            url=url,
            sources=(source,) if source else (),
            meta=page_metadata(content, source or path),
        ),
        status,
    )


class PeriodUrls:
    """save_as -> URL of each period archive, made once per build (else once per period page)."""

    def __init__(self) -> None:
        self._archives: object = None
        self._urls: dict[object, str] = {}

    def get(self, archives: object, output_file: object) -> str | None:
        if archives is not self._archives:
            self._archives, self._urls = archives, {}
            if isinstance(archives, Mapping):
                for periods in archives.values():
                    for period in periods:
                        if isinstance(period, Mapping) and isinstance(period.get("url"), str):
                            self._urls[period.get("save_as")] = period["url"]
        return self._urls.get(output_file)


class DirectTemplates:
    """`*_SAVE_AS` -> `*_URL` (None when unset) of the direct templates, made once per build.

    Pelican's fallback URL for a direct template without `*_URL` is `{template}.html` whatever
    `*_SAVE_AS` says, so only a `*_URL` the settings hold is a URL; else the file's own path is.
    """

    def __init__(self) -> None:
        self._templates: object = None
        self._urls: dict[object, str | None] = {}
        #: Where the `search` template is written: a search box, no content of its own.
        self.search: object = None

    def get(self, context: Mapping[str, Any]) -> dict[object, str | None]:
        templates = context.get("DIRECT_TEMPLATES", ())
        if templates is not self._templates:
            self._templates, self._urls, self.search = templates, {}, None
            for template in templates:
                name = str(template).upper()
                save_as = context.get(f"{name}_SAVE_AS", f"{template}.html")
                self._urls.setdefault(save_as, context.get(f"{name}_URL"))
                if name == "SEARCH":
                    self.search = save_as
        return self._urls


class TemplatePages:
    """`TEMPLATE_PAGES` output file -> its template's file, made once per build.

    The template is the page's source; it shows the site's articles too, so the page's
    lastmod is the newer of the template's time and theirs.
    """

    def __init__(self) -> None:
        self._pages: object = None
        self._sources: dict[object, str] = {}

    def get(self, context: Mapping[str, Any]) -> dict[object, str]:
        pages = context.get("TEMPLATE_PAGES")
        if pages is not self._pages:
            self._pages, self._sources = pages, {}
            root = context.get("PATH")
            if isinstance(pages, Mapping) and isinstance(root, str):
                for source, output_file in pages.items():
                    self._sources[output_file] = os.path.join(root, str(source))
        return self._sources


def _listing_url(
    context: Mapping[str, Any],
    path: str,
    output_file: object,
    periods: PeriodUrls,
    direct: DirectTemplates,
) -> str | None:
    templates = direct.get(context)
    if output_file in templates and not _has_owner(context):  # index, archives, tags…
        return _unless_path(templates[output_file], path)
    page = context.get("articles_page")
    if page is not None:
        paginator = context.get("articles_paginator")
        first_is_own = page.number == 1 and page.url == output_file
        if first_is_own and paginator is not None and paginator.name == output_file:
            return _unless_path(paginator.url, path)  # the tag's or the period's URL
        return _unless_path(page.url, path)
    if "period_num" in context:  # a period archive: Pelican passes its URL aside, not in context
        url = periods.get(context.get("period_archives"), output_file)
        if url is not None:
            return _unless_path(url, path)
    for key in LISTING_OWNERS:
        owner = context.get(key)
        if owner is not None and getattr(owner, "save_as", None) == output_file:
            return _unless_path(owner.url, path)
    return None


def _has_owner(context: Mapping[str, Any]) -> bool:
    """A period archive, or a tag's, category's or author's page (never a direct template)."""
    return "period_num" in context or any(key in context for key in LISTING_OWNERS)


def _shown_articles(context: Mapping[str, Any]) -> Iterable[Any]:
    page = context.get("articles_page")
    if page is not None:
        return list(page.object_list)
    articles = context.get("articles")
    return articles if isinstance(articles, list) else ()


def content_writes(
    files: Iterable[tuple[str, Any, object]], output_path: str
) -> list[ContentWrite]:
    """(written path, content, output_file) as noted during the build, made site-relative."""
    writes = []
    for path, content, output_file in files:
        relative = site_path(path, output_path)
        if relative is not None:
            writes.append(ContentWrite(content, relative, output_file))
    return writes


@dataclass
class ListingTables:
    """What a listing's URL and source are looked up in, made once per build."""

    periods: PeriodUrls = field(default_factory=PeriodUrls)
    direct: DirectTemplates = field(default_factory=DirectTemplates)
    template_pages: TemplatePages = field(default_factory=TemplatePages)


def written_listing(path: str, context: Mapping[str, Any], tables: ListingTables) -> Written:
    """Any other written file: an index, archive, tag, category or author page, a template."""
    output_file = context.get("output_file")
    shown = tuple(a for a in _shown_articles(context) if isinstance(a, Content))
    url = _listing_url(context, path, output_file, tables.periods, tables.direct)
    template = tables.template_pages.get(context).get(output_file)
    page = Page(path, url=url, sources=(template,) if template else ())
    if output_file == tables.direct.search and not _has_owner(context):
        return Written(page, SEARCH, shown)  # results pages are no content (Google asks so)
    return Written(page, LISTING, shown)


def static_pages(
    statics: Iterable[Any], contents: list[Written], output_path: str
) -> list[Written]:
    """The static files Pelican copied. One `{attach}` moved beside a draft or hidden post (into
    that post's folder, or below it, where no published content is) carries the post's status,
    so it is listed as the post is: a draft's attachment is as unpublished as the draft."""
    folders: dict[str, str] | None = None
    pages = []
    for static in statics:
        written = static_page(static, output_path)
        if written is None:
            continue
        if _moved_by_attach(static):
            if folders is None:
                folders = _content_folders(contents)
            status = _folder_status(written.page.path, folders)
            if status is not None and status != PUBLISHED:
                written = dataclasses.replace(written, attached_to=status)
        pages.append(written)
    return pages


def _moved_by_attach(static: Any) -> bool:
    """Whether `{attach}` gave the file its place (not `EXTRA_PATH_METADATA`'s `save_as`)."""
    moved = getattr(static, "override_save_as", None)
    metadata = getattr(static, "metadata", None)
    stated = metadata.get("save_as") if isinstance(metadata, Mapping) else None
    return isinstance(moved, str) and moved != stated


def _content_folders(contents: list[Written]) -> dict[str, str]:
    """Each folder holding content pages -> their status, published where any is."""
    folders: dict[str, str] = {}
    for written in contents:
        folder = written.page.path.rpartition("/")[0]
        if folders.get(folder) != PUBLISHED:
            folders[folder] = written.status
    return folders


def _folder_status(path: str, folders: Mapping[str, str]) -> str | None:
    """The status of the content in the nearest folder above `path` that has any."""
    folder = path.rpartition("/")[0]
    while True:
        status = folders.get(folder)
        if status is not None or not folder:
            return status
        folder = folder.rpartition("/")[0]


def static_page(static: Any, output_path: str) -> Written | None:
    """A static file Pelican copies (listed only when `include_static` matches it)."""
    save_as = getattr(static, "save_as", None)
    if not isinstance(save_as, str) or not save_as:
        return None
    path = site_path(os.path.join(output_path, save_as), output_path)
    if path is None:
        return None
    source = getattr(static, "source_path", None)
    return Written(
        Page(path, url=_unless_path(static.url, path), sources=(source,) if source else ()),
        STATIC,
    )
