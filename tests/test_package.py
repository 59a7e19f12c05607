"""The distribution: a wheel that installs and runs in a fresh virtualenv, and a pure core."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

from conftest import BUILD_INPUTS, ROOT, fresh_venv_with_wheel


def test_the_wheel_holds_the_core_the_adapters_and_the_command(built_wheel: Path) -> None:
    with zipfile.ZipFile(built_wheel) as archive:
        names = set(archive.namelist())
        entry_points = next(n for n in names if n.endswith("entry_points.txt"))
        points = archive.read(entry_points).decode()
    for module in ("sitemapkit/__init__.py", "sitemapkit/py.typed", "sitemapkit/cli.py"):
        assert module in names
    for host in ("mkdocs", "pelican", "sphinx"):
        assert f"sitemapkit/{host}/__init__.py" in names
    assert not any(n.startswith(("tests/", "examples/", "bench/")) for n in names)
    assert not any(n.endswith(".xsd") for n in names)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "sitemapkit = sitemapkit.cli:main" in points
    assert "sitemapkit = sitemapkit.mkdocs:SitemapkitPlugin" in points


def test_the_sdist_holds_the_license_and_a_test_suite_that_runs(tmp_path: Path) -> None:
    """Distributions run the tests from the sdist: conftest, corpus, examples and the
    benchmark's code come with them; the benchmark's generated sites and caches do not."""
    source = tmp_path / "source"
    source.mkdir()
    inputs = (*BUILD_INPUTS, "MANIFEST.in", "Makefile", "tests", "examples", "bench")
    for name in inputs:
        path = ROOT / name
        if path.is_dir():
            ignored = shutil.ignore_patterns("__pycache__", "sites", "results")
            shutil.copytree(path, source / name, ignore=ignored)
        else:
            shutil.copy2(path, source / name)
    wanted = {
        path.relative_to(source).as_posix()
        for folder in ("tests", "examples")
        for path in (source / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    junk_files = ["bench/sites/tree/page.html", "tests/__pycache__/conftest.cpython-311.pyc"]
    junk_files += ["examples/mkdocs/site/index.html", "examples/sphinx/_build/index.html"]
    for junk in junk_files:
        (source / junk).parent.mkdir(parents=True, exist_ok=True)
        (source / junk).write_text("junk", encoding="utf-8")
    code = f"from setuptools import build_meta; build_meta.build_sdist({str(tmp_path)!r})"
    subprocess.run([sys.executable, "-c", code], cwd=source, capture_output=True, check=True)
    (sdist,) = tmp_path.glob("sitemapkit-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    wanted |= {"LICENSE", "Makefile", "bench/run.py", "bench/trees.py", "bench/hosts.py"}
    assert wanted - names == set()
    junk_folders = ("bench/sites", "examples/mkdocs/site", "examples/sphinx/_build")
    assert not any(name.startswith(junk_folders) or "__pycache__" in name for name in names)


def test_the_wheel_runs_in_a_fresh_virtualenv(built_wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "env"
    python, _ = fresh_venv_with_wheel(built_wheel, env_dir)
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<title>home</title>")
    probe = (
        "import sitemapkit, sys; print(sitemapkit.__file__); "
        "from sitemapkit.cli import main; "
        f"sys.exit(main(['build', {str(site)!r}, '--base-url', 'https://example.com/']))"
    )
    done = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].startswith(str(env_dir))
    assert (site / "sitemap.xml").is_file()
    command = env_dir / "bin" / "sitemapkit"
    assert (
        subprocess.run([str(command), "--version"], capture_output=True, check=False).returncode
        == 0
    )


def test_the_core_never_imports_a_generator() -> None:
    generators = {"mkdocs", "pelican", "sphinx", "docutils", "jinja2"}
    for module in sorted((ROOT / "core").glob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                roots = {node.module.split(".")[0]}
            else:
                continue
            assert not roots & generators, f"{module.name} imports {roots & generators}"


def test_only_the_hosts_entries_hand_over_to_an_adapter_and_only_when_called() -> None:
    """`sitemapkit.register()` (Pelican) may import the Pelican adapter as Pelican calls it;
    nothing else in the core names an adapter, so importing the core imports no generator."""
    adapters = {f"sitemapkit.{host}" for host in ("mkdocs", "pelican", "sphinx")}
    for module in sorted((ROOT / "core").glob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        in_functions = {
            id(node)
            for function in ast.walk(tree)
            if isinstance(function, ast.FunctionDef)
            for node in ast.walk(function)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in adapters:
                assert module.name == "host_entry.py", f"{module.name} imports {node.module}"
                assert id(node) in in_functions, f"{module.name} imports {node.module} at once"
    code = "import sys, sitemapkit; print(*sorted(sys.modules), sep='\\n')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = {name.split(".")[0] for name in done.stdout.split()}
    assert "sitemapkit" in loaded
    assert not loaded & {"mkdocs", "pelican", "sphinx", "docutils", "jinja2"}
