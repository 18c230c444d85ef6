"""Score sheets kept with an account, and their read-only links (``docs/sheet.md``).

Every sheet is loaded by the Python model (:func:`cardtable.sheet.load_sheet`) before
it is kept, so the server keeps only sheets the rules accept, in the model's own
form, and returns the results the model computes. A sheet is its owner's alone; a
read-only link's unguessable token reads that one sheet and nothing else.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Final

from fastapi import APIRouter, FastAPI, Query, Request
from pydantic import BaseModel, Field
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from cardtable.server.auth import CurrentUser, client_address, service_of
from cardtable.server.protocol import ServerError
from cardtable.server.schemas import ERRORS
from cardtable.server.store import SheetRow, UserRow, new_id
from cardtable.sheet import SheetError, load_sheet

__all__ = ["MAX_SHEETS", "mount_sheets"]

MAX_SHEETS: Final[int] = 200
"""The most sheets one account keeps."""
SHARE_PATH: Final[str] = "/sheet#shared="
"""The browser page that follows a shared sheet (the token in the fragment never
reaches a server)."""


class SheetIn(BaseModel):
    """A sheet to keep, and the revision the client last saw (optional)."""

    sheet: dict[str, Any]
    revision: int | None = Field(default=None, ge=0)


def _account(user: UserRow) -> UserRow:
    if user.kind != "account":
        raise ServerError(
            "account_needed",
            "keeping sheets on the server needs an account (sign up or log in); "
            "without one the sheet stays in this browser",
            403,
        )
    return user


async def _checked(data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The sheet in the model's form and its computed summary; ``bad_sheet`` if refused."""
    try:
        sheet = await asyncio.to_thread(load_sheet, data)
    except SheetError as error:
        raise ServerError("bad_sheet", f"{error.code}: {error.message}") from None
    return sheet.to_dict(), sheet.summary()


async def _view(row: SheetRow, summary: dict[str, Any] | None = None) -> dict[str, Any]:
    if summary is None:
        summary = (await asyncio.to_thread(load_sheet, row.data)).summary()
    return {
        "id": row.id,
        "revision": row.revision,
        "updated": row.updated_at,
        "sheet": row.data,
        "summary": summary,
        "share": row.share_token,
    }


def _owned(s: Session, owner: str, sheet_id: str, lock: bool = False) -> SheetRow:
    """The sheet ``sheet_id`` of ``owner``; ``not_found`` for any other."""
    row = s.get(SheetRow, sheet_id, with_for_update=lock)
    if row is None or row.owner_id != owner:
        raise ServerError("not_found", "no such sheet (or not yours)", 404)
    return row


class Sheets:
    """The database side: every call runs on the service's database thread."""

    def __init__(self, request: Request) -> None:
        self.service = service_of(request)

    async def run(self, fn: Any, *args: Any) -> Any:
        return await self.service.db(fn, *args)

    def of_owner(self, owner: str) -> list[dict[str, Any]]:
        with self.service.store.session() as s:
            rows = s.scalars(
                select(SheetRow)
                .where(SheetRow.owner_id == owner)
                .order_by(SheetRow.updated_at.desc())
            ).all()
            return [
                {
                    "id": r.id,
                    "game": r.game,
                    "title": r.title,
                    "revision": r.revision,
                    "updated": r.updated_at,
                    "shared": r.share_token is not None,
                }
                for r in rows
            ]

    def create(self, owner: str, data: dict[str, Any]) -> SheetRow:
        with self.service.store.session() as s:
            count = s.scalar(select(func.count()).where(SheetRow.owner_id == owner)) or 0
            if count >= MAX_SHEETS:
                raise ServerError(
                    "too_many_sheets",
                    f"an account keeps at most {MAX_SHEETS} sheets: delete one first",
                    409,
                )
            row = SheetRow(
                id=new_id(8),
                owner_id=owner,
                game=data["game"],
                title=data["title"],
                data=data,
                revision=1,
                updated_at=time.time(),
                share_token=None,
            )
            s.add(row)
            return row

    def get(self, owner: str, sheet_id: str) -> SheetRow:
        with self.service.store.session() as s:
            return _owned(s, owner, sheet_id)

    def replace(
        self, owner: str, sheet_id: str, data: dict[str, Any], revision: int | None
    ) -> SheetRow:
        with self.service.store.session() as s:
            row = _owned(s, owner, sheet_id, lock=True)
            if revision is not None and revision != row.revision:
                raise ServerError(
                    "conflict",
                    f"the sheet changed since revision {revision}: it is at {row.revision}",
                    409,
                )
            row.data, row.game, row.title = data, data["game"], data["title"]
            row.revision += 1
            row.updated_at = time.time()
            return row

    def delete(self, owner: str, sheet_id: str) -> None:
        with self.service.store.session() as s:
            row = _owned(s, owner, sheet_id)
            s.delete(row)

    def share(self, owner: str, sheet_id: str, on: bool) -> str | None:
        with self.service.store.session() as s:
            row = _owned(s, owner, sheet_id, lock=True)
            if not on:
                row.share_token = None
            elif row.share_token is None:
                row.share_token = new_id(24)
            return row.share_token

    def shared(self, token: str) -> SheetRow:
        with self.service.store.session() as s:
            row = s.scalars(select(SheetRow).where(SheetRow.share_token == token)).first()
            if row is None:
                raise ServerError("not_found", "no such shared sheet (the link was revoked?)", 404)
            return row


