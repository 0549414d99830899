"""Rule options a log cannot state, chosen by the user per room, per table or per file.

Five rules are set so:

- the 36-card order (``order``): a short-deck log does not say whether its table ranks a
  straight over three of a kind: PokerStars ranks trips higher, GGPoker the straight, and a
  club plays what it agreed. The reader sets the room's own order; a setting overrides it.
- the betting structure (``betting``): ``no_limit``, ``pot_limit`` or ``limit``, for text that
  does not name it (Winning's older text, Bovada's tournament hands). There is no room's own
  structure: the reader raises :class:`parsers.errors.UnstatedRule` and, without a setting,
  the hand stays in quarantine with a reason naming the setting to give.
- Limit's cap (``cap``): ``limit_cap_2`` … ``limit_cap_9`` bets a betting round, or
  ``limit_uncapped``; the replay's default is 4 bets (``rules.holdem_rules.LIMIT_CAP_BETS``).
- whether the cap holds in a round that starts heads-up (``heads_up``): ``cap_heads_up`` or
  ``uncapped_heads_up``, the default, as the online rooms play it. A club that caps every round,
  as the common rule has it, sets ``cap_heads_up``.
- who gets a split pot's odd units (``odd_chip``): ``odd_chip_left_of_button``, the default, as
  the common rule and PokerStars give them, or ``odd_chip_any`` for a house that gives them
  another way (by lot, or as its dealer chooses): any winners, each one unit at most.

A setting given to ``rasklad ingest --rules`` is one of those options:

- ``straight_beats_trips`` (or ``no_limit`` …): for the files of that ingest;
- ``table NAME: straight_beats_trips``: for every hand played at the table ``NAME``;
- ``room NAME: straight_beats_trips``: for every hand of the room (the site) ``NAME``.

The most particular one holds: a file's over its table's, a table's over its room's. Settings
are kept in the warehouse's ``settings`` table (names starting ``rules ``; a betting structure's
``rules betting ``, the cap's ``rules cap `` and ``rules heads_up ``, the odd chip's ``rules odd_chip ``), so that a later ingest of the same table or room follows them too.
A hand judged under a setting names it in its ruleset; a setting given or changed later reaches
the hands stored before: :meth:`RuleSettings.judged_otherwise` tells those judged under other
options, which a re-audit judges again (an ingest given settings does it first).

A file's batch of hands (the compiled lane) takes the order and the cap per hand, as columns the
kernel reads: :meth:`RuleSettings.settle_batch` sets it for the hands a setting holds for, so a table
or room setting does not send the file's short-deck hands one by one through the full path.

>>> settings = RuleSettings.of(["table Vienna: straight_beats_trips", "room GGPoker: trips_beat_straight"])
>>> settings.straight_beats_trips("a.txt", "Vienna", "GGPoker"), settings.straight_beats_trips("a.txt", "Oslo", "GGPoker")
(True, False)
>>> settings.straight_beats_trips("a.txt", "Oslo", "PokerStars") is None
True
>>> RuleSettings.of(["room Winning: limit"]).option("betting", "a.txt", "Oslo", "Winning")
'limit'
>>> parse_setting("table Vienna: straight beats trips")
Traceback (most recent call last):
...
ValueError: unknown rule setting 'straight beats trips'. Did you mean 'straight_beats_trips'? Expected \
straight_beats_trips, trips_beat_straight, odd_chip_left_of_button, odd_chip_any, no_limit, pot_limit, limit, \
limit_cap_2 … limit_cap_9, limit_uncapped, cap_heads_up or uncapped_heads_up

The options of the other games are written in each log's ``Rules:`` line, and a setting of theirs
given here says so:

>>> parse_setting("table HouseRules: hook off")
Traceback (most recent call last):
...
ValueError: 'hook off' is a setting of raspisnoy: the options of raspisnoy, Chinese poker, OFC and six-card \
poker are written in each log's 'Rules:' line (there is no club-wide setting for them); --rules sets Hold'em's \
options: straight_beats_trips, trips_beat_straight, odd_chip_left_of_button, odd_chip_any, no_limit, pot_limit, \
limit, limit_cap_2 … limit_cap_9, limit_uncapped, cap_heads_up or uncapped_heads_up
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
import pyarrow as pa

from pipeline.inputs import LOCAL_FILES
from rules.holdem_options import CAP_OPTIONS, HEADS_UP_OPTIONS, ODD_CHIP_OPTIONS, ORDER_OPTIONS
from rules.words import did_you_mean

OPTIONS, CAPS, HEADS_UP, ODD_CHIPS = ORDER_OPTIONS, CAP_OPTIONS, HEADS_UP_OPTIONS, ODD_CHIP_OPTIONS
"""The options of each rule, as the rulebook declares them (``rules.holdem_options``)."""
LIMIT = "limit"
"""Limit's name (``BettingStructure.LIMIT``'s value: the records' module, loaded by a game read
under a setting, need not load with every worker that imports this one)."""
BETTING = ("no_limit", "pot_limit", LIMIT)
"""The betting structures a setting names (``rules.holdem_hand.BettingStructure``'s values)."""
RULE_OF = {**dict.fromkeys(OPTIONS, "order"), **dict.fromkeys(BETTING, "betting"), **dict.fromkeys(CAPS, "cap"),
           **dict.fromkeys(HEADS_UP, "heads_up"), **dict.fromkeys(ODD_CHIPS, "odd_chip")}
"""Each option and the rule it sets."""
RULES = ("order", "betting", "cap", "heads_up", "odd_chip")
RULE_WORDS = {"order": "the 36-card order of a straight and three of a kind", "betting": "the betting structure",
              "cap": "Limit's cap", "heads_up": "whether Limit's cap holds heads-up",
              "odd_chip": "who gets a split pot's odd chip"}
KNOWN = ("straight_beats_trips, trips_beat_straight, odd_chip_left_of_button, odd_chip_any, no_limit, pot_limit, "
         "limit, limit_cap_2 … limit_cap_9, limit_uncapped, cap_heads_up or uncapped_heads_up")
"""The settings, as an error names them."""
READER_ROOMS = ("PokerStars", "GGPoker", "888poker", "iPoker", "PartyPoker", "Winamax", "Winning", "Bovada",
                "Ignition", "Bodog")
"""The rooms the readers of ``parsers`` write in ``games.site`` (a PHH file's ``venue`` aside): a
``room NAME:`` setting names one of them, a room of the stored games or a venue of the PHH files given."""
SCOPES = ("file", "table", "room")
PREFIX = "rules "
"""The names of these settings in the warehouse's ``settings`` table start so: ``rules table
Vienna`` (the 36-card order, named so before there were others), ``rules betting table Vienna``."""


@dataclass(frozen=True, slots=True)
class RuleSetting:
    scope: str
    """``file`` (``name`` None until the ingest names each file), ``table`` or ``room``."""
    name: str | None
    option: str

    @property
    def rule(self) -> str:
        return RULE_OF[self.option]

    @property
    def key(self) -> str:
        """The setting's name in the ``settings`` table: ``rules table Vienna``, ``rules betting room Winning``."""
        rule = "" if self.rule == "order" else f"{self.rule} "
        return f"{PREFIX}{rule}{self.scope} {self.name}"

    @property
    def text(self) -> str:
        """The setting as ``ingest --rules`` and ``settings rules … --remove`` take it, which is how
        a user knows it: ``room PokerStars: limit_cap_3``, not its ``settings`` row."""
        return f"{self.scope} {self.name}: {self.option}"

    @classmethod
    def of_row(cls, key: str, option: str) -> RuleSetting | None:
        """The rule setting a row of the ``settings`` table keeps (name ``key``, value ``option``);
        None for a row of another setting."""
        if not key.startswith(PREFIX) or option not in RULE_OF:
            return None
        rule = RULE_OF[option]
        scope, _, name = key.removeprefix(PREFIX).removeprefix("" if rule == "order" else f"{rule} ").partition(" ")
        return cls(scope, name, option) if scope in SCOPES else None


def parse_setting(text: str) -> RuleSetting:
    """``straight_beats_trips``, ``table NAME: …`` or ``room NAME: …``; ValueError naming the
    known settings otherwise."""
    scope, name, option = "file", None, text.strip()
    head, colon, rest = option.partition(":")
    if colon:
        kind, _, named = head.strip().partition(" ")
        if kind.lower() not in ("table", "room") or not named.strip():
            raise ValueError(_written_in_logs(rest.strip()) or (
                f"unknown scope {head.strip()!r}: expected 'table NAME:' or 'room NAME:' before the setting, "
                "or the setting alone for the files of the run"))
        scope, name, option = kind.lower(), named.strip(), rest.strip()
    if option not in RULE_OF:
        raise ValueError(_written_in_logs(option) or (
            f"unknown rule setting {option!r}.{did_you_mean(option, RULE_OF)} Expected {KNOWN}"))
    return RuleSetting(scope, name, option)


def _written_in_logs(option: str) -> str:
    """Words saying where ``option`` is set, when it is a setting of a game whose logs write their
    options (``hook off``, ``surrender off``); else ""."""
    from rules.chinese import RULES_LINE as CHINESE  # here: only a refusal needs the other games
    from rules.raspisnoy import RULES_LINE as RASPISNOY
    from rules.sixcard import RULES_LINE as SIXCARD

    for line in (RASPISNOY, CHINESE, SIXCARD):
        if line.named_by(option) is not None:
            return (f"{option!r} is a setting of {line.game}: the options of raspisnoy, Chinese poker, OFC and "
                    "six-card poker are written in each log's 'Rules:' line (there is no club-wide setting for "
                    f"them); --rules sets Hold'em's options: {KNOWN}")
    return ""


def contradiction(settings: Iterable[RuleSetting]) -> str:
    """Words for two of ``settings`` that set one rule for the same files, table or room to two
    options (the later would win without a word); "" when they agree. The same one twice counts once.

    >>> contradiction([parse_setting("limit_cap_3"), parse_setting("limit_cap_3"), parse_setting("limit_cap_5")])
    "'limit_cap_5' contradicts 'limit_cap_3': both set Limit's cap for the files of the run (give one)"
    """
    given: dict[tuple[str, str, str | None], RuleSetting] = {}
    for setting in settings:
        earlier = given.setdefault((setting.rule, setting.scope, setting.name), setting)
        if earlier.option != setting.option:
            where = "the files of the run" if setting.scope == "file" else f"the {setting.scope} {setting.name!r}"
            return (f"{setting.option!r} contradicts {earlier.option!r}: both set {RULE_WORDS[setting.rule]} "
                    f"for {where} (give one)")
    return ""


@dataclass(frozen=True, slots=True)
class RuleSettings:
    """Every setting of a warehouse, by rule, scope and name."""

    by_rule: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict)
    by_file: dict[str, dict[str, str]] = field(default_factory=dict, compare=False, repr=False)
    """Per rule, the file settings by the file each names (``LocalFiles.same_file``): worked out
    when a name as written has no setting."""
    file_of: dict[str, str] = field(default_factory=dict, compare=False, repr=False)
    """Per name asked, the file it names (once a name, not once a hand)."""

    @classmethod
    def of(cls, texts: Iterable[str], files: Iterable[str] = ()) -> RuleSettings:
        """The settings ``texts``; a file-scoped one holds for each of ``files``. A ValueError when
        two set one rule to two options (see :func:`contradiction`)."""
        files, texts = list(files), list(texts)
        clash = contradiction(map(parse_setting, texts))
        if clash:
            raise ValueError(clash)
        settings = []
        for text in texts:
            setting = parse_setting(text)
            if setting.scope == "file":
                settings += [dataclasses.replace(setting, name=file) for file in files]
            else:
                settings.append(setting)
        return cls.from_rows({s.key: s.option for s in settings})

    @classmethod
    def from_rows(cls, rows: dict[str, str]) -> RuleSettings:
        """From the ``settings`` table's rows (name → value); other settings are left out."""
        by_rule = {rule: {scope: {} for scope in SCOPES} for rule in RULES}
        for key, option in rows.items():
            setting = RuleSetting.of_row(key, option)
            if setting is not None:
                by_rule[setting.rule][setting.scope][setting.name] = option
        return cls(by_rule)

    def rows(self) -> dict[str, str]:
        """As the ``settings`` table keeps them."""
        return {RuleSetting(scope, name, option).key: option for by_scope in self.by_rule.values()
                for scope, named in by_scope.items() for name, option in named.items()}

    def merged(self, newer: RuleSettings) -> RuleSettings:
        """These settings with ``newer`` ones over them; a file's setting given under another name
        of the same file (``night.txt`` and its absolute path) is replaced, not kept beside it."""
        rows = self.rows()
        for rule, by_scope in newer.by_rule.items():
            given = {LOCAL_FILES.same_file(name) for name in by_scope["file"]}
            for name, option in self.by_rule.get(rule, {}).get("file", {}).items() if given else ():
                if LOCAL_FILES.same_file(name) in given:
                    del rows[RuleSetting("file", name, option).key]
        return RuleSettings.from_rows({**rows, **newer.rows()})

    def __bool__(self) -> bool:
        return any(named for by_scope in self.by_rule.values() for named in by_scope.values())

    def may_apply(self, file: str) -> bool:
        """Whether some setting may hold for a hand of ``file`` (its table and room not yet known)."""
        return any(by_scope.get("table") or by_scope.get("room") or self._file_option(rule, file) is not None
                   for rule, by_scope in self.by_rule.items())

    def _file_option(self, rule: str, file: str) -> str | None:
        """The option of ``rule`` set for ``file``: under its name as written, else under another
        name of the same file (given as ``night.txt``, read as its absolute path or ``./night.txt``,
        or through a linked folder)."""
        named = self.by_rule.get(rule, {}).get("file", {})
        option = named.get(file)
        if option is not None or not named:
            return option
        if rule not in self.by_file:
            self.by_file[rule] = {LOCAL_FILES.same_file(name): option for name, option in named.items()}
        if file not in self.file_of:
            self.file_of[file] = LOCAL_FILES.same_file(file)
        return self.by_file[rule].get(self.file_of[file])

    def option(self, rule: str, file: str, table: str | None, room: str | None) -> str | None:
        """The option of ``rule`` set for a hand of ``file`` played at ``table`` in ``room``; None
        when no setting holds."""
        by_scope = self.by_rule.get(rule, {})
        option = self._file_option(rule, file)
        for scope, name in (("table", table), ("room", room)):
            if option is None and name is not None:
                option = by_scope.get(scope, {}).get(name)
        return option

    def straight_beats_trips(self, file: str, table: str | None, room: str | None) -> bool | None:
        """The order set for a hand of ``file`` played at ``table`` in ``room``; None when no
        setting holds (the reader's own order stands)."""
        option = self.option("order", file, table, room)
        return None if option is None else OPTIONS[option]

    @classmethod
    def stored(cls, warehouse) -> RuleSettings:
        """The settings kept in an open warehouse's ``settings`` table."""
        rows = warehouse.read_table("settings").to_pylist()
        return cls.from_rows({row["name"]: row["value"] for row in rows})

    def apply(self, record, file: str):
        """``record`` with the order set for it, and the setting added to its ruleset; a record
        of another game, or with no setting, as it is. ``record`` may be the
        :class:`~parsers.errors.UnstatedRule` of a game whose log leaves a rule unstated: the
        game is read under the option set for it (and named in its ruleset, ``…, no_limit set``),
        and so for each further rule its reading finds unstated, or the error raised again when
        no option is set for one (naming the rule asked next too, unless that one is set)."""
        from parsers.errors import UnstatedRule  # here: a re-ingest that reads nothing loads no Lark

        stated: list[str] = []
        while isinstance(record, UnstatedRule):
            option = self.option(record.rule, file, record.table, record.site)
            if option is None:
                # its reason names the setting its reading would ask next too, unless that one is set
                if record.then and self.option(record.then, file, record.table, record.site) is not None:
                    raise record.then_set()
                raise record
            stated.append(option)
            try:
                record = record.read(option)
            except UnstatedRule as further:     # another rule the log leaves unstated (6+ Hold'em's order)
                record = further
        if stated:
            record = dataclasses.replace(record, info=dataclasses.replace(
                record.info, ruleset=record.info.ruleset + "".join(f", {option} set" for option in stated)))
        if getattr(record, "is_short_deck", False) and not any(RULE_OF[option] == "order" for option in stated):
            order = self.straight_beats_trips(file, record.info.table_name, record.info.site)
            if order is not None:
                option = next(name for name, value in OPTIONS.items() if value == order)
                record = dataclasses.replace(record, straight_beats_trips=order, info=dataclasses.replace(
                    record.info, ruleset=f"{record.info.ruleset}, {option}"))
        if hasattr(record, "odd_chip_any"):
            odd_chip = self.option("odd_chip", file, record.info.table_name, record.info.site)
            if odd_chip is not None:
                record = dataclasses.replace(record, odd_chip_any=ODD_CHIPS[odd_chip], info=dataclasses.replace(
                    record.info, ruleset=f"{record.info.ruleset}, {odd_chip}"))
        if getattr(record, "betting", None) != LIMIT:
            return record
        cap, heads_up = self.cap_options(file, record.info.table_name, record.info.site)
        if cap is None and heads_up is None:
            return record
        return dataclasses.replace(
            record, limit_cap=record.limit_cap if cap is None else CAPS[cap],
            cap_heads_up=record.cap_heads_up if heads_up is None else HEADS_UP[heads_up],
            info=dataclasses.replace(record.info, ruleset=record.info.ruleset + "".join(
                f", {option}" for option in (cap, heads_up) if option is not None)))

    def judged_otherwise(self, ruleset: str, file: str, table: str | None, room: str | None, *,
                         short_deck: bool) -> bool:
        """Whether a stored Hold'em hand of ``file``, played at ``table`` in ``room`` and judged
        under the options its ``ruleset`` names (as :meth:`apply` names them), would be judged
        under other options now: a setting given or changed since for it (a re-audit judges it
        again). The rules a hand takes no option of (the order of a 52-card hand, the cap of a
        No Limit one) are not asked.

        >>> settings = RuleSettings.of(["table Vienna: straight_beats_trips"])
        >>> settings.judged_otherwise("pokerstars no_limit", "a.txt", "Vienna", "PokerStars", short_deck=True)
        True
        >>> settings.judged_otherwise("pokerstars no_limit, straight_beats_trips", "a.txt", "Vienna", "PokerStars",
        ...                           short_deck=True)
        False
        >>> settings.judged_otherwise("pokerstars no_limit", "a.txt", "Vienna", "PokerStars", short_deck=False)
        False
        """
        base, *named = (ruleset or "").split(", ")
        stated = [item.removesuffix(" set") for item in named if item.endswith(" set")]   # the log left unstated
        recorded = {RULE_OF[option]: option for option in [*named, *stated] if option in RULE_OF}
        asked = [RULE_OF[option] for option in stated if option in RULE_OF] + ["odd_chip"]     # (any hand may split)
        if short_deck and "order" not in asked:
            asked.append("order")
        if recorded.get("betting", base.rpartition(" ")[2]) == LIMIT:
            asked += ["cap", "heads_up"]
        return any(self.option(rule, file, table, room) != recorded.get(rule) for rule in asked)

    def follow(self, heirs: dict[str, tuple[list[list[str]], bool]]) -> tuple[RuleSettings, list[Followed]]:
        """The settings once each file of ``heirs`` takes the file settings of the files it is
        (:meth:`pipeline.versions.Ledger.origins`: per file, the names of each of those files, and
        whether it is a copy), as its games follow it: a rule's option set for them, unless it has
        one of its own; the settings of a gone file leave it. Files merged whose options for a rule
        differ give none of them: those stay kept under their names, and the file is told of. A
        file merged into at its own path (its own names among them) is one of those merged: its own
        option holds over theirs; without one, theirs are not alike.

        >>> settings = RuleSettings.of(["straight_beats_trips", "table Vienna: limit"], ["a.txt"])
        >>> moved, told = settings.follow({"b.txt": ([["a.txt"]], False)})
        >>> sorted(moved.rows().items()), told[0].options
        ([('rules betting table Vienna', 'limit'), ('rules file b.txt', 'straight_beats_trips')], \
('straight_beats_trips',))
        >>> settings.follow({"c.txt": ([["a.txt"], ["z.txt"]], False)})[1][0].differing
        (('a.txt', 'straight_beats_trips'),)
        """
        rows = self.rows()
        told = []
        gone: set[tuple[str, str]] = set()  # (rule, name): a gone file's setting, which leaves
        stays: set[tuple[str, str]] = set()     # a merged file's, whose option the merge did not take
        for file, (origins, copy) in heirs.items():
            options, overridden, differing = [], [], []
            for rule in RULES:
                named = self.by_rule[rule]["file"]
                own = named.get(file)
                # (its own names among them: files merged into it at its path, whose own setting is its own)
                found = [None if names[:1] == [file] else
                         next(((name, named[name]) for name in names if name in named and name != file), None)
                         for names in origins]
                if not copy:
                    gone.update((rule, name) for names in origins for name in names if name != file)
                given = {option for _, option in filter(None, found)}
                if not given:
                    continue
                if own is not None and [file] in (names[:1] for names in origins):
                    overridden += sorted(given - {own})     # merged into it: its own holds, as over a file moved
                    continue
                if len(given) > 1 or None in found:     # merged files set apart, or one set and one not
                    differing += [item for item in found if item is not None]
                    stays.update((rule, name) for name, _ in filter(None, found))
                    continue
                option, = given
                if own is None:
                    rows[RuleSetting("file", file, option).key] = option
                    options.append(option)
                elif own != option:
                    overridden.append(option)
            told.append(Followed(file, tuple(name for names in origins for name in names[:1]), copy,
                                 tuple(options), tuple(overridden), tuple(differing)))
        for rule, name in gone - stays:
            option = self.by_rule[rule]["file"].get(name)
            if option is not None:
                rows.pop(RuleSetting("file", name, option).key, None)
        return RuleSettings.from_rows(rows), [entry for entry in told
                                              if entry.options or entry.overridden or entry.differing]

    def cap_options(self, file: str, table: str | None, room: str | None) -> tuple[str | None, str | None]:
        """The options of Limit's cap and of its holding heads-up set for a hand of ``file`` played
        at ``table`` in ``room`` (None where no setting holds: the replay's default)."""
        return self.option("cap", file, table, room), self.option("heads_up", file, table, room)

    def settle_batch(self, batch, file: str, site: str) -> SettledBatch:
        """Set the order of every short-deck hand of a lane's ``batch`` (read from ``file`` of the
        room ``site``) that a setting holds for, in its ``straight_beats_trips`` column, and Limit's
        cap in ``limit_cap`` and ``cap_heads_up``, and who gets the odd units in ``odd_chip_any``,
        which the kernel reads per hand; the other hands keep the reader's order and the replay's
        cap and odd chip. Returns what :meth:`SettledBatch.add_rows`
        needs to name the setting in those hands' rulesets."""
        options: dict[str, str] = {}
        for h in np.flatnonzero(batch.is_short_deck).tolist():
            order = self.straight_beats_trips(file, batch.table_name[h], site)
            if order is not None:
                batch.straight_beats_trips[h] = order
                options[batch.game_id[h]] = next(name for name, value in OPTIONS.items() if value == order)
        if any(self.by_rule.get("odd_chip", {}).get(scope) for scope in SCOPES):
            for h in range(batch.hands):
                odd_chip = self.option("odd_chip", file, batch.table_name[h], site)
                if odd_chip is not None:
                    batch.odd_chip_any[h] = ODD_CHIPS[odd_chip]
                    options[batch.game_id[h]] = ", ".join(filter(None, (options.get(batch.game_id[h]), odd_chip)))
        if any(self.by_rule.get(rule, {}).get(scope) for rule in ("cap", "heads_up") for scope in SCOPES):
            from rules.holdem_batch import BETTINGS  # (loaded with the batch by now)

            for h in np.flatnonzero(batch.betting[:batch.hands] == BETTINGS.index(LIMIT)).tolist():
                cap, heads_up = self.cap_options(file, batch.table_name[h], site)
                if cap is not None:
                    batch.limit_cap[h] = CAPS[cap]
                if heads_up is not None:
                    batch.cap_heads_up[h] = HEADS_UP[heads_up]
                named = [option for option in (options.get(batch.game_id[h]), cap, heads_up) if option is not None]
                if named:
                    options[batch.game_id[h]] = ", ".join(named)
        return SettledBatch(options)


