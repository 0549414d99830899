"""A name typed in two Unicode forms is one name (docs/formats.md, "Blanks inside a name"): `ё` as
one character (U+0451, a Windows keyboard) and as `е` + U+0308 COMBINING DIAERESIS (pasted from a
phone) is one player in every table, and a game holding both forms is read, not quarantined."""

from __future__ import annotations

import json
import re
import unicodedata
from decimal import Decimal
from pathlib import Path

import pyarrow as pa
import pytest
from click.testing import CliRunner

from dashboards import queries
from parsers.names import player_name, same_name
from pipeline.cli import main
from pipeline.ingest import ingest
from pipeline.tables import TableRows
from pipeline.warehouse import connect
from pipeline.worker import parse_bytes
from rules.findings import look_alikes
from rules.words import name_order, suggested
from tests.test_dashboards_apptest import opened_at

COMPOSED, DECOMPOSED = "Алёна", "Але\u0308на"


def chinese_hand(hand_id: str, listed: str, played: str | None = None) -> str:
    """The QA's hand: the Chinese poker example of docs/formats.md, Anna renamed. Алёна's four
    nines win back, her kings middle and queens front against both: +9, Борис -1, Вера -8."""
    played = played or listed
    return (f"Chinese poker hand {hand_id}\nScoring: 1-6\nPlayers: {listed}, Борис, Вера\n"
            f"{played}: back [9s 9h 9d 9c 2s] middle [Ks Kd 7c 7h 3d] front [Qs Qd 4c]\n"
            "Борис: back [Ah Kh Th 6h 3h] middle [Jc Jd Js 5s 4s] front [8s 8c 2h]\n"
            "Вера: back [As Ad Ac 5d 5c] middle [Td Tc 8d 8h 4d] front [Kc 6c 2c]\n"
            f"Points: {listed} +9, Борис -1, Вера -8\n")


RASPISNOY = """\
Raspisnoy game U-1
Date: 2026-11-30 19:00
Club: Казань
Players: {a}, Борис, Вера
Rules: default
First dealer: Вера

Round 1: 1 card, regular, dealer Вера, trump Td
Hands: {a} [Qd], Борис [Ks], Вера [7s]
Bids: {b} 1, Борис 0, Вера 1
Trick 1: {b} Qd, Борис Ks, Вера 7s high; won by Вера
Points: {a} -10, Борис 5, Вера 10
Totals: {b} -10, Борис 5, Вера 10

Round 2: 2 cards, regular, dealer {b}, trump 8c
Hands: Борис [Ah 9s], Вера [Jc 6h], {a} [Kh Tc]
Bids: Борис 1, Вера 1, {a} 1
Trick 1: Борис Ah, Вера 6h, {b} Kh; won by Борис
Trick 2: Борис 9s, Вера Jc, {a} Tc; won by Вера
Points: Борис 10, Вера 10, {a} -10
Totals: {b} -20, Борис 15, Вера 20
"""


def test_same_name_composes_and_leaves_a_composed_or_ascii_name_as_it_is():
    assert len(DECOMPOSED) == 6 and len(COMPOSED) == 5
    assert same_name(DECOMPOSED) == COMPOSED == "\u0410\u043b\u0451\u043d\u0430"
    assert same_name("Й") == "\u0419" and same_name("Иосиф".replace("И", "И\u0306", 1)) == "Йосиф"
    assert same_name(COMPOSED) is COMPOSED and same_name("Anna") == "Anna"
    assert player_name(f"  {DECOMPOSED} ") == COMPOSED


def test_the_warehouse_stores_every_name_column_composed():
    rows = TableRows()
    rows.add("chinese_scores", "chinese", game_id="g", player=DECOMPOSED, opponent="Бо\u0301рис", points=1)
    rows.add_table("game_players", "holdem", pa.table({"game_id": ["g", "g", "g"], "player": [DECOMPOSED, "Anna", None]}))
    tables = rows.to_arrow()
    (score,) = tables[("chinese_scores", "chinese")].to_pylist()
    assert (score["player"], score["opponent"]) == (COMPOSED, "Бо\u0301рис")   # (no composed ó in Cyrillic)
    assert tables[("game_players", "holdem")].column("player").to_pylist() == [COMPOSED, "Anna", None]


