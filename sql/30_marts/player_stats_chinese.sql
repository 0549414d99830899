-- grain: one row per player, site (the room; null for games without one), game (chinese, ofc), variant (classic for Chinese poker; classic, pineapple, fantasyland for OFC) and scoring
-- games: chinese, ofc
-- key: player, site, game, variant, scoring
-- incremental: player
-- A screen name belongs to its room; person is the person the account belongs to (int_accounts).
-- Rates per hand, except the scoop rates: per chance to scoop (count_scoop_chances: a pairing, one hand
-- against one opponent, in which either could scoop the other; none against or by a surrender), and
-- the foul and surrender rates: per hand played, surrenders and naturals included, not per hand of
-- status 'set' (count_seat_hands, his hands but for a person's two seats in one hand, each of which
-- set its own).
-- royalties_total: the royalty the rows make, once a hand; royalties_earned: the royalty points won
-- from the opponents, net of those paid (player_stats_chinese_by_day). Points on the
-- 1-6 and 2-4 scales are never added together: scoring is part of the grain. The sums of
-- player_stats_chinese_by_day over every day and club.
-- The Player review runs this same select over the rows of player_stats_chinese_by_day its filters keep
-- (player and site null for a person's accounts together): the one place of each formula.
with

days as (
    select * from player_stats_chinese_by_day
),

totals as (
    select
        player,
        site,
        any_value(person) as person,
        game,
        variant,
        scoring,
        sum(count_hands)::bigint as count_hands,
        sum(count_seat_hands)::bigint as count_seat_hands,
        sum(total_points) as total_points,
        sum(royalties_total) as royalties_total,
        sum(royalties_back) as royalties_back,
        sum(royalties_middle) as royalties_middle,
        sum(royalties_front) as royalties_front,
        sum(royalties_earned) as royalties_earned,
        sum(count_fouls)::bigint as count_fouls,
        sum(count_surrenders)::bigint as count_surrenders,
        sum(count_naturals)::bigint as count_naturals,
        sum(count_pairings)::bigint as count_pairings,
        sum(count_scoop_chances)::bigint as count_scoop_chances,
        sum(count_scoops_won)::bigint as count_scoops_won,
        sum(count_scoops_suffered)::bigint as count_scoops_suffered,
        sum(fantasyland_entries)::bigint as fantasyland_entries,
        sum(fantasyland_stays)::bigint as fantasyland_stays,
        sum(count_fantasyland_hands)::bigint as count_fantasyland_hands,
    from days
    group by player, site, game, variant, scoring
),

final as (
    select
        player,
        site,
        person,
        game,
        variant,
        scoring,
        count_hands,
        amount_per_unit(total_points, count_hands) as points_per_hand,
        total_points,
        royalties_total,
        amount_per_unit(royalties_total, count_hands) as royalties_per_hand,
        royalties_back,
        royalties_middle,
        royalties_front,
        count_fouls / count_seat_hands as foul_rate,
        count_scoops_won / nullif(count_scoop_chances, 0) as scoop_won_rate,
        count_scoops_suffered / nullif(count_scoop_chances, 0) as scoop_suffered_rate,
        count_surrenders / count_seat_hands as surrender_rate,
        count_naturals,
        fantasyland_entries,
        fantasyland_stays,
        count_fouls,
        count_surrenders,
        count_pairings,
        count_scoops_won,
        count_scoops_suffered,
        count_fantasyland_hands,
        royalties_earned,
        amount_per_unit(royalties_earned, count_hands) as royalties_earned_per_hand,
        count_scoop_chances,
    from totals
)

select * from final
