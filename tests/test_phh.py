"""PHH in: .phh and .phhs files read into the Hold'em replay, every amount worked out by hand.

pokerkit (the PHH reference implementation) is the second opinion on the finishing stacks.
"""

from __future__ import annotations

import warnings
from datetime import datetime
from decimal import Decimal
from pathlib import Path

import pokerkit
import pytest

import parsers.phh
from parsers.errors import ParseError
from parsers.formats import file_format, parse_chunk, split_named
from pipeline.audit import audit_chunk
from pipeline.ingest import ingest
from pipeline.inputs import list_inputs
from pipeline.models import run_audits
from pipeline.warehouse import Warehouse, connect
from rules.holdem_batch import batch_from_hands
from rules.holdem_fast import replay_batch

FIXTURES = Path(__file__).parent / "fixtures" / "phh"
D = Decimal


def audited(text: str, name: str = "hand.phh"):
    return [audit_chunk(chunk, name) for chunk in split_named(text, name)]


def nets(audit) -> dict[str, Decimal]:
    return {p.player: p.net for p in audit.replay.players}


def pokerkit_stacks(text: str) -> list[Decimal]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # pokerkit warns about fields it does not know
        return [D(s) for s in list(pokerkit.HandHistory.loads(text))[-1].stacks]


HEADS_UP = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 80]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 6", "p1 f"]
players = ["Anna", "Boris"]
"""

# Four players, antes of 1, a UTG straddle of 20; Dasha (button) opens to 60, Anna calls,
# Boris calls all-in for 49 more (59 of his 60 after the ante), Vera (the straddler) folds;
# on the flop Anna bets her last 39 and Dasha calls. Pots (by what each put in, antes
# included): main 60 + 60 + 21 + 60 = 201 for Anna, Boris and Dasha; side (100 - 60) x 2 = 80
# for Anna and Dasha. Boris' three aces take the main pot, Anna's three kings the side pot.
SIDE_POT = """variant = "NT"
antes = [1, 1, 1, 1]
blinds_or_straddles = [5, 10, 20, 0]
min_bet = 10
starting_stacks = [100, 60, 200, 300]
actions = [
  "d dh p1 KsKc", "d dh p2 AsAd", "d dh p3 ????", "d dh p4 QhQd",
  "p4 cbr 60",
  "p1 cc",
  "p2 cc",
  "p3 f",
  "d db AhKd7c",
  "p1 cbr 39",
  "p4 cc",
  "p1 sm KsKc", "p2 sm AsAd", "p4 sm QhQd",
  "d db 4s",
  "d db 2h",
]
players = ["Anna", "Boris", "Vera", "Dasha"]
finishing_stacks = [80, 201, 179, 200]
"""
SIDE_POT_NETS = {"Anna": D(-20), "Boris": D(141), "Vera": D(-21), "Dasha": D(-100)}


def test_phh_files_are_read_by_extension_and_walked_in_folders(tmp_path):
    assert file_format("x/hands.PHHS").name == "phh" and file_format("x/hand.phh").name == "phh"
    assert file_format("hands.txt") is None
    (tmp_path / "a.phh").write_text(HEADS_UP)
    (tmp_path / "b.phhs").write_text("[1]\n" + HEADS_UP)
    assert sorted(p.name for p in list_inputs([tmp_path]).files) == ["a.phh", "b.phhs"]


def test_phh_heads_up_reverses_the_blinds_and_returns_the_uncalled_raise():
    (audit,) = audited(HEADS_UP)
    assert audit.error is None and audit.replay.findings == ()
    # heads-up p1 (Anna) posts the big blind 2, p2 (Boris, the button) the small blind 1;
    # Boris raises to 6, Anna folds: 4 comes back to Boris, who wins Anna's 2
    kinds = [(a.player, a.kind.value, a.amount) for a in audit.record.actions]
    assert kinds == [("Boris", "post_sb", 1), ("Anna", "post_bb", 2), ("Boris", "raise", 4), ("Anna", "fold", 0),
                     ("Boris", "uncalled", 4), ("Boris", "collect", 4)]
    assert nets(audit) == {"Anna": D(-2), "Boris": D(2)}
    assert {p.player: p.position for p in audit.replay.players} == {"Anna": "BB", "Boris": "BTN"}
    assert audit.record.info.site == "PHH"     # no venue: the names belong to no known room


def test_phh_antes_straddle_all_in_side_pot_and_showdown_worked_by_hand():
    (audit,) = audited(SIDE_POT)
    assert audit.error is None, audit.error
    assert audit.replay.findings == ()
    assert nets(audit) == SIDE_POT_NETS
    assert [(p.amount, sorted(p.eligible)) for p in audit.replay.pots] == [
        (D(201), ["Anna", "Boris", "Dasha"]), (D(80), ["Anna", "Dasha"])]
    calls = {a.player: a.amount for a in audit.record.actions if a.kind.value == "call"}
    assert calls == {"Anna": D(55), "Boris": D(49), "Dasha": D(39)}
    assert pokerkit_stacks(SIDE_POT) == [D(80), D(201), D(179), D(200)]


def test_he_finishing_stacks_flags_a_stack_the_replay_does_not_reach():
    # Anna is said to finish with 90 (she takes 10 more than her side pot) and Dasha with 190
    wrong = SIDE_POT.replace("finishing_stacks = [80, 201, 179, 200]", "finishing_stacks = [90, 201, 179, 190]")
    (audit,) = audited(wrong)
    line = wrong.splitlines().index("finishing_stacks = [90, 201, 179, 190]") + 1
    stacks = [f for f in audit.replay.findings if f.rule_id == "HE-FINISHING-STACKS"]
    # Dasha keeps 200 after putting in 100: the replay gives 300 - 100 = 200, not 190
    assert [(f.line, f.expected, f.actual) for f in stacks] == [(line, "200", "190")]
    # what Anna is said to take (90) is not what her pot holds (80): the showdown rules say so
    assert any(f.rule_id in ("HE-COLLECTED", "HE-SHOWDOWN") and "Anna" in f.message
               for f in audit.replay.findings)


def test_phh_spec_example_dwan_ivey_replays_to_its_finishing_stacks():
    # Ivey's 1,067,100 all-in is called for Dwan's last 495,000 (553,500 - 500 - 23,000 - 35,000):
    # 572,100 goes back; the pot is 1,500 + 48,000 + 70,000 + 990,000 = 1,109,500 and Dwan's
    # 7-high straight beats Ivey's 5-high one.
    text = (FIXTURES / "dwan-ivey-2009.phh").read_text()
    (audit,) = audited(text, "dwan-ivey-2009.phh")
    assert audit.error is None and audit.replay.findings == ()
    assert nets(audit) == {"Phil Ivey": D(-553500), "Patrik Antonius": D(-2500), "Tom Dwan": D(556000)}
    assert pokerkit_stacks(text) == [D(572100), D(1997500), D(1109500)]
    uncalled = [(a.player, a.amount) for a in audit.record.actions if a.kind.value == "uncalled"]
    assert uncalled == [("Phil Ivey", D(572100))]
    # both show on the turn, all in with the river to come: the showdown, where the pot is taken
    tail = [(a.street.value, a.player, a.kind.value) for a in audit.record.actions][-3:]
    assert tail == [("showdown", "Phil Ivey", "show"), ("showdown", "Tom Dwan", "show"),
                    ("showdown", "Tom Dwan", "collect")]
    assert {p.player: p.went_to_showdown for p in audit.replay.players} == {
        "Phil Ivey": True, "Patrik Antonius": False, "Tom Dwan": True}


def test_phh_pot_won_when_the_others_fold_is_taken_on_that_street():
    (audit,) = audited(HEADS_UP)
    assert [(a.street.value, a.kind.value) for a in audit.record.actions if a.kind.value == "collect"] == [
        ("preflop", "collect")]
    (audit,) = audited(HEADS_UP.replace('"p1 f"', '"p1 cc", "d db 2c3d4h", "p1 cc", "p2 cbr 8", "p1 f"'))
    assert audit.replay.findings == ()
    assert [(a.street.value, a.kind.value) for a in audit.record.actions if a.kind.value == "collect"] == [
        ("flop", "collect")]


def test_phh_winnings_after_rake_give_the_rake():
    # antes 0.25 x 4, Anna (SB) raises to 2, Boris calls; flop Boris bets 5, Anna calls; turn
    # Boris bets 15, Anna folds: 15 back to Boris, pot 1 + 4 + 10 = 15, Boris takes 13.75
    text = """variant = 'NT'
