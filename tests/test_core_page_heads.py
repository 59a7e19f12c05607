"""Reading a page's head: up to its end, however the end falls, and no further."""

from __future__ import annotations

from pathlib import Path

from sitemapkit.noindex import file_head_marks, head_says_noindex
from sitemapkit.page_heads import CHUNK_BYTES, MAX_HEAD_BYTES, file_head
from sitemapkit.pages import served_as_html


def test_an_end_split_between_two_chunks_is_found(tmp_path: Path) -> None:
    start = "<html><head><title>t</title>"
    padding = "<!--" + "x" * (CHUNK_BYTES - len(start) - 4 - 3 - 3) + "-->"
    page = start + padding + "</HEAD><body><p>body text"  # `</HE` ends the first chunk
    assert len((start + padding).encode()) + 3 == CHUNK_BYTES
    (tmp_path / "p.html").write_text(page)
    assert file_head("p.html", str(tmp_path)) == start + padding


def test_a_body_tag_written_by_a_head_script_does_not_end_the_head(tmp_path: Path) -> None:
    """The build's noindex check and validate's read the same head."""
    page = (
        '<html><head><script>var t = "<body>";</script>'
        '<meta name="robots" content="noindex"></head><body><p>x'
    )
    (tmp_path / "p.html").write_text(page)
    head = file_head("p.html", str(tmp_path))
    assert head.endswith('content="noindex">')
    assert head_says_noindex(head) and file_head_marks("p.html", str(tmp_path))[0]


def test_a_head_without_an_end_is_read_to_the_limit_or_the_files_end(tmp_path: Path) -> None:
    (tmp_path / "long.html").write_text("<head>" + "a" * (MAX_HEAD_BYTES + CHUNK_BYTES))
    assert len(file_head("long.html", str(tmp_path))) == MAX_HEAD_BYTES
    (tmp_path / "short.html").write_text("<head><title>a fragment")
    assert file_head("short.html", str(tmp_path)) == "<head><title>a fragment"
    assert file_head("missing.html", str(tmp_path)) == ""


def test_a_file_is_served_as_html_by_its_suffix_or_without_one_by_how_it_opens(
    tmp_path: Path,
) -> None:
    files = {
        "page": b"<!DOCTYPE html>\n<html><head>",
        "bom": b"\xef\xbb\xbf\n  <!-- built by a generator -->\n<HTML lang='en'>",
        "xhtml": b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD',
        "headed": b"<head><title>t</title>",
        "long": b"<!--" + b"credits " * 300 + b"-->\n<!doctype html>",
        "humans": b"/* TEAM */ Ada\n",
        "feed": b'<?xml version="1.0"?><rss version="2.0">',
        "notes.txt": b"<!DOCTYPE html>\n<html>",  # a host serves it as text
        "tiny.html": b"",
        "empty": b"",
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    served = {name for name in [*files, "missing"] if served_as_html(name, str(tmp_path))}
    assert served == {"page", "bom", "xhtml", "headed", "long", "tiny.html"}


def test_a_head_not_in_utf8_is_read_in_the_charset_it_declares(tmp_path: Path) -> None:
    (tmp_path / "latin.html").write_bytes(b'<meta charset="ISO-8859-1"><title>caf\xe9</title>')
    (tmp_path / "plain.html").write_bytes(b"<title>caf\xe9 \x93quoted\x94</title>")
    (tmp_path / "utf8.html").write_bytes("<title>café “q”</title>".encode())
    latin = '<meta charset="ISO-8859-1"><title>café</title>'
    assert file_head("latin.html", str(tmp_path)) == latin
    assert file_head("plain.html", str(tmp_path)) == "<title>café “quoted”</title>"  # cp1252
    assert file_head("utf8.html", str(tmp_path)) == "<title>café “q”</title>"
