"""The ``Rules:`` line of the club games' logs (raspisnoy, Chinese poker and OFC, six-card poker):
its settings, read against one table per game, declared once in the game's module. The table
names each setting, the values it takes (in the words of the "values" column of docs/formats.md's
tables, which a test holds to the code), how its value is read and what it sets.

Every refusal is a :class:`SettingError` at the setting's offset in the line, in words that name
the setting, the value given and the values it takes; a setting the table does not know names the
close ones. A setting given twice with two values is refused, naming both: judged under one of
them, the game would drop the other without a word. Given twice with the same value (in any of
its spellings), it counts once.

>>> line = RulesLine("a game", [Setting("max cards", Whole(1, 18), set_to("cards")),
...                             Setting("hook", Choice({"on": True, "off": False}), set_to("hook"))])
>>> line.read("Max Cards 2, hook off, max cards 2", {})
{'cards': 2, 'hook': False}
>>> line.read("max cards 19", {})
Traceback (most recent call last):
...
rules.rules_line.SettingError: 'max cards 19': max cards takes a whole number from 1 to 18, not '19'
>>> line.read("hok off", {})
Traceback (most recent call last):
...
rules.rules_line.SettingError: 'hok off' is not a setting of a game. Did you mean 'hook off'? Its settings are max cards and hook.
>>> line.read("max cards 2, max cards 3", {})
Traceback (most recent call last):
...
rules.rules_line.SettingError: 'max cards 3' contradicts 'max cards 2' before it: max cards is given twice, as '2' and as '3' (keep the one the table played by)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any, Protocol

from rules.words import close_names, letters_to_change, listed, suggested

LARGEST = 1_000_000
"""The largest amount a setting takes (points, royalties, a pay, antes): far above any table's,
and far below what the kernels' whole numbers and the warehouse's amounts hold (a six-card pay of
10^23 stopped the replay with an overflow)."""
DECIMALS = 2
"""The decimals a setting's amount may have: the warehouse keeps points and money to the cent."""


class SettingError(ValueError):
    """A ``Rules:`` setting refused; ``offset``: where it starts in the line's settings (0-based),
    for the parser to point at it."""

    def __init__(self, reason: str, offset: int) -> None:
        super().__init__(reason)
        self.offset = offset


class BadValue(ValueError):
    """A value a setting does not take; ``why`` says more where the values it takes do not say it
    alone (a round kind listed twice). A setting that is several (``pay <category>``) may name the
    one refused: ``part`` (``pay flush``), the values it ``takes`` and the value ``given`` to it."""

    def __init__(self, why: str = "", *, part: str = "", takes: str = "", given: str = "") -> None:
        super().__init__(why)
        self.why, self.part, self.takes, self.given = why, part, takes, given


class Value(Protocol):
    """How a setting's value is read: the words after its name, to the value."""

    @property
    def takes(self) -> str:
        """The values it takes, as docs/formats.md writes them (values in backquotes)."""

    def read(self, words: list[str]) -> Any: ...


def spoken(takes: str) -> str:
    """The values a setting takes as a message says them: the docs' backquotes as quotes.

    >>> spoken("`on` or `off`")
    "'on' or 'off'"
    """
    return re.sub(r"`([^`]*)`", r"'\1'", takes)


def one_word(words: list[str]) -> str:
    if len(words) != 1:
        raise BadValue()
    return words[0]


ON_OFF_SYNONYMS = {"yes": "on", "true": "on", "no": "off", "false": "off"}
"""Words taken for ``on`` and ``off`` by every setting that takes them, which its values say."""


@dataclass(frozen=True)
class Choice:
    """One word among ``values`` (each and what it reads as, in the docs' order); ``aliases``:
    other spellings taken for one of them."""

    values: Mapping[str, object]
    aliases: Mapping[str, str] = field(default_factory=dict)

    @property
    def takes(self) -> str:
        # the synonyms of on and off are named, as a log may write them; other aliases are spellings
        synonyms = " (or `yes`/`no`, `true`/`false`)" if ON_OFF_SYNONYMS.items() <= self.aliases.items() else ""
        return listed(f"`{word}`" for word in self.values) + synonyms

    def read(self, words: list[str]) -> object:
        word = one_word(words)
        word = self.aliases.get(word, word)
        if word not in self.values:
            raise BadValue()
        return self.values[word]

    def suggest(self, words: list[str]) -> list[str]:
        return list(self.values)


