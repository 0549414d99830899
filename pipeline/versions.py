"""The versions of the files an ingest reads, as the file ledger (the ``files`` table) tells them:
which ledger rows are one file's versions (its path's, after those of the path it was moved
from), which file read before a file at a new path is (moved and edited, or moved alone: its
bytes known, it is recorded unread, see ``Warehouse.known_copies``), the games a file's new
version no longer holds, and where the games stored from its earlier versions stand in it now. The writer (``pipeline.warehouse``)
reads the rows these decisions need and applies them in its commit."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
import pyarrow as pa

from pipeline.manifest import left_paths

LEDGER_COLUMNS = ["source_path", "source_file", "content_hash", "game_ids", "first_lines", "moved_from", "merged_from"]
"""The columns of ``files`` that tell a file's versions."""
LINE_COLUMNS = ("first_line", "last_line", "line")
"""The columns that hold a line of the game's file (and the ``line`` of an ``undecodable`` spot)."""


@dataclass(slots=True)
class Version:
    """A file a commit reads, as the ledger will know it."""

    path: str
    """Its absolute path (``files.source_path``)."""
    name: str
    """Its path as given (``files.source_file``; the ``source_file`` of the games stored from it)."""
    digest: str
    games: list[str] | None
    """Every game it holds, in file order, each once (``files.game_ids``); None when not known."""
    first_lines: list[int] | None
    """Per game of ``games``, the line it begins at in this file (``files.first_lines``)."""
    changed: bool = False
    """A new version of a file read before, at this path or moved (``moved_from``)."""
    may_have_moved: bool = False
    """Its path was never read, and it holds games stored before: it may be a file read before, moved."""
    moved_from: str | None = None
    """The path of the file read before that this one is, moved (see :meth:`Ledger.find_moves`)."""
    merged_from: list[str] | None = None
    """The paths of the files read before that were merged into this one (see :meth:`Ledger.find_moves`)."""


@dataclass(slots=True, frozen=True)
class Place:
    """Where a game stored before stands in its file's new version."""

    source_file: str
    shift: int
    """Lines to add to each of its line numbers."""


@dataclass(slots=True, frozen=True)
class Dropped:
    """A game stored (or quarantined) from an earlier version of a file that its latest version
    no longer holds."""

    path: str
    """The file's latest path: the history (:func:`file_histories`) that dropped it first."""
    digest: str
    """The hash of that latest version."""
    also: tuple[str, ...] = ()
    """The latest paths of the other files whose histories dropped it since (a game dropped by a
    file, taken by another, then dropped by that one too): it may be stored at any of them."""


@dataclass(slots=True, frozen=True)
class Holder:
    """A file whose latest version read holds a game."""

    source_file: str
    first_line: int | None
    """The line the game begins at in it; None when its ledger row does not say (read by an
    older Rasklad)."""


@dataclass(slots=True, frozen=True)
class UnsureMove:
    """A file at a new path that shares games with a file read before and gone since, but not
    most of the games either way: it is not taken for that file moved, and the user is told."""

    source_file: str
    gone: str
    """The gone file's path (``files.source_path``)."""
    shared: int
    gone_games: int
    """The games the gone file's last version held."""
    games: int
    """The games the new file holds."""
    taken_for: tuple[str, ...] = ()
    """The files (``source_file``) the gone file was taken for, moved (one) or split (several),
    in the same ingest; empty when none was."""


