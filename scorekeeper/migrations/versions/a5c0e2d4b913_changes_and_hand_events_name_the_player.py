"""Changes and hand events name the player: column ``seat`` renamed ``player``

The column always held a player's id, never a seat at the table (a newcomer
who sits down between two others keeps the next free id).

Revision ID: a5c0e2d4b913
Revises: 77117c06e6b1
Create Date: 2026-12-01 20:10:00.000000

"""
from alembic import op


# revision identifiers, used by Alembic.
revision = 'a5c0e2d4b913'
down_revision = '77117c06e6b1'
branch_labels = None
depends_on = None

TABLES = ("changes", "hand_events")


def upgrade():
    for table in TABLES:
        with op.batch_alter_table(table) as batch_op:
            batch_op.alter_column("seat", new_column_name="player")


def downgrade():
    for table in TABLES:
        with op.batch_alter_table(table) as batch_op:
            batch_op.alter_column("player", new_column_name="seat")
