"""player_stats_holdem against six hands worked out by hand.

The hands below are PokerStars text, three-handed (button, small blind, big blind), $0.50/$1
No Limit, players Anna (seat 1), Boris (seat 2) and Vera (seat 3). Every column of the mart
is asserted for every player with the value computed by hand (the tallies are in the
comments of each hand and of the rows ``assert_mart`` writes out).

The same expectations are checked two ways:

* ``test_stats_from_the_ingest``: the text goes through the real ingest (parser, replay,
  fact tables, Parquet, SQL).
* ``test_stats_from_fact_rows``: the facts are written straight into a warehouse as Parquet
  rows by a small reader in this file (following the column comments of
  ``pipeline/facts/holdem.py``), so the SQL is tested with real DuckDB and real Parquet
  whatever state the parser is in.
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

from pipeline import models
from pipeline.tables import TableRows
from pipeline.warehouse import Warehouse, connect
from pipeline.worker import FileResult
from tests.warehouse_rows import written_by_hand
from tests.worked_marts import assert_worked

HEAD = """PokerStars Hand #{n}:  Hold'em No Limit ($0.50/$1 USD) - 2024/03/0{n} 20:00:00 ET
Table 'Vesta' 3-max Seat #{button} is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Seat 3: Vera ($100 in chips)
"""

HANDS = [
    # 1. Anna (BTN) opens, Boris (SB) 3-bets, Vera (BB) and Anna fold.
    #    Anna: steal chance + steal, VPIP, PFR, faced a 3-bet after opening and folded.
    #    Boris: faced the open raise (3-bet chance) and 3-bet; VPIP, PFR.
    #    Vera: faced a 3-bet, not an open raise: no 3-bet chance; VPIP chance, no VPIP.
    #    Nets: Anna -3, Boris +4, Vera -1.
    HEAD.format(n=1, button=1) + """Boris: posts small blind $0.50
Vera: posts big blind $1
*** HOLE CARDS ***
Anna: raises $2 to $3
Boris: raises $6 to $9
Vera: folds
Anna: folds
Uncalled bet ($6) returned to Boris
Boris collected $7 from pot
Boris: doesn't show hand
*** SUMMARY ***
Total pot $7 | Rake $0
Seat 1: Anna (button) folded before Flop
Seat 2: Boris (small blind) collected ($7)
Seat 3: Vera (big blind) folded before Flop""",
    # 2. Boris (BTN) limps, Vera (SB) raises, Anna (BB) and Boris call. Vera c-bets, Anna
    #    raises, Boris folds, Vera calls; Anna bets the turn, Vera calls; showdown, Anna wins.
    #    Anna: 3-bet chance (faced the raise), no 3-bet; VPIP; faced the c-bet, raised
    #    (fold-to-c-bet chance, no fold); postflop raise + bet; saw flop, showdown, won.
    #    Boris: steal chance (folded to him), limped: no steal; VPIP; 3-bet chance, called;
    #    flop: faced a raise of the c-bet, not the c-bet; one postflop fold.
    #    Vera: raise after a limp (not a steal chance: Boris had entered), VPIP, PFR; c-bet
    #    chance + c-bet; postflop bet, two calls; showdown lost.
    #    Pot 88, rake 3: Anna +43 (in 42, out 85), Vera -42, Boris -4.
    HEAD.format(n=2, button=2) + """Vera: posts small blind $0.50
