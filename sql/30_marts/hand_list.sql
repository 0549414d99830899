-- grain: one row per player per Hold'em hand: what the hand browser lists, filters and sorts on
-- games: holdem, holdem36
-- key: game_id, player
-- incremental: game_id
-- hand_class is the starting hand as the 13×13 grid names it (AA, AKs, AKo); null when the cards
-- are unknown. stack_depth buckets the starting stack in big blinds (null without a big blind, or
-- when the log does not state the stack); each bucket holds its lower bound: 100 bb is 100-150.
-- currency is the game's unit, as every mart has it (play money in chips, not holdem_results' "play").
-- A cancelled hand (is_cancelled) is listed, as it happened, and counted by no mart that reads these
-- rows: each leaves it out with the macro is_played.
-- The flags behind every player statistic (int_holdem_player_hands) are kept here, so that the
-- statistics marts sum these rows: the flags are computed once per build, and stored once.
-- The rows are stored in no order (the pages sort what they show): sorting them by player let one
-- player's page skip blocks only until the first update appended its rows, and cost a sixth of the
-- model's CPU (0.09 CPU-s of the 20,000-hand build).
with

hands as (
    select * from int_holdem_player_hands
),

cards as (
    select
        *,
        substr(hole_cards, 1, 1) as rank_1,
        substr(hole_cards, 2, 1) as suit_1,
        substr(hole_cards, 4, 1) as rank_2,
        substr(hole_cards, 5, 1) as suit_2,
    from hands
),

classes as (
    -- each player's hand with his starting hand: no join back by game and player
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
        hands.game_id,
        hands.game,
        hands.hand_id,
        hands.player,
        hands.played_at,
        hands.played_in_utc,
        hands.played_on,
        hands.club,
        hands.site,
        hands.table_name,
        hands.source_file,
        hands.first_line,
        hands.stakes,
        hands.betting,
        hands.currency,
        hands.is_tournament,
        hands.small_blind,
        hands.big_blind,
        hands.count_players,
        hands.seat,
        hands.position,
        hands.hole_cards,
        hands.hand_class,
        hands.stack_start,
        -- a decimal, as net_big_blinds: in doubles 7.00 / 0.07 is 99.99999999999999, under the bound
        -- of the 100-150 bucket this very stack is in
        decimal_big_blinds(hands.stack_start, hands.big_blind) as stack_big_blinds,
        -- the bounds in a decimal wider than the amounts' (18, 2), exactly: 60 big blinds of a
        -- stake the warehouse stores may not fit in 18 digits
        case
            when hands.big_blind is null or hands.big_blind = 0 or hands.stack_start is null then null
            when hands.stack_start < 20 * cast(hands.big_blind as decimal(38, 2)) then '<20'
            when hands.stack_start < 40 * cast(hands.big_blind as decimal(38, 2)) then '20-40'
            when hands.stack_start < 60 * cast(hands.big_blind as decimal(38, 2)) then '40-60'
            when hands.stack_start < 100 * cast(hands.big_blind as decimal(38, 2)) then '60-100'
            when hands.stack_start < 150 * cast(hands.big_blind as decimal(38, 2)) then '100-150'
            else '150+'
        end as stack_depth,
        hands.invested,
        hands.collected,
        hands.net,
        hands.net_showdown,
        decimal_big_blinds(hands.net, hands.big_blind) as net_big_blinds,
        hands.allin_ev_net,
        hands.total_pot,
        hands.rake_paid,
        hands.is_cancelled,
        -- all-in at some action of the hand (a blind posted all-in too): a semi-join of the all-in
        -- actions, where a grouping of them joined back cost a tenth more of the model
        exists (
            select 1 from stg_holdem_actions as actions
            where actions.game_id = hands.game_id and actions.player = hands.player and actions.is_all_in
        ) as is_all_in,
        hands.saw_flop,
        hands.went_to_showdown,
        hands.won_at_showdown,
        hands.is_walk,
        hands.is_vpip_opportunity,
        hands.is_vpip,
        hands.is_pfr_opportunity,
        hands.is_pfr,
        hands.is_three_bet_opportunity,
        hands.is_three_bet,
        hands.is_fold_to_three_bet_opportunity,
        hands.is_fold_to_three_bet,
        hands.is_steal_opportunity,
        hands.is_steal_attempt,
        hands.is_cbet_flop_opportunity,
        hands.is_cbet_flop,
        hands.is_fold_to_cbet_flop_opportunity,
        hands.is_fold_to_cbet_flop,
        hands.count_postflop_bets_raises,
        hands.count_postflop_calls,
        hands.count_postflop_folds,
        hands.is_won_when_saw_flop,
    from classes as hands
)

select * from final
