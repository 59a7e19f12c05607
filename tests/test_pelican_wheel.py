"""`PLUGINS = ["sitemapkit"]` from a wheel: the namespace plugin `pelican.plugins.sitemapkit`."""

from __future__ import annotations

import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pelican
import pytest

from conftest import ROOT, SchemaSet, locs, write_tree

#: What the build needs from the source tree (copied, so the build leaves the tree clean).
BUILD_INPUTS = ("pyproject.toml", "README.md", "core", "plugins")


@pytest.fixture(scope="session")
def built_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built once per test session from a copy of the source tree."""
    source = tmp_path_factory.mktemp("source")
    for name in BUILD_INPUTS:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(path, source / name)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(out), str(source)],
        check=True,
    )  # fmt: skip
    (found,) = out.glob("sitemapkit-*.whl")
    return found


@pytest.fixture(scope="session")
def wheel_python(built_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv with the wheel installed next to a copy of Pelican, as pip would.

    Pelican is copied into the same site-packages (a namespace plugin must sit inside the
    installed `pelican/plugins/`); other dependencies come from this environment as a plain
    path, whose .pth files (the editable install's) are not run.
    """
    env_dir = tmp_path_factory.mktemp("pelican-env")
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
         "--no-deps", "--no-index", str(built_wheel)],
        check=True,
    )  # fmt: skip
    site_packages = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
    )  # fmt: skip
    dev_packages = Path(pelican.__file__).resolve().parents[1]
    shutil.copytree(
        dev_packages / "pelican",
        site_packages / "pelican",
        dirs_exist_ok=True,
        ignore=shutil.ignore_patterns("tests", "__pycache__"),
    )
    (site_packages / "dev-packages.pth").write_text(f"{dev_packages}\n", encoding="utf-8")
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
