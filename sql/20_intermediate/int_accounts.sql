-- grain: one row per account: a screen name in a room (site; null for games without a room)
-- key: site, player
-- materialized: table
-- incremental: site, player
-- A screen name is per room: the same name in two rooms is two accounts, each with rows of its own
-- in the statistics. person: the link of the name in its room, else its link in every room
-- (stg_aliases with no site), else the name itself (so an unlinked name is one person in every
-- room until a link of one room gives that account to another person). The person of an account
-- depends on the links and the account alone, never on the other games, so that an update by
-- game stays equal to a full build. The accounts are those of the stored games, the
-- account holders of tournament summaries, and names linked before their games are imported.
-- A table: four models read it, and each would bind and run this query again (a tenth of the
-- Hold'em marts' planning). An update recomputes the accounts its games reach.
with

games as (
    -- the summaries' own games, for their room: a filter on the partition, so that the accounts
    -- (and people, rebuilt whole when an update reaches most accounts) never read the hands' games
    select game_id, site from stg_games where game = 'tournament'
),

played as (
    select site, player, count_games from int_account_games
),

summarized as (
    select games.site, results.player, count(distinct results.tournament_id) as count_tournaments
    from stg_tournament_results as results
    left join games using (game_id)
    where results.is_hero and results.player is not null     -- (a summary may not name its holder)
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
        where nfc_normalize(seen.player) = aliases.player and (aliases.site is null or seen.site = aliases.site)
    )
),

final as (
    select
        accounts.site,
        accounts.player,
        coalesce(in_room.person, everywhere.person, accounts.player) as person,
        coalesce(played.count_games, 0) as count_games,
        coalesce(summarized.count_tournaments, 0) as count_tournaments,
    from accounts
    -- (composed: a game an older Rasklad stored may spell a name decomposed until its reaudit)
    left join stg_aliases as in_room on in_room.site = accounts.site and in_room.player = nfc_normalize(accounts.player)
    left join stg_aliases as everywhere
        on everywhere.site is null and everywhere.player = nfc_normalize(accounts.player)
    left join played on played.site is not distinct from accounts.site and played.player = accounts.player
    left join summarized
        on summarized.site is not distinct from accounts.site and summarized.player = accounts.player
)

select * from final
