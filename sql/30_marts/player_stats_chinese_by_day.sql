-- grain: one row per player, site (the room; null for games without one), day, club, game (chinese, ofc), variant and scoring
-- games: chinese, ofc
-- key: player, site, played_on, club, game, variant, scoring
-- incremental: player, site, played_on, club, game, variant, scoring
-- The sums behind the per-player Chinese poker and OFC statistics, by day and club: a page adds the
-- rows its dates, club and room keep, then divides (foul_rate = count_fouls / count_hands,
-- scoop_won_rate = count_scoops_won / count_scoop_chances). Points on the 1-6 and 2-4 scales are never
-- added together: scoring is part of the grain. person: the person the account belongs to.
-- royalties_total (and by row): the royalty the hands' rows make under the table, once a hand, paid
-- or not; royalties_earned: the royalty part of the points, over his pairings (his royalty less the
-- opponent's where royalties are paid: not against a surrender or a natural), so per opponent.
-- count_pairings: every pairing (one hand against one opponent); count_scoop_chances: those in which
-- a scoop could happen (int_chinese_player_hands.is_scoop_chance).
-- count_person_hands: the hands that count for the person: a hand two of his linked names sat in
-- counts on his first name's row only (int_repeat_seats), so that a person's rows add up to each
-- hand once, as the leaderboards count it (his points are both seats' points added); a page counts
-- them as his hands when it adds his accounts together. count_seat_hands: the row's hands, one per
-- seat (count_hands of an account's rows), over which the rates of a seat's own setting (fouls,
-- surrenders) stay, a person's two seats in one hand being two settings.
with

games as (
    -- the Chinese and OFC partitions only
    select game_id, site, cast(played_at as date) as played_on, club,
    from stg_games
    where game in ('chinese', 'ofc')
),

hands as (
    select
        hands.*,
        games.site,
        games.played_on,
        games.club,
        coalesce(accounts.person, hands.player) as person,
        repeats.player is not null as is_repeat_seat,
    from int_chinese_player_hands as hands
    left join games on games.game_id = hands.game_id
    left join int_accounts as accounts
        on accounts.player = hands.player and accounts.site is not distinct from games.site
    left join int_repeat_seats as repeats on repeats.game_id = hands.game_id and repeats.player = hands.player
),

final as (
    select
        player,
        site,
        person,
        played_on,
        club,
        game,
        variant,
        scoring,
        count(*) as count_hands,
        count(*) filter (where not is_repeat_seat) as count_person_hands,
        count(*) as count_seat_hands,
        sum(points) as total_points,
        sum(royalty) as royalties_total,
        sum(royalty_back) as royalties_back,
        sum(royalty_middle) as royalties_middle,
        sum(royalty_front) as royalties_front,
        sum(royalty_points) as royalties_earned,
        count(*) filter (where is_foul) as count_fouls,
        count(*) filter (where is_surrender) as count_surrenders,
        count(*) filter (where is_natural) as count_naturals,
        sum(count_pairings)::bigint as count_pairings,
        sum(count_scoop_chances)::bigint as count_scoop_chances,
        sum(count_scoops_won)::bigint as count_scoops_won,
        sum(count_scoops_suffered)::bigint as count_scoops_suffered,
        count(*) filter (where fantasyland_entry) as fantasyland_entries,
        count(*) filter (where fantasyland_stay) as fantasyland_stays,
        count(*) filter (where in_fantasyland) as count_fantasyland_hands,
    from hands
    group by player, site, person, played_on, club, game, variant, scoring
)

select * from final
