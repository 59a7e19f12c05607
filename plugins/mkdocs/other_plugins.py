"""Other plugins of a build, found by the package their class comes from: `plugins` names
them by entry point, which a project may point at a class of its own made from theirs."""

from __future__ import annotations

from collections.abc import Iterable


def plugins_of(plugins: Iterable[object], package: str) -> list[object]:
    """The plugins whose class, or a class it is made from, comes from `package` (a package or
    a module, `material.plugins.blog`), or from a module within it."""
    within = package + "."
    return [
        plugin
        for plugin in plugins
        if any(
            base.__module__ == package or base.__module__.startswith(within)
            for base in type(plugin).__mro__
        )
    ]
