"""The statistics added up in SQL: bids made by hand size in rows of their own,
the lines found through their game and knowing its scoring, the kept facts
dated by the game's version

The kept lines are derived data (folded again from the changes whenever they
are stale): this migration empties them, and the first statistics page of a
device folds its finished games again.

Revision ID: c4f2a9d1e8b3
Revises: b7e41f0c2d15
Create Date: 2026-12-02 01:30:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c4f2a9d1e8b3'
down_revision = 'b7e41f0c2d15'
branch_labels = None
depends_on = None


def upgrade():
    op.execute("DELETE FROM player_lines")
    op.execute("DELETE FROM game_facts")  # their version was a change number, now the game's
    op.create_table('player_line_sizes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(length=80), nullable=False),
    sa.Column('cards', sa.Integer(), nullable=False),
    sa.Column('made', sa.Integer(), nullable=False),
    sa.Column('rounds', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('player_line_sizes', schema=None) as batch_op:
        batch_op.create_index('ix_player_line_sizes_game_key',
                              ['game_id', 'key', 'cards', 'made', 'rounds'], unique=False)
    with op.batch_alter_table('game_facts', schema=None) as batch_op:
        batch_op.drop_column('lowest_wins')
    with op.batch_alter_table('player_lines', schema=None) as batch_op:
        batch_op.drop_index('ix_player_lines_key')
        batch_op.drop_index('ix_player_lines_game_id')
        batch_op.drop_column('sizes')
        batch_op.add_column(sa.Column('lowest_wins', sa.Boolean(), nullable=False))
        batch_op.create_index('ix_player_lines_game_key', ['game_id', 'key', 'name', 'rank'],
                              unique=False)


def downgrade():
    op.execute("DELETE FROM player_lines")
    op.execute("DELETE FROM game_facts")
    with op.batch_alter_table('player_lines', schema=None) as batch_op:
        batch_op.drop_index('ix_player_lines_game_key')
        batch_op.drop_column('lowest_wins')
        batch_op.add_column(sa.Column('sizes', sa.String(length=400), nullable=False))
        batch_op.create_index('ix_player_lines_game_id', ['game_id'], unique=False)
        batch_op.create_index('ix_player_lines_key', ['key'], unique=False)
    with op.batch_alter_table('game_facts', schema=None) as batch_op:
        batch_op.add_column(sa.Column('lowest_wins', sa.Boolean(), nullable=False))
    with op.batch_alter_table('player_line_sizes', schema=None) as batch_op:
        batch_op.drop_index('ix_player_line_sizes_game_key')
    op.drop_table('player_line_sizes')
