"""The replayer: each game as steps drawn as a table, Hold'em's chips summed from the replay's facts.

The expected stacks and pots are worked out by hand from the hands below; the drawing is read
for what a player must see (names escaped, four-colour suits, the button, the pot after the last step).
"""

from __future__ import annotations

import doctest
from decimal import Decimal as D

import pytest

from dashboards import replayer
from dashboards.replayer import holdem_states, step_at_line, steps_of
from pipeline.audit import audit_bytes
from tests import formats_examples

# Anna raises to 6 from the button, Boris folds his small blind, Vera calls from the big blind,
# then 10 on the flop and 20 on the river are called: the pot is 1 + 6 + 6 + 20 + 40 = 73,
# the rake 2, Anna collects 71.
HAND = """\
PokerStars Hand #250000000000: Hold'em No Limit ($1/$2 USD) - 2024/01/02 3:04:05 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: Anna ($100 in chips)
Seat 2: Boris ($100 in chips)
Seat 3: Vera ($100 in chips)
Boris: posts small blind $1
Vera: posts big blind $2
*** HOLE CARDS ***
Dealt to Anna [As Ad]
Anna: raises $4 to $6
Boris: folds
Vera: calls $4
*** FLOP *** [2c 7d 9h]
Vera: checks
Anna: bets $10
Vera: calls $10
*** TURN *** [2c 7d 9h] [Jc]
Vera: checks
Anna: checks
*** RIVER *** [2c 7d 9h Jc] [3s]
Vera: bets $20
Anna: calls $20
*** SHOW DOWN ***
Vera: shows [Kc Kd] (a pair of Kings)
Anna: shows [As Ad] (a pair of Aces)
Anna collected $71 from pot
*** SUMMARY ***
Total pot $73 | Rake $2
Board [2c 7d 9h Jc 3s]
Seat 1: Anna (button) showed [As Ad] and won ($71) with a pair of Aces
Seat 2: Boris (small blind) folded before Flop
Seat 3: Vera (big blind) showed [Kc Kd] and lost with a pair of Kings
"""

# Heads-up: Anna (button, small blind) raises to 4, Boris folds, 2 go back uncalled, Anna takes 4.
WALKOVER = """\
PokerStars Hand #250000000009: Hold'em No Limit (1/2) - 2024/01/02 3:04:05 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: <b>Anna</b> (100 in chips)
Seat 2: Boris (100 in chips)
<b>Anna</b>: posts small blind 1
Boris: posts big blind 2
*** HOLE CARDS ***
<b>Anna</b>: raises 2 to 4
Boris: folds
Uncalled bet (2) returned to <b>Anna</b>
<b>Anna</b> collected 4 from pot
*** SUMMARY ***
Total pot 4 | Rake 0
Seat 1: <b>Anna</b> (button) (small blind) collected (4)
Seat 2: Boris (big blind) folded before Flop
"""


def one(text: str):
    games = audit_bytes(text.encode(), "test.txt")
    assert len(games) == 1 and games[0].replay is not None, games[0].error
    return games[0]


def stacks(state) -> dict[str, D]:
    return {s.player: s.stack for s in state.seats}


def test_holdem_replayer_stacks_and_pot_follow_each_action():
    game = one(HAND)
    states = holdem_states(game.record, game.replay)
    assert len(states) == 1 + len(game.record.actions)  # the seats before any action, then one per action
    assert stacks(states[0]) == {"Anna": 100, "Boris": 100, "Vera": 100} and states[0].pot == 0
    after_call = next(s for s in states if s.line == 12)  # Vera calls 4 preflop
    assert stacks(after_call) == {"Anna": 94, "Boris": 99, "Vera": 94} and after_call.pot == 13
    assert {s.player: s.bet for s in after_call.seats} == {"Anna": 6, "Boris": 1, "Vera": 6}
    flop_bet = next(s for s in states if s.line == 15)  # Anna bets 10: bets start again on the flop
    assert flop_bet.street == "flop" and flop_bet.pot == 23
    assert {s.player: s.bet for s in flop_bet.seats} == {"Anna": 10, "Boris": 0, "Vera": 0}
    assert [str(c) for c in flop_bet.board] == ["2c", "7d", "9h"]
    last = states[-1]
    assert stacks(last) == {"Anna": 135, "Boris": 99, "Vera": 64}
    assert last.pot == 73  # the pot, not what is left once the winner took his share (the rake, 2)
    assert [str(c) for c in last.board] == ["2c", "7d", "9h", "Jc", "3s"]


