"""Exceptions that carry a message fit to show a site owner, never a traceback."""

from __future__ import annotations


class SitemapkitError(Exception):
    """A user mistake or an environment problem: front ends print the message and stop."""


class OptionError(SitemapkitError):
    """A bad option value; front ends re-spell `option` the way their users write it."""

    def __init__(self, option: str, value: object, allowed: str) -> None:
        self.option = option
        self.value = value
        self.allowed = allowed
        super().__init__(self.describe(option))

    def describe(self, spelling: str) -> str:
        """The message with the option named as the user wrote it (`--max-urls`, `SITEMAPKIT`)."""
        return f"{spelling}: {self.value!r} is not valid; {self.allowed}"
