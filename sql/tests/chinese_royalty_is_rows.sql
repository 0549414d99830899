-- a player's royalty is the sum of his rows' royalties, and a fouled hand earns none
with

rows as (
    select game_id, game, player, sum(royalty) as royalty, bool_or(is_foul) as is_foul, from stg_chinese_rows group by all
)

select
    players.game_id,
    players.player,
from stg_chinese_players as players
join rows
    on rows.game_id = players.game_id and rows.game = players.game and rows.player = players.player
where rows.royalty <> players.royalty
    or (players.is_foul and players.royalty <> 0)
    or rows.is_foul <> players.is_foul
