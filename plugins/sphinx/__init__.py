"""Sphinx extension: `extensions = ["sitemapkit.sphinx"]` writes sitemaps into the HTML output.

Every document in the environment is listed on every build, incremental and parallel ones
included, with Sphinx's own canonical URL (`html_baseurl` + the builder's target URI). All
the work happens at `build-finished`, in the main process, so no state crosses processes.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractContextManager, nullcontext
from functools import partial
from typing import Any

from docutils import nodes

import sitemapkit
from sitemapkit import (
    BuildResult,
    Notice,
    Page,
    SitemapkitError,
    SitemapOptions,
    build_sitemaps,
)
from sitemapkit.dates import build_start_ns
from sitemapkit.gc_pause import paused_gc
from sitemapkit.installed import project_files
from sitemapkit.pages import marked_from_heads
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.display import progress_message

from .ablog_drafts import ablog_drafts
from .apidoc import apidoc_documents
from .autosummary import forget_stubs, merge_stubs, note_stubs, stub_documents, writes_stubs
from .builders import writes_website
from .catalogs import find_catalogs
from .code_pages import index_listings, module_page_commits, module_page_sources
from .config import (
    BASE_URL_SETTING,
    PREFIX,
    add_config_values,
    base_url_advice,
    doubtful_settings,
    resolve_sphinx_options,
    sphinx_leaves_out,
    theme_option,
    where_set,
)
from .generated import GeneratedPages
from .misplaced_fields import misplaced_fields
from .pages import (
    GIT_EXTENSION,
    build_folders,
    commit_time,
    document_pages,
    generated_pages,
    page_paths,
    unwritten_pages,
)
from .peer_settings import peer_setting_messages
from .redirects import redirected_documents
from .written_sources import written_sources

logger = logging.getLogger(__name__)

#: The `type` of every message, so `suppress_warnings = ["sitemapkit.long-url"]` works.
LOG_TYPE = "sitemapkit"
#: The version of what the environment holds for sitemapkit; raise it when that changes.
#: 2: the documents whose meta directive said noindex are no longer noted (the written pages
#: are read instead), so an environment of either kind is not reused by the other.
ENV_VERSION = 2
#: From this many pages on, Sphinx's progress line shows the sitemap being written.
MANY_PAGES = 1000


def report(
    notice: Notice,
    git_extension: bool = False,
    document_of: Callable[[str], str | None] | None = None,
    git_dated: bool = False,
) -> None:
    """Route the core's notices to Sphinx's log, with the notice's code as the subtype, and
    the document a notice about one page is about as its location (`guide.rst: WARNING`).

    Sphinx's 404 page is left out by name, not by a default pattern a user's list replaces:
    a listed document named 404 (`errors/404`) is one of its own.
    """
    if notice.code == "not-found-listed":
        return
    message = "sitemapkit: " + notice.describe(lambda option: PREFIX + option)
    if notice.code == "recent-sources":  # what a Sphinx user can do about it
        if git_extension and git_dated:
            message += (
                f"; {GIT_EXTENSION} dated the other pages by their commits, and these have "
                "none it found (untracked, excluded from it, or written before the build)"
            )
        elif git_extension:
            message += (
                f"; {GIT_EXTENSION} is in extensions, yet it gave no document an earlier "
                "commit time (is the history there? a shallow clone has too little of it, and "
                "a copy without .git, as sphinx-multiversion builds from, has none)"
            )
        else:
            message += (
                "; or add sphinx_last_updated_by_git to extensions: a document it dates "
                "takes the time of its last commit"
            )
    location = document_of(notice.page) if notice.page and document_of is not None else None
    if notice.level == "warning":
        logger.warning(message, type=LOG_TYPE, subtype=notice.code, location=location)
    else:
        logger.info(message, type=LOG_TYPE, subtype=notice.code, location=location)


def progress_line(pages: int) -> AbstractContextManager[None]:
    """Sphinx's "...done" line around the writing, for sites large enough to wait for."""
    if pages < MANY_PAGES:
        return nullcontext()
    return progress_message(f"sitemapkit: writing sitemaps for {pages:,} pages")