@pytest.mark.parametrize("lane", [True, False])
def test_a_chinese_hand_typed_in_both_forms_is_read_as_one_player(lane):
    result = parse_bytes(chinese_hand("N-4", COMPOSED, DECOMPOSED).encode(), "mixed.txt", lane=lane)
    assert (result.count_games, result.count_quarantined) == (1, 0)
    assert result.tables[("game_players", "chinese")].column("player").to_pylist() == [COMPOSED, "Борис", "Вера"]


@pytest.mark.parametrize("lane", [True, False])
@pytest.mark.parametrize("listed", [COMPOSED, DECOMPOSED])
def test_a_raspisnoy_game_typed_in_both_forms_is_read_as_one_player(lane, listed):
    other = DECOMPOSED if listed == COMPOSED else COMPOSED
    result = parse_bytes(RASPISNOY.format(a=listed, b=other).encode(), "r.txt", lane=lane)
    assert (result.count_games, result.count_quarantined, result.count_findings) == (1, 0, 0)
    assert set(result.tables[("raspisnoy_rounds", "raspisnoy")].column("player").to_pylist()) == {
        COMPOSED, "Борис", "Вера"}
    assert set(result.tables[("raspisnoy_rounds", "raspisnoy")].column("dealer").to_pylist()) == {COMPOSED, "Вера"}
    (net,) = [row["net"] for row in result.tables[("game_players", "raspisnoy")].to_pylist() if row["player"] == COMPOSED]
    assert net == Decimal(-20)     # her last Totals


def test_a_name_listed_twice_in_two_forms_is_listed_twice():
    text = RASPISNOY.format(a=COMPOSED, b=COMPOSED).replace("Борис, Вера\n", f"Борис, {DECOMPOSED}, Вера\n", 1)
    result = parse_bytes(text.encode(), "r.txt", lane=False)
    (row,) = result.tables[("quarantine", "raspisnoy")].to_pylist()
    assert "is listed twice among the players" in row["error"]


def test_one_person_in_two_forms_and_two_files_has_one_row_of_results(tmp_path):
    # the QA's files: two hands typed on a Windows PC (cp1251, CRLF), one pasted from a phone
    pc = (chinese_hand("N-1", COMPOSED) + "\n" + chinese_hand("N-2", COMPOSED)).replace("\n", "\r\n")
    (tmp_path / "pc.txt").write_bytes(pc.encode("cp1251"))
    (tmp_path / "phone.txt").write_text(chinese_hand("N-3", DECOMPOSED), encoding="utf-8")
    summary = ingest([tmp_path / "pc.txt", tmp_path / "phone.txt"], tmp_path / "w", jobs=1)
    assert (summary.games, summary.quarantined) == (3, 0)
    with connect(tmp_path / "w") as con:
        rows = con.execute("select player, count_games, net from leaderboard where season_kind = 'all' "
                           "order by rank").fetchall()
    # three hands: Алёна +9 each, Борис -1, Вера -8
    assert rows == [(COMPOSED, 3, Decimal(27)), ("Борис", 3, Decimal(-3)), ("Вера", 3, Decimal(-24))]
    assert all(unicodedata.is_normalized("NFC", player) for player, _, _ in rows)

    # a name typed in either form finds her, and links her
    root = str(tmp_path / "w")
    for typed in (COMPOSED, DECOMPOSED):
        shown = CliRunner().invoke(main, ["stats", "-w", root, "--player", typed, "--game", "chinese", "--json"])
        assert shown.exit_code == 0, shown.output
        (row,) = json.loads(shown.output)["player_stats_chinese"]
        assert (row["player"], row["count_hands"], Decimal(str(row["total_points"]))) == (COMPOSED, 3, Decimal(27))
    linked = CliRunner().invoke(main, ["alias", "-w", root, "Лёна", DECOMPOSED])
    assert linked.exit_code == 0 and "No stored game" not in linked.output, linked.output
    with connect(tmp_path / "w") as con:
        assert con.execute("select player, person from aliases where player <> person").fetchall() == [(COMPOSED, "Лёна")]


