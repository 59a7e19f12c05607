"""Sphinx documents and generated pages described as the core's `Page`s."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from functools import partial

from sitemapkit import Page, PageMetadata, parse_page_metadata
from sitemapkit.installed import project_files
from sitemapkit.pages import METADATA_KEYS, NO_METADATA
from sphinx.builders.dirhtml import DirectoryHTMLBuilder
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.environment import BuildEnvironment

from .catalogs import NO_CATALOGS, Catalogs

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


#: The builder methods that name output files (`get_output_path` since Sphinx 8.1).
_NAMING_METHODS = ("get_outfilename", "get_output_path")


def _names_files_like(kind: type, stock: type) -> bool:
    return issubclass(kind, stock) and all(
        getattr(kind, method, None) is getattr(stock, method, None) for method in _NAMING_METHODS
    )


def page_paths(builder: StandaloneHTMLBuilder) -> Callable[[str], str]:
    """`output_path` for this builder, as a function of the page name.

    The stock html and dirhtml builders name files by a fixed rule, applied here directly:
    asking them builds pathlib objects for every page, most of the sitemap step's time on large
    sites. A builder that names files its own way is asked.
    """
    suffix = builder.out_suffix
    if _names_files_like(type(builder), DirectoryHTMLBuilder):

        def dirhtml_path(pagename: str) -> str:
            if pagename == "index" or pagename.endswith("/index"):
                return pagename + suffix
            return pagename + "/index" + suffix

        return dirhtml_path
    if _names_files_like(type(builder), StandaloneHTMLBuilder):
        return lambda pagename: pagename + suffix
    return partial(output_path, builder)


def source_paths(env: BuildEnvironment, srcdir: str) -> Callable[[str], str]:
    """The absolute source file of a document, as a function of its name.

    `env.doc2path` builds pathlib objects on every call; the project's own table of relative
    paths (Sphinx 7.2 and later) gives the same file without them.
    """
    relative = getattr(env.project, "_docname_to_path", None)

    def asked_path(docname: str) -> str:
        return os.fspath(env.doc2path(docname))

    if not isinstance(relative, dict):
        return asked_path

    prefix = os.path.join(srcdir, "")  # the table's paths are relative to the source folder

    def source_path(docname: str) -> str:
        known = relative.get(docname)
        return asked_path(docname) if known is None else prefix + os.fspath(known)

    return source_path


#: Names made only of these characters come back from `urllib.parse.quote` unchanged.
_QUOTE_KEEPS = re.compile(r"[A-Za-z0-9_.~/-]*").fullmatch


def target_uris(builder: StandaloneHTMLBuilder) -> Callable[[str], str]:
    """`builder.get_target_uri` as a function of the document name.

    The stock html builder's answer is `quote(docname) + link_suffix`; for the usual names,
    which `quote` leaves as they are, that is a concatenation. Everything else is asked.
    """
    ask = builder.get_target_uri
    if type(builder).get_target_uri is DirectoryHTMLBuilder.get_target_uri:
        # dirhtml answers unquoted, as its canonical link is (`c++/`): only what would read
        # otherwise in a URL is escaped (`%41` is no `A/`, `c#/` no fragment, `q?x/` no
        # query); the core encodes the rest.
        def dirhtml_target_uri(docname: str) -> str:
            uri = ask(docname).replace("%", "%25")
            return uri.replace("#", "%23").replace("?", "%3F") if "#" in uri or "?" in uri else uri

        return dirhtml_target_uri
    if type(builder).get_target_uri is not StandaloneHTMLBuilder.get_target_uri:
        return ask
    suffix = builder.link_suffix

    def target_uri(docname: str) -> str:
        return docname + suffix if _QUOTE_KEEPS(docname) else ask(docname)

    return target_uri


def dependency_paths(
    srcdir: str, dependencies: Iterable[str | os.PathLike[str]], products: tuple[str, ...] = ()
) -> tuple[str, ...]:
    """Every file a document depends on (includes, literalinclude targets, autodoc's modules),
    sorted, but the Python installation's (`installed`: their times are the install's) and
    those in the build's own folders (`products`, from `build_folders`)."""
    paths = (os.path.join(srcdir, os.fspath(path)) for path in dependencies)
    return project_files(sorted(paths), srcdir, products)