antes = [0.25, 0.25, 0.25, 0.25]
blinds_or_straddles = [0.50, 1, 0, 0]
min_bet = 1
starting_stacks = [52.85, 130.79, 190.57, 226.05]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'p3 f', 'p4 f', 'p1 cbr 2.00', 'p2 cc',
  'd db JcAdKd', 'p1 cc', 'p2 cbr 5', 'p1 cc', 'd db Jd', 'p1 cc', 'p2 cbr 15', 'p1 f']
players = ['Anna', 'Boris', 'Vera', 'Dasha']
winnings = [0, 13.75, 0, 0]
currency_symbol = '$'
venue = 'Absolute Poker'
"""
    (audit,) = audited(text)
    assert audit.error is None and audit.replay.findings == ()
    assert audit.replay.rake == D("1.25") and audit.replay.total_pot == D(15)
    assert nets(audit) == {"Anna": D("-7.25"), "Boris": D("6.50"), "Vera": D("-0.25"), "Dasha": D("-0.25")}
    assert audit.record.currency == "USD" and audit.record.info.site == "Absolute Poker"


def test_phhs_tables_are_one_hand_each_and_findings_point_at_the_action_line():
    # the second hand's p3 raises to 3 over the big blind of 2: a raise of 1, less than 2
    text = "[1]\n" + HEADS_UP + "\n[2]\n" + HEADS_UP.replace(
        'actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 6", "p1 f"]',
        'actions = [\n  "d dh p1 ????",\n  "d dh p2 ????",\n  "p2 cbr 3",  # too small\n  "p1 f",\n]')
    first, second = audited(text, "night.phhs")
    assert (first.chunk.first_line, second.chunk.first_line) == (1, 10)
    assert first.replay.findings == ()
    line = text.splitlines().index('  "p2 cbr 3",  # too small') + 1
    assert [(f.rule_id, f.line) for f in second.replay.findings] == [("HE-MIN-RAISE", line)]


# Heads-up to the river, no result stated: Boris (p2, button) opens to 6, Anna calls 4; flop
# Boris bets 10, Anna calls; turn checked; river Anna bets 20, Boris calls. Each puts in
# 6 + 10 + 20 = 36, the pot is 72. Board Ah 7c 2d 9s 3h: Anna's aces with K-9-7 beat Boris'
# aces with Q-9-7, so Anna collects 72: +36, Boris -36.
SHOWDOWN_NOT_STATED = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 80]
actions = ["d dh p1 AcKd", "d dh p2 AsQh", "p2 cbr 6", "p1 cc", "d db Ah7c2d", "p1 cc", "p2 cbr 10", "p1 cc",
  "d db 9s", "p1 cc", "p2 cc", "d db 3h", "p1 cbr 20", "p2 cc", "p1 sm AcKd", "p2 sm AsQh"]
players = ["Anna", "Boris"]
"""


def collected(audit) -> dict[str, Decimal]:
    return {p.player: p.collected for p in audit.replay.players}


def test_phh_showdown_without_stated_results_is_awarded_by_the_cards_worked_by_hand():
    (audit,) = audited(SHOWDOWN_NOT_STATED)
    assert audit.error is None, audit.error
    assert audit.record.results_not_stated and audit.record.summary is None
    assert not [a for a in audit.record.actions if a.kind.value == "collect"]    # nothing stated
    assert audit.replay.findings == ()      # nothing stated, so nothing stated wrong
    assert collected(audit) == {"Anna": D(72), "Boris": D(0)}
    assert nets(audit) == {"Anna": D(36), "Boris": D(-36)}
    assert {p.player: p.won_at_showdown for p in audit.replay.players} == {"Anna": True, "Boris": False}
    assert audit.replay.rake == 0 and audit.replay.total_pot == D(72)
    assert pokerkit_stacks(SHOWDOWN_NOT_STATED) == [D(136), D(44)]