# Look-alikes: Анна all Cyrillic, then with a Latin A (U+0041) first, then with a Latin a (U+0061) last.
ANNA, LATIN_A_ANNA, ANNA_LATIN_A = "\u0410\u043d\u043d\u0430", "A\u043d\u043d\u0430", "\u0410\u043d\u043da"


def test_a_letter_of_another_script_is_named_and_a_name_of_one_script_is_left_alone():
    assert look_alikes(LATIN_A_ANNA) == " (A is Latin)" and look_alikes(ANNA_LATIN_A) == " (a is Latin)"
    assert look_alikes(ANNA) == look_alikes("Anna") == look_alikes("Йосиф") == ""
    # words of one script each are no look-alike: a Cyrillic name with a Latin word, a kanji and kana name
    assert look_alikes("Глеб (me)") == look_alikes("Марк Kazan") == look_alikes("山田たろう") == ""
    # a Greek omicron in a Latin word
    assert look_alikes("R\u03bfbert") == " (\u03bf is Greek)"


def test_did_you_mean_never_offers_two_names_that_print_alike():
    offered = suggested([ANNA, ANNA_LATIN_A, LATIN_A_ANNA])
    assert offered == (f" Did you mean '{ANNA}', '{ANNA_LATIN_A}' (a is Latin) or '{LATIN_A_ANNA}' (A is Latin)?")
    # the two forms of one name (a warehouse an older Rasklad filled): the decomposed one shows its mark
    assert suggested([COMPOSED, DECOMPOSED]) == " Did you mean 'Алёна' or 'Але\\u0308на'?"


def test_a_quarantine_reason_names_the_look_alike_letter():
    text = chinese_hand("H-1", ANNA).replace(f"\n{ANNA}: back", f"\n{LATIN_A_ANNA}: back")
    result = parse_bytes(text.encode(), "h.txt", lane=False)
    (row,) = result.tables[("quarantine", "chinese")].to_pylist()
    assert row["error"] == f"'{LATIN_A_ANNA}' (A is Latin) is not one of the players ({ANNA}, Борис, Вера)"
    assert (row["line"], row["column"]) == (4, 1)


def test_a_quarantine_reason_quotes_a_look_alike_name_in_its_list_of_players():
    # the other way round: the Latin A listed in Players:, the Cyrillic Анна playing
    text = chinese_hand("H-1", LATIN_A_ANNA, played=ANNA)
    result = parse_bytes(text.encode(), "h.txt", lane=False)
    (row,) = result.tables[("quarantine", "chinese")].to_pylist()
    assert row["error"] == f"'{ANNA}' is not one of the players ('{LATIN_A_ANNA}' (A is Latin), Борис, Вера)"


def test_show_names_a_look_alike_player_as_stats_does(tmp_path):
    # the secretary's evening: the Latin A typed throughout, stored as a player of its own
    (tmp_path / "h.txt").write_text(chinese_hand("H-1", LATIN_A_ANNA), encoding="utf-8")
    root = str(tmp_path / "w")
    assert ingest([tmp_path / "h.txt"], tmp_path / "w", jobs=1).games == 1
    shown = CliRunner().invoke(main, ["show", "H-1", "-w", root])
    assert shown.exit_code == 0, shown.output
    assert f"players: '{LATIN_A_ANNA}' (A is Latin) +9.00, Борис -1.00, Вера -8.00\n" in shown.output


