"""The dates mkdocs-git-revision-date-localized-plugin gives pages, and whether they can be
trusted: after a fresh clone every file is new, while a page's last commit is when it changed.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterable, Mapping

from sitemapkit.dates import iso_datetime

#: Where mkdocs-git-revision-date-localized-plugin leaves a page's last commit time with its
#: offset: `<span class="timeago" datetime="2024-05-01T12:00:00+02:00" ...>`.
GIT_DATE_KEY = "git_revision_date_localized_raw_timeago"
#: The commit's hash beside it: empty where the plugin gave the build's time instead.
GIT_HASH_KEY = "git_revision_date_localized_hash"
_DATETIME_ATTRIBUTE = re.compile(r'\bdatetime="([^"]+)"')


def git_revision_time(meta: Mapping[str, object], before: int) -> int | None:
    """The time of the page's last commit, as mkdocs-git-revision-date-localized-plugin found
    it (the date the page shows), in seconds; None without one.

    A page without a commit (generated, untracked, git failing) gets the build's time from
    the plugin and an empty commit hash. Releases that record no hash are told apart by the
    time alone: from `before` on (the build's start) it is no commit's.
    """
    value = meta.get(GIT_DATE_KEY)
    if not isinstance(value, str):
        return None
    found = _DATETIME_ATTRIBUTE.search(value)
    if found is None:
        return None
    try:
        moment = iso_datetime(found.group(1))
    except ValueError:
        return None
    if moment.tzinfo is None:
        return None
    seconds = int(moment.timestamp())
    commit = meta.get(GIT_HASH_KEY)
    if isinstance(commit, str):
        return seconds if commit else None
    return seconds if seconds < before else None


class IncludedCommits:
    """The last commit times of the files pages take in (snippets, includes), for the pages the
    git plugin dated: it dates a page by its own file's commits only, while the changelog page
    changes with each commit to the CHANGELOG.md it includes.

    Asked of git as the plugin asks it (`git log`, the author's time), once per file and build;
    a file git does not track, or a failing git, gives none. `git log -1` needs no renames
    followed (the commit that renamed a file is its last) and no file contents, so a partial
    clone fetches nothing.
    """

    def __init__(self) -> None:
        self._times: dict[str, int | None] = {}
        self._git_missing = False

    def newest(self, commit: int, files: Iterable[str]) -> int:
        """The page's own commit time, or the last commit of a file it takes in when later."""
        for path in files:
            if path not in self._times:
                self._times[path] = self._ask(path)
            time = self._times[path]
            if time is not None and time > commit:
                commit = time
        return commit

    def _ask(self, path: str) -> int | None:
        if self._git_missing:
            return None
        real = os.path.realpath(path)
        try:
            done = subprocess.run(
                ["git", "log", "-1", "--format=%at", "--", os.path.basename(real)],
                cwd=os.path.dirname(real),
                env={**os.environ, "GIT_NO_LAZY_FETCH": "1", "GIT_TERMINAL_PROMPT": "0"},
                capture_output=True,
                text=True,
                check=False,
            )
        except FileNotFoundError:  # no git installed
            self._git_missing = True
            return None
        except OSError:  # a folder gone or unreadable
            return None
        answer = done.stdout.strip()
        return int(answer) if done.returncode == 0 and answer.isdigit() else None


def shallow_clone(*folders: str) -> str | None:
    """The `shallow` file of the first git repository holding one of `folders` that is a
    shallow clone (CI's usual `--depth 1`), else None; read from the files, git is not run.

    The pages' own folders, not `docs_dir` alone: a plugin may build from a copy of the docs
    outside any repository (mkdocs-monorepo-plugin), and a submodule is a clone of its own.
    """
    known: dict[str, str | None] = {}  # a folder walked -> the git folder holding it
    checked: set[str] = set()
    for folder in folders:
        git_dir = _git_dir(os.path.abspath(folder), known)
        if git_dir is None or git_dir in checked:
            continue
        checked.add(git_dir)
        for candidate in (git_dir, _common_dir(git_dir)):
            shallow = os.path.join(candidate, "shallow")
            if os.path.isfile(shallow):
                return shallow
    return None


def _git_dir(here: str, known: dict[str, str | None]) -> str | None:
    """The git folder of the repository holding `here` (a worktree's or submodule's own, named
    by its `.git` file); the folders walked are remembered in `known`."""
    walked = []
    git_dir = None
    while True:
        if here in known:
            git_dir = known[here]
            break
        walked.append(here)
        dot_git = os.path.join(here, ".git")
        if os.path.isdir(dot_git):
            git_dir = dot_git
            break
        if os.path.isfile(dot_git):  # a worktree or submodule: `gitdir: <path>`
            try:
                with open(dot_git, encoding="utf-8") as handle:
                    pointer = handle.read().strip()
            except OSError:
                break
            if pointer.startswith("gitdir:"):
                git_dir = os.path.normpath(os.path.join(here, pointer[len("gitdir:") :].strip()))
            break
        parent = os.path.dirname(here)
        if parent == here:
            break
        here = parent
    for folder in walked:
        known[folder] = git_dir
    return git_dir


def _common_dir(git_dir: str) -> str:
    """A worktree's repository (`commondir`), where a shallow clone keeps its `shallow` file."""
    try:
        with open(os.path.join(git_dir, "commondir"), encoding="utf-8") as handle:
            return os.path.join(git_dir, handle.read().strip())
    except OSError:
        return git_dir
