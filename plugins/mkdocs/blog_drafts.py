"""Posts Material's blog plugin renders only while `mkdocs serve` runs: its drafts.

With `draft_on_serve` (on by default) the blog plugin renders drafts in a preview, as pages
like any other; `mkdocs build` leaves them out. A preview's sitemap (with `base_url` set) is
to show what the published one will list, so they are left out of it too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime, timezone

from mkdocs.structure.pages import Page as MkDocsPage

from .other_plugins import plugins_of

#: Material's blog plugin, by its module (no import: Material is not a dependency).
BLOG_MODULE = "material.plugins.blog"


def unpublished_posts(plugins: Iterable[object]) -> Callable[[MkDocsPage], bool] | None:
    """A test of whether a page is a draft post a build would leave out, or None without a
    blog plugin."""
    blogs = plugins_of(plugins, BLOG_MODULE)
    if not blogs:
        return None
    if any(_publishes_drafts(blog) for blog in blogs):  # `draft: true`: a build lists them too
        return None
    future_drafts = any(
        getattr(getattr(blog, "config", None), "draft_if_future_date", False) is True
        for blog in blogs
    )
    now = datetime.now(timezone.utc)

    def is_draft(page: MkDocsPage) -> bool:
        meta = getattr(page, "config", None)  # a post's own settings (Material's PostConfig)
        if not type(page).__module__.startswith(BLOG_MODULE) or meta is None:
            return False
        draft = getattr(meta, "draft", None)
        if isinstance(draft, bool):
            return draft
        created = getattr(getattr(meta, "date", None), "created", None)
        return future_drafts and isinstance(created, datetime) and created > now

    return is_draft


def _publishes_drafts(blog: object) -> bool:
    """`draft: true` set without `draft_on_serve`: drafts are built too. With `draft_on_serve`
    (the default) Material sets `draft` itself while serving, so a preview cannot tell."""
    config = getattr(blog, "config", None)
    return getattr(config, "draft", False) is True and not getattr(config, "draft_on_serve", True)
