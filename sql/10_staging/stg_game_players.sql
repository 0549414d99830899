-- grain: one row per player per game
select
    game_id,
    game,
    player,
    seat,
    net,
from game_players
