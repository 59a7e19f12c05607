"""Files of the Python installation, which date no page: the modules an API page documents
(Sphinx's autodoc and viewcode, MkDocs' mkdocstrings) as pip installed them.

A package installed for the build (`pip install .` on CI and Read the Docs) has files as new
as the install, minutes before each build: a page dated by them would say it changed on every
build. Its time says nothing of when the module changed, nor does the standard library's. The
project's own files (an editable install, a `sys.path` entry in `conf.py`, mkdocstrings'
`paths`) keep counting.
"""

from __future__ import annotations

import os
import site
import sysconfig
from collections.abc import Iterable, Mapping
from functools import cache


@cache
def installed_folders() -> tuple[str, ...]:
    """The folders this Python imports installed modules from, each as given and as resolved,
    ending in a separator."""
    paths = sysconfig.get_paths()
    folders = {paths[key] for key in ("stdlib", "platstdlib", "purelib", "platlib") if key in paths}
    folders.update(site.getsitepackages() if hasattr(site, "getsitepackages") else ())
    folders.add(site.getusersitepackages())
    found = {os.path.normcase(os.path.normpath(folder)) for folder in folders if folder}
    found |= {os.path.normcase(os.path.realpath(folder)) for folder in found}
    return tuple(sorted(os.path.join(folder, "") for folder in found))


def project_files(
    paths: Iterable[str], srcdir: str, products: tuple[str, ...] = ()
) -> tuple[str, ...]:
    """`paths` without the installation's files, nor those below `products` (folders the build
    writes into, ending in a separator). A virtualenv in the source folder is the
    installation's; documentation kept inside an installed package counts its own files."""
    installed = installed_folders()
    source = os.path.join(os.path.normcase(os.path.normpath(srcdir)), "")
    source_installed = source.startswith(installed)
    kept = []
    for path in paths:
        normal = os.path.normcase(os.path.normpath(path))
        if products and normal.startswith(products):
            continue
        if not normal.startswith(installed) or (source_installed and normal.startswith(source)):
            kept.append(path)
    return tuple(kept)


def project_files_of(read: Mapping[str, Iterable[str]], srcdir: str) -> dict[str, tuple[str, ...]]:
    """Each key's `project_files` among what was `read` for it, once each in the order read;
    keys left with none are dropped."""
    kept = {key: project_files(dict.fromkeys(paths), srcdir) for key, paths in read.items()}
    return {key: files for key, files in kept.items() if files}
