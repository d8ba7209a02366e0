"""The fan-out's index: a GPU's active subscriptions in (chat_id, id) order.

The fan-out streams subscribers page by page (keyset pagination on chat_id, id); this index
makes each page one range read. It replaces the (gpu_id, active) index, its prefix.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "ix_subscriptions_gpu_id_active_chat_id_id", "subscriptions",
        ["gpu_id", "active", "chat_id", "id"],
    )
    op.drop_index("ix_subscriptions_gpu_id_active", table_name="subscriptions")


def downgrade() -> None:
    op.create_index("ix_subscriptions_gpu_id_active", "subscriptions", ["gpu_id", "active"])
    op.drop_index("ix_subscriptions_gpu_id_active_chat_id_id", table_name="subscriptions")
