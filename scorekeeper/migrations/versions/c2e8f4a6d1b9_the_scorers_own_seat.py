"""The scorer's own seat: ``device_games.player`` names the player a phone
keeping a game through its scorer link says it is, so that the players'
code offers that seat to no other phone. Every stored row keeps its
meaning: no scorer's phone has said it yet.

Revision ID: c2e8f4a6d1b9
Revises: a9d4e6f2b7c1
Create Date: 2026-12-06 08:40:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'c2e8f4a6d1b9'
down_revision = 'a9d4e6f2b7c1'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('device_games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('player', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('device_games', schema=None) as batch_op:
        batch_op.drop_column('player')
