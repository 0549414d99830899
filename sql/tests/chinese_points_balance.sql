-- every Chinese poker and OFC hand is zero-sum: the players' points add up to 0
select
    game_id,
    game,
    sum(points) as total_points,
from stg_chinese_players
group by all
having sum(points) <> 0