def test_phh_showdown_without_stated_results_splits_a_tie_and_a_muck_gives_up_the_claim():
    # Boris holds As Ks: both play A A K 9 7 and share the 72, 36 each (nets 0)
    tie = SHOWDOWN_NOT_STATED.replace("AsQh", "AsKs")
    (audit,) = audited(tie)
    assert audit.replay.findings == () and nets(audit) == {"Anna": D(0), "Boris": D(0)}
    assert pokerkit_stacks(tie) == [D(100), D(80)]
    # the same tie, but Boris mucks ("p2 sm"): his cards are dealt and known, yet Anna takes it all
    mucked = tie.replace('"p2 sm AsKs"', '"p2 sm"')
    (audit,) = audited(mucked)
    assert audit.replay.findings == () and nets(audit) == {"Anna": D(36), "Boris": D(-36)}
    assert pokerkit_stacks(mucked) == [D(136), D(44)]
    # both muck: no player is left to take the pot, and no rule says who does
    (audit,) = audited(mucked.replace('"p1 sm AcKd"', '"p1 sm"'))
    assert audit.record is None and "no player still in shows their cards" in audit.error
    # Boris mucks and Anna's cards are unknown: the last player not mucking wins, cards or not
    one_shows = mucked.replace('"d dh p1 AcKd"', '"d dh p1 ????"').replace('"p1 sm AcKd", ', "")
    (audit,) = audited(one_shows)
    assert audit.error is None, audit.error
    assert audit.replay.findings == () and nets(audit) == {"Anna": D(36), "Boris": D(-36)}


def test_phh_side_pot_without_stated_results_gives_the_nets_of_its_finishing_stacks():
    # SIDE_POT worked by hand above: Boris' short all-in takes the main pot of 201, Anna the side
    # pot of 80; without finishing_stacks the engine's award gives the same nets, to the chip
    text = SIDE_POT.replace("finishing_stacks = [80, 201, 179, 200]\n", "")
    (stated,), (not_stated,) = audited(SIDE_POT), audited(text)
    assert not stated.record.results_not_stated and not_stated.record.results_not_stated
    assert not_stated.replay.findings == ()
    assert nets(not_stated) == nets(stated) == SIDE_POT_NETS
    assert collected(not_stated) == collected(stated) == {"Anna": D(80), "Boris": D(201), "Vera": D(0),
                                                          "Dasha": D(0)}
    assert pokerkit_stacks(text) == [D(80), D(201), D(179), D(200)]


def test_phh_results_not_stated_in_a_batch_of_stated_hands_change_only_their_own_awards():
    texts = [SIDE_POT, SIDE_POT.replace("finishing_stacks = [80, 201, 179, 200]\n", ""), HEADS_UP,
             SHOWDOWN_NOT_STATED]
    hands = [_read(text) for text in texts]
    assert [hand.results_not_stated for hand in hands] == [False, True, False, True]
    batch = batch_from_hands(hands)
    facts = replay_batch(batch)
    assert facts.certified.tolist() == [True] * 4
    by_hand = [dict(zip(batch.player[batch.seat_start[h]:batch.seat_start[h + 1]],
                        facts.net[batch.seat_start[h]:batch.seat_start[h + 1]].tolist())) for h in range(4)]
    side_pot_cents = {player: int(net * 100) for player, net in SIDE_POT_NETS.items()}
    assert by_hand == [side_pot_cents, side_pot_cents, {"Anna": -200, "Boris": 200}, {"Anna": 3600, "Boris": -3600}]


