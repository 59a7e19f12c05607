"""A small handbook built with the sitemapkit Sphinx extension: `make demo` builds it."""

project = "Tea Handbook"
author = "sitemapkit contributors"
extensions = ["sitemapkit.sphinx"]
exclude_patterns = ["_build", "_snippets"]

# Sphinx's own setting: canonical links and sitemap URLs both start with it.
html_baseurl = "https://example.com/handbook/"

# Every sitemapkit option is a config value `sitemapkit_<option>`; these are examples.
sitemapkit_changefreq = "monthly"
sitemapkit_priority_overrides = {"origins/*": 0.6}
