-- grain: one row per rule broken in a game
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