@pytest.mark.parametrize("copies", [1, 3])     # one hand a file takes the path of one, three the batch lane
def test_ingest_stores_phh_hands_without_stated_results_with_their_nets(tmp_path, copies):
    not_stated = SIDE_POT.replace("finishing_stacks = [80, 201, 179, 200]\n", "")
    hands = [not_stated, SHOWDOWN_NOT_STATED] * copies
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "night.phhs").write_text("".join(f"[{k}]\n{text}\n" for k, text in enumerate(hands, 1)))
    summary = ingest([tmp_path / "logs"], tmp_path / "wh", jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (2 * copies, 0, 0)
    with connect(tmp_path / "wh") as con:
        rows = con.execute("select player, sum(net), sum(collected) from holdem_results group by player").fetchall()
    worked = {"Anna": (D(-20) + D(36), D(80) + D(72)), "Boris": (D(141) - D(36), D(201)),
              "Vera": (D(-21), D(0)), "Dasha": (D(-100), D(0))}
    assert {player: (net, got) for player, net, got in rows} == {
        player: (net * copies, got * copies) for player, (net, got) in worked.items()}


def test_phh_showdown_the_cards_cannot_settle_goes_to_quarantine_saying_why():
    unknown = SHOWDOWN_NOT_STATED.replace('"d dh p2 AsQh"', '"d dh p2 ????"').replace(', "p2 sm AsQh"', "")
    (audit,) = audited(unknown)
    assert audit.record is None
    assert "states neither winnings nor finishing_stacks and the cards of Boris are not known" in audit.error
    assert audit.error_line == unknown.splitlines().index(next(
        line for line in unknown.splitlines() if line.startswith("actions = ["))) + 1
    # both players' cards known, but the file deals no turn or river: no five-card hands to rank
    short_board = SHOWDOWN_NOT_STATED.replace('"d db 9s", "p1 cc", "p2 cc", "d db 3h", ', "")
    (audit,) = audited(short_board)
    assert audit.record is None and "and the board has 3 cards:" in audit.error


# From the public PHH data set (HandHQ, Absolute Poker, 2009; names obfuscated), fields cut to the
# play: three check it down to a board of 9s 7h 2c 9d 9c and only p1 shows (8d As, trip nines);
# the others' cards are left unknown ("sm ????") and the file states no winnings. The pot is the
# three big blinds of p1, p2 and p3: p1 takes 3, a net of +2, and p2 and p3 lose 1 each.
HANDHQ_UNSHOWN = """variant = 'NT'
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [0.50, 1, 0, 0, 0]
min_bet = 1
starting_stacks = [247.10, 14.60, 200, 96.50, 55.50]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????', 'p3 cc', 'p4 f', 'p5 f', \
'p1 cc', 'p2 cc', 'd db 9s7h2c', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 9d', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 9c', 'p1 cc', \
'p2 cc', 'p3 cc', 'p1 sm 8dAs', 'p2 sm ????', 'p3 sm ????']
"""


def test_phh_cards_left_unknown_at_the_showdown_claim_nothing_worked_by_hand():
    (audit,) = audited(HANDHQ_UNSHOWN)
    assert audit.error is None, audit.error
    assert audit.replay.findings == ()
    assert nets(audit) == {"p1": D(2), "p2": D(-1), "p3": D(-1), "p4": D(0), "p5": D(0)}
    assert pokerkit_stacks(HANDHQ_UNSHOWN) == [D("249.10"), D("13.60"), D(199), D("96.50"), D("55.50")]
    # no player shows known cards: nothing tells who won
    (audit,) = audited(HANDHQ_UNSHOWN.replace("'p1 sm 8dAs'", "'p1 sm ????'"))
    assert audit.record is None and "what each player won cannot be worked out" in audit.error


# From the public PHH data set (HandHQ, Absolute Poker, 2009; names obfuscated), fields cut to the
# play: p5 opens to 3.50, p6 calls, p1 makes it 15, p5 makes it 39, p6 calls all in for his 22.30
# and p1 folds; the 16.70 of p5's raise nobody matched goes back to him. Before each street both
# write "sm ????" (an all-in's cards, not yet shown); on the river p6 shows 9d As, the nut flush on
# Qs 4s Ts 5d Ks, over p5's 8d Qd. The pot is 15 + 1 + 22.30 + 22.30 = 60.60, all p6's.
HANDHQ_ALL_IN = """variant = 'NT'
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [0.50, 1, 0, 0, 0, 0]
min_bet = 1
starting_stacks = [128.25, 212.40, 170.95, 220.53, 104.50, 22.30]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????', 'd dh p6 ????', 'p3 f', \
'p4 f', 'p5 cbr 3.50', 'p6 cc', 'p1 cbr 15.00', 'p2 f', 'p5 cbr 39.00', 'p6 cc', 'p1 f', 'p5 sm ????', 'p6 sm ????', \
'd db Qs4sTs', 'p5 sm ????', 'p6 sm ????', 'd db 5d', 'p5 sm ????', 'p6 sm ????', 'd db Ks', 'p6 sm 9dAs', 'p5 sm 8dQd']
"""


def test_phh_all_in_cards_unknown_until_the_river_show_there_worked_by_hand():
    (audit,) = audited(HANDHQ_ALL_IN)
    assert audit.error is None, audit.error
    assert audit.replay.findings == ()
    assert nets(audit) == {"p1": D(-15), "p2": D(-1), "p3": D(0), "p4": D(0), "p5": D("-22.30"),
                           "p6": D("38.30")}
    assert pokerkit_stacks(HANDHQ_ALL_IN) == [D("113.25"), D("211.40"), D("170.95"), D("220.53"), D("82.20"),
                                              D("60.60")]


# From the public PHH data set (HandHQ, Absolute Poker, 2009; names obfuscated), fields cut to the
# play: no small blind is posted, so p1 posts the big blind of 1 alone (blinds [1, 0, ...]) and p2
# acts first. p7 calls 1, p8 raises to 3, p1 and p7 fold; 2 of p8's raise come back to him. The
# pot is 1 + 1 + 1 = 3, all p8's: p1 and p7 lose 1 each, p8 wins 2.
HANDHQ_NO_SMALL_BLIND = """variant = 'NT'
antes = [0, 0, 0, 0, 0, 0, 0, 0]
blinds_or_straddles = [1, 0, 0, 0, 0, 0, 0, 0]
min_bet = 1
starting_stacks = [177, 39.35, 43.05, 48.90, 313.30, 7.10, 30.35, 57.70]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????', 'd dh p6 ????', \
'd dh p7 ????', 'd dh p8 ????', 'p2 f', 'p3 f', 'p4 f', 'p5 f', 'p6 f', 'p7 cc', 'p8 cbr 3', 'p1 f', 'p7 f']
winnings = [0, 0, 0, 0, 0, 0, 0, 3]
"""


def test_phh_a_lone_first_blind_is_the_big_blind_worked_by_hand():
    (audit,) = audited(HANDHQ_NO_SMALL_BLIND)
    assert audit.error is None, audit.error
    assert audit.replay.findings == ()
    assert [(a.player, a.kind.value, a.amount) for a in audit.record.actions[:1]] == [("p1", "post_bb", D(1))]
    assert audit.record.big_blind == D(1)
    assert nets(audit) == {"p1": D(-1), "p2": D(0), "p3": D(0), "p4": D(0), "p5": D(0), "p6": D(0), "p7": D(-1),
                           "p8": D(2)}
    assert pokerkit_stacks(HANDHQ_NO_SMALL_BLIND) == [D(176), D("39.35"), D("43.05"), D("48.90"), D("313.30"),
                                                      D("7.10"), D("29.35"), D("59.70")]


# From the public PHH data set (HandHQ, Absolute Poker, 2009; names obfuscated): the big blind's
# walk. Its winnings count the big blind's unmatched half in the pot (1.50 = 0.50 + 1), where the
# reader gives that half back to him first, as a room writes it: he collects 1, a net of +0.50.
HANDHQ_WALK = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.50, 1, 0]
min_bet = 1
starting_stacks = [80.60, 197, 201.30]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']
winnings = [0, 1.50, 0]
"""


def test_phh_winnings_that_count_the_unmatched_blind_in_the_pot_are_no_finding():
    (audit,) = audited(HANDHQ_WALK)
    assert audit.error is None, audit.error
    assert audit.replay.findings == ()
    assert nets(audit) == {"p1": D("-0.50"), "p2": D("0.50"), "p3": D(0)}
    assert collected(audit) == {"p1": D(0), "p2": D(1), "p3": D(0)}
    assert pokerkit_stacks(HANDHQ_WALK) == [D("80.10"), D("197.50"), D("201.30")]
    # winnings above the pot by any other amount stay a finding
    (audit,) = audited(HANDHQ_WALK.replace("[0, 1.50, 0]", "[0, 1.75, 0]"))
    assert {f.rule_id for f in audit.replay.findings} >= {"HE-POT-BALANCE"}


# Three players, antes of 1, blinds 5/10. Anna's 6 is all in once she has posted; Vera folds,
# Boris' 5 nobody matched comes back, and Anna's aces take 6 + 6 + 1 = 13 from his kings (nets
# +7, -6, -1). The log this was written from posted the blinds first, then the antes, and
# _posting_order says so.
BLINDS_BEFORE_ANTES = """variant = "NT"
antes = [1, 1, 1]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [6, 100, 100]
actions = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 ????", "p3 f", "p1 sm AsAd", "p2 sm KsKd",
           "d db 2c7s9d", "d db Jc", "d db 3h"]
