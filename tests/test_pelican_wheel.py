"""`PLUGINS = ["sitemapkit"]` from a wheel: the namespace plugin `pelican.plugins.sitemapkit`."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pelican
import pytest

from conftest import ROOT, SchemaSet, fresh_venv_with_wheel, locs, write_tree


@pytest.fixture(scope="session")
def wheel_python(built_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv with the wheel installed next to a copy of Pelican, as pip would.

    Pelican is copied into the same site-packages (a namespace plugin must sit inside the
    installed `pelican/plugins/`); other dependencies come from this environment as a plain
    path, whose .pth files (the editable install's) are not run.
    """
    python, site_packages = fresh_venv_with_wheel(
        built_wheel, tmp_path_factory.mktemp("pelican-env")
    )
    dev_packages = Path(pelican.__file__).resolve().parents[1]
    shutil.copytree(
        dev_packages / "pelican",
        site_packages / "pelican",
        dirs_exist_ok=True,
        ignore=shutil.ignore_patterns("tests", "__pycache__"),
    )
    return python


def build_with(python: Path, tmp_path: Path, plugins_line: str) -> tuple[Path, str]:
    content = write_tree(
        tmp_path / "content",
        {
            "articles/hello.md": "Title: Hello\nDate: 2024-05-01\nCategory: News\n\nHi.\n",
            "pages/about.md": "Title: About\nSave_as: about.html\n\nAbout.\n",
        },
    )
    conf = tmp_path / "pelicanconf.py"
    conf.write_text(
        "SITEURL = 'https://example.com'\nTIMEZONE = 'UTC'\nFEED_ALL_ATOM = None\n"
        f"CATEGORY_FEED_ATOM = None\n{plugins_line}\n",
        encoding="utf-8",
    )
    out = tmp_path / "output"
    done = subprocess.run(
        [str(python), "-m", "pelican", str(content), "-s", str(conf), "-o", str(out),
         "--fatal", "errors"],
        capture_output=True, text=True, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return out, done.stdout + done.stderr


def test_the_namespace_plugin_comes_from_the_wheel(wheel_python: Path) -> None:
    probe = (
        "import sitemapkit, pelican.plugins.sitemapkit as plugin, sitemapkit.pelican as adapter; "
        "from pelican.plugins._utils import get_namespace_plugins; "
        "print(sitemapkit.__file__); print(plugin.register is adapter.register); "
        "print(sorted(get_namespace_plugins()))"
    )
    done = subprocess.run(
        [str(wheel_python), "-c", probe], capture_output=True, text=True, check=True
    )
    where, same, found = done.stdout.splitlines()
    assert where.startswith(str(wheel_python.parents[1]))
    assert not where.startswith(str(ROOT))
    assert same == "True"
    assert "pelican.plugins.sitemapkit" in found


@pytest.mark.parametrize(
    "plugins_line", ['PLUGINS = ["sitemapkit"]', "# PLUGINS unset: namespace plugins load"]
)
def test_pelican_builds_a_sitemap_with_the_wheel_plugin(
    wheel_python: Path, tmp_path: Path, schemas: SchemaSet, plugins_line: str
) -> None:
    out, log = build_with(wheel_python, tmp_path, plugins_line)
    assert "Cannot" not in log  # no "Cannot load plugin" / "Cannot register plugin"
    schemas.validate_folder(out)
    assert set(locs(out / "sitemap.xml")) >= {
        "https://example.com/",
        "https://example.com/hello.html",
        "https://example.com/about.html",
        "https://example.com/category/news.html",
    }
