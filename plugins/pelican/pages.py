"""What Pelican's writer tells us about one file, as the core's `Page` (site-relative paths).

URLs follow the object that owns the file: content objects and listings know where they are
served from (`*_URL` may differ from `*_SAVE_AS`); when nothing better is known the core
derives the URL from the output path.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pelican.contents import Content
from sitemapkit import Page, PageMetadata, parse_page_metadata

logger = logging.getLogger(__name__)

#: Canonical metadata key -> Pelican spellings (lower-cased by Pelican), first found wins.
#: `private`, `priority` and `changefreq` are pelican-sitemap's; `modified` is Pelican's own.
METADATA_SPELLINGS: dict[str, tuple[str, ...]] = {
    "exclude": ("sitemap_exclude", "private"),
    "priority": ("sitemap_priority", "priority"),
    "changefreq": ("sitemap_changefreq", "changefreq"),
    "lastmod": ("sitemap_lastmod", "modified"),
}
LISTING_OWNERS = ("tag", "category", "author")
PUBLISHED, LISTING, STATIC = "published", "listing", "static"


@dataclass(frozen=True, slots=True)
class Written:
    """One output file: its page, relative to its own site, and what kind of file it is.

    `status` is the content's status (published, draft, hidden), LISTING or STATIC.
    """

    page: Page
    status: str


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
    """A URL worth passing on: None when it is just the file's path (the core derives that)."""
    if not isinstance(url, str) or url == path:
        return None
    return url


def page_metadata(content: Any, name: str) -> PageMetadata:
    """The author's sitemap statements; bad values are warned about, naming the page."""
    metadata: Mapping[str, Any] = getattr(content, "metadata", {}) or {}
    values: dict[str, Any] = {}
    spelled: dict[str, str] = {}
    for key, spellings in METADATA_SPELLINGS.items():
        for spelling in spellings:
            if spelling in metadata:
                value = metadata[spelling]
                if spelling == "modified":  # the time-zone-aware value Pelican computed
                    value = getattr(content, "modified", value)
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


def content_page(
    content: Any, path: str, output_file: object, save_as: Callable[[Content], str]
) -> Written | None:
    """An article or page; None for a stub written for it elsewhere (such as a redirect)."""
    if save_as(content) != output_file:
        return None
    only_save_as = hasattr(content, "override_save_as") and not hasattr(content, "override_url")
    url = None if only_save_as else _unless_path(content.url, path)
    source = getattr(content, "source_path", None)
    return Written(
        Page(
            path,
            url=url,
            sources=(source,) if source else (),
            meta=page_metadata(content, source or path),
        ),
        str(content.status),
    )


def _listing_url(context: Mapping[str, Any], path: str, output_file: object) -> str | None:
    page = context.get("articles_page")
    if page is not None:
        paginator = context.get("articles_paginator")
        first_is_own = page.number == 1 and page.url == output_file
        if first_is_own and paginator is not None and paginator.name == output_file:
            return _unless_path(paginator.url, path)  # the tag's, period's or INDEX_URL
        return _unless_path(page.url, path)
    for key in LISTING_OWNERS:
        owner = context.get(key)
        if owner is not None and getattr(owner, "save_as", None) == output_file:
            return _unless_path(owner.url, path)
    for template in context.get("DIRECT_TEMPLATES", ()):
        name = template.upper()
        if context.get(f"{name}_SAVE_AS", f"{template}.html") == output_file:
            return _unless_path(context.get(f"{name}_URL", f"{template}.html"), path)
    return None


def _shown_articles(context: Mapping[str, Any]) -> Iterable[Any]:
    page = context.get("articles_page")
    if page is not None:
        return list(page.object_list)
    articles = context.get("articles")
    return articles if isinstance(articles, list) else ()


def written_page(
    path: str, context: Mapping[str, Any], save_as: Callable[[Content], str]
) -> Written | None:
    """Translate one `content_written(path, context)`; `path` is already site-relative.

    `save_as` reads an article's output path; the run caches it, as a listing shows many
    articles and every article is shown by several listings.
    """
    output_file = context.get("output_file")
    content = context.get("article") or context.get("page")
    if isinstance(content, Content):
        return content_page(content, path, output_file, save_as)
    shown = (save_as(a) for a in _shown_articles(context) if isinstance(a, Content))
    lists = tuple(saved for saved in shown if saved)
    return Written(Page(path, url=_listing_url(context, path, output_file), lists=lists), LISTING)


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
