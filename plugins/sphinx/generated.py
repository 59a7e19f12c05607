"""Pages the HTML builder writes that are not documents, remembered across incremental builds.

Genindex, domain indices (`py-modindex`), `html_additional_pages` and extension pages
(viewcode's `_modules/`) fire `html-page-context` in the main process, during the builder's
`finish()`. Most are rewritten on every build, but viewcode skips the module pages whose
source has not changed, so the names seen are kept in a small file next to the pages.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Collection, Iterable

from sphinx.application import Sphinx
from sphinx.builders.html import StandaloneHTMLBuilder

#: Lives in the output folder with the pages it describes; hidden from the core's scans.
STATE_NAME = ".sitemapkit-pages.json"
#: The template a page is rendered with when it only redirects (ablog's `ablog/redirect.html`).
REDIRECT_TEMPLATE = "redirect.html"
#: The context keys of a listing page's posts (ablog's collection and catalog pages).
LISTING_KEYS = ("collection", "catalog")


def _load(path: str) -> set[str]:
    """The names saved by the last build; a missing or unreadable file means none."""
    try:
        with open(path, encoding="utf-8") as handle:
            saved = json.load(handle)
    except (OSError, ValueError):
        return set()
    names = saved.get("generated") if isinstance(saved, dict) else None
    if not isinstance(names, list):
        return set()
    return {name for name in names if isinstance(name, str)}


def _save(path: str, names: list[str]) -> None:
    data = json.dumps({"generated": names}, indent=1, ensure_ascii=False) + "\n"
    with contextlib.suppress(OSError), open(path, encoding="utf-8") as handle:
        if handle.read() == data:
            return
    temp = path + ".tmp"
    with open(temp, "w", encoding="utf-8") as handle:
        handle.write(data)
    os.replace(temp, path)


class GeneratedPages:
    """Collects the names of the pages the builder writes in this process, documents included."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        #: Listing pages written this build -> the documents they show.
        self.shows: dict[str, tuple[str, ...]] = {}

    def note_page(self, pagename: str, templatename: object, context: object) -> None:
        """A page rendered as a redirect (ablog's `:redirect:` stubs) is not a page of its own."""
        if isinstance(templatename, str) and templatename.rpartition("/")[2] == REDIRECT_TEMPLATE:
            return
        self.seen.add(pagename)
        if isinstance(context, dict) and (LISTING_KEYS[0] in context or LISTING_KEYS[1] in context):
            shown = shown_documents(context)
            if shown:
                self.shows[pagename] = shown

    def current(
        self, app: Sphinx, builder: StandaloneHTMLBuilder, documents: Collection[str]
    ) -> list[str]:
        """Names seen now or in earlier builds whose page file still exists; saved for next time.

        A name that is now a document is dropped (documents come from the environment), and so
        is one the builder knows it no longer writes: a domain index with nothing left in it
        (`py-modindex`, which Sphinx writes on every build it has entries), and a module page
        viewcode's record no longer holds, or any once viewcode is taken out.
        """
        state = os.path.join(os.fspath(builder.outdir), STATE_NAME)
        saved, recorded = _load(state), viewcode_module_pages(app)
        gone = unwritten_indices(app, builder)
        gone |= stale_module_pages(app, saved, recorded, self.seen)
        names = sorted(
            name
            for name in self.seen | saved | recorded
            if name not in documents
            and name not in gone
            and os.path.isfile(builder.get_outfilename(name))
        )
        _save(state, names)
        return names


def shown_documents(context: dict[str, object]) -> tuple[str, ...]:
    """The documents a listing page shows, so it is dated by them rather than by the site.

    ablog renders a collection (its posts: a tag, a year, the blog) or a catalog (collections
    of posts: all tags) into the page's context; each post names its document.
    """
    collection, catalog = (context.get(key) for key in LISTING_KEYS)
    groups = ([collection] if collection is not None else []) + _items(catalog)
    names = {
        docname
        for group in groups
        for post in _items(group)
        if isinstance(docname := getattr(post, "docname", None), str)
    }
    return tuple(sorted(names))


def _items(value: object) -> list[object]:
    """What an iterable holds; nothing for anything else."""
    if not isinstance(value, Iterable):
        return []
    try:
        return list(value)
    except TypeError:
        return []


def unwritten_indices(app: Sphinx, builder: StandaloneHTMLBuilder) -> set[str]:
    """The domain indices this build does not write (the builder writes every one that has
    entries, on every build): an earlier build's file of one is stale."""
    written = getattr(builder, "domain_indices", None)
    if not isinstance(written, list):
        return set()
    every = {
        f"{domain.name}-{index.name}"
        for domain in app.env.domains.values()
        for index in getattr(domain, "indices", ())
    }
    return every - {entry[0] for entry in written if isinstance(entry, tuple) and entry}


def stale_module_pages(
    app: Sphinx, saved: set[str], recorded: set[str], seen: set[str]
) -> set[str]:
    """Saved module pages (`_modules/`) no build writes again.

    With viewcode, those its record (`recorded`, from `viewcode_module_pages`) no longer holds
    (a module renamed or no longer documented, and the index once none is left); none when
    the record cannot be read. Without it, every one not written in this build (`seen`).
    """
    module_pages = {name for name in saved if name.startswith("_modules/")}
    if "sphinx.ext.viewcode" not in app.extensions:
        return module_pages - seen
    if not isinstance(getattr(app.env, "_viewcode_modules", None), dict):
        return set()
    kept = recorded | {"_modules/index"} if recorded else set()  # viewcode's index of them
    return module_pages - kept


def viewcode_module_pages(app: Sphinx) -> set[str]:
    """viewcode's module pages, from the record it keeps in the environment.

    The saved names cannot cover a module page whose HTML an earlier build wrote without
    sitemapkit (or without a sitemap: a missing `html_baseurl`): viewcode skips it while it is
    newer than the module, so it is never seen written. The record is viewcode's own, private
    attribute; without it only the saved names count.
    """
    if "sphinx.ext.viewcode" not in app.extensions:
        return set()
    modules = getattr(app.env, "_viewcode_modules", None)
    if not isinstance(modules, dict):
        return set()
    return {"_modules/" + str(name).replace(".", "/") for name, entry in modules.items() if entry}
