"""Documents that ask search engines not to index them, with `.. meta:: :robots: noindex`.

The meta directive (and MyST's `html_meta` front matter) puts `meta` nodes among the
document's top-level children, so only those are looked at. They are noted as each document is
read and kept in the environment, so incremental and parallel builds know them too (a
removed document may stay noted: only current documents are listed).
"""

from __future__ import annotations

from collections.abc import Iterable

from docutils import nodes

from sitemapkit.noindex import content_says_noindex
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

#: The environment's attribute: the documents whose robots meta tag says noindex.
NOINDEX = "sitemapkit_noindex"


def noindex_documents(env: BuildEnvironment) -> set[str]:
    """The environment's set, made on first use (an environment of another version has none)."""
    marked = getattr(env, NOINDEX, None)
    if not isinstance(marked, set):
        marked = set()
        setattr(env, NOINDEX, marked)
    return marked


def doctree_says_noindex(doctree: nodes.document) -> bool:
    """Whether a robots meta node says noindex: docutils puts them all at the document's top,
    wherever the directive stood (after the title, in an included file, inside `only`)."""
    return any(
        isinstance(node, nodes.meta)
        and str(node.get("name", "")).strip().lower() == "robots"
        and content_says_noindex(str(node.get("content", "")))
        for node in doctree.children
    )


def note_noindex(app: Sphinx, doctree: nodes.document) -> None:
    """At `doctree-read`: a document read again may have gained its tag or lost it."""
    env = app.env
    if doctree_says_noindex(doctree):
        noindex_documents(env).add(env.docname)
        return
    marked = getattr(env, NOINDEX, None)
    if marked:  # nearly always empty: nothing to look up
        marked.discard(env.docname)


def merge_noindex(
    app: Sphinx, env: BuildEnvironment, docnames: Iterable[str], other: BuildEnvironment
) -> None:
    """At `env-merge-info`: what a parallel reader noted about the documents it read."""
    read = set(docnames)
    ours = noindex_documents(env)
    ours.difference_update(read)
    ours.update(read & noindex_documents(other))