def test_names_are_listed_in_the_order_of_their_letters(tmp_path, monkeypatch):
    # the QA's list, in code-point order: Ё before А, анна after Яна, Й decomposed after Игрок2
    names = ["Aнна", "Ёжик", "Алёна", "Йосиф", "Игрок2", "Я", "Яна", "анна", "Анна", "Ежевика", "Жук"]
    assert sorted(names, key=name_order) == [
        "Aнна", "Алёна", "Анна", "анна", "Ежевика", "Ёжик", "Жук", "Игрок2", "Йосиф", "Я", "Яна"]
    # Latin A sorts with the Latin letters (before every Cyrillic one): it is another player
    assert name_order("Ёжик")[0] == name_order("ежик")[0] and name_order("Ёжик") != name_order("ежик")
    for typed in ("Ёжик", "Ежевика", "Жук", "анна", "Анна"):
        (tmp_path / f"{typed}.txt").write_text(chinese_hand(f"S-{typed}", typed), encoding="utf-8")
    ingest(sorted(tmp_path.glob("*.txt")), tmp_path / "w", jobs=1)
    listed = CliRunner().invoke(main, ["alias", "-w", str(tmp_path / "w"), "--list", "--json"])
    assert [row["person"] for row in json.loads(listed.output)] == [
        "Анна", "анна", "Борис", "Вера", "Ежевика", "Ёжик", "Жук"]
    monkeypatch.setenv(queries.WAREHOUSE_ENV, str(tmp_path / "w"))
    db = queries.database()
    assert queries.players(db) == queries.people(db) == ["Анна", "анна", "Борис", "Вера", "Ежевика", "Ёжик", "Жук"]


@pytest.mark.parametrize(("players", "column", "found"), [
    # the name refused is quoted alone: the quote took in the rest of the line, other names too
    ("[Гость Иван, Игрок (2), Олег 2000", 10, "expected a player's name, found '[Гость Иван'"),
    ("Игрок (2), Марк [Казань, Россия], Олег 2000", 26, "expected a player's name, found 'Марк [Казань'"),
    ("Игрок (2), Марк] Казань, Олег 2000", 25, "expected a player's name, found 'Марк] Казань'"),
    ("Игрок (2), Марк [[Казань]], Олег 2000", 26, "expected a player's name, found 'Марк [[Казань]]'"),
])
def test_a_bracket_no_name_closes_is_refused_with_the_limit_in_words(players, column, found):
    # the QA's hands: the example of docs/formats.md with its players renamed. "Марк [Казань]" is a
    # name; a bracket left open takes in what follows, a comma too: one name, or two?
    first, second, third = "[Гость Иван", "Марк [Казань, Россия]", "Олег 2000"
    text = (f"Chinese poker hand C-br\nScoring: 1-6\nPlayers: {players}\n"
            f"{first}: back [9s 9h 9d 9c 2s] middle [Ks Kd 7c 7h 3d] front [Qs Qd 4c]\n"
            f"{second}: back [Ah Kh Th 6h 3h] middle [Jc Jd Js 5s 4s] front [8s 8c 2h]\n"
            f"{third}: back [As Ad Ac 5d 5c] middle [Td Tc 8d 8h 4d] front [Kc 6c 2c]\n")
    for lane in (True, False):
        result = parse_bytes(text.encode(), "br.txt", lane=lane)
        (row,) = result.tables[("quarantine", "chinese")].to_pylist()
        assert row["error"] == f"{found} {LIMIT}"
        assert (row["line"], row["column"]) == (3, column)    # 'Players: ' is 9 characters


LIMIT = "(a name holds no commas, colons or '#', and its square brackets come in pairs)"


