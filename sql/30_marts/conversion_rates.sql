-- grain: one row per conversion rate the user set (rasklad settings rate FROM TO RATE)
-- key: from_currency, to_currency
-- incremental: from_currency, to_currency
-- rate: how many to_currency one from_currency is worth. Figures of two currencies are added only
-- at these rates, on the user's word, and the pages say the rate they used; none is ever assumed.
select
    split_part(name, ' ', 2) as from_currency,
    split_part(name, ' ', 3) as to_currency,
    cast(value as decimal(18, 6)) as rate,
from stg_settings
where name like 'rate % %'
