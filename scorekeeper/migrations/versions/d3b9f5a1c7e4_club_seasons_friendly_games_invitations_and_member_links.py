"""A club's seasons, friendly games, invitations and members' own links:
``club_seasons`` (the evenings between two dates and the league table's
rule); ``friendly`` on an evening and on a club's game (counts in no rating
and no league table); ``club_invitations`` (an evening announced ahead) and
``club_answers`` (who is coming); and on ``club_links`` the ``member`` a
member's link is for and the ``device`` that claimed it. Every stored row
keeps its meaning: no evening or game is friendly, no link a member's.

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
    op.create_table(
        'club_invitations',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('club_id', sa.Integer(), nullable=False),
        sa.Column('public_id', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('starts_at', sa.DateTime(), nullable=False),
        sa.Column('sizes', sa.JSON(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['event_id'], ['club_events.id'], ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('public_id'),
    )
    op.create_index('ix_club_invitations_club_id', 'club_invitations', ['club_id'])
    op.create_table(
        'club_answers',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('invitation_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('key', sa.String(length=80), nullable=False),
        sa.Column('answer', sa.String(length=5), nullable=False),
        sa.Column('answered_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['invitation_id'], ['club_invitations.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('invitation_id', 'key'),
    )
    op.create_index('ix_club_answers_invitation_id', 'club_answers', ['invitation_id'])
    with op.batch_alter_table('club_links', schema=None) as batch_op:
        batch_op.add_column(sa.Column('member', sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column('device', sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column('claimed_at', sa.DateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table('club_links', schema=None) as batch_op:
        batch_op.drop_column('claimed_at')
        batch_op.drop_column('device')
        batch_op.drop_column('member')
    op.drop_index('ix_club_answers_invitation_id', table_name='club_answers')
    op.drop_table('club_answers')
    op.drop_index('ix_club_invitations_club_id', table_name='club_invitations')
    op.drop_table('club_invitations')
    for table in ('club_games', 'club_events'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('friendly')
    op.drop_index('ix_club_seasons_club_id', table_name='club_seasons')
    op.drop_table('club_seasons')
