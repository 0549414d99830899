-- grain: one row per cancelled Hold'em hand
-- key: game_id
-- The hands that were cancelled (macro is_played): no game of anyone's. int_player_games and
-- int_account_games leave their seats out of every count of games, reading them here.
with

results as (
    select game_id, is_cancelled from stg_holdem_results
),

final as (
    -- the flag is on each of the hand's rows
    select distinct game_id from results where not is_played(is_cancelled)
)

select * from final
