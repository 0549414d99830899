-- grain: one row per stored tournament summary, ranked among the summaries of its tournament
-- key: game_id, tournament_id
-- A tournament is known by its room and its number (two rooms may number two tournaments alike).
-- recency 1 is its latest summary: the one that lists the most finishes, then the one that states
-- its end. Two that tie (both final) are ordered by their files' paths, the one that sorts last
-- first, then by game ID (one file holding both): never by the order of the ingests, so that the
-- marts are the same whichever file was read first (the ingest names the two when
-- they disagree).
with

rooms as (
    -- the summaries' own partition: no game of any other kind is read
    select game_id, site, source_file from stg_games where game = 'tournament'
),

summaries as (
    select
        results.game_id,
        rooms.site,
        any_value(rooms.source_file) as source_file,
        results.tournament_id,
        count(results.finish) as count_finishes,
        count(*) as count_listed,
        max(results.count_entries) as count_players,
        max(results.finished_at) as finished_at,
    from stg_tournament_results as results
    left join rooms using (game_id)
    group by results.game_id, rooms.site, results.tournament_id
),

final as (
    select
        summaries.site,
        summaries.tournament_id,
        summaries.game_id,
        summaries.source_file,
        summaries.count_finishes,
        summaries.count_listed,
        summaries.count_finishes = summaries.count_listed as is_complete,
        -- the field: the summary's "959 players" counts each player once, its order lists every
        -- entry (1,263 with the re-entries); a summary that lists its holder alone counts them all
        greatest(summaries.count_players, summaries.count_listed) as count_field,
        row_number() over (
            partition by summaries.site, summaries.tournament_id
            order by summaries.count_finishes desc, case when summaries.finished_at is null then 0 else 1 end desc,
                summaries.source_file desc nulls last, summaries.game_id desc
        ) as recency,
    from summaries
)

select * from final
