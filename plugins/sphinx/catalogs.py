"""Translated builds: a document's message catalog dates it by its `.po` file, not its `.mo`.

Sphinx notes each document's compiled catalog (`.mo`) as a dependency, then drops it again for
every document it re-reads, and `gettext_auto_build` compiles it during the build: its time
would be the build's, and only on some builds. The `.po` is the file a translator edits.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from sphinx.builders import Builder
from sphinx.config import Config
from sphinx.util.i18n import CatalogRepository, docname_to_domain


@dataclass(frozen=True)
class Catalogs:
    """The message catalogs of the build's language, by the domain Sphinx maps documents to."""

    po_files: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: Compiled catalogs, to leave out of a document's dependencies.
    mo_files: frozenset[str] = frozenset()
    compaction: bool | str = True

    def sources(self, docname: str) -> tuple[str, ...]:
        """The `.po` files that translate the document (one per locale folder that has it)."""
        return self.po_files.get(docname_to_domain(docname, self.compaction), ())

    def is_compiled(self, path: str) -> bool:
        return os.path.normpath(path) in self.mo_files


NO_CATALOGS = Catalogs()


def find_catalogs(builder: Builder, config: Config, srcdir: str) -> Catalogs:
    """The catalogs Sphinx translates this build's documents with (as its `find_files` does)."""
    if not getattr(builder, "use_message_catalog", False):
        return NO_CATALOGS
    repository = CatalogRepository(
        srcdir, list(config.locale_dirs), config.language, config.source_encoding
    )
    po_files: dict[str, list[str]] = {}
    mo_files = set()
    for catalog in repository.catalogs:
        po_files.setdefault(catalog.domain, []).append(os.path.normpath(catalog.po_path))
        mo_files.add(os.path.normpath(catalog.mo_path))
    if not po_files:
        return NO_CATALOGS
    return Catalogs(
        {domain: tuple(sorted(paths)) for domain, paths in po_files.items()},
        frozenset(mo_files),
        config.gettext_compact,
    )