@pytest.mark.parametrize("line", ["Players", "Dealer"])
@pytest.mark.parametrize("name", ["Игрок #2", "Марк [#1]", "Анна # late"])
def test_a_name_holding_a_hash_is_refused_at_the_hash_with_the_limit_of_names(line, name):
    # a '#' opens no comment after Players: or Dealer: (docs/formats.md, "Comments"), and a comment
    # on every other line: no hand line could name such a player. "Игрок #2" was let in, then the
    # hand refused at its player's line; "Марк [#1]" refused as if its brackets were not paired
    text = chinese_hand("H-hash", "Анна")
    text = text.replace("Players: Анна", f"Players: {name}") if line == "Players" else text + f"Dealer: {name}\n"
    number = 3 if line == "Players" else 8
    for lane in (True, False):
        result = parse_bytes(text.encode(), "hash.txt", lane=lane)
        (row,) = result.tables[("quarantine", "chinese")].to_pylist()
        assert (row["line"], row["column"], row["error"]) == (
            number, len(f"{line}: ") + name.index("#") + 1, f"expected a player's name, found '{name}' {LIMIT}"), lane


def test_a_dealer_whose_bracket_is_left_open_is_quoted_alone():
    text = chinese_hand("H-dealer", "Анна") + "Dealer: Марк [Казань # a guest\n"
    for lane in (True, False):
        (row,) = parse_bytes(text.encode(), "d.txt", lane=lane).tables[("quarantine", "chinese")].to_pylist()
        assert (row["line"], row["column"], row["error"]) == (
            8, 14, f"expected a player's name, found 'Марк [Казань # a guest' {LIMIT}"), lane


def test_an_ofc_name_holding_a_hash_is_refused_at_the_hash():
    text = (Path(__file__).parent.parent / "data" / "samples" / "ofc-pineapple.txt").read_text(encoding="utf-8")
    hand = text[text.index("OFC hand O-2027-1"):text.index("OFC hand O-2027-2")]
    (row,) = parse_bytes(hand.replace("Players: Boris,", "Players: Boris #1,").encode(), "o.txt").tables[
        ("quarantine", "ofc")].to_pylist()
    assert (row["line"], row["column"], row["error"]) == (
        6, 16, f"expected a player's name, found 'Boris #1' {LIMIT}")


@pytest.fixture
def alyona_served(tmp_path, monkeypatch):
    """A warehouse of one Chinese hand with Алёна stored composed, and two Hold'em hands of others
    (the Hold'em pages open on none), served to the dashboards."""
    from pipeline.generators.holdem import generate

    (tmp_path / "pc.txt").write_text(chinese_hand("D-1", COMPOSED), encoding="utf-8")
    (tmp_path / "holdem.txt").write_text(generate("holdem", count=2, seed=1), encoding="utf-8")
    ingest([tmp_path / "pc.txt", tmp_path / "holdem.txt"], tmp_path / "w", jobs=1)
    monkeypatch.setenv(queries.WAREHOUSE_ENV, str(tmp_path / "w"))
    yield
    queries.release()   # AppTest ran in this process: let go of the DuckDB file


def shown_text(markdown: str) -> str:
    """Markdown as a reader sees it: its backslash escapes resolved."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown)


def test_a_link_naming_a_player_in_decomposed_letters_opens_the_stored_player(alyona_served):
    # a ?player= link pasted from a phone (е + U+0308) names the Алёна the warehouse stores composed
    at = opened_at("player", {"player": DECOMPOSED})
    assert at.selectbox(key="player").value == COMPOSED and not at.error
    # the Hold'em pages know her too: she has no Hold'em hand, not "no stored game"
    at = opened_at("hands", {"player": DECOMPOSED})
    assert [shown_text(box.value) for box in [*at.info, *at.error]] == [
        f"{COMPOSED} has no Hold'em hand in this warehouse. Choose a player below."]
    # a filter kept in the address (the Audit's Player) reads the link's name composed too
    at = opened_at("audit", {"player": DECOMPOSED})
    assert at.selectbox(key="audit_player").value == COMPOSED
    assert not [info.value for info in at.info if "not offered" in info.value]


def test_the_dashboards_name_the_look_alike_letter_of_a_name_no_game_has(alyona_served):
    latin_a_alyona = "A" + COMPOSED[1:]     # a Latin A first: prints as the stored Алёна
    said = f"No stored game has a player '{latin_a_alyona}' (A is Latin). Did you mean '{COMPOSED}'? Choose a player below."
    for name in ("player", "hands"):
        at = opened_at(name, {"player": latin_a_alyona})
        assert [shown_text(error.value) for error in at.error] == [said], name


def old_release_link(root, person: str, player: str) -> None:
    """A link as a Rasklad before composed names stored it: the player's name as typed, decomposed."""
    from pipeline.warehouse import Warehouse

    with Warehouse(root).open() as store:
        store.replace_table("aliases", pa.table({
            "player": [player, person], "person": [person, person],
            "linked_at": pa.array([None, None], pa.timestamp("us")), "site": pa.array([None, None], pa.string())}))


