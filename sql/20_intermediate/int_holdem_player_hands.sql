-- grain: one row per player per Hold'em hand, with the flags behind every player statistic
-- key: game_id, player
-- A view: hand_list stores its rows (with the hand browser's columns), and the statistics marts sum
-- hand_list, so the flags are computed once per build and stored once.
-- Definitions follow PokerTracker 4: an opportunity is a decision the player actually faced;
-- a walk gives the big blind no preflop decision, so walks count for no preflop stat. Raise
-- levels count every bet and raise, short all-ins included (int_holdem_decisions.raise_level).
-- currency is the game's unit (games.currency: play money counts in chips, as tournament chips do).
with

results as (
    select * from stg_holdem_results
),

decisions as (
    select * from int_holdem_decisions
),

preflop_aggressors as (
    -- the last player to bet or raise preflop
    select
        game_id,
        arg_max(player, action_no) as aggressor,
    from decisions
    where street = 'preflop' and is_aggressive
    group by game_id
),

cbets as (
    -- the preflop aggressor's first flop decision, when nobody bet before him and he bet
    select
        decisions.game_id,
        min(decisions.action_no) as cbet_action_no,
        any_value(preflop_aggressors.aggressor) as cbettor,
    from decisions
    join preflop_aggressors
        on decisions.game_id = preflop_aggressors.game_id
        and decisions.player = preflop_aggressors.aggressor
    where decisions.street = 'flop'
        and decisions.decision_no = 1
        and decisions.raise_level = 0
        and decisions.action = 'bet'
    group by decisions.game_id
),

facing_cbets as (
    -- each other player's first flop decision after the c-bet; raise level 1 means he faced
    -- the c-bet itself, not a raise of it (a short all-in raise of it is a raise too). The
    -- c-bettor never faces his own bet, so he has no fold-to-c-bet chance.
    select
        decisions.game_id,
        decisions.player,
        arg_min(decisions.action, decisions.action_no) as action,
        arg_min(decisions.raise_level, decisions.action_no) as raise_level,
    from decisions
    join cbets on decisions.game_id = cbets.game_id
    where decisions.street = 'flop'
        and decisions.action_no > cbets.cbet_action_no
        and decisions.player <> cbets.cbettor
    group by decisions.game_id, decisions.player
),

flags as (
    select
        game_id,
        player,
        count(*) filter (where street = 'preflop') > 0 as is_vpip_opportunity,
        count(*) filter (where street = 'preflop' and action in ('call', 'bet', 'raise')) > 0 as is_vpip,
        count(*) filter (where street = 'preflop' and is_aggressive) > 0 as is_pfr,
        -- 3-bet: his first decision facing an open raise (raise level 2), with chips to re-raise
        count(*) filter (
            where street = 'preflop' and raise_level = 2 and decision_no_at_level = 1 and could_raise
        ) > 0 as is_three_bet_opportunity,
        count(*) filter (
            where street = 'preflop' and raise_level = 2 and decision_no_at_level = 1 and could_raise
                and action = 'raise'
        ) > 0 as is_three_bet,
        -- fold to 3-bet: he made the 2-bet, then faced a 3-bet (raise level 3) at his next turn
        count(*) filter (where street = 'preflop' and raise_level = 1 and action = 'raise') > 0 as is_open_raiser,
        count(*) filter (where street = 'preflop' and raise_level = 3 and decision_no_at_level = 1) > 0 as faced_three_bet,
        count(*) filter (
            where street = 'preflop' and raise_level = 3 and decision_no_at_level = 1 and action = 'fold'
        ) > 0 as folded_to_three_bet,
        -- steal: first in from the cutoff, the button or the small blind, folded to him
        count(*) filter (
            where street = 'preflop' and decision_no = 1 and count_entries_before = 0
                and position in ('CO', 'BTN', 'SB')
        ) > 0 as is_steal_opportunity,
        count(*) filter (
            where street = 'preflop' and decision_no = 1 and count_entries_before = 0
                and position in ('CO', 'BTN', 'SB') and action = 'raise'
        ) > 0 as is_steal_attempt,
        -- first decision on the flop with no bet before him (a c-bet chance if he was the aggressor)
        count(*) filter (where street = 'flop' and decision_no = 1 and raise_level = 0) > 0 as is_first_to_bet_on_flop,
        count(*) filter (
            where street = 'flop' and decision_no = 1 and raise_level = 0 and action = 'bet'
        ) > 0 as is_first_bet_on_flop,
        count(*) filter (where street in ('flop', 'turn', 'river') and is_aggressive) as count_postflop_bets_raises,
        count(*) filter (where street in ('flop', 'turn', 'river') and action = 'call') as count_postflop_calls,
        count(*) filter (where street in ('flop', 'turn', 'river') and action = 'fold') as count_postflop_folds,
    from decisions
    group by game_id, player
),

final as (
    select
        results.game_id,
        results.game,
        results.hand_id,
        games.site,
        games.played_at,
        cast(games.played_at as date) as played_on,
        games.club,
        games.table_name,
        games.source_file,
        games.first_line,
        results.player,
        results.seat,
        results.position,
        results.hole_cards,
        results.stakes,
        games.currency,
        results.is_tournament,
        results.small_blind,
        results.big_blind,
        results.count_players,
        results.stack_start,
        results.invested,
        results.total_pot,
        results.net,
        results.net_showdown,
        results.allin_ev_net,
        results.collected,
        results.saw_flop,
        results.went_to_showdown,
        results.won_at_showdown,
        results.is_walk,
        coalesce(flags.is_vpip_opportunity, false) as is_vpip_opportunity,
        coalesce(flags.is_vpip, false) as is_vpip,
        -- PFR's chances are VPIP's (PokerTracker 4: both over the hands less the walks)
        coalesce(flags.is_vpip_opportunity, false) as is_pfr_opportunity,
        coalesce(flags.is_pfr, false) as is_pfr,
        coalesce(flags.is_three_bet_opportunity, false) as is_three_bet_opportunity,
        coalesce(flags.is_three_bet, false) as is_three_bet,
        coalesce(flags.is_open_raiser and flags.faced_three_bet, false) as is_fold_to_three_bet_opportunity,
        coalesce(flags.is_open_raiser and flags.folded_to_three_bet, false) as is_fold_to_three_bet,
        coalesce(flags.is_steal_opportunity, false) as is_steal_opportunity,
        coalesce(flags.is_steal_attempt, false) as is_steal_attempt,
        coalesce(results.player = preflop_aggressors.aggressor and flags.is_first_to_bet_on_flop, false)
            as is_cbet_flop_opportunity,
        coalesce(results.player = preflop_aggressors.aggressor and flags.is_first_bet_on_flop, false)
            as is_cbet_flop,
        coalesce(facing_cbets.raise_level = 1, false) as is_fold_to_cbet_flop_opportunity,
        coalesce(facing_cbets.raise_level = 1 and facing_cbets.action = 'fold', false) as is_fold_to_cbet_flop,
        coalesce(flags.count_postflop_bets_raises, 0) as count_postflop_bets_raises,
        coalesce(flags.count_postflop_calls, 0) as count_postflop_calls,
        coalesce(flags.count_postflop_folds, 0) as count_postflop_folds,
        results.saw_flop and results.collected > 0 as is_won_when_saw_flop,
    from results
    join stg_games as games on results.game_id = games.game_id
    left join flags on results.game_id = flags.game_id and results.player = flags.player
    left join preflop_aggressors on results.game_id = preflop_aggressors.game_id
    left join facing_cbets on results.game_id = facing_cbets.game_id and results.player = facing_cbets.player
)

select * from final
