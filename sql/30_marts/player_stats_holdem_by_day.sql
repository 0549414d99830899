-- grain: one row per player, site (the poker room), day, club, game, cash or tournament, currency and stakes
-- key: player, site, played_on, club, game, is_tournament, currency, stakes
-- incremental: player, site, played_on, club, game, is_tournament, currency, stakes
-- The counts behind every figure of the per-player Hold'em statistics, by day and club: mergeable sums, so that a
-- page adds the rows its dates, club and room keep (and a person's accounts), then divides the
-- summed counts (vpip = 100 * count_vpip / count_vpip_opportunities): a rate of two rows is never an
-- average of their rates. net_big_blinds is over the hands with a big blind (count_bb_hands).
-- person: the person the account (site, player) belongs to (int_accounts).
-- The rows are kept in person order, so that one person's page reads few blocks.
with

accounts as (
    select * from int_accounts
),

player_hands as (
    select
        hands.*,
        coalesce(accounts.person, hands.player) as person,
    from int_holdem_player_hands as hands
    left join accounts on accounts.player = hands.player and accounts.site is not distinct from hands.site
),

totals as (
    select
        player,
        site,
        person,
        played_on,
        club,
        game,
        is_tournament,
        currency,
        stakes,
        count(*) as count_hands,
        sum(net) as net_won,
        sum(net / nullif(big_blind, 0)) as net_big_blinds,
        count(*) filter (where big_blind > 0) as count_bb_hands,
        -- net in the hands he took to showdown (PokerTracker's blue line); the rest is the red line
        coalesce(sum(net) filter (where went_to_showdown), 0) as net_showdown,
        sum(allin_ev_net) as allin_ev_net,
        count(*) filter (where is_vpip_opportunity) as count_vpip_opportunities,
        count(*) filter (where is_vpip) as count_vpip,
        count(*) filter (where is_vpip_opportunity) as count_pfr_opportunities,
        count(*) filter (where is_pfr) as count_pfr,
        count(*) filter (where is_three_bet_opportunity) as count_three_bet_opportunities,
        count(*) filter (where is_three_bet) as count_three_bet,
        count(*) filter (where is_fold_to_three_bet_opportunity) as count_fold_to_three_bet_opportunities,
        count(*) filter (where is_fold_to_three_bet) as count_fold_to_three_bet,
        sum(count_postflop_bets_raises) as count_postflop_bets_raises,
        sum(count_postflop_calls) as count_postflop_calls,
        sum(count_postflop_folds) as count_postflop_folds,
        count(*) filter (where saw_flop) as count_saw_flop,
        count(*) filter (where went_to_showdown) as count_went_to_showdown,
        count(*) filter (where won_at_showdown) as count_won_at_showdown,
        count(*) filter (where is_won_when_saw_flop) as count_won_when_saw_flop,
        count(*) filter (where is_cbet_flop_opportunity) as count_cbet_flop_opportunities,
        count(*) filter (where is_cbet_flop) as count_cbet_flop,
        count(*) filter (where is_fold_to_cbet_flop_opportunity) as count_fold_to_cbet_flop_opportunities,
        count(*) filter (where is_fold_to_cbet_flop) as count_fold_to_cbet_flop,
        count(*) filter (where is_steal_opportunity) as count_steal_opportunities,
        count(*) filter (where is_steal_attempt) as count_steal_attempt,
    from player_hands
    group by player, site, person, played_on, club, game, is_tournament, currency, stakes
),

final as (
    select * from totals
)

select * from final
order by person, player, played_on
