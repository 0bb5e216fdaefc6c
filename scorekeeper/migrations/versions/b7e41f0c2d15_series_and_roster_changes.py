"""Games in a series ("Play again"), a device's renames and merges of its players, and
the kept facts of finished games for the statistics

Revision ID: b7e41f0c2d15
Revises: b7e3c1d2f4a6
Create Date: 2026-12-01 23:40:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b7e41f0c2d15'
down_revision = 'b7e3c1d2f4a6'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('roster_changes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('device', sa.String(length=32), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=True),
    sa.Column('to', sa.String(length=40), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('device', 'seq')
    )
    with op.batch_alter_table('roster_changes', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_roster_changes_device'), ['device'], unique=False)

    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('series', sa.String(length=32), nullable=True))
        batch_op.create_index(batch_op.f('ix_games_series'), ['series'], unique=False)
    op.create_table('game_facts',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('lowest_wins', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id')
    )
    op.create_table('player_lines',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('key', sa.String(length=80), nullable=False),
    sa.Column('total', sa.Integer(), nullable=False),
    sa.Column('rank', sa.Integer(), nullable=False),
    sa.Column('shared', sa.Boolean(), nullable=False),
    sa.Column('rounds', sa.Integer(), nullable=False),
    sa.Column('made', sa.Integer(), nullable=False),
    sa.Column('sizes', sa.String(length=400), nullable=False),
    sa.Column('zero_made', sa.Integer(), nullable=False),
    sa.Column('zero_bids', sa.Integer(), nullable=False),
    sa.Column('diff', sa.Integer(), nullable=False),
    sa.Column('run_first', sa.Integer(), nullable=False),
    sa.Column('run_last', sa.Integer(), nullable=False),
    sa.Column('run_best', sa.Integer(), nullable=False),
    sa.Column('run_all', sa.Boolean(), nullable=False),
    sa.Column('worst_points', sa.Integer(), nullable=True),
    sa.Column('worst_round', sa.Integer(), nullable=True),
    sa.Column('worst_cards', sa.Integer(), nullable=True),
    sa.Column('worst_bid', sa.Integer(), nullable=True),
    sa.Column('worst_tricks', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('player_lines', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_player_lines_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_player_lines_key'), ['key'], unique=False)


def downgrade():
    with op.batch_alter_table('player_lines', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_player_lines_key'))
        batch_op.drop_index(batch_op.f('ix_player_lines_game_id'))
    op.drop_table('player_lines')
    op.drop_table('game_facts')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_games_series'))
        batch_op.drop_column('series')
    with op.batch_alter_table('roster_changes', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_roster_changes_device'))
    op.drop_table('roster_changes')
