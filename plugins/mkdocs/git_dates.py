"""The dates mkdocs-git-revision-date-localized-plugin gives pages, and whether they can be
trusted: after a fresh clone every file is new, while a page's last commit is when it changed.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Collection, Iterable, Mapping

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


def last_commits(paths: Iterable[str]) -> dict[str, int]:
    """The (author) time of the last commit of each file git tracks, by path: for the files the
    pages the git plugin dated take in (snippets, includes), which the plugin does not look at,
    while the changelog page changes with each commit to the CHANGELOG.md it includes.

    One `git log` per folder for all its files, stopped once each has its commit (the plugin
    runs one per page; one per file here took seconds on a site of many includes). A file git
    does not track, or a failing git, gives none. The names are literal (`notes[1].md` is no
    pattern). Unlike the plugin, a commit that renamed a file, or changed only its spaces,
    counts, and no ignored commits are read; asked together, the files' histories are walked
    together, so where a merge kept one branch's version of a file, a commit of the branch it
    dropped may be taken for its last. No renames are followed and no file contents read, so
    a blobless clone fetches nothing.
    """
    by_folder: dict[str, dict[bytes, list[str]]] = {}  # one file may be named several ways
    for path in paths:
        folder, name = os.path.split(os.path.realpath(path))
        by_folder.setdefault(folder, {}).setdefault(os.fsencode(name), []).append(path)
    found: dict[str, int] = {}
    for folder, names in sorted(by_folder.items()):
        for file_name, time in _folder_commits(folder, names.keys()).items():
            found.update(dict.fromkeys(names[file_name], time))
    return found


#: Up to this many files of a folder are named to git; more, and the folder is.
_NAMES_GIVEN = 32


#: What tells git which repository to read (`git rev-parse --local-env-vars`, but the
#: configuration's): a git hook's `GIT_DIR` would make it read the wrong one for a folder.
_REPOSITORY_VARIABLES = (
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_OBJECT_DIRECTORY",
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_IMPLICIT_WORK_TREE",
    "GIT_GRAFT_FILE",
    "GIT_INDEX_FILE",
    "GIT_NO_REPLACE_OBJECTS",
    "GIT_REPLACE_REF_BASE",
    "GIT_PREFIX",
    "GIT_INTERNAL_SUPER_PREFIX",
    "GIT_SHALLOW_FILE",
    "GIT_COMMON_DIR",
)


def _git_environment() -> dict[str, str]:
    """git run in a folder finds that folder's repository, asks nothing and fetches nothing,
    and takes names literally (`notes[1].md` is no pattern). (A work tree kept apart from its
    repository only through `GIT_DIR`, as some dotfiles set-ups do, gives no dates.)"""
    environment = {k: v for k, v in os.environ.items() if k not in _REPOSITORY_VARIABLES}
    environment.update(GIT_LITERAL_PATHSPECS="1", GIT_NO_LAZY_FETCH="1", GIT_TERMINAL_PROMPT="0")
    return environment


def _tracked(folder: str, asked: list[str]) -> set[bytes]:
    """The names among `asked` (or in the folder, for `.`) committed in `folder`: one only
    staged has no commit to find either."""
    try:
        done = subprocess.run(
            ["git", "ls-tree", "-z", "--name-only", "HEAD", "--", *asked],
            cwd=folder,
            env=_git_environment(),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            check=False,
        )
    except OSError:
        return set()
    if done.returncode != 0:
        return set()
    return {name for name in done.stdout.split(b"\0") if name and b"/" not in name}


def _folder_commits(folder: str, names: Collection[bytes]) -> dict[bytes, int]:
    """The last commit time of each of the files `names` in `folder`, newest commits first.

    `-c` lists a merge's files where the merge changed them against each parent, as `git log
    -1 -- file` finds it; no signatures are shown or checked. Each commit's time comes after
    an empty field as `/seconds` (no relative name starts with `/`), its names after it.
    """
    found: dict[bytes, int] = {}
    # Each name is matched against every commit's changes: for many names, the folder's
    # whole history is quicker to read (400 names over 300 commits: 0.63 s against 0.09 s).
    asked = sorted(map(os.fsdecode, names)) if len(names) <= _NAMES_GIVEN else ["."]
    # An untracked name would have the whole history read for nothing.
    wanted = _tracked(folder, asked) & set(names)
    if not wanted:
        return found
    if asked != ["."]:
        asked = sorted(map(os.fsdecode, wanted))
    command = ["git", "log", "-c", "--root", "--format=%x00/%at", "--name-only", "-z"]
    command += ["--relative", "--no-show-signature", "--", *asked]
    try:
        git = subprocess.Popen(
            command,
            cwd=folder,
            env=_git_environment(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
    except OSError:  # no git installed, or the folder is gone
        return found
    with git:
        assert git.stdout is not None
        rest, time, first_name = b"", None, False
        while len(found) < len(wanted):
            chunk = os.read(git.stdout.fileno(), 65_536)
            if not chunk:
                break
            *tokens, rest = (rest + chunk).split(b"\0")
            for token in tokens:
                if not token:  # a merge's names follow an empty field, with no line first
                    first_name = False
                    continue
                if token.startswith(b"/"):  # a commit's time: its names follow
                    time = int(token[1:]) if token[1:].isdigit() else None
                    first_name = True
                    continue
                if first_name and token.startswith(b"\n"):  # a line ends the commit's header
                    token = token[1:]
                first_name = False
                if time is not None and token in wanted and token not in found:
                    found[token] = time
        git.kill()  # each file has its last commit: the older history is not read
    return found


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
