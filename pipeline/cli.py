"""The command line: ``rasklad ingest``, ``audit``, ``show``, ``stats``, ``query``, ``quarantine``, ``dashboard``,
``house-edge``."""

from __future__ import annotations

import codecs
import contextlib
import errno
import functools
import json
import locale
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pipeline.collector import objects_left_at_exit
from pipeline.manifest import NewerWarehouse, WarehouseBusy
from pipeline.names import games_named_sql, name_parameters, stored_names
from pipeline.provenance import RULES_VERSION, ModelError, ModelsMissing, OlderRules
from rules.findings import CONTROL_CHARACTER, quoted_name
from rules.words import (
    close_names,
    counted,
    did_you_mean,
    listed,
    listed_name,
    name_order,
    no_player,
    player_named,
    printing_alike,
    same_name,
    told_apart,
)

if TYPE_CHECKING:
    import duckdb
    import polars as pl

# DuckDB, Polars, pyarrow (the warehouse's writer and readers) and the models' runner are loaded by
# the commands that use them: an ingest that finds nothing new is over before they would have loaded.

DEFAULT_WAREHOUSE = "data/warehouse"
STATS_MARTS = {
    "holdem": "player_stats_holdem",
    "holdem36": "player_stats_holdem",
    "raspisnoy": "player_stats_raspisnoy",
    "chinese": "player_stats_chinese",
    "ofc": "player_stats_chinese",
    "sixcard": "player_stats_sixcard",
    "tournament": "player_stats_tournaments",
}
# What a terminal shows of each mart by default (the marts carry the opportunity counts too;
# --all and --json show every column). Raspisnoy shows the all-time season only.
HEADLINES = {
    "holdem": ("player", "site", "game", "is_tournament", "currency", "stakes", "betting", "count_hands", "net_won",
               "bb_per_100", "vpip", "pfr", "three_bet", "af", "wtsd", "wsd", "wwsf", "cbet_flop", "allin_ev_net"),
    "raspisnoy": ("player", "club", "count_games", "count_rounds", "bid_accuracy", "count_overtricks",
                  "count_undertricks", "pass_success_rate", "points_per_round", "count_wins",
                  "avg_placement", "total_points"),
    "chinese": ("player", "game", "variant", "scoring", "count_hands", "points_per_hand", "total_points",
                "royalties_total", "royalties_per_hand", "royalties_earned", "foul_rate", "scoop_won_rate",
                "scoop_suffered_rate", "surrender_rate"),
    "sixcard": ("player", "count_sessions", "count_hands", "count_boxes", "total_wagered", "total_net",
                "rtp", "ev_lost_per_hand", "house_edge_perfect_play"),
    # one row per account and currency: a buy-in in FPP, SC or play chips is never added to money
    "tournament": ("player", "site", "currency", "count_tournaments", "count_entries", "cost", "won", "net", "roi",
                   "itm", "avg_finish", "best_finish"),
}
HEADLINES["holdem36"], HEADLINES["ofc"] = HEADLINES["holdem"], HEADLINES["chinese"]

STATS_GAMES = {**{game: game for game in STATS_MARTS}, "raspisnoy_sheet": "raspisnoy"}
"""What ``stats --game`` takes (any case), and the game whose statistics each shows: the
raspisnoy mart counts the score sheets' games with the logs'."""

MOST_PLAYED = {"holdem": "count_hands", "holdem36": "count_hands", "raspisnoy": "count_games",
               "chinese": "count_hands", "ofc": "count_hands", "sixcard": "count_hands",
               "tournament": "count_entries"}
"""The column of each mart that says how much a row's player played: ``stats`` lists the most first."""
STATS_REST = "--limit N or --all shows more; --json prints every row"
"""How a ``stats`` table that left rows out gets them."""
STATS_JSON_REST = "a larger --limit N shows more, and no --limit every row"
"""How ``stats --json`` that left rows out gets them: only a --limit given cuts it (--all does not lift it)."""

SITE_MARTS = frozenset({"holdem", "holdem36", "tournament"})
"""The marts keyed by site: the poker rooms' games and tournaments; the club games have none."""

ACCOUNTS_OF_SUMMARIES = (
    "(select stats.*, coalesce(people.person, stats.player) as person from player_stats_tournaments as stats "
    "left join people on people.player = stats.player and people.site is not distinct from stats.site "
    "where $player is not null or people.player is not null)")
"""The tournament mart as ``stats`` reads it: each row with its account's person. A summary lists
every entry of its tournament: without --player, the rows of the accounts (the summaries' holders
and the stored games' players), as the Player review lists them, not of every opponent met once."""

SHARED_MARTS = {"holdem36": "holdem", "ofc": "chinese"}
"""A game whose figures are rows of another's mart, its ``game`` column keeping them apart (a
short-deck player's figures are never added to his 52-card ones): ``stats --game`` shows the
rows of the game named, and without it the mart is shown once."""

WAREHOUSE_ENV = "RASKLAD_WAREHOUSE"


class _WarehouseFolder(click.Path):
    """A warehouse folder; a bad one that came from RASKLAD_WAREHOUSE is blamed on the variable,
    not on the --warehouse option the user did not give."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as error:
            if (ctx is None or param is None or ctx.get_parameter_source(param.name)
                    is not click.core.ParameterSource.DEFAULT or not os.environ.get(WAREHOUSE_ENV)):
                raise
            raise click.BadParameter(error.message, ctx, param,
                                     param_hint=f"the environment variable {WAREHOUSE_ENV}") from None


FORMAT_BEFORE = "rasklad.warehouse_format_before"
FORGET_WAITING = "rasklad.forget_waiting"
"""The warehouse given and the journal entry of a stopped forget's commit waiting there before the
command ran (see :func:`_tell_finished_forget`)."""
"""Where a command's context keeps its warehouse and that warehouse's format before the command ran."""


def _noting_format(ctx: click.Context, param: click.Parameter, value: Path) -> Path:
    """The ``--warehouse`` given, its format noted before the command runs (see :func:`_tell_upgrade`)."""
    from pipeline.manifest import waiting_forget, written_format

    ctx.meta[FORMAT_BEFORE] = (value, written_format(value))     # (a subcommand's, after its group's)
    ctx.meta[FORGET_WAITING] = (value, waiting_forget(value))
    return value


def _tell_finished_forget(ctx: click.Context) -> None:
    """After a command that writes the warehouse (forget and ingest say it themselves): when it
    published the commit of a stopped forget, say so (on stderr, beside any JSON), lest a
    `settings rate` take thousands of games out of the statistics without a word."""
    noted = ctx.meta.get(FORGET_WAITING)
    if not noted or noted[1] is None or ctx.invoked_subcommand in ("forget", "ingest"):
        return
    from pipeline.manifest import read_manifest, waiting_forget

    warehouse, entry = noted
    try:
        published = read_manifest(warehouse).generation >= entry.get("generation", 0)
    except (OSError, ValueError, LookupError):
        return
    if published and waiting_forget(warehouse) is None:
        stored = entry.get("stored", {})
        click.echo(_finished_forget_line(entry["forgotten"], stored.get("superseded", 0),
                                         stored.get("unquarantined", 0),
                                         first="Finished first the forget stopped before"), err=True)


def _tell_upgrade(ctx: click.Context) -> None:
    """After a command: when it upgraded its warehouse from an older format, say so (on stderr,
    beside any JSON), and what that did."""
    noted = ctx.meta.get(FORMAT_BEFORE)
    if not noted or noted[1] is None:
        return
    from pipeline.manifest import written_format

    warehouse, before = noted
    after = written_format(warehouse)
    if after is not None and after > before:
        click.echo(f"Upgraded the warehouse {warehouse} from format {before} (written by an older Rasklad) to format "
                   f"{after}: parts that lacked this Rasklad's derived columns were given them, and the format is "
                   f"recorded, so that a Rasklad of an older format refuses to write it (one from before formats were "
                   f"recorded does not look: write it with this Rasklad or a later one).", err=True)


warehouse_option = click.option(
    "--warehouse", "-w", type=_WarehouseFolder(file_okay=False, path_type=Path), callback=_noting_format,
    default=lambda: os.environ.get(WAREHOUSE_ENV, DEFAULT_WAREHOUSE), show_default=DEFAULT_WAREHOUSE,
    help="Warehouse folder (or set RASKLAD_WAREHOUSE).",
)


def _warehouse_of_group(ctx: click.Context, param: click.Parameter, value: Path) -> Path:
    """A subcommand's warehouse: the one given to its group before its name (``settings -w DIR
    rules …``) when it is given none after it; given both ways, the two must be one."""
    group = ctx.parent
    if group is None or group.get_parameter_source("warehouse") is not click.core.ParameterSource.COMMANDLINE:
        return _noting_format(ctx, param, value)
    before = group.params["warehouse"]
    given_after = ctx.get_parameter_source(param.name) is click.core.ParameterSource.COMMANDLINE
    if given_after and value.resolve() != before.resolve():
        raise CommandLineProblem(f"Two warehouses given: {before} before `{ctx.info_name}` and {value} after it.",
                                 "Give one, before the subcommand or after it.")
    return _noting_format(ctx, param, before)


subcommand_warehouse_option = click.option(
    "--warehouse", "-w", type=_WarehouseFolder(file_okay=False, path_type=Path), callback=_warehouse_of_group,
    default=lambda: os.environ.get(WAREHOUSE_ENV, DEFAULT_WAREHOUSE), show_default=DEFAULT_WAREHOUSE,
    help="Warehouse folder (or set RASKLAD_WAREHOUSE; one given before the subcommand holds too).",
)
"""The ``-w`` of a group's subcommand: the group takes one too, and a user gives it on either side."""
def _typed_names(ctx: click.Context, param: click.Parameter, value: str | tuple[str, ...] | None):
    """Names a user types, composed as every stored name is (:func:`rules.words.same_name`): ``ё``
    typed as one character or as ``е`` and a combining mark names the same player."""
    if value is None:
        return None
    return same_name(value) if isinstance(value, str) else tuple(map(same_name, value))


site_option = click.option(
    "--site", "-s", help="Only this poker room's hands (PokerStars, GGPoker, Winamax, 888poker, Bovada, PartyPoker …).")
json_option = click.option("--json", "as_json", is_flag=True, help="Print the result as JSON, for programs to read.")


def _json_of_group(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    """A subcommand prints JSON when given --json, or when its group was (``settings --json rate …``)."""
    return value or bool(ctx.parent and ctx.parent.params.get("as_json"))


subcommand_json_option = click.option(
    "--json", "as_json", is_flag=True, callback=_json_of_group,
    help="Print the result as JSON, for programs to read (one given before the subcommand holds too).")
no_wait_option = click.option(
    "--no-wait", is_flag=True,
    help="Stop at once when another process is writing the warehouse (default: wait for it).",
)


def _say_waiting(message: str) -> None:
    click.echo(message, err=True)


STOPPED_BY: list[int] = []
"""The signal that stopped the run, if one did (Ctrl-C's SIGINT, or SIGTERM: a ``kill``, a service
stopped)."""


TERM_SENT_ON: list[bool] = []
"""Whether a SIGTERM was sent on as SIGINT (see :func:`_send_sigterm_on`)."""


STOP_RAISED_AGAIN: list[int] = []
"""The signal of a stop whose KeyboardInterrupt was lost (see :func:`_stop_never_lost`), until
:func:`_stop` raises it again."""

COMMAND_DONE: list[bool] = []
"""Whether the command ran to its end: a stop after it has nothing left to stop (the process is
exiting with the command's own code)."""

JSON_ASKED = "rasklad.json_asked"
"""Where the main context notes whether the command line gave --json."""
JSON_PRINTED: list[bool] = []
"""Whether the command printed its JSON document (see :func:`_echo_json`)."""


def _stop(signum, frame) -> None:
    # Both signals are taken as Ctrl-C is, so every ``finally`` runs (an ingest stops its readers
    # and removes its scratch files instead of vanishing mid-step); kept, because DuckDB answers
    # the interrupt of a query with an error of its own
    if COMMAND_DONE:
        return
    if STOP_RAISED_AGAIN:     # (recorded when it was first raised)
        STOP_RAISED_AGAIN.clear()
        raise KeyboardInterrupt
    if TERM_SENT_ON:
        if STOPPED_BY:  # the SIGTERM, or the SIGINT it was sent on as, after the other stopped the run
            return
        signum = signal.SIGTERM
    STOPPED_BY.append(signum)
    raise KeyboardInterrupt


def _stop_never_lost(unraisable) -> None:
    """``sys.unraisablehook``: a KeyboardInterrupt of a stop raised where Python can only print
    it and go on (a weakref's callback, such as the import system's for its module locks) is
    raised again a moment later, in the code the command runs: lost, the command ran to its end
    after Ctrl-C and exited 0. Any other such error is printed as Python prints it."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt) and STOPPED_BY and not STOP_RAISED_AGAIN:
        STOP_RAISED_AGAIN.append(STOPPED_BY[-1])
        # sent by a thread, once the callback has returned (raised here, it would be lost again), to
        # the main thread, whose sleep or wait the signal ends
        threading.Timer(0.05, signal.pthread_kill, (threading.main_thread().ident, signal.SIGINT)).start()
        return
    sys.__unraisablehook__(unraisable)


def _send_sigterm_on() -> None:
    """Make a SIGTERM stop a DuckDB statement at once, as Ctrl-C does: DuckDB interrupts the
    statement it runs on SIGINT alone, and the handler of any other signal waits for the statement's
    end (minutes of a large models build). The system's handler writes the number of each signal
    to a pipe (``signal.set_wakeup_fd``) that a thread reads: a SIGTERM is sent on to this process
    as SIGINT, and :func:`_stop` records it as the SIGTERM it is. A forked child (a reader) writes to
    no pipe of its parent's."""
    read, write = os.pipe()
    os.set_blocking(write, False)
    signal.set_wakeup_fd(write, warn_on_full_buffer=False)
    os.register_at_fork(after_in_child=_no_wakeup_pipe)
    stopped = os.getpid()

    def watch() -> None:
        while True:
            for number in os.read(read, 64):
                if number == signal.SIGTERM and not STOPPED_BY and not TERM_SENT_ON:
                    TERM_SENT_ON.append(True)
                    os.kill(stopped, signal.SIGINT)
                if number in (signal.SIGINT, signal.SIGTERM):
                    # a SIGTERM too: when Python's handler took it first (STOPPED_BY set), no SIGINT
                    # follows, and the statement ran to its end (minutes)
                    _interrupt_reads()

    threading.Thread(target=watch, name="rasklad-sigterm", daemon=True).start()


READING: weakref.WeakSet = weakref.WeakSet()
"""The connections the commands read the warehouse through (:func:`_connect`), for a stop to
interrupt their statement (see :func:`_interrupt_reads`)."""


def _interrupt_reads() -> None:
    """Stop the statements of the reading connections: DuckDB looks for a SIGINT while it fetches
    a result only where no handler of Python's is set, and a query left to run kept a stopped
    ``rasklad query`` going for minutes."""
    for con in list(READING):
        with contextlib.suppress(Exception):    # (closed since)
            con.interrupt()


def _no_wakeup_pipe() -> None:
    with contextlib.suppress(ValueError):   # (not the main thread: the child has no handler of ours)
        signal.set_wakeup_fd(-1)


NO_SPACE = "No space left on device"
RATE_FROM = 1000
"""The ingest summary gives games per second from this many games: below it, the seconds are
mostly the start-up's and the statistics', and the rate of a few games reads as "0 games/s"."""
"""How the system words a full disk: in DuckDB's errors and in a reader's last line too."""


def _on_the_way(path: Path, warehouse: Path) -> bool:
    """Whether ``path`` is in the warehouse folder, or one of the folders it is made in."""
    path, warehouse = path.resolve(), warehouse.resolve()
    return path.is_relative_to(warehouse) or warehouse.is_relative_to(path)


@contextlib.contextmanager
def _cut_short_saying(kept: str | Callable[[], str], warehouse: Path,
                      before: Callable[[], None] = lambda: None) -> Iterator[None]:
    """A writing command cut short, by Ctrl-C or SIGTERM, a full disk or a warehouse folder it
    may not write, says what is ``kept`` (or what ``kept`` tells, asked then: see
    :func:`_kept_by_run`) and how to go on (after ``before``: a progress bar closed); stopped by a
    signal, it exits with the shells' code for it."""
    try:
        yield
    except (KeyboardInterrupt, Exception) as error:
        if callable(kept):
            kept = kept()
        if STOPPED_BY or isinstance(error, KeyboardInterrupt):
            # After a stop, whatever comes up is the stop: DuckDB's "Query interrupted", or the
            # refusal of a statement in the transaction the interrupt aborted
            before()
            _exit_stopped(kept)
        if getattr(error, "errno", None) == errno.ENOSPC or NO_SPACE in str(error):
            before()
            raise UsageProblem(f"The disk of the warehouse {str(warehouse)!r} is full ({NO_SPACE.lower()}).",
                               f"Free some space, or name another folder with --warehouse: {kept}") from None
        if isinstance(error, OSError) and error.filename and _on_the_way(Path(error.filename), warehouse):
            before()
            raise UsageProblem(f"The warehouse {str(warehouse)!r} cannot be written: {error.strerror} "
                               f"({error.filename}).",
                               "Name a folder you may write with --warehouse (or RASKLAD_WAREHOUSE), or make "
                               "this one writable.") from None
        raise


def _exit_stopped(kept: str) -> None:
    """Say what a command stopped by a signal keeps, and exit with the shells' code for the signal."""
    click.echo(f"Stopped before the end: {kept}", err=True)
    sys.exit(128 + (STOPPED_BY[-1] if STOPPED_BY else signal.SIGINT))


UNPUBLISHED = ("The commit it was making waits, whole, for its statistics: readers see the warehouse without it "
               "until the next command that writes the warehouse publishes it with them.")
"""Said of a commit stopped while its models were updated (see ``Warehouse.before_commit``)."""


def _stored_before_the_stop(so_far) -> str:
    """What an ingest stopped before its end stored, and what it did not (``so_far``: its
    :class:`~pipeline.ingest.IngestSummary` as the stop found it)."""
    rest = so_far.files - so_far.files_committed
    quarantined = f", {so_far.quarantined:,} quarantined" if so_far.quarantined else ""
    games = f"({counted(so_far.games, 'game')}{quarantined})"
    one = so_far.files_committed == 1
    if not so_far.files_committed:      # (what was committed judged the quarantine again, or waits)
        stored = "no file was stored whole yet; the same ingest"
    elif not rest:
        stored = f"every file was stored {games} and is kept; the same ingest"
    else:
        stored = (f"{so_far.files_committed:,} of {counted(so_far.files, 'file')} {'was' if one else 'were'} "
                  f"stored {games} and {'is' if one else 'are'} kept, the other {rest:,} not; "
                  "the same ingest")
    return f"{stored} run again goes on from there (what was stored is not read twice)."


def _statistics_unbuilt(warehouse: Path) -> bool:
    """Does the warehouse hold commits whose statistics were never built (a new warehouse's ingest
    stopped in its first build)? Readers refuse it until they are."""
    from pipeline.manifest import DUCKDB_FILE

    return bool(_generation(warehouse)) and not (warehouse / DUCKDB_FILE).exists()


def _unbuilt_said(warehouse: Path) -> str:
    """What a stopped ingest adds when the statistics of what it stored are not built: readers
    refuse the warehouse until they are."""
    if not _statistics_unbuilt(warehouse):
        return ""
    return (" Its statistics are not built yet: the commands that read the warehouse refuse it until the same "
            f"ingest run again, or `rasklad build-models --warehouse {_quoted(str(warehouse))}`, builds them.")


STATISTICS_BUILT = "  built the statistics that a stopped ingest left unbuilt: the warehouse can be read"
"""The line a writing command adds when it built the statistics a stopped first ingest left
unbuilt: readers refused the warehouse until then, and nothing else tells that they read it now."""


def _say_statistics_built(warehouse: Path, unbuilt_before: bool) -> None:
    """Say :data:`STATISTICS_BUILT` when the statistics were unbuilt when the command started
    (``unbuilt_before``) and are built now."""
    if unbuilt_before and not _statistics_unbuilt(warehouse):
        click.echo(STATISTICS_BUILT)


def _kept_by_run(warehouse: Path, done: str | Callable[[], str], nothing: str) -> Callable[[], str]:
    """What a writing command stopped before its end keeps, worked out when it stops: ``done`` when
    it committed something (or what ``done`` tells, asked then), ``nothing`` when it did not; and,
    when a commit waits in its journal (stopped while its models were updated), that the next
    writer publishes it."""
    from pipeline.manifest import commit_pending

    before = _generation(warehouse)

    def kept() -> str:
        try:
            pending = commit_pending(warehouse)
        except OSError:
            pending = False
        if before is not None and _generation(warehouse) == before and not pending:
            return nothing
        said = done() if callable(done) else done
        return f"{said} {UNPUBLISHED}" if pending else said
    return kept


def _generation(warehouse: Path) -> int | None:
    """The number of the warehouse's last commit (0: none), or None when it cannot be read."""
    from pipeline.manifest import read_manifest

    try:
        return read_manifest(warehouse).generation
    except (OSError, ValueError):
        return None


def _what_then_fix(what: str, fix: str) -> str:
    """A refusal's words: what went wrong, then, indented below, how to fix it."""
    return f"{what}\n  {fix}"


class UsageProblem(click.ClickException):
    """An error that says what went wrong and then how to fix it."""

    def __init__(self, what: str, fix: str) -> None:
        super().__init__(_what_then_fix(what, fix))


class CommandLineProblem(click.UsageError):
    """A command line no warehouse could answer (an argument missing, options that contradict each
    other): a usage error, exit code 2, as click's own are, said as :class:`UsageProblem` says its."""

    def __init__(self, what: str, fix: str) -> None:
        super().__init__(_what_then_fix(what, fix))


def _refused_value(what: str, fix: str, option: str | None = "'--rules'") -> click.BadParameter:
    """A value of an option or argument refused whatever the warehouse holds (a game, rule ID or
    setting Rasklad does not know, a rate that is no number), before anything is read or written:
    a usage error, exit code 2, as click's own are. A name the warehouse does not hold (a player,
    a site, a game ID) is not one: the command ran, and exits with 1 (docs/warehouse.md)."""
    return click.BadParameter(_what_then_fix(what, fix), param_hint=option)


NOTHING_CHANGED = "nothing was changed (the warehouse is as it was)."
STOPPED_BEFORE_WRITING = {"generate": "no game was written (they are written at the end).",
                          "export": "no hand was written (the same export run again writes them all)."}
"""What a command stopped before it wrote says, when it writes elsewhere than in the warehouse."""
KEPT_WHEN_STOPPED = "rasklad.kept_when_stopped"
"""Where a command's context keeps what tells, when a stop comes, what the command has done so far
(export: the hands it wrote), for a stop its own handler does not see (while it sums up)."""


def _path_duckdb_cannot_open(ctx: click.Context, error: Exception) -> str | None:
    """The warehouse path (as its bytes spell it) that ``error`` failed on: DuckDB's
    ``std::bad_cast``, or a path's undecoded bytes refused as UTF-8, for a path that is not ASCII
    where the locale is not UTF-8 and Python's UTF-8 mode is off (PYTHONUTF8=0 beside
    LC_ALL=POSIX); else None."""
    noted = ctx.meta.get(FORMAT_BEFORE)
    lost = (str(error) == "std::bad_cast" if isinstance(error, RuntimeError)
            else isinstance(error, UnicodeEncodeError) and error.reason == "surrogates not allowed")
    if not lost or noted is None or sys.getfilesystemencoding().lower() in ("utf-8", "utf8"):
        return None
    warehouse = str(Path(noted[0]).absolute())
    return None if warehouse.isascii() else os.fsencode(warehouse).decode("utf-8", "backslashreplace")


class _Commands(click.Group):
    """The commands, each of which says so when this copy of Rasklad lacks its SQL models."""

    def main(self, *args, **kwargs):
        # around click's own run, whose error messages (quoting a path given) print after the
        # command's context has closed
        with _escaping_output():
            return super().main(*args, **kwargs)

    def make_context(self, *args, **kwargs) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:   # (reading the command line: click would print "Aborted!", exit 1)
            _exit_stopped(NOTHING_CHANGED)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # (what the subcommand is given is gone from ctx by the time an error reaches invoke)
        ctx.meta[JSON_ASKED] = "--json" in (args[:args.index("--")] if "--" in args else args)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context):
        COMMAND_DONE.clear()
        JSON_PRINTED.clear()
        try:
            done = self._invoke_printing_json_on_error(ctx)
        except (KeyboardInterrupt, Exception) as error:
            # a command stopped where it says nothing itself of what it kept: before it wrote, or
            # one that only reads, whichever the command: a stop that reached click was its bare
            # "Aborted!" and exit code 1. After a stop, whatever comes up is the stop (DuckDB's
            # "Query interrupted", worded as a failed query)
            if not (STOPPED_BY or isinstance(error, KeyboardInterrupt)):
                raise
            kept = ctx.meta.get(KEPT_WHEN_STOPPED)
            _exit_stopped(kept() if kept else STOPPED_BEFORE_WRITING.get(ctx.invoked_subcommand, NOTHING_CHANGED))
        COMMAND_DONE.append(True)
        return done

    def _invoke_printing_json_on_error(self, ctx: click.Context):
        """The command run; under --json, an error before its document is printed prints one of its
        own, ``{"error": …}`` with the words stderr says, for a script reads stdout as JSON whatever
        the exit code (a command that did part of its work, as ingest and forget, printed what it did)."""
        try:
            return self._invoke_saying_why(ctx)
        except click.ClickException as error:
            command = self.get_command(ctx, ctx.invoked_subcommand or "")
            takes_json = command is not None and any(param.name == "as_json" for param in command.params)
            if ctx.meta.get(JSON_ASKED) and takes_json and not JSON_PRINTED:
                _echo_json({"error": error.format_message()})
            raise

    def _invoke_saying_why(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except NewerWarehouse as error:     # any command that writes (or reads a format it cannot)
            raise UsageProblem(error.what, error.fix) from None
        except ModelsMissing as error:
            raise UsageProblem(f"{error}", "The install left the models out: install Rasklad again from a complete "
                                           "source (pip install .), or run it from a checkout.") from None
        except ModelError as error:     # any command that brings the statistics up to date (reaudit, alias …)
            # (before RuntimeError, of which it is one: a path check there would raise it again untold)
            if error.interrupted:
                raise KeyboardInterrupt from error
            raise UsageProblem(f"The statistics were not brought up to date: {error}",
                               "What the command stored is kept, and the statistics stay as they were: "
                               "`rasklad build-models` builds them again (report the reason above if it "
                               "fails again).") from error
        except (RuntimeError, UnicodeEncodeError) as error:
            unopened = _path_duckdb_cannot_open(ctx, error)
            if unopened is None:
                raise
            raise UsageProblem(
                f"The warehouse {unopened!r} cannot be opened in this process: DuckDB and Arrow take a path that is "
                f"not ASCII in a UTF-8 locale or with Python's UTF-8 mode only, and the locale here is "
                f"{locale.setlocale(locale.LC_CTYPE)!r} ({sys.getfilesystemencoding()}) with the UTF-8 mode off.",
                "Run it with PYTHONUTF8=1 set (or in a UTF-8 locale, such as LC_ALL=C.UTF-8), or name a warehouse "
                "whose path is ASCII with --warehouse.") from None
        finally:
            _tell_upgrade(ctx)
            _tell_finished_forget(ctx)


# color: click.echo would delete an escape sequence (a text's ESC[31m) from output that is not a
# terminal before _EscapedOutput writes it escaped; Rasklad writes no colours of its own to lose
@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"], "color": True})
@click.version_option(package_name="rasklad")
def main() -> None:
    """Rasklad: read hand histories and score sheets, audit every game, compute player statistics.

    Docs, in Rasklad's source folder: docs/formats.md (input formats), docs/rules.md (rule IDs),
    docs/warehouse.md (tables).

    Example: rasklad ingest data/samples && rasklad stats
    """


class _EscapedOutput:
    """Standard output or error that writes a text's control characters escaped (:func:`_escaped`):
    a reason, a game's text or a file's name quoting a NUL or an escape sequence never sends it to
    the terminal, whichever command prints it (JSON escapes its own)."""

    def __init__(self, stream) -> None:
        self._stream = stream

    def write(self, text):
        return self._stream.write(_escaped(text) if isinstance(text, str) else text)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def _unescaped(stream):
    """The stream an :class:`_EscapedOutput` writes to: for a progress bar, whose carriage returns
    are its own and whose text is numbers."""
    return stream._stream if isinstance(stream, _EscapedOutput) else stream


@contextlib.contextmanager
def _escaping_output() -> Iterator[None]:
    """Standard output and error escaped (:class:`_EscapedOutput`) while a command runs, and both
    writing a character their encoding cannot hold as ``\\uNNNN`` instead of failing on it: a
    redirect on a Russian Windows writes cp1251, which holds no emoji, no U+FFFD and no ``×``."""
    before = sys.stdout, sys.stderr
    strict = [stream for stream in before
              if getattr(stream, "errors", None) == "strict" and hasattr(stream, "reconfigure")]
    for stream in strict:
        stream.reconfigure(errors="backslashreplace")
    sys.stdout, sys.stderr = (_EscapedOutput(stream) for stream in before)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = before
        for stream in strict:
            stream.reconfigure(errors="strict")


def _encoding_of(stream) -> str:
    """The encoding ``stream`` writes in (UTF-8 for a stream that names none)."""
    return getattr(stream, "encoding", None) or "utf-8"


def _holds(stream, text: str) -> bool:
    """Can ``stream``'s encoding write every character of ``text``?"""
    try:
        text.encode(_encoding_of(stream))
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _held_by(stream) -> Callable[[str], str]:
    """A text as ``stream`` writes it: each character its encoding cannot hold as ``\\uNNNN``."""
    encoding = _encoding_of(stream)
    return lambda text: text.encode(encoding, "backslashreplace").decode(encoding)


def _writes_utf8(stream) -> bool:
    try:
        return codecs.lookup(_encoding_of(stream)).name == "utf-8"
    except LookupError:
        return False


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path, readable=False))
@warehouse_option
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: all cores).")
@click.option("--quiet", "-q", is_flag=True, help="No progress on stderr (a bar, or a line every few seconds); a first run's lines that say kernels are being compiled, once, still show.")
@click.option("--rules", "rules", multiple=True, metavar="SETTING",
              help="A rule option the logs cannot state, kept for later runs: 'straight_beats_trips' "
                   "(or 'trips_beat_straight', 36-card Hold'em), a betting structure for text that names "
                   "none ('no_limit', 'pot_limit', 'limit'), Limit's cap ('limit_cap_3', 'limit_uncapped', "
                   "'cap_heads_up'), or who gets a split pot's odd chip ('odd_chip_any') for these files, 'table NAME: no_limit' for a table, 'room NAME: …' "
                   "for a room (in any case; a room no game, reader or PHH file given names is refused). Kept: "
                   "`rasklad settings rules SETTING --remove` removes one. Repeatable.")
