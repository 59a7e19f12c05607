"""URL mapping: every loc absolute, ASCII, percent-encoded once, then XML-escaped."""

from __future__ import annotations

import os

import pytest

from sitemapkit.entries import EntryMaker
from sitemapkit.options import resolve_options
from sitemapkit.pages import Page
from sitemapkit.urls import (
    encode_file_path,
    encode_url_path,
    file_serves_url,
    local_host,
    normalise_base_url,
    path_below,
    url_depth,
    xml_escape,
)


@pytest.mark.parametrize(
    ("name", "encoded"),
    [
        ("café.html", "caf%C3%A9.html"),
        ("a b.html", "a%20b.html"),
        ("R&D.html", "R&D.html"),
        ("it's.html", "it's.html"),
        ('q"<>#?.html', "q%22%3C%3E%23%3F.html"),
        ("a%20b.html", "a%2520b.html"),
        ("日本/ページ.html", "%E6%97%A5%E6%9C%AC/%E3%83%9A%E3%83%BC%E3%82%B8.html"),
        (os.fsdecode(b"latin1/caf\xe9.html"), "latin1/caf%E9.html"),  # the bytes on disk
        (os.fsdecode(b"d\xe9j\xe0/x.html"), "d%E9j%E0/x.html"),
    ],
)
def test_a_scanned_file_name_is_encoded_whole(name: str, encoded: str) -> None:
    assert encode_file_path(name) == encoded


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("a%20b/", "a%20b/"),
        ("caf%C3%A9/", "caf%C3%A9/"),
        ("café/", "caf%C3%A9/"),
        ("100%/", "100%25/"),
        ("a b%2/", "a%20b%252/"),
    ],
)
def test_a_generator_url_keeps_its_escapes_and_is_never_encoded_twice(
    given: str, kept: str
) -> None:
    assert encode_url_path(given) == kept
    assert encode_url_path(encode_url_path(given)) == kept


def test_xml_escaping_comes_after_percent_encoding() -> None:
    assert xml_escape(encode_file_path("R&D <it's>.html")) == "R&amp;D%20%3Cit&apos;s%3E.html"
    assert xml_escape("plain") == "plain"


@pytest.mark.parametrize(
    ("path", "pretty", "url"),
    [
        ("index.html", True, ""),
        ("a/index.html", True, "a/"),
        ("a/index.html", False, "a/index.html"),
        ("a/b.html", True, "a/b.html"),
        ("a/myindex.html", True, "a/myindex.html"),
    ],
)
def test_index_pages_become_folders_with_pretty_urls(path: str, pretty: bool, url: str) -> None:
    options = resolve_options({"base_url": "https://x.org/", "pretty_urls": pretty})
    [(_, entry)] = EntryMaker(options, print, None).entries([Page(path)])
    assert entry.url == "https://x.org/" + url


@pytest.mark.parametrize(
    ("url", "depth"),
    [
        ("", 0),
        ("index.html", 0),
        ("a/", 1),
        ("a/index.html", 1),
        ("a.html", 1),
        ("a/b/", 2),
        ("index", 0),  # Sphinx with `html_link_suffix = ''`
        ("a/index", 1),
        ("a/index.htm", 1),
        ("index.xhtml", 0),  # Sphinx with `html_file_suffix = '.xhtml'`
        ("a/indexes", 2),
        ("a/index/", 2),  # a folder named index
        ("files/index.pdf", 2),
    ],
)
def test_depth_counts_segments_but_not_a_final_index(url: str, depth: int) -> None:
    assert url_depth(url) == depth