def write_sitemaps(
    outdir: str | os.PathLike[str],
    options: SitemapOptions,
    pages: list[Page],
    started_ns: int | None = None,
    left_out: list[str] | None = None,
    git_extension: bool = False,
    document_of: Callable[[str], str | None] | None = None,
    peer_files: tuple[str, ...] = (),
) -> BuildResult:
    """`build_sitemaps` inside the progress line; its notices wait until the line is done."""
    notices: list[Notice] = []
    try:
        with progress_line(len(pages)):
            return build_sitemaps(
                outdir,
                options,
                pages,
                report=notices.append,
                build_started_ns=started_ns,
                left_out=left_out or (),
                peer_files=peer_files,
            )
    finally:
        git_dated = git_extension and any(page.mtime is not None for page in pages)
        for notice in notices:
            report(notice, git_extension, document_of, git_dated)


def document_locator(builder: Any, documents: Iterable[str]) -> Callable[[str], str | None]:
    """The document whose page is at an output path, if any: the map is made when a notice
    about one page first asks, so a build without one pays nothing."""
    found: dict[str, str] | None = None

    def locate(path: str) -> str | None:
        nonlocal found
        if found is None:
            path_of = page_paths(builder)
            found = {path_of(name): name for name in documents}
        return found.get(path)

    return locate


#: sphinx-sitemap's module, and its setting (and default) for the file it writes.
PEER_EXTENSION, PEER_FILE_SETTING, PEER_FILE = "sphinx_sitemap", "sitemap_filename", "sitemap.xml"


def writes_too(name: object, options: SitemapOptions) -> bool:
    """Whether sitemapkit writes a file of that name too (its sitemap, text twin or index)."""
    return name in (options.sitemap_name, options.txt_name, options.index_name)


def warn_about_peer(app: Sphinx, options: SitemapOptions) -> tuple[str, ...]:
    """sphinx-sitemap writes `sitemap.xml` at the end of the build too: whichever runs last
    replaces the other's file, and on a clean build nothing else would say so. The file of
    sitemapkit's it writes, if any, is returned: its replacing needs no second warning."""
    if PEER_EXTENSION not in app.extensions:
        return ()
    theirs = getattr(app.config, PEER_FILE_SETTING, PEER_FILE) or PEER_FILE
    clash = f" and both write {theirs}" if writes_too(theirs, options) else ""
    logger.warning(
        "sitemapkit: %s is in extensions too%s; remove it from extensions (sitemapkit writes "
        "the sitemap, its text twin and the index)",
        PEER_EXTENSION,
        clash,
        type=LOG_TYPE,
        subtype="peer",
    )
    return (theirs,) if clash else ()


#: A theme that writes `sitemap.xml` itself when its `site_url` option is set.
THEME_WITH_SITEMAP = "sphinx_immaterial"


def warn_about_theme_sitemap(app: Sphinx, options: SitemapOptions) -> tuple[str, ...]:
    """sphinx-immaterial writes `sitemap.xml` at the end of every build when its `site_url`
    option is set, which it reads for nothing else: sitemapkit's file then replaces it (the
    file returned, as `warn_about_peer` does)."""
    site_url = theme_option(app.config, "site_url")
    if THEME_WITH_SITEMAP not in app.extensions or not (isinstance(site_url, str) and site_url):
        return ()
    clash = writes_too(PEER_FILE, options)
    logger.warning(
        "sitemapkit: sphinx-immaterial writes a sitemap.xml of its own because "
        "html_theme_options['site_url'] is set (the theme reads it for that alone)%s; remove "
        "site_url from html_theme_options (%s is the address sitemapkit lists pages at)",
        f" and sitemapkit writes {PEER_FILE} too" if clash else "",
        BASE_URL_SETTING,
        type=LOG_TYPE,
        subtype="peer",
    )
    return (PEER_FILE,) if clash else ()


