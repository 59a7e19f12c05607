"""Pages the HTML builder writes that are not documents, remembered across incremental builds.

Genindex, domain indices (`py-modindex`), `html_additional_pages` and extension pages
(viewcode's `_modules/`) fire `html-page-context` in the main process, during the builder's
`finish()`. Most are rewritten on every build, but viewcode skips the module pages whose
source has not changed, so the names seen are kept for the next build (see `state`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection

from sphinx.application import Sphinx
from sphinx.builders.html import StandaloneHTMLBuilder


class GeneratedPages:
    """Collects the names of the pages the builder writes in this process, documents included."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.note: Callable[[str], None] = self.seen.add

    def current(
        self,
        app: Sphinx,
        builder: StandaloneHTMLBuilder,
        documents: Collection[str],
        saved: Collection[str],
    ) -> list[str]:
        """Names seen now, in earlier builds (`saved`) or in viewcode's record, whose page file
        still exists.

        A name that is now a document is dropped (documents come from the environment).
        """
        return sorted(
            name
            for name in self.seen.union(saved, viewcode_module_pages(app))
            if name not in documents and os.path.isfile(builder.get_outfilename(name))
        )


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
