"""Names keep their letters, and head to head is decided by the rounds played together

A name is compared by case and Unicode form only: "Märt" and "Mart" are two
people (before, accents were set aside and they were one). The keys stored
with a club's members are computed again the new way. The statistics' kept
lines are derived data (folded again from the changes whenever they are
stale): this migration empties them, and the first statistics page folds the
finished games again, with the new keys and with the new ``player_pairs``:
how each player fared against each other, over the rounds both played.

Revision ID: a9d4e6f2b7c1
Revises: f1c9a7e3b5d2
Create Date: 2026-12-06 09:00:00

"""
import unicodedata

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a9d4e6f2b7c1'
down_revision = 'f1c9a7e3b5d2'
branch_labels = None
depends_on = None

#: The letters the old key spelled plainly although Unicode does not split them.
_PLAIN = str.maketrans({
    "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss",
    "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ı": "i",
})


def new_key(name):
    """The key as this revision compares names (frozen here: the code's may change)."""
    folded = " ".join(unicodedata.normalize("NFC", name).split()).casefold()
    return unicodedata.normalize("NFC", folded)


def old_key(name):
    """The key before this revision: case, accents and spaces aside."""
    decomposed = unicodedata.normalize("NFKD", " ".join(name.split()).casefold().translate(_PLAIN))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _empty_kept_lines():
    for table in ("player_line_sizes", "player_lines", "game_facts"):
        op.execute(f"DELETE FROM {table}")


def upgrade():
    connection = op.get_bind()
    members = connection.execute(sa.text("SELECT id, name FROM club_members")).all()
    for member_id, name in members:  # finer keys than before: no two members meet
        connection.execute(sa.text("UPDATE club_members SET key = :key WHERE id = :id"),
                           {"key": new_key(name), "id": member_id})
    _empty_kept_lines()
    op.create_table(
        'player_pairs',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('key', sa.String(length=80), nullable=False),
        sa.Column('other', sa.String(length=40), nullable=False),
        sa.Column('other_key', sa.String(length=80), nullable=False),
        sa.Column('outcome', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['games.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_player_pairs_game_key', 'player_pairs', ['game_id', 'key'])


def downgrade():
    op.drop_index('ix_player_pairs_game_key', table_name='player_pairs')
    op.drop_table('player_pairs')
    _empty_kept_lines()
    connection = op.get_bind()
    members = connection.execute(sa.text(
        "SELECT id, club_id, name FROM club_members ORDER BY id")).all()
    kept, seen = {}, set()
    for member_id, club_id, name in members:
        if (club_id, old_key(name)) in seen:  # "Märt" beside "Mart": one member again
            connection.execute(sa.text("DELETE FROM club_members WHERE id = :id"),
                               {"id": member_id})
        else:
            kept[member_id] = (club_id, old_key(name))
            seen.add(kept[member_id])
    for member_id, (_club_id, key) in kept.items():  # (the doubles gone: no key meets another)
        connection.execute(sa.text("UPDATE club_members SET key = :key WHERE id = :id"),
                           {"key": key, "id": member_id})
