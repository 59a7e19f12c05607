"""MkDocs adapter: `plugins: [search, sitemapkit]` writes the core's sitemaps into `site/`.

The events stay thin: `config` holds the options, `takeover` stops MkDocs' own sitemap,
`pages` turns the files collection into the core's pages.

A plugin may run whole builds inside the post-build of the first: mkdocs-static-i18n builds
each further language that way, into the same `site/`. So every build's pages are gathered,
and only the outermost build writes, after the ones inside it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from jinja2 import Environment

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.utils.templates import TemplateContext
from sitemapkit import Notice, Page, SitemapkitError, SitemapOptions, build_sitemaps
from sitemapkit.dates import build_start_ns
from sitemapkit.entries import UnmatchedPatterns
from sitemapkit.gc_pause import paused_gc
from sitemapkit.urls import normalise_base_url

from .api_docs import ApiModules
from .blog_drafts import BLOG_MODULE, unpublished_posts
from .config import SitemapkitConfig, clean_urls_advice, core_options, pretty_urls_advice
from .git_dates import shallow_clone
from .included import IncludedFiles
from .macro_includes import MacroIncludes
from .markdown_include import build_markdown_includes
from .other_plugins import plugins_of
from .page_events import drop_unused_events
from .pages import (
    MarkdownFiles,
    Rendered,
    git_dated_folders,
    merged_files,
    rebased,
    shown_posts,
    site_pages,
    tag_listings,
    unbuilt_pages,
)
from .projects import at_main_address, sub_projects
from .redirects import drop_redirected, redirected_paths
from .snippets import build_snippets
from .takeover import drop_theme_template, remove_mkdocs_leftovers, stop_mkdocs_sitemap

__all__ = ["SitemapkitConfig", "SitemapkitPlugin"]

log = get_plugin_logger(__name__)


#: mkdocs-git-revision-date-localized-plugin's name in `plugins`.
GIT_PLUGIN = "git-revision-date-localized"


def git_plugin_on(config: MkDocsConfig) -> bool:
    """Whether mkdocs-git-revision-date-localized-plugin is listed and not turned off
    (`enabled: !ENV [DEPLOY, false]`, as mkdocstrings' own projects have it): only then are
    commits, not file times, what dates the files pages take in."""
    plugin = config.plugins.get(GIT_PLUGIN)
    settings = getattr(plugin, "config", None)
    return plugin is not None and not (
        isinstance(settings, Mapping) and settings.get("enabled", True) is False
    )


def log_notice(
    notice: Notice, git_plugin: bool = False, dirty: bool = False, git_dated: bool = False
) -> None:
    """The core's notices in MkDocs' log; warnings count for `mkdocs build --strict`.
    `git_dated`: the git plugin gave some page its commit's time."""
    message = notice.message
    if notice.code == "recent-sources":  # what a MkDocs user can do about it
        if git_plugin and dirty:
            message += (
                f"; in a --dirty build {GIT_PLUGIN} dates only the pages rendered again, and "
                "the others keep their files' times: a full build dates them all"
            )
        elif git_plugin and git_dated:
            message += (
                f"; {GIT_PLUGIN} dated the other pages by their commits, and these have none "
                "it found (left out by its exclude setting, untracked, or written before the "
                "build)"
            )
        elif git_plugin:
            message += (
                f"; {GIT_PLUGIN} is in plugins, yet it gave no page an earlier commit time "
                "(is it enabled here, and is the history there?)"
            )
        else:
            message += (
                f"; or add mkdocs-{GIT_PLUGIN}-plugin to plugins: a page it dates takes the "
                "time of its last commit"
            )
    (log.warning if notice.level == "warning" else log.info)(message)


def named_by_source(notice: Notice, files: Files, sources: dict[str, str]) -> Notice:
    """A notice about one page names its Markdown file (`guide.md`), as the plugin's other
    messages do, rather than the HTML file MkDocs writes for it (`guide/index.html`).
    `sources` (output path -> `src_uri`) is filled from `files` at the first such notice."""
    if not notice.page:
        return notice
    if not sources:
        sources.update((file.dest_uri, file.src_uri) for file in files)
    source = sources.get(notice.page)
    return notice if source is None else notice.naming(source)


def warn_of_shallow_clone(folders: Iterable[str]) -> None:
    """A shallow clone gives every page unchanged within its commits the oldest one's date:
    told when the git plugin dated some page (`folders`: where the repositories may be)."""
    shallow = shallow_clone(*folders)
    if shallow is not None:
        log.warning(
            f"the pages' git dates come from a shallow clone ({shallow}): {GIT_PLUGIN} gives "
            "every page not changed within the fetched commits the date of the oldest of them, "
            "too new for the page and for its lastmod; fetch the whole history before building "
            "(`fetch-depth: 0` with actions/checkout, or `git fetch --unshallow`, in the "
            "submodule for a submodule's clone)"
        )


def markdown_readers(config: MkDocsConfig) -> list[MarkdownFiles]:
    """The Markdown extensions of the build that put other files into pages, in the order
    they run: markdown-include first (priority 101), its files' snippets are read too."""
    extensions, settings = config.markdown_extensions, config.mdx_configs
    found = (build_markdown_includes(extensions, settings), build_snippets(extensions, settings))
    return [reader for reader in found if reader is not None]


@dataclass
class _Build:
    """One `build()` MkDocs is running: its final files collection, and their pages once made."""

    files: Files | None = None
    #: Pages with tags listings -> the pages shown, read before a build inside resets them.
    listings: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: Blog views -> the posts each one shows, as rendered (a pagination page, its share).
    shown: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: What mkdocs-include-markdown-plugin read for each page; None when it is not in plugins.
    included: IncludedFiles | None = None
    #: What mkdocs-macros' templates loaded for each page; None when it is not in plugins.
    macros: MacroIncludes | None = None
    #: The modules mkdocstrings rendered each page from; None when it is not in plugins.
    api: ApiModules | None = None
    #: The pages rendered, and those whose HTML has a robots noindex; None when unchecked.
    rendered: Rendered | None = None
    pages: list[Page] | None = None
    #: This build's options: a build inside another (a language) may have its own site_url.
    options: SitemapOptions | None = None


# SitemapkitConfig is built from the core's option specs at import, which mypy cannot follow.
class SitemapkitPlugin(BasePlugin[SitemapkitConfig]):  # type: ignore[valid-type,misc,no-untyped-call]
    """Lists every included documentation page at MkDocs' canonical URL."""

    def __init__(self) -> None:
        super().__init__()
        self.command = "build"
        self.dirty = False
        self.options: SitemapOptions | None = None
        #: Builds started and not yet finished: more than one when a build runs inside another.
        self.open: list[_Build] = []
        self.last = _Build()
        #: The pages of every build since the outermost one started, by output path.
        self.gathered: dict[str, Page] = {}
        #: Pages those builds left out before the core (a redirect overwrites them).
        self.left_out: set[str] = set()
        #: When the outermost build began: set by `on_config`, which every build runs first.
        self.started_ns = 0
        #: When `mkdocs build` started, until its first build takes it as its start.
        self.startup_ns: int | None = None
        #: Warnings about pages given since the outermost build started: a page each language
        #: of mkdocs-static-i18n falls back to is read again by every language's build.
        self.warned: set[str] = set()

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        self.command, self.dirty = command, dirty
        self.startup_ns = build_start_ns()  # before any plugin's on_config

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        stop_mkdocs_sitemap(config)
        self.options = core_options(self.config, config, self.command, log)
        if not self.open:
            self.gathered, self.left_out, self.warned = {}, set(), set()
            # Before plugins and hooks write generated pages: the command's start when MkDocs
            # ran one, else now (a plugin listed earlier may already have written its files).
            self.started_ns, self.startup_ns = self.startup_ns or build_start_ns(), None
        checks = self.options is not None and self.options.skips_noindex
        self.open.append(_Build(options=self.options, rendered=Rendered() if checks else None))
        return config

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        """Every plugin's `on_config` has run, any that adds plugins too (Material's group
        plugin): the plugins whose work pages take in are all listed, and watched. The page
        events none of them needs are dropped, for good: what decides is what stays the same
        for the collection (its plugins, this plugin's settings), not this build's options."""
        if not self.open:
            return
        build = self.open[-1]
        plugins = config.plugins.values()
        build.included = IncludedFiles.of(plugins)
        build.macros = MacroIncludes.of(plugins, config.docs_dir)
        if build.macros is not None:
            build.macros.watch()
        build.api = ApiModules.of(plugins, config.docs_dir)
        blog = bool(plugins_of(plugins, BLOG_MODULE))
        watching = (build.included, build.macros, build.api)  # noted as each page is made
        needed = {
            "pre_page": build.macros is not None,
            "page_markdown": any(watch is not None for watch in watching),
            "page_context": build.api is not None or blog,
            "post_page": self._settings["skip_noindex"] is not False,
        }
        drop_unused_events(
            config.plugins, self, [name for name, kept in needed.items() if not kept]
        )

    @event_priority(-100)  # late, though any plugin's files are final by now
    def on_env(self, env: Environment, *, config: MkDocsConfig, files: Files) -> Environment:
        drop_theme_template(files, config)  # before MkDocs copies static files
        for advice in (
            pretty_urls_advice(self.config, config),
            clean_urls_advice(self.config, config),
        ):
            if advice is not None:
                self._warn_once(advice)
        if self.open:
            build = self.open[-1]
            build.files = files
            # Every plugin's on_config has run: mike, listed after this plugin, has put the
            # version's folder into site_url since this plugin's on_config read it.
            if build.options is not None:
                own = self._base_url_of(config, build.options)
                if own is not None and own != build.options.base_url:
                    build.options = dataclasses.replace(build.options, base_url=own)
            build.listings = tag_listings(config.plugins.values())
            if build.api is not None:
                build.api.pages_converted()
        return env

    @event_priority(100)  # before any plugin makes the page's Markdown
    def on_pre_page(self, page: MkDocsPage, *, config: MkDocsConfig, files: Files) -> MkDocsPage:
        if self.open and (macros := self.open[-1].macros) is not None:
            macros.page_started(page.file.src_uri)
        return page

    @event_priority(-100)  # after mkdocs-include-markdown-plugin (100) read the page's includes
    def on_page_markdown(
        self, markdown: str, *, page: MkDocsPage, config: MkDocsConfig, files: Files
    ) -> str:
        if self.open:
            build = self.open[-1]
            if build.included is not None:
                build.included.note(page.file.src_uri)
            if build.macros is not None:
                build.macros.page_made()
            if build.api is not None:
                build.api.page_started(page.file.src_uri)
        return markdown

    @event_priority(-1000)  # after Material's blog plugin has put the view's posts there
    def on_page_context(
        self, context: TemplateContext, *, page: MkDocsPage, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        if not self.open:
            return context
        build = self.open[-1]
        if isinstance(getattr(page, "posts", None), list):
            posts = shown_posts(page, context)
            if posts is not None:
                build.shown[page.file.dest_uri] = posts
        if build.api is not None and page.content:  # before mkdocstrings drops its handlers
            build.api.page_converted(page.file.src_uri, page.content)
        return context

    @event_priority(-1000)  # after plugins and hooks that add meta tags to the page
    def on_post_page(self, output: str, *, page: MkDocsPage, config: MkDocsConfig) -> str:
        if self.open and (rendered := self.open[-1].rendered) is not None:
            rendered.note(page.file, output)
        return output

    @property
    def _settings(self) -> Mapping[str, object]:
        """This plugin's settings in `mkdocs.yml`, typed: `SitemapkitConfig` is made from the
        core's option specs at import, which mypy cannot follow."""
        settings: Mapping[str, object] = self.config
        return settings

    def _base_url_of(self, config: MkDocsConfig, options: SitemapOptions) -> str | None:
        """The address a build's pages are at: mkdocs-static-i18n sets a language's own
        `site_url` after this plugin's `on_config` has read it."""
        if self._settings["base_url"] is None and config.site_url:
            with contextlib.suppress(ValueError):
                return normalise_base_url(config.site_url)
        return options.base_url

    def _gather(self, pages: Iterable[Page]) -> None:
        """A build's pages, unless an earlier build gave their paths. Within one build, the
        last page of a path is the one MkDocs wrote last (`foo.md` and `foo/index.md`)."""
        for path, page in {page.path: page for page in pages}.items():
            self.gathered.setdefault(path, page)

    def _warn_once(self, message: str) -> None:
        if message not in self.warned:
            self.warned.add(message)
            log.warning(message)

    def on_build_error(self, *, error: Exception) -> None:
        self.open.clear()

    @event_priority(-1000)  # last: after a plugin that runs further builds from its post-build
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Safe to run again for the same build: it writes the same files."""
        if self.open:
            self.last = self.open.pop()
        project = os.path.dirname(config.config_file_path or config.docs_dir)
        build = self.last
        options = build.options
        if options is None or build.files is None:
            return
        files, sources = build.files, dict[str, str]()
        try:
            with paused_gc():  # see sitemapkit.gc_pause: MkDocs' heap is large
                if build.pages is None:
                    started = self.started_ns // 1_000_000_000
                    serving = self.command == "serve"
                    pages = site_pages(
                        build.files,
                        self._warn_once,
                        listings=build.listings,
                        rendered=build.rendered,
                        started=started,
                        shown=build.shown,
                        unpublished=unpublished_posts(config.plugins.values()) if serving else None,
                        readers=markdown_readers(config),
                        docs_dir=config.docs_dir,
                        included=merged_files(
                            build.included.by_page if build.included is not None else {},
                            build.macros.files_by_page() if build.macros is not None else {},
                        ),
                        modules=build.api.files_by_page() if build.api is not None else None,
                        commits_of_taken_in=git_plugin_on(config),
                    )
                    redirected = redirected_paths(config, build.files)
                    build.pages = drop_redirected(pages, redirected, log.info)
                    self.left_out |= redirected
                    if UnmatchedPatterns(options.exclude):  # patterns told if they match nothing
                        self.left_out.update(unbuilt_pages(build.files))
                if self.open:  # a build inside another: the outermost one writes
                    outer = self.open[0].options
                    own = self._base_url_of(config, options)
                    if outer is not None and outer.base_url and own:
                        moved = rebased(build.pages, own, outer.base_url, log.info)
                        self._gather(moved)
                    return
                self._gather(build.pages)
                pages = list(self.gathered.values())
                git_plugin = GIT_PLUGIN in config.plugins
                git_dated = any(page.mtime is not None for page in pages)
                if git_dated:
                    folders = [config.docs_dir, project, *git_dated_folders(build.files)]
                    warn_of_shallow_clone(folders)
                # Before writing: the core then tells what an earlier build left as it is.
                kept = {options.sitemap_name, options.index_name}
                kept |= {name + ".gz" for name in kept} if options.gzip else set()
                remove_mkdocs_leftovers(config.site_dir, kept, build.files)
                result = build_sitemaps(
                    config.site_dir,
                    options,
                    pages,
                    report=lambda notice: log_notice(
                        named_by_source(notice, files, sources), git_plugin, self.dirty, git_dated
                    ),
                    build_started_ns=self.started_ns,
                    left_out=sorted(self.left_out),
                )
        except SitemapkitError as exc:
            raise PluginError(f"sitemapkit: {exc}") from None
        if result.urls:
            log.info(result.describe())
        if config.site_url and at_main_address(
            config.plugins, config.config_file_path or "", config.site_url
        ):
            log.warning(
                "Material's projects plugin builds this project into "
                f"{os.path.basename(os.path.normpath(config.site_dir))}/ of the main site, yet at "
                f"the main project's site_url ({config.site_url}), which this project sets or "
                "INHERITs: its sitemap and canonical links name the main site's addresses; leave "
                "site_url out of it, and the plugin gives it the folder's address"
            )
        projects = sub_projects(config.plugins, project)
        unlisted = [sub.config_file for sub in projects if not sub.lists_sitemapkit]
        if unlisted:
            many = len(unlisted) > 1
            log.info(
                f"Material's projects plugin built {len(unlisted)} sub-project"
                f"{'s' if many else ''} whose mkdocs.yml does not list sitemapkit (or turns it "
                f"off) ({', '.join(unlisted)}): {'their' if many else 'its'} pages are in no "
                "sitemap of sitemapkit's (MkDocs writes its own there); list sitemapkit in "
                f"{'each' if many else 'it'} for a sitemap at its own address"
            )