class SitemapRun:
    """One Sphinx application's sitemap: options from `builder-inited`, pages at the end."""

    def __init__(self) -> None:
        self.options: SitemapOptions | None = None
        self.generated = GeneratedPages()
        #: Set up with the application, before any extension's `builder-inited` writes
        #: sources (autosummary's stubs): a source modified since was written by the build.
        self.started_ns = build_start_ns()
        self.autosummary_stubs = False
        #: sitemapkit's files another extension or the theme writes, warned of already.
        self.peer_files: tuple[str, ...] = ()

    def doctree_read(self, app: Sphinx, doctree: Any) -> None:
        note_stubs(app.env, doctree)

    def env_purge_doc(self, app: Sphinx, env: Any, docname: str) -> None:
        forget_stubs(env, docname)

    def env_merge_info(self, app: Sphinx, env: Any, docnames: Any, other: Any) -> None:
        merge_stubs(env, docnames, other)

    def builder_inited(self, app: Sphinx) -> None:
        self.autosummary_stubs = writes_stubs(app)
        if self.autosummary_stubs:  # only then: the events fire once per document
            app.connect("doctree-read", self.doctree_read)
            app.connect("env-purge-doc", self.env_purge_doc)
            app.connect("env-merge-info", self.env_merge_info)
        if not writes_website(app.builder):
            return
        self.options, errors = resolve_sphinx_options(app.config, app.builder)
        for exc in errors:
            logger.warning(
                "sitemapkit: %s; no sitemap is written until it is fixed in %s (one an earlier "
                "build wrote is left as it was)",
                exc,
                where_set(app.config, exc.option),
                type=LOG_TYPE,
                subtype="config",
            )
        if errors:
            return
        if PEER_EXTENSION not in app.extensions:  # else its settings are its own
            for message in peer_setting_messages(app.config, self.options, os.fspath(app.outdir)):
                logger.warning("sitemapkit: %s", message, type=LOG_TYPE, subtype="peer")
        if self.options is not None:
            self.peer_files = warn_about_peer(app, self.options)
            self.peer_files += warn_about_theme_sitemap(app, self.options)
            for message in doubtful_settings(app.config, self.options, app.builder):
                logger.warning("sitemapkit: %s", message, type=LOG_TYPE, subtype="config")
        if self.options is None:
            # `html_baseurl = os.environ.get("READTHEDOCS_CANONICAL_URL", "")`, empty outside
            # the host's builders, is a set-up, not a slip: an INFO line, which `-W` passes.
            written = getattr(app.config, "_raw_config", {})
            stated = BASE_URL_SETTING in written or PREFIX + "base_url" in written
            (logger.info if stated else logger.warning)(
                "sitemapkit: no sitemap is written because the site's address is unknown (one "
                "an earlier build wrote is left as it was); set %s",
                base_url_advice(app.config),
                type=LOG_TYPE,
                subtype="no-base-url",
            )

    def page_written(
        self, app: Sphinx, pagename: str, templatename: object, context: object, *page: Any
    ) -> None:
        """Runs once per written page, so it only notes the name; documents are sorted out later."""
        self.generated.note_page(pagename, templatename, context)

    def build_finished(self, app: Sphinx, exception: BaseException | None) -> None:
        builder, env = app.builder, app.env
        if exception is not None or self.options is None or not writes_website(builder):
            return

        def warn(docname: str, message: str) -> None:
            logger.warning(
                "sitemapkit: " + message, location=docname, type=LOG_TYPE, subtype="metadata"
            )

        try:
            with paused_gc():  # see sitemapkit.gc_pause: Sphinx keeps every doctree's data
                redirected = redirected_documents(app, builder, env.found_docs, page_paths(builder))
                stubs = stub_documents(env) if self.autosummary_stubs else set()
                stubs |= apidoc_documents(app, env.found_docs)
                srcdir = str(app.srcdir)
                catalogs = find_catalogs(builder, app.config, srcdir)
                written = written_sources(app, env.found_docs)
                committed = getattr(env, "git_last_updated", None)  # sphinx-last-updated-by-git
                committed = committed if isinstance(committed, Mapping) else None
                products = build_folders(builder, srcdir, "myst_nb" in app.extensions)
                pages = document_pages(
                    builder,
                    env,
                    srcdir,
                    warn,
                    redirected,
                    stubs,
                    catalogs,
                    written,
                    committed,
                    products,
                )
                generated = self.generated.current(app, builder, env.found_docs)
                shows = {**self.generated.shows, **index_listings(app, generated)}
                sources = module_page_sources(generated)
                commits = (
                    module_page_commits(app, sources, partial(commit_time, committed))
                    if committed
                    else {}
                )
                dated_by = {name: project_files(files, srcdir) for name, files in sources.items()}
                pages += generated_pages(builder, generated, shows, dated_by, commits)
                drafts = {page_paths(builder)(name) for name in ablog_drafts(app)}
                leaves_out = sphinx_leaves_out(builder, self.options.exclude, generated)
                left_out = [p.path for p in pages if p.path in drafts or leaves_out(p.path)]
                if left_out:
                    dropped = set(left_out)
                    pages = [page for page in pages if page.path not in dropped]
                written_now = set(map(page_paths(builder), self.generated.seen))
                unwritten = unwritten_pages(pages, os.fspath(builder.outdir), written_now)
                if unwritten:
                    missing = set(unwritten)
                    pages = [page for page in pages if page.path not in missing]
                    many = len(unwritten) > 1
                    them, first = ("them", "the first: ") if many else ("it", "")
                    logger.info(
                        "sitemapkit: %s page%s not listed, as the output folder has no file for "
                        "%s (%s%s); a build given some source files writes only those: a full "
                        "build writes and lists %s",
                        f"{len(unwritten):,}",
                        "s" if many else "",
                        them,
                        first,
                        unwritten[0],
                        them,
                        type=LOG_TYPE,
                    )
                if self.options.skips_noindex:
                    # Sphinx hands extensions no rendered page: the written heads are read,
                    # so the meta directive, MyST's html_meta, the theme and other
                    # extensions' tags count alike, in every kind of build.
                    pages = marked_from_heads(os.fspath(builder.outdir), pages)
                result = write_sitemaps(
                    builder.outdir,
                    self.options,
                    pages,
                    self.started_ns,
                    left_out,
                    GIT_EXTENSION in app.extensions,
                    document_locator(builder, env.found_docs),
                    self.peer_files,
                )
        except SitemapkitError as exc:
            # An ERROR line, not a crash report: the message already says what to do.
            message = exc.spelled(lambda option: PREFIX + option)
            logger.error("sitemapkit: %s", message, type=LOG_TYPE, subtype="write")
            return
        if result.urls:
            logger.info("sitemapkit: %s", result.describe(), type=LOG_TYPE)


