-- grain: one row per game that did not parse
-- key: quarantine_id
select
    quarantine_id,
    game,
    source_file,
    first_line,
    last_line,
    line,
    "column",
    error,
    text,
    rules_version,
    copies_first_lines,
from quarantine