def test_holdem_replayer_last_step_shows_the_pot_and_the_rake():
    game = one(HAND)
    html = steps_of(game.record, game.replay)[-1].html
    assert "Pot 73" in html and "rake 2" in html and "Pot 2<" not in html
    assert "collects 71" in html


def test_holdem_replayer_counts_the_steps_on_the_table_from_one():
    # the seats, then each of the hand's actions: the first step is 1, the last the count
    game = one(HAND)
    steps = steps_of(game.record, game.replay)
    count = 1 + len(game.record.actions)
    assert len(steps) == count
    assert f"step 1 of {count}:" in steps[0].html and f"step {count} of {count}:" in steps[-1].html


def test_holdem_replayer_writes_every_amount_of_a_currency_to_the_cent():
    # the log writes $4 and $100 bare: a hand in dollars reads 4.00 and 100.00, as its table does
    game = one(HAND)
    assert game.record.currency == "USD"
    steps = steps_of(game.record, game.replay)
    assert [s.label for s in steps[1:3]] == ["Boris posts the small blind 1.00", "Vera posts the big blind 2.00"]
    raise_step = steps[step_at_line(steps, 10)]
    assert raise_step.label == "Anna raises to 6.00"
    assert ">94.00<" in raise_step.html and ">6.00<" in raise_step.html    # her stack, her bet in front of her
    assert "Pot 9.00" in raise_step.html    # 1 + 2 + 6
    last = steps[-1].html
    assert "Pot 73.00" in last and "rake 2.00" in last and "collects 71.00" in last
    assert all(">100<" not in s.html and ">94<" not in s.html for s in steps)


def test_holdem_replayer_writes_whole_chips_whole():
    game = one(WALKOVER)     # play chips, every amount whole
    steps = steps_of(game.record, game.replay)
    assert "Pot 4<" in steps[-1].html and ">102<" in steps[-1].html
    assert steps[3].label == "<b>Anna</b> raises to 4"


def test_holdem_replayer_returns_the_uncalled_bet():
    game = one(WALKOVER)
    states = holdem_states(game.record, game.replay)
    after_raise, after_return, last = states[3], states[5], states[-1]
    assert after_raise.pot == 6 and stacks(after_raise)["<b>Anna</b>"] == 96
    assert after_return.pot == 4 and stacks(after_return)["<b>Anna</b>"] == 98
    assert stacks(last) == {"<b>Anna</b>": 102, "Boris": 98} and last.pot == 4


def test_holdem_replayer_escapes_names_and_draws_the_button_and_four_colours():
    game = one(WALKOVER)
    html = steps_of(game.record, game.replay)[0].html
    assert "&lt;b&gt;Anna&lt;/b&gt;" in html and "<b>Anna</b>" not in html
    assert 'title="button"' in html
    hand = one(HAND)
    drawn = steps_of(hand.record, hand.replay)[-1].html
    assert replayer.SUIT_COLOURS["d"] in drawn and "A♦" in drawn and "K♣" in drawn
    assert replayer.SUIT_COLOURS["c"] == "#13874b" and replayer.SUIT_COLOURS["d"] == "#1a5fd0"


def test_holdem_replayer_opens_at_the_step_of_a_finding():
    broken = HAND.replace("Vera: checks\nAnna: bets $10", "Vera: checks\nAnna: checks\nVera: bets $10", 1)
    broken = broken.replace("Vera: calls $10", "Anna: calls $10")
    game = audit_bytes(broken.encode(), "broken.txt")[0]
    steps = steps_of(game.record, game.replay)
    lines = {f.line for f in game.replay.findings}
    assert lines, "the broken hand must have findings"
    line = min(lines)
    index = step_at_line(steps, line)
    assert steps[index].line == line  # the step of the finding's own line
    summary_line = game.record.summary.total_line
    assert step_at_line(steps, summary_line) == len(steps) - 1  # a summary finding opens the last step


