"""A club's seasons and friendly games: ``club_seasons`` (the evenings
between two dates and the league table's rule), and ``friendly`` on an
evening and on a club's game (counts in no rating and no league table).
Every stored evening and game keeps its meaning: none is friendly.

Revision ID: d3b9f5a1c7e4
Revises: c2e8f4a6d1b9
Create Date: 2026-12-06 11:20:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'd3b9f5a1c7e4'
down_revision = 'c2e8f4a6d1b9'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'club_seasons',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('club_id', sa.Integer(), nullable=False),
        sa.Column('public_id', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('starts', sa.Date(), nullable=False),
        sa.Column('ends', sa.Date(), nullable=False),
        sa.Column('rule', sa.String(length=10), nullable=False),
        sa.Column('evenings', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('public_id'),
    )
    op.create_index('ix_club_seasons_club_id', 'club_seasons', ['club_id'])
    for table in ('club_events', 'club_games'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('friendly', sa.Boolean(), nullable=False,
                                          server_default=sa.false()))


def downgrade():
    for table in ('club_games', 'club_events'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('friendly')
    op.drop_index('ix_club_seasons_club_id', table_name='club_seasons')
    op.drop_table('club_seasons')