def build_folders(
    builder: StandaloneHTMLBuilder, srcdir: str, myst_nb: bool = False
) -> tuple[str, ...]:
    """The folders a build writes into, each ending in a separator (as given and resolved): its
    output, its doctrees (nbsphinx's notebook output images) and, with myst-nb, the
    `jupyter_execute` beside the output. A file there that a document depends on (a notebook's
    plot) is as new as the build that wrote it, and would date the page by that build from the
    next one on. A folder that holds the sources (GitHub Pages' `docs/`, the output of
    `sphinx-build -b html docs/source docs`) is none of them: its includes are the project's."""
    outdir = os.path.abspath(builder.outdir)
    folders = [outdir, os.path.abspath(builder.doctreedir)]
    if myst_nb:  # its own folder for executed notebooks' outputs, resolved as it resolves it
        folders.append(os.path.join(os.path.dirname(outdir), "jupyter_execute"))
    source = os.path.join(os.path.normcase(os.path.realpath(srcdir)), "")
    found: set[str] = set()
    for folder in folders:
        for form in (os.path.normpath(folder), os.path.realpath(folder)):
            prefix = os.path.join(os.path.normcase(form), "")
            if not source.startswith(prefix):
                found.add(prefix)
    return tuple(sorted(found))


def document_metadata(
    docname: str, fields: Mapping[str, object], warn: WarnDocument
) -> PageMetadata:
    """Read the `:sitemap-*:` fields; a bad one is reported and ignored."""
    wanted: dict[str, object] = {}
    for field, value in fields.items():
        if not field.startswith(FIELD_PREFIX):
            folded = field.lower().replace("_", "-")
            if folded == FIELD_PREFIX[:-1]:  # MkDocs' spelling, e.g. `sitemap: false` in MyST
                warn(
                    docname,
                    f"field :{field}: ({value!r}) is not read; use {KNOWN_FIELDS} "
                    f"(in MyST front matter: `{FIELD_PREFIX}exclude: true`)",
                )
            elif folded.startswith(FIELD_PREFIX):  # Pelican's `Sitemap_exclude`, say
                meant = folded if folded[len(FIELD_PREFIX) :] in METADATA_KEYS else None
                warn(
                    docname,
                    f"field :{field}: is not read, as sitemapkit's fields are written in "
                    "lowercase with hyphens; "
                    + (f"write :{meant}:" if meant else f"use {KNOWN_FIELDS}"),
                )
            continue
        key = field[len(FIELD_PREFIX) :]
        if key not in METADATA_KEYS:
            warn(docname, f"field :{field}: is not known and is ignored; use {KNOWN_FIELDS}")
            continue
        _, problems = parse_page_metadata({key: value})
        for problem in problems:  # the field names the key already
            warn(docname, f"field :{field}: is ignored: {problem.removeprefix(f'key {key!r}: ')}")
        if not problems:
            wanted[key] = value
    if not wanted:
        return NO_METADATA
    meta, _ = parse_page_metadata(wanted)
    return meta


def unwritten_pages(pages: Iterable[Page], outdir: str, written_now: Collection[str]) -> list[str]:
    """The paths of pages with no file in the output folder: a build given some source files
    (`sphinx-build -b html . _build a.rst`) writes only those, so in a new folder the others
    have none. A page this build wrote in this process (`written_now`) is not looked for;
    a parallel build (`-j`) writes most in others, and each of those costs a `stat`."""
    return [
        page.path
        for page in pages
        if page.path not in written_now
        and not os.path.isfile(os.path.join(outdir, *page.path.split("/")))
    ]