def test_raspisnoy_replayer_goes_trick_by_trick():
    game = one(formats_examples.RASPISNOY_LOG)
    steps = steps_of(game.record, game.replay)
    rounds = game.record.rounds
    assert len(steps) == sum(1 + len(r.tricks) for r in rounds)  # the deal and bids, then each trick
    first_trick = rounds[0].tricks[0]
    step = steps[step_at_line(steps, first_trick.line)]
    assert step.line == first_trick.line
    assert "takes it" in step.label
    for play in first_trick.plays:
        assert replayer.esc(play.player) in step.html


def test_chinese_replayer_draws_each_players_rows_with_royalties():
    game = one(formats_examples.CHINESE)
    (step,) = steps_of(game.record, game.replay)
    for player in game.record.players:
        assert replayer.esc(player) in step.html
    assert step.html.count(">front<") == len(game.record.players)
    for row in game.replay.rows:
        if row.royalty:
            assert f"royalty {row.royalty}" in step.html


@pytest.mark.parametrize("name", ["ofc-classic.txt", "sixcard-metropol.txt", "raspisnoy-sheets.txt"])
def test_every_game_has_steps(name):
    from tests.test_dashboards_apptest import SAMPLES

    path = SAMPLES / name
    if not path.exists():
        pytest.skip(f"{name} is not among the samples")
    game = next(g for g in audit_bytes(path.read_bytes(), name) if g.replay is not None)
    steps = steps_of(game.record, game.replay)
    assert steps and all(s.html for s in steps)
    if name.startswith("ofc"):
        turns = {p.turn_no for p in game.replay.placements}
        assert len(steps) == len(turns) + 1  # each turn, then the final rows with their points
    if name.startswith("sixcard"):
        assert len(steps) == len(game.replay.boxes)


def test_replayer_doctests():
    assert doctest.testmod(replayer).failed == 0


# -- rasklad show ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def small_warehouse(tmp_path_factory):
    from pipeline.ingest import ingest
    from tests.test_dashboards_apptest import RASPISNOY_WRONG_TOTAL

    base = tmp_path_factory.mktemp("show")
    (base / "logs").mkdir()
    (base / "logs" / "night.txt").write_text(RASPISNOY_WRONG_TOTAL + "\n" + HAND, encoding="utf-8")
    ingest([base / "logs"], base / "wh", jobs=1)
    return base / "wh"


def _show(*args):
    from click.testing import CliRunner

    from pipeline.cli import main

    return CliRunner().invoke(main, ["show", *args], catch_exceptions=False)


def _game_ids(warehouse) -> dict[str, str]:
    from pipeline.warehouse import connect

    with connect(warehouse) as con:
        return dict(con.execute("select game, game_id from stg_games").fetchall())


def test_show_prints_the_kept_text_with_the_finding_marked_and_its_rule(small_warehouse):
    raspisnoy = _game_ids(small_warehouse)["raspisnoy"]
    result = _show(raspisnoy[:8], "--warehouse", str(small_warehouse))
    assert result.exit_code == 0, result.output
    assert f"raspisnoy game {raspisnoy}" in result.output
    assert "Totals: Boris 0, Vera 15, Anna 5   ◀ RSP-TOTAL" in result.output
    assert "expected 0, the log says 5" in result.output   # Anna: -10 + 10
    assert "RSP-TOTAL: " in result.output.split("1 finding:")[1]


def test_show_words_what_was_expected_and_leaves_out_a_value_a_finding_has_none_of(tmp_path):
    from pipeline.ingest import ingest

    dealt_twice = formats_examples.CHINESE.replace("front [5s 5c Ad]", "front [5s 5c 6h]")  # Anna holds the 6h
    two_results = formats_examples.SIXCARD.replace("Result: box 1 +20,", "Result: box 1 +20, box 1 +20,")
    (tmp_path / "night.txt").write_text(dealt_twice + "\n" + two_results, encoding="utf-8")
    ingest([tmp_path / "night.txt"], tmp_path / "wh", jobs=1)
    games = _game_ids(tmp_path / "wh")
    chinese = _show(games["chinese"], "--warehouse", str(tmp_path / "wh")).output
    assert "CP-DEAL (error, line 8): 6h of Boris was already dealt to Anna" in chinese
    assert "expected a card not yet dealt, the log says 6h" in chinese
    sixcard = _show(games["sixcard"], "--warehouse", str(tmp_path / "wh")).output
    assert "SIX-PAY (error, line 23): hand 1: box 1 has two results" in sixcard
    assert "None" not in chinese + sixcard


