-- grain: one row per account (a screen name in a room), with the person it belongs to
-- key: site, player
-- incremental: player
-- A name no link names is a person of its own; the same name in two rooms is two accounts
-- (int_accounts). is_me: the person the "me" setting names.
with

accounts as (
    select * from int_accounts
),

me as (
    select nfc_normalize(any_value(value)) as person from stg_settings where name = 'me'   -- as stg_aliases
),

final as (
    select
        accounts.site,
        accounts.player,
        accounts.person,
        coalesce(accounts.person = me.person, false) as is_me,
        accounts.count_games,
        accounts.count_tournaments,
    from accounts
    cross join me
)

select * from final