def document_pages(
    builder: StandaloneHTMLBuilder,
    env: BuildEnvironment,
    srcdir: str,
    warn: WarnDocument,
    overwritten: Collection[str] = (),
    generated: Collection[str] = (),
    catalogs: Catalogs = NO_CATALOGS,
    written: Mapping[str, tuple[str, ...]] | None = None,
    committed: Mapping[str, object] | None = None,
    products: tuple[str, ...] = (),
) -> list[Page]:
    """Every current document, whether or not this (incremental) build rewrote it.

    `overwritten` documents had their page replaced by another file (a redirect);
    `generated` documents have a source the build wrote, so only their dependencies date them;
    `written` documents have a source an extension writes from the files given, which alone
    date them (their dependencies are that extension's products too: sphinx-gallery's copies
    of the script, its archives and thumbnails); a translated document is dated by its
    `catalogs` too. A document sphinx-last-updated-by-git dated (`committed`, its
    `env.git_last_updated`) is as new as that commit, the date the page shows, not its files.
    Dependencies in the build's own folders (`products`, from `build_folders`) date nothing.
    """
    page_path, source_path = page_paths(builder), source_paths(env, srcdir)
    target_uri, metadata = target_uris(builder), env.metadata
    written, committed = written or {}, committed or {}
    pages = []
    for docname in sorted(env.found_docs.difference(overwritten)):
        fields = metadata.get(docname)
        meta = document_metadata(docname, fields, warn) if fields else NO_METADATA
        committed_at = commit_time(committed, docname) if committed else None
        if committed_at is not None:
            pages.append(
                Page(page_path(docname), target_uri(docname), meta=meta, mtime=committed_at)
            )
            continue
        sources: tuple[str, ...]
        if docname in written:
            sources, dependencies = written[docname], None
        else:
            sources = () if docname in generated else (source_path(docname),)
            dependencies = env.dependencies.get(docname)
        if dependencies:
            found = dependency_paths(srcdir, dependencies, products)
            if catalogs.mo_files:
                found = tuple(path for path in found if not catalogs.is_compiled(path))
            sources += found
        if catalogs.po_files:
            sources += catalogs.sources(docname)
        pages.append(Page(page_path(docname), target_uri(docname), sources, meta=meta))
    return pages


#: sphinx-last-updated-by-git's module, in `extensions`: the commit times `commit_time` reads.
GIT_EXTENSION = "sphinx_last_updated_by_git"


def commit_time(committed: Mapping[str, object], docname: str) -> int | None:
    """When sphinx-last-updated-by-git says a document last changed, if it knows: its
    `(timestamp, show_sourcelink)` holds git's text (`b"1686125350"`), or None where git had
    none (an untracked file, too shallow a clone)."""
    found = committed.get(docname)
    if not isinstance(found, tuple) or not found:
        return None
    seconds = found[0]
    if isinstance(seconds, bytes | str) and seconds.isdigit():
        return int(seconds)
    if isinstance(seconds, int | float) and not isinstance(seconds, bool):
        return int(seconds)
    return None


def generated_pages(
    builder: StandaloneHTMLBuilder,
    pagenames: Iterable[str],
    shows: Mapping[str, tuple[str, ...]] | None = None,
    sources: Mapping[str, tuple[str, ...]] | None = None,
    commits: Mapping[str, int] | None = None,
) -> list[Page]:
    """Indices, additional pages, viewcode's `_modules/`: dated by their `sources` (a module
    page by its module's file, or by the git `commits` time of the document defining the
    module), or the newest of the pages a listing `shows` (ablog's archives and tags, the
    module indices), else by the site's newest date."""
    page_path, target_uri = page_paths(builder), target_uris(builder)
    shows, sources, commits = shows or {}, sources or {}, commits or {}
    return [
        Page(
            page_path(name),
            url=target_uri(name),
            sources=() if name in commits else sources.get(name, ()),
            lists=tuple(page_path(shown) for shown in shows.get(name, ())),
            mtime=commits.get(name),
        )
        for name in sorted(pagenames)
    ]