def test_show_finds_a_holdem_hand_by_its_number(small_warehouse):
    result = _show("250000000000", "--warehouse", str(small_warehouse))
    assert result.exit_code == 0, result.output
    assert "players: Anna +35.00, Boris -1.00, Vera -36.00" in result.output  # 135 - 100, 99 - 100, 64 - 100
    assert "No findings" in result.output


def test_show_says_the_time_is_utc_only_where_the_log_names_its_zone(small_warehouse):
    """The stored time is in UTC where the log names its zone (3:04:05 ET on 2 January is 08:04:05
    UTC), else as written: said so, not left for the reader to take as his local time."""
    import json

    games = _game_ids(small_warehouse)
    holdem = _show(games["holdem"], "--warehouse", str(small_warehouse)).output.splitlines()
    assert holdem[1] == "played 2024-01-02 08:04:05 UTC, table Test"
    raspisnoy = _show(games["raspisnoy"], "--warehouse", str(small_warehouse)).output.splitlines()
    assert raspisnoy[1] == "played 2026-12-05 19:30:00 (as written: the log names no time zone), club Tverskaya"
    as_json = json.loads(_show(games["holdem"], "--json", "--warehouse", str(small_warehouse)).stdout)
    assert (as_json["played_at"], as_json["time_zone"]) == ("2024-01-02 08:04:05", "UTC")
    assert json.loads(_show(games["raspisnoy"], "--json", "--warehouse", str(small_warehouse)).stdout)[
        "time_zone"] is None


def test_show_an_unknown_id_says_did_you_mean(small_warehouse):
    raspisnoy = _game_ids(small_warehouse)["raspisnoy"]
    wrong = raspisnoy[:12] + ("0" if raspisnoy[12] != "0" else "1")
    result = _show(wrong, "--warehouse", str(small_warehouse))
    assert result.exit_code == 1
    assert f"No stored game has an ID starting with '{wrong}'. Did you mean '{raspisnoy}'?" in result.output


def sample_games() -> list:
    from tests.test_dashboards_apptest import SAMPLES

    return [pytest.param(path, id=path.stem) for path in sorted(SAMPLES.glob("*.txt")) if SAMPLES.is_dir()]


@pytest.mark.parametrize("path", sample_games())
def test_every_step_of_every_sample_game_is_drawn(path):
    games = [g for g in audit_bytes(path.read_bytes(), path.name) if g.replay is not None]
    assert games, f"no game of {path.name} replays"
    for game in games:
        steps = steps_of(game.record, game.replay)
        assert steps, f"{game.record.info.game} game at line {game.chunk.first_line} has no step"
        lines = [s.line for s in steps if s.line is not None]
        assert lines == sorted(lines), "steps follow the log's order"
        for step in steps:
            assert step.html.startswith("<div") and step.label
            assert "<script" not in step.html.lower()


# -- which step a finding is about: opened at and marked on it ----------------------------------------

# Vera's round-3 total is written 25: 10 after round 2, and bid 1, took 1 in a regular round of 3
# cards is 10 points, so 20 (RSP-TOTAL at line 11, the row of round 3).
SHEET = """\
Raspisnoy sheet R-QA-SHEET
Date: 30.11.2026
Club: Tverskaya
Players: Anna | Boris | Vera | Gleb
Rules: specials no-trump misere golden
First dealer: Boris

 #  cards kind     | Anna     | Boris    | Vera     | Gleb
 1  1     regular  | 0/0 5    | 1/0 -10  | 0/0 5    | 1/1 10
 2  2     regular  | 0/1 6    | 0/0 -5   | 0/0 10   | 1/1 20
 3  3     regular  | 1/1 16   | 1/0 -15  | 1/1 25   | 1/1 30
"""

