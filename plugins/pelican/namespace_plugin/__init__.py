"""`pelican.plugins.sitemapkit` in a wheel install, so `PLUGINS = ["sitemapkit"]` finds it."""

from sitemapkit.pelican import register

__all__ = ["register"]
