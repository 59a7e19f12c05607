"""Pages a redirect plugin overwrites: mkdocs-redirects writes its stub over a page that still
has a source, without a word, so that page's URL now serves a redirect."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File
from sitemapkit import Page

#: The setting of mkdocs-redirects (and its forks) that maps old paths to new targets.
REDIRECT_MAPS = "redirect_maps"


def redirected_paths(config: MkDocsConfig) -> set[str]:
    """The output paths the redirect plugins will write a stub to, as MkDocs names files."""
    paths = set()
    for plugin in config.plugins.values():
        settings = getattr(plugin, "config", None)
        maps = settings.get(REDIRECT_MAPS) if isinstance(settings, Mapping) else None
        if not isinstance(maps, Mapping):
            continue
        for old in maps:
            if isinstance(old, str):
                stub = File(old, "", "", config.use_directory_urls)
                paths.add(stub.dest_uri)
    return paths


def drop_redirected(
    pages: list[Page], redirected: set[str], tell: Callable[[str], None]
) -> list[Page]:
    """The pages whose file is not overwritten by a redirect stub; each one dropped is told."""
    if not redirected:
        return pages
    kept = []
    for page in pages:
        if page.path in redirected:
            tell(
                f"{page.path} is not listed: a redirect in {REDIRECT_MAPS} overwrites it; "
                "delete the page's source or its redirect"
            )
        else:
            kept.append(page)
    return kept
