"""The statistics' lines keep the best round beside the worst, each dated by
when the round was closed, and the starting points of a late join

The worst round now follows the scoring (the most points where the lowest
total wins). The kept lines are derived data (folded again from the changes
whenever they are stale): this migration empties them, and the first
statistics page of a device folds its finished games again, so that no line
keeps a worst round picked the old way.

Revision ID: d8a3f6b2c5e1
Revises: c4f2a9d1e8b3
Create Date: 2026-12-10 10:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd8a3f6b2c5e1'
down_revision = 'c4f2a9d1e8b3'
branch_labels = None
depends_on = None

ROUND = ("points", "round", "cards", "bid", "tricks")


def upgrade():
    op.execute("DELETE FROM player_line_sizes")
    op.execute("DELETE FROM player_lines")
    op.execute("DELETE FROM game_facts")
    with op.batch_alter_table('player_lines', schema=None) as batch_op:
        batch_op.add_column(sa.Column('start_points', sa.Integer(), nullable=False,
                                      server_default='0'))
        batch_op.add_column(sa.Column('worst_at', sa.DateTime(), nullable=True))
        for part in ROUND:
            batch_op.add_column(sa.Column(f'best_{part}', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('best_at', sa.DateTime(), nullable=True))


def downgrade():
    op.execute("DELETE FROM player_line_sizes")
    op.execute("DELETE FROM player_lines")
    op.execute("DELETE FROM game_facts")
    with op.batch_alter_table('player_lines', schema=None) as batch_op:
        batch_op.drop_column('best_at')
        for part in reversed(ROUND):
            batch_op.drop_column(f'best_{part}')
        batch_op.drop_column('worst_at')
        batch_op.drop_column('start_points')