@dataclass(frozen=True, slots=True)
class Followed:
    """The file settings a file took from the files the ledger takes it for (moved, split,
    merged or copied: see :meth:`RuleSettings.follow`)."""

    file: str
    origins: tuple[str, ...]
    """The files (their names) whose settings it took, or would have taken."""
    copy: bool
    """A copy: the file copied keeps its settings too."""
    options: tuple[str, ...] = ()
    """The options it took."""
    overridden: tuple[str, ...] = ()
    """Options of the files it is that its own setting of the rule (given now, or before) overrides."""
    differing: tuple[tuple[str, str], ...] = ()
    """The settings (file, option) of the files merged into it whose options for a rule differ
    (or one is set and another not): it took none of them, and they stay kept for those files."""


@dataclass(frozen=True, slots=True)
class SettledBatch:
    """The option set for each game of a lane's batch that a setting holds for (by game ID)."""

    options: dict[str, str]

    def add_rows(self, tables: dict[tuple[str, str], pa.Table], rows) -> None:
        """Add a lane's ``tables`` (``TableRows.to_arrow``) to ``rows``, each settled game's
        ruleset ending with its option as :meth:`RuleSettings.apply` writes it on the full path."""
        for (table, game), rows_of in tables.items():
            if table == "games" and self.options and rows_of.num_rows:
                suffix = pa.array([f", {self.options[g]}" if g in self.options else ""
                                   for g in rows_of.column("game_id").to_pylist()], pa.string())
                at = rows_of.schema.get_field_index("ruleset")
                import pyarrow.compute as pc  # here: a run that finds nothing new never loads it

                rows_of = rows_of.set_column(at, "ruleset", pc.binary_join_element_wise(
                    rows_of.column("ruleset"), suffix, ""))
            rows.add_table(table, game, rows_of)
