-- grain: one row per player, site (the room; null without one), game, cash or tournament, currency and scoring
-- key: player, site, game, is_tournament, currency, scoring
-- incremental: player, site, game, is_tournament, currency, scoring
-- Each player's games, net, wins and average placement per game and unit, over every day and
-- club (the sums of player_results_by_day). Nets of two units are never added: each has its row,
-- and so has each scale of Chinese poker and OFC points (scoring; null for other games).
-- A game is won by its first placement (a tie for first wins too); a six-card session, played
-- against the house, is won when its net is above zero and has no placement (avg_placement is
-- over the placed games). The Player review runs this same select over the rows of
-- player_results_by_day its dates, club and room keep (player and site null for a person's
-- accounts together): the one place of each figure.
with

days as (
    select * from player_results_by_day
),

totals as (
    select
        player,
        site,
        any_value(person) as person,
        game,
        is_tournament,
        currency,
        scoring,
        sum(count_games)::bigint as count_games,
        sum(net) as net,
        sum(count_wins)::bigint as count_wins,
        sum(count_placed)::bigint as count_placed,
        sum(placement_sum)::bigint as placement_sum,
        min(first_played_at) as first_played_at,
        max(last_played_at) as last_played_at,
    from days
    group by player, site, game, is_tournament, currency, scoring
),

final as (
    select
        player,
        site,
        person,
        game,
        is_tournament,
        currency,
        scoring,
        count_games,
        net,
        count_wins,
        placement_sum / nullif(count_placed, 0) as avg_placement,     -- not rounded: sql/00_macros/rates.sql
        count_placed,
        placement_sum,
        first_played_at,
        last_played_at,
    from totals
)

select * from final
