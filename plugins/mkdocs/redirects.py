"""Pages a redirect plugin overwrites: mkdocs-redirects writes its stub over a page that still
has a source, without a word, so that page's URL now serves a redirect."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from sitemapkit import Page

#: The setting of mkdocs-redirects (and its forks) that maps old paths to new targets.
REDIRECT_MAPS = "redirect_maps"


def redirected_paths(config: MkDocsConfig, files: Files) -> set[str]:
    """The output paths the redirect plugins write a stub to, as MkDocs names files.

    As mkdocs-redirects does, a redirect is written only when its target is an external URL
    or a documentation page (a `#fragment` aside); for any other target it warns and skips.
    """
    redirects: list[tuple[object, object]] = []
    for plugin in config.plugins.values():
        settings = getattr(plugin, "config", None)
        maps = settings.get(REDIRECT_MAPS) if isinstance(settings, Mapping) else None
        if isinstance(maps, Mapping):
            redirects.extend(maps.items())
    if not redirects:
        return set()
    pages = {file.src_uri for file in files.documentation_pages()}
    paths = set()
    for old, new in redirects:
        target = str(new)
        external = target.lower().startswith(("http://", "https://"))
        if isinstance(old, str) and (external or target.partition("#")[0] in pages):
            paths.add(File(old, "", "", config.use_directory_urls).dest_uri)
    return paths


def drop_redirected(
    pages: list[Page], redirected: set[str], tell: Callable[[str], None]
) -> list[Page]:
    """The pages whose file is not overwritten by a redirect stub; those dropped are told in
    one line (a site that moved many pages has as many redirects)."""
    if not redirected:
        return pages
    kept = [page for page in pages if page.path not in redirected]
    dropped = [page.path for page in pages if page.path in redirected]
    if len(dropped) == 1:
        tell(
            f"{dropped[0]} is not listed: a redirect in {REDIRECT_MAPS} overwrites it; "
            "delete the page's source or its redirect"
        )
    elif dropped:
        tell(
            f"{len(dropped):,} pages are not listed: redirects in {REDIRECT_MAPS} overwrite "
            f"them (the first: {dropped[0]}); delete those pages' sources or their redirects"
        )
    return kept
