"""The docs in docs/ against the code: every example parses, every rule ID and column is documented.

A failure names what to add or remove, so that whoever changes a rule, a table or a format
knows which page to update.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections import Counter
from pathlib import Path

import pyarrow.dataset as ds
import pytest
from click.testing import CliRunner

from rules.evaluator import HandCategory
from tests.conftest import ROOT

DOCS = ROOT / "docs"
FORMATS_MD = DOCS / "formats.md"
RULES_MD = DOCS / "rules.md"
WAREHOUSE_MD = DOCS / "warehouse.md"
CASEBOOK_MD = DOCS / "casebook.md"
GAMES = ("holdem", "holdem36", "raspisnoy", "raspisnoy_sheet", "chinese", "ofc", "sixcard")
RULE_ID = re.compile(r"\b(?:HE|RSP|CP|OFC|SIX|ROOM)-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
TEAM_PAPERS = re.compile(r"\b(?:FORMATS|RULES|DESIGN|STYLE)\.md\b")
PRODUCT_FOLDERS = ("rules", "parsers", "pipeline", "dashboards", "sql", "bench")


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


# ---------------------------------------------------------------- fenced examples

_FENCE = re.compile(r"^```text[ \t]+(?P<info>[^\n]*)\n(?P<body>.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def examples(path: Path) -> list[tuple[int, dict[str, str], str]]:
    """Every fenced block ```text format=GAME [findings=ID,ID] of a page: (its line, settings, text)."""
    return examples_in(read(path))


def examples_in(text: str) -> list[tuple[int, dict[str, str], str]]:
    found = []
    for match in _FENCE.finditer(text):
        settings = dict(item.split("=", 1) for item in match["info"].split() if "=" in item)
        if "format" in settings:
            found.append((text.count("\n", 0, match.start()) + 1, settings, match["body"]))
    return found


def test_examples_are_found_by_the_fence_pattern():
    page = "intro\n```text format=ofc findings=OFC-ROWS,CP-FOUL\nOFC hand 1\n```\n```text\nnot one\n```\n"
    assert examples_in(page) == [(2, {"format": "ofc", "findings": "OFC-ROWS,CP-FOUL"}, "OFC hand 1\n")]


def test_formats_page_has_an_example_of_every_game():
    formats = {settings["format"] for _, settings, _ in examples(FORMATS_MD)}
    assert set(GAMES) <= formats, f"docs/formats.md has no example of {sorted(set(GAMES) - formats)}"
    assert formats <= set(GAMES), f"docs/formats.md names unknown formats {sorted(formats - set(GAMES))}"


def doc_examples(pages: tuple[Path, ...]) -> dict[str, tuple[dict[str, str], str]]:
    """The examples of ``pages`` by a file name that says where each stands: name → (settings, text)."""
    return {f"{page.stem}-line{line:04d}-{settings['format']}.txt": (settings, body)
            for page in pages for line, settings, body in examples(page)}


def _stored(tmp_path: Path, files: dict[str, bytes]) -> dict[str, dict]:
    """Ingest ``files`` (name → bytes) into a fresh warehouse, as a user's ingest would; return per
    file what was stored: games by partition, quarantine errors, rule IDs found, each player's net."""
    from pipeline.ingest import ingest

    folder = tmp_path / "examples"
    folder.mkdir()
    for name, data in files.items():
        (folder / name).write_bytes(data)
    root = tmp_path / "warehouse"
    ingest([folder], root, jobs=1, build_models=False)

    def rows(table: str, columns: list[str]) -> list[dict]:
        if not (root / table).exists():
            return []
        data = ds.dataset(root / table, format="parquet", partitioning="hive").to_table()
        return [row for row in data.select(columns).to_pylist() if row.get("game") != "_none"]

    stored = {name: {"games": {}, "quarantine": [], "rules": Counter(), "nets": {}, "best": {}} for name in files}
    file_of = {}
    for row in rows("games", ["game_id", "source_file", "game"]):
        name = Path(row["source_file"]).name
        file_of[row["game_id"]] = name
        games = stored[name]["games"]
        games[row["game"]] = games.get(row["game"], 0) + 1
    for row in rows("quarantine", ["source_file", "line", "error", "game"]):
        stored[Path(row["source_file"]).name]["quarantine"].append(f"line {row['line']}: {row['error']}")
    for row in rows("findings", ["source_file", "rule_id", "game"]):
        stored[Path(row["source_file"]).name]["rules"][row["rule_id"]] += 1
    for row in rows("game_players", ["game_id", "player", "net", "game"]):
        # Games shared by several files (the same text) are stored once, under the first file read.
        stored[file_of[row["game_id"]]]["nets"][row["player"]] = row["net"]
    for row in rows("sixcard_decisions", ["game_id", "hand_no", "box", "decision_no", "option", "is_best", "game"]):
        if row["decision_no"] == 1 and row["is_best"]:
            stored[file_of[row["game_id"]]]["best"][f"{row['hand_no']}.{row['box']}"] = row["option"]
    return stored


def test_every_example_of_the_docs_is_stored_with_no_quarantine(tmp_path):
    expected = doc_examples((FORMATS_MD, RULES_MD, WAREHOUSE_MD, CASEBOOK_MD))
    assert expected, "no ```text format=… examples found in docs/"
    stored = _stored(tmp_path, {name: body.encode() for name, (_, body) in expected.items()})
    problems = []
    for name, (settings, _) in expected.items():
        got = stored[name]
        if got["quarantine"]:
            problems.append(f"{name}: quarantined: {got['quarantine']}")
        if not got["games"]:
            problems.append(f"{name}: no game stored")
        elif set(got["games"]) != {settings["format"]}:
            problems.append(f"{name}: stored as {sorted(got['games'])}, the fence says {settings['format']}")
        # each finding once: a rule cited twice is named twice (findings=HE-LIMIT-CAP,HE-LIMIT-CAP)
        want = Counter(filter(None, settings.get("findings", "").split(",")))
        if got["rules"] != want:
            problems.append(f"{name}: findings {sorted(got['rules'].elements())}, "
                            f"the fence says {sorted(want.elements())}")
        # best=HAND.BOX:OPTION,…: the best first option the decision analysis must find for a box
        for box, option in (item.split(":", 1) for item in filter(None, settings.get("best", "").split(","))):
            if got["best"].get(box) != option:
                problems.append(f"{name}: box {box}'s best first option is {got['best'].get(box)}, "
                                f"the fence says {option}")
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- the casebook

