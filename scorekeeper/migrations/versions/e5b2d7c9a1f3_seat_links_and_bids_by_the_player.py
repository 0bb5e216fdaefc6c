"""Seat links and bids entered by the player: ``links.player`` names the
player a seat link belongs to, ``changes.by_player`` says the player entered
the change through it (a bid made so while the table bids all at once stays
hidden until every bid is in). Every stored link and change keeps its
meaning: none of them is a seat link, none was entered through one.

Revision ID: e5b2d7c9a1f3
Revises: d8a3f6b2c5e1
Create Date: 2026-12-03 17:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'e5b2d7c9a1f3'
down_revision = 'd8a3f6b2c5e1'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('links', schema=None) as batch_op:
        batch_op.add_column(sa.Column('player', sa.Integer(), nullable=True))
    with op.batch_alter_table('changes', schema=None) as batch_op:
        batch_op.add_column(sa.Column('by_player', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))


def downgrade():
    with op.batch_alter_table('changes', schema=None) as batch_op:
        batch_op.drop_column('by_player')
    with op.batch_alter_table('links', schema=None) as batch_op:
        batch_op.drop_column('player')
