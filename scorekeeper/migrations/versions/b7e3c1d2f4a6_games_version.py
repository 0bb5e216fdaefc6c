"""The game's version: a counter every write raises by compare-and-swap

A game stored before gets the number of its changes and hand events, so a
phone that polls with the old number gets one more answer and then 204s.

Revision ID: b7e3c1d2f4a6
Revises: 2ac15e7aa33c
Create Date: 2026-12-01 23:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'b7e3c1d2f4a6'
down_revision = '2ac15e7aa33c'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('version', sa.Integer(), nullable=False,
                                      server_default='0'))
    op.execute(
        "UPDATE games SET version = "
        "(SELECT count(*) FROM changes WHERE changes.game_id = games.id) + "
        "(SELECT count(*) FROM hand_events WHERE hand_events.game_id = games.id)")


def downgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('version')
