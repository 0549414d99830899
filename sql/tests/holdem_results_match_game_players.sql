-- each Hold'em player's net in holdem_results is his net in game_players
select
    results.game_id,
    results.player,
    results.net,
    players.net as game_players_net,
from stg_holdem_results as results
full join stg_game_players as players
    on results.game_id = players.game_id and results.player = players.player
where (results.game_id is not null or players.game in ('holdem', 'holdem36'))
    and (results.net is distinct from players.net)
