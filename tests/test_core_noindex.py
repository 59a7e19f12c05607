"""Reading a page's robots meta tag: in rendered HTML (the adapters) and in files (the scan)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemapkit import Page, PageMetadata, folder_files
from sitemapkit.noindex import (
    MAX_HEAD_BYTES,
    content_says_noindex,
    file_head_marks,
    outputs_marked,
    says_noindex,
)
from sitemapkit.pages import MARKED_NOINDEX, MARKED_REDIRECT, NO_METADATA, marked_from_heads

PAGE = "<!doctype html><html><head><title>T</title>{}</head><body><p>Text.</p>{}</body></html>"

#: (what the head holds, what the body holds, whether the page is marked noindex)
CASES = [
    ('<meta name="robots" content="noindex">', "", True),
    ('<meta name="robots" content="noindex, follow">', "", True),
    ('<meta content="noindex,nofollow" name="robots" />', "", True),
    ("<meta name='robots' content='none'>", "", True),
    ("<META NAME=ROBOTS CONTENT=NOINDEX>", "", True),
    ('<meta name="Robots" content="max-snippet:-1, NoIndex">', "", True),
    ('<meta\n  name="robots"\n  content="noindex"\n>', "", True),
    ('<meta name="robots" content="index, follow">', "", False),
    ('<meta name="robots" content="noarchive, nosnippet, noimageindex">', "", False),
    ('<meta name="robots" content="">', "", False),
    ('<meta name="robots">', "", False),
    ('<meta name="googlebot" content="noindex">', "", True),  # the crawlers that read sitemaps
    ("<meta name='BingBot' content='none'>", "", True),
    ('<meta name="googlebot-news" content="noindex">', "", False),  # Google News alone
    ('<meta name="yandex" content="noindex">', "", False),
    ('<meta data-name="robots" content="noindex">', "", False),
    ('<meta name="robots" :content="noindex">', "", False),  # a framework's binding
    ("<meta property=og:name=robots content=noindex>", "", False),
    ('<meta name="robots"content="noindex">', "", True),  # no space after the quote
    ('<meta name="robots-extra" content="noindex">', "", False),
    ('<!-- <meta name="robots" content="noindex"> -->', "", False),
    ('<script>var old = "<!--";</script><meta name="robots" content="noindex">', "", True),
    ('<meta data-note="a>b" name="robots" content="noindex">', "", True),
    ('<meta name="robots" content="noindex&#44;follow">', "", True),
    # A staging guard: a script writes the tag on other hosts, so the live page is indexed.
    (
        '<script>if (location.host != "example.com") document.write('
        '\'<meta name="robots" content="noindex">\')</script>',
        "",
        False,
    ),
    ('<noscript><meta name="robots" content="noindex"></noscript>', "", False),
    ('<style>/* <meta name="robots" content="noindex"> */</style>', "", False),
    ('<template><meta name="robots" content="noindex"></template>', "", False),
    ('<script>var tag = \'<meta name="robots" content="noindex"></head>\';</script>', "", False),
    ('<link rel="robots" href="noindex.css">', "", False),
    ("", '<meta name="robots" content="noindex">', False),  # in the body: not the head's
    ("", "<p>robots: noindex, none of them</p>", False),
    ('<style>.none{display:none}</style><meta name="description" content="robots">', "", False),
]


@pytest.mark.parametrize(("head", "body", "marked"), CASES)
def test_the_robots_meta_tag_of_the_head_decides(head: str, body: str, marked: bool) -> None:
    assert says_noindex(PAGE.format(head, body)) is marked


@pytest.mark.parametrize(("head", "body", "marked"), CASES)
def test_a_file_reads_as_its_text_does(tmp_path: Path, head: str, body: str, marked: bool) -> None:
    (tmp_path / "page.html").write_text(PAGE.format(head, body), encoding="utf-8")
    assert file_head_marks("page.html", str(tmp_path))[0] is marked
    found, _ = outputs_marked(str(tmp_path.parent), [f"{tmp_path.name}/page.html"])
    assert found == ({f"{tmp_path.name}/page.html"} if marked else set())


@pytest.mark.parametrize(
    "text",
    [
        '<meta name="robots" content="noindex"><p>A page without head tags.',
        '<HTML><HEAD><META NAME="robots" CONTENT="noindex"></HEAD><BODY>',
        '<html><head><meta name="robots" content="noindex"><body><p>No end tag for the head.',
    ],
)
def test_a_head_without_its_end_tag_in_lower_case_is_still_read(tmp_path: Path, text: str) -> None:
    assert says_noindex(text)
    (tmp_path / "page.html").write_text(text, encoding="utf-8")
    assert file_head_marks("page.html", str(tmp_path))[0]


def test_the_body_of_a_page_without_head_tags_is_not_its_head(tmp_path: Path) -> None:
    text = '<p>Text.</p><body><meta name="robots" content="noindex">'
    assert not says_noindex(text)
    (tmp_path / "page.html").write_text(text, encoding="utf-8")
    assert not file_head_marks("page.html", str(tmp_path))[0]


@pytest.mark.parametrize("end", ["</head>", "</HEAD>", ""])
def test_a_long_head_is_read_chunk_by_chunk_up_to_its_limit(tmp_path: Path, end: str) -> None:
    """Inline styles can make a head longer than one read: the tag after them still counts,
    but nothing past `MAX_HEAD_BYTES` is read."""
    meta = '<meta name="robots" content="noindex">'
    style = "<style>" + "p{margin:0}\n" * 5_000 + "</style>"  # 60,000 bytes
    (tmp_path / "late.html").write_text(f"<head>{style}{meta}{end}<body>", encoding="utf-8")
    assert file_head_marks("late.html", str(tmp_path))[0]
    padding = " " * MAX_HEAD_BYTES
    (tmp_path / "far.html").write_text(f"<head>{padding}{meta}{end}<body>", encoding="utf-8")
    assert not file_head_marks("far.html", str(tmp_path))[0]


def test_bytes_that_are_not_utf_8_and_missing_files_say_nothing(tmp_path: Path) -> None:
    (tmp_path / "latin.html").write_bytes(
        b'<head><title>Caf\xe9</title><meta name="robots" content="noindex"></head>'
    )
    assert file_head_marks("latin.html", str(tmp_path))[0]
    assert not file_head_marks("missing.html", str(tmp_path))[0]
    (tmp_path / "folder.html").mkdir()
    assert not file_head_marks("folder.html", str(tmp_path))[0]


@pytest.mark.parametrize(
    ("content", "marked"),
    [
        ("noindex", True),
        ("NONE", True),
        ("nofollow,noindex", True),
        ("  noindex  ", True),
        ("nofollow", False),
        ("unavailable_after: 2030-01-01", False),
        ("noindexing", False),
    ],
)
def test_content_words(content: str, marked: bool) -> None:
    assert content_says_noindex(content) is marked


@pytest.mark.parametrize("by_descriptor", [True, False])
def test_output_files_are_read_folder_by_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, by_descriptor: bool
) -> None:
    """Through the open folder where the system allows (not Windows), by path elsewhere."""
    monkeypatch.setattr(folder_files, "DIR_FD", folder_files.DIR_FD and by_descriptor)
    marked = PAGE.format('<meta name="robots" content="noindex">', "")
    for path, text in {
        "a.html": marked,
        "b.html": PAGE.format("", ""),
        "sub/c.html": marked,
        "sub/deeper/d.html": PAGE.format("", ""),
        "sub/deeper/e.html": marked,
    }.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    paths = ["a.html", "b.html", "sub/c.html", "sub/deeper/d.html", "sub/deeper/e.html"]
    found, _ = outputs_marked(str(tmp_path), [*paths, "gone/x.html", "sub/gone.html"])
    assert found == {"a.html", "sub/c.html", "sub/deeper/e.html"}


def test_pages_whose_written_file_says_noindex_are_marked_keeping_their_statements(
    tmp_path: Path,
) -> None:
    marked = PAGE.format('<meta name="robots" content="noindex">', "")
    for name, text in {"a.html": marked, "b.html": PAGE.format("", ""), "c.html": marked}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    stated = PageMetadata(priority=0.8)
    pages = [Page("a.html", meta=stated), Page("b.html"), Page("c.html"), Page("gone.html")]
    found = marked_from_heads(str(tmp_path), pages)
    assert [page.meta for page in found] == [
        PageMetadata(priority=0.8, noindex=True),
        NO_METADATA,
        MARKED_NOINDEX,
        NO_METADATA,
    ]
    assert found[1] is pages[1]
    # Only the files named are read (Pelican's static files are not pages).
    assert [page.meta.noindex for page in marked_from_heads(str(tmp_path), pages, ["c.html"])] == [
        False,
        False,
        True,
        False,
    ]
    unmarked = [Page("b.html"), Page("gone.html")]
    assert marked_from_heads(str(tmp_path), unmarked) is unmarked


def test_pages_whose_written_head_redirects_at_once_are_marked(tmp_path: Path) -> None:
    """A themed page whose meta refresh leaves at once (Pelican's `Template: redirect`) is a
    redirect, whatever its size; a refresh after a delay is a page that reloads."""
    refresh = '<meta http-equiv="refresh" content="{}">'
    for name, head in {
        "moved.html": refresh.format("0; url=/new.html"),
        "both.html": refresh.format("0;URL='/x'") + '<meta name="robots" content="noindex">',
        "reloads.html": refresh.format("300"),
        "plain.html": "",
    }.items():
        (tmp_path / name).write_text(PAGE.format(head, "x" * 20_000), encoding="utf-8")
    pages = [Page(name) for name in ("moved.html", "both.html", "reloads.html", "plain.html")]
    found = marked_from_heads(str(tmp_path), pages)
    assert [page.meta for page in found] == [
        MARKED_REDIRECT,
        PageMetadata(noindex=True, redirect=True),
        NO_METADATA,
        NO_METADATA,
    ]