players = ["Anna", "Boris", "Vera"]
finishing_stacks = [13, 94, 99]
_posting_order = ["p1 blind", "p2 blind", "p1 ante", "p2 ante", "p3 ante"]
"""


def test_phh_forced_bets_are_posted_in_the_order_the_file_states_worked_by_hand():
    """PHH posts every ante before the blinds (pokerkit does); a log that posted the blinds first
    came back with its posts reordered. Anna's 6 covers her blind of 5, then her ante of 1:
    posted in the log's order, the ante puts her all in, not the blind."""
    (audit,) = audited(BLINDS_BEFORE_ANTES)
    assert audit.error is None and audit.replay.findings == ()
    posts = [(a.player, a.kind.value, a.amount, a.is_all_in) for a in audit.record.actions[:5]]
    assert posts == [("Anna", "post_sb", 5, False), ("Boris", "post_bb", 10, False), ("Anna", "post_ante", 1, True),
                     ("Boris", "post_ante", 1, False), ("Vera", "post_ante", 1, False)]
    assert nets(audit) == {"Anna": D(7), "Boris": D(-6), "Vera": D(-1)}
    assert pokerkit_stacks(BLINDS_BEFORE_ANTES) == [D(13), D(94), D(99)]
    # without the field, PHH's own order: the antes from p1 on, then the blinds
    (audit,) = audited(BLINDS_BEFORE_ANTES.replace("_posting_order", "# _posting_order"))
    assert [(a.player, a.kind.value, a.is_all_in) for a in audit.record.actions[:5]] == [
        ("Anna", "post_ante", False), ("Boris", "post_ante", False), ("Vera", "post_ante", False),
        ("Anna", "post_sb", True), ("Boris", "post_bb", False)]
    assert audit.replay.findings == () and nets(audit) == {"Anna": D(7), "Boris": D(-6), "Vera": D(-1)}
    # an order that leaves out a post, or names one the hand does not have, quarantines the hand
    for wrong in ('["p1 blind", "p2 blind", "p1 ante", "p2 ante"]',
                  '["p1 blind", "p2 blind", "p3 blind", "p1 ante", "p2 ante", "p3 ante"]', '"p1 blind"'):
        text = BLINDS_BEFORE_ANTES.replace('["p1 blind", "p2 blind", "p1 ante", "p2 ante", "p3 ante"]', wrong)
        (audit,) = audited(text)
        assert audit.record is None and audit.error == (
            "_posting_order must list each forced bet posted once: p1 ante, p2 ante, p3 ante, p1 blind, p2 blind")
        assert audit.error_line == text.splitlines().index(f"_posting_order = {wrong}") + 1


def test_phh_not_shown_is_the_winners_muck_after_the_others_fold_worked_by_hand():
    """Boris raises to 6 and Anna folds: 4 comes back and he takes 2 + 2 (+2, -2). _not_shown says he
    did not show his hand (a log's "doesn't show hand"): his muck, after what he collected."""
    text = HEADS_UP + '_not_shown = ["p2"]\n'
    (audit,) = audited(text)
    assert audit.error is None and audit.replay.findings == ()
    assert [(a.street.value, a.player, a.kind.value, a.amount) for a in audit.record.actions[-3:]] == [
        ("preflop", "Boris", "uncalled", 4), ("preflop", "Boris", "collect", 4), ("preflop", "Boris", "muck", 0)]
    assert audit.record.actions[-1].line == 8
    assert nets(audit) == {"Anna": D(-2), "Boris": D(2)}
    assert pokerkit_stacks(text) == [D(98), D(82)]
    # a show after the last fold is PHH's own: on the street the others folded on, not a showdown's
    (audit,) = audited(HEADS_UP.replace('"p1 f"]', '"p1 f", "p2 sm AhKh"]'))
    assert [(a.street.value, tuple(map(str, a.cards))) for a in audit.record.actions if a.kind.value == "show"] \
        == [("preflop", ("Ah", "Kh"))]
    assert audit.replay.findings == ()
    # it names the player left when the others fold, or the hand goes to quarantine saying so
    (audit,) = audited(HEADS_UP + '_not_shown = ["p1"]\n')
    assert audit.record is None and audit.error == '_not_shown names the player left when the others fold: ["p2"]'
    assert audit.error_line == 8
    (audit,) = audited(SHOWDOWN_NOT_STATED + '_not_shown = ["p1"]\n')
    assert audit.record is None and audit.error == "_not_shown names the player left when the others fold, " \
                                                   "and 2 are left"


def test_phh_one_card_shown_of_two_worked_by_hand():
    """p2 shows one card of his two ("??Kh"). With winnings stated it is his show of the king, as a
    room writes one; with none it claims nothing, as cards left unknown do: p1's trips take 3."""
    text = HANDHQ_UNSHOWN.replace("'p2 sm ????'", "'p2 sm ??Kh'")
    stated = text + "winnings = [3, 0, 0, 0, 0]\n"
    (audit,) = audited(stated)
    assert audit.error is None and audit.replay.findings == ()
    assert [(a.player, a.kind.value, tuple(map(str, a.cards))) for a in audit.record.actions
            if a.kind.value in ("show", "muck")] == [("p1", "show", ("8d", "As")), ("p2", "show", ("Kh",))]
    assert nets(audit) == {"p1": D(2), "p2": D(-1), "p3": D(-1), "p4": D(0), "p5": D(0)}
    (audit,) = audited(text)
    assert audit.error is None and audit.replay.findings == ()
    assert nets(audit) == {"p1": D(2), "p2": D(-1), "p3": D(-1), "p4": D(0), "p5": D(0)}
    assert pokerkit_stacks(text) == pokerkit_stacks(stated) == [D("249.10"), D("13.60"), D(199), D("96.50"),
                                                                D("55.50")]


