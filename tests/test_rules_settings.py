"""The ``Rules:`` settings of the club games and Hold'em's ``--rules``, as a club that changes its
options meets them: a setting given twice with two values is refused naming both (never the last
silently winning); a value out of range is refused with the setting, the value and the values
allowed; a misspelt setting names the close ones; an option of the other games given to
``--rules`` says where it is written."""

from __future__ import annotations

from decimal import Decimal

import pytest
from click.testing import CliRunner

import formats_examples
from parsers.sixcard import parse as parse_sixcard
from pipeline.cli import main
from pipeline.table_rules import RuleSettings, parse_setting
from pipeline.worker import parse_bytes
from rules.chinese import ChineseRules
from rules.raspisnoy import Ruleset
from rules.records import Source
from rules.sixcard import SixcardRules
from rules.sixcard import replay as replay_sixcard

# Each game's example, where a Rules: line goes in it, and the line it then is
EXAMPLES = {
    "raspisnoy": (formats_examples.RASPISNOY_LOG, "Rules: default", 5),
    "raspisnoy_sheet": (formats_examples.RASPISNOY_SHEET, "Rules: default", 5),
    "chinese": (formats_examples.CHINESE, "Dealer: Vera\n", 7),
    "ofc": (formats_examples.OFC, "Dealer: Boris\n", 8),
    "sixcard": (formats_examples.SIXCARD, "Player: Anna\n", 5),
}


def with_rules(game: str, rules: str) -> str:
    example, where, _ = EXAMPLES[game]
    if where.startswith("Rules:"):
        return example.replace(where, f"Rules: {rules}")
    return example.replace(where, f"{where}Rules: {rules}\n")


def quarantined(game: str, rules: str) -> dict:
    """The one quarantine row of a file holding the example with ``rules``, then the example as it is
    (stored: a refused setting costs only its own game)."""
    # a second copy with another ID, stored beside the refused one
    example = EXAMPLES[game][0]
    other = example.replace("R-2026-11-28-1", "R-2").replace("R-2026-11-28-2", "R-3").replace(
        "C-1001", "C-2").replace("O-501", "O-2").replace("S-77", "S-2")
    result = parse_bytes((with_rules(game, rules) + "\n" + other).encode(), "club.txt")
    assert (result.count_games, result.count_quarantined) == (1, 1), result.reasons
    [row] = result.tables[("quarantine", game)].to_pylist()
    return row


# ---------------------------------------------------------------- one setting, two values

@pytest.mark.parametrize(("game", "rules", "first", "second", "values"), [
    ("raspisnoy", "max cards 2, max cards 3", "max cards 2", "max cards 3", ("'2'", "'3'")),
    ("raspisnoy_sheet", "hook off, max cards 2, Hook On", "hook off", "Hook On", ("'off'", "'on'")),
    ("chinese", "surrender off, surrender on", "surrender off", "surrender on", ("'off'", "'on'")),
    ("ofc", "royal flush 25, straight flush 15, royal flush 20", "royal flush 25", "royal flush 20", ("'25'", "'20'")),
    ("sixcard", "pay flush 6, pay flush 7", "pay flush 6", "pay flush 7", ("'flush 6'", "'flush 7'")),
    # one line of the pay table under its two names
    ("sixcard", "pay trips 3, bet 2 antes, pay three of a kind 4", "pay trips 3", "pay three of a kind 4",
     ("'trips 3'", "'three of a kind 4'")),
])
def test_a_setting_given_twice_with_two_values_quarantines_the_game_naming_both(game, rules, first, second, values):
    row = quarantined(game, rules)
    assert (row["line"], row["column"]) == (EXAMPLES[game][2], f"Rules: {rules}".index(second) + 1)
    assert f"{second!r} contradicts {first!r} before it" in row["error"]
    assert f"as {values[0]} and as {values[1]}" in row["error"]


