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
    subject,        -- the part of the game it is about, where one line speaks for several (a six-card box)
from findings
