-- grain: one row per club, game (as the leaderboards rank it), cash or tournament, currency, season and player (a person)
-- key: club, game, is_tournament, currency, season_kind, season, player
-- The totals every leaderboard and per-season stat starts from. count_wins and avg_placement are
-- null for house games (six-card), where nobody is placed. player is the person (int_player_games), names
-- his screen names that played there: a person's names count together. Amounts of two units (currency) or
-- of cash and tournaments are never summed together.
with

seasons as (
    select * from int_player_game_seasons
),

final as (
    select
        club,
        leaderboard_game as game,
        is_tournament,
        currency,
        season_kind,
        season,
        person as player,
        string_agg(distinct player, ', ' order by player) as names,
        count(distinct game_id) as count_games,
        sum(net) as net,
        case when count(is_win) > 0 then count(*) filter (where is_win) end as count_wins,
        avg(placement) as avg_placement,
        min(played_at) as first_played_at,
        max(played_at) as last_played_at,
    from seasons
    group by club, leaderboard_game, is_tournament, currency, season_kind, season, person
)

select * from final
