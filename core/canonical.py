"""A page's `<link rel="canonical">`, and whether it names the address a sitemap lists.

Google and Bing index the canonical address of a page, and report a listed page that names
another one ("Alternate page with proper canonical tag"): a pager page pointed at its first
page, an alias or a translation's copy. Forms of one address are no such page: a folder's
`index.html` and the folder, a page with and without `.html` (a host with clean URLs), a
character written or percent-encoded.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from collections.abc import Callable
from html import unescape
from typing import NamedTuple
from urllib.parse import unquote, urljoin, urlsplit

from .page_heads import NOT_TAGS, file_head, tag_pattern
from .redirect_stubs import is_stub_file
from .urls import DEFAULT_PORTS, encode_file_path, local_host, punycode_host

_LINK = tag_pattern("link", re.IGNORECASE)
_BASE = tag_pattern("base", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"""\s([a-z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""", re.IGNORECASE)


def canonical_link(head: str) -> str | None:
    """The `href` of the head's first `<link rel="canonical">`, as written (entities read),
    and put below the head's `<base href>` when it has one, as browsers and crawlers read a
    relative link (`<base href="/">` and `docs/` name `/docs/` from any page)."""
    if "canonical" not in head.lower():
        return None
    tags = NOT_TAGS.sub("", head)
    for tag in _LINK.findall(tags):
        attributes = _attributes(tag)
        if "canonical" in attributes.get("rel", "").lower().split() and "href" in attributes:
            link = unescape(attributes["href"]).strip()
            base = _base_href(tags)
            return urljoin(base, link) if base else link
    return None


def _attributes(tag: str) -> dict[str, str]:
    """A tag's attributes, names lowered; the first of a name counts, as in browsers."""
    attributes: dict[str, str] = {}
    for match in _ATTRIBUTE.finditer(tag):
        name, *values = match.groups()
        attributes.setdefault(name.lower(), next(v for v in values if v is not None))
    return attributes


def _base_href(tags: str) -> str | None:
    """The `href` of the head's first `<base>` that has one."""
    for tag in _BASE.findall(tags):
        href = _attributes(tag).get("href")
        if href is not None and href.strip():
            return unescape(href).strip()
    return None


class HtmlSuffix(NamedTuple):
    """A page whose canonical link disagrees with the sitemap about `.html`."""

    path: str  # the page's output path
    link: str  # the address its canonical link names
    listed: str  # the address the sitemap lists it at


#: How many of the top folder's pages are read at most for their canonical links' form.
_SUFFIX_SAMPLE = 5


def html_suffix_disagrees(
    root: str, base_url: str, clean: bool, listed: Callable[[str], bool]
) -> HtmlSuffix | None:
    """A page whose canonical link names its address without `.html` while the sitemap lists
    it with (Next.js' and SvelteKit's pages name that form), or, with `clean`, the reverse.

    The top folder's `*.html` pages other than `index.html` that `listed` keeps are read in
    name order, a few at most; the first whose link names it in either form decides. One
    without a link, or whose link names another page (a not-found page's), says nothing.
    """
    try:
        with os.scandir(root) as entries:
            names = sorted(e.name for e in entries if e.name.endswith(".html") and e.is_file())
    except OSError:
        return None
    pages = [name for name in names if name != "index.html" and listed(name)]
    for path in pages[:_SUFFIX_SAMPLE]:
        link = canonical_link(file_head(path, root))
        if link is None:
            continue
        with_suffix = base_url + encode_file_path(path)
        without = with_suffix[: -len(".html")]
        sitemaps, other = (without, with_suffix) if clean else (with_suffix, without)
        named = urljoin(with_suffix, link)
        if _address_key(named) == _address_key(other):
            return HtmlSuffix(path, named, sitemaps)
        if _address_key(named) == _address_key(sitemaps):
            return None
    return None


def names_another_page(loc: str, canonical: str) -> str | None:
    """The address `canonical` (relative to `loc`, as a browser reads it) names when it is
    another page than `loc`; None when it is the same page in another form."""
    target = urljoin(loc, canonical)
    return None if _page_key(target) == _page_key(loc) else target


def _page_key(url: str) -> tuple[str, str, str, str]:
    """An address as a page: a folder's `index.html` is the folder, `.html` may be left off."""
    scheme, host, path, query = _address_key(url)
    if path.endswith(("/index.html", "/index.htm")):
        path = path.rpartition("/")[0] + "/"
    elif path.endswith(".html"):
        path = path[: -len(".html")]
    return scheme, host, path, query


def _address_key(url: str) -> tuple[str, str, str, str]:
    """An address with its scheme and host in one case, no default port, its path decoded."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").rstrip(".")
    with contextlib.suppress(UnicodeError):  # `café.example` is the sitemap's `xn--caf-dma`
        host = punycode_host(host)
    try:
        port: int | str | None = parts.port
    except ValueError:  # a port out of range: another address, compared as written
        port = parts.netloc.rpartition(":")[2]
    if port is not None and port != DEFAULT_PORTS.get(scheme):
        host += f":{port}"
    return scheme, host, unquote(parts.path or "/"), parts.query


class HomeElsewhere(NamedTuple):
    """The home page's canonical link, and the address of the site it names."""

    link: str
    folder: str  # ends in `/`, without the link's query or fragment

    def said(self, base_url: str, base_named: str) -> str:
        """What the home page says against the base URL (`base_named`: how a message names
        it): a redirect stub's link may be the base URL itself, a language's folder."""
        if names_another_page(base_url, self.link) is None:
            return (
                f"the home page redirects to {base_named} {base_url} itself, a folder of the "
                "site whose page links it as its own (a language's)"
            )
        return f"the home page's canonical link names {self.link}, not {base_named} {base_url}"


def home_page_elsewhere(root: str, base_url: str) -> HomeElsewhere | None:
    """The address the site's home page (`index.html` at the top of `root`) names as the
    site's, when that is not `base_url`: the page says where the site is served from
    (`https://example.com/docs/`, `https://www.example.com/`), and a base URL that misses it
    lists every page at an address search engines do not index.

    A link to a folder the site has whose page links it too (a language root's `en/`) names
    the site's address followed by that folder. A redirect stub at the top (Hugo's to the
    default language) is read only for such a link. Not said of a preview's base URL (its
    pages link the public address), nor of a link to a page of its own (`home.html`).
    """
    path = os.path.join(root, "index.html")
    try:
        info = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode) or local_host(base_url) is not None:
        return None  # a FIFO would never end
    stub = is_stub_file("index.html", root, info.st_size)
    link = canonical_link(file_head("index.html", root))
    if not link:
        return None
    target = urljoin(base_url, link)
    parts = urlsplit(target)
    if parts.scheme not in ("http", "https"):
        return None
    folder_path = parts.path or "/"
    if folder_path.endswith(("/index.html", "/index.htm", "/index")):  # `index`: Sphinx's
        folder_path = folder_path.rpartition("/")[0] + "/"  # html_link_suffix = ""
    elif not folder_path.endswith("/"):
        if "." in folder_path.rpartition("/")[2]:
            return None  # a page of its own, not the site's address
        folder_path += "/"  # Astro's `trailingSlash: "never"` links `/docs`
    origin = f"{parts.scheme}://{parts.netloc}"
    if not stub and names_another_page(base_url, origin + folder_path) is None:
        return None  # the base URL itself (a stub there would send visitors to itself)
    site_path = _without_site_folder(origin, folder_path, root)
    if stub and site_path == folder_path:
        return None  # a redirect elsewhere: no word on where this site is
    folder = origin + site_path
    if names_another_page(base_url, folder) is None:
        return None
    return HomeElsewhere(target, folder)


def _without_site_folder(origin: str, path: str, root: str) -> str:
    """A URL path (ending in `/`) without its longest end that is a folder of the site whose
    page links that address as its own (`/docs/en/` -> `/docs/` where `en/index.html` links
    `https://example.org/docs/en/`): a language root, below the site's address."""
    segments = [segment for segment in path.split("/") if segment]
    for start in range(len(segments)):
        below = [unquote(segment) for segment in segments[start:]]
        if ".." in below or any(char in "".join(below) for char in "/\\:\0"):
            continue  # no path of the site's (nor a drive or a separator on Windows)
        folder = os.path.join(root, *below)
        if not os.path.isfile(os.path.join(folder, "index.html")):  # a regular file: no FIFO
            continue
        link = canonical_link(file_head("index.html", folder))
        if link and names_another_page(origin + path, urljoin(origin + path, link)) is None:
            return "/" + "".join(segment + "/" for segment in segments[:start])
    return path