def test_a_link_an_older_release_stored_decomposed_counts_the_composed_players_games(tmp_path):
    # the games store Алёна composed (as reaudit rewrites an older warehouse's); the link is decomposed
    (tmp_path / "h.txt").write_text(chinese_hand("L-1", COMPOSED) + "\n" + chinese_hand("L-2", COMPOSED),
                                    encoding="utf-8")
    root = str(tmp_path / "w")
    ingest([tmp_path / "h.txt"], root, jobs=1)
    old_release_link(root, "Alyona", DECOMPOSED)
    built = CliRunner().invoke(main, ["build-models", "-w", root])
    assert built.exit_code == 0, built.output
    shown = CliRunner().invoke(main, ["stats", "-w", root, "--player", "Alyona", "--game", "chinese", "--json"])
    assert shown.exit_code == 0, shown.output
    (row,) = json.loads(shown.output)["player_stats_chinese"]
    # two hands of +9 each (chinese_hand): found by the person, whose games they are again
    assert (row["player"], row["count_hands"], Decimal(str(row["total_points"]))) == (COMPOSED, 2, Decimal(18))
    listed = CliRunner().invoke(main, ["alias", "-w", root, "--list", "--json"])
    people = {row["person"]: [name["name"] for name in row["names"]] for row in json.loads(listed.output)}
    assert people["Alyona"] == ["Alyona", COMPOSED] and COMPOSED not in people and DECOMPOSED not in people

    # the link is named in either spelling, and removed
    removed = CliRunner().invoke(main, ["alias", "-w", root, "--remove", DECOMPOSED])
    assert removed.exit_code == 0, removed.output
    with connect(root) as con:
        assert con.execute("select player, person from aliases").fetchall() == []


def test_the_next_change_of_the_links_writes_an_older_releases_decomposed_link_composed(tmp_path):
    (tmp_path / "h.txt").write_text(chinese_hand("L-1", COMPOSED), encoding="utf-8")
    root = str(tmp_path / "w")
    ingest([tmp_path / "h.txt"], root, jobs=1)
    old_release_link(root, "Alyona", DECOMPOSED)
    linked = CliRunner().invoke(main, ["alias", "-w", root, "Alyona", COMPOSED])
    assert linked.exit_code == 0, linked.output
    assert linked.output.splitlines()[-1] == f"Alyona: Alyona, {COMPOSED}"     # one link, not two alike
    with connect(root) as con:
        assert sorted(con.execute("select player from aliases").fetchall()) == [("Alyona",), (COMPOSED,)]


def test_a_list_tells_apart_two_spellings_of_one_name_by_the_decomposed_ones_mark():
    from rules.words import told_apart

    # alias --list's names and the Player review's "plays as" of a warehouse an older Rasklad filled
    assert told_apart(["Alyona", COMPOSED, DECOMPOSED]) == ["Alyona", f"'{COMPOSED}'", "'Але\\u0308на'"]
    assert told_apart([f"{COMPOSED} (Winamax)", f"{DECOMPOSED} (Winamax)", "Вера"]) == [
        f"'{COMPOSED} (Winamax)'", "'Але\\u0308на (Winamax)'", "Вера"]
    assert told_apart([COMPOSED, "Anna"]) == [COMPOSED, "Anna"]     # one spelling: as it prints