@json_option
@no_wait_option
def ingest(paths: tuple[Path, ...], warehouse: Path, jobs: int | None, quiet: bool, as_json: bool,
           no_wait: bool, rules: tuple[str, ...]) -> None:
    """Read logs (files, or folders read recursively) into the warehouse.

    Each game's format is recognized from its text. Games that do not parse go to
    quarantine with file, line, column and reason; the exit code is 1 when any did, when
    a file could not be read, or when a folder held files skipped for their extension (the
    summary names them). A --rules setting refused (unknown, or contradicting another) is a
    usage error: exit code 2, before anything is read.

    The formats and their lenient forms: see docs/formats.md.

    Example: rasklad ingest ~/hands/ club-night.txt --warehouse data/warehouse --jobs 2
    """
    from pipeline.ingest import IngestSummary, ReaderFailed
    from pipeline.ingest import ingest as run_ingest

    rules = _rule_settings_checked(rules, warehouse, paths)
    progress = _Progress(enabled=not quiet and not as_json)
    so_far = IngestSummary()    # what the run has committed, counted as it commits, for a stop to tell
    unbuilt_before = _statistics_unbuilt(warehouse)
    on_stop = _kept_by_run(warehouse, lambda: _stored_before_the_stop(so_far) + _unbuilt_said(warehouse),
                           "nothing was committed yet (the warehouse is as it was), and the same ingest run "
                           "again starts over.")
    try:
        with _cut_short_saying(on_stop, warehouse, before=progress.close):
            summary = run_ingest(paths, warehouse, jobs=jobs, on_file=progress.file,
                                 on_start=lambda total: progress.start(total, len(so_far.unreadable)),
                                 wait=not no_wait, on_wait=_say_waiting, rules=rules, on_model=progress.model,
                                 summary=so_far, pandas_probe_hidden=_PROGRAM_RUNNING)
    except ReaderFailed as error:
        raise UsageProblem(error.what[0].upper() + error.what[1:], error.fix) from error
    except WarehouseBusy as error:
        raise UsageProblem(error.what, error.fix) from error
    finally:
        progress.close()
    nothing = _nothing_found(summary)
    # the stored games other rules judged keep their figures until a re-audit: said once, at the end
    older = None if summary.models_failed else _older_rules_of(warehouse)
    if as_json:
        _echo_json({**summary.as_dict(), "no_games": nothing, "older_rules": older and {
            "games": older.games, "quarantined": older.quarantined, "versions": list(older.versions)}})
    else:
        built = unbuilt_before and not _statistics_unbuilt(warehouse)
        for line in ingest_report(summary, warehouse, paths, older, statistics_built=built):
            click.echo(line)
        for note in _tables_unheld(rules, warehouse):
            click.echo(note, err=True)
    if nothing:
        click.echo(f"Error: {nothing}", err=True)
    if summary.models_failed:
        click.echo(f"Error: the statistics were not brought up to date: {summary.models_failed}\n"
                   f"  {_MODELS_FAILED_FIX.format(warehouse=warehouse)}", err=True)
    # a file that holds a game already in quarantine still holds text that could not be read
    quarantined = summary.with_finished().quarantined or summary.already_quarantined
    failed = nothing or summary.models_failed
    sys.exit(1 if quarantined or summary.unreadable or summary.skipped or failed else 0)


def ingest_report(summary, warehouse: Path, paths: tuple[Path, ...], older: OlderRules | None, *,
                  statistics_built: bool = False) -> list[str]:
    """The lines ``rasklad ingest`` prints of its run (``summary``: its ``IngestSummary``), without
    ``--json``: the counts, then a line for each thing the user is to know (moves, superseded and
    restored games, files gone, rule settings, quarantine reasons, unreadable and skipped files,
    the games ``older`` rules judged). ``statistics_built``: the run built the statistics a stopped
    ingest left unbuilt. It reads neither the warehouse nor the files (``warehouse`` and ``paths``
    are named in the commands it gives; a merged file's path is resolved, as the ledger keeps it)."""
    # what the run published: the commit of an interrupted ingest it finished first included
    published = summary.with_finished()
    lines = [_ingest_counts_line(summary, published)]
    if statistics_built:
        lines.append(STATISTICS_BUILT)
    if summary.finished_forget:
        done_before = summary.finished_forget
        lines.append(_finished_forget_line(done_before.forgotten, done_before.superseded, done_before.unquarantined,
                                           first="  finished first the commit of a stopped `rasklad forget`"))
    elif summary.finished and not summary.finished.get("games"):
        lines.append("  finished the commit of an interrupted ingest first")
    elsewhere_copies = summary.quarantined_copies_elsewhere
    if elsewhere_copies:    # counted once above, as the quarantine lists them: the other files' copies apart
        lines.append(f"  {counted(elsewhere_copies, 'more copy', 'more copies')} of "
                     f"{'a game' if elsewhere_copies == 1 else 'games'} in quarantine in "
                     f"{'another file' if elsewhere_copies == 1 else 'other files'} read: `rasklad quarantine` "
                     f"lists each game once, where it was first quarantined")
    superseded, unquarantined = published.superseded, published.unquarantined
    if superseded or unquarantined:
        # a file read before and changed since: what its earlier text held, and no file holds now
        owner = "its file's" if superseded == 1 else "their files'"
        # (dropped, not replaced: a file may now hold only a comment)
        what = [f"{counted(superseded, 'game')} dropped by {owner} new text" if superseded else "",
                f"{unquarantined:,} taken out of quarantine" if unquarantined else ""]
        lines.append(f"  {', '.join(filter(None, what))}: no file read holds "
                     f"{'it' if superseded + unquarantined == 1 else 'them'} now (the table superseded keeps "
                     f"{'its' if superseded + unquarantined == 1 else 'their'} text)")
    restored_quarantined = published.restored_quarantined
    restored = published.restored - restored_quarantined
    # superseded once, yet a file read holds them: stored again, or quarantined again, from that file
    for count, what, where in ((restored, counted(restored, "game"), ""),
                               (restored_quarantined, counted(restored_quarantined, "quarantined text"),
                                " in quarantine")):
        if count:
            lines.append(f"  {what} superseded before {'is' if count == 1 else 'are'} back{where}: a file read "
                         f"holds {'it' if count == 1 else 'them'} (the table superseded no longer keeps "
                         f"{'it' if count == 1 else 'them'})")
    lines += _moves_lines(summary)
    lines += _copies_lines(summary.copies)
    elsewhere = published.in_other_files
    if elsewhere:   # its file's new text dropped it, another file still holds it: it points there now
        lines.append(f"  {counted(elsewhere, 'game')} dropped by {'its file' if elsewhere == 1 else 'their files'} "
                     f"{'is' if elsewhere == 1 else 'are'} still held by another file read: "
                     f"{'it points' if elsewhere == 1 else 'they point'} at that file's lines now")
    relocated = published.relocated
    if relocated:
        lines.append(f"  {counted(relocated, 'game')} stored before {'stands' if relocated == 1 else 'stand'} at "
                     f"other lines of {'its' if relocated == 1 else 'their'} file now: "
                     f"{'its' if relocated == 1 else 'their'} lines follow it")
    followed = published.followed
    if followed:    # their file moved, its lines did not: only the path they point at changed
        lines.append(f"  {counted(followed, 'game')} stored before {'follows its' if followed == 1 else 'follow their'} "
                     f"file to its new path, at the same lines")
    gone_line = _gone_line(summary.gone_files, summary.gone_games, summary.gone_quarantined, paths, warehouse)
    if gone_line:
        lines.append(gone_line)
    lines += _settings_followed(summary)
    lines += _contradictions(summary.contradicting)
    if summary.resettled:
        lines.append(f"  {counted(summary.resettled, 'stored game')} judged again under the rule settings given "
                     f"(judged under other options before): {counted(summary.resettled_findings, 'finding')}")
    lines += _unread_lines(summary, published, warehouse)
    older_line = older and _older_rules_line(older, warehouse)
    if older_line:
        lines.append(older_line)
    return lines


def _ingest_counts_line(summary, published) -> str:
    """The first line of :func:`ingest_report`: files, games stored, already stored, quarantined,
    findings, and the time taken. ``published``: ``summary`` with the commit of an interrupted
    ingest it finished first (``IngestSummary.with_finished``)."""
    handled = summary.games + summary.quarantined + summary.retried
    # a rate only where it says something: a few games' seconds are the start-up's, not theirs
    rate = f" ({handled / summary.seconds:,.0f} games/s)" if handled >= RATE_FROM and summary.seconds else ""
    # the quarantined games judged again first (new rule settings, or other rules): stored ones count
    freed = f" ({summary.retried_stored} taken out of quarantine)" if summary.retried_stored else ""
    stay = summary.retried - summary.retried_stored
    kept = f" (and {stay:,} judged again {'stays' if stay == 1 else 'stay'} there)" if stay else ""
    # the commit of an interrupted ingest that this one finished first: published by this run
    earlier = (f" ({summary.finished['games']:,} of them by the interrupted ingest this one finished)"
               if summary.finished.get("games") else "")
    # the files beside the unchanged ones: grown ones were read from their last game on (the
    # rest is what was read before), unreadable ones not at all
    grown = (f", {summary.files_grown} grown, read from {'its' if summary.files_grown == 1 else 'their'} last "
             f"game on" if summary.files_grown else "")
    unreadable = f", {len(summary.unreadable)} unreadable" if summary.unreadable else ""
    # a file at a new path is not "unchanged", though its bytes were read before: a copy
    copied = (f", {len(summary.copies)} {'a copy' if len(summary.copies) == 1 else 'copies'} of "
              f"{'a file' if len(summary.copies) == 1 else 'files'} read before" if summary.copies else "")
    # a quarantined game's copies in its own file: one row names them all, none is "already stored"
    copies = summary.quarantined_copies
    twice = ("" if not copies else f" ({_times(copies + 1)} in its file)" if summary.quarantined == 1
             else f" (and {counted(copies, 'more copy', 'more copies')} of them in their files)")
    # a game whose text the quarantine holds from before was never stored: said apart
    before = (f", {counted(summary.already_quarantined, 'game')} already in quarantine"
              if summary.already_quarantined else "")
    return (f"{counted(summary.files, 'file')} ({summary.files_unchanged} unchanged{copied}{grown}{unreadable}), "
            f"{counted(published.games + summary.retried_stored, 'game')} stored{freed}{earlier}, "
            f"{summary.games_known + summary.duplicates:,} already stored{before}, "
            f"{published.quarantined:,} quarantined{twice}{kept}, "
            f"{counted(published.findings + summary.retried_findings, 'finding')} "
            f"in {summary.seconds:.2f} s{rate}")


def _unread_lines(summary, published, warehouse: Path) -> list[str]:
    """The lines of :func:`ingest_report` on the text that was not read into games: the
    quarantine's reasons and where to see them, the files that could not be read, and those the
    folders held with other extensions. ``published``: as in :func:`_ingest_counts_line`."""
    lines = []
    reasons = summary.reasons.most_common()
    for reason, count in reasons[:QUARANTINE_REASONS_SHOWN]:
        lines.append(f"  quarantined {count:>5} × {reason}")
    rest = reasons[QUARANTINE_REASONS_SHOWN:]
    if rest:    # said, lest the lines shown be taken for the whole quarantine
        lines.append(f"  quarantined {sum(count for _, count in rest):>5} × {counted(len(rest), 'other reason')} "
                     f"(`rasklad quarantine --all` lists every game with its reason; `ingest --json` counts every reason)")
    if published.quarantined or summary.already_quarantined:
        lines.append(f"See them with: rasklad quarantine --warehouse {warehouse}")
    for path, reason in summary.unreadable:
        lines.append(f"  could not read {path}: {reason}")
    for advice in _unreadable_advice((reason for _, reason in summary.unreadable),
                                     summary.files - len(summary.unreadable)):
        lines.append(f"  {advice}")
    if summary.skipped:
        lines.append(f"  skipped {counted(sum(summary.skipped.values()), 'file')} of the folders for their extension "
                     f"({_extensions(summary.skipped)}); name a file to read it whatever its extension")
    return lines