def file_histories(paths: list[str | None], moved_from: list[str | None],
                   merged_from: list[list[str] | None] | None = None) -> dict[str, list[int]]:
    """Per file, by its latest path, the ledger rows of its versions in order: its path's rows,
    after those of the path it was moved from up to the move (a file read later at that path is
    another file). A file split into several (each moved from its path, in one commit) gives each
    part the rows up to the split; files merged into one (``merged_from``) give it the rows of
    each up to the merge. Rows without a path (a ledger written before paths were kept) are no
    file's.

    >>> file_histories(["/a", "/a", "/b", "/a"], [None, None, "/a", None])
    {'/b': [0, 1, 2], '/a': [3]}
    >>> file_histories(["/night", "/night-a", "/night-b"], [None, "/night", "/night"])
    {'/night-a': [0, 1], '/night-b': [0, 2]}
    >>> file_histories(["/a", "/b", "/a", "/c"], [None, None, None, None], [None, None, None, ["/a", "/b"]])
    {'/c': [0, 1, 2, 3]}
    """
    histories: dict[str, list[int]] = {}
    moved_away: dict[str, list[int]] = {}     # a path's rows up to its move: the other parts of a split
    for row, path in enumerate(paths):
        if not path:
            continue
        earlier: set[int] = set()
        for origin in left_paths(path, moved_from[row], merged_from[row] if merged_from else None):
            if origin in histories:
                moved_away[origin] = histories.pop(origin)
            earlier.update(moved_away.get(origin, []))
        histories[path] = sorted(earlier) + histories.pop(path, []) + [row]
    return histories


