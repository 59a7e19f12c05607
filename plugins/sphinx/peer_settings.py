"""sphinx-sitemap's settings left in conf.py after a move to sitemapkit.

Sphinx keeps a name no extension registered without a word, so each would be ignored in
silence: URLs would lose the prefix `sitemap_url_scheme` gave them, and pages
`sitemap_excludes` kept out would be listed. Each one is told with what sitemapkit does
instead. With sphinx-sitemap still in `extensions` they are its own, and not told.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping

from sitemapkit import SitemapOptions
from sphinx.config import Config

from .config import BASE_URL_SETTING, PREFIX
from .pages import GIT_EXTENSION

#: sphinx-sitemap's settings (2.0 to 2.9), and its old name of `html_baseurl`.
PEER_SETTINGS = (
    "sitemap_url_scheme",
    "sitemap_excludes",
    "sitemap_filename",
    "sitemap_locales",
    "sitemap_show_lastmod",
    "sitemap_indent",
    "site_url",
)
#: sphinx-sitemap's default scheme: `language` (`en` since Sphinx 5) and `version` folders.
PEER_DEFAULT_SCHEME = "{lang}{version}{link}"
#: Pages sphinx-sitemap users exclude that sitemapkit leaves out itself.
_LEFT_OUT_ALREADY = frozenset({"search.html", "genindex.html", "404.html", "search/", "genindex/"})


def leftover_peer_settings(config: Config) -> dict[str, object]:
    """sphinx-sitemap's settings that conf.py sets and no loaded extension registered."""
    raw = getattr(config, "_raw_config", None)
    if not isinstance(raw, Mapping):
        return {}
    return {name: raw[name] for name in PEER_SETTINGS if name in raw and name not in config}