def _moves_lines(summary) -> list[str]:
    """The lines of :func:`ingest_report` on the files taken for files read before at paths gone
    since (moved, split, merged), and on those that share games with one but were not taken for it."""
    lines = []
    parts: dict[str, list[str]] = {}    # a gone file → the files read as it (several: it was split)
    for file, path in summary.moved:
        parts.setdefault(path, []).append(file)
    for path, files in parts.items():
        if files[0] in summary.moved_unchanged:     # a plain rename: nothing of it was read again
            lines.append(f"  {files[0]} is {path} moved, its bytes unchanged (that path is gone): taken as that "
                         f"file at its new path")
        elif len(files) == 1:
            lines.append(f"  {files[0]} is {path} moved (that path is gone, and most games of each are the "
                         f"other's): taken as its new version")
        else:
            lines.append(f"  {listed(files, 'and')} are {path} split (that path is gone, most "
                         f"games of each are its, and together they hold most of its games): taken as its new "
                         f"versions")
    from pipeline.inputs import LOCAL_FILES  # (as the ledger keeps a path: links resolved)

    for file, merged_from in summary.merged:
        gone = [path for path in merged_from if path != LOCAL_FILES.located(file)]
        if len(gone) < len(merged_from):  # merged into the file at its own path (put back, or appended to it)
            lines.append(f"  {file} is {listed(gone, 'and')} merged into it "
                         f"({'that path is' if len(gone) == 1 else 'those paths are'} gone, most games of each are "
                         f"in it, and with its own they make most of its games): taken as their new version")
        else:
            lines.append(f"  {file} is {listed(gone, 'and')} merged (those paths are gone, most games of each are "
                         f"in it, and together they make most of its games): taken as their new version")
    merges = {file for file, _ in summary.merged}
    for move in summary.unsure_moves:
        held = (f"  {move.source_file} holds {move.shared} of the {move.gone_games} games of {move.gone}, which "
                f"is gone, and {move.games - move.shared} others")
        if move.taken_for:  # the gone file is another file of this run, moved or split: this one is not it
            taken = move.taken_for
            what = (f"merged into {taken[0]}" if taken[0] in merges else f"{taken[0]} moved" if len(taken) == 1
                    else f"{listed(taken, 'and')} split")
            lines.append(f"{held}: another file, as that file is {what}")
        else:
            lines.append(f"{held}: not taken for that file moved, so none of its games was superseded (if it is "
                         f"that file, ingest it at that path)")
    return lines


def _copies_lines(copies: list[tuple[str, str, int]]) -> list[str]:
    """The lines of :func:`ingest_report` on the files whose bytes were read before at another path
    (``IngestSummary.copies``): why they added nothing, each naming the file it copies, the first
    few (the rest counted)."""
    lines = []
    for file, original, games in copies[:COPIES_NAMED]:
        held = f"{counted(games, 'game')} {'is' if games == 1 else 'are'} stored already" if games \
            else "it holds no game stored"
        lines.append(f"  {file} has the same bytes as {original}, read before: {held}, so it adds nothing")
    if len(copies) > COPIES_NAMED:
        rest = copies[COPIES_NAMED:]
        lines.append(f"  and {counted(len(rest), 'more file')} with the same bytes as files read before "
                     f"({counted(sum(games for *_, games in rest), 'game')} stored already; "
                     f"`ingest --json` names each, as files_copied)")
    return lines


COPIES_NAMED = 3
"""The files with the bytes of files read before an ingest's summary names (the rest are counted)."""

QUARANTINE_REASONS_SHOWN = 10
"""The quarantine reasons an ingest's summary gives, most games first (the rest are counted)."""

GONE_NAMED = 3
"""The files gone from disk an ingest's summary names (the rest are counted)."""


def _gone_line(gone: list[str], games: int, quarantined: int, paths: tuple[Path, ...], warehouse: Path) -> str:
    """The summary's line on the files read before that are gone from disk at the paths given, what
    of theirs still counts (stored games, games in quarantine), and how to take it out (empty
    when none is gone)."""
    if not gone:
        return ""
    named = ", ".join(gone[:GONE_NAMED]) + (f" and {len(gone) - GONE_NAMED:,} more" if len(gone) > GONE_NAMED else "")
    one = len(gone) == 1
    forget = (f"rasklad forget {_quoted(gone[0])}" if one
              else "rasklad forget --gone " + " ".join(_quoted(str(path)) for path in paths))
    held = ([f"{counted(games, 'game')} still count{'s' if games == 1 else ''}"] if games else []) + (
        [(f"{counted(quarantined, 'game')} in quarantine {'is' if quarantined == 1 else 'are'} still listed by "
          f"`rasklad quarantine`")] if quarantined else [])
    return (f"  {counted(len(gone), 'file')} read before {'is' if one else 'are'} gone from disk ({named}): "
            f"{'its' if one else 'of their games,'} {' and '.join(held)}; "
            f"if {'it was' if one else 'they were'} moved and edited, or deleted, `{forget} --warehouse "
            f"{_quoted(str(warehouse))}` takes {'it' if games + quarantined == 1 else 'them'} out "
            f"(--dry-run lists first)")


def _quoted(path: str) -> str:
    """A path as a shell takes it (quoted when it holds a space or another special character)."""
    import shlex

    return shlex.quote(path)


def _settings_followed(summary) -> list[str]:
    """One line per file that took the rule settings given for the files the ledger takes it for
    (moved, split, merged or copied), or whose own setting holds over theirs, or that took none of
    the files merged into it, which are not set alike; one for the hands judged again so."""
    lines = _followed_lines(summary.settings_followed)
    if summary.refollowed:
        lines.append(f"  {counted(summary.refollowed, 'stored game')} judged again under the rule settings that "
                     f"followed {'its file' if summary.refollowed == 1 else 'their files'} (read under other options "
                     f"at the new path): {counted(summary.refollowed_findings, 'finding')}")
    return lines


def _followed_lines(followed) -> list[str]:
    """One line per file of ``followed`` (:class:`pipeline.table_rules.Followed`): see :func:`_settings_followed`."""
    lines = []
    for entry in followed:
        given = f"given for {' and '.join(entry.origins)}"
        settings = "setting" if len(entry.options) == 1 else "settings"
        if entry.options and entry.copy:
            lines.append(f"  {entry.file} is a copy of {entry.origins[0]}: it takes the rule {settings} {given}, "
                         f"{', '.join(entry.options)} (kept for both)")
        elif entry.options:
            lines.append(f"  the rule {settings} {given}, {', '.join(entry.options)}, "
                         f"{'follows' if len(entry.options) == 1 else 'follow'} it to {entry.file}")
        if entry.overridden:
            brought = [name for name in entry.origins if name != entry.file]   # (merged into it: not its own)
            lines.append(f"  {entry.file} keeps its own rule settings over {', '.join(entry.overridden)}, "
                         f"given for {' and '.join(brought)}")
        if entry.differing:
            apart = ", ".join(f"{option} for {name}" for name, option in entry.differing)
            unset = [name for name in entry.origins if name not in {name for name, _ in entry.differing}]
            apart += f"; none for {' and '.join(unset)}" if unset else ""
            lines.append(f"  {entry.file} takes no rule setting of the files merged into it that are not set alike "
                         f"({apart}): those stay kept for their paths; give it its own with "
                         f"`rasklad ingest {entry.file} --rules OPTION`")
    return lines


def _say_settings_carried(store, *, err: bool = False, judged: bool = False) -> None:
    """Tell the rule settings an older Rasklad left under moved files' gone paths, which this
    writer took where the files are (:meth:`pipeline.warehouse.Warehouse.carry_settings_of_moved_files`)."""
    carried = store.carry_settings_of_moved_files()
    if not carried:
        return
    click.echo("Rule settings an older Rasklad left under the paths of files it saw moved:", err=err)
    for line in _followed_lines(carried):
        click.echo(line, err=err)
    if not judged:
        click.echo(f"  `rasklad reaudit --warehouse {store.root}` judges their hands under them", err=err)


def _contradictions(entries: list[dict]) -> list[str]:
    """One line per pair of summaries of a tournament that list a finished entry apart: the first
    such entry, how many there are, and which summary the statistics keep (the one whose path sorts
    last, whatever the order the files were read in)."""
    pairs: dict[tuple, list[dict]] = {}
    for entry in entries:
        pairs.setdefault((entry["site"], entry["tournament_id"], entry["source_file"], entry["other_source_file"]),
                         []).append(entry)

    def told(finish: int, prize: str | None) -> str:
        return f"place {finish} with {prize or 'no prize'}"

    lines = []
    for (site, tournament, kept, other), apart in pairs.items():
        first = apart[0]
        entry = f" [{first['entry_no']}]" if first["entry_no"] > 1 else ""
        more = f" (and {counted(len(apart) - 1, 'more entry', 'more entries')})" if len(apart) > 1 else ""
        lines.append(f"  tournament {tournament} ({site}): its summaries disagree on {first['player']}{entry}{more}: "
                     f"{told(first['finish'], first['prize_text'])} in {kept}, "
                     f"{told(first['other_finish'], first['other_prize_text'])} in {other}; the statistics keep "
                     f"{kept}, whose path sorts last (correct the wrong file)")
    return lines


_MODELS_FAILED_FIX = ("The games read are committed, and the next ingest commits its own; the statistics stay as "
                      "they were until `rasklad build-models --warehouse {warehouse}` builds them (report the "
                      "reason above if it does not).")


def _rule_settings_checked(rules: tuple[str, ...], warehouse: Path, paths: tuple[Path, ...]) -> tuple[str, ...]:
    """``rules`` with each room written as the warehouse's ``site`` writes it (case aside, as
    ``--site`` takes it); an unknown setting, or a room no stored game, no reader and no PHH file
    of ``paths`` names, is an error (a setting kept under a misspelt room would never hold)."""
    if not rules:
        return rules
    from pipeline.table_rules import contradiction, parse_setting  # with numpy and pyarrow: loaded when given

    checked = []
    # the files are read for their rooms once, and only for a room nothing else knows
    rooms_of_files = functools.cache(lambda: _rooms_phh_files_name(paths, warehouse))
    for setting in rules:
        try:
            parsed = parse_setting(setting)
        except ValueError as error:
            raise _refused_value(f"{setting!r}: {error}.", "See the rule settings in docs/formats.md.") from None
        if parsed.scope == "room":
            setting = f"room {_known_room(parsed.name, warehouse, setting, rooms_of_files)}: {parsed.option}"
        checked.append(setting)
    # (after the rooms are spelt as stored: 'room pokerstars' and 'room PokerStars' are one room)
    clash = contradiction(map(parse_setting, checked))
    if clash:   # the command line contradicts itself
        raise _refused_value(f"{clash}.", "See the rule settings in docs/formats.md.")
    return tuple(checked)


def _tables_unheld(rules: tuple[str, ...], warehouse: Path) -> list[str]:
    """A note for each ``table NAME:`` setting that no stored game's table is (after the ingest): it
    is kept, for games of that table read later, but may be misspelt (tables are matched as written)."""
    if not rules:   # (table_rules loads numpy and pyarrow: a re-ingest that finds nothing new needs neither)
        return []
    from pipeline.table_rules import parse_setting
    from pipeline.warehouse import Warehouse

    named = [setting for setting in map(parse_setting, rules) if setting.scope == "table"]
    if not named or not Warehouse(warehouse).duckdb_path.exists():
        return []
    with _connect(warehouse) as con:
        tables = [row[0] for row in con.execute(
            "select distinct table_name from stg_games where table_name is not null").fetchall()]
    return [f"Note: no stored game was played at the table {setting.name!r}.{did_you_mean(setting.name, tables)} "
            f"The setting is kept for its games read later (a table is matched as its header writes it)."
            for setting in named if setting.name not in tables]


def _known_room(room: str, warehouse: Path, setting: str, rooms_of_files: Callable[[], list[str]]) -> str:
    """``room`` as the stored games, the readers or the files given (``rooms_of_files``, asked only
    when the others do not know it) write it, case aside; else an error naming the close ones."""
    from pipeline.table_rules import READER_ROOMS

    rooms = list(dict.fromkeys([*_sites_if_stored(warehouse), *READER_ROOMS]))
    if room.casefold() not in {name.casefold() for name in rooms}:
        rooms = list(dict.fromkeys([*rooms, *rooms_of_files()]))
    for name in rooms:
        if name.casefold() == room.casefold():
            return name
    raise _refused_value(f"{setting!r}: no stored game was played in the room {room!r}, no reader writes "
                          f"it, and no file given names it.{did_you_mean(room, rooms)}",
                          f"The rooms, as the site column writes them: {', '.join(rooms)}.")


def _rooms_phh_files_name(paths: tuple[Path, ...], warehouse: Path) -> list[str]:
    """The rooms the PHH files of ``paths`` name (their ``venue``, as ``games.site`` will write it):
    a room no stored game and no reader knows may be one of theirs, set in the ingest that first
    stores it. A file that cannot be read names none (the ingest says why)."""
    from parsers.formats import file_format
    from parsers.phh import rooms
    from parsers.source import decode
    from pipeline.inputs import list_inputs

    named: set[str] = set()
    for path in list_inputs(paths, skip=warehouse).files:
        fmt = file_format(path.name)
        if fmt is None or fmt.splitter != "parsers.phh:split":
            continue
        try:
            named |= rooms(decode(path.read_bytes()))
        except OSError:
            continue
    return sorted(named)


def _sites_if_stored(warehouse: Path) -> list[str]:
    """The rooms of the warehouse's stored games; none when there is no warehouse (an ingest makes it)."""
    from pipeline.warehouse import Warehouse

    if not Warehouse(warehouse).duckdb_path.exists():
        return []
    with _connect(warehouse) as con:
        return _stored_sites(con) if "site" in _columns(con, "stg_games") else []


class _Progress:
    """Files and games read so far (or the hands an export took up), on stderr: a bar on a
    terminal; elsewhere (a log file, a CI job) a line every PROGRESS_EVERY seconds, so that a
    long run is seen to be alive."""

    PROGRESS_EVERY = 5.0
    BAR_AFTER = 1.0
    """Seconds before an export's bar shows: a quick export says nothing but its summary."""

    def __init__(self, *, enabled: bool) -> None:
        self.enabled, self.bar, self.total, self.files, self.games, self.models = enabled, None, 0, 0, 0, 0
        self.hands = 0
        self.on_terminal = sys.stderr.isatty()
        self.last = time.monotonic()

    def start(self, total: int, unreadable: int = 0) -> None:
        """An ingest of ``total`` files begins (``unreadable``: the files given it cannot read, not
        among them, that its summary counts: said, lest the two numbers disagree)."""
        self.total = total
        if self.enabled and self.on_terminal:
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit="file", file=_unescaped(sys.stderr))
        elif self.enabled:
            # said at once: the first run also compiles the Hold'em kernels before any file is done
            refused = f" ({unreadable:,} more that cannot be read)" if unreadable else ""
            click.echo(f"reading {counted(total, 'file')}{refused}", err=True)
            self.last = time.monotonic()

    def start_hands(self, total: int) -> None:
        """An export of ``total`` hands begins: its bar shows after BAR_AFTER seconds, its lines
        after PROGRESS_EVERY."""
        self.total = total
        if self.enabled and self.on_terminal:
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit="hand", file=_unescaped(sys.stderr), delay=self.BAR_AFTER)
        self.last = time.monotonic()

    def hand(self) -> None:
        self.hands += 1
        if self.bar is not None:
            self.bar.update(1)
        elif self._due():
            click.echo(f"exporting: {self.hands:,} of {counted(self.total, 'hand')} done", err=True)

    def file(self, result) -> None:
        self.files += 1
        self.games += result.count_games + result.count_quarantined
        if self.bar is not None:
            self.bar.update(1)
            self.bar.set_postfix(games=self.games, refresh=False)
        elif self._due():
            click.echo(f"read {self.files:,} of {counted(self.total, 'file')}, {counted(self.games, 'game')}", err=True)

    def model(self, name: str) -> None:
        """A model about to be built or updated: said every PROGRESS_EVERY seconds, so that the
        first build over a large history (a minute and more at a million hands) is seen to go on."""
        self.models += 1
        if self._due():
            line = f"building the statistics (SQL models): {self.models} so far, now {name}"
            if self.bar is not None:
                self.bar.write(line, file=_unescaped(sys.stderr))
            else:
                click.echo(line, err=True)

    def _due(self) -> bool:
        """Whether a line is due (PROGRESS_EVERY seconds after the last), counting from now if so."""
        if not self.enabled or time.monotonic() - self.last < self.PROGRESS_EVERY:
            return False
        self.last = time.monotonic()
        return True

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def _times(count: int) -> str:
    return {2: "twice", 3: "three times"}.get(count, f"{count:,} times")


def _unreadable_advice(reasons: Iterable[str], read: int) -> list[str]:
    """What to do about the paths an ingest could not read, by why (once per kind); ``read``: the
    files it did read."""
    from pipeline.inputs import EMPTY, MISSING

    kinds = set(reasons)
    others = "; the others were read." if read else "."
    return [advice for advice, wanted in (
        (f"Check the paths that do not exist (quote one that has spaces){others}", MISSING in kinds),
        ("An empty file holds no game: it is read by an ingest run once it holds text.", EMPTY in kinds),
        ("Run the ingest again once they are readable: what was stored is kept, and not read twice.",
         bool(kinds - {EMPTY, MISSING})),
    ) if wanted]


def _extensions(skipped) -> str:
    return ", ".join(f"{extension or 'no extension'} × {count}" for extension, count in skipped.most_common())


def _nothing_found(summary) -> str | None:
    """Why an ingest found no game at all (new or already stored), or None when it found some."""
    from pipeline.inputs import LOG_SUFFIXES

    if (summary.games or summary.games_known or summary.duplicates or summary.quarantined or summary.files_unchanged
            or summary.already_quarantined or summary.superseded or summary.unquarantined):
        return None     # (a file that now holds only a comment took its games out: that is no error)
    readable = summary.files - len(summary.unreadable)
    if readable:
        return (f"No games found: the {counted(readable, 'file')} read "
                "hold no game text (only blank lines or comments).")
    read = ", ".join(sorted(LOG_SUFFIXES))
    if summary.skipped:
        return (f"No games found: no log file to read; the folders hold only files with other extensions "
                f"({_extensions(summary.skipped)}). Folders are read for {read} files; name a file to read it "
                "whatever its extension.")
    if summary.unreadable:
        return "No games found: no file given could be read (each is named with the reason)."
    return f"No games found: the folders given hold no log file (folders are read for {read} files)."


def _require_warehouse(warehouse: Path) -> None:
    """Refuse a folder that holds no warehouse: every command but ``ingest`` (and the dashboard,
    whose Import page makes one) works on a warehouse an ingest made, and would otherwise make a
    new, empty one at a mistyped path, where a rate or a build goes unseen."""
    from pipeline.manifest import MANIFEST_FILE
    from pipeline.warehouse import Warehouse

    if not Warehouse(warehouse).duckdb_path.exists() and not (warehouse / MANIFEST_FILE).exists():
        raise UsageProblem(
            f"No warehouse at {str(warehouse)!r}.",
            f"Run `rasklad ingest PATH --warehouse {warehouse}` first, or point --warehouse at one.",
        )


def _connect(warehouse: Path) -> duckdb.DuckDBPyConnection:
    from pipeline.manifest import StatisticsNotBuilt
    from pipeline.warehouse import Warehouse, connect

    _require_warehouse(warehouse)
    if not Warehouse(warehouse).duckdb_path.exists():
        unbuilt = StatisticsNotBuilt(warehouse)     # (the dashboards say it in the same words)
        raise UsageProblem(unbuilt.what, unbuilt.fix)
    from pipeline.models import missing_from, supply_missing

    con = connect(warehouse)
    READING.add(con)
    # models built by an older Rasklad: this one's macros and marts, for this connection
    missing = missing_from(con)
    supply_missing(con, missing)
    if missing.other_sql:
        click.echo(f"Note: the statistics of {str(warehouse)!r} were built by another Rasklad: they are computed "
                   f"from its tables as they are read (slower) until `rasklad build-models --warehouse "
                   f"{warehouse}` rebuilds them", err=True)
    return con


def _older_rules_line(older: OlderRules, warehouse: Path) -> str | None:
    """The one line that tells the games older rules judged (they keep those rules' figures until
    a re-audit), and the command that judges them again; None when there is none."""
    if not older.games and not older.quarantined:
        return None
    what = " and ".join(filter(None, [counted(older.games, "stored game") if older.games else "",
                                      counted(older.quarantined, "quarantined game") if older.quarantined else ""]))
    were = "was" if older.games + older.quarantined == 1 else "were"
    which = f"rules version{'s' if len(older.versions) > 1 else ''} {', '.join(older.versions)}"
    return (f"{what} {were} judged by older rules or parsers ({which}; this Rasklad's is {RULES_VERSION}) and "
            f"{'keeps' if older.games + older.quarantined == 1 else 'keep'} the figures they gave: "
            f"`rasklad reaudit --warehouse {warehouse}` judges {'it' if were == 'was' else 'them'} again")


def _older_rules_of(warehouse: Path) -> OlderRules | None:
    """The games of ``warehouse`` older rules judged, as its marts count them (see
    :func:`_older_rules_line`); None when its statistics are not built."""
    from pipeline.manifest import DUCKDB_FILE, read_manifest
    from pipeline.provenance import judged_by_older_rules

    recorded = read_manifest(warehouse).versions
    if recorded and set(recorded) == {RULES_VERSION}:
        # no other version ever committed here (each records itself in the manifest since games
        # record theirs): none of its games is another's, told without loading DuckDB
        return OlderRules(0, 0, ())
    if not (warehouse / DUCKDB_FILE).exists():
        return None
    with _connect(warehouse) as con:
        return judged_by_older_rules(con)


def _tell_older_rules(con: duckdb.DuckDBPyConnection, warehouse: Path, as_json: bool) -> None:
    """After a command that reads the statistics: the line of :func:`_older_rules_line`, once (on
    stderr beside JSON)."""
    from pipeline.provenance import judged_by_older_rules

    line = _older_rules_line(judged_by_older_rules(con), warehouse)
    if line:
        click.echo(line, err=as_json)


def _tables(con: duckdb.DuckDBPyConnection) -> set[str]:
    return {row[0] for row in con.execute("select table_name from information_schema.tables").fetchall()}


SHOWN_ROWS = 200
"""The rows a table (or its blocks) shows: --json, --csv and --limit give the others."""
UNCUT = 1_000_000
"""polars' limit on the printed length of a table's cell, above any value the warehouse holds."""
STATS_DECIMALS = 3
"""The decimal places `rasklad stats`, a summary, shows a rate or an average (a double) to,
rounded half to even; its counts and amounts are printed whole, and --json and `query` print
every digit (README, docs/warehouse.md "Rounding")."""
EVERY_ROW = "--csv or --json prints every row"
"""How a query's table that left rows out gets them all."""


