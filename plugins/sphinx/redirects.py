"""Documents that sphinx-reredirects overwrites with a redirect page: no page lives at their URL.

The extension writes its redirect files at the end of the build (`html-collect-pages`), over
the documents' HTML. It expands a source with wildcards against the documents with `fnmatch`
and names the file from the builder's target URI, as here. Search engines report a listed
redirect as an error ("Page with redirect").
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from fnmatch import fnmatch
from posixpath import join, splitext

from sphinx.application import Sphinx
from sphinx.builders.html import StandaloneHTMLBuilder

EXTENSION = "sphinx_reredirects"
_WILDCARDS = frozenset("*?[")


def redirected_documents(
    app: Sphinx,
    builder: StandaloneHTMLBuilder,
    documents: Collection[str],
    page_path: Callable[[str], str],
) -> set[str]:
    """The documents whose page file a `redirects` entry of conf.py writes over."""
    if EXTENSION not in app.extensions:
        return set()
    redirects = getattr(app.config, "redirects", None)
    if not isinstance(redirects, Mapping) or not redirects:
        return set()
    written = set(_redirect_files(builder, redirects, documents))
    return {doc for doc in documents if page_path(doc) in written}


def _redirect_files(
    builder: StandaloneHTMLBuilder, redirects: Mapping[object, object], documents: Collection[str]
) -> Iterator[str]:
    suffix = builder.out_suffix
    for source in redirects:
        if not isinstance(source, str):
            continue
        if _WILDCARDS.isdisjoint(source):
            yield _redirect_file(builder, source, suffix)
        else:
            for doc in documents:
                if fnmatch(doc, source):
                    yield _redirect_file(builder, doc, suffix)


def _redirect_file(builder: StandaloneHTMLBuilder, source: str, suffix: str) -> str:
    """The file the extension writes for `source`: its own name, or the builder's for it."""
    if source.endswith(suffix):
        return source
    if len(source) > 1:
        source = source.rstrip("/")
    uri = builder.get_target_uri(source)
    if not uri.endswith(suffix):
        uri = join(uri, "index")  # dirhtml's `page/`, or a link suffix unlike the file suffix
    return splitext(uri)[0] + suffix
