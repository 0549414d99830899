-- grain: one row per file the ingest read (the ledger: a file whose bytes were read before is skipped)
-- key: content_hash
select
    source_file,
    content_hash,
    size_bytes,
    count_games,
    count_quarantined,
    ingested_at,
from files
