"""Users, subscriptions, price history and the alert outbox.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Money and percents are integer millionths (exact on SQLite too); datetimes are UTC.
ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("locale", sa.String(8), nullable=True),
        sa.Column("language_code", sa.String(35), nullable=True),
        sa.Column("blocked", sa.Boolean(), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("updated_at", TS, nullable=False),
        sa.PrimaryKeyConstraint("user_id", name="pk_users"),
    )
    op.create_table(
        "price_history",
        sa.Column("id", ID, nullable=False),
        sa.Column("gpu_id", sa.String(32), nullable=False),
        sa.Column("price", sa.BigInteger(), nullable=False),
        sa.Column("source", sa.String(200), nullable=False),
        sa.Column("changed_at", TS, nullable=False),
        sa.CheckConstraint("price > 0", name="ck_price_history_positive"),
        sa.PrimaryKeyConstraint("id", name="pk_price_history"),
    )
    op.create_index(
        "ix_price_history_gpu_id_changed_at", "price_history", ["gpu_id", "changed_at"]
    )
    op.create_table(
        "subscriptions",
        sa.Column("id", ID, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("gpu_id", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("threshold", sa.BigInteger(), nullable=True),
        sa.Column("armed", sa.Boolean(), nullable=False),
        sa.Column("last_notified_price", sa.BigInteger(), nullable=True),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("updated_at", TS, nullable=False),
        sa.CheckConstraint(
            "kind IN ('any', 'below', 'above', 'percent')", name="ck_subscriptions_kind"
        ),
        sa.CheckConstraint(
            "(kind = 'any') = (threshold IS NULL)", name="ck_subscriptions_threshold"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.user_id"], name="fk_subscriptions_user_id_users",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_subscriptions"),
    )
    op.create_index("ix_subscriptions_gpu_id_active", "subscriptions", ["gpu_id", "active"])
    op.create_index("ix_subscriptions_user_id", "subscriptions", ["user_id"])
    op.create_index("ix_subscriptions_chat_id", "subscriptions", ["chat_id"])
    op.create_table(
        "alert_outbox",
        sa.Column("id", ID, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("subscription_id", ID, nullable=True),
        sa.Column("price_change_id", ID, nullable=True),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("locale", sa.String(8), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", TS, nullable=False),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("lease_until", TS, nullable=True),
        sa.Column("last_error", sa.String(200), nullable=True),
        sa.Column("created_at", TS, nullable=False),
        sa.Column("sent_at", TS, nullable=True),
        sa.CheckConstraint(
            "status IN ('pending', 'sent', 'failed', 'dead')", name="ck_alert_outbox_status"
        ),
        sa.ForeignKeyConstraint(
            ["subscription_id"], ["subscriptions.id"],
            name="fk_alert_outbox_subscription_id_subscriptions", ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["price_change_id"], ["price_history.id"],
            name="fk_alert_outbox_price_change_id_price_history", ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_alert_outbox"),
        sa.UniqueConstraint(
            "price_change_id", "chat_id", name="uq_alert_outbox_price_change_id_chat_id"
        ),
    )
    op.create_index(
        "ix_alert_outbox_status_next_attempt_at", "alert_outbox", ["status", "next_attempt_at"]
    )


def downgrade() -> None:
    op.drop_table("alert_outbox")
    op.drop_table("subscriptions")
    op.drop_table("price_history")
    op.drop_table("users")
