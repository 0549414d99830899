-- grain: one row per player per Hold'em hand, with the flags behind every player statistic
-- key: game_id, player
-- A view: hand_list stores its rows (with the hand browser's columns), and the statistics marts sum
-- hand_list, so the flags are computed once per build and stored once.
-- Definitions follow PokerTracker 4: an opportunity is a decision the player actually faced;
-- a walk gives the big blind no preflop decision, so walks count for no preflop stat, and a cancelled
-- hand counts for none. Raise levels count every bet and raise, short all-ins included
-- (int_holdem_decisions.raise_level).
-- The flags read the decisions' actions with the rules of int_holdem_decisions (the macros of
-- sql/00_macros/holdem.sql), not the view itself: its join of every decision to its player's
-- result row (for could_raise) was an eighth of hand_list's query; could_raise is needed at one
-- decision per player, his first facing the open raise, whose values are carried to his row.
-- currency is the game's unit (games.currency: play money counts in chips, as tournament chips do).
with

results as (
    -- the players the statistics count (macro is_person): a seat whose name is nobody's stays in its
    -- hand's facts (the decisions, the aggressor, players dealt), never a row of a player's
    select * from stg_holdem_results where is_person(is_anonymous)
),

decisions as (
    select
        *,
        is_aggressive(action) as is_aggressive,
        street = 'preflop' and raise_level = 2 and decision_no_at_level = 1 as is_facing_open_raise,
    from stg_holdem_actions
    where is_decision(action)
),

preflop_aggressors as (
    -- the last player to bet or raise preflop, and the player who made the first bet of the flop
    -- (the only bet at raise level 0), when it was his first flop decision: a c-bet when he is the
    -- aggressor
    select
        game_id,
        arg_max(player, action_no) filter (where street = 'preflop') as aggressor,
        arg_min(player, action_no) filter (where street = 'flop') as first_flop_bettor,
    from decisions
    where (street = 'preflop' and is_aggressive)
        or (street = 'flop' and decision_no = 1 and raise_level = 0 and action = 'bet')
    group by game_id
),