def mount_sheets(app: FastAPI) -> None:
    """Add the ``/api/sheets`` endpoints to ``app`` (one ``APIRouter``)."""
    router = APIRouter(tags=["sheets"], responses=ERRORS)

    @router.get("/api/sheets")
    async def list_sheets(request: Request, user: CurrentUser) -> dict[str, Any]:
        sheets = Sheets(request)
        return {"sheets": await sheets.run(sheets.of_owner, _account(user).id)}

    @router.post("/api/sheets")
    async def create_sheet(body: SheetIn, request: Request, user: CurrentUser) -> dict[str, Any]:
        owner = _account(user).id
        await service_of(request).limits.hit("sheet", owner)
        data, summary = await _checked(body.sheet)
        sheets = Sheets(request)
        return await _view(await sheets.run(sheets.create, owner, data), summary)

    @router.get("/api/sheets/shared/{token}")
    async def shared_sheet(
        token: str, request: Request, since: int | None = Query(default=None, ge=0)
    ) -> dict[str, Any]:
        await service_of(request).limits.hit("sheet_shared", client_address(request))
        sheets = Sheets(request)
        row: SheetRow = await sheets.run(sheets.shared, token)
        if since is not None and since == row.revision:
            return {"revision": row.revision, "changed": False}
        view = await _view(row)
        del view["share"], view["id"]
        return view

    @router.get("/api/sheets/{sheet_id}")
    async def get_sheet(sheet_id: str, request: Request, user: CurrentUser) -> dict[str, Any]:
        sheets = Sheets(request)
        return await _view(await sheets.run(sheets.get, _account(user).id, sheet_id))

    @router.put("/api/sheets/{sheet_id}")
    async def put_sheet(
        sheet_id: str, body: SheetIn, request: Request, user: CurrentUser
    ) -> dict[str, Any]:
        owner = _account(user).id
        await service_of(request).limits.hit("sheet", owner)
        data, summary = await _checked(body.sheet)
        sheets = Sheets(request)
        row = await sheets.run(sheets.replace, owner, sheet_id, data, body.revision)
        return await _view(row, summary)

    @router.delete("/api/sheets/{sheet_id}")
    async def delete_sheet(sheet_id: str, request: Request, user: CurrentUser) -> dict[str, Any]:
        sheets = Sheets(request)
        await sheets.run(sheets.delete, _account(user).id, sheet_id)
        return {"ok": True}

    @router.post("/api/sheets/{sheet_id}/share")
    async def share_sheet(sheet_id: str, request: Request, user: CurrentUser) -> dict[str, Any]:
        sheets = Sheets(request)
        token = await sheets.run(sheets.share, _account(user).id, sheet_id, True)
        return {"token": token, "path": f"{SHARE_PATH}{token}"}

    @router.delete("/api/sheets/{sheet_id}/share")
    async def unshare_sheet(sheet_id: str, request: Request, user: CurrentUser) -> dict[str, Any]:
        sheets = Sheets(request)
        await sheets.run(sheets.share, _account(user).id, sheet_id, False)
        return {"ok": True}

    app.include_router(router)