class Ledger:
    """The ledger's rows as a commit sees them: those committed, then its own files' (:meth:`add`).
    ``games_from``: per file name, the games stored or quarantined from a file of that name
    (``source_file``), read when first needed: what a version read by an older Rasklad, which
    recorded no ``game_ids``, is taken to have held."""

    def __init__(self, rows: pa.Table, games_from: Callable[[], dict[str, set[str]]]) -> None:
        self.paths: list[str | None] = rows.column("source_path").to_pylist()
        self.names: list[str] = rows.column("source_file").to_pylist()
        self.digests: list[str] = rows.column("content_hash").to_pylist()
        self.moved_from: list[str | None] = rows.column("moved_from").to_pylist()
        self.merged_from: list[list[str] | None] = (     # (rows of a ledger kept before merges were)
            rows.column("merged_from").to_pylist() if "merged_from" in rows.column_names else [None] * rows.num_rows)
        self.held = _lists(rows.column("game_ids"), pa.string())
        self.first_lines = _lists(rows.column("first_lines"), pa.int32())
        self.histories = file_histories(self.paths, self.moved_from, self.merged_from)
        self._games_from = games_from
        self._by_name: dict[str, set[str]] | None = None

    def add(self, versions: list[Version]) -> None:
        """The commit's own files, after the committed rows (their moves found first)."""
        self.paths += [v.path for v in versions]
        self.names += [v.name for v in versions]
        self.digests += [v.digest for v in versions]
        self.moved_from += [v.moved_from for v in versions]
        self.merged_from += [v.merged_from for v in versions]
        self.held = pa.concat_arrays([self.held, pa.array([v.games for v in versions], self.held.type)])
        self.first_lines = pa.concat_arrays([
            self.first_lines, pa.array([v.first_lines if v.games is not None else None for v in versions],
                                       self.first_lines.type)])
        self.histories = file_histories(self.paths, self.moved_from, self.merged_from)

    def latest_digest(self, path: str) -> str | None:
        """The hash of the latest version of the file whose latest path is ``path``; None when no
        file's is."""
        rows = self.histories.get(path)
        return self.digests[rows[-1]] if rows else None

    def origins(self, versions: list[Version]) -> dict[str, tuple[list[list[str]], bool]]:
        """Per file of ``versions`` (by ``name``) that the ledger takes for files read before, the
        names those were read under (their ``source_file``s: a rule setting given for a file is
        kept under it), and whether it is a copy. A file moved or split has its gone file's names,
        one merged each gone file's; a copy (bytes read before at a path still there, recorded
        unread) the names of each file of those bytes. Each file's names come latest first; a
        name another file is read under now is left out (it names that file). Call it before
        :meth:`add`: the gone files' histories are theirs still."""
        now_named = {self.names[rows[-1]]: path for path, rows in self.histories.items()}
        by_bytes: dict[str, list[str]] = {}
        if any(not (v.moved_from or v.merged_from) for v in versions):
            for path, rows in self.histories.items():
                by_bytes.setdefault(self.digests[rows[-1]], []).append(path)

        def names_of(path: str) -> list[str]:
            names = dict.fromkeys(self.names[row] for row in reversed(self.histories.get(path, ())))
            return [name for name in names if now_named.get(name, path) == path]

        found: dict[str, tuple[list[list[str]], bool]] = {}
        for version in versions:
            gone = version.merged_from or ([version.moved_from] if version.moved_from else [])
            copied = [] if gone else [path for path in by_bytes.get(version.digest, ()) if path != version.path]
            origins = [names for names in map(names_of, gone or copied) if names]
            if origins:
                found[version.name] = (origins, not gone)
        return found

    def games_of(self, row: int) -> set[str]:
        """The games ledger row ``row``'s version held: as recorded, or, read by an older
        Rasklad, those stored from a file of its name."""
        held = self.held[row]
        if held.is_valid:
            return set(held.as_py())
        return self._stored_by_name().get(self.names[row], set())

    def _stored_by_name(self) -> dict[str, set[str]]:
        if self._by_name is None:
            self._by_name = self._games_from()
        return self._by_name

    def gains_stored_games(self, version: Version, stored_first: set[str]) -> bool:
        """Does ``version``, the new version of a file read before at its path, hold games its
        last version did not that were stored before (not ``stored_first``, by the commit reading
        it): games of another file, maybe merged into it (see :meth:`find_moves`)? Call it before
        :meth:`add`."""
        rows = self.histories.get(version.path)
        if not rows or version.games is None:
            return False
        return not stored_first.issuperset(set(version.games) - self.games_of(rows[-1]))

    def find_moves(self, versions: list[Version], still_there: Callable[[str], bool]) -> list[UnsureMove]:
        """Which of ``versions`` (at paths never read, holding games stored before) are files read
        before, moved and edited: a file whose path is gone now (else, ``still_there``, it is a
        copy, or another file sharing some games: asked of the store the files are read from, see
        ``pipeline.inputs.FileStore``), and which shares with this one most of the games of each.
        Such a version gets ``moved_from`` (and is ``changed``). So do the parts of a gone file
        split in several: versions made mostly of its games, which hold together most of them
        (whatever their sizes: one part may hold most of them alone). A version that holds most of
        the games of two gone files or more (each with some games the others do not hold: not
        copies of one file), which make together most of its games, is those files merged: it gets
        their paths, ``merged_from``. A version of a file read before at its path (see
        :meth:`gains_stored_games`) counts its own file as one of those when it holds most of its
        games still: gone files merged into it give it ``merged_from`` with its own path among
        them; one whose own games are mostly gone and that shares most games both ways with a
        gone file is that file moved onto its path; it is never a split's part, nor told of as
        unsure (it is the file read there, whatever else it holds). One that shares games with a
        gone file but not most of them both ways, nor is one of its parts or a merge of it, or
        whose gone file another version took, is unsure: not taken for it, returned for the user
        to be told (with the files the gone one was taken for, if any)."""
        import pyarrow.compute as pc

        latest_paths = list(self.histories)
        latest = [self.histories[path][-1] for path in latest_paths]
        lists = self.held.take(pa.array(latest, pa.int64()))
        sizes = pc.list_value_length(lists).fill_null(0).to_pylist()
        # one look over every file's games for all the versions: which file holds which of theirs
        holders: dict[str, list[int]] = {}
        for number, version in enumerate(versions):
            for game_id in version.games or ():
                holders.setdefault(game_id, []).append(number)
        held = pc.list_flatten(lists)
        hits = pc.is_in(held, value_set=pa.array(sorted(holders), pa.string()))
        parents = pc.list_parent_indices(lists).to_numpy()[hits.to_numpy(zero_copy_only=False)]
        shared: list[dict[int, int]] = [{} for _ in versions]   # per version: file → games shared
        for game_id, file in zip(held.filter(hits).to_pylist(), parents.tolist()):
            for number in holders[game_id]:
                shared[number][file] = shared[number].get(file, 0) + 1
        for file, row in enumerate(latest):
            if not self.held[row].is_valid:     # read by an older Rasklad: what was stored from it
                games_then = self.games_of(row)
                sizes[file] = len(games_then)
                for game_id in games_then:
                    for number in holders.get(game_id, ()):
                        shared[number][file] = shared[number].get(file, 0) + 1
        claimed: dict[str, list[str]] = {}     # a gone file's path → the versions taken for it
        unsure: list[UnsureMove] = []
        parts_of: dict[int, list[Version]] = {}   # gone file → the versions mostly of its games
        merged: set[tuple[str, str]] = set()     # (a merge, a gone file it holds)
        there: dict[str, bool] = {}     # (asked once a path: the store may be remote)
        for version, counts in zip(versions, shared):
            games = len(version.games or ())
            candidates = []
            sources = []    # the gone files most of whose games it holds: merged into it, maybe
            own_path = version.path in self.histories     # read there before: gone files may be merged into it
            for file, count in counts.items():
                path = latest_paths[file]
                if path == version.path:    # its own file, when most of its games are still in it
                    if 2 * count > sizes[file]:
                        sources.append((path, file))
                    continue
                if there.setdefault(path, still_there(path)):
                    continue
                if 2 * count > games and not own_path:   # mostly its games: a part of it, if it was split
                    parts_of.setdefault(file, []).append(version)
                if 2 * count > sizes[file] and path not in claimed:
                    sources.append((path, file))
                if 2 * count > sizes[file] and 2 * count > games and path not in claimed:
                    candidates.append((count, path, file))
                elif (2 * count > sizes[file] or 2 * count > games or path in claimed) and not own_path:
                    unsure.append(UnsureMove(version.name, path, count, sizes[file], games))
            merge = self._merge(version, sources, latest)
            if merge:   # (a merge of the file it is mostly made of and another: not that file moved)
                version.merged_from, version.changed = merge, True
                for path in merge:
                    claimed[path] = [version.name]
                    merged.add((version.name, path))
                unsure += [UnsureMove(version.name, path, count, sizes[file], games)
                           for count, path, file in candidates if path not in merge]
                continue
            candidates.sort(reverse=True)
            for count, path, file in candidates[1:] if not own_path else ():   # (overlapping: the one sharing most wins)
                unsure.append(UnsureMove(version.name, path, count, sizes[file], games))
            if candidates:
                version.moved_from, version.changed = candidates[0][1], True
                claimed[candidates[0][1]] = [version.name]
        split = self._splits(parts_of, latest_paths, latest, claimed, {path for _, path in merged})
        # the others are other files: told of as such, with what the gone file was taken for
        return [replace(move, taken_for=tuple(claimed.get(move.gone, ()))) for move in unsure
                if (move.source_file, move.gone) not in split | merged]

    def _merge(self, version: Version, sources: list[tuple[str, int]], latest: list[int]) -> list[str]:
        """The paths of the gone files ``version`` is a merge of, sorted; empty when it is none.
        ``sources``: the gone files (path, place in ``latest``) most of whose games it holds.
        Each must hold some of its games that no other of them holds (two copies of one file are
        not two files merged), and together they must make most of its games."""
        if len(sources) < 2:
            return []
        games = set(version.games or ())
        shares = {path: self.games_of(latest[file]) & games for path, file in sources}
        holders = Counter(game_id for share in shares.values() for game_id in share)
        kept = [path for path, share in shares.items() if any(holders[game_id] == 1 for game_id in share)]
        together = set().union(*(shares[path] for path in kept))
        return sorted(kept) if len(kept) >= 2 and 2 * len(together) > len(games) else []

    def _splits(self, parts_of: dict[int, list[Version]], latest_paths: list[str], latest: list[int],
                claimed: dict[str, list[str]], merged: set[str]) -> set[tuple[str, str]]:
        """Of the gone files (by their place in ``latest_paths``) and the versions made mostly of
        each one's games (``parts_of``), those split: two versions or more, not taken for another
        file moved (one may be taken for this one: the larger part of an unequal split), each
        holding some of its games that no other part holds (two copies of it are not its parts),
        that hold together most of its games; each part gets ``moved_from``, and ``claimed`` says
        so. Returns the (part, gone path) found so."""
        found: set[tuple[str, str]] = set()
        for file, candidates in parts_of.items():
            path = latest_paths[file]
            if path in merged:     # merged into another file in this run: not split as well
                continue
            candidates = [version for version in candidates
                          if version.moved_from in (None, path) and not version.merged_from]
            games_then = self.games_of(latest[file])
            shares = [games_then.intersection(version.games or ()) for version in candidates]
            holders = Counter(game_id for share in shares for game_id in share)
            kept = [(version, share) for version, share in zip(candidates, shares)
                    if any(holders[game_id] == 1 for game_id in share)]
            parts = [version for version, _ in kept]
            if len(parts) < 2 or 2 * len(set().union(*(share for _, share in kept))) <= len(games_then):
                continue
            for version in parts:
                version.moved_from, version.changed = path, True
                found.add((version.name, path))
            claimed[path] = [version.name for version in candidates if version.moved_from == path]
        return found

    def dropped(self, known: set[str]) -> dict[str, Dropped]:
        """The games held by an earlier version of a file whose latest version holds other bytes
        and not them, and stored or quarantined still (``known``). Another file may hold them:
        see :meth:`holders`."""
        dropped: dict[str, Dropped] = {}
        heirs: dict[int, list[str]] = {}    # an earlier version → the files it is one of (several: split)
        for path, rows in self.histories.items():
            for row in rows[:-1]:
                heirs.setdefault(row, []).append(path)
        holds: dict[str, set[str]] = {}

        def held_now(path: str) -> set[str]:
            if path not in holds:
                holds[path] = self.games_of(self.histories[path][-1])
            return holds[path]

        for path, rows in self.histories.items():
            last = rows[-1]
            held = self.held[last]
            # bytes never changed drop nothing, unless the file was forgotten (its bytes kept, holding no game)
            if all(self.digests[row] == self.digests[last] for row in rows) and not (held.is_valid and not len(held)):
                continue
            for row in rows[:-1]:
                # a file split: what one part dropped, another may hold
                now = held_now(path) if len(heirs[row]) == 1 else set().union(*map(held_now, heirs[row]))
                for game_id in self.games_of(row) - now:
                    if game_id not in known:
                        continue
                    drop = dropped.get(game_id)
                    if drop is None:
                        dropped[game_id] = Dropped(path, self.digests[last])
                    elif path != drop.path and path not in drop.also:
                        dropped[game_id] = replace(drop, also=(*drop.also, path))
        return dropped

    def files_at(self, given: list[str]) -> list[str]:
        """The latest paths of the files read whose path is one of ``given`` (absolute) or under
        one of them (a folder), there or gone, that hold games (their latest version)."""
        folders = tuple(path.rstrip(os.sep) + os.sep for path in given)
        return sorted(path for path, rows in self.histories.items()
                      if (path in given or path.startswith(folders)) and self.games_of(rows[-1]))

    def forgotten_at(self, given: list[str]) -> dict[str, set[str]]:
        """Per latest path of a file read whose path is one of ``given`` (absolute) or under one
        of them (a folder), there or gone, whose latest version holds no game and an earlier one
        held some (forgotten, or emptied in its file): the games of the last version that held any."""
        folders = tuple(path.rstrip(os.sep) + os.sep for path in given)
        found: dict[str, set[str]] = {}
        for path, rows in self.histories.items():
            if (path in given or path.startswith(folders)) and not self.games_of(rows[-1]):
                held = next(filter(None, map(self.games_of, reversed(rows[:-1]))), None)
                if held:
                    found[path] = held
        return dict(sorted(found.items()))

    def paths_holding_games(self) -> list[str]:
        """The latest paths of the files whose latest version holds a game (or may: read by an
        older Rasklad, which kept no ``game_ids``)."""
        return sorted(path for path, rows in self.histories.items()
                      if not self.held[rows[-1]].is_valid or len(self.held[rows[-1]]))

    def games_at(self, path: str) -> set[str]:
        """The games the latest version of the file whose latest path is ``path`` holds."""
        return self.games_of(self.histories[path][-1])

    def latest_name(self, path: str) -> str:
        """The name (``source_file``) the file whose latest path is ``path`` was last read under."""
        return self.names[self.histories[path][-1]]

    def holders(self, ids: set[str], still_there: Callable[[str], bool]) -> dict[str, Holder]:
        """Per game of ``ids`` that the latest version of a file still there holds (``still_there``,
        given its path: a file gone from disk holds nothing, else a game corrected in its file
        would count twice while a deleted copy's last version held its old text), one such file:
        the first read of those whose ledger row says the game's line, else the first read."""
        import pyarrow.compute as pc

        found: dict[str, Holder] = {}
        if not ids:
            return found
        there: dict[int, bool] = {}     # (asked once a file, and only of the files holding these games)

        def holds(row: int) -> bool:
            if row not in there:
                there[row] = not self.paths[row] or still_there(self.paths[row])
            return there[row]

        latest = sorted([rows[-1] for rows in self.histories.values()]
                        + [row for row, path in enumerate(self.paths) if not path])
        lists = self.held.take(pa.array(latest, pa.int64()))
        held = pc.list_flatten(lists)
        hits = pc.is_in(held, value_set=pa.array(sorted(ids), pa.string()))
        at = np.flatnonzero(hits.to_numpy(zero_copy_only=False))
        parents = pc.list_parent_indices(lists).to_numpy()[at]
        offsets = lists.offsets.to_numpy()
        offsets = offsets - offsets[0]      # where each list's values begin among the flattened ones
        for game_id, flat, parent in zip(held.take(pa.array(at)).to_pylist(), at.tolist(), parents.tolist()):
            row = latest[parent]
            if not holds(row):
                continue
            lines = self.first_lines[row]
            known_line = lines.is_valid and len(lines) == len(self.held[row])    # (one line per game)
            line = lines.values[flat - offsets[parent]].as_py() if known_line else None
            if game_id not in found or (found[game_id].first_line is None and line is not None):
                found[game_id] = Holder(self.names[row], line)
        for row in latest:
            if not self.held[row].is_valid and holds(row):   # read by an older Rasklad: it holds what was stored from it
                for game_id in self.games_of(row) & ids:
                    found.setdefault(game_id, Holder(self.names[row], None))
        return found

    def lost(self, dropped: dict[str, Dropped], holders: dict[str, Holder]) -> dict[str, str]:
        """Of the ``dropped`` games, those no file holds any more (no file's latest version, by
        ``holders``), each with the hash of its file's latest version (the one that dropped it)."""
        return {game_id: drop.digest for game_id, drop in dropped.items() if game_id not in holders}

    def places_in_holders(self, dropped: dict[str, Dropped], holders: dict[str, Holder],
                          stored_at: Callable[[set[str]], dict[str, tuple[str, int]]]) -> dict[str, Place]:
        """Where the ``dropped`` games that another file holds (``holders``) stand now, for those
        stored at a file that dropped them: in that other file, so that a quarantine row or a
        finding points at text that is there (``stored_at``: as in :meth:`places`). A game whose
        holder's line is not known stays where it is."""
        wanted = {game_id for game_id in dropped if game_id in holders and holders[game_id].first_line is not None}
        places: dict[str, Place] = {}
        for game_id, (source_file, first_line) in stored_at(wanted).items() if wanted else ():
            # stored at any file that dropped it (taken by one file, then dropped by that one too)
            drop = dropped[game_id]
            names = {self.names[row] for path in (drop.path, *drop.also) for row in self.histories.get(path, ())}
            if source_file in names:
                holder = holders[game_id]
                places[game_id] = Place(holder.source_file, holder.first_line - first_line)
        return places

    def places(self, versions: list[Version],
               stored_at: Callable[[set[str]], dict[str, tuple[str, int]]]) -> dict[str, Place]:
        """Where the games stored from an earlier version of a file of ``versions`` (its new
        versions) stand now, for those whose file or first line changed: a hand inserted above
        a game moves it down. ``stored_at``: per game ID, the ``source_file`` and ``first_line``
        it is stored with (games and quarantined games)."""
        wanted: dict[str, tuple[int, int]] = {}     # game → (version, its first line there)
        names: list[set[str]] = []
        for number, version in enumerate(versions):
            names.append({self.names[row] for row in self.histories.get(version.path, ())})
            if version.changed and version.games is not None and version.first_lines is not None:
                for game_id, first in zip(version.games, version.first_lines):
                    wanted.setdefault(game_id, (number, first))
        places: dict[str, Place] = {}
        for game_id, (source_file, first_line) in stored_at(set(wanted)).items() if wanted else ():
            number, first = wanted[game_id]
            version = versions[number]
            if source_file in names[number] and (source_file, first_line) != (version.name, first):
                places[game_id] = Place(version.name, first - first_line)
        return places


