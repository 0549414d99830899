-- grain: one row per person, game (holdem, holdem36), cash or tournament, currency and stakes
-- key: person, game, is_tournament, currency, stakes
-- incremental: person
-- A person's Hold'em figures over all his accounts (screen names, in every room), each unit
-- apart; names lists the accounts that played at this grain, "name (room)", so that each name
-- stays visible (player_stats_holdem has their own rows). Figures and definitions: int_holdem_stats.
with

stats as (
    select * from int_holdem_stats where is_person_total
),

accounts_played as (
    select distinct
        person,
        game,
        is_tournament,
        coalesce(currency, '') as unit,
        coalesce(stakes, '') as stakes_key,
        player || coalesce(' (' || site || ')', '') as account,
    from int_holdem_stats
    where not is_person_total
),

names as (
    select
        person,
        game,
        is_tournament,
        unit,
        stakes_key,
        string_agg(account, ', ' order by account) as names,
    from accounts_played
    group by person, game, is_tournament, unit, stakes_key
),

final as (
    select
        stats.person,
        names.names,
        stats.game,
        stats.is_tournament,
        stats.currency,
        stats.stakes,
        stats.count_hands,
        stats.net_won,
        stats.bb_per_100,
        stats.count_bb_hands,
        stats.vpip,
        stats.pfr,
        stats.three_bet,
        stats.fold_to_three_bet,
        stats.af,
        stats.afq,
        stats.wtsd,
        stats.wsd,
        stats.wwsf,
        stats.cbet_flop,
        stats.fold_to_cbet_flop,
        stats.steal_attempt,
        stats.net_showdown,
        stats.net_non_showdown,
        stats.allin_ev_net,
        stats.count_vpip_opportunities,
        stats.count_vpip,
        stats.count_pfr_opportunities,
        stats.count_pfr,
        stats.count_three_bet_opportunities,
        stats.count_three_bet,
        stats.count_fold_to_three_bet_opportunities,
        stats.count_fold_to_three_bet,
        stats.count_postflop_bets_raises,
        stats.count_postflop_calls,
        stats.count_postflop_folds,
        stats.count_afq_opportunities,
        stats.count_saw_flop,
        stats.count_wtsd_opportunities,
        stats.count_went_to_showdown,
        stats.count_wsd_opportunities,
        stats.count_won_at_showdown,
        stats.count_wwsf_opportunities,
        stats.count_won_when_saw_flop,
        stats.count_cbet_flop_opportunities,
        stats.count_cbet_flop,
        stats.count_fold_to_cbet_flop_opportunities,
        stats.count_fold_to_cbet_flop,
        stats.count_steal_opportunities,
        stats.count_steal_attempt,
    from stats
    join names
        on names.person = stats.person
        and names.game = stats.game
        and names.is_tournament = stats.is_tournament
        and names.unit = coalesce(stats.currency, '')
        and names.stakes_key = coalesce(stats.stakes, '')
)

select * from final
