"""ablog's drafts: posts without a date (or dated after today) and the page that lists them.

ablog writes them like any page, and links them only from its drafts page: they are not
published yet, as Pelican's drafts are not, so they are not listed.
"""

from __future__ import annotations

import datetime as dt
import posixpath
from collections.abc import Iterable

from sphinx.application import Sphinx


def _published(post: object, tomorrow: dt.datetime) -> bool:
    """As ablog decides it: a date before tomorrow (the build machine's)."""
    date = post.get("date") if isinstance(post, dict) else None
    return isinstance(date, dt.datetime) and date < tomorrow


def ablog_drafts(app: Sphinx) -> set[str]:
    """The documents whose every post is a draft, and the drafts page, when ablog is in use."""
    if "ablog" not in app.extensions:
        return set()
    posts = getattr(app.env, "ablog_posts", None)
    if not isinstance(posts, dict):
        return set()
    tomorrow = dt.datetime.combine(dt.date.today() + dt.timedelta(days=1), dt.time())
    drafts = {
        docname
        for docname, found in posts.items()
        if isinstance(found, Iterable) and found and not any(_published(p, tomorrow) for p in found)
    }
    blog_path = getattr(app.config, "blog_path", "blog")
    return drafts | {posixpath.join(str(blog_path), "drafts")}  # as ablog joins them