def quarantined_by_version(rows: pa.Table, quarantined: set[str]) -> dict[str, set[str]]:
    """Per file version (``content_hash``) of the ledger's ``rows``, the games of ``quarantined``
    it holds (``game_ids``; a version read by an older Rasklad, which kept none, holds none here).
    Versions that hold none are left out."""
    import pyarrow.compute as pc

    found: dict[str, set[str]] = {}
    if not quarantined or not rows.num_rows:
        return found
    lists = _lists(rows.column("game_ids"), pa.string())
    held = pc.list_flatten(lists)
    hits = pc.is_in(held, value_set=pa.array(sorted(quarantined), pa.string())).to_numpy(zero_copy_only=False)
    parents = pc.list_parent_indices(lists).to_numpy()[hits]
    digests = rows.column("content_hash").to_pylist()
    for game_id, parent in zip(held.filter(pa.array(hits)).to_pylist(), parents.tolist()):
        found.setdefault(digests[parent], set()).add(game_id)
    return found


@dataclass(slots=True, frozen=True)
class Restorable:
    """The file versions whose reading holds a superseded game: a file of those bytes is read
    again, and stores the games again (they leave ``superseded``), unless it is the file forgotten
    with them (``rasklad forget``), which is skipped while its bytes stay so."""

    digests: set[str]
    """The versions (``content_hash``) whose latest reading holds a superseded game."""
    forgotten: set[tuple[str, str]]
    """Of those, the files forgotten with these bytes: (``source_path``, ``content_hash``)."""

    def brings_back(self, path: str, digest: str) -> bool:
        """Is a file at ``path`` (absolute) of bytes ``digest`` to be read, its games coming back?"""
        return digest in self.digests and (path, digest) not in self.forgotten


