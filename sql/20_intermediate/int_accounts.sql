-- grain: one row per account: a screen name in a room (site; null for games without a room)
-- key: site, player
-- A screen name is per room: the same name in two rooms is two accounts, and two people, until a
-- link says otherwise. person: the link of the name in its room, else its link in every room
-- (stg_aliases with no site), else the name itself; an unlinked name played in several rooms is
-- told apart by its room, "Gleb (Winamax)". Games without a room (home games) are no room: their
-- names keep the plain name. The accounts are those of the stored games, the
-- account holders of tournament summaries, and names linked before their games are imported.
with

games as (
    select game_id, site from stg_games
),

played as (
    select games.site, players.player, count(*) as count_games
    from stg_game_players as players
    join games using (game_id)
    group by games.site, players.player
),

summarized as (
    select games.site, results.player, count(distinct results.tournament_id) as count_tournaments
    from stg_tournament_results as results
    left join games using (game_id)
    where results.is_hero
    group by games.site, results.player
),

seen as (
    select site, player from played
    union
    select site, player from summarized
),

accounts as (
    select site, player from seen
    union
    -- a name linked before any game of it is stored
    select aliases.site, aliases.player from stg_aliases as aliases
    where not exists (
        select 1 from seen
        where seen.player = aliases.player and (aliases.site is null or seen.site = aliases.site)
    )
),

rooms as (
    -- the rooms a name played in (a link alone makes no room of its name)
    select player, count(distinct site) as count_rooms from seen group by player
),

final as (
    select
        accounts.site,
        accounts.player,
        coalesce(
            in_room.person,
            everywhere.person,
            case when rooms.count_rooms > 1 and accounts.site is not null
                then accounts.player || ' (' || accounts.site || ')'
                else accounts.player
            end
        ) as person,
        coalesce(played.count_games, 0) as count_games,
        coalesce(summarized.count_tournaments, 0) as count_tournaments,
    from accounts
    left join rooms using (player)
    left join stg_aliases as in_room on in_room.site = accounts.site and in_room.player = accounts.player
    left join stg_aliases as everywhere on everywhere.site is null and everywhere.player = accounts.player
    left join played on played.site is not distinct from accounts.site and played.player = accounts.player
    left join summarized
        on summarized.site is not distinct from accounts.site and summarized.player = accounts.player
)

select * from final