Anna: posts big blind $1
*** HOLE CARDS ***
Boris: calls $1
Vera: raises $3 to $4
Anna: calls $3
Boris: calls $3
*** FLOP *** [Ac 7d 2s]
Vera: bets $6
Anna: raises $12 to $18
Boris: folds
Vera: calls $12
*** TURN *** [Ac 7d 2s] [9h]
Vera: checks
Anna: bets $20
Vera: calls $20
*** RIVER *** [Ac 7d 2s 9h] [3c]
Vera: checks
Anna: checks
*** SHOW DOWN ***
Vera: shows [Qs Qc] (a pair of Queens)
Anna: shows [Ah Kd] (a pair of Aces)
Anna collected $85 from pot
*** SUMMARY ***
Total pot $88 | Rake $3
Board [Ac 7d 2s 9h 3c]
Seat 1: Anna (big blind) showed [Ah Kd] and won ($85) with a pair of Aces
Seat 2: Boris (button) folded on the Flop
Seat 3: Vera (small blind) showed [Qs Qc] and lost with a pair of Queens""",
    # 3. Vera (BTN) opens, Anna (SB) folds, Boris (BB) calls; Boris checks, Vera c-bets,
    #    Boris folds.
    #    Vera: steal chance + steal; VPIP, PFR; c-bet chance + c-bet; won when she saw the flop.
    #    Anna: 3-bet chance, folded (no steal chance: Vera had raised).
    #    Boris: 3-bet chance, called (VPIP); checked first (no c-bet of his), then faced the
    #    c-bet and folded. Pot 6.50, rake 0.32: Vera +3.18, Anna -0.50, Boris -3.
    HEAD.format(n=3, button=3) + """Anna: posts small blind $0.50
Boris: posts big blind $1
*** HOLE CARDS ***
Vera: raises $2 to $3
Anna: folds
Boris: calls $2
*** FLOP *** [Kc 8d 3h]
Boris: checks
Vera: bets $4
Boris: folds
Uncalled bet ($4) returned to Vera
Vera collected $6.18 from pot
*** SUMMARY ***
Total pot $6.50 | Rake $0.32
Board [Kc 8d 3h]
Seat 1: Anna (small blind) folded before Flop
Seat 2: Boris (big blind) folded on the Flop
Seat 3: Vera (button) collected ($6.18)""",
    # 4. A walk: Anna (BTN) and Boris (SB) fold to Vera (BB).
    #    Anna and Boris: steal chances, no steal; VPIP chances. Vera: no decision, no VPIP
    #    chance (walks do not count). Nets: Anna 0, Boris -0.50, Vera +0.50.
    HEAD.format(n=4, button=1) + """Boris: posts small blind $0.50
Vera: posts big blind $1
*** HOLE CARDS ***
Anna: folds
Boris: folds
Uncalled bet ($0.50) returned to Vera
Vera collected $1 from pot
Vera: doesn't show hand
*** SUMMARY ***
Total pot $1 | Rake $0
Seat 1: Anna (button) folded before Flop (didn't bet)
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) collected ($1)""",
    # 5. Boris (BTN) opens, Vera (SB) calls, Anna (BB) 3-bets, Boris calls, Vera folds. Anna
    #    c-bets, Boris calls; Anna checks the turn, Boris bets, Anna folds.
    #    Boris: steal chance + steal; VPIP, PFR; faced the 3-bet after opening, called; faced
    #    the c-bet, called; postflop call + bet; won when he saw the flop.
    #    Vera: 3-bet chance, called (VPIP); then faced the 3-bet without having opened.
    #    Anna: 3-bet chance + 3-bet; VPIP, PFR; c-bet chance + c-bet; postflop bet + fold.
    #    Pot 43, rake 2.15: Boris +20.85 (in 20, out 40.85), Anna -20, Vera -3.
    HEAD.format(n=5, button=2) + """Vera: posts small blind $0.50