_CASE = re.compile(r"^### (?P<number>[A-Z]\.\d+) (?P<title>.+)$", re.MULTILINE)


def casebook_cases() -> list[tuple[str, str]]:
    """The casebook's cases: (number, the text from its heading to the next heading)."""
    text = read(CASEBOOK_MD)
    heads = list(_CASE.finditer(text))
    ends = [head.start() for head in heads[1:]] + [len(text)]
    return [(head["number"], text[head.end():end]) for head, end in zip(heads, ends)]


def test_casebook_counts_its_cases_and_covers_every_game():
    cases = casebook_cases()
    numbers = [number for number, _ in cases]
    twice = sorted({number for number in numbers if numbers.count(number) > 1})
    assert not twice, f"case numbers used twice: {twice}"
    problems, games, faults = [], set(), 0
    for number, body in cases:
        found = examples_in(body)
        if len(found) != 1:
            problems.append(f"{number}: {len(found)} logs, a case has exactly one")
            continue
        settings = found[0][1]
        games.add(settings["format"])
        faults += bool(settings.get("findings"))
        for part in ("**Question.**", "**Ruling.**"):
            if part not in body:
                problems.append(f"{number}: no {part}")
        ruling = body[body.find("**Ruling.**"):]
        if not RULE_ID.search(ruling):
            problems.append(f"{number}: the ruling cites no rule ID")
    assert not problems, "\n".join(problems)
    assert len(cases) >= 45, f"the casebook has {len(cases)} cases, fewer than 45"
    assert games == set(GAMES), f"the casebook has no case of {sorted(set(GAMES) - games)}"
    # Both kinds: plays that must raise a finding, and correct but unusual plays that must not.
    assert 0 < faults < len(cases), f"{faults} of {len(cases)} cases expect findings"
    claim = re.search(r"(\d+) cases over (\d+) formats", read(CASEBOOK_MD))
    assert claim, "the casebook does not say how many cases it holds"
    assert (int(claim[1]), int(claim[2])) == (len(cases), len(games)), (
        f"the casebook says {claim[0]}; it holds {len(cases)} cases over {len(games)} formats")