# Box 1 (K♣ K♦, plays 10) meets a dealer with no game, buys the dealer's game for its ante (J♦ out,
# 8♦ in: a pair of eights) and wins with its kings: ante 5 + bet 10 at 1:1 = +15, less the 5 the buy
# cost: +10. Box 2 buys 2♥ for 5 and has a flush against the dealer's jack high, no game: the ante is
# paid 1:1 (+5) and the bet comes back, less the 5: +0. The Result line (12) says +15 and +5: two
# SIX-PAY findings at one line, one per box.
SIXCARD = """\
Six-card poker session QA-S1
Date: 2026-11-30 20:15
Casino: Metropol
Player: Boris

Hand 1
Dealer up: 9d
Box 1: ante 5 [Kc Kd 8s 4h 2c]; plays 10
Box 2: ante 5 [Qh Jh 9h 3h 7c]; buys 2h; plays 10
Dealer: [Jd 8c 6s 3c 9d]
Box 1 buys dealer game: Jd for 8d
Result: box 1 +15, box 2 +5
"""


def _marks(game):
    from dashboards.replay_views import findings_frame, marks_of

    return marks_of(findings_frame(game.replay))


def test_a_score_sheets_steps_stand_at_their_rows_and_a_total_is_marked_on_its_round():
    from dashboards.replay_views import flagged_at

    game = one(SHEET)
    assert [(f.rule_id, f.line, f.expected, f.actual) for f in game.replay.findings] == [("RSP-TOTAL", 11, "20", "25")]
    steps = steps_of(game.record, game.replay)
    assert [s.line for s in steps] == [9, 10, 11]
    assert step_at_line(steps, 11) == 2
    marks = _marks(game)
    assert [[rule for _, rule, _ in flagged_at(steps, i, marks)] for i in range(3)] == [
        [], [], ["RSP-TOTAL"]]
    assert "Round 1 · 1 card ·" in steps[0].html and "Round 3 · 3 cards ·" in steps[2].html


def test_sixcard_findings_on_one_result_line_are_each_marked_on_their_own_box():
    from dashboards.replay_views import flagged_at

    game = one(SIXCARD)
    assert {(f.line, f.expected, f.actual) for f in game.replay.findings if f.rule_id == "SIX-PAY"} == {
        (12, "+10", "+15"), (12, "0", "+5")}
    steps = steps_of(game.record, game.replay)
    assert [s.line for s in steps] == [8, 9]
    assert step_at_line(steps, 12) == 0      # the line's first box
    marks = _marks(game)
    box1, box2 = (flagged_at(steps, i, marks) for i in (0, 1))
    assert [(line, rule) for line, rule, _ in box1] == [(12, "SIX-PAY")] == [(line, rule) for line, rule, _ in box2]
    assert box1[0][2].startswith("hand 1, box 1:") and box2[0][2].startswith("hand 1, box 2:")
    # a finding at the dealer-game buy (line 11) would be box 1's, whose buy it is
    assert 0 in replayer.steps_of_finding(steps, 11) and 1 not in replayer.steps_of_finding(steps, 11)


def test_a_finding_on_a_hands_header_is_marked_on_its_first_step():
    from dashboards.replay_views import flagged_at

    game = one(HAND.replace("($1/$2 USD)", "(€1/€2 USD)"))
    assert [(f.rule_id, f.line) for f in game.replay.findings] == [("ROOM-CURRENCY", 1)]
    steps = steps_of(game.record, game.replay)
    assert step_at_line(steps, 1) == 0
    marks = _marks(game)
    assert [rule for _, rule, _ in flagged_at(steps, 0, marks)] == ["ROOM-CURRENCY"]
    assert not any(flagged_at(steps, i, marks) for i in range(1, len(steps)))


def test_chinese_poker_is_drawn_in_one_step_at_no_line_and_carries_every_finding():
    from dashboards.replay_views import flagged_at

    game = one(formats_examples.CHINESE)
    (step,) = steps_of(game.record, game.replay)
    assert step.line is None
    assert flagged_at([step], 0, {6: [("CP-ROYALTY", "error", "")], 7: [("CP-SCORE", "error", "")]}) == [
        (6, "CP-ROYALTY", ""), (7, "CP-SCORE", "")]