# ВОВА all Cyrillic (В О В А), BOBA all Latin: each of one script, printed alike letter for letter.
VOVA, BOBA = "\u0412\u041e\u0412\u0410", "BOBA"


def test_two_names_each_of_one_script_that_print_alike_are_marked_and_distinct_names_are_not():
    from rules.words import listed_name, printing_alike

    def prints_like_another(name, among=()):      # the name is marked among these names
        return name in printing_alike({name, *among})

    assert VOVA != BOBA and look_alikes(VOVA) == look_alikes(BOBA) == ""     # no word of them mixes scripts
    names = [VOVA, BOBA, ANNA, "Anna", "Иван", "Ivan"]
    alike = printing_alike(names)
    assert alike == {VOVA, BOBA}
    assert [listed_name(name, alike) for name in names] == [
        "'ВОВА' (Cyrillic letters)", "'BOBA' (Latin letters)", ANNA, "Anna", "Иван", "Ivan"]
    assert prints_like_another(VOVA, [BOBA]) and prints_like_another(BOBA, [VOVA, "Anna"])
    # alone, or beside names that print otherwise, neither is marked: nothing prints as it
    assert not prints_like_another(VOVA) and not prints_like_another(VOVA, ["BOB", "ВОВАН"])
    assert not prints_like_another(ANNA, ["Anna"]) and not prints_like_another("Иван", ["Ivan"])
    # a Greek ΒΟΒΑ prints as both
    assert printing_alike([VOVA, "\u0392\u039f\u0392\u0391"]) == {VOVA, "\u0392\u039f\u0392\u0391"}
    # Анна beside Aнна (a Latin A) is not marked: the Latin A's mark tells the two apart
    assert printing_alike([ANNA, LATIN_A_ANNA]) == {LATIN_A_ANNA}
    # a digit that prints as a letter is named: 'Ivan1' and 'Ivanl', '007' and 'OO7', 'B0BA' beside
    # BOBA and ВОВА read apart; two names alike in letters of one script are no two things to name
    assert [listed_name(name, printing_alike(["Ivan1", "Ivanl"])) for name in ("Ivan1", "Ivanl")] == [
        "'Ivan1' (Latin letters and digits)", "'Ivanl' (Latin letters)"]
    assert [listed_name(name, printing_alike(["007", "OO7"])) for name in ("007", "OO7")] == [
        "'007' (digits)", "'OO7' (Latin letters and digits)"]
    trio = printing_alike(["B0BA", BOBA, VOVA])
    assert len({listed_name(name, trio) for name in ("B0BA", BOBA, VOVA)}) == 3
    assert printing_alike(["Ivan", "lvan"]) == frozenset()


def test_a_card_is_never_taken_for_a_player_named_as_its_rank():
    """Players 'A' (Latin) and 'А' (Cyrillic) print alike and are marked; the ace in 'A♠', in a
    sentence or in the replay's drawn table (HTML, whose tags are not text), stays a card."""
    import html

    from dashboards.names import marked_names
    from rules.words import printing_alike

    alike = printing_alike(["A", "\u0410"])
    assert marked_names("A shows A♠ A♦, \u0410 folds", alike) == (
        "'A' (Latin letters) shows A♠ A♦, '\u0410' (Cyrillic letters) folds")
    drawn = "<div title='A' class='A'>A♡</div><b>A</b>"
    assert marked_names(drawn, alike, html.escape) == (
        "<div title='A' class='A'>A♡</div><b>&#x27;A&#x27; (Latin letters)</b>")