Anna: posts big blind $1
*** HOLE CARDS ***
Boris: raises $2 to $3
Vera: calls $2.50
Anna: raises $7 to $10
Boris: calls $7
Vera: folds
*** FLOP *** [Ks 8h 4c]
Anna: bets $10
Boris: calls $10
*** TURN *** [Ks 8h 4c] [2d]
Anna: checks
Boris: bets $30
Anna: folds
Uncalled bet ($30) returned to Boris
Boris collected $40.85 from pot
*** SUMMARY ***
Total pot $43 | Rake $2.15
Board [Ks 8h 4c 2d]
Seat 1: Anna (big blind) folded on the Turn
Seat 2: Boris (button) collected ($40.85)
Seat 3: Vera (small blind) folded before Flop""",
    # 6. Vera (BTN) limps, Anna (SB) completes, Boris (BB) checks. Anna checks, Boris bets,
    #    Vera calls, Anna folds; checked down; both play the board: split pot.
    #    Vera: steal chance, limped; VPIP; postflop call; showdown, won. Anna: VPIP (the
    #    completion), no steal chance (Vera had entered); postflop fold. Boris: no VPIP (the
    #    check); nobody raised preflop, so no c-bet chance for anyone; postflop bet; won.
    #    Pot 7, rake 0.35, 6.65 split: the odd cent to Boris, first left of the button.
    #    Boris +0.33 (in 3, out 3.33), Vera +0.32, Anna -1.
    HEAD.format(n=6, button=3) + """Anna: posts small blind $0.50
