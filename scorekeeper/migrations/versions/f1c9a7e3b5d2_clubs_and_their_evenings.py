"""Clubs and their evenings: a club with its organiser and viewer links, its
members and their renames and merges, its evenings with their parts and
seatings, and which games are the club's. New tables only: every stored
game stays as it was (a game of no club).

Revision ID: f1c9a7e3b5d2
Revises: e5b2d7c9a1f3
Create Date: 2026-12-04 19:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = 'f1c9a7e3b5d2'
down_revision = 'e5b2d7c9a1f3'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'clubs',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('public_id', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('public_id'),
    )
    op.create_table(
        'club_links',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('club_id', sa.Integer(), nullable=False),
        sa.Column('token', sa.String(length=32), nullable=False),
        sa.Column('role', sa.String(length=10), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('replaced_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('token'),
    )
    op.create_index('ix_club_links_club_id', 'club_links', ['club_id'])
    op.create_table(
        'club_members',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('club_id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('key', sa.String(length=80), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('club_id', 'key'),
    )
    op.create_index('ix_club_members_club_id', 'club_members', ['club_id'])
    op.create_table(
        'club_roster_changes',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('club_id', sa.Integer(), nullable=False),
        sa.Column('seq', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=10), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=True),
        sa.Column('to', sa.String(length=40), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('club_id', 'seq'),
    )
    op.create_index('ix_club_roster_changes_club_id', 'club_roster_changes', ['club_id'])
    op.create_table(
        'club_events',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('club_id', sa.Integer(), nullable=False),
        sa.Column('public_id', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('players', sa.JSON(), nullable=False),
        sa.Column('preset', sa.String(length=40), nullable=False),
        sa.Column('ruleset', sa.JSON(), nullable=False),
        sa.Column('sizes', sa.JSON(), nullable=False),
        sa.Column('rule', sa.String(length=10), nullable=False),
        sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('public_id'),
    )
    op.create_index('ix_club_events_club_id', 'club_events', ['club_id'])
    op.create_table(
        'event_parts',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('method', sa.String(length=20), nullable=False),
        sa.Column('seed', sa.Integer(), nullable=False),
        sa.Column('seating', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('started_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['event_id'], ['club_events.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('event_id', 'number'),
    )
    op.create_index('ix_event_parts_event_id', 'event_parts', ['event_id'])
    op.create_table(
        'club_games',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('club_id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('part_id', sa.Integer(), nullable=True),
        sa.Column('table', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['part_id'], ['event_parts.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('game_id'),
        sa.UniqueConstraint('part_id', 'table'),
    )
    op.create_index('ix_club_games_club_id', 'club_games', ['club_id'])
    op.create_index('ix_club_games_part_id', 'club_games', ['part_id'])


def downgrade():
    op.drop_index('ix_club_games_part_id', table_name='club_games')
    op.drop_index('ix_club_games_club_id', table_name='club_games')
    op.drop_table('club_games')
    op.drop_index('ix_event_parts_event_id', table_name='event_parts')
    op.drop_table('event_parts')
    op.drop_index('ix_club_events_club_id', table_name='club_events')
    op.drop_table('club_events')
    op.drop_index('ix_club_roster_changes_club_id', table_name='club_roster_changes')
    op.drop_table('club_roster_changes')
    op.drop_index('ix_club_members_club_id', table_name='club_members')
    op.drop_table('club_members')
    op.drop_index('ix_club_links_club_id', table_name='club_links')
    op.drop_table('club_links')
    op.drop_table('clubs')