def _rows_more(count: int, how: str) -> str:
    """The line under a table that left ``count`` rows out: how many, and ``how`` to see them."""
    return f"… and {counted(count, 'row')} more ({how})"


UTF8_BORDERS = "┌┬┐│┆╞═╪╡└┴┘─"
"""The characters of polars' UTF8_FULL_CONDENSED table borders."""


def _ascii_header_rule_joined(table: str) -> str:
    """``table`` (polars' ASCII borders) with a ``+`` at each column break of its header rule, as
    the top border has it: polars draws that rule as one run of ``=``, which UTF-8's has joints in.

    >>> print(_ascii_header_rule_joined("+---+----+\\n| a | bc |\\n+========+\\n| 1 | 2  |\\n+---+----+"))
    +---+----+
    | a | bc |
    +===+====+
    | 1 | 2  |
    +---+----+
    """
    lines = table.splitlines()
    if not lines:
        return table
    top = lines[0]
    for number, line in enumerate(lines):
        if len(line) == len(top) and line.startswith("+=") and set(line) == {"+", "="}:
            lines[number] = top.replace("-", "=")
    return "\n".join(lines)


def _show(frame: pl.DataFrame, as_json: bool, *, limit: int | None = SHOWN_ROWS, rest: str = EVERY_ROW,
          whole_words: bool = True) -> None:
    """``frame`` as JSON (every row), or as a table whose every value is whole (a file:line:column, a
    finding's message): when the table is wider than the terminal, as one block of ``column:
    value`` lines per row, long values wrapped at the terminal's width, never cut. A table shows
    its first ``limit`` rows (None: all), then how many it left out and ``rest``: how to get them.
    With ``whole_words`` a word wider than the terminal is not broken (a finding's file:line, which
    is copied whole), else it is wrapped too."""
    import polars as pl

    if as_json:
        _echo_json(frame.to_dicts())
        return
    width = shutil.get_terminal_size((200, 24)).columns     # COLUMNS, the terminal, or 200 in a pipe
    left_out = 0 if limit is None else max(frame.height - limit, 0)
    # the first rows, never polars' first and last hundred around a bare "…", which hid how many were left out
    frame = _cells(frame.head(frame.height - left_out))
    # escaped before the layout measures them, for a cell with an escape to keep its border in line
    frame = frame.with_columns(frame[name].map_elements(_escaped, return_dtype=pl.String) for name in frame.columns
                               if frame[name].str.contains(CONTROL_CHARACTER.pattern).any())
    if not _writes_utf8(sys.stdout):    # (so too a character the output's encoding lacks, as it is written)
        frame = frame.with_columns(frame[name].map_elements(_held_by(sys.stdout), return_dtype=pl.String)
                                   for name in frame.columns)
    # borders of ASCII where the output's encoding has no box-drawing characters (cp1251, cp1252)
    borders = "UTF8_FULL_CONDENSED" if _holds(sys.stdout, UTF8_BORDERS) else "ASCII_FULL_CONDENSED"
    # polars cuts the printed text of every cell (a time, a decimal, a name) at fmt_str_lengths, not
    # only strings: a limit no cell reaches keeps each whole; the columns stay as wide as their text
    with pl.Config(tbl_rows=-1, tbl_cols=-1, tbl_width_chars=65_535, fmt_str_lengths=UNCUT,
                   fmt_table_cell_list_len=-1, tbl_hide_dataframe_shape=True, tbl_hide_column_data_types=True,
                   tbl_formatting=borders):
        table = str(frame)
    if borders.startswith("ASCII"):
        table = _ascii_header_rule_joined(table)
    if max(map(len, table.splitlines()), default=0) <= width or frame.is_empty():
        click.echo(table)
        if left_out:
            click.echo(_rows_more(left_out, rest))
        return
    label = max(map(len, frame.columns)) + 2
    for number, row in enumerate(frame.iter_rows(named=True)):
        if number:
            click.echo("")
        for column, value in row.items():
            # each line of a value under the one before it, never at column 0 where it would read as a
            # column of its own
            indent = f"{column + ':':<{label}}"
            for line in ["null"] if value is None else value.splitlines() or [""]:
                click.echo(textwrap.fill(line, max(width, label + 20), initial_indent=indent,
                                         subsequent_indent=" " * label, break_long_words=not whole_words,
                                         break_on_hyphens=False, replace_whitespace=False) or indent.rstrip())
                indent = " " * label
    if left_out:
        click.echo(f"\n{_rows_more(left_out, rest)}")


def _json_ready(value):
    """``value`` as JSON holds it: an amount (a decimal with cents) as the text of its exact
    decimal, a whole decimal (DuckDB's HUGEINT sums) as a number, NaN and ±Infinity (a rate with no
    opportunity) as null, which JSON has for them, a map's keys as text, and any other value a
    table prints (a time, an ID) as its cell's text."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Decimal):
        return int(value) if value.is_finite() and value.as_tuple().exponent == 0 else str(value)
    if isinstance(value, dict):
        return {key if isinstance(key, str) else _cell_text(key): _json_ready(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_ready(item) for item in value]
    return _cell_text(value)


def _echo_json(data) -> None:
    """Print ``data`` as the command's one JSON document, and note it: an error after it prints no other."""
    click.echo(_json_text(data))
    JSON_PRINTED.append(True)


def _json_text(data, *, indent: int | None = 2, ensure_ascii: bool = True) -> str:
    """``data`` (rows, a game, a summary) as the one JSON document a command prints."""
    return json.dumps(_json_ready(data), indent=indent, ensure_ascii=ensure_ascii, allow_nan=False)


def _cell_text(value) -> str:
    """``value`` as a table's or CSV's cell: a time to the second (its fraction when it has one,
    never a ``T``), a list, struct or map as its JSON text (CSV has no nested cells)."""
    if isinstance(value, (list, tuple, dict)):
        return _json_text(value, indent=None, ensure_ascii=False)
    return str(value)


def _cells(frame: pl.DataFrame) -> pl.DataFrame:
    """``frame`` with every value as its cell's text (nulls kept), which the table layouts and
    CSV print: a float to its last digit (polars' own table rounded it to 6 decimals), a boolean
    as true or false."""
    import polars as pl

    def own_text(kind) -> bool:     # polars writes these as the cell says them
        return kind in (pl.String, pl.Categorical, pl.Enum, pl.Boolean) or kind.is_integer() or kind.is_float()

    return frame.with_columns(
        pl.col(name).cast(pl.String) if own_text(kind)
        else pl.Series(name, [None if value is None else _cell_text(value) for value in frame[name].to_list()],
                       dtype=pl.String)
        for name, kind in frame.schema.items())


@main.command()
@warehouse_option
@click.option("--game", "-g", help="Only this game, in any case (holdem, holdem36, raspisnoy, chinese, ofc, sixcard …).")
@click.option("--rule", "-r", help="Only this rule ID, or a prefix of it (HE-, RSP-HOOK).")
@click.option("--severity", type=click.Choice(["error", "warning"]), help="Only this severity.")
@site_option
@click.option("--limit", type=click.IntRange(min=1), default=100, show_default=True,
              help="Show at most this many findings (the command says how many it left out).")
@click.option("--all", "show_all", is_flag=True, help="Every finding, however many (no --limit).")
@click.option("--explain", is_flag=True, help="Show the text of each rule broken (--json: a rule_text field).")
@json_option
def audit(warehouse: Path, game: str | None, rule: str | None, severity: str | None, site: str | None, limit: int,
          show_all: bool, explain: bool, as_json: bool) -> None:
    """List the rules broken in the stored games, each with its file and line.

    Every rule ID with its text: see docs/rules.md.

    Example: rasklad audit --rule RSP-HOOK --explain
    """
    import polars as pl

    from pipeline.provenance import judged_by_older_rules

    with _connect(warehouse) as con:
        if game is not None:
            game = _known_game(con, game)
        if rule is not None:
            rule = _known_rule(rule)
        if site is not None:
            site = _known_site(con, site)
        frame = con.sql(
            """
            select source_file || ':' || coalesce(line::varchar, '?') as "where", game,
                   -- the game's own name as its log writes it, by which the arbiter's paper names it
                   (select name_in_log from stg_games where stg_games.game_id = stg_findings.game_id) as name_in_log,
                   rule_id, severity, message, expected, actual, game_id
            from stg_findings
            where ($game is null or game = $game)
              and ($rule is null or rule_id like $rule || '%')
              and ($severity is null or severity = $severity)
              and ($site is null or game_id in (select game_id from stg_games where site = $site))
            order by source_file, line
            limit $limit
            """,
            params={"game": game, "rule": rule, "severity": severity, "site": site, "limit": None if show_all else limit},
        ).pl()
        total = con.execute(
            "select count(*) from stg_findings where ($game is null or game = $game)"
            " and ($rule is null or rule_id like $rule || '%') and ($severity is null or severity = $severity)"
            " and ($site is null or game_id in (select game_id from stg_games where site = $site))",
            {"game": game, "rule": rule, "severity": severity, "site": site},
        ).fetchone()[0]
        older = judged_by_older_rules(con)
    texts = _rule_texts() if explain else {}
    if explain and as_json:
        frame = frame.with_columns(rule_text=pl.col("rule_id").replace_strict(texts, default=None))
    older_line = _older_rules_line(older, warehouse)
    if not as_json and not total:
        click.echo("No findings.")      # not an empty table's frame
        if older_line:
            click.echo(older_line)
        return
    _show(frame, as_json, limit=None)   # --limit cut it, and the count below says so
    if as_json and total > frame.height:    # never cut short without a word: on stderr, as quarantine --json
        click.echo(f"{frame.height} of {total} shown; --limit N or --all shows more", err=True)
    if not as_json:
        click.echo(counted(total, "finding") + (f" (first {limit:,} shown; --all for every one)"
                                                 if total > limit and not show_all else ""))
        if explain and not frame.is_empty():
            click.echo("\nThe rules broken:")
            for rule_id in sorted(set(frame["rule_id"])):
                text = texts.get(rule_id, "no text is registered for this rule")
                click.echo(f"  {text if text.startswith(rule_id + ':') else f'{rule_id}: {text}'}")
    if older_line:
        click.echo(older_line, err=as_json)


def _rule_texts() -> dict[str, str]:
    """Every rule ID the replay engines cite, with its text."""
    from rules.rulebook import RULES

    return dict(RULES)


def _known_game(con: duckdb.DuckDBPyConnection, game: str) -> str:
    """``game`` if the project or the warehouse knows it, else an error naming the close ones."""
    from parsers.formats import FORMATS, UNKNOWN_GAME

    stored = {row[0] for row in con.execute(
        "select distinct game from stg_games union select distinct game from stg_quarantine").fetchall()}
    known = (set(GENERATORS) | {fmt.game for fmt in FORMATS} | stored) - {UNKNOWN_GAME}
    if game in known:
        return game
    for name in known:
        if name.casefold() == game.casefold():
            return name
    by_id, by_name = _games_named(con, game)
    if by_id or by_name:
        what = f"the {_name_word(con, by_name)} of a stored game" if by_name else "the start of a game ID"
        raise _refused_value(f"{game!r} is {what}, not a game: audit --game takes a kind of game "
                             f"({', '.join(sorted(known))}).",
                             f"audit has no option for one game: `rasklad show {game}` prints its findings.", "'--game'")
    raise _unknown_game(game, sorted(known))


def _unknown_game(game: str, known: list[str], listed: str = "The games", option: str | None = "'--game'"
                  ) -> click.BadParameter:
    """The error for a game no option knows, naming the close ones, then every one (``listed``)."""
    return _refused_value(f"There is no game {game!r}.{did_you_mean(game, known)}", f"{listed}: {', '.join(known)}.",
                          option)


class _GameName(click.Choice):
    """A game named in any case, as ``games`` spell them; an unknown one is refused naming the close
    ones, as every option that names something is (click's own message lists them all, guessing none)."""

    def __init__(self, games: Iterable[str], listed: str) -> None:
        super().__init__(list(games), case_sensitive=False)
        self.listed = listed

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            # (an argument by its name: its hint would list every choice, as the error's second line does)
            hint = (None if param is None or ctx is None else f"'{param.name.upper()}'"
                    if isinstance(param, click.Argument) else param.get_error_hint(ctx))
            raise _unknown_game(value, list(self.choices), self.listed, hint) from None


def _columns(con: duckdb.DuckDBPyConnection, relation: str) -> set[str]:
    """The columns of a table or view of the warehouse."""
    return {row[0] for row in con.execute(
        "select column_name from information_schema.columns where table_name = $t", {"t": relation}).fetchall()}


def _persons_of(con: duckdb.DuckDBPyConnection, player: str) -> list[str]:
    """The persons the screen name ``player`` belongs to (one a room, as ``rasklad alias`` links
    it; the name itself when unlinked, or when the people mart is not built)."""
    if "people" not in _tables(con):
        return [player]
    found = [row[0] for row in con.execute(
        "select distinct person from people where player = $p order by person", {"p": player}).fetchall()]
    return found or [player]


def _person_names(con: duckdb.DuckDBPyConnection) -> list[str]:
    """The persons ``rasklad alias`` named (none when the people mart is not built)."""
    if "people" not in _tables(con):
        return []
    return [row[0] for row in con.execute("select distinct person from people order by person").fetchall()]


def _stored_sites(con: duckdb.DuckDBPyConnection) -> list[str]:
    """The sites (rooms) of the stored games, by name."""
    return [row[0] for row in con.execute(
        "select distinct site from stg_games where site is not null order by site").fetchall()]


def _known_site(con: duckdb.DuckDBPyConnection, site: str) -> str:
    """``site`` as the warehouse spells it (case aside), else an error naming the stored sites."""
    if "site" not in _columns(con, "stg_games"):
        raise UsageProblem("This warehouse's models were built before games recorded their site.",
                           "Run `rasklad ingest` once (with any file) to rebuild them.")
    stored = _stored_sites(con)
    for name in stored:
        if name.casefold() == site.strip().casefold():
            return name
    raise UsageProblem(f"No stored game was played on the site {site!r}.{did_you_mean(site, stored)}",
                       f"The sites stored: {', '.join(stored) or 'none yet'}.")


def _known_rule(rule: str) -> str:
    """A rule ID or a prefix of one (case aside), else an error naming the close IDs."""
    texts = _rule_texts()
    prefix = rule.strip().upper()
    if any(rule_id.startswith(prefix) for rule_id in texts):
        return prefix
    families = sorted({rule_id.split("-")[0] + "-" for rule_id in texts})
    raise _refused_value(f"No rule ID is or starts with {rule!r}.{did_you_mean(prefix, texts)}",
                         f"Rule IDs start with {', '.join(families)}; `rasklad audit --explain` shows their texts.",
                         "'--rule'")


_STORED_PLAYERS = ("select player, site from stg_game_players join stg_games using (game_id) "
                   "union select player, site from stg_tournament_results "
                   "left join (select game_id, site from stg_games where game = 'tournament') using (game_id)")
"""Every name of a stored game, a tournament summary's entries included (they are no game's
players), with its room."""


def _stored_players(con: duckdb.DuckDBPyConnection, site: str | None = None) -> list[str]:
    """The names of the stored games and summaries (of the room ``site`` when given)."""
    return [row[0] for row in con.execute(
        f"select distinct player from ({_STORED_PLAYERS}) where player is not null and ($site is null or site = $site)",
        {"site": site}).fetchall()]


def _known_player(con: duckdb.DuckDBPyConnection, player: str) -> str:
    """``player`` if some stored game or tournament summary has them, or a person (``rasklad alias``)
    is so named, else an error naming the close names."""
    if con.execute(f"select 1 from ({_STORED_PLAYERS}) where player = $p limit 1", {"p": player}).fetchone():
        return player
    persons = _person_names(con)
    if player in persons:
        return player
    names = sorted(set(_stored_players(con)) | set(persons))
    raise UsageProblem(no_player(player, close_names(player, names), _names_alike(con, names)),
                       "Names are matched exactly; `rasklad query \"select distinct player from game_players\"` "
                       "lists the games' players, `... from tournament_results` the summaries'.")


def _names_alike(con: duckdb.DuckDBPyConnection, also: Iterable[str] = ()) -> frozenset[str]:
    """The names that print as another does, among the stored ones (:func:`pipeline.names.stored_names`,
    as the dashboards read them) and ``also``: a table marks them as the dashboards' pages do."""
    return printing_alike(stored_names(con).union(also))


NAME_COLUMNS = ("player", "person")
"""The columns of an output's table that hold a player's or a person's name."""


def _names_listed(frame: pl.DataFrame, alike: frozenset[str]) -> pl.DataFrame:
    """``frame`` with each name of its :data:`NAME_COLUMNS` as the lists show it
    (:func:`rules.words.listed_name`): ``'ВОВА' (Cyrillic letters)`` beside a stored ``BOBA``,
    ``'Aнна' (A is Latin)``; the others as they are. For a table only: JSON keeps every name as stored."""
    import polars as pl

    return frame.with_columns(frame[name].map_elements(lambda text: listed_name(text, alike), return_dtype=pl.String)
                              for name in NAME_COLUMNS if name in frame.columns and frame[name].dtype == pl.String)


@main.command()
@warehouse_option
@click.option("--player", "-p", callback=_typed_names, help="Only this player.")
@click.option("--game", "-g", type=_GameName(sorted(STATS_GAMES), "The games stats --game takes"),
              help="Only this game's statistics (any case; raspisnoy_sheet shows the raspisnoy statistics, "
                   "which count the score sheets' games with the logs').")
@site_option
@click.option("--all", "all_columns", is_flag=True,
              help="Every column, season and row (no --limit, unless given), not just the headline figures.")
@click.option("--limit", type=click.IntRange(min=1), default=SHOWN_ROWS, show_default=True,
              help="At most this many rows of each mart: me first (rasklad alias --me), then the most played. "
                   "--json prints every row unless --limit is given.")
@json_option
@click.pass_context
def stats(ctx: click.Context, warehouse: Path, player: str | None, game: str | None, site: str | None,
          all_columns: bool, limit: int, as_json: bool) -> None:
    """Per-player statistics of every game in the warehouse.

    Rates are fractions (raspisnoy, Chinese, six-card) or percentages (Hold'em, as
    PokerTracker shows them); --json and --all give every column of the marts.

    Every mart, its grain and figures: see docs/warehouse.md.

    Tournaments: the summaries' buy-ins, prizes, ROI, ITM and finishes, one row per account and
    currency (play chips, FPP and SC are units of their own, never added to money); without
    --player, the rows of the summaries' account holders and the stored games' players.

    A screen name belongs to its site (the poker room): --site shows one site's Hold'em and
    tournament statistics only (the club games, which have no site, are left out). Short-deck Hold'em
    (holdem36) and OFC are rows of the Hold'em and Chinese marts: --game shows the rows of the
    game it names.

    --player shows the figures of the person the name belongs to (rasklad alias): every name
    linked to that person, each row naming its name (raspisnoy counts a person's names as one).

    Each mart lists the rows of the person who is me (rasklad alias --me) first, then the most
    played (hands, games or entries); a table shows its first 200 rows and says how many it left
    out: --limit N shows N, --all every one.

    Example: rasklad stats --player Anna --game raspisnoy
    """
    import polars as pl

    game = None if game is None else STATS_GAMES[game]
    # a limit given holds for every output; else --all and --json give every row, a table the first ones
    limit_given = ctx.get_parameter_source("limit") is not click.core.ParameterSource.DEFAULT
    rows = limit if limit_given or not (all_columns or as_json) else None
    with _connect(warehouse) as con:
        persons: list[str] = []
        if player is not None:
            player = _known_player(con, player)
            persons = _persons_of(con, player)
            if persons != [player] and not as_json:
                click.echo(f"{player} is a name of {' and '.join(persons)}: the figures of "
                           f"{' and '.join(persons)}, every linked name together.")
        if site is not None:
            site = _known_site(con, site)
        present = _tables(con)
        # the person "me" names, as the people mart and the dashboards read it
        me = (con.execute("select any_value(person) from people where is_me").fetchone()[0]
              if "people" in present else None)
        shown = 0
        documents: dict[str, list[dict]] = {}     # --json: each mart's rows, one document for them all
        alike = frozenset() if as_json else _names_alike(con)
        for name, mart in STATS_MARTS.items():
            if (game and name != game) or (site and name not in SITE_MARTS):
                continue
            if not game and name in SHARED_MARTS:
                continue    # shown with the game whose mart it shares
            documents[mart] = []    # the same keys whatever the rows: an empty list when none matches
            if mart not in present:
                continue
            by_game = " and game = $game" if game in SHARED_MARTS or game in SHARED_MARTS.values() else ""
            everything = all_columns or as_json
            present_columns = _columns(con, mart)     # a mart built by an older version lacks newer ones
            columns = "*" if everything else ", ".join(c for c in HEADLINES[name] if c in present_columns)
            season = "" if everything or name != "raspisnoy" else " and season_kind = 'all'"
            by_site = " and ($site is null or site = $site)" if name in SITE_MARTS and site else ""
            # a mart of accounts names each one's person; raspisnoy's player is the person
            whose = "person" if "person" in present_columns or name == "tournament" else "player"
            relation = ACCOUNTS_OF_SUMMARIES if name == "tournament" else mart
            # me first, then the most played: the rows a user looks for are never beyond the limit
            headline = [column for column in HEADLINES[name] if column in present_columns]
            # a player's seasons together (of each club), in the order of their kinds, the newest first
            seasons = ([f"max({MOST_PLAYED[name]}) over (partition by {whose}) desc nulls last", whose,
                        f"max({MOST_PLAYED[name]}) over (partition by {whose}, club) desc nulls last", "club",
                        "list_position(season_kinds(), season_kind)", "season desc"]
                       if "season_kind" in present_columns else [])
            order = ", ".join([f"{whose} is not distinct from $me desc", *seasons,
                               f"{MOST_PLAYED[name]} desc nulls last", *headline, *sorted(present_columns - set(headline))])
            frame = con.sql(
                f"select {columns} from {relation} where ($player is null or list_contains($persons, {whose}))"
                f"{season}{by_site}{by_game} order by {order}",
                params={"player": player, "persons": persons, "me": me, **({"site": site} if by_site else {}),
                        **({"game": game} if by_game else {})},
            ).pl()
            if frame.is_empty():
                continue
            shown += 1
            if as_json:
                if rows is not None and frame.height > rows:
                    # the rows left out said beside the JSON, as quarantine --json does
                    click.echo(f"{mart}: {_rows_more(frame.height - rows, STATS_JSON_REST)}", err=True)
                    frame = frame.head(rows)
                documents[mart] = frame.to_dicts()
                continue
            click.echo(f"\n{mart}")
            frame = _names_listed(frame.with_columns(pl.selectors.float().round(STATS_DECIMALS)), alike)
            _show(frame, False, limit=rows, rest=STATS_REST)
        if as_json:
            _echo_json(documents)
        elif not shown:
            given = " ".join(f"--{name} {value}" for name, value in (("player", player), ("game", game),
                                                                    ("site", site)) if value)
            if not given:
                click.echo("No statistics yet.")
            else:   # the filters matched nothing: say so, and what there is
                click.echo(f"No statistics match {given}.")
                whose = f"{player}'s statistics" if player else "The statistics stored"
                click.echo(f"  {whose}: {_stats_kept(con, player)}.")
        _tell_older_rules(con, warehouse, as_json)