Boris: posts big blind $1
*** HOLE CARDS ***
Vera: calls $1
Anna: calls $0.50
Boris: checks
*** FLOP *** [As Ks Qd]
Anna: checks
Boris: bets $2
Vera: calls $2
Anna: folds
*** TURN *** [As Ks Qd] [Jc]
Boris: checks
Vera: checks
*** RIVER *** [As Ks Qd Jc] [Tc]
Boris: checks
Vera: checks
*** SHOW DOWN ***
Boris: shows [3h 4h] (a straight, Ten to Ace)
Vera: shows [5d 6d] (a straight, Ten to Ace)
Boris collected $3.33 from pot
Vera collected $3.32 from pot
*** SUMMARY ***
Total pot $7 | Rake $0.35
Board [As Ks Qd Jc Tc]
Seat 1: Anna (small blind) folded on the Flop
Seat 2: Boris (big blind) showed [3h 4h] and won ($3.33) with a straight, Ten to Ace
Seat 3: Vera (button) showed [5d 6d] and won ($3.32) with a straight, Ten to Ace""",
]

D = Decimal


def assert_mart(duckdb_path: Path) -> None:
    """Every column of player_stats_holdem, for each player, tallied by hand over the six hands
    (hand numbers in brackets); each rate is its count over its chances, as the tallies say."""
    with connect(duckdb_path.parent) as con:
        assert_worked(con, "player_stats_holdem", [
            # a screen name is keyed by its room; nobody is linked, so each is his own person
            {"player": "Anna", "site": "PokerStars", "person": "Anna", "game": "holdem",
             "is_tournament": False, "currency": "USD", "stakes": "$0.50/$1 USD", "betting": "no_limit",
             "count_hands": 6, "count_bb_hands": 6,               # every hand at 0.50/1
             "net_won": Decimal("18.50"),                         # -3 +43 -0.50 +0 -20 -1
             "bb_per_100": Decimal("308.33"),                     # 18.5 big blinds over 6 hands
             "count_vpip_opportunities": 6, "count_vpip": 4, "vpip": 66.666666666667,       # [1, 2, 5, 6]
             "count_pfr_opportunities": 6, "count_pfr": 2, "pfr": 33.333333333333,          # [1, 5]
             "count_three_bet_opportunities": 3, "count_three_bet": 1,                      # [2, 3, 5]; [5]
             "three_bet": 33.333333333333,
             "count_fold_to_three_bet_opportunities": 1, "count_fold_to_three_bet": 1,      # [1]
             "fold_to_three_bet": 100.0,
             # bets and raises [2] flop raise, turn bet, [5] c-bet; folds [5] turn, [6] flop; no call
             "count_postflop_bets_raises": 3, "count_postflop_calls": 0, "count_postflop_folds": 2,
             "af": None, "count_afq_opportunities": 5, "afq": 60.0,                         # 3 / (3 + 0 + 2)
             "count_saw_flop": 3, "count_wtsd_opportunities": 3,                            # flops [2, 5, 6]
             "count_went_to_showdown": 1, "wtsd": 33.333333333333,                          # [2]
             "count_wsd_opportunities": 1, "count_won_at_showdown": 1, "wsd": 100.0,        # [2] won
             "count_wwsf_opportunities": 3, "count_won_when_saw_flop": 1, "wwsf": 33.333333333333,   # [2]
             "count_cbet_flop_opportunities": 1, "count_cbet_flop": 1, "cbet_flop": 100.0,  # [5]
             "count_fold_to_cbet_flop_opportunities": 1, "count_fold_to_cbet_flop": 0,      # [2] raised
             "fold_to_cbet_flop": 0.0,
             "count_steal_opportunities": 2, "count_steal_attempt": 1, "steal_attempt": 50.0,   # [1, 4]; [1]
             "net_showdown": Decimal("43.00"),                    # [2]
             "net_non_showdown": Decimal("-24.50"),               # 18.50 - 43
             "allin_ev_net": Decimal("18.50")},                   # no all-in: the net
            {"player": "Boris", "site": "PokerStars", "person": "Boris", "game": "holdem",
             "is_tournament": False, "currency": "USD", "stakes": "$0.50/$1 USD", "betting": "no_limit",
             "count_hands": 6, "count_bb_hands": 6,
             "net_won": Decimal("17.68"),                         # +4 -4 -3 -0.50 +20.85 +0.33
             "bb_per_100": Decimal("294.67"),                     # 17.68 big blinds over 6 hands
             "count_vpip_opportunities": 6, "count_vpip": 4, "vpip": 66.666666666667,       # [1, 2, 3, 5]
             "count_pfr_opportunities": 6, "count_pfr": 2, "pfr": 33.333333333333,          # [1, 5]
             "count_three_bet_opportunities": 3, "count_three_bet": 1,                      # [1, 2, 3]; [1]
             "three_bet": 33.333333333333,
             "count_fold_to_three_bet_opportunities": 1, "count_fold_to_three_bet": 0,      # [5] called
             "fold_to_three_bet": 0.0,
             # bets [5] turn, [6] flop; call [5] flop; folds [2] flop, [3] flop
             "count_postflop_bets_raises": 2, "count_postflop_calls": 1, "count_postflop_folds": 2,
             "af": 2.0, "count_afq_opportunities": 5, "afq": 40.0,                          # 2 / 1; 2 / 5
             "count_saw_flop": 4, "count_wtsd_opportunities": 4,                            # [2, 3, 5, 6]
             "count_went_to_showdown": 1, "wtsd": 25.0,                                     # [6]
             "count_wsd_opportunities": 1, "count_won_at_showdown": 1, "wsd": 100.0,        # [6] split
             "count_wwsf_opportunities": 4, "count_won_when_saw_flop": 2, "wwsf": 50.0,     # [5, 6]
             "count_cbet_flop_opportunities": 0, "count_cbet_flop": 0, "cbet_flop": None,
             "count_fold_to_cbet_flop_opportunities": 2, "count_fold_to_cbet_flop": 1,      # [3, 5]; [3]
             "fold_to_cbet_flop": 50.0,
             "count_steal_opportunities": 3, "count_steal_attempt": 1,                      # [2, 4, 5]; [5]
             "steal_attempt": 33.333333333333,
             "net_showdown": Decimal("0.33"),                     # [6]
             "net_non_showdown": Decimal("17.35"),                # 17.68 - 0.33
             "allin_ev_net": Decimal("17.68")},
            {"player": "Vera", "site": "PokerStars", "person": "Vera", "game": "holdem",
             "is_tournament": False, "currency": "USD", "stakes": "$0.50/$1 USD", "betting": "no_limit",
             "count_hands": 6, "count_bb_hands": 6,
             "net_won": Decimal("-42.00"),                        # -1 -42 +3.18 +0.50 -3 +0.32
             "bb_per_100": Decimal("-700.00"),                    # -42 big blinds over 6 hands
             # the walk [4] gave her no decision: 5 chances
             "count_vpip_opportunities": 5, "count_vpip": 4, "vpip": 80.0,                  # [2, 3, 5, 6]
             "count_pfr_opportunities": 5, "count_pfr": 2, "pfr": 40.0,                     # [2, 3]
             "count_three_bet_opportunities": 1, "count_three_bet": 0, "three_bet": 0.0,    # [5]
             "count_fold_to_three_bet_opportunities": 0, "count_fold_to_three_bet": 0,
             "fold_to_three_bet": None,
             # bets [2] flop c-bet, [3] flop c-bet; calls [2] flop and turn, [6] flop; no fold
             "count_postflop_bets_raises": 2, "count_postflop_calls": 3, "count_postflop_folds": 0,
             "af": 0.666666666667, "count_afq_opportunities": 5, "afq": 40.0,               # 2 / 3; 2 / 5
             "count_saw_flop": 3, "count_wtsd_opportunities": 3,                            # [2, 3, 6]
             "count_went_to_showdown": 2, "wtsd": 66.666666666667,                          # [2, 6]
             "count_wsd_opportunities": 2, "count_won_at_showdown": 1, "wsd": 50.0,         # [6]
             "count_wwsf_opportunities": 3, "count_won_when_saw_flop": 2, "wwsf": 66.666666666667,   # [3, 6]
             "count_cbet_flop_opportunities": 2, "count_cbet_flop": 2, "cbet_flop": 100.0,  # [2, 3]
             "count_fold_to_cbet_flop_opportunities": 0, "count_fold_to_cbet_flop": 0,
             "fold_to_cbet_flop": None,
             "count_steal_opportunities": 2, "count_steal_attempt": 1, "steal_attempt": 50.0,   # [3, 6]; [3]
             "net_showdown": Decimal("-41.68"),                   # -42 [2] +0.32 [6]
             "net_non_showdown": Decimal("-0.32"),                # -42 + 41.68
             "allin_ev_net": Decimal("-42.00")},
        ])


# ---------------------------------------------------------------- through the real ingest


def test_stats_from_the_ingest(tmp_path, warehouse):
    from pipeline.ingest import ingest

    log = tmp_path / "six_hands.txt"
    log.write_text("\n\n\n".join(HANDS) + "\n", encoding="utf-8")
    summary = ingest([log], warehouse, jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (6, 0, 0), summary.as_dict()
    assert_mart(warehouse / "rasklad.duckdb")
    store = Warehouse(warehouse).open()
    assert {name: count for name, count in models.run_audits(store).items() if count} == {}


# ---------------------------------------------------------------- through fact rows written here

MONEY = r"\$([\d.]+)"
_LINE = re.compile(
    rf"^(?P<p>[^:]+): (?P<verb>posts small blind|posts big blind|folds|checks|calls|bets|raises)"
    rf"(?: {MONEY})?(?: to {MONEY})?$"
)
_STREET = re.compile(r"^\*\*\* (FLOP|TURN|RIVER|SHOW DOWN) \*\*\*")
_POSITIONS = {0: "BTN", 1: "SB", 2: "BB"}


def facts_of(text: str, file: str) -> TableRows:
    """The rows of holdem_actions and holdem_results for one three-handed No Limit hand."""
    rows = TableRows()
    lines = text.splitlines()
    game_id = hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
    hand_id = re.search(r"#(\d+):", lines[0])[1]
    button = int(re.search(r"Seat #(\d+)", lines[1])[1])
    seats = {m[2]: int(m[1]) for m in (re.match(r"^Seat (\d+): (\S+) \(", line) for line in lines[2:5])}
    position = {p: _POSITIONS[(s - button) % 3] for p, s in seats.items()}
    street, level, bet = "preflop", 0, defaultdict(Decimal)
    invested, collected = defaultdict(Decimal), defaultdict(Decimal)
    seen = {p: {"preflop"} for p in seats}
    folded, showdown, walk = set(), False, False
    rake = D(re.search(r"Rake \$([\d.]+)", text)[1])
    action_no = 0

    def add(player, action, amount=None, raise_to=None, to_call=None, voluntary=False, line=0):
        nonlocal action_no
        rows.add("holdem_actions", "holdem", game_id=game_id, hand_id=hand_id, action_no=action_no,
                 street=street, player=player, seat=seats[player], position=position[player],
                 action=action, amount=amount, raise_to=raise_to, to_call=to_call, bet_level=level,
                 is_all_in=False, is_voluntary=voluntary, line=line)
        action_no += 1

    for number, line in enumerate(lines, 1):
        if line == "*** SUMMARY ***":
            break
        if m := _STREET.match(line):
            street = "showdown" if m[1] == "SHOW DOWN" else m[1].lower()
            showdown = showdown or m[1] == "SHOW DOWN"
            level, bet = 0, defaultdict(Decimal)
            for p in seats:
                if p not in folded:
                    seen[p].add(street)
        elif m := _LINE.match(line):
            p, verb = m["p"], m["verb"]
            to_call = max(bet.values(), default=D(0)) - bet[p]
            if verb.startswith("posts"):
                amount = D(m[3])
                add(p, "post_sb" if "small" in verb else "post_bb", amount, line=number)
                level = 1 if "big" in verb else level
            elif verb == "folds":
                add(p, "fold", to_call=to_call, line=number)
                folded.add(p)
                amount = D(0)
            elif verb == "checks":
                add(p, "check", to_call=to_call, line=number)
                amount = D(0)
            elif verb in ("calls", "bets"):
                amount = D(m[3])
                add(p, verb[:-1], amount, to_call=to_call, voluntary=True, line=number)
                level += verb == "bets"
            else:
                amount = D(m[4]) - bet[p]
                add(p, "raise", amount, raise_to=D(m[4]), to_call=to_call, voluntary=True, line=number)
                level += 1
            bet[p] += amount
            invested[p] += amount
        elif m := re.match(rf"^Uncalled bet \({MONEY}\) returned to (\S+)$", line):
            add(m[2], "uncalled", D(m[1]), line=number)
            invested[m[2]] -= D(m[1])
            walk = street == "preflop" and position[m[2]] == "BB" and len(folded) == 2
        elif m := re.match(rf"^(\S+) collected {MONEY} from pot$", line):
            add(m[1], "collect", D(m[2]), line=number)
            collected[m[1]] += D(m[2])
        elif m := re.match(r"^(\S+): shows \[(.+)\]", line):
            add(m[1], "show", line=number)
    for p, seat in seats.items():
        net = collected[p] - invested[p]
        at_showdown = showdown and p not in folded
        rows.add("holdem_results", "holdem", game_id=game_id, hand_id=hand_id, player=p, seat=seat,
                 position=position[p], stack_start=D(100), invested=invested[p], collected=collected[p],
                 net=net, net_showdown=net if at_showdown else D(0), allin_ev_net=net,
                 saw_flop="flop" in seen[p], saw_turn="turn" in seen[p], saw_river="river" in seen[p],
                 went_to_showdown=at_showdown, won_at_showdown=at_showdown and collected[p] > 0,
                 is_walk=walk, small_blind=D("0.50"), big_blind=D(1), stakes="$0.50/$1 USD",
                 betting="no_limit", currency="USD", is_tournament=False, max_seats=3, count_players=3,
                 rake=rake)
        rows.add("game_players", "holdem", game_id=game_id, player=p, seat=seat, net=net)
    rows.add("games", "holdem", game_id=game_id, source_file=file, first_line=1, last_line=len(lines),
             count_players=3, count_errors=0, count_warnings=0, site="PokerStars", currency="USD",
             is_tournament=False)
    return rows


def commit_facts(warehouse_root: Path, texts: list[str]) -> Warehouse:
    store = Warehouse(warehouse_root).open()
    results = []
    for i, text in enumerate(texts):
        rows = facts_of(text, f"hand{i}.txt")
        result = FileResult(f"hand{i}.txt", hashlib.blake2b(text.encode(), digest_size=16).hexdigest(), len(text))
        result.tables = written_by_hand(rows)
        result.count_games = 1
        results.append(result)
    store.commit(results)
    models.build(store)
    return store


def test_stats_from_fact_rows(warehouse):
    store = commit_facts(warehouse, HANDS)
    assert_mart(store.duckdb_path)
    assert {name: count for name, count in models.run_audits(store).items() if count} == {}


def test_audit_holdem_chips_balance_catches_chips_that_vanish(warehouse):
    broken = HANDS[2].replace("Vera collected $6.18 from pot", "Vera collected $6.00 from pot")
    store = commit_facts(warehouse, [broken])
    audits = models.run_audits(store)
    assert audits["holdem_chips_balance"] == 1


def test_stats_of_a_player_who_never_saw_a_flop_are_null_not_zero(warehouse):
    store = commit_facts(warehouse, [HANDS[0]])
    with connect(store.root) as con:
        vera = con.sql("select * from player_stats_holdem where player = 'Vera'").pl().to_dicts()[0]
    assert (vera["count_saw_flop"], vera["wtsd"], vera["wwsf"], vera["af"]) == (0, None, None, None)
    assert (vera["count_vpip_opportunities"], vera["vpip"]) == (1, 0.0)


# ---------------------------------------------------------------- short all-in raises, as PokerTracker 4 counts them

SHORT_HEAD = """PokerStars Hand #{n}:  Hold'em No Limit ($0.50/$1 USD) - 2024/03/1{n} 20:00:00 ET
Table 'Vesta' 3-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris (${boris} in chips)
Seat 3: Vera (${vera} in chips)
Boris: posts small blind $0.50
Vera: posts big blind $1
*** HOLE CARDS ***
"""

SHORT_ALL_INS = [
    # A. Anna (BTN) opens to 3 (the 2-bet); Boris (SB, $4) raises all-in to 4, by 1, short of the
    #    full raise of 2, yet a raise: the 3-bet. Vera (BB) first acts facing a 3-bet: no 3-bet
    #    chance (a rules-only count, full raises, would see an open raise and give her one). Anna,
    #    the opener, faces the 3-bet: a fold-to-3-bet chance; she calls (she cannot re-raise: the
    #    short raise does not reopen the betting, and Boris is all-in). Anna wins the 9.
    #    Nets: Anna +5 (in 4), Boris -4, Vera -1.
    SHORT_HEAD.format(n=1, boris=4, vera=100) + """Anna: raises $2 to $3
