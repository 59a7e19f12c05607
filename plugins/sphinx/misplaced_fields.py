"""`:sitemap-*:` fields written after a document's title, where Sphinx does not read them.

Sphinx takes a field list as the document's metadata only at the very top of the file; one
after the title is body text, and its sitemap keys would be ignored without a word.
"""

from __future__ import annotations

from collections.abc import Iterator

from docutils import nodes

from .pages import FIELD_PREFIX

#: How far into the document and its first section a field list is looked for: right after
#: the title is where the slip happens, and looking no further keeps the check per document
#: free of a walk through the whole tree.
_FIRST_CHILDREN = 4


def misplaced_fields(doctree: nodes.document) -> Iterator[tuple[nodes.field, str]]:
    """Each `:sitemap-*:` field near the start of the document that is not its metadata."""
    for parent in _near_the_start(doctree):
        for child in parent.children[:_FIRST_CHILDREN]:
            if not isinstance(child, nodes.field_list):
                continue
            for field in child.children:
                if isinstance(field, nodes.field) and field.children:
                    name = field.children[0].astext().strip()
                    if name.startswith(FIELD_PREFIX):
                        yield field, name


def _near_the_start(doctree: nodes.document) -> Iterator[nodes.Element]:
    yield doctree
    for child in doctree.children[:_FIRST_CHILDREN]:
        if isinstance(child, nodes.section):
            yield child
            return