def _stats_kept(con: duckdb.DuckDBPyConnection, player: str | None) -> str:
    """The games the stored games give statistics of (those ``player`` played, when given), each
    with its sites; a club game has none (--site leaves it out)."""
    rows = con.execute(
        "select game, list(distinct site order by site) filter (where site is not null) from stg_games "
        "where game_id in (select game_id from stg_game_players where $player is null or player = $player) "
        "or (game = 'tournament' and $player is null) group by game order by game", {"player": player}).fetchall()
    kept = [f"{game} ({', '.join(sites)})" if game in SITE_MARTS and sites
            else f"{game} (a club game: no site)" if game not in SITE_MARTS else game
            for game, sites in rows if game in STATS_MARTS]
    return "; ".join(kept) or "none"


@main.command()
@click.argument("sql")
@warehouse_option
@json_option
@click.option("--csv", "as_csv", is_flag=True, help="Print CSV instead of a table (to save the result: > file.csv).")
@click.option("--bom/--no-bom", default=None,
              help="With --csv into a file or a pipe: start it with a UTF-8 byte order mark, which Excel needs to "
                   "read a CSV as UTF-8, or never. Default: a mark on Windows, and wherever the output's encoding "
                   "is not UTF-8; none elsewhere.")
def query(sql: str, warehouse: Path, as_json: bool, as_csv: bool, bom: bool | None) -> None:
    """Run one read-only SQL query against the warehouse's models and tables.

    Only queries run (SELECT, WITH, SHOW, DESCRIBE, SUMMARIZE, EXPLAIN): COPY, EXPORT,
    ATTACH, INSTALL, LOAD, SET and writes are refused, and no file outside the warehouse
    can be read. To save a result, redirect --csv or --json to a file. Every table and
    column: see docs/warehouse.md.

    CSV into a file or a pipe is UTF-8. On Windows it starts with a byte order mark, so that
    Excel reads its names as UTF-8 (without the mark Excel reads them in the ANSI code page, and
    Cyrillic names come out garbled); elsewhere it has none, unless the output's encoding is not
    UTF-8. --bom and --no-bom decide it (--bom for Excel on a Mac).

    Example: rasklad query "select player, sum(net) from game_players group by all" --csv > nets.csv
    """
    import duckdb

    if as_json and as_csv:
        raise CommandLineProblem("--json and --csv were both given.", "Pick one of them.")
    if bom is not None and not as_csv:
        flag = "--bom" if bom else "--no-bom"
        raise CommandLineProblem(f"{flag} was given without --csv: only a CSV has a byte order mark.",
                                 f"Add --csv, or leave {flag} out.")
    _refuse_all_but_queries(sql)
    if _SHOW_TABLES.fullmatch(sql):
        sql = LISTED_TABLES
    with _connect_for_query(warehouse) as con:
        try:
            frame = _query_rows(con.sql(sql))
        except duckdb.PermissionException as error:
            raise UsageProblem(f"The query failed: {error}", "rasklad query reads the warehouse's tables only, "
                               "never other files or the network.")
        except duckdb.Error as error:
            raise UsageProblem(f"The query failed: {error}", "Tables: games, game_players, findings, "
                               "quarantine and the marts; list them with `rasklad query \"show tables\"`.")
    if as_csv:
        _echo_csv(_cells(frame).write_csv(), bom)
    else:
        _show(frame, as_json, whole_words=False)    # a query's value of any width stays in the terminal


CSV_MARKED_BY_DEFAULT = sys.platform == "win32"
"""Whether ``query --csv`` into a file or a pipe starts with a byte order mark whatever the output's
encoding: on Windows, whose Excel reads a CSV without the mark in the ANSI code page (cp1251 on a
Russian one, where Cyrillic names written in UTF-8 come out garbled), Python's UTF-8 mode or not."""


def _echo_csv(text: str, bom: bool | None = None) -> None:
    """CSV on standard output, its control characters escaped (:func:`_escaped`). A terminal shows
    it in its own encoding. Into a file or a pipe it is UTF-8, after a byte order mark when ``bom``
    says so (--bom, --no-bom), else on Windows (:data:`CSV_MARKED_BY_DEFAULT`) and wherever the
    output's encoding is not UTF-8 (a redirect on Windows writes its ANSI code page without Python's
    UTF-8 mode): every name is kept whole, where the code page would lose an emoji or a letter of
    another script, and Excel reads it as UTF-8."""
    utf8 = _writes_utf8(sys.stdout)
    if bom is None:
        bom = CSV_MARKED_BY_DEFAULT or not utf8
    if sys.stdout.isatty() or (utf8 and not bom):
        click.echo(text, nl=False)
        return
    sys.stdout.flush()
    sys.stdout.buffer.write((codecs.BOM_UTF8 if bom else b"") + _escaped(text).encode("utf-8"))
    sys.stdout.buffer.flush()


READ_AS_VALUES = frozenset({
    "boolean", "tinyint", "smallint", "integer", "bigint", "hugeint", "utinyint", "usmallint", "uinteger", "ubigint",
    "uhugeint", "float", "double", "decimal", "varchar", "uuid", "enum", "null", "date", "time", "timestamp",
    "timestamp_s", "timestamp_ms", "timestamp with time zone", "list", "array", "struct", "map"})
"""The DuckDB types (``DuckDBPyType.id``) a query's rows keep as values. Any other, or a list,
struct or map that holds one, is read as DuckDB's text of it (INTERVAL ``2 days 03:00:00``,
TIME WITH TIME ZONE, TIMESTAMP_NS to the nanosecond, BIT, BLOB, UNION, BIGNUM): polars
cannot read an INTERVAL at all, and would garble the others."""


def _read_as_value(kind) -> bool:
    """Whether a column of the DuckDB type ``kind`` is read as values (see ``READ_AS_VALUES``)."""
    if kind.id not in READ_AS_VALUES:
        return False
    if kind.id in ("list", "array", "struct", "map"):     # (an array's children name its size too)
        return all(_read_as_value(child) for _, child in kind.children if hasattr(child, "id"))
    return True


def _query_rows(relation: duckdb.DuckDBPyRelation) -> pl.DataFrame:
    """The rows of a query's ``relation``, each column as a value polars holds or as its text."""
    kinds = relation.types
    sent = [_sent_as_text(kind) if _read_as_value(kind) else "VARCHAR" for kind in kinds]
    if any(sent):
        # by position, each under its name (a name may hold any character, a double quote too)
        relation = relation.project(", ".join(
            f"#{number}{'' if kind is None else f'::{kind}'} as " + '"' + name.replace('"', '""') + '"'
            for number, (name, kind) in enumerate(zip(relation.columns, sent), start=1)))
    frame = relation.pl()
    return frame.with_columns(
        frame.to_series(number).cast(_read_back(read, kind))
        for number, (read, kind, how) in enumerate(zip(frame.dtypes, kinds, sent))
        if how is not None and _read_as_value(kind))


SENT_AS_TEXT = frozenset({"hugeint", "uhugeint", "float"})
"""The DuckDB types a query's rows take as DuckDB's text, then read back as polars values: polars
would take a HUGEINT or UHUGEINT as a decimal of 38 digits, which cuts a 39th digit and turns a
UHUGEINT of 2^127 and above negative, and a FLOAT as the double it widens to, 0.10000000149011612
for 0.1. DuckDB's text of each is exact, a FLOAT's the shortest that reads back as it."""


def _sent_as_text(kind: duckdb.DuckDBPyType) -> str | None:
    """The DuckDB type ``kind`` with each of ``SENT_AS_TEXT`` in it as VARCHAR, as SQL (None: it
    holds none)."""
    import duckdb

    text = duckdb.sqltype("VARCHAR")

    def as_text(kind):
        if kind.id in SENT_AS_TEXT:
            return text
        children = dict(kind.children) if kind.id in ("list", "array", "struct", "map") else {}
        if kind.id == "list":
            child = as_text(children["child"])
            return child and duckdb.list_type(child)
        if kind.id == "array":
            child = as_text(children["child"])
            return child and duckdb.array_type(child, children["size"])
        if kind.id == "map":
            key, value = as_text(children["key"]), as_text(children["value"])
            return (key or value) and duckdb.map_type(key or children["key"], value or children["value"])
        if kind.id == "struct":
            fields = {name: as_text(child) for name, child in kind.children}
            return any(fields.values()) and duckdb.struct_type(
                {name: field or child for (name, child), field in zip(kind.children, fields.values())})
        return None

    found = as_text(kind)
    return str(found) if found else None


def _read_back(read: pl.DataType, kind: duckdb.DuckDBPyType) -> pl.DataType:
    """The polars type a column of DuckDB type ``kind`` is read back as, from ``read``, its type
    as it came with ``SENT_AS_TEXT`` as text: a HUGEINT as Int128, a UHUGEINT as UInt128, a FLOAT
    as the double its text says (0.1), in a list, an array, a struct or a map's value too (a map's
    key stays text, as every output writes it)."""
    import polars as pl

    whole = {"hugeint": pl.Int128, "uhugeint": pl.UInt128, "float": pl.Float64}
    if kind.id in whole:
        return whole[kind.id]
    children = dict(kind.children) if kind.id in ("list", "array", "map") else {}
    if kind.id == "list":
        return pl.List(_read_back(read.inner, children["child"]))
    if kind.id == "array":
        return pl.Array(_read_back(read.inner, children["child"]), read.size)
    if kind.id == "map":
        return pl.Map(read.key, _read_back(read.value, children["value"]))
    if kind.id == "struct":
        return pl.Struct([pl.Field(field.name, _read_back(field.dtype, child))
                          for field, (_, child) in zip(read.fields, kind.children)])
    return read


_SHOW_TABLES = re.compile(r"\s*show\s+tables\s*;?\s*", re.IGNORECASE)
LISTED_TABLES = "select distinct name from (show tables) order by name"
"""What ``query`` runs for "show tables": each table once. DuckDB lists a table twice, the view stored
in rasklad.duckdb (for the duckdb shell) and the connection's own view over the committed parts,
which shadows it."""

QUERY_STATEMENTS = frozenset({"SELECT"})
"""What ``query`` runs, by ``duckdb.StatementType`` name: statements that only read (SHOW, DESCRIBE,
SUMMARIZE, VALUES, FROM … are SELECTs to DuckDB). EXPLAIN is let through when what it explains is
one of these."""
_EXPLAIN = re.compile(r"\s*explain\s+(?:analy[sz]e\s+)?", re.IGNORECASE)


def _refuse_all_but_queries(sql: str) -> None:
    """Refuse any statement that is not a query. The connection is read-only and reaches no
    file outside the warehouse, but inside it a COPY … TO could still overwrite the
    warehouse's own Parquet files: only the statement's kind tells it apart."""
    import duckdb

    try:
        statements = duckdb.extract_statements(sql)
    except duckdb.Error as error:
        raise UsageProblem(f"The query failed: {error}", "Check the SQL near the place DuckDB names.") from None
    if not statements:
        raise UsageProblem("The query is empty.", 'Give one, e.g. rasklad query "select count(*) from games".')
    for statement in statements:
        kind = statement.type
        if kind == duckdb.StatementType.EXPLAIN:
            explained = _EXPLAIN.sub("", statement.query, count=1)
            try:
                inner = duckdb.extract_statements(explained)
            except duckdb.Error:
                inner = []
            if len(inner) == 1 and inner[0].type.name in QUERY_STATEMENTS:
                continue
        elif kind.name in QUERY_STATEMENTS:
            continue
        words = statement.query.split()
        raise UsageProblem(
            f"rasklad query only reads; it refuses {words[0].upper()} ({' '.join(words[:4])!r}).",
            "To save a result, redirect it: rasklad query \"select …\" --csv > result.csv (or --json > result.json). "
            "The warehouse changes only through `rasklad ingest`.",
        )
    if len(statements) > 1:
        # DuckDB would run them all and print the last one's rows only
        raise UsageProblem(f"rasklad query runs one statement; this is {len(statements)} (separated by ';').",
                           "Run each on its own, or join their rows into one query (union all, a join).")


def _connect_for_query(warehouse: Path) -> duckdb.DuckDBPyConnection:
    """A read-only connection that can read the warehouse's own files and nothing else: no
    other file, no network, no extension to install or load, and settings locked so that
    the query cannot lift these limits."""
    from pipeline.warehouse import glob_escaped

    con = _connect(warehouse)
    folders = {str(Path(warehouse).resolve()), os.path.abspath(warehouse)}
    # the views name their files as globs, escaped where the folder's name holds [ * ?
    allowed = sorted(name + os.sep for folder in folders for name in (folder, glob_escaped(folder)))
    con.execute("set allowed_directories = $allowed", {"allowed": allowed})
    con.execute("set autoinstall_known_extensions = false")
    con.execute("set autoload_known_extensions = false")
    con.execute("set enable_external_access = false")
    con.execute("set lock_configuration = true")
    return con


@main.command()
@warehouse_option
@click.option("--limit", type=click.IntRange(min=1), default=50, show_default=True,
              help="Show at most this many games (the command says how many it left out).")
@click.option("--all", "show_all", is_flag=True, help="Every quarantined game, however many (no --limit).")
@click.option("--text", "show_text", is_flag=True, help="Print each game's original text too.")
@json_option
def quarantine(warehouse: Path, limit: int, show_all: bool, show_text: bool, as_json: bool) -> None:
    """List the games that did not parse: where (file:line:column), game, error (the reason) and
    the ID (`rasklad show ID` prints one). A text found several times in its file is one row, which
    names the first line of each other copy.

    What each format must look like: see docs/formats.md.

    Example: rasklad quarantine --text --limit 5
    """
    # the fault in each other copy too (the same line of it); --json gives their first lines as numbers
    again = ("" if as_json else """ || coalesce(' (again at ' || array_to_string(list_transform(copies_first_lines,
                 lambda first: (first + line - first_line) || ':' || "column"), ', ') || ')', '')""")
    with _connect(warehouse) as con:
        frame = con.sql(
            f"""select source_file || ':' || line || ':' || "column"{again} as "where", game, error, quarantine_id
                {', first_line, last_line, copies_first_lines' if as_json else ''}
                {', text' if show_text or as_json else ''}
                from ({_quarantine_rows(con)}) order by source_file, first_line, quarantine_id limit $limit""",
            params={"limit": None if show_all else limit},
        ).pl()
        total = con.execute("select count(*) from stg_quarantine").fetchone()[0]
    if not total and not as_json:
        click.echo("Nothing is in quarantine.")
        return
    if as_json or not show_text:
        _show(frame, as_json, limit=None)   # --limit cut it, and the count below says so
    else:
        for row in frame.iter_rows(named=True):
            click.echo(f"{row['where']}: {row['error']} (ID {row['quarantine_id']})\n{_escaped(row['text'])}\n")
    if total > frame.height:    # never cut short without a word; on stderr beside --json's rows
        click.echo(f"{frame.height} of {total} shown; --limit N or --all shows more", err=as_json)


def _quarantine_rows(con: duckdb.DuckDBPyConnection) -> str:
    """The quarantine's rows, with ``copies_first_lines`` null where the models were built by a
    Rasklad that did not keep the copies (until the next ingest rebuilds them)."""
    if "copies_first_lines" in _columns(con, "stg_quarantine"):
        return "select * from stg_quarantine"
    return "select *, null::integer[] as copies_first_lines from stg_quarantine"


def _echo_lines(text: str, first_line: int, last_line: int, marks: dict[int, str]) -> None:
    """A game's text as `show` prints it: each line under its number in the file, control bytes
    escaped, the lines ``marks`` names marked with its words."""
    width = len(str(last_line))
    for number, line in enumerate(text.split("\n"), first_line):
        note = f"   ◀ {marks[number]}" if number in marks else ""
        click.echo(f"{number:>{width}}  {_escaped(line)}{note}")


def _escaped(text: str) -> str:
    """A text for a terminal: its control characters (a NUL, an escape) written as \\xNN, never
    sent as they are; line breaks and tabs stay.

    >>> _escaped("Seat 3: Vera\\x00\\x1b[2J\\tx")
    'Seat 3: Vera\\\\x00\\\\x1b[2J\\tx'
    """
    return CONTROL_CHARACTER.sub(lambda found: f"\\x{ord(found[0]):02x}", text)


DASHBOARD_PORT = 8501
"""The dashboard's port unless --port says otherwise (Streamlit's own); the next free one is taken
when another server holds it."""


def _port_free(port: int) -> bool:
    # loaded for this command alone: its import is 3 ms of every other command's start-up
    import socket

    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)    # as the server binds: a port
        try:                                                             # closed a moment ago is free
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@main.command()
@warehouse_option
@click.option("--port", type=click.IntRange(1024, 65535), default=None,
              help=f"The port to serve on (default: {DASHBOARD_PORT}, or the next free one).")
def dashboard(warehouse: Path, port: int | None) -> None:
    """Serve the dashboards on http://127.0.0.1:PORT for the warehouse.

    Example: rasklad dashboard --warehouse data/warehouse --port 8501
    """
    if port is not None and not _port_free(port):
        raise UsageProblem(f"Port {port} is in use, by another dashboard or another program.",
                           f"Open http://127.0.0.1:{port} if it is a dashboard of Rasklad's, or name another "
                           "port with --port (or leave it out for the first free one).")
    if port is None:
        port = next((free for free in range(DASHBOARD_PORT, DASHBOARD_PORT + 100) if _port_free(free)), None)
        if port is None:
            raise UsageProblem(f"Ports {DASHBOARD_PORT} to {DASHBOARD_PORT + 99} are all in use.",
                               "Name a free port with --port.")
        if port != DASHBOARD_PORT:
            click.echo(f"Port {DASHBOARD_PORT} is in use (another dashboard?): this one takes {port}.")
    app = Path(__file__).resolve().parents[1] / "dashboards" / "streamlit_app.py"
    env = {**os.environ, WAREHOUSE_ENV: str(warehouse.resolve())}
    command = [sys.executable, "-m", "streamlit", "run", str(app), "--server.address", "127.0.0.1",
               "--server.port", str(port), "--server.headless", "true", "--browser.gatherUsageStats", "false",
               # uploads bounded by the server too, not only by the page (MB)
               "--server.maxUploadSize", "20"]
    click.echo(f"Dashboard on http://127.0.0.1:{port} (Ctrl+C stops it)")
    server = subprocess.Popen(command, env=env)
    try:
        sys.exit(server.wait())
    except KeyboardInterrupt:
        # The way to stop it. Ctrl+C reaches the server too (the terminal signals both), which is
        # given a moment to stop by itself; a kill reaches this process alone, which passes it on.
        if STOPPED_BY[-1:] != [signal.SIGTERM]:
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.wait(timeout=2)
        if server.poll() is None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        click.echo("Dashboard stopped.")


GENERATORS = ("holdem", "holdem36", "raspisnoy", "raspisnoy_sheet", "chinese", "ofc", "sixcard")


def _generator(game: str):
    import importlib

    module_name = {"holdem36": "holdem", "raspisnoy_sheet": "raspisnoy", "ofc": "chinese"}.get(game, game)
    return importlib.import_module(f"pipeline.generators.{module_name}")


def generator_settings(game: str) -> dict[str, object]:
    """A generator's settings and their defaults, read from the generator itself: its
    ``SETTINGS`` table, or else the keyword-only parameters of its ``generate`` and the
    fields of the settings class its ``**options`` go to."""
    import dataclasses
    import inspect

    module = _generator(game)
    table = getattr(module, "SETTINGS", None)
    if table:
        return dict(table[game])
    parameters = inspect.signature(module.generate).parameters.values()
    settings = {p.name: p.default for p in parameters if p.kind is p.KEYWORD_ONLY}
    settings_class = getattr(module, "GeneratorSettings", None)
    if any(p.kind is p.VAR_KEYWORD for p in parameters) and dataclasses.is_dataclass(settings_class):
        settings.update({f.name: f.default for f in dataclasses.fields(settings_class)})
    return settings


def generator_choices(game: str) -> dict[str, tuple[str, ...]]:
    """The settings of ``game``'s generator whose value is one of a few, and those values (its
    ``CHOICES`` table, which its own checks use)."""
    return getattr(_generator(game), "CHOICES", {}).get(game, {})