Boris: raises $1 to $4 and is all-in
Vera: folds
Anna: calls $1
*** FLOP *** [2c 7d 9s]
*** TURN *** [2c 7d 9s] [Jh]
*** RIVER *** [2c 7d 9s Jh] [3d]
*** SHOW DOWN ***
Boris: shows [Kc Qc] (high card King)
Anna: shows [Ah Ad] (a pair of Aces)
Anna collected $9 from pot
*** SUMMARY ***
Total pot $9 | Rake $0
Board [2c 7d 9s Jh 3d]
Seat 1: Anna (button) showed [Ah Ad] and won ($9) with a pair of Aces
Seat 2: Boris (small blind) showed [Kc Qc] and lost with high card King
Seat 3: Vera (big blind) folded before Flop""",
    # B. Anna (BTN) limps, Boris (SB) raises to 3, Vera (BB, $8) and Anna call: both had a 3-bet
    #    chance and called. Flop: Boris (the preflop raiser) c-bets 4; Vera raises all-in to 5, by
    #    1, short of a full raise, yet a raise of the c-bet. Vera faced the c-bet (and raised):
    #    a fold-to-c-bet chance, no fold. Anna then faces a raise, not the c-bet: no fold-to-c-bet
    #    chance, and her fold is no fold to a c-bet. Boris calls the 1. Vera wins the 19.
    #    Nets: Vera +11 (in 8), Boris -8, Anna -3.
    SHORT_HEAD.format(n=2, boris=100, vera=8) + """Anna: calls $1