@pytest.mark.parametrize(
    ("given", "normal"),
    [
        ("https://example.com", "https://example.com/"),
        ("https://user.github.io/project", "https://user.github.io/project/"),
        ("HTTP://Example.com:8080/a b/", "http://example.com:8080/a%20b/"),
        ("https://bücher.example/", "https://xn--bcher-kva.example/"),
        ("https://[2001:DB8::1]:8443/docs", "https://[2001:db8::1]:8443/docs/"),
        ("https://EXAMPLE.com:443/", "https://example.com/"),  # the scheme's own port
        ("http://example.com:80/docs/", "http://example.com/docs/"),
        ("http://example.com:443/", "http://example.com:443/"),
    ],
)
def test_base_url_is_normalised_with_a_trailing_slash(given: str, normal: str) -> None:
    assert normalise_base_url(given) == normal


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        ("", "empty"),
        ("/docs/", "absolute"),
        ("example.com", "absolute"),
        ("ftp://example.com/", "absolute"),
        ("https://example.com/?lang=en", "query"),
        ("https://example.com/#top", "fragment"),
        ("https://docs.example.com/v2/?lang=en", "query.*such as https://docs.example.com/v2/$"),
        ("https://example.com/Docs#top", "fragment.*such as https://example.com/Docs/$"),
        ("https://bob:pw@example.com:443/x", "user name.*such as https://example.com/x/$"),
        ("https://bob@example.com/a/../b/?x", "query \\(\\?\\) or a fragment \\(#\\)$"),
        ("https://exa mple.com/", "host name 'exa mple.com' holds characters"),
        ("https://ex<a>mple.com/", "holds characters"),
        ("https://[::g]/", "IPv6 address"),
        ("https://example.com:0/", "port '0' is not 1 to 65535"),
        ("https://example.com/a/../b/", "'..' segment.*such as https://example.com/b/$"),
        ("https://example.com//", "empty.*such as https://example.com/$"),
        ("https://example.com/docs/./", "such as https://example.com/docs/$"),
        ("https://example.com/docs/..", "such as https://example.com/$"),
        ("https://example.com/a/../index.html", "'..' segment.*such as https://example.com/$"),
        ("https://example.com/%2e%2e/b/", "'..' segment.*such as https://example.com/b/$"),
        ("https://example.com/é/./", "such as https://example.com/%C3%A9/$"),
        ("https://EXAMPLE.com:443/x/index.html", "such as https://example.com/x/$"),
        (
            "https://example.com/docs/index.html/",
            "names a file.*such as https://example.com/docs/$",
        ),
        ("//pg.example.com/blog", "names no scheme.*such as https://pg.example.com/blog$"),
    ],
)
def test_a_bad_base_url_says_what_is_wrong(bad: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        normalise_base_url(bad)


@pytest.mark.parametrize(
    ("url", "host"),
    [
        ("http://localhost:8000/", "localhost"),
        ("http://localhost.:8000/", "localhost"),  # the root's dot written out
        ("http://app.localhost/", "app.localhost"),
        ("http://printer.local/", "printer.local"),
        ("http://wiki.internal/", "wiki.internal"),
        ("http://nas.home.arpa/", "nas.home.arpa"),
        ("http://127.0.0.1:8000/", "127.0.0.1"),
        ("http://[::1]:8000/", "::1"),
        ("http://192.168.1.20/", "192.168.1.20"),
        ("http://100.64.0.1/", "100.64.0.1"),  # carrier-grade NAT: not private, not global
        ("https://example.com/", None),
        ("https://localhost.example.com/", None),  # a public name that starts with "localhost"
        ("https://8.8.8.8/", None),
    ],
)
def test_an_address_crawlers_cannot_reach_is_named(url: str, host: str | None) -> None:
    assert local_host(url) == host


@pytest.mark.parametrize(
    ("path", "url_path", "served"),
    [
        ("a/index.html", "a/", True),
        ("index.html", "", True),
        ("a.html", "a.html", True),
        ("caf\u00e9.html", "caf%C3%A9.html", True),
        ("a.html", "a", True),  # left to the host: some serve page.html at page
        ("a.html", "a/", False),  # ARTICLE_URL '{slug}/' beside ARTICLE_SAVE_AS '{slug}.html'
        ("a/index.html", "a.html", False),
        ("a/index.html", "a", True),  # a redirect to `a/`: left to the host
        ("caf\u00e9.html", "caf%C3%A9", True),
        ("hello.html", "blog/hello", False),  # ARTICLE_URL 'blog/{slug}', SAVE_AS '{slug}.html'
        ("page.html", "https:/github.com/me", False),  # a page's `Url:` naming another site
        ("page/index.html", "page/p/2", False),  # a pagination pattern's URL beside its file
        ("a.htm", "a", False),
    ],
)
def test_a_file_serves_the_url_a_static_host_answers_with_it(
    path: str, url_path: str, served: bool
) -> None:
    assert file_serves_url(path, url_path) is served


def test_a_host_idna_2003_would_map_to_another_is_refused_with_the_browsers_form() -> None:
    with pytest.raises(ValueError, match=r"write its punycode form, xn--strae-oqa\.de$"):
        normalise_base_url("https://straße.de/")
    assert normalise_base_url("https://bücher.example/") == "https://xn--bcher-kva.example/"


def test_a_site_below_another_is_found_by_its_base_url() -> None:
    main = "https://example.com/"
    assert path_below("https://example.com/fr/", main) == "fr/"
    assert path_below(main, main) == ""
    assert path_below("https://example.fr/", main) is None
