"""The documents `sphinx.ext.apidoc` writes: their source file is a build's, not an author's.

apidoc (in Sphinx since 8.2) writes a source per module into each `apidoc_modules` entry's
`destination` when the build starts, leaves an unchanged one alone, and removes every other
source there: the folder is apidoc's. A source's time is thus whichever build first wrote it;
the modules autodoc reads (its recorded dependencies) say when the page changed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

from sphinx.application import Sphinx

#: The extension's name in `extensions`.
APIDOC_EXTENSION = "sphinx.ext.apidoc"


def apidoc_documents(app: Sphinx, documents: Iterable[str]) -> set[str]:
    """The documents below a folder apidoc writes into (never the source folder itself)."""
    if APIDOC_EXTENSION not in app.extensions:
        return set()
    entries = getattr(app.config, "apidoc_modules", None) or ()
    prefixes = []
    for entry in entries if isinstance(entries, list | tuple) else ():
        destination = entry.get("destination") if isinstance(entry, Mapping) else None
        if not isinstance(destination, str | os.PathLike) or os.path.isabs(destination):
            continue  # apidoc refuses it, and says so
        folder = os.path.normpath(os.fspath(destination)).replace(os.sep, "/")
        if folder not in (".", "") and not folder.startswith("../"):
            prefixes.append(folder + "/")
    if not prefixes:
        return set()
    found = tuple(prefixes)
    return {docname for docname in documents if docname.startswith(found)}