_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
_CLUB_FORMATS = {"raspisnoy", "raspisnoy_sheet", "chinese", "ofc", "sixcard"}
# A line's keywords (or a player's name) up to the colon they end: "Date", "First dealer", "Anna sets".
_KEYED = re.compile(r"^([A-Za-z][A-Za-z ]*)(?=:)", re.MULTILINE)
_KEYWORDS = re.compile(r"\b(?:Round|Hands|Bids|Trick|Points|Totals|Players|Scoring|Royalties|back|middle|front|"
                       r"draws|sets|discards|surrenders|Box|ante|plays|folds|buys|Dealer|Result|Hand|"
                       r"Raspisnoy|game|sheet|Chinese|poker|hand|Six-card|session)\b")


def lenient_forms(game: str, text: str) -> dict[str, bytes]:
    """The same game in each of the forms docs/formats.md says every parser forgives."""
    forms = {
        "crlf-bom": b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode(),
        "utf16": text.encode("utf-16"),
        "cr": text.replace("\n", "\r").encode(),
        "trailing-blanks": "\n".join(line + " \t " for line in text.split("\n")).encode(),
    }
    # a text with both Cyrillic and suit symbols has neither; a Latin one (Winamax's €) is cp1252's
    codecs = ("cp1251", "cp1252") if re.search("[а-яА-ЯёЁ]", text) else ("cp1252", "cp1251")
    for codec in codecs:
        try:
            forms[codec] = text.encode(codec)
            break
        except UnicodeEncodeError:
            continue
    if game in _CLUB_FORMATS:
        lines = text.rstrip("\n").split("\n")
        cards = re.compile(r"(?<!\w)(T|[2-9JQKA])([shdc])(?!\w)")
        forms["symbols"] = cards.sub(lambda m: ("10" if m[1] == "T" else m[1]) + _SYMBOLS[m[2]], text).encode()
        forms["russian"] = cards.sub(lambda m: {"A": "Т", "K": "К", "Q": "Д", "J": "В"}.get(m[1], m[1])
                                     + {"s": "п", "h": "ч", "d": "б", "c": "т"}[m[2]], text).encode()
        forms["upper-keywords"] = _KEYWORDS.sub(lambda m: m[0].upper(), text).encode()
        forms["nbsp"] = text.replace(": ", ":\u00a0").replace(" [", "\u00a0[").encode()
        forms["blanks-before-colons"] = _KEYED.sub(lambda m: m[1] + " \t", text).encode()
        header = next(i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#"))
        forms["comment-lines"] = "\n".join(
            [*lines[:header + 1], "# a comment line", *lines[header + 1:], "   # the end", ""]).encode()
        # A comment after the text: on every line of a raspisnoy log and on a sheet's rows; on the
        # card lines of the other club formats.
        takes_comment = {
            "raspisnoy": lambda line: True,
            "raspisnoy_sheet": lambda line: line.strip()[:1].isdigit(),
        }.get(game, lambda line: "[" in line)
        forms["trailing-comments"] = "\n".join(
            line + "   # note" if line.strip() and takes_comment(line) else line for line in lines).encode()
    return forms


def test_lenient_forms_of_the_format_examples_store_the_same_results(tmp_path):
    files, base = {}, {}
    for name, (settings, body) in doc_examples((FORMATS_MD,)).items():
        base[name] = settings
        files[name] = body.encode()
        for form, data in lenient_forms(settings["format"], body).items():
            files[f"{form}--{name}"] = data
    stored = _stored(tmp_path, files)
    problems = []
    for original in base:
        # Forms that change only line ends, blanks or the encoding are the same game as the example:
        # stored once, under whichever of those files was read first. The others are new games.
        group = [name for name in files if name.split("--")[-1] == original]
        same = [name for name in group if _same_text(files[name], files[original])]
        holders = [name for name in same if stored[name]["nets"]]
        if len(holders) != 1:
            problems.append(f"{original}: its plain forms are stored {len(holders)} times, not once")
            continue
        want = stored[holders[0]]["nets"]
        for name in group:
            got = stored[name]
            if got["quarantine"] or got["rules"]:
                problems.append(f"{name}: quarantined {got['quarantine']}, findings {sorted(got['rules'])}")
            elif name not in same and got["nets"] != want:
                problems.append(f"{name}: results {got['nets']}, the example gives {want}")
    assert not problems, "\n".join(problems)


def _same_text(data: bytes, original: bytes) -> bool:
    """Forms that only change line ends, blanks or the encoding are the same game: stored once."""
    from parsers.source import decode, normalize_lines

    return normalize_lines(decode(data)) == normalize_lines(decode(original))


def settings_table(heading: str) -> dict[str, list[str]]:
    """The rows of the settings table under the docs/formats.md heading that contains ``heading``."""
    text = read(FORMATS_MD)
    at = text.index(heading)
    section = text[at:text.find("\n#", at + 1)]
    return {match[1]: [cell.strip() for cell in match[2].split("|")]
            for match in re.finditer(r"^\|\s*`([^`]+)`\s*\|(.*)\|\s*$", section, flags=re.MULTILINE)}


def settings_as_refused(game_line, unknown: str) -> list[str]:
    """The settings a refusal of the setting ``unknown`` lists ('… Its settings are deck, joker and hook.')."""
    with pytest.raises(ValueError) as refusal:
        game_line.read(unknown, None)
    listed = str(refusal.value).split("Its settings are ", 1)[1].removesuffix(".")
    return re.split(r", | and ", listed)


def assert_settings_table_is_the_code_s(heading: str, game_line) -> dict[str, list[str]]:
    """The docs' table of a game's ``Rules:`` settings lists the settings of its one table in the
    code (``game_line``, a RulesLine), each with the values it takes, word for word, as the
    refusals list them too; returns the table's rows."""
    documented = settings_table(heading)
    assert list(documented) == list(game_line.names) == settings_as_refused(game_line, "no such setting")
    for setting in game_line.settings:
        assert documented[setting.name][0].replace("\\|", "|") == setting.takes, f"{heading}: {setting.name}"
    return documented


def test_raspisnoy_settings_and_defaults_are_the_code_s():
    from rules.raspisnoy import RULES_LINE, Ruleset

    documented = assert_settings_table_is_the_code_s("settings of raspisnoy", RULES_LINE)
    canonical = Ruleset().canonical
    for name, cells in documented.items():
        default = re.match(r"`([^`]+)`", cells[1])
        assert default, f"raspisnoy setting {name}: the default column has no `value`"
        assert f"{name} {default[1]}" in canonical.split(", "), f"{name}: the code's default is not {default[1]!r}"
    example = re.search(r"Example: `Rules: ([^`]+)`", read(FORMATS_MD))[1]
    assert Ruleset.parse(example).deck == 54


def test_chinese_settings_and_defaults_are_the_code_s():
    from rules.chinese import RULES_LINE, ChineseRules

    documented = assert_settings_table_is_the_code_s("settings of Chinese poker and OFC", RULES_LINE)
    for game, name in (("chinese", "Chinese poker"), ("ofc", "OFC")):
        assert f"`{ChineseRules.default(game).royalties.value}` for {name}" in documented["royalties"][1]
    assert ChineseRules.default("chinese").natural_bonus is None and documented["natural"][1] == "`scoop`"


def test_sixcard_settings_and_defaults_are_the_code_s():
    from rules.sixcard import RULES_LINE, SixcardRules

    documented = assert_settings_table_is_the_code_s("settings of six-card poker", RULES_LINE)
    usual = SixcardRules()
    for entry in re.findall(r"`([a-z ]+) (\d+)`", documented["pay"][1]):
        assert SixcardRules.parse(f"pay {entry[0]} {entry[1]}") == usual, f"pay {entry[0]}: not the default"
    for name, value in (("buy", usual.buy_cost), ("exchange", usual.exchange_cost),
                        ("dealer game", usual.dealer_game_cost), ("bet", usual.bet_antes)):
        assert documented[name][1] == f"`{value}`", f"{name}: the code's default is {value}"
    example = re.search(r"Example: `Rules: (pay [^`]+)`", read(FORMATS_MD))[1]
    assert SixcardRules.parse(example).pay_table[HandCategory.FLUSH] == 6


def test_holdem_rule_options_are_the_docs_and_the_refusal_s():
    from pipeline.table_rules import KNOWN, RULE_OF, parse_setting

    text = read(FORMATS_MD)
    caps = re.search(r"`limit_cap_(\d)` … `limit_cap_(\d)`", text)
    documented = set(re.findall(r"`([a-z_]+)`", text)) | {f"limit_cap_{bets}" for bets in
                                                         range(int(caps[1]), int(caps[2]) + 1)}
    assert set(RULE_OF) <= documented
    with pytest.raises(ValueError) as refusal:
        parse_setting("no such option")
    assert str(refusal.value).endswith(f"Expected {KNOWN}")
    listed = set(KNOWN.replace(" or ", ", ").split(", ")) - {"limit_cap_2 … limit_cap_9"}
    assert listed | {f"limit_cap_{bets}" for bets in range(2, 10)} == set(RULE_OF)


# ---------------------------------------------------------------- rules

def registered_rules() -> dict[str, str]:
    """Every rule ID the code registers: the rulebook's texts and each game module's RULES."""
    import rules

    found: dict[str, str] = {}
    for info in pkgutil.iter_modules(rules.__path__):
        module = importlib.import_module(f"rules.{info.name}")
        table = getattr(module, "RULES", None)
        if isinstance(table, dict):
            found.update(table)
    rulebook = importlib.import_module("rules.rulebook")
    for value in vars(rulebook).values():
        if isinstance(value, dict) and value and all(isinstance(k, str) and RULE_ID.fullmatch(k) for k in value):
            found.update(value)
    return found


def documented_rules() -> dict[str, list[str]]:
    """The rule entries of docs/rules.md: table rows opening with a rule ID in backticks → their cells."""
    entries = {}
    for line in read(RULES_MD).splitlines():
        match = re.match(r"^\|\s*`(?P<id>[A-Z]+-[A-Z0-9-]+)`\s*\|(?P<rest>.*)\|\s*$", line)
        if match:
            entries[match["id"]] = [cell.strip() for cell in match["rest"].split("|")]
    return entries


def test_every_registered_rule_is_documented_and_every_documented_rule_is_registered():
    code = set(registered_rules())
    docs = set(documented_rules())
    assert len(code) >= 40, f"only {len(code)} rule IDs found in rules/: is the registry read right?"
    missing = sorted(code - docs)
    assert not missing, f"rule IDs the code registers but docs/rules.md does not document: {missing}"
    ghosts = sorted(docs - code)
    assert not ghosts, f"rule IDs docs/rules.md documents but the code does not register: {ghosts}"


def test_every_rule_id_mentioned_in_the_docs_is_registered():
    code = set(registered_rules())
    for page in sorted(DOCS.glob("*.md")) + [ROOT / "README.md"]:
        unknown = sorted(set(RULE_ID.findall(read(page))) - code)
        assert not unknown, f"{page.relative_to(ROOT)} mentions rule IDs that are not registered: {unknown}"


def test_every_rule_id_the_rules_cite_is_registered():
    code = set(registered_rules())
    cited = set()
    for path in sorted((ROOT / "rules").glob("*.py")) + sorted((ROOT / "parsers").glob("*.py")):
        cited |= set(re.findall(r"[\"']((?:HE|RSP|CP|OFC|SIX|ROOM)-[A-Z0-9]+(?:-[A-Z0-9]+)*)[\"']", read(path)))
    assert not sorted(cited - code), f"rule IDs cited in rules/ but not registered: {sorted(cited - code)}"


def test_each_documented_rule_has_its_text_severity_and_origin():
    severities = {"error", "warning", "error or warning", "none"}
    for rule_id, cells in documented_rules().items():
        assert len(cells) == 3, f"{rule_id}: expected | ID | rule | severity | from |, found {cells}"
        text, severity, origin = cells
        assert len(text) > 20, f"{rule_id}: the rule's text is missing"
        assert severity in severities, f"{rule_id}: severity {severity!r} is not one of {sorted(severities)}"
        assert origin, f"{rule_id}: where the rule comes from is missing"


def test_each_rule_is_worded_once_the_page_showing_the_code_s_text():
    # The code's RULES is the one wording: the audit and the dashboards show it beside a finding,
    # and the page's cell repeats it to the letter, its backticks included. Either side edited
    # alone fails here.
    code = registered_rules()
    cutting = sorted(rule_id for rule_id, text in code.items() if "|" in text)
    assert not cutting, f"rule texts with a | would cut their row of the page's table: {cutting}"
    differ = [f"{rule_id}:\n  docs/rules.md: {cells[0]}\n  rules/:        {code[rule_id]}"
              for rule_id, cells in documented_rules().items() if rule_id in code and cells[0] != code[rule_id]]
    assert not differ, ("rules worded differently on docs/rules.md and in rules/ (the page's cell is the code's "
                        "text, word for word):\n" + "\n".join(differ))


def warning_rules() -> set[str]:
    """Rule IDs that rules/ adds as findings with a severity other than a plain error."""
    found = set()
    for path in sorted((ROOT / "rules").glob("*.py")):
        text = read(path)
        for call in re.finditer(r"\.add\(\s*\"(?P<id>[A-Z]+-[A-Z0-9-]+)\"", text):
            depth, at = 1, call.end()
            while depth and at < len(text):
                depth += {"(": 1, ")": -1}.get(text[at], 0)
                at += 1
            arguments = text[call.end():at]
            if "Severity.WARNING" in arguments or "severity=severity" in arguments:
                found.add(call["id"])
    return found


def test_rules_the_code_can_report_as_warnings_say_so():
    documented = documented_rules()
    warnings = warning_rules()
    assert {"RSP-TRICK", "SIX-PAY"} <= warnings, f"the warning scan found only {sorted(warnings)}"
    for rule_id in sorted(warnings):
        severity = documented.get(rule_id, ["", "", ""])[1]
        assert "warning" in severity, f"{rule_id} can be a warning; docs/rules.md says {severity!r}"


# ---------------------------------------------------------------- warehouse

def table_schemas() -> dict[str, list[str]]:
    """Every warehouse table the code defines, with its stored columns."""
    import pipeline.facts
    from pipeline.tables import SCHEMAS

    for info in pkgutil.iter_modules(pipeline.facts.__path__):
        importlib.import_module(f"pipeline.facts.{info.name}")
    return {name: list(schema.names) for name, schema in SCHEMAS.items()}


def sections(text: str) -> dict[str, str]:
    """A page cut at its headings ``### `name` ``: the text under each."""
    parts = re.split(r"^#{2,4} `([a-z0-9_]+)`.*$", text, flags=re.MULTILINE)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def documented_columns(section: str) -> dict[str, str]:
    """The column rows of a table's section: column → the type the page gives it."""
    return dict(re.findall(r"^\|\s*`([a-z0-9_]+)`\s*\|\s*([^|]*?)\s*\|", section, flags=re.MULTILINE))


def sql_type(arrow_type) -> str:
    """An Arrow type as DuckDB names it when it reads the Parquet file."""
    import pyarrow as pa

    if pa.types.is_decimal(arrow_type):
        return f"decimal({arrow_type.precision},{arrow_type.scale})"
    if pa.types.is_list(arrow_type):
        return f"{sql_type(arrow_type.value_type)}[]"
    if pa.types.is_struct(arrow_type):
        return f"struct({', '.join(f'{field.name} {sql_type(field.type)}' for field in arrow_type)})"
    names = {"string": "varchar", "large_string": "varchar", "int8": "tinyint", "uint8": "utinyint", "int16": "smallint",
             "int32": "integer", "int64": "bigint", "bool": "boolean", "double": "double", "float": "float",
             "timestamp[us]": "timestamp", "date32[day]": "date"}
    return names.get(str(arrow_type), str(arrow_type))


def test_every_table_and_column_is_documented():
    documented = sections(read(WAREHOUSE_MD))
    problems = []
    from pipeline.tables import SCHEMAS

    for table, columns in sorted(table_schemas().items()):
        if table not in documented:
            problems.append(f"table {table} has no section '### `{table}`'")
            continue
        on_page = documented_columns(documented[table])
        missing = [column for column in columns if column not in on_page]
        extra = sorted(on_page.keys() - set(columns) - {"game"})
        if missing:
            problems.append(f"{table}: columns not documented: {missing}")
        if extra:
            problems.append(f"{table}: documented columns the table does not have: {extra}")
        for field in SCHEMAS[table]:
            if field.name in on_page and on_page[field.name] != sql_type(field.type):
                problems.append(f"{table}.{field.name}: the page says {on_page[field.name]}, "
                                f"the table stores {sql_type(field.type)}")
    assert not problems, "\n".join(problems)


def test_the_amount_types_the_page_describes_are_the_stored_ones():
    from pipeline.tables import MONEY

    page = read(WAREHOUSE_MD)
    amounts = page[page.index("**Amounts**"):page.index("## Tables")]
    assert f"`{sql_type(MONEY)}`" in amounts, f"the page does not say amounts are {sql_type(MONEY)}"


def marts() -> dict[str, str]:
    """Every mart of sql/30_marts (a template's too) with the grain its first line states."""
    from pipeline.models import models

    found = {}
    for model in models(ROOT / "sql"):
        if model.layer != "30_marts":
            continue
        first = model.source.splitlines()[0]
        assert first.startswith("-- grain:"), f"{model.name} ({model.path.name}) does not open with its grain"
        found[model.name] = first.removeprefix("-- grain:").strip()
    return found


def _words(text: str) -> str:
    return " ".join(re.sub(r"[`*_]", "", text).lower().split())


def test_every_mart_is_documented_with_its_grain():
    documented = sections(read(WAREHOUSE_MD))
    problems = []
    for mart, grain in marts().items():
        if mart not in documented:
            problems.append(f"mart {mart} has no section '### `{mart}`'")
        elif _words(grain) not in _words(documented[mart]):
            problems.append(f"mart {mart}: its section does not state the grain {grain!r}")
    assert not problems, "\n".join(problems)


def test_the_queries_of_the_warehouse_page_run(tmp_path):
    import duckdb

    from pipeline.cli import main
    from pipeline.ingest import ingest

    folder = tmp_path / "logs"
    folder.mkdir()
    for name, (_, body) in doc_examples((FORMATS_MD,)).items():
        (folder / name).write_text(body, encoding="utf-8")
    root = tmp_path / "warehouse"
    ingest([folder], root, jobs=1)
    page = read(WAREHOUSE_MD)
    shell = "\n".join(re.findall(r"^```sh\n(.*?)^```", page, flags=re.MULTILINE | re.DOTALL))
    statements = re.findall(r'rasklad query "(.*?)"', shell, flags=re.DOTALL)
    sql = re.findall(r"^```sql\n(.*?)^```", page, flags=re.MULTILINE | re.DOTALL)
    assert len(statements) >= 4 and len(sql) >= 2, "the page's query examples were not found"
    for statement in statements + [block for block in sql if "read_parquet" not in block]:
        result = CliRunner().invoke(main, ["query", statement.strip().rstrip(";"), "--warehouse", str(root)])
        assert result.exit_code == 0, f"{statement}\n{result.output}"
    for block in sql:
        if "read_parquet" in block:
            rows = duckdb.sql(block.replace("data/warehouse", str(root)).rstrip().rstrip(";")).fetchall()
            assert sorted(game for game, _ in rows) == sorted(GAMES)
    python = re.findall(r"^```python\n(.*?)^```", page, flags=re.MULTILINE | re.DOTALL)
    for block in python:
        exec(block.replace("data/warehouse", str(root)), {})  # noqa: S102 (the page's own example, run as a reader would)


def warehouse_page_statements() -> list[str]:
    """Every SQL statement of the warehouse page a reader can run with `rasklad query` as written:
    the `rasklad query "…"` of its shell blocks and of its prose, its ```sql blocks (but those
    reading the Parquet files directly), and each statement in its prose (`select … from …`)."""
    page = read(WAREHOUSE_MD)
    fences = re.compile(r"^```(\w*)\n(.*?)^```", flags=re.MULTILINE | re.DOTALL)
    statements = []
    for kind, block in fences.findall(page):
        if kind == "sh":
            statements += re.findall(r'rasklad query "(.*?)"', block, flags=re.DOTALL)
        elif kind == "sql" and "read_parquet" not in block:
            statements.append(block)
    for span in re.findall(r"`([^`]+)`", fences.sub("", page)):
        quoted = re.fullmatch(r'rasklad query "(.*?)"', span, flags=re.DOTALL)
        if quoted:
            statements.append(quoted[1])
        elif re.match(r"(select|with)\b.*\bfrom\b", span, flags=re.DOTALL):
            statements.append(span)
    return [" ".join(statement.split()).rstrip(";") for statement in statements]


def test_every_query_of_the_warehouse_page_runs_on_the_samples(tmp_path):
    # a reader tries them on the demo's warehouse: the ledger's example once took `$id`, a
    # parameter `rasklad query` has no way to give, and failed as written
    import json

    from pipeline.cli import main
    from pipeline.ingest import ingest

    root = tmp_path / "warehouse"
    ingest([ROOT / "data" / "samples"], root, jobs=1)
    statements = warehouse_page_statements()
    assert len(statements) >= 15, statements
    for statement in statements:
        result = CliRunner().invoke(main, ["query", statement, "--warehouse", str(root), "--json"])
        assert result.exit_code == 0, f"{statement}\n{result.output}"
    (ledger,) = [statement for statement in statements if "list_position(game_ids" in statement]
    result = CliRunner().invoke(main, ["query", ledger, "--warehouse", str(root), "--json"])
    # the sample hand C-1001 opens at line 2 of its file, below a comment
    (row,) = json.loads(result.stdout)
    assert row["source_file"].endswith("data/samples/chinese-formats-examples.txt") and row["line"] == 2


def test_the_warehouse_pages_sums_of_net_keep_each_unit_apart():
    # "No mart adds two units": nor may the page's own examples. Its Python example once summed
    # game_players.net over every game, adding dollars, euros, tournament chips and points.
    page = read(WAREHOUSE_MD)
    blocks = re.findall(r"^```\w*\n(.*?)^```", page, flags=re.MULTILINE | re.DOTALL)
    summing = [block for block in blocks if re.search(r"sum\((\w+\.)?net\)", block)]
    assert summing, "the page's examples that sum net were not found"
    for block in summing:
        assert re.search(r"\bcurrency\b", block) and re.search(r"\bgame\b", block), block


# ---------------------------------------------------------------- links

def test_readme_links_the_docs_and_no_team_paper():
    readme = read(ROOT / "README.md")
    for page in ("docs/formats.md", "docs/rules.md", "docs/warehouse.md", "docs/casebook.md"):
        assert f"]({page})" in readme, f"README does not link {page}"
    assert not TEAM_PAPERS.findall(readme), f"README names {TEAM_PAPERS.findall(readme)}"


def readme_sentence(ending: str) -> str:
    """The README's sentence that ends with ``ending``, its lines joined."""
    text = " ".join(read(ROOT / "README.md").split())
    (sentence,) = re.findall(r"[^.;]*" + re.escape(ending), text)
    return sentence


def test_readme_names_every_command_that_takes_json_or_shows_progress():
    # each command's own options and --help are the measure: the README named ingest and
    # build-models for progress after export showed it too, and five of the eleven that take --json
    from pipeline.cli import main

    helps = {name: CliRunner().invoke(main, [name, "--help"]).output for name in main.commands}
    takes_json = {name for name, command in main.commands.items()
                  if any("--json" in param.opts for param in command.params)}
    shows_progress = {name for name, text in helps.items() if re.search(r"progress|how far", text)}
    assert {"ingest", "export", "build-models", "house-edge"} <= shows_progress

    def commands_named(ending: str) -> set[str]:    # (`alias --list` is alias)
        return set(re.findall(r"`([a-z][a-z-]*)(?: --[a-z]+)?`", readme_sentence(ending)))

    assert commands_named("take `--json`") == takes_json
    assert commands_named("say on stderr how far they are") == shows_progress


def anchors(text: str) -> set[str]:
    """The anchors of a page's headings, as Markdown renderers make them (GitHub's rule)."""
    found = set()
    for heading in re.findall(r"^#+ (.+)$", text, flags=re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(slug)
    return found


def test_anchors_follow_the_heading_text():
    assert anchors("## `Rules:` settings of raspisnoy (logs and sheets)\n### Open-face Chinese poker (OFC)\n") == {
        "rules-settings-of-raspisnoy-logs-and-sheets", "open-face-chinese-poker-ofc"}


def test_docs_name_no_team_paper_and_their_links_resolve():
    for page in sorted(DOCS.glob("*.md")):
        text = read(page)
        assert not TEAM_PAPERS.findall(text), f"{page.name} names {TEAM_PAPERS.findall(text)}"
        for target, anchor in re.findall(r"\]\(([^)#:]*)(?:#([^)]*))?\)", text):
            linked = page.parent / target if target else page
            assert linked.exists(), f"{page.name} links {target}, which does not exist"
            if anchor:
                assert anchor in anchors(read(linked)), f"{page.name} links {target}#{anchor}: no such heading"


def test_product_code_names_no_team_paper():
    named = []
    for folder in PRODUCT_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in (".py", ".lark", ".sql"):
                continue
            text = read(path)
            # The benchmarks, like the tests, may read the real corpora beside the project.
            if TEAM_PAPERS.search(text) or (folder != "bench" and "../shared" in text):
                named.append(str(path.relative_to(ROOT)))
    assert not named, f"these files name a paper or folder users do not have (point at docs/ instead): {named}"


@pytest.mark.parametrize(("command", "page"), [
    ((), "docs/formats.md"),
    (("ingest",), "docs/formats.md"),
    (("audit",), "docs/rules.md"),
    (("query",), "docs/warehouse.md"),
    (("stats",), "docs/warehouse.md"),
    (("generate",), "docs/formats.md"),
])
def test_cli_help_points_at_the_docs(command, page):
    from pipeline.cli import main

    result = CliRunner().invoke(main, [*command, "--help"], catch_exceptions=False)
    assert result.exit_code == 0
    assert page in result.output, f"`rasklad {' '.join(command)} --help` does not mention {page}"


def test_every_dashboard_page_points_at_a_doc():
    for path in sorted((ROOT / "dashboards" / "app_pages").glob("*.py")):
        pages = re.findall(r"docs/(\w+\.md)", read(path))
        assert pages, f"dashboards/app_pages/{path.name} links no page of docs/"
        for page in pages:
            assert (DOCS / page).exists(), f"{path.name} links docs/{page}, which does not exist"
