"""A rule setting given for a file (``ingest FILE --rules OPTION``) follows the file where the
ledger takes its games: moved, renamed, split, merged or copied.

It stayed under the gone path: the next ``reaudit`` judged the moved hands without it (a 36-card
pot to a straight called wrong, a Limit hand judged under the room's cap, a Winning hand of the
older text sent back to quarantine for want of its betting structure).

The hands, worked by hand (see tests/test_holdem_straight_order.py, test_holdem_limit_cap_setting.py
and test_room_winning.py):

- ``STRAIGHT_WINS``: 36 cards, Boris's straight J-T-9-8-7 against Anna's three tens, and the log
  pays Boris the pot of 10. Under ``straight_beats_trips`` that is right: no finding. Under the
  room's own order (PokerStars: trips over a straight) Anna should have collected it: findings.
- the Limit hand: heads-up, six bets preflop. ``uncapped_heads_up`` for the file holds over the
  room's ``cap_heads_up``: no finding; under the room's setting, the fifth and sixth bets break
  the cap of 4: two HE-LIMIT-CAP findings.
- ``OLDER``: Winning's older text names no betting structure: read under ``no_limit``; without a
  setting it stays in quarantine.
"""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from pipeline.cli import main
from pipeline.ingest import ingest
from pipeline.warehouse import Warehouse, connect
from tests.reingest_helpers import games_reaudited, settings_findings_rulesets
from tests.test_holdem_limit_cap_setting import HAND as LIMIT_HAND
from tests.test_holdem_straight_order import STRAIGHT_WINS
from tests.test_room_winning import OLDER

OTHER_STRAIGHT = STRAIGHT_WINS.replace("#2604", "#2605")
"""The same pot at the same table, another hand number: another game."""


@pytest.mark.parametrize(("text", "rules", "kept", "ruleset"), [
    (STRAIGHT_WINS, ["straight_beats_trips"], {"rules file {}": "straight_beats_trips"},
     "pokerstars no_limit, straight_beats_trips"),
    (LIMIT_HAND, ["room PokerStars: cap_heads_up", "uncapped_heads_up"],
     {"rules heads_up room PokerStars": "cap_heads_up", "rules heads_up file {}": "uncapped_heads_up"},
     "pokerstars limit, uncapped_heads_up"),
    (OLDER, ["no_limit"], {"rules betting file {}": "no_limit"}, "winning no_limit, no_limit set"),
])
def test_a_file_setting_follows_its_file_moved_and_a_reaudit_judges_nothing_again(tmp_path, text, rules, kept,
                                                                                   ruleset):
    night, archive, wh = tmp_path / "night.txt", tmp_path / "archive", tmp_path / "wh"
    night.write_text(text, encoding="utf-8")
    first = ingest([night], wh, jobs=1, rules=rules)
    assert (first.games, first.quarantined, first.findings) == (1, 0, 0)
    archive.mkdir()
    moved = archive / "night.txt"
    shutil.move(night, moved)
    summary = ingest([archive], wh, jobs=1)
    assert summary.moved == [(str(moved), str(night))] and summary.followed == 1
    entry, = summary.settings_followed
    option = rules[-1]
    assert (entry.file, entry.origins, entry.copy, entry.options) == (str(moved), (str(night),), False, (option,))
    assert summary.refollowed == 0     # its hands were judged under it already
    assert games_reaudited(wh) == 0
    settings, findings, rulesets, quarantined = settings_findings_rulesets(wh)
    assert settings == {name.format(moved): value for name, value in kept.items()}
    assert (findings, rulesets, quarantined) == ([], {str(moved): ruleset}, 0)