ON_OFF = Choice({"on": True, "off": False}, ON_OFF_SYNONYMS)
"""A setting that is on or off."""


_WHOLE = re.compile(r"[+-]?\d+")
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high`` (None: no top), or one of the ``words`` (each and
    what it reads as: ``max``, ``none``); ``aliases``: other spellings taken for one of them."""

    low: int
    high: int | None = LARGEST
    words: Mapping[str, object] = field(default_factory=dict)
    aliases: Mapping[str, str] = field(default_factory=dict)

    @property
    def takes(self) -> str:
        numbers = (f"a whole number from {self.low:,} up" if self.high is None
                   else f"a whole number from {self.low:,} to {self.high:,}")
        return numbers + "".join(f", or `{word}`" for word in self.words)

    def read(self, words: list[str]) -> object:
        word = one_word(words)
        word = self.aliases.get(word, word)
        if word in self.words:
            return self.words[word]
        if not _WHOLE.fullmatch(word):
            raise BadValue()
        number = int(word)
        if number < self.low or (self.high is not None and number > self.high):
            raise BadValue()
        return number


@dataclass(frozen=True)
class Number:
    """A number with at most two decimals, from ``low`` (or above it, when ``above``) to ``high``;
    ``of`` names what it counts (``antes``)."""

    low: int = 0
    high: int = LARGEST
    above: bool = False
    of: str = ""

    @property
    def takes(self) -> str:
        bounds = f"above {self.low:,}, up to {self.high:,}" if self.above else f"from {self.low:,} to {self.high:,}"
        return f"a number{f' of {self.of}' if self.of else ''} {bounds}, with at most {DECIMALS} decimals"

    def read(self, words: list[str]) -> Decimal:
        return self.number(one_word(words))

    def number(self, word: str) -> Decimal:
        if not _NUMBER.fullmatch(word):
            raise BadValue()
        try:
            number = Decimal(word)
        except InvalidOperation:
            raise BadValue() from None
        if number != number.quantize(Decimal(1).scaleb(-DECIMALS)):
            raise BadValue()
        if number < self.low or (self.above and number == self.low) or number > self.high:
            raise BadValue()
        return number


def set_to(name: str) -> Callable[[Any, object], Any]:
    """What a setting does that sets the field ``name`` of the rules to its value."""
    return lambda rules, value: (dataclasses.replace(rules, **{name: value}) if dataclasses.is_dataclass(rules)
                                 else {**rules, name: value})


@dataclass(frozen=True)
class Setting:
    """One setting of a ``Rules:`` line: its name, the value it takes, and what it does to the
    rules (``apply(rules, value)``). ``subject``: where one setting is several (``pay flush``,
    ``pay pair``), what two of them must be about to contradict each other."""

    name: str
    value: Value
    apply: Callable[[Any, Any], Any]
    subject: Callable[[Any], object] | None = None

    @property
    def takes(self) -> str:
        return self.value.takes

    def spellings(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys((self.name, self.name.replace("-", " "))))


@dataclass(frozen=True)
class _Given:
    text: str
    value_text: str
    value: object


class RulesLine:
    """One game's settings: reads a ``Rules:`` value (``default``, or settings separated by commas,
    in any order and case)."""

    def __init__(self, game: str, settings: Iterable[Setting]) -> None:
        self.game = game
        self.settings = tuple(settings)
        self._longest_first = sorted(self.settings, key=lambda setting: len(setting.name), reverse=True)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(setting.name for setting in self.settings)

    def __getitem__(self, name: str) -> Setting:
        return next(setting for setting in self.settings if setting.name == name)

    def named_by(self, item: str) -> Setting | None:
        """The setting ``item`` (``hook off``) starts with the name of, if any."""
        named = self._named_by(item.lower().split())
        return None if named is None else named[0]

    def _named_by(self, words: list[str]) -> tuple[Setting, list[str]] | None:
        """The setting ``words`` start with the name of, and the words of its value."""
        for setting in self._longest_first:
            for spelling in setting.spellings():
                width = len(spelling.split())
                if words[:width] == spelling.split():
                    return setting, words[width:]
        return None

    def read(self, text: str | None, rules):
        """``rules`` with every setting of ``text`` applied; a :class:`SettingError` at the first
        one refused."""
        given: dict[tuple[str, object], _Given] = {}
        for item, offset in split_settings(text or ""):
            words = item.lower().split()
            if words == ["default"]:
                continue
            named = self._named_by(words)
            if named is None:
                raise SettingError(self._unknown(item, words), offset)
            setting, value_words = named
            try:
                value = setting.value.read(value_words)
            except (ValueError, ArithmeticError, IndexError) as error:
                raise SettingError(self._refused(item, setting, value_words, error), offset) from None
            key = (setting.name, None if setting.subject is None else setting.subject(value))
            this = _Given(item.strip(), " ".join(value_words), value)
            earlier = given.setdefault(key, this)
            if earlier.value != value:
                raise SettingError(
                    f"{this.text!r} contradicts {earlier.text!r} before it: {setting.name} is given twice, "
                    f"as {earlier.value_text!r} and as {this.value_text!r} (keep the one the table played by)",
                    offset)
            if earlier is this:
                rules = setting.apply(rules, value)
        return rules

    def _close_settings(self, words: list[str], besides: Setting | None = None) -> list[str]:
        """The settings, ``besides`` aside, whose name is close to the words in its place, each with
        the value as given ('hok off': 'hook off'), at most three, the closest first.

        The name is compared alone: the value, the same for all, would make every name look close.
        Only those that take that value: 'dealer qualifes pair' is not 'dealer game pair'. The words
        of the name may be one fewer or one more than its own ('dealer replaces lowest' for
        'dealer game replaces lowest')."""
        close = []
        for setting in self.settings:
            if setting is besides:
                continue
            spelt = []
            for spelling in setting.spellings():
                for width in {len(spelling.split()) + more for more in (-1, 0, 1)} - {0}:
                    given = " ".join(words[:width])
                    if close_names(given, [spelling]) and _takes(setting, words[width:]):
                        spelt.append((letters_to_change(given, spelling), " ".join([setting.name, *words[width:]])))
            if spelt:
                close.append(min(spelt))    # the spelling closest to the words given
        return [text for _, text in sorted(close)[:3]]

    def _unknown(self, item: str, words: list[str]) -> str:
        return (f"{item.strip()!r} is not a setting of {self.game}.{suggested(self._close_settings(words))} "
                f"Its settings are {listed(self.names, 'and')}.")

    def _refused(self, item: str, setting: Setting, words: list[str], error: Exception) -> str:
        if isinstance(error, BadValue) and error.part:
            return f"{item.strip()!r}: {error.part} takes {spoken(error.takes)}, not {error.given!r}"
        why = error.why if isinstance(error, BadValue) else ""
        value = " ".join(words)
        given = f"not {value!r}" if value else "and none is given"
        suggest = getattr(setting.value, "suggest", None)
        # (not the value refused itself, nor one the setting would refuse as well)
        close = [] if not value or suggest is None else close_names(
            value, [word for word in suggest(words) if word != value and _takes(setting, word.split())])
        # then the other settings the item reads as with a name mistyped: 'dealer game replace lowest'
        # starts with the name of the cost 'dealer game', and means 'dealer game replaces lowest'
        again = suggested([*(f"{setting.name} {word}" for word in close),
                           *self._close_settings(item.lower().split(), besides=setting)][:3])
        return (f"{item.strip()!r}: {why + '; ' if why else ''}{setting.name} takes {spoken(setting.takes)}, {given}"
                + (f".{again}" if again else ""))


def _takes(setting: Setting, words: list[str]) -> bool:
    """Whether ``setting`` reads the value ``words``: a suggestion names only a setting as it
    would be read, never one that would be refused in turn."""
    try:
        setting.value.read(words)
    except (ValueError, ArithmeticError, IndexError):
        return False
    return True


def split_settings(text: str) -> list[tuple[str, int]]:
    """The settings of a ``Rules:`` value with the 0-based column where each starts.

    >>> split_settings("deck 54,  hook off,")
    [('deck 54', 0), ('hook off', 10)]
    """
    items, column = [], 0
    for part in text.split(","):
        stripped = part.strip()
        if stripped:
            items.append((stripped, column + len(part) - len(part.lstrip())))
        column += len(part) + 1
    return items
