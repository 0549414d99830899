"""How an amount reads on every page, in a table (:func:`dashboards.tables.show`) or a drawn replay
(:mod:`dashboards.replayer`): to the cent in a currency (13.80, never 13.8); tournament and play
chips and points, which are whole, whole (1500), and to the cent where some amount among them is not.
One rule for both, so the drawing of a step and the table beside it write an amount alike, and for
a figure alone (a metric) or a row of a table whose rows are in several units (:func:`figure_text`,
:func:`row_amount_text`). No Streamlit here: the replayer draws its HTML without it.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from pipeline.facts import money_unit

UNPRICED = frozenset({"chips", None})
"""The units of no currency: tournament and play chips (``chips``) and points (no currency)."""

CENTS_FORMAT = "%,.2f"
WHOLE_FORMAT = "%,d"
"""A table's printf formats, with a thousands separator as the headline figures have (1,231.00)."""


def reads_whole(amounts: Iterable, units: set | None) -> bool:
    """Whether the amounts of one table read whole: its units are chips or points (no currency)
    and every amount is whole; a currency, a table of several kinds of units, or one whose unit
    is unsaid (None) read to the cent.

    >>> reads_whole([1500, -300], {"chips"}), reads_whole([Decimal("13.8")], {"USD"}), reads_whole([4], None)
    (True, False, False)
    >>> reads_whole([25, Decimal("12.5")], {None}), reads_whole([Decimal("-2.00")], {"play"})
    (False, True)
    """
    # (play money is "play" in holdem_results and "chips" elsewhere: one unit, as money_unit says)
    return bool(units) and {money_unit(unit) for unit in units} <= UNPRICED and all(Decimal(a) == Decimal(a).to_integral_value()
                                                     for a in amounts if a is not None)


def amount_text(value, whole: bool) -> str:
    """One amount as its table reads (``whole`` from :func:`reads_whole`), "" for none; exact, from
    the amount's own digits.

    >>> amount_text(Decimal("48"), False), amount_text(Decimal("0.5"), False), amount_text(1500, True)
    ('48.00', '0.50', '1500')
    >>> amount_text(Decimal("-1.5"), False), amount_text(None, True)
    ('-1.50', '')
    """
    if value is None:
        return ""
    return f"{Decimal(value):.0f}" if whole else f"{Decimal(value):.2f}"


def row_amount_text(value, unit) -> str:
    """One amount in its own ``unit`` (a currency, ``chips``, or None for points), as :func:`amount_text`
    writes it: for a table whose rows are in several units, where no one format of a column fits
    every row ("-100" in chips, "13.80" in EUR).

    >>> row_amount_text(Decimal("-100.00"), "chips"), row_amount_text(Decimal("13.8"), "EUR")
    ('-100', '13.80')
    >>> row_amount_text(Decimal("12.50"), "chips"), row_amount_text(7, None), row_amount_text(None, "USD")
    ('12.50', '7', '')
    """
    return amount_text(value, reads_whole([value], {unit}))


def figure_text(value, unit) -> str:
    """A total shown alone (a metric), in its ``unit`` (a currency, ``chips``, or None for points):
    signed and grouped by thousands, to the cent in a currency, whole in chips and points where it
    is whole; "—" when nothing is known.

    >>> figure_text(Decimal("-100.00"), "chips"), figure_text(Decimal("1234.5"), "USD"), figure_text(0, "EUR")
    ('-100', '+1,234.50', '+0.00')
    >>> figure_text(Decimal("2.50"), "chips"), figure_text(Decimal("15000"), None), figure_text(None, "USD")
    ('+2.50', '+15,000', '—')
    """
    if value is None:
        return "—"
    exact = Decimal(str(value)) if isinstance(value, float) else Decimal(value)
    return f"{exact:+,.0f}" if reads_whole([exact], {unit}) else f"{exact:+,.2f}"
