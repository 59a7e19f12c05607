"""Reading a page's canonical link, and telling another page from another form of the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemapkit.canonical import canonical_link, names_another_page
from sitemapkit.page_heads import file_head


@pytest.mark.parametrize(
    ("head", "href"),
    [
        ('<link rel="canonical" href="https://example.com/a/">', "https://example.com/a/"),
        ("<LINK HREF=/a/ REL=Canonical>", "/a/"),  # capitals, unquoted, href first
        ('<link rel="alternate canonical" href="/b">', "/b"),  # rel is a list of tokens
        ('<link rel="canonical" href=" /a?x=1&amp;y=2 ">', "/a?x=1&y=2"),
        ('<link rel="stylesheet" href="/s.css"><link rel="canonical" href="/c">', "/c"),
        ('<script>var s = \'<link rel="canonical" href="/no">\';</script>', None),
        ('<!-- <link rel="canonical" href="/no"> -->', None),
        ('<link rel="canonical">', None),  # no address: nothing said
        ('<link rel="alternate" hreflang="fr" href="/fr/">', None),
        ("", None),
    ],
)
def test_the_canonical_link_is_read_as_a_browser_reads_it(head: str, href: str | None) -> None:
    assert canonical_link(f"<html><head><title>t</title>{head}") == href


def test_the_head_is_read_up_to_its_end_across_chunks(tmp_path: Path) -> None:
    style = "<style>" + "p{}" * 10_000 + "</style>"  # the head ends past the first chunk
    page = f'<html><head>{style}<link rel="canonical" href="/late"></HEAD><body><p>x'
    (tmp_path / "page.html").write_text(page + "<link rel=canonical href=/body>")
    head = file_head("page.html", str(tmp_path))
    assert head.endswith('href="/late">')
    assert canonical_link(head) == "/late"
    assert file_head("missing.html", str(tmp_path)) == ""


@pytest.mark.parametrize(
    ("loc", "canonical", "other"),
    [
        ("https://example.com/a/", "https://example.com/a/index.html", None),
        ("https://example.com/a", "/a.html", None),  # a host with clean URLs
        ("https://example.com/caf%C3%A9/", "https://Example.com:443/café/", None),
        ("https://example.com/a/b/", "../b/#part", None),
        ("https://xn--caf-dma.example/a/", "https://café.example/a/", None),  # as typed
        ("https://example.com/a/", "https://example.com:99999/a/", "https://example.com:99999/a/"),
        ("https://example.com/a/", "https://example.com/a", "https://example.com/a"),
        ("https://example.com/p/2/", "/p/", "https://example.com/p/"),
        ("https://example.com/a/", "http://example.com/a/", "http://example.com/a/"),
        ("https://example.com/a/", "https://www.example.com/a/", "https://www.example.com/a/"),
        ("https://example.com/a/", "/a/?lang=fr", "https://example.com/a/?lang=fr"),
    ],
)
def test_another_page_is_told_from_another_form_of_the_same(
    loc: str, canonical: str, other: str | None
) -> None:
    assert names_another_page(loc, canonical) == other
