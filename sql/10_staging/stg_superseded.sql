-- grain: one row per game that left the statistics because its file changed and no file read holds it now
-- key: game_id
select
    game_id,
    game,
    was,
    source_file,
    first_line,
    last_line,
    played_at,
    error,
    text,
    rules_version,
    superseded_at,
    superseded_by,
from superseded