flags as (
    -- a flag: whether any of his decisions meets it (bool_or: cheaper than counting them; null when
    -- none can tell, which the final row reads as false)
    select
        game_id,
        player,
        bool_or(street = 'preflop') as is_vpip_opportunity,
        bool_or(street = 'preflop' and action in ('call', 'bet', 'raise')) as is_vpip,
        bool_or(street = 'preflop' and is_aggressive) as is_pfr,
        -- 3-bet: his first decision facing an open raise (raise level 2), if he could re-raise: one
        -- decision at most (his first at the level), whose values could_raise reads below
        bool_or(is_facing_open_raise) as faced_open_raise,
        bool_or(is_facing_open_raise and action = 'raise') as raised_open_raise,
        max(to_call) filter (where is_facing_open_raise) as open_raise_to_call,
        max(invested_before) filter (where is_facing_open_raise) as open_raise_invested_before,
        bool_and(is_reopened) filter (where is_facing_open_raise) as open_raise_is_reopened,
        max(count_out_before) filter (where is_facing_open_raise) as open_raise_count_out_before,
        -- fold to 3-bet: he made the 2-bet, then faced a 3-bet (raise level 3) at his next turn
        bool_or(street = 'preflop' and raise_level = 1 and action = 'raise') as is_open_raiser,
        bool_or(street = 'preflop' and raise_level = 3 and decision_no_at_level = 1) as faced_three_bet,
        bool_or(
            street = 'preflop' and raise_level = 3 and decision_no_at_level = 1 and action = 'fold'
        ) as folded_to_three_bet,
        -- steal: first in from the cutoff, the button or the small blind, folded to him
        bool_or(
            street = 'preflop' and decision_no = 1 and count_entries_before = 0
                and position in ('CO', 'BTN', 'SB')
        ) as is_steal_opportunity,
        bool_or(
            street = 'preflop' and decision_no = 1 and count_entries_before = 0
                and position in ('CO', 'BTN', 'SB') and action = 'raise'
        ) as is_steal_attempt,
        -- first decision on the flop with no bet before him (a c-bet chance if he was the aggressor)
        bool_or(street = 'flop' and decision_no = 1 and raise_level = 0) as is_first_to_bet_on_flop,
        bool_or(
            street = 'flop' and decision_no = 1 and raise_level = 0 and action = 'bet'
        ) as is_first_bet_on_flop,
        -- his decision facing the first bet of the flop, not a raise of it (raise level 1; a short
        -- all-in raise of it is a raise too): levels only rise on a street, and any bet or raise
        -- raises the level, so he has at most one such decision, and it is his first facing a bet.
        -- When that bet is a c-bet, it is his fold-to-c-bet chance
        bool_or(street = 'flop' and raise_level = 1) as faced_first_flop_bet,
        bool_or(street = 'flop' and raise_level = 1 and action = 'fold') as folded_to_first_flop_bet,
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
        games.played_in_utc,
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
        results.betting,
        games.currency,
        results.is_tournament,
        results.small_blind,
        results.big_blind,
        results.count_players,
        results.stack_start,
        results.invested,
        results.total_pot,
        -- his share of the hand's rake (int_holdem_rake_shares); 0 in a hand without rake, a
        -- tournament's or a cancelled one
        cast(coalesce(rake_shares.rake_paid, 0) as decimal(18, 2)) as rake_paid,
        results.is_cancelled,
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
        coalesce(flags.faced_open_raise and could_raise(
            results.stack_start - flags.open_raise_invested_before, flags.open_raise_to_call,
            flags.open_raise_is_reopened, results.count_players, flags.open_raise_count_out_before
        ), false) as is_three_bet_opportunity,
        -- (the chance just above, by its alias: one could_raise for both)
        is_three_bet_opportunity and coalesce(flags.raised_open_raise, false) as is_three_bet,
        coalesce(flags.is_open_raiser and flags.faced_three_bet, false) as is_fold_to_three_bet_opportunity,
        coalesce(flags.is_open_raiser and flags.folded_to_three_bet, false) as is_fold_to_three_bet,
        coalesce(flags.is_steal_opportunity, false) as is_steal_opportunity,
        coalesce(flags.is_steal_attempt, false) as is_steal_attempt,
        coalesce(results.player = preflop_aggressors.aggressor and flags.is_first_to_bet_on_flop, false)
            as is_cbet_flop_opportunity,
        coalesce(results.player = preflop_aggressors.aggressor and flags.is_first_bet_on_flop, false)
            as is_cbet_flop,
        -- the c-bettor never faces his own bet, so he has no fold-to-c-bet chance
        coalesce(preflop_aggressors.first_flop_bettor = preflop_aggressors.aggressor
            and results.player <> preflop_aggressors.aggressor and flags.faced_first_flop_bet, false)
            as is_fold_to_cbet_flop_opportunity,
        coalesce(preflop_aggressors.first_flop_bettor = preflop_aggressors.aggressor
            and results.player <> preflop_aggressors.aggressor and flags.folded_to_first_flop_bet, false)
            as is_fold_to_cbet_flop,
        coalesce(flags.count_postflop_bets_raises, 0) as count_postflop_bets_raises,
        coalesce(flags.count_postflop_calls, 0) as count_postflop_calls,
        coalesce(flags.count_postflop_folds, 0) as count_postflop_folds,
        -- WWSF: money won from the pot (macro won_from_pot: a cash-out is none) in a hand whose flop he saw
        results.saw_flop and won_from_pot(results.collected, results.cash_out) as is_won_when_saw_flop,
    from results
    join stg_games as games on results.game_id = games.game_id
    -- a cancelled hand gives no one a chance (macro is_played)
    left join flags on results.game_id = flags.game_id and results.player = flags.player
        and is_played(results.is_cancelled)
    left join preflop_aggressors on results.game_id = preflop_aggressors.game_id
    left join int_holdem_rake_shares as rake_shares
        on results.game_id = rake_shares.game_id and results.player = rake_shares.player
)

select * from final
