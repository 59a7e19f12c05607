"""The stub documents autosummary writes: their source file is the build's, not an author's.

autosummary writes a stub (`api/mymod.rst`) when the build starts and rewrites it only when it
would change, so the stub's time is the time of whichever build wrote it. What the page shows
comes from the module, which autodoc records as the document's dependency: that is its date.
The stubs are the entries of the toctrees autosummary puts in the documents that list them,
noted as each document is read and kept in the environment, so incremental and parallel
builds know them too.
"""

from __future__ import annotations

from collections.abc import Iterable

from docutils import nodes

from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

#: The environment's attribute: document -> the stub documents its autosummary tables list.
STUBS = "sitemapkit_autosummary_stubs"
#: autosummary's node that holds the toctree of its stubs (matched by name: no import).
_TOC_NODE = "autosummary_toc"


def writes_stubs(app: Sphinx) -> bool:
    """Whether autosummary owns its stub files: it generates them and overwrites them."""
    config = app.config
    return (
        "sphinx.ext.autosummary" in app.extensions
        and bool(getattr(config, "autosummary_generate", False))
        and bool(getattr(config, "autosummary_generate_overwrite", False))
    )


def _stubs_of(env: BuildEnvironment) -> dict[str, list[str]]:
    stubs = getattr(env, STUBS, None)
    if not isinstance(stubs, dict):
        stubs = {}
        setattr(env, STUBS, stubs)
    return stubs


def note_stubs(env: BuildEnvironment, doctree: nodes.document) -> None:
    """At `doctree-read`: the stubs this document's autosummary tables list, if any."""
    listed: list[str] = []
    for toc in doctree.findall(lambda node: type(node).__name__ == _TOC_NODE):
        for toctree in toc.findall(addnodes.toctree):
            entries: list[tuple[str | None, str]] = toctree.get("entries", [])
            listed.extend(docname for _, docname in entries)
    stubs = _stubs_of(env)
    if listed:
        stubs[env.docname] = sorted(set(listed))
    else:
        stubs.pop(env.docname, None)


def forget_stubs(env: BuildEnvironment, docname: str) -> None:
    """At `env-purge-doc`: the document is read again or gone."""
    _stubs_of(env).pop(docname, None)


def merge_stubs(env: BuildEnvironment, docnames: Iterable[str], other: BuildEnvironment) -> None:
    """At `env-merge-info`: what a parallel reader noted."""
    theirs, ours = _stubs_of(other), _stubs_of(env)
    for docname in docnames:
        if docname in theirs:
            ours[docname] = theirs[docname]


def stub_documents(env: BuildEnvironment) -> set[str]:
    return {stub for stubs in _stubs_of(env).values() for stub in stubs}