def test_a_setting_given_twice_with_one_value_counts_once():
    # Vera surrenders in the example: 'surrender off' makes it one CP-SURRENDER finding
    result = parse_bytes(with_rules("chinese", "surrender off, Surrender OFF").encode(), "club.txt")
    assert (result.count_games, result.count_quarantined) == (1, 0)
    [game] = result.tables[("games", "chinese")].to_pylist()
    assert game["ruleset"] == "surrender off, Surrender OFF"      # as written: one value, said twice
    rule_ids = result.tables[("findings", "chinese")].column("rule_id").to_pylist()
    assert rule_ids.count("CP-SURRENDER") == 1
    assert Ruleset.parse("hook off, hook no, max cards 3, max cards 3") == Ruleset.parse("max cards 3, hook off")
    assert Ruleset.parse("special multiplier 2, special multiplier 2.00").special_multiplier == 2


@pytest.mark.parametrize("off", ["no", "False"])
def test_every_game_s_on_off_setting_takes_yes_no_true_false_as_on_and_off(off):
    # raspisnoy's hook and joker high lead took them, Chinese poker's surrender refused them
    result = parse_bytes(with_rules("chinese", f"surrender {off}, surrender off").encode(), "club.txt")
    assert (result.count_games, result.count_quarantined) == (1, 0), result.reasons
    # Vera surrenders in the example: forbidden, it is one CP-SURRENDER finding
    assert result.tables[("findings", "chinese")].column("rule_id").to_pylist().count("CP-SURRENDER") == 1
    assert Ruleset.parse(f"hook {off}, joker high lead yes, all-tricks double true") == Ruleset.parse(
        "hook off, joker high lead on, all-tricks double on")
    assert ChineseRules.parse("surrender yes", game="ofc") == ChineseRules.parse("surrender on", game="ofc")


@pytest.mark.parametrize(("game", "rules"), [("raspisnoy", "joker high lead banana"), ("chinese", "surrender maybe")])
def test_an_on_off_setting_s_refusal_names_its_synonyms(game, rules):
    setting = rules.rsplit(" ", 1)[0]
    assert quarantined(game, rules)["error"].endswith(
        f"{rules!r}: {setting} takes 'on' or 'off' (or 'yes'/'no', 'true'/'false'), not {rules.rsplit(' ', 1)[1]!r}")


# ---------------------------------------------------------------- values out of range

@pytest.mark.parametrize(("game", "rules", "words"), [
    ("raspisnoy", "max cards 19", "'max cards 19': max cards takes a whole number from 1 to 18, not '19'"),
    ("raspisnoy", "max cards 0", "'max cards 0': max cards takes a whole number from 1 to 18, not '0'"),
    ("raspisnoy_sheet", "special cards 19",
     "'special cards 19': special cards takes a whole number from 1 to 18, or 'max', not '19'"),
    ("raspisnoy", "special multiplier 0", "'special multiplier 0': special multiplier takes a number above 0, "
                                          "up to 1,000,000, with at most 2 decimals, not '0'"),
    # a multiplier of 3 decimals makes points of more than the warehouse's cents
    ("raspisnoy_sheet", "special multiplier 1.333", "'special multiplier 1.333': special multiplier takes a number "
                                                    "above 0, up to 1,000,000, with at most 2 decimals, not '1.333'"),
    ("raspisnoy", "golden -5", "'golden -5': golden takes a number of points per trick from 0 to 1,000,000, "
                               "with at most 2 decimals, not '-5'"),
    ("raspisnoy", "pass limit -1", "'pass limit -1': pass limit takes a whole number from 0 to 47, or 'none', "
                                   "not '-1'"),
    ("raspisnoy", "specials misere golden misere", "'specials misere golden misere': 'misere' is listed twice; "
                                                   "specials takes round kinds in the order played, each once"),
    ("chinese", "straight flush -3", "'straight flush -3': straight flush takes a whole number from 0 to "
                                     "1,000,000, not '-3'"),
    ("chinese", "straight flush 2.5", "'straight flush 2.5': straight flush takes a whole number from 0 to "
                                      "1,000,000, not '2.5'"),
    ("ofc", "natural 0", "'natural 0': natural takes a whole number from 1 to 1,000,000, or 'scoop', not '0'"),
    ("sixcard", "pay flush -6", "'pay flush -6': pay flush takes a whole number from 0 to 1,000,000, not '-6'"),
    # a pay beyond the kernel's whole numbers was an internal error
    ("sixcard", "pay flush 100000000000000000000000",
     "'pay flush 100000000000000000000000': pay flush takes a whole number from 0 to 1,000,000"),
    ("sixcard", "bet 0 antes", "'bet 0 antes': bet takes a number of antes above 0, up to 1,000,000, with at most "
                               "2 decimals, written 'bet <n> antes', not '0 antes'"),
    ("sixcard", "bet 3", "'bet 3': bet takes a number of antes above 0"),
    ("sixcard", "buy -1", "'buy -1': buy takes a number of antes from 0 to 1,000,000, with at most 2 decimals, "
                          "not '-1'"),
    ("sixcard", "exchange 1.555", "'exchange 1.555': exchange takes a number of antes from 0 to 1,000,000, "
                                  "with at most 2 decimals, not '1.555'"),
])
def test_a_value_refused_names_the_setting_the_value_and_the_values_it_takes(game, rules, words):
    row = quarantined(game, rules)
    assert words in row["error"]
    assert (row["line"], row["column"]) == (EXAMPLES[game][2], len("Rules: ") + 1)