def _setting_text(name: str, default: object, choices: tuple[str, ...] = ()) -> str:
    if default is None:
        return name
    if isinstance(default, tuple):
        default = "-".join(map(str, default))
    others = [value for value in choices if value != str(default)]
    return f"{name}={default}" + (f" (or {', '.join(others)})" if others else "")


class _GenerateCommand(click.Command):
    """``generate --help`` lists every generator's settings, read when the help is shown."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Settings (-o KEY=VALUE; the value shown is the default; \"(or …)\": the other values a choice allows)"):
            formatter.write_dl([
                (game, ", ".join(_setting_text(name, default, generator_choices(game).get(name, ()))
                                 for name, default in generator_settings(game).items()))
                for game in GENERATORS
            ])
        super().format_epilog(ctx, formatter)


@main.command(cls=_GenerateCommand)
@click.argument("game", type=_GameName(GENERATORS, "The games generate writes"))
@click.option("--count", "-n", type=click.IntRange(min=1), default=10, show_default=True,
              help="How many games (hands, sessions) to write.")
@click.option("--seed", type=int, default=0, show_default=True, help="Random seed: the same seed writes the same text.")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE",
              help="A setting of the game's generator, e.g. raspisnoy -o players=5 -o strategy=random "
                   "(repeatable; each generator's are listed below).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write to this file instead of stdout.")
@click.option("--quiet", "-q", is_flag=True, help="With --out: say nothing when it went well.")
def generate(game: str, count: int, seed: int, options: tuple[str, ...], out: Path | None, quiet: bool) -> None:
    """Write random legal games as log text, for demos, tests and benchmarks.

    The formats written: see docs/formats.md. Everything is drawn from the seed, the same seed
    writing the same text, and so, unless settings give them, are a raspisnoy game's day (one of
    2025 and 2026) and club (one of three): for one evening in one club, give both (-o
    date=2026-12-05 -o club=Arbat); for another evening, another date and seed.

    Example: rasklad generate raspisnoy --count 3 -o players=4 -o date=2026-12-05 -o club=Arbat --out night.txt
    """
    known = generator_settings(game)
    settings = {}
    for option in options:
        key, sep, value = option.partition("=")
        if not sep:
            raise _refused_value(f"The option {option!r} has no value.", "Write it as KEY=VALUE, e.g. -o players=4.",
                                 "'--option'")
        key = key.strip().replace("-", "_")
        if key not in known:
            raise _refused_value(
                f"The {game} generator has no setting {key!r}.{did_you_mean(key, known)}",
                f"Its settings: {', '.join(known)} (see rasklad generate --help).", "'--option'",
            )
        settings[key] = value.strip()
    try:
        text = _generator(game).generate(game, count=count, seed=seed, **settings)
    except (TypeError, ValueError) as error:
        raise _refused_value(f"The generator refused the settings: {error}",
                             f"Its settings: {', '.join(known)} (see rasklad generate --help).", "'--option'") from None
    if out:
        try:
            out.parent.mkdir(parents=True, exist_ok=True)     # as export --out makes its folder
            out.write_text(text, encoding="utf-8")
        except OSError as error:
            raise UsageProblem(f"Cannot write the games to {str(out)!r}: {error.strerror} ({error.filename}).",
                               "Name a file in a folder you may write with --out.") from None
        if not quiet:
            click.echo(f"{counted(count, f'{game} game')} written to {out}")
    else:
        click.echo(text, nl=False)


@main.command()
@click.argument("game_id")
@warehouse_option
@json_option
def show(game_id: str, warehouse: Path, as_json: bool) -> None:
    """Print one stored game: where it comes from, the ruleset it was judged under (its house
    options named), its players, its text with the lines a finding names marked, and each finding
    with the text of its rule. A quarantined game: its place, its
    reason and its text, the faulty line marked.

    GAME_ID is a game's ID or the start of it (as `rasklad audit` and `rasklad quarantine` list
    them), or the name or number its log gives it: a club game's (`Raspisnoy game R-12`: R-12), a
    Hold'em hand's number (with its # or without). Several games of that name are listed to choose from.

    Example: rasklad show 0cd081e9
    """
    from pipeline.audit import kept_record

    with _connect(warehouse) as con:
        quarantined = None if any(_games_named(con, game_id)) else _quarantined_named(con, game_id)
        if quarantined is not None:
            _show_quarantined(quarantined, as_json)
            return
        found = _known_game_id(con, game_id, warehouse)
        game = con.sql(
            "select game_id, game, name_in_log, source_file, first_line, last_line, played_at, club, table_name, "
            "ruleset from stg_games where game_id = $id", params={"id": found}).pl().row(0, named=True)
        players = con.sql("select player, seat, net from stg_game_players where game_id = $id "
                          "order by seat, player", params={"id": found}).pl()
        alike = _names_alike(con, players["player"])
        findings = con.sql(
            "select rule_id, severity, line, message, expected, actual from stg_findings where game_id = $id "
            "order by line nulls first, rule_id", params={"id": found}).pl()
        kept = con.execute("select text from game_texts where game_id = $id limit 1", {"id": found}).fetchone() \
            if "game_texts" in _tables(con) else None
        count_entries = con.execute("select count(*) from stg_tournament_results where game_id = $id",
                                    {"id": found}).fetchone()[0] if game["game"] == "tournament" else 0
        rounds = con.execute("select max(round_no), bool_and(is_game_finished) from stg_raspisnoy_rounds "
                             "where game_id = $id", {"id": found}).fetchone() \
            if game["game"] in ("raspisnoy", "raspisnoy_sheet") else None
    text = kept[0] if kept else None
    # played_at is in UTC where the log names its zone, else the time as written (docs/warehouse.md)
    record = kept_record(text, game["source_file"], game["game_id"]) \
        if game["played_at"] or rounds is not None else None
    in_utc = getattr(getattr(record, "info", None), "played_in_utc", False)
    unfinished = _unfinished(rounds, record)
    if as_json:
        _echo_json({**game, "time_zone": "UTC" if in_utc else None, "players": players.to_dicts(),
                    **({} if rounds is None else {"unfinished": unfinished}),
                    "findings": findings.to_dicts(), "text": text})
        return
    click.echo(f"{game['game']} game {game['game_id']}: {game['source_file']} lines "
               f"{game['first_line']}–{game['last_line']}"
               + (f" ({_NAME_WORDS.get(game['game'], 'name')} {game['name_in_log']})" if game["name_in_log"] else ""))
    click.echo(("played at no stated date" if game["played_at"] is None
                else f"played {game['played_at']} {'UTC' if in_utc else '(as written: the log names no time zone)'}")
               + (f", club {game['club']}" if game["club"] else "")
               + (f", table {game['table_name']}" if game["table_name"] else ""))
    summary = game["game"] == "tournament"     # a summary's entries are tournament_results rows, not players
    if game["ruleset"] and game["ruleset"] != "default" and not summary:   # the options that judged it
        click.echo(f"judged under the ruleset: {game['ruleset']}")     # (a summary is read, never judged)
    if summary:
        click.echo(f"a tournament summary of {counted(count_entries, 'entry', 'entries')}: "
                   f"rasklad query \"select * from tournament_results where game_id = '{game['game_id']}'\" "
                   "lists them")
    else:
        # (named as stats and every list of players names them: 'Aнна' (A is Latin) is not the Анна of other games)
        named = [listed_name(player_named(row["player"]), alike) for row in players.iter_rows(named=True)]
        click.echo("players: " + ", ".join(f"{name} {row['net']:+}" if row["net"] is not None else name
                                           for name, row in zip(named, players.iter_rows(named=True), strict=True)))
    if unfinished is not None:
        of = "" if unfinished["scheduled_rounds"] is None else f" of {unfinished['scheduled_rounds']}"
        click.echo(f"unfinished: stops after round {unfinished['last_round']}{of}")
    marks: dict[int, list[str]] = {}
    for row in findings.iter_rows(named=True):
        if row["line"] is not None:
            marks.setdefault(row["line"], []).append(row["rule_id"])
    click.echo("")
    if text is None:
        click.echo("(the warehouse keeps no text for this game: it was stored by an older Rasklad)")
    else:
        _echo_lines(text, game["first_line"], game["last_line"],
                    {number: ", ".join(rules) for number, rules in marks.items()})
    click.echo("")
    if findings.is_empty():
        click.echo("No findings: a tournament summary is read, not replayed." if summary else
                   "No findings: the replay agrees with the log.")
        return
    texts = _rule_texts()
    click.echo(f"{counted(findings.height, 'finding')}:")
    for row in findings.iter_rows(named=True):
        where = f"line {row['line']}" if row["line"] is not None else "the whole game"
        click.echo(f"  {row['rule_id']} ({row['severity']}, {where}): {row['message']}")
        said = ([f"expected {row['expected']}"] if row["expected"] is not None else []) + (
            [f"the log says {row['actual']}"] if row["actual"] is not None else [])
        if said:    # (a part the finding has no value for is left out, never printed as None)
            click.echo(f"    {', '.join(said)}")
        rule_text = texts.get(row["rule_id"], "no text is registered for this rule")
        click.echo(f"    {rule_text if rule_text.startswith(row['rule_id'] + ':') else row['rule_id'] + ': ' + rule_text}")


def _unfinished(rounds: tuple | None, record) -> dict | None:
    """Where a raspisnoy game or sheet the warehouse holds as unfinished (``is_game_finished`` false:
    it stops before its schedule's last round) stops: its last round and the rounds of its schedule
    (RSP-SCHEDULE, by the rules and players its kept text gives; None when no text is kept). None for
    a finished game, and for one an older Rasklad stored without the flag, which counts as finished."""
    if rounds is None or rounds[1] is not False:
        return None
    from rules.raspisnoy import schedule

    rules, players = getattr(record, "rules", None), getattr(record, "players", None)
    planned = len(schedule(rules, len(players))) if rules is not None and players else None
    return {"last_round": rounds[0], "scheduled_rounds": planned}


def _quarantined_named(con: duckdb.DuckDBPyConnection, game_id: str) -> dict | None:
    """The one quarantined game whose ID starts with ``game_id``, None when none does, else an
    error naming those it could be."""
    wanted = game_id.strip().lower()
    rows = con.sql(
        f"""select quarantine_id, game, source_file, first_line, last_line, line, "column", error, text,
                   copies_first_lines
            from ({_quarantine_rows(con)}) where starts_with(quarantine_id, $p) order by quarantine_id limit 6""",
        params={"p": wanted}).pl().to_dicts() if wanted else []
    if len(rows) > 1:
        listed = "".join(f"\n    {row['quarantine_id']}  {row['source_file']}:{row['first_line']}–{row['last_line']}"
                         for row in rows[:5])
        raise UsageProblem(f"{game_id!r} is the start of several quarantined games' IDs:{listed}"
                           + ("\n    …" if len(rows) > 5 else ""), "Give more of the ID.")
    return rows[0] if rows else None


def _show_quarantined(row: dict, as_json: bool) -> None:
    """A quarantined game as `show` prints it: where, why, and its text with the fault marked."""
    if as_json:
        _echo_json({**row, "quarantined": True})
        return
    span = row["last_line"] - row["first_line"]
    copies = row["copies_first_lines"] or []
    again = (f" (again at lines {', '.join(f'{first}–{first + span}' for first in copies)})" if copies else "")
    click.echo(f"quarantined {row['game']} game {row['quarantine_id']}: {row['source_file']} lines "
               f"{row['first_line']}–{row['last_line']}{again}")
    click.echo(f"not stored: {row['error']} (line {row['line']}, column {row['column']})")
    click.echo("")
    _echo_lines(row["text"] or "", row["first_line"], row["last_line"], {row["line"]: f"column {row['column']}"})
    click.echo("")
    click.echo("Fix the text in its file and ingest the file again: the game then leaves the quarantine.")


_NAME_WORDS = {"holdem": "hand number", "holdem36": "hand number", "tournament": "tournament number"}
"""What a game's ``name_in_log`` is called, by game; any other game's is its name."""


def _name_word(con: duckdb.DuckDBPyConnection, game_ids: list[str]) -> str:
    """What the ``name_in_log`` of ``game_ids`` is called: their games' word when they share one."""
    words = {_NAME_WORDS.get(row[0], "name") for row in con.execute(
        "select distinct game from stg_games where list_contains($ids, game_id)", {"ids": game_ids}).fetchall()}
    return words.pop() if len(words) == 1 else "name"


def _games_named(con: duckdb.DuckDBPyConnection, game_id: str) -> tuple[list[str], list[str]]:
    """The stored games whose ID starts with ``game_id``, and those its log names so
    (``games.name_in_log``: a club game's name, a Hold'em hand's number with or without the ``#``
    the log writes before it): at most 6 of each. One name may stand for several games: the same
    in two files or two clubs, a hand stored twice (corrected, or in two encodings)."""
    wanted, named = game_id.strip().lower(), name_parameters(game_id)
    by_id = [row[0] for row in con.execute(
        "select game_id from stg_games where starts_with(game_id, $p) order by game_id limit 6", {"p": wanted}
    ).fetchall()] if wanted else []
    query = games_named_sql("stg_games")
    if "holdem_results" in _tables(con):    # a hand stored by a Rasklad before games.name_in_log: by its hand_id
        query = (f"select game_id from ({query}) union select game_id from stg_holdem_results where hand_id = $bare "
                 "order by game_id limit 6")
    by_name = [row[0] for row in con.execute(query, named).fetchall()] if named["name"] else []
    return by_id, by_name


def _where_games_are(con: duckdb.DuckDBPyConnection, game_ids: list[str]) -> str:
    """Five of ``game_ids`` with the file and lines each was read from, and its club when its log
    names one (one name in two clubs' logs), one a line."""
    rows = con.execute("select game_id, source_file, first_line, last_line, club from stg_games "
                       "where list_contains($ids, game_id) order by game_id", {"ids": game_ids[:5]}).fetchall()
    listed = "".join(f"\n    {gid}  {file}:{first}–{last}" + (f", club {club}" if club else "")
                     for gid, file, first, last, club in rows)
    return listed + ("\n    …" if len(game_ids) > 5 else "")


def _superseded_named(con: duckdb.DuckDBPyConnection, wanted: str, warehouse: Path) -> tuple[str, str] | None:
    """What to say of a game no longer stored whose ID starts with ``wanted`` (superseded: its file
    forgotten, or its file's new text no longer holds it), and where its text is; None when the
    table superseded holds no such game (or none only)."""
    if not wanted or not {"superseded", "files"} <= _tables(con):
        return None
    # A forget's ledger row holds no game and the very bytes its file held when last read, which
    # held games; a new text holding none (a file emptied to a comment) has bytes of its own.
    rows = con.execute(
        "select s.game_id, s.source_file, max(s.superseded_at), coalesce(bool_or("
        "len(coalesce(f.game_ids, [])) = 0 and exists (select 1 from files read where read.source_path = "
        "f.source_path and read.content_hash = f.content_hash and len(coalesce(read.game_ids, [])) > 0 "
        "and read.ingested_at < f.ingested_at)), false) "
        # (the row of the commit that superseded it: the same bytes forgotten later did not)
        "from superseded s left join files f on f.content_hash = s.superseded_by and f.source_file = s.source_file "
        "and f.ingested_at = s.superseded_at "
        "where starts_with(s.game_id, $p) group by s.game_id, s.source_file order by s.game_id limit 2",
        {"p": wanted}).fetchall()
    if len(rows) != 1:
        return None
    found, file, left_at, forgotten = rows[0]
    shown = (f"`rasklad query \"select text from superseded where game_id = '{found}'\" --warehouse "
             f"{_quoted(str(warehouse))}` shows its text")
    if forgotten:    # (read again, it comes back)
        return (f"The game {found} is no longer stored: its file {file} was forgotten.",
                (f"{shown}; `rasklad forget --undo {_quoted(file)} --warehouse {_quoted(str(warehouse))}` "
                 f"brings its games back."))
    return ((f"The game {found} is no longer stored: its file {file} no longer holds it since the ingest of "
             f"{left_at:%Y-%m-%d %H:%M:%S} UTC, which read its new text (it was not forgotten)."),
            f"{shown} (the table superseded keeps it).")


def _known_game_id(con: duckdb.DuckDBPyConnection, game_id: str, warehouse: Path) -> str:
    """The one stored game whose whole ID ``game_id`` is, else the one its log names so, else the one
    whose ID starts with it; an error naming the games it could be, or the close IDs and names."""
    wanted = game_id.strip().lower()
    matches, named = _games_named(con, game_id)
    if wanted in matches:   # a whole ID
        return wanted
    if len(named) == 1:     # a name before the start of an ID: a club's game 42 is no ID's start
        return named[0]
    if named:
        raise UsageProblem(f"{game_id!r} is the {_name_word(con, named)} of several stored games:"
                           f"{_where_games_are(con, named)}", "Name one by its game ID (or the start of it).")
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise UsageProblem(f"{game_id!r} is the start of several game IDs:{_where_games_are(con, matches)}",
                           "Give more of the ID.")
    superseded = _superseded_named(con, wanted, warehouse)
    if superseded:
        raise UsageProblem(*superseded)
    near = [row[0] for row in con.execute(
        "(select game_id from stg_games where starts_with(game_id, $p) limit 5000) union all "
        "(select distinct name_in_log from stg_games where name_in_log is not null limit 5000)",
        {"p": wanted[:2]}).fetchall()]
    raise UsageProblem(f"No stored game has an ID starting with {game_id!r}.{did_you_mean(game_id.strip(), near)}",
                       "Nor has one that name or number in its log. `rasklad audit` lists the games with findings "
                       "and their IDs; `rasklad query \"select game_id, name_in_log, game, source_file from games\"` "
                       "lists them all.")


@main.command()
@warehouse_option
@no_wait_option
@click.argument("person", required=False, callback=_typed_names)
@click.argument("names", nargs=-1, callback=_typed_names)
@click.option("--list", "list_links", is_flag=True, help="List every person (of the stored games, or linked) with their names and games, and who is me.")
@click.option("--remove", "remove", is_flag=True,
              help="Remove the links of the names given (a person's name removes all their links).")
@click.option("--me", "is_me", is_flag=True, help="This person is me: every dashboard page starts from this person.")
@click.option("--site", "site", metavar="ROOM",
              help="The room (site) of the names given: a screen name is per room. Without it, a link "
                   "holds in every room where the name has no link of its own.")
@click.option("--json", "as_json", is_flag=True,
              help="Print JSON: --list's people, each with a list of names, or the change made.")
def alias(warehouse: Path, no_wait: bool, person: str | None, names: tuple[str, ...], list_links: bool,
          remove: bool, is_me: bool, site: str | None, as_json: bool) -> None:
    """Link screen names to one person, so that their figures are counted together.

    The links live in the warehouse: they survive re-ingests and re-audits. A screen name is
    per room: the same name in two rooms is two accounts, one person until --site links one of them
    to another person. A name no stored game has yet (of that room, with --site) is linked all the
    same, with a note naming the close ones; the person may be named by any text.

    \b
    rasklad alias Gleb --me                         Gleb is me
    rasklad alias Gleb gleb_wina --site Winamax     gleb_wina, in Winamax only, is Gleb
    rasklad alias --remove Глеб                     Глеб is a person of their own again
    rasklad alias --list                            every person with their names

    Example: rasklad alias Gleb Глеб gleb_stars   (Gleb, Глеб and gleb_stars are one person, Gleb)
    """
    from pipeline import people

    notes: list[str] = []
    if person is not None or site is not None:
        # looked up before anything changes: a misspelt name or room is said, not linked silently
        with _connect(warehouse) as con:
            site, notes = _look_up_alias_names(con, warehouse, person, names, site, remove=remove, is_me=is_me)

    def say_notes() -> None:
        # once the link is written: a note that says "the link is kept" must not come before a refusal
        for note in notes:
            click.echo(note, err=True)
        notes.clear()

    def changing() -> contextlib.AbstractContextManager:
        return _cut_short_saying(_kept_by_run(warehouse, "the change is made.", "nothing was changed."), warehouse)

    made: dict[str, object] = {}    # --json: the change made, one document with the list when both are asked
    try:
        if remove:
            gone = [name for name in (person, *names) if name]
            if not gone:
                raise CommandLineProblem("Nothing to remove.", "Give the names to unlink: rasklad alias --remove NAME...")
            with changing():
                links = people.unlink(warehouse, gone, site=site, on_wait=_say_waiting, wait=not no_wait)
            # as --list counts them: a name linked to another person (a person's own name, which
            # alias links to him beside the others, is no link of its own)
            stay = sum(name != holder for (_, name), holder in links.items())
            left = f"{counted(stay, 'name')} {'stays' if stay == 1 else 'stay'}" if stay else "no name stays"
            made.update(removed=gone, site=site, names_linked=stay)
            if not as_json:
                click.echo(f"Removed the links of {', '.join(gone)}{f' in {site}' if site else ''}; {left} linked.")
        elif person is not None and (names or not is_me):
            if not names:
                raise CommandLineProblem(f"No name to link to {person}.", f"Give the names: rasklad alias {person} "
                                         "NAME..., or --me to say this person is you.")
            with changing():
                links = people.link(warehouse, person, names, site=site, on_wait=_say_waiting, wait=not no_wait)
            say_notes()
            linked = sorted((name, room or "") for (room, name), holder in links.items() if holder == person)
            made.update(person=person, names=[{"name": name, "site": room or None} for name, room in linked])
            if not as_json:     # the names as alias --list shows them
                with _connect(warehouse) as con:
                    alike = _names_alike(con, [person])
                click.echo(f"{listed_name(person, alike)}: {_accounts_listed(made['names'], alike)}")
        if is_me:
            if person is None:
                raise CommandLineProblem("Who is me?", "Give the person: rasklad alias NAME --me")
            with changing():
                people.set_me(warehouse, person, on_wait=_say_waiting, wait=not no_wait)
            say_notes()
            made.update(person=person, is_me=True)
            if not as_json:
                click.echo(f"{person} is me.")
        if list_links or (person is None and not remove):
            with _connect(warehouse) as con:
                if "people" not in _tables(con):
                    raise UsageProblem("The people of this warehouse are not built yet.",
                                       "Run `rasklad build-models` first.")
                # a game two of his names sat in is one game of his (int_person_games), not one of each name;
                # a screen name may hold ', ' and '(': JSON lists the names, each with its site
                frame = con.sql("""
                    with games as (select person, count(*) as count_games from int_person_games group by person)
                    select person,
                           list({'name': player, 'site': site} order by player, site) as names,
                           bool_or(is_me) as is_me,
                           coalesce(any_value(games.count_games), 0)::bigint as count_games,
                           sum(count_tournaments)::bigint as count_tournaments
                    from people left join games using (person)
                    group by person order by person
                """).pl()   # every person, as the help says: one of a single name too (Gleb unlinked from Глеб)
                if frame.height > 1:    # (in the order of names, not of code points: ё by е, case aside)
                    frame = frame[sorted(range(frame.height), key=lambda row: name_order(frame["person"][row]))]
                if not as_json:     # each name as the lists show it, once in order
                    import polars as pl

                    alike = _names_alike(con)
                    frame = _names_listed(frame.with_columns(frame["names"].map_elements(
                        lambda names: _accounts_listed(names, alike), return_dtype=pl.String)), alike)
            if as_json and made:
                made["people"] = frame.to_dicts()
            elif frame.is_empty() and not as_json:
                click.echo("No person yet: no stored game has a player and no name is linked "
                           "(rasklad alias PERSON NAME... links some).")
            else:
                _show(frame, as_json)
        if as_json and made:
            _echo_json(made)
    except WarehouseBusy as error:
        raise UsageProblem(error.what, error.fix) from error
    except ValueError as error:
        raise UsageProblem(str(error), "See rasklad alias --list.") from error


def _accounts_listed(accounts: Iterable[dict], alike: frozenset[str]) -> str:
    """A person's screen names as ``alias --list`` shows them, each with its room: as the lists show a
    name (:func:`rules.words.listed_name`, a twin of ``alike`` with the scripts of its letters), and two
    spellings of one name told apart (:func:`rules.words.told_apart`), not listed as twins.

    >>> print(_accounts_listed([{"name": "BOBA", "site": "PokerStars"}, {"name": "Vova", "site": None}], {"BOBA"}))
    'BOBA' (Latin letters) (PokerStars), Vova
    """
    accounts = list(accounts)
    written = [account["name"] + (f" ({account['site']})" if account["site"] else "") for account in accounts]
    return ", ".join(told if told != text else listed_name(account["name"], alike) + text[len(account["name"]):]
                     for told, text, account in zip(told_apart(written), written, accounts))


def _look_up_alias_names(con: duckdb.DuckDBPyConnection, warehouse: Path, person: str | None, names: tuple[str, ...],
                       site: str | None, *, remove: bool, is_me: bool) -> tuple[str | None, list[str]]:
    """The room as the warehouse spells it, after looking up every name ``alias`` was given, and
    the notes to say (on stderr) once the link is written, an account that moves from another
    person among them. A link
    to remove must exist (else an error naming the close ones). A name to link that no stored game
    has (in that room, with --site), a room no game was played in, or a me who is nobody yet is
    linked all the same, as a name whose games are not ingested yet may be, and said with the close
    ones, so that a misspelling is not linked silently."""
    players_stored = con.execute(f"select 1 from ({_STORED_PLAYERS}) limit 1").fetchone() is not None
    notes = []
    if site is not None:
        try:
            site = _known_site(con, site)
        except UsageProblem:
            if remove:
                raise
            notes.append(f"No stored game was played on the site {site!r}.{did_you_mean(site, _stored_sites(con))}")

    # composed, as people.aliases reads them: a link an older Rasklad stored decomposed is named so
    links = [(same_name(player), same_name(holder), room) for player, holder, room in
             con.execute("select player, person, site from aliases").fetchall()] if "aliases" in _tables(con) else []
    if remove:
        linked = {name for player, holder, room in links if site in (None, room) for name in (player, holder)}
        for name in (person, *names):
            if name and name.strip() not in linked:
                where = f" in {site}" if site else ""
                raise UsageProblem(f"{quoted_name(name)} has no link{where} to remove."
                                   f"{did_you_mean(name, linked, _names_alike(con, linked))}",
                                   "`rasklad alias --list` lists every person with their names.")
        return site, []
    players = _stored_players(con, site)
    known = set(players)
    room = f" in {site}" if site else ""
    unknown = [name for name in names if name.strip() not in known]
    alike = _names_alike(con, known) if unknown else frozenset()    # (read only for a note to word)
    notes += [f"No stored game{room} has a player {quoted_name(name)} yet.{did_you_mean(name, players, alike)}"
              for name in unknown]
    if is_me and person is not None and not names:
        persons = known | {holder for _, holder, _ in links}
        if person.strip() not in persons:
            notes.append(f"No stored game has a player {quoted_name(person)} yet, and no person is named so."
                         f"{did_you_mean(person, persons, _names_alike(con, persons))}")
    # an account another person held moves: said, lest it be taken from him unawares
    held = {(room, player): holder for player, holder, room in links}
    moves = []
    for name in dict.fromkeys(name.strip() for name in names if name.strip()):
        holder = held.get((site, name), held.get((None, name)) if site else None)
        if holder is not None and holder != person.strip():
            moves.append(f"Note: {quoted_name(name)}{f' ({site})' if site else ''} was a name of "
                         f"{quoted_name(holder)}; it is a name of {quoted_name(person.strip())} now.")
    if not notes:
        return site, moves
    return site, [*(f"Note: {note}" for note in notes),
                  "  The link is kept: it counts those names' games once they are ingested. "
                  "A misspelling? Undo it with rasklad alias --remove NAME." if players_stored else
                  "  This warehouse holds no game yet: the links count the games once they are ingested.", *moves]


@main.group("settings", invoke_without_command=True)
@warehouse_option
@json_option
@click.pass_context
def settings_group(ctx: click.Context, warehouse: Path, as_json: bool) -> None:
    """The warehouse's settings: who is me, the conversion rates you set, and the rule settings
    an ingest's --rules kept (`settings rules SETTING --remove` removes one).

    Without a subcommand, lists them.

    Example: rasklad settings rate EUR USD 1.08
    """
    if ctx.invoked_subcommand is None:
        with _connect(warehouse) as con:
            if "stg_settings" not in _tables(con):
                raise UsageProblem("The settings of this warehouse are not built yet.", "Run `rasklad build-models` first.")
            frame = con.sql("select name, value from stg_settings order by name").pl()
            if frame.is_empty() and not as_json:    # words, not an empty table's header
                click.echo("No setting kept: `rasklad settings rate FROM TO RATE` keeps a rate, and `rasklad ingest "
                           "--rules` the rule settings it is given.")
                return
            _show(frame, as_json)


@settings_group.command("rate", context_settings={"ignore_unknown_options": True})   # -1 is a rate, refused as such
@click.argument("source", metavar="FROM")
@click.argument("target", metavar="TO")
@click.argument("rate", required=False)
@click.option("--remove", is_flag=True, help="Remove the rate of FROM in TO.")
@subcommand_warehouse_option
@no_wait_option
@subcommand_json_option
def settings_rate(warehouse: Path, source: str, target: str, rate: str | None, remove: bool, no_wait: bool,
                  as_json: bool) -> None:
    """Set the rate at which the pages convert FROM into TO (1 FROM = RATE TO).

    Figures of two currencies are never added otherwise: with a rate, Player review adds them in
    TO and says the rate it used. Tournament chips and points are never converted. FROM and TO
    are currency codes of ISO 4217; RATE is a number from 0.000001 to 999999999999.999999 with at
    most 6 decimals (what the warehouse keeps exactly). A rate of the other way (TO in FROM) set
    before is kept, each way converted at its own rate; when the two disagree by more than 1%,
    the command says so.

    \b
    Example: rasklad settings rate EUR USD 1.08
             rasklad settings rate EUR USD --remove
    """
    from pipeline import people

    if rate is None and not remove:
        raise CommandLineProblem(f"No rate given for {source} in {target}.",
                                 f"Give it: rasklad settings rate {source} {target} 1.08, or --remove.")
    _require_warehouse(warehouse)
    unbuilt_before = _statistics_unbuilt(warehouse)     # (a writer builds them with its commit)
    try:
        with _cut_short_saying(_kept_by_run(warehouse, "the change is made.", "nothing was changed."), warehouse):
            reverse = people.set_rate(warehouse, source, target, None if remove else rate, on_wait=_say_waiting,
                                      wait=not no_wait)
    except WarehouseBusy as error:
        raise UsageProblem(error.what, error.fix) from error
    except UnicodeError:    # (a warehouse path the locale cannot spell: said as for every command)
        raise
    except ValueError as error:     # (a currency or a rate that is none: checked before the warehouse is read)
        raise CommandLineProblem(str(error), "Example: rasklad settings rate EUR USD 1.08") from error
    except LookupError as error:
        raise UsageProblem(f"{error.args[0]}.", "See the rates set with: rasklad settings") from None
    source, target = source.strip().upper(), target.strip().upper()
    if as_json:     # the setting as `rasklad settings --json` lists it (null: removed)
        _echo_json({"name": f"rate {source} {target}", "value": None if remove else rate.strip()})
    elif remove:
        click.echo(f"No rate of {source} in {target} any more.")
    else:
        click.echo(f"1 {source} = {rate} {target}")
    if not as_json:
        _say_statistics_built(warehouse, unbuilt_before)
    if remove:
        return
    if reverse is not None and abs(Decimal(rate) * reverse - 1) > RATES_AGREE_WITHIN:
        click.echo(f"Note: the rate of {target} in {source} set before, 1 {target} = {reverse.normalize():f} {source}, "
                   f"says 1 {source} = {1 / reverse:.6g} {target}. Both are kept: the pages convert {source} into "
                   f"{target} at {rate}, and {target} into {source} at {reverse.normalize():f}.\n"
                   f"  If they should agree: rasklad settings rate {target} {source} --remove", err=True)


@settings_group.command("rules")
@click.argument("setting")
@click.option("--remove", is_flag=True, help="Remove this rule setting kept by an ingest's --rules.")
@subcommand_warehouse_option
@no_wait_option
@subcommand_json_option
def settings_rules(warehouse: Path, setting: str, remove: bool, no_wait: bool, as_json: bool) -> None:
    """Remove a rule setting an ingest's --rules kept ('room NAME: …', 'table NAME: …', or
    'file PATH: …' for one given for the files of a run, PATH as `rasklad settings` lists it).

    The stored hands judged under it are judged again at once (as an ingest given a setting judges
    again those it reaches), and the games read from then on are judged without it. A hand its
    text cannot be read without it (a betting structure the text does not name) goes back to
    quarantine, named as `rasklad reaudit` names it, and the exit code is 1. A setting is given
    (or changed) with `rasklad ingest PATH --rules SETTING`.

    \b
    Example: rasklad settings rules "room PokerStars: limit_cap_2" --remove
    """
    from pipeline import people
    from pipeline.table_rules import RuleSetting, parse_setting

    if not remove:
        raise CommandLineProblem(f"A rule setting is given to an ingest, not here: {setting!r}.",
                                 f"Give it: rasklad ingest PATH --rules {setting!r}, or remove a kept one with --remove.")
    head, colon, option = setting.partition(":")
    kind, _, path = head.strip().partition(" ")
    try:
        if colon and kind.lower() == "file" and path.strip():
            parsed = RuleSetting("file", path.strip(), parse_setting(option).option)
        else:
            parsed = parse_setting(setting)
    except ValueError as error:
        raise _refused_value(f"{setting!r}: {error}.", "See the rule settings in docs/formats.md.",
                               "'SETTING'") from None
    if parsed.name is None:
        raise _refused_value(f"{setting!r} names no table, room or file: a setting given for the files of a run is "
                               "kept for each of them.", "Name one: 'file PATH: OPTION', PATH as `rasklad settings` "
                               "lists it.", "'SETTING'")
    _require_warehouse(warehouse)
    try:
        kept = _kept_by_run(warehouse, f"the setting is removed (`rasklad reaudit --warehouse {warehouse}` judges "
                                       "again the stored hands judged under it, if it was not done).",
                            "nothing was changed.")
        with _cut_short_saying(kept, warehouse):
            removed, resettled = people.remove_rule_setting(warehouse, parsed.key, parsed.option,
                                                            on_wait=_say_waiting, wait=not no_wait)
    except WarehouseBusy as error:
        raise UsageProblem(error.what, error.fix) from error
    except LookupError as error:
        raise UsageProblem(f"{error.args[0]}.",
                           f"See them with: rasklad settings --warehouse {_quoted(str(warehouse))}") from None
    # named as typed (the room as the games write it), not as the settings table keeps it
    texts = [RuleSetting.of_row(name, parsed.option).text for name in removed]
    # as an ingest given a setting judges again the stored hands it reaches, so does its removal
    judged = resettled.judged if resettled else 0
    sent = resettled.sent_to_quarantine if judged else []
    # a game quarantined is a problem with the data, as reaudit and ingest say it (exit codes, docs/warehouse.md)
    status = 1 if sent else 0
    if as_json:     # the games sent to quarantine as `reaudit --json` lists them
        _echo_json({"removed": texts, "judged_again": judged,
                    "findings": resettled.findings if judged else 0, "sent_to_quarantine": sent})
        sys.exit(status)
    for text in texts:
        click.echo(f"Removed the rule setting '{text}'.")
    if judged:
        quarantined = f", {len(sent):,} sent to quarantine" if sent else ""
        click.echo(f"  {counted(judged, 'stored game')} judged again without it (judged under it before): "
                   f"{counted(resettled.findings, 'finding')}{quarantined}")
    else:
        click.echo("  No stored game was judged under it.")
    click.echo("  The games read from now on are judged without it.")
    for line in _sent_to_quarantine_lines(sent, len(sent), warehouse):
        click.echo(line)
    sys.exit(status)


RATES_AGREE_WITHIN = Decimal("0.01")
"""A rate and the rate of the other way agree when their product is 1 within this (a bank's buying
and selling rates differ so); further apart, ``settings rate`` says so."""


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path, exists=False))
@warehouse_option
@click.option("--gone", "gone_only", is_flag=True,
              help="Only the files gone from disk (deleted, or moved out of the folders ingested).")
