"""robots.txt: the Sitemap line crawlers use for discovery, added politely."""

from __future__ import annotations

from pathlib import Path

from sitemapkit import Notice, Page, build_sitemaps, resolve_options

LINE = "Sitemap: https://example.com/sitemap-index.xml"


def build(site: Path, base: str = "https://example.com/", **options: object) -> list[Notice]:
    notices: list[Notice] = []
    opts = resolve_options({"base_url": base, **options})
    build_sitemaps(site, opts, [Page("index.html")], report=notices.append)
    return notices


def test_a_minimal_robots_txt_is_written_when_there_is_none(tmp_path: Path) -> None:
    build(tmp_path)
    assert (tmp_path / "robots.txt").read_text() == f"User-agent: *\nAllow: /\n\n{LINE}\n"


def test_an_existing_robots_txt_keeps_its_lines_and_gets_one_line_once(tmp_path: Path) -> None:
    mine = "User-agent: *\nDisallow: /private/\n# keep me"
    (tmp_path / "robots.txt").write_text(mine)
    build(tmp_path)
    build(tmp_path)
    assert (tmp_path / "robots.txt").read_text() == f"{mine}\n{LINE}\n"


def test_a_site_under_a_folder_gets_no_robots_txt_but_an_info_line(tmp_path: Path) -> None:
    notices = build(tmp_path, base="https://user.github.io/project/")
    assert not (tmp_path / "robots.txt").exists()
    assert [(n.level, n.code) for n in notices] == [("info", "robots")]
    assert "Sitemap: https://user.github.io/project/sitemap-index.xml" in notices[0].message


def test_robots_off_leaves_robots_txt_alone(tmp_path: Path) -> None:
    build(tmp_path, robots=False)
    assert not (tmp_path / "robots.txt").exists()


def test_a_robots_txt_in_another_encoding_keeps_its_bytes(tmp_path: Path) -> None:
    mine = "User-agent: *\r\nDisallow: /café/\r\n".encode("latin-1")
    (tmp_path / "robots.txt").write_bytes(mine)
    build(tmp_path)
    assert (tmp_path / "robots.txt").read_bytes() == mine + f"{LINE}\n".encode()


def test_a_robots_txt_that_is_a_folder_is_left_with_an_info_line(tmp_path: Path) -> None:
    (tmp_path / "robots.txt").mkdir()
    notices = build(tmp_path)
    assert [(n.level, n.code) for n in notices] == [("info", "robots")]
    assert (
        notices[0].message
        == f"robots.txt is a folder; left unchanged; crawlers need this line in it: {LINE}"
    )