def test_the_zeros_a_house_may_mean_are_taken():
    # The example's box 1 (ante 10) buys a sixth card for 1 ante and plays 20 on aces against the
    # dealer's eights: 10 + 20 - 10 = +20; box 2 exchanges for 2 antes and folds: -10 - 20 = -30.
    def nets(rules: str) -> list[Decimal]:
        lines = with_rules("sixcard", rules).splitlines()
        session = parse_sixcard(tuple(lines), Source(file="t.txt", first_line=1, last_line=len(lines), game_id="t"))
        return [box.net for box in replay_sixcard(session).boxes]

    assert nets("default") == [20, -30]
    assert nets("buy 0") == [30, -30]               # the sixth card given
    assert nets("exchange 0") == [20, -10]          # the exchange given
    assert nets("pay pair 0") == [0, -30]           # the bet returned, the ante won, the card paid
    assert SixcardRules.parse("dealer game 0").dealer_game_cost == 0
    assert ChineseRules.parse("straight flush 0", game="chinese").overrides[0][1] == 0
    rules = Ruleset.parse("pass limit 0, golden 0, misere 0 0")
    assert (rules.pass_limit, rules.golden_trick, rules.misere_trick, rules.misere_clean) == (0, 0, 0, 0)


# ---------------------------------------------------------------- misspelt settings

@pytest.mark.parametrize(("game", "rules", "meant"), [
    ("raspisnoy", "hok off", "'hok off' is not a setting of raspisnoy. Did you mean 'hook off'? Its settings are "
                             "deck, joker, max cards, specials, special cards, special multiplier, all-tricks double, "
                             "misere, golden, pass limit, hook, joker low, whole-deck trump, joker high lead and pass run."),
    ("raspisnoy_sheet", "max card 2", "Did you mean 'max cards 2'?"),
    ("raspisnoy", "all tricks doubel off", "Did you mean 'all-tricks double off'?"),
    ("chinese", "surender off", "'surender off' is not a setting of Chinese poker and OFC. Did you mean "
                                "'surrender off'? Its settings are royalties, straight flush, royal flush, natural, "
                                "surrender and bonus."),
    ("ofc", "bonus most-rows", "'bonus most-rows': bonus takes 'two-or-three-rows' or 'more-rows', not "
                               "'most-rows'. Did you mean 'bonus more-rows'?"),
    ("sixcard", "pay flsh 6", "Did you mean 'pay flush 6' or 'pay royal flush 6'?"),
    ("sixcard", "dealer qualifes pair", "Did you mean 'dealer qualifies pair'? Its settings"),
    # a word of the name left out
    ("sixcard", "dealer replaces lowest", "'dealer replaces lowest' is not a setting of six-card poker. Did you "
                                          "mean 'dealer game replaces lowest'? Its settings"),
])
def test_a_misspelt_setting_names_the_close_ones(game, rules, meant):
    assert meant in quarantined(game, rules)["error"]