def test_phh_shown_partly_is_the_winners_show_of_one_card_after_the_others_fold_worked_by_hand():
    """Boris raises to 6 and Anna folds: 4 comes back and he takes 2 + 2 (+2, -2), then shows his ace
    alone. pokerkit refuses "p2 sm Ah??" after the last fold, so _shown_partly states it: his show
    of the ace on the street Anna folded on, after what he collected, as a room writes it."""
    text = HEADS_UP + '_shown_partly = ["p2 sm Ah??"]\n'
    (audit,) = audited(text)
    assert audit.error is None and audit.replay.findings == ()
    assert [(a.street.value, a.player, a.kind.value, a.amount, tuple(map(str, a.cards)))
            for a in audit.record.actions[-3:]] == [
        ("preflop", "Boris", "uncalled", 4, ()), ("preflop", "Boris", "collect", 4, ()),
        ("preflop", "Boris", "show", 0, ("Ah",))]
    assert audit.record.actions[-1].line == 8
    assert [(h.player, tuple(map(str, h.cards))) for h in audit.record.hole_cards] == [("Boris", ("Ah",))]
    assert nets(audit) == {"Anna": D(-2), "Boris": D(2)}
    # pokerkit keeps the field and plays the hand without it
    assert pokerkit_stacks(text) == [D(98), D(82)]
    with pytest.raises(ValueError, match="Unable to repair"):
        pokerkit_stacks(HEADS_UP.replace('"p1 f"]', '"p1 f", "p2 sm Ah??"]'))
    # it is the show of the player left when the others fold, with a card known, or the hand goes
    # to quarantine saying so
    not_his = '_shown_partly is the show of the player left when the others fold, like ["p2 sm Ah??"]'
    for wrong, why in [('["p1 sm Ah??"]', not_his), ('["p2 Ah??"]', not_his), ('"p2 sm Ah??"', not_his),
                       ('["p2 sm ????"]', "_shown_partly shows no card: ???? leaves them all unknown")]:
        (audit,) = audited(HEADS_UP + f"_shown_partly = {wrong}\n")
        assert (audit.record, audit.error, audit.error_line) == (None, why, 8), wrong
    (audit,) = audited(SHOWDOWN_NOT_STATED + '_shown_partly = ["p1 sm Ac??"]\n')
    assert audit.record is None and audit.error == "_shown_partly is the show of the player left when the others " \
                                                   "fold, and 2 are left"


def test_phh_variants_not_replayed_are_quarantined_by_name():
    text = HEADS_UP.replace('"NT"', '"PO"')
    (audit,) = audited(text)
    assert audit.error == "PHH variant PO (pot-limit Omaha hold'em) is not supported yet"
    assert audit.error_line == 1


def test_phh_fixed_limit_reads_its_bet_sizes():
    # limit 1/2 blinds, small bet 2, big bet 4: p3 raises to 4 (one raise of 2), all call;
    # flop p1 bets 2, both call; turn p1 bets 4, both fold: p1 takes the pot of 4 x 3 + 2 x 3 = 18
    text = """variant = "FT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [50, 50, 50]
actions = ["p3 cbr 4", "p1 cc", "p2 cc", "d db 2c3d9h", "p1 cbr 2", "p2 cc", "p3 cc", "d db Kh",
  "p1 cbr 4", "p2 f", "p3 f"]
"""
    (audit,) = audited(text)
    assert audit.error is None and audit.replay.findings == ()
    assert nets(audit) == {"p1": D(12), "p2": D(-6), "p3": D(-6)}
    assert pokerkit_stacks(text) == [D(62), D(44), D(44)]


def test_phh_toml_errors_say_line_and_column():
    text = HEADS_UP.replace("min_bet = 2", "min_bet = = 2")
    (audit,) = audited(text)
    assert audit.error.startswith("not TOML:")
    assert (audit.error_line, audit.error_column) == (4, 11)


def test_phh_parse_errors_carry_the_line_of_the_action():
    from parsers.phh import parse
    from rules.records import Source

    lines = HEADS_UP.replace('"p1 f"', '"p1 xx"').splitlines()
    with pytest.raises(ParseError) as error:
        parse(lines, Source(file="h.phh", first_line=1, last_line=len(lines), game_id="x"))
    assert "is not a PHH action" in error.value.reason and error.value.line == 6


def test_phhs_text_before_the_first_table_and_a_broken_table_cost_only_themselves():
    text = "variant = 'NT'\n\n[1]\n" + HEADS_UP + "\n[2]\n" + HEADS_UP.replace("min_bet = 2", "min_bet = [") \
        + "\n[3]\n" + HEADS_UP
    before, first, broken, third = audited(text, "night.phhs")
    assert (before.chunk.first_line, before.chunk.last_line) == (1, 1)
    assert before.error == "the field starting_stacks is missing"
    assert nets(first) == nets(third) == {"Anna": D(-2), "Boris": D(2)}
    # the array "min_bet = [" opens goes on to the next line, where TOML finds a key, no value
    assert broken.error.startswith("not TOML:") and broken.error_line == text.splitlines().index("min_bet = [") + 2


def _read(text: str):
    [chunk] = split_named(text, "hand.phh")
    return parse_chunk(chunk, "hand.phh")


def test_phh_floats_are_read_exactly_as_written():
    # 15 digits a binary float holds (read by rtoml where installed); 20 it does not, and the
    # standard library's reader takes them straight into Decimals
    for stack in ("123456789012.345", "1234567890.1234567891"):
        hand = _read(HEADS_UP.replace("starting_stacks = [100, 80]", f"starting_stacks = [{stack}, 80.10]"))
        assert [seat.stack for seat in hand.seats] == [D(stack), D("80.10")]


def test_phh_rtoml_and_the_standard_library_read_the_same_hands(monkeypatch):
    pytest.importorskip("rtoml", reason="rtoml is not installed: the standard library reads every PHH file")
    texts = [HEADS_UP, SIDE_POT, (FIXTURES / "dwan-ivey-2009.phh").read_text()]
    fast = [_read(text) for text in texts]
    monkeypatch.setattr(parsers.phh, "rtoml", None)
    assert [_read(text) for text in texts] == fast
    assert [s.stack for s in fast[1].seats] == [D(100), D(60), D(200), D(300)]


def test_phh_time_zone_abbreviation_stores_the_time_in_utc():
    # HandHQ's hands name their zone by abbreviation only: 'ET' is New York's clock, daylight time
    # (UTC-4) on 1 July 2009 and standard time (UTC-5) on 1 December; a name that stands for two
    # zones (CST) keeps the time as written.
    dated = HANDHQ_UNSHOWN + "time = 00:00:09\nday = 1\nmonth = 7\nyear = 2009\n"
    def played(text: str) -> datetime:
        (audit,) = audited(text)
        return audit.record.info.played_at

    assert played(dated + "time_zone_abbreviation = 'ET'\n") == datetime(2009, 7, 1, 4, 0, 9)
    assert played(dated.replace("month = 7", "month = 12") + "time_zone_abbreviation = 'ET'\n") == \
        datetime(2009, 12, 1, 5, 0, 9)
    assert played(dated + "time_zone_abbreviation = 'CST'\n") == datetime(2009, 7, 1, 0, 0, 9)
    assert played(dated) == datetime(2009, 7, 1, 0, 0, 9)


