-- grain: one row per rule broken in a game
-- key: game_id, rule_id, line, message, expected, actual
select
    game_id,
    game,
    rule_id,
    severity,
    line,
    message,
    expected,
    actual,
    source_file,
from findings
