-- grain: one row per player, site (the room) and currency of their tournaments
-- games: tournament
-- key: player, site, currency
-- incremental: site
-- A screen name belongs to its room: the same name in two rooms is two accounts, each its own rows.
-- Updated by room: a later summary of a tournament may change the row of every player in either
-- (int_tournament_players merges them player by player), and both are of one room.
-- Over the tournaments he finished (not those still running in their latest summary). roi and
-- itm are percentages, as trackers show them: roi = net / cost over the tournaments whose every
-- prize is in the currency and whose price is known (no ticket of unsaid value): count_roi_tournaments,
-- with their net and cost: roi_net, roi_cost;
-- itm = tournaments with a prize / tournaments.
-- The Player review runs this same select over the player_tournaments rows of its person and
-- dates: the one place of each formula.
with

played as (
    select * from player_tournaments
    where not is_still_playing
),

totals as (
    select
        player,
        site,
        currency,
        count(*) as count_tournaments,
        sum(count_entries)::bigint as count_entries,
        sum(cost) as cost,
        sum(won) as won,
        sum(net) as net,
        sum(cost) filter (where count_prizes_unknown = 0 and not is_price_unknown) as roi_cost,
        sum(net) filter (where count_prizes_unknown = 0 and not is_price_unknown) as roi_net,
        count(*) filter (where count_prizes_unknown = 0 and not is_price_unknown) as count_roi_tournaments,
        count(*) filter (where is_itm) as count_itm,
        avg(finish) as avg_finish,
        min(finish) as best_finish,
        min(started_at) as first_played_at,
        max(started_at) as last_played_at,
    from played
    group by player, site, currency
)

select
    player,
    site,
    currency,
    count_tournaments,
    count_entries,
    cost,
    won,
    net,
    -- rounded once, half away from zero, exactly: in whole cents (HUGEINT), which divide exactly, where
    -- DuckDB divides decimals in doubles (a quotient past 15 digits lost its last ones, 0.145 fell
    -- below its tie). A DECIMAL(38, 2): a buy-in of 0.01 and a prize at the top of DECIMAL(18, 2)
    -- make an ROI of 1e20 percent, which overflowed the amounts' own type.
    cast(case when roi_net < 0 then -1 else 1 end
         * ((20000 * abs(cast(100 * roi_net as hugeint)) + cast(100 * roi_cost as hugeint))
            // nullif(cast(200 * roi_cost as hugeint), 0)) as decimal(38, 0)) * 0.01 as roi,
    roi_net,
    roi_cost,
    count_roi_tournaments,
    percent_of(count_itm, count_tournaments) as itm,
    count_itm,
    avg_finish,     -- an average of counts, not rounded (sql/00_macros/rates.sql), as itm
    best_finish,
    first_played_at,
    last_played_at,
from totals
