"""Fan-out cursors, delivery priority and what a newer change needs to replace a message.

A price change now commits with a cursor (alert_fanout) in constant time; the sender expands
it batch by batch. Deliveries carry their GPU, the price the reader last heard of and their
reasons (so a newer change can replace one not yet sent), and a priority (threshold alerts
first). Added columns are nullable or have a server default: no table rewrite on either
backend.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "alert_fanout",
        sa.Column("id", ID, nullable=False),
        sa.Column("price_change_id", ID, nullable=False),
        sa.Column("gpu_id", sa.String(32), nullable=False),
        sa.Column("old_price", sa.BigInteger(), nullable=True),
        sa.Column("new_price", sa.BigInteger(), nullable=False),
        sa.Column("phase", sa.Integer(), nullable=False),
        sa.Column("after_chat", sa.BigInteger(), nullable=True),
        sa.Column("after_id", ID, nullable=True),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("updated_at", TS, nullable=False),
        sa.ForeignKeyConstraint(
            ["price_change_id"], ["price_history.id"],
            name="fk_alert_fanout_price_change_id_price_history", ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_alert_fanout"),
        sa.UniqueConstraint("price_change_id", name="uq_alert_fanout_price_change_id"),
    )
    op.create_index("ix_alert_fanout_phase_id", "alert_fanout", ["phase", "id"])
    op.create_index("ix_alert_fanout_gpu_id_phase", "alert_fanout", ["gpu_id", "phase"])
    op.add_column("alert_outbox", sa.Column("gpu_id", sa.String(32), nullable=True))
    op.add_column("alert_outbox", sa.Column("old_price", sa.BigInteger(), nullable=True))
    op.add_column("alert_outbox", sa.Column("reasons", sa.Text(), nullable=True))
    op.add_column(
        "alert_outbox",
        sa.Column("priority", sa.Integer(), nullable=False, server_default="1"),
    )
    op.create_index(
        "ix_alert_outbox_status_priority_next_attempt_at_id", "alert_outbox",
        ["status", "priority", "next_attempt_at", "id"],
    )
    op.create_index(
        "ix_alert_outbox_chat_id_status_id", "alert_outbox", ["chat_id", "status", "id"]
    )
    op.drop_index("ix_alert_outbox_status_next_attempt_at", table_name="alert_outbox")


def downgrade() -> None:
    op.create_index(
        "ix_alert_outbox_status_next_attempt_at", "alert_outbox", ["status", "next_attempt_at"]
    )
    op.drop_index("ix_alert_outbox_chat_id_status_id", table_name="alert_outbox")
    op.drop_index(
        "ix_alert_outbox_status_priority_next_attempt_at_id", table_name="alert_outbox"
    )
    with op.batch_alter_table("alert_outbox") as batch:
        for column in ("priority", "reasons", "old_price", "gpu_id"):
            batch.drop_column(column)
    op.drop_table("alert_fanout")
