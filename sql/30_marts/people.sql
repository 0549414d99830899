-- grain: one row per screen name, with the person it belongs to
-- key: player
-- incremental: player
-- A name no alias links is a person of its own. The names are those of the stored games, the
-- account holders of tournament summaries, and the linked ones (a name linked before its games
-- are imported). is_me: the person the "me" setting names.
with

names as (
    select player from stg_game_players
    union
    select player from stg_tournament_results where is_hero
    union
    select player from stg_aliases
),

games as (
    select player, count(*) as count_games from stg_game_players group by player
),

tournaments as (
    select player, count(distinct tournament_id) as count_tournaments from stg_tournament_results
    where is_hero group by player
),

me as (
    select any_value(value) as person from stg_settings where name = 'me'
),

final as (
    select
        names.player,
        coalesce(stg_aliases.person, names.player) as person,
        coalesce(coalesce(stg_aliases.person, names.player) = me.person, false) as is_me,
        coalesce(games.count_games, 0) as count_games,
        coalesce(tournaments.count_tournaments, 0) as count_tournaments,
    from names
    left join stg_aliases on names.player = stg_aliases.player
    left join games on names.player = games.player
    left join tournaments on names.player = tournaments.player
    cross join me
)

select * from final
