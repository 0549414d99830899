-- grain: one row per player per Hold'em hand: what the hand browser lists, filters and sorts on
-- games: holdem, holdem36
-- key: game_id, player
-- incremental: game_id
-- hand_class is the starting hand as the 13×13 grid names it (AA, AKs, AKo); null when the cards
-- are unknown. stack_depth buckets the starting stack in big blinds (null without a big blind, or
-- when the log does not state the stack).
-- currency is the game's unit, as every mart has it (play money in chips, not holdem_results' "play").
-- The rows are kept in player and time order, so that one player's page reads few blocks.
with

results as (
    select * from stg_holdem_results
),

hands as (
    select * from int_holdem_player_hands
),

games as (
    select * from stg_games
),

all_ins as (
    -- the players who went all-in at some action of the hand (only those rows are grouped)
    select game_id, player, true as is_all_in,
    from stg_holdem_actions
    where is_all_in
    group by game_id, player
),

cards as (
    select
        *,
        substr(hole_cards, 1, 1) as rank_1,
        substr(hole_cards, 2, 1) as suit_1,
        substr(hole_cards, 4, 1) as rank_2,
        substr(hole_cards, 5, 1) as suit_2,
    from results
),

classes as (
    -- each player's row of results with his starting hand: no join back to results by game and player
    select
        *,
        case
            when coalesce(length(hole_cards), 0) <> 5 then null
            when rank_1 = rank_2 then rank_1 || rank_2
            when strpos('AKQJT98765432', rank_1) < strpos('AKQJT98765432', rank_2)
                then rank_1 || rank_2 || case when suit_1 = suit_2 then 's' else 'o' end
            else rank_2 || rank_1 || case when suit_1 = suit_2 then 's' else 'o' end
        end as hand_class,
    from cards
),

final as (
    select
        results.game_id,
        results.game,
        results.hand_id,
        results.player,
        games.played_at,
        cast(games.played_at as date) as played_on,
        games.club,
        games.site,
        games.table_name,
        games.source_file,
        games.first_line,
        results.stakes,
        hands.currency,
        results.is_tournament,
        results.small_blind,
        results.big_blind,
        results.count_players,
        results.seat,
        results.position,
        results.hole_cards,
        results.hand_class,
        results.stack_start,
        big_blinds(results.stack_start, results.big_blind) as stack_big_blinds,
        case
            when results.big_blind is null or results.big_blind = 0 or results.stack_start is null then null
            when results.stack_start < 20 * results.big_blind then '<20'
            when results.stack_start < 40 * results.big_blind then '20-40'
            when results.stack_start < 60 * results.big_blind then '40-60'
            when results.stack_start < 100 * results.big_blind then '60-100'
            when results.stack_start < 150 * results.big_blind then '100-150'
            else '150+'
        end as stack_depth,
        results.invested,
        results.collected,
        results.net,
        results.net_showdown,
        decimal_big_blinds(results.net, results.big_blind) as net_big_blinds,
        results.allin_ev_net,
        results.total_pot,
        coalesce(all_ins.is_all_in, false) as is_all_in,
        results.saw_flop,
        results.went_to_showdown,
        results.won_at_showdown,
        results.is_walk,
        hands.is_vpip_opportunity,
        hands.is_vpip,
        hands.is_pfr_opportunity,
        hands.is_pfr,
    from classes as results
    join games on results.game_id = games.game_id
    left join hands on results.game_id = hands.game_id and results.player = hands.player
    left join all_ins on results.game_id = all_ins.game_id and results.player = all_ins.player
)

select * from final
order by player, played_at desc nulls last, game_id