# Hand 26262271344 of the public PHH data set (HandHQ, Full Tilt Poker 0.25/0.50, names obfuscated):
# its winnings are all 0 though Boris wins the pot, as many of that room's hands write them.
HANDHQ_ZERO_WINNINGS = """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [0.25, 0.50]
min_bet = 0.50
starting_stacks = [20.70, 52.20]
actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 cbr 1.50', 'p1 f']
players = ['Anna', 'Boris']
winnings = [0, 0]
"""


def test_phh_winnings_all_zero_state_no_result_and_the_pot_goes_to_its_winner():
    (audit,) = audited(HANDHQ_ZERO_WINNINGS)
    assert audit.error is None, audit.error
    assert audit.replay.findings == ()
    # heads-up Anna posts the big blind 0.50, Boris the small blind 0.25 and raises to 1.50; Anna
    # folds: 1 comes back to Boris, who collects the pot of 1 (0.50 each), not a rake of the whole pot
    assert collected(audit) == {"Anna": D(0), "Boris": D(1)}
    assert nets(audit) == {"Anna": D("-0.50"), "Boris": D("0.50")}
    assert pokerkit_stacks(HANDHQ_ZERO_WINNINGS) == [D("20.20"), D("52.70")]


# Hand 3406286266 of the public PHH data set (HandHQ, iPoker Network 0.50/1, names obfuscated): the
# source recorded no stack (inf) and its winnings are all 0. p6 opens to 2.50, p1 (small blind)
# makes it 4, p2 (big blind) and p6 call: 4 x 3 = 12. Flop: p1 bets 1, p2 calls, p6 folds: 14.
# Turn: p1 bets 14 and p2 folds; the 14 come back to p1, who takes the pot of 14: p1 +9 (14 - 5),
# p2 -5 (4 + 1), p6 -4.
HANDHQ_UNKNOWN_STACKS = """variant = 'NT'
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [0.50, 1, 0, 0, 0, 0]
min_bet = 1
starting_stacks = [inf, inf, inf, inf, inf, inf]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????', 'd dh p6 ????', 'p3 f', \
'p4 f', 'p5 f', 'p6 cbr 2.50', 'p1 cbr 4', 'p2 cc', 'p6 cc', 'd db TdTsQh', 'p1 cbr 1', 'p2 cc', 'p6 f', 'd db 5s', \
'p1 cbr 14', 'p2 f']
venue = 'iPoker Network'
hand = 3406286266
winnings = [0, 0, 0, 0, 0, 0]
currency = 'USD'
"""
UNKNOWN_STACKS_NETS = {"p1": D(9), "p2": D(-5), "p3": D(0), "p4": D(0), "p5": D(0), "p6": D(-4)}


def test_phh_unknown_stacks_are_played_deep_and_kept_unknown_worked_by_hand():
    (audit,) = audited(HANDHQ_UNKNOWN_STACKS)
    assert audit.error is None, audit.error
    assert audit.replay.findings == ()
    assert audit.record.stack_not_stated == ("p1", "p2", "p3", "p4", "p5", "p6")
    assert not any(action.is_all_in for action in audit.record.actions)
    assert nets(audit) == UNKNOWN_STACKS_NETS
    assert collected(audit) == {"p1": D(14), "p2": D(0), "p3": D(0), "p4": D(0), "p5": D(0), "p6": D(0)}
    assert [p.stack_start for p in audit.replay.players] == [None] * 6
    # pokerkit plays inf as it is (its stacks stay inf): given 1,000 each, it ends with 1,000 + the nets
    assert pokerkit_stacks(HANDHQ_UNKNOWN_STACKS.replace("inf", "1000")) == [
        D(1000) + UNKNOWN_STACKS_NETS[f"p{i}"] for i in range(1, 7)]


@pytest.mark.parametrize("copies", [1, 3])     # one hand a file takes the path of one, three the batch lane
def test_ingest_keeps_unknown_stacks_null_and_counts_the_preflop_play(tmp_path, copies):
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "ipoker.phhs").write_text(
        "".join(f"[{k}]\n{HANDHQ_UNKNOWN_STACKS}\n" for k in range(1, copies + 1)))
    summary = ingest([tmp_path / "logs"], tmp_path / "wh", jobs=1)
    assert (summary.games, summary.quarantined, summary.findings) == (copies, 0, 0)
    with connect(tmp_path / "wh") as con:
        results = con.execute("select player, stack_start, net, allin_ev_net from holdem_results").fetchall()
        listed = con.execute("select distinct player, stack_depth, stack_big_blinds, is_vpip, is_pfr "
                             "from hand_list").fetchall()
        three_bets = con.execute("select player from int_holdem_player_hands where is_three_bet").fetchall()
    assert sorted(results) == sorted((player, None, net, net) for player, net in UNKNOWN_STACKS_NETS.items()
                                     for _ in range(copies))
    # the stack is unknown, so is its depth in big blinds; VPIP: p1, p2, p6; PFR: p6's open, p1's 3-bet
    assert sorted(listed) == [(f"p{i}", None, None, i in (1, 2, 6), i in (1, 6)) for i in range(1, 7)]
    # p1 re-raises p6's open: a 3-bet, his chips beyond the call unknown yet deep as the replay plays them
    assert three_bets == [("p1",)] * copies
    assert {name: count for name, count in run_audits(Warehouse(tmp_path / "wh").open()).items() if count} == {}


# Hand 3406280350 of the public PHH data set (HandHQ, iPoker Network 0.50/1, names obfuscated), cut
# to the play: as its iPoker hands do, the file writes the cards shown at the showdown in the deal
# (p1's AcQc; nobody else's cards are known in its hands without a showdown), then "sm ????" for both
# players, and winnings of all 0. p4 opens to 4, p1 and p2 call: 12. Flop checked; turn p2 bets 6,
# p4 folds, p1 raises to 18, p2 calls: 12 + 36 = 48. River checked. p2 shows nothing, so p1's trip
# queens (AcQc on 4s 3h Qh Qd 9h) take the 48: p1 +26 (48 - 22), p2 -22, p4 -4.
HANDHQ_SHOWN_IN_THE_DEAL = """variant = 'NT'
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [0.50, 1, 0, 0, 0, 0]
min_bet = 1
starting_stacks = [inf, inf, inf, inf, inf, inf]
actions = ['d dh p1 AcQc', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????', 'd dh p6 ????', 'p3 f', \
'p4 cbr 4', 'p5 f', 'p6 f', 'p1 cc', 'p2 cc', 'd db 4s3hQh', 'p1 cc', 'p2 cc', 'p4 cc', 'd db Qd', 'p1 cc', \
'p2 cbr 6', 'p4 f', 'p1 cbr 18', 'p2 cc', 'd db 9h', 'p1 cc', 'p2 cc', 'p1 sm ????', 'p2 sm ????']
winnings = [0, 0, 0, 0, 0, 0]
"""


