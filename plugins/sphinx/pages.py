"""Sphinx documents and generated pages described as the core's `Page`s."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping

from sitemapkit import Page, PageMetadata, parse_page_metadata
from sitemapkit.pages import METADATA_KEYS
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.environment import BuildEnvironment

#: File-level fields such as `:sitemap-priority: 0.8` map onto the core's metadata keys.
FIELD_PREFIX = "sitemap-"
KNOWN_FIELDS = ", ".join(f":{FIELD_PREFIX}{key}:" for key in METADATA_KEYS)

#: Called with a document name and a message about its metadata.
WarnDocument = Callable[[str, str], None]


def output_path(builder: StandaloneHTMLBuilder, pagename: str) -> str:
    """The page's file relative to the output folder, '/'-separated (dirhtml: `a/index.html`)."""
    outfile, outdir = os.fspath(builder.get_outfilename(pagename)), os.fspath(builder.outdir)
    prefix = outdir.rstrip(os.sep) + os.sep
    path = (
        outfile[len(prefix) :] if outfile.startswith(prefix) else os.path.relpath(outfile, outdir)
    )
    return path.replace(os.sep, "/")


def document_sources(env: BuildEnvironment, srcdir: str, docname: str) -> tuple[str, ...]:
    """The source file and every file it depends on (includes, literalinclude targets, ...)."""
    dependencies = sorted(
        os.path.join(srcdir, os.fspath(dependency))
        for dependency in env.dependencies.get(docname, ())
    )
    return (os.fspath(env.doc2path(docname)), *dependencies)


def document_metadata(
    docname: str, fields: Mapping[str, object], warn: WarnDocument
) -> PageMetadata:
    """Read the `:sitemap-*:` fields; a bad one is reported and ignored."""
    wanted: dict[str, object] = {}
    for field, value in fields.items():
        if not field.startswith(FIELD_PREFIX):
            continue
        key = field[len(FIELD_PREFIX) :]
        if key not in METADATA_KEYS:
            warn(docname, f"field :{field}: is not known and is ignored; use {KNOWN_FIELDS}")
            continue
        _, problems = parse_page_metadata({key: value})
        for problem in problems:
            warn(docname, f"field :{field}: is ignored: {problem}")
        if not problems:
            wanted[key] = value
    meta, _ = parse_page_metadata(wanted)
    return meta


def document_pages(
    builder: StandaloneHTMLBuilder, env: BuildEnvironment, srcdir: str, warn: WarnDocument
) -> list[Page]:
    """Every current document, whether or not this (incremental) build rewrote it."""
    return [
        Page(
            path=output_path(builder, docname),
            url=builder.get_target_uri(docname),
            sources=document_sources(env, srcdir, docname),
            meta=document_metadata(docname, env.metadata.get(docname, {}), warn),
        )
        for docname in sorted(env.found_docs)
    ]


def generated_pages(builder: StandaloneHTMLBuilder, pagenames: Iterable[str]) -> list[Page]:
    """Indices, additional pages, viewcode's `_modules/`: no source, so lastmod is the site's."""
    return [
        Page(path=output_path(builder, name), url=builder.get_target_uri(name))
        for name in sorted(pagenames)
    ]
