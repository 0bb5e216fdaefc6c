"""Games in a series: the games a table played one after the other ("Play again")

Revision ID: b7e41f0c2d15
Revises: 2ac15e7aa33c
Create Date: 2026-12-01 23:40:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b7e41f0c2d15'
down_revision = '2ac15e7aa33c'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('series', sa.String(length=32), nullable=True))
        batch_op.create_index(batch_op.f('ix_games_series'), ['series'], unique=False)


def downgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_games_series'))
        batch_op.drop_column('series')