def restorable(rows: pa.Table, ids: set[str]) -> Restorable:
    """The file versions of the ledger's ``rows`` (``content_hash``, ``source_path``, ``game_ids``)
    whose latest reading holds a game of ``ids``, and the files forgotten with them. A version's
    latest reading is the last row of its bytes that holds a game: a row of the same bytes that
    holds none after it is no reading, but a file forgotten (its row holding no game, after a
    row at its path that held some), or a copy of it recorded unread; a copy at another path
    holds the games. The last such row only: a reading by a later Rasklad that no longer finds
    such a game (its readers cut the text otherwise) settles it.

    >>> found = restorable(pa.table({"content_hash": ["a", "b", "a", "a"], "source_path": ["/x", "/y", "/x", "/z"],
    ...                              "game_ids": [["g"], ["g"], [], []]}), {"g"})
    >>> sorted(found.digests), found.forgotten, found.brings_back("/x", "a"), found.brings_back("/z", "a")
    (['a', 'b'], {('/x', 'a')}, False, True)
    """
    import pyarrow.compute as pc

    if not ids or not rows.num_rows:
        return Restorable(set(), set())
    digests = rows.column("content_hash").to_pylist()
    holding = pc.fill_null(pc.list_value_length(rows.column("game_ids")), 0).to_numpy(zero_copy_only=False) > 0
    last = sorted({digests[row]: row for row in np.flatnonzero(holding).tolist()}.values())
    lists = _lists(rows.column("game_ids"), pa.string()).take(pa.array(last, pa.int64()))
    hits = pc.is_in(pc.list_flatten(lists), value_set=pa.array(sorted(ids), pa.string())).to_numpy(zero_copy_only=False)
    found = {digests[last[parent]] for parent in pc.list_parent_indices(lists).to_numpy()[hits].tolist()}
    # each path's last row of those bytes, and whether a row there held games before it
    paths = rows.column("source_path").to_pylist()
    held_before: set[str] = set()
    latest: dict[str, tuple[str, bool]] = {}
    for row in np.flatnonzero(pc.is_in(rows.column("content_hash"), value_set=pa.array(sorted(found), pa.string()))
                              .to_numpy(zero_copy_only=False)).tolist() if found else ():
        path = paths[row]
        if path:
            latest[path] = (digests[row], path in held_before and not holding[row])
            if holding[row]:
                held_before.add(path)
    return Restorable(found, {(path, digest) for path, (digest, forgotten) in latest.items() if forgotten})


