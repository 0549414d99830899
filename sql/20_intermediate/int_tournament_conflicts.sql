-- grain: one row per entry that two summaries of one tournament both list as finished, at another place or prize
-- key: site, tournament_id, player, entry_no, other_game_id
-- Two summaries of a finished entry contradict each other (a summary edited, or its prize
-- misread): game_id is the later of the two (int_tournament_summaries' recency: among summaries
-- of equal standing, the one whose file's path sorts last), whose figures the marts keep, and the
-- ingest names the contradiction.
-- Only summaries that give every entry its place (is_complete) are compared: one written while
-- the tournament ran numbers the places of those already out as the field stood then, and late
-- entrants move them (#734695129: 4460th while it ran, 5792nd at its end).
with

entries as (
    select results.game_id, results.tournament_id, results.player, results.entry_no, results.finish,
           results.prize, results.prize_text, summaries.site, summaries.source_file, summaries.recency,
    from stg_tournament_results as results
    join int_tournament_summaries as summaries
        on summaries.game_id = results.game_id and summaries.tournament_id = results.tournament_id
    where summaries.is_complete and results.player is not null
),

final as (
    select
        kept.site,
        kept.tournament_id,
        kept.player,
        kept.entry_no,
        kept.game_id,
        kept.source_file,
        kept.finish,
        kept.prize_text,
        other.game_id as other_game_id,
        other.source_file as other_source_file,
        other.finish as other_finish,
        other.prize_text as other_prize_text,
    from entries as kept
    join entries as other
        on other.tournament_id = kept.tournament_id and other.site is not distinct from kept.site
        and other.player = kept.player and other.entry_no = kept.entry_no and other.recency > kept.recency
    where kept.finish <> other.finish or kept.prize is distinct from other.prize
        or kept.prize_text is distinct from other.prize_text
)

select * from final
