"""Tables: their seats, the lobby, and the chat said at them."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import (
    func,
    or_,
    select,
    update,
)

from cardtable.server.store.database import Repository
from cardtable.server.store.models import INVITE_SEAT, ChatRow, SeatRow, TableRow


class TableRepository(Repository):
    """Tables, their seats and their chat."""

    def tables_of(self, user_id: str) -> list[TableRow]:
        """Tables where ``user_id`` holds (or is invited to) a seat and a game waits
        or is played."""
        with self.session() as s:
            return list(
                s.scalars(
                    select(TableRow)
                    .where(
                        TableRow.id.in_(
                            select(SeatRow.table_id).where(
                                or_(SeatRow.user_id == user_id, SeatRow.reserved_for == user_id)
                            )
                        ),
                        TableRow.status.in_(("waiting", "playing")),
                    )
                    .order_by(TableRow.created_at.desc())
                    .limit(100)
                )
            )

    def tables_owned(self, owner_id: str) -> list[str]:
        """The ids of the tables ``owner_id`` owns that are not closed."""
        with self.session() as s:
            return list(
                s.scalars(
                    select(TableRow.id).where(
                        TableRow.owner_id == owner_id, TableRow.status != "closed"
                    )
                )
            )

    def open_tables_of(self, owner_id: str) -> int:
        """How many tables ``owner_id`` owns that wait for players or are played."""
        with self.session() as s:
            count = s.scalar(
                select(func.count())
                .select_from(TableRow)
                .where(TableRow.owner_id == owner_id, TableRow.status.in_(("waiting", "playing")))
            )
            return int(count or 0)

    def create_table(self, table: TableRow, seats: Sequence[SeatRow]) -> None:
        """Store a new table with its seats."""
        with self.session() as s:
            s.add(table)
            s.flush()
            s.add_all(seats)

    def table(self, table_id: str) -> tuple[TableRow, list[SeatRow]] | None:
        """A table and its seats in order."""
        with self.session() as s:
            table = s.get(TableRow, table_id)
            if table is None:
                return None
            seats = s.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            )
            return table, list(seats)

    def lobby(self, status: str = "waiting") -> list[tuple[TableRow, list[SeatRow]]]:
        """Public tables that wait for players (or, with ``status="playing"``, whose
        game is being played), newest first, with their seats."""
        with self.session() as s:
            tables = list(
                s.scalars(
                    select(TableRow)
                    .where(TableRow.public.is_(True), TableRow.status == status)
                    .order_by(TableRow.created_at.desc())
                    .limit(100)
                )
            )
            out = []
            for table in tables:
                seats = s.scalars(
                    select(SeatRow).where(SeatRow.table_id == table.id).order_by(SeatRow.seat)
                )
                out.append((table, list(seats)))
            return out

    def take_seat(self, table_id: str, seat: int, user_id: str, invited: bool = False) -> bool:
        """Give an empty seat to ``user_id``: a human seat reserved for nobody, any
        seat reserved for ``user_id``, or (``invited``: the caller showed the table's
        invite) a seat kept for the invite's holders. False if it is not free."""
        kept = [user_id, INVITE_SEAT] if invited else [user_id]
        with self.session() as s:
            result = s.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.user_id.is_(None),
                    or_(
                        (SeatRow.kind == "human") & SeatRow.reserved_for.is_(None),
                        SeatRow.reserved_for.in_(kept),
                    ),
                )
                .values(user_id=user_id)
            )
            return bool(result.rowcount)  # type: ignore[attr-defined]

    def set_seat(self, seat: SeatRow) -> None:
        """Store who sits at a seat now: its kind, user, bot level and reservation
        (a player left, or the owner gave the seat to a bot or freed it)."""
        with self.session() as s:
            s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == seat.table_id, SeatRow.seat == seat.seat)
                .values(
                    kind=seat.kind,
                    user_id=seat.user_id,
                    bot_level=seat.bot_level,
                    reserved_for=seat.reserved_for,
                )
            )

    def close_table(self, table_id: str) -> bool:
        """Close a table no game is played at (its owner deleted it): it leaves the
        lobby and takes no players; its finished games stay. False if a game is
        being played there (or it is closed already)."""
        with self.session() as s:
            moved = s.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status.in_(("waiting", "finished")))
                .values(status="closed")
            )
            return bool(moved.rowcount)  # type: ignore[attr-defined]

    def set_seat_user(self, table_id: str, seat: int, user_id: str) -> None:
        """Attach ``user_id`` to a seat (an external bot's user)."""
        with self.session() as s:
            s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(user_id=user_id)
            )

    def unfinished_tables(self) -> list[str]:
        """The ids of tables with a game in play."""
        with self.session() as s:
            return list(s.scalars(select(TableRow.id).where(TableRow.status == "playing")))

    def add_chat(self, table_id: str, user_id: str, name: str, text: str, channel: str) -> int:
        """Store a chat line said in ``channel``; returns its id."""
        with self.session() as s:
            row = ChatRow(table_id=table_id, user_id=user_id, name=name, text=text, channel=channel)
            s.add(row)
            s.flush()
            return row.id

    def chat_history(self, table_id: str, limit: int) -> list[ChatRow]:
        """The last ``limit`` chat lines of a table (of every room), oldest first."""
        with self.session() as s:
            rows = s.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id)
                .order_by(ChatRow.id.desc())
                .limit(limit)
            )
            return list(reversed(list(rows)))