@click.option("--dry-run", is_flag=True, help="List what would leave (or come back), and change nothing.")
@click.option("--undo", is_flag=True,
              help="Bring the games of files forgotten back: read them again (they must be on disk).")
@no_wait_option
@json_option
def forget(paths: tuple[Path, ...], warehouse: Path, gone_only: bool, dry_run: bool, undo: bool, no_wait: bool,
           as_json: bool) -> None:
    """Take out the games of files read before: files, or folders (every file read under them),
    on disk or gone.

    A file deleted keeps its games (archived logs are not lost); this takes them out. Their games
    leave every statistic and the quarantine, as a file's games do when its new text drops them;
    the table superseded keeps their text. A game another file still holds stays, pointing at
    that file. A file forgotten is not read again while its bytes stay those last read; changed
    (before the forget too: it forgets what was read), it is read as any file is, and its games
    come back.

    With --gone, only the files gone from disk: `rasklad forget --gone ~/hands` takes out the games
    of the files read under ~/hands that are deleted since. With --undo, the files forgotten at
    the paths are read again, and their games come back (a file gone from disk is read once put
    back at its path). Docs: docs/warehouse.md.

    Example: rasklad forget --dry-run inbox/other-club.txt
    """
    from pipeline.ingest import models_with_commits, refresh_models
    from pipeline.warehouse import Warehouse

    _require_warehouse(warehouse)
    if undo:
        if gone_only:
            raise CommandLineProblem("--undo reads files forgotten again, and a file gone from disk cannot be read.",
                                     "Leave out --gone (put a gone file back at its path first).")
        _undo_forget(paths, warehouse, dry_run, no_wait, as_json)
        return
    try:
        with (_cut_short_saying(_kept_by_run(warehouse, "the files are forgotten.", "nothing was changed."),
                                warehouse),
              Warehouse(warehouse).open(wait=not no_wait, on_wait=_say_waiting, purpose="rasklad forget") as store):
            # (a stopped forget's commit, waiting for its statistics, is published by the open)
            finished = store.finished
            if not dry_run:
                models_with_commits(store)     # the games leave the marts in the same commit
            done = store.forget_files([str(path) for path in paths], gone_only=gone_only, dry_run=dry_run)
            if done.files and not dry_run:
                refresh_models(store)
            # a path that matched nothing: forgotten already (by a stopped forget, too), or a typo
            forgotten_before = {name: store.forgotten_files([name]) for name in done.unmatched}
    except WarehouseBusy as error:
        raise UsageProblem(error.what, error.fix) from error
    already = [name for name, found in forgotten_before.items() if found.files or found.gone]
    if as_json:
        _echo_json({**done.as_dict(), "forgotten_already": already,
                    "finished_stopped_forget": {"files": finished.forgotten,
                                                **_forget_counts(finished)},
                    "dry_run": dry_run})
    if finished.forgotten and not as_json:
        click.echo(_finished_forget_line(finished.forgotten, finished.superseded, finished.unquarantined,
                                         first="Finished first the forget stopped before"))
    if not done.files:
        if finished.forgotten:
            return
        if already:
            raise UsageProblem(_forgotten_already(already, warehouse), _forgotten_where(warehouse))
        raise UsageProblem(f"No file {'gone from disk ' if gone_only else ''}read before at "
                           f"{listed([str(path) for path in paths], 'or')} holds games: nothing to forget.",
                           "Name the files or folders as they were ingested (`rasklad query \"select distinct "
                           "source_file from files\"` lists them).")
    if as_json:
        return
    gone = f" ({len(done.gone)} gone from disk)" if done.gone and len(done.gone) < len(done.files) else (
        " (gone from disk)" if done.gone else "")
    verb, leave, stay = ("Would forget", "would leave", "would stay") if dry_run else ("Forgot", "left", "stay")
    left = done.superseded + done.unquarantined
    what = [f"{counted(done.superseded, 'game')} {leave} the statistics",
            f"{done.unquarantined:,} the quarantine" if done.unquarantined else ""]
    click.echo(f"{verb} {counted(len(done.files), 'file')}{gone}: {', '.join(filter(None, what))}"
               + ("" if dry_run else f" (the table superseded keeps {'its' if left == 1 else 'their'} text)"))
    if done.in_other_files:
        stay = "stays" if stay == "stay" and done.in_other_files == 1 else stay
        click.echo(f"  {counted(done.in_other_files, 'game')} {stay}: another file still holds "
                   f"{'it' if done.in_other_files == 1 else 'them'}")
    for name in done.files:
        click.echo(f"  {name}{' (gone)' if name in done.gone else ''}")
    if already:
        click.echo(f"  {_forgotten_already(already, warehouse)}")
    typos = [name for name in done.unmatched if name not in already]
    if typos:   # (said, not refused: the others are forgotten as asked, and `forget --undo` takes it back)
        click.echo(f"  Not forgotten: no file {'gone from disk ' if gone_only else ''}read before at "
                   f"{listed(typos, 'or')} holds games (name the files or folders as they were ingested)")
    if dry_run:
        click.echo("Run it again without --dry-run to forget them.")
        return
    # (the files stay forgotten while their bytes do: a plain ingest skips them)
    one = len(done.files) == 1
    named = " ".join(map(_quoted, done.files if len(done.files) <= GONE_NAMED else map(str, paths)))
    back = (" (put back at its path first)" if one else " (those gone put back at their paths first)") \
        if done.gone else ""
    click.echo(f"Undo: `rasklad forget --undo {named} --warehouse {_quoted(str(warehouse))}` reads "
               f"{'it' if one else 'them'} again{back}")


def _forget_counts(summary) -> dict[str, int]:
    """The games a forget's commit took out (``summary``: its ``CommitSummary``), as ``--json`` says them."""
    return {"superseded": summary.superseded, "quarantine_superseded": summary.unquarantined,
            "kept_in_other_files": summary.in_other_files}


def _finished_forget_line(files: list[str], superseded: int, unquarantined: int, first: str) -> str:
    """What the commit of a stopped ``rasklad forget`` that a writer finished took out: its
    ``files``, the games that left the statistics and the quarantine; after ``first``."""
    left = superseded + unquarantined
    what = [f"{counted(superseded, 'game')} left the statistics",
            f"{unquarantined:,} the quarantine" if unquarantined else ""]
    return (f"{first}: forgot {counted(len(files), 'file')} ({listed(files, 'and')}), "
            f"{', '.join(filter(None, what))} (the table superseded keeps {'its' if left == 1 else 'their'} text)")


def _forgotten_already(names: list[str], warehouse: Path) -> str:
    """Says the files at ``names`` were forgotten already, and how to bring them back."""
    one = len(names) == 1
    return (f"{'The file' if one else 'The files'} at {listed(names, 'and')} {'was' if one else 'were'} forgotten "
            f"already: {'its' if one else 'their'} games are out of the statistics. "
            f"`rasklad forget --undo {' '.join(map(_quoted, names))} --warehouse {_quoted(str(warehouse))}` "
            f"brings them back")


def _forgotten_where(warehouse: Path) -> str:
    return ("The table superseded keeps their text: `rasklad query \"select * from superseded\" --warehouse "
            f"{_quoted(str(warehouse))}`.")