def peer_setting_messages(
    config: Config, options: SitemapOptions | None, outdir: str
) -> Iterator[str]:
    """One message per leftover setting that changes the sitemap, saying what to do."""
    leftover = leftover_peer_settings(config)
    if not leftover:
        return
    raw: Mapping[str, object] = getattr(config, "_raw_config", {})
    peer = "is sphinx-sitemap's setting, which sitemapkit does not read"
    scheme = leftover.get("sitemap_url_scheme", PEER_DEFAULT_SCHEME)
    prefix = _scheme_prefix(scheme, config)
    base = options.base_url if options is not None else None
    if prefix and not (base and base.endswith("/" + prefix)):  # not there already
        fix = (
            f"if the site is served at {base}{prefix}, set {BASE_URL_SETTING} = {base + prefix!r}"
            if base
            else f"if the site is served there, end {BASE_URL_SETTING} with {prefix!r}"
        )
        if "sitemap_url_scheme" in leftover:
            yield (
                f"sitemap_url_scheme {peer}: it put {prefix!r} before every page's link, while "
                f"sitemapkit lists each page at {BASE_URL_SETTING} followed by its path, as the "
                f"page's canonical link says; {fix}, so the canonical links agree too, and "
                "remove sitemap_url_scheme"
            )
        else:  # told by the settings sphinx-sitemap left: it was in use, with its default
            names = sorted(leftover)
            yield (
                f"{', '.join(names)} in conf.py {'is' if len(names) == 1 else 'are'} "
                f"sphinx-sitemap's, whose default sitemap_url_scheme ({PEER_DEFAULT_SCHEME!r}) "
                f"put {prefix!r} before every page's link, while sitemapkit lists each page at "
                f"{BASE_URL_SETTING} followed by its path, as the page's canonical link says; "
                f"{fix}, so the canonical links agree too; if not, the sitemap's URLs are "
                f"right: remove {' and '.join(names) if len(names) < 3 else 'them'}, which "
                "sitemapkit does not read"
            )
    if "sitemap_excludes" in leftover:
        excludes = leftover["sitemap_excludes"]
        carried = [
            str(pattern)
            for pattern in (excludes if isinstance(excludes, list | tuple) else [excludes])
            if str(pattern).lstrip("/") not in _LEFT_OUT_ALREADY
        ]
        ours = raw.get(PREFIX + "exclude")
        ours = [ours] if isinstance(ours, str) else ours
        if carried and isinstance(ours, list | tuple):
            missing = [pattern for pattern in carried if pattern not in ours]
            yield f"sitemap_excludes {peer}; " + (
                f"{PREFIX}exclude does not name {missing!r}, which it left out: add them (as "
                "gitignore-style patterns of output paths), and remove sitemap_excludes"
                if missing
                else f"{PREFIX}exclude is set: remove sitemap_excludes"
            )
        elif carried:  # none: the search, index and 404 pages, which sitemapkit leaves out
            yield (
                f"sitemap_excludes {peer}; the pages it left out are listed; set "
                f"{PREFIX}exclude = {carried!r} (gitignore-style patterns of output paths), and "
                "remove sitemap_excludes"
            )
    if "sitemap_filename" in leftover:
        name = leftover["sitemap_filename"]
        if isinstance(name, str) and name and name != "sitemap.xml":
            ours = options.sitemap_name if options is not None else "sitemap.xml"
            fix = (
                "remove sitemap_filename"
                if PREFIX + "sitemap_name" in raw
                else f"set {PREFIX}sitemap_name = {name!r} to keep that name, and remove "
                "sitemap_filename"
            )
            stale = (
                f"; the {name} an earlier build wrote stays in the output until it is deleted"
                if name != ours and os.path.isfile(os.path.join(outdir, name))
                else ""
            )
            yield f"sitemap_filename {peer}: sitemapkit writes {ours}; {fix}{stale}"
    locales = leftover.get("sitemap_locales")
    if isinstance(locales, list | tuple) and any(locales):  # `[None]`: no alternates either
        yield (
            f"sitemap_locales {peer}: sitemapkit writes no hreflang alternates (search engines "
            'also read them from `<link rel="alternate" hreflang=...>` tags that a theme or '
            "extension writes into the pages); each language built with its own "
            f"{BASE_URL_SETTING} gets a sitemap of its own; remove sitemap_locales"
        )
    if leftover.get("sitemap_show_lastmod") is False and PREFIX + "lastmod" not in raw:
        yield (
            f"sitemap_show_lastmod {peer}: sitemapkit writes each page's lastmod, from its "
            f"sources' times; set {PREFIX}lastmod = 'none' to write none, and remove "
            "sitemap_show_lastmod"
        )
    if leftover.get("sitemap_show_lastmod") is True and GIT_EXTENSION not in _extensions(config):
        yield (
            f"sitemap_show_lastmod {peer}: sphinx-sitemap loaded {GIT_EXTENSION} for it, and "
            "without it the lastmods are the sources' file times (a fresh clone's); add "
            f"'{GIT_EXTENSION}' to extensions to keep the commit times, and remove "
            "sitemap_show_lastmod"
        )
    site_url, base_setting = leftover.get("site_url"), getattr(config, BASE_URL_SETTING, None)
    if "site_url" in leftover and not base_setting:
        yield (
            f"site_url {peer}: it is sphinx-sitemap's old name of {BASE_URL_SETTING}; set "
            f"{BASE_URL_SETTING} = {str(site_url)!r} instead"
        )
    elif isinstance(site_url, str) and site_url.rstrip("/") != str(base_setting).rstrip("/"):
        yield (
            f"site_url {peer}, and it took the place of {BASE_URL_SETTING} there: the sitemap "
            f"lists the pages under {BASE_URL_SETTING} ({base_setting}) now, not under "
            f"{site_url}; remove site_url, and check that {BASE_URL_SETTING} is the address "
            "the site is served from"
        )


def _scheme_prefix(scheme: object, config: Config) -> str:
    """What sphinx-sitemap's scheme put before each page's link (`en/2.1/`), or ""."""
    if not isinstance(scheme, str):
        return ""
    language = getattr(config, "language", None)
    version = getattr(config, "version", None)
    try:
        prefix = scheme.format(
            lang=f"{language}/" if language else "",
            version=f"{version}/" if version else "",
            link="",
        )
    except (KeyError, IndexError, ValueError):
        return ""
    return prefix.lstrip("/")


def _extensions(config: Config) -> list[str]:
    extensions = getattr(config, "extensions", None)
    return [str(name) for name in extensions] if isinstance(extensions, list | tuple) else []
