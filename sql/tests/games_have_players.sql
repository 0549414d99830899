-- every stored game has at least one player row, and no player row lacks its game (a tournament
-- summary's players are its entries in tournament_results)
select game_id, 'game without players' as problem
from stg_games
where game_id not in (select game_id from stg_game_players)
    and game_id not in (select game_id from stg_tournament_results)
union all
select distinct game_id, 'players without game' as problem
from stg_game_players
where game_id not in (select game_id from stg_games)
