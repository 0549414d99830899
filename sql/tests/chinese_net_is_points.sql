-- a Chinese poker or OFC player's net in game_players is his points, and his points are the sum of his pairings
with

players as (
    select * from stg_chinese_players
),

net as (
    select * from stg_game_players where game in ('chinese', 'ofc')
),

pairings as (
    select game_id, game, player, sum(points) as points, from stg_chinese_scores group by all
)

select
    players.game_id,
    players.player,
from players
left join net
    on net.game_id = players.game_id and net.game = players.game and net.player = players.player
left join pairings
    on pairings.game_id = players.game_id and pairings.game = players.game and pairings.player = players.player
where net.net is distinct from players.points
    or coalesce(pairings.points, 0) <> players.points
