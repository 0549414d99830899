-- grain: one row per six-card poker player, site (the room; null without one), day, club and currency
-- games: sixcard
-- key: player, site, played_on, club, currency
-- incremental: player, site, played_on, club, currency
-- The sums behind the per-player six-card statistics, by day and club: a page adds the rows its
-- dates, club and room keep, then divides (rtp = total_returned / total_wagered; ev_lost_per_hand
-- = ev_lost_total / count_hands_analysed). A session is one game, played on one day at one club,
-- so its sessions and hands are counted in one row only and add up. Amounts are in currency
-- (null: the log names none); person: the person the account (site, player) belongs to.
with

boxes as (
    select * from int_sixcard_boxes
),

games as (
    -- the six-card partition only
    select game_id, site, cast(played_at as date) as played_on, club, currency,
    from stg_games
    where game = 'sixcard'
),

accounts as (
    select * from int_accounts
),

totals as (
    select
        boxes.player,
        games.site,
        games.played_on,
        games.club,
        games.currency,
        count(distinct boxes.game_id) as count_sessions,
        count(distinct (boxes.game_id, boxes.hand_no)) as count_hands,
        count(*) as count_boxes,
        sum(boxes.wagered) as total_wagered,
        sum(boxes.returned) as total_returned,
        sum(boxes.net) as total_net,
        sum(boxes.ev_lost) as ev_lost_total,
        count(boxes.ev_lost) as count_boxes_analysed,
        count(distinct (boxes.game_id, boxes.hand_no)) filter (where boxes.ev_lost is not null)
            as count_hands_analysed,
        count(*) filter (where boxes.is_folded) as count_folds,
        count(*) filter (where boxes.is_buy) as count_buys,
        count(*) filter (where boxes.is_exchange) as count_exchanges,
        count(*) filter (where boxes.is_dealer_buy) as count_dealer_buys,
    from boxes
    left join games using (game_id)
    group by boxes.player, games.site, games.played_on, games.club, games.currency
),

final as (
    select
        totals.player,
        totals.site,
        coalesce(accounts.person, totals.player) as person,
        totals.played_on,
        totals.club,
        totals.currency,
        totals.count_sessions,
        totals.count_hands,
        totals.count_boxes,
        totals.total_wagered,
        totals.total_returned,
        totals.total_net,
        totals.ev_lost_total,
        totals.count_boxes_analysed,
        totals.count_hands_analysed,
        totals.count_folds,
        totals.count_buys,
        totals.count_exchanges,
        totals.count_dealer_buys,
    from totals
    left join accounts on accounts.player = totals.player and accounts.site is not distinct from totals.site
)

select * from final
