-- grain: one row per player per game
-- key: game_id, player
select
    game_id,
    game,
    player,
    seat,
    net,
from game_players
