-- grain: one row per player, site (the poker room), game (holdem, holdem36), cash or tournament, currency, stakes and betting structure
-- games: holdem, holdem36
-- key: player, site, game, is_tournament, currency, stakes, betting
-- incremental: player, site, game, is_tournament, currency, stakes, betting
-- A screen name belongs to its site: the same name on two sites is two accounts; person is the
-- person the account belongs to (int_accounts).
-- Percentages are 0-100 over the opportunities counted beside them (count_*_opportunities);
-- af is a ratio, (bets + raises) / calls on the flop, turn and river. Definitions after PokerTracker 4. The
-- formulas are the macros of sql/00_macros (bb_per_100, percent_of, ratio_of), which the pages call too.
-- bb_per_100 is taken over the hands with a big blind (count_bb_hands): a hand whose big blind is
-- zero has no size in big blinds (the holdem_big_blind_positive audit lists it). net_won is in
-- currency; bb_per_100 has no unit. The counts are those of player_stats_holdem_by_day, summed
-- over every day and club: the figures of all dates are the figures of the days added up.
-- The Player review runs this same select over the rows of player_stats_holdem_by_day its filters keep
-- (player and site null for a person's accounts together): the one place of each formula.
with

days as (
    select * from player_stats_holdem_by_day
),

totals as (
    select
        player,
        site,
        any_value(person) as person,
        game,
        is_tournament,
        currency,
        stakes,
        betting,
        sum(count_hands)::bigint as count_hands,
        sum(net_won) as net_won,
        sum(net_big_blinds) as net_big_blinds,
        sum(count_bb_hands)::bigint as count_bb_hands,
        sum(net_showdown) as net_showdown,
        sum(allin_ev_net) as allin_ev_net,
        sum(rake_paid) as rake_paid,
        sum(rake_paid_big_blinds) as rake_paid_big_blinds,
        sum(count_vpip_opportunities)::bigint as count_vpip_opportunities,
        sum(count_vpip)::bigint as count_vpip,
        sum(count_pfr_opportunities)::bigint as count_pfr_opportunities,
        sum(count_pfr)::bigint as count_pfr,
        sum(count_three_bet_opportunities)::bigint as count_three_bet_opportunities,
        sum(count_three_bet)::bigint as count_three_bet,
        sum(count_fold_to_three_bet_opportunities)::bigint as count_fold_to_three_bet_opportunities,
        sum(count_fold_to_three_bet)::bigint as count_fold_to_three_bet,
        sum(count_postflop_bets_raises)::bigint as count_postflop_bets_raises,
        sum(count_postflop_calls)::bigint as count_postflop_calls,
        sum(count_postflop_folds)::bigint as count_postflop_folds,
        sum(count_saw_flop)::bigint as count_saw_flop,
        sum(count_went_to_showdown)::bigint as count_went_to_showdown,
        sum(count_won_at_showdown)::bigint as count_won_at_showdown,
        sum(count_won_when_saw_flop)::bigint as count_won_when_saw_flop,
        sum(count_cbet_flop_opportunities)::bigint as count_cbet_flop_opportunities,
        sum(count_cbet_flop)::bigint as count_cbet_flop,
        sum(count_fold_to_cbet_flop_opportunities)::bigint as count_fold_to_cbet_flop_opportunities,
        sum(count_fold_to_cbet_flop)::bigint as count_fold_to_cbet_flop,
        sum(count_steal_opportunities)::bigint as count_steal_opportunities,
        sum(count_steal_attempt)::bigint as count_steal_attempt,
    from days
    group by player, site, game, is_tournament, currency, stakes, betting
),

final as (
    select
        player,
        site,
        person,
        game,
        is_tournament,
        currency,
        stakes,
        betting,
        count_hands,
        net_won,
        bb_per_100(net_big_blinds, count_bb_hands) as bb_per_100,
        count_bb_hands,
        percent_of(count_vpip, count_vpip_opportunities) as vpip,
        percent_of(count_pfr, count_pfr_opportunities) as pfr,
        percent_of(count_three_bet, count_three_bet_opportunities) as three_bet,
        percent_of(count_fold_to_three_bet, count_fold_to_three_bet_opportunities) as fold_to_three_bet,
        ratio_of(count_postflop_bets_raises, count_postflop_calls) as af,
        percent_of(count_postflop_bets_raises,
                   count_postflop_bets_raises + count_postflop_calls + count_postflop_folds) as afq,
        percent_of(count_went_to_showdown, count_saw_flop) as wtsd,
        percent_of(count_won_at_showdown, count_went_to_showdown) as wsd,
        percent_of(count_won_when_saw_flop, count_saw_flop) as wwsf,
        percent_of(count_cbet_flop, count_cbet_flop_opportunities) as cbet_flop,
        percent_of(count_fold_to_cbet_flop, count_fold_to_cbet_flop_opportunities) as fold_to_cbet_flop,
        percent_of(count_steal_attempt, count_steal_opportunities) as steal_attempt,
        net_showdown,
        net_won - net_showdown as net_non_showdown,
        allin_ev_net,
        rake_paid,
        -- the rake paid per 100 hands in big blinds, as bb_per_100 takes the net
        bb_per_100(rake_paid_big_blinds, count_bb_hands) as rake_paid_bb_per_100,
        count_vpip_opportunities,
        count_vpip,
        count_pfr_opportunities,
        count_pfr,
        count_three_bet_opportunities,
        count_three_bet,
        count_fold_to_three_bet_opportunities,
        count_fold_to_three_bet,
        count_postflop_bets_raises,
        count_postflop_calls,
        count_postflop_folds,
        count_postflop_bets_raises + count_postflop_calls + count_postflop_folds as count_afq_opportunities,
        count_saw_flop,
        count_saw_flop as count_wtsd_opportunities,
        count_went_to_showdown,
        count_went_to_showdown as count_wsd_opportunities,
        count_won_at_showdown,
        count_saw_flop as count_wwsf_opportunities,
        count_won_when_saw_flop,
        count_cbet_flop_opportunities,
        count_cbet_flop,
        count_fold_to_cbet_flop_opportunities,
        count_fold_to_cbet_flop,
        count_steal_opportunities,
        count_steal_attempt,
    from totals
)

select * from final
