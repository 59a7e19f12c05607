"""`python -m sitemapkit` is the `sitemapkit` command."""

from .cli import main

raise SystemExit(main())
