-- grain: one row per player per game
-- key: game_id, player
select
    game_id,
    game,
    player,
    seat,
    net,
    is_anonymous,   -- a name that is nobody's (macro is_person)
from game_players