def test_a_sentence_names_each_name_that_prints_as_another_marked_once():
    from dashboards.names import marked_names

    alike = {VOVA, BOBA, LATIN_A_ANNA}
    assert marked_names(f"round 1: {VOVA}'s total; {BOBA} takes it; {ANNA} and {VOVA}2 play", alike) == (
        "round 1: 'ВОВА' (Cyrillic letters)'s total; 'BOBA' (Latin letters) takes it; Анна and ВОВА2 play")
    # a name already marked (a quarantine reason quotes it so) is not marked again
    reason = f"'{LATIN_A_ANNA}' (A is Latin) is not one of the players ({ANNA}, Борис, Вера)"
    assert marked_names(reason, alike) == reason
    # in HTML, a name is looked for and marked as the HTML writes it
    import html
    assert marked_names(f"<b>{BOBA}</b>", alike, html.escape) == "<b>&#x27;BOBA&#x27; (Latin letters)</b>"


@pytest.fixture
def twins_served(tmp_path, monkeypatch):
    """A warehouse of two Chinese poker hands at the Tverskaya club, the docs' example renamed: ВОВА,
    BOBA and Анна at one, Anna, Иван and Ivan at the other."""
    from tests.formats_examples import CHINESE

    for hand, names in (("T-1", (VOVA, BOBA, ANNA)), ("T-2", ("Anna", "Иван", "Ivan"))):
        text = CHINESE.replace("C-1001", hand)
        for old, new in zip(("Anna", "Boris", "Vera"), names, strict=True):
            text = text.replace(old, new)
        (tmp_path / f"{hand}.txt").write_text(text, encoding="utf-8")
    summary = ingest(sorted(tmp_path.glob("*.txt")), tmp_path / "w", jobs=1)
    assert (summary.games, summary.quarantined) == (2, 0)
    monkeypatch.setenv(queries.WAREHOUSE_ENV, str(tmp_path / "w"))
    yield
    queries.release()


def test_the_pages_mark_two_names_of_one_script_each_that_print_alike_and_no_distinct_name(twins_served):
    from tests.test_dashboards_apptest import shown_options

    marked = {VOVA: "'ВОВА' (Cyrillic letters)", BOBA: "'BOBA' (Latin letters)"}
    at = opened_at("player", {"player": VOVA})
    assert sorted(shown_options(at.selectbox(key="player"))) == sorted(
        [*marked.values(), ANNA, "Anna", "Иван", "Ivan"])
    assert at.selectbox(key="player").value == VOVA and at.query_params["player"] == VOVA
    at = opened_at("leaderboards", {"club": "Tverskaya"})
    (board,) = [frame.value for frame in at.dataframe if "player" in frame.value.columns]
    assert sorted(board["player"]) == sorted([*marked.values(), ANNA, "Anna", "Иван", "Ivan"])


def test_the_look_alike_classes_are_read_from_the_confusables_librarys_documented_answer():
    """rules.words reads Unicode's confusables through ``confusables.is_confusable(text, greedy=True)``,
    the library's documented function: a list, per character of ``text`` that has look-alikes, of its
    ``homoglyphs``, each a dict whose ``c`` is a look-alike. A release that answered in another shape
    would fail here first, and every name would be compared otherwise."""
    from confusable_homoglyphs import confusables

    from rules.words import skeleton

    (cyrillic_ve,) = confusables.is_confusable(VOVA[0], greedy=True)
    assert cyrillic_ve["character"] == VOVA[0] and "B" in {glyph["c"] for glyph in cyrillic_ve["homoglyphs"]}
    assert confusables.is_confusable("Ж", greedy=True) is False      # no look-alike: no class to read
    # a class is every character linked to another by the library's pairs: Cyrillic В, Latin B, Greek Β
    assert skeleton(VOVA) == skeleton(BOBA) == skeleton("\u0392\u039f\u0392\u0391")
    assert len({skeleton(name) for name in (ANNA, "Anna", "Иван", "Ivan")}) == 4
