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
from html import unescape
from urllib.parse import unquote, urljoin, urlsplit

from .page_heads import NOT_TAGS, file_head
from .redirect_stubs import is_stub_file
from .urls import DEFAULT_PORTS, punycode_host

_LINK = re.compile(r"""<link\b(?:[^>"']|"[^"]*"|'[^']*')*>""", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"""\s([a-z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""", re.IGNORECASE)


def canonical_link(head: str) -> str | None:
    """The `href` of the head's first `<link rel="canonical">`, as written (entities read)."""
    if "canonical" not in head.lower():
        return None
    for tag in _LINK.findall(NOT_TAGS.sub("", head)):
        attributes: dict[str, str] = {}
        for match in _ATTRIBUTE.finditer(tag):
            name, *values = match.groups()
            attributes.setdefault(name.lower(), next(v for v in values if v is not None))
        if "canonical" in attributes.get("rel", "").lower().split() and "href" in attributes:
            return unescape(attributes["href"]).strip()
    return None


def names_another_page(loc: str, canonical: str) -> str | None:
    """The address `canonical` (relative to `loc`, as a browser reads it) names when it is
    another page than `loc`; None when it is the same page in another form."""
    target = urljoin(loc, canonical)
    return None if _page_key(target) == _page_key(loc) else target


def _page_key(url: str) -> tuple[str, str, str, str]:
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
    path = unquote(parts.path or "/")
    if path.endswith(("/index.html", "/index.htm")):
        path = path.rpartition("/")[0] + "/"
    elif path.endswith(".html"):
        path = path[: -len(".html")]
    return scheme, host, path, parts.query


def home_page_elsewhere(root: str, base_url: str) -> str | None:
    """The address the site's home page (`index.html` at the top of `root`) names as its
    canonical one, when that is another page than `base_url`: the page says where the site is
    served from (`https://example.com/docs/`, `https://www.example.com/`), and a base URL
    that misses it lists every page at an address search engines do not index. A redirect
    stub (a language chooser's) says nothing of the kind."""
    try:
        size = os.stat(os.path.join(root, "index.html")).st_size
    except OSError:
        return None
    if is_stub_file("index.html", root, size):
        return None
    link = canonical_link(file_head("index.html", root))
    if not link or not urlsplit(urljoin(base_url, link)).scheme.startswith("http"):
        return None
    return names_another_page(base_url, link)