Boris: raises $2 to $3
Vera: calls $2
Anna: calls $2
*** FLOP *** [Kc 8d 3h]
Boris: bets $4
Vera: raises $1 to $5 and is all-in
Anna: folds
Boris: calls $1
*** TURN *** [Kc 8d 3h] [2s]
*** RIVER *** [Kc 8d 3h 2s] [7c]
*** SHOW DOWN ***
Boris: shows [Ac Qd] (high card Ace)
Vera: shows [8s 8h] (three of a kind, Eights)
Vera collected $19 from pot
*** SUMMARY ***
Total pot $19 | Rake $0
Board [Kc 8d 3h 2s 7c]
Seat 1: Anna (button) folded on the Flop
Seat 2: Boris (small blind) showed [Ac Qd] and lost with high card Ace
Seat 3: Vera (big blind) showed [8s 8h] and won ($19) with three of a kind, Eights""",
]

# (3-bet chances, 3-bets, fold-to-3-bet chances, folds to 3-bet, c-bet chances, c-bets,
#  fold-to-c-bet chances, folds to c-bet, net), hand letters in brackets.
SHORT_ALL_IN_TALLIES = {
    "Anna": (1, 0, 1, 0, 0, 0, 0, 0, D("2")),      # 3-bet chance [B]; faced the 3-bet [A]; +5 -3
    "Boris": (1, 1, 0, 0, 1, 1, 0, 0, D("-12")),   # 3-bet [A]; c-bet [B]; -4 -8
    "Vera": (1, 0, 0, 0, 0, 0, 1, 0, D("10")),     # 3-bet chance [B] only; faced the c-bet [B]; -1 +11
}


def test_he_short_all_in_raise_is_a_raise_level_for_three_bets_and_cbets(tmp_path, warehouse):
    from pipeline.ingest import ingest

    log = tmp_path / "short_all_ins.txt"
    log.write_text("\n\n\n".join(SHORT_ALL_INS) + "\n", encoding="utf-8")
    summary = ingest([log], warehouse, jobs=1)
    assert (summary.games, summary.quarantined) == (2, 0), summary.as_dict()
    with connect(warehouse) as con:
        rows = con.sql("""
            select player, count_three_bet_opportunities, count_three_bet, count_fold_to_three_bet_opportunities,
                   count_fold_to_three_bet, count_cbet_flop_opportunities, count_cbet_flop,
                   count_fold_to_cbet_flop_opportunities, count_fold_to_cbet_flop, net_won
            from player_stats_holdem order by player
        """).fetchall()
        # Anna's call of the short all-in in [A] and Boris's in [B]: no option to raise
        could_raise = con.sql("""
            select player, could_raise from int_holdem_decisions
            where action = 'call' and amount = 1 and decision_no = 2 order by hand_id
        """).fetchall()
    assert {player: tuple(figures) for player, *figures in rows} == SHORT_ALL_IN_TALLIES
    assert could_raise == [("Anna", False), ("Boris", False)]


def test_the_pages_hold_em_figures_are_the_marts_at_the_marts_grain(warehouse, monkeypatch):
    # The Player review sums player_stats_holdem_by_day and divides; per account and over all dates
    # that must give player_stats_holdem's own figures, every rate and every count.
    from dashboards import queries as q

    store = commit_facts(warehouse, HANDS)
    monkeypatch.setenv(q.WAREHOUSE_ENV, str(store.root))
    q.release()
    try:
        shown = q.holdem_stats(q.database(), ("Anna", "Boris", "Vera"), per_account=True)
    finally:
        q.release()
    with connect(store.root) as con:
        mart = con.sql("select * from player_stats_holdem order by player").pl()
    compared = ["player", "site", "net_won", "net_non_showdown", "net_showdown", "allin_ev_net", *q.HOLDEM_RATES,
                *(c for c in mart.columns if c.startswith("count_"))]
    assert shown.height == mart.height == 3
    assert shown.sort("player").select(compared).rows() == mart.select(compared).rows()
