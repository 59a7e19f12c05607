"""Shared test helpers: XSD validation of every sitemap XML a test writes, and small sites."""

from __future__ import annotations

import gzip
import os
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest
from lxml import etree

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = Path(os.environ.get("SITEMAPKIT_SCHEMAS", ROOT.parent / "shared" / "schemas"))
NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}


class SchemaSet:
    """The official sitemap and sitemap-index XSDs, loaded once (lxml, offline)."""

    def __init__(self, folder: Path) -> None:
        self.urlset = etree.XMLSchema(etree.parse(str(folder / "sitemap.xsd")))
        self.index = etree.XMLSchema(etree.parse(str(folder / "siteindex.xsd")))

    def validate_file(self, path: Path) -> None:
        data = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
        tree = etree.fromstring(data)
        schema = self.index if etree.QName(tree).localname == "sitemapindex" else self.urlset
        if not schema.validate(tree):
            raise AssertionError(f"{path.name} is not valid against the XSD: {schema.error_log}")

    def validate_folder(self, folder: Path) -> list[Path]:
        """Validate every sitemap XML (and .xml.gz) in a folder; return the files checked."""
        checked = sorted(
            p for p in folder.iterdir() if p.name.endswith((".xml", ".xml.gz")) and p.is_file()
        )
        for path in checked:
            self.validate_file(path)
        return checked


@pytest.fixture(scope="session")
def schemas() -> SchemaSet:
    """The XSDs; outside CI they may be missing (skip), with CI=true that is a failure."""
    if not (SCHEMAS / "sitemap.xsd").is_file():
        message = f"official XSDs not found in {SCHEMAS} (set SITEMAPKIT_SCHEMAS)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return SchemaSet(SCHEMAS)


def write_tree(root: Path, files: Mapping[str, str | bytes]) -> Path:
    """A site stated inline: file name -> content, written below `root`."""
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


@pytest.fixture
def make_tree(tmp_path: Path) -> Callable[..., Path]:
    def make(files: Mapping[str, str | bytes], name: str = "site") -> Path:
        return write_tree(tmp_path / name, files)

    return make


def parse_urlset(path: Path) -> list[dict[str, str]]:
    """Each `<url>` of a sitemap as a dict of its children's text."""
    tree = etree.parse(str(path))
    rows = []
    for url in tree.getroot().findall("sm:url", NS):
        rows.append({etree.QName(child).localname: child.text or "" for child in url})
    return rows


def locs(path: Path) -> list[str]:
    """The `<loc>` values of a sitemap or an index, in order."""
    tree = etree.parse(str(path))
    return [el.text or "" for el in tree.getroot().iterfind(".//sm:loc", NS)]
