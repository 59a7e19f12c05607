"""The package's own name as a generator's plugin name, as MkDocs' `plugins: [sitemapkit]` is:
`extensions = ["sitemapkit"]` in Sphinx's conf.py, and `PLUGINS = ["sitemapkit"]` in Pelican's
settings where the install has no `pelican.plugins.sitemapkit` (an editable one).

Each hands over to its adapter when the generator calls it, so importing the core still
imports no generator.
"""

from __future__ import annotations

from typing import Any


def setup(app: Any) -> dict[str, Any]:
    """Sphinx's entry: Sphinx loads the adapter, `sitemapkit.sphinx` (once, if both are listed)."""
    from sitemapkit import __version__  # `needs_extensions` asks this name's version

    app.setup_extension("sitemapkit.sphinx")
    # Safe in parallel builds: this name registers nothing itself.
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}


def register() -> None:
    """Pelican's entry for a plugin it imports by its module name."""
    from sitemapkit.pelican import register as register_adapter

    register_adapter()
