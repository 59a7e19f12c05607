"""The benchmark runs end to end on a tiny tree (its figures are not checked: no timed tests)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import ROOT, SchemaSet


def run_bench(work: Path, *args: str) -> None:
    """`bench/run.py` with its sites and results in `work`; it must finish cleanly."""
    command = [sys.executable, str(ROOT / "bench" / "run.py"), "--work", str(work), *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_benchmark_reports_every_contender_on_a_tiny_tree(
    tmp_path: Path, schemas: SchemaSet
) -> None:
    run_bench(tmp_path, "--sizes", "200", "--runs", "1", "--sites", "0", "--keep")

    report = (tmp_path / "results" / "latest.md").read_text(encoding="utf-8")
    rows = [line for line in report.splitlines() if line.startswith("| ")]
    contenders = [row.split("|")[2].strip() for row in rows[1:]]
    assert contenders == [
        "floor (scandir + stat + join)",
        "`build_sitemaps()` (core API)",
        "`sitemapkit build`",
        "`sitemapkit build --gzip`",
    ]
    assert rows[1].startswith("| 200 |")
    assert "not measured here" in report  # the 1,000,000-page targets need the big tree
    assert len(list((tmp_path / "results").glob("*.json"))) == 1

    tree = tmp_path / "sites" / "tree-200-8k"
    pages = [p for p in tree.rglob("*") if p.suffix == ".html"]
    assert len(pages) == 200
    assert {p.stat().st_size for p in pages} == {8192}  # a themed page's size: never opened
    assert any(" " in p.name for p in pages) and any(not p.name.isascii() for p in pages)
    # The last contender's sitemap (with gzip twins) stays for checking: 200 valid URLs.
    checked = {p.name for p in schemas.validate_folder(tree)}
    assert {"sitemap.xml", "sitemap.xml.gz", "sitemap-index.xml"} <= checked
    lines = (tree / "sitemap.txt").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 200 and len(set(lines)) == 200


def test_benchmark_times_the_mkdocs_step_on_a_tiny_site(tmp_path: Path) -> None:
    run_bench(tmp_path, "--sizes", "0", "--sites", "20", "--hosts", "mkdocs", "--site-runs", "1")

    report = (tmp_path / "results" / "latest.md").read_text(encoding="utf-8")
    rows = {row.split("|")[1].strip(): row for row in report.splitlines() if row.startswith("| ")}
    # MkDocs' own sitemap runs only without sitemapkit; both list the 20 pages.
    for contender in ("mkdocs build (its own sitemap)", "mkdocs build + sitemapkit"):
        cells = [cell.strip() for cell in rows[contender].split("|")]
        assert cells[2] == "20" and cells[5] == "20", cells
        assert float(cells[7]) > 0, cells  # µs per URL of the timed step
    assert "add `--sites 1000,10000`" in report
    assert "One `os.stat` of a source file" in report
