-- grain: one row per stored game: its text as its file has it (kept to show it and judge it again)
-- key: game_id
select
    game_id,
    game,
    text,
from game_texts
