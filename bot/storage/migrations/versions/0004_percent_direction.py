"""Percent alerts with a direction: "tell me when the H100 drops 10 %" (percent_down) and
"… rises 10 %" (percent_up), beside the two-way percent alert.

Only the kind's CHECK constraint changes (SQLite rebuilds the table in a batch; PostgreSQL
swaps the constraint).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-03
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The name 0001 gave it: its "ck_subscriptions_kind" went through the naming convention too.
_NAME = "ck_subscriptions_ck_subscriptions_kind"
_OLD = "kind IN ('any', 'below', 'above', 'percent')"
_NEW = "kind IN ('any', 'below', 'above', 'percent', 'percent_down', 'percent_up')"


def _kinds(check: str) -> None:
    with op.batch_alter_table("subscriptions") as batch:
        batch.drop_constraint(op.f(_NAME), type_="check")
        batch.create_check_constraint(op.f(_NAME), check)


def upgrade() -> None:
    _kinds(_NEW)


def downgrade() -> None:
    # A directed percent alert becomes a two-way one: the move it waits for still fires it.
    op.execute(
        "UPDATE subscriptions SET kind = 'percent' WHERE kind IN ('percent_down', 'percent_up')"
    )
    _kinds(_OLD)