def warn_of_misplaced_fields(app: Sphinx, doctree: nodes.document) -> None:
    """A `:sitemap-*:` field after the title is body text to Sphinx: said, with its line."""
    notebook = str(doctree.get("source", "")).endswith(".ipynb")
    for field, name in misplaced_fields(doctree):
        logger.warning(
            "sitemapkit: field :%s: comes after the title, where Sphinx does not read it as the "
            "document's metadata, so it is ignored; %s",
            name,
            # nbsphinx puts lines of its own before a notebook's first cell
            "in a notebook read by nbsphinx, which puts lines of its own before the first "
            "cell, set it in conf.py instead (sitemapkit_exclude, "
            "sitemapkit_priority_overrides, sitemapkit_changefreq_rules); with myst-nb, at the "
            "top of the first Markdown cell or in the notebook's metadata"
            if notebook
            else "move it to the very top of the file, before the title",
            location=field,
            type=LOG_TYPE,
            subtype="metadata",
        )


def setup(app: Sphinx) -> dict[str, Any]:
    add_config_values(app)
    run = SitemapRun()
    app.connect("doctree-read", warn_of_misplaced_fields)
    app.connect("builder-inited", run.builder_inited)
    app.connect("html-page-context", run.page_written)
    # Late, so that pages other extensions write or change at the end of the build are read
    # as they will be published.
    app.connect("build-finished", run.build_finished, priority=900)
    return {
        "version": sitemapkit.__version__,
        # The environment holds what sitemapkit notes as documents are read (autosummary's
        # stubs): a new version of that data makes Sphinx read every document.
        "env_version": ENV_VERSION,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