def moved_rows(rows: pa.Table, id_column: str, places: dict[str, Place]) -> pa.Table:
    """``rows`` with those of the games of ``places`` at their new places: their file, and each
    line (:data:`LINE_COLUMNS`, an ``undecodable`` spot's) shifted by the lines the game moved."""
    import pyarrow.compute as pc

    where = [places.get(game_id) for game_id in rows.column(id_column).to_pylist()]
    shifts = pa.array([place.shift if place else 0 for place in where], pa.int32())

    def replaced(table: pa.Table, name: str, values: pa.Array) -> pa.Table:
        index = table.schema.get_field_index(name)
        return table.set_column(index, table.schema.field(index), values.cast(table.schema.field(index).type))

    for name in LINE_COLUMNS:
        if name in rows.column_names:
            rows = replaced(rows, name, pc.add(rows.column(name).combine_chunks(), shifts))
    if "source_file" in rows.column_names:
        names = rows.column("source_file").to_pylist()
        rows = replaced(rows, "source_file", pa.array(
            [place.source_file if place else name for place, name in zip(where, names)], pa.string()))
    if "undecodable" in rows.column_names:
        spots = rows.column("undecodable").combine_chunks()
        fields = list(spots.type)
        children = [pc.add(pc.struct_field(spots, field.name), shifts) if field.name == "line"
                    else pc.struct_field(spots, field.name) for field in fields]
        rows = replaced(rows, "undecodable", pa.StructArray.from_arrays(
            [child.cast(field.type) for child, field in zip(children, fields)], fields=fields, mask=spots.is_null()))
    return rows


def has_places(names: list[str]) -> bool:
    """Does a table of these columns say where its games stand in their file?"""
    return any(name in names for name in (*LINE_COLUMNS, "source_file", "undecodable"))


def _lists(column: pa.ChunkedArray, kind: pa.DataType) -> pa.ListArray:
    """A list column of the ledger as one array."""
    return pa.concat_arrays(column.chunks) if column.num_chunks else pa.array([], pa.list_(kind))
