-- grain: one row per room (site), tournament and player, each player's rows from one summary of the tournament
-- key: site, tournament_id, player
-- A tournament is known by its room and its number (two rooms may number two tournaments alike).
-- A tournament summarized twice (while it ran, then when it ended) counts once, merged player by
-- player: the account holder's rows come from a summary that names him the holder (his place,
-- re-entries, rebuys, add-ons and bounties are told him alone; a later summary of another account
-- says "you did not play"); every other player's from the latest summary that lists him (the
-- latest: int_tournament_summaries' recency). The tournament's own figures (the field) come from
-- its latest summary for every player, the holder included: only his own lines are told him alone.
-- cost: every entry at the buy-in's full price (prize pool, bounty and fee), plus the rebuys and
-- add-ons, which the room tells the account holder only; won: prizes plus bounties. prize is null
-- when a prize is not in the buy-in's currency (a ticket, a seat): net and ROI leave that entry out.
-- is_itm: he won a prize, in the currency or not (a satellite's seat is in the money too).
-- is_price_unknown: the entry was paid with a ticket of unsaid value (buy_in null): its price counts
-- 0 in cost, as an unknown prize counts 0 in won, and ROI leaves it out alike.
with

rooms as (
    -- the summaries' own partition: no game of any other kind is read
    select game_id, site from stg_games where game = 'tournament'
),

entries as (
    select results.*, rooms.site,
    from stg_tournament_results as results
    left join rooms using (game_id)
),

ranked as (
    select * from int_tournament_summaries
),

listed as (
    -- each summary that lists a player, and whether it names him its holder
    select entries.site, entries.tournament_id, entries.player, entries.game_id, ranked.recency,
           bool_or(entries.is_hero) as is_hero,
    from entries
    join ranked
        on ranked.game_id = entries.game_id and ranked.tournament_id = entries.tournament_id
        and ranked.site is not distinct from entries.site
    group by all
),

fields as (
    select site, tournament_id, count_field from ranked where recency = 1
),

chosen as (
    select site, tournament_id, player, game_id from (
        select *, row_number() over (
            partition by site, tournament_id, player order by is_hero desc, recency
        ) as pick,
        from listed
    )
    where pick = 1
),

final as (
    select
        entries.site,
        entries.tournament_id,
        entries.player,
        any_value(entries.game_id) as game_id,
        any_value(entries.game_type) as game_type,
        any_value(entries.currency) as currency,
        any_value(entries.started_at) as started_at,
        any_value(entries.is_satellite) as is_satellite,
        any_value(fields.count_field) as count_tournament_entries,
        any_value(entries.buy_in + entries.bounty + entries.fee) as price,
        bool_or(entries.buy_in is null) as is_price_unknown,
        bool_or(entries.is_hero) as is_hero,
        greatest(count(*), 1 + max(entries.count_reentries)) as count_entries,
        max(entries.count_rebuys) as count_rebuys,
        max(entries.count_addons) as count_addons,
        min(entries.finish) as finish,
        count(*) filter (where entries.finish is null) = count(*) as is_still_playing,
        count(*) filter (where entries.prize is null and entries.finish is not null) as count_prizes_unknown,
        coalesce(sum(entries.prize), 0) as prize,
        max(entries.bounties_won) as bounties_won,
        max(entries.rebuy_cost) as rebuy_cost,
    from entries
    join chosen
        on entries.game_id = chosen.game_id and entries.tournament_id = chosen.tournament_id
        and entries.player is not distinct from chosen.player
    join fields
        on fields.tournament_id = entries.tournament_id and fields.site is not distinct from entries.site
    group by entries.site, entries.tournament_id, entries.player
)

select
    *,
    coalesce(price, 0) * count_entries + rebuy_cost as cost,
    prize + bounties_won as won,
    prize + bounties_won - (coalesce(price, 0) * count_entries + rebuy_cost) as net,
    prize > 0 or count_prizes_unknown > 0 as is_itm,
from final