def test_the_ingest_says_which_setting_followed_the_file(tmp_path):
    night, wh = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text(STRAIGHT_WINS, encoding="utf-8")
    assert CliRunner().invoke(main, ["ingest", str(night), "-w", str(wh), "-q", "--rules",
                                     "straight_beats_trips"]).exit_code == 0
    renamed = tmp_path / "night-6plus.txt"
    night.rename(renamed)
    result = CliRunner().invoke(main, ["ingest", str(renamed), "-w", str(wh), "-q"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1:] == [
        f"  {renamed} is {night} moved, its bytes unchanged (that path is gone): taken as that file at its new path",
        "  1 game stored before follows its file to its new path, at the same lines",
        f"  the rule setting given for {night}, straight_beats_trips, follows it to {renamed}"]
    listed = CliRunner().invoke(main, ["settings", "-w", str(wh), "--json"]).output
    assert f'"name": "rules file {renamed}"' in listed and str(night) + '"' not in listed


def test_hands_a_moved_file_gained_are_judged_again_under_the_setting_that_followed_it(tmp_path):
    # The new hand is read at the new path before the commit takes the file for the one moved:
    # under no setting, the room's order (trips over a straight) gives it two findings; once the
    # setting has followed, it is judged again under it, and none is left.
    # (two hands before, three now: most games of each are the other's, so it is taken for it)
    night, wh = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text(STRAIGHT_WINS + "\n\n" + OTHER_STRAIGHT, encoding="utf-8")
    ingest([night], wh, jobs=1, rules=["straight_beats_trips"])
    moved = tmp_path / "archive.txt"
    moved.write_text(STRAIGHT_WINS + "\n\n" + OTHER_STRAIGHT + "\n\n" + STRAIGHT_WINS.replace("#2604", "#2606"),
                     encoding="utf-8")
    night.unlink()
    summary = ingest([moved], wh, jobs=1)
    assert summary.moved == [(str(moved), str(night))] and summary.games == 1
    assert summary.findings == 2     # as read, before the setting followed
    assert (summary.refollowed, summary.refollowed_findings) == (1, 0)
    settings, findings, _, _ = settings_findings_rulesets(wh)
    assert settings == {f"rules file {moved}": "straight_beats_trips"} and findings == []
    with connect(wh) as con:
        assert con.execute("select ruleset from games").fetchall() == [("pokerstars no_limit, straight_beats_trips",)] * 3
    assert games_reaudited(wh) == 0


def test_a_copy_takes_the_setting_and_holds_the_hand_under_it_when_the_file_drops_it(tmp_path):
    # A copy holds the same games: recorded unread, it takes the setting of the file it copies,
    # which keeps its own. When that file's new text no longer holds the hand, the hand points at
    # the copy, and is still judged under the setting.
    night, copy, wh = tmp_path / "night.txt", tmp_path / "backup.txt", tmp_path / "wh"
    night.write_text(STRAIGHT_WINS, encoding="utf-8")
    ingest([night], wh, jobs=1, rules=["straight_beats_trips"])
    shutil.copyfile(night, copy)
    summary = ingest([night, copy], wh, jobs=1)
    entry, = summary.settings_followed
    assert (entry.file, entry.origins, entry.copy, entry.options) == (str(copy), (str(night),), True,
                                                                       ("straight_beats_trips",))
    assert settings_findings_rulesets(wh)[0] == {f"rules file {night}": "straight_beats_trips", f"rules file {copy}": "straight_beats_trips"}
    night.write_text(LIMIT_HAND, encoding="utf-8")
    again = ingest([night, copy], wh, jobs=1)
    assert again.in_other_files == 1 and again.superseded == 0
    assert games_reaudited(wh) == 0
    _, findings, rulesets, _ = settings_findings_rulesets(wh)
    assert findings == [] and rulesets == {str(copy): "pokerstars no_limit, straight_beats_trips",
                                           str(night): "pokerstars limit"}


def test_a_file_split_in_two_gives_each_part_its_setting(tmp_path):
    night, wh = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text(STRAIGHT_WINS + "\n\n" + OTHER_STRAIGHT, encoding="utf-8")
    ingest([night], wh, jobs=1, rules=["straight_beats_trips"])
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text(STRAIGHT_WINS, encoding="utf-8")
    second.write_text(OTHER_STRAIGHT, encoding="utf-8")
    night.unlink()
    summary = ingest([first, second], wh, jobs=1)
    assert sorted(summary.moved) == [(str(first), str(night)), (str(second), str(night))]
    assert sorted(entry.file for entry in summary.settings_followed) == [str(first), str(second)]
    assert games_reaudited(wh) == 0
    settings, findings, _, _ = settings_findings_rulesets(wh)
    assert settings == {f"rules file {first}": "straight_beats_trips", f"rules file {second}": "straight_beats_trips"}
    assert findings == []


def test_files_merged_take_their_setting_when_alike_and_none_when_not(tmp_path):
    one, two, wh = tmp_path / "one.txt", tmp_path / "two.txt", tmp_path / "wh"
    one.write_text(STRAIGHT_WINS, encoding="utf-8")
    two.write_text(OTHER_STRAIGHT, encoding="utf-8")
    ingest([one, two], wh, jobs=1, rules=["straight_beats_trips"])     # the same option for both
    both = tmp_path / "both.txt"
    both.write_text(STRAIGHT_WINS + "\n\n" + OTHER_STRAIGHT, encoding="utf-8")
    one.unlink()
    two.unlink()
    summary = ingest([both], wh, jobs=1)
    assert summary.merged == [(str(both), [str(one), str(two)])]
    entry, = summary.settings_followed
    assert (entry.options, entry.differing) == (("straight_beats_trips",), ())
    assert settings_findings_rulesets(wh)[:2] == ({f"rules file {both}": "straight_beats_trips"}, [])
    assert games_reaudited(wh) == 0


def test_files_merged_set_apart_give_none_and_the_ingest_says_so(tmp_path):
    # one.txt is set, two.txt not (its hand judged under the room's order: two findings). The
    # merge cannot hold both: it takes neither, one.txt's setting stays kept, and the user is told.
    one, two, wh = tmp_path / "one.txt", tmp_path / "two.txt", tmp_path / "wh"
    one.write_text(STRAIGHT_WINS, encoding="utf-8")
    two.write_text(OTHER_STRAIGHT, encoding="utf-8")
    ingest([one], wh, jobs=1, rules=["straight_beats_trips"])
    ingest([two], wh, jobs=1)
    both = tmp_path / "both.txt"
    both.write_text(STRAIGHT_WINS + "\n\n" + OTHER_STRAIGHT, encoding="utf-8")
    one.unlink()
    two.unlink()
    result = CliRunner().invoke(main, ["ingest", str(both), "-w", str(wh), "-q"])
    assert result.exit_code == 0, result.output
    assert (f"  {both} takes no rule setting of the files merged into it that are not set alike "
            f"(straight_beats_trips for {one}; none for {two}): those stay kept for their paths; give it its own "
            f"with `rasklad ingest {both} --rules OPTION`") in result.output.splitlines()
    assert settings_findings_rulesets(wh)[0] == {f"rules file {one}": "straight_beats_trips"}


# -- a warehouse an older Rasklad left: the setting kept under the gone path ----------------------------------

def _as_an_older_rasklad_left_it(wh, gone, now) -> None:
    """The release before settings followed files recorded a move in the ledger (``moved_from``) but
    kept the file's setting under the gone path: put it back there."""
    import pyarrow as pa

    with Warehouse(wh).open() as store:
        rows = store.read_table("settings").to_pylist()
        assert [row["name"] for row in rows] == [f"rules file {now}"]
        store.replace_table("settings", pa.table({"name": [f"rules file {gone}"], "value": [rows[0]["value"]]}))


def test_a_setting_an_older_rasklad_left_under_a_moved_files_path_follows_in_the_first_reaudit(tmp_path):
    # Left under the gone path, the reaudit judged the straight's pot under the room's order (trips
    # over a straight): two findings, though the log pays it right under the club's setting. It follows
    # the file first, in words, and the reaudit finds nothing.
    night, wh = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text(STRAIGHT_WINS, encoding="utf-8")
    ingest([night], wh, jobs=1, rules=["straight_beats_trips"])
    moved = tmp_path / "archive.txt"
    night.rename(moved)
    ingest([moved], wh, jobs=1)
    _as_an_older_rasklad_left_it(wh, night, moved)
    result = CliRunner().invoke(main, ["reaudit", "-w", str(wh), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:2] == [
        "Rule settings an older Rasklad left under the paths of files it saw moved:",
        f"  the rule setting given for {night}, straight_beats_trips, follows it to {moved}"]
    settings, findings, rulesets, _ = settings_findings_rulesets(wh)
    assert settings == {f"rules file {moved}": "straight_beats_trips"}
    assert (findings, rulesets) == ([], {str(moved): "pokerstars no_limit, straight_beats_trips"})
    again = CliRunner().invoke(main, ["reaudit", "-w", str(wh), "--jobs", "1"])     # said once: none is left
    assert "older Rasklad" not in again.output


def test_a_setting_left_behind_two_moves_follows_both_in_the_first_ingest(tmp_path):
    # night.txt moved to b.txt, then b.txt to c.txt, the setting left under night.txt: it follows
    # each recorded move in turn and lands on c.txt, which the ledger holds the hand at; the gone
    # paths keep none. The ingest reads nothing new (c.txt unchanged) and says so.
    night, wh = tmp_path / "night.txt", tmp_path / "wh"
    night.write_text(STRAIGHT_WINS, encoding="utf-8")
    ingest([night], wh, jobs=1, rules=["straight_beats_trips"])
    b, c = tmp_path / "b.txt", tmp_path / "c.txt"
    night.rename(b)
    ingest([b], wh, jobs=1)
    b.rename(c)
    ingest([c], wh, jobs=1)
    _as_an_older_rasklad_left_it(wh, night, c)
    summary = ingest([c], wh, jobs=1)
    assert [(entry.file, entry.origins, entry.options) for entry in summary.settings_followed] == [
        (str(b), (str(night),), ("straight_beats_trips",)), (str(c), (str(b),), ("straight_beats_trips",))]
    assert summary.games == 0
    settings, findings, _, _ = settings_findings_rulesets(wh)
    assert (settings, findings) == ({f"rules file {c}": "straight_beats_trips"}, [])
    assert games_reaudited(wh) == 0