def test_a_suggestion_is_a_setting_as_it_would_be_read():
    # 'dealer game' takes a number of antes: 'dealer game pair', or a bare 'dealer game replaces',
    # would be refused in turn
    for given in ("dealer qualifes pair", "dealr game pair"):
        error = quarantined("sixcard", given)["error"]
        assert "Did you mean 'dealer qualifies pair'? Its settings" in error
    # a pay is at most 1,000,000: no line of the table pays 6,000,000, so none is suggested
    assert quarantined("sixcard", "pay flsh 6000000")["error"].endswith("not 'flsh 6000000'")


@pytest.mark.parametrize(("rules", "meant"), [
    ("dealer game replace lowest", "dealer game replaces lowest"),
    ("dealer game replace highest", "dealer game replaces highest"),
    ("dealer game lowest", "dealer game replaces lowest"),
])
def test_a_misspelt_setting_that_starts_with_another_ones_name_names_the_one_meant(rules, meant):
    # 'dealer game' is the cost of buying the dealer's game, a number of antes: its value is
    # refused, and the setting the words are close to is named with the value as given
    error = quarantined("sixcard", rules)["error"]
    value = rules.removeprefix("dealer game ")
    assert error == (f"{rules!r}: dealer game takes a number of antes from 0 to 1,000,000, with at most 2 "
                     f"decimals, not {value!r}. Did you mean {meant!r}?")


# ---------------------------------------------------------------- Hold'em's --rules

def test_holdem_rules_name_the_close_option_and_send_the_other_games_options_to_the_rules_line():
    with pytest.raises(ValueError, match="unknown rule setting 'straight_beats_trip'. Did you mean "
                                         "'straight_beats_trips'?"):
        parse_setting("straight_beats_trip")
    for given, game in (("table HouseRules: hook off", "raspisnoy"), ("surrender off", "Chinese poker and OFC"),
                        ("club HouseRules: special multiplier 2", "raspisnoy"), ("room GGPoker: pay flush 6",
                                                                               "six-card poker")):
        with pytest.raises(ValueError) as refusal:
            parse_setting(given)
        assert f"is a setting of {game}: the options of raspisnoy, Chinese poker, OFC and six-card poker are " \
               "written in each log's 'Rules:' line (there is no club-wide setting for them)" in str(refusal.value)


def test_holdem_rules_given_twice_with_two_options_are_refused_naming_both(tmp_path):
    assert RuleSettings.of(["limit_cap_3", "limit_cap_3"], ["a.txt"]).option("cap", "a.txt", None, None) == \
        "limit_cap_3"
    with pytest.raises(ValueError, match="'limit_cap_5' contradicts 'limit_cap_3'"):
        RuleSettings.of(["limit_cap_3", "table Oslo: limit_cap_4", "limit_cap_5"], ["a.txt"])
    # a file's option and a table's are no contradiction: the file's holds over the table's
    assert RuleSettings.of(["straight_beats_trips", "table Oslo: trips_beat_straight"], ["a.txt"]
                           ).straight_beats_trips("a.txt", "Oslo", None) is True

    log = tmp_path / "night.txt"
    log.write_text("", encoding="utf-8")
    result = CliRunner().invoke(main, ["ingest", str(log), "--warehouse", str(tmp_path / "wh"),
                                       "--rules", "room pokerstars: straight_beats_trips",
                                       "--rules", "room PokerStars: trips_beat_straight"])
    assert result.exit_code == 2
    assert ("Invalid value for '--rules': 'trips_beat_straight' contradicts 'straight_beats_trips': both set the "
            "36-card order of a straight and three of a kind for the room 'PokerStars' (give one).") in result.output
    assert not (tmp_path / "wh").exists()