def _undo_forget(paths: tuple[Path, ...], warehouse: Path, dry_run: bool, no_wait: bool, as_json: bool) -> None:
    """`rasklad forget --undo`: read the files forgotten at ``paths`` again (those on disk), for
    their games to come back; an ingest skips them while their bytes stay as they were forgotten."""
    from pipeline.ingest import ReaderFailed
    from pipeline.ingest import ingest as run_ingest
    from pipeline.inputs import path_from_stored
    from pipeline.warehouse import Warehouse

    try:
        with Warehouse(warehouse).open(wait=not no_wait, on_wait=_say_waiting, purpose="rasklad forget --undo") as store:
            found = store.forgotten_files([str(path) for path in paths])
    except WarehouseBusy as error:
        raise UsageProblem(error.what, error.fix) from error
    given = listed([str(path) for path in paths], "or")
    if not found.files and not found.gone:
        raise UsageProblem(f"No file read at {given} is forgotten: nothing to undo.",
                           "Name the files or folders as they were forgotten (`rasklad query \"select distinct "
                           "source_file from files\"` lists the files read).")
    if not found.files:
        raise UsageProblem(f"The {'file' if len(found.gone) == 1 else 'files'} forgotten at {given} "
                           f"{'is' if len(found.gone) == 1 else 'are'} gone from disk ({listed(found.gone, 'and')}): "
                           f"nothing to read again.",
                           "Put it back at its path, then run the same command again.")
    summary = None
    if not dry_run:
        on_stop = _kept_by_run(warehouse, "what was committed is kept; the same command run again reads the rest.",
                               "nothing was committed yet (the warehouse is as it was).")
        try:
            with _cut_short_saying(on_stop, warehouse):
                summary = run_ingest([Path(path_from_stored(name)) for name in found.files], warehouse,
                                     wait=not no_wait, on_wait=_say_waiting, read_again=True)
        except ReaderFailed as error:
            raise UsageProblem(error.what[0].upper() + error.what[1:], error.fix) from error
        except WarehouseBusy as error:
            raise UsageProblem(error.what, error.fix) from error
        found.back, found.back_quarantined = summary.restored, summary.restored_quarantined
    new = 0 if summary is None else summary.games + summary.quarantined - summary.restored
    if as_json:
        _echo_json({**found.as_dict(), "stored": new, "quarantined": summary.quarantined if summary else 0,
                    "dry_run": dry_run})
        return
    # the texts that were in quarantine go back there: counted apart from the games back in the statistics
    statistics, quarantine = found.back - found.back_quarantined, found.back_quarantined
    verb, back, also = (("Would read", "would come back to", "to") if dry_run else
                        ("Read", f"{'is' if statistics == 1 else 'are'} back in", "in"))
    kept = "" if dry_run else f" (the table superseded no longer keeps {'its' if found.back == 1 else 'their'} text)"
    click.echo(f"{verb} {counted(len(found.files), 'file')} forgotten again: {counted(statistics, 'game')} {back} "
               f"the statistics{f', {quarantine:,} {also} the quarantine' if quarantine else ''}{kept}")
    if new:     # (a file changed since it was forgotten holds other games too)
        click.echo(f"  {counted(new, 'other game')} stored from {'its' if len(found.files) == 1 else 'their'} "
                   f"text now")
    for name in found.files:
        click.echo(f"  {name}")
    for name in found.gone:
        click.echo(f"  {name} (gone from disk: put it back at its path, then run this again)")
    if dry_run:
        click.echo("Run it again without --dry-run to bring them back.")
        return
    if summary.quarantined:
        click.echo(f"  {summary.quarantined:,} quarantined: see them with `rasklad quarantine --warehouse "
                   f"{_quoted(str(warehouse))}`")
    for path, reason in summary.unreadable:     # (removed or locked since it was listed)
        click.echo(f"  could not read {path}: {reason}")


@main.command("build-models")
@warehouse_option
@no_wait_option
@click.option("--full", is_flag=True, help="Rebuild every model from the whole history, not only what changed.")
@click.option("--quiet", "-q", is_flag=True, help="No progress lines, and nothing when it went well.")
def build_models(warehouse: Path, no_wait: bool, full: bool, quiet: bool) -> None:
    """Bring the statistics of a warehouse (its SQL models) up to date; ingest does it by itself.

    The statistics tables (the marts) are updated for the games stored since they were built;
    a changed sql/ folder, a re-audit or a changed alias rebuilds the models it reaches, and
    --full rebuilds every model.

    A build that takes seconds says on stderr every few seconds how far it is, as ingest does
    (not with --quiet).

    Example: rasklad build-models --full --warehouse data/warehouse
    """
    from pipeline import models
    from pipeline.warehouse import Warehouse

    _require_warehouse(warehouse)
    # the same lines as an ingest's build: a full build over a large history takes a minute and more
    progress = _Progress(enabled=not quiet)
    try:
        with (_cut_short_saying("the models readers see are as they were, and the same command run again "
                                "brings them up to date.", warehouse),
              Warehouse(warehouse).open(wait=not no_wait, on_wait=_say_waiting, purpose="rasklad build-models") as store):
            _say_settings_carried(store, err=quiet)
            updated = None if full else models.update(store, on_model=progress.model)
            if updated is None:
                built = models.build(store, on_model=progress.model)
    except WarehouseBusy as error:
        raise UsageProblem(error.what, error.fix) from error
    except models.ModelError as error:
        if error.interrupted:   # stopped by the user, as any command is
            raise KeyboardInterrupt from error
        raise UsageProblem(f"The statistics were not built: {error}",
                           "The games stored are kept; the statistics stay as they were (report the reason "
                           "above: a model of this copy of Rasklad cannot compute them).") from error
    if quiet:
        return
    # an update brings the tables up to date, and the views read them: both counts name both kinds
    views = sum(model.materialized == "view" for model in models.models())
    if updated is None:
        click.echo(f"{counted(len(built), 'model')} built: {counted(len(built) - views, 'table')} and "
                   f"{counted(views, 'view')}")
    else:
        tables = len(updated.incremental) + len(updated.rebuilt) + len(updated.unchanged)
        click.echo(f"{counted(tables + views, 'model')} up to date: of the {counted(tables, 'table')}, "
                   f"{len(updated.incremental):,} updated, {len(updated.rebuilt):,} rebuilt and "
                   f"{len(updated.unchanged):,} unchanged; the {counted(views, 'view')} read them as they stand")
    older = _older_rules_of(warehouse)
    older_line = older and _older_rules_line(older, warehouse)
    if older_line:
        click.echo(older_line)


@main.command()
@warehouse_option
@click.option("--game", "-g", "game_id",
              help="Only this game (its ID, the start of it, or its name or hand number in its log), whatever "
                   "its version.")
@click.option("--since", metavar="VERSION",
              help="Only games judged by this rules version or a later one: a code of 12 letters and digits, "
                   "as `rasklad query \"select distinct rules_version from games\"` lists them.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Processes that read the kept texts (default: all cores).")
@no_wait_option
@json_option
def reaudit(warehouse: Path, game_id: str | None, since: str | None, jobs: int | None, no_wait: bool,
            as_json: bool) -> None:
    """Judge stored games again with these rules and parsers, from the texts the warehouse keeps.

    Each game records the rules version that judged it, and a Hold'em hand the rule options
    (ingest --rules) it was judged under; this re-reads every game judged by another version,
    or under other options than the settings give it now (or only --game, or those judged
    --since a version), replaces its rows and findings in one commit, and rebuilds the models.
    Until then, a stored finding keeps the words of the version that found it.
    The log files are not needed.

    Example: rasklad reaudit --warehouse data/warehouse
    """
    from pipeline.ingest import models_with_commits, refresh_models
    from pipeline.reaudit import UnknownVersion
    from pipeline.reaudit import reaudit as run_reaudit
    from pipeline.warehouse import Warehouse

    _require_warehouse(warehouse)
    if game_id is not None:
        with _connect(warehouse) as con:
            game_id = _known_game_id(con, game_id, warehouse)      # the start of an ID, or its name in its log, as `show` takes
    unbuilt_before = _statistics_unbuilt(warehouse)     # (its commit builds them)
    try:
        with (_cut_short_saying(_kept_by_run(
                  warehouse, "what it judged is kept, and the same command run again goes on from there.",
                  "nothing was committed (a re-audit commits the games it judged at its end): they are as they "
                  "were, and the same command run again judges them."), warehouse),
              Warehouse(warehouse).open(wait=not no_wait, on_wait=_say_waiting, purpose="rasklad reaudit") as store):
            models_with_commits(store)     # the re-judged rows land with their marts
            _say_settings_carried(store, err=as_json, judged=True)     # before the hands are judged
            summary = run_reaudit(store, game=game_id, since=since, jobs=jobs or os.cpu_count() or 1)
            refresh_models(store)
    except WarehouseBusy as error:
        raise UsageProblem(error.what, error.fix) from error
    except UnknownVersion as error:
        raise UsageProblem(f"{error}.", "Run `rasklad reaudit` without --since to judge every older game, or name one "
                                        "it knows (its first characters are enough).") from error
    # a game quarantined is a problem with the data, as ingest says it (exit codes, docs/warehouse.md)
    status = 1 if summary.quarantined else 0
    if as_json:
        _echo_json(summary.as_dict())
        sys.exit(status)
    resettled = (f" ({summary.resettled} of them judged under other options than the rule settings give them now)"
                 if summary.resettled else "")
    # a game the statistics held before and the quarantine holds now is named, with its reason
    sent = summary.sent_to_quarantine
    stayed = summary.quarantined - len(sent)
    which = ", ".join(filter(None, [f"{len(sent):,} of them stored before" if sent else "",
                                    f"{stayed:,} in quarantine before" if sent and stayed else ""]))
    click.echo(f"{counted(summary.judged, 'game')} judged again by rules version {RULES_VERSION}{resettled}: "
               f"{summary.games:,} stored, {summary.quarantined:,} quarantined{f' ({which})' if which else ''}, "
               f"{counted(summary.findings, 'finding')} in {summary.seconds:.2f} s")
    _say_statistics_built(warehouse, unbuilt_before)
    for line in _sent_to_quarantine_lines(sent, summary.quarantined, warehouse):
        click.echo(line)
    if summary.without_text:
        files = sorted(summary.files_without_text)
        named = ", ".join(files[:5]) + (f" and {len(files) - 5} more" if len(files) > 5 else "")
        was, them = ("was", "it") if summary.without_text == 1 else ("were", "them")
        click.echo(f"  {counted(summary.without_text, 'game')} {was} not judged again: an older Rasklad stored "
                   f"{them} without the text. To judge {them} by these rules, "
                   f"ingest the files ({named}) into a new warehouse: `rasklad ingest FILES --warehouse NEW_FOLDER`")
    if summary.without_context:
        files = sorted(summary.files_without_context)
        named = ", ".join(files[:5]) + (f" and {len(files) - 5} more" if len(files) > 5 else "")
        was, them = ("was", "it") if summary.without_context == 1 else ("were", "them")
        click.echo(f"  {counted(summary.without_context, 'game')} of XML documents {was} not judged again: an older "
                   f"Rasklad kept {them} without the document's head, and the files ({named}) are gone or changed "
                   f"since they were read. Put the files back as they were and run `rasklad reaudit` again, or "
                   f"ingest the files into a new warehouse: `rasklad ingest FILES --warehouse NEW_FOLDER`")
    sys.exit(status)


SENT_SHOWN = 10
"""The games a re-audit sent to quarantine that its summary names (the quarantine lists them all)."""


def _sent_to_quarantine_lines(sent: list[dict], quarantined: int, warehouse: Path) -> list[str]:
    """What a re-audit (``rasklad reaudit``, or that of a rule setting removed) says of the stored
    games it sent to quarantine (``sent``: ``ReauditSummary.sent_to_quarantine``), each with its
    place and reason, and where to see the ``quarantined`` games (those and the ones judged again
    there)."""
    lines = []
    for game in sent[:SENT_SHOWN]:
        where = ":".join(str(part) for part in (game["source_file"], game["line"], game["column"]) if part is not None)
        lines.append(f"  sent to quarantine: {where} (game {game['game_id']}): {game['reason']}")
    if len(sent) > SENT_SHOWN:
        lines.append(f"  and {len(sent) - SENT_SHOWN:,} more sent to quarantine")
    if sent:
        left = "it counts" if len(sent) == 1 else "they count"
        lines.append(f"  {counted(len(sent), 'game')} stored before {'is' if len(sent) == 1 else 'are'} quarantined "
                     f"now: {left} in no statistics any more")
    if quarantined:
        lines.append(f"See them with: rasklad quarantine --warehouse {warehouse}")
    return lines


@main.command()
@click.option("--format", "fmt", type=click.Choice(["phh", "ohh"]), required=True,
              help="PHH (the Poker Hand History TOML standard) or OHH (Open Hand History JSON).")
@click.option("--game", "game_id", help="Only the hand of this game (its ID, the start of it, or its hand number).")
@click.option("--player", "-p", callback=_typed_names, help="Only the hands this player played.")
@click.option("--out", "-o", type=click.Path(file_okay=False, path_type=Path), default=Path("export"),
              show_default=True, help="The folder the files go to (one file per hand, named by game ID).")
@click.option("--quiet", "-q", is_flag=True, help="No progress on stderr (a bar, or a line every few seconds).")
@warehouse_option
@json_option
def export(fmt: str, game_id: str | None, player: str | None, out: Path, quiet: bool, warehouse: Path,
           as_json: bool) -> None:
    """Write stored Hold'em hands of any room as PHH or OHH files, one file per hand.

    A PHH file states the finishing stacks (starting stack plus the stored net) and the
    winnings, so that pokerkit or another reader can replay the hand and check them. The
    hands are read a few thousand at a time, so that a whole history fits in memory. The
    hands not written are counted by reason (--json gives each one's game ID).

    Example: rasklad export --format phh --player Anna --out anna-phh
    """
    from pipeline.export import ExportSummary
    from pipeline.export import export as run_export

    progress = _Progress(enabled=not quiet and not as_json)
    summary = ExportSummary()
    click.get_current_context().meta[KEPT_WHEN_STOPPED] = lambda: _export_stopped(summary, progress.total, out)
    with _connect(warehouse) as con:
        if player is not None:
            _known_player(con, player)
        if game_id is not None:
            game_id = _known_game_id(con, game_id, warehouse)      # the start of an ID, or its name in its log, as `show` takes
        try:
            run_export(con, fmt, out, game_id=game_id, player=player, on_start=progress.start_hands,
                       on_hand=progress.hand, summary=summary)
        except (KeyboardInterrupt, Exception) as error:
            progress.close()
            if STOPPED_BY or isinstance(error, KeyboardInterrupt):
                # it says what it wrote (each file whole), not click's bare "Aborted!"
                _exit_stopped(_export_stopped(summary, progress.total, out))
            if isinstance(error, OSError):
                raise UsageProblem(f"Cannot write the hands to {str(out)!r}: {error.strerror} ({error.filename}).",
                                   "Name a folder you may write with --out.") from None
            raise
        finally:
            progress.close()
    if not summary.written and not summary.skipped:
        what = (f"Game {game_id} is not a Hold'em hand of {player!r}." if game_id and player
                else f"Game {game_id} is not a Hold'em hand." if game_id
                else f"No stored Hold'em hand has a player {player!r}." if player
                else "The warehouse holds no Hold'em hand.")
        raise UsageProblem(what, "Only Hold'em hands are exported; `rasklad show GAME_ID` tells a game's kind and "
                                 "players.")
    if as_json:
        _echo_json({"written": [str(p) for p in summary.written], "skipped": summary.skipped,
                    "disputed": summary.disputed})
    else:
        click.echo(f"{counted(len(summary.written), 'hand')} written to {out} as {fmt.upper()}")
        for line in _export_notes(summary):
            click.echo(line)
    if not summary.written:     # a script must not take an empty folder for the export
        click.echo(f"Error: no hand could be written as {fmt.upper()} (the reason is given for each).", err=True)
        sys.exit(1)


def _export_stopped(summary, total: int, out: Path) -> str:
    """What an export stopped before its end wrote, and what it did not."""
    written = len(summary.written)
    if not written and not total:   # (stopped before it counted the hands: reading the warehouse)
        return STOPPED_BEFORE_WRITING["export"]
    return (f"{written:,} of {counted(total, 'hand')} written to {out}, each file whole; the other "
            f"{total - written:,} not (the same export run again writes them all).")


EXPORT_REASONS_SHOWN = 10
"""The reasons an export's summary gives for the hands it did not write, most hands first (as
ingest's for its quarantine); --json gives every hand's."""
EXPORT_GAMES_SHOWN = 3
"""The game IDs a reason of several hands names, the first played, for `rasklad show` (--json gives them all)."""


def _export_notes(summary) -> list[str]:
    """The lines under an export's count: the disputed hands it wrote, and the hands it did not
    write by reason, most first, a reason of one hand with its game ID, of several with the first
    few; one line per hand would bury a history's few odd reasons under thousands of one (a whole
    history's pot-limit hands, or OHH's hands whose log's amounts disagree, each with its amounts)."""
    lines = []
    if len(summary.disputed) == 1:
        lines.append(f"  written {summary.disputed[0]} as its log states it, though it breaks a rule (rasklad audit "
                     "lists it): its pot, rake and wins are the log's, and they balance")
    elif summary.disputed:
        lines.append(f"  written {len(summary.disputed):,} hands as their logs state them, though they break a rule "
                     "(rasklad audit lists them): their pots, rakes and wins are the logs', and they balance")
    # counted by kind: a reason that names its player is one reason, whoever posts out of turn
    by_reason: dict[str, list[str]] = {}
    for gid, why in summary.skipped.items():
        by_reason.setdefault(summary.skipped_kinds.get(gid, why), []).append(gid)
    ranked = sorted(by_reason.items(), key=lambda item: -len(item[1]))     # (stable: ties in the order played)
    for why, games in ranked[:EXPORT_REASONS_SHOWN]:
        named = ", ".join(games[:EXPORT_GAMES_SHOWN]) + (" …" if len(games) > EXPORT_GAMES_SHOWN else "")
        lines.append(f"  not written {games[0]}: {summary.skipped[games[0]]}" if len(games) == 1
                     else f"  not written {len(games):>6,} × {why} (games {named})")
    rest = ranked[EXPORT_REASONS_SHOWN:]
    if rest:
        hands = sum(len(games) for _, games in rest)
        lines.append(f"  not written {hands:>6,} × {counted(len(rest), 'other reason')}")
    if any(len(games) > 1 for _, games in ranked) or rest or len(summary.disputed) > 1:
        lines.append("  --json gives each hand's game ID and whole reason")
    return lines


@main.command("house-edge")
@warehouse_option
@click.option("--rules", "rules_text", default="default", show_default=True,
              help="The six-card house rules, as a session's Rules: line writes them (pay flush 6, bet 3 antes …).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: all cores).")
@click.option("--spark", "spark_master", metavar="MASTER",
              help="Run the chunks as Spark tasks on this master (local[4], spark://host:7077); needs the Spark "
                   "extra: pip install '.[spark]' in Rasklad's source folder.")
@click.option("--max-chunks", type=click.IntRange(min=1), default=None,
              help="Stop after this many more chunks (a partial run: the next run continues it).")
@click.option("--quiet", "-q", is_flag=True, help="No progress lines.")
@json_option
def house_edge(warehouse: Path, rules_text: str, jobs: int | None, spark_master: str | None, max_chunks: int | None,
               quiet: bool, as_json: bool) -> None:
    """Compute the six-card house edge of perfect play, exactly, over every deal.

    Every deal of one box (five cards and the dealer's up card, 122,151,120 of them) is valued
    by the exact EV of its best first decision; deals alike up to the suits are valued once and
    weighed. Progress is checkpointed beside the warehouse: a killed run started again continues.
    The finished figure is stored in the table sixcard_house_edge with its ruleset, and the
    statistics read it from there.

    Example: rasklad house-edge --jobs 8 --rules "pay flush 6"
    """
    from pipeline.house_edge import house_edge as run_house_edge
    from rules.sixcard import SixcardRules

    try:
        rules = SixcardRules.parse(rules_text)
    except ValueError as error:
        raise _refused_value(str(error), "Write the settings as a session's Rules: line does, separated by commas.") from None
    _require_warehouse(warehouse)
    say = (lambda line: None) if quiet or as_json else (lambda line: click.echo(line, err=True))
    try:
        with _cut_short_saying("the chunks done are checkpointed beside the warehouse, and the same command "
                               "run again continues from them.", warehouse):
            progress, result = run_house_edge(warehouse, rules, jobs=jobs or os.cpu_count() or 1,
                                              spark=spark_master, max_chunks=max_chunks, say=say)
    except (RuntimeError, ValueError) as error:
        raise UsageProblem(str(error), "Wait for the other run, or move its state file away.") from None
    if as_json:
        _echo_json({"ruleset": progress.ruleset, "finished": result is not None,
                    "chunks_done": len(progress.done), "chunks": progress.chunks,
                    "house_edge": result.house_edge if result else None,
                    "edge_so_far": progress.shown_edge, "edge_margin": progress.running_margin,
                    "edge_so_far_withheld": progress.edge_withheld,
                    "cpu_seconds": progress.cpu_seconds})
    elif result is None:
        click.echo(f"{len(progress.done):,} of {progress.chunks:,} chunks done; run again to continue "
                   f"({progress.edge_so_far()}; not yet the figure)")
    else:
        click.echo(f"house edge of perfect play ({result.ruleset}): {result.house_edge:.9%} of the ante, over "
                   f"{result.count_deals:,} deals ({result.count_canonical_deals:,} up to the suits), "
                   f"{progress.cpu_seconds / 3600:,.2f} CPU-hours; stored in sixcard_house_edge")


_PROGRAM_RUNNING = False
"""Whether :func:`run` runs the command, in a process that ends with it (tests and the dashboards
call :func:`main` and ``ingest`` in processes of their own, which go on afterwards)."""


def run() -> None:
    """The ``rasklad`` program: :func:`main` in a process of its own (the installed script and
    ``python -m pipeline.cli``; tests call :func:`main` in theirs)."""
    global _PROGRAM_RUNNING
    _PROGRAM_RUNNING = True
    for stopping in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stopping, _stop)
    sys.unraisablehook = _stop_never_lost
    try:
        _send_sigterm_on()
        main()
    except KeyboardInterrupt:   # (before the command line is read)
        _exit_stopped(NOTHING_CHANGED)
    finally:
        objects_left_at_exit()  # the process ends here


if __name__ == "__main__":
    run()
