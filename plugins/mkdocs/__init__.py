"""MkDocs adapter: `plugins: [search, sitemapkit]` writes the core's sitemaps into `site/`.

The events stay thin: `config` holds the options, `takeover` stops MkDocs' own sitemap,
`pages` turns the files collection into the core's pages.
"""

from __future__ import annotations

from typing import Literal

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import Files
from sitemapkit import Notice, Page, SitemapkitError, SitemapOptions, build_sitemaps
from sitemapkit.gc_pause import paused_gc

from .config import SitemapkitConfig, core_options, is_dev_address
from .pages import site_pages
from .takeover import drop_theme_template, remove_mkdocs_leftovers, stop_mkdocs_sitemap

__all__ = ["SitemapkitConfig", "SitemapkitPlugin"]

log = get_plugin_logger(__name__)


def log_notice(notice: Notice) -> None:
    """The core's notices in MkDocs' log; warnings count for `mkdocs build --strict`."""
    (log.warning if notice.level == "warning" else log.info)(notice.message)


# SitemapkitConfig is built from the core's option specs at import, which mypy cannot follow.
class SitemapkitPlugin(BasePlugin[SitemapkitConfig]):  # type: ignore[valid-type,misc,no-untyped-call]
    """Lists every included documentation page at MkDocs' canonical URL."""

    def __init__(self) -> None:
        super().__init__()
        self.command = "build"
        self.options: SitemapOptions | None = None
        self.files: Files | None = None
        self.pages: list[Page] | None = None

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        self.command = command

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        stop_mkdocs_sitemap(config)
        serving = self.command == "serve" or is_dev_address(config)
        self.options = core_options(self.config, config, serving, log)
        self.files = self.pages = None
        return config

    @event_priority(-100)  # late, to see the pages other plugins add
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        drop_theme_template(files, config)
        self.files, self.pages = files, None
        return files

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Safe to run several times in one build (mkdocs-static-i18n does): the last one wins."""
        if self.options is None or self.files is None:
            return
        try:
            with paused_gc():  # see sitemapkit.gc_pause: MkDocs' heap is large
                if self.pages is None:
                    self.pages = site_pages(self.files, log.warning)
                result = build_sitemaps(
                    config.site_dir, self.options, self.pages, report=log_notice
                )
        except SitemapkitError as exc:
            raise PluginError(str(exc)) from None
        remove_mkdocs_leftovers(config.site_dir, result.files, self.files)
        if result.urls:
            log.info(f"{result.urls} URLs in " + ", ".join(result.files))
