-- grain: one row per game that did not parse, as the Import page and the overview list and count them
-- key: quarantine_id
-- incremental: quarantine_id
-- The rows are kept in file and line order, the order the page lists them in.
with

quarantine as (
    select * from stg_quarantine
),

final as (
    select * from quarantine
)

select * from final
order by source_file, first_line
