-- grain: one row per player, site (the room; null for games without one), game (chinese, ofc), variant (classic for Chinese poker; classic, pineapple, fantasyland for OFC) and scoring
-- key: player, site, game, variant, scoring
-- incremental: player
-- A screen name belongs to its room; person is the person the account belongs to (int_accounts).
-- Rates per hand, except the scoop rates: per pairing (one hand against one opponent). Points on the
-- 1-6 and 2-4 scales are never added together: scoring is part of the grain.
with

hands as (
    select
        hands.*,
        rooms.site,
        coalesce(accounts.person, hands.player) as person,
    from int_chinese_player_hands as hands
    left join stg_games as rooms on rooms.game_id = hands.game_id
    left join int_accounts as accounts
        on accounts.player = hands.player and accounts.site is not distinct from rooms.site
),

totals as (
    select
        player,
        site,
        person,
        game,
        variant,
        scoring,
        count(*) as count_hands,
        sum(points) as total_points,
        sum(royalty) as royalties_total,
        sum(royalty_back) as royalties_back,
        sum(royalty_middle) as royalties_middle,
        sum(royalty_front) as royalties_front,
        count(*) filter (where is_foul) as count_fouls,
        count(*) filter (where is_surrender) as count_surrenders,
        count(*) filter (where is_natural) as count_naturals,
        sum(count_pairings) as count_pairings,
        sum(count_scoops_won) as count_scoops_won,
        sum(count_scoops_suffered) as count_scoops_suffered,
        count(*) filter (where fantasyland_entry) as fantasyland_entries,
        count(*) filter (where fantasyland_stay) as fantasyland_stays,
        count(*) filter (where in_fantasyland) as count_fantasyland_hands,
    from hands
    group by all
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
        cast(total_points / count_hands as decimal(18, 4)) as points_per_hand,
        total_points,
        royalties_total,
        cast(royalties_total / count_hands as decimal(18, 4)) as royalties_per_hand,
        royalties_back,
        royalties_middle,
        royalties_front,
        count_fouls / count_hands as foul_rate,
        count_scoops_won / nullif(count_pairings, 0) as scoop_won_rate,
        count_scoops_suffered / nullif(count_pairings, 0) as scoop_suffered_rate,
        count_surrenders / count_hands as surrender_rate,
        count_naturals,
        fantasyland_entries,
        fantasyland_stays,
        count_fouls,
        count_surrenders,
        count_pairings,
        count_scoops_won,
        count_scoops_suffered,
        count_fantasyland_hands,
    from totals
)

select * from final
