"""Players are people: screen names linked to the person they belong to, and who "me" is.

The links live in the warehouse (the ``aliases`` table) beside the games, so that they
survive a re-ingest and a re-audit; each change rewrites the small table whole, in one
commit that lands with its models: those that read the links or settings (the per-person
figures) are rebuilt, the others are left as they are. A screen name is per room
(site): a link names the room of the name, or none, and then holds in every room where the
name has no link of its own. An account (room, name) belongs to one person at most; a person
is named by any text (often his main screen name).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import TYPE_CHECKING

import pyarrow as pa

from pipeline.ingest import models_with_commits, refresh_models
from pipeline.tables import SCHEMAS
from pipeline.warehouse import Warehouse
from rules.words import same_name

if TYPE_CHECKING:
    from pipeline.reaudit import ReauditSummary

__all__ = ["ME", "RATE", "Account", "aliases", "link", "me", "rates", "set_me", "set_rate", "unlink"]

ME = "me"
"""The setting naming the person every dashboard page starts from."""

RATE = "rate"
"""The settings ``rate FROM TO`` hold the rate the user sets to convert an amount of currency
FROM into currency TO (1 FROM = rate TO): figures of two currencies are converted only at a rate
the user set himself, and the page says which."""

CURRENCY_CODES = frozenset([
    "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN",
    "BHD", "BIF", "BMD", "BND", "BOB", "BOV", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF",
    "CHE", "CHF", "CHW", "CLF", "CLP", "CNY", "COP", "COU", "CRC", "CUC", "CUP", "CVE", "CZK", "DJF",
    "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD",
    "GNF", "GTQ", "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS", "INR", "IQD", "IRR", "ISK", "JMD",
    "JOD", "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT", "LAK", "LBP", "LKR",
    "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR", "MVR", "MWK",
    "MXN", "MXV", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB", "PEN", "PGK",
    "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR", "SBD", "SCR", "SDG", "SEK",
    "SGD", "SHP", "SLE", "SLL", "SOS", "SRD", "SSP", "STN", "SVC", "SYP", "SZL", "THB", "TJS", "TMT",
    "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "USN", "UYI", "UYU", "UYW", "UZS",
    "VED", "VES", "VND", "VUV", "WST", "XAF", "XCD", "XCG", "XOF", "XPF", "YER", "ZAR", "ZMW", "ZWG",
    "ZWL",
])
"""The currencies of ISO 4217 (its codes of money; not those of gold, bonds or tests): what a rate converts."""
UNITS_NEVER_CONVERTED = frozenset({"CHIPS", "PLAY", "FPP", "SC", "POINTS"})
"""The program's own units, as a user might write them: tournament and play chips, a room's points."""

RATE_STEP = Decimal("0.000001")
RATE_LIMIT = Decimal(10) ** 12
"""A rate is a multiple of RATE_STEP, at least RATE_STEP and below RATE_LIMIT: what the models'
decimal(18, 6) holds exactly (a larger one stops every model build, a finer one would be rounded)."""


def _clean(names: Iterable[str]) -> list[str]:
    found = []
    for name in names:
        name = name.strip()
        if name and name not in found:
            found.append(name)
    return found


def _read(store: Warehouse, table: str) -> list[dict]:
    return store.read_table(table).select(SCHEMAS[table].names).to_pylist()


Account = tuple[str | None, str]
"""A screen name in a room: (site, name); site None: the name in every room without a link of its own."""


def aliases(store: Warehouse) -> dict[Account, str]:
    """Every linked account and its person, their names composed as the games store them
    (:func:`same_name`): a link an older Rasklad stored to a decomposed spelling is the composed
    one's (stg_aliases reads it so too), and the next change writes it so; beside a link of the
    composed spelling, that one is kept."""
    rows = _read(store, "aliases")
    # the stored composed spellings last, so that theirs wins
    rows.sort(key=lambda row: row["player"] == same_name(row["player"]))
    return {(row["site"] or None, same_name(row["player"])): same_name(row["person"]) for row in rows}


def _writer(root: str | Path, purpose: str, build: bool, on_wait: Callable[[str], None] | None,
            wait: bool) -> Warehouse:
    """The warehouse opened as its writer; with ``build``, each commit lands with its models."""
    store = Warehouse(root).open(wait=wait, on_wait=on_wait, purpose=purpose)
    if build:
        models_with_commits(store)
    return store


def link(root: str | Path, person: str, names: Iterable[str], *, site: str | None = None, build: bool = True,
         on_wait: Callable[[str], None] | None = None, wait: bool = True) -> dict[Account, str]:
    """Link ``names`` of room ``site`` (None: in every room) to ``person``, and, in every room,
    ``person`` itself, when it is a name too; a name linked to another person before moves. A link
    in one room is of the names given alone: the person's own name in that room is an account of its
    own, which nobody asked to link. Returns every link after the change."""
    person = person.strip()
    site = (site or "").strip() or None
    if not person:
        raise ValueError("a person needs a name")
    wanted = _clean([person, *names] if site is None else names)
    with _writer(root, "rasklad alias", build, on_wait, wait) as store:
        links = aliases(store)
        # a person named like a name that another person holds would merge them: refuse it
        holder = links.get((site, person), links.get((None, person)))
        if holder not in (None, person):
            raise ValueError(f"{person!r} is a name of {holder!r}: link the names to {holder!r}, or remove it first")
        now = datetime.now(UTC).replace(tzinfo=None)
        for name in wanted:
            links[(site, name)] = person
        _write(store, links, now)
        if build:
            refresh_models(store)
    return links


def unlink(root: str | Path, names: Iterable[str], *, site: str | None = None, build: bool = True,
           on_wait: Callable[[str], None] | None = None, wait: bool = True) -> dict[Account, str]:
    """Remove the links of ``names`` (each becomes a person of its own again): in room ``site``
    only, or, without a site, in every room. A person's name removes every link to that person
    (in that room only, with a site). Returns every link after the change."""
    gone = set(_clean(names))
    site = (site or "").strip() or None

    def kept(account: Account, person: str) -> bool:
        in_scope = site is None or account[0] == site
        return not (in_scope and (account[1] in gone or person in gone))

    with _writer(root, "rasklad alias", build, on_wait, wait) as store:
        links = {account: person for account, person in aliases(store).items() if kept(account, person)}
        # a person's own name, which link() ties to him beside his names, goes with the last of them
        holders = {person for (_, name), person in links.items() if name != person}
        links = {account: person for account, person in links.items() if account[1] != person or person in holders}
        _write(store, links, datetime.now(UTC).replace(tzinfo=None))
        if build:
            refresh_models(store)
    return links


def _write(store: Warehouse, links: dict[Account, str], now: datetime) -> None:
    rows = sorted(links.items(), key=lambda item: (item[0][0] or "", item[0][1]))
    store.replace_table("aliases", pa.table({
        "player": [name for (_, name), _ in rows], "person": [person for _, person in rows],
        "linked_at": pa.array([now] * len(rows), pa.timestamp("us")),
        "site": pa.array([site for (site, _), _ in rows], pa.string()),
    }))


def me(store: Warehouse) -> str | None:
    """The person "this is me" names, or None."""
    return next((same_name(row["value"]) for row in _read(store, "settings") if row["name"] == ME), None)


def set_me(root: str | Path, person: str | None, *, build: bool = True,
           on_wait: Callable[[str], None] | None = None, wait: bool = True) -> None:
    """Say which person is "me" (None: nobody)."""
    with _writer(root, "rasklad alias", build, on_wait, wait) as store:
        settings = {row["name"]: row["value"] for row in _read(store, "settings")}
        settings.pop(ME, None)
        if person and person.strip():
            settings[ME] = person.strip()
        rows = sorted(settings.items())
        store.replace_table("settings", pa.table({"name": [n for n, _ in rows], "value": [v for _, v in rows]}))
        if build:
            refresh_models(store)


def _currency(code: str, *, removed: bool = False) -> str:
    """``code`` in capitals, if a rate may convert it (any code, for a rate to remove: one set before
    the codes were checked goes as well)."""
    code = code.strip().upper()
    if removed:
        return code
    if code in UNITS_NEVER_CONVERTED:
        raise ValueError(f"{code!r} has no rate: tournament chips, play chips and points are never converted")
    if code not in CURRENCY_CODES:
        raise ValueError(f"{code!r} is no currency code of ISO 4217: give one, as USD or EUR")
    return code


def rates(store: Warehouse) -> dict[tuple[str, str], Decimal]:
    """Every conversion rate the user set: (FROM, TO) -> how many TO one FROM is worth."""
    found = {}
    for row in _read(store, "settings"):
        words = row["name"].split()
        if len(words) == 3 and words[0] == RATE:
            found[(words[1], words[2])] = Decimal(row["value"])
    return found


def set_rate(root: str | Path, source: str, target: str, rate: str | Decimal | None, *, build: bool = True,
             on_wait: Callable[[str], None] | None = None, wait: bool = True) -> Decimal | None:
    """Set the rate of 1 ``source`` in ``target`` (None removes it; LookupError when none was set).
    Chips and points have no rate.
    Returns the rate of the other way, ``target`` in ``source``, when one is set: it is kept (each
    way is converted at its own rate), for the caller to say when the two disagree."""
    source, target = _currency(source, removed=rate is None), _currency(target, removed=rate is None)
    if source == target:
        raise ValueError("a rate converts one currency into another: give two different currencies")
    if rate is not None:
        given = str(rate).strip()
        try:
            rate = Decimal(given)
        except InvalidOperation:
            raise ValueError(f"{given!r} is no rate: give a number, as 1.08") from None
        if rate.is_finite() and rate <= 0:
            raise ValueError(f"a rate is more than 0 (what 1 {source} is worth in {target}), not {given}")
        if not rate.is_finite() or not RATE_STEP <= rate < RATE_LIMIT or rate % RATE_STEP:
            raise ValueError(f"a rate is a number from 0.000001 to 999,999,999,999.999999 with at most 6 decimals "
                             f"(kept exactly so), not {given}")
    name = f"{RATE} {source} {target}"
    with _writer(root, "rasklad settings", build, on_wait, wait) as store:
        settings = {row["name"]: row["value"] for row in _read(store, "settings")}
        if rate is None and name not in settings:
            raise LookupError(f"There was no rate of {source} in {target} to remove")
        settings.pop(name, None)
        if rate is not None:
            settings[name] = format(rate, "f")     # 1000, not 1E+3
        rows = sorted(settings.items())
        store.replace_table("settings", pa.table({"name": [n for n, _ in rows], "value": [v for _, v in rows]}))
        if build:
            refresh_models(store)
    reverse = settings.get(f"{RATE} {target} {source}")
    return None if reverse is None else Decimal(reverse)


def remove_rule_setting(root: str | Path, name: str, option: str, *, build: bool = True,
                        on_wait: Callable[[str], None] | None = None,
                        wait: bool = True) -> tuple[list[str], ReauditSummary | None]:
    """Remove the rule setting kept as ``name`` (``rules cap room PokerStars``) with ``option``: the
    one so written, else those of its name in another case (kept before rooms were matched so);
    then judge again the stored hands judged under it, as an ingest given a setting judges those
    it reaches. Returns the names removed and that re-audit's summary (None: no game stored);
    LookupError naming the rule settings kept when none matches."""
    with _writer(root, "rasklad settings", build, on_wait, wait) as store:
        settings = {row["name"]: row["value"] for row in _read(store, "settings")}
        named = [name] if name in settings else [kept for kept in settings if kept.casefold() == name.casefold()]
        removed = [kept for kept in named if settings[kept] == option]
        if not removed:
            from pipeline.table_rules import RuleSetting

            # each named as --rules and --remove take it, not as the settings table keeps it
            def told(key: str, value: str) -> str:
                setting = RuleSetting.of_row(key, value)
                return f"'{setting.text}'" if setting else f"{key} = {value}"

            kept = [told(kept, value) for kept, value in settings.items() if RuleSetting.of_row(kept, value)]
            raise LookupError(f"No rule setting {told(name, option)} is kept"
                              + (f" ({'; '.join(told(n, settings[n]) for n in named)} is)" if named else "")
                              + f". The rule settings kept: {'; '.join(kept) or 'none'}")
        for kept in removed:
            del settings[kept]
        rows = sorted(settings.items())
        store.replace_table("settings", pa.table({"name": [n for n, _ in rows], "value": [v for _, v in rows]}))
        # judged again now: left to a later `reaudit`, those hands kept the removed option's
        # figures while no command counted them as out of date
        resettled = None
        if store.manifest.paths("games"):
            from pipeline.reaudit import reaudit

            resettled = reaudit(store, resettled_only=True)
        if build:
            refresh_models(store)
    return removed, resettled