def test_phh_cards_the_deal_states_are_shown_at_a_showdown_left_unknown_worked_by_hand():
    (audit,) = audited(HANDHQ_SHOWN_IN_THE_DEAL)
    assert audit.error is None, audit.error
    assert audit.replay.findings == ()
    assert nets(audit) == {"p1": D(26), "p2": D(-22), "p3": D(0), "p4": D(-4), "p5": D(0), "p6": D(0)}
    # (pokerkit reads "p1 sm ????" as cards unknown and splits the pot: no second opinion here)
    # neither player's cards known: nothing tells who won, and the hand stays in quarantine
    (audit,) = audited(HANDHQ_SHOWN_IN_THE_DEAL.replace("'d dh p1 AcQc'", "'d dh p1 ????'"))
    assert audit.record is None
    assert audit.error == ("the hand ends with 2 players in, the file's winnings are all 0 and no player still in "
                           "shows their cards: what each player won cannot be worked out")


def test_phh_finishing_stacks_check_only_the_stacks_known():
    # Boris raises to 6 and Anna (big blind 2, stack not recorded) folds: Boris 80 + 2 = 82
    text = HEADS_UP.replace("[100, 80]", "[inf, 80]") + "finishing_stacks = [inf, 82]\n"
    (audit,) = audited(text)
    assert audit.error is None and audit.replay.findings == ()
    assert nets(audit) == {"Anna": D(-2), "Boris": D(2)}
    (audit,) = audited(text.replace("[inf, 82]", "[inf, 83]"))
    assert [f.rule_id for f in audit.replay.findings] == ["HE-FINISHING-STACKS"]


# Hand 3406120628 of the public PHH data set (HandHQ, iPoker Network 1/2, names obfuscated), cut to
# the play: p5 has just sat down and posts 2 to play at once, written as a negative blind (PHH's
# post, a live bet). Preflop p3, p4 fold, p5 checks (his post matches the big blind), p6 folds, p1
# completes with 1, p2 checks: 6. Flop: p1 and p2 check, p5 bets 6 and both fold; the 6 come back
# and p5 takes the 6: p5 +4, p1 -2, p2 -2.
HANDHQ_NEWCOMER_POST = """variant = 'NT'
antes = [0, 0, 0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0, -2, 0]
min_bet = 2
starting_stacks = [inf, inf, inf, inf, inf, inf]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'd dh p5 ????', 'd dh p6 ????', 'p3 f', \
'p4 f', 'p5 cc', 'p6 f', 'p1 cc', 'p2 cc', 'd db Qh7dJd', 'p1 cc', 'p2 cc', 'p5 cbr 6', 'p1 f', 'p2 f']
winnings = [0, 0, 0, 0, 0, 0]
"""


def test_phh_a_negative_blind_is_a_newcomers_live_post_worked_by_hand():
    (audit,) = audited(HANDHQ_NEWCOMER_POST)
    assert audit.error is None, audit.error
    assert audit.replay.findings == ()
    assert [(a.kind.value, a.amount) for a in audit.record.actions if a.player == "p5"][:2] == [
        ("post_bb", D(2)), ("check", D(0))]
    assert nets(audit) == {"p1": D(-2), "p2": D(-2), "p3": D(0), "p4": D(0), "p5": D(4), "p6": D(0)}
    assert pokerkit_stacks(HANDHQ_NEWCOMER_POST.replace("inf", "1000")) == [
        D(998), D(998), D(1000), D(1000), D(1004), D(1000)]
    # the file's seats put p5 at seat 4, between the big blind (3) and p3 (5), where he would act
    # before p3: its seating and its order of play disagree, which the replay finds
    (audit,) = audited(HANDHQ_NEWCOMER_POST + "seats = [2, 3, 5, 6, 4, 1]\n")
    assert {f.rule_id for f in audit.replay.findings} == {"HE-ACTION-ORDER"}


def test_phh_the_replayer_keeps_an_unknown_stack_unknown():
    from dashboards.replayer import holdem_states

    (audit,) = audited(HANDHQ_UNKNOWN_STACKS)
    states = holdem_states(audit.record, audit.replay)
    assert {s.stack for state in states for s in state.seats} == {None}
    # the chips still move: p1's 4 and 1 and 14 are in front of him or in the pot, then he takes 14 back
    # uncalled and collects the 14 (12 preflop, 1 + 1 on the flop)
    assert states[-1].pot == D(14) and {s.player: s.collected for s in states[-1].seats}["p1"] == D(14)


def test_a_phhs_files_batch_stores_hands_with_findings_as_the_full_path_does():
    # Four tables in one file: the side pot as it is, its finishing stacks wrong (Anna 90, Dasha
    # 190: HE-FINISHING-STACKS and the showdown's findings), a raise too small (HE-MIN-RAISE),
    # and heads-up. The batch stores all four, the findings worded as the one-hand replay words
    # them: the rows of both paths are compared whole.
    from pipeline.worker import parse_bytes
    from tests.test_holdem_lane import assert_same_rows

    wrong = SIDE_POT.replace("finishing_stacks = [80, 201, 179, 200]", "finishing_stacks = [90, 201, 179, 190]")
    small = HEADS_UP.replace('"p2 cbr 6"', '"p2 cbr 3"')
    data = "".join(f"[{n}]\n{text}\n" for n, text in enumerate((SIDE_POT, wrong, small, HEADS_UP), 1)).encode()
    result = parse_bytes(data, "night.phhs")
    assert (result.count_games, result.count_batched, result.count_quarantined) == (4, 4, 0)
    findings = result.tables[("findings", "holdem")].to_pylist()
    assert {f["rule_id"] for f in findings} >= {"HE-FINISHING-STACKS", "HE-MIN-RAISE"}
    stacks = [f for f in findings if f["rule_id"] == "HE-FINISHING-STACKS"]
    assert [(f["expected"], f["actual"]) for f in stacks] == [("200", "190")]
    assert assert_same_rows(data, "night.phhs") == (4, 0, 4)
